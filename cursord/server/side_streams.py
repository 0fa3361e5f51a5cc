"""Side streams: the editor's non-agent streams that ride BidiAppend (the health probe, speech-to-text).

Theory of operation. Besides the agent, the editor opens `aiserver.v1.HealthService/StreamBidiSSE` at session
start (and `AiService/StreamSttSSE` for dictation) with a `BidiRequestId`, and uploads its half through
`BidiAppend` under the same request id, exactly as it does for the agent: the health probe is
`data=0a03666f6f`, a `HealthRequest{payload: "foo"}`, not an `AgentClientMessage`. Such an upload must never be
answered `invalid_argument`.

`SideStreams` remembers which request ids belong to side streams and holds the uploads that arrive before
their stream call (the editor sends both at once; either may win). The BidiAppend handler asks it first
(`holds`): a side stream's upload is ACKed and handed here, never decoded as an agent message. An upload for
an unknown request id that decodes strictly as a `HealthRequest` (and not as an agent message) is taken as a
probe whose stream is still on its way. Both tables are bounded (`MAX_SIDE_STREAMS` ids, `MAX_HELD_UPLOADS` per
id, each id forgotten `SIDE_STREAM_TTL` seconds after its last use).

cursord answers the health stream itself: each `HealthRequest` gets `HealthResponse{payload}` back (one with
`simulate_error` ends the stream `internal`, as the real service does on request). Speech-to-text needs Cursor's
backend: locally its stream ends `unimplemented` with a message saying so (through the proxy, both streams and
their uploads go to Cursor while it is reachable: `cursord.proxy.routing`).
"""

from __future__ import annotations

import enum
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Final

import attrs
import trio
from google.protobuf.message import DecodeError

from cursord.connect import (
    Code,
    Codec,
    ConnectError,
    Limits,
    encode_envelope,
    end_stream_payload,
)
from cursord.core import request_id_problem
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.asgi import Receive, Scope, Send, watch_disconnect
from cursord.server.runsse import stream_response_headers
from cursord.server.stream_calls import read_stream_call, refuse_stream_call

log = logging.getLogger(__name__)

HEALTH_STREAM_PATH: Final = "/aiserver.v1.HealthService/StreamBidiSSE"
SPEECH_STREAM_PATH: Final = "/aiserver.v1.AiService/StreamSttSSE"

#: request ids remembered as side streams (least recently used forgotten first).
MAX_SIDE_STREAMS: Final = 256
#: uploads held per side stream until its stream call reads them.
MAX_HELD_UPLOADS: Final = 16
#: the largest side upload taken (a health probe is a few bytes; speech chunks go to Cursor).
MAX_SIDE_UPLOAD_BYTES: Final = 64 * 1024
#: a side stream unused this long is forgotten; an open stream call ends after this long without an upload.
SIDE_STREAM_TTL: Final = 60.0


class SideKind(enum.Enum):
    HEALTH = "health"
    SPEECH = "speech"


SIDE_STREAM_PATHS: Final = {HEALTH_STREAM_PATH: SideKind.HEALTH, SPEECH_STREAM_PATH: SideKind.SPEECH}


def strict_health_request(raw: bytes) -> aiserver.HealthRequest | None:
    """`raw` as a HealthRequest with a payload and nothing else, or None."""
    try:
        request = aiserver.HealthRequest.FromString(raw)
    except DecodeError:
        return None
    known_only = aiserver.HealthRequest()
    for field, value in request.ListFields():
        setattr(known_only, field.name, value)
    if not request.payload or known_only.SerializeToString() != raw:
        return None
    return request


@attrs.define
class _Side:
    kind: SideKind
    last_used: float
    held: list[bytes] = attrs.field(factory=list)
    arrived: trio.Event = attrs.field(factory=trio.Event)


@attrs.define
class SideStreams:
    """Which request ids are side streams, and the uploads their stream calls have not read yet."""

    capacity: int = MAX_SIDE_STREAMS
    _sides: OrderedDict[str, _Side] = attrs.field(factory=OrderedDict, init=False)

    def __len__(self) -> int:
        return len(self._sides)

    def _prune(self, now: float) -> None:
        while self._sides:
            oldest_id, oldest = next(iter(self._sides.items()))
            if now - oldest.last_used < SIDE_STREAM_TTL and len(self._sides) <= self.capacity:
                return
            del self._sides[oldest_id]

    def _touch(self, request_id: str, kind: SideKind) -> _Side:
        now = trio.current_time()
        side = self._sides.get(request_id)
        if side is None:
            side = self._sides[request_id] = _Side(kind, now)
        side.last_used = now
        self._sides.move_to_end(request_id)
        self._prune(now)
        return side

    def open(self, request_id: str, kind: SideKind) -> _Side:
        """A side stream call arrived for `request_id` (its held uploads stay with it)."""
        side = self._touch(request_id, kind)
        side.kind = kind
        return side

    def holds(self, request_id: str) -> bool:
        """Whether uploads for `request_id` belong to a side stream."""
        return request_id in self._sides

    def take(self, request_id: str, raw: bytes) -> None:
        """Hold an upload for the side stream `request_id` until its stream call reads it."""
        side = self._touch(request_id, self._sides[request_id].kind)
        if len(raw) > MAX_SIDE_UPLOAD_BYTES:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"a {side.kind.value} upload of {len(raw)} bytes is over cursord's {MAX_SIDE_UPLOAD_BYTES} bytes",
            )
        if len(side.held) >= MAX_HELD_UPLOADS:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED, f"request {request_id}: {MAX_HELD_UPLOADS} uploads wait for their stream"
            )
        side.held.append(raw)
        side.arrived.set()

    def take_early_probe(self, request_id: str, raw: bytes) -> bool:
        """Take `raw` (which is no agent message) if it is a health probe whose stream call has not come yet."""
        if strict_health_request(raw) is None:
            return False
        self._touch(request_id, SideKind.HEALTH)
        log.debug("request %s: a health probe before its stream; held", request_id)
        self.take(request_id, raw)
        return True

    async def next_upload(self, request_id: str) -> bytes | None:
        """The next upload for an open side stream; None after `SIDE_STREAM_TTL` seconds without one."""
        side = self._sides.get(request_id)
        if side is None:
            return None
        with trio.move_on_after(SIDE_STREAM_TTL):
            while not side.held:
                side.arrived = trio.Event()
                await side.arrived.wait()
            side.last_used = trio.current_time()
            return side.held.pop(0)
        return None

    def close(self, request_id: str) -> None:
        self._sides.pop(request_id, None)


async def serve_side_stream(
    sides: SideStreams,
    kind: SideKind,
    limits: Limits,
    scope: Scope,
    receive: Receive,
    send: Send,
    check_request: Callable[[str], Awaitable[None]] | None = None,
) -> None:
    """Answer one side stream call: the health stream echoes each probe; speech ends `unimplemented`.
    `check_request` (a team gateway's) may refuse the request id."""
    call = await read_stream_call(scope, receive, send, limits, aiserver.BidiRequestId, codecs=(Codec.PROTO,))
    if call is None:
        return
    request = call.request
    try:
        if not request.request_id:
            raise ConnectError(Code.INVALID_ARGUMENT, "the stream's BidiRequestId has an empty request_id")
        problem = request_id_problem(request.request_id)
        if problem is not None:
            raise ConnectError(Code.INVALID_ARGUMENT, problem)
        if check_request is not None:
            await check_request(request.request_id)
    except ConnectError as error:
        await refuse_stream_call(scope, send, error)
        return
    request_id = request.request_id
    if kind is SideKind.SPEECH:
        sides.close(request_id)
        await refuse_stream_call(
            scope,
            send,
            ConnectError(Code.UNIMPLEMENTED, "speech-to-text needs Cursor's backend, which cursord cannot reach"),
        )
        return
    sides.open(request_id, kind)
    await send({"type": "http.response.start", "status": 200, "headers": stream_response_headers()})
    failure: ConnectError | None = None
    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(watch_disconnect, receive, nursery.cancel_scope)
            while (raw := await sides.next_upload(request_id)) is not None:
                probe = strict_health_request(raw) or _loose_health_request(raw)
                if probe is None:
                    failure = ConnectError(Code.INVALID_ARGUMENT, "a health stream upload is not a HealthRequest")
                    break
                if probe.simulate_error:
                    failure = ConnectError(Code.INTERNAL, "simulated error (HealthRequest.simulate_error)")
                    break
                reply = aiserver.HealthResponse(payload=probe.payload).SerializeToString()
                await send({"type": "http.response.body", "body": encode_envelope(reply), "more_body": True})
            end = encode_envelope(end_stream_payload(failure), end_stream=True)
            await send({"type": "http.response.body", "body": end, "more_body": False})
            nursery.cancel_scope.cancel()
    finally:
        sides.close(request_id)


def _loose_health_request(raw: bytes) -> aiserver.HealthRequest | None:
    try:
        return aiserver.HealthRequest.FromString(raw)
    except DecodeError:
        return None
