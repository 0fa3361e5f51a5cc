"""`POST /aiserver.v1.BidiService/BidiAppend`: one upload of the editor's half of a run.

The body is a `BidiAppendRequest`; its `data` hex-encodes an `AgentClientMessage` (`data_binary` carries
the same bytes raw). The upload is validated completely before it is admitted, so a malformed upload is
answered `invalid_argument` and never reaches a stream or shifts the append sequence. Admitted uploads
reach the stream's actor in `append_seqno` order (`AppendGate`); the reply is an empty ACK once this
upload has been handed over (or recognised as a duplicate).

Where a sequence stands is known, never guessed. An upload is ACKed once its stream's actor has handled
it and the request's `AppendPosition` after it is committed in the stream journal, so what a restarted
daemon takes for delivered is what the turn had taken (an upload only queued was never ACKed: the editor
sends it again). A retry of an upload is ACKed on the same terms: once its first copy was delivered (the
gate makes a retry of a held or delivering copy wait for it) and the stream's actor has handled it, so
an ACK a restart could take back is never given, whichever copy carries it. An append for a
request_id the sequencer has no state for, whose stream exists (in memory, or in the journal of a daemon
that restarted), takes the sequence up at that recorded position: the state was dropped while idle or
lost with the restart, and whichever append arrives first (a retry, or one that overtook its
predecessor) is then ordered against the position, not taken for it.

Which uploads may create a stream: a `run_request` or `prewarm_request` creates one (and replaces an ended
stream under a reused request_id, or takes over a RunSSE's placeholder); a heartbeat is always ACKed; a
conversation action that carries something for a later run (a queued user message, a background completion) is
held in the store for the run_request that follows it (`ActionQueue`, committed before the ACK, so a restart
in between keeps it; a daemon without a store refuses it `not_found`). Where the sequence of a request id with
no stream stands after such an upload, or a heartbeat, is kept in the store too, before the ACK, and a
restarted daemon takes the sequence up there. Anything else for a request_id with no stream is `not_found`,
because a tool result or answer for a run nobody holds can only be lost. A placeholder counts as no stream
here: only a run_request ends its wait (its startup deadline is not extended by heartbeats).

Uploads of the editor's other bidi streams (the health probe, speech) ride the same path: `SideStreams` takes
them before anything is decoded as an agent message, so they are ACKed, never `invalid_argument`.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable

import attrs
import trio

from cursord.connect import Code, ConnectError
from cursord.core import (
    ActionRequested,
    AppendPosition,
    ClientHeartbeat,
    InboundIntent,
    PrewarmRequested,
    RunRequested,
    decode_upload_bytes,
    parse_client_message,
    request_id_problem,
)
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.gateway import GatewayAccess
from cursord.server.side_streams import SideStreams
from cursord.streams import (
    ActionQueue,
    ActiveStream,
    Admission,
    AppendGate,
    AppendPositions,
    AppendRejected,
    DeliveredUploads,
    StreamBroker,
    UploadPath,
    upload_origin,
)

log = logging.getLogger(__name__)


@attrs.frozen
class Upload:
    request_id: str
    seqno: int
    intent: InboundIntent
    #: the size and digest of the AgentClientMessage bytes as uploaded, for the append gate (the bytes
    #: themselves are not kept: a held upload should cost its parsed message only)
    size: int = 0
    digest: bytes | None = attrs.field(default=None, repr=False)


def parse_bidi_append(request: aiserver.BidiAppendRequest) -> Upload:
    """Validate a BidiAppendRequest and decode the AgentClientMessage it carries."""
    if not request.HasField("request_id") or not request.request_id.request_id:
        raise ConnectError(Code.INVALID_ARGUMENT, "BidiAppendRequest has no request_id.request_id")
    problem = request_id_problem(request.request_id.request_id)
    if problem is not None:
        raise ConnectError(Code.INVALID_ARGUMENT, f"BidiAppendRequest: {problem}")
    raw = decode_upload_bytes(request.data, request.data_binary)
    if not raw:
        raise ConnectError(
            Code.INVALID_ARGUMENT,
            "BidiAppendRequest carries no AgentClientMessage (data and data_binary are both empty)",
        )
    return Upload(
        request.request_id.request_id,
        request.append_seqno,
        parse_client_message(raw),
        size=len(raw),
        digest=hashlib.blake2b(raw, digest_size=16).digest(),
    )


@attrs.define
class BidiAppendHandler:
    broker: StreamBroker
    gate: AppendGate[InboundIntent]
    #: told of every well-formed upload as it arrives, before ordering (the tap)
    observers: list[Callable[[Upload], None]] = attrs.field(factory=list)
    #: where conversation actions that come before their run_request wait for it (None: they are refused)
    held: ActionQueue | None = None
    #: the non-agent streams whose uploads come through BidiAppend too
    side_streams: SideStreams = attrs.field(factory=SideStreams)
    #: shared with the Run handler: an upload one path delivered is not delivered again by the other
    ledger: DeliveredUploads = attrs.field(factory=DeliveredUploads)
    #: a team gateway: the request id and the run's conversation must be the caller's
    gateway: GatewayAccess | None = None
    #: where each stream's sequence stands across restarts (the stream journal); None: in memory only
    positions: AppendPositions | None = None

    async def __call__(self, request: aiserver.BidiAppendRequest) -> aiserver.BidiAppendResponse:
        side_id = request.request_id.request_id
        if request_id_problem(side_id) is not None:
            side_id = ""  # an id no table may hold: parse_bidi_append refuses it below
        if side_id and self.gateway is not None:
            await self.gateway.check_request(side_id)
        if side_id and self.side_streams.holds(side_id):
            self.side_streams.take(side_id, decode_upload_bytes(request.data, request.data_binary))
            return aiserver.BidiAppendResponse()
        try:
            upload = parse_bidi_append(request)
        except ConnectError as refusal:
            if side_id and refusal.code is Code.INVALID_ARGUMENT and self._early_probe(side_id, request):
                return aiserver.BidiAppendResponse()
            raise
        if self.gateway is not None:
            await self.gateway.check_upload(upload.intent)
        for observer in self.observers:
            observer(upload)
        #: the take-up below looked for the request's stream in memory and in the journal and found none:
        #: delivering it looks in memory only (a journal is only brought back once, and read once)
        absent = False
        if upload.seqno >= 0 and self.gate.snapshot(upload.request_id) is None:
            absent = await self._take_up_sequence(upload.request_id)

        delivered: list[Delivery] = []

        async def deliver(intent: InboundIntent) -> None:
            position = self.gate.position(upload.request_id, upload.seqno) if upload.seqno >= 0 else None
            delivery = await deliver_upload(
                self.broker, upload.request_id, intent, self.ledger, UploadPath.BIDI_APPEND, self.held, position,
                absent=absent,
            )
            if delivery.stream is not None and position is not None:
                delivery.stream.append_position = position
            elif position is not None and self.held is not None:
                await self.held.keep_position(upload.request_id, position)  # ACKed with no stream: keep it
            delivered.append(delivery)

        try:
            admission = await self.gate.admit(
                upload.request_id,
                upload.seqno,
                upload.intent,
                deliver,
                size=upload.size,
                fingerprint=upload.digest,
            )
        except AppendRejected as exc:
            raise ConnectError(Code(exc.code), exc.message) from None
        if admission is Admission.DUPLICATE:
            log.debug("request %s: duplicate append_seqno %d not delivered again", upload.request_id, upload.seqno)
            await self._first_copy_handled(upload.request_id)
        elif delivered:
            await self._handled(delivered[0])
        return aiserver.BidiAppendResponse()

    def _early_probe(self, request_id: str, request: aiserver.BidiAppendRequest) -> bool:
        try:
            raw = decode_upload_bytes(request.data, request.data_binary)
        except ConnectError:
            return False
        return self.side_streams.take_early_probe(request_id, raw)

    async def _take_up_sequence(self, request_id: str) -> bool:
        """Resume the sequence of a stream that lives on (or came back from the journal) at the position
        recorded for it, or of a request id with no stream yet at the position kept with what it holds;
        nothing for a request id with neither (its sequence starts afresh). Says whether the request id
        has no stream, in memory or in the journal."""
        stream = await self.broker.find(request_id)
        if stream is not None and stream.has_upload:
            if stream.append_position is None and self.positions is not None:
                stream.append_position = await self.positions.load_position(request_id)
            position = stream.append_position
        elif self.held is not None:
            position = await self.held.position(request_id)
        else:
            return stream is None
        if position is not None and self.gate.resume(request_id, position):
            log.info("request %s: append sequence taken up at seqno %d", request_id, position.next)
        return stream is None

    async def _first_copy_handled(self, request_id: str) -> None:
        """A retry is ACKed as its first copy is: once the stream's actor has handled it (the gate has
        delivered it by now: every upload delivered to the stream before this call is handled) and the
        position after it is committed."""
        stream = await self.broker.find(request_id)
        if stream is not None and not stream.is_placeholder:
            await self._handled(Delivery(stream, await stream.handled_so_far()))

    async def _handled(self, delivery: Delivery) -> None:
        """Wait until the stream's actor has handled the upload, then commit where the stream's sequence
        stands in the journal: only then is the upload ACKed, so an upload a restart loses was never ACKed."""
        if delivery.handled is None or delivery.stream is None:
            return
        await delivery.handled.wait()
        if delivery.stream.handled_position is not None and self.positions is not None:
            await self.positions.positions_committed()


@attrs.frozen
class Delivery:
    """Where an upload went: its stream (None: dropped or held for a run_request) and the event set once
    that stream's actor has handled it (None: not delivered to a stream)."""

    stream: ActiveStream | None
    handled: trio.Event | None = None


async def deliver_upload(
    broker: StreamBroker,
    request_id: str,
    intent: InboundIntent,
    ledger: DeliveredUploads,
    path: UploadPath,
    held: ActionQueue | None = None,
    position: AppendPosition | None = None,
    *,
    absent: bool = False,
) -> Delivery:
    """Hand one upload to its request's stream, by the rules in the module docstring (BidiAppend and Run
    alike; conversation actions are held for a later run_request where `held` is given, and its run takes
    them; `position` is a BidiAppend's sequence position once this upload is handled; `absent`: the caller
    found no stream for the request id in memory or in the journal, so only memory is looked at again).
    Says where it went: no stream for a heartbeat with no stream to go to, or an action held."""
    creates = isinstance(intent, RunRequested | PrewarmRequested)
    if held is not None and isinstance(intent, ActionRequested) and held.holds(intent):
        await held.check(intent.action)  # it will wait in the store, held here or kept by its turn
    stream = broker.get(request_id) if absent else await broker.find(request_id)
    if stream is not None and stream.is_placeholder and not creates:
        stream = None  # a RunSSE waiting for its run_request: only that run_request may reach it
    if creates:
        stream = broker.open(request_id, replace_ended=True)
    elif stream is None:
        if isinstance(intent, ClientHeartbeat):
            return Delivery(None)
        if held is not None and isinstance(intent, ActionRequested) and held.holds(intent):
            await held.hold(request_id, intent.action, upload_origin(request_id, position))
            log.info("request %s: %s held for the run_request that follows", request_id, intent.kind.value)
            return Delivery(None)
        raise ConnectError(
            Code.NOT_FOUND,
            f"no stream for request {request_id}: a {type(intent).__name__} needs a run_request first",
        )
    if ledger.first_delivery(stream, path, intent):
        return Delivery(stream, await stream.deliver(intent, position))
    log.info("request %s: a %s already delivered by the other path was not delivered again by %s",
             request_id, type(intent).__name__, path.value)
    return Delivery(stream)
