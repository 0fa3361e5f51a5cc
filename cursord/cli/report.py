"""`cursord report`: one redacted text file to attach to a bug report.

It holds the versions (cursord, Python, the platform, the editor's version as the daemon last saw it, else as
the newest capture recorded it), the
effective configuration (keys only as set or not set), `doctor`'s checks (a check that cannot run, offline or
refused, is a line of the report, never its end), the daemon's last log lines (the user service's journal, the
launchd agent's log file on macOS, or the file given with `--log`) and, with `--capture`, the newest capture.
The whole text goes through one redactor before it is written: the configured keys, every variable of the
environment and key file whose name says key, token, secret or password, the tap token (the dashboard's login
codes are made from it), the gateway token, each line of the CA's key and any PEM private key, besides the
shapes every daemon log masks.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import platform
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from cursord import __version__
from cursord.app import configured_keys
from cursord.capture import CAPTURE_DIR, CaptureError, read_capture
from cursord.cli.doctor import doctor_text
from cursord.cli.service import UNIT_NAME, run_command
from cursord.cli.status import editor_seen_text
from cursord.config import ConfigError, ServeConfig, add_serve_arguments, config_from_args, dump_toml, redacted
from cursord.core import Redactor
from cursord.store import EditorSeen, read_editor_seen
from cursord.tap import TapTokenError, read_tap_token
from cursord.tls import CaPaths

__all__ = ["add_report_arguments", "bundle_redactor", "report_command"]

#: log lines the report keeps unless `--lines` says otherwise
DEFAULT_LINES: Final = 200
#: doctor's per-request timeout here: a report should not wait long on a provider that does not answer
PROBE_TIMEOUT: Final = 5.0
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL", re.IGNORECASE)
_PRIVATE_KEY = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.DOTALL)


def add_report_arguments(subparsers: Any) -> argparse.ArgumentParser:
    """Add `report` to a `parser.add_subparsers()` object; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report",
        help="write a support bundle (versions, config, doctor, recent log; redacted) to attach to a bug report",
        description="Write one text file for a bug report: versions, the effective config (keys masked), "
        "doctor's checks, the daemon's last log lines and, with --capture, the newest capture, all redacted.",
    )
    add_serve_arguments(parser)
    parser.add_argument("--output", "-o", metavar="FILE",
                        help="where to write it (default: cursord-report-<UTC time>.txt here)")
    parser.add_argument("--lines", type=int, default=DEFAULT_LINES, metavar="N",
                        help=f"log lines to include (default {DEFAULT_LINES})")
    parser.add_argument("--log", metavar="FILE", help="read the log from FILE (`cursord serve 2> FILE`) instead"
                        " of the service's journal")
    parser.add_argument("--capture", action="store_true", help="include the newest capture (`cursord record`)")
    return parser


def report_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    try:
        config = config_from_args(args, environ)
    except ConfigError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 2
    newest = _newest_capture(config.data_dir)
    sections = [
        ("versions", _versions(read_editor_seen(config.data_dir), newest)),
        (f"config ({args.config or 'the default config file, if any'}; keys shown only as set or not)",
         dump_toml(redacted(config, environ)).rstrip()),
        ("doctor", _doctor(config, environ)),
        *_log(args, environ),
    ]
    if args.capture:
        sections.append(_capture(newest, config.data_dir))
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    text = f"# cursord support bundle, written {stamp}\n" + "".join(
        f"\n## {title}\n{body}\n" for title, body in sections
    )
    output = Path(args.output or f"cursord-report-{stamp}.txt")
    try:
        fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(bundle_redactor(config, environ)(text))
    except OSError as error:
        print(f"cursord: cannot write {output}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"wrote {output} ({', '.join(title.split(' (')[0] for title, _ in sections)}); read it before you"
          " share it")
    return 0


def bundle_redactor(config: ServeConfig, environ: Mapping[str, str]) -> Callable[[str], str]:
    """Masks every secret the bundle could hold (see the module docstring), PEM private keys included."""
    named = (value for name, value in environ.items() if _SECRET_NAME.search(name))
    own = configured_keys(config, environ).secrets
    masking = Redactor.for_keys((*own, *named, *_secret_files(config)))
    return lambda text: masking(_PRIVATE_KEY.sub("<redacted private key>", text))


def _secret_files(config: ServeConfig) -> list[str]:
    """The tap token, the gateway token and each line of the CA's private key, from their files."""
    secrets: list[str] = []
    with contextlib.suppress(TapTokenError):
        secrets.append(read_tap_token(config.data_dir))
    files = (config.gateway_token_file, CaPaths.in_data_dir(config.data_dir).key)
    for path in (file for file in files if file is not None):
        with contextlib.suppress(OSError, UnicodeDecodeError):
            secrets += [line for line in path.read_text(encoding="utf-8").splitlines() if "-----" not in line]
    return secrets


def _newest_capture(data_dir: Path) -> Path | None:
    captures = sorted((data_dir / CAPTURE_DIR).glob("capture-*.jsonl"))
    return captures[-1] if captures else None


def _versions(seen: EditorSeen | None, newest: Path | None) -> str:
    editor = "not seen: no request from the editor yet, and no capture (`cursord record` makes one)"
    if seen is not None:
        editor = editor_seen_text(seen)
    elif newest is not None:
        try:
            header, _ = read_capture(newest)
            editor = f"Cursor {header.cursor_version or 'version not sent'} (in {newest.name})"
        except CaptureError as error:
            editor = f"unknown: {error}"
    return "\n".join((
        f"cursord {__version__}",
        f"Python {platform.python_version()} ({sys.executable})",
        f"platform {platform.platform()}",
        f"editor {editor}",
    ))


def _doctor(config: ServeConfig, environ: Mapping[str, str]) -> str:
    try:
        text, _ = doctor_text(config, environ, PROBE_TIMEOUT)
    except Exception as error:  # a check that cannot run is a line of the report, not its end
        return f"doctor could not run: {type(error).__name__}: {error}"
    return text


def _log(args: argparse.Namespace, environ: Mapping[str, str]) -> list[tuple[str, str]]:
    lines = max(args.lines, 0)
    home = Path(environ.get("HOME") or Path.home())
    launchd_log = home / "Library" / "Logs" / "cursord.log"
    given = Path(args.log) if args.log else launchd_log if sys.platform == "darwin" else None
    if given is not None:
        try:
            tail = given.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:] if lines else []
        except OSError as error:
            return [(f"log ({given})", f"cannot read it: {error.strerror or error}")]
        return [(f"log (the last {len(tail)} lines of {given})", "\n".join(tail))]
    command = ["journalctl", "--user", "-u", UNIT_NAME, "-n", str(lines), "--no-pager", "-o", "short-iso"]
    result = run_command(command)
    if result.returncode != 0:
        return [("log (journalctl)", f"not read: {' '.join(command)} exited with {result.returncode}: "
                 f"{result.output} (a daemon run by hand logs to its stderr: give that file with --log)")]
    return [(f"log (the last {lines} lines of {' '.join(command[:4])})", result.output)]


def _capture(newest: Path | None, data_dir: Path) -> tuple[str, str]:
    if newest is None:
        return "capture", f"none in {data_dir / CAPTURE_DIR}"
    try:
        return f"capture ({newest})", newest.read_text(encoding="utf-8", errors="replace").rstrip()
    except OSError as error:
        return f"capture ({newest})", f"cannot read it: {error.strerror or error}"
