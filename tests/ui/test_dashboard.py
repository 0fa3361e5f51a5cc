"""The dashboard over real loopback HTTP: login, refusals, and a real tool turn seen live and afterwards."""

from __future__ import annotations

import datetime
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import hpack
import httpx
import pytest

from cursord.agent.turn import AgentServices
from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import ForwardedRow
from cursord.testing.agent import API_KEY, agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, Stall, chat_text, chat_tool_call, chat_usage, open_fake_provider
from cursord.testing.http_client import Client
from cursord.ui import COOKIE_NAME, UiSessions, auth, make_login_code
from tests.ui.test_auth import Recording

TOKEN = "5a" * 32


@asynccontextmanager
async def dashboard(tmp_path: Path, *replies: Reply) -> AsyncIterator[tuple[Any, httpx.AsyncClient]]:
    async with dashboard_and_services(tmp_path, *replies) as (daemon, _, browser):
        yield daemon, browser


@asynccontextmanager
async def dashboard_and_services(
    tmp_path: Path, *replies: Reply
) -> AsyncIterator[tuple[Any, AgentServices, httpx.AsyncClient]]:
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(
            spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5"),
            transport="tcp",
            data_dir=str(tmp_path),
            dashboard=UiSessions(TOKEN),
        ) as (daemon, services),
        httpx.AsyncClient(base_url=daemon.base_url, follow_redirects=False) as browser,
    ):
        yield daemon, services, browser


async def log_in(browser: httpx.AsyncClient) -> None:
    response = await browser.get("/ui/login", params={"code": make_login_code(TOKEN)})
    assert response.status_code == 303 and response.headers["location"] == "/ui/"


async def test_without_a_session_everything_but_the_login_page_is_refused(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as (_, browser):
        page = await browser.get("/ui/")
        assert page.status_code == 401 and "cursord ui" in page.text
        for path in ("/ui/api/streams", "/ui/api/usage", "/ui/api/config", "/ui/api/live", "/ui/api/providers"):
            response = await browser.get(path)
            assert response.status_code == 401, path
            assert "cursord ui" in response.json()["error"]
        async with httpx.AsyncClient(base_url=str(browser.base_url), cookies={COOKIE_NAME: "made-up"}) as guesser:
            assert (await guesser.get("/ui/api/streams")).status_code == 401
        forged = await browser.get("/ui/login", params={"code": make_login_code("ff" * 32)})
        assert forged.status_code == 403 and "not made by this daemon" in forged.text
        assert COOKIE_NAME not in browser.cookies


async def test_a_login_link_gives_a_strict_http_only_cookie_once(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as (_, browser):
        code = make_login_code(TOKEN)
        response = await browser.get("/ui/login", params={"code": code})
        assert response.status_code == 303
        cookie = response.headers["set-cookie"]
        for part in ("HttpOnly", "SameSite=Strict", "Path=/ui"):
            assert part in cookie
        page = await browser.get("/ui/")
        assert page.status_code == 200 and "<title>cursord</title>" in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert "access-control-allow-origin" not in page.headers
        again = await httpx.AsyncClient(base_url=str(browser.base_url)).get("/ui/login", params={"code": code})
        assert again.status_code == 403 and "used already" in again.text
        out = await browser.post("/ui/logout", headers={"origin": str(browser.base_url).rstrip("/")})
        assert out.status_code == 303
        assert (await browser.get("/ui/api/streams")).status_code == 401


async def test_other_origins_methods_and_the_proxy_tunnel_are_refused(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as (_, browser):
        await log_in(browser)
        assert (await browser.get("/ui/api/streams")).status_code == 200
        foreign = await browser.get("/ui/api/streams", headers={"origin": "https://evil.example"})
        assert foreign.status_code == 403
        rebound = await browser.get("/ui/api/streams", headers={"host": "evil.example"})
        assert rebound.status_code == 403
        posted = await browser.post("/ui/api/streams", content=b"x")
        assert posted.status_code == 405 and posted.headers["allow"] == "GET, HEAD"
        own = str(browser.base_url).rstrip("/")
        posted = await browser.post("/ui/api/streams", content=b"x", headers={"origin": own})
        assert posted.status_code == 405  # the dashboard's own Origin is let through to the dashboard only
        assert (await browser.get("/ui/static/app.js")).headers["content-type"].startswith("text/javascript")
        assert (await browser.get("/ui/api/usage?days=%C2%B2")).status_code == 200  # "²" passes str.isdigit


async def test_a_hostile_cookie_header_is_refused_without_parsing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CVE-2024-7592: 60 KB of backslashes in a quoted cookie kept `http.cookies` on the event loop ~7 s. The
    header is refused by its length before a single cookie pair is looked at (no clock bound here: a test charges the
    daemon for nothing its own client does)."""
    hostile = f'{COOKIE_NAME}="' + "\\" * 60_000 + '"'
    pairs_read: list[bytes] = []
    monkeypatch.setattr(auth, "_SESSION_ID", Recording(auth._SESSION_ID, pairs_read))
    # the client sends its header literals without Huffman coding: hpack's coder is quadratic in a value's
    # length (seconds of the client's own CPU for 60 KB, long enough for the server to give up on the client)
    encode = hpack.Encoder.encode
    monkeypatch.setattr(hpack.Encoder, "encode", lambda self, headers, huffman=True: encode(self, headers, False))
    async with dashboard(tmp_path) as (daemon, _):
        client = Client(daemon.connect, http2=True)  # HTTP/2 carries a header list of 64 KiB
        async with client.request("GET", "/ui/api/streams", [("cookie", hostile)]) as response:
            body = await response.read_all()
        assert response.status == 431 and b"Cookie header is longer than" in body
    assert pairs_read == []


async def test_side_effects_are_posts_from_the_dashboards_own_origin_only(tmp_path: Path) -> None:
    """Issue 27 #12: `GET /ui/logout` and `GET /ui/api/providers?probe=1` (a paid completion) had effects, and
    cookies are not port-scoped: a page served on another loopback port could trigger them with a link."""
    async with dashboard(tmp_path) as (_, browser):
        await log_in(browser)
        own = str(browser.base_url).rstrip("/")
        other_port = own.rsplit(":", 1)[0] + ":9"
        # GETs have no effect: no logout, no probe
        assert (await browser.get("/ui/logout")).status_code == 405
        (provider,) = (await browser.get("/ui/api/providers", params={"probe": "1"})).json()["providers"]
        assert provider["checks"]["probe"]["summary"] == "not asked"
        assert (await browser.get("/ui/api/streams")).status_code == 200
        # another loopback port's page: same-site to the browser, refused by Origin and by Sec-Fetch-Site
        for headers in ({"origin": other_port}, {"sec-fetch-site": "same-site"}, {"sec-fetch-site": "cross-site"}):
            assert (await browser.post("/ui/logout", headers=headers)).status_code == 403, headers
            assert (await browser.get("/ui/api/streams", headers=headers)).status_code == 403, headers
        assert (await browser.get("/ui/api/streams", headers={"sec-fetch-site": "same-origin"})).status_code == 200
        assert (await browser.get("/ui/api/streams", headers={"sec-fetch-site": "none"})).status_code == 200
        # the dashboard's own page POSTs them
        probed = await browser.post("/ui/api/probe", headers={"origin": own, "sec-fetch-site": "same-origin"})
        assert probed.status_code == 200 and probed.json()["providers"][0]["checks"]["probe"]["summary"] != "not asked"
        out = await browser.post("/ui/logout", headers={"origin": own, "sec-fetch-site": "same-origin"})
        assert out.status_code == 303 and (await browser.get("/ui/api/streams")).status_code == 401


def read_ok(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    success = agent.ReadSuccess(path=message.exec_server_message.read_args.path, content="x = 1\n", total_lines=1)
    return [exec_reply(message, read_result=agent.ReadResult(success=success))]


async def next_view(lines: AsyncIterator[str]) -> dict[str, Any]:
    async for line in lines:
        if line.startswith("data: "):
            view: dict[str, Any] = json.loads(line.removeprefix("data: "))
            return view
    raise AssertionError("the live stream ended")


async def test_a_tool_turn_is_seen_live_then_with_its_usage_and_cost(tmp_path: Path, autojump_clock: Any) -> None:
    usage = chat_usage(prompt=3000, completion=120, cached=2048)
    replies = (
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/a.py"}), usage=usage)),
        Reply.sse(chat_text("It sets x.", usage=chat_usage(prompt=3200, completion=40, cached=3072))),
    )
    async with dashboard(tmp_path, *replies) as (daemon, browser):
        await log_in(browser)
        async with browser.stream("GET", "/ui/api/live") as live:
            assert live.headers["content-type"] == "text/event-stream"
            lines = live.aiter_lines()
            assert (await next_view(lines))["streams"] == []
            async with daemon.editor(http2=True) as editor:
                await editor.append("r1", run_request("what is in a.py?", model="gpt-5"))
                async with editor.run_sse("r1") as reader:
                    while (message := await reader.next_message()) is not None:
                        if message.exec_server_message.HasField("read_args"):
                            # the editor has not answered yet: the dashboard shows the turn waiting on it
                            while True:
                                view = await next_view(lines)
                                rows = [r for r in view["streams"] if r["request_id"] == "r1"]
                                if rows and rows[0]["pending_execs"]:
                                    break
                            row = rows[0]
                            assert row["model_id"] == "gpt-5" and row["conversation_id"] == "conv-1"
                            assert row["phase"] == "waiting_external"
                            assert [p["kind"] for p in row["pending_execs"]] == ["read_args"]
                            assert (row["passes"], row["input_tokens"], row["output_tokens"]) == (1, 3000, 120)
                            for reply in read_ok(message):
                                await editor.append("r1", reply)
        usage_view = (await browser.get("/ui/api/usage", params={"days": "all"})).json()
        (model,) = usage_view["models"]
        assert (model["model"], model["passes"], model["input_tokens"], model["cache_read_tokens"]) == (
            "gpt-5", 2, 6200, 5120)
        assert model["cost_usd"] > 0 and model["unpriced_passes"] == 0
        assert len(usage_view["days"]) == 1 and usage_view["days"][0]["cache_hit_rate"] == pytest.approx(5120 / 6200)
        (conversation,) = (await browser.get("/ui/api/conversations")).json()["conversations"]
        assert (conversation["conversation_id"], conversation["turns"]) == ("conv-1", 1)
        assert conversation["cost_usd"] == pytest.approx(model["cost_usd"])
        detail = (await browser.get("/ui/api/conversation", params={"id": "conv-1"})).json()
        assert [t["status"] for t in detail["turns"]] == ["completed"]
        assert [p["model_call_id"] for p in detail["passes"]] == ["r1:1", "r1:2"]
        missing = await browser.get("/ui/api/conversation", params={"id": "nope"})
        assert missing.status_code == 404


async def test_a_running_pass_shows_its_prompts_estimated_size_until_the_provider_reports_it(
    tmp_path: Path,
) -> None:
    """Issue 39 #10: the live input tokens read 0 during a pass (providers report usage at its end)."""
    question = "what does this module do? " * 400  # about 10,400 characters: some 2,600 tokens
    replies = (Reply.sse(chat_text("It", done=False)[:-2], then=Stall()),)  # no finish, no usage
    async with dashboard(tmp_path, *replies) as (daemon, browser):
        await log_in(browser)
        async with daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request(question, model="gpt-5"))
            async with editor.run_sse("r1") as reader:
                while not (message := await reader.next_message()).interaction_update.HasField("text_delta"):
                    assert message is not None
                # the model is answering; the provider has said nothing of the prompt's size yet
                (row,) = (await browser.get("/ui/api/streams")).json()["streams"]
    assert (row["phase"], row["passes"]) == ("provider_running", 0)
    assert len(question) // 8 < row["input_tokens"] < len(question)  # about a token per four characters
    assert row["input_estimated"] is True


async def test_config_and_providers_pages_never_show_a_key(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as (_, browser):
        await log_in(browser)
        config = await browser.get("/ui/api/config")
        providers = await browser.get("/ui/api/providers")
        for response in (config, providers):
            assert response.status_code == 200 and API_KEY not in response.text
        (provider,) = providers.json()["providers"]
        assert provider["checks"]["key"]["status"] == "ok"
        assert provider["checks"]["probe"] == {"status": "skip", "summary": "not asked", "detail": None}
        assert config.json()["config"]["providers"][0]["key_present"] is True


async def test_what_left_this_machine_is_shown_per_day(tmp_path: Path) -> None:
    today = datetime.date.today()
    old = (today - datetime.timedelta(days=40)).isoformat()
    bug_bot, teams = "aiserver.v1.AiService/StreamBugBot", "aiserver.v1.DashboardService/GetTeams"
    async with dashboard_and_services(tmp_path) as (_, services, browser):
        assert services.store is not None
        for row in (ForwardedRow(today.isoformat(), teams, False, 1, 0, 2, 6),
                    ForwardedRow(today.isoformat(), teams, False, 1, 1, 2, 0),
                    ForwardedRow(today.isoformat(), bug_bot, True, 1, 0, 900, 40),
                    ForwardedRow(old, teams, False, 1, 0, 2, 6)):
            services.store.record_forwarded_nowait(row)
        await services.store.flush()
        assert (await browser.get("/ui/api/forwarded")).status_code == 401
        await log_in(browser)
        view = (await browser.get("/ui/api/forwarded", params={"days": "all"})).json()
        assert [day["day"] for day in view["days"]] == [today.isoformat(), old]
        latest = view["days"][0]
        assert (latest["calls"], latest["carrying_code"], latest["failed"]) == (3, 1, 1)
        assert [(r["method"], r["count"], r["bytes_up"], r["carries_code"]) for r in latest["rpcs"]] == [
            (teams, 2, 4, False), (bug_bot, 1, 900, True),
        ]
        assert view["totals"] == {"calls": 4, "carrying_code": 1, "failed": 1, "bytes_up": 906, "bytes_down": 52}
        recent = (await browser.get("/ui/api/forwarded", params={"days": "7"})).json()
        assert [day["day"] for day in recent["days"]] == [today.isoformat()]


async def test_the_overview_shows_each_key_of_a_pool(tmp_path: Path) -> None:
    """Issue 39 #3: a pool's second key (`fake#2`) was left out, and the pool shown idle and failed."""
    refused = Reply.json(401, {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}})
    environ = {"FAKE_KEY": "sk-first-0123456789", "SECOND_KEY": "sk-second-0123456789"}
    async with (
        open_fake_provider(refused, Reply.sse(chat_text("hi"))) as fake,
        agent_daemon(
            spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5", key_pool=["SECOND_KEY", "THIRD_KEY"]),
            transport="tcp",
            data_dir=str(tmp_path),
            dashboard=UiSessions(TOKEN),
            environ=environ,
        ) as (daemon, _),
        httpx.AsyncClient(base_url=daemon.base_url, follow_redirects=False) as browser,
    ):
        async with daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("hi", model="gpt-5"))
            async with editor.run_sse("r1") as reader:
                assert (await drive(editor, "r1", reader)).text == "hi"
        await log_in(browser)
        overview = (await browser.get("/ui/api/overview")).json()
    shown = [
        (p["name"], p["key_env"], p["key_set"], p["passes_today"], p["failed_today"]) for p in overview["providers"]
    ]
    name = shown[0][0]
    assert shown == [
        (name, "FAKE_KEY", True, 1, 1),
        (f"{name}#2", "SECOND_KEY", True, 1, 0),
        (f"{name}#3", "THIRD_KEY", False, 0, 0),
    ]
