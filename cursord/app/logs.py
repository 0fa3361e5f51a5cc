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

Keys of any shape. A vendor may echo a key that looks like nothing in particular (`my-org-key-...`).
The daemon knows its keys, so `run_service` builds a `Redactor` from the configured key values and
installs it with `redacting(...)` for its whole life; `redact_secrets` then masks those exact values
too (and their percent-encoded form). Two places turn outside text into daemon text, and both go
through `redact_secrets`: `ProviderError` (every provider failure, before its message reaches the
editor's end-stream, the tap, `cursord status`, the stored turn and the log) and `SecretFilter`
(every log line). Values shorter than `MIN_SECRET_LENGTH` are not masked: a local server's
placeholder key such as `ollama` is no secret, and masking it would garble every message naming it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator, Mapping
from typing import Final, TextIO
from urllib.parse import quote

import attrs

__all__ = [
    "MIN_SECRET_LENGTH",
    "JournalFormatter",
    "PlainFormatter",
    "Redactor",
    "SecretFilter",
    "redact_secrets",
    "redacting",
    "setup_logging",
    "stream_is_journal",
    "syslog_priority",
]

REDACTED: Final = "<redacted>"

# The value of a credential-bearing header or field, in the spellings logs and reprs use.
_HEADER_VALUE = re.compile(
    r"(?i)(\b(?:x-api-key|x-goog-api-key|api[-_]?key|authorization|proxy-authorization)\b"
    r"""['"]?\s*[:=,]\s*(?:b?['"])?)((?:bearer|basic)\s+)?([^\s'",;&)}\]]+)"""
)
_BEARER = re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}")
# Vendor key shapes: OpenAI/Anthropic/OpenRouter/DeepSeek `sk-...`, Groq `gsk_...`, xAI `xai-...`,
# Google `AIza...`.
_KEY_SHAPES = re.compile(
    r"\b(?:sk-[A-Za-z0-9_-]{8,}|gsk_[A-Za-z0-9]{16,}|xai-[A-Za-z0-9]{16,}|AIza[\w-]{20,})"
)


def _mask_header(match: re.Match[str]) -> str:
    if match.group(3) == REDACTED or match.group(3).startswith("<"):
        return match.group(0)
    return f"{match.group(1)}{match.group(2) or ''}{REDACTED}"


#: configured key values shorter than this are not masked (see the module docstring).
MIN_SECRET_LENGTH: Final = 8


def _mask_shapes(text: str) -> str:
    text = _HEADER_VALUE.sub(_mask_header, text)
    text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    return _KEY_SHAPES.sub(REDACTED, text)


def _spellings(secret: str) -> set[str]:
    return {secret, quote(secret, safe="")}


@attrs.frozen
class Redactor:
    """Masks the given secret values wherever they appear, then anything shaped like a credential."""

    secrets: tuple[str, ...] = ()  # longest first, so a key containing another is masked whole

    @classmethod
    def for_keys(cls, keys: Iterable[str | None]) -> Redactor:
        values = {s for key in keys if key and len(key.strip()) >= MIN_SECRET_LENGTH for s in _spellings(key.strip())}
        return cls(tuple(sorted(values, key=lambda value: (-len(value), value))))

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return _mask_shapes(text)


_active = Redactor()


@contextlib.contextmanager
def redacting(redactor: Redactor) -> Iterator[Redactor]:
    """Make `redact_secrets` use `redactor` for the `with` block (the daemon's life); nests."""
    global _active
    previous, _active = _active, redactor
    try:
        yield redactor
    finally:
        _active = previous


def redact_secrets(text: str) -> str:
    """`text` with the daemon's configured keys and anything that looks like a credential replaced by
    `<redacted>`."""
    return _active(text)


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
    logging.captureWarnings(True)
    return handler
