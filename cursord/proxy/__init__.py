"""The intercepting proxy: the editor's `http.proxy`, answering cursord's RPCs and forwarding the rest.

- `ca`: the local CA in `<data_dir>/ca` and the per-host leaf certificates (`LeafCertificates`);
- `server`: `InterceptingProxy` and its `ProxyConfig` (CONNECT, TLS interception, tunnels, plain HTTP);
- `routing`: which request goes where (pure); `forward`: streaming a request to the real upstream;
- `observe`: the seam through which `cursord record` watches what is forwarded untouched;
- `ledger`: counting what is forwarded to Cursor, and `private`'s refusals; `carriers`: the schema rule for
  which requests carry the user's code or text, `carried`: its result for every RPC of the schema;
- `asgi_bridge`: running cursord's ASGI app for one decrypted request; `wire`: HTTP/1.1 over a stream;
- `h2_peer`: HTTP/2 over a stream (either side); `h2_intercept`: serving an intercepted HTTP/2 connection,
  stream by stream; `h2_forward`: one HTTP/2 stream to the upstream (HTTP/2, else HTTP/1.1);
- `service`: `build_proxy` / `run_proxy` for `cursord serve`; `commands`: `cursord ca ...`;
- `testing`: a fake TLS origin and a CONNECT client, for tests.
"""

from cursord.proxy.forwarded_calls import ForwardedCalls, carries_code, method_name
from cursord.proxy.h2_intercept import H2Exchange, serve_h2
from cursord.proxy.h2_peer import Data, End, H2Peer, Head, Inbox, Lost, Reset, StreamGone, Trailers
from cursord.proxy.observe import CallObserver, Observe, RequestHead
from cursord.proxy.routing import DEFAULT_INTERCEPT_HOSTS, DEFAULT_OWNED_PATHS, catalog_owns, split_target
from cursord.proxy.runner import build_proxy, run_proxy
from cursord.proxy.server import InterceptingProxy, ProxyConfig
from cursord.proxy.wire import H11Stream, LiveBody, PeerGone
from cursord.tls import CAError, CaPaths, CertificateAuthority, LeafCertificates, node_env_line

__all__ = [
    "DEFAULT_INTERCEPT_HOSTS",
    "DEFAULT_OWNED_PATHS",
    "CAError",
    "CaPaths",
    "CallObserver",
    "CertificateAuthority",
    "Data",
    "End",
    "ForwardedCalls",
    "H2Exchange",
    "H2Peer",
    "H11Stream",
    "Head",
    "Inbox",
    "InterceptingProxy",
    "LeafCertificates",
    "LiveBody",
    "Lost",
    "Observe",
    "PeerGone",
    "ProxyConfig",
    "RequestHead",
    "Reset",
    "StreamGone",
    "Trailers",
    "build_proxy",
    "carries_code",
    "catalog_owns",
    "method_name",
    "node_env_line",
    "run_proxy",
    "serve_h2",
    "split_target",
]
