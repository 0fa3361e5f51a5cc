"""The search APIs' wire formats, sans-IO: the request each backend documents, and its answer read into
`SearchHit`s or a `WebToolError` that says what the user must fix.

- Tavily: `POST /search`, `Authorization: Bearer KEY`, JSON `{query, max_results, search_depth}`; the
  answer's `results[]` carry `title`, `url`, `content` (docs.tavily.com, "Tavily Search" endpoint).
- Brave: `GET /res/v1/web/search?q=&count=`, `X-Subscription-Token: KEY`; `web.results[]` carry `title`,
  `url`, `description` (Brave Search API docs, "Web search" and its response objects).
- Exa: `POST /search`, `x-api-key: KEY`, JSON `{query, numResults, contents: {highlights}}`; `results[]`
  carry `title`, `url`, `highlights[]` or `text` (exa.ai/docs/reference/search).
- SearXNG: `GET /search?q=&format=json`; `results[]` carry `title`, `url`, `content`. An instance whose
  `search.formats` lacks `json` answers 403 (docs.searxng.org/dev/search_api).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import attrs

from cursord.config import SearchBackend, WebSearchSpec
from cursord.core import redact_secrets
from cursord.web.errors import WebToolError

#: a hit's snippet as the model reads it (the APIs' snippets are short; Exa's text can be a page)
SNIPPET_CHARS = 1_000
#: a hit's title as the model reads it (a title is a line; an API that answers a page there is cut)
TITLE_CHARS = 300


@attrs.frozen
class SearchHit:
    title: str
    url: str
    snippet: str


@attrs.frozen
class SearchCall:
    """One HTTP request to a search API."""

    method: str
    url: str
    headers: Mapping[str, str]
    params: Mapping[str, str] = attrs.field(factory=dict)
    body: Mapping[str, Any] | None = None


def search_call(spec: WebSearchSpec, query: str, key: str | None) -> SearchCall:
    """The request `spec`'s backend documents for `query` (`key`: the user's key, None for a keyless one)."""
    base, limit = spec.base_url, spec.max_results
    accept = {"Accept": "application/json"}
    match spec.backend:
        case SearchBackend.TAVILY:
            body = {"query": query, "max_results": limit, "search_depth": "basic"}
            return SearchCall("POST", f"{base}/search", {**accept, **_bearer(key)}, body=body)
        case SearchBackend.BRAVE:
            headers = {**accept, **({"X-Subscription-Token": key} if key else {})}
            return SearchCall("GET", f"{base}/res/v1/web/search", headers, {"q": query, "count": str(limit)})
        case SearchBackend.EXA:
            body = {"query": query, "numResults": limit, "contents": {"highlights": {"maxCharacters": SNIPPET_CHARS}}}
            return SearchCall("POST", f"{base}/search", {**accept, **({"x-api-key": key} if key else {})}, body=body)
        case SearchBackend.SEARXNG:
            return SearchCall("GET", f"{base}/search", accept, {"q": query, "format": "json"})


def _bearer(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def read_answer(spec: WebSearchSpec, status: int, body: bytes) -> list[SearchHit]:
    """The hits of a search API's answer (at most `spec.max_results`); raises `WebToolError` for a refusal."""
    name = spec.backend.value
    if status != 200:
        raise WebToolError(_refusal(spec, status, body))
    try:
        data = json.loads(body)
    except ValueError:
        raise WebToolError(f"{name} answered something that is not JSON ({len(body)} bytes)") from None
    except RecursionError:  # `[[[[...` a few thousand deep: no search answer looks like that
        raise WebToolError(f"{name} answered JSON nested too deeply to read ({len(body)} bytes)") from None
    if not isinstance(data, dict):
        raise WebToolError(f"{name} answered JSON that is not an object")
    match spec.backend:
        case SearchBackend.BRAVE:
            web = data.get("web")
            raw = web.get("results") if isinstance(web, dict) else []  # no `web` key: nothing found
            hits = [_hit(r, "description") for r in _objects(raw)]
        case SearchBackend.EXA:
            hits = [_hit(r, "highlights", "text") for r in _objects(data.get("results"))]
        case SearchBackend.TAVILY | SearchBackend.SEARXNG:
            hits = [_hit(r, "content") for r in _objects(data.get("results"))]
    return [hit for hit in hits if hit is not None][: spec.max_results]


def _objects(value: object) -> list[Mapping[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _hit(result: Mapping[str, Any], *snippet_keys: str) -> SearchHit | None:
    url = result.get("url")
    if not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https"):
        return None
    snippet = ""
    for key in snippet_keys:
        value = result.get(key)
        if isinstance(value, list):
            value = " … ".join(str(v) for v in value if isinstance(v, str))
        if isinstance(value, str) and value.strip():
            snippet = value.strip()
            break
    title = result.get("title")
    return SearchHit(title[:TITLE_CHARS] if isinstance(title, str) else "", url, snippet[:SNIPPET_CHARS])


def _refusal(spec: WebSearchSpec, status: int, body: bytes) -> str:
    """What a non-200 answer means for the user, with the API's own words where it gave any."""
    name = spec.backend.value
    detail = _error_detail(body)
    said = f": {detail}" if detail else ""
    if status in (401, 403) and spec.backend is SearchBackend.SEARXNG:
        return (f"the SearXNG instance at {spec.base_url} refused the JSON API ({status}{said}); enable it with"
                " `search: formats: [html, json]` in its settings.yml")
    if status in (401, 403) or (spec.backend is SearchBackend.BRAVE and b"SUBSCRIPTION_TOKEN" in body):
        where = f" (${spec.api_key_env})" if spec.api_key_env else ""
        return f"{name} refused the API key{where} ({status}{said})"
    if status == 429 or (spec.backend is SearchBackend.TAVILY and status in (432, 433)):
        return f"{name} refused the search: rate or plan limit reached ({status}{said})"
    return f"{name} answered {status}{said}"


def _error_detail(body: bytes) -> str:
    """The message in the error bodies these APIs document (`{"detail": {"error"}}`, `{"error": {"detail"}}`,
    `{"error": "..."}`), else the start of the body; secrets redacted."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return redact_secrets(body[:200].decode("utf-8", "replace").strip())
    for outer, inner in (("detail", "error"), ("error", "detail"), ("error", "message")):
        value = data.get(outer) if isinstance(data, dict) else None
        if isinstance(value, dict) and isinstance(value.get(inner), str):
            return redact_secrets(value[inner])
        if isinstance(value, str):
            return redact_secrets(value)
    return ""
