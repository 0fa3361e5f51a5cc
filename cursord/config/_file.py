"""The TOML file: reading it into settings that remember their line (`cursord.config._lines` finds the
line of a key for error messages; tomllib reports lines only for syntax errors). Each key is read by its row
of the settings table (`cursord.config._settings`); a dotted `toml` key (`local_ai.model`) is a key of a table.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from cursord.config._errors import ConfigError, _FileOrigin, _Given, _Invalid, _type_error, _unknown_key
from cursord.config._lines import _TomlFile
from cursord.config._readers import FileContext
from cursord.config._settings import SETTINGS, Setting


def _keys() -> tuple[dict[str, Setting], dict[str, dict[str, Setting]]]:
    """The rows by their key in the file: top-level keys, and the keys of each table."""
    keys: dict[str, Setting] = {}
    tables: dict[str, dict[str, Setting]] = {}
    for setting in SETTINGS:
        if setting.toml is None:
            continue
        table, dot, key = setting.toml.partition(".")
        if dot:
            tables.setdefault(table, {})[key] = setting
        else:
            keys[setting.toml] = setting
    return keys, tables


_KEYS, _TABLES = _keys()
_FILE_KEYS: Final = tuple(dict.fromkeys(setting.toml.partition(".")[0] for setting in SETTINGS if setting.toml))


def _parse(path: Path) -> tuple[dict[str, Any], str]:
    """The file's data and its text; a file that cannot be read or is not TOML is a ConfigError."""
    label = str(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as e:
        raise ConfigError(f"{label}: cannot read config file: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise ConfigError(f"{label}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        pos = re.search(r"\(at line (\d+), column (\d+)\)$", message)
        if pos:
            message = message[: pos.start()].strip()
            raise ConfigError(f"{label}:{pos.group(1)}:{pos.group(2)}: invalid TOML: {message}") from None
        raise ConfigError(f"{label}: invalid TOML: {message}") from None


def _read_file(path: Path, environ: Mapping[str, str]) -> dict[str, _Given]:
    data, text = _parse(path)
    file = _TomlFile.scan(str(path), text)
    context = FileContext(file, path.parent.absolute(), environ)
    out: dict[str, _Given] = {}
    for key, value in data.items():
        if key not in _FILE_KEYS:  # reported at its own path
            raise ConfigError(f"{file.where(key)}: {_unknown_key(key, _FILE_KEYS, '').message}")
        try:
            out.update(_read_key(key, value, context))
        except _Invalid as e:
            raise _FileOrigin(file, key).error(e) from None
    return out


def _read_key(key: str, value: object, context: FileContext) -> dict[str, _Given]:
    setting = _KEYS.get(key)
    if setting is not None:
        assert setting.from_file is not None
        return setting.from_file(setting.name, key, value, context)
    return _read_table(key, value, context)


def _read_table(table: str, value: object, context: FileContext) -> dict[str, _Given]:
    """A table whose keys are settings of their own (`[local_ai]`)."""
    if not isinstance(value, dict):
        raise _type_error(f"a table ([{table}])", value)
    rows = _TABLES[table]
    out: dict[str, _Given] = {}
    for key, item in value.items():
        path = f"{table}.{key}"
        try:
            if key not in rows:
                raise _unknown_key(key, tuple(rows), "")
            setting = rows[key]
            assert setting.from_file is not None
            out.update(setting.from_file(setting.name, path, item, context))
        except _Invalid as e:
            raise _FileOrigin(context.file, path).error(e) from None
    return out
