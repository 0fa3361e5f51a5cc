"""Answering a call with a Connect error in the shape its client reads, before any of the answer was sent."""

from __future__ import annotations

from cursord.connect import ConnectError, render_stream_error, render_unary_error
from cursord.server.asgi import Scope, Send, header, send_response

__all__ = ["refuse_call", "stream_reply_type"]

_STREAM_TYPES = ("application/connect+proto", "application/connect+json")


def stream_reply_type(scope: Scope) -> str | None:
    """The content type of the end-stream error that answers a streaming call (an `application/connect+*`
    body, RunSSE): Connect's own type for its codec, never what else the client wrote (issue 27 #16: it was
    echoed back); None for a unary call."""
    content_type = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if content_type in _STREAM_TYPES:
        return content_type
    if content_type.startswith("application/connect+") or scope.get("path", "").endswith("/RunSSE"):
        return _STREAM_TYPES[0]
    return None


async def refuse_call(scope: Scope, send: Send, error: ConnectError) -> None:
    """A streaming call gets an end-stream error; any other, the unary error JSON."""
    content_type = stream_reply_type(scope)
    if content_type is not None:
        response = render_stream_error(error, content_type=content_type)
    else:
        response = render_unary_error(error)
    await send_response(send, response.status, response.headers, response.body)
