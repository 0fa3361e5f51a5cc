"""Where a running daemon's tap is and how to reach it: the address, the token and the TLS trust a client
needs, resolved from the flags and config file `cursord serve` reads (no event loop, no WebSocket library)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import attrs

from cursord.config import ConfigError, Endpoint, ServeConfig, config_from_args
from cursord.tap.token import TAP_PATH, TapTokenError, read_tap_token

if TYPE_CHECKING:
    import ssl

__all__ = [
    "CONNECT_TIMEOUT",
    "MAX_MESSAGE_BYTES",
    "TapClientError",
    "TapTarget",
    "add_tap_client_arguments",
    "client_config",
    "listener_address",
    "refusal_message",
    "tap_target",
    "tap_target_from_args",
]

CONNECT_TIMEOUT = 10.0
MAX_MESSAGE_BYTES = 64 << 20


class TapClientError(Exception):
    """The tap could not be reached or refused us; the message says why and what to try."""


@attrs.frozen
class TapTarget:
    url: str
    address: str
    token: str = attrs.field(repr=False)
    ssl_context: ssl.SSLContext | None = attrs.field(default=None, repr=False)
    #: the daemon's data directory (its tap token, the editor's version it saw), when known
    data_dir: Path | None = None


def add_tap_client_arguments(parser: argparse.ArgumentParser) -> None:
    """`--config`, `--listen`, `--data-dir`, with the meanings `cursord serve` gives them."""
    parser.add_argument("--config", metavar="PATH", help="the daemon's TOML config file (flags override it)")
    parser.add_argument("--listen", metavar="HOST:PORT", help="the daemon's listen address (default 127.0.0.1:8765)")
    parser.add_argument("--data-dir", metavar="PATH",
                        help="the daemon's data directory, which holds tap-token "
                        "(default $XDG_DATA_HOME/cursord or ~/.local/share/cursord)")


def _connect_host(endpoint: Endpoint) -> str:
    if endpoint.host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if endpoint.host == "::":
        return "::1"
    return endpoint.host


def listener_address(config: ServeConfig) -> str:
    """`host:port` a local client reaches the daemon's editor listener at (a wildcard listen address as loopback)."""
    host = _connect_host(config.listen)
    return f"[{host}]:{config.listen.port}" if ":" in host else f"{host}:{config.listen.port}"


def _client_ssl_context(certfile: Path) -> ssl.SSLContext:
    import ssl  # only a daemon with TLS needs it; `cursord status` of a plain one goes without

    context = ssl.create_default_context(cafile=str(certfile))
    context.check_hostname = False  # we connect to a loopback address, not the certificate's name
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # trust the daemon's own (leaf) certificate
    return context


def tap_target(
    config: ServeConfig,
    token: str,
    *,
    request_id: str | None = None,
    conversation_id: str | None = None,
) -> TapTarget:
    address = listener_address(config)
    query = urlencode({k: v for k, v in (("request_id", request_id), ("conversation_id", conversation_id)) if v})
    scheme = "wss" if config.tls else "ws"
    url = f"{scheme}://{address}{TAP_PATH}" + (f"?{query}" if query else "")
    context = _client_ssl_context(config.certfile) if config.certfile is not None else None
    return TapTarget(url, address, token, context, config.data_dir)


def client_config(args: argparse.Namespace, environ: Mapping[str, str]) -> ServeConfig:
    """The daemon's config as `--config` (else the default config file), `--listen`, `--data-dir`, `--store`
    and `--agent-listen` give it; providers are not needed. Raises ConfigError."""
    flags = argparse.Namespace(
        config=getattr(args, "config", None),
        listen=getattr(args, "listen", None),
        data_dir=getattr(args, "data_dir", None),
        store=getattr(args, "store", None),
        agent_listen=getattr(args, "agent_listen", None),
    )
    return config_from_args(flags, environ, require_providers=False)


def tap_target_from_args(
    args: argparse.Namespace,
    environ: Mapping[str, str],
    *,
    request_id: str | None = None,
    conversation_id: str | None = None,
) -> TapTarget:
    """Resolve the daemon's address and token from `add_tap_client_arguments` flags; raises TapClientError."""
    try:
        config = client_config(args, environ)
        token = read_tap_token(config.data_dir)
    except (ConfigError, TapTokenError) as error:
        raise TapClientError(str(error)) from None
    return tap_target(config, token, request_id=request_id, conversation_id=conversation_id)


def refusal_message(target: TapTarget, status: int, body: str) -> str:
    """What to tell the user when the daemon answered the tap's handshake with `status` (and `body`)."""
    detail = f": {body}" if body else ""
    if status == 401:
        return f"cursord at {target.address} refused the tap token{detail}"
    return f"cursord at {target.address} refused the tap (HTTP {status}){detail}"
