"""What a configuration error says and where it points: `ConfigError` (what the user sees), `_Invalid` (a value
is wrong, before we know where it came from), and the origins (a flag, a key of the TOML file) that turn one into
the other.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cursord.config._lines import _TomlFile


class ConfigError(Exception):
    """A setting is wrong; the message says where it came from and what is wrong with it."""


class _SpecError(ConfigError):
    """ConfigError from building a ProviderSpec, keeping the structured cause for our own parsers."""

    def __init__(self, message: str, invalid: _Invalid) -> None:
        super().__init__(message)
        self.invalid = invalid


class _Invalid(Exception):
    """A value is wrong, before we know where it came from. `field` is relative to the value parsed."""

    def __init__(self, message: str, field: str = "", *, names_field: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.names_field = names_field  # the message already says which field; flags need not repeat it


def _one_of(values: Iterable[str]) -> str:
    return ", ".join(values)


def _unknown_name(what: str, name: object, known: Iterable[str], field: str, otherwise: str = "") -> _Invalid:
    """`name` is none of `known`: the closest one if a typo is likely, else the whole list (and `otherwise`)."""
    known = [str(item) for item in known]  # a StrEnum's members are their values
    close = difflib.get_close_matches(str(name), known, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"expected one of {_one_of(known)}{otherwise}"
    return _Invalid(f"unknown {what} {name!r} ({hint})", field, names_field=True)


def _unknown_key(key: str, known: Sequence[str], field: str) -> _Invalid:
    return _unknown_name("key", key, known, field)


# --- origins: where a value came from, for error messages --------------------------------------------


@attrs.frozen
class _FlagOrigin:
    label: str  # "--listen", "--provider 'openai,models=x'"

    def error(self, e: _Invalid) -> ConfigError:
        field = f"{e.field}: " if e.field and not e.names_field else ""
        return ConfigError(f"{self.label}: {field}{e.message}")

    def ref(self) -> str:
        return self.label


@attrs.frozen
class _FileOrigin:
    file: _TomlFile
    path: str  # "listen", "providers[1]", "limits"

    def error(self, e: _Invalid) -> ConfigError:
        path = ".".join(p for p in (self.path, e.field) if p)
        return ConfigError(f"{self.file.where(path)}: {path}: {e.message}")

    def ref(self) -> str:
        line = self.file.line_of(self.path)
        return f"{self.path} (line {line})" if line else self.path


_Origin = _FlagOrigin | _FileOrigin


def _type_error(expected: str, value: object, field: str = "") -> _Invalid:
    return _Invalid(f"expected {expected}, got {type(value).__name__} {value!r}", field)



@attrs.frozen
class _Given:
    """A setting's value as one source gave it, and where (a flag, a key of the file)."""

    value: Any
    origin: _Origin
