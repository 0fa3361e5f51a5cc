"""`POST /aiserver.v1.BidiService/BidiAppend`: one upload of the editor's half of a run.

The body is a `BidiAppendRequest`; its `data` hex-encodes an `AgentClientMessage` (`data_binary` carries
the same bytes raw). The upload is validated completely before it is admitted, so a malformed upload is
answered `invalid_argument` and never reaches a stream or shifts the append sequence. Admitted uploads
reach the stream's actor in `append_seqno` order (`AppendGate`); the reply is an empty ACK once this
upload has been handed over (or recognised as a duplicate).

An append numbered above 1 for a request_id the sequencer has no state for, whose stream exists (in
memory, or in the journal of a daemon that restarted), resumes the sequence at its number: the state
was dropped while idle or lost with the restart, and the editor simply goes on counting.

Which uploads may create a stream: a `run_request` or `prewarm_request` creates one (and replaces an
ended stream under a reused request_id); a heartbeat is always ACKed; a conversation action that carries
something for a later run (a queued user message, a background completion) is held for the run_request
that follows it (`held_actions`); anything else for a request_id with no stream is `not_found`, because a
tool result or answer for a run nobody holds can only be lost.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import attrs

from cursord.connect.errors import Code, ConnectError
from cursord.intents import (
    ActionRequested,
    ClientHeartbeat,
    InboundIntent,
    PrewarmRequested,
    RunRequested,
    decode_upload_bytes,
    parse_client_message,
)
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.held_actions import HeldActions
from cursord.streams.broker import StreamBroker
from cursord.streams.ordering import Admission, AppendGate, AppendRejected

log = logging.getLogger(__name__)


@attrs.frozen
class Upload:
    request_id: str
    seqno: int
    intent: InboundIntent


def parse_bidi_append(request: aiserver.BidiAppendRequest) -> Upload:
    """Validate a BidiAppendRequest and decode the AgentClientMessage it carries."""
    if not request.HasField("request_id") or not request.request_id.request_id:
        raise ConnectError(Code.INVALID_ARGUMENT, "BidiAppendRequest has no request_id.request_id")
    raw = decode_upload_bytes(request.data, request.data_binary)
    if not raw:
        raise ConnectError(
            Code.INVALID_ARGUMENT,
            "BidiAppendRequest carries no AgentClientMessage (data and data_binary are both empty)",
        )
    return Upload(request.request_id.request_id, request.append_seqno, parse_client_message(raw))


@attrs.define
class BidiAppendHandler:
    broker: StreamBroker
    gate: AppendGate[InboundIntent]
    #: told of every well-formed upload as it arrives, before ordering (the tap)
    observers: list[Callable[[Upload], None]] = attrs.field(factory=list)
    held: HeldActions = attrs.field(factory=HeldActions)

    async def __call__(self, request: aiserver.BidiAppendRequest) -> aiserver.BidiAppendResponse:
        upload = parse_bidi_append(request)
        for observer in self.observers:
            observer(upload)
        if upload.seqno > 1 and self.gate.snapshot(upload.request_id) is None:
            # The sequence of a stream that lives on was forgotten: dropped after 10 idle minutes (a
            # question waiting for the user), or lost with a restart (the stream came back from the
            # journal). The editor goes on numbering; take this append as the next in order.
            stream = await self.broker.find(upload.request_id)
            if stream is not None and stream.has_upload and self.gate.resume(upload.request_id, upload.seqno):
                log.info("request %s: append sequence resumed at seqno %d", upload.request_id, upload.seqno)

        async def deliver(intent: InboundIntent) -> None:
            await self._deliver(upload.request_id, intent)

        try:
            admission = await self.gate.admit(upload.request_id, upload.seqno, upload.intent, deliver)
        except AppendRejected as exc:
            raise ConnectError(Code(exc.code), exc.message) from None
        if admission is Admission.DUPLICATE:
            log.debug("request %s: duplicate append_seqno %d ignored", upload.request_id, upload.seqno)
        return aiserver.BidiAppendResponse()

    async def _deliver(self, request_id: str, intent: InboundIntent) -> None:
        creates = isinstance(intent, RunRequested | PrewarmRequested)
        stream = await self.broker.find(request_id)
        if isinstance(intent, RunRequested):
            queued = self.held.take(request_id)
            if queued:
                intent = attrs.evolve(intent, queued=queued)
        if creates:
            stream = self.broker.open(request_id, replace_ended=True)
        elif stream is None:
            if isinstance(intent, ClientHeartbeat):
                return
            if isinstance(intent, ActionRequested) and self.held.holds(intent):
                if self.held.hold(request_id, intent):
                    log.info("request %s: %s held for the run_request that follows", request_id, intent.kind.value)
                    return
                raise ConnectError(
                    Code.RESOURCE_EXHAUSTED,
                    f"request {request_id} already holds {self.held.max_per_request} conversation actions"
                    " waiting for a run_request",
                )
            raise ConnectError(
                Code.NOT_FOUND,
                f"no stream for request {request_id}: a {type(intent).__name__} needs a run_request first",
            )
        await stream.deliver(intent)
