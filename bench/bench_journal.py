"""What journalling a stream costs: journal_append throughput vs appending to a list, and replay time.

Run: `python bench/bench_journal.py` (from the project root, with the venv's python).

A stream publishes small frames (~100 B serialized AgentServerMessages) one at a time, or a few at a
time when a provider delivers a burst. The baseline is the in-memory backlog (`list.append`). Journal
figures are end to end: the clock stops when the last event is committed. "loop" is the time the trio
thread itself spent per event (what journalling costs the event loop; the rest runs in the writer).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import trio

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cursord.store import SqlStore
from cursord.store.writer import WriterThread

EVENTS = 10_000


def threaded(store: SqlStore) -> WriterThread:
    """The store's writer thread (these tests use the threaded store, not `inline=True`)."""
    assert isinstance(store.writer, WriterThread)
    return store.writer


def payloads(n: int) -> list[bytes]:
    return [f"frame {i:06d} ".encode() + hashlib.sha256(i.to_bytes(4, "big")).digest() * 3 for i in range(n)]


def report(name: str, events: int, seconds: float, loop_seconds: float | None = None) -> None:
    loop = "" if loop_seconds is None else f"   loop {loop_seconds / events * 1e6:6.2f} µs/event"
    print(f"  {name:<46} {events / seconds:>12,.0f} events/s   {seconds * 1e3:8.1f} ms{loop}")


def baseline(frames: list[bytes]) -> None:
    best = float("inf")
    for _ in range(5):
        backlog: list[bytes] = []
        started = time.perf_counter()
        for frame in frames:
            backlog.append(frame)
        best = min(best, time.perf_counter() - started)
    report("list.append (in-memory backlog)", len(frames), best)


async def with_store(fn: Callable[[SqlStore], Awaitable[None]]) -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        store = await SqlStore.open(data_dir)
        try:
            await fn(store)
        finally:
            await store.aclose()


async def nowait_each(frames: list[bytes]) -> None:
    async def run(store: SqlStore) -> None:
        await store.journal_open("r", "c", "m")
        started = time.perf_counter()
        for frame in frames:
            store.journal_append_nowait("r", [frame])
        loop = time.perf_counter() - started
        await store.flush()
        report("journal_append_nowait, 1 event per call", len(frames), time.perf_counter() - started, loop)

    await with_store(run)


async def nowait_yielding(frames: list[bytes], burst: int) -> None:
    """Like a real stream: the loop yields between bursts, so the writer commits as they come."""

    async def run(store: SqlStore) -> None:
        await store.journal_open("r", "c", "m")
        started = time.perf_counter()
        loop = 0.0
        for i in range(0, len(frames), burst):
            t0 = time.perf_counter()
            for frame in frames[i : i + burst]:
                store.journal_append_nowait("r", [frame])
            loop += time.perf_counter() - t0
            await trio.lowlevel.checkpoint()
        await store.flush()
        name = f"journal_append_nowait, yield every {burst} events"
        report(name, len(frames), time.perf_counter() - started, loop)

    await with_store(run)


async def awaited(frames: list[bytes], batch: int) -> None:
    async def run(store: SqlStore) -> None:
        await store.journal_open("r", "c", "m")
        started = time.perf_counter()
        for i in range(0, len(frames), batch):
            await store.journal_append("r", frames[i : i + batch])
        report(f"await journal_append, batches of {batch}", len(frames), time.perf_counter() - started)

    await with_store(run)


async def concurrent_streams(frames: list[bytes], streams: int, batch: int) -> None:
    async def run(store: SqlStore) -> None:
        for s in range(streams):
            await store.journal_open(f"r{s}", "c", "m")
        batches_before = threaded(store).batches

        async def produce(request_id: str) -> None:
            for i in range(0, len(frames), batch):
                await store.journal_append(request_id, frames[i : i + batch])

        started = time.perf_counter()
        async with trio.open_nursery() as nursery:
            for s in range(streams):
                nursery.start_soon(produce, f"r{s}")
        elapsed = time.perf_counter() - started
        name = f"{streams} streams, await batches of {batch}"
        report(name, streams * len(frames), elapsed)
        calls = streams * len(frames) // batch
        print(f"  {'':<46} ({calls:,} calls in {threaded(store).batches - batches_before:,} transactions)")

    await with_store(run)


async def lone_frames(frames: list[bytes], streams: int, gap: float, seconds: float, reps: int = 3) -> None:
    """Streams each publishing one frame every `gap` seconds (a provider's deltas), real clock: the
    process's CPU time (the trio thread and the writer thread) per frame beyond the same loop without a
    journal (median of `reps` alternations), and the transactions one run took."""

    async def publish(append: Callable[[str, bytes], None]) -> tuple[float, int]:
        ids = [f"r{s}" for s in range(streams)]
        cpu, started, n = time.process_time(), trio.current_time(), 0
        for k in range(int(seconds / gap)):
            await trio.sleep_until(started + k * gap)
            for request_id in ids:
                append(request_id, frames[n % len(frames)])
                n += 1
        return time.process_time() - cpu, n

    costs: list[float] = []
    transactions = 0

    async def run(store: SqlStore) -> None:
        nonlocal transactions
        backlog: list[bytes] = []
        bare, _ = await publish(lambda request_id, frame: backlog.append(frame))
        for s in range(streams):
            await store.journal_open(f"r{s}", "c", "m")
        batches = threaded(store).batches
        used, n = await publish(lambda request_id, frame: store.journal_append_nowait(request_id, [frame]))
        await store.flush()
        costs.append((used - bare) / n * 1e6)
        transactions = threaded(store).batches - batches

    for _ in range(reps):
        await with_store(run)
    name = f"{streams} streams x {1 / gap:g} frames/s, {seconds:g} s"
    print(f"  {name:<46} {statistics.median(costs):>8.1f} µs CPU/frame   {transactions:>5} transactions")


async def load_backlog(frames: list[bytes]) -> None:
    async def run(store: SqlStore) -> None:
        await store.journal_open("r", "c", "m")
        await store.journal_append("r", frames)
        times = []
        for _ in range(7):
            started = time.perf_counter()
            record = await store.journal_load("r")
            times.append(time.perf_counter() - started)
            assert record is not None and len(record.events) == len(frames)
        median, best = statistics.median(times) * 1e3, min(times) * 1e3
        print(f"  journal_load of a {len(frames):,}-event backlog: median {median:.1f} ms, best {best:.1f} ms")

    await with_store(run)


async def main(events: int, seconds: float, lone: bool) -> None:
    frames = payloads(events)
    if not lone:
        print(f"{events:,} events of {len(frames[0])} B; SQLite in WAL mode, synchronous=NORMAL")
        baseline(frames)
        await nowait_each(frames)
        for burst in (1, 16):
            await nowait_yielding(frames, burst)
        for batch in (1, 16, 64, 256):
            await awaited(frames, batch)
        await concurrent_streams(frames, streams=8, batch=1)
        await concurrent_streams(frames, streams=8, batch=16)
        await load_backlog(frames)
    print("lone frames (process CPU per frame beyond the same loop without a journal):")
    await lone_frames(frames, streams=1, gap=0.01, seconds=seconds)
    await lone_frames(frames, streams=200, gap=0.2, seconds=seconds)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=EVENTS)
    parser.add_argument("--seconds", type=float, default=5.0, help="how long the lone-frame streams publish")
    parser.add_argument("--lone", action="store_true", help="only the lone-frame figures")
    args = parser.parse_args()
    trio.run(main, args.events, args.seconds, args.lone)
