"""End to end through connect-es: the model searches the web and fetches a page, done by cursord.

The daemon is built from a `ServeConfig` (`web_search` on a fake Tavily, `web_fetch_allow` for the page
server's loopback address) as `cursord serve` builds it; the node client's `script` scenario approves each
web query as the user would; the fake provider asks for WebSearch, then WebFetch, then answers. Without
`web_fetch_allow` the same fetch is refused, and both the model and the editor's view say why. Real
sockets, so the real clock, bounded by `fail_after`.
"""

from __future__ import annotations

import ipaddress
import json
from pathlib import Path
from typing import Any

import httpx
import trio

from cursord.config import ProviderKind, SearchBackend, ServeConfig, WebSearchSpec
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider, open_fake_server
from cursord.testing.fake_web import KEYS, Hit, html_page, pages, tavily
from cursord.web import WebAccess
from tests.e2e.test_e2e_editor_context import MODEL, as_json, run_request, run_script, user_action
from tests.e2e.test_interop_connect_es import RUN_SECONDS, decoded, node_command

PAGE_TEXT = "The 2.0 release reads every page as Markdown and keeps its links, tables and headings in order."
HITS = [Hit("Release 2.0 notes", "https://project.example/notes", "Markdown for every page.")]
APPROVE = {
    "webSearchRequestQuery": as_json(agent.InteractionResponse(web_search_request_response={"approved": {}})),
    "webFetchRequestQuery": as_json(agent.InteractionResponse(web_fetch_request_response={"approved": {}})),
}


def web_access(search_url: str, client: httpx.AsyncClient, *, allow_loopback: bool) -> WebAccess:
    """As `cursord serve` builds it from its config (`--web-search`, `--web-fetch-allow`)."""
    config = ServeConfig(
        data_dir=Path("/nonexistent"),
        web_search=WebSearchSpec(SearchBackend.TAVILY, search_url, "TAVILY_API_KEY"),
        web_fetch_allow=(ipaddress.ip_network("127.0.0.1/32"),) if allow_loopback else (),
    )
    return WebAccess.from_config(config, {"TAVILY_API_KEY": str(KEYS[SearchBackend.TAVILY])}, client)


def completed_views(result: dict[str, Any]) -> list[agent.ToolCall]:
    return [
        m.interaction_update.tool_call_completed.tool_call
        for m in decoded(result["messages"])
        if m.interaction_update.HasField("tool_call_completed")
    ]


async def run_turn(*, allow_loopback: bool, with_search: bool) -> tuple[dict[str, Any], list[Any], str]:
    node_command()
    with trio.fail_after(RUN_SECONDS):
        async with (
            open_fake_server(tavily(HITS)) as search_api,
            open_fake_server(pages({"/notes": html_page("Release 2.0", [PAGE_TEXT] * 2)})) as site,
            httpx.AsyncClient(timeout=None) as client,
        ):
            page_url = f"http://127.0.0.1:{site.port}/notes"
            replies = [
                *([Reply.sse(chat_tool_call("call-s", "WebSearch", json.dumps({"search_term": "release 2.0"})))]
                  if with_search else []),
                Reply.sse(chat_tool_call("call-f", "WebFetch", json.dumps({"url": page_url}))),
                Reply.sse(chat_text("Done reading.")),
            ]
            async with open_fake_provider(*replies) as fake:
                spec = spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)
                web = web_access(search_api.base_url, client, allow_loopback=allow_loopback)
                async with agent_daemon(spec, transport="tcp", web=web) as (daemon, _):
                    turn = run_request(user_action(agent.UserMessage(text="what changed in 2.0?")))
                    plan = {"requestId": "web-1", "uploads": [as_json(turn)], "interactionAnswers": APPROVE}
                    (result,) = await run_script(daemon, [plan])
            tool_messages = [m for r in fake.requests for m in r.json["messages"] if m["role"] == "tool"]
            assert search_api.requests if with_search else not search_api.requests
            return result, tool_messages, page_url


async def test_the_model_searches_and_reads_an_allowed_page() -> None:
    result, tool_messages, page_url = await run_turn(allow_loopback=True, with_search=True)
    assert [q["kind"] for q in result["queries"]] == ["webSearchRequestQuery", "webFetchRequestQuery"]
    search_view, fetch_view = completed_views(result)
    (ref,) = search_view.web_search_tool_call.result.success.references
    assert (ref.title, ref.url, ref.chunk) == ("Release 2.0 notes", "https://project.example/notes",
                                                 "Markdown for every page.")
    fetched = fetch_view.web_fetch_tool_call.result.success
    assert fetched.url == page_url and PAGE_TEXT in fetched.markdown
    search_result, fetch_result = [m["content"] for m in tool_messages[-2:]]
    assert "1. Release 2.0 notes\n   https://project.example/notes" in search_result
    assert PAGE_TEXT in fetch_result and "Copyright" not in fetch_result
    assert "Done reading." in "".join(m.interaction_update.text_delta.text for m in decoded(result["messages"]))


async def test_the_same_fetch_without_the_setting_is_refused_with_a_clear_tool_error() -> None:
    result, tool_messages, page_url = await run_turn(allow_loopback=False, with_search=False)
    (fetch_view,) = completed_views(result)
    said = f"refused to fetch {page_url}: 127.0.0.1 is a loopback address"
    assert fetch_view.web_fetch_tool_call.result.error.error == said
    assert tool_messages[-1]["content"] == f"Fetching {page_url} failed: {said}"
