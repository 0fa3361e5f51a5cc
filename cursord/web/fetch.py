"""PageFetcher: the agent's WebFetch, done by cursord, bounded and kept off the user's own network.

Theory of operation. A fetch is a loop over hops: the URL is checked (http or https, no credentials)
and written in ASCII (`cursord.web.urls`: an IDNA host, a percent-encoded path and query), the request
goes out, a redirect's `Location` becomes the next hop (written in ASCII too; at most `MAX_REDIRECTS`),
and the final answer's body is read up to `max_bytes` (the rest is cut, and said to be cut). The whole
loop runs under one deadline, so a body that drips a byte at a time ends with it.

Every connection goes through `GuardedBackend`, an httpcore network backend: it resolves the host itself,
refuses the hop unless `AddressPolicy` passes every address the name resolves to, and then connects to
one of those checked addresses, so a name cannot resolve to a public address for the check and to a
private one for the connection (DNS rebinding). TLS still verifies the certificate against the host
name (httpcore passes the origin's host to `start_tls`). No proxy from the environment is used: a
proxy would connect where the check cannot see.
"""

from __future__ import annotations

import ipaddress
import ssl
import zlib
from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs
import httpcore
import httpx
import trio

from cursord.web.addresses import Address, AddressPolicy
from cursord.web.errors import WebToolError
from cursord.web.urls import ascii_url, redirect_target

MAX_REDIRECTS = 5
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_HEADERS: list[tuple[bytes | str, bytes | str]] = [
    ("Accept", "text/html,text/plain;q=0.9,*/*;q=0.5"),
    ("Accept-Encoding", "gzip, deflate"),
]
USER_AGENT = "cursord-webfetch/1 (+the user's own agent; fetches one page the user approved)"


class Resolver(Protocol):
    async def resolve(self, host: str, port: int) -> Sequence[Address]: ...


class SystemResolver:
    """The system's resolver (getaddrinfo, in a thread as trio runs it)."""

    async def resolve(self, host: str, port: int) -> Sequence[Address]:
        try:
            infos = await trio.socket.getaddrinfo(host, port, type=trio.socket.SOCK_STREAM)
        except OSError as exc:
            raise WebToolError(f"{host} could not be resolved ({exc.strerror or exc})") from None
        seen: dict[str, Address] = {}
        for _family, _type, _proto, _name, sockaddr in infos:
            text = str(sockaddr[0]).split("%", 1)[0]  # an IPv6 scope id is not part of the address
            seen.setdefault(text, ipaddress.ip_address(text))
        return list(seen.values())


class _Refused(Exception):
    """Raised inside httpcore's connect; `PageFetcher` turns it into a `WebToolError`."""


@attrs.define
class GuardedBackend(httpcore.AsyncNetworkBackend):
    """Connects only to addresses `policy` passes, and only to the addresses it checked."""

    policy: AddressPolicy
    resolver: Resolver
    inner: httpcore.AsyncNetworkBackend = attrs.field(factory=httpcore.TrioBackend)

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        try:
            addresses: Sequence[Address] = [ipaddress.ip_address(host.strip("[]"))]
        except ValueError:
            addresses = await self.resolver.resolve(host, port)
        reason = self.policy.check(host, addresses)
        if reason is not None:
            raise _Refused(reason)
        failure: Exception | None = None
        for address in addresses:
            try:
                return await self.inner.connect_tcp(str(address), port, timeout, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        raise httpcore.ConnectError(f"could not connect to {host}: {failure}")

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise _Refused("WebFetch does not connect to local sockets")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


@attrs.frozen
class FetchedPage:
    """The final answer of a fetch: where it came from (after redirects), what it is, its body."""

    url: str
    content_type: str
    charset: str | None
    body: bytes
    truncated: bool


def _raw_header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes:
    for key, value in headers:
        if key.lower() == name:
            return value.strip()
    return b""


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> str:
    return _raw_header(headers, name).decode("latin-1")


class _Decoder:
    """Undoes a `Content-Encoding` the server chose (gzip or deflate), never more than `room` bytes at a time
    (a small compressed body can expand enormously)."""

    def __init__(self, encoding: str) -> None:
        if encoding in ("", "identity"):
            self._zlib = None
        elif encoding in ("gzip", "x-gzip", "deflate"):
            self._zlib = zlib.decompressobj(zlib.MAX_WBITS | 32)  # 32: accept a gzip or zlib header
        else:
            raise WebToolError(f"the page came with content-encoding {encoding!r}, which cursord cannot read")

    def feed(self, chunk: bytes, room: int) -> bytes:
        if self._zlib is None:
            return chunk
        try:
            return self._zlib.decompress(self._zlib.unconsumed_tail + chunk, max(room, 1))
        except zlib.error as exc:
            raise WebToolError(f"the page's compressed body is corrupt ({exc})") from None


@attrs.define
class PageFetcher:
    """Fetches one URL under the `policy`, at most `max_bytes` of it, within `seconds`."""

    policy: AddressPolicy = attrs.field(factory=AddressPolicy)
    max_bytes: int = 5 * 1024 * 1024
    seconds: float = 30.0
    resolver: Resolver = attrs.field(factory=SystemResolver)
    ssl_context: ssl.SSLContext = attrs.field(factory=httpx.create_ssl_context)

    async def fetch(self, url: str) -> FetchedPage:
        backend = GuardedBackend(self.policy, self.resolver)
        with trio.move_on_after(self.seconds) as deadline:
            async with httpcore.AsyncConnectionPool(ssl_context=self.ssl_context, network_backend=backend) as pool:
                return await self._follow(pool, url)
        assert deadline.cancelled_caught
        raise WebToolError(f"fetching {url} took longer than {self.seconds:g} s")

    async def _follow(self, pool: httpcore.AsyncConnectionPool, url: str) -> FetchedPage:
        url = ascii_url(url)
        for _hop in range(MAX_REDIRECTS + 1):
            try:
                async with pool.stream("GET", url, headers=[("User-Agent", USER_AGENT), *_HEADERS]) as response:
                    if response.status in _REDIRECTS:
                        location = _raw_header(response.headers, b"location")
                        if not location:
                            raise WebToolError(f"{url} answered {response.status} without a Location")
                        url = redirect_target(url, location)
                        continue
                    if response.status >= 400:
                        raise WebToolError(f"{url} answered HTTP {response.status}")
                    return await self._read(url, response)
            except _Refused as exc:
                raise WebToolError(f"refused to fetch {url}: {exc}") from None
            except httpcore.UnsupportedProtocol:
                raise WebToolError(f"{url!r} is not an http or https URL") from None
            except httpcore.TimeoutException:
                raise WebToolError(f"{url} did not answer in time") from None
            except httpcore.NetworkError as exc:
                raise WebToolError(f"{url} could not be reached ({exc or type(exc).__name__})") from None
            except httpcore.ProtocolError as exc:
                raise WebToolError(f"{url} broke the HTTP protocol ({exc or type(exc).__name__})") from None
        raise WebToolError(f"more than {MAX_REDIRECTS} redirects; stopped at {url}")

    async def _read(self, url: str, response: httpcore.Response) -> FetchedPage:
        content_type = _header(response.headers, b"content-type")
        media, _, params = content_type.partition(";")
        charset = None
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.lower() == "charset" and value:
                charset = value.strip('"').lower()
        decoder = _Decoder(_header(response.headers, b"content-encoding").lower())
        body = bytearray()
        truncated = False
        async for chunk in response.aiter_stream():
            body += decoder.feed(chunk, self.max_bytes - len(body) + 1)
            if len(body) > self.max_bytes:
                del body[self.max_bytes :]
                truncated = True
                break
        return FetchedPage(url, media.strip().lower(), charset, bytes(body), truncated)
