"""ChunkedBody (`cursord.providers.chunked`) against h11's own chunked reader: the same data, the same end, the
same errors, whatever the reads' boundaries."""

from __future__ import annotations

from collections.abc import Sequence

import h11
import pytest

from cursord.providers.chunked import MAX_LINE, ChunkedBody, ChunkedBodyError

HEAD = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"

BODIES = [
    b"5\r\nhello\r\n0\r\n\r\n",
    b"5\r\nhello\r\n1;name=value\r\n \r\nA \t\r\nabcdefghij\r\n0\r\n\r\n",
    b"c\r\ndata: {}\r\n\r\n\r\n0\r\nX-Trailer: yes\r\n\r\n",
    b"0\r\n\r\n",
    b"3\r\n\r\n\r\r\n0;last\r\n\r\n",
    b"0000000000000000000f\r\ndata: {\"a\": 1}\r\r\n0\r\n\r\n",
]


def h11_reads(body: bytes, cuts: Sequence[int] = ()) -> tuple[bytes, bool]:
    """The data h11 reads from `body` fed in pieces cut at `cuts`, and whether it reached the body's end."""
    conn = h11.Connection(h11.CLIENT)
    conn.send(h11.Request(method="POST", target="/", headers=[("Host", "x"), ("Content-Length", "0")]))
    conn.send(h11.EndOfMessage())
    conn.receive_data(HEAD)
    assert isinstance(conn.next_event(), h11.Response)
    data = b""
    for start, end in zip([0, *cuts], [*cuts, len(body)], strict=True):
        if start == end:
            continue  # b"" is h11's end of file
        conn.receive_data(body[start:end])
        while True:
            event = conn.next_event()
            if isinstance(event, h11.Data):
                data += event.data
            elif isinstance(event, h11.EndOfMessage):
                return data, True
            else:
                break
    return data, False


def reads(body: bytes, cuts: Sequence[int]) -> tuple[bytes, bytes | None]:
    """What `ChunkedBody` makes of `body` fed in pieces cut at `cuts`: the data, and `rest`."""
    chunks = ChunkedBody()
    data = b""
    for start, end in zip([0, *cuts], [*cuts, len(body)], strict=True):
        chunks.feed(body[start:end])
        data += b"".join(iter(chunks.next_piece, None))
        if chunks.rest is not None:
            return data, chunks.rest + body[end:]
    return data, chunks.rest


@pytest.mark.parametrize("body", BODIES)
def test_the_data_and_the_end_are_h11s_at_every_cut(body: bytes) -> None:
    data, ended = h11_reads(body)
    assert ended
    last = body.rindex(b"0", 0, body.rindex(b"\r\n", 0, len(body) - 2) + 1)  # the last chunk's header line
    for cut in range(len(body) + 1):
        for second in range(cut, len(body) + 1):
            got, rest = reads(body, [cut, second])
            assert got == data
            assert rest == body[last:]


def test_what_came_with_the_head_is_read_first() -> None:
    chunks = ChunkedBody(b"5\r\nhel")
    start = chunks.take_start()
    assert start == b"5\r\nhel" and chunks.take_start() == b""
    chunks.feed(start)
    assert chunks.next_piece() == b"hel" and chunks.next_piece() is None
    chunks.feed(b"lo\r\n0\r\n\r\n")
    assert chunks.next_piece() == b"lo" and chunks.next_piece() is None
    assert chunks.rest == b"0\r\n\r\n"


def test_each_chunk_is_a_piece_of_its_own_as_h11_makes_it_an_event() -> None:
    chunks = ChunkedBody()
    chunks.feed(b"3\r\nabc\r\n2\r\nde\r\n4\r\nfg")
    assert list(iter(chunks.next_piece, None)) == [b"abc", b"de", b"fg"]
    chunks.feed(b"hi\r\n")
    assert list(iter(chunks.next_piece, None)) == [b"hi"]


@pytest.mark.parametrize(
    "body",
    [
        b"zz\r\nhello\r\n",
        b"5\r\nhelloXY0\r\n\r\n",
        b"5 x\r\nhello\r\n",
        b"-1\r\n",
        # sizes `int(..., 16)` would take but h11's pattern does not
        b"+5\r\nhello\r\n",
        b"0x5\r\nhello\r\n",
        b"5_0\r\n",
        b" 5\r\nhello\r\n",
        b"0" * 20 + b"15\r\n",
    ],
)
def test_broken_framing_fails_with_h11s_message(body: bytes) -> None:
    for cut in range(len(body) + 1):
        with pytest.raises(h11.RemoteProtocolError) as expected:
            h11_reads(body, [cut])
        with pytest.raises(ChunkedBodyError) as got:
            reads(body, [cut])
        assert str(got.value) == str(expected.value)


def test_a_header_line_longer_than_h11_keeps_fails() -> None:
    chunks = ChunkedBody()
    chunks.feed(b"5;" + b"x" * (MAX_LINE - 10))
    with pytest.raises(ChunkedBodyError, match="Receive buffer too long"):
        chunks.feed(b"x" * 20)
