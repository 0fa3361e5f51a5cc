"""The intercepting proxy: the editor's `http.proxy`, answering cursord's RPCs and forwarding the rest.

- `ca`: the local CA in `<data_dir>/ca` and the per-host leaf certificates (`LeafCertificates`);
- `server`: `InterceptingProxy` and its `ProxyConfig` (CONNECT, TLS interception, tunnels, plain HTTP);
- `routing`: which request goes where (pure); `forward`: streaming a request to the real upstream;
- `asgi_bridge`: running cursord's ASGI app for one decrypted request; `wire`: HTTP/1.1 over a stream;
- `service`: `build_proxy` / `run_proxy` for `cursord serve`; `commands`: `cursord ca ...`;
- `testing`: a fake TLS origin and a CONNECT client, for tests.
"""

from cursord.proxy.routing import DEFAULT_INTERCEPT_HOSTS, DEFAULT_OWNED_PATHS, catalog_owns
from cursord.proxy.runner import build_proxy, run_proxy
from cursord.proxy.server import InterceptingProxy, ProxyConfig
from cursord.proxy.wire import H11Stream, LiveBody, PeerGone
from cursord.tls import CAError, CaPaths, CertificateAuthority, LeafCertificates, node_env_line

__all__ = [
    "DEFAULT_INTERCEPT_HOSTS",
    "DEFAULT_OWNED_PATHS",
    "CAError",
    "CaPaths",
    "CertificateAuthority",
    "H11Stream",
    "InterceptingProxy",
    "LeafCertificates",
    "LiveBody",
    "PeerGone",
    "ProxyConfig",
    "build_proxy",
    "catalog_owns",
    "node_env_line",
    "run_proxy",
]
