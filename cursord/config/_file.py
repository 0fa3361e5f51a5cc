"""The TOML file: reading it into settings that remember their line (`cursord.config._lines` finds the
line of a key for error messages; tomllib reports lines only for syntax errors).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any, Final

import attrs

from cursord.config._errors import ConfigError, _FileOrigin, _Invalid, _Origin, _type_error, _unknown_key
from cursord.config._lines import _TomlFile
from cursord.config._providers import (
    _PROVIDER_KEYS,
    _build_provider,
    _check_model,
    _parse_key_order,
    _parse_kind,
    _positive_int,
    _price,
)
from cursord.config._tab import build_tab, tab_fields_from_table, without_retired
from cursord.config._values import (
    AGENT_LISTEN_OFF,
    _home,
    _parse_agent_listen,
    _parse_alias,
    _parse_allowed_host,
    _parse_endpoint,
    _parse_limit,
    _parse_log_level,
    _parse_proxy_port,
    parse_gateway_url,
    parse_store_url,
)
from cursord.config._web import build_web_search, parse_network, web_search_fields_from_table
from cursord.providers.prices import parse_price_value


@attrs.frozen
class _Setting:
    value: Any
    origin: _Origin


_FILE_KEYS: Final = ("listen", "proxy_listen", "agent_listen", "data_dir", "log_level", "certfile", "keyfile",
                     "limits", "providers", "allowed_hosts", "aliases", "default_model", "offline", "private",
                     "title_model", "proxy_ports", "proxy_http2", "team_gateway", "gateway", "gateway_token_file",
                     "node_address", "gateway_ca_file", "store", "web_search", "web_fetch_allow", "review_model", "tab",
                     "local_ai")
_LOCAL_AI_KEYS: Final = ("model",)



def _local_ai_settings(value: object, file: _TomlFile) -> dict[str, _Setting]:
    """`[local_ai]`: its one key, `model`."""
    if not isinstance(value, dict):
        raise _type_error("a table ([local_ai])", value)
    out: dict[str, _Setting] = {}
    for name, model in value.items():
        origin = _FileOrigin(file, f"local_ai.{name}")
        try:
            if name not in _LOCAL_AI_KEYS:
                raise _unknown_key(name, _LOCAL_AI_KEYS, "")
            if not isinstance(model, str):
                raise _type_error("a model id string", model)
            _check_model(model, "")
        except _Invalid as e:
            raise origin.error(e) from None
        out["local_ai_model"] = _Setting(model, origin)
    return out


def _file_path(value: object, base: Path, environ: Mapping[str, str]) -> Path:
    if not isinstance(value, str) or not value:
        raise _type_error("a path string", value)
    if value == "~" or value.startswith("~/"):
        return _home(environ) / value[2:]
    path = Path(value)
    return path if path.is_absolute() else base / path


def _provider_fields_from_table(table: Mapping[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for key, value in table.items():
        if key not in _PROVIDER_KEYS:
            raise _unknown_key(key, _PROVIDER_KEYS, key)
        if key == "models":
            if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
                raise _type_error("a list of model names", value, key)
            fields[key] = tuple(value)
        elif key == "context_window":
            if not _positive_int(value):
                raise _Invalid(f"must be a positive number of tokens, got {value!r}", key)
            fields[key] = value
        elif key == "context_windows":
            if not isinstance(value, dict):
                raise _type_error("a table of MODEL = TOKENS", value, key)
            fields[key] = dict(value)
        elif key == "prices":
            if not isinstance(value, dict):
                raise _type_error("a table of MODEL = [IN, OUT, CACHE_READ, CACHE_WRITE]", value, key)
            fields[key] = {m: _price(partial(parse_price_value, v), f"{key}.{m}") for m, v in value.items()}
        elif key in ("cache_key", "reasoning_echo"):
            if not isinstance(value, bool):
                raise _type_error("true or false", value, key)
            fields[key] = value
        elif key in ("key_pool", "fallbacks"):
            if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
                what = "variable names" if key == "key_pool" else "model names (MODEL or PROVIDER/MODEL)"
                raise _type_error(f"a list of {what}", value, key)
            fields[key] = tuple(value)
        elif key == "key_order":
            fields[key] = _parse_key_order(value)
        elif key == "vision":
            if isinstance(value, list) and all(isinstance(m, str) for m in value):
                fields[key] = tuple(value)
            elif isinstance(value, bool):
                fields[key] = value
            else:
                raise _type_error("true, false or a list of model names", value, key)
        elif key == "kind":
            if not isinstance(value, str):
                raise _type_error("a string", value, key)
            fields[key] = _parse_kind(value)
        else:
            if not isinstance(value, str):
                raise _type_error("a string", value, key)
            fields[key] = (value or None) if key == "api_key_env" else value
    return fields


def _read_file(path: Path, environ: Mapping[str, str]) -> dict[str, _Setting]:
    label = str(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as e:
        raise ConfigError(f"{label}: cannot read config file: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise ConfigError(f"{label}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        pos = re.search(r"\(at line (\d+), column (\d+)\)$", message)
        if pos:
            message = message[: pos.start()].strip()
            raise ConfigError(f"{label}:{pos.group(1)}:{pos.group(2)}: invalid TOML: {message}") from None
        raise ConfigError(f"{label}: invalid TOML: {message}") from None
    file = _TomlFile.scan(label, text)
    base = path.parent.absolute()
    out: dict[str, _Setting] = {}
    for key, value in data.items():
        origin = _FileOrigin(file, key)
        try:
            if key not in _FILE_KEYS:
                raise _unknown_key(key, _FILE_KEYS, "")
            if key in ("listen", "proxy_listen"):
                if not isinstance(value, str):
                    raise _type_error("a \"HOST:PORT\" string", value)
                out[key] = _Setting(_parse_endpoint(value), origin)
            elif key == "agent_listen":
                if not isinstance(value, str):
                    raise _type_error(f"a \"HOST:PORT\" string or {AGENT_LISTEN_OFF!r}", value)
                out[key] = _Setting(_parse_agent_listen(value), origin)
            elif key == "log_level":
                out[key] = _Setting(_parse_log_level(value), origin)
            elif key == "allowed_hosts":
                if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
                    raise _type_error("a list of host names", value)
                out[key] = _Setting(tuple(_parse_allowed_host(name) for name in value), origin)
            elif key == "proxy_ports":
                if not isinstance(value, list) or not value:
                    raise _type_error("a non-empty list of port numbers", value)
                out[key] = _Setting(tuple(_parse_proxy_port(port) for port in value), origin)
            elif key in ("data_dir", "certfile", "keyfile", "gateway_token_file", "gateway_ca_file"):
                out[key] = _Setting(_file_path(value, base, environ), origin)
            elif key in ("gateway", "node_address"):
                out[key] = _Setting(parse_gateway_url(value), origin)
            elif key == "store":
                out[key] = _Setting(parse_store_url(value, base), origin)
            elif key in ("offline", "private", "team_gateway", "proxy_http2"):
                if not isinstance(value, bool):
                    raise _type_error("true or false", value)
                out[key] = _Setting(value, origin)
            elif key in ("title_model", "review_model"):
                if not isinstance(value, str):
                    raise _type_error("a model id string", value)
                _check_model(value, "")
                out[key] = _Setting(value, origin)
            elif key == "limits":
                if not isinstance(value, dict):
                    raise _type_error("a table", value)
                for name, number in value.items():
                    limit_origin = _FileOrigin(file, f"limits.{name}")
                    try:
                        if isinstance(number, str):
                            raise _type_error("a number", number)
                        out[f"limits.{name}"] = _Setting(_parse_limit(name, number), limit_origin)
                    except _Invalid as e:
                        raise limit_origin.error(e) from None
            elif key == "aliases":
                if not isinstance(value, dict):
                    raise _type_error('a table of "ALIAS" = "MODEL"', value)
                for name, target in value.items():
                    alias_origin = _FileOrigin(file, f"aliases.{name}")
                    try:
                        out[f"aliases.{name}"] = _Setting(_parse_alias(name, target), alias_origin)
                    except _Invalid as e:
                        raise alias_origin.error(e) from None
            elif key == "default_model":
                if not isinstance(value, str) or not value:
                    raise _type_error("a model name", value)
                out[key] = _Setting(value, origin)
            elif key == "web_search":
                if not isinstance(value, dict):
                    raise _type_error("a table ([web_search])", value)
                out[key] = _Setting(build_web_search(web_search_fields_from_table(value)), origin)
            elif key == "local_ai":
                out.update(_local_ai_settings(value, file))
            elif key == "tab":
                if not isinstance(value, dict):
                    raise _type_error("a table ([tab])", value)
                kept, retired = without_retired(value)
                out[key] = _Setting(build_tab(tab_fields_from_table(kept)), origin)
                notes = tuple(f"{file.where(f'tab.{name}')}: tab.{name} does nothing any more and is ignored: {why};"
                              " remove the line" for name, why in retired.items())
                if notes:
                    out["deprecations"] = _Setting(notes, _FileOrigin(file, "tab"))
            elif key == "web_fetch_allow":
                if not isinstance(value, list):
                    raise _type_error('a list of networks such as ["10.1.0.0/16"]', value)
                networks = []
                for i, text in enumerate(value):
                    try:
                        networks.append(parse_network(text))
                    except _Invalid as e:
                        raise _FileOrigin(file, f"{key}[{i}]").error(e) from None
                out[key] = _Setting(tuple(networks), origin)
            elif key == "providers":
                if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
                    raise _type_error("an array of tables ([[providers]])", value)
                specs = []
                for i, table in enumerate(value):
                    p_origin = _FileOrigin(file, f"providers[{i}]")
                    try:
                        specs.append(_Setting(_build_provider(_provider_fields_from_table(table)), p_origin))
                    except _Invalid as e:
                        raise p_origin.error(e) from None
                out["providers"] = _Setting(tuple(specs), origin)
        except _Invalid as e:
            # An unknown top-level key is reported at its own path.
            if key not in _FILE_KEYS:
                raise ConfigError(f"{file.where(key)}: {e.message}") from None
            raise origin.error(e) from None
    return out
