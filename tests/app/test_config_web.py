"""The web and Auto-review settings: `--web-search` / `[web_search]`, `--web-fetch-allow` / `web_fetch_allow`,
`--review-model` / `review_model`; what they build, the errors that name where a bad value came from, and
the round trip through `redacted` and `dump_toml`."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import httpx
import pytest

from cursord.config import (
    SearchBackend,
    config_from_args,
    config_warnings,
    dump_toml,
    load_config_file,
    redacted,
)
from cursord.web import WebAccess
from tests.app.test_config import args, error_of, write

ENV = {"HOME": "/home/u"}


def test_a_backend_preset_and_its_overrides() -> None:
    config = config_from_args(args("--provider", "openai", "--web-search", "brave,max_results=8"), ENV)
    assert config.web_search is not None
    assert config.web_search.backend is SearchBackend.BRAVE
    assert config.web_search.base_url == "https://api.search.brave.com"
    assert (config.web_search.api_key_env, config.web_search.max_results) == ("BRAVE_API_KEY", 8)
    flags = args("--provider", "openai", "--web-search", "searxng,base_url=http://127.0.0.1:8888/")
    searx = config_from_args(flags, ENV)
    assert searx.web_search is not None and searx.web_search.api_key_env is None
    assert searx.web_search.base_url == "http://127.0.0.1:8888"


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("bing", "--web-search 'bing': unknown search backend 'bing' (expected one of tavily, brave, exa, searxng)"),
        ("tavly", "--web-search 'tavly': unknown search backend 'tavly' (did you mean 'tavily'?)"),
        ("searxng", "give base_url (your instance"),
        ("tavily,max_results=50", "max_results: must be a whole number from 1 to 20, got 50"),
        ("exa,max_results=lots", "max_results: 'lots' is not a whole number"),
        ("tavily,api_keyenv=X", "unknown key 'api_keyenv' (did you mean 'api_key_env'?)"),
        ("tavily,base_url=ftp://x", "base_url: 'ftp://x' is not an http(s) URL"),
    ],
)
def test_bad_web_search_flags_name_the_flag(spec: str, said: str) -> None:
    message = error_of(config_from_args, args("--provider", "openai", "--web-search", spec), ENV)
    assert message.startswith(f"--web-search {spec!r}: ") and said in message


def test_the_toml_file_and_its_round_trip(tmp_path: Path) -> None:
    path = write(tmp_path, """
review_model = "gpt-5-mini"
web_fetch_allow = ["10.1.0.0/16", "fd00::/8"]

[[providers]]
preset = "openai"

[web_search]
backend = "tavily"
max_results = 3
""")
    config = load_config_file(path, ENV)
    assert config.review_model == "gpt-5-mini"
    assert config.web_fetch_allow == (ipaddress.ip_network("10.1.0.0/16"), ipaddress.ip_network("fd00::/8"))
    assert config.web_search is not None and config.web_search.max_results == 3
    again = load_config_file(write(tmp_path, dump_toml(redacted(config)), "again.toml"), ENV)
    assert again == config
    assert redacted(config, ENV)["web_search"]["key_present"] is False
    assert "web_search tavily: $TAVILY_API_KEY is not set; WebSearch will fail" in config_warnings(config, ENV)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('web_fetch_allow = ["10.1.0.1/16"]', ":2: web_fetch_allow[0]: '10.1.0.1/16' is not a network"),
        ("web_fetch_allow = \"10.0.0.0/8\"", ":2: web_fetch_allow: expected a list of networks"),
        (
            "[web_search]\nbackend = \"tavily\"\nmax_results = \"5\"",
            ":4: web_search.max_results: expected a whole number",
        ),
        ('review_model = "gpt-9"', ":2: review_model: 'gpt-9' is not a configured model"),
    ],
)
def test_bad_file_values_name_the_line(tmp_path: Path, text: str, said: str) -> None:
    # the setting starts on line 2, the provider after it
    message = error_of(load_config_file, write(tmp_path, "\n" + text + "\n[[providers]]\npreset = \"openai\"\n"), ENV)
    assert said in message


def test_review_model_flag_must_be_configured() -> None:
    message = error_of(config_from_args, args("--provider", "openai", "--review-model", "gpt-9"), ENV)
    assert message.startswith("--review-model: 'gpt-9' is not a configured model")
    config = config_from_args(args("--provider", "openai", "--review-model", "gpt-5-mini"), ENV)
    assert config.review_model == "gpt-5-mini"


def test_the_extraction_limits_reach_the_web_tools() -> None:
    config = config_from_args(
        args("--provider", "openai", "--limit", "web_extractions=1", "--limit", "web_extract_bytes=65536"), ENV
    )
    web = WebAccess.from_config(config, ENV, httpx.AsyncClient())
    assert (web.extractor.limiter.total_tokens, web.extractor.max_bytes) == (1, 65536)
