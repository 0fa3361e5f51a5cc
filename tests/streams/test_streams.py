"""The stream core under a simulated clock: broker, ActiveStream timers, the RunSSE pump, the backlog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
import trio

from cursord.connect.envelope import EnvelopeDecoder, parse_end_stream
from cursord.connect.errors import Code, ConnectError
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.runsse import pump, serve_stream
from cursord.streams.active import ActiveStream, StreamBehaviour, StreamTimings
from cursord.streams.broker import StreamBroker


def text_message(text: str) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text=text))
    )


@attrs.define
class RecordingBehaviour(StreamBehaviour):
    """Publishes what it is told to; records what it handled and whether it was canceled."""

    stream: ActiveStream
    handled: list[object] = attrs.field(factory=list)
    canceled_with: list[ConnectError] = attrs.field(factory=list)
    said_phase: Phase = Phase.IDLE

    @property
    def phase(self) -> Phase:
        return self.said_phase

    async def handle(self, item: object) -> None:
        self.handled.append(item)
        if isinstance(item, str):
            if item == "boom":
                raise ValueError("scripted failure")
            if item == "task-boom":
                self.stream.start_task(_fail, UnicodeError("scripted task failure"))
                return

            if item == "end":
                self.stream.end(None)
                return
            self.said_phase = Phase.PROVIDER_RUNNING
            self.stream.refresh_phase()
            self.stream.publish(text_message(item))

    async def cancel(self, error: ConnectError) -> None:
        self.canceled_with.append(error)


async def _fail(error: Exception) -> None:
    await trio.sleep(1)
    raise error


class Collector:
    """An ASGI `send` that decodes the RunSSE body into messages, heartbeats and the end-stream."""

    def __init__(self) -> None:
        self.status: int | None = None
        self.headers: list[tuple[bytes, bytes]] = []
        self.decoder = EnvelopeDecoder(1 << 24)
        self.texts: list[str] = []
        self.heartbeat_times: list[float] = []
        self.end: tuple[ConnectError | None, Any] | None = None
        self.sends = 0
        self.closed = trio.Event()

    async def __call__(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            self.headers = message["headers"]
            return
        self.sends += 1
        for envelope in self.decoder.feed(message.get("body", b"")):
            if envelope.end_stream:
                self.end = parse_end_stream(envelope.payload)
                continue
            server_message = agent.AgentServerMessage.FromString(envelope.payload)
            update = server_message.interaction_update
            if update.HasField("heartbeat"):
                self.heartbeat_times.append(trio.current_time())
            elif update.HasField("text_delta"):
                self.texts.append(update.text_delta.text)
        if not message.get("more_body", False):
            self.closed.set()


def never_disconnects() -> Callable[[], Any]:
    async def receive() -> dict[str, Any]:
        await trio.sleep_forever()
        raise AssertionError

    return receive


@pytest.fixture
async def broker(nursery: trio.Nursery) -> StreamBroker:
    return StreamBroker(nursery=nursery, behaviour_factory=RecordingBehaviour, timings=StreamTimings())


def behaviour(stream: ActiveStream) -> RecordingBehaviour:
    assert isinstance(stream.behaviour, RecordingBehaviour)
    return stream.behaviour


async def settle() -> None:
    for _ in range(20):
        await trio.lowlevel.checkpoint()


# ---- phases -------------------------------------------------------------------------------------


async def test_the_phase_is_the_behaviours_until_the_stream_ends_and_observers_hear_each_change(
    broker: StreamBroker, autojump_clock: Any
) -> None:
    """No phase is stored or moved: the stream reads its behaviour's while it runs, its ending's after, and
    tells observers only when that differs from what they heard last."""
    heard: list[str] = []
    broker.observers.append(lambda stream, what: heard.append(stream.phase.value) if what == "phase" else None)
    stream = broker.open("r1")
    await stream.deliver("a")
    await stream.deliver("b")  # the same phase again: nothing to tell
    await settle()
    assert stream.phase is Phase.PROVIDER_RUNNING and heard == ["provider_running"]
    behaviour(stream).said_phase = Phase.WAITING_EXTERNAL
    assert stream.phase is Phase.WAITING_EXTERNAL  # derived at once; observers hear it when told
    stream.refresh_phase()
    stream.end(ConnectError(Code.CANCELED, "stop"))
    assert heard == ["provider_running", "waiting_external", "canceled"]  # the ending is heard as it ends
    behaviour(stream).said_phase = Phase.PROVIDER_RUNNING  # a behaviour still busy after the end changes nothing
    stream.refresh_phase()
    assert stream.phase is Phase.CANCELED and heard[-1] == "canceled" and len(heard) == 3


# ---- heartbeat, grace, retention -----------------------------------------------------------------


async def test_heartbeat_every_5s_while_nothing_new(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    await stream.deliver("hello")
    collector = Collector()
    start = trio.current_time()
    with trio.move_on_after(17):
        await serve_stream(stream, never_disconnects(), collector)
    assert collector.texts == ["hello"]
    offsets = [round(t - start, 6) for t in collector.heartbeat_times]
    assert offsets == [5.0, 10.0, 15.0]
    # heartbeats never enter the shared backlog
    assert len(stream.backlog.frames) == 1


async def test_new_publish_postpones_the_heartbeat(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    await stream.deliver("first")
    collector = Collector()
    start = trio.current_time()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_stream, stream, never_disconnects(), collector)
        await trio.sleep(4)
        await stream.deliver("second")
        await trio.sleep(8.5)
        nursery.cancel_scope.cancel()
    assert collector.texts == ["first", "second"]
    assert [round(t - start, 6) for t in collector.heartbeat_times] == [9.0]


async def test_grace_then_cancel_after_last_subscriber_leaves(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    await stream.deliver("working")
    with trio.move_on_after(1):
        await serve_stream(stream, never_disconnects(), Collector())
    left_at = trio.current_time()
    await trio.sleep(29.9)
    assert not stream.is_terminal
    await trio.sleep(0.2)
    assert stream.is_terminal
    assert stream.phase is Phase.CANCELED
    (error,) = behaviour(stream).canceled_with
    assert error.code is Code.CANCELED and "30 s" in error.message
    assert stream.backlog.ending is not None and stream.backlog.ending.error is error
    assert trio.current_time() - left_at == pytest.approx(30.1)


async def test_reconnect_within_grace_keeps_the_run_and_replays(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    await stream.deliver("one")
    await stream.deliver("two")
    with trio.move_on_after(1):
        await serve_stream(stream, never_disconnects(), Collector())
    await trio.sleep(25)
    again = Collector()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_stream, broker.open("r1"), never_disconnects(), again)
        await trio.sleep(60)  # far past the first grace: a subscriber is attached
        assert not stream.is_terminal
        await stream.deliver("three")
        await stream.deliver("end")
        await again.closed.wait()
    assert again.texts == ["one", "two", "three"]
    assert again.end == (None, {})
    assert behaviour(stream).canceled_with == []


async def test_ended_stream_is_kept_30s_then_dropped(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    await stream.deliver("done soon")
    await stream.deliver("end")
    await settle()
    assert stream.phase is Phase.COMPLETED
    await trio.sleep(29)
    late = Collector()
    await serve_stream(broker.open("r1"), never_disconnects(), late)
    assert late.texts == ["done soon"] and late.end == (None, {})
    # retention restarts from when the late reader left
    await trio.sleep(29.9)
    assert broker.get("r1") is stream
    await trio.sleep(0.2)
    assert broker.get("r1") is None
    assert stream.retired


async def test_placeholder_before_bidi_then_upload(broker: StreamBroker, autojump_clock: Any) -> None:
    collector = Collector()
    start = trio.current_time()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_stream, broker.open("early"), never_disconnects(), collector)
        await trio.sleep(10.5)  # past the second heartbeat: at 10 s exactly the upload would tie with it
        stream = broker.get("early")
        assert stream is not None and stream.phase is Phase.IDLE and not stream.has_upload
        await stream.deliver("hi")
        await stream.deliver("end")
        await collector.closed.wait()
    assert collector.texts == ["hi"]
    assert [round(t - start, 6) for t in collector.heartbeat_times] == [5.0, 10.0]
    assert collector.end == (None, {})


async def test_placeholder_that_never_gets_an_upload_ends_not_found(broker: StreamBroker, autojump_clock: Any) -> None:
    collector = Collector()
    start = trio.current_time()
    await serve_stream(broker.open("orphan"), never_disconnects(), collector)
    assert trio.current_time() - start == pytest.approx(30)  # the startup deadline
    assert collector.end is not None
    error, _ = collector.end
    assert error is not None and error.code is Code.NOT_FOUND
    assert error.message == "no run_request arrived for request orphan within 30 s of its RunSSE; nothing is " \
        "running under this id"


# ---- fan-out and isolation -----------------------------------------------------------------------


async def test_two_subscribers_each_get_every_frame(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    first, second = Collector(), Collector()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_stream, stream, never_disconnects(), first)
        await stream.deliver("a")
        await trio.sleep(1)
        nursery.start_soon(serve_stream, stream, never_disconnects(), second)
        for text in ("b", "c", "d"):
            await stream.deliver(text)
        await stream.deliver("end")
    assert first.texts == second.texts == ["a", "b", "c", "d"]
    assert first.end == second.end == (None, {})


async def test_a_behind_subscriber_gets_pending_frames_in_one_send(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    for index in range(50):
        await stream.deliver(f"m{index}")
    await settle()
    sends: list[int] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.body":
            sends.append(len(message["body"]))

    with trio.move_on_after(1):
        await pump(stream, send)
    assert len(sends) == 1 and sends[0] == stream.backlog.byte_count


async def test_a_failing_behaviour_fails_only_its_stream(broker: StreamBroker, autojump_clock: Any) -> None:
    bad = broker.open("bad")
    good = broker.open("good")
    await bad.deliver("boom")
    await good.deliver("fine")
    await settle()
    assert bad.phase is Phase.FAILED
    assert bad.backlog.ending is not None and bad.backlog.ending.error is not None
    assert bad.backlog.ending.error.code is Code.INTERNAL
    assert "scripted failure" in bad.backlog.ending.error.message
    assert good.phase is Phase.PROVIDER_RUNNING and not good.is_terminal
    assert broker.live_count() == 1  # what the collector counts: "good" is live, "bad" has ended


async def test_a_failing_work_task_fails_only_its_stream(broker: StreamBroker, autojump_clock: Any) -> None:
    """A task in a stream's work nursery (a tool, a store read) that raised used to fail the broker's nursery,
    and with it every stream and the daemon."""
    bad, good = broker.open("bad"), broker.open("good")
    await bad.deliver("task-boom")
    await good.deliver("fine")
    await trio.sleep(2)
    assert bad.backlog.ending is not None and bad.backlog.ending.error is not None
    assert bad.backlog.ending.error.code is Code.INTERNAL
    assert bad.backlog.ending.error.message == "cursord internal error: UnicodeError: scripted task failure"
    assert good.phase is Phase.PROVIDER_RUNNING and not good.is_terminal
    await good.deliver("still")
    assert good.backlog.frames[-1] == broker.open("good").backlog.frames[-1] and not good.is_terminal


@attrs.define
class SyncFailure(RecordingBehaviour):
    """A step that raises as it is called, before there is anything to await: outside the actor's guard."""

    def handle(self, item: object) -> Any:  # type: ignore[override]
        raise ValueError("raised before any await")


async def test_a_failing_actor_fails_only_its_stream(broker: StreamBroker, autojump_clock: Any) -> None:
    bad, good = broker.open("bad", behaviour_factory=SyncFailure), broker.open("good")
    await bad.deliver("anything")
    await settle()
    assert bad.retired and broker.get("bad") is None
    assert bad.backlog.ending is not None and bad.backlog.ending.error is not None
    assert bad.backlog.ending.error.code is Code.INTERNAL
    await (await good.deliver("fine")).wait()
    assert good.behaviour.said_phase is Phase.PROVIDER_RUNNING and not good.is_terminal  # type: ignore[attr-defined]


async def test_backlog_limit_ends_the_stream_resource_exhausted(nursery: trio.Nursery) -> None:
    broker = StreamBroker(
        nursery=nursery, behaviour_factory=RecordingBehaviour, timings=StreamTimings(max_backlog_frames=3)
    )
    stream = broker.open("big")
    for index in range(5):
        await stream.deliver(f"m{index}")
    await settle()
    assert len(stream.backlog.frames) == 3
    assert stream.backlog.ending is not None and stream.backlog.ending.error is not None
    assert stream.backlog.ending.error.code is Code.RESOURCE_EXHAUSTED


async def test_max_streams_refuses_new_request_ids(nursery: trio.Nursery) -> None:
    broker = StreamBroker(nursery=nursery, behaviour_factory=RecordingBehaviour, max_streams=2)
    broker.open("a")
    broker.open("b")
    assert broker.open("a") is broker.get("a")
    with pytest.raises(ConnectError) as caught:
        broker.open("c")
    assert caught.value.code is Code.RESOURCE_EXHAUSTED


async def test_run_reusing_an_ended_request_id_gets_a_fresh_stream(broker: StreamBroker) -> None:
    old = broker.open("r1")
    await old.deliver("end")
    await settle()
    assert old.is_terminal
    assert broker.open("r1") is old
    fresh = broker.open("r1", replace_ended=True)
    assert fresh is not old and not fresh.is_terminal


async def test_close_ends_every_stream_unavailable(broker: StreamBroker, autojump_clock: Any) -> None:
    streams = [broker.open(f"r{index}") for index in range(3)]
    collector = Collector()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_stream, streams[0], never_disconnects(), collector)
        await trio.sleep(1)
        broker.close()
    assert all(s.backlog.ending is not None for s in streams)
    assert collector.end is not None and collector.end[0] is not None
    assert collector.end[0].code is Code.UNAVAILABLE
    with pytest.raises(ConnectError) as caught:
        broker.open("new")
    assert caught.value.code is Code.UNAVAILABLE


async def test_disconnect_detaches_the_subscriber(broker: StreamBroker, autojump_clock: Any) -> None:
    stream = broker.open("r1")
    gone = trio.Event()

    async def receive() -> dict[str, Any]:
        await gone.wait()
        return {"type": "http.disconnect"}

    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve_stream, stream, receive, Collector())
        await trio.sleep(1)
        assert len(stream.subscribers) == 1
        gone.set()
    assert len(stream.subscribers) == 0
    assert stream.timer_deadline() == pytest.approx(trio.current_time() + 30)
