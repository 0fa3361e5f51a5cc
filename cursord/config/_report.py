"""Reporting the configuration: `redacted` (the effective config as plain data, with no secret in it),
`config_warnings` (what is legal but probably wrong) and `dump_toml`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomli_w

from cursord.config._providers import on_this_machine
from cursord.config._settings import SETTINGS, Redaction
from cursord.config._values import ServeConfig
from cursord.core import redact_url_password


def redacted(config: ServeConfig, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The effective config as plain data (TOML/JSON-ready; no None values), one key per row of the settings
    table, each shown by its row and hidden as its redaction says.

    It holds no secrets (the config never does: keys stay in the environment). Without `environ` the
    result is itself a valid config file; with it, each provider also gets `key_present`.
    """
    out: dict[str, Any] = {}
    for setting in SETTINGS:
        shown = setting.shown(getattr(config, setting.name), environ)
        if shown is None or setting.toml is None:
            continue
        table, dot, key = setting.toml.partition(".")
        into = out.setdefault(table, {}) if dot else out
        into[key if dot else table] = _hidden(shown, setting.redaction)
    return out


def _hidden(shown: Any, redaction: Redaction) -> Any:
    if redaction is Redaction.SECRET:
        return "<redacted>"
    if redaction is Redaction.URL_CREDENTIALS:
        return redact_url_password(shown)
    return shown


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
    if config.gateway is not None and config.gateway.startswith("http://") and not on_this_machine(config.gateway):
        warnings.append(f"gateway {config.gateway} is plain HTTP: your token and prompts cross the network in"
                        " the clear")
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

