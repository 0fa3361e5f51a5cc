"""Fake search APIs and a page server for the web tools' tests, served by `open_fake_server` on loopback.

Each fake search API checks what its vendor checks (method, path, where the key goes, the parameters
cursord sends) and answers in the vendor's documented JSON, success and refusal alike:

- Tavily (docs.tavily.com, API reference "Tavily Search"): `POST /search` with `Authorization: Bearer
  tvly-...`; a missing or wrong key is 401 `{"detail": {"error": "Unauthorized: missing or invalid API
  key."}}`; `max_results` above 20 is 400 in the same shape; success is `{query, answer, images, results:
  [{title, url, content, score, raw_content}], response_time}`.
- Brave (api-dashboard.search.brave.com documentation, "Web search" and "Response objects"): `GET
  /res/v1/web/search?q=&count=` with `X-Subscription-Token`; a bad token is 422 `{"type":
  "ErrorResponse", "error": {"code": "SUBSCRIPTION_TOKEN_INVALID", "detail", "status"}}`; `count` above
  20 is 422 `VALIDATION`; success is `{type: "search", query, web: {type, results: [{title, url,
  description, extra_snippets}]}}` (no `web` at all when nothing was found).
- Exa (exa.ai/docs/reference/search): `POST /search` with `x-api-key`; a bad key is 401 `{requestId,
  error}`; success is `{requestId, results: [{id, title, url, publishedDate, author, highlights,
  highlightScores}], costDollars}`.
- SearXNG (docs.searxng.org/dev/search_api): `GET /search?q=&format=json`; an instance whose
  `search.formats` lacks json answers 403 with an HTML page; success is `{query, number_of_results,
  results: [{url, title, content, engine, engines, score, category}], answers, suggestions, ...}`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from urllib.parse import parse_qs, urlsplit

import attrs

from cursord.config import SearchBackend
from cursord.testing.fake_providers import RecordedRequest, Reply, Send

Answer = Callable[[RecordedRequest], Reply]
KEYS: Mapping[SearchBackend, str | None] = {
    SearchBackend.TAVILY: "tvly-dev-test0123456789",
    SearchBackend.BRAVE: "BSA-test-token-0123456789",
    SearchBackend.EXA: "exa-test-key-0123456789",
    SearchBackend.SEARXNG: None,
}


@attrs.frozen
class Hit:
    title: str
    url: str
    snippet: str


def _query(request: RecordedRequest) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(request.path).query).items()}


def _path(request: RecordedRequest) -> str:
    return urlsplit(request.path).path


def _not_found() -> Reply:
    return Reply.json(404, {"detail": "Not Found"})


def tavily(hits: Sequence[Hit], key: str | None = KEYS[SearchBackend.TAVILY]) -> Answer:
    def answer(request: RecordedRequest) -> Reply:
        if request.method != "POST" or _path(request) != "/search":
            return _not_found()
        body = request.json if isinstance(request.json, dict) else {}
        given = request.headers.get("authorization", "").removeprefix("Bearer ") or body.get("api_key")
        if given != key:
            return Reply.json(401, {"detail": {"error": "Unauthorized: missing or invalid API key."}})
        if not isinstance(body.get("query"), str) or not body["query"]:
            return Reply.json(400, {"detail": {"error": "Query is missing."}})
        limit = body.get("max_results", 5)
        if not isinstance(limit, int) or not 0 <= limit <= 20:
            return Reply.json(400, {"detail": {"error": "max_results must be between 0 and 20."}})
        results = [
            {"title": h.title, "url": h.url, "content": h.snippet, "score": 0.9 - i / 100, "raw_content": None}
            for i, h in enumerate(hits[:limit])
        ]
        return Reply.json(
            200,
            {"query": body["query"], "follow_up_questions": None, "answer": None, "images": [], "results": results,
             "response_time": 0.42},
        )

    return answer


def brave(hits: Sequence[Hit], key: str | None = KEYS[SearchBackend.BRAVE]) -> Answer:
    def error(code: str, detail: str) -> Reply:
        return Reply.json(
            422,
            {"type": "ErrorResponse", "error": {"id": "0f3c", "status": 422, "code": code, "detail": detail,
                                                "meta": {"component": "authentication"}}, "time": 1767225600},
        )

    def answer(request: RecordedRequest) -> Reply:
        if request.method != "GET" or _path(request) != "/res/v1/web/search":
            return _not_found()
        if request.headers.get("x-subscription-token") != key:
            return error("SUBSCRIPTION_TOKEN_INVALID", "The provided subscription token is invalid.")
        params = _query(request)
        count = int(params.get("count", "20"))
        if not params.get("q") or not 1 <= count <= 20:
            return error("VALIDATION", "Unable to validate request parameter(s)")
        page: dict[str, object] = {"type": "search", "query": {"original": params["q"]}}
        if hits:
            page["web"] = {
                "type": "search",
                "family_friendly": True,
                "results": [
                    {"type": "search_result", "title": h.title, "url": h.url, "description": h.snippet,
                     "is_source_local": False, "extra_snippets": []}
                    for h in hits[:count]
                ],
            }
        return Reply.json(200, page)

    return answer


def exa(hits: Sequence[Hit], key: str | None = KEYS[SearchBackend.EXA]) -> Answer:
    def answer(request: RecordedRequest) -> Reply:
        if request.method != "POST" or _path(request) != "/search":
            return _not_found()
        if request.headers.get("x-api-key") != key:
            return Reply.json(401, {"requestId": "b5947044", "error": "Invalid API key"})
        body = request.json if isinstance(request.json, dict) else {}
        limit = body.get("numResults", 10)
        if not isinstance(body.get("query"), str) or not isinstance(limit, int) or not 1 <= limit <= 100:
            return Reply.json(400, {"requestId": "b5947045", "error": "Invalid request body"})
        highlights = isinstance(body.get("contents"), dict) and "highlights" in body["contents"]
        results = [
            {"id": h.url, "title": h.title, "url": h.url, "publishedDate": "2026-11-02T00:00:00.000Z", "author": None,
             **({"highlights": [h.snippet], "highlightScores": [0.5]} if highlights else {})}
            for h in hits[:limit]
        ]
        return Reply.json(200, {"requestId": "b5947046", "resolvedSearchType": "neural", "results": results,
                                "costDollars": {"total": 0.005}})

    return answer


def searxng(hits: Sequence[Hit], *, json_enabled: bool = True) -> Answer:
    def answer(request: RecordedRequest) -> Reply:
        if request.method not in ("GET", "POST") or _path(request) not in ("/", "/search"):
            return _not_found()
        params = _query(request)
        if params.get("format", "html") != "html" and not json_enabled:
            page = b"<!DOCTYPE html><title>403 Forbidden</title><h1>Forbidden</h1>"
            return Reply(403, (("content-type", "text/html; charset=utf-8"),), (Send(page),))
        if params.get("format") != "json":
            return Reply(200, (("content-type", "text/html"),), (Send(b"<html>results</html>"),))
        results = [
            {"url": h.url, "title": h.title, "content": h.snippet, "engine": "duckduckgo", "engines": ["duckduckgo"],
             "score": 1.0, "category": "general"}
            for h in hits
        ]
        return Reply.json(200, {"query": params.get("q", ""), "number_of_results": 0, "results": results,
                                "answers": [], "corrections": [], "infoboxes": [], "suggestions": [],
                                "unresponsive_engines": []})

    return answer


SEARCH_APIS: Mapping[SearchBackend, Callable[[Sequence[Hit]], Answer]] = {
    SearchBackend.TAVILY: tavily,
    SearchBackend.BRAVE: brave,
    SearchBackend.EXA: exa,
    SearchBackend.SEARXNG: searxng,
}


def html_page(title: str, paragraphs: Sequence[str]) -> Reply:
    """An article page with the boilerplate real pages have around it (menu, footer, a script)."""
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    html = (
        f"<!DOCTYPE html><html><head><title>{title}</title><script>track()</script></head><body>"
        f"<nav><a href='/'>Home</a> | <a href='/about'>About</a></nav>"
        f"<article><h1>{title}</h1>{body}</article><footer>Copyright the site</footer></body></html>"
    ).encode()
    return Reply(200, (("content-type", "text/html; charset=utf-8"), ("content-length", str(len(html)))), (Send(html),))


def redirect(location: str, status: int = 302) -> Reply:
    return Reply(status, (("location", location), ("content-length", "0")), ())


def pages(routes: Mapping[str, Reply]) -> Answer:
    """A site: each path answers its reply (again and again); others are 404."""

    def answer(request: RecordedRequest) -> Reply:
        reply = routes.get(urlsplit(request.path).path)
        return reply if reply is not None else Reply(404, (("content-type", "text/plain"),), (Send(b"not found"),))

    return answer


