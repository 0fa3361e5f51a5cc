"""SSEDecoder: the WHATWG event-stream rules, fed whole and at every split point."""

from __future__ import annotations

import json

import pytest

from cursord.providers.errors import MalformedResponse
from cursord.providers.sse import SSEDecoder, SSEEvent


def decode(*chunks: bytes) -> list[SSEEvent]:
    decoder = SSEDecoder()
    events: list[SSEEvent] = []
    for chunk in chunks:
        events += decoder.feed(chunk)
    return events + decoder.finish()


def decode_every_split(data: bytes) -> list[SSEEvent]:
    """Decode whole, then split in two at every byte and in single bytes; all must agree."""
    whole = decode(data)
    for i in range(len(data) + 1):
        assert decode(data[:i], data[i:]) == whole, f"split at {i}"
    assert decode(*(data[i : i + 1] for i in range(len(data)))) == whole
    return whole


def test_basic_events_and_fields() -> None:
    data = b"event: add\ndata: 1\nid: 7\n\ndata: two\n\n"
    assert decode_every_split(data) == [
        SSEEvent("add", "1", "7"),
        SSEEvent("message", "two", "7"),  # the last id persists
    ]


@pytest.mark.parametrize("newline", [b"\n", b"\r", b"\r\n"])
def test_all_three_line_endings(newline: bytes) -> None:
    data = newline.join([b"event: e", b"data: a", b"data: b", b"", b"data: c", b"", b""])
    assert decode_every_split(data) == [SSEEvent("e", "a\nb"), SSEEvent("message", "c")]


def test_mixed_line_endings_and_crlf_split_across_feeds() -> None:
    data = b"data: a\r\ndata: b\r\r\ndata: c\n\r\n"
    events = decode_every_split(data)
    # "\r\r\n" is CR (ends "data: b") then CRLF (blank line); "\n\r\n" is LF then CRLF.
    assert events == [SSEEvent(data="a\nb"), SSEEvent(data="c")]
    # the CR of a CRLF alone at the end of one feed must not make an extra blank line
    assert decode(b"data: x\r", b"\ndata: y\r", b"\n\r", b"\n") == [SSEEvent(data="x\ny")]


def test_unicode_line_separators_are_data_not_line_breaks() -> None:
    payload = {"text": "a\u2028b\u2029c\x85d\x0be\x0cf"}
    data = b"data: " + json.dumps(payload, ensure_ascii=False).encode() + b"\n\n"
    events = decode_every_split(data)
    assert len(events) == 1
    assert json.loads(events[0].data) == payload


def test_multibyte_utf8_split_across_feeds() -> None:
    text = "héllo → 世界 🎉"
    data = f"data: {text}\n\n".encode()
    assert decode_every_split(data) == [SSEEvent(data=text)]


def test_invalid_utf8_becomes_replacement_character() -> None:
    assert decode(b"data: a\xffb\n\n") == [SSEEvent(data="a\ufffdb")]


def test_bom_at_start_is_stripped_but_only_there() -> None:
    data = b"\xef\xbb\xbfdata: 1\n\ndata: \xef\xbb\xbf2\n\n"
    assert decode_every_split(data) == [SSEEvent(data="1"), SSEEvent(data="\ufeff2")]


def test_comments_and_unknown_fields_are_ignored() -> None:
    data = b": keep-alive\n\n:another\ndata: x\nfoo: bar\n: mid-event comment\n\n"
    assert decode_every_split(data) == [SSEEvent(data="x")]


def test_field_value_space_rules() -> None:
    # one leading space is dropped; more are kept; no colon means empty value
    data = b"data:nospace\ndata:  two\ndata\n\n"
    assert decode_every_split(data) == [SSEEvent(data="nospace\n two\n")]


def test_block_without_data_dispatches_nothing_and_resets_event_name() -> None:
    data = b"event: lonely\n\ndata: x\n\n"
    assert decode_every_split(data) == [SSEEvent("message", "x")]


def test_empty_data_line_dispatches_empty_event() -> None:
    assert decode(b"data:\n\n") == [SSEEvent(data="")]


def test_retry_field_only_digits() -> None:
    events = decode(b"retry: 1500\ndata: a\n\nretry: soon\ndata: b\n\n")
    assert [e.retry for e in events] == [1500, None]


def test_id_with_nul_is_ignored() -> None:
    events = decode(b"id: ok\ndata: a\n\nid: bad\x00id\ndata: b\n\n")
    assert [e.id for e in events] == ["ok", "ok"]


def test_finish_reports_trailing_partial_event_as_incomplete() -> None:
    decoder = SSEDecoder()
    assert decoder.feed(b"data: [DONE]") == []
    assert decoder.finish() == [SSEEvent(data="[DONE]", complete=False)]
    assert decoder.finish() == []


def test_finish_after_line_but_before_blank_line() -> None:
    decoder = SSEDecoder()
    assert decoder.feed(b'data: {"a": 1}\n') == []
    assert decoder.finish() == [SSEEvent(data='{"a": 1}', complete=False)]


def test_finish_with_nothing_pending() -> None:
    decoder = SSEDecoder()
    assert decoder.feed(b"data: a\n\n") == [SSEEvent(data="a")]
    assert decoder.finish() == []
    with pytest.raises(RuntimeError):
        decoder.feed(b"data: b\n\n")


def test_many_events_in_one_feed() -> None:
    data = b"".join(f"data: {i}\n\n".encode() for i in range(100))
    assert [e.data for e in decode(data)] == [str(i) for i in range(100)]


def test_a_line_over_the_bound_is_a_provider_protocol_error() -> None:
    decoder = SSEDecoder("acme", max_line_chars=100)
    assert decoder.feed(b"data: " + b"x" * 94 + b"\n\n")[0].data == "x" * 94  # exactly 100: fine
    with pytest.raises(MalformedResponse, match="acme: an event-stream line is longer than 100 characters"):
        for _ in range(1000):  # a provider that never sends a line break, fed in small chunks
            decoder.feed(b"x" * 10)


def test_an_event_over_the_bound_is_a_provider_protocol_error() -> None:
    decoder = SSEDecoder("acme", max_event_chars=100)
    assert len(decoder.feed(b"data: a\n" * 50 + b"\n")) == 1  # the count starts again per event
    with pytest.raises(MalformedResponse, match="acme: an event's data is longer than 100 characters"):
        decoder.feed(b"data: a\n" * 51)


@pytest.mark.parametrize(
    "event",
    [
        b"data: x\n\n",
        b"data: \n\n",
        b"data:x\n\n",
        b'data: {"a": "b: c"}\n\n',
        b"data: a\r\n\r\n",
        b"data: a\n\ndata: b\n\n",
        b"data: a\ndata: b\n\n",
        b"id: 7\ndata: x\n\n",
        b"retry: 5\ndata: x\n\n",
        b"event: e\ndata: x\n\n",
        b": comment\n\ndata: x\n\n",
        b"data: x\n",
        b"data: \xe2\x80\xa8\n\n",
        b"data: \xff\n\n",
    ],
)
def test_a_read_of_one_event_decodes_as_a_stream_of_them_does(event: bytes) -> None:
    """A read that is one `data:` line and its blank line takes a shorter way: the same events, and the state
    after them, whatever came before (an id that persists, a partial line, an open event)."""
    reads = [b"data: first\n\n", b"id: 3\n\n", event, event, b"event: e\n", b"data: y\n\n", event, b"data: p", event]
    reads += [b"data: q\n", event, b"data: \xe2\x82", b"\xac\n\n", event, event]
    assert decode(*reads) == decode(b"".join(reads))


def test_a_read_of_one_event_keeps_the_bounds() -> None:
    lines = SSEDecoder("acme", max_line_chars=100)
    lines.feed(b"data: first\n\n")
    assert lines.feed(b"data: " + b"x" * 94 + b"\n\n")[0].data == "x" * 94  # exactly 100: fine
    with pytest.raises(MalformedResponse, match="longer than 100 characters"):
        lines.feed(b"data: " + b"x" * 95 + b"\n\n")
    events = SSEDecoder("acme", max_event_chars=100)
    events.feed(b"data: first\n\n")
    assert events.feed(b"data: " + b"x" * 99 + b"\n\n")[0].data == "x" * 99  # with its line break, 100
    with pytest.raises(MalformedResponse, match="an event's data is longer than 100 characters"):
        events.feed(b"data: " + b"x" * 100 + b"\n\n")
