"""WriterThread: the one thread that writes, committing whatever is queued as one transaction.

Theory of operation: a dedicated `threading.Thread` owns the write connection. Callers hand it *jobs* (a
function of the connection) through a `queue.SimpleQueue`. The thread blocks for one job, then drains whatever
else is already queued (up to `max_batch_jobs` jobs or `max_batch_bytes` of payload) and runs the lot in one
`BEGIN IMMEDIATE ... COMMIT`, each job inside its own SAVEPOINT so one job's error rolls back only that job (a
job alone in its batch needs none: its error rolls the batch back, which saves two statements per batch, two
round trips on PostgreSQL). A `flush` writes nothing: it takes no SAVEPOINT, a batch of flushes alone no
transaction, and it fails only with its batch's transaction. Only after COMMIT returns are the results handed
back, so a caller that has been answered knows its write is committed. While a batch commits, new jobs queue
up and form the next batch: under load, appends from many streams share one transaction (group
commit), which is what makes journalling every frame affordable.

Durability is per batch: `synchronous=NORMAL` (a WAL commit is safe against a process crash; a power
cut may lose the last few transactions, never corrupting the file), switched to `FULL` (fsync at
commit) for a batch holding any job submitted with `durable=True`.

A trio task waits for its job with `trio.lowlevel.wait_task_rescheduled`; the thread wakes it with one
`TrioToken.run_sync_soon` per batch, which reschedules every waiting task in submission order.
A job, once queued, always runs: the waiting task cannot be cancelled out of the wait (`Abort.FAILED`),
so it always learns whether its write landed, and the cancellation is delivered at its next
checkpoint. Jobs are short and batches bounded, so this delay is small. `run_nowait` queues a job
nobody waits for (for code that must not await, like a synchronous publish); its errors are logged.

Why not `trio.to_thread.run_sync` with `CapacityLimiter(1)`: every call there is its own hand-off and
its own transaction, so a hundred queued appends would cost a hundred commits, and batching would
need a second queue in front of it anyway. The dedicated thread makes the queue the batch, keeps
every write on one connection and one thread, and costs one wake-up per batch rather than per call.

Group commit over time: a batch that starts with a job nobody waits for (a journal frame queued by a
stream's publish) is held open for `commit_delay` seconds before it commits, gathering whatever else is
queued meanwhile. A stream publishing one frame at a time (a provider's deltas, tens of milliseconds
apart) then costs one transaction per `commit_delay`, not one per frame (a commit and a writer-thread
wake-up each). Anything somebody waits for (`run`, `flush`), any durable job, an `urgent` one (the
stream journal's step boundaries and endings) and `close` cut the hold short; and since every job still
goes through the one queue, writes land in submission order as before. A process crash may lose what
the last `commit_delay` queued without waiting (it was never acknowledged to anyone).

Coalescing per key: `extend_nowait` adds a stream's frame to that stream's job still waiting in the
queue (its key's open job), wherever it stands, so the frames many streams publish while a batch is held
become one job (one SAVEPOINT and one `executemany`) per stream, not one per frame. Adding to an earlier
job only moves those writes earlier, past writes of other keys; `seal(key)` closes the key's open job
so the key's own writes keep their order: whoever writes anything else about a key seals it first. Keyed
jobs of one write that follow one another in a batch (many streams' frames, about one each at many streams)
run together, by the write's `many` (`KeyedWrite`) under one SAVEPOINT, not one each: if a statement of it
fails, that is rolled back and each job runs alone in its own, so each gets the outcome it would have had.

`before_commit` is a fault-injection seam for tests (called in the thread just before COMMIT); `holding`
is set while the writer holds a batch open.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar, cast

import attrs
import outcome
import trio

from cursord.store.errors import StoreClosed, write_failed
from cursord.store.sql import SQLITE, Connection, Dialect

log = logging.getLogger(__name__)

T = TypeVar("T")
WriteFn = Callable[[Connection], Any]


class KeyedWrite(Protocol):
    """The write of `extend_nowait` jobs: one key's items; or (`many`) those of a run of such jobs one after
    another in a batch, in fewer statements: each job's error (None: written) and nothing written for a job
    with one, or an exception for all if a statement fails (the writer then runs each job alone)."""

    def __call__(self, conn: Connection, key: Any, items: list[Any], /) -> Any: ...

    def many(self, conn: Connection, jobs: list[tuple[Any, list[Any]]], /) -> list[Exception | None]: ...


MAX_BATCH_JOBS = 1_000
MAX_BATCH_BYTES = 8 * 1024 * 1024
#: seconds a batch of writes nobody waits for is held open for more (see "Group commit over time").
COMMIT_DELAY = 0.25


@attrs.define(eq=False, slots=True)
class _Job:
    #: `fn(conn)`; for an `extend_nowait` job, `fn(conn, merge_key, items)` (no closure made per job: a job
    #: waits out the hold, past young collections, and every object it holds is one more to scan)
    fn: Callable[..., Any]
    durable: bool
    weight: int
    token: trio.lowlevel.TrioToken | None = None
    task: trio.lowlevel.Task | None = None  # None: nobody waits (run_nowait)
    #: set for `extend_nowait` jobs: later calls with the same key may add to `items` until it starts.
    merge_key: Hashable | None = None
    items: list[Any] | None = None

    def write(self, conn: Connection) -> Any:
        return self.fn(conn) if self.items is None else self.fn(conn, self.merge_key, self.items)


_STOP = object()


def _reschedule_all(results: list[tuple[trio.lowlevel.Task, outcome.Outcome[Any]]]) -> None:
    for task, result in results:
        trio.lowlevel.reschedule(task, result)


def _abort_failed(raise_cancel: Any) -> trio.lowlevel.Abort:
    return trio.lowlevel.Abort.FAILED


@attrs.define(eq=False)
class WriterThread:
    conn: Connection
    dialect: Dialect = SQLITE
    max_batch_jobs: int = MAX_BATCH_JOBS
    max_batch_bytes: int = MAX_BATCH_BYTES
    before_commit: Callable[[], object] | None = None
    commit_delay: float = COMMIT_DELAY
    holding: threading.Event = attrs.field(factory=threading.Event)
    batches: int = 0  # committed or failed transactions so far (for tests and benchmarks)
    jobs: int = 0
    _queue: queue.SimpleQueue[_Job | object] = attrs.field(init=False, factory=queue.SimpleQueue)
    _thread: threading.Thread | None = attrs.field(init=False, default=None)
    _accepting: bool = attrs.field(init=False, default=False)
    #: makes "check accepting, then put" atomic against the thread's "stop accepting, then drain".
    _gate: threading.Lock = attrs.field(init=False, factory=threading.Lock)
    #: each key's open `extend_nowait` job: not started, and no write about the key queued after it.
    _open: dict[Hashable, _Job] = attrs.field(init=False, factory=dict)
    _sync_full: bool = attrs.field(init=False, default=False)
    #: set when a job somebody waits for (or a durable or urgent one, or the stop) is queued: ends a hold.
    _urgent: threading.Event = attrs.field(init=False, factory=threading.Event)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._main, name="cursord-store-writer", daemon=True)
        self._accepting = True
        self._thread.start()

    # ---- trio side --------------------------------------------------------------------------------

    async def run(self, fn: Callable[[Connection], T], *, durable: bool = False, weight: int = 0) -> T:
        """Run `fn(conn)` in the writer's next transaction and return its result once committed."""
        await trio.lowlevel.checkpoint_if_cancelled()
        self._submit(_Job(fn, durable, weight, trio.lowlevel.current_trio_token(), trio.lowlevel.current_task()))
        return cast(T, await trio.lowlevel.wait_task_rescheduled(_abort_failed))

    def run_nowait(self, fn: WriteFn, *, durable: bool = False, weight: int = 0, urgent: bool = False) -> None:
        """Queue `fn(conn)` without waiting; jobs still run in submission order. Errors are logged.
        `urgent`: end a held batch now (the write, and everything queued before it, commits at once)."""
        self._submit(_Job(fn, durable, weight), urgent=urgent)

    def extend_nowait(self, key: Hashable, items: Sequence[Any], weight: int, write: KeyedWrite) -> None:
        """Queue `write(conn, key, buffer)` without waiting, `buffer` holding `items`; but if `key` has an open job
        (queued by this method, not started, not sealed), add `items` to its buffer instead.

        The writer seals a job (no more additions) as it starts it. This turns the frames a stream
        publishes while a batch is held into one `executemany`, however many other streams publish
        meanwhile (see "Coalescing per key").
        """
        with self._gate:
            if not self._accepting:
                raise StoreClosed("the store is closed")
            job = self._open.get(key)
            if job is not None and job.items is not None and job.weight + weight <= self.max_batch_bytes:
                job.items.extend(items)
                job.weight += weight
                return
            buffer = list(items)
            job = _Job(write, False, weight, merge_key=key, items=buffer)
            self._queue.put(job)
            self._open[key] = job

    def seal(self, key: Hashable) -> None:
        """Close `key`'s open job: later `extend_nowait` calls for `key` queue after what is queued now."""
        with self._gate:
            self._open.pop(key, None)

    async def flush(self) -> None:
        """Return once every job queued before this call has been committed (or has failed)."""
        await self.run(_nothing)

    async def close(self) -> None:
        """Finish every queued job, stop the thread and close the connection. Idempotent."""
        with trio.CancelScope(shield=True):
            with self._gate:
                if self._accepting:
                    self._accepting = False
                    self._queue.put(_STOP)
                    self._urgent.set()
            if self._thread is not None:
                await trio.to_thread.run_sync(self._thread.join)

    def _submit(self, job: _Job, *, urgent: bool = False) -> None:
        with self._gate:
            if not self._accepting:
                raise StoreClosed("the store is closed")
            self._queue.put(job)
            if urgent or job.task is not None or job.durable:
                self._urgent.set()

    # ---- writer thread ----------------------------------------------------------------------------

    def _main(self) -> None:
        try:
            stopping = False
            while not stopping:
                first = self._queue.get()
                if first is _STOP:
                    break
                batch = [cast(_Job, first)]
                weight = batch[0].weight
                if self.commit_delay > 0 and batch[0].task is None and not batch[0].durable:
                    self.holding.set()
                    self._urgent.wait(self.commit_delay)
                    self.holding.clear()
                self._urgent.clear()  # whatever is urgent now is in the queue: this batch takes it
                while len(batch) < self.max_batch_jobs and weight < self.max_batch_bytes:
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is _STOP:
                        stopping = True
                        break
                    job = cast(_Job, item)
                    batch.append(job)
                    weight += job.weight
                else:
                    if not self._queue.empty():  # the batch is full: what is left (maybe urgent) goes next
                        self._urgent.set()
                try:
                    self._run_batch(batch)
                except BaseException as exc:  # not an Exception: the thread dies, but nobody is left waiting
                    self._deliver(batch, [outcome.Error(StoreClosed(f"the writer stopped: {exc!r}")) for _ in batch])
                    raise
        finally:
            with self._gate:
                self._accepting = False
            self._fail_leftovers()
            self.conn.close()

    def _run_batch(self, batch: list[_Job]) -> None:
        writes = [job for job in batch if job.fn is not _nothing]
        results, failure = self._transaction(writes)
        if len(writes) < len(batch):  # a flush writes nothing: done when its batch's transaction is, or failed
            done = iter(results)
            results = [
                next(done) if job.fn is not _nothing
                else outcome.Value(None) if failure is None else outcome.Error(write_failed(failure))
                for job in batch
            ]
        self.batches += 1
        self.jobs += len(batch)
        self._deliver(batch, results)

    def _transaction(self, batch: list[_Job]) -> tuple[list[outcome.Outcome[Any]], Exception | None]:
        """Run `batch` in one transaction: each job's outcome, and the error that failed the whole
        transaction if one did. An empty batch (flushes only) needs none: nothing to write."""
        conn = self.conn
        results: list[outcome.Outcome[Any]] = []
        if not batch:
            return results, None
        try:
            durable = any(job.durable for job in batch)
            if durable != self._sync_full:
                conn.execute(self.dialect.durable if durable else self.dialect.relaxed)
                self._sync_full = durable
            conn.execute(self.dialect.begin_write)
            try:
                results = [self._run_alone(conn, batch[0])] if len(batch) == 1 else self._run_each(conn, batch)
                if conn.in_transaction:  # (a lone job that failed was rolled back: nothing to commit)
                    if self.before_commit is not None:
                        self.before_commit()
                    conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except Exception:
                        log.exception("store: ROLLBACK failed")
                raise
        except Exception as exc:
            log.exception("store: a write transaction of %d jobs failed", len(batch))
            return [outcome.Error(write_failed(exc)) for _ in batch], exc
        return results, None

    def _seal(self, job: _Job) -> None:
        if job.items is not None:
            self._seal_keyed((job,))

    def _seal_keyed(self, jobs: Sequence[_Job]) -> None:
        with self._gate:  # seal: extend_nowait must not add to a running job (the gate taken once for them all)
            for job in jobs:
                if self._open.get(job.merge_key) is job:
                    del self._open[job.merge_key]

    def _run_alone(self, conn: Connection, job: _Job) -> outcome.Outcome[Any]:
        """The only job of its transaction needs no SAVEPOINT (two statements, and on PostgreSQL two round
        trips, per batch): if it fails, rolling the transaction back rolls back only its writes."""
        self._seal(job)
        try:
            return outcome.Value(job.write(conn))
        except Exception as exc:
            # SQLite may have rolled the transaction back already (disk full, I/O error), or PostgreSQL lost
            # the connection: then the batch fails as a whole, with the job's own error, as in a savepoint.
            if not conn.in_transaction:
                raise exc from None
            try:
                conn.execute("ROLLBACK")
            except Exception:
                raise exc from None
            return outcome.Error(exc)

    def _run_each(self, conn: Connection, batch: list[_Job]) -> list[outcome.Outcome[Any]]:
        """Each job in its own savepoint; but a run of keyed jobs of one write that follow one another (many
        streams' frames), by the write's `many` under one savepoint."""
        results: list[outcome.Outcome[Any]] = []
        start = 0
        while start < len(batch):
            job = batch[start]
            end = start + 1
            if job.items is not None:
                while end < len(batch) and batch[end].items is not None and batch[end].fn is job.fn:
                    end += 1
            if end - start > 1:
                results += self._run_keyed(conn, batch[start:end])
            else:
                results.append(self._run_in_savepoint(conn, job))
            start = end
        return results

    def _run_keyed(self, conn: Connection, jobs: list[_Job]) -> list[outcome.Outcome[Any]]:
        """A run of keyed jobs of one write by its `many`, under one savepoint; if a statement fails, rolled back
        and each job run again in its own savepoint, so each gets the outcome it would have had alone."""
        self._seal_keyed(jobs)
        conn.execute("SAVEPOINT keyed")
        try:
            write = cast(KeyedWrite, jobs[0].fn)
            errors = write.many(conn, [(job.merge_key, cast(list[Any], job.items)) for job in jobs])
        except Exception as exc:
            try:  # (as in `_run_in_savepoint`: if even this fails, the batch fails, with the write's own error)
                conn.execute("ROLLBACK TO keyed")
                conn.execute("RELEASE keyed")
            except Exception:
                raise exc from None
            return [self._run_in_savepoint(conn, job) for job in jobs]
        conn.execute("RELEASE keyed")
        return [outcome.Value(None) if error is None else outcome.Error(error) for error in errors]

    def _run_in_savepoint(self, conn: Connection, job: _Job) -> outcome.Outcome[Any]:
        self._seal(job)
        conn.execute("SAVEPOINT job")
        try:
            value = job.write(conn)
        except Exception as exc:
            # SQLite may have rolled the whole transaction back (disk full, I/O error), or PostgreSQL lost
            # the connection: then ROLLBACK TO fails and the batch fails as a whole, below, with the job's
            # own error: it says why ("no such savepoint" does not). (A failed statement in PostgreSQL only
            # aborts back to `job`.)
            try:
                conn.execute("ROLLBACK TO job")
                conn.execute("RELEASE job")
            except Exception:
                raise exc from None
            return outcome.Error(exc)
        conn.execute("RELEASE job")
        return outcome.Value(value)

    def _deliver(self, batch: list[_Job], results: list[outcome.Outcome[Any]]) -> None:
        by_token: dict[trio.lowlevel.TrioToken, list[tuple[trio.lowlevel.Task, outcome.Outcome[Any]]]] = {}
        for job, result in zip(batch, results, strict=True):
            if job.task is None:
                if isinstance(result, outcome.Error):
                    log.error("store: a queued write failed", exc_info=result.error)
                continue
            assert job.token is not None
            by_token.setdefault(job.token, []).append((job.task, result))
        for token, waiting in by_token.items():
            with contextlib.suppress(trio.RunFinishedError):  # the run that waited is gone: nobody to tell
                token.run_sync_soon(_reschedule_all, waiting)

    def _fail_leftovers(self) -> None:
        leftovers: list[_Job] = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is not _STOP:
                leftovers.append(cast(_Job, item))
        if leftovers:
            self._deliver(leftovers, [outcome.Error(StoreClosed("the store closed first")) for _ in leftovers])


def _nothing(conn: Connection) -> None:
    return None
