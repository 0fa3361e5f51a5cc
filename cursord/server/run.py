"""`POST /agent.v1.AgentService/Run`: the editor's HTTP/2 agent path, one bidi Connect stream per run.

The request is a Connect bidi stream of `AgentClientMessage`s (`application/connect+proto`; a frame may be
compressed with the negotiated `connect-content-encoding`). The request id is the `x-request-id` header;
a subagent's run also names its parent (`x-parent-request-id`, `x-parent-agent-tool-call-id`). The
response, `application/connect+proto`, is what a RunSSE connection gets: the stream's shared backlog from
the start, the same heartbeats, then the end-stream frame.

Theory of operation. A Run is a RunSSE subscriber and a BidiAppend uploader on one HTTP/2 stream, and it
is built from their pieces:

- *uploads*: each frame is decoded as it arrives and handed to the request's ActiveStream by
  `deliver_upload` (BidiAppend's own rules: a run_request or prewarm_request opens a stream, replacing
  an ended one; a heartbeat with no stream is dropped; anything else with no stream is `not_found`), one
  at a time in stream order. One HTTP/2 stream is ordered already, so there is no sequencer; the
  `UploadLedger` shared with BidiAppend keeps an upload that came by both paths from being delivered
  twice;
- *the response* follows the stream's backlog with `runsse.pump`, as a RunSSE connection does.

Which stream the response follows: a live stream for the request id at once (a reconnect replays it;
no stream at all opens a placeholder, as RunSSE does). An *ended* stream is followed only once the
first upload has said what this Run is: a new run (run_request or prewarm_request) gets the fresh
stream, anything else, or a body that ends with no upload, gets the ended stream replayed.

How a Run ends: when the stream ends, its ending closes the response (`{}`, or its error). The end of
the request body, or a reset, is the subscriber leaving: the response ends `canceled` (nothing is sent
after a reset), and the stream gets the reconnect grace as after any RunSSE that left, so a later Run
or RunSSE for the request id replays it. A bad frame ends the response with the Connect error
BidiAppend answers the same upload with, and leaves the stream the same way.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import attrs
import trio

from cursord.connect.compression import IDENTITY
from cursord.connect.envelope import encode_envelope, end_stream_payload
from cursord.connect.errors import Code, ConnectError
from cursord.connect.request import Codec, HttpRejection, HttpResponse, Limits
from cursord.connect.streaming import (
    StreamMessage,
    StreamReader,
    StreamRequestHead,
    StreamResponseEncoder,
    parse_stream_head,
    render_stream_error,
)
from cursord.intents import InboundIntent, parse_client_message
from cursord.server.asgi import Receive, Scope, Send, header, send_response
from cursord.server.bidi import Upload, deliver_upload
from cursord.server.runsse import pump
from cursord.streams.active import ActiveStream
from cursord.streams.broker import StreamBroker
from cursord.streams.uploads import UploadLedger, UploadPath

log = logging.getLogger(__name__)

__all__ = ["RUN_PATH", "RunHandler", "RunHead", "parse_run_head"]

RUN_PATH = "/agent.v1.AgentService/Run"


@attrs.frozen
class RunHead:
    """A Run request's validated headers: the Connect stream head and who the run is."""

    stream: StreamRequestHead
    request_id: str
    parent_request_id: str | None = None
    parent_tool_call_id: str | None = None


def parse_run_head(scope: Scope, limits: Limits) -> RunHead:
    """Raises HttpRejection (method, content type) or ConnectError (Connect headers, no request id)."""
    stream = parse_stream_head(scope["method"], scope["headers"], limits, codecs=(Codec.PROTO,))
    request_id = (header(scope, b"x-request-id") or "").strip()
    if not request_id:
        raise ConnectError(Code.INVALID_ARGUMENT, "a Run request needs its request id in the x-request-id header")
    return RunHead(
        stream,
        request_id,
        (header(scope, b"x-parent-request-id") or "").strip() or None,
        (header(scope, b"x-parent-agent-tool-call-id") or "").strip() or None,
    )


@attrs.define(eq=False)
class _RunCall:
    """One Run in progress: which stream it follows, and why it stopped (if it did before the stream)."""

    head: RunHead
    #: set once `stream` is the one to follow (or the call is over before there is one).
    chosen: trio.Event = attrs.field(factory=trio.Event)
    stream: ActiveStream | None = None
    #: a bad frame, or a delivery refused: the end-stream error.
    failure: ConnectError | None = None
    body_ended: bool = False
    following: trio.CancelScope | None = None
    frames: int = 0

    def choose(self, stream: ActiveStream) -> None:
        if not self.chosen.is_set():
            self.stream = stream
            self.chosen.set()

    def stop(self) -> None:
        """Stop following the stream (the end-stream frame is sent next)."""
        self.chosen.set()
        if self.following is not None:
            self.following.cancel()

    def ending(self) -> ConnectError | None:
        """The end-stream error of this Run (None: success)."""
        if self.failure is not None:
            return self.failure
        stream = self.stream
        if stream is not None and stream.backlog.ending is not None:
            return stream.backlog.ending.error
        if stream is None:
            return ConnectError(Code.NOT_FOUND, f"no stream for request {self.head.request_id}")
        return ConnectError(
            Code.CANCELED,
            f"the client ended its Run request stream; request {self.head.request_id} stays open for "
            f"{stream.timings.reconnect_grace:g} s for a later Run or RunSSE",
        )


@attrs.define
class RunHandler:
    """The ASGI handler of `RUN_PATH`. Shares the broker, the upload ledger and the upload observers
    (the tap) with BidiAppend."""

    broker: StreamBroker
    limits: Limits
    ledger: UploadLedger
    observers: list[Callable[[Upload], None]] = attrs.field(factory=list)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        try:
            head = parse_run_head(scope, self.limits)
        except HttpRejection as refusal:
            await _send(send, refusal.response())
            return
        except ConnectError as error:
            # Not drained: a bidi client may hold its request open until it sees the response.
            await _send(send, render_stream_error(error))
            return
        if head.parent_request_id is not None:
            log.debug("Run %s: a subagent of request %s (tool call %s)",
                      head.request_id, head.parent_request_id, head.parent_tool_call_id)
        # The backlog's frames are encoded once for every reader, uncompressed (flag 0), which a Connect
        # client accepts whatever it offered; so no response compression is announced.
        start = StreamResponseEncoder(Codec.PROTO, IDENTITY, head.stream.compressions).start()
        await send({"type": "http.response.start", "status": start.status, "headers": start.headers})
        call = _RunCall(head)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._read_uploads, call, receive, nursery.cancel_scope)
            timeout = head.stream.timeout
            with trio.move_on_after(timeout if timeout is not None else math.inf) as deadline:
                await self._follow(call, send)
            if deadline.cancelled_caught and call.failure is None:
                call.failure = ConnectError(
                    Code.DEADLINE_EXCEEDED, f"the Run did not finish within its {timeout:g} s deadline"
                )
            payload = end_stream_payload(call.ending())
            await send({"type": "http.response.body", "body": encode_envelope(payload, end_stream=True),
                        "more_body": False})
            nursery.cancel_scope.cancel()

    async def _follow(self, call: _RunCall, send: Send) -> None:
        try:
            stream = await self.broker.find(call.head.request_id)
            if stream is None:
                stream = self.broker.open(call.head.request_id)  # a placeholder, as for an early RunSSE
        except ConnectError as error:  # too many streams, or shutting down
            call.failure = error
            return
        if call.stream is None:  # (an upload may have chosen a fresh stream while this looked)
            call.stream = stream
        if not stream.is_terminal:
            call.choose(stream)
        await call.chosen.wait()
        stream = call.stream
        if stream is None or call.failure is not None or (call.body_ended and not stream.is_terminal):
            return
        with trio.CancelScope() as following:
            call.following = following
            await pump(stream, send)

    async def _read_uploads(self, call: _RunCall, receive: Receive, whole_call: trio.CancelScope) -> None:
        """Feed the request's frames to the stream in order; then stop following (end of body, bad frame),
        or cancel the whole call (reset: nobody is left to answer)."""
        reader = StreamReader.for_request(call.head.stream, self.limits)
        try:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    whole_call.cancel()
                    return
                for event in reader.feed(message.get("body", b"")):
                    assert isinstance(event, StreamMessage)  # the server side never yields StreamEnd
                    await self._deliver(call, event.payload)
                if not message.get("more_body", False):
                    reader.finish()
                    call.body_ended = True
                    break
        except ConnectError as error:
            call.failure = error
        except Exception as exc:  # our bug: this Run ends `internal`, the daemon goes on
            log.exception("Run %s: internal error", call.head.request_id)
            call.failure = ConnectError(Code.INTERNAL, f"cursord internal error: {type(exc).__name__}: {exc}")
        call.stop()

    async def _deliver(self, call: _RunCall, payload: bytes) -> None:
        call.frames += 1
        if not payload:
            raise ConnectError(
                Code.INVALID_ARGUMENT,
                f"Run frame {call.frames} carries no AgentClientMessage (an empty message)",
            )
        intent: InboundIntent = parse_client_message(payload)
        upload = Upload(call.head.request_id, call.frames, intent)
        for observer in self.observers:
            observer(upload)
        stream = await deliver_upload(self.broker, call.head.request_id, intent, self.ledger, UploadPath.RUN)
        if stream is not None:
            call.choose(stream)


async def _send(send: Send, response: HttpResponse) -> None:
    await send_response(send, response.status, response.headers, response.body)
