"""The web as the agent's WebSearch and WebFetch reach it: a search API on the user's own key
(`search_api`), pages fetched by cursord within bounds and off the user's own network (`fetch`,
`addresses`), read as Markdown (`extract`), behind one face (`service.WebAccess`).
"""

from cursord.web.addresses import AddressPolicy
from cursord.web.errors import WebToolError
from cursord.web.fetch import FetchedPage, GuardedBackend, PageFetcher, Resolver, SystemResolver
from cursord.web.search_api import SearchCall, SearchHit, read_answer, search_call
from cursord.web.service import WebAccess

__all__ = [
    "AddressPolicy",
    "FetchedPage",
    "GuardedBackend",
    "PageFetcher",
    "Resolver",
    "SearchCall",
    "SearchHit",
    "SystemResolver",
    "WebAccess",
    "WebToolError",
    "read_answer",
    "search_call",
]
