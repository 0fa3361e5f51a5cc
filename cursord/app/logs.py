"""Logging for cursord: one stderr handler that knows about journald and scrubs secrets.

Theory of operation: `setup_logging` installs a single handler on the root logger (replacing one it
installed before, so calling it twice is harmless). The format depends on where stderr goes:

* Under systemd, stderr is a stream socket into journald and `$JOURNAL_STREAM` holds its `DEV:INODE`.
  When that matches stderr's own fstat (the check sd-daemon(3) recommends, so `2>file` inside a unit
  still gets timestamps), lines carry no timestamp (journald adds one) and every line, including each
  traceback line, starts with `<N>`, the syslog priority, so `journalctl -p warning` works.
* Elsewhere lines read `2026-12-02T13:00:00.123Z INFO cursord.x: message` (UTC, milliseconds).

`SecretFilter` sits on the handler, so it sees records from every logger that propagates to the root
(httpx, hypercorn, ...). It rewrites the message, traceback and stack text of a record through
`redact_secrets`, which masks `Bearer ...` tokens, `sk-...`-style keys and the values of `x-api-key`,
`api-key` and `authorization` headers, in the usual `name: value`, `"name": "value"` and
`(b'name', b'value')` spellings. It is a net, not a licence: code should still never log a key.

How secrets are recognised: `cursord.core.redaction`.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Mapping
from typing import Final, TextIO

from cursord.core import redact_secrets

__all__ = [
    "JournalFormatter",
    "PlainFormatter",
    "SecretFilter",
    "setup_logging",
    "stream_is_journal",
    "syslog_priority",
]

class BindLines(logging.Filter):
    """Drops Hypercorn's "Running on ..." below debug: cursord says "listening" itself once every listener is
    bound, and a port that cannot be bound must not follow a line that reads like success."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg.startswith("Running on")
                    and logging.getLogger().getEffectiveLevel() > logging.DEBUG)


class SecretFilter(logging.Filter):
    """Rewrites each record's message, traceback and stack text through `redact_secrets`."""

    _exc_formatter: Final = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: leave it for the formatter to report
            return True
        record.msg = redact_secrets(message)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = self._exc_formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_secrets(record.exc_text)
        if record.stack_info:
            record.stack_info = redact_secrets(record.stack_info)
        return True


def syslog_priority(levelno: int) -> int:
    """The syslog priority journald should show for a Python logging level."""
    if levelno >= logging.CRITICAL:
        return 2  # crit
    if levelno >= logging.ERROR:
        return 3  # err
    if levelno >= logging.WARNING:
        return 4  # warning
    if levelno >= logging.INFO:
        return 6  # info
    return 7  # debug


class PlainFormatter(logging.Formatter):
    """`2026-12-02T13:00:00.123Z INFO cursord.x: message`, always UTC."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        return f"{stamp}.{int(record.msecs):03d}Z"


class JournalFormatter(logging.Formatter):
    """`<6>cursord.x: message`, the priority repeated on every line (journald splits on newlines)."""

    def __init__(self) -> None:
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        prefix = f"<{syslog_priority(record.levelno)}>"
        return "\n".join(prefix + line for line in super().format(record).split("\n"))


def stream_is_journal(environ: Mapping[str, str], stream: TextIO) -> bool:
    """True if `stream` is the journald stream `$JOURNAL_STREAM` names (`DEV:INODE`)."""
    device, _, inode = environ.get("JOURNAL_STREAM", "").partition(":")
    try:
        want = (int(device), int(inode))
        st = os.fstat(stream.fileno())
    except (ValueError, OSError, AttributeError):
        return False
    return (st.st_dev, st.st_ino) == want


_LEVELS: Final = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
}
# Libraries whose debug output is per-frame noise (h2) or prints header values (hpack).
_QUIET: Final = {"hpack": logging.WARNING, "h2": logging.INFO}
# Libraries that log every request at INFO (httpx: one line per provider call; the daemon logs one per
# turn instead): heard at debug only.
_DEBUG_ONLY: Final = {"httpx": logging.WARNING, "httpcore": logging.WARNING}
_installed: logging.Handler | None = None


def setup_logging(
    level: str | int, environ: Mapping[str, str], stream: TextIO | None = None
) -> logging.Handler:
    """Send all logging to `stream` (default: stderr) at `level` ("debug", "info", ... or a number).

    Returns the installed handler. Calling it again replaces the handler installed before.
    """
    global _installed
    if isinstance(level, str):
        if level.lower() not in _LEVELS:
            raise ValueError(f"unknown log level {level!r} (expected one of {', '.join(_LEVELS)})")
        levelno = _LEVELS[level.lower()]
    else:
        levelno = level
    stream = sys.stderr if stream is None else stream
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JournalFormatter() if stream_is_journal(environ, stream) else PlainFormatter())
    handler.addFilter(SecretFilter())
    root = logging.getLogger()
    if _installed is not None:
        root.removeHandler(_installed)
    root.addHandler(handler)
    root.setLevel(levelno)
    _installed = handler
    for name, floor in _QUIET.items():
        logging.getLogger(name).setLevel(max(levelno, floor))
    hypercorn = logging.getLogger("hypercorn.error")
    if not any(isinstance(f, BindLines) for f in hypercorn.filters):
        hypercorn.addFilter(BindLines())
    for name, floor in _DEBUG_ONLY.items():
        logging.getLogger(name).setLevel(levelno if levelno <= logging.DEBUG else max(levelno, floor))
    logging.captureWarnings(True)
    return handler
