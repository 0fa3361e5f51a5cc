"""`cursord doctor` checks the web search backend: key, and one real query against fake search APIs
speaking the vendors' JSON on loopback (real clock, no sleeps)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
import trio

from cursord.cli.doctor import add_doctor_arguments, doctor_command
from cursord.config import SearchBackend
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider, open_fake_server
from cursord.testing.fake_web import KEYS, Hit, brave, searxng
from tests.cli.test_doctor import ENV, WALL_LIMIT, models

HITS = [Hit("cursord", "https://cursord.example/", "A local stand-in for the editor's backend.")]


def doctor_args(tmp_path: Path, provider_url: str, web_search: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cursord")
    add_doctor_arguments(parser.add_subparsers(dest="command"))
    return parser.parse_args([
        "doctor", "--data-dir", str(tmp_path), "--timeout", "5",
        "--provider", f"kind=openai-chat,name=healthy,base_url={provider_url},api_key_env=HEALTHY_KEY,models=fake-a",
        "--web-search", web_search,
    ])


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)


async def test_a_working_backend_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(models("fake-a"), Reply.sse(chat_text("ok"))) as provider,
            open_fake_server(brave(HITS)) as api,
        ):
            args = doctor_args(tmp_path, provider.url("/v1"), f"brave,base_url={api.base_url},api_key_env=BRAVE")
            env = {**ENV, "BRAVE": str(KEYS[SearchBackend.BRAVE])}
            code = await trio.to_thread.run_sync(doctor_command, args, env)
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"web search: brave at {api.base_url}: key ok: $BRAVE set, search ok: 1 result" in out
    assert api.requests[0].path == "/res/v1/web/search?q=cursord&count=1"


async def test_a_rejected_key_and_a_closed_json_api_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(models("fake-a"), Reply.sse(chat_text("ok")), models("fake-a"),
                               Reply.sse(chat_text("ok"))) as provider,
            open_fake_server(brave(HITS)) as api,
            open_fake_server(searxng(HITS, json_enabled=False)) as instance,
        ):
            args = doctor_args(tmp_path, provider.url("/v1"), f"brave,base_url={api.base_url},api_key_env=BRAVE")
            wrong = await trio.to_thread.run_sync(doctor_command, args, {**ENV, "BRAVE": "BSA-wrong-0123456789"})
            args = doctor_args(tmp_path, provider.url("/v1"), f"searxng,base_url={instance.base_url}")
            closed = await trio.to_thread.run_sync(doctor_command, args, ENV)
    out = capsys.readouterr().out
    assert (wrong, closed) == (1, 1)
    assert "FAIL web search search: failed: brave refused the API key ($BRAVE) (422: The provided subscription" in out
    assert "BSA-wrong" not in out
    assert "FAIL web search search: failed: the SearXNG instance at" in out and "formats: [html, json]" in out


async def test_a_missing_key_fails_without_a_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(models("fake-a"), Reply.sse(chat_text("ok"))) as provider,
            open_fake_server(brave(HITS)) as api,
        ):
            args = doctor_args(tmp_path, provider.url("/v1"), f"brave,base_url={api.base_url},api_key_env=BRAVE")
            code = await trio.to_thread.run_sync(doctor_command, args, ENV)
    assert code == 1
    assert "FAIL web search key: $BRAVE not set" in capsys.readouterr().out
    assert api.requests == []
