"""Pointing the editor at cursord's proxy: `cursord editor setup|revert|status` on Cursor's settings.json.

Theory of operation. `setup` sets three keys in the user's `settings.json` (`SETTINGS`: the proxy URL,
proxy support on, system certificates on) and `revert` puts back exactly what was there before. HTTP/2
stays as the user has it: cursord serves the editor's HTTP/2 agent transport on its own listener.
Earlier versions also set `cursor.general.disableHttp2` (`RETIRED_SETTINGS`); `setup` puts such a key
back as it was before them, and `revert` of an old record undoes it like any other key.

The file is JSONC (comments, trailing commas), and it is the user's: both edit it *in place*,
replacing, inserting or removing only those members, so every comment, blank line and the order of
everything else survive byte for byte.

State. Before its first change to a file, `setup` records each key's previous state in cursord's data
dir (`editor-settings.json`): absent, or the exact text of its value. Running `setup` again keeps that
first record, so `revert` always goes back to the pre-cursord state. `revert` restores a key only if
it still holds the value `setup` wrote; a key the user changed or removed since is theirs and is left
alone (and reported). Every write first copies the file to `<data_dir>/editor-backups/` with a
timestamp, and replaces the file atomically (the target of a symlink, keeping its mode).

The JSONC scanner (`scan`) reads just the top-level object: members with the offsets of their key,
value and following comma. Values are located, not interpreted; `parse_value` reads one (comments and
trailing commas removed) when a comparison needs it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import socket
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import attrs

from cursord.config import DEFAULT_PROXY_LISTEN
from cursord.editor.jsonc import (
    JsoncError,
    TopLevel,
    _value_of,
    parse_value,
    remove_key,
    scan,
    set_value,
)

__all__ = [
    "DEFAULT_PROXY_URL",
    "RECORD_NAME",
    "SETTINGS",
    "Report",
    "default_settings_path",
    "revert",
    "setup",
    "status",
    "upstream_proxy_kept",
]

DEFAULT_PROXY_URL: Final = f"http://{DEFAULT_PROXY_LISTEN}"
RECORD_NAME: Final = "editor-settings.json"
BACKUP_DIR: Final = "editor-backups"
PROXY_KEY: Final = "http.proxy"


def desired_settings(proxy_url: str = DEFAULT_PROXY_URL) -> dict[str, Any]:
    return {
        PROXY_KEY: proxy_url,
        "http.proxySupport": "on",
        "http.experimental.systemCertificatesV2": True,
    }


#: What earlier versions of `setup` set and this one does not: HTTP/2 off (the editor's agent then ran
#: only over RunSSE + BidiAppend, which slowed every other editor feature too).
RETIRED_SETTINGS: Final[Mapping[str, Any]] = {"cursor.general.disableHttp2": True}


SETTINGS: Final = desired_settings()


# --- locating the file ---------------------------------------------------------------------------------


def default_settings_path(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """Cursor's user settings.json for this platform (Linux honours $XDG_CONFIG_HOME, as Electron does)."""
    environ = os.environ if environ is None else environ
    platform = platform or sys.platform
    home = Path(environ.get("HOME") or environ.get("USERPROFILE") or Path.home())
    if platform == "darwin":
        base = home / "Library" / "Application Support"
    elif platform.startswith("win"):
        appdata = environ.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
    else:
        xdg = environ.get("XDG_CONFIG_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".config"
    return base / "Cursor" / "User" / "settings.json"


# --- setup / revert / status ---------------------------------------------------------------------------------


@attrs.frozen
class Report:
    ok: bool
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _record_path(data_dir: Path) -> Path:
    return data_dir / RECORD_NAME


def _load_record(data_dir: Path) -> dict[str, Any]:
    path = _record_path(data_dir)
    if not path.exists():
        return {"version": 1, "files": {}}
    record: dict[str, Any] = json.loads(path.read_text("utf-8"))
    record.setdefault("files", {})
    return record


def _save_record(data_dir: Path, record: dict[str, Any]) -> None:
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    _atomic_write(_record_path(data_dir), json.dumps(record, indent=2, sort_keys=True) + "\n")


def _resolve(settings: Path) -> Path:
    settings = Path(os.path.abspath(settings))
    return settings.resolve() if settings.is_symlink() else settings


def _atomic_write(path: Path, text: str) -> None:
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".cursord-tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _backup(settings: Path, data_dir: Path, now: dt.datetime) -> Path | None:
    if not settings.exists():
        return None
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    directory = data_dir / BACKUP_DIR
    directory.mkdir(parents=True, exist_ok=True)
    stamp = now.strftime("%Y%m%dT%H%M%S")
    target = directory / f"settings-{stamp}.json"
    counter = 1
    while target.exists():
        counter += 1
        target = directory / f"settings-{stamp}-{counter}.json"
    shutil.copy2(settings, target)
    return target


def _read(settings: Path) -> str:
    try:
        with settings.open(encoding="utf-8", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return ""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def setup(
    settings: Path, data_dir: Path, proxy_url: str = DEFAULT_PROXY_URL, *, now: dt.datetime | None = None
) -> Report:
    """Set `SETTINGS` (with `proxy_url`) in `settings`, recording what was there first."""
    now = now or dt.datetime.now(dt.UTC)
    settings = _resolve(settings)
    existed = settings.exists()
    text = _read(settings)
    try:
        top = scan(text)
    except JsoncError as error:
        return Report(False, (f"cannot edit {settings}: {error}; fix it in the editor first",))
    record = _load_record(data_dir)
    entry: dict[str, Any] | None = record["files"].get(str(settings))
    previous: dict[str, Any] = dict(entry["previous"]) if entry else {}
    wanted = desired_settings(proxy_url)
    lines = []
    updated = text
    applied_before: Mapping[str, Any] = entry["applied"] if entry else {}
    for key, value in RETIRED_SETTINGS.items():
        if key not in previous or applied_before.get(key) != value:
            continue
        before = previous.pop(key)  # no longer cursord's to revert, whatever happens below
        member = scan(updated).find(key)
        if member is None or _value_of(updated, member) != value:
            lines.append(f"  {key}: left alone (an earlier cursord set it; changed since)")
        elif before["present"]:
            updated = updated[: member.value_start] + before["raw"] + updated[member.value_end :]
            lines.append(f"  {key}: restored {before['raw']} (an earlier cursord had set it)")
        else:
            updated = remove_key(updated, key)
            lines.append(f"  {key}: removed (an earlier cursord had set it; HTTP/2 stays on)")
    for key, value in wanted.items():
        member = top.find(key)
        if key not in previous:
            previous[key] = {
                "present": member is not None,
                "raw": text[member.value_start : member.value_end] if member is not None else None,
            }
        if member is not None and _value_of(text, member) == value:
            lines.append(f"  {key}: already {json.dumps(value)}")
            continue
        updated = set_value(updated, key, value)
        was = "absent" if member is None else text[member.value_start : member.value_end]
        lines.append(f"  {key}: {json.dumps(value)} (was {was})")
        replaced = _value_of(text, member) if member is not None and key == PROXY_KEY else None
        if isinstance(replaced, str) and replaced.strip():
            lines.append(f"  your proxy {replaced} stays in use: cursord reaches Cursor and the providers through"
                         " it (restart cursord to pick it up; HTTPS_PROXY in its environment wins)")
    backup = None
    if updated != text:
        settings.parent.mkdir(parents=True, exist_ok=True)
        backup = _backup(settings, data_dir, now)
        _atomic_write(settings, updated)
    original = entry.get("original") if entry else None
    if entry is None:
        # The file before cursord's first edit. While the file holds exactly what cursord wrote, revert
        # restores these bytes (or removes a file setup created) instead of editing key by key.
        original = {"existed": existed, "backup": str(backup) if backup else None, "sha256": _digest(text)}
    record["files"][str(settings)] = {
        "setup_at": now.isoformat(),
        "applied": wanted,
        "previous": previous,
        "original": original,
        "written_sha256": _digest(updated),
    }
    _save_record(data_dir, record)
    head = f"{'updated' if updated != text else 'unchanged'}: {settings}"
    tail = [f"backup: {backup}"] if backup else []
    return Report(True, (head, *lines, *tail, "restart Cursor for the proxy settings to take effect"))


def upstream_proxy_kept(data_dir: Path) -> str | None:
    """The `http.proxy` a user had before `setup` replaced it with cursord's (their own upstream proxy), from
    the record in `data_dir`; None if there was none, or it was cursord's own."""
    for entry in _load_record(data_dir)["files"].values():
        before = entry.get("previous", {}).get(PROXY_KEY)
        if not before or not before.get("present") or before.get("raw") is None:
            continue
        try:
            value = parse_value(before["raw"])
        except JsoncError:
            continue
        own = entry.get("applied", {}).get(PROXY_KEY)
        if isinstance(value, str) and value.strip() and value != own and value != DEFAULT_PROXY_URL:
            return value.strip()
    return None


def _original_text(entry: Mapping[str, Any]) -> str | None:
    """The pre-setup text from the first backup, if it is there and unchanged ("" if there was no file)."""
    original = entry.get("original")
    if not original:
        return None
    if not original["existed"]:
        return ""
    backup = original.get("backup")
    if not backup or not Path(backup).exists():
        return None
    text = _read(Path(backup))
    return text if _digest(text) == original["sha256"] else None


def revert(settings: Path, data_dir: Path, *, now: dt.datetime | None = None) -> Report:
    """Put back what `setup` recorded, key by key, unless the user changed the key since."""
    now = now or dt.datetime.now(dt.UTC)
    settings = _resolve(settings)
    record = _load_record(data_dir)
    entry = record["files"].get(str(settings))
    if entry is None:
        return Report(False, (f"nothing to revert: cursord has not set up {settings}",))
    text = _read(settings)
    original = _original_text(entry) if _digest(text) == entry.get("written_sha256") else None
    if original is not None:
        backup = _backup(settings, data_dir, now)
        if original == "" and not entry["original"]["existed"]:
            settings.unlink(missing_ok=True)
            lines = [f"removed: {settings} (setup had created it)"]
        else:
            _atomic_write(settings, original)
            lines = [f"restored: {settings} (exactly as before setup)"]
        del record["files"][str(settings)]
        _save_record(data_dir, record)
        return Report(True, (*lines, *([f"backup: {backup}"] if backup else [])))
    try:
        top = scan(text)
    except JsoncError as error:
        return Report(False, (f"cannot edit {settings}: {error}; fix it in the editor first",))
    updated = text
    lines = []
    for key, before in entry["previous"].items():
        applied = entry["applied"].get(key)
        member = top.find(key)
        if member is None:
            lines.append(f"  {key}: left alone (removed since setup)")
            continue
        if _value_of(text, member) != applied:
            lines.append(f"  {key}: left alone (changed since setup)")
            continue
        if before["present"]:
            found = scan(updated).find(key)
            assert found is not None
            updated = updated[: found.value_start] + before["raw"] + updated[found.value_end :]
            lines.append(f"  {key}: restored {before['raw']}")
        else:
            updated = remove_key(updated, key)
            lines.append(f"  {key}: removed (was absent)")
    backup = None
    if updated != text:
        backup = _backup(settings, data_dir, now)
        _atomic_write(settings, updated)
    del record["files"][str(settings)]
    _save_record(data_dir, record)
    tail = [f"backup: {backup}"] if backup else []
    return Report(True, (f"{'reverted' if updated != text else 'unchanged'}: {settings}", *lines, *tail))


def proxy_answers(url: str, timeout: float = 1.0) -> bool:
    """Whether something accepts TCP connections at the proxy URL's host and port."""
    parts = urlsplit(url if "://" in url else f"http://{url}")
    if not parts.hostname:
        return False
    try:
        with socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout):
            return True
    except OSError:
        return False


def status(settings: Path, data_dir: Path, proxy_url: str = DEFAULT_PROXY_URL) -> Report:
    """What the file sets for each key, whether `setup` recorded it, whether the proxy answers."""
    settings = _resolve(settings)
    text = _read(settings)
    if not settings.exists():
        lines = [f"{settings}: does not exist"]
        top = TopLevel(None, None, ())
    else:
        try:
            top = scan(text)
        except JsoncError as error:
            return Report(False, (f"{settings}: not valid JSONC: {error}",))
        lines = [f"{settings}:"]
    ok = True
    current_proxy = None
    for key, value in desired_settings(proxy_url).items():
        member = top.find(key)
        current = _value_of(text, member) if member is not None else None
        if key == PROXY_KEY and isinstance(current, str):
            current_proxy = current
        mark = "ok" if current == value else "differs"
        ok = ok and current == value
        shown = "absent" if member is None else text[member.value_start : member.value_end]
        lines.append(f"  {key}: {shown} ({mark}; cursord sets {json.dumps(value)})")
    entry: Mapping[str, Any] | None = _load_record(data_dir)["files"].get(str(settings))
    for key, value in RETIRED_SETTINGS.items():
        member = top.find(key)
        if member is not None and _value_of(text, member) == value:
            shown = text[member.value_start : member.value_end]
            # `setup` undoes only what an earlier cursord set; a value the user set is theirs to change
            ours = entry is not None and key in entry["previous"] and entry["applied"].get(key) == value
            remedy = ("`cursord editor setup` puts back what an earlier cursord set" if ours else
                      f"cursord did not set it: remove it from {settings.name} to turn HTTP/2 back on")
            lines.append(f"  {key}: {shown} (HTTP/2 is off: the editor's agent cannot use cursord's HTTP/2"
                         f" agent listener; {remedy})")
    recorded = entry is not None
    lines.append(f"setup recorded: {'yes (revert can undo it)' if recorded else 'no'}")
    target = current_proxy or proxy_url
    answers = proxy_answers(target)
    lines.append(f"proxy {target}: {'answers' if answers else 'does not answer (is `cursord serve` running?)'}")
    return Report(ok and answers, tuple(lines))


