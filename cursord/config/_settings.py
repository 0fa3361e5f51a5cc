"""Every setting of `cursord serve`, as one table: the flag, the TOML key, the environment variable, how each is
read and checked, how `redacted` shows it, its default, its help, and whether a reload takes it.

Theory of operation. The argparse flags (`_args`), the file reader (`_file`), redaction (`_report`), the list of
settings a reload takes (`cursord.app.reload`) and the settings table in docs/daily-use.md
(`scripts/settings_table.py`) are all made from `SETTINGS`; a new setting is one row here and a field of
`ServeConfig`, and tests/app/test_settings_table.py checks that every field has a row. A row that is special
(lists, tables, presets) names the reader that does it. A provider's own fields are a table of the same kind,
`cursord.config._providers_file.PROVIDER_FIELDS`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from cursord.config import _readers as read
from cursord.config._errors import _one_of
from cursord.config._providers_file import shown_provider
from cursord.config._readers import FileReader, FlagReader
from cursord.config._tab import TAB_PRESETS
from cursord.config._values import (
    _LIMIT_NAMES,
    AGENT_LISTEN_OFF,
    DEFAULT_AGENT_LISTEN,
    DEFAULT_LISTEN,
    DEFAULT_PROXY_LISTEN,
    LogLevel,
    ServeConfig,
    _parse_agent_listen,
    _parse_alias,
    _parse_allowed_host,
    _parse_endpoint,
    _parse_limit,
    _parse_log_level,
    _parse_proxy_port,
    parse_gateway_url,
)
from cursord.config._web import SEARCH_PRESETS, parse_network

#: a shown value from the value and the environment (None: `redacted` leaves it out)
Shown = Callable[[Any, Mapping[str, str] | None], Any]


class Redaction(enum.Enum):
    """What `redacted` hides of a setting's value."""

    NONE = "none"
    SECRET = "secret"  # all of it
    URL_CREDENTIALS = "host-with-credentials"  # a URL's password


def plain(value: Any, environ: Mapping[str, str] | None = None) -> Any:
    """A value as TOML and JSON take it: a path, an address or a network as text, an enum as its value, a
    tuple as a list (None stays None)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return dict(value)
    return str(value)


@attrs.frozen
class Setting:
    """One setting. `name` is its `ServeConfig` field (and the key `_merge` reads); `toml` its key in the file
    (`local_ai.model`: `model` in `[local_ai]`); `default` what the docs say where `ServeConfig`'s own default
    does not say it."""

    name: str
    help: str
    flag: str | None = None
    metavar: str | None = None
    from_flag: FlagReader | None = None
    toml: str | None = None
    from_file: FileReader | None = None
    env: str | None = None
    redaction: Redaction = Redaction.NONE
    shown: Shown = plain
    default: str | None = None
    #: a reload (SIGHUP) keeps the old value until a restart
    restart: bool = True

    @property
    def python_type(self) -> str:
        """The type of its `ServeConfig` field, as written there."""
        field = attrs.fields_dict(ServeConfig).get(self.name)
        return str(field.type) if field is not None else "Path"


def _agent_listen(value: Any, environ: Mapping[str, str] | None) -> str:
    return str(value) if value is not None else AGENT_LISTEN_OFF


def _providers(value: Any, environ: Mapping[str, str] | None) -> list[dict[str, Any]]:
    return [_with_key_present(shown_provider(spec), spec, environ) for spec in value]


def _limits(value: Any, environ: Mapping[str, str] | None) -> dict[str, Any]:
    return attrs.asdict(value)


def _non_empty(value: Any, environ: Mapping[str, str] | None) -> Any:
    return plain(value) or None


def _web_search(value: Any, environ: Mapping[str, str] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    entry = {"backend": value.backend.value, "base_url": value.base_url, "max_results": value.max_results}
    if value.api_key_env is not None:
        entry["api_key_env"] = value.api_key_env
    return _with_key_present(entry, value, environ)


def _tab(value: Any, environ: Mapping[str, str] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    entry: dict[str, Any] = {"backend": value.backend.value, "base_url": value.base_url, "model": value.model,
                             "lines_above": value.lines_above, "lines_below": value.lines_below,
                             "mode": value.mode.value}
    if value.api_key_env is not None:
        entry["api_key_env"] = value.api_key_env
    if value.price is not None:
        entry["price"] = "/".join(f"{rate:g}" for rate in value.price.as_list())
    return _with_key_present(entry, value, environ)


def _with_key_present(entry: dict[str, Any], spec: Any, environ: Mapping[str, str] | None) -> dict[str, Any]:
    """With `environ`, whether the key's variable is set."""
    if environ is not None:
        entry["key_present"] = spec.key_present(environ)
    return entry


_PATH = read.TomlValue(read.toml_path)
_MODEL = read.TomlValue(read.toml_model)
_BOOL = read.TomlValue(read.toml_bool)
_GATEWAY_URL = read.TomlValue(read.toml_gateway_url)

#: `--config`: where the rest is read from (`_locations`), so no key of the file and no field of the config
CONFIG_FILE: Final = Setting(
    "config", "TOML config file (flags override it)", "--config", "PATH", env="CURSORD_CONFIG",
    default="~/.config/cursord/cursord.toml if it exists",
)

SETTINGS: Final = (
    Setting("listen", f"address for the editor's traffic (default {DEFAULT_LISTEN}; IPv6: [::1]:PORT)",
            "--listen", "HOST:PORT", read.FlagValue(_parse_endpoint), "listen", read.TomlValue(read.toml_endpoint)),
    Setting("proxy_listen", f"address for the HTTP proxy front (default {DEFAULT_PROXY_LISTEN})",
            "--proxy-listen", "HOST:PORT", read.FlagValue(_parse_endpoint),
            "proxy_listen", read.TomlValue(read.toml_endpoint)),
    Setting("agent_listen", f"loopback TLS (HTTP/2) address for the editor's agent transport, advertised as"
            f" agentn_url (default {DEFAULT_AGENT_LISTEN}); 'off' keeps the editor on HTTP/1.1",
            "--agent-listen", "HOST:PORT|off", read.FlagValue(_parse_agent_listen),
            "agent_listen", read.TomlValue(read.toml_agent_listen), shown=_agent_listen),
    Setting("data_dir", "state directory (default $XDG_DATA_HOME/cursord or ~/.local/share/cursord)",
            "--data-dir", "PATH", read.FlagValue(read.flag_path), "data_dir", _PATH,
            default="$XDG_DATA_HOME/cursord or ~/.local/share/cursord"),
    Setting("log_level", f"one of {_one_of(LogLevel)} (default info)",
            "--log-level", "LEVEL", read.FlagValue(_parse_log_level),
            "log_level", read.TomlValue(read.toml_log_level)),
    Setting("providers",
            "a provider: 'openai', 'anthropic', 'gemini' (presets, may take overrides such as"
            " 'openai,models=gpt-5') or 'kind=openai-chat|openai-responses|anthropic|gemini,name=N,base_url=URL,"
            "api_key_env=VAR,models=A|B[,context_window=TOKENS][,context_windows=MODEL:TOKENS|...]'. Repeatable;"
            " if given, these replace the config file's [[providers]] entirely.",
            "--provider", "SPEC", read.FlagSpecs(), "providers", read.TomlValue(read.toml_providers),
            shown=_providers, restart=False),
    Setting("certfile", "TLS certificate chain (PEM; needs --keyfile)",
            "--certfile", "PATH", read.FlagValue(read.flag_path), "certfile", _PATH),
    Setting("keyfile", "TLS private key (PEM; needs --certfile)",
            "--keyfile", "PATH", read.FlagValue(read.flag_path), "keyfile", _PATH),
    Setting("limits", f"override one limit; repeatable. Names: {_one_of(_LIMIT_NAMES)}",
            "--limit", "NAME=VALUE", read.FlagItems(_parse_limit, "NAME=VALUE"),
            "limits", read.TomlItems(read.toml_limit, "a table"), shown=_limits,
            default="the built-in bounds (`cursord config check` shows them)"),
    Setting("aliases", "another name for a configured model (e.g. gpt-5-high=openai/gpt-5); repeatable",
            "--alias", "NAME=MODEL", read.FlagItems(_parse_alias, "NAME=MODEL"),
            "aliases", read.TomlItems(_parse_alias, 'a table of "ALIAS" = "MODEL"'), shown=_non_empty,
            restart=False),
    Setting("default_model", "the model of runs that name none or name Cursor's own (default: the first model)",
            "--default-model", "MODEL", read.FlagValue(read.flag_default_model),
            "default_model", read.TomlValue(read.toml_default_model), default="the first model", restart=False),
    Setting("offline", "forward nothing to Cursor: the proxy answers the control RPCs the editor needs itself",
            "--offline", None, read.FlagSwitch(True), "offline", _BOOL),
    Setting("private", "send Cursor no RPC that carries your code or text (cursord answers what it can; the rest"
            " is refused)", "--private", None, read.FlagSwitch(True), "private", _BOOL),
    Setting("proxy_http2", "the proxy's intercepted TLS offers only HTTP/1.1 (for an editor whose HTTP/2"
            " misbehaves)", "--proxy-http1-only", None, read.FlagSwitch(False), "proxy_http2", _BOOL),
    Setting("review_model", "a configured model (a small, fast one) for Auto-review's verdicts (default: the"
            " run's own)", "--review-model", "MODEL", read.FlagValue(read.flag_model), "review_model", _MODEL,
            default="the run's own model"),
    Setting("local_ai_model", "a configured model for commit messages, branch names, Cmd+K and the terminal's"
            " completions (default: the default model)", "--local-ai-model", "MODEL",
            read.FlagValue(read.flag_model), "local_ai.model", _MODEL, default="the default model"),
    Setting("title_model", "a configured model that names chats (default: the first line of the user's text)",
            "--title-model", "MODEL", read.FlagValue(read.flag_model), "title_model", _MODEL,
            default="the first line of the user's text"),
    Setting("proxy_ports", "a port the editor proxy may CONNECT to (default 443 only); repeatable; if given,"
            " these replace the config file's proxy_ports", "--proxy-port", "PORT",
            read.FlagEach(_parse_proxy_port), "proxy_ports", read.TomlValue(read.toml_proxy_ports)),
    Setting("team_gateway", "serve a team: every call needs a user's token (cursord users add), budgets apply",
            "--team-gateway", None, read.FlagSwitch(True), "team_gateway", _BOOL),
    Setting("store", "where conversations, the journal, the usage ledger and users live: "
            "postgresql://USER@HOST/DATABASE, or sqlite:PATH (default: cursord.sqlite3 in the data dir)",
            "--store", "URL", read.FlagValue(read.flag_store), "store", read.TomlValue(read.toml_store),
            redaction=Redaction.URL_CREDENTIALS, default="cursord.sqlite3 in the data dir"),
    Setting("web_search", f"the search API behind the agent's WebSearch, on your own key: {_one_of(SEARCH_PRESETS)},"
            " with optional overrides ',base_url=URL,api_key_env=VAR,max_results=N' (searxng needs base_url: your"
            " instance)", "--web-search", "SPEC", read.FlagValue(read.flag_web_search, quoted=True),
            "web_search", read.TomlValue(read.toml_web_search), shown=_web_search, default="none"),
    Setting("tab", f"answer the editor's Tab completion from your own FIM server: {_one_of(TAB_PRESETS)}, with"
            " ',model=NAME' and optional ',base_url=URL,api_key_env=VAR,lines_above=N,lines_below=N,mode=MODE'"
            " (fim, or a next-edit model by its prompt format: sweep, sweep2, zeta) and ',price=IN/OUT' (USD per"
            " million tokens)", "--tab", "SPEC", read.FlagValue(read.flag_tab, quoted=True),
            "tab", read.tab_table, shown=_tab, default="none (Tab goes to Cursor)", restart=False),
    Setting("web_fetch_allow", "a non-public network the agent's WebFetch may reach all the same (it refuses"
            " loopback, private and link-local addresses otherwise); repeatable; if given, these replace the"
            " config file's web_fetch_allow", "--web-fetch-allow", "CIDR", read.FlagEach(parse_network),
            "web_fetch_allow", read.TomlValue(read.toml_web_fetch_allow), shown=_non_empty),
    Setting("node_address", "serve as one node of a team gateway (with --store postgresql://...): the http[s]://"
            "HOST:PORT the other nodes reach this one's --listen at", "--node-address", "URL",
            read.FlagValue(parse_gateway_url), "node_address", _GATEWAY_URL, default="none (a lone daemon)"),
    Setting("gateway", "a team gateway (http[s]://HOST:PORT): the agent RPCs go there with your token",
            "--gateway", "URL", read.FlagValue(parse_gateway_url), "gateway", _GATEWAY_URL),
    Setting("gateway_token_file", "the file holding your token for --gateway (from cursord users add on the"
            " gateway)", "--gateway-token-file", "PATH", read.FlagValue(read.flag_user_path),
            "gateway_token_file", _PATH),
    Setting("gateway_ca_file", "certificates (PEM) that verify an https:// --gateway instead of the system's",
            "--gateway-ca-file", "PATH", read.FlagValue(read.flag_user_path), "gateway_ca_file", _PATH,
            default="the system's trust store"),
    Setting("allowed_hosts", "a Host name the editor listener answers besides localhost, 127.0.0.1, [::1] and its"
            " own listen address (any port); repeatable; if given, these replace the config file's allowed_hosts",
            "--allow-host", "NAME", read.FlagEach(_parse_allowed_host),
            "allowed_hosts", read.TomlValue(read.toml_allowed_hosts)),
)
BY_NAME: Final[Mapping[str, Setting]] = {s.name: s for s in (CONFIG_FILE, *SETTINGS)}
#: what a reload (SIGHUP) takes; every other setting needs a restart
RELOADED: Final = frozenset(s.name for s in SETTINGS if not s.restart)

