"""The server's assembly: the app, the append gate, the stream broker and the BidiAppend handler, alive for
an `async with` block (`build_core`). The composition root (`cursord.app`) and the test harness both build it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import attrs
import trio

from cursord.config import Limits
from cursord.connect import ConnectError
from cursord.connect import Limits as ConnectLimits
from cursord.core import InboundIntent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.app import CursordApp, UnaryMethod
from cursord.server.bidi import BidiAppendHandler
from cursord.server.counters import ServerCounters
from cursord.server.gateway import GatewayAccess
from cursord.server.host_policy import LOOPBACK_ONLY, HostPolicy
from cursord.server.parts import AppParts, RunRelay, one_part
from cursord.server.placement import BIDI_APPEND_PATH
from cursord.server.run import RUN_PATH, RunHandler
from cursord.streams import AppendGate, BehaviourFactory, StreamBroker, StreamTimings


def stream_timings(limits: Limits) -> StreamTimings:
    return StreamTimings(
        heartbeat=limits.heartbeat_seconds,
        reconnect_grace=limits.reconnect_grace_seconds,
        terminal_retention=limits.terminal_retention_seconds,
        startup_timeout=limits.startup_seconds,
        max_backlog_frames=limits.max_backlog_events,
    )


@attrs.define
class Core:
    """Everything but the listening sockets."""

    app: CursordApp
    broker: StreamBroker
    gate: AppendGate[InboundIntent]
    bidi: BidiAppendHandler


@asynccontextmanager
async def build_core(
    limits: Limits,
    behaviour_factory: BehaviourFactory,
    parts: tuple[AppParts, ...] = (),
    hosts: HostPolicy = LOOPBACK_ONLY,
    gateway: GatewayAccess | None = None,
) -> AsyncIterator[Core]:
    """The app and the tasks it needs, alive for the `async with` block; streams end `unavailable` on exit.

    `parts` are the features served besides the agent RPCs; `hosts` says which Host names the app answers
    besides loopback ones (`cursord.server.host_policy`); `gateway` makes it a team gateway
    (`cursord.server.gateway`).
    """
    async with trio.open_nursery() as nursery:
        gate: AppendGate[InboundIntent] = AppendGate(
            hold_timeout=limits.append_hold_seconds,
            max_held=limits.max_pending_appends,
            max_requests=limits.max_append_requests,
            max_held_bytes=limits.max_pending_append_bytes,
            start_grace=limits.append_start_grace_seconds,
        )
        await nursery.start(gate.run)
        async with trio.open_nursery() as streams_nursery:
            run_relay: RunRelay | None = one_part(parts, "run_relay")
            connect_limits = ConnectLimits(
                max_request_bytes=limits.max_body_bytes, max_message_bytes=limits.max_body_bytes
            )
            upload_observers = [o for p in parts for o in p.upload_observers]
            shutdown_observers = [o for p in parts for o in p.shutdown_observers]
            broker = StreamBroker(
                nursery=streams_nursery,
                behaviour_factory=behaviour_factory,
                timings=stream_timings(limits),
                max_streams=limits.max_streams,
                max_placeholders=limits.max_placeholders,
                observers=[o for p in parts for o in p.stream_observers],
                publish_observers=[o for p in parts for o in p.publish_observers],
                shutdown_observers=shutdown_observers,
                restorer=one_part(parts, "restorer"),
            )
            bidi = BidiAppendHandler(
                broker,
                gate,
                observers=upload_observers,
                gateway=gateway,
                positions=one_part(parts, "append_positions"),
                held=one_part(parts, "action_queue"),
            )
            run = RunHandler(
                broker,
                connect_limits,
                bidi.ledger,
                upload_observers,
                held=bidi.held,
                owns_model=run_relay.owns_model if run_relay is not None else None,
                relay=run_relay.relay if run_relay is not None else None,
                gateway=gateway,
            )
            shutdown_observers.append(run.shutting_down)
            refusals = [o for p in parts for o in p.append_refusals]
            unary = {BIDI_APPEND_PATH: UnaryMethod(aiserver.BidiAppendRequest, _noting_refusals(bidi, refusals))}
            for part in parts:
                unary.update(part.unary)
            app = CursordApp(
                broker=broker,
                limits=connect_limits,
                hosts=hosts,
                unary_methods=unary,
                extra_routes={RUN_PATH: run, **{k: v for p in parts for k, v in p.routes.items()}},
                counters=one_part(parts, "counters") or ServerCounters(),
                side_streams=bidi.side_streams,
                gateway=gateway,
                placement=one_part(parts, "placement"),
                request_observers=tuple(o for p in parts for o in p.request_observers),
                editor_version_observers=tuple(o for p in parts for o in p.editor_version_observers),
            )
            core = Core(app=app, broker=broker, gate=gate, bidi=bidi)
            try:
                yield core
            finally:
                broker.close()
                streams_nursery.cancel_scope.cancel()
        nursery.cancel_scope.cancel()


def _noting_refusals(
    bidi: BidiAppendHandler, refusals: list[Callable[[Any, ConnectError], None]]
) -> Callable[[aiserver.BidiAppendRequest], Awaitable[aiserver.BidiAppendResponse]]:
    """The BidiAppend handler, telling `refusals` of every upload it refuses (the tap records them)."""
    if not refusals:
        return bidi

    async def call(request: aiserver.BidiAppendRequest) -> aiserver.BidiAppendResponse:
        try:
            return await bidi(request)
        except ConnectError as error:
            for refused in refusals:
                refused(request, error)
            raise

    return call
