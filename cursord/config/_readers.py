"""How a setting is read from its flag and from its key in the TOML file: the readers and parsers the rows of
`cursord.config._settings` name.

A reader turns what one source gave into settings (`_Given`: a value and where it came from), keyed by the
setting's name; most give one, `--limit` and `[limits]` one per limit (`limits.NAME`), `[tab]` its retired keys
too. A parser checks one value and raises `_Invalid`; the reader puts the origin on it, so every message names
the flag, or the file, line and key.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

import attrs

from cursord.config._errors import _FileOrigin, _FlagOrigin, _Given, _Invalid, _type_error
from cursord.config._lines import _TomlFile
from cursord.config._providers import _build_provider, _check_model, shown_spec
from cursord.config._providers_file import parse_provider_spec, provider_fields_from_table
from cursord.config._tab import build_tab, tab_fields_from_table, tab_fields_from_text, without_retired
from cursord.config._values import (
    AGENT_LISTEN_OFF,
    _home,
    _parse_agent_listen,
    _parse_allowed_host,
    _parse_endpoint,
    _parse_limit,
    _parse_log_level,
    _parse_proxy_port,
    parse_gateway_url,
    parse_store_url,
)
from cursord.config._web import (
    build_web_search,
    parse_network,
    web_search_fields_from_table,
    web_search_fields_from_text,
)

Settings = dict[str, _Given]


@attrs.frozen
class FileContext:
    """What a key of the file is read with: the file (for lines), its directory (relative paths), the
    environment (`~`)."""

    file: _TomlFile
    base: Path
    environ: Mapping[str, str]


class FlagReader(Protocol):
    """Reads what argparse gave for one flag (None: not given); `arguments()` is how argparse takes it."""

    def arguments(self) -> dict[str, Any]: ...

    def __call__(self, name: str, flag: str, given: Any) -> Settings: ...


class FileReader(Protocol):
    """Reads the value of one key of the file (`key`: its dotted path)."""

    def __call__(self, name: str, key: str, value: object, context: FileContext) -> Settings: ...


# --- flags -------------------------------------------------------------------------------------------


@attrs.frozen
class FlagValue:
    """A flag that gives one value; `quoted`: errors quote the SPEC it was given (key shapes masked)."""

    parse: Callable[[str], Any]
    quoted: bool = False

    def arguments(self) -> dict[str, Any]:
        return {}

    def __call__(self, name: str, flag: str, given: Any) -> Settings:
        origin = _FlagOrigin(f"{flag} {shown_spec(given)!r}" if self.quoted else flag)
        try:
            return {name: _Given(self.parse(given), origin)}
        except _Invalid as e:
            raise origin.error(e) from None


@attrs.frozen
class FlagSwitch:
    """A flag without a value that sets `value` (`--offline`: True; `--proxy-http1-only`: False)."""

    value: bool

    def arguments(self) -> dict[str, Any]:
        return {"action": "store_const", "const": self.value, "default": None}

    def __call__(self, name: str, flag: str, given: Any) -> Settings:
        return {name: _Given(self.value, _FlagOrigin(flag))} if given is self.value else {}


@attrs.frozen
class FlagEach:
    """A repeatable flag whose values make one list, each parsed; an error names the one value that is wrong."""

    parse: Callable[[str], Any]

    def arguments(self) -> dict[str, Any]:
        return {"action": "append"}

    def __call__(self, name: str, flag: str, given: Any) -> Settings:
        if not given:
            return {}
        values = []
        for text in given:
            try:
                values.append(self.parse(text))
            except _Invalid as e:
                raise _FlagOrigin(f"{flag} {text!r}").error(e) from None
        return {name: _Given(tuple(values), _FlagOrigin(flag))}


@attrs.frozen
class FlagItems:
    """A repeatable `NAME=VALUE` flag: one setting `SETTING.NAME` each (`--limit`, `--alias`)."""

    parse: Callable[[str, str], Any]
    shape: str  # "NAME=VALUE"

    def arguments(self) -> dict[str, Any]:
        return {"action": "append"}

    def __call__(self, name: str, flag: str, given: Any) -> Settings:
        out: Settings = {}
        for item in given or ():
            key, eq, value = item.partition("=")
            origin = _FlagOrigin(f"{flag} {item!r}")
            try:
                if not eq:
                    raise _Invalid(f"expected {self.shape}")
                out[f"{name}.{key.strip()}"] = _Given(self.parse(key.strip(), value.strip()), origin)
            except _Invalid as e:
                raise origin.error(e) from None
        return out


@attrs.frozen
class FlagSpecs:
    """`--provider SPEC`, repeated: one spec each, remembering its own SPEC for later errors."""

    def arguments(self) -> dict[str, Any]:
        return {"action": "append"}

    def __call__(self, name: str, flag: str, given: Any) -> Settings:
        return provider_flags(name, flag, given)


def provider_flags(name: str, flag: str, given: Any) -> Settings:
    if not given:
        return {}
    specs = [_Given(parse_provider_spec(text), _FlagOrigin(f"{flag} {shown_spec(text)!r}")) for text in given]
    return {name: _Given(tuple(specs), _FlagOrigin(flag))}


def flag_path(text: str) -> Path:
    """A path on the command line: relative to the current directory."""
    if not text:
        raise _Invalid("empty path")
    return Path(os.path.abspath(text))


def flag_user_path(text: str) -> Path:
    return Path(text).expanduser().absolute()


def flag_default_model(text: str) -> str:
    if not text:
        raise _Invalid("empty model name")
    return text


def flag_model(text: str) -> str:
    _check_model(text, "")
    return text


def flag_store(text: str) -> str:
    return parse_store_url(text, Path.cwd())


def flag_web_search(text: str) -> Any:
    return build_web_search(web_search_fields_from_text(text))


def flag_tab(text: str) -> Any:
    return build_tab(tab_fields_from_text(text))


# --- the file ----------------------------------------------------------------------------------------


@attrs.frozen
class TomlValue:
    """A key of the file that gives one value."""

    parse: Callable[[object, FileContext], Any]

    def __call__(self, name: str, key: str, value: object, context: FileContext) -> Settings:
        return {name: _Given(self.parse(value, context), _FileOrigin(context.file, key))}


@attrs.frozen
class TomlItems:
    """A table of `NAME = VALUE`: one setting `SETTING.NAME` each (`[limits]`, `[aliases]`)."""

    parse: Callable[[str, object], Any]
    table: str  # what the table holds, for the type error

    def __call__(self, name: str, key: str, value: object, context: FileContext) -> Settings:
        if not isinstance(value, dict):
            raise _type_error(self.table, value)
        out: Settings = {}
        for item, given in value.items():
            origin = _FileOrigin(context.file, f"{key}.{item}")
            try:
                out[f"{name}.{item}"] = _Given(self.parse(item, given), origin)
            except _Invalid as e:
                raise origin.error(e) from None
        return out


def toml_endpoint(value: object, context: FileContext) -> Any:
    if not isinstance(value, str):
        raise _type_error("a \"HOST:PORT\" string", value)
    return _parse_endpoint(value)


def toml_agent_listen(value: object, context: FileContext) -> Any:
    if not isinstance(value, str):
        raise _type_error(f"a \"HOST:PORT\" string or {AGENT_LISTEN_OFF!r}", value)
    return _parse_agent_listen(value)


def toml_log_level(value: object, context: FileContext) -> Any:
    return _parse_log_level(value)


def toml_path(value: object, context: FileContext) -> Path:
    """A path in the file: relative to the file's directory; `~` is the user's home."""
    if not isinstance(value, str) or not value:
        raise _type_error("a path string", value)
    if value == "~" or value.startswith("~/"):
        return _home(context.environ) / value[2:]
    path = Path(value)
    return path if path.is_absolute() else context.base / path


def toml_bool(value: object, context: FileContext) -> bool:
    if not isinstance(value, bool):
        raise _type_error("true or false", value)
    return value


def toml_model(value: object, context: FileContext) -> str:
    if not isinstance(value, str):
        raise _type_error("a model id string", value)
    _check_model(value, "")
    return value


def toml_default_model(value: object, context: FileContext) -> str:
    if not isinstance(value, str) or not value:
        raise _type_error("a model name", value)
    return value


def toml_allowed_hosts(value: object, context: FileContext) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise _type_error("a list of host names", value)
    return tuple(_parse_allowed_host(name) for name in value)


def toml_proxy_ports(value: object, context: FileContext) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise _type_error("a non-empty list of port numbers", value)
    return tuple(_parse_proxy_port(port) for port in value)


def toml_gateway_url(value: object, context: FileContext) -> str:
    return parse_gateway_url(value)


def toml_store(value: object, context: FileContext) -> str:
    return parse_store_url(value, context.base)


def toml_web_search(value: object, context: FileContext) -> Any:
    if not isinstance(value, dict):
        raise _type_error("a table ([web_search])", value)
    return build_web_search(web_search_fields_from_table(value))


def toml_web_fetch_allow(value: object, context: FileContext) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise _type_error('a list of networks such as ["10.1.0.0/16"]', value)
    networks = []
    for i, text in enumerate(value):
        try:
            networks.append(parse_network(text))
        except _Invalid as e:
            raise _FileOrigin(context.file, f"web_fetch_allow[{i}]").error(e) from None
    return tuple(networks)


def toml_providers(value: object, context: FileContext) -> tuple[_Given, ...]:
    """`[[providers]]`: one spec each, remembering its table for later errors."""
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        raise _type_error("an array of tables ([[providers]])", value)
    specs = []
    for i, table in enumerate(value):
        origin = _FileOrigin(context.file, f"providers[{i}]")
        try:
            specs.append(_Given(_build_provider(provider_fields_from_table(table)), origin))
        except _Invalid as e:
            raise origin.error(e) from None
    return tuple(specs)


def toml_limit(name: str, value: object) -> int | float:
    if isinstance(value, str):
        raise _type_error("a number", value)
    return _parse_limit(name, value)


def tab_table(name: str, key: str, value: object, context: FileContext) -> Settings:
    """`[tab]`, and each retired key it still holds as a note (`deprecations`) that names its line."""
    if not isinstance(value, dict):
        raise _type_error("a table ([tab])", value)
    kept, retired = without_retired(value)
    out = {name: _Given(build_tab(tab_fields_from_table(kept)), _FileOrigin(context.file, key))}
    notes = tuple(f"{context.file.where(f'tab.{item}')}: tab.{item} does nothing any more and is ignored: {why};"
                  " remove the line" for item, why in retired.items())
    if notes:
        out["deprecations"] = _Given(notes, _FileOrigin(context.file, key))
    return out
