"""Load: many concurrent conversations, each a whole agent turn with one tool call, and no cross-talk.

Every conversation has its own model, provider (a loopback fake) and markers in everything it says, so
a message that reached the wrong stream, a tool result given to the wrong turn or a history entry in the
wrong conversation shows up as a foreign marker. The daemon runs in memory on the real clock: nothing
here is about time, and under load a MockClock could jump while loopback bytes are still in the kernel.
The providers share one httpx client, as under `cursord serve` (`served_daemon`); at the full 500 the
passes queue for that client's 100-connection pool for more than 10 s and fail `PoolTimeout` today,
the bug pinned in test_load_pool.py.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import trio

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Role, TextPart, ToolCallPart, ToolResultPart
from cursord.testing.agent import Transcript, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call
from cursord.testing.harness import RunningDaemon
from cursord.testing.load import open_fake_providers, served_daemon, sized

pytestmark = pytest.mark.load

CONVERSATIONS = sized(500, floor=20)
MARKER = re.compile(r"marker-(\d+)-")


def marker(i: int) -> str:
    return f"marker-{i}-"


def script(i: int) -> list[Reply]:
    read = chat_tool_call(f"call-{i}", "Read", json.dumps({"path": f"/w/{marker(i)}file.py"}))
    return [Reply.sse(read), Reply.sse(chat_text(f"File {i} holds {marker(i)}secret, as asked."))]


def foreign_markers(i: int, value: Any) -> set[str]:
    return {m for m in MARKER.findall(json.dumps(value)) if m != str(i)}


class Barrier:
    """All conversations are open (run uploaded, RunSSE attached) before any of them reads on."""

    def __init__(self, parties: int) -> None:
        self.waiting = parties
        self.all_in = trio.Event()

    async def arrive(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.all_in.set()
        await self.all_in.wait()


async def conversation(daemon: RunningDaemon, i: int, barrier: Barrier, out: dict[int, Transcript]) -> None:
    request_id = f"req-{i}"

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if not message.exec_server_message.HasField("read_args"):
            return []
        path = message.exec_server_message.read_args.path
        content = f"{marker(i)}secret = {i}\n"
        success = agent.ReadSuccess(path=path, content=content, total_lines=1)
        return [exec_reply(message, read_result=agent.ReadResult(success=success))]

    async with daemon.editor(http2=i % 2 == 0) as editor:
        text = f"What is in {marker(i)}file.py?"
        await editor.append(request_id, run_request(text, model=f"model-{i}", conversation_id=f"conv-{i}"))
        async with editor.run_sse(request_id) as reader:
            await barrier.arrive()
            out[i] = await drive(editor, request_id, reader, answer)


async def test_concurrent_conversations_with_a_tool_call_each() -> None:
    n = CONVERSATIONS
    async with open_fake_providers([script(i) for i in range(n)]) as fakes:
        specs = [
            spec_for(fake, ProviderKind.OPENAI_CHAT, f"model-{i}", name=f"provider-{i}") for i, fake in enumerate(fakes)
        ]
        transcripts: dict[int, Transcript] = {}
        barrier = Barrier(n)
        async with served_daemon(*specs) as (daemon, services):
            with trio.fail_after(30 + n * 0.2):
                async with trio.open_nursery() as nursery:
                    for i in range(n):
                        nursery.start_soon(conversation, daemon, i, barrier, transcripts)
            history = {i: await services.history.load(f"conv-{i}") for i in range(n)}

    assert sorted(transcripts) == list(range(n))
    for i in range(n):
        transcript = transcripts[i]
        assert transcript.error is None, (i, transcript.error)
        assert transcript.text == f"File {i} holds {marker(i)}secret, as asked."
        assert transcript.kinds()[-1] == "interaction_update.turn_ended"
        execs = transcript.of("exec_server_message")
        assert [m.exec_server_message.read_args.path for m in execs] == [f"/w/{marker(i)}file.py"]
        assert execs[0].exec_server_message.exec_id == f"req-{i}:1:call-{i}"
        assert len(transcript.updates("tool_call_started")) == len(transcript.updates("tool_call_completed")) == 1
        assert not foreign_markers(i, [m.SerializeToString().decode("utf-8", "replace") for m in transcript.messages])

        fake = fakes[i]
        assert len(fake.requests) == 2 and fake.unexpected == 0
        assert all(r.completed for r in fake.requests)
        assert all(r.json["model"] == f"model-{i}" for r in fake.requests)
        assert not foreign_markers(i, [r.json for r in fake.requests])
        tool_messages = [m for m in fake.requests[1].json["messages"] if m["role"] == "tool"]
        assert [m["tool_call_id"] for m in tool_messages] == [f"call-{i}"]
        assert f"{marker(i)}secret = {i}" in tool_messages[0]["content"]

        user, call, result, reply = history[i]
        assert user.role is Role.USER and user.text() == f"What is in {marker(i)}file.py?"
        assert call.role is Role.ASSISTANT and [type(p) for p in call.parts] == [ToolCallPart]
        assert isinstance(result.parts[0], ToolResultPart) and result.parts[0].tool_call_id == f"call-{i}"
        assert reply.parts == (TextPart(f"File {i} holds {marker(i)}secret, as asked."),)
