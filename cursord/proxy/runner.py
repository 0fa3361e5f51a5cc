"""Assembling the proxy for the daemon: the CA from the data dir, the leaf store, the listener.

`run_proxy` is what `cursord serve` starts beside the HTTP server, sharing its ASGI app (and so its
stream broker): a run that arrives through the proxy and one that arrives on the direct port are the
same kind of run.
"""

from __future__ import annotations

import logging
import ssl
from pathlib import Path

import trio

from cursord.config import ModelCatalog
from cursord.proxy.asgi_bridge import ASGIApp
from cursord.proxy.forward import Connector
from cursord.proxy.forwarded_calls import ForwardedCalls
from cursord.proxy.h2_forward import H2Connector
from cursord.proxy.observe import Observe
from cursord.proxy.routing import OwnsModel, catalog_owns, host_matches
from cursord.proxy.server import InterceptingProxy, ProxyConfig
from cursord.server import EditorActivity
from cursord.tls import CaPaths, CertificateAuthority, LeafCertificates, new_ca_advice

log = logging.getLogger(__name__)

__all__ = ["build_proxy", "run_proxy"]


def build_proxy(
    app: ASGIApp,
    *,
    data_dir: Path,
    owns_model: OwnsModel | ModelCatalog,
    config: ProxyConfig | None = None,
    upstream_ssl: ssl.SSLContext | None = None,
    upstream_h2_ssl: ssl.SSLContext | None = None,
    connector: Connector | None = None,
    h2_connector: H2Connector | None = None,
    activity: EditorActivity | None = None,
    observe: Observe | None = None,
    ledger: ForwardedCalls | None = None,
) -> InterceptingProxy:
    """The proxy over `app`, with the CA in `<data_dir>/ca` (created if there is none).

    `owns_model` says which runs are cursord's (a catalog: the models it resolves, see
    `routing.catalog_owns`); `upstream_ssl` verifies upstreams (default: the system store), and
    `upstream_h2_ssl` those reached for HTTP/2 clients (default: `upstream_ssl` if given, else the system
    store offering h2 and http/1.1);
    `connector` and `h2_connector` replace how upstream connections are made (tests); `observe` watches every
    call forwarded untouched (`cursord.proxy.observe`); `ledger` counts every call forwarded to Cursor."""
    config = config or ProxyConfig()
    paths = CaPaths.in_data_dir(data_dir)
    ca, created = CertificateAuthority.load_or_create(paths)
    if created:
        log.warning("%s", new_ca_advice(paths))

    def accept(host: str) -> bool:
        return host_matches(host, config.intercept_hosts) and ca.covers(host)

    alpn = ("h2", "http/1.1") if config.http2 else ("http/1.1",)
    certificates = LeafCertificates(ca, accept=accept, alpn=alpn)
    if isinstance(owns_model, ModelCatalog):
        owns_model = catalog_owns(owns_model)
    return InterceptingProxy(
        config, app, certificates, owns_model=owns_model, upstream_ssl=upstream_ssl,
        upstream_h2_ssl=upstream_h2_ssl, connector=connector, h2_connector=h2_connector, activity=activity,
        observe=observe, ledger=ledger,
    )


async def run_proxy(
    app: ASGIApp,
    *,
    data_dir: Path,
    owns_model: OwnsModel | ModelCatalog,
    config: ProxyConfig | None = None,
    upstream_ssl: ssl.SSLContext | None = None,
    activity: EditorActivity | None = None,
    observe: Observe | None = None,
    ledger: ForwardedCalls | None = None,
    task_status: trio.TaskStatus[list[tuple[str, int]]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve the proxy until cancelled; `task_status` reports the bound (host, port) pairs."""
    proxy = build_proxy(app, data_dir=data_dir, owns_model=owns_model, config=config, upstream_ssl=upstream_ssl,
                        activity=activity, observe=observe, ledger=ledger)
    await proxy.serve(task_status=task_status)
