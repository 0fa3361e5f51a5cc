"""Fault: RunSSE clients that go away in the middle of an envelope, over real TCP.

The turn's first pass says a 256 KiB text (one envelope, so a client's first reads end inside it) and
then calls Read; the second pass, after the tool result, says "All done.". Clients read until they hold
part of that big envelope, then go away: HTTP/1.1 closes its connection, HTTP/2 resets the stream
(RST_STREAM CANCEL, connection kept) or drops the whole connection (TCP close, no GOAWAY). Meanwhile
the stream must carry on: with nobody attached the tool result is uploaded and the second pass runs to
the end. The next RunSSE must replay everything, and nothing may be logged above DEBUG (but httpx's
INFO line per provider request).

Real clock: the OS moves the bytes. Nothing sleeps; every wait is on an event (`StreamWatch`).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import trio

from cursord.config import ProviderKind
from cursord.connect.envelope import encode_envelope
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, exec_reply, spec_for
from cursord.testing.editor import RUN_SSE, STREAM_HEADERS, run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_calls, open_fake_provider
from cursord.testing.harness import RunningDaemon
from cursord.testing.http_client import HTTPConnection, connect_tcp, open_http
from cursord.testing.load import StreamWatch, published, sized, text_of

pytestmark = pytest.mark.load

BIG = "".join(f"line {k:06d} of the big reply\n" for k in range(256 * 1024 // 28))
DISCONNECTS = sized(30, floor=3)  # mid-frame disconnects per mode
MODES = ["http1-close", "http2-reset", "http2-drop"]


def open_frame(received: bytes) -> tuple[int, int] | None:
    """(bytes of the incomplete envelope received, its full size) if `received` ends inside one."""
    pos = 0
    while pos + 5 <= len(received):
        size = 5 + int.from_bytes(received[pos + 1 : pos + 5], "big")
        if pos + size > len(received):
            return len(received) - pos, size
        pos += size
    return (len(received) - pos, -1) if pos < len(received) else None


async def read_part_then_leave(conn: HTTPConnection, request_id: str, drop: trio.abc.Stream | None = None) -> bytes:
    """Open RunSSE, read until inside an envelope of at least 64 KiB, then go away: close the response
    (HTTP/1.1: closes the connection; HTTP/2: RST_STREAM CANCEL), or close `drop`, the raw socket."""
    body = encode_envelope(agent.BidiRequestId(request_id=request_id).SerializeToString())
    received = bytearray()
    response = await conn.request("POST", RUN_SSE, STREAM_HEADERS, body)
    assert response.status == 200
    while True:
        chunk = await response.read_chunk()
        assert chunk is not None, "the stream ended before the big envelope"
        received += chunk
        partial = open_frame(bytes(received))
        if partial is not None and partial[1] > 64 * 1024 and 0 < partial[0] < partial[1]:
            break
    if drop is not None:
        await drop.aclose()  # the socket goes; h2 never gets to say goodbye
    else:
        await response.aclose()
    return bytes(received)


@contextlib.asynccontextmanager
async def leaving_clients(daemon: RunningDaemon, mode: str) -> AsyncIterator[Callable[[], Awaitable[bytes]]]:
    """`leave()` does one mid-frame disconnect as `mode` says; http2-reset keeps one connection throughout."""
    assert daemon.address is not None
    address = daemon.address

    async def fresh_connection() -> bytes:
        tcp = await connect_tcp(*address)
        async with open_http(tcp, mode == "http2-drop") as conn:
            return await read_part_then_leave(conn, "r1", tcp if mode == "http2-drop" else None)

    if mode != "http2-reset":
        yield fresh_connection
        return
    async with open_http(await connect_tcp(*address), True) as shared:

        async def on_shared() -> bytes:
            return await read_part_then_leave(shared, "r1")

        yield on_shared


@pytest.mark.parametrize("mode", MODES)
async def test_disconnect_mid_frame_then_reconnect_replays_everything(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)  # everything at INFO and above, from any logger
    caplog.set_level(logging.DEBUG, logger="cursord")
    first = chat_tool_calls([("c1", "Read", json.dumps({"path": "/w/big.txt"}))], text=BIG)
    async with (
        open_fake_provider(Reply.sse(first), Reply.sse(chat_text("All done."))) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "m"), transport="tcp") as (daemon, _),
        daemon.editor(http2=True) as uploader,
    ):
        watch = StreamWatch(daemon.core)
        with trio.fail_after(30):
            await uploader.append("r1", run_request("read big.txt", model="m", conversation_id="c"), wait=True)
            stream = watch.stream("r1")
            caplog.clear()  # from here on: the disconnects, the turn's end, the replay
            async with leaving_clients(daemon, mode) as leave:
                for _ in range(DISCONNECTS):
                    received = await leave()
                    assert b"".join(stream.backlog.frames).startswith(received)
                # (http2-reset: its connection is still open; the resets alone detached the subscribers)
                await watch.until(lambda: stream.phase is Phase.WAITING_EXTERNAL and not stream.subscribers)

            # Nobody is attached: the tool result goes in, and the turn runs to its end on its own.
            (request,) = [m for m in published(stream) if m.HasField("exec_server_message")]
            success = agent.ReadSuccess(path="/w/big.txt", content="big", total_lines=1)
            await uploader.append("r1", exec_reply(request, read_result=agent.ReadResult(success=success)))
            await watch.ended("r1")
            assert not stream.subscribers

            async with daemon.editor(http2=mode != "http1-close") as editor, editor.run_sse("r1") as reader:
                messages = await reader.read_to_end()
    assert reader.error is None
    assert messages == published(stream)
    assert text_of(messages) == BIG + "All done."
    assert messages[-1].interaction_update.HasField("turn_ended")
    assert [r.completed for r in fake.requests] == [True, True]
    # httpx logs each provider request at INFO ("HTTP Request: POST ..."): that is the turn, not a disconnect.
    loud = [f"{r.name} {r.levelname}: {r.getMessage()}" for r in caplog.records if r.levelno > logging.DEBUG]
    assert [line for line in loud if not line.startswith("httpx INFO: HTTP Request: POST")] == []
