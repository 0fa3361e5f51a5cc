"""The daemon: one nursery that owns the append gate, the stream broker, and the HTTP server.

`build_core` makes the pieces without any listening socket, so the CLI, the systemd service and the
test harness (`cursord.testing`, over real loopback or in-memory streams) all run the same app.
Shutdown is closing nurseries in order: streams end with `unavailable` first, then Hypercorn stops.

Composition by constructor: each feature (model RPCs, side RPCs, the stream journal, the live tap, systemd's
status line) declares what it adds as `AppParts` before anything is built; `build_core` hands every piece to
the constructor that takes it (the app's routes, the broker's observers and restorer, the BidiAppend and Run
handlers' observers). Nothing reaches into a built object afterwards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import trio

from cursord.config import ServeConfig
from cursord.server import (
    AgentEndpoint,
    AppParts,
    Core,
    HostPolicy,
    ListenOptions,
    build_core,
    listener_app,
    naming_the_listener,
    serve_agent_listener,
    serve_http,
)
from cursord.streams import BehaviourFactory

log = logging.getLogger(__name__)

AppWrap = Callable[[Any, str], Any]
"""Wraps the app one listener serves, given its name ("editor", "agent", "proxy"): `cursord record`'s
`Recorder.wrap`."""


async def run_daemon(
    config: ServeConfig,
    behaviour_factory: BehaviourFactory,
    parts: tuple[AppParts, ...] = (),
    *,
    shutdown: trio.Event,
    agent: AgentEndpoint | None = None,
    task_status: trio.TaskStatus[list[str]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Build the core for `config` and serve it until `shutdown` is set (see `serve_core`)."""
    hosts = HostPolicy.for_listener(config.listen.host, config.allowed_hosts)
    async with build_core(config.limits, behaviour_factory, parts, hosts) as core:
        await serve_core(config, core, shutdown=shutdown, agent=agent, task_status=task_status)


async def serve_core(
    config: ServeConfig,
    core: Core,
    *,
    shutdown: trio.Event,
    agent: AgentEndpoint | None = None,
    wrap: AppWrap | None = None,
    task_status: trio.TaskStatus[list[str]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve `core` on the configured listeners until `shutdown` is set; reports the bound URLs through
    `task_status`. With `config.agent_listen` the same app is served on the loopback TLS agent listener
    too, and `agent.url` says where once it is bound (GetServerConfig advertises it). Each listener serves
    `wrap(app, listener)`."""
    options = ListenOptions(
        host=config.listen.host,
        port=config.listen.port,
        certfile=config.certfile,
        keyfile=config.keyfile,
        first_request_timeout=config.limits.first_request_seconds,
        max_concurrent_streams=config.limits.max_streams_per_connection,
        send_stall_timeout=config.limits.send_stall_seconds,
    )
    served: AppWrap = wrap if wrap is not None else lambda app, _listener: app
    http_stop = trio.Event()
    async with trio.open_nursery() as nursery:
        editor_app = served(core.app, "editor")
        with naming_the_listener(str(config.listen), "--listen HOST:PORT (listen = in the config file)"):
            binds = await nursery.start(serve_http, editor_app, options, config.limits.max_body_bytes, http_stop)
        if config.agent_listen is not None:
            agent = agent if agent is not None else AgentEndpoint()
            agent_url = await nursery.start(
                serve_agent_listener,
                served(listener_app(core.app, agent), "agent"),
                config.agent_listen,
                config.data_dir,
                config.limits.max_body_bytes,
                http_stop,
                agent,
            )
            if agent_url is not None:
                binds = [*binds, agent_url]
        task_status.started(binds)
        await shutdown.wait()
        log.info("shutting down: ending %d open streams", len(core.broker))
        core.broker.close()
        # Let every RunSSE connection write its `unavailable` end-stream before Hypercorn stops.
        await trio.lowlevel.checkpoint()
        http_stop.set()
