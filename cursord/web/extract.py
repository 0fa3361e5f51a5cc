"""A fetched page as text the model can read: HTML through trafilatura's main-content extraction (Markdown,
links and tables kept; menus, footers and scripts dropped), text types as they are, anything else refused.
"""

from __future__ import annotations

import trafilatura

from cursord.web.errors import WebToolError
from cursord.web.fetch import FetchedPage

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
TEXT_TYPES = frozenset({"application/json", "application/xml", "application/javascript", "application/x-yaml"})


def is_html(page: FetchedPage) -> bool:
    """Whether reading `page` means extracting it (CPU-bound on a large page: a worker thread's job)."""
    return page.content_type in HTML_TYPES or (not page.content_type and page.body.lstrip()[:1] == b"<")


def page_markdown(page: FetchedPage) -> str:
    """The page's readable content."""
    if is_html(page):
        text = trafilatura.extract(
            page.body, url=page.url, output_format="markdown", include_links=True, include_tables=True
        )
        if not text:  # no main content found (a tiny page, a frameset): the page's plain text
            text = trafilatura.html2txt(page.body)
    elif page.content_type.startswith("text/") or page.content_type in TEXT_TYPES or page.content_type.endswith(
        "+json"
    ):
        try:
            text = page.body.decode(page.charset or "utf-8", "replace")
        except LookupError:  # a charset Python does not know
            text = page.body.decode("utf-8", "replace")
    else:
        raise WebToolError(f"{page.url} is {page.content_type or 'of no declared type'}, not a page WebFetch can read")
    if page.truncated:
        text += f"\n\n[cursord read only the first {len(page.body)} bytes of this page]"
    return text
