"""The editor's version as the daemon last saw it: `<data_dir>/editor-version`, for `cursord report` and
`cursord status` (stdlib and attrs only, so both read it without the daemon running or its modules loaded).

Theory of operation. The editor names its version in the `x-cursor-client-version` header of every call.
`EditorVersionFile.seen` is told each one (an app request observer) and rewrites the file only when the
version differs from the one written, or the time written is older than `REFRESH_S`: a few writes a day,
never one per request, and "last seen" is right to within that refresh. The file is one JSON object
(`{"version": ..., "seen_at": <epoch seconds>}`), replaced whole (a temporary file, then a rename), so a reader
sees the old content or the new. It sits in the data dir whatever the store's engine; a PostgreSQL store
shared by several nodes leaves each node's own file beside it. Writing never raises into the caller: a
failure is logged once.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

import attrs

log = logging.getLogger(__name__)

__all__ = ["EDITOR_VERSION_FILE", "EditorSeen", "EditorVersionFile", "read_editor_seen"]

EDITOR_VERSION_FILE: Final = "editor-version"
#: a version seen again is written again once this old, so the time it says is recent
REFRESH_S: Final = 3600.0
#: the longest version string kept (the header is the editor's to fill)
_MAX_VERSION: Final = 64


@attrs.frozen
class EditorSeen:
    """The editor's version and when the daemon saw it (epoch seconds)."""

    version: str
    seen_at: float


def clean_version(text: str) -> str | None:
    """The header's value as a version to show: printable, short; None if there is nothing to keep."""
    kept = "".join(c for c in text.strip() if c.isprintable())[:_MAX_VERSION]
    return kept or None


def read_editor_seen(data_dir: str | os.PathLike[str]) -> EditorSeen | None:
    """What the file says; None if it is missing or not what this module writes."""
    try:
        value = json.loads((Path(data_dir) / EDITOR_VERSION_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(value, dict):
        return None
    version, seen_at = value.get("version"), value.get("seen_at")
    if not isinstance(version, str) or not isinstance(seen_at, int | float) or isinstance(seen_at, bool):
        return None
    cleaned = clean_version(version)
    return EditorSeen(cleaned, float(seen_at)) if cleaned is not None else None


@attrs.define
class EditorVersionFile:
    """The writer, held by the running daemon."""

    data_dir: Path
    clock: Callable[[], float] = time.time
    _written: EditorSeen | None = None
    _loaded: bool = False
    _failed: bool = False

    def seen(self, header: str | None) -> None:
        """The editor sent `header` (its `x-cursor-client-version`, None when absent) on a call."""
        version = clean_version(header) if header is not None else None
        if version is None:
            return
        if not self._loaded:  # what an earlier run wrote: a restart with the same editor writes nothing new
            self._written, self._loaded = read_editor_seen(self.data_dir), True
        now = self.clock()
        written = self._written
        if written is not None and written.version == version and now - written.seen_at < REFRESH_S:
            return
        self._written = EditorSeen(version, now)
        self._write(self._written)

    def _write(self, seen: EditorSeen) -> None:
        path = self.data_dir / EDITOR_VERSION_FILE
        partial = path.with_name(f".{EDITOR_VERSION_FILE}.tmp")
        try:
            partial.write_text(json.dumps(attrs.asdict(seen)) + "\n", "utf-8")
            os.replace(partial, path)
        except OSError as error:
            if not self._failed:
                log.warning("cannot record the editor's version in %s: %s", path, error)
            self._failed = True
