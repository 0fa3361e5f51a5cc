"""End to end through the real Hypercorn server: BidiAppend and RunSSE over HTTP/1.1 and HTTP/2.

The stream behaviour here is a small echo, so these tests are about the spine (transport, ordering,
broker, subscribers), not the agent. TCP variants use the real clock and never wait on it.
"""

from __future__ import annotations

import binascii
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

import attrs
import pytest
import trio
import trio.testing

from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, parse_end_stream
from cursord.connect.errors import Code, ConnectError, error_from_json
from cursord.core import ExecResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.streams import ActiveStream
from cursord.testing.behaviours import Echo, text_update
from cursord.testing.editor import (
    BIDI_APPEND,
    RUN_SSE,
    STREAM_HEADERS,
    UNARY_HEADERS,
    AppendFailed,
    EditorClient,
    bidi_request,
    cancel_action,
    exec_result,
    run_request,
)
from cursord.testing.harness import RunningDaemon, running_daemon, wait_until


def texts(messages: list[agent.AgentServerMessage]) -> list[str]:
    return [m.interaction_update.text_delta.text for m in messages if m.interaction_update.HasField("text_delta")]


TRANSPORTS = [
    pytest.param(("tcp", False), id="tcp-http1"),
    pytest.param(("tcp", True), id="tcp-http2"),
    pytest.param(("memory", False), id="memory-http1"),
    pytest.param(("memory", True), id="memory-http2"),
]


@pytest.fixture(params=TRANSPORTS)
async def daemon_and_http2(request: pytest.FixtureRequest) -> AsyncIterator[tuple[RunningDaemon, bool]]:
    transport, http2 = request.param
    async with running_daemon(Echo, transport=transport) as daemon:
        yield daemon, http2


async def test_runsse_after_the_first_append(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        await editor.append("r1", run_request("hello", model="m"))
        await editor.append("r1", exec_result(1, "last"))
        async with editor.run_sse("r1") as reader:
            assert reader.response.status == 200
            assert reader.content_type == b"text/event-stream"
            assert texts(await reader.read_to_end()) == ["echo: hello", "exec 1"]
            assert reader.end == (None, {})


async def _early_subscriber(editor: EditorClient, seen: list[str], ready: trio.Event) -> None:
    async with editor.run_sse("early") as reader:
        ready.set()
        seen.extend(texts(await reader.read_to_end()))
        assert reader.end == (None, {})


async def test_placeholder_stream_receives_the_run(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    seen: list[str] = []
    async with daemon.editor(http2=http2) as editor, daemon.editor(http2=http2) as uploader:
        ready = trio.Event()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_early_subscriber, editor, seen, ready)
            await ready.wait()
            await wait_until(lambda: daemon.core.broker.get("early") is not None)
            assert not daemon.core.broker.get("early").has_upload  # type: ignore[union-attr]
            await uploader.append("early", run_request("finish", model="m"))
    assert seen == ["echo: finish"]


async def test_reconnect_replays_from_the_start(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        await editor.append("r1", run_request("one", model="m"))
        async with editor.run_sse("r1") as first:
            assert texts([await first.next_message()]) == ["echo: one"]  # type: ignore[list-item]
        await editor.append("r1", exec_result(7, "x"))
        await editor.append("r1", exec_result(8, "last"))
        async with editor.run_sse("r1") as again:
            assert texts(await again.read_to_end()) == ["echo: one", "exec 7", "exec 8"]


async def test_two_subscribers_share_one_backlog(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    results: dict[str, list[str]] = {}

    async def read(name: str, editor: EditorClient) -> None:
        async with editor.run_sse("shared") as reader:
            results[name] = texts(await reader.read_to_end())

    async with daemon.editor(http2=http2) as a, daemon.editor(http2=http2) as b:
        await a.append("shared", run_request("go", model="m"))
        async with trio.open_nursery() as nursery:
            nursery.start_soon(read, "a", a)
            nursery.start_soon(read, "b", b)
            await wait_until(lambda: len(getattr(daemon.core.broker.get("shared"), "subscribers", ())) == 2)
            for seq in range(1, 4):
                await a.append("shared", exec_result(seq, "last" if seq == 3 else "x"))
    assert results["a"] == results["b"] == ["echo: go", "exec 1", "exec 2", "exec 3"]


async def test_out_of_order_and_duplicate_appends(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        async with trio.open_nursery() as nursery:
            # seqno 2 and 1 overtake the run request at seqno 0; they wait for it.
            nursery.start_soon(partial(editor.append, "r1", exec_result(3, "last"), seqno=2))
            nursery.start_soon(partial(editor.append, "r1", exec_result(2, "x"), seqno=1))
            await wait_until(lambda: len(getattr(daemon.core.gate.snapshot("r1"), "held", ())) == 2)
            await editor.append("r1", run_request("first", model="m"), seqno=0)
        await editor.append("r1", exec_result(2, "x"), seqno=1)  # a retry: ACKed, not delivered
        with pytest.raises(AppendFailed) as caught:  # the same seqno with other bytes is no retry
            await editor.append("r1", exec_result(2, "other"), seqno=1)
        assert caught.value.error.code is Code.ABORTED
        async with editor.run_sse("r1") as reader:
            assert texts(await reader.read_to_end()) == ["echo: first", "exec 2", "exec 3"]


async def test_cancel_ends_with_a_canceled_end_stream(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        await editor.append("r1", run_request("work", model="m"))
        await editor.append("r1", cancel_action("stop it"))
        async with editor.run_sse("r1") as reader:
            await reader.read_to_end()
            assert reader.error is not None
            assert reader.error.code is Code.CANCELED and reader.error.message == "stop it"


# ---- malformed input ----------------------------------------------------------------------------


async def _append_raw(editor: EditorClient, body: bytes, headers: Any = None) -> tuple[int, ConnectError]:
    status, raw = await editor.post(BIDI_APPEND, body, headers)
    return status, error_from_json(raw)


async def test_malformed_appends_get_precise_errors(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        await editor.append("good", run_request("keep going", model="m"))

        bad_hex = aiserver.BidiAppendRequest(
            request_id=aiserver.BidiRequestId(request_id="x"), append_seqno=1, data="zz"
        ).SerializeToString()
        status, error = await _append_raw(editor, bad_hex)
        assert (status, error.code) == (400, Code.INVALID_ARGUMENT) and "not valid hex" in error.message

        bad_proto = aiserver.BidiAppendRequest(
            request_id=aiserver.BidiRequestId(request_id="x"), append_seqno=1, data="ffff"
        ).SerializeToString()
        status, error = await _append_raw(editor, bad_proto)
        assert error.code is Code.INVALID_ARGUMENT and "AgentClientMessage" in error.message

        no_id = bidi_request("", 1, run_request("x", model="m"))
        status, error = await _append_raw(editor, no_id)
        assert error.code is Code.INVALID_ARGUMENT and "request_id" in error.message

        status, error = await _append_raw(editor, b"\xff\xff\xff")
        assert error.code is Code.INVALID_ARGUMENT and "BidiAppendRequest" in error.message

        empty = aiserver.BidiAppendRequest(request_id=aiserver.BidiRequestId(request_id="x")).SerializeToString()
        status, error = await _append_raw(editor, empty)
        assert error.code is Code.INVALID_ARGUMENT and "carries no AgentClientMessage" in error.message

        orphan = bidi_request("nobody", 1, exec_result(1, "x"))
        status, error = await _append_raw(editor, orphan)
        assert (status, error.code) == (404, Code.NOT_FOUND)

        too_big = bidi_request("x", 1, run_request("a" * (5 << 20), model="m"))
        status, error = await _append_raw(editor, too_big)
        assert (status, error.code) == (429, Code.RESOURCE_EXHAUSTED)

        status, _ = await editor.post(BIDI_APPEND, b"{}", [(b"content-type", b"text/plain")])
        assert status == 415

        status, raw = await editor.post("/aiserver.v1.DashboardService/GetTeams", b"")
        assert status == 501 and error_from_json(raw).code is Code.UNIMPLEMENTED

        # none of that disturbed the good stream
        await editor.append("good", exec_result(1, "last"))
        async with editor.run_sse("good") as reader:
            assert texts(await reader.read_to_end()) == ["echo: keep going", "exec 1"]


async def test_bidi_append_accepts_json_and_data_binary(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        await editor.append("r1", run_request("binary", model="m"), binary=True)
        payload = exec_result(4, "last").SerializeToString()
        json_body = (
            '{"requestId":{"requestId":"r1"},"appendSeqno":"1","data":"' + binascii.hexlify(payload).decode() + '"}'
        )
        status, body = await editor.post(BIDI_APPEND, json_body.encode(), [(b"content-type", b"application/json")])
        assert (status, body) == (200, b"{}")
        async with editor.run_sse("r1") as reader:
            assert texts(await reader.read_to_end()) == ["echo: binary", "exec 4"]


async def test_malformed_runsse_requests(daemon_and_http2: tuple[RunningDaemon, bool]) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        for body, expected in (
            (b"", "exactly one message"),
            (encode_envelope(b"\xff\xff"), "BidiRequestId"),
            (encode_envelope(b""), "empty request_id"),
            (b"\x00\x00\x00", "mid-envelope"),
        ):
            status, raw = await editor.post(RUN_SSE, body, STREAM_HEADERS)
            assert status == 200
            decoder = EnvelopeDecoder(1 << 20)
            (envelope,) = decoder.feed(raw)
            assert envelope.end_stream
            error, _ = parse_end_stream(envelope.payload)
            assert error is not None and error.code is Code.INVALID_ARGUMENT, (body, error)
            assert expected in error.message
        status, _ = await editor.post(RUN_SSE, b"", UNARY_HEADERS)
        assert status == 415


async def test_raw_bytes_are_event_stream_labelled_connect_envelopes() -> None:
    """The exact bytes on the wire: header text/event-stream, envelope framing, end-stream frame."""
    async with running_daemon(Echo, transport="tcp") as daemon, daemon.editor(http2=False) as editor:
        await editor.append("r1", run_request("finish", model="m"))
        async with editor.run_sse("r1") as reader:
            await reader.read_to_end()
            raw = bytes(reader.raw)
            assert reader.content_type == b"text/event-stream"
        expected_message = text_update("echo: finish").SerializeToString()
        assert raw == encode_envelope(expected_message) + b"\x02\x00\x00\x00\x02{}"


async def test_an_append_waiting_past_its_connect_timeout_is_deadline_exceeded(
    daemon_and_http2: tuple[RunningDaemon, bool],
) -> None:
    daemon, http2 = daemon_and_http2
    async with daemon.editor(http2=http2) as editor:
        early = bidi_request("r1", 3, exec_result(3, "x"))  # seqno 1 and 2 never come
        status, raw = await editor.post(BIDI_APPEND, early, [*UNARY_HEADERS, (b"connect-timeout-ms", b"200")])
        error = error_from_json(raw)
        assert (status, error.code) == (504, Code.DEADLINE_EXCEEDED) and "200 ms" in error.message


@attrs.define
class SlowResults(Echo):
    """Echo, but an exec result is taken only once the test lets it (`let_through`)."""

    let_through: trio.Event = attrs.field(factory=trio.Event)

    async def handle(self, item: object) -> None:
        if isinstance(item, ExecResultArrived):
            await self.let_through.wait()
        await super().handle(item)


async def test_a_retry_is_acked_only_once_its_first_copy_is_handled(autojump_clock: Any) -> None:
    """Issue 38, point 3: the editor sends a tool result again while its first copy waits in the stream's
    actor; the retry is not delivered again, and not ACKed before the first copy is handled (an ACK a
    restart could take back). Before, it was ACKed at once."""
    behaviours: list[SlowResults] = []

    def factory(stream: ActiveStream) -> SlowResults:
        behaviours.append(SlowResults(stream))
        return behaviours[-1]

    acked: list[str] = []

    async def send(editor: EditorClient, which: str) -> None:
        await editor.append("r1", exec_result(1, "last"), seqno=1)
        acked.append(which)

    with trio.fail_after(60):
        async with running_daemon(factory) as daemon, daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("go", model="m"), seqno=0)
            async with trio.open_nursery() as nursery:
                nursery.start_soon(send, editor, "first")
                await trio.testing.wait_all_tasks_blocked()
                nursery.start_soon(send, editor, "retry")
                await trio.testing.wait_all_tasks_blocked()
                assert acked == []  # the first copy is still being handled
                behaviours[0].let_through.set()
            assert sorted(acked) == ["first", "retry"]
            async with editor.run_sse("r1") as reader:
                assert texts(await reader.read_to_end()) == ["echo: go", "exec 1"]
