"""Watching what the proxy forwards untouched: the seam `cursord record` uses to capture the calls that go
to Cursor.

`forward` and `forward_stream` take an optional `Observe`. Once a request head went upstream they call it with
that head; the `CallObserver` it returns (None: this call is not watched) is then given, in order, each
request body chunk and each response body chunk as they pass, the response head, and the end of each
direction, or `ended_early` when the exchange broke off before its response was whole. An observer only
looks: it never changes, delays or fails what is forwarded. Without one, forwarding pays a None check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import attrs

__all__ = ["CallObserver", "Observe", "RequestHead"]

HeaderList = list[tuple[bytes, bytes]]


@attrs.frozen
class RequestHead:
    """A forwarded request as the client sent it (regular headers only: no HTTP/2 pseudo-headers)."""

    host: str
    method: str
    target: bytes
    http_version: str
    headers: HeaderList


class CallObserver(Protocol):
    def request_body(self, chunk: bytes, *, end: bool) -> None: ...

    def response_head(self, status: int, headers: HeaderList) -> None: ...

    def response_body(self, chunk: bytes, *, end: bool) -> None: ...

    def ended_early(self) -> None: ...


Observe = Callable[[RequestHead], CallObserver | None]
