"""The dashboard in a real browser: headless Chromium (Debian's `chromium`, driven by Playwright) against a real
`cursord serve` process, with a scripted editor running a tool turn on the side.

The browser is refused without a session, logs in with the link `cursord ui` prints, watches the turn wait on
the editor's Read live, then sees its usage and cost. Screenshots go to `test-artifacts/ui/`.

Where Chromium or Playwright is missing the test skips with a loud reason; `./scripts/test` installs both,
and in CI (`CURSORD_REQUIRE_BROWSER=1`) a missing browser fails instead.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import trio

from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import exec_reply
from cursord.testing.editor import EditorClient, run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, chat_usage, open_fake_provider
from cursord.testing.http_client import connect_tcp

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "ui"
LISTENING = re.compile(rb"listening on http://127\.0\.0\.1:(\d+)")
#: what Chromium needs here: no sandbox as root, and no calls home on a machine with a closed network
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_browser() -> str:
    """The system Chromium; skips (or fails, where CI requires a browser) without it or Playwright."""
    required = os.environ.get("CURSORD_REQUIRE_BROWSER") == "1"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        chromium = None
    if chromium is None:
        reason = "NO BROWSER TEST: it needs Debian's chromium and the playwright package (./scripts/test installs both)"
        if required:
            pytest.fail(reason)
        pytest.skip(reason)
    return chromium


def serve_command(base_url: str, data_dir: Path) -> list[str]:
    spec = f"kind=openai-chat,name=fake,base_url={base_url},api_key_env=FAKE_KEY,models=gpt-5"
    listeners = ["--listen", "127.0.0.1:0", "--proxy-listen", "127.0.0.1:0", "--agent-listen", "127.0.0.1:0"]
    return [sys.executable, "-m", "cursord", "serve", *listeners, "--data-dir", str(data_dir), "--provider", spec]


def login_link(data_dir: Path, port: int) -> str:
    command = [sys.executable, "-m", "cursord", "ui", "--data-dir", str(data_dir), "--listen", f"127.0.0.1:{port}"]
    link = subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip()
    assert link.startswith(f"http://127.0.0.1:{port}/ui/login?code="), link
    return link


def browse(chromium: str, port: int, link: str, run_turn: Callable[[], None], answer: Callable[[], None]) -> None:
    """The browser's side, in a worker thread (Playwright's sync API); `run_turn` and `answer` step the editor."""
    from playwright.sync_api import expect, sync_playwright

    base = f"http://127.0.0.1:{port}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            refused = page.goto(f"{base}/ui/")
            assert refused is not None and refused.status == 401
            expect(page.locator("#login-needed")).to_be_visible()
            api = page.request.get(f"{base}/ui/api/streams")
            assert api.status == 401
            page.screenshot(path=str(ARTIFACTS / "1-refused.png"))

            page.goto(link)
            assert page.url == f"{base}/ui/"
            expect(page.locator("#live-state")).to_have_text("live")
            assert page.evaluate("document.cookie") == ""  # HttpOnly: the page's scripts cannot read it

            run_turn()
            row = page.locator("#streams-table tbody tr", has_text="waiting_external")
            expect(row).to_contain_text("read_args", timeout=20_000)
            expect(row).to_contain_text("gpt-5")
            page.screenshot(path=str(ARTIFACTS / "2-live-turn.png"))
            answer()
            expect(page.locator("#streams-table tbody tr", has_text="completed")).to_be_visible(timeout=20_000)

            page.click("nav a[data-page=usage]")
            model_row = page.locator("#models-table tbody tr", has_text="gpt-5")
            expect(model_row).to_contain_text("6200")
            expect(model_row).to_contain_text("83%")  # 5,120 of 6,200 prompt tokens read from the cache
            expect(model_row).to_contain_text("$")
            expect(page.locator("#chart-tokens rect")).to_have_count(3)
            page.screenshot(path=str(ARTIFACTS / "3-usage.png"), full_page=True)

            page.click("nav a[data-page=conversations]")
            page.locator("#conversations-table tbody tr", has_text="conv-1").click()
            expect(page.locator("#passes-table tbody tr")).to_have_count(2)
            expect(page.locator("#turns-table tbody tr")).to_contain_text("completed")
            page.screenshot(path=str(ARTIFACTS / "4-conversation.png"), full_page=True)

            stranger = browser.new_page()
            again = stranger.goto(link)  # the link was spent by the first login
            assert again is not None and again.status == 403
            assert stranger.request.get(f"{base}/ui/api/usage").status == 401
        finally:
            browser.close()


async def test_log_in_watch_a_turn_live_and_see_its_usage(tmp_path: Path) -> None:
    chromium = find_browser()
    usage = chat_usage(prompt=3000, completion=120, cached=2048)
    replies = (
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/a.py"}), usage=usage)),
        Reply.sse(chat_text("It sets x.", usage=chat_usage(prompt=3200, completion=40, cached=3072))),
    )
    data_dir = tmp_path / "data"
    turn_asked, answer_now, turn_done = trio.Event(), trio.Event(), trio.Event()

    async def editor_side(port: int) -> None:
        await turn_asked.wait()

        async def connect() -> trio.abc.Stream:
            return await connect_tcp("127.0.0.1", port)

        async with EditorClient.open(connect, http2=True) as editor:
            await editor.append("r1", run_request("what is in a.py?", model="gpt-5"))
            async with editor.run_sse("r1") as reader:
                while (message := await reader.next_message()) is not None:
                    if message.exec_server_message.HasField("read_args"):
                        await answer_now.wait()
                        path = message.exec_server_message.read_args.path
                        success = agent.ReadSuccess(path=path, content="x = 1\n", total_lines=1)
                        await editor.append("r1", exec_reply(message, read_result=agent.ReadResult(success=success)))
                assert reader.error is None
        turn_done.set()

    def run_turn() -> None:
        trio.from_thread.run_sync(turn_asked.set)

    def answer() -> None:
        trio.from_thread.run_sync(answer_now.set)
        trio.from_thread.run(turn_done.wait)

    async with open_fake_provider(*replies) as fake:
        env = {**os.environ, "FAKE_KEY": "sk-x", "PYTHONUNBUFFERED": "1"}
        with trio.fail_after(120):
            async with trio.open_nursery() as nursery:
                run = partial(trio.run_process, serve_command(fake.base_url, data_dir), env=env,
                              stderr=subprocess.PIPE, check=False)
                process: trio.Process = await nursery.start(run)
                assert process.stderr is not None
                seen = bytearray()
                while (match := LISTENING.search(seen)) is None:
                    chunk = await process.stderr.receive_some()
                    assert chunk, f"cursord exited: {seen.decode()}"
                    seen += chunk
                port = int(match.group(1))
                nursery.start_soon(_drain, process.stderr)
                nursery.start_soon(editor_side, port)
                link = await trio.to_thread.run_sync(login_link, data_dir, port)
                await trio.to_thread.run_sync(browse, chromium, port, link, run_turn, answer)
                process.terminate()


async def _drain(stream: Any) -> None:
    async for _ in stream:
        pass
