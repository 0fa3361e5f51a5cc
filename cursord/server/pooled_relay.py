"""Relaying whole-body calls to a team gateway over pooled HTTP/2 connections (httpx).

Why beside `AgentRelay`: that relay opens one connection per call, right for Cursor's agent host (a relayed
Run is rare and long) but not for a gateway, which gets every BidiAppend of every turn: each would pay a TCP
and TLS handshake, two or three round trips over a real network. httpx keeps HTTP/2 connections to the
gateway open and multiplexes calls on them. It sends a request's whole body before it reads the answer,
which suits every call whose request is one message (BidiAppend, RunSSE, the model lists, the side RPCs);
the bidi `AgentService/Run` stays with `AgentRelay`.

Theory of operation. The request body is read whole (bounded by `max_body_bytes`: cursord's own request
limit), the head passed on but for hop-by-hop headers and those `replace_headers` replaces, and the answer
streamed back as it comes (`aiter_raw`: bytes as received, encoding untouched), status and headers first;
a client that goes away (`http.disconnect`) closes the upstream stream. A gateway that cannot be reached, or
fails before answering, is a Connect `unavailable`; one that fails after the head was sent ends the
response where it is (as `AgentRelay` does).
"""

from __future__ import annotations

import logging

import attrs
import httpx
import trio

from cursord.connect import Code, ConnectError
from cursord.server.asgi import ClientDisconnected, Receive, Scope, Send, read_body
from cursord.server.refusals import refuse_call

log = logging.getLogger(__name__)

__all__ = ["PooledRelay"]

_HOP_BY_HOP = frozenset({
    b"connection", b"keep-alive", b"proxy-connection", b"transfer-encoding", b"upgrade", b"host", b"http2-settings",
    b"te", b"content-length",
})


@attrs.define(eq=False)
class PooledRelay:
    """Relays whole-body calls to `base_url` on `client`'s pooled connections."""

    client: httpx.AsyncClient
    base_url: str
    replace_headers: tuple[tuple[bytes, bytes], ...] = ()
    max_body_bytes: int = 4 << 20

    def _headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        replaced = {name for name, _ in self.replace_headers}
        kept = [
            (bytes(name).lower(), bytes(value))
            for name, value in scope["headers"]
            if bytes(name).lower() not in _HOP_BY_HOP and bytes(name).lower() not in replaced
        ]
        return [*kept, *self.replace_headers]

    async def relay(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            body = await read_body(receive, self.max_body_bytes)
        except ConnectError as error:
            await refuse_call(scope, send, error)
            return
        except ClientDisconnected:
            return
        unreachable = await self.forward(scope, body, receive, send)
        if unreachable is not None:
            refusal = ConnectError(Code.UNAVAILABLE, f"cursord cannot reach {self.base_url}: {unreachable}")
            await refuse_call(scope, send, refusal)

    async def forward(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> str | None:
        """Send the call with `body` (read already) and stream the answer back (None); or, if no connection
        to `base_url` could be made, send nothing and return why (the caller answers, or tries elsewhere)."""
        path = scope.get("raw_path") or scope["path"].encode()
        if scope.get("query_string"):
            path += b"?" + scope["query_string"]
        request = self.client.build_request(
            scope["method"], self.base_url + bytes(path).decode("latin-1"), headers=self._headers(scope), content=body
        )
        started = False
        unreachable: str | None = None
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_watch_disconnect, receive, nursery.cancel_scope)
            try:
                response = await self.client.send(request, stream=True)
                try:
                    headers = [(k, v) for k, v in response.headers.raw if k.lower() not in _HOP_BY_HOP]
                    await send({"type": "http.response.start", "status": response.status_code, "headers": headers})
                    started = True
                    async for chunk in response.aiter_raw():
                        await send({"type": "http.response.body", "body": chunk, "more_body": True})
                finally:
                    with trio.CancelScope(shield=True):
                        await response.aclose()
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            except httpx.HTTPError as exc:
                cause = _cause(exc)
                log.warning("relaying %s to %s failed: %s", scope.get("path"), self.base_url, cause)
                if not started and isinstance(exc, _UNREACHABLE):
                    unreachable = cause
                elif not started:
                    await refuse_call(scope, send, ConnectError(Code.UNAVAILABLE, f"cursord cannot reach "
                                                                              f"{self.base_url}: {cause}"))
                else:  # cut where it is: the client sees the stream end without an end-stream message
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
            nursery.cancel_scope.cancel()
        return unreachable


#: failures before any answer that say the peer is gone (a pooled connection to a dead peer fails its write)
_UNREACHABLE = (httpx.ConnectError, httpx.ConnectTimeout, httpx.WriteError, httpx.RemoteProtocolError)


def _cause(exc: BaseException) -> str:
    """The first error in `exc`'s chain that says something (httpx's transport errors often do not)."""
    seen: BaseException | None = exc
    while seen is not None:
        if str(seen):
            return f"{type(exc).__name__}: {seen}"
        seen = seen.__cause__ or seen.__context__
    return type(exc).__name__


async def _watch_disconnect(receive: Receive, whole: trio.CancelScope) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            whole.cancel()
            return
