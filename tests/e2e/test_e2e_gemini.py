"""Whole agent turns against native Gemini: the editor <-> cursord <-> the fake Gemini server, which refuses
what Gemini refuses (a function call of the current turn without its thought signature, a tool schema outside
Gemini's subset), over HTTP/2 and HTTP/1.1."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_gemini import open_fake_gemini
from cursord.testing.fake_providers import Reply
from cursord.testing.provider_streams import gemini_calls, gemini_text, gemini_usage

MODEL = "gemini-3-pro-preview"
FILES = {"/w/a.py": "def main():\n    pass", "/w/b.py": "def helper():\n    return 1"}
THOUGHTS = "**Reading both files** I need a.py and b.py."
ANSWER = "a.py defines main(); b.py defines helper()."


def read_answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    if not message.exec_server_message.HasField("read_args"):
        return []
    path = message.exec_server_message.read_args.path
    content = FILES[path]
    success = agent.ReadSuccess(path=path, content=content, total_lines=content.count("\n") + 1)
    return [exec_reply(message, read_result=agent.ReadResult(success=success))]


def thinking_turn_replies() -> list[Reply]:
    calls = [("Read", {"path": "/w/a.py"}), ("Read", {"path": "/w/b.py"})]
    return [
        Reply.sse(gemini_calls(calls, thoughts=THOUGHTS, signature="sig-step-1", usage=gemini_usage(500, 30, 40))),
        Reply.sse(gemini_text(ANSWER, usage=gemini_usage(prompt=700, candidates=12, cached=480))),
    ]


@pytest.mark.parametrize("http2", [True, False], ids=["http2", "http1"])
async def test_thinking_turn_with_two_tool_calls(autojump_clock: Any, http2: bool) -> None:
    async with open_fake_gemini(*thinking_turn_replies(), api_key="sk-test-key-0123456789") as fake:
        spec = spec_for(fake, ProviderKind.GEMINI, MODEL, prefix="/v1beta")
        async with agent_daemon(spec) as (daemon, _), daemon.editor(http2=http2) as editor:
            await editor.append("r1", run_request("what do a.py and b.py define?", model=MODEL))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, read_answer)
    assert fake.refused == []  # the whole editor tool set passed Gemini's schema rules, the signature came back
    assert transcript.error is None
    assert transcript.thinking == THOUGHTS
    assert transcript.text == ANSWER
    reads = [m.exec_server_message.read_args.path for m in transcript.of("exec_server_message")]
    assert sorted(reads) == ["/w/a.py", "/w/b.py"]
    (ended,) = transcript.updates("turn_ended")
    assert (ended.turn_ended.input_tokens, ended.turn_ended.output_tokens) == (500 + 700, 30 + 40 + 12)

    first, second = fake.requests
    assert first.path == f"/v1beta/models/{MODEL}:streamGenerateContent?alt=sse"
    assert first.json["generationConfig"]["thinkingConfig"]["includeThoughts"] is True
    assert {d["name"] for d in first.json["tools"][0]["functionDeclarations"]} >= {"Read", "Write", "Shell"}
    model_turn = second.json["contents"][-2]
    assert model_turn["role"] == "model"
    signed, unsigned = model_turn["parts"]
    assert signed["thoughtSignature"] == "sig-step-1" and signed["functionCall"]["args"] == {"path": "/w/a.py"}
    assert "thoughtSignature" not in unsigned
    results = second.json["contents"][-1]["parts"]
    assert [r["functionResponse"]["name"] for r in results] == ["Read", "Read"]
    assert "def main()" in json.dumps(results[0]) and "def helper()" in json.dumps(results[1])
    # the second pass extends the first one's body: the prefix implicit caching needs stays the same
    assert second.json["systemInstruction"] == first.json["systemInstruction"]
    assert second.json["tools"] == first.json["tools"]
    assert second.json["contents"][: len(first.json["contents"])] == first.json["contents"]
