"""`cursord ui`: print (or open) a one-time login link to the running daemon's dashboard.

The link carries a code made from the daemon's tap token (`cursord.ui.auth`), so only a user who can read
``<data_dir>/tap-token`` can make one; it works once, for five minutes, and the daemon need not be asked
for it.
"""

from __future__ import annotations

import argparse
import sys
import webbrowser
from collections.abc import Mapping
from typing import Any

from cursord.config import ConfigError
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


def login_url(args: argparse.Namespace, environ: Mapping[str, str]) -> str:
    """A fresh login link for the daemon the flags point at; raises ConfigError or TapTokenError."""
    config = client_config(args, environ)
    code = make_login_code(read_tap_token(config.data_dir))
    scheme = "https" if config.tls else "http"
    return f"{scheme}://{listener_address(config)}/ui/login?code={code}"


def ui_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    try:
        url = login_url(args, environ)
    except (ConfigError, TapTokenError) as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2
    print(url)
    if args.open and not webbrowser.open(url):
        print("cursord: could not open a browser; open the link above yourself", file=sys.stderr)
    return 0
