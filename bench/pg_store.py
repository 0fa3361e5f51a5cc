"""How to drive PostgreSQL from trio: worker threads vs libpq's non-blocking mode. Prints the figures.

Run: `python bench/pg_store.py` (from the project root, with the venv's python; about 30 s). It starts a
throwaway PostgreSQL with its default durability (`cursord.testing.postgres.TempCluster(durable=True)`),
or uses `--url postgresql://...` (an empty database: the store migrates it); `--no-fsync` runs the
throwaway server as the tests do, which leaves the drivers' own cost.

Three store calls, each by CONCURRENCY trio tasks at once, every call awaited:

    append  journal_append of one ~100-byte frame (a stream publishing, relaxed durability)
    turn    record_turn of a four-message turn (synchronous_commit on)
    read    load of a conversation of five turns

Two ways to run them:

    threads      cursord's PostgreSQL store: one writer connection on the writer thread (writes queued
                 meanwhile share its transaction), reads on a pool of connections in worker threads
                 (`trio.to_thread.run_sync` under a CapacityLimiter)
    nonblocking  one connection in libpq's non-blocking mode (`PQsendQueryParams`, `PQconsumeInput`),
                 waited on with `trio.lowlevel.wait_readable` / `wait_writable`; the tasks take turns on
                 it (a trio.Lock), one transaction per call, the same statements

Figures: the mean latency of one call as its task sees it (µs), and calls per second over all tasks.
The two alternate, ROUNDS times each; the best round of each is printed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import psycopg
import trio
from psycopg import pq

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cursord.providers.model import Message, TextPart
from cursord.store import SqlStore, encode_parts
from cursord.testing.postgres import TempCluster

CONCURRENCY = 8
CALLS = 250  # per task and round
ROUNDS = 3
FRAME = b"f" * 100
BYTEA = 17


def turn_messages(tag: str) -> list[Message]:
    return [
        Message.user(f"question {tag}"),
        Message.assistant(TextPart(f"let me look {tag}")),
        Message.user(f"and then {tag}"),
        Message.assistant(TextPart(f"answer {tag} " * 20)),
    ]


async def _record_turn(store: SqlStore, tag: str, n: int) -> object:
    return await store.record_turn(f"t-turn{tag}-{n}", turn_messages(tag))


async def _nb_turn(nb: NonBlocking, tag: str, n: int) -> None:
    await nb.turn(f"n-turn{tag}-{n}", turn_messages(tag))


# ---- the non-blocking driver ------------------------------------------------------------------------


class NonBlocking:
    """One libpq connection in non-blocking mode, waited on by trio; one user at a time."""

    def __init__(self, url: str) -> None:
        self.conn = psycopg.connect(url, autocommit=True)
        self.pg = self.conn.pgconn
        self.pg.nonblocking = 1
        self.fd = self.pg.socket
        self.lock = trio.Lock()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        # bytes go as binary bytea, everything else as text the server casts
        values = [v if v is None or isinstance(v, bytes) else str(v).encode() for v in params]
        types = [BYTEA if isinstance(v, bytes) else 0 for v in params]
        formats = [1 if isinstance(v, bytes) else 0 for v in params]
        self.pg.send_query_params(sql.encode(), values, types, formats)
        while self.pg.flush() != 0:
            await trio.lowlevel.wait_writable(self.fd)
        rows: list[tuple[Any, ...]] = []
        while True:
            self.pg.consume_input()
            while self.pg.is_busy():
                await trio.lowlevel.wait_readable(self.fd)
                self.pg.consume_input()
            result = self.pg.get_result()
            if result is None:
                return rows
            if result.status not in (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK):
                raise RuntimeError((result.error_message or b"").decode())
            for r in range(result.ntuples):
                rows.append(tuple(result.get_value(r, c) for c in range(result.nfields)))

    async def transaction(self, begin: str, body: Callable[[], Awaitable[object]]) -> None:
        async with self.lock:
            await self.execute(begin)
            try:
                await body()
            except BaseException:
                await self.execute("ROLLBACK")
                raise
            await self.execute("COMMIT")

    # the store's statements, with $n placeholders

    async def append(self, request_id: str) -> None:
        async def body() -> None:
            await self.execute("SET LOCAL synchronous_commit = off")
            state = await self.execute("SELECT state FROM journal_streams WHERE request_id = $1", [request_id])
            assert state == [(b"active",)]
            last = await self.execute(
                "SELECT seq FROM journal_events WHERE request_id = $1 ORDER BY seq DESC LIMIT 1", [request_id]
            )
            seq = 0 if not last else int(last[0][0]) + 1
            await self.execute(
                "INSERT INTO journal_events(request_id, seq, payload) VALUES ($1, $2, $3)", [request_id, seq, FRAME]
            )

        await self.transaction("BEGIN", body)

    async def turn(self, conversation_id: str, messages: list[Message]) -> None:
        now = time.time()

        async def body() -> None:
            await self.execute(
                "INSERT INTO conversations(conversation_id, created_at, updated_at) VALUES ($1, $2, $2) "
                "ON CONFLICT(conversation_id) DO UPDATE SET updated_at = excluded.updated_at",
                [conversation_id, now],
            )
            last = await self.execute(
                "SELECT turn_seq FROM turns WHERE conversation_id = $1 ORDER BY turn_seq DESC LIMIT 1",
                [conversation_id],
            )
            seq = 1 if not last else int(last[0][0]) + 1
            await self.execute(
                "INSERT INTO turns(conversation_id, turn_seq, status, committed_at) VALUES ($1, $2, 'completed', $3)",
                [conversation_id, seq, now],
            )
            for position, m in enumerate(messages):
                await self.execute(
                    "INSERT INTO messages(conversation_id, turn_seq, position, role, parts) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    [conversation_id, seq, position, m.role.value, encode_parts(m.parts)],
                )

        await self.transaction("BEGIN", body)

    async def read(self, conversation_id: str) -> None:
        async def body() -> None:
            await self.execute(
                "SELECT summary, summary_up_to_turn FROM conversations WHERE conversation_id = $1", [conversation_id]
            )
            rows = await self.execute(
                "SELECT m.role, m.parts FROM messages AS m JOIN turns AS t USING (conversation_id, turn_seq) "
                "WHERE m.conversation_id = $1 AND m.turn_seq > 0 AND t.status = 'completed' "
                "ORDER BY m.turn_seq, m.position",
                [conversation_id],
            )
            assert len(rows) == 20

        await self.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", body)


# ---- measuring ----------------------------------------------------------------------------------------


async def measure(call: Callable[[int], Awaitable[object]]) -> tuple[float, float]:
    """(mean µs per call, calls per second) with CONCURRENCY tasks making CALLS calls each."""
    latencies: list[float] = []

    async def task(n: int) -> None:
        for _ in range(CALLS):
            started = time.perf_counter()
            await call(n)
            latencies.append(time.perf_counter() - started)

    started = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for n in range(CONCURRENCY):
            nursery.start_soon(task, n)
    elapsed = time.perf_counter() - started
    return statistics.fmean(latencies) * 1e6, len(latencies) / elapsed


async def prepare(store: SqlStore, prefix: str) -> None:
    for n in range(CONCURRENCY):
        await store.journal_open(f"{prefix}-r{n}", None, None)
        for t in range(5):
            await store.record_turn(f"{prefix}-read{n}", turn_messages(f"{n}.{t}"))


async def run(url: str) -> dict[str, dict[str, list[tuple[float, float]]]]:
    figures: dict[str, dict[str, list[tuple[float, float]]]] = {
        "threads": {"append": [], "turn": [], "read": []},
        "nonblocking": {"append": [], "turn": [], "read": []},
    }
    with tempfile.TemporaryDirectory() as unused:
        store = await SqlStore.open(unused, url=url, readers=CONCURRENCY)
        try:
            await prepare(store, "t")
            await prepare(store, "n")
            nb = NonBlocking(url)
            for round_no in range(ROUNDS):
                tag = f"{round_no}"
                by_threads: dict[str, Callable[[int], Awaitable[object]]] = {
                    "append": lambda n: store.journal_append(f"t-r{n}", [FRAME]),
                    "turn": partial(_record_turn, store, tag),
                    "read": lambda n: store.load(f"t-read{n}"),
                }
                by_nonblocking: dict[str, Callable[[int], Awaitable[object]]] = {
                    "append": lambda n: nb.append(f"n-r{n}"),
                    "turn": partial(_nb_turn, nb, tag),
                    "read": lambda n: nb.read(f"n-read{n}"),
                }
                for op in ("append", "turn", "read"):
                    figures["threads"][op].append(await measure(by_threads[op]))
                    figures["nonblocking"][op].append(await measure(by_nonblocking[op]))
            nb.conn.close()
        finally:
            await store.aclose()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throwaway server)")
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="the throwaway server without fsync (as the tests run it): the drivers' own cost",
    )
    args = parser.parse_args()
    cluster = None if args.url else TempCluster.start(durable=not args.no_fsync)
    try:
        url = args.url or cluster.url(cluster.new_database())  # type: ignore[union-attr]
        figures = trio.run(run, url)
    finally:
        if cluster is not None:
            cluster.stop()
    server = (args.url and "the given server") or ("no fsync" if args.no_fsync else "fsync on")
    print(f"PostgreSQL store calls ({server}), {CONCURRENCY} concurrent tasks x {CALLS} calls, best of {ROUNDS} rounds")
    print(
        f"  {'driver':<12} {'append µs':>10} {'turn µs':>10} {'read µs':>10}   {'append/s':>9} {'turn/s':>9} "
        f"{'read/s':>9}"
    )
    for driver, ops in figures.items():
        best = {op: min(rounds) for op, rounds in ops.items()}
        print(
            f"  {driver:<12} "
            + " ".join(f"{best[op][0]:>10,.0f}" for op in ("append", "turn", "read"))
            + "   "
            + " ".join(f"{best[op][1]:>9,.0f}" for op in ("append", "turn", "read"))
        )


if __name__ == "__main__":
    main()
