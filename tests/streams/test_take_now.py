"""`ActiveStream.take_now`: an item taken in the caller's task only while the actor waits between inputs, so
one input at a time and the mailbox's order hold; otherwise it goes through the mailbox as before."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
import trio
import trio.testing

from cursord.connect.errors import Code, ConnectError
from cursord.streams.active import ActiveStream, StreamBehaviour, StreamTimings
from cursord.streams.broker import StreamBroker


@attrs.define
class Delta:
    text: str


@attrs.define
class TakingBehaviour(StreamBehaviour):
    """Takes a `Delta` at once when it can (a "boom" one fails); records every input in the order taken, and
    holds the actor inside an input while `blocked` is not set."""

    stream: ActiveStream
    taken: list[tuple[str, object]] = attrs.field(factory=list)
    blocked: trio.Event | None = None

    async def handle(self, item: object) -> None:
        self.taken.append(("mailbox", item))
        if self.blocked is not None:
            await self.blocked.wait()

    def take_now(self, item: object) -> bool:
        if not isinstance(item, Delta):
            return False
        if item.text == "boom":
            raise ValueError("scripted failure")
        self.taken.append(("now", item))
        return True

    async def cancel(self, error: ConnectError) -> None:
        pass


@pytest.fixture
async def stream(nursery: trio.Nursery) -> ActiveStream:
    broker = StreamBroker(nursery=nursery, behaviour_factory=TakingBehaviour, timings=StreamTimings())
    opened = broker.open("r1")
    await trio.testing.wait_all_tasks_blocked()  # its actor waits for its mailbox
    return opened


def taken(stream: ActiveStream) -> list[tuple[str, object]]:
    assert isinstance(stream.behaviour, TakingBehaviour)
    return stream.behaviour.taken


async def test_an_item_is_taken_at_once_while_the_actor_waits(stream: ActiveStream, autojump_clock: Any) -> None:
    assert stream.take_now(Delta("a"))
    assert stream.take_now(Delta("b"))
    assert taken(stream) == [("now", Delta("a")), ("now", Delta("b"))]
    assert not stream.take_now("not a delta")  # the behaviour says which items it can take


async def test_nothing_is_taken_at_once_behind_a_posted_item(stream: ActiveStream, autojump_clock: Any) -> None:
    await stream.post("first")  # handed to the waiting actor, which has not run yet
    assert not stream.take_now(Delta("a"))
    await stream.post(Delta("a"))
    await trio.testing.wait_all_tasks_blocked()
    assert taken(stream) == [("mailbox", "first"), ("mailbox", Delta("a"))]
    assert stream.take_now(Delta("b"))  # the actor waits again


async def test_nothing_is_taken_at_once_while_the_actor_is_inside_an_input(
    stream: ActiveStream, autojump_clock: Any
) -> None:
    assert isinstance(stream.behaviour, TakingBehaviour)
    stream.behaviour.blocked = release = trio.Event()
    await stream.post("slow")
    await trio.testing.wait_all_tasks_blocked()  # the actor is inside "slow", waiting
    assert not stream.take_now(Delta("a"))
    await stream.post(Delta("a"))
    release.set()
    await trio.testing.wait_all_tasks_blocked()
    assert taken(stream) == [("mailbox", "slow"), ("mailbox", Delta("a"))]


async def test_an_ended_stream_takes_nothing_at_once(stream: ActiveStream, autojump_clock: Any) -> None:
    stream.end(None)
    assert not stream.take_now(Delta("a"))


async def test_a_failure_taken_at_once_fails_the_stream_internal(stream: ActiveStream, autojump_clock: Any) -> None:
    assert stream.take_now(Delta("boom"))
    ending = stream.backlog.ending
    assert ending is not None and ending.error is not None and ending.error.code is Code.INTERNAL
    assert "scripted failure" in ending.error.message
