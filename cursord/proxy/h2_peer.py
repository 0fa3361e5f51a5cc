"""HTTP/2 over a trio stream for the proxy, either side: the sans-IO `h2` connection, one reader task, inboxes.

Theory of operation. `H2Peer` pairs an `h2.connection.H2Connection` (all protocol state lives there) with a
stream. One reader task (`run_reader`) owns `receive_some`: it feeds bytes to h2 and turns each event into
an item (`Head`, `Data`, `Trailers`, `End`, `Reset`, `Lost`) posted to that stream's `Inbox`. One writer
task (started by the reader) owns `send_all`: `flush` moves h2's bytes to the outgoing buffer, in the
order h2 made them, and waits until the writer wrote them. The reader never waits for the writer (over
TLS a write may need the reader to read first; a reader stuck behind a write would deadlock), except
when more than `MAX_OUTGOING` bytes are queued, which only a peer that floods us and reads nothing causes.

Flow control is the backpressure, both ways. Inbound: a stream's DATA is acknowledged (its window handed
back to the sender) only when the consumer calls `acknowledge`, that is once the bytes went on (upstream,
to the client, or into the app), so what sits in inboxes is bounded by the windows this side announces
(`STREAM_WINDOW` per stream, `CONNECTION_WINDOW` for the connection), never by how fast the sender is.
Outbound: `send_data` sends no more than the peer's windows allow and waits for a WINDOW_UPDATE.

A stream that ends (reset, lost, or `forget` once its handler is done) leaves the table at once, its
unacknowledged bytes handed back, so a flood of opened-and-reset streams leaves nothing behind; h2 itself
keeps a bounded record of closed stream ids. A GOAWAY marks the peer `draining` (no new streams) and
loses the streams above its last stream id (`Lost(unprocessed=True)`); EOF or a protocol error loses the
rest. An inbound stream (server side) is handed to `on_stream`, injected at construction.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import attrs
import h2.config
import h2.connection
import h2.errors
import h2.events
import h2.exceptions
import h2.settings
import trio

__all__ = [
    "CONNECTION_WINDOW",
    "STREAM_WINDOW",
    "Data",
    "End",
    "H2Peer",
    "Head",
    "Inbox",
    "Item",
    "Lost",
    "Reset",
    "StreamGone",
    "Trailers",
]

log = logging.getLogger(__name__)

HeaderList = list[tuple[bytes, bytes]]

MAX_RECV = 1 << 16
#: the receive window announced per stream, and for the whole connection.
STREAM_WINDOW = 1 << 18
CONNECTION_WINDOW = 1 << 22
#: the largest header block accepted (Cursor's requests carry long JWTs and x-cursor-* headers).
MAX_HEADER_LIST = 1 << 16
#: the largest DATA frame we accept (HTTP/2's default is 16 KiB; bigger frames halve the per-frame work).
MAX_FRAME = 1 << 16
_DEFAULT_WINDOW = 65535
#: bytes queued for the writer past which the reader stops reading until they are written.
MAX_OUTGOING = 1 << 20

P = ParamSpec("P")
T = TypeVar("T")


@attrs.frozen
class Head:
    """Request or response headers (pseudo-headers included); `informational` for a 1xx. An `End` follows
    even when `end_stream` says the head ended the stream (as h2 reports it)."""

    headers: HeaderList
    end_stream: bool = False
    informational: bool = False


@attrs.frozen
class Data:
    """DATA as received; `flow_length` (padding included) is what `acknowledge` hands back."""

    data: bytes
    flow_length: int


@attrs.frozen
class Trailers:
    headers: HeaderList


@attrs.frozen
class End:
    """The peer ended its side of the stream (after `Data` or `Trailers` that did not say so)."""


@attrs.frozen
class Reset:
    code: int


@attrs.frozen
class Lost:
    """The connection went away (EOF, protocol error, GOAWAY); `unprocessed` if the peer said (GOAWAY) that
    it never acted on the stream."""

    reason: str
    unprocessed: bool = False


Item = Head | Data | Trailers | End | Reset | Lost


class StreamGone(Exception):
    """The stream can take no more frames: reset (`code`), or its connection is gone (`code` None)."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.code = code


@attrs.define(eq=False)
class Inbox:
    """What arrived for one stream, in order; `gone` is set when it was reset or its connection lost."""

    stream_id: int
    send: trio.MemorySendChannel[Item]
    receive: trio.MemoryReceiveChannel[Item]
    gone: trio.Event = attrs.Factory(trio.Event)
    reset_code: int | None = None
    unacknowledged: int = 0

    @classmethod
    def new(cls, stream_id: int) -> Inbox:
        send, receive = trio.open_memory_channel[Item](math.inf)  # bounded by flow control, see above
        return cls(stream_id, send, receive)


def _configuration(client_side: bool) -> h2.config.H2Configuration:
    return h2.config.H2Configuration(
        client_side=client_side,
        header_encoding=None,
        normalize_inbound_headers=False,  # headers pass unchanged (no cookie joining or splitting)
        normalize_outbound_headers=False,
    )


@attrs.define(eq=False)
class H2Peer:
    stream: trio.abc.Stream
    conn: h2.connection.H2Connection
    #: called (from the reader task, without awaiting) with each new inbound stream's inbox.
    on_stream: Callable[[Inbox], None] | None = None
    inboxes: dict[int, Inbox] = attrs.Factory(dict)
    #: set once the connection is gone (EOF, transport or protocol error, `close`).
    closed: trio.Event = attrs.Factory(trio.Event)
    #: a GOAWAY arrived (or was sent): no new streams on this connection.
    draining: bool = False
    _window_changed: trio.Event = attrs.Factory(trio.Event)
    _outgoing: bytearray = attrs.Factory(bytearray)
    _queued: int = 0  # bytes ever queued for the writer
    _written: int = 0  # bytes the writer wrote
    _write_wanted: trio.Event = attrs.Factory(trio.Event)
    _wrote: trio.Event = attrs.Factory(trio.Event)
    _writer_running: bool = False

    @classmethod
    def server(cls, stream: trio.abc.Stream, on_stream: Callable[[Inbox], None], max_streams: int) -> H2Peer:
        peer = cls(stream, h2.connection.H2Connection(_configuration(client_side=False)), on_stream)
        peer._settings(max_streams)
        return peer

    @classmethod
    def client(cls, stream: trio.abc.Stream) -> H2Peer:
        peer = cls(stream, h2.connection.H2Connection(_configuration(client_side=True)))
        peer._settings(None)
        return peer

    def _settings(self, max_streams: int | None) -> None:
        values = {
            h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: STREAM_WINDOW,
            h2.settings.SettingCodes.MAX_HEADER_LIST_SIZE: MAX_HEADER_LIST,
            h2.settings.SettingCodes.MAX_FRAME_SIZE: MAX_FRAME,
        }
        if max_streams is not None:
            values[h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS] = max_streams
        else:
            values[h2.settings.SettingCodes.ENABLE_PUSH] = 0
        self.conn.local_settings = h2.settings.Settings(client=self.conn.config.client_side, initial_values=values)
        # accepted at once: the peer may use it as soon as it reads our SETTINGS, before we read its ACK
        self.conn.max_inbound_frame_size = MAX_FRAME
        self.conn.initiate_connection()
        self.conn.increment_flow_control_window(CONNECTION_WINDOW - _DEFAULT_WINDOW)

    # --- reading -------------------------------------------------------------------------------------

    async def run_reader(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """The reader task (with the writer task beside it): sends the preface and SETTINGS, then reads until
        the connection ends."""
        reason = "connection closed"
        async with trio.open_nursery() as nursery:
            self._writer_running = True
            nursery.start_soon(self._run_writer)
            task_status.started()
            try:
                self._queue()
                while True:
                    try:
                        data = await self.stream.receive_some(MAX_RECV)
                    except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                        reason = f"connection lost: {exc!r}"
                        return
                    if not data:
                        return
                    try:
                        events = self.conn.receive_data(bytes(data))
                    except h2.exceptions.ProtocolError as exc:
                        reason = f"HTTP/2 protocol error: {exc}"
                        with trio.move_on_after(1), contextlib.suppress(StreamGone):
                            await self.flush()  # h2 queued the GOAWAY
                        return
                    for event in events:
                        self._dispatch(event)
                    self._queue()
                    if len(self._outgoing) > MAX_OUTGOING:
                        await self.flush()
            except StreamGone as exc:
                reason = str(exc)
            finally:
                self._lose_all(reason)
                self._writer_running = False
                nursery.cancel_scope.cancel()

    async def _run_writer(self) -> None:
        try:
            while True:
                while not self._outgoing:
                    self._write_wanted = trio.Event()
                    await self._write_wanted.wait()
                data = bytes(self._outgoing)
                self._outgoing.clear()
                await self.stream.send_all(data)
                self._written += len(data)
                self._wrote.set()
                self._wrote = trio.Event()
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            self._lose_all(f"connection lost while sending: {exc!r}")
        finally:
            self._writer_running = False
            self._wrote.set()

    def _dispatch(self, event: h2.events.Event) -> None:
        if isinstance(event, h2.events.RequestReceived):
            inbox = self.inboxes[event.stream_id] = Inbox.new(event.stream_id)
            inbox.send.send_nowait(Head(list(event.headers or []), event.stream_ended is not None))
            if self.on_stream is not None:
                self.on_stream(inbox)
        elif isinstance(event, h2.events.ResponseReceived):
            self._post(event.stream_id, Head(list(event.headers or []), event.stream_ended is not None))
        elif isinstance(event, h2.events.InformationalResponseReceived):
            self._post(event.stream_id, Head(list(event.headers or []), informational=True))
        elif isinstance(event, h2.events.DataReceived):
            assert event.stream_id is not None
            length = event.flow_controlled_length or 0
            reader = self.inboxes.get(event.stream_id)
            if reader is None:
                self._acknowledge(event.stream_id, length)  # a stream nobody reads: keep the window open
            else:
                reader.unacknowledged += length
                reader.send.send_nowait(Data(bytes(event.data or b""), length))
        elif isinstance(event, h2.events.TrailersReceived):
            self._post(event.stream_id, Trailers(list(event.headers or [])))
        elif isinstance(event, h2.events.StreamEnded):
            self._post(event.stream_id, End())
        elif isinstance(event, h2.events.StreamReset):
            reset = self.inboxes.pop(event.stream_id or 0, None)
            if reset is not None:
                reset.reset_code = int(event.error_code or 0)
                reset.send.send_nowait(Reset(reset.reset_code))
                reset.gone.set()
            self._wake_senders()
        elif isinstance(event, h2.events.ConnectionTerminated):
            self.draining = True
            last = event.last_stream_id if event.last_stream_id is not None else 0
            for stream_id in [sid for sid in self.inboxes if sid > last and self._is_ours(sid)]:
                self._lose(stream_id, f"GOAWAY ({_code_name(event.error_code)})", unprocessed=True)
            self._wake_senders()
        elif isinstance(event, h2.events.WindowUpdated | h2.events.RemoteSettingsChanged):
            self._wake_senders()

    def _is_ours(self, stream_id: int) -> bool:
        """Whether this side opened `stream_id` (a GOAWAY's last stream id counts the other side's)."""
        return (stream_id % 2 == 1) == self.conn.config.client_side

    def _post(self, stream_id: int | None, item: Item) -> None:
        inbox = self.inboxes.get(stream_id or 0)
        if inbox is not None:
            inbox.send.send_nowait(item)

    def _lose(self, stream_id: int, reason: str, *, unprocessed: bool = False) -> None:
        inbox = self.inboxes.pop(stream_id, None)
        if inbox is not None:
            inbox.send.send_nowait(Lost(reason, unprocessed))
            inbox.gone.set()

    def _lose_all(self, reason: str) -> None:
        self.draining = True
        self.closed.set()
        self._wrote.set()
        for stream_id in list(self.inboxes):
            self._lose(stream_id, reason)
        self._wake_senders()

    def _wake_senders(self) -> None:
        self._window_changed.set()
        self._window_changed = trio.Event()

    # --- acknowledging -------------------------------------------------------------------------------

    def _acknowledge(self, stream_id: int, length: int) -> None:
        if length <= 0:
            return
        try:
            self.conn.acknowledge_received_data(length, stream_id)
        except (h2.exceptions.StreamClosedError, h2.exceptions.ProtocolError):
            # the stream is gone; the connection's share still goes back
            with contextlib.suppress(h2.exceptions.ProtocolError):
                self.conn.increment_flow_control_window(length)

    async def acknowledge(self, inbox: Inbox, length: int) -> None:
        """`length` bytes of `inbox`'s DATA went on: hand that window back to the sender."""
        length = min(length, inbox.unacknowledged)
        inbox.unacknowledged -= length
        self._acknowledge(inbox.stream_id, length)
        self._queue()  # a WINDOW_UPDATE needs no backpressure: the writer sends it with whatever comes next
        await trio.lowlevel.checkpoint()

    def forget(self, inbox: Inbox) -> None:
        """The handler of `inbox`'s stream is done: drop it, returning what it never acknowledged."""
        self.inboxes.pop(inbox.stream_id, None)
        pending, inbox.unacknowledged = inbox.unacknowledged, 0
        if pending and not self.closed.is_set():
            with contextlib.suppress(h2.exceptions.ProtocolError):
                self.conn.increment_flow_control_window(pending)
        inbox.send.close()

    # --- writing -------------------------------------------------------------------------------------

    def _queue(self) -> int:
        """Move what h2 has to send to the writer's buffer; the total queued so far."""
        data = self.conn.data_to_send()
        if data:
            self._outgoing += data
            self._queued += len(data)
            self._write_wanted.set()
        return self._queued

    async def flush(self) -> None:
        """Everything h2 has to send, written by the writer task; StreamGone if the connection goes first."""
        target = self._queue()
        while self._written < target:
            if self.closed.is_set() or not self._writer_running:
                raise StreamGone("the connection is gone")
            await self._wrote.wait()
        await trio.lowlevel.checkpoint()

    def can_open(self) -> bool:
        """A new stream may go out on this connection now."""
        if self.draining or self.closed.is_set():
            return False
        return self.conn.open_outbound_streams < self.conn.remote_settings.max_concurrent_streams

    async def open_stream(self, headers: HeaderList, end_stream: bool) -> Inbox:
        """A new outbound stream with this request head (client side)."""
        if not self.can_open():
            raise StreamGone("this connection takes no new streams")
        stream_id = self.conn.get_next_available_stream_id()
        inbox = self.inboxes[stream_id] = Inbox.new(stream_id)
        try:
            self.conn.send_headers(stream_id, headers, end_stream=end_stream)
        except h2.exceptions.ProtocolError as exc:
            self.inboxes.pop(stream_id, None)
            raise StreamGone(f"cannot open a stream: {exc}") from None
        await self.flush()
        return inbox

    async def send_headers(self, stream_id: int, headers: HeaderList, end_stream: bool = False) -> None:
        """A response head, an informational head, or (with `end_stream`) trailers."""
        self._call(self.conn.send_headers, stream_id, headers, end_stream=end_stream)
        await self.flush()

    async def send_data(self, stream_id: int, data: bytes, end_stream: bool = False) -> None:
        """`data`, as fast as the peer's windows allow."""
        view = memoryview(data)
        while True:
            changed = self._window_changed
            window = self._call(self.conn.local_flow_control_window, stream_id)
            sent = False
            while view and window > 0:
                size = min(window, self.conn.max_outbound_frame_size, len(view))
                last = end_stream and size == len(view)  # END_STREAM rides on the last DATA frame
                self._call(self.conn.send_data, stream_id, bytes(view[:size]), end_stream=last)
                view, window, sent = view[size:], window - size, True
                if last:
                    await self.flush()
                    return
            if not view:
                if end_stream:
                    self._call(self.conn.end_stream, stream_id)
                await self.flush()
                return
            if sent:
                await self.flush()
            if self.closed.is_set():
                raise StreamGone("the connection is gone")
            await changed.wait()

    async def end_stream(self, stream_id: int) -> None:
        self._call(self.conn.end_stream, stream_id)
        await self.flush()

    async def reset(self, stream_id: int, code: int = h2.errors.ErrorCodes.CANCEL) -> None:
        """Reset `stream_id` (nothing happens if it is already closed)."""
        with contextlib.suppress(h2.exceptions.ProtocolError):
            self.conn.reset_stream(stream_id, code)
        self._queue()  # the writer sends it; nothing here waits (this runs in clean-ups, even cancelled)
        await trio.lowlevel.cancel_shielded_checkpoint()

    def _call(self, method: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """An h2 call on one stream; StreamGone if that stream (or the connection) can take no more."""
        if self.closed.is_set():
            raise StreamGone("the connection is gone")
        try:
            return method(*args, **kwargs)
        except h2.exceptions.StreamClosedError as exc:
            raise StreamGone(f"stream {exc.stream_id} is closed") from None
        except h2.exceptions.ProtocolError as exc:
            raise StreamGone(f"HTTP/2: {exc}") from None

    async def goodbye(self, code: int = h2.errors.ErrorCodes.NO_ERROR) -> None:
        """GOAWAY (best effort) and close the transport."""
        self.draining = True
        with trio.CancelScope(shield=True):
            if not self.closed.is_set():
                with contextlib.suppress(h2.exceptions.ProtocolError):
                    self.conn.close_connection(code)
                with trio.move_on_after(1), contextlib.suppress(StreamGone):
                    await self.flush()
            await self.close()

    async def close(self) -> None:
        self._lose_all("connection closed")
        await trio.aclose_forcefully(self.stream)


def _code_name(code: int | None) -> str:
    try:
        return h2.errors.ErrorCodes(code or 0).name
    except ValueError:
        return f"error code {code:#x}" if code is not None else "no code"
