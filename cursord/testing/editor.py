"""A scripted editor: speaks BidiAppend and RunSSE to a running cursord, the way Cursor does.

Works over any `trio.abc.Stream` factory (loopback TCP or `serve_in_memory`), HTTP/1.1 or HTTP/2. Over
HTTP/2 every call shares one connection, as the editor's does; over HTTP/1.1 each call opens its own,
as a RunSSE response occupies its connection until the stream ends.
"""

from __future__ import annotations

import binascii
import contextlib
import gzip
import itertools
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


@attrs.define
class EditorClient:
    connect: Connect
    http2: bool
    _shared: HTTPConnection | None = None
    _seqnos: dict[str, itertools.count[int]] = attrs.field(factory=dict)
    #: sent with every request (a team gateway's `authorization`)
    headers: tuple[tuple[bytes, bytes], ...] = ()

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
        cls, connect: Connect, http2: bool, headers: tuple[tuple[bytes, bytes], ...] = ()
    ) -> AsyncIterator[EditorClient]:
        client = cls(connect, http2, headers=headers)
        if not http2:
            yield client
            return
        async with open_http(await connect(), True) as shared:
            client._shared = shared
            yield client

    def next_seqno(self, request_id: str) -> int:
        return next(self._seqnos.setdefault(request_id, itertools.count(1)))

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
    ) -> None:
        """One BidiAppend; raises `AppendFailed` unless the daemon ACKs it."""
        seqno = self.next_seqno(request_id) if seqno is None else seqno
        status, body = await self.post(BIDI_APPEND, bidi_request(request_id, seqno, message, binary=binary))
        if status != 200:
            raise AppendFailed(status, error_from_json(body))
        aiserver.BidiAppendResponse.FromString(body)

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
