"""Assembling the running service from a config: providers, history, agent turns, extra RPCs, sd_notify.

The CLI's `serve` and the systemd unit both come through `run_service`; tests use `agent_parts` with
their own router to build the same daemon around scripted providers.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from functools import partial

import httpx
import trio

from cursord.agent.restore import make_restorer
from cursord.agent.router import ProviderRouter
from cursord.agent.turn import AgentServices, AgentTurn
from cursord.config import Limits, ServeConfig
from cursord.context.images import ImageLimits
from cursord.context.selected import ContextLimits
from cursord.daemon import AppExtension, Core, run_daemon
from cursord.data_dir import claim_data_dir
from cursord.logs import Redactor, redacting
from cursord.models_rpc import ModelCatalog, model_rpc_extension
from cursord.proxy import ProxyConfig, run_proxy
from cursord.sdnotify import Notifier, run_watchdog, watchdog_interval
from cursord.store.store import Store, open_store
from cursord.streams.active import ActiveStream
from cursord.streams.broker import StreamBroker
from cursord.streams.journal import StreamJournal
from cursord.tap import TapHub, ensure_tap_token, tap_extension

log = logging.getLogger(__name__)


def agent_parts(
    router: ProviderRouter, store: Store, retention: float = Limits().terminal_retention_seconds,
    limits: Limits | None = None,
) -> tuple[AgentServices, tuple[AppExtension, ...]]:
    """The agent turn's services and the extensions that go with them: the model RPCs, and the stream
    journal with the restorer that brings journalled streams back after a restart."""
    bounds = context_limits(limits or Limits())
    services = AgentServices(router=router, history=store, store=store, context_limits=bounds)
    journal = StreamJournal(store)
    restorer = make_restorer(store, AgentTurn.resuming(services), retention)

    def journal_extension(core: Core) -> None:
        journal.attach(core)
        core.broker.restorer = restorer

    return services, (model_rpc_extension(router.catalog), journal_extension)


def context_limits(limits: Limits) -> ContextLimits:
    """The bounds on what a user attaches, from the `[limits]` settings."""
    images = ImageLimits(max_image_bytes=limits.max_image_bytes, max_images_per_turn=limits.max_images_per_turn)
    return ContextLimits(item_chars=limits.context_item_chars, turn_chars=limits.context_turn_chars, images=images)


def provider_pool_limits(limits: Limits) -> httpx.Limits:
    return httpx.Limits(max_connections=limits.max_streams, max_keepalive_connections=32)


def _status_line(broker: StreamBroker) -> str:
    streams = list(broker)
    active = sum(1 for s in streams if not s.is_terminal)
    subscribers = sum(len(s.subscribers) for s in streams)
    return f"{active} active streams, {len(streams) - active} ended, {subscribers} RunSSE connections"


def status_reporter(notifier: Notifier) -> AppExtension:
    """Keeps systemd's `STATUS=` line current with the stream counts."""

    def extend(core: Core) -> None:
        def on_change(stream: ActiveStream, what: str) -> None:
            if what in ("created", "retired", "phase"):
                notifier.status(_status_line(core.broker))

        core.broker.observers.append(on_change)

    return extend


async def run_service(config: ServeConfig, environ: Mapping[str, str], *, shutdown: trio.Event) -> None:
    """Serve `config` until `shutdown` is set, telling systemd (if it is there) how it goes.

    Raises `DataDirInUse` at once if another cursord serves from the same data directory. For the whole
    run, `redact_secrets` (provider errors, log lines) masks the configured keys, whatever their shape.
    """
    with claim_data_dir(config.data_dir), redacting(configured_keys(config, environ)):
        await _serve(config, environ, shutdown=shutdown)


def configured_keys(config: ServeConfig, environ: Mapping[str, str]) -> Redactor:
    """The redactor for the key values the providers of `config` read from `environ`."""
    return Redactor.for_keys(environ.get(p.api_key_env) for p in config.providers if p.api_key_env)


async def _serve(config: ServeConfig, environ: Mapping[str, str], *, shutdown: trio.Event) -> None:
    notifier = Notifier.from_environ(environ)
    async with (
        open_store(config.data_dir) as store,
        # One connection pool for every provider, as large as the streams cursord may hold: httpx's
        # default of 100 would make the 101st concurrent turn wait for a slot and time out.
        httpx.AsyncClient(timeout=None, limits=provider_pool_limits(config.limits)) as client,
        trio.open_nursery() as nursery,
    ):
        retention = config.limits.terminal_retention_seconds
        dropped = await store.journal_drop_ended_before(time.time() - retention)
        if dropped:
            log.info("dropped %d ended stream journals past their retention", dropped)
        router = ProviderRouter.from_catalog(
            ModelCatalog(config.providers, config.aliases, config.default_model), environ, client, config.default_model
        )
        services, extensions = agent_parts(router, store, retention, config.limits)
        hub = TapHub()
        services.tap = hub
        cores: list[Core] = []  # the proxy serves the same app; extensions see it before serving starts
        tap = tap_extension(ensure_tap_token(config.data_dir), hub)
        extensions = (*extensions, status_reporter(notifier), tap, cores.append)
        behaviour = AgentTurn.factory(services)

        async def serve_then_stop(*, task_status: trio.TaskStatus[list[str]]) -> None:
            await run_daemon(config, behaviour, extensions, shutdown=shutdown, task_status=task_status)
            nursery.cancel_scope.cancel()  # the watchdog goes with it

        binds = await nursery.start(serve_then_stop)
        log.info("cursord listening on %s; models: %s", ", ".join(binds), ", ".join(router.models))
        proxy_config = ProxyConfig(host=config.proxy_listen.host, port=config.proxy_listen.port)
        proxy = partial(run_proxy, cores[0].app, data_dir=config.data_dir, owns_model=router.catalog)
        proxy_binds = await nursery.start(partial(proxy, config=proxy_config))
        log.info("editor proxy listening on %s", ", ".join(f"{host}:{port}" for host, port in proxy_binds))
        notifier.ready(status=f"listening on {', '.join(binds)}")
        interval = watchdog_interval(environ)
        if interval is not None:
            nursery.start_soon(run_watchdog, notifier, interval)
        await shutdown.wait()
        hub.close()  # tap clients get a clean close instead of holding Hypercorn's graceful shutdown
        notifier.stopping()
