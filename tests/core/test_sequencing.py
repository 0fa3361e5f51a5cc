"""The sans-IO append sequencer: every row of the decision table, timing edges, and a model check of the
editor's sender (from 0 or 1, up to 32 in flight, retries, restarts and idle drops)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cursord.core.sequencing import (
    RETRY_WINDOW,
    AppendPosition,
    AppendSequencer,
    Deliver,
    Duplicate,
    Expired,
    Hold,
    Reject,
    RejectionKind,
    Released,
    SequencingError,
)

T0 = 1000.0


def make(**kwargs: float) -> AppendSequencer[str]:
    return AppendSequencer[str](**kwargs)  # type: ignore[arg-type]


def fp(rid: str, seqno: int) -> bytes:
    return f"{rid}:{seqno}".encode()


def deliver_in_order(seq: AppendSequencer[str], rid: str, seqnos: list[int], now: float = T0) -> None:
    for n in seqnos:
        assert seq.offer(rid, n, f"m{n}", now, fingerprint=fp(rid, n)) == Deliver()
        assert seq.done(rid, n, now) is None


def started_at_one(seq: AppendSequencer[str], rid: str, now: float = T0) -> None:
    """Seqno 1 first, and no seqno 0 within the start grace: the sequence starts at 1."""
    assert isinstance(seq.offer(rid, 1, "m1", now, fingerprint=fp(rid, 1)), Hold)
    assert seq.expire(now + seq.start_grace) == [Released(rid, 1, "m1")]
    assert seq.done(rid, 1, now + seq.start_grace) is None


# -- where a sequence starts (rows 6, 7, 10) ------------------------------------------------------------


def test_seqno_zero_starts_the_sequence_at_once() -> None:
    seq = make()
    assert seq.offer("r1", 0, "a", T0) == Deliver()
    snap = seq.snapshot("r1")
    assert snap is not None and (snap.start, snap.next, snap.processing) == (0, 0, True)
    assert seq.done("r1", 0, T0) is None
    assert seq.offer("r1", 1, "b", T0) == Deliver()  # the start is known: no grace any more


def test_seqno_one_that_overtook_seqno_zero_waits_for_it() -> None:
    """Issue 24, failure 1: the editor's seqno 1 arrives before its seqno 0."""
    seq = make()
    assert seq.offer("r1", 2, "c", T0) == Hold(waiting_for=0, deadline=T0 + 30)
    assert seq.offer("r1", 1, "b", T0) == Hold(waiting_for=0, deadline=T0 + 30)
    assert seq.next_deadline() == T0 + 2  # the start grace of seqno 1
    assert seq.offer("r1", 0, "a", T0 + 0.01) == Deliver()
    assert seq.done("r1", 0, T0) == "b"
    assert seq.done("r1", 1, T0) == "c"
    assert seq.done("r1", 2, T0) is None
    assert seq.expire(T0 + 2) == []  # the grace has nothing left to start
    snap = seq.snapshot("r1")
    assert snap is not None and (snap.start, snap.next) == (0, 3)


def test_a_one_based_sender_starts_after_the_grace_and_only_then() -> None:
    seq = make(start_grace=1.5)
    assert isinstance(seq.offer("r1", 2, "b", T0), Hold)
    assert isinstance(seq.offer("r1", 1, "a", T0 + 0.5), Hold)
    assert seq.next_deadline() == T0 + 2.0
    assert seq.expire(T0 + 1.999) == []
    assert seq.expire(T0 + 2.0) == [Released("r1", 1, "a")]
    assert seq.done("r1", 1, T0 + 2) == "b"
    assert seq.done("r1", 2, T0 + 2) is None
    snap = seq.snapshot("r1")
    assert snap is not None and (snap.start, snap.next) == (1, 3)


def test_a_seqno_zero_after_a_start_at_one_is_delivered_late_and_once() -> None:
    """Issue 38, point 1: the editor's seqno 0 (its run_request, slow or retried) came after seqno 1 waited
    out the start grace. It is never refused: it is delivered, late, beside what is being delivered; the
    sequence is 0-based from then on, so a retry of it is a duplicate, also after a restart."""
    seq = make()
    started_at_one(seq, "r1")
    assert seq.offer("r1", 2, "b", T0 + 5, fingerprint=b"b") == Deliver()
    assert seq.offer("r1", 0, "late", T0 + 5, fingerprint=b"x") == Deliver(late=True)
    assert seq.position("r1", 0) == AppendPosition(0, 2, b"x")  # seqno 2, beside it, is not delivered yet
    assert seq.position("r1", 2) == seq.position("r1") == AppendPosition(0, 3, b"x")
    assert seq.done("r1", 2, T0 + 5) is None  # no done is owed for the late one
    assert seq.offer("r1", 0, "late", T0 + 6, fingerprint=b"x") == Duplicate(next_expected=3)
    position = seq.position("r1")
    assert position == AppendPosition(0, 3, b"x")
    again = make()
    assert again.resume("r1", position, T0 + 7)
    assert again.offer("r1", 0, "late", T0 + 7, fingerprint=b"x") == Duplicate(next_expected=3)
    assert again.offer("r1", 3, "c", T0 + 7) == Deliver()
    resumed_at_one = make()
    assert resumed_at_one.resume("r1", AppendPosition(1, 3), T0 + 7)  # a restart before the late seqno 0
    assert resumed_at_one.offer("r1", 0, "late", T0 + 7, fingerprint=b"x") == Deliver(late=True)


def test_appends_above_one_wait_for_either_start() -> None:
    seq = make()
    assert seq.offer("r1", 3, "c", T0) == Hold(waiting_for=0, deadline=T0 + 30)
    assert seq.next_deadline() == T0 + 30  # no start grace without a seqno 1
    assert seq.offer("r1", 1, "a", T0 + 1) == Hold(waiting_for=0, deadline=T0 + 31)
    [released] = seq.expire(T0 + 3)
    assert released == Released("r1", 1, "a")


# -- retries and conflicts (rows 3, 4, 5) ----------------------------------------------------------------


def test_every_seqno_retried_with_the_same_bytes_is_a_duplicate_seqno_zero_included() -> None:
    """Issue 24, failure 4: a retried run_request (seqno 0, the same bytes) after the stream ended."""
    seq = make()
    deliver_in_order(seq, "r1", [0, 1, 2])
    for n in (0, 1, 2):
        assert seq.offer("r1", n, "again", T0 + 9, fingerprint=fp("r1", n)) == Duplicate(next_expected=3)
    assert seq.offer("r1", 3, "d", T0 + 9) == Deliver()


def test_a_retry_of_the_processing_or_a_held_append_is_a_duplicate() -> None:
    seq = make()
    assert seq.offer("r1", 0, "a", T0, fingerprint=b"a") == Deliver()
    assert seq.offer("r1", 2, "c", T0, fingerprint=b"c") == Hold(waiting_for=0, deadline=T0 + 30)
    assert seq.offer("r1", 0, "a", T0, fingerprint=b"a") == Duplicate(next_expected=0)
    assert seq.offer("r1", 2, "c", T0, fingerprint=b"c") == Duplicate(next_expected=0)
    assert seq.offer("r1", 2, "c", T0) == Duplicate(next_expected=0)  # no fingerprint: a duplicate
    snap = seq.snapshot("r1")
    assert snap is not None and snap.held == (2,)


@pytest.mark.parametrize("where", ["delivered", "processing", "held"])
def test_a_seqno_reused_with_other_bytes_is_refused_aborted(where: str) -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0, 1])
    if where == "processing":
        assert seq.offer("r1", 2, "c", T0, fingerprint=b"c") == Deliver()
        seqno = 2
    elif where == "held":
        assert isinstance(seq.offer("r1", 5, "f", T0, fingerprint=b"f"), Hold)
        seqno = 5
    else:
        seqno = 1
    decision = seq.offer("r1", seqno, "other", T0, fingerprint=b"other bytes")
    assert isinstance(decision, Reject) and decision.rejection.kind is RejectionKind.CONFLICTING_RETRY
    assert f"append_seqno {seqno} for request r1 was already taken by an upload with other bytes" in (
        decision.rejection.message
    )


def test_the_first_seqno_with_other_bytes_on_an_idle_state_restarts_a_reused_request_id() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0, 1, 2])
    assert seq.offer("r1", 0, "new run", T0 + 5, fingerprint=b"second run") == Deliver(restarted=True)
    assert seq.done("r1", 0, T0 + 5) is None
    assert seq.offer("r1", 1, "new run 1", T0 + 5) == Deliver()
    assert seq.done("r1", 1, T0 + 5) is None
    assert seq.offer("r1", 0, "x", T0 + 6, fingerprint=b"second run") == Duplicate(next_expected=2)


def test_the_first_upload_is_remembered_beyond_the_retry_window() -> None:
    seq = make()
    deliver_in_order(seq, "r1", list(range(0, RETRY_WINDOW + 10)))
    assert seq.offer("r1", 0, "x", T0, fingerprint=fp("r1", 0)) == Duplicate(next_expected=RETRY_WINDOW + 10)
    assert seq.offer("r1", 3, "x", T0, fingerprint=b"other") == Duplicate(next_expected=RETRY_WINDOW + 10)
    assert isinstance(seq.offer("r1", RETRY_WINDOW + 5, "x", T0, fingerprint=b"other"), Reject)


def test_restart_needs_both_fingerprints() -> None:
    seq = make()
    assert seq.resume("r1", AppendPosition(0, 4), T0)  # the first upload is not known
    assert seq.offer("r1", 0, "run", T0 + 1, fingerprint=b"bytes") == Duplicate(next_expected=4)
    seq2 = make()
    deliver_in_order(seq2, "r1", [0, 1])
    assert seq2.offer("r1", 0, "run", T0 + 1) == Duplicate(next_expected=2)  # no fingerprint given


def test_a_restart_is_not_taken_while_something_is_in_flight() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0, 1])
    assert isinstance(seq.offer("r1", 4, "e", T0), Hold)
    decision = seq.offer("r1", 0, "x", T0, fingerprint=b"other")
    assert isinstance(decision, Reject) and decision.rejection.kind is RejectionKind.CONFLICTING_RETRY


# -- resuming at a known position ------------------------------------------------------------------------


def test_a_resumed_sequence_orders_an_overtaking_append_against_the_known_position() -> None:
    """Issue 24, failure 3: after a restart seqno 8 arrives before 7; 7 must not be lost."""
    seq = make()
    assert seq.resume("r1", AppendPosition(0, 7, fp("r1", 0)), T0)
    assert seq.offer("r1", 8, "h", T0) == Hold(waiting_for=7, deadline=T0 + 30)
    assert seq.offer("r1", 7, "g", T0) == Deliver()
    assert seq.done("r1", 7, T0) == "h"
    assert seq.offer("r1", 0, "run again", T0, fingerprint=fp("r1", 0)) == Duplicate(next_expected=8)
    assert seq.offer("r1", 6, "old", T0) == Duplicate(next_expected=8)


def test_resume_does_nothing_where_a_state_exists() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0])
    assert not seq.resume("r1", AppendPosition(0, 9), T0)
    assert seq.position("r1") == AppendPosition(0, 1, fp("r1", 0))


def test_position_counts_the_processing_append_as_delivered() -> None:
    seq = make()
    assert seq.position("r1") is None
    assert isinstance(seq.offer("r1", 1, "b", T0), Hold)
    assert seq.position("r1") is None  # the start is not known yet
    assert seq.offer("r1", 0, "a", T0, fingerprint=b"a") == Deliver()
    assert seq.position("r1") == AppendPosition(0, 1, b"a")
    assert seq.done("r1", 0, T0) == "b"
    assert seq.position("r1") == AppendPosition(0, 2, b"a")


def test_an_append_position_is_validated() -> None:
    with pytest.raises(ValueError):
        AppendPosition(2, 5)
    with pytest.raises(ValueError):
        AppendPosition(1, 0)


# -- withdrawing abandoned early appends -----------------------------------------------------------------


def test_an_abandoned_early_append_of_a_sequence_that_delivered_nothing_is_withdrawn() -> None:
    """Issue 27, finding 4: abandoned early appends of new ids must not hold the table's slots."""
    seq = make(max_requests=2)
    assert isinstance(seq.offer("a", 2, "a2", T0, size=10), Hold)
    assert isinstance(seq.offer("b", 1, "b1", T0, size=10), Hold)
    assert seq.withdraw("a", 2) and seq.withdraw("b", 1)
    assert len(seq) == 0 and seq.held_bytes == 0
    assert seq.next_deadline() is None  # the start grace of "b" went with it
    assert isinstance(seq.offer("c", 2, "c2", T0), Hold)


def test_a_started_sequence_keeps_its_held_appends_when_their_senders_leave() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0])
    assert isinstance(seq.offer("r1", 3, "d", T0), Hold)
    assert not seq.withdraw("r1", 3)
    assert not seq.withdraw("nobody", 1)
    snap = seq.snapshot("r1")
    assert snap is not None and snap.held == (3,)


# -- the rest of the table -------------------------------------------------------------------------------


def test_in_order_appends_are_delivered_one_at_a_time() -> None:
    seq = make()
    assert seq.offer("r1", 0, "a", T0) == Deliver()
    assert seq.offer("r1", 1, "b", T0) == Hold(waiting_for=0, deadline=T0 + 30)  # behind the processing one
    assert seq.done("r1", 0, T0) == "b"
    assert seq.done("r1", 1, T0) is None
    snap = seq.snapshot("r1")
    assert snap is not None and (snap.next, snap.processing, snap.held) == (2, False, ())


def test_out_of_order_appends_are_held_then_released_in_order() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0])
    assert seq.offer("r1", 4, "d", T0) == Hold(waiting_for=1, deadline=T0 + 30)
    assert seq.offer("r1", 2, "b", T0 + 1) == Hold(waiting_for=1, deadline=T0 + 31)
    assert seq.offer("r1", 3, "c", T0 + 2) == Hold(waiting_for=1, deadline=T0 + 32)
    assert seq.offer("r1", 1, "a", T0 + 3) == Deliver()
    released, n = [], 1
    while (item := seq.done("r1", n, T0 + 4)) is not None:
        released.append(item)
        n += 1
    assert released == ["b", "c", "d"]


@pytest.mark.parametrize("seqno", [-1, -7])
def test_negative_seqnos_bypass_ordering_and_touch_no_state(seqno: int) -> None:
    seq = make()
    assert seq.offer("fresh", seqno, "x", T0) == Deliver(sequenced=False)
    assert "fresh" not in seq
    deliver_in_order(seq, "r1", [0])
    assert isinstance(seq.offer("r1", 3, "c", T0), Hold)
    before = seq.snapshot("r1")
    assert seq.offer("r1", seqno, "x", T0 + 50) == Deliver(sequenced=False)
    assert seq.snapshot("r1") == before
    assert seq.done("r1", seqno, T0) is None


def test_done_for_an_append_that_is_not_processing_is_a_local_error() -> None:
    seq = make()
    with pytest.raises(SequencingError):
        seq.done("unknown", 0, T0)
    assert seq.offer("r1", 0, "a", T0) == Deliver()
    with pytest.raises(SequencingError):
        seq.done("r1", 1, T0)
    assert seq.done("r1", 0, T0) is None
    with pytest.raises(SequencingError):
        seq.done("r1", 0, T0)


def test_early_appends_beyond_capacity_are_rejected_precisely() -> None:
    seq = AppendSequencer[str](max_held=3)
    deliver_in_order(seq, "r1", [0])  # type: ignore[arg-type]
    for n in (2, 3, 4):
        assert isinstance(seq.offer("r1", n, f"m{n}", T0), Hold)
    decision = seq.offer("r1", 9, "m9", T0)
    assert isinstance(decision, Reject) and decision.rejection.kind is RejectionKind.OVER_CAPACITY
    assert decision.rejection.message == (
        "append_seqno 9 for request r1 rejected: 3 early appends are already held waiting for seqno 1 "
        "(limit 3 per request)"
    )
    assert seq.offer("r1", 3, "dup", T0) == Duplicate(next_expected=1)
    assert seq.offer("r1", 1, "m1", T0) == Deliver()  # the missing one is never over capacity
    assert seq.done("r1", 1, T0) == "m2"


def test_held_bytes_are_bounded_across_request_ids() -> None:
    seq = make(max_held_bytes=100)
    assert isinstance(seq.offer("a", 2, "a2", T0, size=60), Hold)
    assert isinstance(seq.offer("b", 2, "b2", T0, size=40), Hold)
    decision = seq.offer("c", 2, "c2", T0, size=1)
    assert isinstance(decision, Reject) and decision.rejection.kind is RejectionKind.OVER_CAPACITY
    assert "already hold 100 bytes, and this one's 1 would pass the limit of 100 bytes" in decision.rejection.message
    assert seq.offer("a", 0, "a0", T0) == Deliver()
    assert seq.done("a", 0, T0) is None
    assert seq.offer("a", 1, "a1", T0) == Deliver()
    assert seq.done("a", 1, T0) == "a2" and seq.held_bytes == 40
    [expired] = seq.expire(T0 + 30)
    assert isinstance(expired, Expired) and expired.item == "b2" and seq.held_bytes == 0
    assert "b" not in seq  # it never delivered anything: nothing is remembered


@pytest.mark.parametrize(
    "kwargs",
    [{"hold_timeout": 0.0}, {"idle_timeout": -1.0}, {"max_held": -1}, {"start_grace": 0.0},
     {"hold_timeout": float("nan")}],
)
def test_invalid_configuration_is_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        AppendSequencer[str](**kwargs)  # type: ignore[arg-type]


def test_request_id_longer_than_the_limit_is_invalid_and_tracked_nowhere() -> None:
    seq = make()
    assert seq.offer("u" * 128, 0, "a", T0) == Deliver()
    for long_id in ("u" * 129, "\u00e9" * 65, "x" * 3_900_000):
        decision = seq.offer(long_id, 0, "a", T0)
        assert isinstance(decision, Reject) and decision.rejection.kind is RejectionKind.INVALID_REQUEST_ID
        assert "longer than 128 bytes" in decision.rejection.message
        assert long_id not in seq
    assert isinstance(seq.offer("y" * 200, -1, "bypass", T0), Reject)
    assert seq.resume("z" * 200, AppendPosition(0, 5), T0) is False and len(seq) == 1


def test_request_count_is_bounded_forgetting_the_least_recently_active_idle_state() -> None:
    seq = make(max_requests=3)
    deliver_in_order(seq, "a", [0], now=T0)
    deliver_in_order(seq, "b", [0], now=T0 + 1)
    deliver_in_order(seq, "c", [0], now=T0 + 2)
    assert seq.offer("a", 1, "a1", T0 + 3) == Deliver()
    assert seq.offer("d", 0, "d0", T0 + 4) == Deliver()
    assert list(seq) == ["a", "c", "d"]


def test_request_count_bound_refuses_when_every_state_is_busy_and_started() -> None:
    seq = make(max_requests=2)
    assert seq.offer("a", 0, "a0", T0) == Deliver()
    deliver_in_order(seq, "b", [0])
    assert isinstance(seq.offer("b", 3, "b3", T0), Hold)
    decision = seq.offer("c", 0, "c0", T0)
    assert isinstance(decision, Reject) and decision.rejection.kind is RejectionKind.TOO_MANY_REQUESTS
    assert decision.rejection.message == "request c refused: 2 requests have appends in flight (limit 2)"
    assert seq.done("a", 0, T0) is None
    assert seq.offer("c", 0, "c0", T0 + 1) == Deliver()
    assert list(seq) == ["b", "c"]


def test_a_full_table_evicts_the_oldest_sequence_that_delivered_nothing() -> None:
    """Issue 27, finding 4: early appends nobody follows up (their senders still waiting) cannot lock runs out."""
    seq = make(max_requests=3)
    assert seq.offer("run", 0, "run0", T0) == Deliver()
    assert isinstance(seq.offer("junk-1", 2, "j1", T0 + 1, size=5), Hold)
    assert isinstance(seq.offer("junk-2", 2, "j2", T0 + 2, size=5), Hold)
    assert seq.offer("new", 0, "new0", T0 + 3) == Deliver()
    [evicted] = seq.evicted()
    assert (evicted.request_id, evicted.seqno, evicted.item) == ("junk-1", 2, "j1")
    assert evicted.rejection.kind is RejectionKind.OVER_CAPACITY
    assert "early appends were dropped to make room for a new request" in evicted.rejection.message
    assert seq.evicted() == [] and seq.held_bytes == 5
    assert list(seq) == ["run", "junk-2", "new"]


def test_stale_heap_entries_stay_bounded_under_a_long_sequence() -> None:
    seq = make()
    deliver_in_order(seq, "r", [0])
    for n in range(1, 20_000, 2):
        assert seq.offer("r", n + 1, "early", T0 + n) == Hold(waiting_for=n, deadline=T0 + n + 30)
        assert seq.offer("r", n, "m", T0 + n) == Deliver()
        assert seq.done("r", n, T0 + n) == "early"
        assert seq.done("r", n + 1, T0 + n) is None
        assert len(seq._idles) <= 2 * len(seq) + 65 and len(seq._holds) <= 65
    for n in range(1000):  # many fresh ids whose seqno 1 waits out the grace: start entries stay bounded
        assert isinstance(seq.offer(f"s{n}", 1, "x", T0 + n), Hold)
        seq.expire(T0 + n + 2)
        assert len(seq._starts) <= 2 * len(seq) + 65


# -- time ------------------------------------------------------------------------------------------------


def test_hold_expires_after_exactly_thirty_seconds_and_next_does_not_move() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0, 1, 2])
    assert seq.offer("r1", 5, "e", T0) == Hold(waiting_for=3, deadline=T0 + 30)
    assert seq.next_deadline() == T0 + 30
    assert seq.expire(T0 + 29.999) == []
    [expired] = seq.expire(T0 + 30)
    assert isinstance(expired, Expired) and (expired.request_id, expired.seqno, expired.item) == ("r1", 5, "e")
    assert expired.rejection.kind is RejectionKind.GAP_NEVER_FILLED
    assert expired.rejection.message == "append_seqno 5 for request r1 waited 30 s for seqno 3, which never arrived"
    deliver_in_order(seq, "r1", [3, 4, 5], now=T0 + 40)


def test_an_unstarted_sequence_reports_the_seqno_zero_it_waited_for() -> None:
    seq = make()
    assert isinstance(seq.offer("r1", 4, "e", T0), Hold)
    [expired] = seq.expire(T0 + 30)
    assert isinstance(expired, Expired)
    assert expired.rejection.message == "append_seqno 4 for request r1 waited 30 s for seqno 0, which never arrived"


def test_idle_state_is_dropped_after_exactly_ten_minutes_not_before() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0, 1, 2], now=T0)
    assert seq.next_deadline() == T0 + 600
    assert seq.expire(T0 + 599.999) == []
    assert seq.expire(T0 + 600) == []
    assert "r1" not in seq and seq.next_deadline() is None


def test_any_offer_counts_as_activity_including_duplicates() -> None:
    seq = make()
    deliver_in_order(seq, "r1", [0, 1, 2], now=T0)
    assert seq.offer("r1", 1, "dup", T0 + 300) == Duplicate(next_expected=3)
    assert seq.next_deadline() == T0 + 900
    assert seq.expire(T0 + 600) == [] and "r1" in seq


def test_processing_or_holding_states_are_never_dropped_as_idle() -> None:
    seq = make()
    assert seq.offer("busy", 0, "a", T0) == Deliver()
    deliver_in_order(seq, "holding", [0])
    assert seq.offer("holding", 2, "b", T0) == Hold(waiting_for=1, deadline=T0 + 30)
    assert seq.next_deadline() == T0 + 30
    assert [e.seqno for e in seq.expire(T0 + 30)] == [2]
    assert "holding" in seq and seq.next_deadline() == T0 + 600
    assert seq.expire(T0 + 10_000) == []
    assert "holding" not in seq and "busy" in seq


def test_clear_returns_held_items_and_forgets_everything() -> None:
    seq = make()
    assert isinstance(seq.offer("r1", 3, "c", T0), Hold)
    assert isinstance(seq.offer("r1", 1, "b", T0), Hold)
    assert seq.offer("r2", 0, "x", T0) == Deliver()
    assert seq.clear() == ["b", "c"]
    assert len(seq) == 0 and seq.next_deadline() is None


# -- a model check of the editor's sender --------------------------------------------------------------


class Model:
    """One request's sender and the daemon's side of it: the sequencer, the position the daemon persists
    with the stream before each ACK, and the uploads the stream has taken."""

    def __init__(self, start: int, count: int, window: int) -> None:
        self.start, self.count, self.window = start, count, window
        self.seq = AppendSequencer[int]()
        self.now = T0
        self.sent = 0  # appends start .. start + sent - 1 have been sent at least once
        self.acked: set[int] = set()
        self.transit: list[int] = []  # copies on their way, in no particular order
        self.delivered: list[int] = []
        self.persisted: AppendPosition | None = None
        self.processing: int | None = None

    def send_next(self) -> bool:
        in_flight = self.sent - len(self.acked)
        if self.sent >= self.count or in_flight >= self.window:
            return False
        self.transit.append(self.start + self.sent)
        self.sent += 1
        return True

    def arrive(self, index: int) -> None:
        seqno = self.transit.pop(index)
        if "r" not in self.seq and self.persisted is not None:
            assert self.seq.resume("r", self.persisted, self.now)  # the handler takes the stream's position up
        decision = self.seq.offer("r", seqno, seqno, self.now, fingerprint=fp("r", seqno))
        if isinstance(decision, Deliver) and decision.late:
            assert seqno == 0 and 0 not in self.delivered, "seqno 0 delivered twice"
            self.delivered.append(0)
            self.persisted = self.seq.position("r", 0)  # before the ACK
            self.acked.add(0)
        elif isinstance(decision, Deliver):
            assert decision.sequenced and not decision.restarted
            assert self.processing is None, "two deliveries in flight for one request"
            self.processing = seqno
        elif isinstance(decision, Duplicate):
            if seqno in self.delivered:
                self.acked.add(seqno)
        else:
            assert isinstance(decision, Hold), decision

    def complete(self) -> None:
        while self.processing is not None:
            seqno = self.processing
            self.delivered.append(seqno)
            self.persisted = self.seq.position("r")  # before the ACK
            self.acked.add(seqno)
            self.processing = self.seq.done("r", seqno, self.now)
        self.check_no_wait_on_a_filled_gap()

    def tick(self, seconds: float) -> None:
        """Time passes (for a 0-based sender only once its seqno 0 arrived: it comes within the grace)."""
        self.now += seconds
        for outcome in self.seq.expire(self.now):
            assert isinstance(outcome, Released), f"nothing may expire while its sender is live: {outcome}"
            assert self.processing is None
            self.processing = outcome.seqno

    def crash(self) -> None:
        """The daemon dies: what arrived but was not delivered is lost with it; unACKed appends are sent again."""
        self.seq = AppendSequencer[int]()
        self.processing = None
        delivered = set(self.delivered)
        for seqno in range(self.start, self.start + self.sent):
            if seqno not in self.acked and seqno not in delivered and seqno not in self.transit:
                self.transit.append(seqno)

    def idle_drop(self) -> None:
        if self.processing is None and "r" in self.seq and self.seq.snapshot("r").held == ():  # type: ignore[union-attr]
            self.tick(self.seq.idle_timeout)
            assert "r" not in self.seq

    def check_no_wait_on_a_filled_gap(self) -> None:
        snap = self.seq.snapshot("r")
        if snap is None or snap.start is None:
            return
        assert snap.processing or snap.next not in snap.held, "an append waits on a gap that is filled"


@settings(max_examples=400, deadline=None)
@given(
    start=st.sampled_from([0, 1]),
    count=st.integers(min_value=1, max_value=40),
    window=st.integers(min_value=1, max_value=32),
    data=st.data(),
)
def test_the_editors_sender_is_delivered_exactly_once_in_order(
    start: int, count: int, window: int, data: st.DataObject
) -> None:
    model = Model(start, count, window)
    for _ in range(data.draw(st.integers(min_value=count, max_value=6 * count + 10), label="steps")):
        action = data.draw(st.sampled_from(["send", "send", "arrive", "arrive", "arrive", "retry", "complete",
                                            "tick", "crash", "idle"]))
        if action == "send":
            model.send_next()
        elif action == "arrive" and model.transit:
            model.arrive(data.draw(st.integers(0, len(model.transit) - 1), label="which"))
        elif action == "retry" and model.sent:
            model.transit.append(start + data.draw(st.integers(0, model.sent - 1), label="retried"))
        elif action == "complete":
            model.complete()
        elif action == "tick" and not model.transit and (start == 1 or model.delivered):
            model.complete()  # time passes while nothing is on its way (the editor's sends are concurrent)
            model.tick(data.draw(st.sampled_from([0.5, 2.0, 5.0])))
        elif action == "crash":
            model.complete() if data.draw(st.booleans(), label="finish first") else None
            model.crash()
        elif action == "idle":
            model.idle_drop()
    # the sender finishes: everything sent and arrived, and time passes for a 1-based start
    for _ in range(2 * count + 2):
        model.send_next()
        while model.transit:
            model.arrive(0)
        model.complete()
        if start == 1 and not model.delivered:
            model.tick(model.seq.start_grace)
            model.complete()
    assert model.delivered == list(range(start, start + count))


@settings(max_examples=200, deadline=None)
@given(count=st.integers(min_value=2, max_value=40), window=st.integers(min_value=2, max_value=32), data=st.data())
def test_the_editors_seqno_0_is_delivered_once_however_late(count: int, window: int, data: st.DataObject) -> None:
    """Issue 38, point 1: the editor's seqno 0 (its run_request, the largest upload) is slow, and time passes
    while it is on its way, so the sequence may be taken to start at 1. Seqno 0 is still delivered when it
    comes, once, whatever retries, crashes and idle drops happen meanwhile; nothing is refused."""
    model = Model(0, count, window)
    model.send_next()
    slow_zero = model.transit.pop()  # it arrives last
    for _ in range(data.draw(st.integers(min_value=count, max_value=6 * count + 10), label="steps")):
        action = data.draw(st.sampled_from(["send", "send", "arrive", "arrive", "retry", "complete", "tick",
                                            "crash", "idle"]))
        if action == "send":
            model.send_next()
        elif action == "arrive" and model.transit:
            model.arrive(data.draw(st.integers(0, len(model.transit) - 1), label="which"))
        elif action == "retry" and model.sent > 1:
            model.transit.append(data.draw(st.integers(1, model.sent - 1), label="retried"))
        elif action == "complete":
            model.complete()
        elif action == "tick" and model.now + 5.0 < T0 + model.seq.hold_timeout - 5.0:  # no hold expires
            model.complete()
            model.tick(data.draw(st.sampled_from([0.5, 2.0, 5.0])))
        elif action == "crash":
            model.complete() if data.draw(st.booleans(), label="finish first") else None
            model.crash()
        elif action == "idle":
            model.idle_drop()
    model.transit.append(slow_zero)
    for _ in range(2 * count + 2):
        model.send_next()
        while model.transit:
            model.arrive(0)
        model.complete()
    assert sorted(model.delivered) == list(range(count))
