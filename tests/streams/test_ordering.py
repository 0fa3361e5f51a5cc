"""AppendGate, the trio adapter: ordering across handler tasks, timers on the trio clock, failure paths.

Every test runs on the `autojump_clock` (no wall-clock sleeps) inside an absolute trio deadline, so a
wedged sequence fails as TooSlowError instead of hanging.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import attrs
import pytest
import trio
import trio.testing

from cursord.core.sequencing import RejectionKind
from cursord.streams.append_gate import Admission, AppendGate, AppendRejected

Msg = tuple[str, int]
LIMIT = 3600.0  # absolute per-test deadline, in trio seconds


@attrs.define
class Recorder:
    """A ``deliver`` that records what it was handed, how long it took and how many ran at once."""

    delay: float = 0.0
    delivered: list[Msg] = attrs.Factory(list)
    active: dict[str, int] = attrs.Factory(dict)
    max_active: int = 0

    async def deliver(self, msg: Msg) -> None:
        rid = msg[0]
        self.active[rid] = self.active.get(rid, 0) + 1
        self.max_active = max(self.max_active, self.active[rid])
        try:
            await trio.sleep(self.delay)
            self.delivered.append(msg)
        finally:
            self.active[rid] -= 1

    def seqnos(self, rid: str) -> list[int]:
        return [n for r, n in self.delivered if r == rid]


async def started_gate(nursery: trio.Nursery, **kwargs: float) -> AppendGate[Msg]:
    gate = AppendGate[Msg](**kwargs)  # type: ignore[arg-type]
    await nursery.start(gate.run)
    return gate


def spawn_admit(
    nursery: trio.Nursery,
    gate: AppendGate[Msg],
    rid: str,
    seqno: int,
    deliver: Callable[[Msg], Awaitable[None]],
    results: dict[tuple[str, int], object],
) -> None:
    """Admit in a task of its own; ``results[(rid, seqno)]`` gets the Admission or the exception."""

    async def run() -> None:
        try:
            results[(rid, seqno)] = await gate.admit(rid, seqno, (rid, seqno), deliver)
        except (AppendRejected, ValueError) as exc:
            results[(rid, seqno)] = exc

    nursery.start_soon(run)


async def test_admit_before_run_is_a_local_error() -> None:
    gate = AppendGate[Msg]()
    with pytest.raises(RuntimeError, match=r"before AppendGate\.run"):
        await gate.admit("r1", 1, ("r1", 1), Recorder().deliver)


async def test_run_can_only_be_started_once(autojump_clock: trio.testing.MockClock) -> None:
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as nursery:
            gate = await started_gate(nursery)
            with pytest.raises(RuntimeError, match="only be started once"):
                await gate.run()
            nursery.cancel_scope.cancel()


async def test_concurrent_out_of_order_admits_deliver_in_order_one_at_a_time(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder(delay=0.5)
    returned_at: dict[int, float] = {}
    t0 = trio.current_time()

    async def admit(n: int) -> None:
        assert await gate.admit("r1", n, ("r1", n), rec.deliver) is Admission.DELIVERED
        returned_at[n] = trio.current_time() - t0

    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            for n in (2, 4, 0, 3, 1):  # each handler has arrived (and is blocked) before the next starts
                handlers.start_soon(admit, n)
                await trio.testing.wait_all_tasks_blocked()
    assert rec.seqnos("r1") == [0, 1, 2, 3, 4]
    assert rec.max_active == 1
    # seqno k returns when its own delivery ends: after k + 1 deliveries of 0.5 s each
    assert returned_at == {k: pytest.approx(0.5 * (k + 1)) for k in range(5)}


async def test_a_gap_blocks_only_its_own_request_id(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            spawn_admit(handlers, gate, "r1", 2, rec.deliver, results)
            await trio.testing.wait_all_tasks_blocked()
            t0 = trio.current_time()
            for n in (0, 1, 2):
                assert await gate.admit("r2", n, ("r2", n), rec.deliver) is Admission.DELIVERED
            assert trio.current_time() == t0  # r2 never waited
            assert rec.seqnos("r2") == [0, 1, 2]
            assert results == {}  # r1's seqno 2 is still waiting for 0 and 1
            autojump_clock.jump(10)
            for n in (0, 1):
                assert await gate.admit("r1", n, ("r1", n), rec.deliver) is Admission.DELIVERED
        assert results == {("r1", 2): Admission.DELIVERED}
        assert rec.seqnos("r1") == [0, 1, 2]


async def test_a_gap_never_filled_answers_after_exactly_the_hold_bound(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    with trio.fail_after(LIMIT):
        for n in (1, 2):
            await gate.admit("r1", n, ("r1", n), rec.deliver)
        t0 = trio.current_time()
        with pytest.raises(AppendRejected) as caught:
            await gate.admit("r1", 5, ("r1", 5), rec.deliver)
        assert trio.current_time() - t0 == pytest.approx(30.0, abs=1e-9)
        assert caught.value.code == "failed_precondition"
        assert caught.value.kind is RejectionKind.GAP_NEVER_FILLED
        assert caught.value.message == (
            "append_seqno 5 for request r1 waited 30 s for seqno 3, which never arrived"
        )
        assert rec.seqnos("r1") == [1, 2]
        snap = gate.snapshot("r1")
        assert snap is not None and (snap.next, snap.held) == (3, ())
        # the gap was not skipped: the missing seqno still works, and so does a resend of 5
        for n in (3, 4, 5):
            assert await gate.admit("r1", n, ("r1", n), rec.deliver) is Admission.DELIVERED
        assert rec.seqnos("r1") == [1, 2, 3, 4, 5]


async def test_the_timer_moves_earlier_when_an_earlier_deadline_appears(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    with trio.fail_after(LIMIT):
        await gate.admit("idle", 1, ("idle", 1), rec.deliver)  # arms the timer at +600
        await trio.sleep(100)
        t0 = trio.current_time()
        with pytest.raises(AppendRejected):
            await gate.admit("r1", 2, ("r1", 2), rec.deliver)
        assert trio.current_time() - t0 == pytest.approx(30.0, abs=1e-9)


async def test_held_appends_behind_one_gap_keep_their_own_deadlines(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    results: dict[tuple[str, int], object] = {}
    answered_at: dict[int, float] = {}
    t0 = trio.current_time()

    async def admit(n: int) -> None:
        with pytest.raises(AppendRejected):
            await gate.admit("r1", n, ("r1", n), rec.deliver)
        answered_at[n] = trio.current_time() - t0

    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            handlers.start_soon(admit, 3)
            await trio.sleep(10)
            handlers.start_soon(admit, 4)
            await trio.sleep(5)
            spawn_admit(handlers, gate, "r1", 1, rec.deliver, results)  # fills 1; 2 stays missing
    assert results == {("r1", 1): Admission.DELIVERED}
    assert answered_at == {3: pytest.approx(30.0), 4: pytest.approx(40.0)}


async def test_capacity_is_bounded_per_request_id(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery, max_held=2)
    rec = Recorder()
    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            for n in (3, 4):
                spawn_admit(handlers, gate, "r1", n, rec.deliver, results)
            spawn_admit(handlers, gate, "r2", 2, rec.deliver, results)  # another request has its own bound
            await trio.testing.wait_all_tasks_blocked()
            t0 = trio.current_time()
            with pytest.raises(AppendRejected) as caught:
                await gate.admit("r1", 5, ("r1", 5), rec.deliver)
            assert trio.current_time() == t0  # answered at once
            assert caught.value.code == "resource_exhausted"
            assert caught.value.kind is RejectionKind.OVER_CAPACITY
            assert caught.value.message == (
                "append_seqno 5 for request r1 rejected: 2 early appends are already held waiting for "
                "seqno 0 (limit 2 per request)"
            )
            for rid, n in (("r1", 0), ("r1", 1), ("r1", 2), ("r2", 0), ("r2", 1)):
                assert await gate.admit(rid, n, (rid, n), rec.deliver) is Admission.DELIVERED
    assert rec.seqnos("r1") == [0, 1, 2, 3, 4]
    assert rec.seqnos("r2") == [0, 1, 2]
    assert all(result is Admission.DELIVERED for result in results.values())


async def test_new_bounds_map_to_their_connect_codes_and_held_bytes_are_released(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery, max_requests=1, max_held_bytes=10)
    rec = Recorder()
    with pytest.raises(AppendRejected) as caught:
        await gate.admit("x" * 129, 1, ("x", 1), rec.deliver)
    assert (caught.value.code, caught.value.kind) == ("invalid_argument", RejectionKind.INVALID_REQUEST_ID)
    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver) is Admission.DELIVERED
        async with trio.open_nursery() as handlers:
            handlers.start_soon(lambda: gate.admit("r1", 2, ("r1", 2), rec.deliver, size=10))
            await trio.testing.wait_all_tasks_blocked()
            assert gate.held_bytes == 10 and gate.tracked == 1
            with pytest.raises(AppendRejected) as caught:
                await gate.admit("r2", 0, ("r2", 0), rec.deliver)  # r1 holds an append: not idle
            assert (caught.value.code, caught.value.kind) == ("resource_exhausted", RejectionKind.TOO_MANY_REQUESTS)
            with pytest.raises(AppendRejected) as caught:
                await gate.admit("r1", 3, ("r1", 3), rec.deliver, size=1)
            assert (caught.value.code, caught.value.kind) == ("resource_exhausted", RejectionKind.OVER_CAPACITY)
            assert await gate.admit("r1", 1, ("r1", 1), rec.deliver) is Admission.DELIVERED
    assert rec.seqnos("r1") == [0, 1, 2] and gate.held_bytes == 0 and not results
    assert await gate.admit("r2", 0, ("r2", 0), rec.deliver) is Admission.DELIVERED  # r1 idle: forgotten


async def test_a_full_table_evicts_unstarted_early_appends_for_a_new_run(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """Issue 27, finding 4: callers that hold early appends for new ids open cannot lock new runs out."""
    gate = await started_gate(nursery, max_requests=4)
    rec = Recorder()
    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            for n in range(4):
                spawn_admit(handlers, gate, f"junk-{n}", 2, rec.deliver, results)
                await trio.testing.wait_all_tasks_blocked()
            assert gate.tracked == 4
            assert await gate.admit("real", 0, ("real", 0), rec.deliver) is Admission.DELIVERED
            await trio.testing.wait_all_tasks_blocked()
            handlers.cancel_scope.cancel()
    refused = results[("junk-0", 2)]
    assert isinstance(refused, AppendRejected) and refused.code == "resource_exhausted"
    assert rec.seqnos("real") == [0]


async def test_a_flood_of_start_grace_sequences_cannot_take_a_living_streams_place(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """Issue 35: seqno 1 for many new request ids (each waiting out its start grace for a seqno 0) fills the
    table and forgets the editor's idle sequence; its stream lives on, so its next upload takes the sequence
    up at the stream's position, making room as a new run would (the flood's oldest is refused), instead
    of starting a fresh sequence whose appends wait for a seqno 0 that was delivered long ago."""
    gate = await started_gate(nursery, max_requests=4)
    rec = Recorder()
    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        for n in (0, 1):
            assert await gate.admit("real", n, ("real", n), rec.deliver) is Admission.DELIVERED
        position = gate.position("real")
        assert position is not None
        async with trio.open_nursery() as handlers:
            for n in range(4):
                spawn_admit(handlers, gate, f"flood-{n}", 1, rec.deliver, results)
                await trio.testing.wait_all_tasks_blocked()
            assert gate.position("real") is None and gate.tracked == 4  # the idle state was forgotten
            assert gate.resume("real", position)
            await trio.testing.wait_all_tasks_blocked()
            refused = results[("flood-0", 1)]
            assert isinstance(refused, AppendRejected) and refused.kind is RejectionKind.OVER_CAPACITY
            spawn_admit(handlers, gate, "real", 3, rec.deliver, results)  # overtakes 2, as the editor's may
            await trio.testing.wait_all_tasks_blocked()
            assert await gate.admit("real", 2, ("real", 2), rec.deliver) is Admission.DELIVERED
            await trio.testing.wait_all_tasks_blocked()
            assert rec.seqnos("real") == [0, 1, 2, 3]
            handlers.cancel_scope.cancel()


async def test_duplicates_of_delivered_appends_return_at_once_and_are_not_delivered(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder(delay=1.0)
    with trio.fail_after(LIMIT):
        for n in (1, 2):
            await gate.admit("r1", n, ("r1", n), rec.deliver)
        t0 = trio.current_time()
        assert await gate.admit("r1", 2, ("r1", 2), rec.deliver) is Admission.DUPLICATE
        assert trio.current_time() == t0
        assert rec.seqnos("r1") == [1, 2]


async def test_a_retry_of_a_held_or_delivering_append_waits_for_its_first_copy(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """Issue 38, point 3: a retry is answered with its first copy's outcome, never before that copy is
    delivered (a held copy could be lost with a restart after the retry's ACK); it is not delivered again,
    and a first copy that fails fails its retry too."""
    gate = await started_gate(nursery)
    rec = Recorder(delay=1.0)
    results: dict[tuple[str, int], object] = {}
    retries: dict[tuple[str, int], object] = {}

    async def explode(msg: Msg) -> None:
        raise ValueError(f"boom {msg[1]}")

    with trio.fail_after(LIMIT):
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver) is Admission.DELIVERED
        async with trio.open_nursery() as handlers:
            spawn_admit(handlers, gate, "r1", 2, rec.deliver, results)  # held: 1 is missing
            spawn_admit(handlers, gate, "r1", 3, explode, results)
            await trio.testing.wait_all_tasks_blocked()
            spawn_admit(handlers, gate, "r1", 2, rec.deliver, retries)
            spawn_admit(handlers, gate, "r1", 3, rec.deliver, retries)
            await trio.testing.wait_all_tasks_blocked()
            assert retries == {}  # the first copies are still held
            spawn_admit(handlers, gate, "r1", 1, rec.deliver, results)
            await trio.sleep(1.5)  # 1 is delivered, 2 is being delivered
            assert rec.seqnos("r1") == [0, 1] and retries == {}
            spawn_admit(handlers, gate, "r1", 2, rec.deliver, retries)  # a retry of the delivering copy
        assert rec.seqnos("r1") == [0, 1, 2]
        assert retries.pop(("r1", 2)) is Admission.DUPLICATE
        assert str(retries.pop(("r1", 3))) == "boom 3"
        assert results[("r1", 2)] is Admission.DELIVERED


async def test_a_retry_of_an_abandoned_early_append_keeps_it(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """A held append whose sequence has delivered nothing is withdrawn when its caller leaves, but not while
    a retry of it still waits: the retry then gets the delivery."""
    gate = await started_gate(nursery)
    rec = Recorder()
    retries: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            with trio.move_on_after(0.5):
                async with trio.open_nursery() as first:
                    spawn_admit(first, gate, "r1", 3, rec.deliver, {})
                    await trio.testing.wait_all_tasks_blocked()
                    spawn_admit(handlers, gate, "r1", 3, rec.deliver, retries)
                    await trio.sleep_forever()  # the first caller leaves at 0.5 s
            snap = gate.snapshot("r1")
            assert snap is not None and snap.held == (3,)
            for n in (0, 1, 2):
                assert await gate.admit("r1", n, ("r1", n), rec.deliver) is Admission.DELIVERED
        assert retries == {("r1", 3): Admission.DUPLICATE}
        assert rec.seqnos("r1") == [0, 1, 2, 3]


async def test_negative_seqnos_bypass_ordering(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            spawn_admit(handlers, gate, "r1", 2, rec.deliver, results)  # a gap at 0 and 1
            await trio.testing.wait_all_tasks_blocked()
            before = gate.snapshot("r1")
            for n in (-1, -3, -1):
                assert await gate.admit("r1", n, ("r1", n), rec.deliver) is Admission.DELIVERED
            assert gate.snapshot("r1") == before
            assert gate.snapshot("other") is None
            assert await gate.admit("other", -1, ("other", -1), rec.deliver) is Admission.DELIVERED
            assert gate.snapshot("other") is None
            for n in (0, 1):
                await gate.admit("r1", n, ("r1", n), rec.deliver)
        assert rec.seqnos("r1") == [-1, -3, -1, 0, 1, 2]


async def test_a_reused_request_id_restarting_at_its_first_seqno_is_delivered(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    with trio.fail_after(LIMIT):
        for n in (0, 1, 2):
            await gate.admit("r1", n, ("r1", n), rec.deliver, fingerprint=b"first run %d" % n)
        await trio.sleep(5)
        # a retry of the first upload is a duplicate; other bytes at seqno 0 are a new run
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver, fingerprint=b"first run 0") is Admission.DUPLICATE
        for n in (0, 1):
            admission = await gate.admit("r1", n, ("r1", n), rec.deliver, fingerprint=b"second run %d" % n)
            assert admission is Admission.DELIVERED
        assert rec.seqnos("r1") == [0, 1, 2, 0, 1]


async def test_idle_state_is_dropped_after_exactly_ten_minutes(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        for n in (1, 2, 3):
            await gate.admit("r1", n, ("r1", n), rec.deliver)
        t_done = trio.current_time()
        await trio.sleep_until(t_done + 599.999)
        await trio.testing.wait_all_tasks_blocked()
        snap = gate.snapshot("r1")
        assert snap is not None and snap.next == 4
        await trio.sleep_until(t_done + 600)
        await trio.testing.wait_all_tasks_blocked()
        assert gate.snapshot("r1") is None  # dropped by the gate's timer, not by a later offer
        # a fresh sequence: seqno 2 now waits for 1 (it would have been a duplicate of the old one)
        async with trio.open_nursery() as handlers:
            spawn_admit(handlers, gate, "r1", 2, rec.deliver, results)
            await trio.testing.wait_all_tasks_blocked()
            assert results == {}
            spawn_admit(handlers, gate, "r1", 1, rec.deliver, results)
        assert results == {("r1", 1): Admission.DELIVERED, ("r1", 2): Admission.DELIVERED}
        assert rec.seqnos("r1") == [1, 2, 3, 1, 2]


async def test_deliver_raising_reaches_its_caller_only_and_the_sequence_moves_on(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder(delay=0.25)

    async def explode(msg: Msg) -> None:
        await trio.sleep(0.25)
        raise ValueError(f"boom {msg[1]}")

    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as handlers:
            # 2 and 4 fail when delivered; 2 and 3 and 4 are held and delivered by the chain that 1 started
            spawn_admit(handlers, gate, "r1", 4, explode, results)
            spawn_admit(handlers, gate, "r1", 3, rec.deliver, results)
            spawn_admit(handlers, gate, "r1", 2, explode, results)
            await trio.testing.wait_all_tasks_blocked()
            with pytest.raises(ValueError, match="boom 1"):
                await gate.admit("r1", 1, ("r1", 1), explode)
        assert isinstance(results.pop(("r1", 2)), ValueError)
        assert str(results.pop(("r1", 4))) == "boom 4"
        assert results == {("r1", 3): Admission.DELIVERED}
        assert rec.seqnos("r1") == [3]
        assert await gate.admit("r1", 5, ("r1", 5), rec.deliver) is Admission.DELIVERED
        snap = gate.snapshot("r1")
        assert snap is not None and (snap.next, snap.processing) == (6, False)


async def test_a_cancelled_waiter_leaves_its_append_to_be_delivered_in_turn(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    with trio.fail_after(LIMIT):
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver) is Admission.DELIVERED
        with trio.move_on_after(5) as gave_up:  # the client goes away while 2 waits for 1
            await gate.admit("r1", 2, ("r1", 2), rec.deliver)
        assert gave_up.cancelled_caught
        snap = gate.snapshot("r1")
        assert snap is not None and snap.held == (2,)
        assert await gate.admit("r1", 1, ("r1", 1), rec.deliver) is Admission.DELIVERED
        await trio.testing.wait_all_tasks_blocked()
        assert rec.seqnos("r1") == [0, 1, 2]
        # the editor saw no ACK for 2 and resends it: a duplicate, ACKed without a second delivery
        assert await gate.admit("r1", 2, ("r1", 2), rec.deliver) is Admission.DUPLICATE
        assert await gate.admit("r1", 3, ("r1", 3), rec.deliver) is Admission.DELIVERED
        assert rec.seqnos("r1") == [0, 1, 2, 3]


async def test_an_abandoned_early_append_of_a_new_request_is_withdrawn_and_holds_no_slot(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """Issue 27, finding 4: thousands of early appends whose callers reset must not lock new runs out."""
    gate = await started_gate(nursery, max_requests=4)
    rec = Recorder()
    with trio.fail_after(LIMIT):
        for n in range(100):
            with trio.move_on_after(0.1):  # a seqno-2 append for a new id, then the caller resets
                await gate.admit(f"junk-{n}", 2, (f"junk-{n}", 2), rec.deliver, size=100)
            assert gate.tracked == 0 and gate.held_bytes == 0
        assert await gate.admit("real", 0, ("real", 0), rec.deliver) is Admission.DELIVERED
        # a retry of the withdrawn append is taken like any other
        results: dict[tuple[str, int], object] = {}
        async with trio.open_nursery() as handlers:
            spawn_admit(handlers, gate, "junk-1", 2, rec.deliver, results)
            await trio.testing.wait_all_tasks_blocked()
            for n in (0, 1):
                assert await gate.admit("junk-1", n, ("junk-1", n), rec.deliver) is Admission.DELIVERED
        assert results == {("junk-1", 2): Admission.DELIVERED}
        assert rec.seqnos("junk-1") == [0, 1, 2]


async def test_a_caller_cancelled_during_its_delivery_does_not_interrupt_it(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    unblock = trio.Event()

    async def slow(msg: Msg) -> None:
        await unblock.wait()
        rec.delivered.append(msg)

    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        with trio.move_on_after(1):
            await gate.admit("r1", 0, ("r1", 0), slow)
        snap = gate.snapshot("r1")
        assert snap is not None and (snap.next, snap.processing) == (0, True)
        async with trio.open_nursery() as handlers:
            spawn_admit(handlers, gate, "r1", 1, rec.deliver, results)
            await trio.testing.wait_all_tasks_blocked()
            assert results == {}  # 1 waits behind 0, which is still being delivered
            unblock.set()
        assert rec.seqnos("r1") == [0, 1]
        assert results == {("r1", 1): Admission.DELIVERED}


async def test_a_cancelled_waiter_whose_gap_never_fills_is_dropped_quietly(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery, caplog: pytest.LogCaptureFixture
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    caplog.set_level(logging.INFO, logger="cursord.streams.append_gate")
    with trio.fail_after(LIMIT):
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver) is Admission.DELIVERED
        t0 = trio.current_time()
        with trio.move_on_after(1):
            await gate.admit("r1", 3, ("r1", 3), rec.deliver)
        await trio.sleep_until(t0 + 30)
        await trio.testing.wait_all_tasks_blocked()
        snap = gate.snapshot("r1")
        assert snap is not None and snap.held == ()
        assert "append_seqno 3 for request r1 waited 30 s for seqno 1" in caplog.text
        for n in (1, 2, 3):
            assert await gate.admit("r1", n, ("r1", n), rec.deliver) is Admission.DELIVERED
        assert rec.seqnos("r1") == [0, 1, 2, 3]


async def test_a_failing_delivery_after_its_caller_left_is_logged_and_the_sequence_moves_on(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery, caplog: pytest.LogCaptureFixture
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()

    async def explode(msg: Msg) -> None:
        raise ValueError("boom")

    with trio.fail_after(LIMIT):
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver) is Admission.DELIVERED
        with trio.move_on_after(1):
            await gate.admit("r1", 2, ("r1", 2), explode)
        assert await gate.admit("r1", 1, ("r1", 1), rec.deliver) is Admission.DELIVERED
        await trio.testing.wait_all_tasks_blocked()
        assert "delivering append_seqno 2 for request r1 failed after its caller left" in caplog.text
        assert await gate.admit("r1", 3, ("r1", 3), rec.deliver) is Admission.DELIVERED
        assert rec.seqnos("r1") == [0, 1, 3]


async def test_a_one_based_sender_is_delivered_after_the_start_grace(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """An older client numbers from 1, one at a time: its first append waits the start grace (2 s) for a
    seqno 0 that never comes, then the sequence starts at 1 and runs without waiting. A seqno 0 that comes
    after all (the editor's, slow) is delivered late, once (issue 38, point 1)."""
    gate = await started_gate(nursery)
    rec = Recorder()
    with trio.fail_after(LIMIT):
        t0 = trio.current_time()
        assert await gate.admit("r1", 1, ("r1", 1), rec.deliver) is Admission.DELIVERED
        assert trio.current_time() - t0 == pytest.approx(2.0)
        for n in (2, 3):
            assert await gate.admit("r1", n, ("r1", n), rec.deliver) is Admission.DELIVERED
        assert trio.current_time() - t0 == pytest.approx(2.0)
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver) is Admission.DELIVERED
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver) is Admission.DUPLICATE
        assert rec.seqnos("r1") == [1, 2, 3, 0]


async def test_a_conflicting_retry_is_refused_aborted(
    autojump_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    gate = await started_gate(nursery)
    rec = Recorder()
    with trio.fail_after(LIMIT):
        assert await gate.admit("r1", 0, ("r1", 0), rec.deliver, fingerprint=b"a") is Admission.DELIVERED
        assert await gate.admit("r1", 1, ("r1", 1), rec.deliver, fingerprint=b"b") is Admission.DELIVERED
        assert await gate.admit("r1", 1, ("r1", 1), rec.deliver, fingerprint=b"b") is Admission.DUPLICATE
        with pytest.raises(AppendRejected) as caught:
            await gate.admit("r1", 1, ("r1", 1), rec.deliver, fingerprint=b"not b")
        assert (caught.value.code, caught.value.kind) == ("aborted", RejectionKind.CONFLICTING_RETRY)
        assert rec.seqnos("r1") == [0, 1]


async def test_shutdown_answers_every_waiter_with_unavailable(autojump_clock: trio.testing.MockClock) -> None:
    gate = AppendGate[Msg]()
    rec = Recorder()
    never = trio.Event()

    async def stuck(msg: Msg) -> None:
        await never.wait()

    results: dict[tuple[str, int], object] = {}
    with trio.fail_after(LIMIT):
        async with trio.open_nursery() as outer:
            gate_scope = trio.CancelScope()

            async def run_gate(task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
                with gate_scope:
                    await gate.run(task_status=task_status)

            await outer.start(run_gate)
            async with trio.open_nursery() as handlers:
                spawn_admit(handlers, gate, "r1", 1, stuck, results)  # in delivery when the gate stops
                spawn_admit(handlers, gate, "r1", 2, rec.deliver, results)  # held behind it
                spawn_admit(handlers, gate, "r2", 5, rec.deliver, results)  # held behind a gap
                await trio.testing.wait_all_tasks_blocked()
                gate_scope.cancel()
        assert set(results) == {("r1", 1), ("r1", 2), ("r2", 5)}
        for result in results.values():
            assert isinstance(result, AppendRejected) and result.code == "unavailable"
        with pytest.raises(AppendRejected) as caught:
            await gate.admit("r1", 3, ("r1", 3), rec.deliver)
        assert caught.value.code == "unavailable"
        assert rec.delivered == []
