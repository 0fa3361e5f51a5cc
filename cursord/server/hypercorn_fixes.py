"""Narrow fixes to Hypercorn 0.18, applied on import; each turns a crash of the whole server into the
end of one connection or one request, or stops a per-connection table from growing without bound.

They patch Hypercorn's private internals, so they are applied only to the releases they were written and
tested against (`TESTED`, the range pyproject.toml pins). With any other release installed nothing is
patched, and `require_tested_hypercorn` (called before the server starts) refuses to start with one line
that says what to install.

- `TCPServer._close` sends EOF without the send lock, so a response still being flushed on the same
  connection fails with `trio.BusyResourceError`, which nothing catches (seen at shutdown). The
  connection is going away either way: that error is treated as the connection closing.
- An HTTP/2 DATA frame for a stream whose response is already complete (an early answer to a request
  whose body was still arriving) makes `H2Protocol._handle_events` look the stream up and raise
  KeyError, which escapes into the server nursery (pgjones/hypercorn#329). Such frames are now
  acknowledged, so the connection's flow-control window stays open, and dropped.
- A stream the client resets (RST_STREAM) before its response is complete leaves
  `H2Protocol._close_stream` with its send buffer and its node in the priority tree still in place: the
  app's later sends are dropped, so the buffer never completes and the send task never removes it. The
  tree refuses its 1,001st stream with `priority.TooManyStreamsError`, which escaped and ended the
  process (issue 17 #1; written up to file upstream in docs/hypercorn-reports.md; pgjones/hypercorn#335 is the
  related stream-limit behaviour). The reset now closes the buffer, and the send task's own clean-up
  (it is the only task that deletes buffers) removes both at once.
- The same leak without a reset: an app that returns in the middle of its response (it failed, or it
  cut itself short) makes `HTTPStream` send `StreamClosed`, and the stream's buffer, never completed,
  stays; the client waits for an end that never comes. The stream is now reset (INTERNAL_ERROR) and its
  buffer released the same way.
- A connection's idle timer (`TCPServer._idle_timeout`, `keep_alive_timeout`, 300 s here) keeps
  running after the client has closed a connection that never sent a request, and the connection's task
  group waits for it before closing the socket: each such connection held its file descriptor for 300 s
  (1,100 of them exhausted `ulimit -n 1024`; issue 17 #4; written up in docs/hypercorn-reports.md;
  pgjones/hypercorn#241 reports connections not closed, possibly the same timer). The timer now stops
  once the read side has ended, and until a connection's first request it runs for
  `first_request_timeout` (a cursord setting on the Hypercorn config) instead. The read loop is Hypercorn's,
  with its read deadline only when `read_timeout` is set: unset (as cursord leaves it), Hypercorn kept a
  cancel scope with an infinite deadline alive under every connection's pending read.
- `TCPServer.protocol_send` writes under a shielded scope with no deadline, so a client that stops
  reading holds its connection, and every byte queued for it, for ever (issue 17 #6: 100 RunSSE readers
  that never read). A write that makes no progress for `send_stall_timeout` (a cursord setting on the
  Hypercorn config) now closes that connection, and `on_send_stall` counts it. No upstream issue found.
  Speed: what a plain socket's buffer takes at once (a streamed event nearly always) is written without
  trio's `send_all`, its shielded deadline scope and its scheduler pass, a task step of the sender's per
  event; the rest, and anything over TLS, goes through `send_all` under the stall deadline as before.
- An HTTP/2 stream's send buffer (`StreamBuffer`) lets the app push again whenever the send task pops
  less than half its high-water mark, and with a flow-control window of 0 it pops nothing, so every push
  went through: readers announcing `SETTINGS_INITIAL_WINDOW_SIZE=0` each buffered all of a run's output
  (issue 27 #2: 100 readers of a 10 MB run, 2.06 GB). The buffer now has room again only once what it
  holds drops below that mark, and the app waits for room *before* it adds to the buffer. A stream whose
  buffer has been full for `send_stall_timeout` with nothing taken from it is reset (CANCEL), its app told
  the client left, and `on_send_stall` counts it: no socket write is pending, so the stall deadline of the
  writes below never sees such a reader. No upstream issue found.
- Speed, not safety: an HTTP/2 response body goes from the app to a per-stream buffer, and the
  connection's send task, woken for it, frames and writes it: two tasks and about two scheduler passes
  for every streamed event. When the stream has nothing buffered and its flow-control window takes the
  whole chunk in one frame, the app's task now frames and writes it itself, as Hypercorn already does for
  the response headers; anything else (a full window, data already queued, an error) takes the buffer as
  before, so order and flow control hold. h2 closes a stream as soon as it reads the client's RST_STREAM,
  before Hypercorn has handled the reset, so every h2 call of that path is inside its `try` (issue 27 #3:
  a window read outside it raised `StreamClosedError` out of the app, an ERROR traceback per reset). To be
  proposed upstream.
- Speed too: `body_writer` gives a response's body writes without awaiting, from any task, taking the fast
  paths above or nothing (HTTP/2: the stream's buffer empty and its window wide enough; HTTP/1.1: h11 in the
  body; both: a plain socket and the send lock free). A RunSSE's publisher writes a frame with it for a
  connection parked with nothing else to send, which then need not wake: a task step less per event. What
  the socket does not take at once is written by a task of the connection's, which holds the send lock from
  the moment of the write (`LazyLock.hand_over`), so nothing comes between the two halves of a frame.
- A connection's objects are held in reference cycles (h2's connection refers to itself, Hypercorn's
  protocol and server to each other), so whatever they still held when the connection ended (the send
  buffers of streams cut short by a dropped connection) stayed until a full GC collection, which the
  raised thresholds make rare (issue 27 #2: 1.15 GB after 60 readers left). Once a connection's tasks
  have all ended, its protocol drops its streams and their buffers.
- Memory, not safety: each request's app reads Hypercorn's queue for it (a trio memory channel: a state
  object, two ends, a deque, two ordered dicts and two sets, about 1.8 KB held for the request's life). It is
  an `AppQueue` now (`cursord.server.asgi`): the same bound, order and blocking, one object and a list, and a
  streaming handler can have the disconnect handed to it instead of keeping a task that receives.
- Memory too: what an open connection keeps while it waits (an idle stream's RunSSE holds one for the run's
  life). A plain socket's read loop waits in `wait_readable` and reads the socket itself (`SocketStream.
  receive_some` kept five more coroutine frames and a context manager under the wait, about 1.5 KB); the
  connection's send lock makes its line of waiters only when a task waits (`LazyLock`), its idle timer
  needs no lock (`_IdleTask`: restarted without waiting for the timer's task to start, a scheduler pass of
  the connection's task saved about seven times a run start), and its protocol's events make their
  `trio.Event` only when waited for (`LazyEvent`); `TCPServer.run`
  is rewritten with its fixes rather than wrapped, and an ASGI app is called without Hypercorn's
  `ASGIWrapper` frame: a frame fewer each.
- Whatever still escapes one connection's protocol code (a PRIORITY flood past the tree's cap, the next
  bug of this kind) ends that connection, logged, instead of the server nursery and every connection in
  it (pgjones/hypercorn#329 and the reset leak above are two instances).
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import logging
import os
import re
from collections.abc import Callable
from typing import Any, Final

import h2.errors
import h2.events
import h2.exceptions
import h11
import trio
from hypercorn.app_wrappers import ASGIWrapper
from hypercorn.events import Closed, Event, RawData, Updated
from hypercorn.protocol import ProtocolWrapper
from hypercorn.protocol.events import Body, Data, EndBody, EndData, StreamClosed, Trailers
from hypercorn.protocol.h2 import BUFFER_HIGH_WATER, BUFFER_LOW_WATER, BufferCompleteError, H2Protocol, StreamBuffer
from hypercorn.protocol.h11 import H11Protocol
from hypercorn.protocol.http_stream import ASGIHTTPState, HTTPStream
from hypercorn.trio.task_group import TaskGroup
from hypercorn.trio.tcp_server import MAX_RECV, TCPServer
from hypercorn.trio.worker_context import TrioSingleTask, WorkerContext
from hypercorn.typing import ConnectionState
from hypercorn.utils import parse_socket_addr, suppress_body
from priority.priority import MissingStreamError

from cursord.server.asgi import AppQueue
from cursord.server.lazy_sync import LazyEvent, LazyLock

log = logging.getLogger(__name__)

#: the Hypercorn releases these fixes are tested against: at least the first, below the second
TESTED: Final = ((0, 18), (0, 19))


class UnsupportedHypercorn(RuntimeError):
    """The installed Hypercorn is outside the tested range."""


def _release(version: str) -> tuple[int, int] | None:
    match = re.match(r"(\d+)\.(\d+)", version)
    return (int(match[1]), int(match[2])) if match else None


def _installed() -> str:
    return importlib.metadata.version("hypercorn")


def tested(version: str) -> bool:
    release = _release(version)
    low, below = TESTED
    return release is not None and low <= release < below


def require_tested_hypercorn(version: str | None = None) -> None:
    """Raise `UnsupportedHypercorn` (a one-line message) unless the installed Hypercorn is one of `TESTED`."""
    version = _installed() if version is None else version
    if not tested(version):
        (low_major, low_minor), (below_major, below_minor) = TESTED
        wanted = f"hypercorn>={low_major}.{low_minor},<{below_major}.{below_minor}"
        raise UnsupportedHypercorn(
            f"Hypercorn {version} is installed, but cursord patches Hypercorn's internals and is tested only with "
            f"{wanted}: pip install '{wanted}'"
        )


_MARK = "_cursord_fixed"
#: a stalled-write deadline is renewed after each piece of this size the client takes.
_STALL_CHUNK = 64 * 1024


def _tolerate_close_race() -> None:
    original = TCPServer.protocol_send
    if getattr(original, _MARK, False):
        return

    async def protocol_send(self: TCPServer, event: Event) -> None:
        try:
            await original(self, event)
        except trio.BusyResourceError:
            await self.protocol.handle(Closed())

    setattr(protocol_send, _MARK, True)
    TCPServer.protocol_send = protocol_send  # type: ignore[method-assign]


def _drop_data_for_finished_streams() -> None:
    original = H2Protocol._handle_events
    if getattr(original, _MARK, False):
        return

    async def _handle_events(self: Any, events: list[h2.events.Event]) -> None:
        # One event at a time: a stream opened by an earlier event of the same batch must exist by the
        # time its DATA is looked at.
        for event in events:
            if isinstance(event, h2.events.DataReceived) and event.stream_id not in self.streams:
                with contextlib.suppress(h2.exceptions.StreamClosedError, h2.exceptions.ProtocolError):
                    self.connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                continue
            await original(self, [event])
            if isinstance(event, h2.events.StreamReset):
                await _release_reset_stream(self, event.stream_id)

    setattr(_handle_events, _MARK, True)
    H2Protocol._handle_events = _handle_events  # type: ignore[method-assign]


async def _release_reset_stream(protocol: Any, stream_id: int) -> None:
    """Mark a reset stream's send buffer complete and let the send task drop it.

    The send task then finds the buffer complete, its `end_stream` fails on the reset stream, and its
    handler deletes the buffer and removes the stream from the priority tree. Deleting them here
    instead would race that task, which may be between two awaits on this very stream."""
    buffer = protocol.stream_buffers.get(stream_id)
    if buffer is None:
        return
    await buffer.close()  # also wakes an app send blocked on the full buffer
    with contextlib.suppress(MissingStreamError):
        protocol.priority.unblock(stream_id)
    await protocol.has_data.set()


def _reset_streams_abandoned_mid_response() -> None:
    original = H2Protocol.stream_send
    if getattr(original, _MARK, False):
        return

    async def stream_send(self: Any, event: Any) -> None:
        if isinstance(event, StreamClosed):
            buffer = self.stream_buffers.get(event.stream_id)
            if buffer is not None and not buffer._complete:  # the app left before its response ended
                with contextlib.suppress(h2.exceptions.StreamClosedError, h2.exceptions.ProtocolError):
                    self.connection.reset_stream(event.stream_id, h2.errors.ErrorCodes.INTERNAL_ERROR)
                    await self._flush()
                await _release_reset_stream(self, event.stream_id)
        await original(self, event)

    setattr(stream_send, _MARK, True)
    H2Protocol.stream_send = stream_send  # type: ignore[method-assign]


def _hold_h2_bodies_to_the_window() -> None:
    original_send = H2Protocol.stream_send
    if getattr(original_send, _MARK + "_window", False):
        return

    async def push(self: StreamBuffer, data: bytes) -> None:
        """Add to the buffer; never waits (`stream_send` waits for room before it pushes)."""
        if self._complete:
            raise BufferCompleteError()
        self.buffer.extend(data)
        await self._is_empty.clear()
        if len(self.buffer) >= BUFFER_HIGH_WATER:
            await self._paused.clear()

    async def pop(self: StreamBuffer, max_length: int) -> bytes:
        length = min(len(self.buffer), max_length)
        data = bytes(self.buffer[:length])
        del self.buffer[:length]
        if data:
            self._cursord_taken_at = trio.current_time()  # type: ignore[attr-defined]
        if len(self.buffer) < BUFFER_LOW_WATER:
            await self._paused.set()
        if not self.buffer:
            await self._is_empty.set()
        return data

    async def stream_send(self: Any, event: Any) -> None:
        buffer = self.stream_buffers.get(getattr(event, "stream_id", None))
        if buffer is not None and isinstance(event, (Body, Data, EndBody, EndData, Trailers)):
            # Body: room below the high-water mark first. The end of a body or its trailers: all sent first.
            full = isinstance(event, (Body, Data))
            if len(buffer.buffer) >= (BUFFER_HIGH_WATER if full else 1) and not buffer._complete:
                with contextlib.suppress(MissingStreamError):
                    self.priority.unblock(event.stream_id)
                await self.has_data.set()
                if not await _wait_for_progress(self, buffer, buffer._paused if full else buffer._is_empty):
                    await _cut_stalled_stream(self, event.stream_id)
                    return
        await original_send(self, event)

    setattr(stream_send, _MARK + "_window", True)
    StreamBuffer.push = push  # type: ignore[method-assign]
    StreamBuffer.pop = pop  # type: ignore[method-assign]
    H2Protocol.stream_send = stream_send  # type: ignore[method-assign]


async def _wait_for_progress(protocol: Any, buffer: StreamBuffer, event: Any) -> bool:
    """Wait for `event` (room in `buffer`, or `buffer` empty); False if the send task took nothing from
    `buffer` for the connection's `send_stall_timeout`."""
    stall = getattr(protocol.config, "send_stall_timeout", None)
    if stall is None:
        await event.wait()
        return True
    waiting_since = trio.current_time()
    while True:
        progress = max(waiting_since, getattr(buffer, "_cursord_taken_at", waiting_since))
        with trio.move_on_at(progress + stall):
            await event.wait()
            return True
        if getattr(buffer, "_cursord_taken_at", waiting_since) <= progress:
            return False


async def _cut_stalled_stream(protocol: Any, stream_id: int) -> None:
    """Reset a stream whose client has taken none of its data for `send_stall_timeout`; its app hears
    `http.disconnect` and its buffer goes, as for a stream the client reset."""
    stall = protocol.config.send_stall_timeout
    log.info("reset an HTTP/2 stream whose client opened no flow-control window for %g s", stall)
    on_stall = getattr(protocol.config, "on_send_stall", None)
    if on_stall is not None:
        on_stall()
    with contextlib.suppress(h2.exceptions.StreamClosedError, h2.exceptions.ProtocolError):
        protocol.connection.reset_stream(stream_id, h2.errors.ErrorCodes.CANCEL)
        await protocol._flush()
    await protocol._close_stream(stream_id)
    await _release_reset_stream(protocol, stream_id)


def _h2_takes_now(protocol: Any, stream_id: int, data: bytes) -> bool:
    """Hand `data` to h2 as one DATA frame if the stream has nothing buffered and its window takes the whole of
    it (the fast path of `_write_h2_bodies_directly`, and of `body_writer`); False, nothing changed, otherwise.
    h2 closes a stream as it reads the client's RST_STREAM, before Hypercorn has handled it (issue 27 #3: the
    window read raised StreamClosedError out of the app): False then too."""
    buffer = protocol.stream_buffers.get(stream_id)
    if buffer is None or buffer.buffer or buffer._complete:
        return False
    connection = protocol.connection
    try:
        if len(data) > min(connection.local_flow_control_window(stream_id), connection.max_outbound_frame_size):
            return False
        connection.send_data(stream_id, data)
    except h2.exceptions.ProtocolError:
        return False
    return True


def _write_h2_bodies_directly() -> None:
    original = H2Protocol.stream_send
    if getattr(original, _MARK + "_direct", False):
        return

    async def stream_send(self: Any, event: Any) -> None:
        if type(event) is Body and event.data and _h2_takes_now(self, event.stream_id, event.data):
            await self._flush()
            return
        await original(self, event)  # (a stream closing: the buffered path deals with it as it always has)

    setattr(stream_send, _MARK + "_direct", True)
    H2Protocol.stream_send = stream_send  # type: ignore[method-assign]


def _close_idle_connections_promptly() -> None:
    original_read = TCPServer._read_data
    if getattr(original_read, _MARK, False):
        return
    original_send = TCPServer.protocol_send

    async def _read_data(self: TCPServer) -> None:
        # Hypercorn's loop, with its read deadline only when `read_timeout` is set (cursord leaves it unset:
        # `fail_after(read_timeout or inf)` kept a scope under every connection's pending read, about 0.7 KB),
        # and a plain socket read where it waits (`_receive_at_once`).
        timeout = self.config.read_timeout
        stream: trio.abc.Stream = self.stream  # Hypercorn types it as TLS; a plain connection's is a SocketStream
        plain = stream if timeout is None and isinstance(stream, trio.SocketStream) else None
        waited = False
        while True:
            try:
                if plain is not None:
                    if not waited:
                        await trio.lowlevel.checkpoint_if_cancelled()
                    received = _receive_at_once(plain)
                    if received is None:  # nothing there yet
                        await trio.lowlevel.wait_readable(plain.socket)
                        waited = True
                        continue
                    data: bytes | bytearray = received
                    if not waited:  # trio's receive is a checkpoint even when the bytes were there
                        await trio.lowlevel.cancel_shielded_checkpoint()
                    waited = False
                elif timeout is None:
                    data = await stream.receive_some(MAX_RECV)
                else:
                    with trio.fail_after(timeout):
                        data = await stream.receive_some(MAX_RECV)
            except (trio.ClosedResourceError, trio.BrokenResourceError, trio.TooSlowError):
                break
            await self.protocol.handle(RawData(bytes(data)))
            if data == b"":
                break
            del data  # not kept while the loop waits for more
        await self.protocol.handle(Closed())
        # Nothing more can arrive: only the app's open responses keep the connection now.
        await self.idle_task.stop()

    async def protocol_send(self: TCPServer, event: Event) -> None:
        if isinstance(event, Updated) and not event.idle:
            self._cursord_saw_request = True  # type: ignore[attr-defined]
        stall = getattr(self.config, "send_stall_timeout", None)
        if isinstance(event, RawData) and stall is not None:
            await _send_or_cut(self, event.data, stall)
            return
        await original_send(self, event)

    async def _idle_timeout(self: TCPServer) -> None:
        timeout = self.config.keep_alive_timeout
        if not getattr(self, "_cursord_saw_request", False):
            timeout = min(timeout, getattr(self.config, "first_request_timeout", timeout))
        with trio.move_on_after(timeout):
            await self.context.terminated.wait()
        with trio.CancelScope(shield=True):
            await self._initiate_server_close()

    for fn in (_read_data, protocol_send, _idle_timeout):
        setattr(fn, _MARK, True)
    TCPServer._read_data = _read_data  # type: ignore[method-assign]
    TCPServer.protocol_send = protocol_send  # type: ignore[method-assign]
    TCPServer._idle_timeout = _idle_timeout  # type: ignore[method-assign]


async def _send_or_cut(server: TCPServer, data: bytes, stall: float) -> None:
    """Hypercorn's write (shielded: a half-written frame would corrupt the connection), with a deadline
    that moves on as long as the client takes bytes; past it the connection is closed.

    The lock is taken without a scheduler pass when it is free (nearly always: one response at a time
    writes on an HTTP/1.1 connection); the write is the send's checkpoint. `async with lock` would spend a
    pass of its own on every send, a whole task step per streamed event."""
    if not data:
        await trio.lowlevel.checkpoint()
        return
    lock = server.send_lock
    try:
        lock.acquire_nowait()
    except trio.WouldBlock:
        await lock.acquire()
    try:
        sent = _write_at_once(server.stream, data)
        if sent == len(data):
            return  # no checkpoint, as a shielded write had no cancel point: the sender's next wait is one
        written = await _write_rest(server, memoryview(data), sent, stall)
    finally:
        lock.release()
    if not written:
        await _close_stalled(server, stall)


async def _write_rest(server: TCPServer, view: memoryview, sent: int, stall: float) -> bool:
    """Write `view` from `sent` on, under the send lock (held by the caller): shielded (a half-written frame
    would corrupt the connection), with a deadline that moves on as long as the client takes bytes. False if
    the client took nothing for `stall` seconds: the caller closes the connection once it has let go of the
    lock (`_close_stalled`)."""
    try:
        while sent < len(view):
            with trio.CancelScope(shield=True, deadline=trio.current_time() + stall) as scope:
                chunk = view[sent : sent + _STALL_CHUNK]
                await server.stream.send_all(chunk)
            if scope.cancelled_caught:
                return False
            sent += len(chunk)
    except (trio.BrokenResourceError, trio.ClosedResourceError, trio.BusyResourceError):
        await server.protocol.handle(Closed())  # gone, or being closed by `_close` right now
    return True


async def _close_stalled(server: TCPServer, stall: float) -> None:
    log.info("closed a connection whose client took no data for %g s", stall)
    on_stall = getattr(server.config, "on_send_stall", None)
    if on_stall is not None:
        on_stall()
    with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
        await server.stream.aclose()
    await server.protocol.handle(Closed())


def _receive_at_once(stream: trio.SocketStream) -> bytes | None:
    """What a plain socket holds, up to `MAX_RECV` bytes (b"": the client closed its side); None when nothing
    is there yet. A closed or broken socket raises `trio.ClosedResourceError` / `trio.BrokenResourceError`, as
    `receive_some` would.

    The connection's read loop waits with `wait_readable` and reads with this, instead of waiting inside
    `SocketStream.receive_some`: that wait kept five more coroutine frames and a context manager's generator
    under every idle connection (about 1.5 KB)."""
    fd = stream.socket.fileno()
    if fd == -1:
        raise trio.ClosedResourceError("the socket was closed")
    try:
        return os.read(fd, MAX_RECV)
    except BlockingIOError:
        return None
    except OSError as exc:  # reset by the peer, and the like: what trio's receive raises them as
        raise trio.BrokenResourceError from exc


def _write_at_once(stream: trio.abc.Stream, data: bytes) -> int:
    """Write what a plain socket's buffer takes of `data` now, without a wait (0: nothing, a TLS stream, or
    an error, which the write through trio then meets and reports as it always has).

    A streamed event is small and the socket's buffer nearly always has room: trio's `send_all` would
    take a cancel scope here, then a scheduler pass after the write (its checkpoint), a whole task step
    of the sender's per event. What does not fit goes on through `send_all`, under the stall deadline."""
    if type(stream) is not trio.SocketStream:
        return 0
    try:
        return os.write(stream.socket.fileno(), data)
    except OSError:  # full (EAGAIN), closed, reset: trio's write says which
        return 0


def _contain_and_release_connections() -> None:
    """Two fixes in `TCPServer.run`, which is Hypercorn's otherwise (rewritten here rather than wrapped: a frame
    less on every connection's stack): a failure inside the connection's protocol code ends that connection,
    logged, not the server nursery; and once every task of the connection has ended, its protocol drops its
    streams and their buffers."""
    original = TCPServer.run
    if getattr(original, _MARK, False):
        return

    async def run(self: TCPServer) -> None:
        try:
            stream: Any = self.stream
            if isinstance(stream, trio.SSLStream):
                try:
                    with trio.fail_after(self.config.ssl_handshake_timeout):
                        await stream.do_handshake()
                except (trio.BrokenResourceError, trio.TooSlowError):
                    return  # the handshake failed
                alpn_protocol, socket, ssl = stream.selected_alpn_protocol(), stream.transport_stream.socket, True
            else:
                alpn_protocol, socket, ssl = "http/1.1", stream.socket, False
            try:
                client = parse_socket_addr(socket.family, socket.getpeername())
                server = parse_socket_addr(socket.family, socket.getsockname())
                async with TaskGroup() as task_group:
                    self._task_group = task_group
                    self.protocol = ProtocolWrapper(
                        self.app, self.config, self.context, task_group, ConnectionState(self.state), ssl, client,
                        server, self.protocol_send, alpn_protocol,
                    )
                    await self.protocol.initiate()
                    await self.idle_task.restart(task_group, self._idle_timeout)
                    await self._read_data()
            except OSError:
                pass
            finally:
                await self._close()
        except Exception:
            log.exception("an HTTP connection failed inside Hypercorn; that connection was closed")
            with contextlib.suppress(Exception):
                await self.stream.aclose()
        finally:
            # Every task of the connection has ended: drop what its protocol holds, so that the
            # reference cycles of its objects (h2's connection refers to itself) keep nothing large.
            wrapper = getattr(self, "protocol", None)
            protocol = getattr(wrapper, "protocol", None)
            if isinstance(protocol, H2Protocol):
                protocol.stream_buffers.clear()
                protocol.streams.clear()
            with contextlib.suppress(AttributeError):
                del self.protocol

    setattr(run, _MARK, True)
    TCPServer.run = run  # type: ignore[method-assign]


def _light_connections() -> None:
    """What every connection holds for its life, made only when used: its send lock a `LazyLock` (its line of
    waiters made when a task waits), its idle timer an `_IdleTask` (no lock at all), and its protocol's events
    `LazyEvent`s from the worker context's `event_class` (the `trio.Event` and its set of waiters made when a
    task waits: an HTTP/1.1 connection's `can_read`, made per connection, is waited for only when h11 pauses
    it)."""

    def __init__(self: TCPServer, app: Any, config: Any, context: Any, state: Any, stream: Any) -> None:
        # Hypercorn's, with the send lock and the idle timer above.
        self.app = app
        self.config = config
        self.context = context
        self.send_lock = LazyLock()  # type: ignore[assignment]
        self.idle_task = _IdleTask()
        self.stream = stream
        self.state = state

    TCPServer.__init__ = __init__  # type: ignore[method-assign]
    WorkerContext.event_class = LazyEvent


class _IdleTask(TrioSingleTask):
    """Hypercorn's `TrioSingleTask` (a connection's idle timer) without its lock and `nursery.start`.

    Hypercorn restarts the timer each time a connection falls idle and stops it when a request comes (about
    seven times a run start, over its RunSSE and BidiAppend connections). Its restart took a lock and waited
    in `nursery.start` for the new timer task to run: a scheduler pass of the connection's task each time.
    Here the timer's cancel scope is made first and the task spawned under it, so nothing waits (and no lock
    is needed: nothing in between can switch tasks); a timer stopped before its task runs ends at once."""

    def __init__(self) -> None:
        self._handle: trio.CancelScope | None = None

    async def restart(self, task_group: Any, action: Any) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = scope = trio.CancelScope()
        task_group._nursery.start_soon(_timer, scope, action)

    async def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None


async def _timer(scope: trio.CancelScope, action: Any) -> None:
    with scope:
        await action()


def _light_app_queues() -> None:
    original = TaskGroup.spawn_app
    if getattr(original, _MARK, False):
        return

    async def spawn_app(self: TaskGroup, app: Any, config: Any, scope: Any, send: Any) -> Any:
        # Hypercorn's, with an AppQueue where it opens a memory channel of the same size.
        queue = AppQueue(config.max_app_queue_size)
        assert self._nursery is not None
        self._nursery.start_soon(_run_app, app, config, scope, queue, send)
        return queue.send

    setattr(spawn_app, _MARK, True)
    TaskGroup.spawn_app = spawn_app  # type: ignore[method-assign]


async def _run_app(app: Any, config: Any, scope: Any, receive: Any, send: Any) -> None:
    """Hypercorn's `_handle` (the task of one request's app), calling an ASGI app inside Hypercorn's
    `ASGIWrapper` itself: the wrapper's `__call__` only awaited it, a frame more on every request's stack."""
    try:
        if type(app) is ASGIWrapper:
            await app.app(scope, receive, send)
        else:
            await app(scope, receive, send, trio.to_thread.run_sync, trio.from_thread.run)
    except trio.Cancelled:
        raise
    except BaseExceptionGroup as error:
        _, other_errors = error.split(trio.Cancelled)
        if other_errors is not None:
            await config.log.exception("Error in ASGI Framework")
            await send(None)
        else:
            raise
    except Exception:
        await config.log.exception("Error in ASGI Framework")
    finally:
        await send(None)


#: writes a response body chunk now, all of it (True), or does nothing (False): see `body_writer`
BodyWriter = Callable[[bytes], bool]
#: how many wrappers of `send` `body_writer` looks through
_MOST_WRAPPERS = 4


def body_writer(send: Any) -> BodyWriter | None:
    """A way to write `send`'s response body chunks without awaiting, from any task, if `send` is Hypercorn's
    own for a response under way over a plain socket (HTTP/2 or HTTP/1.1) with these fixes applied: what a
    RunSSE's publisher uses to write a frame for a connection parked with nothing else to send, the task step
    of that connection's wake saved. None for any other `send`: a wrapper (the capture recorder's, which must
    see every message), TLS, an untested Hypercorn, a response not started or whose body is suppressed. A
    wrapper whose `passes_bodies_to` names the `send` it passes body messages to, unchanged, is gone around.

    The writer takes the fast path of `send` itself or nothing: the stream's send buffer empty, its flow-control
    window wide enough for the whole chunk in one frame (HTTP/2), h11 in the middle of the body (HTTP/1.1), and
    the connection's send lock free (no other writer in the middle of a write, none waiting). It then frames the
    chunk and writes what the socket takes; if the socket does not take it all, the lock is handed to a task of
    the connection's that writes the rest before any other writer, as `send` would have (a frame is never left
    half written). Otherwise it returns False and changes nothing: the caller `send`s as always."""
    if not _APPLIED:
        return None
    for _ in range(_MOST_WRAPPERS):  # wrappers that pass bodies on unchanged (a Run's: its head is sent)
        inner = getattr(send, "passes_bodies_to", None)
        if inner is None:
            break
        send = inner
    stream = getattr(send, "__self__", None)
    if type(stream) is not HTTPStream or getattr(send, "__func__", None) is not HTTPStream.app_send:
        return None
    if stream.response is None or suppress_body(stream.scope["method"], int(stream.response["status"])):
        return None
    protocol = getattr(stream.send, "__self__", None)
    server: Any = getattr(getattr(protocol, "send", None), "__self__", None)  # its lock and stream as patched here
    if (
        type(server) is not TCPServer
        or not _plain(server.stream)
        or getattr(server.config, "send_stall_timeout", None) is None
        or not isinstance(server.send_lock, LazyLock)
    ):
        return None
    if type(protocol) is H2Protocol:
        return _H2BodyWriter(stream, protocol, server)
    if type(protocol) is H11Protocol:
        return _H11BodyWriter(stream, protocol, server)
    return None


def _plain(stream: object) -> bool:
    return type(stream) is trio.SocketStream


class _H2BodyWriter:
    """`_write_h2_bodies_directly`'s fast path, without awaiting (`body_writer`)."""

    __slots__ = ("_protocol", "_server", "_stream")

    def __init__(self, stream: HTTPStream, protocol: H2Protocol, server: Any) -> None:
        self._stream, self._protocol, self._server = stream, protocol, server

    def __call__(self, data: bytes) -> bool:
        stream, protocol = self._stream, self._protocol
        if stream.closed or stream.state is not ASGIHTTPState.RESPONSE or not data:
            return False
        if not self._server.send_lock.is_free() or not _h2_takes_now(protocol, stream.stream_id, data):
            return False
        _write_now(self._server, protocol.connection.data_to_send())
        return True


class _H11BodyWriter:
    """Hypercorn's h11 body send, without awaiting (`body_writer`)."""

    __slots__ = ("_protocol", "_server", "_stream")

    def __init__(self, stream: HTTPStream, protocol: H11Protocol, server: Any) -> None:
        self._stream, self._protocol, self._server = stream, protocol, server

    def __call__(self, data: bytes) -> bool:
        stream = self._stream
        if stream.closed or stream.state is not ASGIHTTPState.RESPONSE or not data:
            return False
        connection = self._protocol.connection
        if (
            type(connection) is not h11.Connection
            or connection.our_state is not h11.SEND_BODY
            or connection.their_state is h11.ERROR
            or not self._server.send_lock.is_free()
        ):
            return False
        try:
            out = connection.send(h11.Data(data=data))
        except h11.LocalProtocolError:
            return False
        if out:
            _write_now(self._server, out)
        return True


def _write_now(server: Any, data: bytes) -> None:
    """Write `data` on a connection whose send lock is free, without awaiting: what the socket takes now, and
    the rest by a task of the connection's that holds the lock meanwhile (no other writer comes between)."""
    if not data:
        return
    sent = _write_at_once(server.stream, data)
    if sent < len(data):
        try:
            server._task_group.spawn(_finish_write, server, memoryview(data), sent)
        except (AttributeError, RuntimeError):  # its tasks have ended (no nursery, or a closed one): closing
            return
        server.send_lock.hand_over()  # before the task runs: no other writer comes between


async def _finish_write(server: Any, view: memoryview, sent: int) -> None:
    lock = server.send_lock
    lock.adopt()
    stall = server.config.send_stall_timeout
    try:
        written = await _write_rest(server, view, sent, stall)
    finally:
        lock.release()
    if not written:
        await _close_stalled(server, stall)


_APPLIED = False

if tested(_installed()):
    _APPLIED = True
    _tolerate_close_race()
    _drop_data_for_finished_streams()
    _reset_streams_abandoned_mid_response()
    _hold_h2_bodies_to_the_window()
    _write_h2_bodies_directly()
    _close_idle_connections_promptly()
    _contain_and_release_connections()
    _light_app_queues()
    _light_connections()
