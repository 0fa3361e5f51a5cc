"""The message codec: every neutral part type survives JSON exactly; bad rows are refused clearly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cursord.providers.model import Message, Role, TextPart, ThinkingPart, ToolCallPart, ToolResultPart
from cursord.store.codec import decode_message, encode_parts
from cursord.store.errors import CorruptRecord

#: Strings including the awkward ones: NUL, line separators, astral characters, lone surrogates.
texts = st.text(alphabet=st.characters(codec=None, categories=None), max_size=40) | st.sampled_from(
    ["", "\x00", "a\u2028b", "😀 中文", "\ud800", '{"json": "inside"}', "\\u0041"]
)
opt_texts = st.none() | texts

text_parts = st.builds(TextPart, texts)
thinking_parts = st.builds(
    ThinkingPart, text=texts, signature=opt_texts, redacted_data=opt_texts, origin=opt_texts, carrier=opt_texts
)
tool_calls = st.builds(ToolCallPart, texts, texts, texts, opt_texts)
tool_results = st.builds(ToolResultPart, texts, texts, st.booleans())

messages = st.one_of(
    st.builds(Message, st.just(Role.SYSTEM), st.lists(text_parts, max_size=3)),
    st.builds(Message, st.just(Role.USER), st.lists(text_parts, max_size=3)),
    st.builds(Message, st.just(Role.ASSISTANT), st.lists(text_parts | thinking_parts | tool_calls, max_size=5)),
    st.builds(Message, st.just(Role.TOOL), st.lists(tool_results, max_size=3)),
)


def round_trip(message: Message) -> Message:
    encoded = encode_parts(message.parts)
    encoded.encode("utf-8")  # what SQLite needs: always encodable
    return decode_message(message.role.value, encoded)


@given(messages)
def test_every_message_round_trips(message: Message) -> None:
    assert round_trip(message) == message


def test_anthropic_thinking_signature_and_redacted_data_are_kept_verbatim() -> None:
    signature = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds" + "+/=" * 10
    message = Message.assistant(
        ThinkingPart("Let me think.\n\nStep 1", signature=signature, origin="anthropic"),
        ThinkingPart(redacted_data="EmwKAhgBEgy3va3pzix/LafPsn4a", origin="anthropic"),
        TextPart("Answer"),
        ToolCallPart("toolu_01", "read_file", '{"path":  "a.py" }'),
    )
    back = round_trip(message)
    assert back == message
    thinking = back.parts[0]
    assert isinstance(thinking, ThinkingPart) and thinking.signature == signature
    redacted = back.parts[1]
    assert isinstance(redacted, ThinkingPart) and redacted.redacted_data == "EmwKAhgBEgy3va3pzix/LafPsn4a"
    call = back.parts[3]
    assert isinstance(call, ToolCallPart) and call.arguments == '{"path":  "a.py" }'  # not re-serialised


def test_lone_surrogates_fall_back_to_escapes_and_still_round_trip() -> None:
    message = Message.user("broken \udcff decoder")
    encoded = encode_parts(message.parts)
    assert "\\udcff" in encoded
    assert round_trip(message) == message


def test_non_ascii_text_is_stored_readably() -> None:
    assert "中文" in encode_parts((TextPart("中文"),))


@pytest.mark.parametrize(
    ("role", "parts_json", "complaint"),
    [
        ("user", "not json", "not JSON"),
        ("user", '{"t": "text"}', "array"),
        ("user", '[{"t": "video", "url": "x"}]', "unknown message part type 'video'"),
        ("user", '[{"t": "image", "media_type": "image/png", "data": "%%%"}]', "image part data is not base64"),
        ("user", '[{"t": "text", "text": 5}]', "'text' should be a string"),
        ("tool", '[{"t": "tool_result", "tool_call_id": "a", "content": "b", "is_error": "no"}]', "boolean"),
        ("user", '[{"t": "tool_call", "id": "a", "name": "b", "arguments": "{}"}]', "cannot hold ToolCallPart"),
        ("robot", "[]", "does not decode"),
        ("assistant", "[5]", "should be an object"),
    ],
)
def test_corrupt_rows_raise_corrupt_record(role: str, parts_json: str, complaint: str) -> None:
    with pytest.raises(CorruptRecord, match=complaint):
        decode_message(role, parts_json)


def test_every_field_is_written_even_when_null() -> None:
    (item,) = json.loads(encode_parts((ThinkingPart("x"),)))
    assert item == {"t": "thinking", "text": "x", "signature": None, "redacted": None, "origin": None}
