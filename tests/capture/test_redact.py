"""Redaction (sans-IO): placeholders keep type, length and character classes and are stable within a capture;
every private field of a message is replaced, ids are kept, unknown fields keep their number but not their
content, the AgentClientMessage inside a BidiAppend is redacted in place, credentials never survive a header."""

from __future__ import annotations

import hmac
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cursord.capture import KEPT_FIELDS, Placeholders, redact_headers, redact_payload
from cursord.core import unknown_numbers
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver

PLACES = Placeholders(b"test key")


@given(st.text())
def test_a_placeholder_keeps_the_utf8_length_and_the_character_classes(text: str) -> None:
    placeholder = PLACES.text(text)
    assert len(placeholder.encode()) == len(text.encode())
    assert PLACES.text(text) == placeholder  # stable
    for original, replaced in zip(text, placeholder, strict=False):
        if not original.isascii():
            break  # a wide character becomes several `x`: the rest is shifted
        assert original.isdigit() == replaced.isdigit() and original.isupper() == replaced.isupper()
        if not original.isalnum():
            assert replaced == original


def test_redacting_a_value_hashes_it_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """The work grows with the value's length, not its square: the value is hashed once, however long."""
    hashed: list[int] = []
    real_new, real_digest = hmac.new, hmac.digest

    def counted_new(key: bytes, msg: bytes = b"", digestmod: Any = None) -> Any:
        hashed.append(len(msg))
        return real_new(key, msg, digestmod)

    def counted_digest(key: bytes, msg: bytes, digest: Any) -> bytes:
        hashed.append(len(msg))
        return real_digest(key, msg, digest)

    monkeypatch.setattr(hmac, "new", counted_new)
    monkeypatch.setattr(hmac, "digest", counted_digest)
    value = "private words, 0123 " * 10_000  # 200,000 characters
    assert len(PLACES.text(value)) == len(value)
    assert sum(hashed) <= 2 * len(value) + 64


def test_bytes_keep_their_length_and_become_printable() -> None:
    data = bytes(range(256))
    redacted = PLACES.data(data)
    assert len(redacted) == 256 and redacted[0x80:] == b"x" * 128
    assert redacted[0x20:0x30] == data[0x20:0x30] and redacted != data


def test_placeholders_differ_between_captures_and_between_values() -> None:
    assert Placeholders().text("secret-value-1") != Placeholders().text("secret-value-1")
    assert PLACES.text("alpha-1") != PLACES.text("alpha-2")


def read_result(path: str, content: str, exec_id: str) -> agent.AgentClientMessage:
    result = agent.ReadResult(success=agent.ReadSuccess(path=path, content=content, total_lines=3))
    upload = agent.ExecClientMessage(id=7, exec_id=exec_id, read_result=result)
    return agent.AgentClientMessage(exec_client_message=upload)


@given(st.text(min_size=1), st.text(min_size=1))
def test_a_message_keeps_its_size_and_ids_and_loses_its_content(path: str, content: str) -> None:
    message = read_result(path, content, "r1:1:c-read")
    payload = message.SerializeToString()
    redacted = agent.AgentClientMessage.FromString(redact_payload("agent.v1.AgentClientMessage", payload, PLACES))
    assert len(redacted.SerializeToString()) == len(payload)
    result = redacted.exec_client_message
    assert result.id == 7 and result.exec_id == "r1:1:c-read" and result.read_result.success.total_lines == 3
    assert result.read_result.success.path == PLACES.text(path)
    assert result.read_result.success.content == PLACES.text(content)
    assert "exec_id" in KEPT_FIELDS and "content" not in KEPT_FIELDS


def test_a_field_the_schema_does_not_know_keeps_its_number_not_its_content() -> None:
    secret = b"the user's private words"
    unknown = bytes([0xFA, 0xF0, 0x04, len(secret)]) + secret  # field 9999, length-delimited
    payload = agent.AgentClientMessage(client_heartbeat=agent.ClientHeartbeat()).SerializeToString() + unknown
    redacted = redact_payload("agent.v1.AgentClientMessage", payload, PLACES)
    assert secret not in redacted and len(redacted) == len(payload)
    numbers = list(unknown_numbers(agent.AgentClientMessage.FromString(redacted)))
    assert numbers == [("agent.v1.AgentClientMessage", 9999)]


def test_the_upload_inside_a_bidi_append_is_redacted_in_its_hex() -> None:
    inner = read_result("/home/alice/plan.md", "launch on friday", "r1:1:c-read").SerializeToString()
    request = aiserver.BidiAppendRequest(
        request_id=aiserver.BidiRequestId(request_id="r1"), append_seqno=4, data=inner.hex()
    )
    out = aiserver.BidiAppendRequest.FromString(
        redact_payload("aiserver.v1.BidiAppendRequest", request.SerializeToString(), PLACES)
    )
    assert out.request_id.request_id == "r1" and out.append_seqno == 4 and len(out.data) == len(request.data)
    redacted = bytes.fromhex(out.data)
    assert b"friday" not in redacted and b"alice" not in redacted and b"r1:1:c-read" in redacted


def test_a_body_of_an_unknown_type_is_replaced_whole() -> None:
    body = b"\x0a\x05hello"
    out = redact_payload(None, body, PLACES)
    assert len(out) == len(body) and b"hello" not in out


def test_credential_headers_are_replaced_even_when_content_is_kept() -> None:
    headers = [(b"Authorization", b"Bearer abc.def"), (b"Cookie", b"session=xyz"), (b"x-request-id", b"r1"),
               (b"x-cursor-checksum", b"private")]
    kept = dict(redact_headers(headers, None))  # --keep-content
    assert kept["authorization"] != "Bearer abc.def" and kept["cookie"] != "session=xyz"
    assert kept["x-request-id"] == "r1" and kept["x-cursor-checksum"] == "private"
    redacted = dict(redact_headers(headers, PLACES))
    assert redacted["x-request-id"] == "r1" and redacted["x-cursor-checksum"] != "private"
    assert len(redacted["x-cursor-checksum"]) == len("private")
