"""What reading one HTML page costs the daemon's event loop (issue 35 #3).

For pages of one paragraph of many `<span>`s (trafilatura's slow case) and an ordinary article, it reads
the page as a WebFetch does now (`cursord.web.extract.Extractor`: a worker process, bounded by the fetch's
deadline) and as it did before (trafilatura in a worker thread, on the smaller pages only: it cannot be
stopped), while a ticker on the loop wakes every 10 ms; it prints the wall time and the loop's longest
stall for each. Run: `.venv/bin/python -m bench.web_extract [--seconds 30]`.

On a shared 2-core machine, `--seconds 10`: a 29 KiB article took 0.30-0.41 s in the worker (0.06 s in a
thread: the worker's start, trafilatura's import, is most of it; load 0.9), the loop's longest stall
1 ms (5 ms in a thread); a 352 KiB page of spans was stopped at 10 s in the worker, the loop's longest
stall 12 ms, and took 80 s in a thread with the loop stalled 26 s at once (703 KiB: 264 s, a 78 s stall;
load 8).
"""

from __future__ import annotations

import argparse
import time

import trio

from cursord.web.errors import WebToolError
from cursord.web.extract import Extractor
from cursord.web.extract_worker import html_markdown
from cursord.web.fetch import FetchedPage

TICK = 0.01


def spans_page(spans: int) -> bytes:
    return ("<html><body><article><p>" + "<span>word</span> " * spans + "</p></article></body></html>").encode()


def article() -> bytes:
    paragraph = "<p>A paragraph of an ordinary article, with a <a href='/x'>link</a>.</p>"
    body = f"<nav>menu</nav><article>{paragraph * 400}</article>"
    return f"<html><head><title>A</title></head><body>{body}</body></html>".encode()


async def _ticker(stalls: list[float]) -> None:
    while True:
        before = time.perf_counter()
        await trio.sleep(TICK)
        stalls.append(time.perf_counter() - before - TICK)


async def _measure(read: str, html: bytes, seconds: float) -> tuple[float, float, str]:
    page = FetchedPage("https://bench.example/page", "text/html", None, html, False)
    stalls: list[float] = []
    outcome = "read"
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_ticker, stalls)
        started = time.perf_counter()
        if read == "worker process":
            try:
                await Extractor().markdown(page, trio.current_time() + seconds)
            except WebToolError as exc:
                outcome = str(exc).split(";")[0]
        else:
            with trio.move_on_after(seconds) as scope:
                await trio.to_thread.run_sync(html_markdown, html, page.url)
            outcome = "deadline passed, the thread runs on" if scope.cancelled_caught else outcome
        elapsed = time.perf_counter() - started
        nursery.cancel_scope.cancel()
    return elapsed, max(stalls, default=0.0), outcome


async def main(seconds: float) -> None:
    pages = [("article", article())] + [(f"spans x{n}", spans_page(n)) for n in (20_000, 40_000, 80_000)]
    for index, (name, html) in enumerate(pages):
        # the thread cannot be stopped: on the larger pages it runs for many minutes
        for read in ("worker process", "thread (before)") if index < 2 else ("worker process",):
            elapsed, stall, outcome = await _measure(read, html, seconds)
            print(f"{name:<12} {len(html) / 1024:7.0f} KiB  {read:<16} {elapsed:7.2f} s  "
                  f"loop stall max {stall * 1000:7.1f} ms  {outcome}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30.0, help="the fetch deadline (web_fetch_seconds)")
    trio.run(main, parser.parse_args().seconds)
