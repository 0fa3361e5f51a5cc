"""The upstream proxy behind which Cursor's hosts and the providers are reached, and the providers' HTTP client.

`upstream_proxy` decides it once at start: `HTTPS_PROXY` (with `NO_PROXY`) from the environment, else the
`http.proxy` that `cursord editor setup` replaced with cursord's own (the user's corporate proxy). The
daemon then opens Cursor's connections through it (`cursord.tls.proxying_upstream`) and builds the
providers' one HTTP client with `provider_client`.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import httpx

from cursord.config import ConfigError, ServeConfig
from cursord.editor import upstream_proxy_kept
from cursord.tls import UpstreamProxy

__all__ = ["Upstream", "provider_client", "upstream_proxy"]


@attrs.frozen
class Upstream:
    """The proxy Cursor's hosts and the providers are reached through, and where that came from."""

    url: str
    proxy: UpstreamProxy
    origin: str


def upstream_proxy(config: ServeConfig, environ: Mapping[str, str]) -> Upstream | None:
    """`HTTPS_PROXY` (with `NO_PROXY`) from the environment, else the `http.proxy` that `cursord editor setup`
    replaced with cursord's own; None: connect directly. Raises ConfigError for a URL that is not http://."""
    no_proxy = environ.get("NO_PROXY") or environ.get("no_proxy") or ""
    for name in ("HTTPS_PROXY", "https_proxy"):
        if environ.get(name):
            url, origin = environ[name], f"${name}"
            break
    else:
        kept = upstream_proxy_kept(config.data_dir)
        if kept is None:
            return None
        url, origin = kept, "the http.proxy that `cursord editor setup` replaced"
    try:
        return Upstream(url, UpstreamProxy.parse(url, no_proxy), origin)
    except ValueError as error:
        raise ConfigError(f"upstream proxy from {origin}: {error}") from None


def provider_client(pool: httpx.Limits, upstream: Upstream | None) -> httpx.AsyncClient:
    """The one HTTP client for every provider. httpx itself follows `HTTPS_PROXY` and `NO_PROXY`; a proxy
    kept by `editor setup` is mounted here, with loopback providers (a local Ollama) reached directly."""
    if upstream is None or upstream.origin.startswith("$"):
        return httpx.AsyncClient(timeout=None, limits=pool)
    direct = httpx.AsyncHTTPTransport(limits=pool)
    mounts: dict[str, httpx.AsyncBaseTransport | None] = {
        "all://": httpx.AsyncHTTPTransport(proxy=upstream.url, limits=pool),
        **{f"all://{host}": direct for host in ("localhost", "127.0.0.1", "[::1]")},
    }
    return httpx.AsyncClient(timeout=None, mounts=mounts)
