"""The loopback TLS listener for the editor's HTTP/2 agent transport, and the URL that advertises it.

With HTTP/2 allowed, the editor runs its agent over one bidi `agent.v1.AgentService/Run` stream on a
`node:http2` transport that ignores `http.proxy` and connects straight to
`GetServerConfigResponse.agent_url_config.agentn_url`. cursord serves its one app there too (the same
broker and streams as the main port and the proxy), over TLS with ALPN h2, presenting a leaf for
`localhost`, `127.0.0.1` and `::1` signed by the CA the editor already trusts for the proxy. The leaf is
minted at every start (`CertificateAuthority.write_loopback_leaf`).

`AgentEndpoint` holds the URL once the listener is bound; `GetServerConfig` advertises it and allows
HTTP/2. With no listener (`--agent-listen off`, or the port could not be bound) it stays None and
`GetServerConfig` keeps the editor on HTTP/1.1, where it uses RunSSE + BidiAppend. With a `relay`, what
cursord does not own that arrives on the listener goes to Cursor's agent host (`relay.AgentListenerApp`).
"""

from __future__ import annotations

import logging
from pathlib import Path

import attrs
import trio

from cursord.config import Endpoint
from cursord.server.app import CursordApp
from cursord.server.placement import RUN_SSE_PATH
from cursord.server.relay import AgentListenerApp, AgentRelay
from cursord.server.serve import ListenOptions, serve_http
from cursord.tls import CaPaths, CertificateAuthority, new_ca_advice

log = logging.getLogger(__name__)

__all__ = ["AgentEndpoint", "OwnedPaths", "agent_listen_options", "listener_app", "serve_agent_listener"]


@attrs.define
class AgentEndpoint:
    """Where the editor's HTTP/2 agent transport reaches cursord: `https://HOST:PORT` once bound; and
    where what cursord does not own goes from there (None: nowhere, it is answered `unimplemented`)."""

    url: str | None = None
    relay: AgentRelay | None = None


class OwnedPaths:
    """The paths `app` serves itself (all given when it was built)."""

    def __init__(self, app: CursordApp) -> None:
        self.app = app

    def __contains__(self, path: object) -> bool:
        app = self.app
        return path == RUN_SSE_PATH or path in app.unary_methods or path in app.extra_routes


def listener_app(app: CursordApp, agent: AgentEndpoint) -> object:
    """The agent listener's app: `app`, with every path it does not own relayed if `agent` has a relay."""
    if agent.relay is None:
        return app
    return AgentListenerApp(app, OwnedPaths(app), agent.relay, app.hosts)


def agent_listen_options(endpoint: Endpoint, data_dir: Path) -> ListenOptions:
    """TLS options for `endpoint` with a fresh loopback leaf from the CA in `data_dir` (created if needed)."""
    paths = CaPaths.in_data_dir(data_dir)
    ca, created = CertificateAuthority.load_or_create(paths)
    if created:
        log.warning("%s", new_ca_advice(paths))
    leaf = ca.write_loopback_leaf()
    return ListenOptions(host=endpoint.host, port=endpoint.port, certfile=leaf, keyfile=leaf)


async def serve_agent_listener(
    app: object,
    endpoint: Endpoint,
    data_dir: Path,
    max_body_bytes: int,
    shutdown: trio.Event,
    agent: AgentEndpoint,
    *,
    task_status: trio.TaskStatus[str | None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve `app` on the agent listener until `shutdown`; reports (and sets `agent.url` to) its URL.

    A port that cannot be bound is logged and reported as None: the daemon goes on, and the editor
    stays on HTTP/1.1, which works, rather than failing to start."""
    options = agent_listen_options(endpoint, data_dir)
    try:
        async with trio.open_nursery() as nursery:
            binds: list[str] = await nursery.start(serve_http, app, options, max_body_bytes, shutdown)
            agent.url = binds[0]
            # debug: the daemon's "listening" line names it once every listener is bound
            log.debug("editor agent listener (HTTP/2 over TLS) on %s, advertised as agentn_url", agent.url)
            task_status.started(agent.url)
    except* OSError as group:
        if agent.url is not None:
            raise  # not a bind failure: the listener was serving
        log.warning(
            "cannot listen on %s for the editor's HTTP/2 agent transport (%s); the editor stays on HTTP/1.1",
            endpoint, "; ".join(_leaves(group)),
        )
        task_status.started(None)
    finally:
        agent.url = None


def _leaves(error: BaseException) -> list[str]:
    if isinstance(error, BaseExceptionGroup):
        return [text for inner in error.exceptions for text in _leaves(inner)]
    return [error.strerror if isinstance(error, OSError) and error.strerror else str(error)]
