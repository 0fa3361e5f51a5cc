"""Configuration for `cursord serve`: flags, the TOML file, and the frozen values they build.

Theory of operation. A setting comes from, highest first: a command-line flag, the `--config` TOML
file, the built-in default. Each source is parsed into typed values as it is read, and every value
remembers its origin, so an error names where the bad value came from:

    --provider 'kind=foo,...': unknown kind 'foo' (expected one of openai-chat, openai-responses, anthropic)
    cursord.toml:12: providers[1].base_url: 'ftp://x' is not an http(s) URL

Merging is per setting, except for two lists: `--provider` flags, if any are given, replace the file's
`[[providers]]` entirely (mixing the two would make it unclear which set is live), and `--limit NAME=VALUE`
overrides just the one limit it names. Checks that span settings (certfile and keyfile together, the
files existing, provider names and models unique) run after the merge. Unknown keys in the file are
errors: a typo must not be silently ignored. Relative paths in the file are taken relative to the
file's directory (the service runs with cwd `/`); relative paths in flags, relative to the cwd.

API keys are never read here: a provider names the environment variable that holds its key
(`api_key_env`), and `redacted` can report whether it is set.

TOML positions: tomllib reports line and column only for syntax errors; for errors in values, a small
scanner over the file text finds the line of the offending key (best effort: it understands table
headers, `[[providers]]`, and `key = ` lines, which covers the files we document).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import enum
import ipaddress
import json
import math
import os
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import attrs

from cursord.core.redaction import redact_secrets
from cursord.providers.prices import Price, parse_price_text, parse_price_value

__all__ = [
    "DEFAULT_AGENT_LISTEN",
    "DEFAULT_LISTEN",
    "DEFAULT_PROXY_LISTEN",
    "PRESETS",
    "ConfigError",
    "Endpoint",
    "Limits",
    "LogLevel",
    "ProviderKind",
    "ProviderSpec",
    "ServeConfig",
    "add_serve_arguments",
    "config_from_args",
    "config_warnings",
    "default_data_dir",
    "dump_toml",
    "load_config_file",
    "parse_endpoint",
    "parse_provider_spec",
    "redacted",
]


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


# --- value types -------------------------------------------------------------------------------------


class ProviderKind(enum.StrEnum):
    OPENAI_CHAT = "openai-chat"
    OPENAI_RESPONSES = "openai-responses"
    ANTHROPIC = "anthropic"


class LogLevel(enum.StrEnum):
    DEBUG = "debug"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@attrs.frozen
class Endpoint:
    """A host and port to listen on. `str()` gives `host:port` / `[v6]:port`, as Hypercorn's `bind` takes."""

    host: str
    port: int

    def __str__(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def is_loopback(self) -> bool:
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False


DEFAULT_LISTEN: Final = Endpoint("127.0.0.1", 8765)
DEFAULT_PROXY_LISTEN: Final = Endpoint("127.0.0.1", 8766)
#: the loopback TLS listener for the editor's HTTP/2 agent transport (`agentn_url`).
DEFAULT_AGENT_LISTEN: Final = Endpoint("127.0.0.1", 8767)
#: what `--agent-listen` / `agent_listen` take to switch that listener off (the editor then keeps HTTP/1.1).
AGENT_LISTEN_OFF: Final = "off"

_HOSTNAME = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?$")


def parse_endpoint(text: str) -> Endpoint:
    """Parse `HOST:PORT` or `[V6]:PORT`; raises ConfigError."""
    try:
        return _parse_endpoint(text)
    except _Invalid as e:
        raise ConfigError(e.message) from None


def _parse_endpoint(text: str) -> Endpoint:
    example = "(e.g. 127.0.0.1:8765 or [::1]:8765)"
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or not rest.startswith(":"):
            raise _Invalid(f"{text!r} is not [IPV6]:PORT {example}")
        port_text = rest[1:]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise _Invalid(f"{text!r}: {host!r} is not an IPv6 address") from None
    else:
        host, sep, port_text = text.rpartition(":")
        if not sep:
            raise _Invalid(f"{text!r} is not HOST:PORT {example}")
        if ":" in host:
            raise _Invalid(f"{text!r}: an IPv6 address needs brackets, e.g. [::1]:8765")
        if not host:
            raise _Invalid(f"{text!r} has no host (use 0.0.0.0 or [::] for all interfaces)")
        if all(part.isdigit() for part in host.split(".")):
            try:
                ipaddress.IPv4Address(host)
            except ValueError:
                raise _Invalid(f"{text!r}: {host!r} is not an IPv4 address") from None
        elif not _HOSTNAME.match(host):
            raise _Invalid(f"{text!r}: {host!r} is not a host name or address")
    if not (port_text.isascii() and port_text.isdigit()) or int(port_text) > 65535:
        raise _Invalid(f"{text!r}: port {port_text!r} is not a number from 0 to 65535")
    return Endpoint(host, int(port_text))


def _parse_proxy_port(value: object) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < 65536:
        raise _Invalid(f"{value!r} is not a port number from 1 to 65535")
    return value
def _parse_agent_listen(text: str) -> Endpoint | None:
    """`HOST:PORT` on loopback (its certificate is valid for loopback only), or `off`."""
    if text.strip().lower() == AGENT_LISTEN_OFF:
        return None
    endpoint = _parse_endpoint(text)
    if not endpoint.is_loopback:
        raise _Invalid(
            f"{text!r}: the agent listener must be on loopback (127.0.0.1, [::1] or localhost), because the"
            f" CA may sign only loopback names for it; use {AGENT_LISTEN_OFF!r} to switch it off"
        )
    return endpoint


def _positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _positive_seconds(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    )


def _check_limit(_: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    seconds = attribute.name.endswith("_seconds")
    if not (_positive_seconds(value) if seconds else _positive_int(value)):
        what = "a positive number of seconds" if seconds else "a positive integer"
        raise ConfigError(f"limits.{attribute.name}: must be {what}, got {value!r}")


@attrs.frozen
class Limits:
    """Bounds on what one daemon holds in memory and how long it waits. Safe defaults."""

    max_body_bytes: int = attrs.field(default=4 * 1024 * 1024, validator=_check_limit)
    max_backlog_events: int = attrs.field(default=100_000, validator=_check_limit)
    max_streams: int = attrs.field(default=1_000, validator=_check_limit)
    max_pending_appends: int = attrs.field(default=256, validator=_check_limit)  # per request_id
    max_pending_append_bytes: int = attrs.field(default=64 * 1024 * 1024, validator=_check_limit)  # all ids
    max_append_requests: int = attrs.field(default=4096, validator=_check_limit)  # request_ids sequenced
    append_hold_seconds: float = attrs.field(default=30.0, validator=_check_limit)
    reconnect_grace_seconds: float = attrs.field(default=30.0, validator=_check_limit)
    terminal_retention_seconds: float = attrs.field(default=30.0, validator=_check_limit)
    heartbeat_seconds: float = attrs.field(default=5.0, validator=_check_limit)
    context_item_chars: int = attrs.field(default=100_000, validator=_check_limit)  # one attached item
    context_turn_chars: int = attrs.field(default=400_000, validator=_check_limit)  # a message's attachments
    max_image_bytes: int = attrs.field(default=3_932_160, validator=_check_limit)  # 5 MiB once base64-encoded
    max_images_per_turn: int = attrs.field(default=20, validator=_check_limit)
    #: HTTP/2 streams one connection may have open at once (advertised in SETTINGS, enforced by h2).
    max_streams_per_connection: int = attrs.field(default=100, validator=_check_limit)
    #: a connection that has sent no complete request head this long after opening is closed.
    first_request_seconds: float = attrs.field(default=5.0, validator=_check_limit)
    #: RunSSE calls waiting for an upload that has not come (placeholders), apart from `max_streams`.
    max_placeholders: int = attrs.field(default=1_000, validator=_check_limit)
    #: a connection whose client takes none of what it is sent for this long is closed (a stalled reader).
    send_stall_seconds: float = attrs.field(default=30.0, validator=_check_limit)


_LIMIT_NAMES: Final = tuple(a.name for a in attrs.fields(Limits))


def _normalize_url(url: str) -> str:
    """Drop trailing slashes from the path, so `base_url + "/chat/completions"` is right."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url  # _check_base_url reports it
    if parts.path.endswith("/"):
        return urlunsplit(parts._replace(path=parts.path.rstrip("/")))
    return url


def _as_tuple(models: Iterable[str]) -> tuple[str, ...]:
    return tuple(models)


def _frozen_windows(value: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(value))


def _frozen_prices(value: Mapping[str, Price]) -> Mapping[str, Price]:
    return MappingProxyType(dict(value))


def _frozen_aliases(value: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(value))


def _vision_value(value: bool | Iterable[str]) -> bool | tuple[str, ...]:
    return value if isinstance(value, bool) else tuple(value)


@attrs.frozen
class ProviderSpec:
    """One provider: which API it speaks, where, which env var holds its key, which models it serves.

    `context_window` is the provider-wide default in tokens (None: unknown); `context_windows` holds
    per-model overrides. Use `context_window_for(model)`. `prices` (USD per million tokens) override
    the built-in price table for this provider's models (`cursord.providers.prices`). `cache_key=False`
    sends no prompt-cache hint: no `prompt_cache_key` (OpenAI kinds), no `cache_control` (anthropic),
    for servers that reject them. Validated when built (raises ConfigError).
    """

    kind: ProviderKind
    name: str
    base_url: str = attrs.field(converter=_normalize_url)
    api_key_env: str | None
    models: tuple[str, ...] = attrs.field(converter=_as_tuple)
    context_window: int | None = None
    context_windows: Mapping[str, int] = attrs.field(
        factory=dict, converter=_frozen_windows, hash=False
    )
    prices: Mapping[str, Price] = attrs.field(factory=dict, converter=_frozen_prices, hash=False)
    cache_key: bool = True
    #: which models take images: all (True), none (False), or the ones listed.
    vision: bool | tuple[str, ...] = attrs.field(default=True, converter=_vision_value)

    def __attrs_post_init__(self) -> None:
        try:
            _check_provider(self)
        except _Invalid as e:
            field = f"{e.field}: " if e.field else ""
            raise _SpecError(f"provider {self.name!r}: {field}{e.message}", e) from None

    def context_window_for(self, model: str) -> int | None:
        return self.context_windows.get(model, self.context_window)

    def vision_for(self, model: str) -> bool:
        return self.vision if isinstance(self.vision, bool) else model in self.vision

    def key_present(self, environ: Mapping[str, str]) -> bool:
        """True if the provider needs no key or its key variable is set and non-empty."""
        return self.api_key_env is None or bool(environ.get(self.api_key_env))


@attrs.frozen
class ServeConfig:
    """Everything `cursord serve` needs. Build it with `config_from_args` or `load_config_file`."""

    data_dir: Path
    providers: tuple[ProviderSpec, ...] = ()
    listen: Endpoint = DEFAULT_LISTEN
    proxy_listen: Endpoint = DEFAULT_PROXY_LISTEN
    #: None: no agent listener, and GetServerConfig keeps the editor on HTTP/1.1 (RunSSE + BidiAppend).
    agent_listen: Endpoint | None = DEFAULT_AGENT_LISTEN
    log_level: LogLevel = LogLevel.INFO
    certfile: Path | None = None
    keyfile: Path | None = None
    limits: Limits = Limits()
    #: other names for configured models (`gpt-5-high` -> `openai/gpt-5`), checked by `_check_models`.
    aliases: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_aliases, hash=False)
    #: the model of a run that names none (and of Cursor's own ids such as `default`); None: the first one.
    default_model: str | None = None
    #: Host names the editor listener answers besides loopback ones and its own listen address.
    allowed_hosts: tuple[str, ...] = ()
    #: forward nothing to Cursor: the proxy answers the control RPCs the editor needs itself.
    offline: bool = False
    #: the model that names chats (NameTab / NameAgent); None: the first line of the user's text.
    title_model: str | None = None
    #: ports the editor proxy's CONNECT may reach (absolute-form http:// may also reach 80).
    proxy_ports: tuple[int, ...] = (443,)

    def __attrs_post_init__(self) -> None:
        if (self.certfile is None) != (self.keyfile is None):
            raise ConfigError("certfile and keyfile must be given together")
        names: set[str] = set()
        models: dict[str, str] = {}
        for p in self.providers:
            if p.name in names:
                raise ConfigError(f"provider name {p.name!r} is used twice")
            names.add(p.name)
            for m in p.models:
                if m in models:
                    raise ConfigError(f"model {m!r} is served by both {models[m]!r} and {p.name!r}")
                models[m] = p.name

    @property
    def tls(self) -> bool:
        return self.certfile is not None

    def provider_for(self, model: str) -> ProviderSpec | None:
        for p in self.providers:
            if model in p.models:
                return p
        return None


# --- providers ---------------------------------------------------------------------------------------

PRESETS: Final[Mapping[str, Mapping[str, Any]]] = MappingProxyType(
    {
        "openai": MappingProxyType(
            {
                "kind": ProviderKind.OPENAI_CHAT,
                "name": "openai",
                "base_url": "https://api.openai.com/v1",
                "api_key_env": "OPENAI_API_KEY",
                "models": ("gpt-5", "gpt-5-mini", "gpt-4.1"),
                "context_window": 128_000,
                "context_windows": {"gpt-5": 400_000, "gpt-5-mini": 400_000, "gpt-4.1": 1_047_576},
            }
        ),
        "anthropic": MappingProxyType(
            {
                "kind": ProviderKind.ANTHROPIC,
                "name": "anthropic",
                "base_url": "https://api.anthropic.com",
                "api_key_env": "ANTHROPIC_API_KEY",
                "models": ("claude-sonnet-4-5", "claude-opus-4-1", "claude-haiku-4-5"),
                "context_window": 200_000,
                "context_windows": {},
            }
        ),
    }
)

_PROVIDER_KEYS: Final = (
    "preset",
    "kind",
    "name",
    "base_url",
    "api_key_env",
    "models",
    "context_window",
    "context_windows",
    "prices",
    "cache_key",
    "vision",
)
_REQUIRED: Final = ("kind", "name", "base_url", "models")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MODEL_FORBIDDEN = re.compile(r"[\x00-\x20\x7f|,=]")


def _one_of(values: Iterable[str]) -> str:
    return ", ".join(values)


def _unknown_key(key: str, known: Sequence[str], field: str) -> _Invalid:
    close = difflib.get_close_matches(key, known, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"expected one of {_one_of(known)}"
    return _Invalid(f"unknown key {key!r} ({hint})", field, names_field=True)


def _parse_kind(value: str) -> ProviderKind:
    try:
        return ProviderKind(value)
    except ValueError:
        raise _Invalid(
            f"unknown kind {value!r} (expected one of {_one_of(k.value for k in ProviderKind)})",
            "kind",
            names_field=True,
        ) from None


def _check_model(model: str, field: str) -> None:
    if not model:
        raise _Invalid("empty model name", field)
    bad = _MODEL_FORBIDDEN.search(model)
    if bad:
        char = "a space or control character" if bad.group() not in "|,=" else repr(bad.group())
        hint = " (list each model separately)" if bad.group() in "|," else ""
        raise _Invalid(f"model name {model!r} must not contain {char}{hint}", field)
    if len(model) > 256:
        raise _Invalid(f"model name {model[:40]!r}... is longer than 256 characters", field)


def _check_provider(p: ProviderSpec) -> None:
    """Field checks shared by every way of building a ProviderSpec. Raises _Invalid naming the field."""
    if not isinstance(p.kind, ProviderKind):
        _parse_kind(str(p.kind))
    if not _NAME.match(p.name):
        raise _Invalid(
            f"{p.name!r} is not a provider name (letters, digits, '.', '_', '-'; at most 64)", "name"
        )
    _check_base_url(p.base_url)
    if p.api_key_env is not None and not _ENV_NAME.match(p.api_key_env):
        shown = redact_secrets(p.api_key_env)
        if shown != p.api_key_env or len(p.api_key_env) > 40:
            msg = "looks like an API key; give the *name* of the variable that holds it (e.g. OPENAI_API_KEY)"
        else:
            msg = f"{shown!r} is not an environment variable name"
        raise _Invalid(msg, "api_key_env")
    if not p.models:
        raise _Invalid("at least one model is required", "models")
    for i, model in enumerate(p.models):
        _check_model(model, f"models[{i}]")
        if model in p.models[:i]:
            raise _Invalid(f"model {model!r} is listed twice", f"models[{i}]")
    if p.context_window is not None and not _positive_int(p.context_window):
        raise _Invalid(f"must be a positive number of tokens, got {p.context_window!r}", "context_window")
    for model, window in p.context_windows.items():
        if model not in p.models:
            raise _Invalid(f"model {model!r} is not in this provider's models", f"context_windows.{model}")
        if not _positive_int(window):
            raise _Invalid(f"must be a positive number of tokens, got {window!r}", f"context_windows.{model}")
    for model in p.prices:
        if model not in p.models:
            raise _Invalid(f"model {model!r} is not in this provider's models", f"prices.{model}")
    if not isinstance(p.cache_key, bool):
        raise _Invalid(f"must be true or false, got {p.cache_key!r}", "cache_key")
    if not isinstance(p.vision, bool):
        for i, model in enumerate(p.vision):
            if model not in p.models:
                raise _Invalid(f"model {model!r} is not in this provider's models", f"vision[{i}]")


def _check_base_url(url: str) -> None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises ValueError on a bad port)
    except ValueError:
        raise _Invalid(f"{url!r} is not a valid URL", "base_url") from None
    if parts.scheme not in ("http", "https"):
        raise _Invalid(f"{url!r} is not an http(s) URL", "base_url")
    if parts.username is not None or parts.password is not None:
        raise _Invalid("credentials in base_url are not allowed (name the key's variable in api_key_env)",
                       "base_url")
    if not parts.hostname:
        raise _Invalid(f"{url!r} has no host", "base_url")
    if parts.fragment or url.endswith("#"):
        raise _Invalid(f"{url!r} must not have a #fragment", "base_url")
    if any(c.isspace() for c in url):
        raise _Invalid(f"{url!r} contains whitespace", "base_url")


def _build_provider(fields: Mapping[str, Any]) -> ProviderSpec:
    """Apply the preset (if any) under `fields`, check required keys, and build the spec."""
    merged: dict[str, Any] = {}
    preset_name = fields.get("preset")
    if preset_name is not None:
        if preset_name not in PRESETS:
            raise _Invalid(f"unknown preset {preset_name!r} (expected one of {_one_of(PRESETS)})",
                           "preset", names_field=True)
        merged.update(PRESETS[preset_name])
        if "models" in fields and "context_windows" not in fields:
            # Keep the preset's per-model windows only for the models still served.
            merged["context_windows"] = {
                m: w for m, w in merged["context_windows"].items() if m in fields["models"]
            }
    merged.update((k, v) for k, v in fields.items() if k != "preset")
    missing = [key for key in _REQUIRED if key not in merged]
    if missing:
        hint = f" (or start from a preset: {_one_of(PRESETS)})" if preset_name is None else ""
        raise _Invalid(f"missing {_one_of(missing)}{hint}")
    merged.setdefault("api_key_env", None)
    try:
        return ProviderSpec(**merged)
    except _SpecError as e:
        raise e.invalid from None


def _split_items(text: str, sep: str, field: str) -> list[str]:
    items = text.split(sep)
    for i, item in enumerate(items):
        if not item.strip():
            raise _Invalid(f"empty item {i + 1} (stray {sep!r}?)", field)
    return [item.strip() for item in items]


def _parse_int_text(text: str, field: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise _Invalid(f"{text!r} is not a whole number", field) from None
    if value <= 0:
        raise _Invalid(f"must be a positive number of tokens, got {value}", field)
    return value


def _provider_fields_from_text(text: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for index, item in enumerate(_split_items(text, ",", "")):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            if index == 0:
                if key not in PRESETS:
                    raise _Invalid(
                        f"unknown preset {key!r} (expected one of {_one_of(PRESETS)}, or KEY=VALUE items)"
                    )
                fields["preset"] = key
                continue
            raise _Invalid(f"{item!r} is not KEY=VALUE")
        if key not in _PROVIDER_KEYS:
            raise _unknown_key(key, _PROVIDER_KEYS, key)
        if key in fields:
            raise _Invalid(f"key {key!r} is given twice", key, names_field=True)
        value = value.strip()
        if key == "kind":
            fields[key] = _parse_kind(value)
        elif key == "models":
            fields[key] = tuple(_split_items(value, "|", "models")) if value else ()
        elif key == "context_window":
            fields[key] = _parse_int_text(value, key)
        elif key == "context_windows":
            windows: dict[str, int] = {}
            for pair in _split_items(value, "|", key) if value else []:
                model, colon, number = pair.rpartition(":")
                if not colon or not model:
                    raise _Invalid(f"{pair!r} is not MODEL:TOKENS", key)
                windows[model] = _parse_int_text(number, f"{key}.{model}")
            fields[key] = windows
        elif key == "prices":
            prices: dict[str, Price] = {}
            for pair in _split_items(value, "|", key) if value else []:
                model, colon, rates = pair.rpartition(":")
                if not colon or not model:
                    raise _Invalid(f"{pair!r} is not MODEL:IN/OUT[/CACHE_READ[/CACHE_WRITE]]", key)
                prices[model] = _price(partial(parse_price_text, rates), f"{key}.{model}")
            fields[key] = prices
        elif key == "cache_key":
            if value not in ("true", "false"):
                raise _Invalid(f"must be true or false, got {value!r}", key)
            fields[key] = value == "true"
        elif key == "api_key_env":
            fields[key] = value or None  # empty: a keyless server (e.g. a local Ollama)
        elif key == "vision":
            flag = _BOOL_TEXT.get(value.lower())
            fields[key] = flag if flag is not None else tuple(_split_items(value, "|", key))
        else:
            fields[key] = value
    return fields


def _price(parse: Callable[[], Price], field: str) -> Price:
    try:
        return parse()
    except ValueError as e:
        raise _Invalid(str(e), field) from None
_BOOL_TEXT: Final = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def parse_provider_spec(text: str) -> ProviderSpec:
    """Parse one `--provider` SPEC.

    `kind=openai-chat|openai-responses|anthropic,name=N,base_url=URL,api_key_env=VAR,models=A|B`
    with optional `context_window=TOKENS`, `context_windows=MODEL:TOKENS|MODEL:TOKENS`,
    `prices=MODEL:IN/OUT[/CACHE_READ[/CACHE_WRITE]]|...` (USD per million tokens) and `cache_key=false`.
    with optional `context_window=TOKENS`, `context_windows=MODEL:TOKENS|MODEL:TOKENS` and
    `vision=true|false|MODEL|MODEL` (which models take images; default all).
    `api_key_env` may be left out (or empty) for keyless servers. A preset name (`openai`, `anthropic`)
    may come first and supplies every field; later items override it (`openai,models=gpt-5`).
    """
    try:
        return _build_provider(_provider_fields_from_text(text))
    except _Invalid as e:
        raise _FlagOrigin(f"--provider {redact_secrets(text)!r}").error(e) from None


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


# --- the TOML file -----------------------------------------------------------------------------------

_TABLE_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"-]+)\s*\]\]?\s*(#.*)?$")
_KEY_LINE = re.compile(r"""^\s*([A-Za-z0-9_.-]+|"[^"]*"|'[^']*')\s*=""")


@attrs.frozen
class _TomlFile:
    """The file's name as the user gave it and a map from dotted paths to line numbers."""

    label: str
    lines: Mapping[str, int]

    @classmethod
    def scan(cls, label: str, text: str) -> _TomlFile:
        lines: dict[str, int] = {}
        counts: dict[str, int] = {}
        table = ""
        in_multiline = False
        for number, line in enumerate(text.splitlines(), start=1):
            header = None if in_multiline else _TABLE_HEADER.match(line)
            key = None if in_multiline or header else _KEY_LINE.match(line)
            if header:
                name = header.group(2).replace('"', "")
                if header.group(1) == "[[":
                    counts[name] = counts.get(name, 0) + 1
                    table = f"{name}[{counts[name] - 1}]"
                else:
                    first, _, rest = name.partition(".")
                    table = f"{first}[{counts[first] - 1}].{rest}" if first in counts and rest else name
                lines.setdefault(table, number)
            elif key:
                name = key.group(1).strip("\"'")
                lines.setdefault(f"{table}.{name}" if table else name, number)
            if line.count('"""') % 2 or line.count("'''") % 2:
                in_multiline = not in_multiline
        return cls(label, MappingProxyType(lines))

    def line_of(self, path: str) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            index = re.search(r"\[\d+\]$", path)  # providers[1].models[2] -> providers[1].models
            path = path[: index.start()] if index else path.rpartition(".")[0]
        return None

    def where(self, path: str) -> str:
        line = self.line_of(path)
        return f"{self.label}:{line}" if line else self.label


@attrs.frozen
class _Setting:
    value: Any
    origin: _Origin


_FILE_KEYS: Final = ("listen", "proxy_listen", "agent_listen", "data_dir", "log_level", "certfile", "keyfile",
                     "limits", "providers", "allowed_hosts", "aliases", "default_model", "offline", "title_model",
                     "proxy_ports")


def _type_error(expected: str, value: object, field: str = "") -> _Invalid:
    return _Invalid(f"expected {expected}, got {type(value).__name__} {value!r}", field)


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
        elif key == "cache_key":
            if not isinstance(value, bool):
                raise _type_error("true or false", value, key)
            fields[key] = value
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
            elif key in ("data_dir", "certfile", "keyfile"):
                out[key] = _Setting(_file_path(value, base, environ), origin)
            elif key == "offline":
                if not isinstance(value, bool):
                    raise _type_error("true or false", value)
                out[key] = _Setting(value, origin)
            elif key == "title_model":
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


# --- scalar settings ---------------------------------------------------------------------------------


def _parse_log_level(value: object) -> LogLevel:
    if isinstance(value, str):
        try:
            return LogLevel(value.lower())
        except ValueError:
            pass
    raise _Invalid(f"{value!r} is not a log level (expected one of {_one_of(LogLevel)})")


def _parse_allowed_host(text: str) -> str:
    """A name the editor listener may be called by: a host name or an IP address, without a port."""
    name = text.strip().lower()
    bare = name[1:-1] if name.startswith("[") and name.endswith("]") else name
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        if not _HOSTNAME.match(bare) or bare.rstrip(".").replace(".", "").isdigit():
            raise _Invalid(f"{text!r} is not a host name or IP address (give it without a port)") from None
        return bare.rstrip(".")
    if address.is_unspecified:
        raise _Invalid(f"{text!r} is a wildcard address, not a name a client uses")
    return str(address)


def _parse_limit(name: str, value: object) -> int | float:
    if name not in _LIMIT_NAMES:
        raise _unknown_key(name, _LIMIT_NAMES, "")
    seconds = name.endswith("_seconds")
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            value = float(value) if seconds else int(value)
    if not (_positive_seconds(value) if seconds else _positive_int(value)):
        what = "a positive number of seconds" if seconds else "a positive integer"
        raise _Invalid(f"must be {what}, got {value!r}")
    assert isinstance(value, int | float)
    return value


def _parse_alias(name: object, target: object) -> str:
    if not isinstance(name, str) or not name:
        raise _Invalid("an alias needs a name")
    _check_model(name, "")
    if not isinstance(target, str) or not target:
        raise _type_error("the name of a configured model", target)
    return target


def _home(environ: Mapping[str, str]) -> Path:
    home = environ.get("HOME")
    return Path(home) if home else Path.home()


def default_data_dir(environ: Mapping[str, str]) -> Path:
    """`$XDG_DATA_HOME/cursord`, or `~/.local/share/cursord` (XDG says to ignore a relative value)."""
    xdg = environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else _home(environ) / ".local" / "share"
    return base / "cursord"


# --- flags and the merge -----------------------------------------------------------------------------


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the `serve` flags. Every default is None so `config_from_args` can tell what was given."""
    parser.add_argument("--config", metavar="PATH", help="TOML config file (flags override it)")
    parser.add_argument("--listen", metavar="HOST:PORT",
                        help=f"address for the editor's traffic (default {DEFAULT_LISTEN}; IPv6: [::1]:PORT)")
    parser.add_argument("--proxy-listen", metavar="HOST:PORT",
                        help=f"address for the HTTP proxy front (default {DEFAULT_PROXY_LISTEN})")
    parser.add_argument("--agent-listen", metavar="HOST:PORT|off",
                        help=f"loopback TLS (HTTP/2) address for the editor's agent transport, advertised as"
                        f" agentn_url (default {DEFAULT_AGENT_LISTEN}); 'off' keeps the editor on HTTP/1.1")
    parser.add_argument("--data-dir", metavar="PATH",
                        help="state directory (default $XDG_DATA_HOME/cursord or ~/.local/share/cursord)")
    parser.add_argument("--log-level", metavar="LEVEL",
                        help=f"one of {_one_of(LogLevel)} (default info)")
    parser.add_argument(
        "--provider", dest="providers", action="append", metavar="SPEC",
        help="a provider: 'openai', 'anthropic' (presets, may take overrides such as 'openai,models=gpt-5')"
        " or 'kind=openai-chat|openai-responses|anthropic,name=N,base_url=URL,api_key_env=VAR,models=A|B"
        "[,context_window=TOKENS][,context_windows=MODEL:TOKENS|...]'. Repeatable; if given, these replace"
        " the config file's [[providers]] entirely.",
    )
    parser.add_argument("--certfile", metavar="PATH", help="TLS certificate chain (PEM; needs --keyfile)")
    parser.add_argument("--keyfile", metavar="PATH", help="TLS private key (PEM; needs --certfile)")
    parser.add_argument("--limit", dest="limits", action="append", metavar="NAME=VALUE",
                        help=f"override one limit; repeatable. Names: {_one_of(_LIMIT_NAMES)}")
    parser.add_argument("--alias", dest="aliases", action="append", metavar="NAME=MODEL",
                        help="another name for a configured model (e.g. gpt-5-high=openai/gpt-5); repeatable")
    parser.add_argument("--default-model", metavar="MODEL",
                        help="the model of runs that name none or name Cursor's own (default: the first model)")
    parser.add_argument(
        "--offline", action="store_const", const=True, default=None,
        help="forward nothing to Cursor: the proxy answers the control RPCs the editor needs itself",
    )
    parser.add_argument("--title-model", metavar="MODEL",
                        help="a configured model that names chats (default: the first line of the user's text)")
    parser.add_argument(
        "--proxy-port", dest="proxy_ports", action="append", metavar="PORT",
        help="a port the editor proxy may CONNECT to (default 443 only); repeatable; if given, these replace"
        " the config file's proxy_ports",
    )
    parser.add_argument(
        "--allow-host", dest="allowed_hosts", action="append", metavar="NAME",
        help="a Host name the editor listener answers besides localhost, 127.0.0.1, [::1] and its own listen"
        " address (any port); repeatable; if given, these replace the config file's allowed_hosts",
    )


def _flag_settings(ns: argparse.Namespace) -> dict[str, _Setting]:
    out: dict[str, _Setting] = {}

    def arg(name: str) -> Any:
        return getattr(ns, name, None)

    for key, flag in (("listen", "--listen"), ("proxy_listen", "--proxy-listen")):
        if arg(key) is not None:
            origin = _FlagOrigin(flag)
            try:
                out[key] = _Setting(_parse_endpoint(arg(key)), origin)
            except _Invalid as e:
                raise origin.error(e) from None
    if arg("agent_listen") is not None:
        origin = _FlagOrigin("--agent-listen")
        try:
            out["agent_listen"] = _Setting(_parse_agent_listen(arg("agent_listen")), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    if arg("log_level") is not None:
        try:
            out["log_level"] = _Setting(_parse_log_level(arg("log_level")), _FlagOrigin("--log-level"))
        except _Invalid as e:
            raise _FlagOrigin("--log-level").error(e) from None
    for key, flag in (("data_dir", "--data-dir"), ("certfile", "--certfile"), ("keyfile", "--keyfile")):
        if arg(key) is not None:
            if not arg(key):
                raise ConfigError(f"{flag}: empty path")
            out[key] = _Setting(Path(os.path.abspath(arg(key))), _FlagOrigin(flag))
    for item in arg("limits") or ():
        name, eq, value = item.partition("=")
        origin = _FlagOrigin(f"--limit {item!r}")
        if not eq:
            raise ConfigError(f"{origin.label}: expected NAME=VALUE")
        try:
            out[f"limits.{name.strip()}"] = _Setting(_parse_limit(name.strip(), value.strip()), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    for item in arg("aliases") or ():
        name, eq, target = item.partition("=")
        origin = _FlagOrigin(f"--alias {item!r}")
        if not eq:
            raise ConfigError(f"{origin.label}: expected NAME=MODEL")
        try:
            out[f"aliases.{name.strip()}"] = _Setting(_parse_alias(name.strip(), target.strip()), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    if arg("default_model") is not None:
        if not arg("default_model"):
            raise ConfigError("--default-model: empty model name")
        out["default_model"] = _Setting(arg("default_model"), _FlagOrigin("--default-model"))
    if arg("offline"):
        out["offline"] = _Setting(True, _FlagOrigin("--offline"))
    if arg("title_model") is not None:
        origin = _FlagOrigin("--title-model")
        try:
            _check_model(arg("title_model"), "")
        except _Invalid as e:
            raise origin.error(e) from None
        out["title_model"] = _Setting(arg("title_model"), origin)
    if arg("allowed_hosts"):
        names = []
        for name in arg("allowed_hosts"):
            origin = _FlagOrigin(f"--allow-host {name!r}")
            try:
                names.append(_parse_allowed_host(name))
            except _Invalid as e:
                raise origin.error(e) from None
        out["allowed_hosts"] = _Setting(tuple(names), _FlagOrigin("--allow-host"))
    if arg("proxy_ports"):
        ports = []
        for text in arg("proxy_ports"):
            origin = _FlagOrigin(f"--proxy-port {text!r}")
            try:
                ports.append(_parse_proxy_port(text))
            except _Invalid as e:
                raise origin.error(e) from None
        out["proxy_ports"] = _Setting(tuple(ports), _FlagOrigin("--proxy-port"))
    if arg("providers"):
        specs = [
            _Setting(parse_provider_spec(text), _FlagOrigin(f"--provider {redact_secrets(text)!r}"))
            for text in arg("providers")
        ]
        out["providers"] = _Setting(tuple(specs), _FlagOrigin("--provider"))
    return out


def _check_providers(settings: Sequence[_Setting]) -> tuple[ProviderSpec, ...]:
    names: dict[str, _Setting] = {}
    models: dict[str, _Setting] = {}
    for s in settings:
        spec: ProviderSpec = s.value
        if spec.name in names:
            raise s.origin.error(
                _Invalid(f"provider name {spec.name!r} is already used by {names[spec.name].origin.ref()}",
                         "name")
            )
        names[spec.name] = s
        for i, model in enumerate(spec.models):
            if model in models:
                other = models[model]
                raise s.origin.error(
                    _Invalid(f"model {model!r} is served by two providers: {other.value.name!r}"
                             f" ({other.origin.ref()}) and {spec.name!r}", f"models[{i}]")
                )
            models[model] = s
    return tuple(s.value for s in settings)


def _check_file(setting: _Setting) -> Path:
    path: Path = setting.value
    if not path.exists():
        raise setting.origin.error(_Invalid(f"{str(path)!r} does not exist"))
    if not path.is_file():
        raise setting.origin.error(_Invalid(f"{str(path)!r} is not a file"))
    if not os.access(path, os.R_OK):
        raise setting.origin.error(_Invalid(f"{str(path)!r} is not readable"))
    return path


def _merge(
    file: Mapping[str, _Setting], flags: Mapping[str, _Setting], environ: Mapping[str, str]
) -> ServeConfig:
    merged = {**file, **flags}

    def get(key: str, default: Any) -> Any:
        return merged[key].value if key in merged else default

    cert, key = merged.get("certfile"), merged.get("keyfile")
    if (cert is None) != (key is None):
        given, missing = (cert, "keyfile") if cert is not None else (key, "certfile")
        assert given is not None
        raise given.origin.error(_Invalid(f"given without {missing} (TLS needs both)"))
    limits = {name: merged[f"limits.{name}"].value for name in _LIMIT_NAMES if f"limits.{name}" in merged}
    providers = _check_providers(merged["providers"].value) if "providers" in merged else ()
    aliases: dict[str, str] = {}
    for setting_key, setting in merged.items():
        if setting_key.startswith("aliases."):
            name = setting_key.removeprefix("aliases.")
            _check_model_target(providers, setting, name, forbid_shadowing=True)
            aliases[name] = setting.value
    if "default_model" in merged:
        _check_model_target(providers, merged["default_model"], "default_model", aliases=aliases)
    return ServeConfig(
        listen=get("listen", DEFAULT_LISTEN),
        proxy_listen=get("proxy_listen", DEFAULT_PROXY_LISTEN),
        agent_listen=get("agent_listen", DEFAULT_AGENT_LISTEN),
        data_dir=get("data_dir", default_data_dir(environ)),
        log_level=get("log_level", LogLevel.INFO),
        providers=providers,
        certfile=_check_file(cert) if cert is not None else None,
        keyfile=_check_file(key) if key is not None else None,
        limits=Limits(**limits),
        aliases=aliases,
        default_model=get("default_model", None),
        allowed_hosts=get("allowed_hosts", ()),
        offline=get("offline", False),
        title_model=_check_title_model(merged.get("title_model"), providers),
        proxy_ports=get("proxy_ports", (443,)),
    )


def _configured(providers: Sequence[ProviderSpec], model: str) -> bool:
    """Whether `model` names a configured model: its id, or PROVIDER/MODEL."""
    if any(model in p.models for p in providers):
        return True
    name, slash, rest = model.partition("/")
    return bool(slash) and any(p.name.casefold() == name.casefold() and rest in p.models for p in providers)


def _check_model_target(
    providers: Sequence[ProviderSpec],
    setting: _Setting,
    name: str,
    *,
    forbid_shadowing: bool = False,
    aliases: Mapping[str, str] | None = None,
) -> None:
    if not providers:
        return  # `_require_providers` reports that
    if forbid_shadowing and any(name in p.models for p in providers):
        raise setting.origin.error(_Invalid(f"alias {name!r} is already the name of a configured model"))
    target = setting.value
    if _configured(providers, target) or (aliases is not None and target in aliases):
        return
    known = ", ".join(m for p in providers for m in p.models)
    raise setting.origin.error(_Invalid(f"{target!r} is not a configured model (configured: {known})"))


def _check_title_model(setting: _Setting | None, providers: Sequence[ProviderSpec]) -> str | None:
    if setting is None:
        return None
    model: str = setting.value
    served = [m for p in providers for m in p.models]
    if providers and model not in served:
        raise setting.origin.error(_Invalid(f"{model!r} is not a configured model (models: {', '.join(served)})"))
    return model


def _require_providers(config: ServeConfig) -> ServeConfig:
    if not config.providers:
        raise ConfigError("no providers configured: give --provider (e.g. --provider openai) or"
                          " [[providers]] in the config file")
    return config


def config_from_args(ns: argparse.Namespace, environ: Mapping[str, str]) -> ServeConfig:
    """Build the effective config from `add_serve_arguments` flags, the `--config` file and defaults.

    Raises ConfigError (also when no provider is configured at all).
    """
    file = _read_file(Path(ns.config), environ) if getattr(ns, "config", None) else {}
    return _require_providers(_merge(file, _flag_settings(ns), environ))


def load_config_file(path: Path, environ: Mapping[str, str]) -> ServeConfig:
    """The config a file gives on its own (no flags), with defaults filled in. Raises ConfigError."""
    return _require_providers(_merge(_read_file(path, environ), {}, environ))


# --- reporting ---------------------------------------------------------------------------------------


def redacted(config: ServeConfig, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The effective config as plain data (TOML/JSON-ready; no None values).

    It holds no secrets (the config never does: keys stay in the environment). Without `environ` the
    result is itself a valid config file; with it, each provider also gets `key_present`.
    """
    out: dict[str, Any] = {
        "listen": str(config.listen),
        "proxy_listen": str(config.proxy_listen),
        "agent_listen": str(config.agent_listen) if config.agent_listen is not None else AGENT_LISTEN_OFF,
        "data_dir": str(config.data_dir),
        "log_level": config.log_level.value,
    }
    if config.certfile is not None and config.keyfile is not None:
        out["certfile"] = str(config.certfile)
        out["keyfile"] = str(config.keyfile)
    out["allowed_hosts"] = list(config.allowed_hosts)
    out["offline"] = config.offline
    if config.title_model is not None:
        out["title_model"] = config.title_model
    out["proxy_ports"] = list(config.proxy_ports)
    out["limits"] = attrs.asdict(config.limits)
    if config.default_model is not None:
        out["default_model"] = config.default_model
    if config.aliases:
        out["aliases"] = dict(config.aliases)
    providers = []
    for p in config.providers:
        entry: dict[str, Any] = {"kind": p.kind.value, "name": p.name, "base_url": p.base_url}
        if p.api_key_env is not None:
            entry["api_key_env"] = p.api_key_env
        entry["models"] = list(p.models)
        if p.context_window is not None:
            entry["context_window"] = p.context_window
        if p.context_windows:
            entry["context_windows"] = dict(p.context_windows)
        if p.prices:
            entry["prices"] = {model: price.as_list() for model, price in p.prices.items()}
        if not p.cache_key:
            entry["cache_key"] = False
        if p.vision is not True:
            entry["vision"] = p.vision if isinstance(p.vision, bool) else list(p.vision)
        if environ is not None:
            entry["key_present"] = p.key_present(environ)
        providers.append(entry)
    out["providers"] = providers
    return out


def config_warnings(config: ServeConfig, environ: Mapping[str, str]) -> list[str]:
    """Things that are legal but probably wrong, for `serve` to log and `config check` to print."""
    warnings = []
    if not config.listen.is_loopback and not config.tls:
        warnings.append(f"listening on {config.listen} without TLS: anyone who can reach it can spend"
                        " your provider keys")
    if not config.proxy_listen.is_loopback:
        warnings.append(f"the editor proxy listens on {config.proxy_listen}: an open proxy to anyone who can"
                        " reach it, and one that answers with your provider keys")
    for p in config.providers:
        if not p.key_present(environ):
            warnings.append(f"provider {p.name!r}: ${p.api_key_env} is not set; its models will fail")
    return warnings


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_string(key)


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def dump_toml(data: Mapping[str, Any]) -> str:
    """Write `redacted()`-shaped data as TOML: scalars first, then `[tables]`, then `[[arrays]]`.

    Deeper tables are written inline. Enough for our own config shape, not a general TOML writer.
    """
    lines = []
    tables: list[str] = []

    def is_array_of_tables(v: object) -> bool:
        return isinstance(v, list) and bool(v) and all(isinstance(t, Mapping) for t in v)

    def body(table: Mapping[str, Any]) -> list[str]:
        return [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items()]

    for key, value in data.items():
        if isinstance(value, Mapping):
            tables.append(f"\n[{_toml_key(key)}]\n" + "\n".join(body(value)))
        elif is_array_of_tables(value):
            for table in value:
                tables.append(f"\n[[{_toml_key(key)}]]\n" + "\n".join(body(table)))
        elif isinstance(value, list) and not value:
            continue  # an empty array of tables: leave it out
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    return "\n".join(lines + tables) + "\n"

