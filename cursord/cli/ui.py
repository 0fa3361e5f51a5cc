"""`cursord ui`: print (or open) a one-time login link to the running daemon's dashboard.

The link carries a code made from the daemon's tap token (`cursord.ui.auth`), so only a user who can read
``<data_dir>/tap-token`` can make one; it works once, for five minutes, and the daemon need not be asked
for it.
"""

from __future__ import annotations

import argparse
import socket
import sys
import webbrowser
from collections.abc import Mapping
from typing import Any

from cursord.config import ConfigError, ServeConfig
from cursord.tap import TapTokenError, add_tap_client_arguments, client_config, listener_address, read_tap_token
from cursord.ui import LOGIN_TTL, make_login_code

__all__ = ["add_ui_arguments", "login_url", "ui_command"]


def add_ui_arguments(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "ui",
        help="print a one-time login link to the dashboard",
        description="Print a one-time login link to the running daemon's dashboard (good once, for "
        f"{LOGIN_TTL / 60:.0f} minutes). The dashboard shows live streams, conversations, usage and cost, "
        "providers and the configuration.",
    )
    parser.add_argument("--open", action="store_true", help="also open it in the default browser")
    add_tap_client_arguments(parser)
    return parser


def login_url(config: ServeConfig) -> str:
    """A fresh login link for the daemon `config` describes; raises TapTokenError."""
    code = make_login_code(read_tap_token(config.data_dir))
    scheme = "https" if config.tls else "http"
    return f"{scheme}://{listener_address(config)}/ui/login?code={code}"


#: how long `cursord ui` waits for the daemon's listener to accept a connection.
CONNECT_TIMEOUT = 3.0


def daemon_answers(address: str) -> bool:
    """Whether something accepts TCP connections at `address` (`host:port`, `[v6]:port`)."""
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            return True
    except OSError:
        return False


def ui_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    try:
        config = client_config(args, environ)
        url = login_url(config)
    except (ConfigError, TapTokenError) as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2
    address = listener_address(config)
    if not daemon_answers(address):
        print(f"cursord: no daemon is listening at {address}: start it (cursord serve, or systemctl --user start"
              " cursord), or point at it with --config or --listen", file=sys.stderr)
        return 1
    print(url, flush=True)  # before any complaint on stderr, which speaks of "the link above"
    if args.open and not webbrowser.open(url):
        print("cursord: could not open a browser; open the link above yourself", file=sys.stderr)
    return 0
