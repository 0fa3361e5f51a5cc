"""The providers' settings: `ProviderSpec` (one `[[providers]]` table or `--provider` SPEC), the presets, the
checks every way of building one shares, and reading a `--provider` SPEC's text.
"""

from __future__ import annotations

import enum
import ipaddress
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import attrs

from cursord.config._errors import (
    _Invalid,
    _one_of,
    _SpecError,
    _unknown_name,
)
from cursord.core import redact_secrets
from cursord.providers.prices import Price


class ProviderKind(enum.StrEnum):
    OPENAI_CHAT = "openai-chat"
    OPENAI_RESPONSES = "openai-responses"
    ANTHROPIC = "anthropic"
    GEMINI = "gemini"


class KeyOrder(enum.StrEnum):
    """How a provider with several keys (`key_pool`) picks one for a pass."""

    ORDERED = "ordered"  # the first key that is not resting; the next one only when it fails
    ROUND_ROBIN = "round-robin"  # each pass starts at the next key



def _loopback_host(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def on_this_machine(url: str) -> bool:
    """True if `url`'s server is on loopback: a local model, whose passes cost nothing."""
    return _loopback_host(urlsplit(url).hostname or "")


def _positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0



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


def _vision_value(value: bool | Iterable[str]) -> bool | tuple[str, ...]:
    return value if isinstance(value, bool) else tuple(value)


@attrs.frozen
class ProviderSpec:
    """One provider: which API it speaks, where, which env var holds its key, which models it serves.

    `context_window` is the provider-wide default in tokens (None: unknown); `context_windows` holds
    per-model overrides. Use `context_window_for(model)`. `prices` (USD per million tokens) override
    the built-in price table for this provider's models (`cursord.providers.prices`). `cache_key=False`
    sends no prompt-cache hint: no `prompt_cache_key` (OpenAI kinds), no `cache_control` (anthropic),
    for servers that reject them. `reasoning_echo=False` sends no reasoning back (no `reasoning_content`
    or `reasoning` on earlier assistant messages, no Gemini thought signatures, no Responses reasoning
    items), for a server that rejects them. `key_pool` names further variables holding more keys for the
    same endpoint, taken in `key_order`; `fallbacks` names other configured models (`MODEL` or
    `PROVIDER/MODEL`) a pass moves to, in order, when this provider fails it before sending anything
    (`cursord.agent.fallback`). Validated when built (raises ConfigError).
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
    #: send back the reasoning a server streamed, where and as its vendor documents (`cursord.providers.reasoning`)
    reasoning_echo: bool = True
    #: which models take images: all (True), none (False), or the ones listed.
    vision: bool | tuple[str, ...] = attrs.field(default=True, converter=_vision_value)
    #: more variables holding keys for this endpoint (after `api_key_env`), used in `key_order`.
    key_pool: tuple[str, ...] = attrs.field(default=(), converter=_as_tuple)
    key_order: KeyOrder = attrs.field(default=KeyOrder.ORDERED, converter=KeyOrder)
    #: configured models (`MODEL` or `PROVIDER/MODEL`) that take over a pass this provider fails, in order.
    fallbacks: tuple[str, ...] = attrs.field(default=(), converter=_as_tuple)

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

    @property
    def is_local(self) -> bool:
        """Its server is on this machine (loopback `base_url`): a model of it without a price is free."""
        return on_this_machine(self.base_url)

    @property
    def key_envs(self) -> tuple[str, ...]:
        """Every variable that holds a key of this provider: `api_key_env`, then `key_pool`."""
        return (self.api_key_env, *self.key_pool) if self.api_key_env is not None else ()

    def key_name(self, index: int) -> str:
        """The name of the provider for key `index` of its pool (ledger, tap, log and doctor rows): NAME,
        NAME#2, ..."""
        return self.name if index == 0 else f"{self.name}#{index + 1}"



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
        "gemini": MappingProxyType(
            {
                "kind": ProviderKind.GEMINI,
                "name": "gemini",
                "base_url": "https://generativelanguage.googleapis.com/v1beta",
                "api_key_env": "GEMINI_API_KEY",
                "models": ("gemini-2.5-pro", "gemini-2.5-flash", "gemini-3-pro-preview"),
                "context_window": 1_048_576,
                "context_windows": {},
            }
        ),
    }
)

_REQUIRED: Final = ("kind", "name", "base_url", "models")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _looks_like_a_key(text: str) -> bool:
    """Whether an `api_key_env` value is a pasted key rather than a variable's name: a known key shape, or
    long, or mixing lower-case letters and digits at a key's length (variable names are short and upper)."""
    if redact_secrets(text) != text or len(text) > 40:
        return True
    return len(text) >= 24 and any(c.islower() for c in text) and sum(c.isdigit() for c in text) >= 4


def _check_key_env(name: str | None, field: str = "api_key_env") -> None:
    """A setting that names the variable holding a key (None: keyless) holds a variable's name, not a key."""
    if name is None:
        return
    if _looks_like_a_key(name):
        # checked first: `gsk_...` or 32 hex digits are valid variable names, and were printed back
        raise _Invalid("looks like an API key; give the *name* of the variable that holds it (e.g. OPENAI_API_KEY)",
                       field)
    if not _ENV_NAME.match(name):
        raise _Invalid(f"{name!r} is not an environment variable name", field)


_MODEL_FORBIDDEN = re.compile(r"[\x00-\x20\x7f|,=]")



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
    _check_key_env(p.api_key_env)
    _check_models(p)
    for flag in ("cache_key", "reasoning_echo"):
        if not isinstance(getattr(p, flag), bool):
            raise _Invalid(f"must be true or false, got {getattr(p, flag)!r}", flag)
    if not isinstance(p.vision, bool):
        for i, model in enumerate(p.vision):
            _check_served(p, model, f"vision[{i}]")
    _check_keys(p)
    for i, target in enumerate(p.fallbacks):
        _check_model(target, f"fallbacks[{i}]")
        if target in p.fallbacks[:i]:
            raise _Invalid(f"{target!r} is listed twice", f"fallbacks[{i}]")


def _check_models(p: ProviderSpec) -> None:
    """The models, and what is said per model (windows, prices) only of those."""
    if not p.models:
        raise _Invalid("at least one model is required", "models")
    for i, model in enumerate(p.models):
        _check_model(model, f"models[{i}]")
        if model in p.models[:i]:
            raise _Invalid(f"model {model!r} is listed twice", f"models[{i}]")
    if p.context_window is not None and not _positive_int(p.context_window):
        raise _Invalid(f"must be a positive number of tokens, got {p.context_window!r}", "context_window")
    for model, window in p.context_windows.items():
        _check_served(p, model, f"context_windows.{model}")
        if not _positive_int(window):
            raise _Invalid(f"must be a positive number of tokens, got {window!r}", f"context_windows.{model}")
    for model in p.prices:
        _check_served(p, model, f"prices.{model}")


def _check_served(p: ProviderSpec, model: str, field: str) -> None:
    if model not in p.models:
        raise _Invalid(f"model {model!r} is not in this provider's models", field)


def _check_keys(p: ProviderSpec) -> None:
    """The key pool: more variables after `api_key_env`, each another one."""
    if p.key_pool and p.api_key_env is None:
        raise _Invalid("a key pool needs api_key_env too (the first key)", "key_pool")
    for i, name in enumerate(p.key_pool):
        _check_key_env(name, f"key_pool[{i}]")
        if name == p.api_key_env or name in p.key_pool[:i]:
            raise _Invalid(f"{name!r} is not another environment variable name", f"key_pool[{i}]")


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
            raise _unknown_name("preset", preset_name, PRESETS, "preset")
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


def _parse_key_order(value: object) -> KeyOrder:
    try:
        return KeyOrder(str(value))
    except ValueError:
        raise _Invalid(f"{value!r} is not a key order (expected one of {_one_of(KeyOrder)})", "key_order") from None


def _price(parse: Callable[[], Price], field: str) -> Price:
    try:
        return parse()
    except ValueError as e:
        raise _Invalid(str(e), field) from None


def shown_spec(text: str) -> str:
    """A `--provider`, `--web-search` or `--tab` text as an error may quote it: key shapes masked, and so is
    an `api_key_env` or `key_pool` variable name that is a key."""

    def shown(name: str) -> str:
        return "<redacted>" if _looks_like_a_key(name.strip()) else name

    items = [
        f"{key}={'|'.join(shown(name) for name in value.split('|'))}" if key.strip() in _KEY_ENV_KEYS else item
        for item in text.split(",")
        for key, _, value in [item.partition("=")]
    ]
    return redact_secrets(",".join(items))


#: the spec keys whose values name the variables that hold keys
_KEY_ENV_KEYS: Final = frozenset({"api_key_env", "key_pool"})

