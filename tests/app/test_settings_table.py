"""The settings table (`cursord.config._settings`): one row per field of `ServeConfig`, each row read the same
from its flag, its key in the file and its environment variable, redaction hiding what each row says, and
docs/daily-use.md's tables made from it."""

from __future__ import annotations

import argparse
import ipaddress
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from cursord.config import (
    CONFIG_ENV_VAR,
    Endpoint,
    Limits,
    LogLevel,
    SearchBackend,
    ServeConfig,
    TabBackend,
    TabSpec,
    WebSearchSpec,
    add_serve_arguments,
    config_from_args,
    config_path,
    dump_toml,
    load_config_file,
    parse_provider_spec,
    redacted,
)
from cursord.config._providers_file import PROVIDER_FIELDS
from cursord.config._settings import CONFIG_FILE, SETTINGS, Redaction

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "settings_table.py"
#: fields of the config that are no setting (what loading it found to warn about)
NOT_SETTINGS = {"deprecations"}
PROVIDER_FLAGS = ["--provider", "openai"]
PROVIDER_TABLE = '[[providers]]\npreset = "openai"\n'


@attrs.frozen
class Sample:
    """A setting's value given as flags and as the file's text (top-level keys before tables), and what the
    config then holds."""

    flags: list[str]
    toml: str
    value: Any


def samples(tmp: Path) -> dict[str, Sample]:
    """One sample per row; a setting that needs another (keyfile, gateway_token_file) is given with it."""
    files = {name: tmp / name for name in ("cert.pem", "key.pem", "token", "ca.pem")}
    for path in files.values():
        path.write_text("x")
    cert, key, token, ca = (str(path) for path in files.values())
    tls = Sample(["--certfile", cert, "--keyfile", key], f'certfile = "{cert}"\nkeyfile = "{key}"\n', None)
    gateway = Sample(["--gateway", "https://gw.example:8765", "--gateway-token-file", token],
                     f'gateway = "https://gw.example:8765"\ngateway_token_file = "{token}"\n', None)
    model = "gpt-5-mini"
    return {
        "listen": Sample(["--listen", "127.0.0.1:9001"], 'listen = "127.0.0.1:9001"\n', Endpoint("127.0.0.1", 9001)),
        "proxy_listen": Sample(["--proxy-listen", "[::1]:9002"], 'proxy_listen = "[::1]:9002"\n',
                               Endpoint("::1", 9002)),
        "agent_listen": Sample(["--agent-listen", "off"], 'agent_listen = "off"\n', None),
        "data_dir": Sample(["--data-dir", str(tmp / "d")], f'data_dir = "{tmp / "d"}"\n', tmp / "d"),
        "log_level": Sample(["--log-level", "DEBUG"], 'log_level = "debug"\n', LogLevel.DEBUG),
        "providers": Sample([], "", (parse_provider_spec("openai"),)),
        "certfile": attrs.evolve(tls, value=Path(cert)),
        "keyfile": attrs.evolve(tls, value=Path(key)),
        "limits": Sample(["--limit", "max_streams=7"], "[limits]\nmax_streams = 7\n", Limits(max_streams=7)),
        "aliases": Sample(["--alias", f"fast={model}"], f'[aliases]\nfast = "{model}"\n', {"fast": model}),
        "default_model": Sample(["--default-model", model], f'default_model = "{model}"\n', model),
        "offline": Sample(["--offline"], "offline = true\n", True),
        "private": Sample(["--private"], "private = true\n", True),
        "proxy_http2": Sample(["--proxy-http1-only"], "proxy_http2 = false\n", False),
        "review_model": Sample(["--review-model", model], f'review_model = "{model}"\n', model),
        "local_ai_model": Sample(["--local-ai-model", model], f'[local_ai]\nmodel = "{model}"\n', model),
        "title_model": Sample(["--title-model", model], f'title_model = "{model}"\n', model),
        "proxy_ports": Sample(["--proxy-port", "8443"], "proxy_ports = [8443]\n", (8443,)),
        "team_gateway": Sample(["--team-gateway"], "team_gateway = true\n", True),
        "store": Sample(["--store", f"sqlite:{tmp / 's.db'}"], f'store = "sqlite:{tmp / "s.db"}"\n',
                        f"sqlite:{tmp / 's.db'}"),
        "web_search": Sample(["--web-search", "tavily"], '[web_search]\nbackend = "tavily"\n',
                             WebSearchSpec(SearchBackend.TAVILY, "https://api.tavily.com", "TAVILY_API_KEY")),
        "tab": Sample(["--tab", "ollama,model=m"], '[tab]\nbackend = "ollama"\nmodel = "m"\n',
                      TabSpec(TabBackend.OLLAMA, "http://127.0.0.1:11434", None, "m")),
        "web_fetch_allow": Sample(["--web-fetch-allow", "10.1.0.0/16"], 'web_fetch_allow = ["10.1.0.0/16"]\n',
                                  (ipaddress.ip_network("10.1.0.0/16"),)),
        "node_address": Sample(["--node-address", "http://10.0.0.2:8765", "--store", "postgresql://u@db/cursord"],
                               'node_address = "http://10.0.0.2:8765"\nstore = "postgresql://u@db/cursord"\n',
                               "http://10.0.0.2:8765"),
        "gateway": attrs.evolve(gateway, value="https://gw.example:8765"),
        "gateway_token_file": attrs.evolve(gateway, value=Path(token)),
        "gateway_ca_file": Sample([*gateway.flags, "--gateway-ca-file", ca],
                                  f'{gateway.toml}gateway_ca_file = "{ca}"\n', Path(ca)),
        "allowed_hosts": Sample(["--allow-host", "Box.LAN"], 'allowed_hosts = ["box.lan"]\n', ("box.lan",)),
    }


def _environ(tmp: Path) -> dict[str, str]:
    return {"HOME": str(tmp / "home")}  # no default config file there


def _from_flags(argv: list[str], environ: dict[str, str]) -> ServeConfig:
    parser = argparse.ArgumentParser()
    add_serve_arguments(parser)
    return config_from_args(parser.parse_args([*PROVIDER_FLAGS, *argv]), environ)


def test_every_field_of_the_config_is_one_row() -> None:
    names = [setting.name for setting in SETTINGS]
    assert len(names) == len(set(names))
    assert set(names) == set(attrs.fields_dict(ServeConfig)) - NOT_SETTINGS
    assert all(s.flag and s.toml and s.from_flag and s.from_file and s.help for s in SETTINGS)


@pytest.mark.parametrize("name", [setting.name for setting in SETTINGS])
def test_a_row_reads_the_same_value_from_its_flag_and_from_the_file(name: str, tmp_path: Path) -> None:
    sample = samples(tmp_path)[name]
    environ = _environ(tmp_path)
    assert getattr(_from_flags(sample.flags, environ), name) == sample.value
    path = tmp_path / "cursord.toml"
    path.write_text(sample.toml + PROVIDER_TABLE, encoding="utf-8")
    assert getattr(load_config_file(path, environ), name) == sample.value


def test_every_row_has_a_sample(tmp_path: Path) -> None:
    assert set(samples(tmp_path)) == {setting.name for setting in SETTINGS}


#: a value for each setting that is read from the environment, and what it then gives
ENV_SAMPLES: dict[str, Callable[[Path], tuple[str, Callable[[dict[str, str]], Any], Any]]] = {
    "config": lambda tmp: (str(tmp / "named.toml"), lambda environ: config_path(None, environ), tmp / "named.toml"),
}


@pytest.mark.parametrize("setting", [s for s in (CONFIG_FILE, *SETTINGS) if s.env], ids=lambda s: s.name)
def test_a_row_with_an_environment_variable_reads_it(setting: Any, tmp_path: Path) -> None:
    text, read, expected = ENV_SAMPLES[setting.name](tmp_path)
    assert read({**_environ(tmp_path), setting.env: text}) == expected


def test_the_config_file_named_by_its_variable_is_the_one_read(tmp_path: Path) -> None:
    assert CONFIG_FILE.env == CONFIG_ENV_VAR
    named = tmp_path / "named.toml"
    named.write_text('listen = "127.0.0.1:9009"\n' + PROVIDER_TABLE, encoding="utf-8")
    parser = argparse.ArgumentParser()
    add_serve_arguments(parser)
    config = config_from_args(parser.parse_args([]), {**_environ(tmp_path), CONFIG_FILE.env or "": str(named)})
    assert config.listen == Endpoint("127.0.0.1", 9009)


#: for each row whose value may hold a secret, one that does, and the secret
SECRETS = {"store": ("postgresql://cursord:hunter2@db.example/cursord", "hunter2")}


def test_redaction_hides_every_secret_a_row_may_hold(tmp_path: Path) -> None:
    assert set(SECRETS) == {s.name for s in SETTINGS if s.redaction is not Redaction.NONE}
    for name, (value, secret) in SECRETS.items():
        changes: dict[str, Any] = {name: value}
        config = attrs.evolve(ServeConfig(data_dir=tmp_path), **changes)
        for environ in (None, _environ(tmp_path)):
            data = redacted(config, environ)
            assert name in json.dumps(data)
            assert secret not in json.dumps(data)
            assert secret not in dump_toml(data)


def test_the_docs_tables_are_made_from_the_table() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_check_sees_a_stale_table(tmp_path: Path) -> None:
    docs = tmp_path / "daily-use.md"
    page = (Path(__file__).resolve().parents[2] / "docs" / "daily-use.md").read_text(encoding="utf-8")
    docs.write_text(page.replace("| `listen` |", "| `lisen` |"), encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--check", "--docs", str(docs)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 1
    assert "stale" in done.stderr


#: one value per field of a provider, as a SPEC item and as a `[[providers]]` line (over the openai preset)
PROVIDER_SAMPLES = {
    "preset": ("preset=anthropic", 'preset = "anthropic"'),
    "kind": ("kind=openai-responses", 'kind = "openai-responses"'),
    "name": ("name=mine", 'name = "mine"'),
    "base_url": ("base_url=http://127.0.0.1:1/v1/", 'base_url = "http://127.0.0.1:1/v1/"'),
    "api_key_env": ("api_key_env=MY_KEY", 'api_key_env = "MY_KEY"'),
    "models": ("models=gpt-5|gpt-5-mini", 'models = ["gpt-5", "gpt-5-mini"]'),
    "context_window": ("context_window=1000", "context_window = 1000"),
    "context_windows": ("context_windows=gpt-5:1000", "context_windows = { gpt-5 = 1000 }"),
    "prices": ("prices=gpt-5:1/2", 'prices = { gpt-5 = [1, 2] }'),
    "cache_key": ("cache_key=false", "cache_key = false"),
    "reasoning_echo": ("reasoning_echo=false", "reasoning_echo = false"),
    "vision": ("vision=gpt-5", 'vision = ["gpt-5"]'),
    "key_pool": ("key_pool=MORE_KEYS", 'key_pool = ["MORE_KEYS"]'),
    "key_order": ("key_order=round-robin,key_pool=MORE_KEYS", 'key_order = "round-robin"\nkey_pool = ["MORE_KEYS"]'),
    "fallbacks": ("fallbacks=gpt-5-mini", 'fallbacks = ["gpt-5-mini"]'),
}


def test_every_provider_field_has_a_sample() -> None:
    assert list(PROVIDER_SAMPLES) == [field.key for field in PROVIDER_FIELDS]


@pytest.mark.parametrize("key", list(PROVIDER_SAMPLES))
def test_a_provider_field_reads_the_same_from_a_spec_and_from_the_file_and_survives_redacted(
    key: str, tmp_path: Path
) -> None:
    text, line = PROVIDER_SAMPLES[key]
    environ = _environ(tmp_path)
    spec = parse_provider_spec(f"openai,{text}") if key != "preset" else parse_provider_spec("anthropic")
    path = tmp_path / "cursord.toml"
    preset = "" if key == "preset" else 'preset = "openai"'
    path.write_text(f"[[providers]]\n{preset}\n{line}\n", encoding="utf-8")
    config = load_config_file(path, environ)
    assert config.providers == (spec,)
    again = tmp_path / "again.toml"
    again.write_text(dump_toml(redacted(config)), encoding="utf-8")
    assert load_config_file(again, environ).providers == (spec,)
