"""WebAccess.search against fake search APIs (`cursord.testing.fake_web`) speaking each vendor's
documented JSON over real loopback HTTP: what is sent where, what comes back, what a refusal says."""

from __future__ import annotations

import pytest
import trio

from cursord.config import SearchBackend, WebSearchSpec
from cursord.testing.fake_providers import Reply, Send, open_fake_server
from cursord.testing.fake_web import KEYS, SEARCH_APIS, Hit, searxng
from cursord.web import WebAccess, WebToolError
from cursord.web.search_api import SNIPPET_CHARS, TITLE_CHARS

HITS = [
    Hit("Trio 0.35 released", "https://trio.example/news/0.35", "Trio 0.35 adds as_safe_channel."),
    Hit("Trio docs", "https://trio.example/docs", "Reference manual."),
    Hit("Other", "https://other.example/", "Something else."),
]
BACKENDS = [pytest.param(b, id=b.value) for b in SearchBackend]


def spec(backend: SearchBackend, base_url: str, max_results: int = 2) -> WebSearchSpec:
    env = None if KEYS[backend] is None else f"{backend.value.upper()}_KEY"
    return WebSearchSpec(backend, base_url, env, max_results)


def environ(backend: SearchBackend, key: str | None = None) -> dict[str, str]:
    given = key or KEYS[backend]
    return {} if given is None else {f"{backend.value.upper()}_KEY": given}


@pytest.mark.parametrize("backend", BACKENDS)
async def test_each_backend_returns_its_hits_up_to_max_results(backend: SearchBackend, autojump_clock: object) -> None:
    async with open_fake_server(SEARCH_APIS[backend](HITS)) as fake:
        web = WebAccess(spec(backend, fake.base_url), environ(backend))
        hits = await web.search("trio release notes")
    assert [(h.title, h.url, h.snippet) for h in hits] == [(h.title, h.url, h.snippet) for h in HITS[:2]]
    (request,) = fake.requests
    key = KEYS[backend]
    if backend is SearchBackend.TAVILY:
        assert request.headers["authorization"] == f"Bearer {key}"
        assert request.json == {"query": "trio release notes", "max_results": 2, "search_depth": "basic"}
    elif backend is SearchBackend.BRAVE:
        assert request.headers["x-subscription-token"] == key
        assert request.path == "/res/v1/web/search?q=trio+release+notes&count=2"
    elif backend is SearchBackend.EXA:
        assert request.headers["x-api-key"] == key
        assert request.json["numResults"] == 2 and "highlights" in request.json["contents"]
    else:
        assert request.path == "/search?q=trio+release+notes&format=json"
        assert "authorization" not in request.headers


@pytest.mark.parametrize("backend", [b for b in BACKENDS if KEYS[b.values[0]] is not None])
async def test_a_wrong_key_says_which_variable_to_fix(backend: SearchBackend, autojump_clock: object) -> None:
    async with open_fake_server(SEARCH_APIS[backend](HITS)) as fake:
        web = WebAccess(spec(backend, fake.base_url), environ(backend, "wrong-key-0123456789"))
        with pytest.raises(WebToolError) as caught:
            await web.search("anything")
    message = str(caught.value)
    assert f"{backend.value} refused the API key (${backend.value.upper()}_KEY)" in message
    assert "wrong-key" not in message


async def test_a_missing_key_is_said_before_any_request(autojump_clock: object) -> None:
    async with open_fake_server(SEARCH_APIS[SearchBackend.TAVILY](HITS)) as fake:
        web = WebAccess(spec(SearchBackend.TAVILY, fake.base_url), {})
        with pytest.raises(WebToolError, match=r"\$TAVILY_KEY is not set"):
            await web.search("anything")
    assert fake.requests == []


async def test_searxng_without_the_json_format_says_how_to_enable_it(autojump_clock: object) -> None:
    async with open_fake_server(searxng(HITS, json_enabled=False)) as fake:
        web = WebAccess(spec(SearchBackend.SEARXNG, fake.base_url), {})
        with pytest.raises(WebToolError, match=r"refused the JSON API \(403.*formats: \[html, json\]"):
            await web.search("anything")


async def test_brave_with_nothing_found_has_no_web_section(autojump_clock: object) -> None:
    async with open_fake_server(SEARCH_APIS[SearchBackend.BRAVE]([])) as fake:
        hits = await WebAccess(spec(SearchBackend.BRAVE, fake.base_url), environ(SearchBackend.BRAVE)).search("x")
    assert hits == []


async def test_a_search_api_that_never_answers_times_out(autojump_clock: object) -> None:
    async with open_fake_server(lambda request: Reply.hang()) as fake:
        web = WebAccess(spec(SearchBackend.SEARXNG, fake.base_url), {}, search_seconds=7)
        start = trio.current_time()
        with pytest.raises(WebToolError, match="searxng did not answer within 7 s"):
            await web.search("anything")
        assert trio.current_time() - start == pytest.approx(7)


async def test_no_backend_configured_tells_the_model_what_to_do() -> None:
    with pytest.raises(WebToolError, match=r"no web search backend configured.*--web-search"):
        await WebAccess().search("anything")


async def test_a_key_the_api_echoes_back_is_redacted(autojump_clock: object) -> None:
    key = "custom-search-key-0123456789"

    def echoing(request: object) -> Reply:
        return Reply.json(401, {"detail": {"error": f"Unauthorized: invalid API key {key}"}})

    async with open_fake_server(echoing) as fake:
        web = WebAccess(spec(SearchBackend.TAVILY, fake.base_url), {"TAVILY_KEY": key})
        with pytest.raises(WebToolError) as caught:
            await web.search("anything")
    assert key not in str(caught.value)
    assert "invalid API key <redacted>" in str(caught.value)


@pytest.mark.parametrize("status", [200, 500])
async def test_an_answer_nested_too_deeply_is_a_clear_error(status: int, autojump_clock: object) -> None:
    """json.loads raised RecursionError out of the tool (and the daemon) on `[[[[...`."""
    deep = b"[" * 100_000 + b"]" * 100_000
    reply = Reply(status, (("content-type", "application/json"),), (Send(deep),))
    async with open_fake_server(lambda request: reply) as fake:
        web = WebAccess(spec(SearchBackend.SEARXNG, fake.base_url))
        with pytest.raises(WebToolError, match="nested too deeply" if status == 200 else "searxng answered 500"):
            await web.search("anything")


async def test_a_title_is_cut_like_a_snippet(autojump_clock: object) -> None:
    long = Hit("T" * 1_000_000, "https://trio.example/", "S" * 1_000_000)
    async with open_fake_server(searxng([long])) as fake:
        (hit,) = await WebAccess(spec(SearchBackend.SEARXNG, fake.base_url)).search("anything")
    assert (len(hit.title), len(hit.snippet)) == (TITLE_CHARS, SNIPPET_CHARS)
