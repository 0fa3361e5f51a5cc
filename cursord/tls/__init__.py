"""TLS for cursord: its local CA (name-constrained to Cursor's hosts and loopback) and verified upstream connections."""

from cursord.tls.ca import (
    CAError,
    CaPaths,
    CertificateAuthority,
    LeafCertificates,
    client_context,
    new_ca_advice,
    node_env_line,
)
from cursord.tls.upstream import UpstreamError, UpstreamProxy, open_upstream_stream, proxying_upstream

__all__ = [
    "CAError",
    "CaPaths",
    "CertificateAuthority",
    "LeafCertificates",
    "UpstreamError",
    "UpstreamProxy",
    "client_context",
    "new_ca_advice",
    "node_env_line",
    "open_upstream_stream",
    "proxying_upstream",
]
