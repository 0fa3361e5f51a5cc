"""The `serve` flags: argparse definitions, and the settings they give (every default None, so the merge can
tell what was given).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from cursord.config._errors import ConfigError, _FlagOrigin, _Invalid, _one_of
from cursord.config._file import _Setting
from cursord.config._providers import _check_model, parse_provider_spec, shown_spec
from cursord.config._tab import TAB_PRESETS, build_tab, tab_fields_from_text
from cursord.config._values import (
    _LIMIT_NAMES,
    DEFAULT_AGENT_LISTEN,
    DEFAULT_LISTEN,
    DEFAULT_PROXY_LISTEN,
    LogLevel,
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
from cursord.config._web import SEARCH_PRESETS, build_web_search, parse_network, web_search_fields_from_text

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
        help="a provider: 'openai', 'anthropic', 'gemini' (presets, may take overrides such as 'openai,models=gpt-5')"
        " or 'kind=openai-chat|openai-responses|anthropic|gemini,name=N,base_url=URL,api_key_env=VAR,models=A|B"
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
    parser.add_argument(
        "--private", action="store_const", const=True, default=None,
        help="send Cursor no RPC that carries your code or text (cursord answers what it can; the rest is refused)",
    )
    parser.add_argument(
        "--proxy-http1-only", dest="proxy_http2", action="store_const", const=False, default=None,
        help="the proxy's intercepted TLS offers only HTTP/1.1 (for an editor whose HTTP/2 misbehaves)",
    )
    parser.add_argument("--review-model", metavar="MODEL",
                        help="a configured model (a small, fast one) for Auto-review's verdicts "
                        "(default: the run's own)")
    parser.add_argument("--local-ai-model", metavar="MODEL",
                        help="a configured model for commit messages, branch names, Cmd+K and the terminal's"
                        " completions (default: the default model)")
    parser.add_argument("--title-model", metavar="MODEL",
                        help="a configured model that names chats (default: the first line of the user's text)")
    parser.add_argument(
        "--proxy-port", dest="proxy_ports", action="append", metavar="PORT",
        help="a port the editor proxy may CONNECT to (default 443 only); repeatable; if given, these replace"
        " the config file's proxy_ports",
    )
    parser.add_argument(
        "--team-gateway", action="store_const", const=True, default=None,
        help="serve a team: every call needs a user's token (cursord users add), budgets apply",
    )
    add_store_argument(parser)
    _add_web_arguments(parser)
    parser.add_argument("--node-address", metavar="URL",
                        help="serve as one node of a team gateway (with --store postgresql://...): the http[s]://"
                        "HOST:PORT the other nodes reach this one's --listen at")
    parser.add_argument("--gateway", metavar="URL",
                        help="a team gateway (http[s]://HOST:PORT): the agent RPCs go there with your token")
    parser.add_argument("--gateway-token-file", metavar="PATH",
                        help="the file holding your token for --gateway (from cursord users add on the gateway)")
    parser.add_argument("--gateway-ca-file", metavar="PATH",
                        help="certificates (PEM) that verify an https:// --gateway instead of the system's")
    parser.add_argument(
        "--allow-host", dest="allowed_hosts", action="append", metavar="NAME",
        help="a Host name the editor listener answers besides localhost, 127.0.0.1, [::1] and its own listen"
        " address (any port); repeatable; if given, these replace the config file's allowed_hosts",
    )


def _add_web_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--web-search", metavar="SPEC",
        help=f"the search API behind the agent's WebSearch, on your own key: {_one_of(SEARCH_PRESETS)}, with"
        " optional overrides ',base_url=URL,api_key_env=VAR,max_results=N' (searxng needs base_url: your instance)",
    )
    parser.add_argument(
        "--tab", metavar="SPEC",
        help=f"answer the editor's Tab completion from your own FIM server: {_one_of(TAB_PRESETS)}, with"
        " ',model=NAME' and optional ',base_url=URL,api_key_env=VAR,lines_above=N,lines_below=N,mode=MODE'"
        " (fim, or a next-edit model by its prompt format: sweep, sweep2, zeta) and ',price=IN/OUT' (USD per"
        " million tokens)",
    )
    parser.add_argument(
        "--web-fetch-allow", dest="web_fetch_allow", action="append", metavar="CIDR",
        help="a non-public network the agent's WebFetch may reach all the same (it refuses loopback, private and"
        " link-local addresses otherwise); repeatable; if given, these replace the config file's web_fetch_allow",
    )


def add_store_argument(parser: argparse.ArgumentParser) -> None:
    """`--store URL` (for `serve` and the commands that read the store)."""
    parser.add_argument("--store", metavar="URL",
                        help="where conversations, the journal, the usage ledger and users live: "
                        "postgresql://USER@HOST/DATABASE, or sqlite:PATH (default: cursord.sqlite3 in the data dir)")


def _repeated_flag(flag: str, texts: Iterable[str], parse: Callable[[str], Any]) -> _Setting:
    """A repeatable flag's values, each parsed; an error names the one value that is wrong."""
    values = []
    for text in texts:
        try:
            values.append(parse(text))
        except _Invalid as e:
            raise _FlagOrigin(f"{flag} {text!r}").error(e) from None
    return _Setting(tuple(values), _FlagOrigin(flag))


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
    if arg("private"):
        out["private"] = _Setting(True, _FlagOrigin("--private"))
    if arg("proxy_http2") is False:
        out["proxy_http2"] = _Setting(False, _FlagOrigin("--proxy-http1-only"))
    if arg("team_gateway"):
        out["team_gateway"] = _Setting(True, _FlagOrigin("--team-gateway"))
    if arg("node_address") is not None:
        origin = _FlagOrigin("--node-address")
        try:
            out["node_address"] = _Setting(parse_gateway_url(arg("node_address")), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    if arg("gateway") is not None:
        origin = _FlagOrigin("--gateway")
        try:
            out["gateway"] = _Setting(parse_gateway_url(arg("gateway")), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    if arg("store") is not None:
        origin = _FlagOrigin("--store")
        try:
            out["store"] = _Setting(parse_store_url(arg("store"), Path.cwd()), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    if arg("gateway_token_file") is not None:
        out["gateway_token_file"] = _Setting(Path(arg("gateway_token_file")).expanduser().absolute(),
                                             _FlagOrigin("--gateway-token-file"))
    if arg("gateway_ca_file") is not None:
        out["gateway_ca_file"] = _Setting(Path(arg("gateway_ca_file")).expanduser().absolute(),
                                          _FlagOrigin("--gateway-ca-file"))
    for key, flag in (
        ("title_model", "--title-model"), ("review_model", "--review-model"), ("local_ai_model", "--local-ai-model")
    ):
        if arg(key) is not None:
            origin = _FlagOrigin(flag)
            try:
                _check_model(arg(key), "")
            except _Invalid as e:
                raise origin.error(e) from None
            out[key] = _Setting(arg(key), origin)
    if arg("allowed_hosts"):
        out["allowed_hosts"] = _repeated_flag("--allow-host", arg("allowed_hosts"), _parse_allowed_host)
    if arg("proxy_ports"):
        out["proxy_ports"] = _repeated_flag("--proxy-port", arg("proxy_ports"), _parse_proxy_port)
    if arg("web_search") is not None:
        origin = _FlagOrigin(f"--web-search {shown_spec(arg('web_search'))!r}")
        try:
            out["web_search"] = _Setting(build_web_search(web_search_fields_from_text(arg("web_search"))), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    if arg("tab") is not None:
        origin = _FlagOrigin(f"--tab {shown_spec(arg('tab'))!r}")
        try:
            out["tab"] = _Setting(build_tab(tab_fields_from_text(arg("tab"))), origin)
        except _Invalid as e:
            raise origin.error(e) from None
    if arg("web_fetch_allow"):
        out["web_fetch_allow"] = _repeated_flag("--web-fetch-allow", arg("web_fetch_allow"), parse_network)
    if arg("providers"):
        specs = [
            _Setting(parse_provider_spec(text), _FlagOrigin(f"--provider {shown_spec(text)!r}"))
            for text in arg("providers")
        ]
        out["providers"] = _Setting(tuple(specs), _FlagOrigin("--provider"))
    return out
