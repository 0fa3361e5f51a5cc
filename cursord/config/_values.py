"""The configuration's values: the frozen types every layer reads (endpoints, limits, web search, Tab, the
whole `ServeConfig`) and the checks of the scalar settings.
"""

from __future__ import annotations

import contextlib
import enum
import ipaddress
import math
import re
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final
from urllib.parse import urlsplit

import attrs

from cursord.config._errors import ConfigError, _Invalid, _one_of, _type_error, _unknown_key
from cursord.config._providers import (
    ProviderSpec,
    _check_model,
    _loopback_host,
    _normalize_url,
    _positive_int,
    _split_items,
    on_this_machine,
)
from cursord.core import redact_url_password
from cursord.providers.prices import Price


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


def _frozen_aliases(value: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(value))





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

