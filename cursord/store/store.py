"""SqlStore: cursord's durable state in SQLite (one file) or PostgreSQL, driven from trio.

Theory of operation: by default `<data_dir>/cursord.sqlite3` in WAL mode; with a `postgresql://` URL a
PostgreSQL database (`cursord.store.postgres`). `SqlStore.open` opens and migrates either
(`cursord.store.schema`, `cursord.store.pg_schema`); after that the engines differ only in their
connections and their `Dialect` (`cursord.store.sql`). Every write goes to the one `WriterThread`, which
groups whatever is queued into one transaction; reads run on a small `ReadPool` of read-only
connections in worker threads. Neither blocks the event loop: SQL and (de)serialisation of messages
run in those threads. A write call returns after its transaction committed.

Durability per write (see `writer.py` for what NORMAL and FULL mean in WAL mode; on PostgreSQL they are
`synchronous_commit` off and on):

    FULL   (fsync at commit)  record_turn / commit_turn, set_summary, save_checkpoint, put_blob,
                              add_waiting_action, take_waiting_actions
    NORMAL (crash-safe)       record_pass, record_tool_call, record_forwarded, mark_blob_stored, every journal_* write

History, and a message the user queued (ACKed, so the editor never sends it again), is what a user would
miss after a power cut; the journal only serves reconnecting to a stream, which a power cut ends anyway,
and passes, tool calls and blob flags are bookkeeping that is re-derived or re-sent. A FULL commit also
makes every NORMAL commit before it durable.

Timestamps come from `clock` (wall-clock seconds, `time.time` by default).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from functools import partial
from pathlib import Path
from types import ModuleType, TracebackType
from typing import TypeVar

import attrs
import trio

from cursord.config import is_postgres_url
from cursord.core import redact_url_password
from cursord.providers.model import Message
from cursord.store import blobs, conversations, forwarded, journal, usage, waiting
from cursord.store.cluster import SqlClusterStore
from cursord.store.codec import check_json
from cursord.store.errors import StoreError
from cursord.store.inline import InlineReader, InlineWriter
from cursord.store.people import SqlPeopleStore
from cursord.store.readers import ReadPool
from cursord.store.records import (
    ActionHolder,
    BlobStatus,
    Checkpoint,
    ConversationInfo,
    JournalRecord,
    PassRecord,
    PendingEntry,
    PendingKind,
    StoredTurn,
    SummaryRecord,
    ToolCallRecord,
    TurnMeta,
    TurnRecord,
    WaitingOutcome,
)
from cursord.store.schema import connect, migrate, sqlite_path
from cursord.store.sql import SQLITE, Connection, Dialect
from cursord.store.writer import WriterThread

T = TypeVar("T")

#: the latest passes `recent_turns` looks through for the latest turns
RECENT_PASS_WINDOW = 4096

READ_CONNECTIONS = 2


def _postgres_module() -> ModuleType:
    """`cursord.store.postgres`, imported only for a PostgreSQL store: psycopg and libpq are the `postgres`
    extra, not needed by the default SQLite store."""
    try:
        from cursord.store import postgres
    except ImportError as error:
        raise StoreError(
            f"a PostgreSQL store needs the PostgreSQL driver, which is not installed ({error}): install it with "
            "`pip install 'cursord[postgres]'` (or `pip install 'psycopg[binary]>=3.2'` into cursord's environment)"
        ) from error
    return postgres


def _open_files(path: Path, readers: int) -> tuple[sqlite3.Connection, list[sqlite3.Connection]]:
    """Create the file private to the user (SQLite gives -wal/-shm the same mode), migrate, connect."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.close(os.open(path, os.O_CREAT | os.O_RDONLY, 0o600))
    opened: list[sqlite3.Connection] = []
    try:
        writer = connect(str(path), read_only=False)
        opened.append(writer)
        migrate(writer, str(path))
        for _ in range(readers):
            opened.append(connect(str(path), read_only=True))
    except sqlite3.Error as exc:
        for conn in opened:
            conn.close()
        raise StoreError(f"cannot open {path}: {exc}") from exc
    except BaseException:
        for conn in opened:
            conn.close()
        raise
    return opened[0], opened[1:]


@attrs.define(eq=False)
class SqlStore:
    """The `Store` protocol (`cursord.store.protocol`) over SQL run by a writer thread and a read pool."""

    location: str
    writer: WriterThread | InlineWriter
    readers: ReadPool | InlineReader
    clock: Callable[[], float] = time.time

    dialect: Dialect = SQLITE

    @classmethod
    async def open(
        cls,
        data_dir: str | os.PathLike[str],
        *,
        url: str | None = None,
        readers: int = READ_CONNECTIONS,
        clock: Callable[[], float] = time.time,
        inline: bool = False,
    ) -> SqlStore:
        """Open (creating and migrating) the store: in PostgreSQL if `url` is a `postgresql://` URL, else
        in the SQLite file `url` names (`sqlite:PATH`), by default `data_dir/cursord.sqlite3`.

        `inline=True` runs every statement on the trio thread (`cursord.store.inline`): for tests under
        the autojump clock only, as it blocks the event loop.
        """
        connections: Callable[[int], tuple[Connection, Sequence[Connection]]]
        if is_postgres_url(url):
            assert url is not None
            postgres = _postgres_module()
            location, dialect = redact_url_password(url), postgres.POSTGRES
            connections = partial(postgres.open_connections, url)
        else:
            path = sqlite_path(data_dir, url)
            location, dialect = str(path), SQLITE
            connections = partial(_open_files, path)
        if inline:
            inline_writer = InlineWriter(connections(0)[0], dialect)
            return cls(location, inline_writer, InlineReader(inline_writer), clock, dialect)
        write_conn, read_conns = await trio.to_thread.run_sync(lambda: connections(readers))
        writer = WriterThread(write_conn, dialect)
        writer.start()
        return cls(location, writer, ReadPool(tuple(read_conns), dialect), clock, dialect)

    async def aclose(self) -> None:
        """Commit everything already queued, then close. Idempotent; shielded from cancellation."""
        await self.writer.close()
        await self.readers.close()

    async def __aenter__(self) -> SqlStore:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    def people(self) -> SqlPeopleStore:
        return SqlPeopleStore(self)

    def cluster(self) -> SqlClusterStore:
        return SqlClusterStore(self)

    async def flush(self) -> None:
        """Wait until every write queued so far (including `journal_append_nowait`) is committed."""
        await self.writer.flush()

    async def _read(self, fn: Callable[[Connection], T]) -> T:
        return await self.readers.run(fn)

    async def _read_one(self, fn: Callable[[Connection], T]) -> T:
        """A read of one statement: consistent by itself, so it needs no BEGIN ... COMMIT around it (two
        statements fewer, two round trips on PostgreSQL)."""
        return await self.readers.run_autocommit(fn)

    # ---- history (the ConversationHistory protocol, and more) -------------------------------------

    async def load(self, conversation_id: str) -> list[Message]:
        """The conversation as the next pass should see it: [summary?] + completed turns after it."""
        return await self._read(lambda c: conversations.load_history(c, conversation_id))

    async def commit_turn(self, conversation_id: str, messages: list[Message]) -> None:
        """Append one completed turn's messages atomically (`ConversationHistory`)."""
        await self.record_turn(conversation_id, messages)

    async def record_turn(
        self,
        conversation_id: str,
        messages: Sequence[Message],
        meta: TurnMeta | None = None,
        *,
        journal_entry: PendingEntry | None = None,
    ) -> TurnRecord:
        """Store one turn under the next turn_seq, whatever its status; only completed turns are history.
        `journal_entry` goes to the open journal of `meta.request_id` in the same transaction (so a restart sees
        either both or neither)."""
        snapshot = tuple(messages)
        now = self.clock()
        meta = meta if meta is not None else TurnMeta()
        request_id = meta.request_id
        if request_id is not None:
            self._seal(request_id)

        def write(c: Connection) -> TurnRecord:
            record = conversations.record_turn(c, conversation_id, snapshot, meta, now)
            entry = journal_entry
            if entry is not None and request_id is not None:
                journal.put_pending_if_active(c, request_id, entry.kind, entry.id, entry.state_json)
            return record

        return await self.writer.run(write, durable=True)

    async def turns(self, conversation_id: str) -> list[TurnRecord]:
        return await self._read(lambda c: conversations.turn_records(c, conversation_id))

    async def turn_messages(self, conversation_id: str, turn_seq: int) -> list[Message]:
        """The messages stored with one turn, whatever its status."""
        return await self._read(lambda c: conversations.turn_messages(c, conversation_id, turn_seq))

    async def conversation(self, conversation_id: str) -> ConversationInfo | None:
        return await self._read(lambda c: conversations.conversation_info(c, conversation_id))

    async def set_summary(self, conversation_id: str, summary: str, replaces_up_to_turn: int) -> None:
        """Make `summary` stand for turns 1..`replaces_up_to_turn`; the previous summary is archived.

        Raises `UnknownConversation`, or `InvalidSummary` unless 1 <= replaces_up_to_turn <= last turn_seq.
        """
        now = self.clock()
        await self.writer.run(
            lambda c: conversations.set_summary(c, conversation_id, summary, replaces_up_to_turn, now), durable=True
        )

    async def set_title(self, conversation_id: str, title: str) -> None:
        """Name a conversation (the editor's name for it; the last one wins)."""
        now = self.clock()
        await self.writer.run(lambda c: conversations.set_title(c, conversation_id, title, now))

    async def titles(self, conversation_ids: Sequence[str] | None = None, *, limit: int = 4096) -> dict[str, str]:
        """conversation id -> title, for those of `conversation_ids` that have one (None: the `limit` most
        recently named)."""
        return await self._read(lambda c: conversations.titles(c, conversation_ids, limit))

    async def summaries(self, conversation_id: str) -> list[SummaryRecord]:
        """Every summary, oldest first: the archive, then the current one (its `archived_at` is None)."""
        return await self._read(lambda c: conversations.summaries(c, conversation_id))

    # ---- passes and tool calls --------------------------------------------------------------------

    async def record_pass(self, record: PassRecord) -> None:
        await self.writer.run(lambda c: conversations.record_pass(c, record))

    def record_pass_nowait(self, record: PassRecord) -> None:
        """Queue a pass record without waiting (a pass may end by cancellation, where awaiting cannot)."""
        self.writer.run_nowait(lambda c: conversations.record_pass(c, record))

    async def usage(self, by: usage.UsageGroup, since: float | None = None) -> list[usage.UsageRow]:
        """The recorded passes since `since` (epoch seconds; None: all), summed per group."""
        return await self._read(lambda c: usage.usage_rows(c, by, since, self.dialect.day_of_started_at))

    def record_forwarded_nowait(self, row: forwarded.ForwardedRow) -> None:
        """Add a forwarded call to its day's row, without waiting (the proxy's calls end in any task)."""
        self.writer.run_nowait(lambda c: forwarded.add_forwarded(c, row))

    async def forwarded(self, since_day: str | None = None) -> list[forwarded.ForwardedRow]:
        """What the proxy forwarded to Cursor, per day (YYYY-MM-DD, from `since_day` on; None: all) and RPC,
        newest day first."""
        return await self._read(lambda c: forwarded.forwarded_rows(c, since_day))

    async def record_tool_call(self, record: ToolCallRecord) -> None:
        await self.writer.run(lambda c: conversations.record_tool_call(c, record))

    async def passes(
        self, *, conversation_id: str | None = None, request_id: str | None = None, turn_seq: int | None = None
    ) -> list[PassRecord]:
        """Recorded passes matching every filter given (at least one), in recording order."""
        return await self._read(lambda c: conversations.passes(c, conversation_id, request_id, turn_seq))

    async def recent_turns(self, limit: int) -> list[StoredTurn]:
        """The `limit` turns that recorded a provider pass last, newest first, each with its passes and its
        recorded outcome (looked for among the latest `RECENT_PASS_WINDOW` passes: a bounded read)."""
        return await self._read(lambda c: conversations.recent_turns(c, limit, RECENT_PASS_WINDOW))

    async def tool_calls(
        self, *, conversation_id: str | None = None, request_id: str | None = None, turn_seq: int | None = None
    ) -> list[ToolCallRecord]:
        return await self._read(lambda c: conversations.tool_calls(c, conversation_id, request_id, turn_seq))

    # ---- blobs and checkpoints --------------------------------------------------------------------

    async def put_blob(self, blob_id: bytes, data: bytes, *, conversation_id: str | None = None) -> bool:
        """Store a blob (and link it to `conversation_id`); returns whether its bytes were new."""
        blob_id, data, now = bytes(blob_id), bytes(data), self.clock()
        return await self.writer.run(
            lambda c: blobs.put_blob(c, blob_id, data, conversation_id, now), durable=True, weight=len(data)
        )

    async def get_blob(self, blob_id: bytes) -> bytes | None:
        key = bytes(blob_id)
        return await self._read_one(lambda c: blobs.get_blob(c, key))

    async def blob_status(self, blob_id: bytes) -> BlobStatus | None:
        key = bytes(blob_id)
        return await self._read(lambda c: blobs.blob_status(c, key))

    async def mark_blob_stored(self, blob_id: bytes, ok: bool, error: str | None = None) -> bool:
        """Record the editor's set-blob answer; returns False for an unknown blob id."""
        key, now = bytes(blob_id), self.clock()
        return await self.writer.run(lambda c: blobs.mark_blob_stored(c, key, ok, error, now))

    async def unstored_blobs(self, conversation_id: str) -> list[bytes]:
        """Ids of the conversation's blobs the editor has not confirmed storing, oldest first."""
        return await self._read(lambda c: blobs.unstored_blobs(c, conversation_id))

    async def save_checkpoint(self, conversation_id: str, turn_seq: int, state_bytes: bytes) -> None:
        state, now = bytes(state_bytes), self.clock()
        await self.writer.run(
            lambda c: blobs.save_checkpoint(c, conversation_id, turn_seq, state, now), durable=True, weight=len(state)
        )

    async def latest_checkpoint(self, conversation_id: str) -> Checkpoint | None:
        return await self._read(lambda c: blobs.latest_checkpoint(c, conversation_id))

    # ---- conversation actions waiting for a run ----------------------------------------------------

    async def add_waiting_action(
        self,
        holder: ActionHolder,
        holder_id: str,
        action: bytes,
        *,
        per_holder: int,
        holders: int,
        drop_oldest: bool,
        max_bytes: int,
        max_age: float,
        origin: str | None = None,
    ) -> WaitingOutcome:
        """Keep a serialized ConversationAction for a later run, within the bounds and once per `origin`
        (`cursord.store.waiting`); committed to the disk when this returns (the upload that brought it is
        ACKed after)."""
        data, now = bytes(action), self.clock()
        return await self.writer.run(
            lambda c: waiting.add_action(
                c, holder, holder_id, data, now, per_holder=per_holder, holders=holders, drop_oldest=drop_oldest,
                max_bytes=max_bytes, max_age=max_age, origin=origin,
            ),
            durable=True,
            weight=len(data),
        )

    async def take_waiting_actions(self, request_id: str, conversation_id: str | None) -> list[bytes]:
        """Take what waits for `request_id`'s run (held for it, or queued for its conversation), in arrival
        order: gone once the run's turn journals its record, given back if its journal ends first."""
        return await self.writer.run(lambda c: waiting.take_actions(c, request_id, conversation_id), durable=True)

    async def release_waiting_actions(self) -> int:
        """Give back every waiting action a run took and never recorded (a daemon starting: those runs died
        with the process before them); how many."""
        return await self.writer.run(lambda c: waiting.release_taken(c), durable=True)

    async def waiting_actions(self, holder: ActionHolder, holder_id: str) -> list[bytes]:
        """What waits for one holder and no run has taken, oldest first (left in place)."""
        return await self._read(lambda c: waiting.waiting_actions(c, holder, holder_id))

    async def waiting_bytes(self) -> int:
        """The bytes of every waiting action, taken or not (what `max_bytes` of `add_waiting_action` bounds)."""
        return await self._read(waiting.waiting_bytes)

    async def put_waiting_position(self, request_id: str, position_json: str, *, keep: int) -> None:
        """Keep where the append sequence of a request id with no stream yet stands (at most `keep` such
        request ids); committed to the disk when this returns (the upload it counts is ACKed after)."""
        check_json(position_json, "append position")
        now = self.clock()
        await self.writer.run(
            lambda c: waiting.put_position(c, request_id, position_json, now, keep=keep), durable=True
        )

    async def waiting_position_ids(self) -> list[str]:
        return await self._read_one(waiting.position_ids)

    async def waiting_holders(self) -> list[tuple[str, str]]:
        return await self._read_one(waiting.holders)

    async def waiting_position(self, request_id: str) -> str | None:
        """The append position kept for a request id with no stream (None: none); a run taking what waits
        for the request id drops it."""
        return await self._read_one(lambda c: waiting.load_position(c, request_id))

    # ---- stream journal ---------------------------------------------------------------------------

    async def journal_open(self, request_id: str, conversation_id: str | None, model: str | None) -> None:
        """Start journalling a stream (afresh if an ended journal had this request id)."""
        now = self.clock()
        self._seal(request_id)
        await self.writer.run(lambda c: journal.open_journal(c, request_id, conversation_id, model, now))

    async def journal_append(self, request_id: str, payloads: Sequence[bytes]) -> int:
        """Append serialized AgentServerMessages in order; returns how many events the journal holds."""
        batch = tuple(payloads)
        self._seal(request_id)

        def append(c: Connection) -> int:
            journal.append_events(c, request_id, batch)
            return journal.event_count(c, request_id)

        return await self.writer.run(append, weight=sum(len(p) for p in batch))

    def journal_append_nowait(self, request_id: str, payloads: Sequence[bytes]) -> None:
        """Queue an append without waiting (for synchronous publishers); `flush()` waits for it.

        Appends still land in call order, interleaved correctly with every other write about the
        request id (each seals its open append first); a stream's appends queued while the writer holds
        a batch become one job. A failure (the journal ended or was never opened) is logged, not raised.
        """
        self.writer.extend_nowait(request_id, payloads, sum(map(len, payloads)), _append_frames)

    def _seal(self, request_id: str) -> None:
        """Before any other journal write about `request_id`: its frames queued so far stay before it."""
        self.writer.seal(request_id)

    async def journal_truncate(self, request_id: str, keep: int) -> int:
        """Keep only the first `keep` events of a journal."""
        self._seal(request_id)
        return await self.writer.run(lambda c: journal.truncate_events(c, request_id, keep))

    # The *_nowait writes queue without waiting, for synchronous callers (stream observers); they still
    # run in call order with every other write, and their failures are logged. A stream's ending and a
    # pending entry (the turn's snapshot at a step boundary) end the writer's hold: they commit at once,
    # with every frame published before them, so a restart finds the step boundary and what led to it.

    def journal_open_nowait(self, request_id: str, conversation_id: str | None, model: str | None) -> None:
        now = self.clock()
        self._seal(request_id)
        self.writer.run_nowait(lambda c: journal.open_journal(c, request_id, conversation_id, model, now))

    def journal_end_nowait(self, request_id: str, ending_json: str, ended_at: float) -> None:
        check_json(ending_json, "ending")
        self._seal(request_id)
        self.writer.run_nowait(lambda c: journal.end_journal(c, request_id, ending_json, ended_at), urgent=True)

    def journal_pending_put_nowait(self, request_id: str, kind: PendingKind, entry_id: str, state_json: str) -> None:
        self._seal(request_id)
        self.writer.run_nowait(lambda c: journal.put_pending(c, request_id, kind, entry_id, state_json), urgent=True)

    def journal_drop_nowait(self, request_id: str) -> None:
        self._seal(request_id)
        self.writer.run_nowait(lambda c: journal.drop_journal(c, request_id))

    async def journal_pending_put(
        self, request_id: str, kind: PendingKind | str, entry_id: str, state_json: str
    ) -> None:
        """Record (or replace) what an active stream waits for: an exec, an interaction, a kv ack."""
        pending_kind = PendingKind(kind)
        check_json(state_json, "pending state")
        self._seal(request_id)
        await self.writer.run(lambda c: journal.put_pending(c, request_id, pending_kind, entry_id, state_json))

    async def journal_pending_remove(self, request_id: str, kind: PendingKind | str, entry_id: str) -> bool:
        pending_kind = PendingKind(kind)
        self._seal(request_id)
        return await self.writer.run(lambda c: journal.remove_pending(c, request_id, pending_kind, entry_id))

    async def journal_end(self, request_id: str, ending_json: str, ended_at: float) -> bool:
        """Record the stream's ending (JSON) and drop its pending entries; False if it had ended already."""
        check_json(ending_json, "ending")
        self._seal(request_id)
        return await self.writer.run(lambda c: journal.end_journal(c, request_id, ending_json, ended_at))

    async def journal_load(self, request_id: str) -> JournalRecord | None:
        return await self._read_one(lambda c: journal.load_journal_if_any(c, request_id, self.dialect.begin_read))

    async def journal_put_append_position(self, request_id: str, position_json: str) -> bool:
        """Record where a stream's append sequence stands (committed when this returns: the upload that
        moved it is ACKed after). False if no journal holds the request id."""
        check_json(position_json, "append position")
        self._seal(request_id)
        return await self.writer.run(lambda c: journal.put_append_position(c, request_id, position_json))

    def journal_put_append_position_nowait(self, request_id: str, position_json: str) -> None:
        check_json(position_json, "append position")
        self._seal(request_id)
        self.writer.run_nowait(lambda c: journal.put_append_position(c, request_id, position_json))

    async def journal_append_position(self, request_id: str) -> str | None:
        """The append position last recorded for a journalled stream (None: none recorded, or no journal)."""
        return await self._read_one(lambda c: journal.load_append_position(c, request_id))

    async def journal_ids(self) -> list[str]:
        return await self._read_one(journal.journal_ids)

    @property
    def exclusive(self) -> bool:
        return not self.dialect.shared

    async def journal_active(self) -> list[str]:
        """Request ids of journals still active (streams a restart interrupted), oldest first."""
        return await self._read(journal.active_journals)

    async def journal_drop(self, request_id: str) -> bool:
        self._seal(request_id)
        return await self.writer.run(lambda c: journal.drop_journal(c, request_id))

    async def journal_drop_ended_before(self, timestamp: float) -> int:
        """Drop journals that ended before `timestamp`; returns how many."""
        return await self.writer.run(lambda c: journal.drop_ended_before(c, timestamp))


class _FrameAppends:
    """The write of a journal's open append job (`Store.journal_append_nowait`), whose key in the writer is the
    request id itself (the writer's only keyed jobs are journal appends); and of a run of them, many streams'
    frames in two statements (`journal.append_to_journals`)."""

    def __call__(self, conn: Connection, request_id: str, buffer: list[bytes]) -> None:
        journal.append_events(conn, request_id, buffer)

    def many(self, conn: Connection, jobs: list[tuple[str, list[bytes]]]) -> list[Exception | None]:
        return journal.append_to_journals(conn, jobs)


_append_frames = _FrameAppends()


@contextlib.asynccontextmanager
async def open_store(
    data_dir: str | os.PathLike[str],
    *,
    url: str | None = None,
    readers: int = READ_CONNECTIONS,
    clock: Callable[[], float] = time.time,
    inline: bool = False,
) -> AsyncIterator[SqlStore]:
    """`async with open_store(data_dir) as store:` opens, migrates, and closes on exit (`url`: see
    `SqlStore.open`)."""
    store = await SqlStore.open(data_dir, url=url, readers=readers, clock=clock, inline=inline)
    try:
        yield store
    finally:
        await store.aclose()
