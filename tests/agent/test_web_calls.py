"""`run_web_call`: what the model, the editor's view and the tap get from a search or a fetch."""

from __future__ import annotations

import pytest

from cursord.agent.web_calls import run_web_call
from cursord.config import SearchBackend, WebSearchSpec
from cursord.testing.fake_providers import open_fake_server
from cursord.testing.fake_web import Hit, searxng
from cursord.web import SearchHit, WebAccess


class Tap:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, object]]] = []

    def __call__(self, event: str, details: dict[str, object]) -> None:
        self.events.append((event, details))


async def test_a_search_is_shown_as_references_and_tapped(autojump_clock: object) -> None:
    tap = Tap()
    async with open_fake_server(searxng([Hit("Trio", "https://trio.example/", "Async I/O.")])) as api:
        web = WebAccess(WebSearchSpec(SearchBackend.SEARXNG, api.base_url, None))
        outcome, result = await run_web_call(web, "WebSearch", {"search_term": "trio"}, tap)
    assert not outcome.is_error and outcome.text == "1. Trio\n   https://trio.example/\n   Async I/O."
    (ref,) = result.success.references  # type: ignore[attr-defined]
    assert (ref.title, ref.url, ref.chunk) == ("Trio", "https://trio.example/", "Async I/O.")
    assert tap.events == [("web_search", {"backend": "searxng", "hits": 1})]


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/", "http://[::1]:9/"])
async def test_a_refused_fetch_is_an_error_everywhere(url: str, autojump_clock: object) -> None:
    tap = Tap()
    outcome, result = await run_web_call(WebAccess(), "WebFetch", {"url": url}, tap)
    assert outcome.is_error and outcome.text.startswith(f"Fetching {url} failed: refused to fetch {url}: ")
    assert result.error.url == url and "a loopback address" in result.error.error  # type: ignore[attr-defined]
    ((event, details),) = tap.events
    assert event == "web_fetch" and details["url"] == url and "loopback" in str(details["error"])


async def test_no_search_backend_is_a_clear_error(autojump_clock: object) -> None:
    tap = Tap()
    outcome, _ = await run_web_call(WebAccess(), "WebSearch", {"search_term": "x"}, tap)
    assert outcome.is_error and "no web search backend configured" in outcome.text
    error = outcome.text.removeprefix("The web search failed: ")
    assert tap.events == [("web_search", {"backend": None, "error": error})]


class Failing(WebAccess):
    """Web access that fails inside, as a library bug would (`TypeError` from httpcore's URL check,
    `UnicodeError` from a codec, `RecursionError` from json)."""

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    async def search(self, query: str) -> list[SearchHit]:
        raise self.error

    async def fetch(self, url: str) -> tuple[str, str]:
        raise self.error


@pytest.mark.parametrize("tool", ["WebSearch", "WebFetch"])
@pytest.mark.parametrize(
    "error",
    [TypeError("url strings may not include unicode characters"), UnicodeError("idna"), RecursionError("deep")],
    ids=lambda error: type(error).__name__,
)
async def test_any_failure_inside_a_web_tool_is_that_tools_error_logged_with_its_traceback(
    tool: str, error: Exception, caplog: pytest.LogCaptureFixture, autojump_clock: object
) -> None:
    tap = Tap()
    arguments = {"search_term": "x", "url": "https://de.wikipedia.org/wiki/München"}
    outcome, result = await run_web_call(Failing(error), tool, arguments, tap)
    said = f"cursord internal error: {type(error).__name__}: {error}"
    assert outcome.is_error and said in outcome.text
    assert (result.error.error if tool == "WebFetch" else outcome.text).endswith(said)  # type: ignore[attr-defined]
    ((_, details),) = tap.events
    assert details["error"] == said
    (record,) = [r for r in caplog.records if r.name == "cursord.agent.web_calls"]
    assert record.exc_info is not None and record.exc_info[1] is error
