"""Reasoning across turns, and the editor's choice by variant string.

Later turns' history: what a vendor wants kept of an earlier turn's reasoning survives the conversation
store and a daemon restart, and goes back on the next turn.

DeepSeek's thinking mode wants the `reasoning_content` of every tool-call message "in all subsequent
requests" (`cursord.testing.vendor_rules.ChatReasoningRequired`), and a server that streams `reasoning`
(vLLM's spelling) is held to the same rule in its own field: the second turn, run by a fresh daemon on the
same data directory, passes only if the first turn's reasoning was stored with the field it came in. On
the Trio clock, over in-memory HTTP/2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import Transcript, agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import FakeProvider, Reply, chat_text, chat_tool_calls, open_fake_provider
from cursord.testing.vendor_rules import ChatReasoningRequired


def read_ok(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    path = message.exec_server_message.read_args.path
    success = agent.ReadSuccess(path=path, content="x = 1\n", total_lines=1)
    return [exec_reply(message, read_result=agent.ReadResult(success=success))]


def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    return read_ok(message) if message.exec_server_message.HasField("read_args") else []


async def one_turn(fake: FakeProvider, data_dir: Path, model: str, request_id: str, text: str) -> Transcript:
    spec = spec_for(fake, ProviderKind.OPENAI_CHAT, model.partition("?")[0])
    async with agent_daemon(spec, data_dir=str(data_dir)) as (daemon, _), daemon.editor(http2=True) as editor:
        await editor.append(request_id, run_request(text, model=model, conversation_id="conv-think"))
        async with editor.run_sse(request_id) as reader:
            return await drive(editor, request_id, reader, answer)


@pytest.mark.parametrize(("model", "field"), [("deepseek-v4-pro", "reasoning_content"), ("qwen3-next", "reasoning")])
async def test_an_earlier_turns_reasoning_goes_back_after_a_restart(
    model: str, field: str, tmp_path: Path, autojump_clock: Any
) -> None:
    read = ("call_a", "Read", json.dumps({"path": "/w/a.py"}))
    replies = [
        Reply.sse(chat_tool_calls([read], reasoning="Read a.py.", reasoning_field=field)),
        Reply.sse(chat_text("a.py sets x.", reasoning="It sets x.", reasoning_field=field)),
        Reply.sse(chat_text("x is 1.", reasoning="Recall a.py.", reasoning_field=field)),
    ]
    async with open_fake_provider(*replies, rules=[ChatReasoningRequired(field)]) as fake:
        first = await one_turn(fake, tmp_path, model, "t1", "What does a.py do?")
        second = await one_turn(fake, tmp_path, model, "t2", "And x?")  # a new daemon: history from the store
    assert first.error is None and second.error is None, (first.error, second.error)
    assert second.text == "x is 1." and fake.refused == []
    assistants = [m for m in fake.requests[2].json["messages"] if m["role"] == "assistant"]
    assert [(m.get(field), bool(m.get("tool_calls"))) for m in assistants] == [
        ("Read a.py.", True),
        ("It sets x.", False),
    ]


async def test_a_picker_variant_string_runs_its_model_with_its_choice(tmp_path: Path, autojump_clock: Any) -> None:
    """The editor may name the picked variant by its string (`MODEL?reasoning_effort=high`) instead of the model
    id and parameters: the run goes to the model, and the effort to the vendor."""
    async with open_fake_provider(Reply.sse(chat_text("Thought it through."))) as fake:
        transcript = await one_turn(fake, tmp_path, "gpt-5?reasoning_effort=high", "t1", "Think hard.")
    assert transcript.error is None and transcript.text == "Thought it through."
    (request,) = fake.requests
    assert request.json["model"] == "gpt-5" and request.json["reasoning_effort"] == "high"
