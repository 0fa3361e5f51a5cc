"""The narrow ASGI seam: reading a bounded request body, sending responses, noticing disconnects.

Hypercorn gives the app raw ASGI; these helpers are all of cursord's HTTP I/O apart from the streaming
writes in `runsse`. A disconnect never shows up as a failing `send` (h2 swallows it), only as
`http.disconnect` from `receive`, so streaming handlers run `watch_disconnect` beside their writer, or
write inside `CancelOnDisconnect`, which needs no task of its own over Hypercorn's queue (`AppQueue`), or
`follow` that queue themselves (a RunSSE: no cancel scope either).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from types import TracebackType
from typing import Any

import attrs
import trio

from cursord.connect import Code, ConnectError
from cursord.streams import Mailbox

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


def let_go_of_headers(scope: Scope) -> None:
    """For a request that stays open long after its head was read (a RunSSE follows its stream for the run's
    life): its headers are let go of, in the scope the server keeps too (Hypercorn keeps it for its access
    log, off in cursord: about 0.7 KB per open request). Read nothing from `scope["headers"]` after this."""
    scope["headers"] = []


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


@attrs.define(eq=False)
class AppQueue(Mailbox[Message]):
    """What Hypercorn queues for one request's app, and the app's `receive` (`hypercorn_fixes` makes one per
    request instead of a trio memory channel, about 1.7 KB lighter, with the same bound and order).

    A handler that only waits for its client to leave can `follow` it instead of running a task that
    receives: every message then goes to the callback as Hypercorn puts it, and none is queued."""

    _follower: Callable[[Message], None] | None = None

    async def __call__(self) -> Message:
        return await self.receive()

    def send_nowait(self, item: Message) -> None:
        if self._follower is not None and not self.closed:
            self._follower(item)
            return
        super().send_nowait(item)

    def follow(self, on_message: Callable[[Message], None] | None) -> None:
        """Hand every message to `on_message` from now on, those already queued first (None: queue them
        again)."""
        if on_message is not None:
            while True:
                try:
                    message = self.receive_nowait()
                except (trio.WouldBlock, trio.ClosedResourceError):
                    break
                on_message(message)
        self._follower = on_message


class CancelOnDisconnect:
    """`async with CancelOnDisconnect(receive):` runs its body under a cancel scope that is canceled when the
    client goes away (late body chunks are dropped meanwhile), as `watch_disconnect` in a nursery around it.

    Over Hypercorn's `AppQueue` the queue hands the disconnect to the scope itself: no task, coroutine or
    nursery kept for each open stream (about 2 KB). Any other `receive` gets the task."""

    __slots__ = ("_nursery", "_nursery_manager", "_receive", "_scope")

    def __init__(self, receive: Receive) -> None:
        self._receive = receive
        self._scope: trio.CancelScope | None = None
        self._nursery_manager: Any = None
        self._nursery: trio.Nursery | None = None

    def _on_message(self, message: Message) -> None:
        if message["type"] == "http.disconnect" and self._scope is not None:
            self._scope.cancel()

    async def __aenter__(self) -> None:
        if isinstance(self._receive, AppQueue):
            self._scope = trio.CancelScope().__enter__()
            self._receive.follow(self._on_message)
            return
        self._nursery_manager = trio.open_nursery()
        self._nursery = nursery = await self._nursery_manager.__aenter__()
        nursery.start_soon(watch_disconnect, self._receive, nursery.cancel_scope)

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> bool:
        if self._nursery is not None:
            manager, self._nursery_manager = self._nursery_manager, None
            nursery, self._nursery = self._nursery, None
            nursery.cancel_scope.cancel()  # the watcher: the body is over
            return bool(await manager.__aexit__(kind, error, traceback))
        assert isinstance(self._receive, AppQueue) and self._scope is not None
        self._receive.follow(None)
        scope, self._scope = self._scope, None
        return bool(scope.__exit__(kind, error, traceback))
