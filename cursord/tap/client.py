"""The tap's WebSocket client for `cursord tap`, which follows the events as they come (trio-websocket);
`cursord status` reads only the first message (`cursord.tap.snapshot`)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from trio_websocket import ConnectionRejected, HandshakeError, WebSocketConnection, open_websocket_url

from cursord.tap.target import CONNECT_TIMEOUT, MAX_MESSAGE_BYTES, TapClientError, TapTarget, refusal_message

__all__ = ["open_tap"]


@contextlib.asynccontextmanager
async def open_tap(target: TapTarget) -> AsyncIterator[WebSocketConnection]:
    """A WebSocket connection to the tap; failures to connect become TapClientError."""
    entered = False
    try:
        async with open_websocket_url(
            target.url,
            target.ssl_context,
            extra_headers=[(b"authorization", f"Bearer {target.token}".encode())],
            max_message_size=MAX_MESSAGE_BYTES,
            connect_timeout=CONNECT_TIMEOUT,
        ) as connection:
            entered = True
            yield connection
    except ConnectionRejected as rejected:
        if entered:
            raise
        body = (rejected.body or b"").decode("utf-8", "replace").strip()
        raise TapClientError(refusal_message(target, rejected.status_code, body)) from None
    except (HandshakeError, OSError) as error:
        if entered:
            raise
        cause = error.__cause__ or error
        raise TapClientError(
            f"cannot reach cursord at {target.address} ({type(cause).__name__}: {cause}); is it running?"
        ) from None
