"""Crash safety and responsiveness of the store.

The writer runs in a child process (this file, run as a script) that is killed with SIGKILL: once
deterministically inside a big transaction, once at an arbitrary moment of a busy workload. Reopening
must show every turn the child was told was committed, and no part of any other.

Real clock throughout: the store works through OS threads and the child is an OS process, which a trio
MockClock cannot see. Time bounds are generous; nothing sleeps on the wall clock.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import trio
import trio.lowlevel

from cursord.providers.model import Message, TextPart
from cursord.store import PendingKind, Store, open_store
from cursord.store.errors import StoreError, StoreFull
from tests.store.conftest import StoreTarget, threaded

CHILD_DEADLINE = 60.0
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def turn_messages(cid: str, seq: int, padding: int = 0) -> list[Message]:
    """A turn whose every message names (conversation, turn, size, position): partial turns show."""
    size = 2 + (seq * 7) % 9
    pad = "p" * padding
    return [Message.user(f"{cid}|{seq}|{size}|0")] + [
        Message.assistant(TextPart(f"{cid}|{seq}|{size}|{i}|{pad}")) for i in range(1, size)
    ]


def check_turn(cid: str, seq: int, messages: list[Message]) -> None:
    size = 2 + (seq * 7) % 9
    assert len(messages) == size, f"{cid} turn {seq}: {len(messages)} of {size} messages"
    for i, message in enumerate(messages):
        assert message.text().startswith(f"{cid}|{seq}|{size}|{i}"), message.text()[:40]


# ---- the child ------------------------------------------------------------------------------------


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def child_hang_in_transaction(data_dir: str) -> None:
    async with open_store(data_dir) as store:
        for seq in range(1, 6):
            await store.commit_turn("c", turn_messages("c", seq))
            say(f"committed c {seq}")
        await store.journal_open("r", "c", "m")
        await store.journal_append("r", [b"committed event"])
        say("journal 1")

        def hang() -> None:  # runs in the writer thread, after the batch's inserts, before COMMIT
            conn = threaded(store).conn
            say(f"in-transaction {int(conn.in_transaction)} {conn.total_changes}")
            time.sleep(3600)

        threaded(store).before_commit = hang
        async with trio.open_nursery() as nursery:  # several big turns and appends, queued together
            for _ in range(4):
                nursery.start_soon(store.commit_turn, "c", turn_messages("c", 99, padding=4_000_000))
            nursery.start_soon(store.journal_append, "r", [b"uncommitted"] * 5_000)


async def child_busy(data_dir: str, url: str | None = None) -> None:
    async with open_store(data_dir, url=url) as store:

        async def converse(cid: str) -> None:
            for seq in range(1, 100_000):
                padding = 300_000 if seq % 5 == 0 else 100  # some turns big enough to span WAL pages
                await store.commit_turn(cid, turn_messages(cid, seq, padding))
                say(f"committed {cid} {seq}")

        async with trio.open_nursery() as nursery:
            for i in range(4):
                nursery.start_soon(converse, f"c{i}")


# ---- the parent -----------------------------------------------------------------------------------


async def run_child_until(mode: str, data_dir: Path, stop: int, url: str | None = None) -> list[str]:
    """Run the child, read its lines, SIGKILL it once `stop` lines arrived; returns the lines."""
    lines: list[str] = []
    with trio.fail_after(CHILD_DEADLINE):
        process = await trio.lowlevel.open_process(
            [sys.executable, __file__, mode, str(data_dir), *([url] if url else [])],
            stdout=-1,  # subprocess.PIPE
            env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        )
        try:
            assert process.stdout is not None
            buffer = b""
            while len(lines) < stop:
                chunk = await process.stdout.receive_some(65536)
                assert chunk, f"the child exited early (code {await process.wait()}) after {lines[-3:]}"
                buffer += chunk
                *complete, buffer = buffer.split(b"\n")
                lines.extend(line.decode() for line in complete)
            process.send_signal(signal.SIGKILL)
            assert await process.wait() == -signal.SIGKILL
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    return lines


async def test_sigkill_inside_a_big_transaction_loses_only_that_transaction(tmp_path: Path) -> None:
    lines = await run_child_until("hang", tmp_path, stop=7)
    assert lines[:6] == [f"committed c {seq}" for seq in range(1, 6)] + ["journal 1"]
    marker, in_transaction, changes = lines[6].split()
    assert marker == "in-transaction" and in_transaction == "1" and int(changes) > 40
    # the uncommitted batch (megabytes, more than SQLite's 2 MB page cache) had spilled into the WAL
    assert (tmp_path / "cursord.sqlite3-wal").stat().st_size > 1_000_000

    async with open_store(tmp_path) as store:
        records = await store.turns("c")
        assert [r.turn_seq for r in records] == [1, 2, 3, 4, 5]
        history = await store.load("c")
        offset = 0
        for seq in range(1, 6):
            size = len(turn_messages("c", seq))
            check_turn("c", seq, history[offset : offset + size])
            offset += size
        assert offset == len(history)
        journal = await store.journal_load("r")
        assert journal is not None and journal.events == (b"committed event",)
        await store.commit_turn("c", turn_messages("c", 6))  # and the store goes on
        assert [r.turn_seq for r in await store.turns("c")] == [1, 2, 3, 4, 5, 6]


async def test_sigkill_at_an_arbitrary_moment_keeps_every_committed_turn_whole(db: StoreTarget) -> None:
    lines = await run_child_until("busy", db.data_dir, stop=60, url=db.url)
    reported: dict[str, int] = {}
    for line in lines:
        word, cid, reported_seq = line.split()
        assert word == "committed"
        reported[cid] = max(reported.get(cid, 0), int(reported_seq))
    async with db.open() as store:
        for i in range(4):
            cid = f"c{i}"
            seqs = [r.turn_seq for r in await store.turns(cid)]
            assert seqs == list(range(1, len(seqs) + 1))  # no gaps
            assert len(seqs) >= reported.get(cid, 0)  # nothing the child was told is lost
            for seq in seqs:  # and every stored turn is whole
                check_turn(cid, seq, await store.turn_messages(cid, seq))


async def test_a_large_write_does_not_block_the_event_loop(db: StoreTarget) -> None:
    """Megabytes of tool results are written in the store's thread: held just before its COMMIT, the write
    leaves the event loop free: other tasks go on meanwhile."""
    async with db.open() as store:
        writer = threaded(store)
        at_commit, release = threading.Event(), threading.Event()

        def hold() -> None:
            at_commit.set()
            release.wait(30)

        writer.before_commit = hold
        messages = [Message.tool_result(f"call-{n}", f"{n} " + "x" * 20_000) for n in range(500)]
        done = trio.Event()

        async def write() -> None:
            await store.commit_turn("big", messages)
            done.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(write)
            assert await trio.to_thread.run_sync(at_commit.wait, 30)
            loop_turns = 0
            for _ in range(50):  # the loop goes on while the thread holds the write
                await trio.lowlevel.checkpoint()
                loop_turns += 1
            assert loop_turns == 50 and not done.is_set()
            release.set()
        writer.before_commit = None
        assert len(await store.load("big")) == 500


async def test_queued_writes_share_transactions(db: StoreTarget) -> None:
    import threading

    async with db.open() as store:
        await store.journal_open("r", None, None)
        release = threading.Event()
        threaded(store).before_commit = lambda: release.wait(30)
        batches_before = threaded(store).batches
        async with trio.open_nursery() as nursery:
            for n in range(200):
                nursery.start_soon(store.journal_append, "r", [f"{n}".encode()])
            await trio.testing.wait_all_tasks_blocked()
            release.set()
        threaded(store).before_commit = None
        assert threaded(store).batches - batches_before <= 2  # the first job alone, then the other 199
        record = await store.journal_load("r")
        assert record is not None and sorted(record.events, key=int) == [f"{n}".encode() for n in range(200)]


async def test_frames_nobody_waits_for_are_held_for_one_commit_until_a_write_is_awaited(db: StoreTarget) -> None:
    """A stream's lone journal frames (queued without waiting) are held open for the commit delay and
    commit together; a write somebody awaits ends the hold at once, and order is kept."""
    async with db.open() as store:
        writer = threaded(store)
        await store.journal_open("r", None, None)
        writer.commit_delay = 3600.0
        batches_before = writer.batches
        store.journal_append_nowait("r", [b"1"])
        assert await trio.to_thread.run_sync(writer.holding.wait, 30)  # the writer took it, and holds
        for n in range(2, 6):
            store.journal_append_nowait("r", [f"{n}".encode()])
        assert writer.batches == batches_before
        with trio.fail_after(30):
            assert await store.journal_append("r", [b"6"]) == 6
        assert writer.batches - batches_before == 1
        record = await store.journal_load("r")
        assert record is not None and list(record.events) == [f"{n}".encode() for n in range(1, 7)]


async def test_frames_held_together_become_one_job_per_stream(tmp_path: Path) -> None:
    """Streams publishing in turn while the writer holds a batch: each stream's frames join its own job."""
    async with open_store(tmp_path) as store:
        writer = threaded(store)
        for request_id in ("r", "s"):
            await store.journal_open(request_id, None, None)
        writer.commit_delay = 3600.0
        batches_before, jobs_before = writer.batches, writer.jobs
        store.journal_append_nowait("r", [b"r1"])
        assert await trio.to_thread.run_sync(writer.holding.wait, 30)
        for frame in (b"s1", b"r2", b"s2", b"r3", b"s3"):
            store.journal_append_nowait(frame[:1].decode(), [frame])
        with trio.fail_after(30):
            await store.flush()
        assert (writer.batches - batches_before, writer.jobs - jobs_before) == (1, 3)  # r, s and the flush
        for request_id in ("r", "s"):
            record = await store.journal_load(request_id)
            assert record is not None and record.events == tuple(f"{request_id}{n}".encode() for n in (1, 2, 3))


async def test_a_write_about_a_stream_keeps_its_frames_on_their_side_of_it(tmp_path: Path) -> None:
    """Frames queued after another write about their stream (its journal dropped, then opened afresh under
    the same request id) go after it, not into the stream's earlier job, which the held batch still has."""
    async with open_store(tmp_path) as store:
        writer = threaded(store)
        for request_id in ("r", "s"):
            await store.journal_open(request_id, None, None)
        writer.commit_delay = 3600.0
        store.journal_append_nowait("r", [b"old"])
        assert await trio.to_thread.run_sync(writer.holding.wait, 30)
        store.journal_append_nowait("s", [b"s0"])
        store.journal_drop_nowait("r")
        store.journal_open_nowait("r", None, None)
        store.journal_append_nowait("r", [b"new"])
        store.journal_append_nowait("s", [b"s1"])
        with trio.fail_after(30):
            await store.flush()
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"new",)
        record = await store.journal_load("s")
        assert record is not None and record.events == (b"s0", b"s1")


STEP_OR_END: dict[str, Callable[[Store], None]] = {
    "a step boundary": lambda store: store.journal_pending_put_nowait("r", PendingKind.TURN, "state", "{}"),
    "the ending": lambda store: store.journal_end_nowait("r", "{}", 1.0),
}


@pytest.mark.parametrize("write", STEP_OR_END.values(), ids=STEP_OR_END.keys())
async def test_a_step_boundary_or_an_ending_commits_the_held_frames_at_once(
    tmp_path: Path, write: Callable[[Store], None]
) -> None:
    """Nobody awaits the turn's snapshot or the stream's ending, yet they end the hold: what a restart
    replays up to (the step boundary, the ending) commits with every frame before it."""
    async with open_store(tmp_path) as store:
        writer = threaded(store)
        await store.journal_open("r", None, None)
        writer.commit_delay = 3600.0
        committing = threading.Event()
        writer.before_commit = committing.set
        store.journal_append_nowait("r", [b"1"])
        assert await trio.to_thread.run_sync(writer.holding.wait, 30)
        store.journal_append_nowait("r", [b"2"])
        write(store)
        assert await trio.to_thread.run_sync(committing.wait, 30)
        writer.before_commit = None
        with trio.fail_after(30):
            await store.flush()
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"1", b"2")
        assert len(record.pending) == 1 or record.ending_json == "{}"


async def test_closing_the_store_commits_a_held_batch(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.journal_open("r", None, None)
        threaded(store).commit_delay = 3600.0
        store.journal_append_nowait("r", [b"held"])
        assert await trio.to_thread.run_sync(threaded(store).holding.wait, 30)
        with trio.fail_after(30):
            await store.aclose()
    async with db.open() as store:
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"held",)


async def test_durable_writes_commit_with_synchronous_full(db: StoreTarget) -> None:
    """SQLite's FULL and NORMAL, PostgreSQL's synchronous_commit on and off."""
    setting = {"sqlite": "PRAGMA synchronous", "postgresql": "SHOW synchronous_commit"}[db.engine]
    levels: dict[object, int] = {1: 1, 2: 2, "off": 1, "on": 2}
    async with db.open() as store:
        seen: list[int] = []
        threaded(store).before_commit = lambda: seen.append(
            levels[threaded(store).conn.execute(setting).fetchone()[0]]
        )
        await store.journal_open("r", None, None)
        await store.commit_turn("c", [Message.user("keep me")])
        await store.journal_append("r", [b"e"])
        await store.save_checkpoint("c", 1, b"state")
        await store.record_turn("c", [Message.user("x")])
        await store.mark_blob_stored(b"b", True)
        assert seen == [1, 2, 1, 2, 2, 1]  # 1 = NORMAL (off), 2 = FULL (on)


if __name__ == "__main__":
    _mode, _where = sys.argv[1], sys.argv[2:]
    trio.run({"hang": child_hang_in_transaction, "busy": child_busy}[_mode], *_where)


@pytest.mark.parametrize("inline", [False, True])
async def test_a_full_disk_is_reported_as_a_full_disk(tmp_path: Path, inline: bool) -> None:
    """Issue 27 #15: SQLite rolls the whole transaction back on SQLITE_FULL, so the job's `ROLLBACK TO`
    failed and the caller (the editor, in the end) was told `no such savepoint: job`."""
    async with open_store(tmp_path, inline=inline) as store:
        await store.record_turn("c1", [Message.user("fits")])
        # a quota of two more pages: the same error SQLite gives on a full disk
        pages = await store.writer.run(lambda c: c.execute("PRAGMA page_count").fetchone()[0])
        await store.writer.run(lambda c: c.execute(f"PRAGMA max_page_count = {pages + 2}").fetchone())
        with pytest.raises(StoreFull, match="the store's disk is full") as full:
            await store.record_turn("c1", [Message.user("y" * 200_000)])
        assert "savepoint" not in str(full.value) and "disk is full" in str(full.value)
        await store.writer.run(lambda c: c.execute("PRAGMA max_page_count = 1073741823").fetchone())
        assert (await store.record_turn("c1", [Message.user("room again")])).turn_seq == 2  # the store goes on


async def test_a_flush_writes_nothing_and_fails_with_its_batch(tmp_path: Path) -> None:
    """A flush takes no SAVEPOINT beside the writes of its batch and, alone, no transaction; it still
    waits for that batch's COMMIT and fails when the batch does (what it was to wait for never landed)."""
    async with open_store(tmp_path) as store:
        writer = threaded(store)
        await store.journal_open("r", None, None)
        statements: list[str] = []
        writer.conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]
        await store.flush()
        assert statements == []
        writer.commit_delay = 3600.0
        store.journal_append_nowait("r", [b"1"])
        assert await trio.to_thread.run_sync(writer.holding.wait, 30)  # held: the flush joins its batch
        with trio.fail_after(30):
            await store.flush()
        assert [s.split()[0] for s in statements].count("SAVEPOINT") == 0  # the append alone needs none
        assert statements[-1] == "COMMIT"

        def fail() -> None:
            raise OSError("the disk went away")

        writer.before_commit = fail
        store.journal_append_nowait("r", [b"2"])
        assert await trio.to_thread.run_sync(writer.holding.wait, 30)
        with trio.fail_after(30), pytest.raises(StoreError, match="the disk went away"):
            await store.flush()
        writer.before_commit = None
        record = await store.journal_load("r")
        assert record is not None and record.events == (b"1",)
