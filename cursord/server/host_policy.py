"""Which requests the editor listener answers, by their `Host` and `Origin` headers. Sans-IO.

cursord listens on loopback and spends the user's provider keys, so a web page must not be able to
reach it. Two ways a browser could:

* DNS rebinding: a page at `attacker.example` re-points its own name at 127.0.0.1 and then calls
  cursord as "same-origin". The browser still sends `Host: attacker.example`, so only requests naming a
  loopback host (`localhost`, any 127.0.0.0/8 address, `[::1]`, with any port) or a configured name
  (`allowed_hosts`, and the listen address itself) are answered. A request without a Host names
  nothing and is refused too (HTTP/1.1 requires one; h2 clients send `:authority`).
* A cross-site request to `http://127.0.0.1:8765`: the Host is fine, but browsers mark every such
  request (and its CORS preflight) with `Origin`. The editor's own clients never send one, so any
  `Origin`, `null` included, is refused; the one exception is a `/ui/` request whose Origin is this
  very origin (scheme, host and port), which the dashboard's own page sends with its POSTs.

Requests the intercepting proxy hands to the app in-process (`cursord.proxy.asgi_bridge`) carry the
scope extension `PROXIED_EXTENSION` and are not checked here: they arrived in a TLS tunnel to a Cursor
host that only the editor's `http.proxy` setting opens (a browser page cannot send CONNECT), and the
editor's renderer may well send an Origin through it. Hypercorn never puts that key in a scope, so a
client of the listener cannot claim it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any, Final

import attrs

__all__ = ["LOOPBACK_NAMES", "LOOPBACK_ONLY", "PROXIED_EXTENSION", "HostPolicy", "host_name", "is_loopback"]

#: a scope extension only the proxy's in-process bridge sets (see the module docstring).
PROXIED_EXTENSION: Final = "cursord.proxied"

LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})


def host_name(value: str) -> str | None:
    """The name in a Host header value (`name`, `name:port`, `[v6]`, `[v6]:port`), lower-case and
    without a trailing dot; None if it is not of that shape."""
    value = value.strip().lower()
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not (rest.startswith(":") and rest[1:].isdigit())):
            return None
        return name or None
    name, colon, port = value.partition(":")
    if colon and not port.isdigit():
        return None
    return name.rstrip(".") or None


def is_loopback(name: str) -> bool:
    """Whether `name` (a host name or an IP address, a v6 zone allowed) is this machine's loopback."""
    name = name.split("%", 1)[0]
    if name in LOOPBACK_NAMES:
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def _normalise(names: Iterable[str]) -> frozenset[str]:
    return frozenset(name.strip().lower().strip("[]").rstrip(".") for name in names if name.strip())


@attrs.frozen
class HostPolicy:
    """Loopback names, plus `extra_names` (lower-case, without port), are the hosts answered."""

    extra_names: frozenset[str] = attrs.field(default=frozenset(), converter=_normalise)

    @classmethod
    def for_listener(cls, listen_host: str, allowed_hosts: Iterable[str] = ()) -> HostPolicy:
        """The policy for a listener on `listen_host`: its own name is allowed too, unless it is a
        wildcard address (a client never names 0.0.0.0 or :: on purpose)."""
        names = list(allowed_hosts)
        if listen_host not in ("0.0.0.0", "::", ""):
            names.append(listen_host)
        return cls(frozenset(names))

    def allows_host(self, value: str | None) -> bool:
        name = host_name(value) if value is not None else None
        return name is not None and (is_loopback(name) or name in self.extra_names)

    def refusal(self, scope: Any) -> str | None:
        """Why the request in ASGI `scope` is refused, or None to answer it."""
        if PROXIED_EXTENSION in (scope.get("extensions") or {}):
            return None
        host: str | None = None
        origin: str | None = None
        for key, value in scope.get("headers", ()):
            key = bytes(key).lower()
            if key == b"host" and host is None:
                host = bytes(value).decode("latin-1")
            elif key == b"origin" and origin is None:
                origin = bytes(value).decode("latin-1")
        if origin is not None and not _dashboard_same_origin(scope, origin, host):
            return (
                f"cursord refuses requests from web pages (this one carries Origin: {origin[:200]!r}); "
                "it serves only the editor"
            )
        if not self.allows_host(host):
            shown = repr(host[:200]) if host else "no Host header"
            return (
                f"cursord answers only requests for a loopback host (localhost, 127.0.0.1, [::1]) or an "
                f"allowed_hosts name, not {shown}; a web page reaching it by DNS rebinding would look like "
                "this (to reach cursord by this name, add it with --allow-host or allowed_hosts)"
            )
        return None


def _dashboard_same_origin(scope: Any, origin: str, host: str | None) -> bool:
    """A dashboard request from the dashboard's own page: browsers send `Origin` on a same-origin POST
    (its log-out and provider probe are POSTs, so that no link can trigger them). Same origin means
    the very scheme, host and port of this request: a page served on another loopback port is not."""
    path = str(scope.get("path", ""))
    scheme = str(scope.get("scheme", "http"))
    return path.startswith("/ui/") and host is not None and origin.lower() == f"{scheme}://{host}".lower()


#: the policy with no configured names: loopback Host names only.
LOOPBACK_ONLY: Final = HostPolicy()
