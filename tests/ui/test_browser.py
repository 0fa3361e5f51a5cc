"""The dashboard in a real browser: headless Chromium (Debian's `chromium`, driven by Playwright) against a real
`cursord serve` process, with a scripted editor running a tool turn on the side.

The browser is refused without a session, logs in with the link `cursord ui` prints, lands on the overview
("is Cursor using cursord right now?"), watches the turn wait on the editor's Read live, finds it among the
recent turns once it ended, then sees its usage and cost in charts, what left the machine (a call the store
holds from the day before), and the configuration as tables.
Screenshots go to `test-artifacts/ui/`; those of the overview and of each chart are checked to show
something (`has_content`). Then, in windows 1280 and 800 pixels wide, every page with a table is checked to
fit the window with a long model name and a long error on it, the error to be readable whole, and the charts'
axis labels to be drawn at least 12 pixels high (`check_narrow_windows`).

Where Chromium or Playwright is missing the test skips with a loud reason; `./scripts/test` installs both,
and in CI (`CURSORD_REQUIRE_BROWSER=1`) a missing browser fails instead.
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import trio

from cursord.proto import agent_v1_pb2 as agent
from cursord.store import ForwardedRow, PassRecord, PassStatus, TurnMeta, TurnStatus, open_store
from cursord.testing.agent import exec_reply
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, chat_usage, open_fake_provider
from cursord.testing.process import CursordProcess, cursord_command, running_cursord, serve_fake

if TYPE_CHECKING:
    from playwright.sync_api import Page

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "ui"
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


def login_link(data_dir: Path, port: int) -> str:
    command = cursord_command("ui", "--data-dir", str(data_dir), "--listen", f"127.0.0.1:{port}")
    link = subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip()
    assert link.startswith(f"http://127.0.0.1:{port}/ui/login?code="), link
    return link


def has_content(png: bytes) -> bool:
    """Whether a screenshot shows something: a blank or one-colour area decodes to a handful of byte values,
    a chart with bars, gridlines and labels to many."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    chunks, at = [], 8
    while at < len(png):
        length = int.from_bytes(png[at : at + 4], "big")
        kind = png[at + 4 : at + 8]
        if kind == b"IDAT":
            chunks.append(png[at + 8 : at + 8 + length])
        at += 12 + length
    return len(set(zlib.decompress(b"".join(chunks)))) > 40


#: a model name and a provider's error as long as real ones get (issue 39 #10: tables wider than the window,
#: a cut Error column)
LONG_MODEL = "accounts/fireworks/models/llama-v3p1-405b-instruct-long-context-preview-2026-11"
LONG_ERROR = (
    "ContextTooLong: the provider refused the request (HTTP 400): This model's maximum context length is 131072"
    " tokens. However, your messages resulted in 140385 tokens (138211 in the messages, 2174 in the functions)."
    " Please reduce the length of the messages or functions."
    " request_id=req_7f3c9a0b1d2e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"
)
#: the window widths the layout is checked at: a laptop's and half a screen's
NARROW_WIDTHS = (1280, 800)
#: the smallest readable chart label, in CSS pixels as drawn
LABEL_PX = 12

#: why an element is not shown whole ("" when it is): clipped inside itself, or, once scrolled to, reaching
#: out of the window or out of a box that scrolls or clips it
NOT_SHOWN_WHOLE = """(cell) => {
  const r = cell.getBoundingClientRect();
  const out = (b, name) => r.left < b.left - 1 || r.right > b.right + 1  // a pixel for the rounding of scroll positions
    ? `${r.left}-${r.right} out of ${name} ${b.left}-${b.right}` : "";
  let why = out({ left: 0, right: window.innerWidth }, "the window");
  for (let box = cell.parentElement; box && box !== document.body && !why; box = box.parentElement) {
    if (getComputedStyle(box).overflowX !== "visible") why = out(box.getBoundingClientRect(), box.tagName);
  }
  if (cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight) why += " clipped inside";
  if (getComputedStyle(cell).textOverflow === "ellipsis") why += " cut with an ellipsis";
  return why;
}"""

#: the smallest axis label of the usage charts, as drawn: its font size times the SVG's scale on the screen
SMALLEST_LABEL = """() => Math.min(...[...document.querySelectorAll("svg[id^=chart-] text")].map(
  (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))"""

#: whether the tokens chart is drawn at the width it is shown
DRAWN_AT_ITS_WIDTH = """() => {
  const svg = document.getElementById("chart-tokens");
  return Math.abs(svg.viewBox.baseVal.width - svg.getBoundingClientRect().width) < 0.5;
}"""


def check_narrow_windows(page: Page) -> None:
    """Issue 39 #10: at a narrow window no table makes the page scroll sideways, an error is readable whole,
    and the charts' axis labels stay readable."""
    from playwright.sync_api import expect

    def fits(name: str, width: int) -> None:
        sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert sizes[0] <= sizes[1], f"{name} at {width} px scrolls sideways: {sizes[0]} px of content"
        page.screenshot(path=str(ARTIFACTS / f"7-{name.replace(' ', '-')}-{width}.png"), full_page=True)

    def show_usage() -> None:
        """The Usage page, once its charts are drawn anew (those of an earlier visit are cleared first)."""
        page.evaluate("document.getElementById('chart-tokens').replaceChildren()")
        page.click("nav a[data-page=usage]")
        expect(page.locator("#chart-tokens rect")).to_have_count(2)

    for width in NARROW_WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.click("nav a[data-page=overview]")
        expect(page.locator("#recent-turns-table tbody tr")).to_have_count(2)  # with the one read back
        fits("overview", width)

        page.click("nav a[data-page=streams]")
        expect(page.locator("#streams-table tbody tr", has_text="completed")).to_be_visible()
        fits("live streams", width)

        page.click("nav a[data-page=conversations]")
        for conversation in ("conv-1", "conv-bad"):  # conv-bad is shown anew, its tables filled once
            page.locator("#conversations-table tbody tr", has_text=conversation).click()
            expect(page.locator("#conversation-id")).to_have_text(conversation)
        for table in ("turns-table", "passes-table"):
            row = page.locator(f"#{table} tbody tr", has_text="ContextTooLong")
            expect(row).to_contain_text(LONG_MODEL)
            error = row.locator("td").last
            expect(error).to_have_text(LONG_ERROR)  # all of it, no ellipsis
            error.scroll_into_view_if_needed()
            why = error.evaluate(NOT_SHOWN_WHOLE)
            assert not why, f"the error in {table} at {width} px is not shown whole: {why}"
            page.evaluate("window.scrollTo(0, 0)")
        fits("conversations", width)

        show_usage()
        expect(page.locator("#models-table tbody tr", has_text=LONG_MODEL)).to_be_visible()
        fits("usage", width)
        label = page.evaluate(SMALLEST_LABEL)
        assert label >= LABEL_PX * 0.99, f"chart labels {label:.1f} px high at {width} px"

        page.click("nav a[data-page=forwarded]")
        expect(page.locator("#forwarded-table tbody tr")).to_have_count(1)
        fits("what left", width)

        page.click("nav a[data-page=providers]")
        expect(page.locator("#providers-table tbody tr", has_text="fake")).to_be_visible()
        fits("providers", width)

        page.click("nav a[data-page=config]")
        expect(page.locator("#config-tables h3", has_text="Provider fake")).to_be_visible()
        fits("configuration", width)

    # the window made wider on the Usage page: the charts are drawn again at their new width, labels unscaled
    show_usage()  # drawn at the narrow width first
    page.set_viewport_size({"width": NARROW_WIDTHS[0], "height": 900})
    page.wait_for_function(DRAWN_AT_ITS_WIDTH)
    label = page.evaluate(SMALLEST_LABEL)
    assert label >= LABEL_PX * 0.99, f"chart labels {label:.1f} px high once the window was made wider"


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
            assert page.request.get(f"{base}/favicon.ico").status == 204  # not an unknown RPC

            page.goto(link)
            assert page.url == f"{base}/ui/"
            expect(page.locator("#live-state")).to_have_text("live")
            assert page.evaluate("document.cookie") == ""  # HttpOnly: the page's scripts cannot read it
            # The landing page answers the question even before any turn.
            expect(page.locator("#page-overview")).to_be_visible()
            expect(page.locator("#overview-verdict")).to_contain_text("not yet: no request from the editor")
            expect(page.locator("#ov-providers-table tbody tr", has_text="fake")).to_contain_text("$FAKE_KEY set")
            expect(page.locator("#ov-tab-off")).to_be_visible()  # no [tab]: the editor's Tab goes to Cursor

            run_turn()
            page.click("nav a[data-page=streams]")
            # the phase in words, not its enum name (issue 39 #10); the name stays in the tooltip
            row = page.locator("#streams-table tbody tr", has_text="waiting on the editor")
            expect(row.locator(".phase")).to_have_attribute("title", "waiting_external")
            expect(row).to_contain_text("read_args", timeout=20_000)
            expect(row).to_contain_text("gpt-5")
            expect(row).to_contain_text("Explain a.py")  # the editor's name for the conversation
            page.screenshot(path=str(ARTIFACTS / "2-live-turn.png"))
            answer()
            expect(page.locator("#streams-table tbody tr", has_text="completed")).to_be_visible(timeout=20_000)

            page.click("nav a[data-page=overview]")
            expect(page.locator("#overview-verdict")).to_contain_text("yes")
            expect(page.locator("#ov-runs-local")).to_have_text("1")
            turns = page.locator("#recent-turns-table tbody tr")
            # this turn, newest first, then yesterday's failed one, read back from the store at start
            expect(turns).to_have_count(2)
            expect(turns.nth(1)).to_contain_text("failed")
            turn = turns.first
            expect(turn).to_contain_text("Explain a.py")
            expect(turn).to_contain_text("gpt-5 (fake)")
            expect(turn).to_contain_text("ok")
            expect(turn).to_contain_text("$0.0")  # priced to the hundredth of a cent, not rounded to $0.00
            expect(page.locator("#ov-cost")).to_contain_text("$0.0")
            overview = page.locator("#page-overview").screenshot(path=str(ARTIFACTS / "0-overview.png"))
            assert has_content(overview)

            page.click("nav a[data-page=usage]")
            model_row = page.locator("#models-table tbody tr", has_text="gpt-5")
            expect(model_row).to_contain_text("6200")
            expect(model_row).to_contain_text("83%")  # 5,120 of 6,200 prompt tokens read from the cache
            expect(model_row).to_contain_text("$")
            expect(page.locator("#chart-tokens rect")).to_have_count(2)  # today: not cached + cached, stacked
            expect(page.locator("#chart-output rect")).to_have_count(1)  # output on its own scale, so visible
            for chart in ("tokens", "output", "cost", "cache"):
                expect(page.locator(f"#chart-{chart} line.grid-line")).to_have_count(4)
            expect(page.locator("#chart-cache text", has_text="100%")).to_have_count(1)  # a fixed 0-100% scale
            legend = page.locator("figure", has=page.locator("#chart-tokens")).locator(".legend")
            expect(legend).to_contain_text("not cached")
            expect(legend).to_contain_text("read from the cache")
            expect(page.locator("#usage-totals")).to_contain_text("6,200 input tokens (5,120 from the cache)")
            days = page.request.get(f"{base}/ui/api/usage?days=30").json()["days"]
            assert len(days) == 31 and days[-1]["passes"] == 2  # every day of the period, those without use too
            output_bar = page.locator("#chart-output rect").first.bounding_box()
            assert output_bar is not None and output_bar["height"] > 50  # not a sliver beside 6,200 input
            for chart in ("tokens", "output", "cost", "cache"):
                shot = page.locator(f"#chart-{chart}").screenshot(path=str(ARTIFACTS / f"3-chart-{chart}.png"))
                assert has_content(shot), chart
            page.screenshot(path=str(ARTIFACTS / "3-usage.png"), full_page=True)

            page.click("nav a[data-page=forwarded]")
            bug_bot = page.locator("#forwarded-table tbody tr", has_text="aiserver.v1.AiService/StreamBugBot")
            expect(bug_bot).to_contain_text("yes")  # carries code, by the schema
            expect(bug_bot).to_contain_text("1.2 KiB")
            expect(page.locator("#forwarded-totals")).to_contain_text("1 calls to Cursor (1 carrying code or text")
            page.screenshot(path=str(ARTIFACTS / "6-forwarded.png"), full_page=True)

            page.click("nav a[data-page=conversations]")
            conversation = page.locator("#conversations-table tbody tr", has_text="conv-1")
            expect(conversation).to_contain_text("Explain a.py")
            expect(conversation).to_contain_text("gpt-5 (fake)")  # the model that answered, and where
            expect(conversation.locator(".phase-failed")).to_have_count(0)
            failed = page.locator("#conversations-table tbody tr", has_text="conv-bad")
            expect(failed.locator(".phase-failed")).to_have_text("failed")  # issue 39 #10: it was not marked
            conversation.click()
            expect(page.locator("#turns-table tbody tr")).to_contain_text("gpt-5 (fake)")
            expect(page.locator("#passes-table tbody tr")).to_have_count(2)
            expect(page.locator("#turns-table tbody tr")).to_contain_text("completed")
            expect(page.locator("#conversation-summary")).to_contain_text("1 turn, 2 provider passes, ")
            page.screenshot(path=str(ARTIFACTS / "4-conversation.png"), full_page=True)

            page.click("nav a[data-page=config]")
            listen = page.locator("#config-tables table.config tr", has_text="proxy_listen")
            expect(listen).to_contain_text("127.0.0.1:")
            expect(page.locator("#config-tables h3", has_text="Provider fake")).to_be_visible()
            expect(page.locator("#config-tables h3", has_text="limits")).to_be_visible()
            assert "{" not in page.locator("#config-tables").inner_text()  # readable, not raw JSON
            page.screenshot(path=str(ARTIFACTS / "5-config.png"), full_page=True)

            check_narrow_windows(page)

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

    async def editor_side(daemon: CursordProcess) -> None:
        await turn_asked.wait()
        async with daemon.editor() as editor:
            named = agent.UpdateConversationMetadataRequest(conversation_id="conv-1", name="Explain a.py")
            status, _ = await editor.post("/agent.v1.AgentService/UpdateConversationMetadata",
                                          named.SerializeToString(), [(b"content-type", b"application/proto")])
            assert status == 200
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

    async with open_store(data_dir) as store:  # a call a day before forwarded to Cursor, as the proxy counts it
        yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
        store.record_forwarded_nowait(
            ForwardedRow(yesterday, "aiserver.v1.AiService/StreamBugBot", True, 1, 0, 1200, 40)
        )
        # and a conversation whose latest turn failed yesterday (the provider refused it), to be marked so, with
        # a long model name and a long error to lay out
        await store.record_pass(PassRecord(
            model_call_id="bad:1", request_id="bad", conversation_id="conv-bad", model=LONG_MODEL,
            status=PassStatus.FAILED, started_at=time.time() - 86400, duration_ms=30, error=LONG_ERROR,
            cost_usd=0.0))
        await store.record_turn("conv-bad", [], TurnMeta(
            request_id="bad", status=TurnStatus.FAILED, model=LONG_MODEL, error=LONG_ERROR,
            started_at=time.time() - 86400))
        await store.flush()
    async with open_fake_provider(*replies) as fake:
        with trio.fail_after(120):
            async with running_cursord(*serve_fake(fake, data_dir, "gpt-5")) as daemon, trio.open_nursery() as nursery:
                nursery.start_soon(daemon.exited)  # reads its log while the browser runs, so the pipe never fills
                nursery.start_soon(editor_side, daemon)
                link = await trio.to_thread.run_sync(login_link, data_dir, daemon.port)
                await trio.to_thread.run_sync(browse, chromium, daemon.port, link, run_turn, answer)
                daemon.process.terminate()
    assert b"favicon" not in daemon.log  # answered, not logged as an unimplemented RPC
