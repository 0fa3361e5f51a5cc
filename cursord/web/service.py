"""WebAccess: what the agent's WebSearch and WebFetch reach, as the user configured it.

`search` sends one query to the configured search API (`cursord.web.search_api` knows each one's
format) under the `web_search_seconds` deadline; `fetch` runs `PageFetcher` and turns the page into
Markdown (`Extractor`: a worker process), both within `web_fetch_seconds`. Both raise `WebToolError`
with a message meant for the model and the user.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import httpx
import trio

from cursord.config import Limits, ServeConfig, WebSearchSpec
from cursord.web.addresses import AddressPolicy
from cursord.web.errors import WebToolError
from cursord.web.extract import Extractor, is_html, page_text
from cursord.web.fetch import PageFetcher
from cursord.web.search_api import SearchCall, SearchHit, read_answer, search_call

#: the most of a search API's answer that is read (their answers are a few kilobytes)
MAX_SEARCH_ANSWER = 2 * 1024 * 1024


@attrs.define
class WebAccess:
    #: None: no search API configured; `search` says how to configure one
    search_spec: WebSearchSpec | None = None
    environ: Mapping[str, str] = attrs.field(factory=dict, repr=False)
    client: httpx.AsyncClient | None = attrs.field(default=None, repr=False)
    fetcher: PageFetcher = attrs.field(factory=PageFetcher)
    #: reads HTML pages, a few at a time, within the fetch's deadline
    extractor: Extractor = attrs.field(factory=Extractor)
    search_seconds: float = Limits().web_search_seconds
    #: why these tools reach no network at all (`cursord replay`: a capture that approved a fetch must not
    #: make the replay fetch); None: they reach what the settings allow
    offline: str | None = None

    @classmethod
    def from_config(cls, config: ServeConfig, environ: Mapping[str, str], client: httpx.AsyncClient) -> WebAccess:
        limits = config.limits
        fetcher = PageFetcher(AddressPolicy(config.web_fetch_allow), limits.web_fetch_bytes, limits.web_fetch_seconds)
        extractor = Extractor(trio.CapacityLimiter(limits.web_extractions), limits.web_extract_bytes)
        return cls(config.web_search, environ, client, fetcher, extractor, limits.web_search_seconds)

    async def search(self, query: str) -> list[SearchHit]:
        if self.offline is not None:
            raise WebToolError(self.offline)
        spec = self.search_spec
        if spec is None:
            raise WebToolError(
                "cursord has no web search backend configured (the user can give --web-search tavily|brave|exa|"
                "searxng with their own key); answer from what you know, or fetch a page whose URL you know"
            )
        key = self.environ.get(spec.api_key_env) if spec.api_key_env else None
        if spec.api_key_env and not key:
            raise WebToolError(f"${spec.api_key_env} is not set, so {spec.backend.value} cannot be searched")
        call = search_call(spec, query, key)
        name = spec.backend.value
        with trio.move_on_after(self.search_seconds):
            try:
                if self.client is None:
                    async with httpx.AsyncClient(timeout=None) as client:  # the deadline is ours
                        return await self._send(spec, call, client)
                return await self._send(spec, call, self.client)
            except WebToolError as exc:
                if key and key in str(exc):  # an API that echoes the key it refused
                    raise WebToolError(str(exc).replace(key, "<redacted>")) from None
                raise
            except httpx.TimeoutException:
                pass  # the client's own timeout came first: said below as ours
            except httpx.TransportError as exc:
                raise WebToolError(f"{name} at {spec.base_url} could not be reached ({type(exc).__name__})") from None
        raise WebToolError(f"{name} did not answer within {self.search_seconds:g} s")

    async def _send(self, spec: WebSearchSpec, call: SearchCall, client: httpx.AsyncClient) -> list[SearchHit]:
        request = client.build_request(
            call.method, call.url, headers=dict(call.headers), params=dict(call.params), json=call.body
        )
        response = await client.send(request, stream=True)
        try:
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > MAX_SEARCH_ANSWER:
                    raise WebToolError(f"{spec.backend.value} answered more than {MAX_SEARCH_ANSWER} bytes")
        finally:
            await response.aclose()
        return read_answer(spec, response.status_code, bytes(body))

    async def fetch(self, url: str) -> tuple[str, str]:
        """The final URL (after redirects) and the page as Markdown, both within the fetch's deadline."""
        if self.offline is not None:
            raise WebToolError(self.offline)
        deadline = trio.current_time() + self.fetcher.seconds
        page = await self.fetcher.fetch(url)
        return page.url, await self.extractor.markdown(page, deadline) if is_html(page) else page_text(page)
