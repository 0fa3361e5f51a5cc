"""The configuration's values: the frozen types every layer reads (providers, limits, endpoints), their
validation, and reporting them (`redacted`, `config_warnings`, `dump_toml`).
"""

from __future__ import annotations

import contextlib
import difflib
import enum
import ipaddress
import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import attrs
import tomli_w

from cursord.config._lines import _TomlFile
from cursord.core import redact_secrets, redact_url_password
from cursord.providers.prices import Price, parse_price_text


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
    GEMINI = "gemini"


class KeyOrder(enum.StrEnum):
    """How a provider with several keys (`key_pool`) picks one for a pass."""

    ORDERED = "ordered"  # the first key that is not resting; the next one only when it fails
    ROUND_ROBIN = "round-robin"  # each pass starts at the next key


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
        return _loopback_host(self.host)


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
    #: conversation actions waiting in the store for a later run: one action, all of them, and how long one
    #: held for a request id's run_request waits for it
    max_waiting_action_bytes: int = attrs.field(default=1024 * 1024, validator=_check_limit)
    max_waiting_bytes: int = attrs.field(default=64 * 1024 * 1024, validator=_check_limit)
    held_action_seconds: float = attrs.field(default=600.0, validator=_check_limit)
    append_hold_seconds: float = attrs.field(default=30.0, validator=_check_limit)
    #: how long a seqno 1 that came first waits for a seqno 0 before its sequence is taken to start at 1
    append_start_grace_seconds: float = attrs.field(default=2.0, validator=_check_limit)
    #: how long a RunSSE or Run waits for the request's run_request (other uploads do not extend it)
    startup_seconds: float = attrs.field(default=30.0, validator=_check_limit)
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
    #: a gateway node: how long its claim on a request id's stream lasts unless renewed (a dead node's
    #: streams move to another node after at most this long)
    lease_seconds: float = attrs.field(default=10.0, validator=_check_limit)
    #: a gateway node told to stop waits this long for its streams to end before it ends them
    drain_seconds: float = attrs.field(default=30.0, validator=_check_limit)
    #: the agent's WebFetch: the most of a page's body it reads (a longer one is cut there), and how long
    #: the whole fetch (every redirect, the body and reading it as Markdown) may take
    web_fetch_bytes: int = attrs.field(default=5 * 1024 * 1024, validator=_check_limit)
    web_fetch_seconds: float = attrs.field(default=30.0, validator=_check_limit)
    #: the most of an HTML page its extraction (a worker process) reads, and how many run at once
    web_extract_bytes: int = attrs.field(default=2 * 1024 * 1024, validator=_check_limit)
    web_extractions: int = attrs.field(default=2, validator=_check_limit)
    #: the agent's WebSearch: how long the search API may take to answer
    web_search_seconds: float = attrs.field(default=20.0, validator=_check_limit)


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


# The web settings' values; `cursord.config._web` reads and checks them (it imports this module, not the reverse).

#: a non-public network WebFetch may reach all the same
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class SearchBackend(enum.StrEnum):
    TAVILY = "tavily"
    BRAVE = "brave"
    EXA = "exa"
    SEARXNG = "searxng"  # self-hosted; keyless


@attrs.frozen
class WebSearchSpec:
    """The search API the agent's WebSearch calls: `backend` at `base_url`, its key in `api_key_env`."""

    backend: SearchBackend
    base_url: str = attrs.field(converter=_normalize_url)
    api_key_env: str | None
    max_results: int = 5

    def key_present(self, environ: Mapping[str, str]) -> bool:
        return self.api_key_env is None or bool(environ.get(self.api_key_env))


# The Tab settings' values; `cursord.config._tab` reads and checks them (it imports this module).

class TabBackend(enum.StrEnum):
    OPENAI = "openai"  # any OpenAI-style /v1/completions server with `suffix` (vLLM, LM Studio, ...)
    DEEPSEEK = "deepseek"  # DeepSeek's FIM completions (beta), the same wire format
    CODESTRAL = "codestral"  # Mistral's /v1/fim/completions
    OLLAMA = "ollama"  # /api/generate with `suffix`
    LLAMA_CPP = "llama.cpp"  # llama-server's /infill


class TabMode(enum.StrEnum):
    """What the model is asked: to fill in at the cursor, or to rewrite a window of lines (a next-edit model,
    by its prompt format; `cursord.tab.next_edit`)."""

    FIM = "fim"
    SWEEP = "sweep"  # Sweep Next-Edit (sweepai/sweep-next-edit-*): original/current/updated file blocks
    SWEEP2 = "sweep2"  # the same model, as Sweep's own local server asks it (`cursord.tab.sweep_v2`)
    ZETA = "zeta"  # Zed's Zeta (zed-industries/zeta): an editable region between markers

    @property
    def next_edit(self) -> bool:
        return self is not TabMode.FIM


@attrs.frozen
class TabSpec:
    """The FIM server behind Tab: `backend` at `base_url` running `model`, its key in `api_key_env`."""

    backend: TabBackend
    base_url: str = attrs.field(converter=_normalize_url)
    api_key_env: str | None
    model: str
    #: lines of the file above and below the cursor line sent with each request
    lines_above: int = 60
    lines_below: int = 20
    mode: TabMode = TabMode.FIM
    #: USD per million tokens for its model (None: the built-in table's, or free on loopback, or unknown)
    price: Price | None = None

    @property
    def is_local(self) -> bool:
        """Its server is on this machine (loopback `base_url`): a model of it without a price is free."""
        return on_this_machine(self.base_url)

    def key_present(self, environ: Mapping[str, str]) -> bool:
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
    #: send Cursor no RPC whose request carries the user's code or text (`cursord.proxy.forwarded_calls.refusal`).
    private: bool = False
    #: the model that names chats (NameTab / NameAgent); None: the first line of the user's text.
    title_model: str | None = None
    #: the model that gives Auto-review's verdicts; None: each run's own model.
    review_model: str | None = None
    #: `[local_ai] model`: the model of commit messages, branch names, Cmd+K and the terminal's completions;
    #: None: the default model (`cursord.localai`).
    local_ai_model: str | None = None
    #: ports the editor proxy's CONNECT may reach (absolute-form http:// may also reach 80).
    proxy_ports: tuple[int, ...] = (443,)
    #: the proxy's intercepted TLS offers h2 as well as http/1.1 (False: http/1.1 only, as before HTTP/2 landed)
    proxy_http2: bool = True
    #: serve a team: every call needs a user's token (`cursord users add`), budgets apply.
    team_gateway: bool = False
    #: a team gateway's URL: the agent RPCs go there with the token in `gateway_token_file`.
    gateway: str | None = None
    gateway_token_file: Path | None = None
    #: certificates (PEM) that verify an https:// gateway instead of the system's trust store
    gateway_ca_file: Path | None = None
    #: where the store lives: a `postgresql://` URL or `sqlite:PATH`; None: `data_dir/cursord.sqlite3`
    store: str | None = None
    #: one node of a gateway of several: the URL its peers reach its listener at (None: a lone daemon)
    node_address: str | None = None
    #: the search API behind the agent's WebSearch (None: WebSearch answers that none is configured)
    web_search: WebSearchSpec | None = None
    #: non-public networks the agent's WebFetch may reach all the same (it refuses every other one)
    web_fetch_allow: tuple[Network, ...] = ()
    #: the FIM server behind the editor's Tab (None: Tab goes to Cursor, as without cursord)
    tab: TabSpec | None = None
    #: settings the config file still has but that do nothing any more, each naming its file and line
    #: (`config_warnings` says them; they are not part of what the configuration is)
    deprecations: tuple[str, ...] = attrs.field(default=(), eq=False)

    def __attrs_post_init__(self) -> None:
        if (self.certfile is None) != (self.keyfile is None):
            raise ConfigError("certfile and keyfile must be given together")
        if (self.gateway is None) != (self.gateway_token_file is None):
            raise ConfigError("gateway and gateway_token_file must be given together")
        if self.gateway_ca_file is not None and self.gateway is None:
            raise ConfigError("gateway_ca_file is for a gateway: give gateway too")
        if self.node_address is not None and not is_postgres_url(self.store):
            raise ConfigError("node_address makes this daemon one node of several: give them one PostgreSQL store "
                              "(store = \"postgresql://...\")")
        if self.gateway is not None and self.team_gateway:
            raise ConfigError("team_gateway (serve a team) and gateway (use a team's gateway) exclude each other")
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

    @property
    def key_envs(self) -> tuple[str, ...]:
        """Every variable that holds a key: each provider's (its `key_pool` too), web search's and Tab's."""
        services = (self.web_search, self.tab)
        return (
            *(name for p in self.providers for name in p.key_envs),
            *(s.api_key_env for s in services if s is not None and s.api_key_env is not None),
        )


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
    "reasoning_echo",
    "vision",
    "key_pool",
    "key_order",
    "fallbacks",
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
    for flag in ("cache_key", "reasoning_echo"):
        if not isinstance(getattr(p, flag), bool):
            raise _Invalid(f"must be true or false, got {getattr(p, flag)!r}", flag)
    if not isinstance(p.vision, bool):
        for i, model in enumerate(p.vision):
            if model not in p.models:
                raise _Invalid(f"model {model!r} is not in this provider's models", f"vision[{i}]")
    if p.key_pool and p.api_key_env is None:
        raise _Invalid("a key pool needs api_key_env too (the first key)", "key_pool")
    for i, name in enumerate(p.key_pool):
        _check_key_env(name, f"key_pool[{i}]")
        if name == p.api_key_env or name in p.key_pool[:i]:
            raise _Invalid(f"{name!r} is not another environment variable name", f"key_pool[{i}]")
    for i, target in enumerate(p.fallbacks):
        _check_model(target, f"fallbacks[{i}]")
        if target in p.fallbacks[:i]:
            raise _Invalid(f"{target!r} is listed twice", f"fallbacks[{i}]")


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
        elif key in ("cache_key", "reasoning_echo"):
            if value not in ("true", "false"):
                raise _Invalid(f"must be true or false, got {value!r}", key)
            fields[key] = value == "true"
        elif key == "api_key_env":
            fields[key] = value or None  # empty: a keyless server (e.g. a local Ollama)
        elif key == "vision":
            flag = _BOOL_TEXT.get(value.lower())
            fields[key] = flag if flag is not None else tuple(_split_items(value, "|", key))
        elif key in ("key_pool", "fallbacks"):
            fields[key] = tuple(_split_items(value, "|", key)) if value else ()
        elif key == "key_order":
            fields[key] = _parse_key_order(value)
        else:
            fields[key] = value
    return fields


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
_BOOL_TEXT: Final = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


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


def parse_gateway_url(value: object) -> str:
    """`http://HOST[:PORT]` or `https://HOST[:PORT]`, without a path."""
    if not isinstance(value, str):
        raise _type_error("a URL string", value)
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError as exc:
        raise _Invalid(f"{value!r} is not a URL: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise _Invalid(f"{value!r}: expected http://HOST[:PORT] or https://HOST[:PORT]")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise _Invalid(f"{value!r}: give the gateway's origin only (no path, query or user)")
    if port == 0:
        raise _Invalid(f"{value!r}: port 0")
    return value.rstrip("/")


POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")
SQLITE_SCHEME: Final = "sqlite:"
STORE_SCHEMES: Final = (*POSTGRES_SCHEMES, SQLITE_SCHEME)


def is_postgres_url(url: str | None) -> bool:
    """Whether the `store` setting `url` names a PostgreSQL database (else SQLite)."""
    return url is not None and url.startswith(POSTGRES_SCHEMES)


def parse_store_url(value: object, base: Path) -> str:
    """Where the store lives: `postgresql://...` / `postgres://...` (a libpq URL), or `sqlite:PATH` (a SQLite
    file; a relative PATH is taken from `base`). Messages never show a password."""
    if not isinstance(value, str):
        raise _type_error("a postgresql:// URL or sqlite:PATH", value)
    shown = redact_url_password(value)
    if value.startswith(SQLITE_SCHEME):
        given = value.removeprefix(SQLITE_SCHEME)
        if not given:
            raise _Invalid(f"{shown!r}: give the SQLite file's path (sqlite:PATH), or leave store out for "
                           "the data dir's cursord.sqlite3")
        path = Path(given).expanduser()
        return f"sqlite:{path if path.is_absolute() else base / path}"
    if not value.startswith(STORE_SCHEMES):
        raise _Invalid(f"{shown!r}: expected postgresql://USER@HOST/DATABASE (or postgres://) or sqlite:PATH")
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError as exc:
        raise _Invalid(f"{shown!r} is not a URL: {redact_url_password(str(exc))}") from None
    if parts.fragment:
        raise _Invalid(f"{shown!r}: a PostgreSQL URL has no #fragment")
    if parts.path.count("/") > 1:
        raise _Invalid(f"{shown!r}: the path names one database (postgresql://HOST/DATABASE)")
    from psycopg import conninfo  # the driver parses the rest as libpq will (query parameters, hosts)

    try:
        conninfo.conninfo_to_dict(value)
    except Exception as exc:  # psycopg.ProgrammingError: libpq refused it
        raise _Invalid(f"{shown!r}: {redact_url_password(str(exc)).strip()}") from None
    return value


def default_data_dir(environ: Mapping[str, str]) -> Path:
    """`$XDG_DATA_HOME/cursord`, or `~/.local/share/cursord` (XDG says to ignore a relative value)."""
    xdg = environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else _home(environ) / ".local" / "share"
    return base / "cursord"


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
    if config.store is not None:
        out["store"] = redact_url_password(config.store)
    if config.node_address is not None:
        out["node_address"] = config.node_address
    if config.certfile is not None and config.keyfile is not None:
        out["certfile"] = str(config.certfile)
        out["keyfile"] = str(config.keyfile)
    out["allowed_hosts"] = list(config.allowed_hosts)
    out["offline"] = config.offline
    out["private"] = config.private
    if config.title_model is not None:
        out["title_model"] = config.title_model
    if config.review_model is not None:
        out["review_model"] = config.review_model
    if config.local_ai_model is not None:
        out["local_ai"] = {"model": config.local_ai_model}
    out["proxy_ports"] = list(config.proxy_ports)
    out["proxy_http2"] = config.proxy_http2
    out["team_gateway"] = config.team_gateway
    if config.gateway is not None and config.gateway_token_file is not None:
        out["gateway"] = config.gateway
        out["gateway_token_file"] = str(config.gateway_token_file)
        if config.gateway_ca_file is not None:
            out["gateway_ca_file"] = str(config.gateway_ca_file)
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
        if not p.reasoning_echo:
            entry["reasoning_echo"] = False
        if p.vision is not True:
            entry["vision"] = p.vision if isinstance(p.vision, bool) else list(p.vision)
        if p.key_pool:
            entry["key_pool"] = list(p.key_pool)
            entry["key_order"] = p.key_order.value
        if p.fallbacks:
            entry["fallbacks"] = list(p.fallbacks)
        if environ is not None:
            entry["key_present"] = p.key_present(environ)
        providers.append(entry)
    out["providers"] = providers
    search = config.web_search
    if search is not None:
        entry = {"backend": search.backend.value, "base_url": search.base_url, "max_results": search.max_results}
        if search.api_key_env is not None:
            entry["api_key_env"] = search.api_key_env
        if environ is not None:
            entry["key_present"] = search.key_present(environ)
        out["web_search"] = entry
    if config.web_fetch_allow:
        out["web_fetch_allow"] = [str(network) for network in config.web_fetch_allow]
    tab = config.tab
    if tab is not None:
        tab_entry: dict[str, Any] = {"backend": tab.backend.value, "base_url": tab.base_url, "model": tab.model,
                                     "lines_above": tab.lines_above, "lines_below": tab.lines_below,
                                     "mode": tab.mode.value}
        if tab.api_key_env is not None:
            tab_entry["api_key_env"] = tab.api_key_env
        if tab.price is not None:
            tab_entry["price"] = "/".join(f"{rate:g}" for rate in tab.price.as_list())
        if environ is not None:
            tab_entry["key_present"] = tab.key_present(environ)
        out["tab"] = tab_entry
    return out


def config_warnings(config: ServeConfig, environ: Mapping[str, str]) -> list[str]:
    """Things that are legal but probably wrong, for `serve` to log and `config check` to print."""
    warnings = []
    if not config.listen.is_loopback and not config.tls:
        if config.team_gateway:
            warnings.append(f"listening on {config.listen} without TLS: your users' tokens and prompts cross the"
                            " network in the clear (give certfile and keyfile, or put a TLS proxy in front)")
        else:
            warnings.append(f"listening on {config.listen} without TLS: anyone who can reach it can spend"
                            " your provider keys")
    if config.gateway is not None and config.gateway.startswith("http://"):
        warnings.append(f"gateway {config.gateway} is plain HTTP: your token and prompts cross the network in"
                        " the clear unless it is on this machine")
    if not config.proxy_listen.is_loopback:
        warnings.append(f"the editor proxy listens on {config.proxy_listen}: an open proxy to anyone who can"
                        " reach it, and one that answers with your provider keys")
    for p in config.providers:
        if not p.key_present(environ):
            warnings.append(f"provider {p.name!r}: ${p.api_key_env} is not set; its models will fail")
        for name in p.key_pool:
            if not environ.get(name):
                warnings.append(f"provider {p.name!r}: ${name} (key_pool) is not set; the pool has one key less")
    search = config.web_search
    if search is not None and not search.key_present(environ):
        warnings.append(f"web_search {search.backend.value}: ${search.api_key_env} is not set; WebSearch will fail")
    tab = config.tab
    if tab is not None and not tab.key_present(environ):
        warnings.append(f"tab {tab.backend.value}: ${tab.api_key_env} is not set; Tab requests will fail")
    warnings.extend(config.deprecations)
    return warnings


def dump_toml(data: Mapping[str, Any]) -> str:
    """Write `redacted()`-shaped data as TOML (tomli-w: scalars first, then tables and arrays of tables)."""
    return tomli_w.dumps(data)


def backend_fields_from_text(text: str, keys: Sequence[str], int_keys: Collection[str]) -> dict[str, Any]:
    """`BACKEND[,KEY=VALUE]...` (a web search or Tab backend on the command line) as fields: the backend's
    name first and bare, each key once and known, `int_keys` whole numbers, an empty `api_key_env` None."""
    items = _split_items(text, ",", "")
    fields: dict[str, Any] = {}
    first, eq, _ = items[0].partition("=")
    if not eq:
        fields["backend"] = first.strip()
        items = items[1:]
    for item in items:
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq:
            raise _Invalid(f"{item!r} is not KEY=VALUE (only the backend's name comes without a key)")
        if key not in keys:
            raise _unknown_key(key, keys, key)
        if key in fields:
            raise _Invalid(f"key {key!r} is given twice", key, names_field=True)
        if key in int_keys:
            try:
                fields[key] = int(value)
            except ValueError:
                raise _Invalid(f"{value!r} is not a whole number", key) from None
        else:
            fields[key] = (value or None) if key == "api_key_env" else value
    return fields


def backend_fields_from_table(
    table: Mapping[str, Any], keys: Sequence[str], int_keys: Collection[str]
) -> dict[str, Any]:
    """The same fields from a TOML table (`[web_search]`, `[tab]`), with its values' types checked."""
    fields: dict[str, Any] = {}
    for key, value in table.items():
        if key not in keys:
            raise _unknown_key(key, keys, key)
        if key in int_keys:
            if not isinstance(value, int) or isinstance(value, bool):
                raise _type_error("a whole number", value, key)
        elif not isinstance(value, str):
            raise _type_error("a string", value, key)
        fields[key] = (value or None) if key == "api_key_env" else value
    return fields
