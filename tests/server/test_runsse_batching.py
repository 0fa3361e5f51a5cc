"""RunSSE burst coalescing: a burst leaves in a few large sends, a lone frame after a quiet spell at once."""

from __future__ import annotations

from typing import Any

import pytest
import trio
import trio.testing

from cursord.connect.errors import ConnectError
from cursord.proto import agent_v1_pb2 as agent
from cursord.server import runsse
from cursord.server.asgi import AppQueue
from cursord.streams.active import ActiveStream, StreamBehaviour, StreamTimings
from cursord.streams.broker import StreamBroker
from cursord.streams.subscribers import WakeSignal
from tests.streams.test_streams import Collector, never_disconnects


def text_message(text: str) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text=text))
    )


class IdleBehaviour(StreamBehaviour):
    def __init__(self, stream: ActiveStream) -> None:
        self.stream = stream

    async def handle(self, item: object) -> None:
        pass

    async def cancel(self, error: ConnectError) -> None:
        pass


@pytest.fixture
async def stream(nursery: trio.Nursery) -> ActiveStream:
    broker = StreamBroker(nursery=nursery, behaviour_factory=IdleBehaviour, timings=StreamTimings())
    return broker.open("r1")


async def publish_one_per_pass(stream: ActiveStream, count: int, prefix: str) -> None:
    """As the actor publishes a provider chunk's deltas: one frame, then a scheduler pass."""
    for index in range(count):
        stream.publish(text_message(f"{prefix}{index}"))
        await trio.lowlevel.checkpoint()


async def test_a_burst_leaves_in_a_few_sends(stream: ActiveStream, autojump_clock: Any) -> None:
    collector = Collector()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(runsse.serve_stream, stream, never_disconnects(), collector)
        await trio.sleep(1)
        await publish_one_per_pass(stream, 300, "m")
        stream.end(None)
    assert collector.texts == [f"m{index}" for index in range(300)]
    assert collector.end == (None, {})
    # One send per frame would be 300 (and is, without settling); settled sends carry up to
    # MAX_SETTLE_PASSES (64) frames each: the lone first frame, about five full sends, the end-stream.
    assert collector.sends <= 10


async def test_a_lone_frame_after_a_quiet_spell_is_sent_without_settling(
    stream: ActiveStream, autojump_clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settled: list[int] = []
    real_settle = runsse._settle

    async def recording_settle(target: ActiveStream) -> None:
        settled.append(len(target.backlog.frames))
        await real_settle(target)

    monkeypatch.setattr(runsse, "_settle", recording_settle)
    collector = Collector()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(runsse.serve_stream, stream, never_disconnects(), collector)
        for text in ("first", "second"):
            await trio.sleep(1)  # quiet for much longer than BURST_WINDOW
            stream.publish(text_message(text))
            await trio.sleep(0.0001)
            assert collector.texts[-1] == text
        stream.end(None)
    assert settled == []
    assert collector.texts == ["first", "second"]


async def test_a_burst_after_a_lone_frame_is_settled(
    stream: ActiveStream, autojump_clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settled: list[int] = []
    real_settle = runsse._settle

    async def recording_settle(target: ActiveStream) -> None:
        settled.append(len(target.backlog.frames))
        await real_settle(target)

    monkeypatch.setattr(runsse, "_settle", recording_settle)
    collector = Collector()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(runsse.serve_stream, stream, never_disconnects(), collector)
        await trio.sleep(1)
        await publish_one_per_pass(stream, 20, "b")
        stream.end(None)
    assert settled, "frames that follow a send within BURST_WINDOW wait for the burst"
    assert collector.texts == [f"b{index}" for index in range(20)]


async def test_frames_taken_in_one_send_wake_the_connection_once(
    stream: ActiveStream, autojump_clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Frames published while the connection sends ring it again; it takes them all in its next send and
    waits after that without an empty wake for the rings it has answered."""
    waits = 0
    real_wait = WakeSignal.wait

    async def counting_wait(signal: WakeSignal) -> None:
        nonlocal waits
        waits += 1
        await real_wait(signal)

    monkeypatch.setattr(WakeSignal, "wait", counting_wait)
    release = trio.Event()

    async def slow_send(message: Any) -> None:
        if message.get("body") and not release.is_set():
            await release.wait()
        await collector(message)

    collector = Collector()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(runsse.serve_stream, stream, never_disconnects(), slow_send)
        await trio.sleep(1)
        stream.publish(text_message("a"))  # the connection wakes and starts sending it
        await trio.testing.wait_all_tasks_blocked()
        for text in ("b", "c", "d"):
            stream.publish(text_message(text))  # each rings the connection while it sends
        release.set()
        await trio.sleep(1)
        stream.end(None)
    assert collector.texts == ["a", "b", "c", "d"]
    assert waits == 2  # before "a", and after "b"-"d" (readable once "a" was sent): no empty wake


async def test_over_hypercorns_queue_the_client_leaving_stops_the_connection(
    stream: ActiveStream, autojump_clock: Any
) -> None:
    """Over an `AppQueue` the disconnect marks the subscriber gone and wakes it: the connection stops at once
    (waiting for frames or a heartbeat alike), sends no end frame, and leaves the stream; late body chunks are
    dropped, and a disconnect queued before it followed counts too."""
    collector = Collector()
    queue = AppQueue(10)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(runsse.serve_stream, stream, queue, collector)
        await trio.testing.wait_all_tasks_blocked()
        stream.publish(text_message("before"))
        await trio.testing.wait_all_tasks_blocked()
        queue.send_nowait({"type": "http.request", "body": b"late", "more_body": False})
        assert len(queue) == 0 and len(stream.subscribers) == 1
        queue.send_nowait({"type": "http.disconnect"})
    assert collector.texts == ["before"] and collector.end is None
    assert not stream.subscribers and not stream.is_terminal

    queued = AppQueue(10)
    queued.send_nowait({"type": "http.disconnect"})
    with trio.fail_after(1):
        await runsse.serve_stream(stream, queued, Collector())
    assert not stream.subscribers
