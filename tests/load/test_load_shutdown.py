"""Load: SIGTERM to a real `cursord serve` process with many RunSSE streams open on active turns.

Every turn's provider (one loopback fake) sends a few events and stalls, so each stream is mid-turn
when the signal comes. Streams are spread over HTTP/2 connections (ten streams each, well under
Hypercorn's 100 per connection) and HTTP/1.1 connections (one each). After SIGTERM every stream must
end with `unavailable`, and the process must exit 0 promptly with no traceback. Real clock: this is a
real process; nothing sleeps, every wait is on the process or the sockets, bounded by `fail_after`.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
import trio

from cursord.connect.errors import Code, ConnectError
from cursord.testing.editor import Connect, EditorClient, run_request
from cursord.testing.fake_providers import Reply, Stall, chat_text, open_fake_provider
from cursord.testing.http_client import connect_tcp
from cursord.testing.load import sized
from cursord.testing.process import running_cursord, serve_fake

pytestmark = pytest.mark.load

STREAMS = sized(100, floor=20)
PER_CONNECTION = 10
PROMPT_EXIT_SECONDS = 5.0  # from SIGTERM to exit; Hypercorn's own graceful timeout is 5 s


class Streams:
    def __init__(self, count: int) -> None:
        self.count = count
        self.active = 0
        self.all_active = trio.Event()
        self.errors: dict[str, ConnectError | None] = {}

    async def follow(self, editor: EditorClient, request_id: str) -> None:
        await editor.append(request_id, run_request(f"work on {request_id}", model="m1", conversation_id=None))
        async with editor.run_sse(request_id) as reader:
            message = await reader.next_message()
            while message is not None and not message.interaction_update.HasField("text_delta"):
                message = await reader.next_message()
            assert message is not None, f"{request_id} ended before its turn was under way: {reader.error}"
            self.active += 1
            if self.active == self.count:
                self.all_active.set()
            await reader.read_to_end()
            self.errors[request_id] = reader.error

    async def over_one_connection(self, connect: Connect, http2: bool, ids: list[str]) -> None:
        async with EditorClient.open(connect, http2) as editor, trio.open_nursery() as nursery:
            for request_id in ids:
                nursery.start_soon(self.follow, editor, request_id)


async def test_sigterm_ends_every_open_stream_unavailable_and_exits_0(tmp_path: Path) -> None:
    stalled = Reply.sse(chat_text("thinking about it", done=False)[:2], then=Stall())
    async with open_fake_provider(*[stalled] * STREAMS) as fake:
        streams = Streams(STREAMS)
        with trio.fail_after(60):
            async with running_cursord(*serve_fake(fake, tmp_path)) as daemon:

                async def connect() -> trio.abc.Stream:
                    return await connect_tcp("127.0.0.1", daemon.port)

                async with trio.open_nursery() as clients:
                    ids = [f"run-{i}" for i in range(STREAMS)]
                    for group, start in enumerate(range(0, STREAMS, PER_CONNECTION)):
                        group_ids = ids[start : start + PER_CONNECTION]
                        if group % 2 == 0:
                            clients.start_soon(streams.over_one_connection, connect, True, group_ids)
                        else:
                            for request_id in group_ids:
                                clients.start_soon(streams.over_one_connection, connect, False, [request_id])
                    await streams.all_active.wait()
                    assert len(fake.requests) == STREAMS  # every turn holds a provider stream open
                    signalled = trio.current_time()
                    daemon.process.send_signal(signal.SIGTERM)
                returncode = await daemon.exited()
                exited = trio.current_time() - signalled
    log = daemon.log.decode()
    assert returncode == 0, log
    assert exited < PROMPT_EXIT_SECONDS, log
    assert "Traceback" not in log
    assert sorted(streams.errors) == sorted(ids)
    for request_id, error in streams.errors.items():
        assert error is not None and error.code is Code.UNAVAILABLE, (request_id, error)
        assert error.message == "cursord is shutting down; retry when it is back"
    assert all(request.client_disconnected for request in fake.requests)
