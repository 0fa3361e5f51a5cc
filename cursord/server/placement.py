"""Where a request id's stream lives, asked before the agent RPCs are served (a team gateway of several nodes).

The app knows how to find the request id of a BidiAppend (in its body), a RunSSE (in its one message) and
a Run (its `x-request-id` header); a `RequestPlacement` (`cursord.cluster`) decides whether this node
serves the call or hands it, with the body already read, to the node that holds the stream. A single
daemon has none, and pays nothing for this.
"""

from __future__ import annotations

from typing import Final, Protocol

from cursord.connect import (
    Codec,
    ConnectError,
    HttpRejection,
    Limits,
    decode_message,
    decode_unary_body,
    parse_stream_head,
    parse_unary_head,
    read_server_stream_request,
)
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.asgi import Message, Receive, Scope, Send, header

__all__ = ["BIDI_APPEND_PATH", "PLACED_PATHS", "RUN_PATH", "RUN_SSE_PATH", "RequestPlacement", "peek_request_id",
           "replaying"]

RUN_SSE_PATH: Final = "/agent.v1.AgentService/RunSSE"
BIDI_APPEND_PATH: Final = "/aiserver.v1.BidiService/BidiAppend"
RUN_PATH: Final = "/agent.v1.AgentService/Run"
#: the calls that belong to one request id's stream
PLACED_PATHS: Final = frozenset({RUN_SSE_PATH, BIDI_APPEND_PATH, RUN_PATH})


class RequestPlacement(Protocol):
    async def serve_elsewhere(
        self, request_id: str, scope: Scope, body: bytes | None, receive: Receive, send: Send
    ) -> bool:
        """Answer the call on the node that holds `request_id`'s stream and return True; or return False
        for this node to serve it. `body` is the request body already read (None: none read, a Run)."""
        ...


def peek_request_id(path: str, scope: Scope, body: bytes | None, limits: Limits) -> str | None:
    """The request id a call names, or None where it cannot be read (the handler then answers the error)."""
    try:
        if path == RUN_PATH:
            return (header(scope, b"x-request-id") or "").strip() or None
        if body is None:
            return None
        if path == BIDI_APPEND_PATH:
            head = parse_unary_head(scope["method"], scope["headers"], limits)
            request = decode_message(head.codec, decode_unary_body(head, body, limits), aiserver.BidiAppendRequest)
            return request.request_id.request_id or None
        stream_head = parse_stream_head(scope["method"], scope["headers"], limits, codecs=(Codec.PROTO,))
        payload = read_server_stream_request(stream_head, body, limits)
        return decode_message(Codec.PROTO, payload, agent.BidiRequestId).request_id or None
    except (HttpRejection, ConnectError):
        return None


def replaying(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives `body` (already read whole) first, then whatever `receive` gives."""
    pending = [body]

    async def replay() -> Message:
        if pending:
            return {"type": "http.request", "body": pending.pop(), "more_body": False}
        return await receive()

    return replay
