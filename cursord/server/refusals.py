"""Answering a call with a Connect error in the shape its client reads, before any of the answer was sent."""

from __future__ import annotations

from cursord.connect import ConnectError, render_stream_error, render_unary_error
from cursord.server.asgi import Scope, Send, header, send_response

__all__ = ["refuse_call"]


async def refuse_call(scope: Scope, send: Send, error: ConnectError) -> None:
    """A streaming call (a `application/connect+*` body, RunSSE) gets an end-stream error; any other, the
    unary error JSON."""
    content_type = header(scope, b"content-type") or ""
    if content_type.startswith("application/connect+") or scope.get("path", "").endswith("/RunSSE"):
        response = render_stream_error(error, content_type=content_type or "application/connect+proto")
    else:
        response = render_unary_error(error)
    await send_response(send, response.status, response.headers, response.body)
