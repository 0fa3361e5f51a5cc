"""cursord.config: provider specs, endpoints, the TOML file, precedence, errors, redaction."""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path

import pytest

from cursord.config import (
    PRESETS,
    ConfigError,
    Endpoint,
    KeyOrder,
    Limits,
    LogLevel,
    ProviderKind,
    ProviderSpec,
    ServeConfig,
    add_serve_arguments,
    config_from_args,
    config_warnings,
    default_data_dir,
    dump_toml,
    load_config_file,
    parse_endpoint,
    parse_provider_spec,
    redacted,
)
from cursord.providers.prices import Price

ENV = {"HOME": "/home/u"}


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_serve_arguments(parser)
    return parser.parse_args(list(argv))


def write(tmp_path: Path, text: str, name: str = "cursord.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def error_of(fn: object, *a: object) -> str:
    with pytest.raises(ConfigError) as info:
        fn(*a)  # type: ignore[operator]
    return str(info.value)


# --- provider specs ----------------------------------------------------------------------------------


def test_bare_openai_preset() -> None:
    spec = parse_provider_spec("openai")
    assert spec.kind is ProviderKind.OPENAI_CHAT
    assert spec.name == "openai"
    assert spec.base_url == "https://api.openai.com/v1"
    assert spec.api_key_env == "OPENAI_API_KEY"
    assert spec.models == ("gpt-5", "gpt-5-mini", "gpt-4.1")
    assert spec.context_window_for("gpt-4.1") == 1_047_576
    assert spec.context_window_for("gpt-5") == 400_000


def test_bare_anthropic_preset() -> None:
    spec = parse_provider_spec("anthropic")
    assert spec.kind is ProviderKind.ANTHROPIC
    assert (spec.name, spec.base_url, spec.api_key_env) == (
        "anthropic",
        "https://api.anthropic.com",
        "ANTHROPIC_API_KEY",
    )
    assert spec.models == ("claude-sonnet-4-5", "claude-opus-4-1", "claude-haiku-4-5")
    assert spec.context_window_for("claude-opus-4-1") == 200_000


def test_preset_with_overrides() -> None:
    spec = parse_provider_spec("openai,models=gpt-5|o3,kind=openai-responses,name=oai")
    assert spec.kind is ProviderKind.OPENAI_RESPONSES
    assert spec.name == "oai"
    assert spec.models == ("gpt-5", "o3")
    assert spec.base_url == "https://api.openai.com/v1"
    # The preset's per-model windows survive only for models still listed; others use the default.
    assert dict(spec.context_windows) == {"gpt-5": 400_000}
    assert spec.context_window_for("o3") == 128_000


def test_preset_key_form_equals_bare_form() -> None:
    assert parse_provider_spec("preset=anthropic,models=claude-haiku-4-5") == parse_provider_spec(
        "anthropic,models=claude-haiku-4-5"
    )


def test_explicit_spec_keyless_with_windows() -> None:
    spec = parse_provider_spec(
        "kind=openai-chat,name=ollama,base_url=http://127.0.0.1:11434/v1/,"
        "models=llama3:8b|qwen2.5-coder:7b,context_window=8192,context_windows=qwen2.5-coder:7b:32768"
    )
    assert spec.api_key_env is None
    assert spec.base_url == "http://127.0.0.1:11434/v1"  # trailing slash dropped
    assert spec.models == ("llama3:8b", "qwen2.5-coder:7b")
    assert spec.context_window_for("llama3:8b") == 8192
    assert spec.context_window_for("qwen2.5-coder:7b") == 32768
    assert spec.key_present({})


def test_explicit_spec_with_key_and_empty_key_env() -> None:
    spec = parse_provider_spec(
        "kind=anthropic,name=proxy,base_url=https://llm.example.com/anthropic,api_key_env=PROXY_KEY,models=m"
    )
    assert spec.api_key_env == "PROXY_KEY"
    assert not spec.key_present({"PROXY_KEY": ""})
    assert spec.key_present({"PROXY_KEY": "x"})
    assert parse_provider_spec("openai,api_key_env=").api_key_env is None


def test_whitespace_around_items_is_ignored() -> None:
    assert parse_provider_spec(" openai , models = gpt-5 | gpt-4.1 ").models == ("gpt-5", "gpt-4.1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "kind=foo,name=x,base_url=http://h,models=a",
            "--provider 'kind=foo,name=x,base_url=http://h,models=a': unknown kind 'foo'"
            " (expected one of openai-chat, openai-responses, anthropic, gemini)",
        ),
        (
            "kind=openai-chat,name=x,base_url=ftp://x,models=a",
            "--provider 'kind=openai-chat,name=x,base_url=ftp://x,models=a': base_url:"
            " 'ftp://x' is not an http(s) URL",
        ),
        ("openai,base_url=http://", "--provider 'openai,base_url=http://': base_url: 'http://' has no host"),
        (
            "openai,base_url=https://h:99999/v1",
            "--provider 'openai,base_url=https://h:99999/v1': base_url: 'https://h:99999/v1' is not a valid URL",
        ),
        (
            "openai,base_url=https://h/v1#x",
            "--provider 'openai,base_url=https://h/v1#x': base_url: 'https://h/v1#x' must not have a #fragment",
        ),
        (
            "openai,base_url=https://me:hunter2@h/v1",
            # the password is masked wherever it is echoed
            "--provider 'openai,base_url=https://me:<redacted>@h/v1': base_url: credentials in base_url are"
            " not allowed (name the key's variable in api_key_env)",
        ),
        ("openai,modles=x", "--provider 'openai,modles=x': unknown key 'modles' (did you mean 'models'?)"),
        (
            "openai,zzz=1",
            "--provider 'openai,zzz=1': unknown key 'zzz' (expected one of preset, kind, name, base_url,"
            " api_key_env, models, context_window, context_windows, prices, cache_key, reasoning_echo, vision,"
            " key_pool, key_order, fallbacks)",
        ),
        ("openai,models=", "--provider 'openai,models=': models: at least one model is required"),
        ("openai,models=a||b", "--provider 'openai,models=a||b': models: empty item 2 (stray '|'?)"),
        (
            "openai,models=a|a",
            "--provider 'openai,models=a|a': models[1]: model 'a' is listed twice",
        ),
        (
            "openai,models=a b",
            "--provider 'openai,models=a b': models[0]: model name 'a b' must not contain a space or"
            " control character",
        ),
        ("openai,models=a=b", "--provider 'openai,models=a=b': models[0]: model name 'a=b' must not contain '='"),
        ("openai,name=x,name=y", "--provider 'openai,name=x,name=y': key 'name' is given twice"),
        ("openai,,models=a", "--provider 'openai,,models=a': empty item 2 (stray ','?)"),
        ("openai,foo", "--provider 'openai,foo': 'foo' is not KEY=VALUE"),
        (
            "mistral",
            "--provider 'mistral': unknown preset 'mistral' (expected one of openai, anthropic, gemini, or KEY=VALUE"
            " items)",
        ),
        ("openi", "--provider 'openi': unknown preset 'openi' (did you mean 'openai'?)"),
        ("preset=antropic", "--provider 'preset=antropic': unknown preset 'antropic' (did you mean 'anthropic'?)"),
        (
            "preset=mistral",
            "--provider 'preset=mistral': unknown preset 'mistral' (expected one of openai, anthropic, gemini)",
        ),
        (
            "kind=openai-chat,name=x",
            "--provider 'kind=openai-chat,name=x': missing base_url, models"
            " (or start from a preset: openai, anthropic, gemini)",
        ),
        (
            "openai,name=-x",
            "--provider 'openai,name=-x': name: '-x' is not a provider name"
            " (letters, digits, '.', '_', '-'; at most 64)",
        ),
        (
            "openai,api_key_env=MY-KEY",
            "--provider 'openai,api_key_env=MY-KEY': api_key_env: 'MY-KEY' is not an environment variable name",
        ),
        ("openai,context_window=0", "--provider 'openai,context_window=0': context_window: must be a"
         " positive number of tokens, got 0"),
        ("openai,context_window=big", "--provider 'openai,context_window=big': context_window:"
         " 'big' is not a whole number"),
        (
            "openai,context_windows=o9:1000",
            "--provider 'openai,context_windows=o9:1000': context_windows.o9: model 'o9' is not in"
            " this provider's models",
        ),
        (
            "openai,context_windows=gpt-5",
            "--provider 'openai,context_windows=gpt-5': context_windows: 'gpt-5' is not MODEL:TOKENS",
        ),
    ],
)
def test_provider_spec_errors(text: str, message: str) -> None:
    assert error_of(parse_provider_spec, text) == message


def test_a_key_given_as_api_key_env_is_not_echoed() -> None:
    message = error_of(parse_provider_spec, "openai,api_key_env=sk-proj-abcdefghijklmnopqrstuv")
    assert "abcdefghijklmnop" not in message
    assert message == (
        "--provider 'openai,api_key_env=<redacted>': api_key_env: looks like an API key;"
        " give the *name* of the variable that holds it (e.g. OPENAI_API_KEY)"
    )


@pytest.mark.parametrize(
    "key", ["0123456789abcdef0123456789abcdef", "gsk_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1h"]
)
def test_a_key_that_is_also_a_valid_variable_name_is_not_echoed(key: str) -> None:
    """Issue 27 #16: a pasted key made only of letters, digits and `_` passed as a variable name, and
    `config check` printed it."""
    message = error_of(parse_provider_spec, f"openai,api_key_env={key}")
    assert key[4:20] not in message and "looks like an API key" in message


@pytest.mark.parametrize(
    "key", ["0123456789abcdef0123456789abcdef", "gsk_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1h"]
)
@pytest.mark.parametrize(
    "flag",
    ["--web-search tavily,api_key_env={}", "--tab openai,model=m,api_key_env={}", "--provider gemini,key_pool={}"],
)
def test_a_key_where_a_variable_name_goes_is_not_echoed_by_any_setting(flag: str, key: str) -> None:
    """Web search's and Tab's `api_key_env` and a `key_pool` are checked as a provider's `api_key_env` is."""
    name, value = flag.format(key).split(" ")
    message = error_of(config_from_args, args("--provider", "openai", name, value), ENV)
    assert key[4:20] not in message and "looks like an API key" in message


def test_prices_and_cache_key_in_a_spec() -> None:
    spec = parse_provider_spec(
        "kind=openai-chat,name=ds,base_url=https://api.deepseek.com,models=deepseek-chat|llama3:8b,"
        "prices=deepseek-chat:0.28/0.42/0.028|llama3:8b:0/0,cache_key=false"
    )
    assert spec.prices["deepseek-chat"] == Price(0.28, 0.42, 0.028, 0.28)  # no write rate: the input rate
    assert spec.prices["llama3:8b"] == Price(0, 0, 0, 0)  # a free model is a known 0, not an unknown
    assert spec.cache_key is False
    assert parse_provider_spec("openai").cache_key is True and not parse_provider_spec("openai").prices
    assert parse_provider_spec("openai,reasoning_echo=false").reasoning_echo is False
    assert parse_provider_spec("openai").reasoning_echo is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("openai,prices=gpt-6:1/2", "prices.gpt-6: model 'gpt-6' is not in this provider's models"),
        ("openai,prices=gpt-5:1", "prices.gpt-5: expected 2 to 4 rates"),
        ("openai,prices=gpt-5:1/x", "prices.gpt-5: 'x' is not a number"),
        ("openai,prices=gpt-5:1/-2", "prices.gpt-5: output must be a price of 0 or more"),
        ("openai,prices=1/2", "prices: '1/2' is not MODEL:IN/OUT[/CACHE_READ[/CACHE_WRITE]]"),
        ("openai,cache_key=no", "cache_key: must be true or false, got 'no'"),
        ("openai,reasoning_echo=off", "reasoning_echo: must be true or false, got 'off'"),
    ],
)
def test_price_and_cache_key_errors(text: str, message: str) -> None:
    assert message in error_of(parse_provider_spec, text)


def test_provider_spec_validates_when_built_directly() -> None:
    with pytest.raises(ConfigError, match=r"provider 'x': models: at least one model is required"):
        ProviderSpec(ProviderKind.ANTHROPIC, "x", "https://h", None, ())
    with pytest.raises(ConfigError, match=r"base_url: 'ws://h' is not an http\(s\) URL"):
        ProviderSpec(ProviderKind.ANTHROPIC, "x", "ws://h", None, ("m",))


def test_presets_are_valid_specs() -> None:
    for name in PRESETS:
        assert parse_provider_spec(name).name == name


# --- flags: duplicates, precedence, defaults ---------------------------------------------------------


def test_duplicate_provider_names_in_flags() -> None:
    message = error_of(config_from_args, args("--provider", "openai", "--provider", "openai,models=o3"), ENV)
    assert message == (
        "--provider 'openai,models=o3': name: provider name 'openai' is already used by --provider 'openai'"
    )


def test_model_served_by_two_providers_names_both() -> None:
    ns = args("--provider", "openai", "--provider", "kind=openai-chat,name=azure,base_url=https://az/v1,models=x|gpt-5")
    assert error_of(config_from_args, ns, ENV) == (
        "--provider 'kind=openai-chat,name=azure,base_url=https://az/v1,models=x|gpt-5': models[1]:"
        " model 'gpt-5' is served by two providers: 'openai' (--provider 'openai') and 'azure'"
    )


def test_defaults() -> None:
    config = config_from_args(args("--provider", "anthropic"), {"HOME": "/home/u"})
    assert config.listen == Endpoint("127.0.0.1", 8765)
    assert config.proxy_listen == Endpoint("127.0.0.1", 8766)
    assert config.data_dir == Path("/home/u/.local/share/cursord")
    assert config.log_level is LogLevel.INFO
    assert config.limits == Limits()
    assert (config.certfile, config.keyfile, config.tls) == (None, None, False)
    assert Limits().max_body_bytes == 4 * 1024 * 1024
    assert Limits().heartbeat_seconds == 5


def test_no_providers_is_an_error() -> None:
    assert error_of(config_from_args, args(), ENV).startswith("no providers configured")


def test_flag_parsing() -> None:
    config = config_from_args(
        args("--provider", "openai", "--listen", "[::1]:9000", "--proxy-listen", "localhost:0",
             "--log-level", "DEBUG", "--data-dir", "rel/dir", "--limit", "max_streams=7",
             "--limit", "heartbeat_seconds=2.5"),
        ENV,
    )
    assert config.listen == Endpoint("::1", 9000)
    assert config.proxy_listen == Endpoint("localhost", 0)
    assert config.log_level is LogLevel.DEBUG
    assert config.data_dir == Path.cwd() / "rel" / "dir"
    assert (config.limits.max_streams, config.limits.heartbeat_seconds) == (7, 2.5)
    assert config.limits.max_backlog_events == Limits().max_backlog_events


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--listen", "8765"], "--listen: '8765' is not HOST:PORT (e.g. 127.0.0.1:8765 or [::1]:8765)"),
        (["--log-level", "loud"], "--log-level: 'loud' is not a log level (expected one of debug, info,"
         " warning, error)"),
        (["--limit", "max_streams"], "--limit 'max_streams': expected NAME=VALUE"),
        (["--limit", "max_stream=5"], "--limit 'max_stream=5': unknown key 'max_stream'"
         " (did you mean 'max_streams'?)"),
        (["--limit", "max_streams=0"], "--limit 'max_streams=0': must be a positive integer, got 0"),
        (["--limit", "max_streams=1.5"], "--limit 'max_streams=1.5': must be a positive integer, got '1.5'"),
        (["--limit", "heartbeat_seconds=inf"], "--limit 'heartbeat_seconds=inf': must be a positive"
         " number of seconds, got inf"),
        (["--certfile", "/nonexistent/c.pem", "--keyfile", "/nonexistent/k.pem"],
         "--certfile: '/nonexistent/c.pem' does not exist"),
    ],
)
def test_flag_errors(argv: list[str], message: str) -> None:
    assert error_of(config_from_args, args("--provider", "openai", *argv), ENV) == message


def test_certfile_and_keyfile_together(tmp_path: Path) -> None:
    cert, key = write(tmp_path, "c", "c.pem"), write(tmp_path, "k", "k.pem")
    ns = args("--provider", "openai", "--certfile", str(cert))
    assert error_of(config_from_args, ns, ENV) == "--certfile: given without keyfile (TLS needs both)"
    ns = args("--provider", "openai", "--keyfile", str(key))
    assert error_of(config_from_args, ns, ENV) == "--keyfile: given without certfile (TLS needs both)"
    config = config_from_args(args("--provider", "openai", "--certfile", str(cert), "--keyfile", str(key)), ENV)
    assert (config.certfile, config.keyfile, config.tls) == (cert, key, True)
    ns = args("--provider", "openai", "--certfile", str(tmp_path), "--keyfile", str(key))
    assert error_of(config_from_args, ns, ENV) == f"--certfile: {str(tmp_path)!r} is not a file"


def test_serve_config_checks_pairs_and_uniqueness() -> None:
    with pytest.raises(ConfigError, match="together"):
        ServeConfig(data_dir=Path("/d"), certfile=Path("/c"))
    p = parse_provider_spec("openai")
    with pytest.raises(ConfigError, match="used twice"):
        ServeConfig(data_dir=Path("/d"), providers=(p, p))
    q = parse_provider_spec("openai,name=other")
    with pytest.raises(ConfigError, match="served by both 'openai' and 'other'"):
        ServeConfig(data_dir=Path("/d"), providers=(p, q))
    config = ServeConfig(data_dir=Path("/d"), providers=(p, parse_provider_spec("anthropic")))
    assert config.provider_for("claude-haiku-4-5") is config.providers[1]
    assert config.provider_for("nope") is None


def test_limits_validate() -> None:
    with pytest.raises(ConfigError, match=r"limits.max_streams: must be a positive integer, got 0"):
        Limits(max_streams=0)
    with pytest.raises(ConfigError, match=r"limits.append_hold_seconds: must be a positive number"):
        Limits(append_hold_seconds=-1)


def test_default_data_dir() -> None:
    assert default_data_dir({"HOME": "/h", "XDG_DATA_HOME": "/x"}) == Path("/x/cursord")
    assert default_data_dir({"HOME": "/h", "XDG_DATA_HOME": "rel"}) == Path("/h/.local/share/cursord")
    assert default_data_dir({"HOME": "/h"}) == Path("/h/.local/share/cursord")


# --- endpoints ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "endpoint"),
    [
        ("127.0.0.1:8765", Endpoint("127.0.0.1", 8765)),
        ("[::1]:8765", Endpoint("::1", 8765)),
        ("[::]:0", Endpoint("::", 0)),
        ("localhost:65535", Endpoint("localhost", 65535)),
        ("my-host.lan:80", Endpoint("my-host.lan", 80)),
    ],
)
def test_endpoints(text: str, endpoint: Endpoint) -> None:
    assert parse_endpoint(text) == endpoint
    assert str(endpoint) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("::1:8765", "'::1:8765': an IPv6 address needs brackets, e.g. [::1]:8765"),
        ("[::1]", "'[::1]' is not [IPV6]:PORT (e.g. 127.0.0.1:8765 or [::1]:8765)"),
        ("[zz]:1", "'[zz]:1': 'zz' is not an IPv6 address"),
        (":80", "':80' has no host (use 0.0.0.0 or [::] for all interfaces)"),
        ("h:65536", "'h:65536': port '65536' is not a number from 0 to 65535"),
        ("h:-1", "'h:-1': port '-1' is not a number from 0 to 65535"),
        ("300.1.1.1:80", "'300.1.1.1:80': '300.1.1.1' is not an IPv4 address"),
        ("a_b:80", "'a_b:80': 'a_b' is not a host name or address"),
    ],
)
def test_endpoint_errors(text: str, message: str) -> None:
    assert error_of(parse_endpoint, text) == message


def test_loopback() -> None:
    assert Endpoint("127.0.0.2", 1).is_loopback
    assert Endpoint("::1", 1).is_loopback
    assert Endpoint("localhost", 1).is_loopback
    assert not Endpoint("0.0.0.0", 1).is_loopback
    assert not Endpoint("example.com", 1).is_loopback


# --- the TOML file -----------------------------------------------------------------------------------

FULL = """\
listen = "0.0.0.0:9000"
proxy_listen = "[::1]:9001"
data_dir = "state"
log_level = "warning"
certfile = "tls/cert.pem"
keyfile = "~/key.pem"
allowed_hosts = ["Cursord.LAN", "[fd00::1]", "192.168.1.5"]

[limits]
max_streams = 50
append_hold_seconds = 12.5

[[providers]]
preset = "openai"
models = ["gpt-5"]

[[providers]]
kind = "openai-chat"
name = "ollama"
base_url = "http://127.0.0.1:11434/v1"
models = ["llama3:8b", "qwen2.5-coder:7b"]
context_window = 8192
prices = { "llama3:8b" = [0, 0], "qwen2.5-coder:7b" = "0.1/0.2/0.01" }
cache_key = false
reasoning_echo = false

[providers.context_windows]
"qwen2.5-coder:7b" = 32768
"""


@pytest.fixture
def full_file(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    home = tmp_path / "home"
    home.mkdir()
    (home / "key.pem").write_text("k")
    (tmp_path / "tls").mkdir()
    (tmp_path / "tls" / "cert.pem").write_text("c")
    return write(tmp_path, FULL), {"HOME": str(home)}


def test_load_full_file(full_file: tuple[Path, dict[str, str]]) -> None:
    path, env = full_file
    config = load_config_file(path, env)
    assert config.listen == Endpoint("0.0.0.0", 9000)
    assert config.proxy_listen == Endpoint("::1", 9001)
    assert config.data_dir == path.parent / "state"  # relative to the file
    assert config.log_level is LogLevel.WARNING
    assert config.certfile == path.parent / "tls" / "cert.pem"
    assert config.keyfile == Path(env["HOME"]) / "key.pem"
    assert config.limits == Limits(max_streams=50, append_hold_seconds=12.5)
    assert config.allowed_hosts == ("cursord.lan", "fd00::1", "192.168.1.5")
    openai, ollama = config.providers
    assert openai.models == ("gpt-5",)
    assert openai.api_key_env == "OPENAI_API_KEY"
    assert ollama.api_key_env is None
    assert ollama.reasoning_echo is False and openai.reasoning_echo is True
    assert ollama.context_window_for("qwen2.5-coder:7b") == 32768
    assert ollama.context_window_for("llama3:8b") == 8192


def test_flags_override_file_and_providers_replace(full_file: tuple[Path, dict[str, str]]) -> None:
    path, env = full_file
    ns = args("--config", str(path), "--listen", "127.0.0.1:1", "--limit", "max_streams=3",
              "--provider", "anthropic")
    config = config_from_args(ns, env)
    assert config.listen == Endpoint("127.0.0.1", 1)  # flag
    assert config.proxy_listen == Endpoint("::1", 9001)  # file
    assert config.limits.max_streams == 3  # flag
    assert config.limits.append_hold_seconds == 12.5  # file
    assert config.limits.heartbeat_seconds == Limits().heartbeat_seconds  # default
    assert [p.name for p in config.providers] == ["anthropic"]  # flags replace the file's list


def test_allow_host_flags_replace_the_file_list(full_file: tuple[Path, dict[str, str]]) -> None:
    path, env = full_file
    config = config_from_args(args("--config", str(path), "--allow-host", "box.example."), env)
    assert config.allowed_hosts == ("box.example",)
    assert config_from_args(args("--provider", "openai"), ENV).allowed_hosts == ()
    message = error_of(config_from_args, args("--provider", "openai", "--allow-host", "box:1"), ENV)
    assert message == "--allow-host 'box:1': 'box:1' is not a host name or IP address (give it without a port)"


def test_proxy_ports_default_to_443_and_flags_replace_the_file_list(tmp_path: Path) -> None:
    assert config_from_args(args("--provider", "openai"), ENV).proxy_ports == (443,)
    path = write(tmp_path, 'proxy_ports = [443, 8443]\n[[providers]]\npreset = "openai"\n')
    assert load_config_file(path, ENV).proxy_ports == (443, 8443)
    assert config_from_args(args("--config", str(path), "--proxy-port", "9443"), ENV).proxy_ports == (9443,)
    message = error_of(config_from_args, args("--provider", "openai", "--proxy-port", "0"), ENV)
    assert message == "--proxy-port '0': 0 is not a port number from 1 to 65535"


def test_proxy_http2_is_on_by_default_and_off_by_file_or_flag(tmp_path: Path) -> None:
    assert config_from_args(args("--provider", "openai"), ENV).proxy_http2 is True
    assert config_from_args(args("--provider", "openai", "--proxy-http1-only"), ENV).proxy_http2 is False
    path = write(tmp_path, 'proxy_http2 = false\n[[providers]]\npreset = "openai"\n')
    assert load_config_file(path, ENV).proxy_http2 is False
    bad = write(tmp_path, 'proxy_http2 = "no"\n[[providers]]\npreset = "openai"\n')
    assert "true or false" in error_of(load_config_file, bad, ENV)


def test_node_address_needs_a_postgresql_store_and_a_url(tmp_path: Path) -> None:
    message = error_of(config_from_args, args("--provider", "openai", "--node-address", "http://10.0.0.2:8765"), ENV)
    assert "one PostgreSQL store" in message
    config = config_from_args(
        args("--provider", "openai", "--node-address", "http://10.0.0.2:8765", "--store", "postgresql://db/cursord"),
        ENV,
    )
    assert config.node_address == "http://10.0.0.2:8765"
    message = error_of(config_from_args, args("--provider", "openai", "--node-address", "10.0.0.2:8765"), ENV)
    assert "--node-address" in message and "http://HOST" in message
    path = write(tmp_path, 'node_address = "https://n1.example:8765"\nstore = "postgresql://db/c"\n'
                 '[[providers]]\npreset = "openai"\n')
    assert load_config_file(path, ENV).node_address == "https://n1.example:8765"


def test_file_alone_through_config_from_args(full_file: tuple[Path, dict[str, str]]) -> None:
    path, env = full_file
    assert config_from_args(args("--config", str(path)), env) == load_config_file(path, env)


def test_file_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, 'listen = "127.0.0.1:1"\nlog_level = \n')
    message = error_of(load_config_file, path, ENV)
    assert message.startswith(f"{path}:2:")
    assert "invalid TOML" in message


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    assert error_of(load_config_file, path, ENV) == f"{path}: cannot read config file: No such file or directory"


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(b'listen = "\xff"\n')
    assert error_of(load_config_file, path, ENV).startswith(f"{path}: not UTF-8 text")


BAD_URL = """\
[[providers]]
preset = "openai"

[[providers]]
kind = "openai-chat"
name = "x"
base_url = "ftp://x"
models = ["m"]
"""


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (BAD_URL, ":7", "providers[1].base_url: 'ftp://x' is not an http(s) URL"),
        ('lisen = "x"\n[[providers]]\npreset = "openai"\n', ":1", "unknown key 'lisen' (did you mean 'listen'?)"),
        ('[[providers]]\npreset = "openai"\nmodles = ["a"]\n', ":3",
         "providers[0].modles: unknown key 'modles' (did you mean 'models'?)"),
        ('[[providers]]\npreset = "openai"\nmodels = "gpt-5"\n', ":3",
         "providers[0].models: expected a list of model names, got str 'gpt-5'"),
        ('[[providers]]\npreset = "openai"\nmodels = ["a|b"]\n', ":3",
         "providers[0].models[0]: model name 'a|b' must not contain '|' (list each model separately)"),
        ('[[providers]]\npreset = "openai"\nkind = "foo"\n', ":3",
         "providers[0].kind: unknown kind 'foo' (expected one of openai-chat, openai-responses, anthropic, gemini)"),
        ('[[providers]]\nkind = "anthropic"\nname = "a"\n', ":1",
         "providers[0]: missing base_url, models (or start from a preset: openai, anthropic, gemini)"),
        ('listen = 8765\n', ":1", "listen: expected a \"HOST:PORT\" string, got int 8765"),
        ('listen = "::1:80"\n', ":1", "listen: '::1:80': an IPv6 address needs brackets, e.g. [::1]:8765"),
        ('log_level = "loud"\n', ":1",
         "log_level: 'loud' is not a log level (expected one of debug, info, warning, error)"),
        ('\n[limits]\nmax_streams = "5"\n', ":3", "limits.max_streams: expected a number, got str '5'"),
        ('\n[limits]\nmax_streams = 0\n', ":3", "limits.max_streams: must be a positive integer, got 0"),
        ('\n[limits]\nmax_stream = 5\n', ":3", "limits.max_stream: unknown key 'max_stream'"
         " (did you mean 'max_streams'?)"),
        ('limits = 5\n', ":1", "limits: expected a table, got int 5"),
        ('providers = ["openai"]\n', ":1",
         "providers: expected an array of tables ([[providers]]), got list ['openai']"),
        ('[[providers]]\npreset = "openai"\n[providers.context_windows]\n"o9" = 5\n', ":4",
         "providers[0].context_windows.o9: model 'o9' is not in this provider's models"),
        ('[[providers]]\npreset = "openai"\ncontext_window = 0\n', ":3",
         "providers[0].context_window: must be a positive number of tokens, got 0"),
        ('data_dir = 5\n', ":1", "data_dir: expected a path string, got int 5"),
        ('allowed_hosts = "h"\n', ":1", "allowed_hosts: expected a list of host names, got str 'h'"),
        ('allowed_hosts = ["h:80"]\n', ":1",
         "allowed_hosts: 'h:80' is not a host name or IP address (give it without a port)"),
        ('allowed_hosts = ["0.0.0.0"]\n', ":1",
         "allowed_hosts: '0.0.0.0' is a wildcard address, not a name a client uses"),
        ('proxy_ports = [443, 70000]\n', ":1", "proxy_ports: 70000 is not a port number from 1 to 65535"),
        ('proxy_ports = []\n', ":1", "proxy_ports: expected a non-empty list of port numbers, got list []"),
    ],
)
def test_file_errors_name_file_line_and_field(tmp_path: Path, text: str, where: str, message: str) -> None:
    path = write(tmp_path, text)
    assert error_of(load_config_file, path, ENV) == f"{path}{where}: {message}"


def test_file_duplicate_names_and_models_point_at_both(tmp_path: Path) -> None:
    path = write(tmp_path, '[[providers]]\npreset = "openai"\n\n[[providers]]\npreset = "openai"\nmodels = ["o3"]\n')
    assert error_of(load_config_file, path, ENV) == (
        f"{path}:4: providers[1].name: provider name 'openai' is already used by providers[0] (line 1)"
    )
    path = write(tmp_path, '[[providers]]\npreset = "openai"\n\n[[providers]]\npreset = "openai"\n'
                 'name = "b"\nmodels = ["o3", "gpt-4.1"]\n')
    assert error_of(load_config_file, path, ENV) == (
        f"{path}:7: providers[1].models[1]: model 'gpt-4.1' is served by two providers:"
        " 'openai' (providers[0] (line 1)) and 'b'"
    )


def test_file_missing_certfile_names_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[[providers]]\npreset = "openai"\n', "cursord.toml")
    path.write_text('certfile = "/nope/c.pem"\nkeyfile = "/nope/k.pem"\n' + path.read_text())
    assert error_of(load_config_file, path, ENV) == f"{path}:1: certfile: '/nope/c.pem' does not exist"
    path.write_text('keyfile = "/nope/k.pem"\n[[providers]]\npreset = "openai"\n')
    assert error_of(load_config_file, path, ENV) == (
        f"{path}:1: keyfile: given without certfile (TLS needs both)"
    )


def test_file_with_no_providers(tmp_path: Path) -> None:
    assert error_of(load_config_file, write(tmp_path, 'listen = "127.0.0.1:1"\n'), ENV).startswith(
        "no providers configured"
    )


# --- reporting ---------------------------------------------------------------------------------------


def test_redacted_round_trips_through_toml(full_file: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    path, env = full_file
    config = load_config_file(path, env)
    data = redacted(config)
    assert "key_present" not in json.dumps(data)
    text = dump_toml(data)
    assert tomllib.loads(text) == json.loads(json.dumps(data))
    again = write(tmp_path, text, "again.toml")
    assert load_config_file(again, env) == config


def test_redacted_reports_key_presence_not_keys() -> None:
    config = config_from_args(args("--provider", "openai", "--provider", "anthropic"), ENV)
    secret = "sk-proj-THISISASECRETVALUE"
    data = redacted(config, {"OPENAI_API_KEY": secret})
    assert secret not in json.dumps(data)
    assert [(p["name"], p["api_key_env"], p["key_present"]) for p in data["providers"]] == [
        ("openai", "OPENAI_API_KEY", True),
        ("anthropic", "ANTHROPIC_API_KEY", False),
    ]
    assert data["listen"] == "127.0.0.1:8765"
    assert data["limits"]["max_body_bytes"] == 4 * 1024 * 1024
    assert "certfile" not in data


def test_dump_toml_quotes_awkward_strings() -> None:
    text = dump_toml({"a": 'q"\\\n\x7f', "b key": [1, 2.5, True], "t": {"x.y": {"z": "w"}}})
    assert tomllib.loads(text) == {"a": 'q"\\\n\x7f', "b key": [1, 2.5, True], "t": {"x.y": {"z": "w"}}}


def test_config_warnings() -> None:
    config = config_from_args(args("--provider", "openai", "--listen", "0.0.0.0:8765"), ENV)
    warnings = config_warnings(config, {})
    assert warnings == [
        "listening on 0.0.0.0:8765 without TLS: anyone who can reach it can spend your provider keys",
        "provider 'openai': $OPENAI_API_KEY is not set; its models will fail",
    ]
    assert config_warnings(config_from_args(args("--provider", "openai"), ENV), {"OPENAI_API_KEY": "k"}) == []


def test_serve_flags_default_to_none() -> None:
    ns = args()
    for name in ("config", "listen", "proxy_listen", "agent_listen", "data_dir", "log_level", "providers",
                 "certfile", "keyfile", "limits", "allowed_hosts", "offline", "private", "title_model",
                 "proxy_ports"):
        assert getattr(ns, name) is None, name


def test_a_proxy_listening_beyond_loopback_is_warned_about(tmp_path: Path) -> None:
    from cursord.config import ServeConfig, config_warnings, parse_endpoint, parse_provider_spec

    spec = parse_provider_spec("openai")
    config = ServeConfig(data_dir=tmp_path, providers=(spec,), proxy_listen=parse_endpoint("0.0.0.0:8766"))
    warnings = config_warnings(config, {"OPENAI_API_KEY": "x"})
    assert any("open proxy" in w for w in warnings)
    local = ServeConfig(data_dir=tmp_path, providers=(spec,))
    assert not any("open proxy" in w for w in config_warnings(local, {"OPENAI_API_KEY": "x"}))


# --- the agent listener ------------------------------------------------------------------------------


def test_agent_listen_defaults_to_loopback_8767_and_can_be_switched_off(tmp_path: Path) -> None:
    assert config_from_args(args("--provider", "openai"), ENV).agent_listen == Endpoint("127.0.0.1", 8767)
    assert config_from_args(args("--provider", "openai", "--agent-listen", "off"), ENV).agent_listen is None
    on_v6 = config_from_args(args("--provider", "openai", "--agent-listen", "[::1]:0"), ENV)
    assert on_v6.agent_listen == Endpoint("::1", 0)
    path = write(tmp_path, 'agent_listen = "OFF"\n[[providers]]\npreset = "openai"\n')
    off = load_config_file(path, ENV)
    assert off.agent_listen is None
    data = redacted(off)
    assert data["agent_listen"] == "off"
    assert load_config_file(write(tmp_path, dump_toml(data), "again.toml"), ENV).agent_listen is None
    flags_win = config_from_args(args("--config", str(path), "--agent-listen", "localhost:9"), ENV)
    assert flags_win.agent_listen == Endpoint("localhost", 9)


def test_agent_listen_must_be_loopback(tmp_path: Path) -> None:
    message = error_of(config_from_args, args("--provider", "openai", "--agent-listen", "0.0.0.0:8767"), ENV)
    assert message.startswith("--agent-listen: '0.0.0.0:8767': the agent listener must be on loopback")
    path = write(tmp_path, 'agent_listen = 8767\n[[providers]]\npreset = "openai"\n')
    assert error_of(load_config_file, path, ENV) == (
        f"{path}:1: agent_listen: expected a \"HOST:PORT\" string or 'off', got int 8767"
    )


# --- a team gateway, and using one -------------------------------------------------------------------------


def test_private_is_off_by_default_and_on_by_file_or_flag(tmp_path: Path) -> None:
    assert config_from_args(args("--provider", "openai"), ENV).private is False
    assert config_from_args(args("--provider", "openai", "--private"), ENV).private is True
    path = write(tmp_path, 'private = true\n[[providers]]\npreset = "openai"\n')
    assert load_config_file(path, ENV).private is True
    bad = write(tmp_path, 'private = "yes"\n[[providers]]\npreset = "openai"\n')
    with pytest.raises(ConfigError, match=r"private.*true or false"):
        load_config_file(bad, ENV)


def test_team_gateway_by_flag_and_file(tmp_path: Path) -> None:
    assert config_from_args(args("--provider", "openai"), ENV).team_gateway is False
    assert config_from_args(args("--provider", "openai", "--team-gateway"), ENV).team_gateway is True
    path = write(tmp_path, 'team_gateway = true\n[[providers]]\npreset = "openai"\n')
    config = load_config_file(path, ENV)
    assert config.team_gateway is True and redacted(config)["team_gateway"] is True
    path.write_text('team_gateway = "yes"\n[[providers]]\npreset = "openai"\n')
    assert "team_gateway" in error_of(load_config_file, path, ENV)


def test_gateway_needs_its_token_file_and_no_providers(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("cdu_abc\n")
    config = config_from_args(args("--gateway", "https://gw.example:8765", "--gateway-token-file", str(token)), ENV)
    assert (config.gateway, config.gateway_token_file, config.providers) == ("https://gw.example:8765", token, ())
    data = redacted(config)
    assert data["gateway"] == "https://gw.example:8765" and data["gateway_token_file"] == str(token)
    assert "cdu_abc" not in json.dumps(data)  # the path, never the token
    assert "gateway_token_file" in error_of(config_from_args, args("--gateway", "http://127.0.0.1:9"), ENV)
    assert "does not exist" in error_of(
        config_from_args, args("--gateway", "http://h:1", "--gateway-token-file", str(tmp_path / "none")), ENV
    )
    for bad in ("ftp://h", "http://", "https://h/path", "gw.example:8765"):
        flags = args("--gateway", bad, "--gateway-token-file", str(token))
        assert "--gateway" in error_of(config_from_args, flags, ENV)
    both = args("--provider", "openai", "--team-gateway", "--gateway", "http://h:1", "--gateway-token-file", str(token))
    assert "cannot use another gateway" in error_of(config_from_args, both, ENV)
    path = write(tmp_path, 'gateway = "http://127.0.0.1:8765"\ngateway_token_file = "token"\n')
    assert load_config_file(path, ENV).gateway_token_file == token  # relative to the file
    # plain HTTP is warned about across the network, not to a gateway on this machine (issue 39 #10)
    assert not any("plain HTTP" in warning for warning in config_warnings(load_config_file(path, ENV), ENV))
    remote = write(tmp_path, 'gateway = "http://gw.example:8765"\ngateway_token_file = "token"\n')
    assert any("plain HTTP" in warning for warning in config_warnings(load_config_file(remote, ENV), ENV))
    ca = tmp_path / "team-ca.pem"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    path.write_text(path.read_text() + 'gateway_ca_file = "team-ca.pem"\n')
    config = load_config_file(path, ENV)
    assert config.gateway_ca_file == ca and redacted(config)["gateway_ca_file"] == str(ca)
    assert "gateway_ca_file: given without gateway" in error_of(
        load_config_file, write(tmp_path, 'gateway_ca_file = "team-ca.pem"\n[[providers]]\npreset = "openai"\n'), ENV
    )


# --- where the store lives -----------------------------------------------------------------------------------


def test_store_defaults_to_sqlite_in_the_data_dir() -> None:
    config = config_from_args(args("--provider", "openai"), ENV)
    assert config.store is None and "store" not in redacted(config)


def test_store_by_flag_and_file_with_the_password_redacted(tmp_path: Path) -> None:
    url = "postgresql://cursord:s3cret-pw@db.example:5433/cursord?sslmode=require"
    config = config_from_args(args("--provider", "openai", "--store", url), ENV)
    assert config.store == url  # the store connects with it...
    data = redacted(config)  # ...but it is never shown
    assert data["store"] == "postgresql://cursord:<redacted>@db.example:5433/cursord?sslmode=require"
    assert "s3cret-pw" not in dump_toml(data)
    path = write(tmp_path, 'store = "postgres://u@/db?host=/run/postgresql"\n[[providers]]\npreset = "openai"\n')
    assert load_config_file(path, ENV).store == "postgres://u@/db?host=/run/postgresql"
    path.write_text('store = "sqlite:state/cursord.db"\n[[providers]]\npreset = "openai"\n')
    assert load_config_file(path, ENV).store == f"sqlite:{tmp_path / 'state' / 'cursord.db'}"  # relative to the file


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("mysql://u:hunter2@h/db", "'mysql://u:<redacted>@h/db': expected postgresql://USER@HOST/DATABASE"),
        ("cursord.sqlite3", "expected postgresql://USER@HOST/DATABASE (or postgres://) or sqlite:PATH"),
        ("sqlite:", "give the SQLite file's path"),
        ("postgresql://u:hunter2@h:99999/db", "is not a URL: Port out of range"),
        ("postgresql://h/db?bogus=1", 'invalid URI query parameter: "bogus"'),
        ("postgresql://u:hunter2@h/db/extra", "the path names one database"),
    ],
)
def test_a_bad_store_is_a_precise_error_without_the_password(value: str, message: str, tmp_path: Path) -> None:
    flag_error = error_of(config_from_args, args("--provider", "openai", "--store", value), ENV)
    assert flag_error.startswith("--store: ") and message in flag_error and "hunter2" not in flag_error
    path = write(tmp_path, f'store = "{value}"\n[[providers]]\npreset = "openai"\n')
    file_error = error_of(load_config_file, path, ENV)
    assert "cursord.toml:1" in file_error and "store: " in file_error and message in file_error
    assert "hunter2" not in file_error


POOLED = """
[[providers]]
preset = "gemini"
key_pool = ["GEMINI_KEY_2", "GEMINI_KEY_3"]
key_order = "round-robin"
fallbacks = ["anthropic/claude-sonnet-4-5", "gemini-2.5-flash"]

[[providers]]
preset = "anthropic"
"""


def test_key_pools_and_fallbacks_in_a_file_and_a_flag(tmp_path: Path) -> None:
    path = write(tmp_path, POOLED)
    gemini, _ = load_config_file(path, ENV).providers
    assert gemini.kind is ProviderKind.GEMINI and gemini.api_key_env == "GEMINI_API_KEY"
    assert gemini.key_envs == ("GEMINI_API_KEY", "GEMINI_KEY_2", "GEMINI_KEY_3")
    # every key the daemon masks in what it prints (`cursord.app.runtime.configured_keys`)
    assert load_config_file(path, ENV).key_envs == (*gemini.key_envs, "ANTHROPIC_API_KEY")
    assert gemini.key_order is KeyOrder.ROUND_ROBIN
    assert gemini.fallbacks == ("anthropic/claude-sonnet-4-5", "gemini-2.5-flash")
    flag = parse_provider_spec("gemini,key_pool=GEMINI_KEY_2|GEMINI_KEY_3,key_order=round-robin,"
                               "fallbacks=anthropic/claude-sonnet-4-5|gemini-2.5-flash")
    assert flag == gemini
    assert redacted(load_config_file(path, ENV))["providers"][0] == {
        "kind": "gemini", "name": "gemini", "base_url": "https://generativelanguage.googleapis.com/v1beta",
        "api_key_env": "GEMINI_API_KEY", "models": ["gemini-2.5-pro", "gemini-2.5-flash", "gemini-3-pro-preview"],
        "context_window": 1_048_576, "key_pool": ["GEMINI_KEY_2", "GEMINI_KEY_3"], "key_order": "round-robin",
        "fallbacks": ["anthropic/claude-sonnet-4-5", "gemini-2.5-flash"],
    }
    again = write(tmp_path, dump_toml(redacted(load_config_file(path, ENV))), "again.toml")
    assert load_config_file(again, ENV).providers == load_config_file(path, ENV).providers
    warnings = config_warnings(load_config_file(path, ENV), {"GEMINI_API_KEY": "k", "GEMINI_KEY_2": "k"})
    assert "provider 'gemini': $GEMINI_KEY_3 (key_pool) is not set; the pool has one key less" in warnings


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ('[[providers]]\npreset = "gemini"\nfallbacks = ["gpt-9"]\n', ":3",
         "providers[0].fallbacks[0]: 'gpt-9' is not a configured model (configured: gemini-2.5-pro, "
         "gemini-2.5-flash, gemini-3-pro-preview)"),
        ('[[providers]]\npreset = "gemini"\nkey_order = "random"\n', ":3",
         "providers[0].key_order: 'random' is not a key order (expected one of ordered, round-robin)"),
        ('[[providers]]\npreset = "gemini"\nkey_pool = "K2"\n', ":3",
         "providers[0].key_pool: expected a list of variable names, got str 'K2'"),
        ('[[providers]]\npreset = "gemini"\nkey_pool = ["GEMINI_API_KEY"]\n', ":3",
         "providers[0].key_pool[0]: 'GEMINI_API_KEY' is not another environment variable name"),
        ('[[providers]]\npreset = "gemini"\napi_key_env = ""\nkey_pool = ["K2"]\n', ":4",
         "providers[0].key_pool: a key pool needs api_key_env too (the first key)"),
    ],
)
def test_key_pool_and_fallback_errors(tmp_path: Path, text: str, where: str, message: str) -> None:
    path = write(tmp_path, text)
    assert error_of(load_config_file, path, ENV) == f"{path}{where}: {message}"
