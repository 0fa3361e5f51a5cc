"""The request of a server-streaming call that is not the agent's (Tab, local AI, the side streams): read
whole, decoded, or refused in the shape the client reads.

Each such call sends one request message and waits for a stream back. Until the first byte of the answer, a
bad call is refused whole: an HTTP rejection (405, 415) as a plain response, anything else as a Connect
end-stream error in the call's own content type. A body not read yet is drained first, so the client is
never left writing into a closed stream.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Generic, TypeVar

import attrs
from google.protobuf.message import Message

from cursord.connect import (
    ALL_CODECS,
    Codec,
    ConnectError,
    HttpRejection,
    Limits,
    StreamRequestHead,
    StreamResponseEncoder,
    decode_message,
    parse_stream_head,
    read_server_stream_request,
    render_stream_error,
)
from cursord.server.asgi import Receive, Scope, Send, drain_body, read_body, send_response
from cursord.server.refusals import stream_reply_type

__all__ = ["StreamCall", "read_stream_call", "refuse_stream_call"]

M = TypeVar("M", bound=Message)


@attrs.frozen
class StreamCall(Generic[M]):
    """A streaming call's validated head and its one request message."""

    head: StreamRequestHead
    request: M

    def encoder(self) -> StreamResponseEncoder:
        return StreamResponseEncoder.for_request(self.head)


async def read_stream_call(
    scope: Scope,
    receive: Receive,
    send: Send,
    limits: Limits,
    kind: type[M],
    *,
    codecs: Collection[Codec] = ALL_CODECS,
) -> StreamCall[M] | None:
    """The call's request, or None when it was refused (answered here)."""
    body_read = False
    try:
        head = parse_stream_head(scope["method"], scope["headers"], limits, codecs=codecs)
        body = await read_body(receive, limits.max_request_bytes)
        body_read = True
        request = decode_message(head.codec, read_server_stream_request(head, body, limits), kind)
    except (HttpRejection, ConnectError) as refusal:
        if not body_read:
            await drain_body(receive, limits.max_request_bytes)
        await refuse_stream_call(scope, send, refusal)
        return None
    return StreamCall(head, request)


async def refuse_stream_call(scope: Scope, send: Send, refusal: ConnectError | HttpRejection) -> None:
    """Answer a streaming call with `refusal` before any of its answer was sent: an HTTP rejection as
    itself, a Connect error as an end-stream in the call's Connect content type (Connect+proto when the
    client wrote another)."""
    if isinstance(refusal, HttpRejection):
        response = refusal.response()
    else:
        content_type = stream_reply_type(scope) or Codec.PROTO.stream_content_type
        response = render_stream_error(refusal, content_type=content_type)
    await send_response(send, response.status, response.headers, response.body)
