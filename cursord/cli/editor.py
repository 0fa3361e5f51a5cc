"""`cursord editor setup|revert|status`: point the editor at cursord, and back."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from cursord.cli.ca import data_dir_from_args
from cursord.cli.trust import trust_lines
from cursord.editor import DEFAULT_PROXY_URL, Report, default_settings_path, revert, setup, status
from cursord.tap import client_config, listener_address
from cursord.tls import CAError, CaPaths, CertificateAuthority

# --- command line ----------------------------------------------------------------------------------------


def add_editor_arguments(subparsers: Any) -> argparse.ArgumentParser:
    """Add `editor` and its actions to `subparsers` (what `ArgumentParser.add_subparsers` returned)."""
    editor = subparsers.add_parser("editor", help="point Cursor's settings.json at the proxy, or undo it")
    actions = editor.add_subparsers(dest="editor_command", required=True, metavar="ACTION")
    for name, text in (
        ("setup", "set the proxy and certificate settings (recording what was there)"),
        ("revert", "restore the settings as they were before setup"),
        ("status", "show the settings and whether the proxy answers"),
    ):
        action = actions.add_parser(name, help=text)
        action.add_argument("--settings", metavar="PATH", help="settings.json (default: Cursor's for this user)")
        action.add_argument("--data-dir", metavar="PATH", help="state directory (default: the daemon's)")
        if name != "revert":
            action.add_argument("--proxy", metavar="URL", default=DEFAULT_PROXY_URL,
                                help=f"the proxy URL (default {DEFAULT_PROXY_URL})")
        action.add_argument("--config", metavar="PATH", help="the daemon's TOML config file (default: the service's)")
        if name == "status":
            action.add_argument("--agent-listen", metavar="HOST:PORT",
                                help="the daemon's agent listener (default: the config's, 127.0.0.1:8767)")
    return editor  # type: ignore[no-any-return]


def editor_command(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> int:
    """Run `cursord editor ACTION`; returns the exit status (0 ok, 1 otherwise)."""
    environ = os.environ if environ is None else environ
    given = getattr(args, "settings", None)
    settings = Path(given) if given else default_settings_path(environ)
    if args.editor_command == "setup" and not settings.is_file():
        # The editor writes its settings.json at first start: a missing one named by hand is a typo, and a
        # missing default one means Cursor has not started yet here (or keeps its settings elsewhere).
        if given:
            print(f"cursord: --settings {settings}: no such file (Cursor's settings.json exists once Cursor has"
                  " started; check the path, or leave --settings out for Cursor's own)", file=sys.stderr)
        else:
            print(f"cursord: Cursor's settings file {settings} does not exist: start Cursor once (it writes the"
                  " file), or name the file with --settings PATH", file=sys.stderr)
        return 2
    data_dir = data_dir_from_args(args, environ)
    proxy_url = getattr(args, "proxy", None) or DEFAULT_PROXY_URL
    if args.editor_command == "setup":
        report = setup(settings, data_dir, proxy_url)
    elif args.editor_command == "revert":
        report = revert(settings, data_dir)
    elif args.editor_command == "status":
        report = status(settings, data_dir, proxy_url)
        trusted, lines = _trust_status(args, environ, data_dir)
        report = Report(report.ok and trusted, (*report.lines, *lines))
    else:
        raise AssertionError(args.editor_command)
    print(report, file=sys.stdout if report.ok else sys.stderr)
    return 0 if report.ok else 1


def _trust_status(args: argparse.Namespace, environ: Mapping[str, str], data_dir: Path) -> tuple[bool, list[str]]:
    """Whether Cursor can trust the CA, and reach the agent listener the config names."""
    try:
        ca = CertificateAuthority.load(CaPaths.in_data_dir(data_dir))
    except CAError as error:
        return False, [f"CA: {error}"]
    config = client_config(args, environ)
    agent = listener_address(attrs.evolve(config, listen=config.agent_listen)) if config.agent_listen else None
    return trust_lines(ca, Path(environ.get("HOME") or Path.home()), agent, environ)
