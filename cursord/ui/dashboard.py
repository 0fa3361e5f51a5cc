"""The dashboard's HTTP side: `/ui/` pages, static assets and the JSON/SSE API, on the editor listener.

Theory of operation. Every path below `/ui` is one route of the app (`dashboard_parts`), all handled by
one `Dashboard`. The listener's host policy has already refused non-loopback Hosts and every request
carrying an ``Origin`` but the dashboard's own (a page of another site or port, `cursord.server.host_policy`);
the dashboard then refuses clients that are not on loopback, requests that came in through the editor
proxy's TLS tunnel, any request a browser marks ``Sec-Fetch-Site: same-site`` or ``cross-site`` (cookies
are not scoped to a port, so a page on another loopback port is "same-site" and would carry the session),
and any method but GET and HEAD, except on the two paths with a side effect, which take POST only
(`_POST_PATHS`: logging out, and a provider probe, which costs a completion), so no link can trigger
them. The API and the page need a session cookie (`cursord.ui.auth`); the login page and the static
assets do not, as they hold nothing of the user's.

`/ui/api/live` is a server-sent event stream of the streams view. It subscribes to the tap hub like a tap
client and sends the whole view again when something changed, at most `LIVE_INTERVAL` apart, with a
comment every `KEEPALIVE` seconds while nothing does. While it is open the hub summarises every message
the streams publish (as for a `cursord tap` client); with no dashboard open it costs nothing.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from importlib import resources
from typing import Any
from urllib.parse import parse_qs

import attrs
import trio

from cursord.config import ServeConfig
from cursord.server import (
    PROXIED_EXTENSION,
    AppParts,
    EditorActivity,
    Receive,
    Scope,
    Send,
    drain_body,
    header,
    is_loopback,
    send_response,
)
from cursord.store import Store
from cursord.tap import TapClient, TapFilter, TapHub
from cursord.ui import views
from cursord.ui.auth import COOKIE_NAME, SESSION_TTL, CookieTooLong, LoginRefused, UiSessions, session_cookie

log = logging.getLogger(__name__)

__all__ = ["KEEPALIVE", "LIVE_INTERVAL", "UI_PATHS", "Dashboard", "dashboard_parts"]

#: the shortest time between two live updates, in seconds (a burst of deltas is one update)
LIVE_INTERVAL = 0.2
#: a comment on the live stream after this many seconds of nothing new
KEEPALIVE = 15.0
#: how far back the usage, conversations and forwarded pages look unless asked (`?days=N`)
DEFAULT_DAYS = 30

_STATIC = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
_PAGE_PATHS = ("/ui", "/ui/", "/ui/login", "/ui/logout")
#: what has a side effect is a POST, so that no link or image on any page can do it
_POST_PATHS: dict[str, tuple[str, ...]] = {"/ui/logout": ("POST",), "/ui/api/probe": ("POST",)}
_API = (
    "overview", "streams", "live", "usage", "conversations", "conversation", "forwarded", "providers", "probe",
    "config",
)
#: what a browser asks of any site it shows; answered here so it is not logged as an unknown RPC
FAVICON_PATH = "/favicon.ico"
UI_PATHS = (
    *_PAGE_PATHS, *(f"/ui/static/{name}" for name in _STATIC), *(f"/ui/api/{name}" for name in _API), FAVICON_PATH,
)

_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        b"base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]


def _asset(name: str) -> bytes:
    return resources.files("cursord.ui").joinpath("static", name).read_bytes()


def _cookie(scope: Scope) -> str | None:
    """The session cookie's value, or None. Raises CookieTooLong."""
    return session_cookie(bytes(value) for key, value in scope.get("headers", ()) if bytes(key).lower() == b"cookie")


def _query(scope: Scope) -> dict[str, str]:
    parsed = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
    return {name: values[-1] for name, values in parsed.items()}


def _days(query: Mapping[str, str]) -> float | None:
    """`?days=N` (1-3650, default `DEFAULT_DAYS`) or `?days=all` as a `since` timestamp."""
    text = query.get("days", str(DEFAULT_DAYS))
    if text == "all":
        return None
    days = int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else DEFAULT_DAYS
    return time.time() - min(max(days, 1), 3650) * 86400


@attrs.define
class Dashboard:
    """The ASGI handler for every path in `UI_PATHS`."""

    sessions: UiSessions
    hub: TapHub
    store: Store
    config: ServeConfig
    environ: Mapping[str, str]
    activity: EditorActivity = attrs.field(factory=EditorActivity)

    def reconfigure(self, config: ServeConfig, environ: Mapping[str, str]) -> None:
        """Show `config` and `environ` from now on (a reload changed the providers or their keys)."""
        self.config, self.environ = config, environ

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # a WebSocket to a /ui path: closing without accepting refuses it
        await drain_body(receive, 1 << 16)  # GET has none; a refused POST's is read so the client sees the answer
        refusal = self._refusal(scope)
        if refusal is not None:
            await self._text(send, *refusal)
            return
        path: str = scope["path"]
        try:
            session = _cookie(scope)
        except CookieTooLong as too_long:
            await self._text(send, 431, f"{too_long}: clear this site's cookies\n")
            return
        if path == FAVICON_PATH:
            await self._send(send, 204, b"text/plain", b"")
        elif path.startswith("/ui/static/"):
            name = path.removeprefix("/ui/static/")
            await self._send(send, 200, _STATIC[name].encode(), _asset(name))
        elif path == "/ui":
            await self._send(send, 308, b"text/plain", b"", [(b"location", b"/ui/")])
        elif path == "/ui/login":
            await self._login(scope, send)
        elif path == "/ui/logout":
            self.sessions.log_out(session)
            await self._send(send, 303, b"text/plain", b"", [(b"location", b"/ui/"), _clear_cookie()])
        elif not self.sessions.valid(session):
            await self._unauthorised(path, send)
        elif path == "/ui/":
            await self._send(send, 200, b"text/html; charset=utf-8", _asset("index.html"))
        elif path == "/ui/api/live":
            await self._live(receive, send)
        else:
            await self._api(path.removeprefix("/ui/api/"), _query(scope), send)

    def _refusal(self, scope: Scope) -> tuple[int, str, list[tuple[bytes, bytes]]] | None:
        if PROXIED_EXTENSION in (scope.get("extensions") or {}):
            return 404, "not found\n", []
        client = scope.get("client")
        if not client or not is_loopback(str(client[0])):
            return 403, "the cursord dashboard is served to this machine only\n", []
        fetched_from = header(scope, b"sec-fetch-site")
        if fetched_from is not None and fetched_from.strip().lower() not in ("same-origin", "none"):
            # Cookies are not scoped to a port: a page on another loopback port is "same-site" and
            # would carry the session cookie (issue 27 #12).
            return 403, f"the cursord dashboard answers only its own pages (Sec-Fetch-Site: {fetched_from[:40]})\n", []
        allowed = _POST_PATHS.get(scope["path"], ("GET", "HEAD"))
        if scope["method"] not in allowed:
            methods = ", ".join(allowed)
            return 405, f"{scope['path']} answers {methods} only\n", [(b"allow", methods.encode())]
        return None

    async def _login(self, scope: Scope, send: Send) -> None:
        try:
            session = self.sessions.log_in(_query(scope).get("code", ""))
        except LoginRefused as refused:
            log.warning("dashboard login refused: %s", refused)
            await self._text(send, 403, f"{refused}\n")
            return
        cookie = (
            f"{COOKIE_NAME}={session}; Path=/ui; HttpOnly; SameSite=Strict; Max-Age={int(SESSION_TTL)}"
        ).encode()
        await self._send(send, 303, b"text/plain", b"", [(b"location", b"/ui/"), (b"set-cookie", cookie)])

    async def _unauthorised(self, path: str, send: Send) -> None:
        message = "log in to the cursord dashboard with the link `cursord ui` prints"
        if path.startswith("/ui/api/"):
            await self._json(send, {"error": message}, status=401)
        else:
            await self._send(send, 401, b"text/html; charset=utf-8", _asset("login.html"))

    async def _api(self, name: str, query: Mapping[str, str], send: Send) -> None:
        body: dict[str, Any] | None
        if name == "overview":
            body = await views.overview_view(self.hub, self.store, self.activity, self.config, self.environ)
        elif name == "streams":
            body = views.streams_view(self.hub)
        elif name == "usage":
            body = await views.usage_view(self.store, _days(query))
        elif name == "conversations":
            body = await views.conversations_view(self.store, _days(query))
        elif name == "forwarded":
            body = await views.forwarded_view(self.store, _days(query))
        elif name == "conversation":
            body = await views.conversation_view(self.store, query.get("id", ""))
            if body is None:
                await self._json(send, {"error": "no such conversation"}, status=404)
                return
        elif name in ("providers", "probe"):  # a probe costs a completion: POST /ui/api/probe only
            body = await views.providers_view(self.config, self.environ, probe=name == "probe")
        else:
            body = views.config_view(self.config, self.environ)
        await self._json(send, body)

    async def _live(self, receive: Receive, send: Send) -> None:
        client, _ = self.hub.subscribe(TapFilter())
        try:
            headers = [(b"content-type", b"text/event-stream"), *_SECURITY_HEADERS]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_watch_disconnect, receive, nursery.cancel_scope)
                await self._pump_live(client, send)
                nursery.cancel_scope.cancel()
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            self.hub.unsubscribe(client)

    async def _pump_live(self, client: TapClient, send: Send) -> None:
        while True:
            text = json.dumps(views.streams_view(self.hub), separators=(",", ":"))
            await send({"type": "http.response.body", "body": f"event: streams\ndata: {text}\n\n".encode(),
                        "more_body": True})
            await trio.sleep(LIVE_INTERVAL)
            while True:
                with trio.move_on_after(KEEPALIVE) as idle:
                    await client.signal.wait()
                if not idle.cancelled_caught:
                    break
                await send({"type": "http.response.body", "body": b": keepalive\n\n", "more_body": True})
            client.queue.take()  # the events themselves are not needed: the view is taken afresh
            if client.closing:
                return

    async def _json(self, send: Send, body: Mapping[str, Any], *, status: int = 200) -> None:
        await self._send(send, status, b"application/json", json.dumps(body, separators=(",", ":")).encode())

    async def _text(self, send: Send, status: int, text: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
        await self._send(send, status, b"text/plain; charset=utf-8", text.encode(), headers or [])

    @staticmethod
    async def _send(
        send: Send, status: int, content_type: bytes, body: bytes, headers: list[tuple[bytes, bytes]] | None = None
    ) -> None:
        all_headers = [(b"content-type", content_type), *_SECURITY_HEADERS, *(headers or [])]
        await send_response(send, status, all_headers, body)


def _clear_cookie() -> tuple[bytes, bytes]:
    return b"set-cookie", f"{COOKIE_NAME}=; Path=/ui; HttpOnly; SameSite=Strict; Max-Age=0".encode()


async def _watch_disconnect(receive: Receive, scope: trio.CancelScope) -> None:
    while True:
        if (await receive())["type"] == "http.disconnect":
            scope.cancel()
            return


def dashboard_parts(dashboard: Dashboard) -> AppParts:
    """The dashboard's routes for the app."""
    return AppParts(routes=dict.fromkeys(UI_PATHS, dashboard))
