"""`cursord doctor` against fake providers served on real loopback HTTP (real clock, no sleeps)."""

from __future__ import annotations

import argparse
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
import trio

from cursord.cli.doctor import add_doctor_arguments, doctor_command, format_doctor
from cursord.config import ProviderKind, ProviderSpec, ServeConfig
from cursord.diagnose import Status, model_listed, run_doctor
from cursord.testing.fake_providers import (
    RecordedRequest,
    Reply,
    anthropic_text,
    chat_text,
    open_fake_provider,
    open_fake_server,
)
from cursord.testing.provider_streams import gemini_text

WALL_LIMIT = 20.0
HEALTHY_KEY = "sk-healthy-0123456789abcdefghij"
BROKEN_KEY = "sk-broken-0123456789abcdefghijk"
ENV = {"HEALTHY_KEY": HEALTHY_KEY, "BROKEN_KEY": BROKEN_KEY}


def models(*ids: str) -> Reply:
    return Reply.json(200, {"object": "list", "data": [{"id": i, "object": "model"} for i in ids]})


def unauthorized() -> Reply:
    return Reply.json(401, {"error": {"message": f"Incorrect API key provided: {BROKEN_KEY}",
                                      "type": "invalid_request_error", "code": "invalid_api_key"}})


def spec(name: str, base_url: str, key_env: str | None, *model_ids: str,
         kind: ProviderKind = ProviderKind.OPENAI_CHAT) -> ProviderSpec:
    return ProviderSpec(kind=kind, name=name, base_url=base_url, api_key_env=key_env, models=model_ids)


@asynccontextmanager
async def plain_client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(trust_env=False) as client:  # never through the environment's proxy
        yield client


async def test_a_healthy_and_a_rejected_provider(tmp_path: Path) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(models("fake-a", "fake-b", "other"), Reply.sse(chat_text("ok"))) as healthy,
            open_fake_provider(unauthorized()) as broken,
            plain_client() as client,
        ):
            config = ServeConfig(data_dir=tmp_path, providers=(
                spec("healthy", healthy.url("/v1"), "HEALTHY_KEY", "fake-a", "fake-b"),
                spec("broken", broken.url("/v1"), "BROKEN_KEY", "fake-c"),
            ))
            good, bad = await run_doctor(config, ENV, client=client, request_timeout=5)

    assert not good.failed
    assert [check.status for _, check in good.checks] == [Status.OK] * 4
    assert good.listed == ("fake-a", "fake-b", "other")
    assert good.models.summary == "2/2 listed"
    assert good.probe.summary.startswith("fake-a, first byte ")
    listing, probe = healthy.requests
    assert (listing.method, listing.path) == ("GET", "/v1/models")
    assert listing.headers["authorization"] == f"Bearer {HEALTHY_KEY}"
    assert (probe.method, probe.path) == ("POST", "/v1/chat/completions")
    assert probe.json["model"] == "fake-a" and probe.json["max_completion_tokens"] == 1

    assert bad.failed
    assert bad.endpoint.status is Status.FAIL and bad.endpoint.summary == "key rejected (HTTP 401)"
    assert bad.probe.status is Status.SKIP
    assert len(broken.requests) == 1  # no probe after the key was refused

    report = format_doctor([good, bad])
    assert HEALTHY_KEY not in report and BROKEN_KEY not in report  # not even the key the endpoint echoed
    assert "FAIL broken endpoint: key rejected (HTTP 401)" in report
    assert report.endswith("1 of 2 providers has problems")


async def test_doctor_command_exits_non_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    parser = argparse.ArgumentParser(prog="cursord")
    add_doctor_arguments(parser.add_subparsers(dest="command"))
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(models("fake-a"), Reply.sse(chat_text("ok"))) as healthy,
            open_fake_provider(unauthorized()) as broken,
        ):
            args = parser.parse_args([
                "doctor", "--data-dir", str(tmp_path), "--timeout", "5",
                "--provider", f"kind=openai-chat,name=healthy,base_url={healthy.url('/v1')},"
                              "api_key_env=HEALTHY_KEY,models=fake-a",
                "--provider", f"kind=openai-chat,name=broken,base_url={broken.url('/v1')},"
                              "api_key_env=BROKEN_KEY,models=fake-c",
            ])
            code = await trio.to_thread.run_sync(doctor_command, args, ENV)
    out = capsys.readouterr().out
    assert code == 1
    assert out.splitlines()[0].split()[:2] == ["PROVIDER", "KIND"]
    assert "key rejected (HTTP 401)" in out
    assert HEALTHY_KEY not in out and BROKEN_KEY not in out

    # Only the healthy one: exit 0.
    with trio.fail_after(WALL_LIMIT):
        async with open_fake_provider(models("fake-a"), Reply.sse(chat_text("ok"))) as healthy:
            args = parser.parse_args([
                "doctor", "--data-dir", str(tmp_path),
                "--provider", f"kind=openai-chat,name=healthy,base_url={healthy.url('/v1')},"
                              "api_key_env=HEALTHY_KEY,models=fake-a",
            ])
            assert await trio.to_thread.run_sync(doctor_command, args, ENV) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("the provider is OK")
    assert "ok: 1 model, " in out  # a count in words: one model, not "1 models"


async def test_anthropic_listing_aliases_and_a_missing_model(tmp_path: Path) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(
                Reply.json(200, {"data": [{"id": "claude-x-20250101"}], "has_more": True,
                                 "last_id": "claude-x-20250101"}),
                Reply.json(200, {"data": [{"id": "claude-y-20250202"}], "has_more": False}),
                Reply.sse(anthropic_text("ok")),
            ) as fake,
            plain_client() as client,
        ):
            config = ServeConfig(data_dir=tmp_path, providers=(
                spec("claude", fake.base_url, "HEALTHY_KEY", "claude-x", "claude-y", "claude-z",
                     kind=ProviderKind.ANTHROPIC),
            ))
            (report,) = await run_doctor(config, ENV, client=client, request_timeout=5)
    first, second, probe = fake.requests
    assert first.path == "/v1/models?limit=1000"
    assert second.path == "/v1/models?limit=1000&after_id=claude-x-20250101"
    assert first.headers["x-api-key"] == HEALTHY_KEY and first.headers["anthropic-version"]
    assert "authorization" not in first.headers
    assert report.models.status is Status.FAIL and report.models.summary == "2/3 listed"
    assert report.models.detail is not None and "claude-z" in report.models.detail
    assert report.probe.status is Status.OK and probe.json["max_tokens"] == 1
    assert report.failed


async def test_missing_key_and_unreachable_endpoint(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with trio.fail_after(WALL_LIMIT):
        async with open_fake_provider() as keyless_target, plain_client() as client:
            config = ServeConfig(data_dir=tmp_path, providers=(
                spec("nokey", keyless_target.base_url, "UNSET_KEY", "m1"),
                spec("gone", f"http://127.0.0.1:{port}/v1", "HEALTHY_KEY", "m2"),
            ))
            nokey, gone = await run_doctor(config, ENV, client=client, request_timeout=5)
    assert nokey.key.status is Status.FAIL and nokey.key.summary == "$UNSET_KEY not set"
    # where to set it, and the way out for a provider the starter config lists but the user does not use
    assert nokey.key.detail is not None and "~/.config/cursord/cursord.env" in nokey.key.detail
    assert "take the provider out of the config" in nokey.key.detail
    assert keyless_target.requests == []
    assert gone.endpoint.status is Status.FAIL and gone.endpoint.summary == "unreachable"
    assert gone.probe.status is Status.SKIP
    assert nokey.failed and gone.failed


async def test_an_endpoint_without_a_model_list_only_warns(tmp_path: Path) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(Reply.json(404, {"error": {"message": "no such route"}}), Reply.sse(chat_text("ok")))
            as fake,
            plain_client() as client,
        ):
            config = ServeConfig(data_dir=tmp_path, providers=(spec("local", fake.base_url, None, "llama"),))
            (report,) = await run_doctor(config, {}, client=client, request_timeout=5)
    assert report.key.summary == "none needed"
    assert report.endpoint.status is Status.WARN
    assert report.models.status is Status.SKIP
    assert report.probe.status is Status.OK
    assert not report.failed
    assert "authorization" not in fake.requests[0].headers


def test_model_aliases() -> None:
    assert model_listed("claude-sonnet-4-5", ["claude-sonnet-4-5-20250929"])
    assert model_listed("gpt-4.1", ["gpt-4.1-2025-04-14"])
    assert not model_listed("claude-sonnet-4", ["claude-sonnet-4-5-20250929"])
    assert not model_listed("gpt-5", ["gpt-5-mini"])


async def test_gemini_listing_pages_its_key_header_and_a_pool_key_not_set(tmp_path: Path) -> None:
    first = Reply.json(200, {"models": [{"name": "models/gemini-2.5-pro"}], "nextPageToken": "page-2"})
    second = Reply.json(200, {"models": [{"name": "models/gemini-2.5-flash"}]})
    with trio.fail_after(WALL_LIMIT):
        async with (
            open_fake_provider(first, second, Reply.sse(gemini_text("ok"))) as fake,
            plain_client() as client,
        ):
            gemini = ProviderSpec(
                kind=ProviderKind.GEMINI, name="gemini", base_url=fake.url("/v1beta"), api_key_env="HEALTHY_KEY",
                models=("gemini-2.5-flash",), key_pool=("SECOND_GEMINI_KEY",),
            )
            reports = await run_doctor(ServeConfig(data_dir=tmp_path, providers=(gemini,)), ENV, client=client,
                                       request_timeout=5)
    report, unset = reports
    assert report.key.status is Status.OK and report.key.summary == "$HEALTHY_KEY set"
    assert (unset.name, unset.key.status, unset.key.summary) == ("gemini#2", Status.WARN, "$SECOND_GEMINI_KEY not set")
    assert not unset.failed and unset.endpoint.status is Status.SKIP
    assert report.listed == ("gemini-2.5-pro", "gemini-2.5-flash")
    assert report.models.summary == "1/1 listed" and report.probe.status is Status.OK
    page_one, page_two, probe = fake.requests
    assert page_one.path == "/v1beta/models?pageSize=1000"
    assert page_two.path == "/v1beta/models?pageSize=1000&pageToken=page-2"
    assert page_one.headers["x-goog-api-key"] == HEALTHY_KEY and "authorization" not in page_one.headers
    assert probe.path == "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    assert probe.json["generationConfig"]["maxOutputTokens"] == 1
    assert not report.failed


async def test_every_key_of_a_pool_is_checked_and_a_refused_one_does_not_fail_doctor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39 #3: doctor probed only the first key, named no variable, and exited 1 while the daemon served
    on the second."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)

    def by_key(request: RecordedRequest) -> Reply:
        if request.headers["authorization"] != f"Bearer {HEALTHY_KEY}":
            return unauthorized()
        return models("fake-a") if request.method == "GET" else Reply.sse(chat_text("ok"))

    parser = argparse.ArgumentParser(prog="cursord")
    add_doctor_arguments(parser.add_subparsers(dest="command"))
    with trio.fail_after(WALL_LIMIT):
        async with open_fake_server(by_key) as fake:
            args = parser.parse_args([
                "doctor", "--data-dir", str(tmp_path), "--timeout", "5",
                "--provider", f"kind=openai-chat,name=pool,base_url={fake.url('/v1')},"
                              "api_key_env=BROKEN_KEY,key_pool=HEALTHY_KEY,models=fake-a",
            ])
            code = await trio.to_thread.run_sync(doctor_command, args, ENV)
    out = capsys.readouterr().out
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines()[1:3]}
    assert "FAIL: $BROKEN_KEY set" not in rows["pool"] and "key rejected (HTTP 401)" in rows["pool"]
    assert "ok: $HEALTHY_KEY set" in rows["pool#2"] and "ok: fake-a, first byte" in rows["pool#2"]
    assert "FAIL pool endpoint: key rejected (HTTP 401)" in out
    assert out.rstrip().endswith("pool failed; the rest of its pool serves")
    assert sorted(r.method for r in fake.requests) == ["GET", "GET", "POST"]  # both keys listed, one probe
    assert HEALTHY_KEY not in out and BROKEN_KEY not in out
