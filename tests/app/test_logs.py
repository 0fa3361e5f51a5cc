"""cursord.app.logs: plain and journald formats, priority prefixes, secret redaction."""

from __future__ import annotations

import io
import logging
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import pytest

import cursord.app.logs
from cursord.app.logs import PlainFormatter, setup_logging, stream_is_journal
from cursord.core.redaction import Redactor, redact_secrets, redacting
from cursord.providers.errors import AuthError, classify_http_error


@pytest.fixture(autouse=True)
def restore_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    cursord.app.logs._installed = None


def journal_file(tmp_path: Path) -> tuple[TextIO, dict[str, str]]:
    """A real file standing in for the journal socket, and a JOURNAL_STREAM that names it."""
    stream = (tmp_path / "journal").open("w")
    st = os.fstat(stream.fileno())
    return stream, {"JOURNAL_STREAM": f"{st.st_dev}:{st.st_ino}"}


def test_plain_format_exact() -> None:
    record = logging.LogRecord("cursord.x", logging.INFO, __file__, 1, "hello %s", ("world",), None)
    record.created = 1796216400.123456  # 2026-12-02T13:00:00.123Z
    record.msecs = 123.0
    assert PlainFormatter().format(record) == "2026-12-02T13:00:00.123Z INFO cursord.x: hello world"


def test_plain_output_without_journal() -> None:
    out = io.StringIO()
    setup_logging("info", {}, out)
    logging.getLogger("cursord.streams").warning("backlog at %d", 7)
    logging.getLogger("cursord.streams").debug("not shown")
    line = out.getvalue()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARNING cursord\.streams: backlog at 7\n", line)


def test_journal_format_has_priorities_and_no_timestamp(tmp_path: Path) -> None:
    stream, env = journal_file(tmp_path)
    assert stream_is_journal(env, stream)
    setup_logging("debug", env, stream)
    log = logging.getLogger("cursord.j")
    log.debug("d")
    log.info("i")
    log.warning("w")
    log.error("e")
    log.critical("c")
    try:
        raise RuntimeError("boom\nsecond line")
    except RuntimeError:
        log.exception("failed")
    stream.close()
    lines = (tmp_path / "journal").read_text().splitlines()
    assert lines[:5] == ["<7>cursord.j: d", "<6>cursord.j: i", "<4>cursord.j: w", "<3>cursord.j: e",
                         "<2>cursord.j: c"]
    assert lines[5] == "<3>cursord.j: failed"
    traceback = lines[6:]
    assert traceback[0] == "<3>Traceback (most recent call last):"
    assert traceback[-2:] == ["<3>RuntimeError: boom", "<3>second line"]
    assert all(line.startswith("<3>") for line in traceback)


def test_journal_stream_that_is_not_our_stderr_means_plain(tmp_path: Path) -> None:
    stream, env = journal_file(tmp_path)
    other = (tmp_path / "other").open("w")
    assert not stream_is_journal(env, other)
    assert not stream_is_journal({"JOURNAL_STREAM": "garbage"}, stream)
    assert not stream_is_journal({}, stream)
    assert not stream_is_journal(env, io.StringIO())  # no fileno
    setup_logging("info", env, other)
    logging.getLogger("cursord.p").info("x")
    other.close()
    stream.close()
    assert re.fullmatch(r"\S+Z INFO cursord\.p: x\n", (tmp_path / "other").read_text())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Authorization: Bearer sk-proj-abc123def456", "Authorization: Bearer <redacted>"),
        (
            "headers={'x-api-key': 'abc123xyz', 'accept': 'json'}",
            "headers={'x-api-key': '<redacted>', 'accept': 'json'}",
        ),
        ('{"x-api-key":"sk-ant-api03-QQQQQQQQ"}', '{"x-api-key":"<redacted>"}'),
        ("(b'authorization', b'Bearer tok_1234567890')", "(b'authorization', b'Bearer <redacted>')"),
        ("x-api-key: short", "x-api-key: <redacted>"),
        ("GET https://h/v1?api-key=abcdef&x=1", "GET https://h/v1?api-key=<redacted>&x=1"),
        ("using key sk-ant-api03-aaaaaaaaaaaaaaaa for call", "using key <redacted> for call"),
        ("got bearer abcdefghijkl from env", "got bearer <redacted> from env"),
        ("gsk_abcdefghijklmnopqrstuv and xai-abcdefghijklmnopqrst", "<redacted> and <redacted>"),
        ("store: postgresql://bob:pw-1@db:5432/x failed", "store: postgresql://bob:<redacted>@db:5432/x failed"),
        ("postgres://bob@/x?host=/run&password=pw-1", "postgres://bob@/x?host=/run&password=<redacted>"),
        ("conninfo 'password=pw-1 host=db'", "conninfo 'password=<redacted> host=db'"),
        # Things that are not secrets stay as they are.
        ("api_key_env=OPENAI_API_KEY", "api_key_env=OPENAI_API_KEY"),
        ("risk-free task-manager", "risk-free task-manager"),
        ("bearer token missing", "bearer token missing"),
        ("postgresql://bob@db:5432/x and http://h:8080/a@b", "postgresql://bob@db:5432/x and http://h:8080/a@b"),
    ],
)
def test_redact_secrets(text: str, expected: str) -> None:
    assert redact_secrets(text) == expected
    assert redact_secrets(expected) == expected  # idempotent


def test_logged_secrets_are_redacted_in_message_args_and_traceback() -> None:
    out = io.StringIO()
    setup_logging("info", {}, out)
    log = logging.getLogger("cursord.providers")
    log.info("request headers %s", {"authorization": "Bearer sk-live-0123456789abcdef"})
    try:
        raise ValueError("upstream said: invalid x-api-key: sk-ant-api03-ZZZZZZZZZZZZ")
    except ValueError:
        log.exception("provider call failed")
    text = out.getvalue()
    assert "0123456789abcdef" not in text
    assert "ZZZZZZZZZZZZ" not in text
    assert "'authorization': 'Bearer <redacted>'" in text
    assert "ValueError: upstream said: invalid x-api-key: <redacted>" in text


ODD_KEY = "org-7f3a9c1e5b2d4086"  # shaped like no vendor's key


def test_the_configured_keys_are_masked_whatever_their_shape() -> None:
    redactor = Redactor.for_keys([ODD_KEY, f"{ODD_KEY}-long", "a/b+c=d&e12", "ollama", None, ""])
    assert redactor(f"got {ODD_KEY}-long and {ODD_KEY}") == "got <redacted> and <redacted>"
    assert redactor("url ?k=a%2Fb%2Bc%3Dd%26e12 raw a/b+c=d&e12") == "url ?k=<redacted> raw <redacted>"
    assert redactor("provider ollama: down") == "provider ollama: down"  # too short to be a secret
    assert redactor("Bearer sk-proj-abcdefgh12") == "Bearer <redacted>"  # the shapes still apply
    assert redact_secrets(ODD_KEY) == ODD_KEY  # nothing installed
    with redacting(redactor):
        assert redact_secrets(f"key={ODD_KEY};") == "key=<redacted>;"
        with redacting(Redactor()):
            assert redact_secrets(ODD_KEY) == ODD_KEY
        assert redact_secrets(ODD_KEY) == "<redacted>"
    assert redact_secrets(ODD_KEY) == ODD_KEY


def test_a_log_line_never_carries_a_configured_key() -> None:
    out = io.StringIO()
    setup_logging("debug", {}, out)
    log = logging.getLogger("httpx")
    with redacting(Redactor.for_keys([ODD_KEY])):
        log.debug("sending %s", {"x-custom-auth": ODD_KEY})
        try:
            raise RuntimeError(f"upstream echoed {ODD_KEY}")
        except RuntimeError:
            log.exception("call failed")
    text = out.getvalue()
    assert ODD_KEY not in text
    assert "{'x-custom-auth': '<redacted>'}" in text and "RuntimeError: upstream echoed <redacted>" in text


def test_a_provider_error_never_carries_a_configured_key() -> None:
    body = f'{{"error": {{"message": "Incorrect API key provided: {ODD_KEY}."}}}}'
    with redacting(Redactor.for_keys([ODD_KEY])):
        error = classify_http_error("p", 401, {}, body)
    assert isinstance(error, AuthError)
    assert str(error) == "p: Incorrect API key provided: <redacted>."
    assert ODD_KEY not in repr(error)


def test_setup_twice_keeps_one_handler_and_quiets_hpack() -> None:
    out1, out2 = io.StringIO(), io.StringIO()
    setup_logging("debug", {}, out1)
    handler = setup_logging("debug", {}, out2)
    ours = [h for h in logging.getLogger().handlers if h is handler or getattr(h, "stream", None) is out1]
    assert ours == [handler]
    logging.getLogger("cursord").info("once")
    assert out1.getvalue() == ""
    assert out2.getvalue().count("once") == 1
    assert logging.getLogger("hpack").getEffectiveLevel() == logging.WARNING
    assert logging.getLogger("cursord").getEffectiveLevel() == logging.DEBUG


def test_default_stream_is_stderr_and_bad_level() -> None:
    handler = setup_logging(logging.ERROR, {})
    assert isinstance(handler, logging.StreamHandler)
    assert handler.stream is sys.stderr
    with pytest.raises(ValueError, match="unknown log level 'loud'"):
        setup_logging("loud", {})
