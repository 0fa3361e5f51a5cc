"""`POST /agent.v1.AgentService/RunSSE`: one subscriber over a stream's shared backlog.

The request is a Connect server-stream request whose single message is `BidiRequestId`. The response is
labelled `content-type: text/event-stream`, as Cursor's backend labels it, while the body is plain
Connect envelope framing of `AgentServerMessage`, closed by an end-stream frame.

A connection replays the backlog from the start, then follows it: woken by publishes, it writes every
frame it has not sent yet in one `send` (Hypercorn writes each HTTP/1.1 send to the socket on its own), and sends an
`interaction_update.heartbeat` when nothing new came for `heartbeat` seconds. Heartbeats are written to
this connection only; they never enter the backlog.

A connection parked with nothing unsent has a publish answered for it where it can (`_WriteNow`, over
Hypercorn's own `send` on a plain socket, `hypercorn_fixes.body_writer`): the publisher writes the new frame
in its own task, at once, exactly as the connection would have written it when woken, and the connection
stays parked: one task step per event instead of two. Anything else (a burst, the end, a `send` that a
recorder wraps, a socket or a flow-control window that cannot take the frame now) rings it as before.

While frames keep coming (the last send was under `BURST_WINDOW` ago) the connection lets a burst
finish before it sends (`_settle`): it yields to the scheduler for as long as the backlog grows (a provider
chunk carrying hundreds of deltas is published about one delta per scheduler pass), up to
`MAX_SETTLE_PASSES` passes, so the burst leaves in a few large sends instead of one per frame, which on
HTTP/1.1 and HTTP/2 alike is most of the cost of streaming. A lone delta (the first after a quiet spell)
is sent at once.
"""

from __future__ import annotations

import logging
from typing import Final

import trio

from cursord.connect import encode_envelope, end_stream_payload
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.asgi import AppQueue, CancelOnDisconnect, Message, Receive, Send
from cursord.server.hypercorn_fixes import BodyWriter, body_writer
from cursord.streams import ActiveStream, Backlog, Subscriber, heartbeat_timer

log = logging.getLogger(__name__)

STREAM_CONTENT_TYPE = b"text/event-stream"
#: a subscriber that is behind gets its pending frames in sends of about this size; it is also the most
#: a subscriber holds taken from the backlog and not yet written (issue 17 #6: 1 MiB let 100 stalled
#: readers of a 10 MB run take RSS from 49 to 372 MB; 256 KiB, to 148 MB).
MAX_SEND_BYTES = 1 << 18
#: a send this soon (seconds) after the previous one is part of a burst, and waits for the burst to settle.
BURST_WINDOW = 0.002
#: at most this many scheduler passes spent letting a burst grow before it is sent.
MAX_SETTLE_PASSES = 64
#: a burst is over after this many scheduler passes in a row without a new frame.
QUIET_PASSES = 2

HEARTBEAT_FRAME = encode_envelope(
    agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(heartbeat=agent.HeartbeatUpdate())
    ).SerializeToString()
)


def stream_response_headers() -> list[tuple[bytes, bytes]]:
    return [
        (b"content-type", STREAM_CONTENT_TYPE),
        (b"cache-control", b"no-cache"),
        (b"x-accel-buffering", b"no"),
    ]


#: every RunSSE's response head, one message for all: the server keeps the start message for the response's
#: life (Hypercorn reads its status at every body send), so a dict and a list per open connection otherwise
#: (about 0.3 KB). Never changed: neither Hypercorn nor the recorder writes to a message.
STREAM_START: Final[Message] = {"type": "http.response.start", "status": 200, "headers": stream_response_headers()}


async def _send_body(send: Send, body: bytes) -> None:
    await send({"type": "http.response.body", "body": body, "more_body": True})


async def pump(stream: ActiveStream, send: Send, queue: AppQueue | None = None) -> bool:
    """Follow `stream`'s backlog onto one connection until it ends (the caller sends the end frame): the
    backlog as it grows, and a heartbeat after `heartbeat` seconds without a frame. True once the stream has
    ended; False if the client left first, as the request's `queue` (Hypercorn's, when given) tells it.

    Between sends the connection waits on its doorbell alone, with no deadline: the heartbeat is this run's
    `HeartbeatTimer`'s, which rings it with `heartbeat_due` set once it has been quiet for `heartbeat`
    seconds (never during a send, so a heartbeat can never cut one). A heartbeat that came due as a frame woke
    the connection is answered by the frame. One cancel scope, for the connection's life, is canceled when
    the client leaves (`_Hangup`, which marks the subscriber gone first), so a wait or a send held up by the
    client ends then."""
    subscriber = stream.attach()
    hangup = _Hangup(subscriber) if queue is not None else None
    if queue is not None:
        queue.follow(hangup)
    try:
        backlog, signal = stream.backlog, subscriber.signal
        # A Run's `send` starts its response with its first body: looked at again after the first send.
        unanswered = not _answer_when_parked(subscriber, backlog, send)
        with trio.CancelScope() as scope:
            if hangup is not None:
                hangup.scope = scope
            subscriber.quiet_since = trio.current_time()
            heartbeat_timer().file(subscriber, stream.timings.heartbeat)
            while not subscriber.gone:
                if subscriber.cursor < backlog.readable:
                    if trio.current_time() - subscriber.last_send < BURST_WINDOW:
                        await _settle(stream)
                    frames, subscriber.cursor = backlog.read_from(subscriber.cursor)
                    signal.clear()  # every ring so far is answered by `frames`
                    subscriber.heartbeat_due = False  # and a heartbeat that came due meanwhile
                    await _send_frames(send, frames)
                    subscriber.last_send = trio.current_time()
                    if unanswered:  # once: what `send` is does not change after its first body
                        unanswered = False
                        _answer_when_parked(subscriber, backlog, send)
                    continue
                if backlog.ending is not None:
                    return True
                if subscriber.heartbeat_due:
                    subscriber.heartbeat_due = False
                    await _send_body(send, HEARTBEAT_FRAME)
                subscriber.quiet_since = trio.current_time()
                await signal.wait()
        return False
    finally:
        if queue is not None:
            queue.follow(None)
        subscriber.detached = True
        subscriber.answer_now = None  # and no cycle through it left for the collector
        stream.detach(subscriber)


def _answer_when_parked(subscriber: Subscriber, backlog: Backlog, send: Send) -> bool:
    """Let publishes write for `subscriber` while it is parked, if `send` has a body writer now."""
    writer = body_writer(send)
    if writer is not None:
        subscriber.answer_now = _WriteNow(backlog, subscriber, writer)
    return writer is not None


class _WriteNow:
    """A parked connection's `answer_now`: the frames a publish made readable, written at once from the
    publisher's task by Hypercorn's `body_writer` (no wake, no task step of the connection's), exactly when
    the connection, woken, would have sent them in one send without settling: not in a burst (under
    `BURST_WINDOW` since its last send: it lets the burst settle), not once the stream has ended (the end
    frame is the connection's own to send), not more than one send's worth. Otherwise, or when the writer
    cannot take them now, False: the connection is rung and sends them itself."""

    __slots__ = ("_backlog", "_subscriber", "_write")

    def __init__(self, backlog: Backlog, subscriber: Subscriber, write: BodyWriter) -> None:
        self._backlog, self._subscriber, self._write = backlog, subscriber, write

    def __call__(self) -> bool:
        backlog, subscriber = self._backlog, self._subscriber
        cursor, readable = subscriber.cursor, backlog.readable
        if cursor >= readable or backlog.ending is not None or subscriber.gone:
            return False
        now = trio.current_time()
        if now - subscriber.last_send < BURST_WINDOW:
            return False
        frames = backlog.frames
        body = frames[cursor] if readable - cursor == 1 else b"".join(frames[cursor:readable])
        if len(body) > MAX_SEND_BYTES or not self._write(body):
            return False
        subscriber.cursor = readable
        subscriber.last_send = subscriber.quiet_since = now
        return True


class _Hangup:
    """What a following connection's request queue hands each message to: the client's leaving marks the
    subscriber gone and cancels the connection's current scope (late body chunks are dropped)."""

    __slots__ = ("_subscriber", "scope")

    def __init__(self, subscriber: Subscriber) -> None:
        self._subscriber = subscriber
        self.scope: trio.CancelScope | None = None

    def __call__(self, message: Message) -> None:
        if message["type"] == "http.disconnect":
            self._subscriber.gone = True
            if self.scope is not None:
                self.scope.cancel()


async def _settle(stream: ActiveStream) -> None:
    """Yield while the backlog keeps growing (a burst being published), at most `MAX_SETTLE_PASSES` times.

    The publisher does not add a frame on every pass (the actor waits a pass whenever its mailbox runs
    empty), so the burst counts as over only after `QUIET_PASSES` passes in a row without a new frame."""
    backlog = stream.backlog
    quiet = 0
    for _ in range(MAX_SETTLE_PASSES):
        seen = len(backlog.frames)
        await trio.lowlevel.checkpoint()
        if backlog.ending is not None:
            return
        quiet = quiet + 1 if len(backlog.frames) == seen else 0
        if quiet >= QUIET_PASSES:
            return


async def _send_frames(send: Send, frames: list[bytes]) -> None:
    batch: list[bytes] = []
    size = 0
    for frame in frames:
        batch.append(frame)
        size += len(frame)
        if size >= MAX_SEND_BYTES:
            await _send_body(send, b"".join(batch))
            batch, size = [], 0
    if batch:
        await _send_body(send, b"".join(batch))


async def serve_stream(stream: ActiveStream, receive: Receive, send: Send) -> None:
    """Headers, the backlog as it grows, then the end-stream frame; stops quietly on disconnect."""
    await send(STREAM_START)
    if isinstance(receive, AppQueue):  # Hypercorn's: the queue tells the subscriber when the client leaves
        if await pump(stream, send, receive):
            await _send_end(stream, send)
        return
    async with CancelOnDisconnect(receive):
        await pump(stream, send)
        await _send_end(stream, send)


async def _send_end(stream: ActiveStream, send: Send) -> None:
    ending = stream.backlog.ending
    assert ending is not None
    await send(
        {
            "type": "http.response.body",
            "body": encode_envelope(end_stream_payload(ending.error), end_stream=True),
            "more_body": False,
        }
    )
