"""The actor's mailbox behaves as a trio memory channel of the same capacity with one receiver: bounded,
`WouldBlock` when full, senders served in order, a waiting receiver handed its item, and closing breaks
whoever still waits to send."""

from __future__ import annotations

import pytest
import trio
import trio.testing

from cursord.streams.mailbox import Mailbox


async def test_send_nowait_fills_up_to_the_capacity_then_would_block(autojump_clock: trio.abc.Clock) -> None:
    mailbox = Mailbox(3)
    for n in range(3):
        mailbox.send_nowait(n)
    with pytest.raises(trio.WouldBlock):
        mailbox.send_nowait(3)
    assert [mailbox.receive_nowait() for _ in range(3)] == [0, 1, 2]
    with pytest.raises(trio.WouldBlock):
        mailbox.receive_nowait()


async def test_a_waiting_receiver_is_handed_the_item(autojump_clock: trio.abc.Clock) -> None:
    mailbox = Mailbox(1)
    got: list[object] = []

    async def receiver() -> None:
        got.append(await mailbox.receive())

    async with trio.open_nursery() as nursery:
        nursery.start_soon(receiver)
        await trio.testing.wait_all_tasks_blocked()
        mailbox.send_nowait("a")
        mailbox.send_nowait("b")  # the first went to the receiver: the room is still free
        with pytest.raises(trio.WouldBlock):
            mailbox.send_nowait("c")
    assert got == ["a"]
    assert mailbox.receive_nowait() == "b"


async def test_waiting_receivers_are_served_in_order(autojump_clock: trio.abc.Clock) -> None:
    mailbox = Mailbox[str](1)
    got: list[tuple[int, str]] = []

    async def receiver(n: int) -> None:
        got.append((n, await mailbox.receive()))

    async with trio.open_nursery() as nursery:
        for n in (1, 2):
            nursery.start_soon(receiver, n)
            await trio.testing.wait_all_tasks_blocked()
        mailbox.send_nowait("a")
        mailbox.send_nowait("b")
    assert sorted(got) == [(1, "a"), (2, "b")]  # the first to wait got the first item


async def test_blocked_senders_are_served_in_order_and_nobody_overtakes_them(
    autojump_clock: trio.abc.Clock,
) -> None:
    mailbox = Mailbox(1)
    mailbox.send_nowait(0)
    async with trio.open_nursery() as nursery:
        for n in (1, 2):
            nursery.start_soon(mailbox.send, n)
            await trio.testing.wait_all_tasks_blocked()
        assert mailbox.receive_nowait() == 0
        with pytest.raises(trio.WouldBlock):  # 1's sender waited first: it has the room
            mailbox.send_nowait(9)
        assert mailbox.receive_nowait() == 1
        await trio.testing.wait_all_tasks_blocked()
        assert mailbox.receive_nowait() == 2
    mailbox.send_nowait(3)
    assert mailbox.receive_nowait() == 3


async def test_a_canceled_sender_leaves_the_line_and_its_item_with_it(autojump_clock: trio.abc.Clock) -> None:
    mailbox = Mailbox(1)
    mailbox.send_nowait(0)
    with trio.move_on_after(1) as waited:
        await mailbox.send(1)
    assert waited.cancelled_caught
    assert mailbox.receive_nowait() == 0
    with pytest.raises(trio.WouldBlock):
        mailbox.receive_nowait()


async def test_a_receive_waits_and_can_be_canceled(autojump_clock: trio.abc.Clock) -> None:
    mailbox = Mailbox(1)
    with trio.move_on_after(1) as waited:
        await mailbox.receive()
    assert waited.cancelled_caught
    mailbox.send_nowait("after")  # no receiver is left waiting: the item takes the room
    assert await mailbox.receive() == "after"


async def test_close_breaks_waiting_and_later_senders(autojump_clock: trio.abc.Clock) -> None:
    mailbox = Mailbox(1)
    mailbox.send_nowait(0)
    broken: list[int] = []

    async def sender(n: int) -> None:
        try:
            await mailbox.send(n)
        except trio.BrokenResourceError:
            broken.append(n)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(sender, 1)
        await trio.testing.wait_all_tasks_blocked()
        mailbox.close()
    assert broken == [1]
    with pytest.raises(trio.BrokenResourceError):
        mailbox.send_nowait(2)
    with pytest.raises(trio.BrokenResourceError):
        await mailbox.send(2)
    with pytest.raises(trio.ClosedResourceError):
        mailbox.receive_nowait()


async def test_a_receiver_waits_only_while_parked_with_nothing_handed_to_it(autojump_clock: trio.abc.Clock) -> None:
    mailbox: Mailbox[int] = Mailbox(4)
    got: list[int] = []

    async def receiver() -> None:
        got.append(await mailbox.receive())

    assert not mailbox.receiver_waits
    async with trio.open_nursery() as nursery:
        nursery.start_soon(receiver)
        await trio.testing.wait_all_tasks_blocked()
        assert mailbox.receiver_waits
        mailbox.send_nowait(1)  # handed to it: it no longer waits, though it has not run yet
        assert not mailbox.receiver_waits and got == []
    assert got == [1]
    with trio.move_on_after(1):
        await mailbox.receive()
    assert not mailbox.receiver_waits  # a canceled receive leaves the line
