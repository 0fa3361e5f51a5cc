"""The web settings: which search API the agent's WebSearch goes to, and which non-public networks its
WebFetch may reach.

A search backend is one of a fixed set of APIs (`SearchBackend`), each with a preset of where it lives
and which environment variable holds the user's key; `--web-search tavily` is enough, and items after
the backend's name override the preset (`searxng,base_url=http://127.0.0.1:8888`). As for providers, the
key itself is never read here.

WebFetch refuses loopback, private, link-local and other non-public addresses; `web_fetch_allow` lists
the networks (CIDR) it may reach all the same (an intranet wiki, a test's local page server).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from cursord.config._errors import _Invalid, _one_of, _type_error, _unknown_name
from cursord.config._providers import _check_base_url, _check_key_env
from cursord.config._values import (
    Network,
    SearchBackend,
    WebSearchSpec,
    backend_fields_from_table,
    backend_fields_from_text,
)

#: where each backend lives and which variable holds its key (None: keyless); a SearXNG has no public home.
SEARCH_PRESETS: Final[Mapping[SearchBackend, Mapping[str, str | None]]] = MappingProxyType(
    {
        SearchBackend.TAVILY: {"base_url": "https://api.tavily.com", "api_key_env": "TAVILY_API_KEY"},
        SearchBackend.BRAVE: {"base_url": "https://api.search.brave.com", "api_key_env": "BRAVE_API_KEY"},
        SearchBackend.EXA: {"base_url": "https://api.exa.ai", "api_key_env": "EXA_API_KEY"},
        SearchBackend.SEARXNG: {"api_key_env": None},
    }
)
WEB_SEARCH_KEYS: Final = ("backend", "base_url", "api_key_env", "max_results")
MAX_SEARCH_RESULTS: Final = 20


def _parse_backend(value: object) -> SearchBackend:
    try:
        return SearchBackend(str(value))
    except ValueError:
        raise _unknown_name("search backend", value, SearchBackend, "backend") from None


def build_web_search(fields: Mapping[str, Any]) -> WebSearchSpec:
    """The spec from already-typed `fields` over the backend's preset. Raises `_Invalid` naming the field."""
    if "backend" not in fields:
        raise _Invalid(f"missing backend (one of {_one_of(SearchBackend)})")
    backend = _parse_backend(fields["backend"])
    merged: dict[str, Any] = {**SEARCH_PRESETS[backend], **fields, "backend": backend}
    if "base_url" not in merged:
        raise _Invalid(f"{backend} has no public address: give base_url (your instance, e.g. http://127.0.0.1:8888)")
    _check_base_url(merged["base_url"])
    key_env = merged.get("api_key_env")
    _check_key_env(key_env)
    max_results = merged.get("max_results", 5)
    if not isinstance(max_results, int) or isinstance(max_results, bool) or not 1 <= max_results <= MAX_SEARCH_RESULTS:
        raise _Invalid(f"must be a whole number from 1 to {MAX_SEARCH_RESULTS}, got {max_results!r}", "max_results")
    return WebSearchSpec(backend, merged["base_url"], key_env, max_results)


def web_search_fields_from_text(text: str) -> dict[str, Any]:
    """`BACKEND[,base_url=URL][,api_key_env=VAR][,max_results=N]` as fields for `build_web_search`."""
    return backend_fields_from_text(text, WEB_SEARCH_KEYS, ("max_results",))


def web_search_fields_from_table(table: Mapping[str, Any]) -> dict[str, Any]:
    return backend_fields_from_table(table, WEB_SEARCH_KEYS, ("max_results",))


def parse_network(text: object) -> Network:
    """One `web_fetch_allow` entry: a network in CIDR form, or a single address."""
    if not isinstance(text, str):
        raise _type_error("a network such as \"10.1.0.0/16\" or an address", text)
    try:
        return ipaddress.ip_network(text.strip(), strict=True)
    except ValueError as exc:
        raise _Invalid(f"{text!r} is not a network (CIDR such as 10.1.0.0/16) or an address: {exc}") from None
