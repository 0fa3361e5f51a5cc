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
  an ended one; a heartbeat with no stream is dropped; a queued user message before its resume
  run_request is held for it; anything else with no stream is `not_found`), one at a time in stream
  order. One HTTP/2 stream is ordered already, so there is no sequencer; the
  `DeliveredUploads` shared with BidiAppend keeps an upload that came by both paths from being delivered
  twice;
- *the response* follows the stream's backlog with `runsse.pump`, as a RunSSE connection does.

Which stream the response follows: a live stream for the request id at once (a reconnect replays it).
Otherwise the first upload says what this Run is: a run_request or prewarm_request opens a fresh stream
(replacing an ended one), anything else goes to the ended stream, which is replayed; a body that ends
with no upload replays the ended stream (`not_found` if there is none), and so does a first upload that
does not come within the startup timeout (30 s, from the Run's start: heartbeats and conversation actions
held for the run_request do not extend it); at shutdown such a Run ends `unavailable`. No
placeholder stream is made: a Run carries its own uploads. The response head is sent with
the first frame, so until then the Run may still be relayed: with `owns_model` and `relay`, a first
upload that starts a run on a model cursord does not serve sends the whole Run to Cursor's agent host,
the bytes read so far replayed first (`cursord.server.relay`).

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

from cursord.connect import (
    IDENTITY,
    Code,
    Codec,
    ConnectError,
    HttpRejection,
    HttpResponse,
    Limits,
    StreamMessage,
    StreamReader,
    StreamRequestHead,
    StreamResponseEncoder,
    encode_envelope,
    end_stream_payload,
    parse_stream_head,
    render_stream_error,
)
from cursord.core import (
    InboundIntent,
    PrewarmRequested,
    RunRequested,
    parse_client_message,
    request_id_problem,
    requested_model_id,
)
from cursord.server.asgi import Message, Receive, Scope, Send, header, send_response
from cursord.server.bidi import Upload, deliver_upload
from cursord.server.gateway import GatewayAccess
from cursord.server.placement import RUN_PATH
from cursord.server.relay import AgentRelay
from cursord.server.runsse import pump
from cursord.streams import ActionQueue, ActiveStream, DeliveredUploads, StreamBroker, UploadPath

log = logging.getLogger(__name__)

__all__ = ["RUN_PATH", "RunHandler", "RunHead", "parse_run_head"]



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
    if (problem := request_id_problem(request_id)) is not None:  # as BidiAppend and RunSSE cap it
        raise ConnectError(Code.INVALID_ARGUMENT, f"x-request-id: {problem}")
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
    #: set once `stream` is the one to follow, or the Run is relayed, or over before there is a stream.
    chosen: trio.Event = attrs.field(factory=trio.Event)
    stream: ActiveStream | None = None
    #: a bad frame, or a delivery refused: the end-stream error.
    failure: ConnectError | None = None
    body_ended: bool = False
    following: trio.CancelScope | None = None
    frames: int = 0
    #: the request bytes read while the first upload may still send the Run to Cursor (None after).
    unread: bytearray | None = attrs.field(factory=bytearray)
    relayed: bool = False

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
            return ConnectError(
                Code.NOT_FOUND, f"no stream for request {self.head.request_id}, and the Run uploaded no run_request"
            )
        return ConnectError(
            Code.CANCELED,
            f"the client ended its Run request stream; request {self.head.request_id} stays open for "
            f"{stream.timings.reconnect_grace:g} s for a later Run or RunSSE",
        )


@attrs.define(eq=False)
class _LazyStart:
    """`send` that sends the response head just before the first body: until then a Run may still be
    relayed, and the agent host's own head goes to the client instead."""

    send: Send
    head: list[tuple[bytes, bytes]]
    started: bool = False

    async def __call__(self, message: Message) -> None:
        if not self.started:
            self.started = True
            await self.send({"type": "http.response.start", "status": 200, "headers": self.head})
        await self.send(message)

    @property
    def passes_bodies_to(self) -> Send | None:
        """Once the head is sent, `send` itself (`hypercorn_fixes.body_writer` goes around this one)."""
        return self.send if self.started else None


@attrs.define
class RunHandler:
    """The ASGI handler of `RUN_PATH`. Shares the broker, the upload ledger and the upload observers
    (the tap) with BidiAppend. With `owns_model` and `relay`, a Run whose first upload asks for a model
    cursord does not serve goes to Cursor's agent host, the bytes already read replayed first."""

    broker: StreamBroker
    limits: Limits
    ledger: DeliveredUploads
    observers: list[Callable[[Upload], None]] = attrs.field(factory=list)
    #: conversation actions that came before their run_request (shared with BidiAppend)
    held: ActionQueue | None = None
    owns_model: Callable[[str | None], bool] | None = None
    relay: AgentRelay | None = None
    #: a team gateway: the request id and the run's conversation must be the caller's
    gateway: GatewayAccess | None = None
    #: Runs waiting for their first upload to say which stream they follow (ended at shutdown).
    _undecided: set[_RunCall] = attrs.field(factory=set, init=False)

    def shutting_down(self) -> None:
        """The broker is closing: Runs still waiting for their first upload end `unavailable` (the others
        end with their streams)."""
        for call in list(self._undecided):
            call.failure = call.failure or ConnectError(
                Code.UNAVAILABLE, "cursord is shutting down; retry when it is back"
            )
            call.stop()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        try:
            head = parse_run_head(scope, self.limits)
            if self.gateway is not None:
                await self.gateway.check_request(head.request_id)
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
        response = _LazyStart(send, start.headers)
        call = _RunCall(head, unread=bytearray() if self.relay is not None else None)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._read_uploads, call, receive, nursery.cancel_scope)
            timeout = head.stream.timeout
            with trio.move_on_after(timeout if timeout is not None else math.inf) as deadline:
                await self._follow(call, response)
            if call.relayed and self.relay is not None:
                log.info("Run %s asks for a model cursord does not serve: relayed to %s",
                         head.request_id, self.relay.host)
                prefix = bytes(call.unread or b"")
                await self.relay.relay(scope, receive, send, prefix=prefix, body_ended=call.body_ended)
                nursery.cancel_scope.cancel()
                return
            if deadline.cancelled_caught and call.failure is None:
                call.failure = ConnectError(
                    Code.DEADLINE_EXCEEDED, f"the Run did not finish within its {timeout:g} s deadline"
                )
            payload = end_stream_payload(call.ending())
            await response({"type": "http.response.body", "body": encode_envelope(payload, end_stream=True),
                            "more_body": False})
            nursery.cancel_scope.cancel()

    async def _follow(self, call: _RunCall, send: Send) -> None:
        stream = await self.broker.find(call.head.request_id)
        if stream is not None and call.stream is None:  # (an upload may have chosen one while this looked)
            call.stream = stream
            if not stream.is_terminal:
                call.choose(stream)  # a live stream: this Run is a reconnect, follow it at once
        wait = self.broker.timings.startup_timeout
        self._undecided.add(call)
        try:
            with trio.move_on_after(wait):
                await call.chosen.wait()  # the first upload, the end of the body, or shutdown
        finally:
            self._undecided.discard(call)
        if not call.chosen.is_set() and call.stream is not None:
            call.chosen.set()  # the first upload never came: replay the ended stream
        elif not call.chosen.is_set():  # and there is no stream: as for a placeholder's RunSSE
            call.failure = ConnectError(
                Code.NOT_FOUND,
                f"no run_request arrived on the Run for request {call.head.request_id} within {wait:g} s, "
                "and nothing is running under this id",
            )
            return
        stream = call.stream
        if call.relayed or stream is None or call.failure is not None:
            return
        if call.body_ended and not stream.is_terminal:
            return
        with trio.CancelScope() as following:
            call.following = following
            await pump(stream, send)

    async def _read_uploads(self, call: _RunCall, receive: Receive, whole_call: trio.CancelScope) -> None:
        """Feed the request's frames to the stream in order; then stop following (end of body, bad frame),
        or cancel the whole call (reset: nobody is left to answer). Stops reading at once if the first
        upload relays the Run (the relay reads the rest)."""
        reader = StreamReader.for_request(call.head.stream, self.limits)
        try:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    whole_call.cancel()
                    return
                body = message.get("body", b"")
                call.body_ended = not message.get("more_body", False)
                if call.unread is not None:
                    call.unread += body
                for event in reader.feed(body):
                    assert isinstance(event, StreamMessage)  # the server side never yields StreamEnd
                    if await self._deliver(call, event.payload):
                        call.relayed = True
                        call.chosen.set()
                        return
                if call.body_ended:
                    reader.finish()
                    break
        except ConnectError as error:
            call.failure = error
        except Exception as exc:  # our bug: this Run ends `internal`, the daemon goes on
            log.exception("Run %s: internal error", call.head.request_id)
            call.failure = ConnectError.internal(exc)
        call.stop()

    async def _deliver(self, call: _RunCall, payload: bytes) -> bool:
        """Hand one frame's upload to the stream; True instead if it relays the Run (the first upload only)."""
        call.frames += 1
        if not payload:
            raise ConnectError(
                Code.INVALID_ARGUMENT,
                f"Run frame {call.frames} carries no AgentClientMessage (an empty message)",
            )
        try:
            intent: InboundIntent = parse_client_message(payload)
        except ConnectError as error:  # BidiAppend's code, this Run's words
            message = error.message.removeprefix("BidiAppend data ")
            raise ConnectError(error.code, f"Run frame {call.frames} {message}") from None
        if self.gateway is not None:
            await self.gateway.check_upload(intent)
        if isinstance(intent, RunRequested) and call.head.parent_request_id is not None:
            intent = attrs.evolve(intent, parent_request_id=call.head.parent_request_id)
        if call.unread is not None:
            if self._relays(call, intent):
                return True  # `unread` is what the relay replays
            call.unread = None
        upload = Upload(call.head.request_id, call.frames, intent)
        for observer in self.observers:
            observer(upload)
        stream = (await deliver_upload(
            self.broker, call.head.request_id, intent, self.ledger, UploadPath.RUN, self.held
        )).stream
        if stream is not None:
            call.choose(stream)
        return False

    def _relays(self, call: _RunCall, intent: InboundIntent) -> bool:
        """A first upload that starts a run on a model cursord does not serve, before this Run follows
        any stream of cursord's, goes to Cursor (a run that names no model, and a subagent of a run
        cursord holds, stay with cursord)."""
        if self.owns_model is None or call.chosen.is_set():
            return False
        parent = call.head.parent_request_id
        if parent is not None and self.broker.get(parent) is not None:
            return False  # a subagent of a run cursord holds runs here, on its parent's model
        if not isinstance(intent, RunRequested | PrewarmRequested):
            return False
        return not self.owns_model(requested_model_id(intent.request))


async def _send(send: Send, response: HttpResponse) -> None:
    await send_response(send, response.status, response.headers, response.body)
