"""The HTML extraction worker: `python -P .../extract_worker.py URL CPU_SECONDS`, the page's HTML on stdin,
its Markdown on stdout (exit 0), or one line on stderr saying why not (exit 1).

trafilatura is super-linear on some pages (minutes of CPU for a few megabytes), and a thread cannot be
stopped: so each page is read in a process of its own, which its parent kills on a cancel or at the
fetch's deadline, and which the kernel stops at `CPU_SECONDS` of CPU (`RLIMIT_CPU`) should the parent
not. It is run as a script, not as a module of `cursord.web`, so it imports only trafilatura.
"""

from __future__ import annotations

import resource
import sys

import trafilatura


def html_markdown(html: bytes, url: str) -> str:
    """The page's main content as Markdown (links and tables kept; menus, footers and scripts dropped), or its
    plain text when no main content is found (a tiny page, a frameset)."""
    text = trafilatura.extract(html, url=url, output_format="markdown", include_links=True, include_tables=True)
    return text or trafilatura.html2txt(html) or ""


def main(argv: list[str]) -> int:
    url, cpu_seconds = argv[1], int(argv[2])
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    try:
        markdown = html_markdown(sys.stdin.buffer.read(), url)
    except Exception as exc:  # reported to the parent, which makes it the fetch's error
        print(f"{type(exc).__name__}: {exc}"[:300], file=sys.stderr)
        return 1
    sys.stdout.buffer.write(markdown.encode("utf-8", "replace"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
