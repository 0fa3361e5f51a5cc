"""The Tab setting: `--tab` / `[tab]`; what it builds, the errors that name where a bad value came from, and
the round trip through `redacted` and `dump_toml`."""

from __future__ import annotations

from pathlib import Path

import pytest

from cursord.config import TabBackend, TabMode, config_from_args, config_warnings, dump_toml, load_config_file, redacted
from cursord.providers.prices import Price
from tests.app.test_config import args, error_of, write

ENV = {"HOME": "/home/u"}


def test_a_backend_preset_and_its_overrides() -> None:
    config = config_from_args(args("--provider", "openai", "--tab", "ollama,model=qwen2.5-coder:1.5b"), ENV)
    assert config.tab is not None and config.tab.backend is TabBackend.OLLAMA
    assert (config.tab.base_url, config.tab.api_key_env) == ("http://127.0.0.1:11434", None)
    assert (config.tab.model, config.tab.lines_above, config.tab.lines_below) == ("qwen2.5-coder:1.5b", 60, 20)
    codestral = config_from_args(args("--provider", "openai", "--tab", "codestral,lines_above=30"), ENV)
    assert codestral.tab is not None and codestral.tab.model == "codestral-latest"
    assert (codestral.tab.api_key_env, codestral.tab.lines_above) == ("CODESTRAL_API_KEY", 30)
    assert config_from_args(args("--provider", "openai"), ENV).tab is None


def test_tab_takes_a_price_as_providers_do() -> None:
    """Issue 39 #6: Tab had no price, so its passes were unknown costs and "Spent today" kept a `+`."""
    config = config_from_args(args("--provider", "openai", "--tab", "codestral,price=0.3/0.9"), ENV)
    assert config.tab is not None and config.tab.price == Price(0.3, 0.9, 0.3, 0.3)
    assert not config.tab.is_local
    local = config_from_args(args("--provider", "openai", "--tab", "ollama,model=m"), ENV)
    assert local.tab is not None and local.tab.price is None and local.tab.is_local


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("copilot", "--tab 'copilot': unknown Tab backend 'copilot' (expected one of openai, deepseek, codestral"),
        ("olama,model=m", "--tab 'olama,model=m': unknown Tab backend 'olama' (did you mean 'ollama'?)"),
        ("ollama,model=m,mode=swep", "unknown Tab mode 'swep' (did you mean 'sweep'?)"),
        ("ollama", "--tab 'ollama': model: ollama needs a model"),
        ("ollama,model=m,lines_above=-1", "lines_above: must be a whole number from 0 to 2000"),
        ("openai,model=m,api_key_env=sk-abcdefghijklmnopqrstuvwxyz012345", "looks like an API key"),
        ("openai,model=m,temperature=1", "temperature"),
        ("ollama,model=m,cpp_url=https://x", "cpp_url"),  # retired: a flag is new, and never had it
        ("ollama,model=m,mode=nes", "unknown Tab mode 'nes' (expected one of fim, sweep, sweep2, zeta)"),
        ("codestral,mode=sweep", "mode: mode 'sweep' needs a server that runs the next-edit model on a bare prompt"),
        ("codestral,price=0.3", "price: expected 2 to 4 rates"),
    ],
)
def test_bad_flags_say_what_is_wrong(spec: str, said: str) -> None:
    assert said in error_of(config_from_args, args("--provider", "openai", "--tab", spec), ENV)


def test_a_next_edit_mode_has_its_own_window_unless_one_is_given() -> None:
    config = config_from_args(args("--provider", "openai", "--tab", "llama.cpp,mode=sweep"), ENV)
    assert config.tab is not None and config.tab.mode is TabMode.SWEEP
    assert (config.tab.lines_above, config.tab.lines_below) == (10, 10)
    wider = config_from_args(args("--provider", "openai", "--tab", "ollama,model=zeta,mode=zeta,lines_above=15"), ENV)
    assert wider.tab is not None and (wider.tab.mode, wider.tab.lines_above, wider.tab.lines_below) == (
        TabMode.ZETA, 15, 10
    )


def test_the_file_table_round_trips(tmp_path: Path) -> None:
    path = write(tmp_path, """
[[providers]]
preset = "openai"

[tab]
backend = "llama.cpp"
base_url = "http://127.0.0.1:8012"
lines_below = 5
mode = "sweep"
price = "0.1/0.2"
""")
    config = load_config_file(path, ENV)
    assert config.tab is not None and config.tab.backend is TabBackend.LLAMA_CPP
    assert (config.tab.base_url, config.tab.model, config.tab.lines_below) == ("http://127.0.0.1:8012", "", 5)
    assert config.tab.mode is TabMode.SWEEP
    assert config.tab.price == Price(0.1, 0.2, 0.1, 0.1)
    again = load_config_file(write(tmp_path, dump_toml(redacted(config)), "again.toml"), ENV)
    assert again == config
    openai = load_config_file(write(tmp_path, '[[providers]]\npreset = "openai"\n[tab]\nbackend = "deepseek"\n',
                                    "d.toml"), ENV)
    assert redacted(openai, ENV)["tab"]["key_present"] is False
    assert "tab deepseek: $DEEPSEEK_API_KEY is not set; Tab requests will fail" in config_warnings(openai, ENV)


def test_a_bad_table_value_names_the_line(tmp_path: Path) -> None:
    text = '\n[tab]\nbackend = "ollama"\nmodel = "m"\nlines_above = "5"\n[[providers]]\npreset = "openai"\n'
    assert "tab.lines_above: expected a whole number" in error_of(load_config_file, write(tmp_path, text), ENV)


def test_an_old_files_cpp_url_is_ignored_with_a_warning_naming_its_line(tmp_path: Path) -> None:
    text = '[[providers]]\npreset = "openai"\n\n[tab]\nbackend = "ollama"\nmodel = "m"\ncpp_url = "https://x.cursor.sh"\n'
    path = write(tmp_path, text)
    config = load_config_file(path, ENV)
    assert config.tab is not None and config.tab.model == "m"
    [warning] = config_warnings(config, {**ENV, "OPENAI_API_KEY": "sk-test"})
    assert warning.startswith(f"{path}:7: tab.cpp_url does nothing any more and is ignored")
    assert "cpp_url" not in redacted(config)["tab"]
    assert config == load_config_file(write(tmp_path, text.replace("cpp_url", "# cpp_url"), "new.toml"), ENV)
