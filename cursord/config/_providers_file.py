"""The settings of one provider, as a table: each field of a `[[providers]]` table (and of a `--provider` SPEC),
with how it is read from the SPEC's text and from the file, how `redacted` shows it, and its help.

A SPEC is `[PRESET,]KEY=VALUE,...` with lists as `A|B` and per-model values as `MODEL:VALUE|...`; the file
gives the same fields as TOML values. Both give fields for `_build_provider`, which lays them over the preset
and checks the whole spec (`_check_provider`). Every field reloads with the providers (SIGHUP).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, Final

import attrs

from cursord.config._errors import _FlagOrigin, _Invalid, _type_error, _unknown_key, _unknown_name
from cursord.config._providers import (
    PRESETS,
    ProviderSpec,
    _build_provider,
    _parse_int_text,
    _parse_key_order,
    _parse_kind,
    _positive_int,
    _price,
    _split_items,
    shown_spec,
)
from cursord.providers.prices import Price, parse_price_text, parse_price_value

_BOOL_TEXT: Final = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


@attrs.frozen
class ProviderField:
    """One field of a provider: its key (in the SPEC and the table), what it holds, how each source gives it
    (`from_text(value, key)`, `from_toml(value, key)`; both raise `_Invalid` naming the key), how `redacted`
    shows it (None: left out), its default as the docs say it, and its help."""

    key: str
    from_text: Callable[[str, str], Any]
    from_toml: Callable[[object, str], Any]
    shown: Callable[[ProviderSpec], Any]
    default: str
    help: str


# --- from a SPEC's text ------------------------------------------------------------------------------


def _text(value: str, key: str) -> str:
    return value


def _text_or_none(value: str, key: str) -> str | None:
    return value or None  # empty: a keyless server (e.g. a local Ollama)


def _text_kind(value: str, key: str) -> Any:
    return _parse_kind(value)


def _text_list(value: str, key: str) -> tuple[str, ...]:
    return tuple(_split_items(value, "|", key)) if value else ()


def _text_bool(value: str, key: str) -> bool:
    if value not in ("true", "false"):
        raise _Invalid(f"must be true or false, got {value!r}", key)
    return value == "true"


def _text_windows(value: str, key: str) -> dict[str, int]:
    windows: dict[str, int] = {}
    for pair in _split_items(value, "|", key) if value else []:
        model, colon, number = pair.rpartition(":")
        if not colon or not model:
            raise _Invalid(f"{pair!r} is not MODEL:TOKENS", key)
        windows[model] = _parse_int_text(number, f"{key}.{model}")
    return windows


def _text_prices(value: str, key: str) -> dict[str, Price]:
    prices: dict[str, Price] = {}
    for pair in _split_items(value, "|", key) if value else []:
        model, colon, rates = pair.rpartition(":")
        if not colon or not model:
            raise _Invalid(f"{pair!r} is not MODEL:IN/OUT[/CACHE_READ[/CACHE_WRITE]]", key)
        prices[model] = _price(partial(parse_price_text, rates), f"{key}.{model}")
    return prices


def _text_vision(value: str, key: str) -> bool | tuple[str, ...]:
    flag = _BOOL_TEXT.get(value.lower())
    return flag if flag is not None else tuple(_split_items(value, "|", key))


def _text_key_order(value: str, key: str) -> Any:
    return _parse_key_order(value)


# --- from a TOML table -------------------------------------------------------------------------------


def _toml_string(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise _type_error("a string", value, key)
    return value


def _toml_string_or_none(value: object, key: str) -> str | None:
    return _toml_string(value, key) or None


def _toml_kind(value: object, key: str) -> Any:
    return _parse_kind(_toml_string(value, key))


@attrs.frozen
class _StringList:
    """A TOML list of strings; `what` they are, for the type error."""

    what: str

    def __call__(self, value: object, key: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            raise _type_error(f"a list of {self.what}", value, key)
        return tuple(value)


def _toml_window(value: object, key: str) -> int:
    if not _positive_int(value):
        raise _Invalid(f"must be a positive number of tokens, got {value!r}", key)
    assert isinstance(value, int)
    return value


def _toml_windows(value: object, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _type_error("a table of MODEL = TOKENS", value, key)
    return dict(value)


def _toml_prices(value: object, key: str) -> dict[str, Price]:
    if not isinstance(value, dict):
        raise _type_error("a table of MODEL = [IN, OUT, CACHE_READ, CACHE_WRITE]", value, key)
    return {m: _price(partial(parse_price_value, v), f"{key}.{m}") for m, v in value.items()}


def _toml_bool(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise _type_error("true or false", value, key)
    return value


def _toml_vision(value: object, key: str) -> bool | tuple[str, ...]:
    if isinstance(value, list) and all(isinstance(m, str) for m in value):
        return tuple(value)
    if isinstance(value, bool):
        return value
    raise _type_error("true, false or a list of model names", value, key)


def _toml_key_order(value: object, key: str) -> Any:
    return _parse_key_order(value)


# --- the table ---------------------------------------------------------------------------------------


def _hidden(spec: ProviderSpec) -> None:
    return None


PROVIDER_FIELDS: Final = (
    ProviderField("preset", _text, _toml_string, _hidden, "none",
                  f"start from a preset ({', '.join(PRESETS)}): every field, which the others override"),
    ProviderField("kind", _text_kind, _toml_kind, lambda p: p.kind.value, "the preset's",
                  "the API it speaks: openai-chat, openai-responses, anthropic or gemini"),
    ProviderField("name", _text, _toml_string, lambda p: p.name, "the preset's",
                  "its name in logs, costs and PROVIDER/MODEL"),
    ProviderField("base_url", _text, _toml_string, lambda p: p.base_url, "the preset's", "where its API is"),
    ProviderField("api_key_env", _text_or_none, _toml_string_or_none, lambda p: p.api_key_env, "none (keyless)",
                  "the environment variable that holds its key (never the key itself)"),
    ProviderField("models", _text_list, _StringList("model names"), lambda p: list(p.models), "the preset's",
                  "the models it serves"),
    ProviderField("context_window", _parse_int_text, _toml_window, lambda p: p.context_window, "unknown",
                  "its models' context window in tokens"),
    ProviderField("context_windows", _text_windows, _toml_windows,
                  lambda p: dict(p.context_windows) or None, "none", "per-model context windows"),
    ProviderField("prices", _text_prices, _toml_prices,
                  lambda p: {model: price.as_list() for model, price in p.prices.items()} or None,
                  "the built-in table", "USD per million tokens per model: IN/OUT[/CACHE_READ[/CACHE_WRITE]]"),
    ProviderField("cache_key", _text_bool, _toml_bool, lambda p: None if p.cache_key else False, "true",
                  "send a prompt-cache hint (false for a server that rejects it)"),
    ProviderField("reasoning_echo", _text_bool, _toml_bool, lambda p: None if p.reasoning_echo else False, "true",
                  "send streamed reasoning back (false for a server that rejects it)"),
    ProviderField("vision", _text_vision, _toml_vision,
                  lambda p: None if p.vision is True else p.vision if isinstance(p.vision, bool) else list(p.vision),
                  "true", "which models take images: all, none, or the ones listed"),
    ProviderField("key_pool", _text_list, _StringList("variable names"), lambda p: list(p.key_pool) or None,
                  "none", "more variables holding keys for the same endpoint"),
    ProviderField("key_order", _text_key_order, _toml_key_order,
                  lambda p: p.key_order.value if p.key_pool else None, "ordered",
                  "how the pool's keys are taken: ordered or round-robin"),
    ProviderField("fallbacks", _text_list, _StringList("model names (MODEL or PROVIDER/MODEL)"),
                  lambda p: list(p.fallbacks) or None, "none",
                  "configured models that take over a pass this provider fails before sending anything"),
)
_BY_KEY: Final = {f.key: f for f in PROVIDER_FIELDS}
_PROVIDER_KEYS: Final = tuple(_BY_KEY)


def provider_fields_from_table(table: Mapping[str, Any]) -> dict[str, Any]:
    """A `[[providers]]` table's fields, each of its type."""
    fields: dict[str, Any] = {}
    for key, value in table.items():
        if key not in _BY_KEY:
            raise _unknown_key(key, _PROVIDER_KEYS, key)
        fields[key] = _BY_KEY[key].from_toml(value, key)
    return fields


def _provider_fields_from_text(text: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for index, item in enumerate(_split_items(text, ",", "")):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            if index == 0:
                if key not in PRESETS:
                    raise _unknown_name("preset", key, PRESETS, "", ", or KEY=VALUE items")
                fields["preset"] = key
                continue
            raise _Invalid(f"{item!r} is not KEY=VALUE")
        if key not in _BY_KEY:
            raise _unknown_key(key, _PROVIDER_KEYS, key)
        if key in fields:
            raise _Invalid(f"key {key!r} is given twice", key, names_field=True)
        fields[key] = _BY_KEY[key].from_text(value.strip(), key)
    return fields


def shown_provider(spec: ProviderSpec) -> dict[str, Any]:
    """One provider as `redacted` shows it: every field that is not its default."""
    shown = ((field.key, field.shown(spec)) for field in PROVIDER_FIELDS)
    return {key: value for key, value in shown if value is not None}


def parse_provider_spec(text: str) -> ProviderSpec:
    """Parse one `--provider` SPEC.

    `kind=openai-chat|openai-responses|anthropic|gemini,name=N,base_url=URL,api_key_env=VAR,models=A|B`
    with optional `context_window=TOKENS`, `context_windows=MODEL:TOKENS|MODEL:TOKENS`,
    `prices=MODEL:IN/OUT[/CACHE_READ[/CACHE_WRITE]]|...` (USD per million tokens), `cache_key=false`,
    `reasoning_echo=false`, `vision=true|false|MODEL|MODEL` (which models take images; default all),
    `key_pool=VAR|VAR` (more keys) with `key_order=ordered|round-robin`, and `fallbacks=MODEL|PROVIDER/MODEL`.
    `api_key_env` may be left out (or empty) for keyless servers. A preset name (`openai`, `anthropic`, `gemini`)
    may come first and supplies every field; later items override it (`openai,models=gpt-5`).
    """
    try:
        return _build_provider(_provider_fields_from_text(text))
    except _Invalid as e:
        raise _FlagOrigin(f"--provider {shown_spec(text)!r}").error(e) from None
