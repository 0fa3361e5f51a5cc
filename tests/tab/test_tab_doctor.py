"""`cursord doctor`'s Tab check: the key, and one FIM request to fake servers on loopback (real clock)."""

from __future__ import annotations

import trio

from cursord.config import TabBackend
from cursord.config._tab import build_tab
from cursord.diagnose import Status
from cursord.tab.backend import FIM_FORMATS
from cursord.tab.doctor import check_tab, format_tab
from cursord.testing.fake_fim import FIM_KEY, fim_server, rewrite_server
from cursord.testing.fake_providers import open_fake_server

ENV = {"FIM_KEY": FIM_KEY}


async def test_a_working_backend_passes() -> None:
    with trio.fail_after(20):
        async with open_fake_server(fim_server(FIM_FORMATS[TabBackend.CODESTRAL], ["a + b"])) as fake:
            spec = build_tab({"backend": "codestral", "base_url": fake.url("/v1"), "model": "fim-model",
                              "api_key_env": "FIM_KEY"})
            report = await check_tab(spec, ENV, request_timeout=5)
    assert not report.failed and report.completion.status is Status.OK
    assert report.completion.summary.startswith("5 chars, first after ")
    assert "completion ok: 5 chars" in format_tab(report)
    assert fake.requests[0].json["prompt"] == "def add(a, b):\n    return "


async def test_a_next_edit_backend_is_asked_with_its_bare_prompt() -> None:
    with trio.fail_after(20):
        async with open_fake_server(rewrite_server(FIM_FORMATS[TabBackend.LLAMA_CPP], ["    return a + b\n"])) as fake:
            spec = build_tab({"backend": "llama.cpp", "base_url": fake.url(), "mode": "sweep"})
            report = await check_tab(spec, ENV, request_timeout=5)
    assert not report.failed, format_tab(report)
    assert fake.requests[0].path == "/completion"
    assert "<|file_sep|>current/probe.py\ndef add(a, b):\n    return <|cursor|>" in fake.requests[0].json["prompt"]
    assert "mode sweep" in format_tab(report)


async def test_a_refused_key_or_model_fails_with_the_servers_reason() -> None:
    with trio.fail_after(20):
        async with open_fake_server(fim_server(FIM_FORMATS[TabBackend.OLLAMA], ["x"])) as fake:
            spec = build_tab({"backend": "ollama", "base_url": fake.url(), "model": "not-pulled"})
            report = await check_tab(spec, ENV, request_timeout=5)
    assert report.failed and report.completion.status is Status.FAIL
    assert "not found, try pulling it first" in format_tab(report)


async def test_a_missing_key_is_said_before_any_request() -> None:
    spec = build_tab({"backend": "deepseek"})
    report = await check_tab(spec, {}, request_timeout=5)
    assert report.failed and report.key.summary == "$DEEPSEEK_API_KEY not set"
    assert report.completion.status is Status.SKIP


def test_the_daemon_serves_tab_only_when_configured() -> None:
    from cursord.app.runtime import tab_service
    from cursord.config import config_from_args
    from cursord.store import PassRecord
    from tests.app.test_config import args

    records: list[PassRecord] = []
    env = {"HOME": "/home/u", "CODESTRAL_API_KEY": "k-123"}
    assert tab_service(config_from_args(args("--provider", "openai"), env), env, records.append).backend is None
    config = config_from_args(args("--provider", "openai", "--tab", "codestral"), env)
    service = tab_service(config, env, records.append)
    assert service.backend is not None and service.backend.api_key == "k-123" and service.backend.client is not None
    assert service.on_usage is not None
    trio.run(service.aclose)
    assert service.backend is None
