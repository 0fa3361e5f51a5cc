"""Reaching the other nodes of a gateway: their listeners, over HTTP/2 (`http://` in the clear, prior
knowledge; `https://` verified against the system's trust store).

The calls whose request is one message (BidiAppend, RunSSE) share pooled connections per peer; a Run, a
bidi stream, gets a connection of its own (`AgentRelay`), as a developer's cursord relays to a gateway.
Every forwarded call keeps its head (the user's token included) and gains `x-cursord-hops`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import attrs
import httpx

from cursord.cluster.node import HOPS_HEADER
from cursord.server import RUN_PATH, AgentRelay, PooledRelay, Receive, Scope, Send
from cursord.tls import client_context

__all__ = ["Peers", "open_peers"]

CONNECT_TIMEOUT = 5.0


def _with_hops(scope: Scope, hops: int) -> Scope:
    headers = [(name, value) for name, value in scope["headers"] if bytes(name).lower() != HOPS_HEADER]
    return {**scope, "headers": [*headers, (HOPS_HEADER, str(hops).encode())]}


@attrs.define(eq=False)
class Peers:
    client: httpx.AsyncClient
    max_body_bytes: int
    _pooled: dict[str, PooledRelay] = attrs.field(factory=dict)
    _runs: dict[str, AgentRelay] = attrs.field(factory=dict)

    async def forward(
        self, address: str, scope: Scope, body: bytes | None, receive: Receive, send: Send, hops: int
    ) -> str | None:
        scope = _with_hops(scope, hops)
        if scope["path"] == RUN_PATH:
            run = self._runs.get(address)
            if run is None:  # its TLS context is built once per peer, not once per Run
                run = self._runs[address] = _run_relay(address)
            return await run.forward(scope, receive, send, prefix=body or b"", body_ended=False)
        relay = self._pooled.get(address)
        if relay is None:
            relay = self._pooled[address] = PooledRelay(self.client, address, max_body_bytes=self.max_body_bytes)
        return await relay.forward(scope, body or b"", receive, send)


def _run_relay(address: str) -> AgentRelay:
    parts = urlsplit(address)
    tls = parts.scheme == "https"
    assert parts.hostname is not None
    return AgentRelay(
        host=parts.hostname,
        port=parts.port or (443 if tls else 80),
        ssl_context=client_context(None, alpn=("h2",)),
        tls=tls,
    )


@contextlib.asynccontextmanager
async def open_peers(max_body_bytes: int) -> AsyncIterator[Peers]:
    """`Peers` with its pooled HTTP/2 client open for the block."""
    async with httpx.AsyncClient(
        http1=False,
        http2=True,
        timeout=httpx.Timeout(None, connect=CONNECT_TIMEOUT),
        limits=httpx.Limits(max_connections=64, max_keepalive_connections=16, keepalive_expiry=60.0),
    ) as client:
        yield Peers(client, max_body_bytes)
