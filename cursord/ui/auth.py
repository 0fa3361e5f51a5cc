"""Who may see the dashboard: one-time login links made from the tap token, then a session cookie. Sans-IO.

Theory of operation. Whoever can read ``<data_dir>/tap-token`` (the user; the file is 0600) may use the
dashboard. `cursord ui` reads the token and makes a login code: a random nonce, the time it was made, and
an HMAC-SHA256 of both under the token. The daemon checks the code without having stored it, so the CLI
needs no RPC to make one. A code is good for `LOGIN_TTL` seconds and once: the daemon remembers the
nonces it accepted until they would have expired anyway.

A good code is exchanged (`/ui/login?code=...`) for a session: 32 random bytes sent as an HttpOnly,
SameSite=Strict cookie scoped to ``/ui``. The token itself never reaches the browser, nor its history (the
code in the address bar is spent by the time anyone could read it). Sessions live in memory: a restart
of the daemon logs every browser out. At most `MAX_SESSIONS` are held; the oldest goes first.

Browsers other than the dashboard's own page are kept out before any of this: the editor listener refuses
any non-loopback ``Host`` and any ``Origin`` but the dashboard's own (`cursord.server.host_policy`), and
the dashboard refuses what a browser marks as fetched by another site, or another port of this one
(``Sec-Fetch-Site``, `cursord.ui.dashboard`). SameSite=Strict keeps the cookie off requests that another
site starts, so a cross-site link cannot act as the user.

The session cookie is found by `session_cookie`, one linear pass over a Cookie header of at most
`MAX_COOKIE_HEADER` bytes: not `http.cookies`, whose parser is quadratic on some inputs (CVE-2024-7592)
and would run, on the event loop, for anyone who can reach the port before they are known.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable

import attrs

__all__ = [
    "COOKIE_NAME",
    "LOGIN_TTL",
    "MAX_COOKIE_HEADER",
    "MAX_SESSIONS",
    "SESSION_TTL",
    "CookieTooLong",
    "LoginRefused",
    "UiSessions",
    "make_login_code",
    "session_cookie",
]

COOKIE_NAME = "cursord_ui"
#: how long a login link is good for, in seconds
LOGIN_TTL = 300.0
#: how long a browser stays logged in, in seconds
SESSION_TTL = 12 * 3600.0
MAX_SESSIONS = 64
#: the most bytes of Cookie header (all of a request's Cookie fields together) the dashboard reads
MAX_COOKIE_HEADER = 8192
_NONCE_BYTES = 16
_SESSION_BYTES = 32
#: a login code's time: whole seconds since the epoch, as `make_login_code` writes it (fits 8 bytes)
_MADE_AT = re.compile(r"[0-9]{1,12}")
_SESSION_ID = re.compile(rb"[A-Za-z0-9_-]{1,64}")


class CookieTooLong(Exception):
    """The request's Cookie fields add up to more than `MAX_COOKIE_HEADER` bytes."""


class LoginRefused(Exception):
    """A login code that is malformed, forged, expired or already used; the message says which."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _signature(token: str, nonce: bytes, made_at: int) -> bytes:
    return hmac.new(token.encode(), b"cursord-ui-login\0" + nonce + made_at.to_bytes(8, "big"), hashlib.sha256).digest()


def make_login_code(token: str, *, now: float | None = None) -> str:
    """A one-time login code for the daemon whose tap token is `token` (what `cursord ui` prints)."""
    nonce = secrets.token_bytes(_NONCE_BYTES)
    made_at = int(time.time() if now is None else now)
    return f"{_b64(nonce)}.{made_at}.{_b64(_signature(token, nonce, made_at))}"


def session_cookie(cookie_fields: Iterable[bytes]) -> str | None:
    """The value of the `COOKIE_NAME` cookie among a request's Cookie fields, or None. Raises CookieTooLong.

    One pass over the bytes (`name=value` pairs split on ``;``); a session id is URL-safe base64, so a
    quoted or escaped value is no session of ours and is not decoded.
    """
    fields = list(cookie_fields)
    if sum(len(field) for field in fields) > MAX_COOKIE_HEADER:
        raise CookieTooLong(f"the Cookie header is longer than {MAX_COOKIE_HEADER} bytes")
    wanted = COOKIE_NAME.encode()
    for field in fields:
        for pair in field.split(b";"):
            name, equals, value = pair.strip().partition(b"=")
            if name == wanted and equals and _SESSION_ID.fullmatch(value):
                return value.decode("ascii")
    return None


@attrs.define
class UiSessions:
    """The dashboard's logins: spends login codes, hands out and checks session ids."""

    token: str
    clock: Callable[[], float] = time.time
    #: nonce -> the time its code stops being good (spent codes, remembered until then)
    _spent: dict[bytes, float] = attrs.field(factory=dict)
    #: session id -> its expiry, oldest first
    _sessions: OrderedDict[str, float] = attrs.field(factory=OrderedDict)

    def log_in(self, code: str) -> str:
        """Spend `code`; the new session's id (the cookie's value). Raises LoginRefused."""
        now = self.clock()
        self._forget_expired(now)
        try:
            nonce_text, made_text, signature_text = code.split(".")
            if not _MADE_AT.fullmatch(made_text):
                raise ValueError("the time is not a count of seconds")
            nonce, made_at, signature = _unb64(nonce_text), int(made_text), _unb64(signature_text)
        except (ValueError, TypeError):
            raise LoginRefused("that is not a cursord login link; run `cursord ui` for a new one") from None
        if len(nonce) != _NONCE_BYTES or not hmac.compare_digest(signature, _signature(self.token, nonce, made_at)):
            raise LoginRefused(
                "that login link was not made by this daemon (or its tap token changed); run `cursord ui` for a new one"
            )
        if not made_at - 5 <= now <= made_at + LOGIN_TTL:
            raise LoginRefused(f"that login link has expired (they last {LOGIN_TTL:.0f} s); run `cursord ui` again")
        if nonce in self._spent:
            raise LoginRefused("that login link was used already; run `cursord ui` for a new one")
        self._spent[nonce] = made_at + LOGIN_TTL
        session = secrets.token_urlsafe(_SESSION_BYTES)
        self._sessions[session] = now + SESSION_TTL
        while len(self._sessions) > MAX_SESSIONS:
            self._sessions.popitem(last=False)
        return session

    def valid(self, session: str | None) -> bool:
        """Whether `session` (a cookie value, or None when there was none) is a live session."""
        if not session:
            return False
        expires = self._sessions.get(session)
        if expires is None:
            return False
        if expires < self.clock():
            del self._sessions[session]
            return False
        return True

    def log_out(self, session: str | None) -> None:
        if session:
            self._sessions.pop(session, None)

    def _forget_expired(self, now: float) -> None:
        self._spent = {nonce: until for nonce, until in self._spent.items() if until >= now}

    @property
    def session_count(self) -> int:
        return len(self._sessions)
