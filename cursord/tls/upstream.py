"""Connections to Cursor's hosts: TCP, then TLS verifying the host name (or a test's override address).

Behind a corporate proxy the TCP part goes through it: `proxying_upstream(UpstreamProxy.parse(url))` makes
every connection this module opens for the daemon's life (the editor proxy's forwarding and tunnels, the
Run relay) an HTTP `CONNECT` through that proxy, except to loopback addresses, test overrides and the
hosts `NO_PROXY` names. TLS to the real host then runs inside the tunnel, as a browser's would.
"""

from __future__ import annotations

import base64
import contextlib
import ipaddress
import ssl
from collections.abc import Iterator, Mapping
from urllib.parse import unquote, urlsplit

import attrs
import trio


class UpstreamError(Exception):
    """The upstream could not be reached, or broke the connection."""


#: the most a proxy's answer to CONNECT may take before its blank line.
MAX_CONNECT_RESPONSE = 16 * 1024


@attrs.frozen
class UpstreamProxy:
    """An HTTP proxy that Cursor's hosts are reached through (`CONNECT host:port`)."""

    host: str
    port: int
    #: `Proxy-Authorization` value from the URL's user info (Basic), if it has one
    authorization: str | None = attrs.field(default=None, repr=False)
    no_proxy: tuple[str, ...] = ()

    @classmethod
    def parse(cls, url: str, no_proxy: str = "") -> UpstreamProxy:
        """`http://[USER:PASSWORD@]HOST[:PORT]` (port 80 by default); raises ValueError."""
        parts = urlsplit(url if "://" in url else f"http://{url}")
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"{url!r}: expected an http://HOST[:PORT] proxy URL")
        auth = None
        if parts.username is not None:
            pair = f"{unquote(parts.username)}:{unquote(parts.password or '')}"
            auth = "Basic " + base64.b64encode(pair.encode()).decode("ascii")
        names = tuple(n.strip().lower().lstrip(".") for n in no_proxy.split(",") if n.strip())
        return cls(parts.hostname, parts.port or 80, auth, names)

    def __str__(self) -> str:
        return f"http://{self.host}:{self.port}"

    def bypasses(self, host: str) -> bool:
        """Loopback addresses and the names `no_proxy` lists (a name covers its subdomains) are reached directly."""
        name = host.lower().strip("[]")
        if name == "localhost" or "*" in self.no_proxy:
            return True
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(name).is_loopback:
                return True
        return any(name == entry or name.endswith("." + entry) for entry in self.no_proxy)


_active: UpstreamProxy | None = None


@contextlib.contextmanager
def proxying_upstream(proxy: UpstreamProxy | None) -> Iterator[None]:
    """Reach upstreams through `proxy` (None: directly) for the `with` block (the daemon's life); nests."""
    global _active
    previous, _active = _active, proxy
    try:
        yield
    finally:
        _active = previous


async def _through_proxy(proxy: UpstreamProxy, host: str, port: int) -> trio.abc.Stream:
    stream = await trio.open_tcp_stream(proxy.host, proxy.port)
    try:
        authority = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        head = f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n"
        if proxy.authorization is not None:
            head += f"Proxy-Authorization: {proxy.authorization}\r\n"
        await stream.send_all((head + "\r\n").encode("latin-1"))
        answer = bytearray()
        while b"\r\n\r\n" not in answer:
            chunk = await stream.receive_some(4096)
            if not chunk or len(answer) > MAX_CONNECT_RESPONSE:
                raise UpstreamError(f"the upstream proxy {proxy} closed the connection instead of answering"
                                    f" CONNECT {authority}")
            answer += chunk
        status_line = bytes(answer).split(b"\r\n", 1)[0].decode("latin-1")
        parts = status_line.split(" ", 2)
        if len(parts) < 2 or parts[1] != "200":
            raise UpstreamError(f"the upstream proxy {proxy} refused CONNECT {authority}: {status_line}")
        rest = bytes(answer).split(b"\r\n\r\n", 1)[1]
        if rest:  # a proxy must not send tunnel bytes before the client does
            raise UpstreamError(f"the upstream proxy {proxy} sent data before the tunnel was used")
    except BaseException:
        await trio.aclose_forcefully(stream)
        raise
    return stream


async def open_upstream_stream(
    host: str,
    port: int,
    tls: bool,
    *,
    ssl_context: ssl.SSLContext,
    overrides: Mapping[str, tuple[str, int]],
    connect_timeout: float,
) -> trio.abc.Stream:
    """TCP to `host:port` (or its override; through the upstream proxy if there is one, see the module
    docstring), then TLS verifying `host` with `ssl_context` if `tls`."""
    address, address_port = overrides.get(host.lower(), (host, port))
    try:
        with trio.fail_after(connect_timeout):
            proxy = _active
            stream: trio.abc.Stream
            if proxy is not None and host.lower() not in overrides and not proxy.bypasses(host):
                stream = await _through_proxy(proxy, host, port)
            else:
                stream = await trio.open_tcp_stream(address, address_port)
            if tls:
                tls_stream = trio.SSLStream(stream, ssl_context, server_hostname=host, https_compatible=True)
                try:
                    await tls_stream.do_handshake()
                except BaseException:
                    await trio.aclose_forcefully(stream)
                    raise
                stream = tls_stream
    except trio.TooSlowError:
        raise UpstreamError(f"connecting to {host}:{port} timed out after {connect_timeout:g} s") from None
    except (OSError, trio.BrokenResourceError) as exc:
        cause = exc.__cause__ if isinstance(exc, trio.BrokenResourceError) and exc.__cause__ else exc
        raise UpstreamError(f"cannot reach {host}:{port}: {cause}") from None
    return stream
