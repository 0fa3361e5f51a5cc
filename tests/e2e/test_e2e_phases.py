"""The stream's phase as `cursord status`, the dashboard and the tap hear it, for whole agent turns: read
off the turn's state while it runs, and from how the stream ended once it has."""

from __future__ import annotations

import json
from typing import Any

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import Transcript, agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider

MODEL = "gpt-test"


async def heard_phases(*replies: Reply, answer: Any = None) -> tuple[list[str], Transcript]:
    """The phases the broker's observers heard for one turn, in order, and the turn's transcript."""
    heard: list[str] = []
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
    ):
        daemon.core.broker.observers.append(
            lambda stream, what: heard.append(stream.phase.value) if what == "phase" else None
        )
        async with daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("what is in a.py?", model=MODEL))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, answer)
    return heard, transcript


def read_ok(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    if not message.exec_server_message.HasField("read_args"):
        return []
    success = agent.ReadSuccess(path="/w/a.py", content="x = 1", total_lines=1)
    return [exec_reply(message, read_result=agent.ReadResult(success=success))]


async def test_a_tool_turn_runs_waits_on_the_editor_runs_again_checkpoints_and_completes(autojump_clock: Any) -> None:
    replies = (Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/a.py"}))), Reply.sse(chat_text("x.")))
    heard, transcript = await heard_phases(*replies, answer=read_ok)
    assert transcript.error is None
    assert heard == ["provider_running", "waiting_external", "provider_running", "checkpointing", "completed"]


async def test_a_failed_turn_goes_straight_to_failed(autojump_clock: Any) -> None:
    """A turn that fails writes no checkpoint: observers never hear it checkpointing."""
    reply = Reply.json(401, {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}})
    heard, transcript = await heard_phases(reply)
    assert transcript.error is not None
    assert heard == ["provider_running", "failed"]
