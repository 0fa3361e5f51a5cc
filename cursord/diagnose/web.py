"""Does the agent's WebSearch work? (`cursord doctor`, when `web_search` is configured.)

1. **key**: the variable named by the backend's `api_key_env` is set (a SearXNG needs none);
2. **search**: one query, with one result asked for, through the same `WebAccess.search` a turn uses: the
   API answers, accepts the key and returns results in its documented format. It costs the user one search
   (Tavily counts it as one credit, Brave and Exa as one request).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import httpx

from cursord.config import WebSearchSpec
from cursord.diagnose.checks import Check, Report, Status, key_status
from cursord.web import WebAccess, WebToolError

PROBE_QUERY = "cursord"


@attrs.frozen
class WebSearchReport(Report):
    spec: WebSearchSpec
    key: Check
    search: Check

    @property
    def checks(self) -> tuple[tuple[str, Check], ...]:
        return (("key", self.key), ("search", self.search))


async def check_web_search(
    spec: WebSearchSpec, environ: Mapping[str, str], client: httpx.AsyncClient, *, request_timeout: float
) -> WebSearchReport:
    key = key_status(spec.api_key_env, environ)
    if key.status is Status.FAIL:
        return WebSearchReport(spec, key, Check(Status.SKIP, "no key"))
    web = WebAccess(attrs.evolve(spec, max_results=1), environ, client, search_seconds=request_timeout)
    try:
        hits = await web.search(PROBE_QUERY)
    except WebToolError as exc:
        return WebSearchReport(spec, key, Check(Status.FAIL, "failed", str(exc)))
    if not hits:
        return WebSearchReport(spec, key, Check(Status.WARN, "answered, but with no results", f"query {PROBE_QUERY!r}"))
    return WebSearchReport(spec, key, Check(Status.OK, f"{len(hits)} result"))
