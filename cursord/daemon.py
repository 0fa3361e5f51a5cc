"""The daemon: one nursery that owns the append gate, the stream broker, and the HTTP server.

`build_core` makes the pieces without any listening socket, so the CLI, the systemd service and the
test harness (`cursord.testing`, over real loopback or in-memory streams) all run the same app.
Shutdown is closing nurseries in order: streams end with `unavailable` first, then Hypercorn stops.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import attrs
import trio

from cursord.config import Limits, ServeConfig
from cursord.connect.request import Limits as ConnectLimits
from cursord.intents import InboundIntent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.app import BIDI_APPEND_PATH, CursordApp
from cursord.server.bidi import BidiAppendHandler
from cursord.server.host_policy import LOOPBACK_ONLY, HostPolicy
from cursord.server.serve import ListenOptions, serve_http
from cursord.streams.active import BehaviourFactory, StreamTimings
from cursord.streams.broker import StreamBroker
from cursord.streams.ordering import AppendGate

log = logging.getLogger(__name__)


def stream_timings(limits: Limits) -> StreamTimings:
    return StreamTimings(
        heartbeat=limits.heartbeat_seconds,
        reconnect_grace=limits.reconnect_grace_seconds,
        terminal_retention=limits.terminal_retention_seconds,
        max_backlog_frames=limits.max_backlog_events,
    )


@attrs.define
class Core:
    """Everything but the listening sockets."""

    app: CursordApp
    broker: StreamBroker
    gate: AppendGate[InboundIntent]
    bidi: BidiAppendHandler


#: Registers the agent layer's extra RPCs (model lists, server config) on a fresh app.
AppExtension = Callable[[Core], None]


@asynccontextmanager
async def build_core(
    limits: Limits,
    behaviour_factory: BehaviourFactory,
    extensions: tuple[AppExtension, ...] = (),
    hosts: HostPolicy = LOOPBACK_ONLY,
) -> AsyncIterator[Core]:
    """The app and the tasks it needs, alive for the `async with` block; streams end `unavailable` on exit.

    `hosts` says which Host names the app answers besides loopback ones (`cursord.server.host_policy`).
    """
    async with trio.open_nursery() as nursery:
        gate: AppendGate[InboundIntent] = AppendGate(
            hold_timeout=limits.append_hold_seconds, max_held=limits.max_pending_appends
        )
        await nursery.start(gate.run)
        async with trio.open_nursery() as streams_nursery:
            broker = StreamBroker(
                nursery=streams_nursery,
                behaviour_factory=behaviour_factory,
                timings=stream_timings(limits),
                max_streams=limits.max_streams,
                max_placeholders=limits.max_placeholders,
            )
            connect_limits = ConnectLimits(
                max_request_bytes=limits.max_body_bytes, max_message_bytes=limits.max_body_bytes
            )
            app = CursordApp(broker=broker, limits=connect_limits, hosts=hosts)
            bidi = BidiAppendHandler(broker, gate)
            app.add_unary(BIDI_APPEND_PATH, aiserver.BidiAppendRequest, bidi)
            core = Core(app=app, broker=broker, gate=gate, bidi=bidi)
            for extend in extensions:
                extend(core)
            try:
                yield core
            finally:
                broker.close()
                streams_nursery.cancel_scope.cancel()
        nursery.cancel_scope.cancel()


async def run_daemon(
    config: ServeConfig,
    behaviour_factory: BehaviourFactory,
    extensions: tuple[AppExtension, ...] = (),
    *,
    shutdown: trio.Event,
    task_status: trio.TaskStatus[list[str]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve until `shutdown` is set; reports the bound URLs through `task_status`."""
    options = ListenOptions(
        host=config.listen.host,
        port=config.listen.port,
        certfile=config.certfile,
        keyfile=config.keyfile,
        first_request_timeout=config.limits.first_request_seconds,
        max_concurrent_streams=config.limits.max_streams_per_connection,
        send_stall_timeout=config.limits.send_stall_seconds,
    )
    hosts = HostPolicy.for_listener(config.listen.host, config.allowed_hosts)
    async with build_core(config.limits, behaviour_factory, extensions, hosts) as core:
        http_stop = trio.Event()
        async with trio.open_nursery() as nursery:
            binds = await nursery.start(serve_http, core.app, options, config.limits.max_body_bytes, http_stop)
            task_status.started(binds)
            await shutdown.wait()
            log.info("shutting down: ending %d open streams", len(core.broker))
            core.broker.close()
            # Let every RunSSE connection write its `unavailable` end-stream before Hypercorn stops.
            await trio.lowlevel.checkpoint()
            http_stop.set()
