"""A URL as WebFetch sends it: ASCII only, in the form a browser would put on the wire.

The model writes URLs as people read them (`https://de.wikipedia.org/wiki/München`), and a server may
redirect to a `Location` with raw non-ASCII bytes (`/caf\\xe9`). The HTTP stack below takes neither, so
every URL, the model's and each redirect target alike, is made ASCII before its address is checked: the
host in IDNA (`xn--...`), the path and query percent-encoded (UTF-8, or a redirect's own bytes when they
are not UTF-8), what is already percent-encoded kept, the fragment dropped (it is never sent). A URL that
cannot be written so is the fetch's error, named for the model.
"""

from __future__ import annotations

import re
from urllib.parse import quote, urljoin, urlsplit, urlunsplit

import idna

from cursord.web.errors import WebToolError

#: what stays as it is in a path or query: RFC 3986's unreserved and sub-delims, ':' and '@', and '%'
#: (an escape already made), as browsers leave them
_PATH_SAFE = "/:@!$&'()*+,;=%~"
_QUERY_SAFE = _PATH_SAFE + "?"
#: an ASCII host name as DNS takes it (underscores included: real names carry them)
_ASCII_HOST = re.compile(r"[a-z0-9_.-]+\.?")


def _host(hostname: str) -> str:
    if hostname.startswith("["):
        return hostname  # an IPv6 literal: urlsplit has checked its brackets
    lowered = hostname.lower()
    if lowered.isascii():
        if not _ASCII_HOST.fullmatch(lowered) or ".." in lowered:
            raise WebToolError(f"{hostname!r} is not a valid host name")
        return lowered
    try:
        return idna.encode(lowered, uts46=True).decode("ascii")
    except (idna.IDNAError, UnicodeError) as exc:
        raise WebToolError(f"{hostname!r} is not a valid international host name ({exc})") from None


def ascii_url(url: str) -> str:
    """`url` as it goes on the wire; raises `WebToolError` for a URL WebFetch does not take (not http or
    https, credentials, a bad host or port)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port  # raises ValueError for a bad port
    except ValueError as exc:
        raise WebToolError(f"{url!r} is not a valid URL ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        raise WebToolError(f"{url!r} is not an http or https URL")
    if parts.username is not None or parts.password is not None:
        raise WebToolError("URLs with credentials are not fetched")
    host = _host(f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname)
    netloc = host if port is None else f"{host}:{port}"
    path = quote(parts.path, safe=_PATH_SAFE, errors="surrogateescape") or "/"
    query = quote(parts.query, safe=_QUERY_SAFE, errors="surrogateescape")
    return urlunsplit((scheme, netloc, path, query, ""))


def redirect_target(url: str, location: bytes) -> str:
    """Where a redirect from `url` to the raw `Location` header value leads, as `ascii_url` writes it:
    UTF-8 read as UTF-8, other bytes percent-encoded as they came."""
    return ascii_url(urljoin(url, location.strip().decode("utf-8", "surrogateescape")))
