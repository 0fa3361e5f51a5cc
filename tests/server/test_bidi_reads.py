"""What a BidiAppend reads: the journal of a request id with no stream is read once per upload, not once
to take the sequence up and again to deliver it."""

from __future__ import annotations

import trio

from cursord.core import InboundIntent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.bidi import BidiAppendHandler
from cursord.streams import ActiveStream, AppendGate, StreamBroker
from cursord.testing.editor import heartbeat


def no_behaviour(stream: ActiveStream) -> None:
    raise AssertionError("no stream is opened here")


async def test_an_upload_with_no_stream_reads_the_journal_once(autojump_clock: trio.testing.MockClock) -> None:
    looked_up: list[str] = []

    async def restorer(broker: StreamBroker, request_id: str) -> ActiveStream | None:
        looked_up.append(request_id)
        return None  # nothing journalled

    async with trio.open_nursery() as nursery:
        gate: AppendGate[InboundIntent] = AppendGate()
        await nursery.start(gate.run)
        broker = StreamBroker(nursery=nursery, behaviour_factory=no_behaviour, restorer=restorer)
        handler = BidiAppendHandler(broker, gate)
        request = aiserver.BidiAppendRequest(data=heartbeat().SerializeToString().hex(), append_seqno=0)
        request.request_id.request_id = "r1"
        assert await handler(request) == aiserver.BidiAppendResponse()
        assert looked_up == ["r1"]
        nursery.cancel_scope.cancel()
