"""`cursord ca init|show|path`: the local CA, from the command line.

    cursord ca init [--print-env]     create it (once); say where it is and how to trust it
    cursord ca show                   subject, SHA-256 fingerprint, validity, names, paths
    cursord ca path [--print-env]     the certificate's path, or `NODE_EXTRA_CA_CERTS=<path>`
    cursord ca trust                  the system store and NODE_EXTRA_CA_CERTS for Cursor (`cursord.cli.trust`)
    cursord ca untrust                undo `trust`

All take `--data-dir` (default: the config file's `data_dir`, else `$XDG_DATA_HOME/cursord`).
Nothing here ever prints the key.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cursord.cli.trust import trust_command
from cursord.tap import client_config
from cursord.tls import CAError, CaPaths, CertificateAuthority, node_env_line

__all__ = ["add_ca_arguments", "ca_command", "data_dir_from_args"]


def data_dir_from_args(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> Path:
    """`--data-dir`, else the config file's `data_dir`, else the default. Raises ConfigError."""
    return client_config(args, os.environ if environ is None else environ).data_dir


def add_ca_arguments(subparsers: Any) -> argparse.ArgumentParser:
    """Add `ca` and its actions to `subparsers` (what `ArgumentParser.add_subparsers` returned)."""
    ca = subparsers.add_parser("ca", help="the local certificate authority the editor trusts for the proxy")
    actions = ca.add_subparsers(dest="ca_command", required=True, metavar="ACTION")
    for name, text, env in (
        ("init", "create the CA (once) and say how to trust it", True),
        ("show", "print the CA's subject, fingerprint, validity and paths", False),
        ("path", "print the CA certificate's path", True),
        ("trust", "add the CA to the system store and set NODE_EXTRA_CA_CERTS for Cursor (creates the CA)", False),
        ("untrust", "remove what `ca trust` added", False),
    ):
        action = actions.add_parser(name, help=text)
        action.add_argument("--data-dir", metavar="PATH", help="state directory (default: the daemon's)")
        if env:
            action.add_argument(
                "--print-env", action="store_true", help="print only NODE_EXTRA_CA_CERTS=<path> (for the editor)"
            )
    return ca  # type: ignore[no-any-return]


def ca_command(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> int:
    """Run `cursord ca ACTION`; returns the exit status (0 ok, 1 no CA / unreadable CA)."""
    paths = CaPaths.in_data_dir(data_dir_from_args(args, environ))
    print_env = bool(getattr(args, "print_env", False))
    try:
        if args.ca_command == "init":
            ca, created = CertificateAuthority.load_or_create(paths)
            if print_env:
                print(node_env_line(paths))
                return 0
            print(("created a new CA" if created else "the CA already exists") + f" in {paths.directory}")
            print(ca.describe())
            print(_trust_hint(paths))
            return 0
        if args.ca_command == "trust":
            ca, _ = CertificateAuthority.load_or_create(paths)
            return trust_command(ca, _home(environ), untrust=False)
        ca = CertificateAuthority.load(paths)
        if args.ca_command == "untrust":
            return trust_command(ca, _home(environ), untrust=True)
        if args.ca_command == "show":
            print(ca.describe())
            return 0
        if args.ca_command == "path":
            print(node_env_line(paths) if print_env else paths.cert)
            return 0
    except CAError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 1
    raise AssertionError(args.ca_command)


def _home(environ: Mapping[str, str] | None) -> Path:
    home = (os.environ if environ is None else environ).get("HOME")
    return Path(home) if home else Path.home()


def _trust_hint(paths: CaPaths) -> str:
    return (
        "\nTo let Cursor trust it: cursord ca trust (the system store, and NODE_EXTRA_CA_CERTS for a Cursor"
        f" started from the desktop); or start Cursor with\n    {node_env_line(paths)}"
    )
