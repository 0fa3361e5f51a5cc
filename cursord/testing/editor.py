"""A scripted editor: speaks BidiAppend and RunSSE to a running cursord, the way Cursor does.

Works over any `trio.abc.Stream` factory (loopback TCP or `serve_in_memory`), HTTP/1.1 or HTTP/2. Over
HTTP/2 every call shares one connection, as the editor's does; over HTTP/1.1 each call opens its own,
as a RunSSE response occupies its connection until the stream ends.

How it uploads (`AppendPattern`). By default as Cursor's agent host does (its BidiTransport, as read
from Cursor 3.18.9 by a public peer): a request's appends are numbered **from 0**, up to 32 sends are in
flight at once and `append` does not wait for the ACK, so a later append can overtake an earlier one
(each send waits a random few milliseconds of trio's clock first), and some appends are sent twice with
the same seqno and bytes: again after their ACK came, or again after the first send was given up
before its answer. A refused send fails the client's nursery, so the test that owns it fails with
`AppendFailed`. `SEQUENTIAL` (from 1, one at a time, each waiting for its ACK, never retried) is the
older sender, for tests that need exact control; `append(..., seqno=N)` or `wait=True` sends one append
that way whatever the pattern.
"""

from __future__ import annotations

import binascii
import contextlib
import gzip
import itertools
import random
from collections.abc import AsyncIterator, Awaitable, Callable

import attrs
import trio

from cursord.connect import ConnectError, EnvelopeDecoder, encode_envelope, error_from_json, parse_end_stream
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.testing.http_client import HTTPConnection, RequestStream, Response, open_http

RUN_SSE = "/agent.v1.AgentService/RunSSE"
RUN = "/agent.v1.AgentService/Run"
BIDI_APPEND = "/aiserver.v1.BidiService/BidiAppend"
UNARY_HEADERS = [(b"content-type", b"application/proto"), (b"connect-protocol-version", b"1")]
STREAM_HEADERS = [(b"content-type", b"application/connect+proto"), (b"connect-protocol-version", b"1")]

Connect = Callable[[], Awaitable[trio.abc.Stream]]


class AppendFailed(Exception):
    def __init__(self, status: int, error: ConnectError) -> None:
        super().__init__(f"BidiAppend answered HTTP {status}: {error}")
        self.status = status
        self.error = error


@attrs.define
class RunSSEReader:
    """One RunSSE response, decoded: messages in order (heartbeats counted apart), then the end-stream."""

    response: Response
    decoder: EnvelopeDecoder = attrs.field(factory=lambda: EnvelopeDecoder(1 << 26))
    queue: list[agent.AgentServerMessage] = attrs.field(factory=list)
    heartbeats: int = 0
    end: tuple[ConnectError | None, dict[str, tuple[str, ...]]] | None = None
    raw: bytearray = attrs.field(factory=bytearray)

    @property
    def content_type(self) -> bytes | None:
        return self.response.header(b"content-type")

    async def next_message(self, *, include_heartbeats: bool = False) -> agent.AgentServerMessage | None:
        """The next message, or None once the end-stream has been read."""
        while True:
            while self.queue:
                message = self.queue.pop(0)
                if message.interaction_update.HasField("heartbeat"):
                    self.heartbeats += 1
                    if not include_heartbeats:
                        continue
                return message
            if self.end is not None:
                return None
            chunk = await self.response.read_chunk()
            if chunk is None:
                self.decoder.finish()
                raise ConnectionError("RunSSE body ended without an end-stream frame")
            self.raw += chunk
            for envelope in self.decoder.feed(chunk):
                if envelope.end_stream:
                    self.end = parse_end_stream(envelope.payload)
                else:
                    self.queue.append(agent.AgentServerMessage.FromString(envelope.payload))

    async def read_to_end(self) -> list[agent.AgentServerMessage]:
        messages = []
        while (message := await self.next_message()) is not None:
            messages.append(message)
        return messages

    @property
    def error(self) -> ConnectError | None:
        assert self.end is not None, "the stream has not ended"
        return self.end[0]

    async def aclose(self) -> None:
        await self.response.aclose()


@attrs.define
class RunCall:
    """One `AgentService/Run` bidi call: `send` uploads, `reader()` the response, `end` or `reset` to leave."""

    request: RequestStream
    compressed: bool = False
    _reader: RunSSEReader | None = None

    async def send(self, message: agent.AgentClientMessage) -> None:
        await self.send_payload(message.SerializeToString())

    async def send_payload(self, payload: bytes) -> None:
        """One frame carrying `payload` (gzip'd and flagged compressed if the call was opened so)."""
        if self.compressed:
            await self.request.send(encode_envelope(gzip.compress(payload), compressed=True))
        else:
            await self.request.send(encode_envelope(payload))

    async def end(self) -> None:
        await self.request.end()

    async def reset(self) -> None:
        await self.request.reset()

    async def reader(self) -> RunSSEReader:
        """The response (status, headers, then messages), once its headers have come."""
        if self._reader is None:
            self._reader = RunSSEReader(await self.request.response())
        return self._reader


def bidi_request(request_id: str, seqno: int, message: agent.AgentClientMessage, *, binary: bool = False) -> bytes:
    payload = message.SerializeToString()
    request = aiserver.BidiAppendRequest(request_id=aiserver.BidiRequestId(request_id=request_id), append_seqno=seqno)
    if binary:
        request.data_binary = payload
    else:
        request.data = binascii.hexlify(payload).decode()
    return request.SerializeToString()


@attrs.frozen
class AppendPattern:
    """How the test editor numbers and sends a request's BidiAppends (see the module docstring)."""

    #: the first append_seqno of a request
    start: int = attrs.field(default=0, validator=attrs.validators.in_((0, 1)))
    #: sends in flight at once; 1: each append waits for its ACK before `append` returns
    window: int = attrs.field(default=32, validator=attrs.validators.ge(1))
    #: the share of appends sent twice (half again after their ACK, half after a send given up)
    retry_rate: float = attrs.field(default=0.25, validator=[attrs.validators.ge(0.0), attrs.validators.le(1.0)])
    #: each windowed send waits up to this long (seconds of trio's clock) before it goes
    jitter: float = attrs.field(default=0.004, validator=attrs.validators.ge(0.0))
    seed: int = 0


EDITOR = AppendPattern()
"""Cursor's own sender: from 0, 32 in flight, overtaking, some retried."""
SEQUENTIAL = AppendPattern(start=1, window=1, retry_rate=0.0, jitter=0.0)
"""The older sender: from 1, one at a time, never retried."""


@attrs.define
class EditorClient:
    connect: Connect
    http2: bool
    _shared: HTTPConnection | None = None
    _seqnos: dict[str, itertools.count[int]] = attrs.field(factory=dict)
    #: sent with every request (a team gateway's `authorization`)
    headers: tuple[tuple[bytes, bytes], ...] = ()
    pattern: AppendPattern = EDITOR
    #: the windowed sends in flight (set while the client is open)
    _sends: trio.Nursery | None = None
    _window: trio.Semaphore = attrs.field(init=False)
    _rng: random.Random = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._window = trio.Semaphore(self.pattern.window)
        self._rng = random.Random(self.pattern.seed)

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[HTTPConnection]:
        if self.http2 and self._shared is not None:
            yield self._shared
            return
        async with open_http(await self.connect(), self.http2) as conn:
            yield conn

    @classmethod
    @contextlib.asynccontextmanager
    async def open(
        cls,
        connect: Connect,
        http2: bool,
        headers: tuple[tuple[bytes, bytes], ...] = (),
        pattern: AppendPattern = EDITOR,
    ) -> AsyncIterator[EditorClient]:
        """A client for the `async with` block; on exit it waits for the appends still in flight."""
        client = cls(connect, http2, headers=headers, pattern=pattern)
        async with contextlib.AsyncExitStack() as stack:
            if http2:
                client._shared = await stack.enter_async_context(open_http(await connect(), True))
            client._sends = await stack.enter_async_context(trio.open_nursery())
            try:
                yield client
            finally:
                client._sends = None

    def next_seqno(self, request_id: str) -> int:
        return next(self._seqnos.setdefault(request_id, itertools.count(self.pattern.start)))

    def peek_seqno(self, request_id: str) -> int:
        """The number the next automatic append of `request_id` would get, without taking it."""
        seqno = self.next_seqno(request_id)
        self._seqnos[request_id] = itertools.count(seqno)
        return seqno

    async def post(self, path: str, body: bytes, headers: list[tuple[bytes, bytes]] | None = None) -> tuple[int, bytes]:
        async with self._connection() as conn:
            response = await conn.request("POST", path, [*(headers or UNARY_HEADERS), *self.headers], body)
            return response.status, await response.read_all()

    async def append(
        self,
        request_id: str,
        message: agent.AgentClientMessage,
        *,
        seqno: int | None = None,
        binary: bool = False,
        wait: bool = False,
    ) -> None:
        """One BidiAppend, sent as `pattern` says. With an explicit `seqno`, `wait`, or a window of 1 it is
        sent at once and waited for, and raises `AppendFailed` unless the daemon ACKs it; otherwise it
        returns once a place in the window is free, and a refusal fails the client's nursery."""
        explicit = seqno is not None
        if seqno is None:
            seqno = self.next_seqno(request_id)
        elif seqno >= self.pattern.start:  # later automatic numbers go on after it
            self._seqnos[request_id] = itertools.count(max(seqno + 1, self.peek_seqno(request_id)))
        body = bidi_request(request_id, seqno, message, binary=binary)
        if explicit or wait or self.pattern.window == 1 or self._sends is None:
            await self._send_append(body)
            return
        await self._window.acquire()
        rng, jitter = self._rng, self.pattern.jitter
        retry = "after_ack" if rng.random() < 0.5 else "given_up"
        self._sends.start_soon(
            self._send_windowed,
            body,
            rng.uniform(0, jitter),
            retry if rng.random() < self.pattern.retry_rate else None,
            rng.uniform(0, jitter),
        )

    async def _send_windowed(self, body: bytes, delay: float, retry: str | None, give_up_after: float) -> None:
        try:
            await trio.sleep(delay)
            if retry == "given_up":
                with trio.move_on_after(give_up_after):
                    await self._send_append(body)  # given up before its answer came: sent again below
            await self._send_append(body)
            if retry == "after_ack":
                await self._send_append(body)  # its ACK was lost on the way: the same upload again
        finally:
            self._window.release()

    async def _send_append(self, body: bytes) -> None:
        status, answer = await self.post(BIDI_APPEND, body)
        if status != 200:
            raise AppendFailed(status, error_from_json(answer))
        aiserver.BidiAppendResponse.FromString(answer)

    @contextlib.asynccontextmanager
    async def run_sse(self, request_id: str) -> AsyncIterator[RunSSEReader]:
        body = encode_envelope(agent.BidiRequestId(request_id=request_id).SerializeToString())
        async with self._connection() as conn:
            response = await conn.request("POST", RUN_SSE, [*STREAM_HEADERS, *self.headers], body)
            reader = RunSSEReader(response)
            try:
                yield reader
            finally:
                await reader.aclose()

    @contextlib.asynccontextmanager
    async def run(
        self, request_id: str, *, gzip_frames: bool = False, headers: list[tuple[bytes, bytes]] | None = None
    ) -> AsyncIterator[RunCall]:
        """An `AgentService/Run` call for `request_id` (HTTP/2), reset on exit if it is still open.
        `gzip_frames` sends every frame gzip'd (`connect-content-encoding: gzip`)."""
        extra = [(b"x-request-id", request_id.encode())] if request_id else []
        if gzip_frames:
            extra.append((b"connect-content-encoding", b"gzip"))
        async with self._connection() as conn:
            request = await conn.open_request("POST", RUN, [*STREAM_HEADERS, *extra, *(headers or []), *self.headers])
            try:
                yield RunCall(request, compressed=gzip_frames)
            finally:
                await request.reset()


# ---- message builders ---------------------------------------------------------------------------


def run_request(
    text: str,
    *,
    model: str,
    conversation_id: str | None = "conv-1",
    mode: int = agent.AGENT_MODE_AGENT,
    mcp_tools: list[agent.McpToolDefinition] | None = None,
) -> agent.AgentClientMessage:
    # Editors send a request context with every message; an empty one here (a run without one would ask
    # the editor for it with `request_context_args`).
    request = agent.AgentRunRequest(
        action=agent.ConversationAction(
            user_message_action=agent.UserMessageAction(
                user_message=agent.UserMessage(text=text, mode=mode),  # type: ignore[arg-type]
                request_context=agent.RequestContext(),
            )
        ),
        requested_model=agent.RequestedModel(model_id=model),
        mcp_tools=agent.McpTools(mcp_tools=mcp_tools or []),
    )
    if conversation_id is not None:
        request.conversation_id = conversation_id
    return agent.AgentClientMessage(run_request=request)


def user_message_action(text: str) -> agent.ConversationAction:
    """The action of a message the user types."""
    return agent.ConversationAction(
        user_message_action=agent.UserMessageAction(user_message=agent.UserMessage(text=text))
    )


def user_message(text: str) -> agent.AgentClientMessage:
    """A message the user sends on its own (while a turn runs, or before the run_request that takes it)."""
    return agent.AgentClientMessage(conversation_action=user_message_action(text))


def cancel_action(reason: str = "user pressed stop") -> agent.AgentClientMessage:
    return agent.AgentClientMessage(
        conversation_action=agent.ConversationAction(cancel_action=agent.CancelAction(reason=reason))
    )


def exec_result(exec_seq: int, exec_id: str, **result: object) -> agent.AgentClientMessage:
    return agent.AgentClientMessage(
        exec_client_message=agent.ExecClientMessage(id=exec_seq, exec_id=exec_id, **result)  # type: ignore[arg-type]
    )


def stream_close(exec_seq: int) -> agent.AgentClientMessage:
    return agent.AgentClientMessage(
        exec_client_control_message=agent.ExecClientControlMessage(
            stream_close=agent.ExecClientStreamClose(id=exec_seq)
        )
    )


def heartbeat() -> agent.AgentClientMessage:
    return agent.AgentClientMessage(client_heartbeat=agent.ClientHeartbeat())
