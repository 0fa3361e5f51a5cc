"""The approved WebSearch and WebFetch calls, carried out by cursord (`cursord.web.WebAccess`) and put in
the form the model and the editor read: the model gets the hits or the page as text, the editor the
`WebSearchResult` (each hit a `WebSearchReference`: title, url, snippet as `chunk`) or `WebFetchResult`
(the final URL and the Markdown) it shows in the call's view. A failure or refusal is a tool error the
model reads and the editor shows as the call's `error`; so is any other exception out of the web tools
(our bug, logged with its traceback): it never ends the turn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from google.protobuf.message import Message

from cursord.agent.tools import ToolOutcome, WebFetchTool, WebSearchTool
from cursord.connect import ConnectError
from cursord.proto import agent_v1_pb2 as agent
from cursord.web import WebAccess, WebToolError

log = logging.getLogger(__name__)

#: told of each call: ("web_search" | "web_fetch", JSON-able details)
TapSink = Callable[[str, dict[str, object]], None]


async def run_web_call(
    web: WebAccess, tool_name: str, arguments: Mapping[str, object], tap: TapSink
) -> tuple[ToolOutcome, Message]:
    if tool_name == WebSearchTool.name:
        query = str(arguments.get("search_term", ""))
        backend = web.search_spec.backend.value if web.search_spec is not None else None
        try:
            hits = await web.search(query)
        except Exception as exc:
            said = _said(exc, tool_name)
            tap("web_search", {"backend": backend, "error": said})
            return WebSearchTool.failed(said)
        tap("web_search", {"backend": backend, "hits": len(hits)})
        refs = [agent.WebSearchReference(title=h.title, url=h.url, chunk=h.snippet) for h in hits]
        return WebSearchTool.completed(refs)
    url = str(arguments.get("url", ""))
    try:
        final_url, markdown = await web.fetch(url)
    except Exception as exc:
        said = _said(exc, tool_name)
        tap("web_fetch", {"url": url, "error": said})
        return WebFetchTool.failed(url, said)
    tap("web_fetch", {"url": url, "final_url": final_url, "chars": len(markdown)})
    return WebFetchTool.completed(final_url, markdown)


def _said(error: Exception, tool_name: str) -> str:
    """What the model and the editor are told of `error`: a `WebToolError` says it for them; anything else is
    our bug, logged with its traceback."""
    if isinstance(error, WebToolError):
        return str(error)
    log.error("%s failed inside cursord", tool_name, exc_info=error)
    return ConnectError.internal(error).message
