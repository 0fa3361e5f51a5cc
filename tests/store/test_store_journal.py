"""The stream journal: events in order, pending entries, endings, replacement and retention.

Real clock (the store works through OS threads).
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
from pathlib import Path

import pytest
import trio
import trio.testing

from cursord.providers.model import Message
from cursord.store import (
    JournalAlreadyActive,
    JournalClosed,
    JournalNotFound,
    JournalState,
    PendingEntry,
    PendingKind,
    TurnMeta,
    open_store,
)
from tests.store.conftest import StoreTarget, threaded


def payload(n: int) -> bytes:
    """About 100 distinct bytes per event, like a small serialized AgentServerMessage."""
    return f"event {n:05d} ".encode() + hashlib.sha256(n.to_bytes(4, "big")).digest() * 3


async def test_ten_thousand_events_load_in_append_order(db: StoreTarget) -> None:
    total = 10_000
    rng = random.Random(7)
    async with db.open() as store:
        await store.journal_open("r", "c", "model-x")
        n = 0
        while n < total:  # batches of the sizes a stream produces: mostly 1, sometimes dozens
            size = min(total - n, rng.choice([1, 1, 1, 2, 5, 17, 64]))
            batch = [payload(i) for i in range(n, n + size)]
            if rng.random() < 0.5:
                assert await store.journal_append("r", batch) == n + size
            else:
                store.journal_append_nowait("r", batch)
            n += size
        await store.flush()
        record = await store.journal_load("r")
        assert record is not None
        assert record.events == tuple(payload(i) for i in range(total))
    async with db.open() as store:
        again = await store.journal_load("r")
        assert again is not None and again.events == record.events
        assert (again.conversation_id, again.model, again.state) == ("c", "model-x", JournalState.ACTIVE)


async def test_pending_entries_and_endings(db: StoreTarget) -> None:
    async with db.open(clock=lambda: 50.0) as store:
        await store.journal_open("r", None, None)
        await store.journal_pending_put("r", PendingKind.EXEC, "7", '{"tool": "read"}')
        await store.journal_pending_put("r", PendingKind.KV, "2", '{"blob": "ab"}')
        await store.journal_pending_put("r", PendingKind.EXEC, "7", '{"tool": "read", "sent": true}')  # replaces
        await store.journal_pending_put("r", "interaction", "1", "{}")
        assert await store.journal_pending_remove("r", PendingKind.KV, "2") is True
        assert await store.journal_pending_remove("r", PendingKind.KV, "2") is False
        with pytest.raises(ValueError, match="pending state must be JSON"):
            await store.journal_pending_put("r", PendingKind.EXEC, "8", "{not json")
        record = await store.journal_load("r")
        assert record is not None
        assert record.pending == (
            PendingEntry(PendingKind.EXEC, "7", '{"tool": "read", "sent": true}'),
            PendingEntry(PendingKind.INTERACTION, "1", "{}"),
        )
        assert (record.state, record.ending_json, record.ended_at, record.created_at) == ("active", None, None, 50.0)

        ending = json.dumps({"code": "canceled", "message": "the editor went away"})
        with pytest.raises(ValueError, match="ending must be JSON"):
            await store.journal_end("r", "nope", 60.0)
        assert await store.journal_end("r", ending, 60.0) is True
        assert await store.journal_end("r", "null", 61.0) is False  # the first ending wins
        ended = await store.journal_load("r")
        assert ended is not None
        assert (ended.state, ended.ending_json, ended.ended_at, ended.pending) == ("ended", ending, 60.0, ())
        with pytest.raises(JournalClosed):
            await store.journal_append("r", [b"late"])
        with pytest.raises(JournalClosed):
            await store.journal_pending_put("r", PendingKind.EXEC, "9", "{}")
        with pytest.raises(JournalNotFound):
            await store.journal_append("ghost", [b"x"])
        with pytest.raises(JournalNotFound):
            await store.journal_end("ghost", "null", 1.0)
        with pytest.raises(JournalNotFound):
            await store.journal_pending_put("ghost", PendingKind.EXEC, "9", "{}")
        assert await store.journal_load("ghost") is None


async def test_a_reused_request_id_starts_a_fresh_journal(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.journal_open("r", "c1", "m1")
        await store.journal_append("r", [b"a", b"b"])
        with pytest.raises(JournalAlreadyActive):
            await store.journal_open("r", "c1", "m1")
        await store.journal_end("r", "null", 1.0)
        await store.journal_open("r", "c2", "m2")
        assert await store.journal_append("r", [b"new"]) == 1
        record = await store.journal_load("r")
        assert record is not None
        assert (record.conversation_id, record.events, record.state) == ("c2", (b"new",), JournalState.ACTIVE)


async def test_active_listing_and_retention(db: StoreTarget) -> None:
    times = iter([1.0, 2.0, 3.0, 4.0])
    async with db.open(clock=lambda: next(times)) as store:
        for rid in ("a", "b", "c", "d"):
            await store.journal_open(rid, None, None)
            await store.journal_append(rid, [rid.encode()] * 100)
        await store.journal_end("a", "null", 100.0)
        await store.journal_end("b", "null", 200.0)
        assert await store.journal_active() == ["c", "d"]
        assert await store.journal_drop_ended_before(150.0) == 1  # only "a": ended before 150
        assert await store.journal_load("a") is None
        assert await store.journal_drop_ended_before(1e12) == 1  # "b"; active ones are never dropped
        assert await store.journal_drop("c") is True
        assert await store.journal_drop("c") is False
        assert await store.journal_active() == ["d"]
    # the events went with their streams (ON DELETE CASCADE)
    assert db.sql("SELECT DISTINCT request_id FROM journal_events") == [("d",)]


async def test_nowait_appends_keep_their_place_among_awaited_writes(
    db: StoreTarget, caplog: pytest.LogCaptureFixture
) -> None:
    async with db.open() as store:
        await store.journal_open("r", None, None)
        store.journal_append_nowait("r", [b"1"])
        store.journal_append_nowait("r", [b"2", b"3"])
        await store.journal_end("r", "null", 1.0)  # queued after the appends: they land first
        with caplog.at_level(logging.ERROR, logger="cursord.store.writer"):
            store.journal_append_nowait("r", [b"too late"])
            await store.flush()
        assert "a queued write failed" in caplog.text and "has ended" in caplog.text
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"1", b"2", b"3")


async def test_a_burst_of_nowait_appends_becomes_one_job(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.journal_open("r", None, None)
        await store.journal_open("other", None, None)
        release = threading.Event()
        threaded(store).before_commit = lambda: release.wait(30)  # hold the writer mid-transaction
        jobs_before = threaded(store).jobs
        store.journal_append_nowait("r", [payload(0)])
        await trio.to_thread.run_sync(lambda: None)  # give the writer a moment to take that job
        for n in range(1, 1_000):
            store.journal_append_nowait("r", [payload(n)])
        store.journal_append_nowait("other", [b"o1"])  # another stream: a new job...
        store.journal_append_nowait("r", [payload(1_000)])  # ...so this cannot join the earlier one
        release.set()
        await store.flush()
        threaded(store).before_commit = None
        assert threaded(store).jobs - jobs_before <= 5
        record = await store.journal_load("r")
        assert record is not None and record.events == tuple(payload(n) for n in range(1_001))
        other = await store.journal_load("other")
        assert other is not None and other.events == (b"o1",)


async def test_many_streams_frames_in_one_batch_land_as_each_alone(
    db: StoreTarget, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frames of many streams held in one batch are written together (`journal.append_to_journals`): each
    stream's in order after what it held, and a stream whose journal is not active (ended, never opened,
    a payload that is not bytes) fails alone with its own error, nothing of it written."""
    from cursord.store import journal

    together: list[list[str]] = []
    append_to_journals = journal.append_to_journals

    def spy(conn: object, appends: list[tuple[str, list[bytes]]]) -> list[Exception | None]:
        together.append([request_id for request_id, _ in appends])
        return append_to_journals(conn, appends)  # type: ignore[arg-type]

    monkeypatch.setattr(journal, "append_to_journals", spy)
    async with db.open() as store:
        for name in ("a", "b", "ended", "c"):
            await store.journal_open(name, None, None)
        await store.journal_append("a", [b"a0"])
        await store.journal_append("b", [b"first"])
        await store.journal_end("ended", "null", 1.0)
        # queued in one go: the writer holds a batch of frames nobody waits for open (`COMMIT_DELAY`) and
        # takes them all in it, each stream's frames one job
        store.journal_append_nowait("a", [b"a1", b"a2"])
        store.journal_append_nowait("ended", [b"late"])
        store.journal_append_nowait("missing", [b"nobody"])
        store.journal_append_nowait("b", [b"b1"])
        store.journal_append_nowait("c", [b"c0", "text"])  # type: ignore[list-item]
        store.journal_append_nowait("a", [b"a3"])
        with caplog.at_level(logging.ERROR, logger="cursord.store.writer"):
            await store.flush()
        assert "has ended" in caplog.text and "no journal for request 'missing'" in caplog.text
        assert "journal payloads must be bytes, got str" in caplog.text
        events = {name: (await store.journal_load(name)).events for name in ("a", "b", "ended", "c")}  # type: ignore[union-attr]
        assert events == {"a": (b"a0", b"a1", b"a2", b"a3"), "b": (b"first", b"b1"), "ended": (), "c": ()}
        assert together == [["a", "ended", "missing", "b", "c"]]
        assert await store.journal_append("a", [b"a4"]) == 5  # numbered on from there, without a gap


async def test_a_run_of_keyed_jobs_that_fails_is_run_again_job_by_job(db: StoreTarget) -> None:
    """A write of several keyed jobs that fails part way is rolled back, and each job runs alone in its own
    savepoint: each gets the outcome it would have had, and nothing of the failed attempt stays."""
    from cursord.store import journal

    class FailsTogether:
        def __call__(self, conn: object, key: str, items: list[bytes]) -> None:
            journal.append_events(conn, key, items)  # type: ignore[arg-type]

        tried: list[list[str]] = []

        def many(self, conn: object, jobs: list[tuple[str, list[bytes]]]) -> list[Exception | None]:
            self.tried.append([key for key, _ in jobs])
            journal.append_events(conn, "a", [b"from the failed attempt"])  # type: ignore[arg-type]
            raise ValueError("a statement failed")

    async with db.open() as store:
        await store.journal_open("a", None, None)
        await store.journal_open("b", None, None)
        writer = threaded(store)
        write = FailsTogether()
        writer.extend_nowait("a", [b"a0"], 2, write)  # queued in one go: one batch (as in the test above)
        writer.extend_nowait("b", [b"b0", b"b1"], 4, write)
        await store.flush()
        assert write.tried == [["a", "b"]]
        a, b = await store.journal_load("a"), await store.journal_load("b")
        assert a is not None and a.events == (b"a0",)
        assert b is not None and b.events == (b"b0", b"b1")


async def test_payloads_must_be_bytes(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.journal_open("r", None, None)
        await store.journal_append("r", [b"ok"])
        with pytest.raises(TypeError, match="journal payloads must be bytes"):
            await store.journal_append("r", [b"fine", "text"])  # type: ignore[list-item]
        # the failed append rolled back as a whole; the journal goes on
        assert await store.journal_append("r", [b"next"]) == 2
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"ok", b"next")


async def test_a_job_fails_alone_with_or_without_company(db: StoreTarget) -> None:
    """A job alone in its batch runs without a SAVEPOINT (its failure rolls the batch back); in a batch of
    several, each still has its own: either way a failed job's writes are undone and nobody else's."""
    from cursord.store import journal

    def write_then_fail(conn: object) -> None:
        journal.append_events(conn, "r", [b"undone"])  # type: ignore[arg-type]
        raise ValueError("the job's own error")

    def append_one(payload: bytes) -> object:
        def job(conn: object) -> int:
            journal.append_events(conn, "r", [payload])  # type: ignore[arg-type]
            return journal.event_count(conn, "r")  # type: ignore[arg-type]

        return job

    async with db.open() as store:
        await store.journal_open("r", None, None)
        writer = threaded(store)
        batches = writer.batches
        with pytest.raises(ValueError, match="the job's own error"):
            await writer.run(write_then_fail)
        assert writer.batches == batches + 1
        assert await store.journal_append("r", [b"kept"]) == 1  # the lone job's write was rolled back
        release = threading.Event()
        writer.before_commit = lambda: release.wait(30)  # hold the writer so the next three share a batch
        store.journal_append_nowait("other", [b"x"])  # no journal "other": this job fails (logged)
        await trio.to_thread.run_sync(lambda: None)
        outcomes: dict[str, object] = {}

        async def run(name: str, fn: object) -> None:
            try:
                outcomes[name] = await writer.run(fn)  # type: ignore[arg-type]
            except ValueError as exc:
                outcomes[name] = exc

        async with trio.open_nursery() as nursery:
            nursery.start_soon(run, "before", append_one(b"before"))
            await trio.testing.wait_all_tasks_blocked()
            nursery.start_soon(run, "failing", write_then_fail)
            await trio.testing.wait_all_tasks_blocked()
            nursery.start_soon(run, "after", append_one(b"after"))
            await trio.testing.wait_all_tasks_blocked()
            release.set()
        writer.before_commit = None
        assert outcomes["before"] == 2 and isinstance(outcomes["failing"], ValueError) and outcomes["after"] == 3
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"kept", b"before", b"after")


async def test_cancelled_waiter_still_sees_its_write_land(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.journal_open("r", None, None)
        release = threading.Event()
        threaded(store).before_commit = lambda: release.wait(30)
        results: list[int] = []
        finished = trio.Event()

        async def victim(scope: trio.CancelScope) -> None:
            with scope:
                results.append(await store.journal_append("r", [b"x"]))
                await trio.lowlevel.checkpoint()  # the cancellation arrives here, after the write
                results.append(-1)
            finished.set()

        scope = trio.CancelScope()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(victim, scope)
            await trio.testing.wait_all_tasks_blocked()
            scope.cancel()
            await trio.testing.wait_all_tasks_blocked()
            assert not finished.is_set()  # still waiting for its commit: a queued write is never orphaned
            release.set()
            await finished.wait()
        threaded(store).before_commit = None
        assert results == [1] and scope.cancelled_caught
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"x",)
        with trio.CancelScope() as already:
            already.cancel()
            await store.journal_append("r", [b"never"])  # cancelled before submitting: nothing queued
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"x",)


async def test_a_turn_is_recorded_with_its_journal_entry_in_one_transaction(db: StoreTarget) -> None:
    """`record_turn(journal_entry=...)` writes the entry with the turn while the journal is open, and records
    the turn alone when the journal is closed or was never opened."""
    entry = PendingEntry(PendingKind.TURN, "state", '{"phase": "ended"}')
    async with db.open(clock=lambda: 50.0) as store:
        await store.journal_open("r", "c1", None)
        await store.record_turn("c1", [Message.user("one")], TurnMeta(request_id="r"), journal_entry=entry)
        record = await store.journal_load("r")
        assert record is not None and record.pending == (entry,)
        await store.journal_end("r", "null", 60.0)
        await store.record_turn("c1", [Message.user("two")], TurnMeta(request_id="r"), journal_entry=entry)
        await store.record_turn("c1", [Message.user("three")], TurnMeta(request_id="never"), journal_entry=entry)
        assert [t.turn_seq for t in await store.turns("c1")] == [1, 2, 3]
        ended = await store.journal_load("r")
        assert ended is not None and ended.pending == ()
        assert await store.journal_load("never") is None


async def test_a_run_start_writes_its_journal_in_one_statement_a_write(tmp_path: Path) -> None:
    """A new request id's journal opens, takes its first frame and its turn's record in one statement
    each, the check that the journal is active included (a run start's writes, and every later append)."""
    async with open_store(tmp_path, inline=True) as store:
        statements: list[str] = []
        store.writer.conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]

        def written() -> list[str]:
            return [s.split()[0] for s in statements if not s.startswith(("BEGIN", "COMMIT"))]

        await store.journal_open("r", "c1", "m1")
        assert written() == ["INSERT"]
        store.journal_append_nowait("r", [b"a"])  # as a stream publishes
        await store.flush()
        assert written() == ["INSERT", "INSERT"]  # the check, the numbering and the frame
        await store.journal_pending_put("r", PendingKind.EXEC, "1", "{}")
        assert written() == ["INSERT", "INSERT", "INSERT"]


async def test_a_request_id_with_no_journal_is_looked_up_in_one_statement(tmp_path: Path) -> None:
    """Every new run's RunSSE asks for its journal (a restart may have left one): for a request id with none
    that is one SELECT, no read transaction; one with a journal is read whole in one snapshot."""
    async with open_store(tmp_path) as store:
        statements: list[str] = []
        for conn in store.readers.connections:
            conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]
        assert await store.journal_load("new") is None
        assert await store.waiting_position("new") is None
        assert await store.journal_append_position("new") is None
        assert [s.split()[0] for s in statements] == ["SELECT", "SELECT", "SELECT"]
        await store.journal_open("r", "c1", "m1")
        await store.journal_append("r", [b"a"])
        statements.clear()
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"a",) and record.conversation_id == "c1"
        assert [s.split()[0] for s in statements] == ["SELECT", "BEGIN", "SELECT", "SELECT", "SELECT", "COMMIT"]
