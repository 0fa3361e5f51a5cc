"""gzip/identity codecs, bounded decompression, and encoding negotiation."""

from __future__ import annotations

import gzip
import os
import tracemalloc
import zlib

import pytest

from cursord.connect import (
    DEFAULT_COMPRESSIONS,
    GZIP,
    IDENTITY,
    Code,
    CompressionRegistry,
    ConnectError,
    GzipCompression,
    parse_accept_encoding,
)

MiB = 1024 * 1024


@pytest.fixture(scope="module")
def gzip_bomb() -> bytes:
    """64 MiB of zeros in about 64 KiB of gzip, built without holding the 64 MiB."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    zeros = bytes(MiB)
    parts = [compressor.compress(zeros) for _ in range(64)]
    return b"".join(parts) + compressor.flush()


def test_gzip_round_trip_and_stdlib_interop() -> None:
    data = os.urandom(3000) + b"abc" * 5000
    packed = GZIP.compress(data)
    assert gzip.decompress(packed) == data
    assert GZIP.decompress(gzip.compress(data), len(data)) == data
    assert GZIP.decompress(packed, len(data)) == data
    assert GZIP.compress(b"") and GZIP.decompress(GZIP.compress(b""), 0) == b""


def test_gzip_output_is_deterministic() -> None:
    assert GZIP.compress(b"same" * 100) == GZIP.compress(b"same" * 100)
    assert GzipCompression(level=1).compress(b"x" * 1000) != GzipCompression(level=9).compress(os.urandom(9))


def test_gzip_multi_member() -> None:
    assert GZIP.decompress(gzip.compress(b"one ") + gzip.compress(b"two"), 100) == b"one two"


def test_gzip_limit_boundary() -> None:
    packed = GZIP.compress(b"z" * 1000)
    assert GZIP.decompress(packed, 1000) == b"z" * 1000
    with pytest.raises(ConnectError) as info:
        GZIP.decompress(packed, 999)
    assert info.value.code is Code.RESOURCE_EXHAUSTED
    assert info.value.message == "decompressed message exceeds the limit of 999 bytes"


def test_gzip_bomb_is_refused_with_bounded_memory(gzip_bomb: bytes) -> None:
    assert len(gzip_bomb) < MiB // 4
    tracemalloc.start()
    try:
        with pytest.raises(ConnectError) as info:
            GZIP.decompress(gzip_bomb, MiB)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert info.value.code is Code.RESOURCE_EXHAUSTED
    assert peak < 4 * MiB, f"peak {peak} bytes while refusing a 64 MiB bomb with a 1 MiB limit"


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"", "empty input"),
        (b"not gzip at all", "invalid gzip data"),
        (gzip.compress(b"hello world" * 100, mtime=0)[:-12], "truncated"),
        (gzip.compress(b"hi", mtime=0) + b"trailing garbage", "invalid gzip data"),
        (zlib.compress(b"zlib, not gzip"), "invalid gzip data"),
    ],
)
def test_gzip_corrupt_input_is_invalid_argument(data: bytes, fragment: str) -> None:
    with pytest.raises(ConnectError) as info:
        GZIP.decompress(data, MiB)
    assert info.value.code is Code.INVALID_ARGUMENT
    assert fragment in info.value.message


def test_identity_is_bounded_too() -> None:
    assert IDENTITY.decompress(b"abc", 3) == b"abc"
    assert IDENTITY.compress(b"abc") == b"abc"
    with pytest.raises(ConnectError) as info:
        IDENTITY.decompress(b"abcd", 3)
    assert info.value.code is Code.RESOURCE_EXHAUSTED


# --- negotiation ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, []),
        ("", []),
        ("gzip", ["gzip"]),
        ("GZip, br", ["gzip", "br"]),
        ("br;q=0.5, gzip", ["gzip", "br"]),
        ("gzip;q=0, identity", ["identity"]),
        ("deflate, gzip;q=1.0, *;q=0.1", ["deflate", "gzip", "*"]),
        (" , gzip ,, ", ["gzip"]),
        ("gzip;q=bogus, br", ["br"]),
    ],
)
def test_parse_accept_encoding(header: str | None, expected: list[str]) -> None:
    assert parse_accept_encoding(header) == expected


@pytest.mark.parametrize(
    ("sent", "accept", "request_name", "response_name"),
    [
        (None, None, "identity", "identity"),
        ("identity", "gzip", "identity", "gzip"),
        ("", "br, gzip", "identity", "gzip"),
        (None, "br", "identity", "identity"),
        (None, "gzip;q=0", "identity", "identity"),
        (None, "*", "identity", "gzip"),
        ("gzip", None, "gzip", "gzip"),
        ("GZIP", "identity", "gzip", "gzip"),
    ],
)
def test_negotiate(sent: str | None, accept: str | None, request_name: str, response_name: str) -> None:
    negotiated = DEFAULT_COMPRESSIONS.negotiate(sent, accept)
    assert (negotiated.request.name, negotiated.response.name) == (request_name, response_name)


def test_negotiate_unsupported_encoding_is_unimplemented_and_names_the_supported_ones() -> None:
    with pytest.raises(ConnectError) as info:
        DEFAULT_COMPRESSIONS.negotiate("br", "gzip")
    assert info.value.code is Code.UNIMPLEMENTED
    assert info.value.message == 'unknown compression "br": supported encodings are gzip, identity'


def test_registry_without_gzip() -> None:
    empty = CompressionRegistry([])
    assert empty.accept_header == "identity"
    assert empty.negotiate(None, "gzip").response is IDENTITY
    with pytest.raises(ConnectError, match="supported encodings are identity"):
        empty.negotiate("gzip", None)


def test_registry_rejects_duplicates_and_lists_names() -> None:
    assert DEFAULT_COMPRESSIONS.names == ("gzip",)
    assert DEFAULT_COMPRESSIONS.accept_header == "gzip"
    assert DEFAULT_COMPRESSIONS.get("gzip") is GZIP and DEFAULT_COMPRESSIONS.get("zstd") is None
    with pytest.raises(ValueError):
        CompressionRegistry([GZIP, GzipCompression(level=1)])
