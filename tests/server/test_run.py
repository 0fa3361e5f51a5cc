"""`AgentService/Run`, the bidi agent path, on the real Hypercorn stack (in memory, HTTP/2, MockClock).

The behaviour is the spine's Echo, so these tests are about the Run handler: frames in stream order to
the same ActiveStream as BidiAppend, the same backlog and heartbeats as RunSSE, how a Run ends (the
stream's ending, the end of its request body, a reset, a bad frame) and what a later Run replays.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import trio

from cursord.connect.envelope import encode_envelope
from cursord.connect.errors import Code
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.behaviours import Echo
from cursord.testing.editor import (
    RUN,
    EditorClient,
    RunSSEReader,
    cancel_action,
    exec_result,
    heartbeat,
    run_request,
)
from cursord.testing.harness import RunningDaemon, running_daemon, wait_until

DEADLINE = 120  # Trio seconds; the clock autojumps


def texts(messages: list[agent.AgentServerMessage]) -> list[str]:
    return [m.interaction_update.text_delta.text for m in messages if m.interaction_update.HasField("text_delta")]


@pytest.fixture
async def daemon() -> AsyncIterator[RunningDaemon]:
    """(Each test asks for `autojump_clock` itself: pytest-trio runs a test on it only when the test does.)"""
    with trio.fail_after(DEADLINE):
        async with running_daemon(Echo) as running:
            yield running


@pytest.fixture
async def editor(daemon: RunningDaemon) -> AsyncIterator[EditorClient]:
    async with daemon.editor(http2=True) as client:
        yield client


async def test_a_whole_run_on_one_stream(editor: EditorClient, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("hello", model="m"))
        reader = await run.reader()
        assert reader.response.status == 200 and reader.content_type == b"application/connect+proto"
        assert reader.response.header(b"connect-content-encoding") is None  # frames go uncompressed
        first = await reader.next_message()
        assert first is not None and texts([first]) == ["echo: hello"]
        await run.send(exec_result(1, "x"))
        second = await reader.next_message()
        assert second is not None and texts([second]) == ["exec 1"]
        await run.send(exec_result(2, "last"))
        assert texts(await reader.read_to_end()) == ["exec 2"]
        assert reader.error is None


async def test_gzip_frames_are_read(editor: EditorClient, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("r1", gzip_frames=True) as run:
        await run.send(run_request("compressed " * 200, model="m"))
        await run.send(exec_result(1, "last"))
        reader = await run.reader()
        messages = await reader.read_to_end()
    assert texts(messages) == ["echo: " + "compressed " * 200, "exec 1"] and reader.error is None


async def test_heartbeats_while_nothing_happens(editor: EditorClient, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("hello", model="m"))
        reader = await run.reader()
        assert texts([await reader.next_message()]) == ["echo: hello"]  # type: ignore[list-item]
        before = trio.current_time()
        beat = await reader.next_message(include_heartbeats=True)
        assert beat is not None and beat.interaction_update.HasField("heartbeat")
        assert trio.current_time() - before == pytest.approx(5.0, abs=0.1)


async def test_a_run_and_a_runsse_see_the_same_events(
    daemon: RunningDaemon, editor: EditorClient, autojump_clock: trio.abc.Clock
) -> None:
    async with editor.run("r1") as run, daemon.editor(http2=True) as other:
        await run.send(run_request("hello", model="m"))
        reader = await run.reader()
        assert await reader.next_message() is not None
        async with other.run_sse("r1") as sse:
            await run.send(exec_result(1, "x"))
            await run.send(exec_result(2, "last"))
            by_run, by_sse = await reader.read_to_end(), await sse.read_to_end()
            assert sse.error is None and reader.error is None
    assert texts(by_sse) == ["echo: hello", "exec 1", "exec 2"]
    assert by_sse[1:] == by_run and texts([by_sse[0]]) == ["echo: hello"]


async def test_ending_the_request_is_a_subscriber_leaving(
    daemon: RunningDaemon, editor: EditorClient, autojump_clock: trio.abc.Clock
) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("hello", model="m"))
        reader = await run.reader()
        assert await reader.next_message() is not None
        await run.end()
        assert await reader.read_to_end() == []
        assert reader.error is not None and reader.error.code is Code.CANCELED
        assert "ended its Run request stream" in reader.error.message and "30 s" in reader.error.message
    stream = daemon.core.broker.get("r1")
    assert stream is not None and not stream.is_terminal and not stream.subscribers
    # within the reconnect grace a RunSSE replays and carries on
    await trio.sleep(29)
    async with editor.run_sse("r1") as sse:
        assert texts([await sse.next_message()]) == ["echo: hello"]  # type: ignore[list-item]
        await editor.append("r1", exec_result(1, "last"))
        assert texts(await sse.read_to_end()) == ["exec 1"] and sse.error is None


async def test_the_reconnect_grace_cancels_a_run_left_alone(
    daemon: RunningDaemon, editor: EditorClient, autojump_clock: trio.abc.Clock
) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("hello", model="m"))
        assert await (await run.reader()).next_message() is not None
        await run.end()
        await (await run.reader()).read_to_end()
    stream = daemon.core.broker.get("r1")
    assert stream is not None
    await trio.sleep(30.5)
    assert stream.phase is Phase.CANCELED


async def test_a_reset_is_a_subscriber_leaving_and_a_later_run_replays(
    daemon: RunningDaemon, editor: EditorClient
, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("hello", model="m"))
        assert await (await run.reader()).next_message() is not None
        stream = daemon.core.broker.get("r1")
        assert stream is not None and len(stream.subscribers) == 1
        await run.reset()
        await wait_until(lambda: not stream.subscribers)
    assert not stream.is_terminal
    async with editor.run("r1") as again:  # a reconnect: no run_request, just the next upload
        reader = await again.reader()
        assert texts([await reader.next_message()]) == ["echo: hello"]  # type: ignore[list-item]
        await again.send(exec_result(1, "last"))
        assert texts(await reader.read_to_end()) == ["exec 1"] and reader.error is None


async def test_cancel_by_a_conversation_action(editor: EditorClient, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("work", model="m"))
        await run.send(cancel_action("stop it"))
        reader = await run.reader()
        assert texts(await reader.read_to_end()) == ["echo: work"]
    assert reader.error is not None and (reader.error.code, reader.error.message) == (Code.CANCELED, "stop it")


async def test_an_ended_stream_is_replayed_or_replaced(editor: EditorClient, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("finish", model="m"))
        assert texts(await (await run.reader()).read_to_end()) == ["echo: finish"]
    # a Run that uploads nothing replays the ended stream
    async with editor.run("r1") as replay:
        await replay.end()
        reader = await replay.reader()
        assert texts(await reader.read_to_end()) == ["echo: finish"] and reader.error is None
    # a new run_request under the same request id is a new run
    async with editor.run("r1") as fresh:
        await fresh.send(run_request("again", model="m"))
        await fresh.send(exec_result(1, "last"))
        reader = await fresh.reader()
        assert texts(await reader.read_to_end()) == ["echo: again", "exec 1"] and reader.error is None


async def test_an_upload_that_came_by_bidi_append_is_not_delivered_again(
    editor: EditorClient, autojump_clock: trio.abc.Clock
) -> None:
    await editor.append("r1", run_request("hello", model="m"), wait=True)
    await editor.append("r1", exec_result(1, "x"), wait=True)
    async with editor.run("r1") as run:
        reader = await run.reader()
        await run.send(exec_result(1, "x"))  # the editor retrying on the other path: not delivered again
        await run.send(heartbeat())
        await run.send(exec_result(2, "last"))
        assert texts(await reader.read_to_end()) == ["echo: hello", "exec 1", "exec 2"]
    # and the other way round: Run first, then the same upload by BidiAppend is ACKed, not delivered
    async with editor.run("r2") as run:
        await run.send(run_request("hi", model="m"))
        await run.send(exec_result(1, "y"))
        reader = await run.reader()
        for _ in range(2):
            assert await reader.next_message() is not None
        await editor.append("r2", exec_result(1, "y"), seqno=-1)
        await editor.append("r2", exec_result(2, "last"), seqno=-1)
        assert texts(await reader.read_to_end()) == ["exec 2"]


# ---- bad requests and frames -------------------------------------------------------------------------


async def _refused(reader: RunSSEReader) -> tuple[Code, str]:
    assert await reader.read_to_end() == []
    assert reader.error is not None
    return reader.error.code, reader.error.message


async def test_bad_frames_get_bidi_appends_errors(
    daemon: RunningDaemon, editor: EditorClient, autojump_clock: trio.abc.Clock
) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("hello", model="m"))
        reader = await run.reader()
        assert await reader.next_message() is not None
        await run.send_payload(b"\xff\xff\xff")
        code, message = await _refused(reader)
    assert code is Code.INVALID_ARGUMENT
    assert message.startswith("Run frame 2 does not decode as agent.v1.AgentClientMessage")
    stream = daemon.core.broker.get("r1")
    assert stream is not None and not stream.is_terminal and not stream.subscribers  # left, as a subscriber

    async with editor.run("r2") as run:
        await run.send_payload(b"")
        code, message = await _refused(await run.reader())
    assert code is Code.INVALID_ARGUMENT and message == "Run frame 1 carries no AgentClientMessage (an empty message)"

    async with editor.run("r3") as run:  # a compressed frame with no connect-content-encoding
        await run.request.send(encode_envelope(b"x", compressed=True))
        code, message = await _refused(await run.reader())
    assert code is Code.INVALID_ARGUMENT and "no compression was negotiated" in message


async def test_bad_heads_are_refused(editor: EditorClient, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("") as run:  # no x-request-id
        code, message = await _refused(await run.reader())
    assert code is Code.INVALID_ARGUMENT and "x-request-id" in message
    async with editor.run("r1", headers=[(b"connect-protocol-version", b"2")]) as run:
        code, _ = await _refused(await run.reader())
    assert code is Code.INVALID_ARGUMENT
    json_headers = [(b"content-type", b"application/connect+json"), (b"x-request-id", b"r")]
    status, body = await editor.post(RUN, b"", json_headers)
    assert status == 415 and b"application/connect+proto" in body


async def test_a_deadline_ends_the_run(editor: EditorClient, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("r1", headers=[(b"connect-timeout-ms", b"2000")]) as run:
        await run.send(run_request("hello", model="m"))
        reader = await run.reader()
        messages = await reader.read_to_end()
    assert texts(messages) == ["echo: hello"]
    assert reader.error is not None and reader.error.code is Code.DEADLINE_EXCEEDED


async def test_a_run_that_uploads_nothing_for_an_unknown_request_id(
    daemon: RunningDaemon, editor: EditorClient
, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("nobody") as run:
        before = trio.current_time()
        code, message = await _refused(await run.reader())
    assert code is Code.NOT_FOUND and "within 30 s" in message
    assert trio.current_time() - before == pytest.approx(30, abs=0.5)
    assert daemon.core.broker.get("nobody") is None  # no placeholder was left behind


async def test_shutdown_ends_a_run_still_waiting_for_its_first_upload(
    daemon: RunningDaemon, editor: EditorClient
, autojump_clock: trio.abc.Clock) -> None:
    async with editor.run("nobody") as run:
        await run.request.send(b"\x00\x00\x00")  # part of a frame: the Run is waiting for the rest
        await trio.sleep(1)
        daemon.core.broker.close()
        code, message = await _refused(await run.reader())
    assert code is Code.UNAVAILABLE and "shutting down" in message


async def test_an_ended_stream_is_replayed_when_no_upload_comes(
    editor: EditorClient, autojump_clock: trio.abc.Clock
) -> None:
    async with editor.run("r1") as run:
        await run.send(run_request("finish", model="m"))
        assert texts(await (await run.reader()).read_to_end()) == ["echo: finish"]
    async with editor.run("r1") as replay:  # holds its body open, uploads nothing
        reader = await replay.reader()
        assert texts(await reader.read_to_end()) == ["echo: finish"] and reader.error is None
