"""The narrow ASGI seam: reading a bounded request body, sending responses, noticing disconnects.

Hypercorn gives the app raw ASGI; these helpers are all of cursord's HTTP I/O apart from the streaming
writes in `runsse`. A disconnect never shows up as a failing `send` (h2 swallows it), only as
`http.disconnect` from `receive`, so streaming handlers run `watch_disconnect` beside their writer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

import trio

from cursord.connect import Code, ConnectError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]


class ClientDisconnected(Exception):
    """The client went away before its request body was complete."""


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of header `name` (lower-case bytes), decoded as latin-1."""
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value).decode("latin-1")
    return None


#: the longest a whole request body may take to arrive (and what is drained of a refused one): a client that
#: trickles its body a byte at a time holds no handler longer (issue 27 #8). Hypercorn's idle timer stops
#: once the request head is in.
BODY_SECONDS = 10.0


async def read_body(receive: Receive, limit: int) -> bytes:
    """The whole request body; `resource_exhausted` as soon as it grows past `limit` bytes, and
    `deadline_exceeded` if it is not all there within `BODY_SECONDS`."""
    chunks: list[bytes] = []
    size = 0
    with trio.move_on_after(BODY_SECONDS):
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise ClientDisconnected
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise ConnectError(
                    Code.RESOURCE_EXHAUSTED,
                    f"request body exceeds the limit of {limit} bytes (got at least {size})",
                )
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)
    raise ConnectError(
        Code.DEADLINE_EXCEEDED, f"the request body did not arrive within {BODY_SECONDS:g} s ({size} bytes came)"
    )


async def drain_body(receive: Receive, limit: int) -> None:
    """Read and drop what is left of a refused request body (up to `limit` bytes).

    Answering before the body is consumed makes an HTTP/1.1 server close the connection under a client
    that is still sending, which then sees a broken pipe instead of our error. At most `BODY_SECONDS`.
    """
    size = 0
    with trio.move_on_after(BODY_SECONDS):
        while size <= limit:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            size += len(message.get("body", b""))
            if not message.get("more_body", False):
                return


async def send_response(send: Send, status: int, headers: Iterable[tuple[bytes, bytes]], body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": list(headers)})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def deny_websocket(
    scope: Scope, send: Send, status: int, message: str, headers: Iterable[tuple[bytes, bytes]] = ()
) -> None:
    """Refuse a WebSocket handshake (after `websocket.connect`) with `status` and `message` as its body
    where the server supports the denial-response extension; else a plain close, which Hypercorn
    answers 403."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = (message + "\n").encode()
        all_headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
        all_headers += headers
        await send({"type": "websocket.http.response.start", "status": status, "headers": all_headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})


async def watch_disconnect(receive: Receive, on_disconnect: trio.CancelScope) -> None:
    """Cancel `on_disconnect` when the client goes away; drains any late body chunks meanwhile."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            on_disconnect.cancel()
            return
