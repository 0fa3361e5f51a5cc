"""Reporting the configuration: `redacted` (the effective config as plain data, with no secret in it),
`config_warnings` (what is legal but probably wrong) and `dump_toml`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import tomli_w

from cursord.config._values import AGENT_LISTEN_OFF, ServeConfig
from cursord.core import redact_url_password


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

