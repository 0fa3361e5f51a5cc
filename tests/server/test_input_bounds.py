"""Hostile inputs a local client controls, end to end (issue 17): each refused with a precise Connect code,
with bounded memory and without stalling the event loop."""

from __future__ import annotations

import zlib

import trio
import trio.testing

from cursord.connect.envelope import encode_envelope, parse_end_stream
from cursord.connect.errors import Code, ConnectError, error_from_json
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.asgi import BODY_SECONDS
from cursord.testing.behaviours import Echo
from cursord.testing.editor import (
    BIDI_APPEND,
    RUN_SSE,
    STREAM_HEADERS,
    UNARY_HEADERS,
    bidi_request,
    exec_result,
    heartbeat,
    run_request,
)
from cursord.testing.harness import running_daemon

GZIP_HEADERS = [*UNARY_HEADERS, (b"content-encoding", b"gzip")]


def gzip_members(first: bytes, empty_members: int) -> bytes:
    """`first` as one gzip member followed by `empty_members` empty ones (about 20 bytes each)."""

    def member(data: bytes) -> bytes:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        return compressor.compress(data) + compressor.flush()

    return member(first) + member(b"") * empty_members


async def test_a_body_of_many_gzip_members_is_refused_at_the_member_cap() -> None:
    """Decoding stops at the 65th member instead of inflating 200,000 on the event loop (what that costs, capped
    and not: `bench/gzip_members.py`; a test holds no clock bound)."""
    body = gzip_members(bidi_request("gz", 1, heartbeat()), 200_000)  # ~4 MB, under the body limit
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        status, answer = await editor.post(BIDI_APPEND, body, GZIP_HEADERS)
        assert status != 200
        error = error_from_json(answer)
        assert error.code is Code.RESOURCE_EXHAUSTED
        assert "gzip data has more than 64 members" in error.message
        # a few members are still fine
        status, _ = await editor.post(BIDI_APPEND, gzip_members(bidi_request("gz", 1, heartbeat()), 10), GZIP_HEADERS)
        assert status == 200


async def test_request_ids_longer_than_128_bytes_are_refused_on_every_path(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """The issue's reproduction: heartbeat uploads under 3.9 MB request ids each took 3.9 MB for 10 minutes."""
    long_id = "x" * 3_900_000
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        for k in range(5):
            status, answer = await editor.post(BIDI_APPEND, bidi_request(f"{k}{long_id}", 1, heartbeat()))
            assert status != 200
            error = error_from_json(answer)
            assert error.code is Code.INVALID_ARGUMENT
            assert "request_id is longer than 128 bytes" in error.message
        assert daemon.core.gate.tracked == 0
        async with editor._connection() as conn:
            body = encode_envelope(agent.BidiRequestId(request_id="y" * 129).SerializeToString())
            response = await conn.request("POST", RUN_SSE, STREAM_HEADERS, body)
            raw = await response.read_all()
        ended = parse_end_stream(raw[5:])[0]
        assert isinstance(ended, ConnectError) and ended.code is Code.INVALID_ARGUMENT
        assert "request_id is longer than 128 bytes" in ended.message
        await editor.append("z" * 128, heartbeat())  # 128 is fine
        async with editor.run("w" * 2_000) as run:  # issue 27 #10: Run took an x-request-id of any length
            await run.send(run_request("hi", model="m"))
            reader = await run.reader()
            assert await reader.read_to_end() == []
        assert reader.error is not None and reader.error.code is Code.INVALID_ARGUMENT
        assert "x-request-id: request_id is longer than 128 bytes" in reader.error.message


async def test_a_seqno_one_retry_after_the_sequence_moved_on_is_acked_and_the_turn_goes_on(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """Issue 12 #5: the retried first upload used to restart the sequence; seqno 3 then waited for a 2
    that had come already, and the turn hung."""
    first = bidi_request("r", 1, run_request("hi", model="m"))
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        async with editor.run_sse("r") as reader:
            assert (await editor.post(BIDI_APPEND, first))[0] == 200
            await editor.append("r", exec_result(1, "x"), seqno=2)
            assert (await editor.post(BIDI_APPEND, first))[0] == 200  # the retry: ACKed, not delivered
            with trio.fail_after(5):
                await editor.append("r", exec_result(2, "last"), seqno=3)
                messages = await reader.read_to_end()
        texts = [m.interaction_update.text_delta.text for m in messages]
        assert texts == ["echo: hi", "exec 1", "exec 2"] and reader.error is None
        snapshot = daemon.core.gate.snapshot("r")
        assert snapshot is not None and snapshot.next == 4


async def test_a_body_trickled_a_byte_at_a_time_is_cut(autojump_clock: trio.testing.MockClock) -> None:
    """Issue 27 #8: a request body sent 1 byte every 2 s was never cut (the idle timer stops once the head
    is read): the handler, and the connection, were held for as long as the client liked."""
    body = bidi_request("trickle", 1, heartbeat())
    head = f"POST {BIDI_APPEND} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/proto\r\n"
    head += f"content-length: {len(body) + 1000}\r\n\r\n"
    async with running_daemon(Echo) as daemon, trio.open_nursery() as nursery:
        stream = await daemon.connect()
        await stream.send_all(head.encode())

        async def trickle() -> None:
            for byte in body + b"\0" * 1000:
                await trio.sleep(2)
                await stream.send_all(bytes([byte]))

        nursery.start_soon(trickle)
        start = trio.current_time()
        answer = b""
        with trio.fail_after(2 * BODY_SECONDS + 5):
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                answer += await stream.receive_some(1 << 16)
        assert trio.current_time() - start <= 2 * BODY_SECONDS + 1  # reading, then draining what is left
        assert answer.startswith(b"HTTP/1.1 ") and b"deadline_exceeded" in answer
        assert b"did not arrive within 10 s" in answer
        nursery.cancel_scope.cancel()


async def test_an_unknown_path_does_not_echo_the_clients_content_type(autojump_clock: trio.testing.MockClock) -> None:
    """Issue 27 #16: the refusal of an unknown path answered with whatever `application/connect+...` the
    client had sent as its content type."""
    async with running_daemon(Echo) as daemon, daemon.editor(http2=False) as editor, editor._connection() as conn:
        for sent, expected in (
            ("application/connect+<script>alert(1)</script>", "application/connect+proto"),
            ("application/connect+json; charset=utf-8", "application/connect+json"),
        ):
            response = await conn.request("POST", "/nowhere.v1.Nothing/Call", [("content-type", sent)], b"")
            await response.read_all()
            assert dict(response.headers)[b"content-type"] == expected.encode()
