"""A fetched page as text the model can read: HTML read as Markdown by a worker process
(`cursord.web.extract_worker`: trafilatura's main-content extraction), text types as they are, anything
else refused.

Theory of operation. An extraction can take far longer than the page took to fetch, so it is bounded on
every side: at most `max_bytes` of the page reach the extractor (the rest is cut, and said to be cut),
at most `limiter`'s tokens of extractions run at once (a page waits for a token), and its process is
killed when the caller's deadline (the fetch's, which the wait and the extraction count against) or a
cancel stops it; its CPU is capped by the kernel too. An extraction that fails or is stopped is the
fetch's `WebToolError`.
"""

from __future__ import annotations

import math
import signal
import sys
from pathlib import Path

import attrs
import trio

from cursord.config import Limits
from cursord.web.errors import WebToolError
from cursord.web.fetch import FetchedPage

#: the worker, run as a script (`-P`: its directory is not put on `sys.path`) so that it imports trafilatura
#: and nothing of cursord (`python -m` would import the `cursord.web` package first: 0.9 s of start, not 0.3 s)
WORKER = str(Path(__file__).with_name("extract_worker.py"))
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
TEXT_TYPES = frozenset({"application/json", "application/xml", "application/javascript", "application/x-yaml"})


def is_html(page: FetchedPage) -> bool:
    """Whether reading `page` means extracting it (CPU-bound on a large page: the worker's job)."""
    return page.content_type in HTML_TYPES or (not page.content_type and page.body.lstrip()[:1] == b"<")


def _decoded(body: bytes, charset: str | None) -> str:
    """`body` in its declared charset, else UTF-8. A charset that is no text encoding Python knows (unknown,
    or a codec such as `idna` or `punycode` that cannot decode bytes with replacements) reads as UTF-8."""
    try:
        return body.decode(charset or "utf-8", "replace")
    except (LookupError, UnicodeError):
        return body.decode("utf-8", "replace")


def page_text(page: FetchedPage) -> str:
    """A page that is not HTML, as text; raises `WebToolError` for one that is not text either."""
    content_type = page.content_type
    if not (content_type.startswith("text/") or content_type in TEXT_TYPES or content_type.endswith("+json")):
        raise WebToolError(f"{page.url} is {content_type or 'of no declared type'}, not a page WebFetch can read")
    return _cut_note(_decoded(page.body, page.charset), page.truncated, len(page.body))


def _cut_note(text: str, cut: bool, read: int) -> str:
    return f"{text}\n\n[cursord read only the first {read} bytes of this page]" if cut else text


async def _kill(process: trio.Process) -> None:
    process.kill()  # nothing to save: the worker only computes


@attrs.define
class Extractor:
    """Reads HTML pages as Markdown in worker processes, bounded as the theory of operation says."""

    #: extractions that run at once (each a process busy on one core: `web_extractions`)
    limiter: trio.CapacityLimiter = attrs.field(factory=lambda: trio.CapacityLimiter(Limits().web_extractions))
    #: the most of a page the extractor reads (its time grows faster than the page on some: `web_extract_bytes`)
    max_bytes: int = Limits().web_extract_bytes

    async def markdown(self, page: FetchedPage, deadline: float) -> str:
        """`page` (HTML) as Markdown, by `deadline` (trio time); raises `WebToolError` if it cannot be."""
        html = page.body[: self.max_bytes]
        cut = page.truncated or len(page.body) > self.max_bytes
        with trio.move_on_at(deadline):
            async with self.limiter:
                cpu = max(1, math.ceil(deadline - trio.current_time()))
                done = await trio.run_process(
                    [sys.executable, "-P", WORKER, page.url, str(cpu)],
                    stdin=html,
                    capture_stdout=True,
                    capture_stderr=True,
                    check=False,
                    deliver_cancel=_kill,
                )
            if done.returncode == -signal.SIGXCPU:
                raise WebToolError(f"reading {page.url} took more than {cpu} s of CPU; it was stopped")
            if done.returncode != 0:
                said = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [f"exit {done.returncode}"]
                raise WebToolError(f"{page.url} could not be read as a page ({said[0]})")
            return _cut_note(done.stdout.decode("utf-8", "replace"), cut, len(html))
        raise WebToolError(f"reading {page.url} did not finish in time; it was stopped")
