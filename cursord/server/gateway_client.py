"""A developer's cursord in front of a team gateway: the agent RPCs go to the gateway, with the user's token.

The editor is set up as always (`cursord editor setup`: proxy, CA, agent listener); what reaches this
cursord on a path the gateway serves is relayed to it whole, with `Authorization: Bearer <token>` in
place of whatever the editor sent (its Cursor session token must not leave for the gateway): the bidi
Run by the relay that sends Cursor's own models to Cursor (`cursord.server.relay.AgentRelay`, HTTP/2
both ways at once, a connection per Run), every other call on pooled HTTP/2 connections
(`cursord.server.pooled_relay`), so a BidiAppend costs no handshake. Relayed: the run RPCs (BidiAppend, RunSSE,
Run), the model lists and default model (the gateway's models are the ones a run can use), and the
calls that carry the chat's text or blobs (titles, metadata, blobs, clone). Everything else is
answered here as before (GetServerConfig, which names this machine's agent listener; the health
probe) or, through the proxy, by Cursor.

The gateway's refusals reach the editor as the gateway wrote them (`unauthenticated` for a bad token,
`resource_exhausted` for a spent budget); a gateway that cannot be reached is `unavailable`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

import httpx

from cursord.server.models_rpc import (
    AGENT_DEFAULT_MODEL_FOR_CLI_PATH,
    AGENT_USABLE_MODELS_PATH,
    AISERVER_DEFAULT_MODEL_FOR_CLI_PATH,
    AISERVER_USABLE_MODELS_PATH,
    AVAILABLE_MODELS_PATH,
)
from cursord.server.parts import AppParts
from cursord.server.placement import BIDI_APPEND_PATH, RUN_PATH, RUN_SSE_PATH
from cursord.server.pooled_relay import PooledRelay
from cursord.server.relay import CONNECT_TIMEOUT, AgentRelay
from cursord.server.side_rpcs import CONTROL_PATHS, PRIVATE_PATHS
from cursord.tls import client_context

__all__ = ["GATEWAY_PATHS", "gateway_client_parts", "gateway_relay", "open_gateway_client"]

GATEWAY_PATHS: Final = frozenset({
    RUN_SSE_PATH,
    BIDI_APPEND_PATH,
    RUN_PATH,
    AVAILABLE_MODELS_PATH,
    AISERVER_USABLE_MODELS_PATH,
    AGENT_USABLE_MODELS_PATH,
    AGENT_DEFAULT_MODEL_FOR_CLI_PATH,
    AISERVER_DEFAULT_MODEL_FOR_CLI_PATH,
    *PRIVATE_PATHS,
    *CONTROL_PATHS,
})


def gateway_relay(url: str, token: str, ca_file: Path | None = None) -> AgentRelay:
    """The relay of a Run to the gateway at `url` (`http://` speaks HTTP/2 in the clear, `https://` over TLS,
    verified against the system's trust store, or only `ca_file`'s certificates if given)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"gateway URL {url!r}: expected http://HOST[:PORT] or https://HOST[:PORT]")
    tls = parts.scheme == "https"
    return AgentRelay(
        host=parts.hostname,
        port=parts.port or (443 if tls else 80),
        ssl_context=client_context(ca_file, alpn=("h2",)),
        tls=tls,
        replace_headers=_authorization(token),
    )


def _authorization(token: str) -> tuple[tuple[bytes, bytes], ...]:
    return ((b"authorization", f"Bearer {token}".encode()),)


def gateway_client_parts(run: AgentRelay, pooled: PooledRelay | None = None) -> AppParts:
    """Routes that send every `GATEWAY_PATHS` call to the gateway (they take precedence over cursord's own):
    the bidi Run through `run`, one connection each; every other call on `pooled`'s shared connections
    (through `run` too without it)."""
    whole_body = pooled.relay if pooled is not None else run.relay
    return AppParts(routes={path: run.relay if path == RUN_PATH else whole_body for path in GATEWAY_PATHS})


@contextlib.asynccontextmanager
async def open_gateway_client(
    url: str, token: str, ca_file: Path | None = None, *, max_body_bytes: int = 4 << 20
) -> AsyncIterator[AppParts]:
    """The parts of a developer's cursord in front of the gateway at `url`, with the pooled HTTP/2 client
    they use open for the `async with` block."""
    run = gateway_relay(url, token, ca_file)
    async with httpx.AsyncClient(
        http1=False,
        http2=True,  # h2 with prior knowledge for http://, ALPN h2 for https://
        verify=run.ssl_context,
        timeout=httpx.Timeout(None, connect=CONNECT_TIMEOUT),
        limits=httpx.Limits(max_connections=16, max_keepalive_connections=4, keepalive_expiry=60.0),
    ) as client:
        pooled = PooledRelay(client, url, _authorization(token), max_body_bytes)
        yield gateway_client_parts(run, pooled)
