"""Hostile clients (issue 17, findings 1, 4, 5 and 6): what one client opens must not pile up in the server.

A raw h2 client writes HEADERS + DATA + RST_STREAM for RunSSE (and HEADERS + RST_STREAM for BidiAppend)
without waiting for any answer. Each reset stream must leave Hypercorn's per-connection tables at once:
before the fix they stayed in the priority tree, whose 1,000-stream cap then raised `TooManyStreamsError`
out of the connection and ended the whole server. Memory transport, autojump clock: deterministic.
"""

from __future__ import annotations

import contextlib
import gc
import logging
from typing import Any

import attrs
import h2.config
import h2.connection
import h2.errors
import h2.events
import h2.exceptions
import h2.settings
import pytest
import trio
from hypercorn.protocol.h2 import BUFFER_HIGH_WATER, H2Protocol, StreamBuffer

from cursord.config import Limits
from cursord.connect.envelope import encode_envelope
from cursord.connect.errors import Code, ConnectError
from cursord.core.intents import RunRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.runsse import MAX_SEND_BYTES
from cursord.server.serve import ListenOptions, hypercorn_config
from cursord.streams.active import ActiveStream, StreamBehaviour
from cursord.testing.behaviours import Echo, text_update
from cursord.testing.editor import BIDI_APPEND, RUN_SSE, STREAM_HEADERS, bidi_request, heartbeat, run_request
from cursord.testing.harness import running_daemon, wait_until
from cursord.testing.http_client import Client, StreamResetError
from cursord.testing.memory_server import serve_in_memory
from cursord.testing.raw_h2 import RawH2Client

RESETS = 1_100  # past the priority tree's cap of 1,000


def _open_stream_tables() -> int:
    """The most streams any live Hypercorn H2 connection still buffers for (its per-connection table)."""
    protocols = [o for o in gc.get_objects() if isinstance(o, H2Protocol) and not o.closed]
    return max((len(p.stream_buffers) + len(set(p.priority._streams) - {0}) for p in protocols), default=0)


async def test_streams_reset_in_a_loop_leave_the_connection_tables(
    autojump_clock: trio.abc.Clock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with running_daemon(Echo) as daemon, trio.open_nursery() as nursery:
        sse = RawH2Client(await daemon.connect())
        bidi = RawH2Client(await daemon.connect())
        await sse.start(nursery)
        await bidi.start(nursery)
        sse_body = encode_envelope(agent.BidiRequestId(request_id="ghost").SerializeToString())
        bidi_body = bidi_request("ghost", 1, heartbeat())
        for n in range(RESETS):
            bidi.conn.reset_stream(bidi.open(BIDI_APPEND, None), h2.errors.ErrorCodes.CANCEL)
            await bidi.flush()
            sse_id = sse.open(RUN_SSE, sse_body)
            await sse.flush()
            await trio.sleep(0.001)
            sse.conn.reset_stream(sse_id, h2.errors.ErrorCodes.CANCEL)
            await sse.flush()
            if n % 100 == 0:
                await trio.sleep(0.01)
        await trio.sleep(1)
        assert _open_stream_tables() == 0
        # Both connections still serve: a complete BidiAppend on each is answered.
        last = []
        for client in (sse, bidi):
            assert client.terminated is None and not client.eof
            last.append(client.open(BIDI_APPEND, bidi_body))
            await client.flush()
        await trio.sleep(1)
        assert last[0] in sse.answered and last[1] in bidi.answered
        assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]  # a reset is no news
        nursery.cancel_scope.cancel()


async def test_concurrent_stream_limit_is_advertised_and_enforced(autojump_clock: trio.abc.Clock) -> None:
    limit = Limits().max_streams_per_connection
    async with running_daemon(Echo) as daemon, trio.open_nursery() as nursery:
        client = RawH2Client(await daemon.connect())
        other = RawH2Client(await daemon.connect())
        await client.start(nursery)
        await other.start(nursery)
        await trio.sleep(0.1)
        assert client.remote_max_streams == limit
        body = encode_envelope(agent.BidiRequestId(request_id="held").SerializeToString())
        # Our own h2 refuses to go past the server's limit: forget the limit it announced.
        client.conn.remote_settings = h2.settings.Settings(client=False)
        for _ in range(limit + 1):
            client.open(RUN_SSE, body)
        await client.flush()
        await trio.sleep(1)
        # The stream past the limit ends that connection (GOAWAY), and only that one.
        assert client.terminated is not None
        assert client.terminated.error_code == h2.errors.ErrorCodes.PROTOCOL_ERROR
        stream_id = other.open(BIDI_APPEND, bidi_request("r", 1, heartbeat()))
        await other.flush()
        await trio.sleep(1)
        assert stream_id in other.answered and other.terminated is None
        nursery.cancel_scope.cancel()


async def test_a_connection_without_a_request_is_closed_within_seconds(autojump_clock: trio.abc.Clock) -> None:
    async with running_daemon(Echo) as daemon:
        # Silent: closed by the server after `first_request_seconds`, however long keep-alive is.
        silent = await daemon.connect()
        start = trio.current_time()
        with trio.fail_after(Limits().first_request_seconds + 1):
            assert await silent.receive_some(1024) == b""
        assert trio.current_time() - start >= Limits().first_request_seconds
        # Closed by the client before any request: the server lets go of it at once.
        gone = await daemon.connect()
        assert isinstance(gone, trio.abc.HalfCloseableStream)
        await gone.send_eof()
        with trio.fail_after(0.5):
            assert await gone.receive_some(1024) == b""


async def test_abandoned_placeholders_never_lock_out_a_run(autojump_clock: trio.abc.Clock) -> None:
    """Issue 17 #5: RunSSE calls for ids nobody runs, closed at once, refused every run for 65-80 s."""
    limits = Limits(max_streams=20, max_placeholders=20)
    async with running_daemon(Echo, limits=limits) as daemon, daemon.editor(http2=True) as editor:
        broker = daemon.core.broker
        async with contextlib.AsyncExitStack() as readers:
            for n in range(20):
                await readers.enter_async_context(editor.run_sse(f"ghost-{n}"))
            await wait_until(lambda: sum(s.is_placeholder for s in broker) == 20)
            # The placeholders' room is full: one more RunSSE is refused, precisely...
            async with editor.run_sse("one-too-many") as extra:
                await extra.read_to_end()
                assert extra.error is not None and extra.error.code is Code.RESOURCE_EXHAUSTED
                assert "waiting for an upload" in extra.error.message
            # ...but a run is not: placeholders do not count against `max_streams`.
            await editor.append("real-run", run_request("hi", model="m"))
        # Every reader went at once: their placeholders end and go now, not a minute later.
        with trio.fail_after(1):
            await wait_until(lambda: not any(s.is_placeholder for s in broker))
        for n in range(limits.max_streams - 1):  # "real-run" holds the last place
            await editor.append(f"run-{n}", run_request("hi", model="m"))


@attrs.define
class Flood(StreamBehaviour):
    """Publishes 8 MiB of text deltas for any run, then ends it."""

    stream: ActiveStream

    async def handle(self, item: object) -> None:
        if isinstance(item, RunRequested):
            for n in range(8 * 1024):
                self.stream.publish(text_update("x" * 1000))
                if n % 64 == 0:
                    await trio.lowlevel.checkpoint()
            self.stream.end(None)

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


async def test_a_reader_that_stops_taking_data_is_cut() -> None:
    """Issue 17 #6: RunSSE readers that never read held everything queued for them (2.46 GB for 100).

    Real sockets and the real clock: the stall is the kernel's send buffer filling up."""
    limits = Limits(send_stall_seconds=0.5)
    with trio.fail_after(30):
        async with running_daemon(Flood, transport="tcp", limits=limits) as daemon:
            assert daemon.address is not None
            body = encode_envelope(agent.BidiRequestId(request_id="flood").SerializeToString())
            head = f"POST {RUN_SSE} HTTP/1.1\r\nhost: localhost\r\ncontent-length: {len(body)}\r\n"
            head += "".join(f"{k.decode()}: {v.decode()}\r\n" for k, v in STREAM_HEADERS)
            stalled = await trio.open_tcp_stream(*daemon.address)
            await stalled.send_all(head.encode() + b"\r\n" + body)
            broker = daemon.core.broker
            await wait_until(lambda: (s := broker.get("flood")) is not None and len(s.subscribers) == 1)
            async with daemon.editor(http2=True) as editor:
                await editor.append("flood", run_request("go", model="m"))
                async with editor.run_sse("flood") as reader:  # a reader that reads gets it all
                    messages = await reader.read_to_end()
                assert len(messages) == 8 * 1024 and reader.error is None
            await wait_until(lambda: daemon.core.app.counters.stalled_connections_cut == 1)
            stream = broker.get("flood")
            assert stream is not None
            await wait_until(lambda: len(stream.subscribers) == 0)
            await stalled.aclose()


async def test_a_response_abandoned_by_the_app_is_reset_and_released(autojump_clock: trio.abc.Clock) -> None:
    """An app that returns mid-response left the stream open for the client and in the tables."""

    async def half_a_response(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"partial", "more_body": True})

    config = hypercorn_config(ListenOptions(port=0), 1 << 20)
    config.keep_alive_timeout = 10**6
    async with serve_in_memory(half_a_response, config) as server, trio.open_nursery() as nursery:
        client = RawH2Client(await server.connect())
        await client.start(nursery)
        ids = [client.open("/half", None) for _ in range(3)]
        await client.flush()
        await trio.sleep(1)
        assert sorted(r.stream_id for r in client.resets) == ids
        assert {r.error_code for r in client.resets} == {h2.errors.ErrorCodes.INTERNAL_ERROR}
        assert _open_stream_tables() == 0
        nursery.cancel_scope.cancel()


def _live_stream_buffers() -> list[Any]:
    """Every StreamBuffer not yet freed: `gc.get_objects` also lists those only a reference cycle holds."""
    return [o for o in gc.get_objects() if isinstance(o, StreamBuffer)]


async def test_readers_with_a_shut_window_buffer_little_and_are_cut(autojump_clock: trio.abc.Clock) -> None:
    """Issue 27 #2: RunSSE readers announcing `SETTINGS_INITIAL_WINDOW_SIZE=0` each held a copy of the whole
    backlog in Hypercorn's stream buffer (2.06 GB for 100 readers of a 10 MB run), were never cut (nothing
    is written, so no socket write stalls), and what they held stayed until a full GC collection."""
    limits = Limits(send_stall_seconds=5)
    readers = 4
    body = encode_envelope(agent.BidiRequestId(request_id="flood").SerializeToString())
    gc.collect()
    gc.disable()
    try:
        async with running_daemon(Flood, limits=limits) as daemon:
            shut = Client(daemon.connect, http2=True, window=0)
            broker = daemon.core.broker
            async with trio.open_nursery() as nursery, contextlib.AsyncExitStack() as held:
                responses = [
                    await held.enter_async_context(shut.request("POST", RUN_SSE, STREAM_HEADERS, body))
                    for _ in range(readers)
                ]
                leaving = []
                for _ in range(readers):  # these will drop their connections without a word
                    raw = RawH2Client(await daemon.connect())
                    raw.conn.local_settings = h2.settings.Settings(
                        client=True, initial_values={h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 0}
                    )
                    await raw.start(nursery)
                    raw.open(RUN_SSE, body)
                    await raw.flush()
                    leaving.append(raw)
                await wait_until(lambda: (s := broker.get("flood")) is not None and len(s.subscribers) == 2 * readers)
                stream = broker.get("flood")
                assert stream is not None
                async with daemon.editor(http2=True) as editor:
                    await editor.append("flood", run_request("go", model="m"))
                    async with editor.run_sse("flood") as reader:  # a reader that reads gets it all
                        messages = await reader.read_to_end()
                    assert len(messages) == 8 * 1024 and reader.error is None
                buffered = max(len(buffer.buffer) for buffer in _live_stream_buffers())
                assert buffered <= 2 * BUFFER_HIGH_WATER + MAX_SEND_BYTES  # not 8 MiB each
                # Half of them drop their connections: what their streams held goes with them.
                for raw in leaving:
                    await raw.stream.aclose()
                await wait_until(lambda: len(stream.subscribers) == readers)
                await trio.sleep(0.1)
                assert len(_live_stream_buffers()) == readers
                # The others take nothing: after `send_stall_seconds` their streams are reset.
                with trio.fail_after(limits.send_stall_seconds + 2):
                    await wait_until(lambda: len(stream.subscribers) == 0)
                assert daemon.core.app.counters.stalled_connections_cut == readers
                for response in responses:
                    with pytest.raises(StreamResetError):
                        await response.read_all()
                await trio.sleep(0.1)
                assert not _live_stream_buffers()
                nursery.cancel_scope.cancel()
    finally:
        gc.enable()
