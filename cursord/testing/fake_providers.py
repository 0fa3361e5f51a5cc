"""Scripted fake LLM providers, served as real HTTP/1.1 servers on loopback, on trio.

Theory of operation.  A `FakeProvider` listens on 127.0.0.1, port 0, and answers the requests it
receives, in arrival order, with the `Reply`s of its script (whatever the path: the same server
stands in for any of the three wire formats).  A reply is a status, headers and body *steps*:
`Send(bytes, delay)` writes a chunk after sleeping `delay` seconds of trio time, `Stall()` stops
sending and holds the connection open until the client gives up, `Reset()` aborts the
connection with a TCP RST (SO_LINGER 0).  `Reply(status=0)` resets before any answer.

A fake may also enforce a vendor's rules (`rules=`, a `VendorRule` each: `cursord.testing.vendor_rules`,
`cursord.testing.fake_gemini.GeminiRules`): each rule sees every reply before it is sent (and may reshape
it as the vendor would for that request) and every later request; a request a rule refuses gets the
rule's error reply instead (recorded in `refused`), and the scripted reply waits for the next request.

The server is a small trio socket server over h11 (not hypercorn) so that it controls every byte
and can reset connections.  Each request is recorded (`RecordedRequest`: method, path, headers,
raw body, parsed JSON) before it is answered.  While a reply is being sent, a watcher task reads
the socket: EOF means the client closed the connection before the reply was complete, which is
recorded (`client_disconnected`, and the `disconnected` event is set) and ends the reply.  Once
the script is used up, further requests get a 500 and count in `unexpected`.

Use `async with open_fake_provider(reply, ...) as fake:` and point a client at `fake.base_url`. A server
that answers by what is asked (a fake search API, a page server) gives an `answer` function instead of a
script: `open_fake_server(answer)`.
"""

from __future__ import annotations

import json
import math
import socket
import struct
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Protocol, TypeAlias

import attrs
import h11
import trio

from .provider_streams import (  # re-exported: the stream builders go with the fake servers
    anthropic_error_body,
    anthropic_error_event,
    anthropic_event,
    anthropic_text,
    anthropic_thinking_then_tool,
    chat_chunk,
    chat_error,
    chat_text,
    chat_tool_call,
    chat_tool_calls,
    chat_usage,
    responses_error,
    responses_failed,
    responses_stream,
    responses_text,
    responses_tool_call,
    responses_usage,
    sse,
)

__all__ = [
    "FakeProvider",
    "RecordedRequest",
    "Reply",
    "Reset",
    "Send",
    "Stall",
    "VendorRule",
    "anthropic_error_body",
    "anthropic_error_event",
    "anthropic_event",
    "anthropic_text",
    "anthropic_thinking_then_tool",
    "chat_chunk",
    "chat_error",
    "chat_text",
    "chat_tool_call",
    "chat_tool_calls",
    "chat_usage",
    "open_fake_provider",
    "open_fake_server",
    "responses_error",
    "responses_failed",
    "responses_stream",
    "responses_text",
    "responses_tool_call",
    "responses_usage",
    "sse",
]


@attrs.frozen
class Send:
    data: bytes
    delay: float = 0.0  # trio seconds to wait before sending


@attrs.frozen
class Stall:
    """Send nothing more; keep the connection open until the client closes it."""


@attrs.frozen
class Reset:
    """Abort the connection with a TCP RST."""


Step: TypeAlias = Send | Stall | Reset


@attrs.frozen
class Reply:
    status: int = 200  # 0: reset the connection instead of answering
    headers: tuple[tuple[str, str], ...] = (("content-type", "text/event-stream"),)
    body: tuple[Step, ...] = ()
    delay: float = 0.0  # trio seconds before the status line (math.inf: never answer)

    @classmethod
    def sse(
        cls,
        events: Iterable[bytes],
        *,
        gap: float = 0.0,
        then: Stall | Reset | None = None,
        status: int = 200,
        headers: Sequence[tuple[str, str]] = (),
        delay: float = 0.0,
    ) -> Reply:
        """An event stream: each event its own chunk, `gap` seconds apart; `then` after the last."""
        steps: list[Step] = [Send(event, gap if i else 0.0) for i, event in enumerate(events)]
        if then is not None:
            steps.append(then)
        all_headers = (("content-type", "text/event-stream"), ("cache-control", "no-cache"), *headers)
        return cls(status, all_headers, tuple(steps), delay)

    @classmethod
    def json(cls, status: int, payload: Any, headers: Sequence[tuple[str, str]] = ()) -> Reply:
        data = json.dumps(payload).encode()
        all_headers = (("content-type", "application/json"), ("content-length", str(len(data))), *headers)
        return cls(status, all_headers, (Send(data),))

    @classmethod
    def hang(cls) -> Reply:
        """Accept the request and never answer it."""
        return cls(delay=math.inf)

    @classmethod
    def reset(cls) -> Reply:
        """Reset the connection without answering."""
        return cls(status=0)


@attrs.define
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    json: Any
    completed: bool = False  # the whole reply was sent
    #: trio times when the request had arrived and when its whole reply was sent (benchmarks time the fake)
    arrived_at: float = 0.0
    completed_at: float | None = None
    replied: trio.Event = attrs.field(factory=trio.Event, repr=False)
    client_disconnected: bool = False  # the client closed before the reply was complete
    disconnected: trio.Event = attrs.field(factory=trio.Event, repr=False)


class VendorRule(Protocol):
    """A vendor's rule for the requests a fake provider takes (`cursord.testing.vendor_rules`)."""

    def check(self, request: RecordedRequest) -> Reply | None:
        """The vendor's error reply to `request`, or None when the vendor would take it."""
        ...

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        """Remember what `reply` streams for later checks; return it as the vendor would send it."""
        ...


@attrs.define
class FakeProvider:
    replies: list[Reply]
    rules: tuple[VendorRule, ...] = ()
    requests: list[RecordedRequest] = attrs.field(factory=list)
    #: (request, error reply) for each request a rule refused
    refused: list[tuple[RecordedRequest, Reply]] = attrs.field(factory=list)
    unexpected: int = 0
    port: int = 0
    #: answers each request by what it asks, instead of `replies` in order
    answer: Callable[[RecordedRequest], Reply] | None = None
    _arrived: trio.Event = attrs.field(factory=trio.Event, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, prefix: str = "") -> str:
        return self.base_url + prefix

    async def wait_for_requests(self, count: int) -> None:
        while len(self.requests) < count:
            await self._arrived.wait()

    async def run(self, *, task_status: trio.TaskStatus[FakeProvider] = trio.TASK_STATUS_IGNORED) -> None:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        sock = listeners[0].socket
        self.port = sock.getsockname()[1]
        async with trio.open_nursery() as nursery:
            nursery.start_soon(trio.serve_listeners, self._connection, listeners)
            task_status.started(self)

    # --- one connection -------------------------------------------------------------------

    async def _connection(self, stream: trio.SocketStream) -> None:
        conn = h11.Connection(h11.SERVER)
        try:
            while True:
                request = await self._read_request(stream, conn)
                if request is None:
                    return
                if not await self._respond(stream, conn, request):
                    return
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return
                conn.start_next_cycle()
        except (trio.BrokenResourceError, trio.ClosedResourceError, h11.ProtocolError):
            return
        finally:
            with trio.CancelScope(shield=True):
                await stream.aclose()

    async def _read_request(self, stream: trio.SocketStream, conn: h11.Connection) -> RecordedRequest | None:
        head: h11.Request | None = None
        body: list[bytes] = []
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                conn.receive_data(await stream.receive_some(65536))
            elif isinstance(event, h11.Request):
                head = event
            elif isinstance(event, h11.Data):
                body.append(bytes(event.data))
            elif isinstance(event, h11.EndOfMessage):
                break
            else:  # ConnectionClosed (or PAUSED, which cannot happen before a response)
                return None
        assert head is not None
        raw = b"".join(body)
        try:
            parsed: Any = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        request = RecordedRequest(
            method=head.method.decode(),
            path=head.target.decode(),
            headers={k.decode().lower(): v.decode() for k, v in head.headers},
            body=raw,
            json=parsed,
            arrived_at=trio.current_time(),
        )
        self.requests.append(request)
        self._arrived.set()
        self._arrived = trio.Event()
        return request

    def _next_reply(self, request: RecordedRequest) -> Reply:
        for rule in self.rules:
            refusal = rule.check(request)
            if refusal is not None:
                self.refused.append((request, refusal))
                return refusal
        if not self.replies:
            self.unexpected += 1
            return Reply.json(500, {"error": {"message": "fake provider: no scripted reply left"}})
        reply = self.replies.pop(0)
        for rule in self.rules:
            reply = rule.observe(request, reply)
        return reply

    async def _respond(self, stream: trio.SocketStream, conn: h11.Connection, request: RecordedRequest) -> bool:
        """Send the next reply; False when the connection must not be reused."""
        reply = self.answer(request) if self.answer is not None else self._next_reply(request)
        reset = False
        async with trio.open_nursery() as nursery:

            async def watch() -> None:
                try:
                    data = await stream.receive_some(65536)
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    data = b""
                if not data and not reset:
                    request.client_disconnected = True
                    request.disconnected.set()
                    nursery.cancel_scope.cancel()
                elif data:
                    # The client's next request on this kept-alive connection, sent the moment our reply
                    # ended (or pipelined): h11 keeps it for the next cycle.
                    conn.receive_data(data)

            nursery.start_soon(watch)
            try:
                await self._send_reply(stream, conn, reply)
                request.completed, request.completed_at = True, trio.current_time()
                request.replied.set()
            except _ResetNow:
                reset = True
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                request.client_disconnected = True
                request.disconnected.set()
            nursery.cancel_scope.cancel()
        if reset:
            await _reset(stream)
        return request.completed and not request.client_disconnected

    async def _send_reply(self, stream: trio.SocketStream, conn: h11.Connection, reply: Reply) -> None:
        if reply.delay:
            await trio.sleep(reply.delay)
        if reply.status == 0:
            raise _ResetNow
        headers = [(k.encode(), v.encode("latin-1")) for k, v in reply.headers]  # as HTTP/1.1 carries them
        await stream.send_all(conn.send(h11.Response(status_code=reply.status, headers=headers)))
        for step in reply.body:
            if isinstance(step, Send):
                if step.delay:
                    await trio.sleep(step.delay)
                await stream.send_all(conn.send(h11.Data(data=step.data)))
            elif isinstance(step, Stall):
                await trio.sleep_forever()
            else:
                raise _ResetNow
        await stream.send_all(conn.send(h11.EndOfMessage()))


class _ResetNow(Exception):
    """Raised inside a reply to abort its connection."""


async def _reset(stream: trio.SocketStream) -> None:
    stream.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    await stream.aclose()


@asynccontextmanager
async def open_fake_provider(*replies: Reply, rules: Sequence[VendorRule] = ()) -> AsyncIterator[FakeProvider]:
    """Serve a fake provider with this script (and these vendor rules) for the duration of the block.

    An exception from the block comes out as itself, not wrapped in an exception group.
    """
    async with _serving(FakeProvider(list(replies), tuple(rules))) as fake:
        yield fake


@asynccontextmanager
async def open_fake_server(answer: Callable[[RecordedRequest], Reply]) -> AsyncIterator[FakeProvider]:
    """Serve `answer(request)` for each request for the duration of the block."""
    async with _serving(FakeProvider([], answer=answer)) as fake:
        yield fake


@asynccontextmanager
async def _serving(fake: FakeProvider) -> AsyncIterator[FakeProvider]:
    try:
        async with trio.open_nursery() as nursery:
            await nursery.start(fake.run)
            try:
                yield fake
            finally:
                nursery.cancel_scope.cancel()
    except BaseExceptionGroup as group:
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise
