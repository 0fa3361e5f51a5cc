"""Assembling the running service from a config: providers, history, agent turns, extra RPCs, sd_notify.

The CLI's `serve` and the systemd unit both come through `run_service`; tests use `agent_parts` with
their own router to build the same daemon around scripted providers.
"""

from __future__ import annotations

import contextlib
import logging
import resource
import time
import uuid
from collections.abc import AsyncIterator, Callable, Mapping
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

import attrs
import httpx
import trio

from cursord.agent.budgets import GatewayBudgets
from cursord.agent.pass_recorder import PassRecorder
from cursord.agent.restore import adopt_legacy_queued, make_restorer
from cursord.agent.router import ProviderRouter, price_book
from cursord.agent.title_model import model_titler
from cursord.agent.turn import AgentServices, AgentTurn
from cursord.app.collector import manage_gc
from cursord.app.daemon import AppWrap, serve_core
from cursord.app.data_dir import claim_data_dir
from cursord.app.reload import ConfigSource, ProviderReloader
from cursord.app.sdnotify import Notifier, run_watchdog, watchdog_interval
from cursord.app.turn_log import TurnLog, stored_turn_entry
from cursord.app.upstream import Upstream, provider_client, upstream_proxy
from cursord.cluster import GatewayNode, open_peers
from cursord.config import ConfigError, Limits, ModelCatalog, ServeConfig
from cursord.connect import Limits as ConnectLimits
from cursord.context import ContextLimits, ImageLimits
from cursord.core import Redactor, redacting
from cursord.localai import LocalAi, local_ai_parts
from cursord.proxy import DEFAULT_OWNED_PATHS, ForwardedCalls, Observe, ProxyConfig, catalog_owns, run_proxy
from cursord.server import (
    RECENT_TURNS,
    AgentEndpoint,
    AgentRelay,
    AppParts,
    Core,
    EditorActivity,
    GatewayAccess,
    HostPolicy,
    RunRelay,
    SideRpcs,
    build_core,
    model_rpc_parts,
    naming_the_listener,
    open_gateway_client,
    side_rpc_parts,
)
from cursord.store import EditorVersionFile, PassRecord, Store, open_store
from cursord.streams import ActionQueue, ActiveStream, BehaviourFactory, StreamJournal
from cursord.tab import TabOwnedPaths, TabService, tab_parts, tab_recorder
from cursord.tap import TapHub, ensure_tap_token, tap_parts
from cursord.tls import proxying_upstream
from cursord.ui import Dashboard, UiSessions, dashboard_parts
from cursord.web import WebAccess

log = logging.getLogger(__name__)


def agent_parts(
    router: ProviderRouter,
    store: Store,
    retention: float = Limits().terminal_retention_seconds,
    agent: AgentEndpoint | None = None,
    tap: TapHub | None = None,
    limits: Limits | None = None,
    web: WebAccess | None = None,
    review_model: str | None = None,
) -> tuple[AgentServices, tuple[AppParts, ...]]:
    """The agent turn's services and the parts that go with them: the model RPCs (GetServerConfig
    advertising `agent`'s listener once it is bound), the Run relay, and the stream journal with the
    restorer that brings journalled streams back after a restart."""
    limits = limits or Limits()
    bounds = context_limits(limits)
    actions = ActionQueue(
        store,
        max_action_bytes=limits.max_waiting_action_bytes,
        max_bytes=limits.max_waiting_bytes,
        max_held_seconds=limits.held_action_seconds,
    )
    services = AgentServices(
        router=router,
        history=store,
        store=store,
        actions=actions,
        tap=tap,
        context_limits=bounds,
        web=web or WebAccess(),
        review_model=review_model,
    )
    journal = StreamJournal(store)
    restorer = make_restorer(store, AgentTurn.resuming(services), retention)
    endpoint = agent or AgentEndpoint()
    return services, (
        model_rpc_parts(router.catalog, lambda: endpoint.url),
        AppParts(
            stream_observers=(journal.observe,),
            publish_observers=(journal.published,),
            shutdown_observers=(journal.suspend,),
            restorer=restorer,
            append_positions=journal,
            action_queue=actions,
        ),
        AppParts(run_relay=RunRelay(catalog_owns(router.catalog), endpoint.relay)),
    )


@contextlib.asynccontextmanager
async def gateway_client(config: ServeConfig) -> AsyncIterator[tuple[AppParts, ...]]:
    """With `gateway` set, the routes that send the agent RPCs there with the user's token (their pooled
    connections open for the block); none otherwise."""
    if config.gateway is None or config.gateway_token_file is None:
        yield ()
        return
    token = read_gateway_token(config.gateway_token_file)
    log.info("the agent RPCs go to the team gateway %s", config.gateway)
    async with open_gateway_client(
        config.gateway, token, config.gateway_ca_file, max_body_bytes=config.limits.max_body_bytes
    ) as parts:
        yield (parts,)


@contextlib.asynccontextmanager
async def gateway_node(config: ServeConfig, store: Store) -> AsyncIterator[GatewayNode | None]:
    """With `node_address` set, this daemon as one node of a gateway (its peers reached through a pooled
    HTTP/2 client open for the block); None otherwise."""
    if config.node_address is None:
        yield None
        return
    async with open_peers(config.limits.max_body_bytes) as peers:
        yield GatewayNode(
            node_id=uuid.uuid4().hex[:12],
            address=config.node_address,
            cluster=store.cluster(),
            peers=peers,
            lease_seconds=config.limits.lease_seconds,
        )


def read_gateway_token(path: Path) -> str:
    """The token in `path` (surrounding whitespace dropped); raises ConfigError if there is none."""
    try:
        token = path.read_text().strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"gateway_token_file {str(path)!r}: cannot read it: {exc}") from None
    if not token or any(c.isspace() for c in token):
        raise ConfigError(f"gateway_token_file {str(path)!r}: expected one token (cdu_...), found "
                          f"{'nothing' if not token else 'several words'}")
    if path.stat().st_mode & 0o077:
        log.warning("gateway_token_file %s can be read by others: chmod 600 it", path)
    return token


def context_limits(limits: Limits) -> ContextLimits:
    """The bounds on what a user attaches, from the `[limits]` settings."""
    images = ImageLimits(max_image_bytes=limits.max_image_bytes, max_images_per_turn=limits.max_images_per_turn)
    return ContextLimits(item_chars=limits.context_item_chars, turn_chars=limits.context_turn_chars, images=images)


def raise_open_file_limit() -> int:
    """Raise the soft limit on open files to the hard limit; the soft limit now in force.

    A shell's soft limit is often 1,024: that many idle connections (to the proxy, say) and every new
    socket, including the provider calls of running turns, fails with EMFILE. The hard limit is what
    the administrator allows; the systemd unit sets both (`LimitNOFILE`)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError) as exc:  # macOS refuses more than OPEN_MAX
            log.info("could not raise the open-file limit from %d to %d: %s", soft, hard, exc)
            return soft
        log.info("open-file limit raised from %d to %d", soft, hard)
        return hard
    return soft


@attrs.define
class StatusLine:
    """Keeps systemd's `STATUS=` line current with the stream counts (a broker observer)."""

    notifier: Notifier
    streams: set[ActiveStream] = attrs.field(factory=set)

    def observe(self, stream: ActiveStream, what: str) -> None:
        if what == "created":
            self.streams.add(stream)
        elif what == "retired":
            self.streams.discard(stream)
        if what in ("created", "retired", "phase"):
            self.notifier.status(self.text())

    def text(self) -> str:
        active = sum(1 for s in self.streams if not s.is_terminal)
        subscribers = sum(len(s.subscribers) for s in self.streams)
        return f"{active} active streams, {len(self.streams) - active} ended, {subscribers} RunSSE connections"

    def parts(self) -> AppParts:
        return AppParts(stream_observers=(self.observe,))


async def run_service(
    config: ServeConfig,
    environ: Mapping[str, str],
    *,
    shutdown: trio.Event,
    source: ConfigSource | None = None,
    reloads: trio.abc.ReceiveChannel[object] | None = None,
    wrap: AppWrap | None = None,
    observe: Observe | None = None,
) -> None:
    """Serve `config` until `shutdown` is set, telling systemd (if it is there) how it goes. With `wrap`,
    each listener (the editor's port, the agent listener, the proxy) serves `wrap(app, listener)`; with
    `observe`, the proxy lets it watch every call it forwards to Cursor untouched.

    Raises `DataDirInUse` at once if another cursord serves from the same data directory. For the whole
    run, `redact_secrets` (provider errors, log lines) masks the configured keys, whatever their shape.
    With `source`, each item on `reloads` (SIGHUP) reloads the providers and keys (`cursord.app.reload`).
    """
    raise_open_file_limit()
    with claim_data_dir(config.data_dir), redacting(configured_keys(config, environ)):
        upstream = upstream_proxy(config, environ)
        with proxying_upstream(upstream.proxy if upstream is not None else None):
            await _serve(
                config, environ, shutdown=shutdown, source=source, reloads=reloads, upstream=upstream, wrap=wrap,
                observe=observe,
            )


def provider_pool_limits(limits: Limits) -> httpx.Limits:
    return httpx.Limits(max_connections=limits.max_streams, max_keepalive_connections=32)


def agent_endpoint(config: ServeConfig, ledger: ForwardedCalls | None = None) -> AgentEndpoint:
    """The agent listener's endpoint, relaying what cursord does not own to Cursor's agent host (each call
    counted in `ledger`, with what the proxy forwards) unless nothing may go there: a team gateway (its
    users' tokens are not Cursor's, and a model it does not serve is `not_found`, not somebody else's run),
    `--offline` or `--private` (a run's prompt is the user's text)."""
    if config.team_gateway or config.offline or config.private:
        return AgentEndpoint(relay=None)
    return AgentEndpoint(relay=AgentRelay(count=ledger.call if ledger is not None else None))


def configured_keys(config: ServeConfig, environ: Mapping[str, str]) -> Redactor:
    """The redactor for the key values `config` reads from `environ` (every key of a pool too)."""
    return Redactor.for_keys(environ.get(name) for name in config.key_envs)


async def _serve(
    config: ServeConfig,
    environ: Mapping[str, str],
    *,
    shutdown: trio.Event,
    source: ConfigSource | None,
    reloads: trio.abc.ReceiveChannel[object] | None,
    upstream: Upstream | None,
    wrap: AppWrap | None,
    observe: Observe | None,
) -> None:
    notifier = Notifier.from_environ(environ)
    async with (
        open_store(config.data_dir, url=config.store) as store,
        # One connection pool for every provider, as large as the streams cursord may hold: httpx's
        # default of 100 would make the 101st concurrent turn wait for a slot and time out.
        provider_client(provider_pool_limits(config.limits), upstream) as client,
        gateway_client(config) as forwarding,
        gateway_node(config, store) as node,
        trio.open_nursery() as nursery,
    ):
        log.info("store: %s", store.location)
        if upstream is not None:
            log.info("Cursor's hosts and the providers are reached through the upstream proxy %s (from %s)",
                     upstream.proxy, upstream.origin)
        retention = config.limits.terminal_retention_seconds
        dropped = await store.journal_drop_ended_before(time.time() - retention)
        if dropped:
            log.info("dropped %d ended stream journals past their retention", dropped)
        activity = EditorActivity()
        turn_log = TurnLog(trio.current_time, on_turn=activity.turn_ended)
        ledger = PassRecorder(turn_log.recording(store.record_pass_nowait), price_book(config.providers))
        people = store.people() if config.team_gateway else None
        router = ProviderRouter.from_catalog(
            ModelCatalog(config.providers, config.aliases, config.default_model),
            environ,
            client,
            ledger,
            config.default_model,
            guard=GatewayBudgets(people) if people is not None else None,
        )
        forwarded = ForwardedCalls(on_call=store.record_forwarded_nowait)
        forwarded.seed(await store.forwarded())
        agent = agent_endpoint(config, forwarded)
        hub = TapHub()
        web = WebAccess.from_config(config, environ, client)
        services, parts = agent_parts(
            router, store, retention, agent, tap=hub, limits=config.limits, web=web, review_model=config.review_model
        )
        if services.actions is not None:
            await services.actions.restarted()
            await adopt_legacy_queued(store, services.actions)
        titler = model_titler(router, config.title_model) if config.title_model else None
        tap_token = ensure_tap_token(config.data_dir)
        dashboard = Dashboard(UiSessions(tap_token), hub, store, config, environ, activity)
        tab = tab_service(config, environ, store.record_pass_nowait)
        await nursery.start(tab.run)
        hub.tab = tab.status
        hub.forwarded = forwarded.snapshot
        if source is not None and reloads is not None:
            reloader = ProviderReloader(source, config, router, client, on_reload=dashboard.reconfigure, tab=tab)
            nursery.start_soon(reloader.follow, reloads)
        side_rpcs = SideRpcs(router.catalog, blobs=store, titler=titler, titles=store)
        for conversation_id, title in reversed((await store.titles()).items()):
            side_rpcs.remember(conversation_id, title)
        turn_log.titles = hub.titles = side_rpcs.names.get
        activity.restore_turns(  # the overview's recent turns outlive a restart
            stored_turn_entry(turn, side_rpcs.names.get) for turn in await store.recent_turns(RECENT_TURNS)
        )
        parts = (
            *parts,
            tab_parts(tab),
            side_rpc_parts(side_rpcs),
            local_ai_parts(LocalAi(router, config.local_ai_model, connect_limits(config.limits))),
            StatusLine(notifier).parts(),
            AppParts(
                stream_observers=(turn_log.observe, activity.observe),
                request_observers=(activity.call,),
                editor_version_observers=(EditorVersionFile(config.data_dir).seen,),
            ),
            tap_parts(tap_token, hub),
            dashboard_parts(dashboard),
            *forwarding,
        )
        hosts = HostPolicy.for_listener(config.listen.host, config.allowed_hosts)
        if node is not None:
            if not hosts.allows_host(urlsplit(node.address).netloc):
                raise ConfigError(f"node_address {node.address}: this node does not answer requests for that host "
                                  "(its peers forward to it there): add the name with --allow-host")
            parts = (*parts, AppParts(placement=node, stream_observers=(node.observe,)))
            await nursery.start(node.run_heartbeats)
        access = GatewayAccess(people) if people is not None else None
        if access is not None:
            log.info("team gateway: every call needs a user's token (cursord users add NAME)")
        core = await nursery.start(_hold_core, config, AgentTurn.factory(services), parts, hosts, access)

        # A gateway node drains between the signal and the end of serving; a lone daemon stops at once.
        stop_serving = trio.Event()

        async def serve_then_stop(*, task_status: trio.TaskStatus[list[str]]) -> None:
            await serve_core(config, core, shutdown=stop_serving, agent=agent, wrap=wrap, task_status=task_status)
            if node is not None:  # its streams have ended, their journals kept: others take them over
                await node.leave()
            nursery.cancel_scope.cancel()  # the watchdog and the core go with it

        binds = await nursery.start(serve_then_stop)
        proxy_config = ProxyConfig(
            host=config.proxy_listen.host,
            port=config.proxy_listen.port,
            max_inspected_body=config.limits.max_body_bytes,
            first_request_timeout=config.limits.first_request_seconds,
            allowed_ports=frozenset(config.proxy_ports),
            offline=config.offline,
            private=config.private,
            max_concurrent_streams=config.limits.max_streams_per_connection,
            http2=config.proxy_http2,
            owned_paths=TabOwnedPaths(DEFAULT_OWNED_PATHS, tab),
        )
        if config.offline:
            log.info("offline: the proxy forwards nothing to Cursor")
        elif config.private:
            log.info("private: the proxy forwards to Cursor no RPC that carries your code or text")
        # A gateway's user runs every model on the gateway (which refuses the ones it does not serve).
        owns = router.catalog if config.gateway is None else (lambda model: True)
        proxied = wrap(core.app, "proxy") if wrap is not None else core.app
        proxy = partial(run_proxy, proxied, data_dir=config.data_dir, owns_model=owns, activity=activity,
                        observe=observe, ledger=forwarded)
        with naming_the_listener(str(config.proxy_listen), "--proxy-listen HOST:PORT (proxy_listen = in the config"
                                 " file)"):
            proxy_binds = await nursery.start(partial(proxy, config=proxy_config))
        # Only now that every listener is bound: a busy port is one error line, never after "listening".
        log.info("cursord listening on %s; models: %s", ", ".join(binds), ", ".join(router.models))
        if agent.url is not None:
            log.info("editor agent listener (HTTP/2 over TLS) on %s, advertised as agentn_url", agent.url)
        log.info("editor proxy listening on %s", ", ".join(f"{host}:{port}" for host, port in proxy_binds))
        manage_gc(nursery, core.broker)
        notifier.ready(status=f"listening on {', '.join(binds)}")
        interval = watchdog_interval(environ)
        if interval is not None:
            nursery.start_soon(run_watchdog, notifier, interval)
        await shutdown.wait()
        notifier.stopping()
        if node is not None:
            await node.drain(core.broker, config.limits.drain_seconds)
        hub.close()  # tap clients get a clean close instead of holding Hypercorn's graceful shutdown
        stop_serving.set()


def connect_limits(limits: Limits) -> ConnectLimits:
    """The bounds on a request body the RPCs outside the core read themselves (Tab's, the local AI's)."""
    return ConnectLimits(max_request_bytes=limits.max_body_bytes, max_message_bytes=limits.max_body_bytes)


def tab_service(
    config: ServeConfig, environ: Mapping[str, str], record_pass: Callable[[PassRecord], None]
) -> TabService:
    """The Tab RPCs on the configured FIM server (without one they answer `unimplemented`, and through the
    proxy Tab goes to Cursor; a reload may add one), its requests in the store's usage ledger."""
    service = TabService(None, limits=connect_limits(config.limits), on_usage=tab_recorder(record_pass))
    service.reconfigure(config.tab, environ)
    return service


async def _hold_core(
    config: ServeConfig,
    behaviour_factory: BehaviourFactory,
    parts: tuple[AppParts, ...],
    hosts: HostPolicy,
    access: GatewayAccess | None,
    *,
    task_status: trio.TaskStatus[Core],
) -> None:
    """Build the core and keep it alive until this task is canceled (the service's nursery owns it)."""
    async with build_core(config.limits, behaviour_factory, parts, hosts, access) as core:
        task_status.started(core)
        await trio.sleep_forever()
