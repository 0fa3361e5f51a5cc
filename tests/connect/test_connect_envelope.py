"""Envelope framing and the end-stream message."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cursord.connect import (
    Code,
    ConnectError,
    Envelope,
    EnvelopeDecoder,
    ErrorDetail,
    encode_envelope,
    end_stream_payload,
    parse_end_stream,
)

MESSAGES = [
    Envelope(0x00, b"first"),
    Envelope(0x00, b""),
    Envelope(0x01, b"\x1f\x8b pretend-compressed"),
    Envelope(0x00, bytes(range(256)) * 3),
    Envelope(0x02, b'{"metadata":{"k":["v"]}}'),
]


def wire(envelopes: list[Envelope]) -> bytes:
    return b"".join(
        encode_envelope(e.payload, compressed=e.compressed, end_stream=e.end_stream) for e in envelopes
    )


def decode_chunks(chunks: list[bytes], limit: int = 1 << 20) -> list[Envelope]:
    decoder = EnvelopeDecoder(limit)
    out: list[Envelope] = []
    for chunk in chunks:
        out += decoder.feed(chunk)
    decoder.finish()
    return out


# --- encoding ---------------------------------------------------------------------------------------------


def test_encode_envelope_prefix_is_flags_then_big_endian_length() -> None:
    assert encode_envelope(b"abc") == b"\x00\x00\x00\x00\x03abc"
    assert encode_envelope(b"abc", compressed=True) == b"\x01\x00\x00\x00\x03abc"
    assert encode_envelope(b"", end_stream=True) == b"\x02\x00\x00\x00\x00"
    assert encode_envelope(b"x" * 0x01020304)[:5] == b"\x00\x01\x02\x03\x04"


def test_envelope_properties() -> None:
    assert Envelope(0x03, b"").compressed and Envelope(0x03, b"").end_stream
    assert not Envelope(0x00, b"").compressed and not Envelope(0x00, b"").end_stream
    with pytest.raises(ValueError):
        Envelope(0x100, b"")


# --- splitting --------------------------------------------------------------------------------------------


def test_decode_whole_buffer() -> None:
    assert decode_chunks([wire(MESSAGES)]) == MESSAGES


def test_decode_split_at_every_position() -> None:
    data = wire(MESSAGES)
    for cut in range(len(data) + 1):
        assert decode_chunks([data[:cut], data[cut:]]) == MESSAGES, cut


def test_decode_split_at_every_pair_of_positions_in_the_prefixes() -> None:
    data = wire(MESSAGES[:3])
    for first in range(len(data) + 1):
        for second in range(first, len(data) + 1):
            chunks = [data[:first], data[first:second], data[second:]]
            assert decode_chunks(chunks) == MESSAGES[:3], (first, second)


def test_decode_one_byte_at_a_time() -> None:
    data = wire(MESSAGES)
    decoder = EnvelopeDecoder(1 << 20)
    out: list[Envelope] = []
    for i in range(len(data)):
        got = decoder.feed(data[i : i + 1])
        out += got
        if got:  # an envelope is emitted when its last byte arrives, leaving nothing buffered
            assert decoder.buffered == 0
        else:
            assert decoder.buffered > 0
    decoder.finish()
    assert out == MESSAGES


def test_envelope_emitted_exactly_on_its_last_byte() -> None:
    data = encode_envelope(b"hello")
    decoder = EnvelopeDecoder(100)
    for i in range(len(data) - 1):
        assert decoder.feed(data[i : i + 1]) == []
    assert decoder.feed(data[-1:]) == [Envelope(0, b"hello")]
    assert decoder.buffered == 0


def test_feed_accepts_bytearray_and_memoryview_and_empty() -> None:
    decoder = EnvelopeDecoder(100)
    assert decoder.feed(b"") == []
    data = encode_envelope(b"xy")
    assert decoder.feed(bytearray(data[:3])) == []
    assert decoder.feed(memoryview(data)[3:]) == [Envelope(0, b"xy")]


# --- limits and malformed framing -------------------------------------------------------------------------


def test_oversize_length_refused_from_the_prefix_alone() -> None:
    decoder = EnvelopeDecoder(10)
    with pytest.raises(ConnectError) as info:
        decoder.feed(b"\x00\x00\x00\x00\x0b")  # 11 bytes announced, none sent
    assert info.value.code is Code.RESOURCE_EXHAUSTED
    assert info.value.message == "message of 11 bytes exceeds the limit of 10 bytes"
    assert decoder.buffered == 0


def test_oversize_length_refused_even_when_the_prefix_trickles_in() -> None:
    decoder = EnvelopeDecoder(1000)
    prefix = b"\x00" + (2**32 - 1).to_bytes(4, "big")
    for byte in prefix[:-1]:
        assert decoder.feed(bytes([byte])) == []
    with pytest.raises(ConnectError) as info:
        decoder.feed(prefix[-1:])
    assert info.value.message == "message of 4294967295 bytes exceeds the limit of 1000 bytes"


def test_length_at_the_limit_is_accepted() -> None:
    assert decode_chunks([encode_envelope(b"x" * 10)], limit=10) == [Envelope(0, b"x" * 10)]
    assert decode_chunks([encode_envelope(b"")], limit=0) == [Envelope(0, b"")]


def test_errors_poison_the_decoder() -> None:
    decoder = EnvelopeDecoder(10)
    with pytest.raises(ConnectError) as first:
        decoder.feed(b"\x00\x00\x00\x01\x00")
    with pytest.raises(ConnectError) as again:
        decoder.feed(encode_envelope(b"ok"))
    assert again.value is first.value
    with pytest.raises(ConnectError):
        decoder.finish()


@pytest.mark.parametrize("flags", [0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x05, 0xFF])
def test_reserved_flag_bits_are_a_protocol_error(flags: int) -> None:
    decoder = EnvelopeDecoder(100)
    with pytest.raises(ConnectError) as info:
        decoder.feed(bytes([flags]) + b"\x00\x00\x00\x00")
    assert info.value.code is Code.INVALID_ARGUMENT
    assert info.value.message == (
        f"protocol error: envelope flags 0x{flags:02x} set reserved bits 0x{flags & ~0x03:02x}"
    )


def test_protocol_error_code_is_configurable_for_the_client_side() -> None:
    decoder = EnvelopeDecoder(100, protocol_error_code=Code.INTERNAL)
    with pytest.raises(ConnectError) as info:
        decoder.feed(b"\x80\x00\x00\x00\x00")
    assert info.value.code is Code.INTERNAL


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x00\x00\x00", "stream ended mid-envelope: got 3 of 5 bytes"),
        (b"\x00\x00\x00\x00\x05ab", "stream ended mid-envelope: got 7 of 10 bytes"),
        (b"\x00\x00\x00\x00\x05", "stream ended mid-envelope: got 5 of 10 bytes"),
        (encode_envelope(b"done") + b"\x00", "stream ended mid-envelope: got 1 of 5 bytes"),
    ],
)
def test_finish_mid_envelope(data: bytes, message: str) -> None:
    decoder = EnvelopeDecoder(100)
    decoder.feed(data)
    with pytest.raises(ConnectError) as info:
        decoder.finish()
    assert info.value.code is Code.INVALID_ARGUMENT
    assert info.value.message == message


def test_finish_on_a_clean_boundary_and_on_no_input() -> None:
    EnvelopeDecoder(100).finish()
    decoder = EnvelopeDecoder(100)
    decoder.feed(encode_envelope(b"a") + encode_envelope(b"b"))
    decoder.finish()


def test_data_after_end_stream_in_the_same_chunk() -> None:
    decoder = EnvelopeDecoder(100)
    with pytest.raises(ConnectError, match="data after end-stream"):
        decoder.feed(encode_envelope(b"{}", end_stream=True) + b"\x00")


def test_data_after_end_stream_in_a_later_chunk() -> None:
    decoder = EnvelopeDecoder(100)
    assert decoder.feed(encode_envelope(b"{}", end_stream=True)) == [Envelope(0x02, b"{}")]
    assert decoder.ended
    with pytest.raises(ConnectError, match="data after end-stream"):
        decoder.feed(encode_envelope(b"late"))


# --- property ---------------------------------------------------------------------------------------------

envelopes_strategy = st.lists(
    st.builds(Envelope, flags=st.sampled_from([0x00, 0x01]), payload=st.binary(max_size=300)), max_size=8
).flatmap(
    lambda body: st.one_of(
        st.just(body),
        st.builds(
            lambda p, c: [*body, Envelope(0x02 | c, p)], st.binary(max_size=50), st.sampled_from([0, 1])
        ),
    )
)


@settings(max_examples=300, deadline=None)
@given(envelopes=envelopes_strategy, cuts=st.lists(st.integers(min_value=0), max_size=12))
def test_roundtrip_property(envelopes: list[Envelope], cuts: list[int]) -> None:
    data = wire(envelopes)
    points = sorted({c % (len(data) + 1) for c in cuts})
    chunks = [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]
    assert b"".join(chunks) == data
    assert decode_chunks(chunks) == envelopes


# --- end-stream message -----------------------------------------------------------------------------------


def test_end_stream_success_without_trailers_is_an_empty_object() -> None:
    assert end_stream_payload(None) == b"{}"
    assert end_stream_payload(None, {}) == b"{}"


def test_end_stream_exact_shape() -> None:
    err = ConnectError(
        Code.RESOURCE_EXHAUSTED,
        "slow down",
        details=[ErrorDetail("google.rpc.RetryInfo", b"\x12\x02\x08\x05")],
        metadata={"Retry-Hint": "5"},
    )
    payload = end_stream_payload(err, {"x-trailer": ["a", "b"]})
    assert payload == (
        b'{"error":{"code":"resource_exhausted","message":"slow down",'
        b'"details":[{"type":"google.rpc.RetryInfo","value":"EgIIBQ"}]},'
        b'"metadata":{"x-trailer":["a","b"],"retry-hint":["5"]}}'
    )


def test_end_stream_omits_empty_message_details_and_metadata() -> None:
    assert json.loads(end_stream_payload(ConnectError(Code.CANCELED))) == {"error": {"code": "canceled"}}
    assert json.loads(end_stream_payload(None, {"k": "v"})) == {"metadata": {"k": ["v"]}}


def test_end_stream_is_ascii_even_for_non_ascii_messages() -> None:
    payload = end_stream_payload(ConnectError(Code.INTERNAL, "naïve \ud800 ☃"))
    payload.decode("ascii")
    error, _ = parse_end_stream(payload)
    assert error is not None and error.message == "naïve \ud800 ☃"


def test_end_stream_round_trip() -> None:
    err = ConnectError(
        Code.UNAVAILABLE, "try later", details=[ErrorDetail("a.B", b"\x00\xff")], metadata={"m": ["1", "2"]}
    )
    error, metadata = parse_end_stream(end_stream_payload(err, {"t": "x"}))
    assert error is not None
    assert (error.code, error.message, error.details) == (err.code, err.message, err.details)
    assert metadata == {"t": ("x",), "m": ("1", "2")}
    assert dict(error.metadata) == metadata
    assert parse_end_stream(end_stream_payload(None, {"t": "x"})) == (None, {"t": ("x",)})


def test_parse_end_stream_accepts_other_implementations_output() -> None:
    payload = json.dumps(
        {
            "error": {
                "code": "not_a_code",
                "details": [{"type": "type.googleapis.com/pkg.Msg", "value": "AAE=", "debug": {"x": 1}}],
            },
            "metadata": {"Good": ["1"], "bad name": ["x"], "notalist": "y", "mixed": ["ok", 3]},
        }
    ).encode()
    error, metadata = parse_end_stream(payload)
    assert error is not None and error.code is Code.UNKNOWN and error.message == ""
    assert error.details == (ErrorDetail("pkg.Msg", b"\x00\x01"),)
    assert metadata == {"good": ("1",), "mixed": ("ok",)}


@pytest.mark.parametrize(
    "payload",
    [b"", b"not json", b"[]", b'{"error": 5}', b'{"error": {"message": "no code"}}', b'{"metadata": []}'],
)
def test_parse_end_stream_malformed_is_internal(payload: bytes) -> None:
    with pytest.raises(ConnectError) as info:
        parse_end_stream(payload)
    assert info.value.code is Code.INTERNAL
    assert info.value.message.startswith("protocol error:")


def test_end_stream_rejects_bad_local_trailers() -> None:
    with pytest.raises(ValueError):
        end_stream_payload(None, {"bad name": "x"})
    with pytest.raises(ValueError):
        end_stream_payload(None, {"k": "line\nbreak"})
