"""Connections to Cursor's hosts: TCP, then TLS verifying the host name (or a test's override address)."""

from __future__ import annotations

import ssl
from collections.abc import Mapping

import trio


class UpstreamError(Exception):
    """The upstream could not be reached, or broke the connection."""


async def open_upstream_stream(
    host: str,
    port: int,
    tls: bool,
    *,
    ssl_context: ssl.SSLContext,
    overrides: Mapping[str, tuple[str, int]],
    connect_timeout: float,
) -> trio.abc.Stream:
    """TCP to `host:port` (or its override), then TLS verifying `host` with `ssl_context` if `tls`."""
    address, address_port = overrides.get(host.lower(), (host, port))
    try:
        with trio.fail_after(connect_timeout):
            stream: trio.abc.Stream = await trio.open_tcp_stream(address, address_port)
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
