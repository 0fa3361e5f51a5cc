"""The editor's own transport (issue 24): a run's uploads numbered from 0, up to 32 in flight overtaking
each other, some retried, on BidiAppend over HTTP/2 and HTTP/1.1 and on the HTTP/2 `Run` path. Every
upload reaches the stream once and in order: a lost tool result would hang the turn (the deadline fails
it), and one delivered twice would run a pass twice (the fake provider counts its requests).

Each of the six failures the issue names has a test here that fails on the sequencer it replaced (or in
`tests/core/test_sequencing.py` for the sans-IO rows, and `tests/e2e/test_restart.py` for the restart).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import trio

from cursord.config import ProviderKind
from cursord.connect import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import Transcript, agent_daemon, drive, exec_reply, shell_events, spec_for
from cursord.testing.editor import (
    EDITOR,
    AppendPattern,
    EditorClient,
    RunSSEReader,
    heartbeat,
    run_request,
    user_message,
)
from cursord.testing.fake_providers import (
    FakeProvider,
    Reply,
    chat_text,
    chat_tool_call,
    chat_tool_calls,
    open_fake_provider,
)

MODEL = "gpt-test"
DEADLINE = 300  # trio seconds (the clock autojumps): a turn that hangs fails here


def read_ok(message: agent.AgentServerMessage, content: str) -> agent.AgentClientMessage:
    path = message.exec_server_message.read_args.path
    success = agent.ReadSuccess(path=path, content=content, total_lines=content.count("\n") + 1)
    return exec_reply(message, read_result=agent.ReadResult(success=success))


def answer_tools(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    request = message.exec_server_message
    if not message.HasField("exec_server_message"):
        return []
    if request.HasField("read_args"):
        return [read_ok(message, f"contents of {request.read_args.path}")]
    if request.HasField("shell_stream_args"):
        return shell_events(message, "out-1\n")
    return []


def resume_run_request() -> agent.AgentClientMessage:
    request = agent.AgentRunRequest(
        conversation_id="conv-queued",
        action=agent.ConversationAction(resume_action=agent.ResumeAction()),
        requested_model=agent.RequestedModel(model_id=MODEL),
    )
    return agent.AgentClientMessage(run_request=request)


def tool_messages(fake: FakeProvider, index: int) -> list[dict[str, Any]]:
    return [m for m in fake.requests[index].json["messages"] if m["role"] == "tool"]


async def bidi_turn(
    fake: FakeProvider, http2: bool, seed: int, text: str = "go", request_id: str = "r1"
) -> Transcript:
    async with (
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
        daemon.editor(http2=http2, pattern=AppendPattern(seed=seed)) as editor,
    ):
        await editor.append(request_id, run_request(text, model=MODEL))
        async with editor.run_sse(request_id) as reader:
            return await drive(editor, request_id, reader, answer_tools)


@pytest.mark.parametrize("http2", [True, False], ids=["h2", "h1"])
@pytest.mark.parametrize("seed", [0, 1, 2])
async def test_a_tool_turn_completes_under_the_editors_sender(autojump_clock: Any, http2: bool, seed: int) -> None:
    """Issue 24, failures 1 and 2: the run_request at seqno 0 and the shell stream's three answers sent
    without waiting for each other (a hang in 9 of 12 runs before)."""
    replies = [
        Reply.sse(chat_tool_call("c1", "Shell", json.dumps({"command": "make"}))),
        Reply.sse(chat_text("It built.")),
    ]
    with trio.fail_after(DEADLINE):
        async with open_fake_provider(*replies) as fake:
            transcript = await bidi_turn(fake, http2, seed)
    assert transcript.error is None, transcript.error
    assert transcript.text == "It built."
    events = [u.shell_output_delta.WhichOneof("event") for u in transcript.updates("shell_output_delta")]
    assert events == ["start", "stdout", "exit"]  # in order, each once
    assert len(fake.requests) == 2
    (tool,) = tool_messages(fake, 1)
    assert tool["content"].count("out-1") == 1


@pytest.mark.parametrize("http2", [True, False], ids=["h2", "h1"])
async def test_several_tool_calls_and_checkpoint_blobs(autojump_clock: Any, http2: bool) -> None:
    calls = [(f"p{n}", "Read", json.dumps({"path": f"/w/{n}.txt"})) for n in range(4)]
    replies = [
        Reply.sse(chat_tool_calls(calls)),
        Reply.sse(chat_tool_call("c5", "Read", json.dumps({"path": "/w/last.txt"}))),
        Reply.sse(chat_text("Read them all.")),
    ]
    with trio.fail_after(DEADLINE):
        async with open_fake_provider(*replies) as fake:
            transcript = await bidi_turn(fake, http2, seed=7)
    assert transcript.error is None and transcript.text == "Read them all."
    assert len(transcript.of("kv_server_message")) >= 1  # checkpoint blobs went out and were answered
    assert len(fake.requests) == 3
    assert [m["tool_call_id"] for m in tool_messages(fake, 1)] == ["p0", "p1", "p2", "p3"]
    assert [m["tool_call_id"] for m in tool_messages(fake, 2)] == ["p0", "p1", "p2", "p3", "c5"]
    assert all(m["content"].count("contents of") == 1 for m in tool_messages(fake, 2))


@pytest.mark.parametrize("path", ["bidi-h2", "bidi-h1", "run"])
async def test_a_queued_message_before_its_resume_reaches_the_run(autojump_clock: Any, path: str) -> None:
    """Issue 24, failure 6: the queued user message and the resume run_request sent together (the run_request
    may overtake it on BidiAppend), or as two frames of one Run (refused `not_found` before)."""
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(Reply.sse(chat_text("Adding tests."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=path != "bidi-h1") as editor,
        ):
            if path == "run":
                async with editor.run("r-queued") as run:
                    await run.send(user_message("also add tests"))
                    await run.send(resume_run_request())
                    reader = await run.reader()
                    transcript = await drive(editor, "r-queued", reader)
            else:
                await editor.append("r-queued", user_message("also add tests"))
                await editor.append("r-queued", resume_run_request())
                async with editor.run_sse("r-queued") as sse:
                    transcript = await drive(editor, "r-queued", sse)
    assert transcript.error is None and transcript.text == "Adding tests."
    (request,) = fake.requests
    assert request.json["messages"][-1] == {"role": "user", "content": "also add tests"}


async def test_a_retried_run_request_after_the_stream_ended_is_not_run_again(autojump_clock: Any) -> None:
    """Issue 24, failure 4: the same seqno 0 and bytes, after the turn ended, is a retry: ACKed, not run."""
    message = run_request("hello", model=MODEL)
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(Reply.sse(chat_text("Hi.")), Reply.sse(chat_text("Hi again."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r1", message, seqno=0)
            async with editor.run_sse("r1") as reader:
                first = await drive(editor, "r1", reader)
            await trio.sleep(5)
            await editor.append("r1", message, seqno=0)  # the editor retries: its ACK was lost
            async with editor.run_sse("r1") as reader:
                replayed = await drive(editor, "r1", reader)
    assert first.text == replayed.text == "Hi."
    assert len(fake.requests) == 1


@pytest.mark.parametrize("second", ["heartbeat", "message"])
async def test_a_run_request_at_seqno_0_that_comes_5_s_after_seqno_1_runs(autojump_clock: Any, second: str) -> None:
    """Issue 38, point 1: the run_request (seqno 0, the run's largest upload) is slow, and seqno 1 (a
    heartbeat, or a message queued for the run) comes 5 s before it. Seqno 1 is taken for a 1-based
    sender's first after 2 s, but seqno 0 is still delivered when it comes: the run runs, with the message.
    Before, seqno 0 was refused `failed_precondition` for good, and the user's message was gone."""
    upload = heartbeat() if second == "heartbeat" else user_message("also add tests")
    # with a queued message, the run is the resume the editor sends for it
    run = run_request("add tests", model=MODEL) if second == "heartbeat" else resume_run_request()
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(Reply.sse(chat_text("Adding tests."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            async with trio.open_nursery() as nursery:
                nursery.start_soon(lambda: editor.append("r1", upload, seqno=1))
                await trio.sleep(5)
                await editor.append("r1", run, seqno=0)
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader)
    assert transcript.error is None and transcript.text == "Adding tests."
    (request,) = fake.requests
    expected = "add tests" if second == "heartbeat" else "also add tests"
    assert request.json["messages"][-1] == {"role": "user", "content": expected}


async def test_heartbeats_do_not_extend_a_runsse_waiting_for_its_run_request(autojump_clock: Any) -> None:
    """Issue 24, failure 5: heartbeats reached the RunSSE's placeholder and switched its deadline off."""
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider() as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=True) as editor,
            editor.run_sse("r-wait") as reader,
            trio.open_nursery() as nursery,
        ):
            start = trio.current_time()

            async def beat() -> None:
                for _ in range(20):
                    await editor.append("r-wait", heartbeat())
                    await trio.sleep(4)

            nursery.start_soon(beat)
            assert await reader.read_to_end() == []
            ended = trio.current_time() - start
            nursery.cancel_scope.cancel()
    assert reader.error is not None and reader.error.code is Code.NOT_FOUND
    assert "no run_request arrived for request r-wait within 30 s" in reader.error.message
    assert ended == pytest.approx(30, abs=0.5)


async def test_a_run_waits_30_s_for_its_run_request_whatever_else_it_uploads(autojump_clock: Any) -> None:
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider() as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=True) as editor,
            editor.run("r-run-wait") as run,
        ):
            start = trio.current_time()
            await run.send(heartbeat())
            await run.send(user_message("held for a run that never comes"))
            await run.send(heartbeat())
            reader = await run.reader()
            assert await reader.read_to_end() == []
            ended = trio.current_time() - start
    assert reader.error is not None and reader.error.code is Code.NOT_FOUND
    assert "no run_request arrived on the Run for request r-run-wait within 30 s" in reader.error.message
    assert ended == pytest.approx(30, abs=0.5)


async def test_the_sequence_of_a_stream_waiting_on_the_user_is_taken_up_after_an_idle_drop(
    autojump_clock: Any,
) -> None:
    """Issue 24, failure 2: a stream whose ordering state was dropped after 10 idle minutes, and whose next
    two appends arrive in reverse order. The position recorded with the stream decides, not the first
    arrival (before, seqno N + 1 resumed the sequence and N was ACKed and dropped: the turn hung)."""
    replies = [Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/a"}))), Reply.sse(chat_text("ok"))]
    with trio.fail_after(DEADLINE + 1200):
        async with (
            open_fake_provider(*replies) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r1", run_request("read a", model=MODEL), seqno=0)
            async with editor.run_sse("r1") as reader:
                request = await next_exec(reader, editor)
                await trio.sleep(700)  # the user looks away: the sequencer forgets the idle request
                assert daemon.core.gate.snapshot("r1") is None
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(lambda: editor.append("r1", heartbeat(), seqno=2))
                    await trio.sleep(0.01)
                    await editor.append("r1", read_ok(request, "the contents"), seqno=1)
                transcript = await drive(editor, "r1", reader)
    assert transcript.error is None and transcript.text == "ok"
    assert "the contents" in tool_messages(fake, 1)[0]["content"]


async def next_exec(reader: RunSSEReader, editor: EditorClient) -> agent.AgentServerMessage:
    """Read on until the stream asks the editor to run a tool (heartbeats keep the stream alive meanwhile)."""
    while True:
        message = await reader.next_message()
        assert message is not None, reader.end
        if message.HasField("exec_server_message"):
            return message


def test_the_default_test_editor_is_the_editors_sender() -> None:
    assert (EDITOR.start, EDITOR.window) == (0, 32) and EDITOR.retry_rate > 0 and EDITOR.jitter > 0
