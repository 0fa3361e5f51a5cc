"""SQL for the stream journal: what an active stream has said, so it can be replayed after a restart.

A journal belongs to one request id. It is `active` from `open_journal` until `end_journal`, which
records the ending (JSON) and drops the pending entries (nothing can answer them any more); the first
ending wins. Events are numbered 0, 1, 2, ... per request id in append order (the seq is the backlog
index), and only an active journal takes events or pending entries. Opening a request id whose journal
has ended starts it afresh (the editor reuses request ids); opening an active one is refused. The turn's
record (a pending entry of kind `turn`) takes over the waiting actions its run took, and an ending or a
drop gives back those it never recorded (`cursord.store.waiting`).

Synchronous functions of a connection, like the other SQL modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat

from cursord.store import waiting
from cursord.store.errors import JournalAlreadyActive, JournalClosed, JournalNotFound
from cursord.store.records import JournalRecord, JournalState, PendingEntry, PendingKind
from cursord.store.sql import Connection


def _state(conn: Connection, request_id: str) -> JournalState:
    row = conn.execute("SELECT state FROM journal_streams WHERE request_id = ?", (request_id,)).fetchone()
    if row is None:
        raise JournalNotFound(f"no journal for request {request_id!r}")
    return JournalState(row[0])


def _require_active(conn: Connection, request_id: str) -> None:
    if _state(conn, request_id) is not JournalState.ACTIVE:
        raise JournalClosed(f"the journal of request {request_id!r} has ended")


_OPEN = "INSERT INTO journal_streams(request_id, conversation_id, model, state, created_at) VALUES (?, ?, ?, ?, ?)"


def open_journal(
    conn: Connection, request_id: str, conversation_id: str | None, model: str | None, now: float
) -> None:
    values = (request_id, conversation_id, model, JournalState.ACTIVE.value, now)
    if conn.execute(f"{_OPEN} ON CONFLICT(request_id) DO NOTHING", values).rowcount > 0:
        return  # a new request id (every run but a reused id's): one statement
    row = conn.execute("SELECT state FROM journal_streams WHERE request_id = ?", (request_id,)).fetchone()
    if row is not None:
        if row[0] == JournalState.ACTIVE:
            raise JournalAlreadyActive(f"the journal of request {request_id!r} is still active")
        conn.execute("DELETE FROM journal_streams WHERE request_id = ?", (request_id,))
    conn.execute(_OPEN, values)


#: a journal's next seq, for its `journal_streams` row `s` (its events are numbered from 0 without gaps)
_NEXT_SEQ = "COALESCE((SELECT MAX(e.seq) FROM journal_events AS e WHERE e.request_id = s.request_id), -1) + 1"
#: one event appended after the journal's last, only while the journal is active: the check, the numbering
#: and the write in one statement (a lone frame is a journal's most frequent write)
_APPEND_IF_ACTIVE = (
    "INSERT INTO journal_events(request_id, seq, payload) "
    f"SELECT s.request_id, {_NEXT_SEQ}, ? FROM journal_streams AS s WHERE s.request_id = ? AND s.state = 'active'"
)


def _check_payloads(payloads: Sequence[bytes]) -> None:
    for payload in payloads:
        if not isinstance(payload, bytes):  # PostgreSQL would take text as bytea: refuse it on both engines
            raise TypeError(f"journal payloads must be bytes, got {type(payload).__name__}")


def append_events(conn: Connection, request_id: str, payloads: Sequence[bytes]) -> None:
    """Append `payloads` in order; raises `JournalNotFound` / `JournalClosed` (nothing written) when the journal
    is not active."""
    _check_payloads(payloads)
    if not payloads:
        _require_active(conn, request_id)
        return
    first = conn.execute(_APPEND_IF_ACTIVE, (payloads[0], request_id))
    if first.rowcount != 1:
        _require_active(conn, request_id)  # raises: not found, or ended
    if len(payloads) > 1:
        conn.executemany(_APPEND_IF_ACTIVE, zip(payloads[1:], repeat(request_id)))


#: the next seq of each active journal among a list of request ids (one statement for a batch of streams)
_NEXT_SEQS = (
    f"SELECT s.request_id, {_NEXT_SEQ} FROM journal_streams AS s WHERE s.state = ? AND s.request_id IN ({{marks}})"
)
_APPEND = "INSERT INTO journal_events(request_id, seq, payload) VALUES (?, ?, ?)"


def append_to_journals(conn: Connection, appends: Sequence[tuple[str, Sequence[bytes]]]) -> list[Exception | None]:
    """`append_events` for several journals at once: each one's error (None: appended), as `append_events`
    would raise it, and nothing written for one that has an error. Two statements for the lot (the active
    journals' next seqs, then every row), not one per frame: at many streams a batch holds about one
    frame each. A statement that fails raises, with part of the rows perhaps written (the caller rolls
    back to before)."""
    errors: list[Exception | None] = [None] * len(appends)
    wanted: dict[str, None] = {}  # the request ids to number from, in order
    for index, (request_id, payloads) in enumerate(appends):
        try:
            _check_payloads(payloads)
        except TypeError as exc:
            errors[index] = exc
            continue
        wanted[request_id] = None
    next_seq: dict[str, int] = {}
    ids = list(wanted)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        sql = _NEXT_SEQS.format(marks=", ".join("?" * len(chunk)))
        next_seq.update((request_id, seq) for request_id, seq in conn.execute(sql, (JournalState.ACTIVE.value, *chunk)))
    rows: list[tuple[str, int, bytes]] = []
    for index, (request_id, payloads) in enumerate(appends):
        if errors[index] is not None:
            continue
        seq = next_seq.get(request_id)
        if seq is None:
            try:
                _require_active(conn, request_id)  # raises: not found, or ended
            except (JournalNotFound, JournalClosed) as exc:
                errors[index] = exc
                continue
            seq = event_count(conn, request_id)
        for payload in payloads:
            rows.append((request_id, seq, payload))
            seq += 1
        next_seq[request_id] = seq
    if rows:
        conn.executemany(_APPEND, rows)
    return errors


def event_count(conn: Connection, request_id: str) -> int:
    """How many events the journal holds (its events are numbered from 0 without gaps)."""
    row = conn.execute(
        "SELECT seq FROM journal_events WHERE request_id = ? ORDER BY seq DESC LIMIT 1", (request_id,)
    ).fetchone()
    return 0 if row is None else int(row[0]) + 1


def truncate_events(conn: Connection, request_id: str, keep: int) -> int:
    """Drop every event from index `keep` on (a resumed turn re-runs what came after); returns how many."""
    return conn.execute("DELETE FROM journal_events WHERE request_id = ? AND seq >= ?", (request_id, keep)).rowcount


def put_pending(conn: Connection, request_id: str, kind: PendingKind, entry_id: str, state_json: str) -> None:
    """Record a pending entry; the turn's record (`turn`) also holds what its run took from the waiting
    actions, which are deleted with it (`waiting.settle_taken`)."""
    written = conn.execute(  # only into an active journal: the check and the write in one statement
        "INSERT INTO journal_pending(request_id, kind, id, state) SELECT ?, ?, ?, ? WHERE EXISTS "
        "(SELECT 1 FROM journal_streams WHERE request_id = ? AND state = ?) "
        "ON CONFLICT(request_id, kind, id) DO UPDATE SET state = excluded.state",
        (request_id, kind.value, entry_id, state_json, request_id, JournalState.ACTIVE.value),
    ).rowcount
    if written == 0:
        _require_active(conn, request_id)  # raises: ended, or never opened
        raise JournalClosed(f"the journal of request {request_id!r} is not active")
    if kind is PendingKind.TURN:
        waiting.settle_taken(conn, request_id)


def put_pending_if_active(conn: Connection, request_id: str, kind: PendingKind, entry_id: str, state_json: str) -> bool:
    """`put_pending` when the request's journal is open; False (nothing written) when it has ended or was
    never opened."""
    row = conn.execute("SELECT state FROM journal_streams WHERE request_id = ?", (request_id,)).fetchone()
    if row is None or JournalState(row[0]) is not JournalState.ACTIVE:
        return False
    put_pending(conn, request_id, kind, entry_id, state_json)
    return True


def remove_pending(conn: Connection, request_id: str, kind: PendingKind, entry_id: str) -> bool:
    cursor = conn.execute(
        "DELETE FROM journal_pending WHERE request_id = ? AND kind = ? AND id = ?", (request_id, kind.value, entry_id)
    )
    return cursor.rowcount > 0


def end_journal(conn: Connection, request_id: str, ending_json: str, ended_at: float) -> bool:
    """Record how the stream ended; returns False if it had already ended (the first ending stays)."""
    if _state(conn, request_id) is JournalState.ENDED:
        return False
    conn.execute(
        "UPDATE journal_streams SET state = ?, ending = ?, ended_at = ? WHERE request_id = ?",
        (JournalState.ENDED.value, ending_json, ended_at, request_id),
    )
    conn.execute("DELETE FROM journal_pending WHERE request_id = ?", (request_id,))
    waiting.release_taken(conn, request_id)  # taken by a run that never recorded them: for the next run
    return True


def put_append_position(conn: Connection, request_id: str, position_json: str) -> bool:
    """Record where the stream's append sequence stands; False if no journal holds the request id (an
    upload that made no stream, such as a held action)."""
    cursor = conn.execute(
        "UPDATE journal_streams SET append_position = ? WHERE request_id = ?", (position_json, request_id)
    )
    return cursor.rowcount > 0


def load_append_position(conn: Connection, request_id: str) -> str | None:
    row = conn.execute(
        "SELECT append_position FROM journal_streams WHERE request_id = ?", (request_id,)
    ).fetchone()
    return None if row is None else row[0]


def load_journal(conn: Connection, request_id: str) -> JournalRecord | None:
    row = conn.execute(
        "SELECT conversation_id, model, state, created_at, ended_at, ending FROM journal_streams WHERE request_id = ?",
        (request_id,),
    ).fetchone()
    if row is None:
        return None
    conversation_id, model, state, created_at, ended_at, ending = row
    events = tuple(
        payload
        for (payload,) in conn.execute(
            "SELECT payload FROM journal_events WHERE request_id = ? ORDER BY seq", (request_id,)
        )
    )
    pending = tuple(
        PendingEntry(kind, entry_id, state_json)
        for kind, entry_id, state_json in conn.execute(
            "SELECT kind, id, state FROM journal_pending WHERE request_id = ? ORDER BY kind, id", (request_id,)
        )
    )
    return JournalRecord(
        request_id=request_id,
        conversation_id=conversation_id,
        model=model,
        state=state,
        created_at=created_at,
        ended_at=ended_at,
        ending_json=ending,
        events=events,
        pending=pending,
    )


def load_journal_if_any(conn: Connection, request_id: str, begin_read: str) -> JournalRecord | None:
    """`load_journal` on a connection in no transaction: a request id with no journal (what every new run's
    RunSSE asks about) costs one statement; one with a journal is read whole in one read transaction."""
    if conn.execute("SELECT 1 FROM journal_streams WHERE request_id = ?", (request_id,)).fetchone() is None:
        return None
    conn.execute(begin_read)
    try:
        return load_journal(conn, request_id)
    finally:
        conn.execute("COMMIT")


def journal_ids(conn: Connection) -> list[str]:
    return [request_id for (request_id,) in conn.execute("SELECT request_id FROM journal_streams")]


def active_journals(conn: Connection) -> list[str]:
    rows = conn.execute(
        "SELECT request_id FROM journal_streams WHERE state = ? ORDER BY created_at, request_id",
        (JournalState.ACTIVE.value,),
    )
    return [request_id for (request_id,) in rows]


def drop_journal(conn: Connection, request_id: str) -> bool:
    waiting.release_taken(conn, request_id)
    return conn.execute("DELETE FROM journal_streams WHERE request_id = ?", (request_id,)).rowcount > 0


def drop_ended_before(conn: Connection, timestamp: float) -> int:
    cursor = conn.execute(
        "DELETE FROM journal_streams WHERE state = ? AND ended_at < ?", (JournalState.ENDED.value, timestamp)
    )
    return cursor.rowcount
