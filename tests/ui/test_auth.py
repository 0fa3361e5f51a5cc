"""The dashboard's logins, sans-IO: one-time codes made from the tap token, sessions, expiry."""

from __future__ import annotations

import re

import attrs
import pytest

from cursord.ui import LOGIN_TTL, LoginRefused, UiSessions, auth, make_login_code
from cursord.ui.auth import MAX_COOKIE_HEADER, MAX_SESSIONS, SESSION_TTL, CookieTooLong, session_cookie

TOKEN = "ab" * 32


class Clock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@attrs.define
class Recording:
    """A compiled pattern that notes each value it is asked to match (how many cookie pairs were read)."""

    pattern: re.Pattern[bytes]
    seen: list[bytes]

    def fullmatch(self, value: bytes) -> re.Match[bytes] | None:
        self.seen.append(value)
        return self.pattern.fullmatch(value)


def test_a_code_logs_in_once() -> None:
    clock = Clock()
    sessions = UiSessions(TOKEN, clock)
    code = make_login_code(TOKEN, now=clock.now)
    session = sessions.log_in(code)
    assert sessions.valid(session)
    with pytest.raises(LoginRefused, match="used already"):
        sessions.log_in(code)
    assert sessions.valid(make_login_code(TOKEN)) is False  # a code is not a session


def test_a_code_made_with_another_token_is_refused() -> None:
    sessions = UiSessions(TOKEN, Clock())
    with pytest.raises(LoginRefused, match="not made by this daemon"):
        sessions.log_in(make_login_code("cd" * 32, now=Clock().now))


@pytest.mark.parametrize("code", ["", "x", "a.b.c", "a.1.c.d", "////.12.////", "AAAA.99999999999999999999.AAAA"])
def test_malformed_codes_are_refused_with_a_message(code: str) -> None:
    with pytest.raises(LoginRefused):
        UiSessions(TOKEN, Clock()).log_in(code)


def test_a_tampered_time_is_refused() -> None:
    clock = Clock()
    nonce, made_at, signature = make_login_code(TOKEN, now=clock.now).split(".")
    with pytest.raises(LoginRefused, match="not made by this daemon"):
        UiSessions(TOKEN, clock).log_in(f"{nonce}.{int(made_at) + 100}.{signature}")


def test_codes_expire() -> None:
    clock = Clock()
    code = make_login_code(TOKEN, now=clock.now)
    clock.now += LOGIN_TTL + 1
    with pytest.raises(LoginRefused, match="expired"):
        UiSessions(TOKEN, clock).log_in(code)


def test_sessions_expire_and_log_out() -> None:
    clock = Clock()
    sessions = UiSessions(TOKEN, clock)
    first = sessions.log_in(make_login_code(TOKEN, now=clock.now))
    second = sessions.log_in(make_login_code(TOKEN, now=clock.now))
    sessions.log_out(first)
    assert not sessions.valid(first) and sessions.valid(second)
    clock.now += SESSION_TTL + 1
    assert not sessions.valid(second)
    assert not sessions.valid(None) and not sessions.valid("")


def test_the_oldest_session_goes_when_there_are_too_many() -> None:
    clock = Clock()
    sessions = UiSessions(TOKEN, clock)
    ids = [sessions.log_in(make_login_code(TOKEN, now=clock.now)) for _ in range(MAX_SESSIONS + 1)]
    assert not sessions.valid(ids[0])
    assert all(sessions.valid(i) for i in ids[1:])
    assert sessions.session_count == MAX_SESSIONS


@pytest.mark.parametrize("made_at", ["-1", "99999999999999999999", "²", "1e9", " 1"])
def test_a_code_whose_time_is_not_whole_seconds_is_refused(made_at: str) -> None:
    nonce, _, signature = make_login_code(TOKEN, now=Clock().now).split(".")
    with pytest.raises(LoginRefused, match="not a cursord login link"):
        UiSessions(TOKEN, Clock()).log_in(f"{nonce}.{made_at}.{signature}")


def test_the_session_cookie_is_found_among_others() -> None:
    assert session_cookie([b"theme=dark; cursord_ui=abc-_09; other=1"]) == "abc-_09"
    assert session_cookie([b"theme=dark", b"cursord_ui=second"]) == "second"  # HTTP/2 splits cookies
    assert session_cookie([b"cursord_uix=abc; xcursord_ui=abc; cursord_ui"]) is None
    assert session_cookie([b'cursord_ui="abc"', b"cursord_ui=a\\\\b"]) is None  # never one of ours
    assert session_cookie([]) is None


def test_a_hostile_cookie_header_is_read_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """CVE-2024-7592: `http.cookies` takes seconds on a quoted value full of backslashes (quadratic). Here the
    header is split on `;` once and each pair's value is matched once, never unquoted."""
    hostile = b'cursord_ui="' + b"\\" * (MAX_COOKIE_HEADER - 14) + b'"'
    pairs_read: list[bytes] = []
    monkeypatch.setattr(auth, "_SESSION_ID", Recording(auth._SESSION_ID, pairs_read))
    assert session_cookie([hostile]) is None
    assert pairs_read == [hostile.partition(b"=")[2]]  # the one pair's value, matched once as it came
    with pytest.raises(CookieTooLong):
        session_cookie([hostile, b"; x=1"])
