"""SQL for checkpoint blobs and conversation checkpoints (synchronous functions of a connection).

A blob is keyed by its id (the editor's KV key, a content hash in practice). `put_blob` is an upsert:
the same bytes again change nothing (the editor-stored flag is kept); different bytes under the same
id replace the data and clear the flag, since the editor now holds stale bytes. A blob can belong to
several conversations (`blob_refs`); `unstored_blobs` lists those of one conversation that the
editor has not yet confirmed storing, oldest first, so they can be sent again.
"""

from __future__ import annotations

from cursord.store.conversations import touch_conversation
from cursord.store.records import BlobStatus, Checkpoint
from cursord.store.sql import Connection


def put_blob(conn: Connection, blob_id: bytes, data: bytes, conversation_id: str | None, now: float) -> bool:
    """Store `data` under `blob_id`; returns whether anything changed (new blob, or new bytes)."""
    row = conn.execute("SELECT data FROM blobs WHERE blob_id = ?", (blob_id,)).fetchone()
    changed = row is None or bytes(row[0]) != data
    if row is None:
        conn.execute("INSERT INTO blobs(blob_id, data, created_at) VALUES (?, ?, ?)", (blob_id, data, now))
    elif changed:
        conn.execute(
            "UPDATE blobs SET data = ?, stored_by_editor = 0, stored_at = NULL, last_error = NULL, attempts = 0 "
            "WHERE blob_id = ?",
            (data, blob_id),
        )
    if conversation_id is not None:
        touch_conversation(conn, conversation_id, now)
        conn.execute(
            "INSERT INTO blob_refs(conversation_id, blob_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (conversation_id, blob_id, now),
        )
    return changed


def get_blob(conn: Connection, blob_id: bytes) -> bytes | None:
    row = conn.execute("SELECT data FROM blobs WHERE blob_id = ?", (blob_id,)).fetchone()
    return None if row is None else bytes(row[0])


def blob_status(conn: Connection, blob_id: bytes) -> BlobStatus | None:
    row = conn.execute(
        "SELECT length(data), stored_by_editor, last_error, attempts FROM blobs WHERE blob_id = ?", (blob_id,)
    ).fetchone()
    if row is None:
        return None
    size, stored, error, attempts = row
    return BlobStatus(bytes(blob_id), size, bool(stored), error, attempts)


def mark_blob_stored(conn: Connection, blob_id: bytes, ok: bool, error: str | None, now: float) -> bool:
    """Record the editor's answer to a set-blob request; returns False for an unknown blob."""
    if ok:
        cursor = conn.execute(
            "UPDATE blobs SET stored_by_editor = 1, stored_at = ?, last_error = NULL WHERE blob_id = ?",
            (now, blob_id),
        )
    else:
        cursor = conn.execute(
            "UPDATE blobs SET stored_by_editor = 0, last_error = ?, attempts = attempts + 1 WHERE blob_id = ?",
            (error or "the editor did not store the blob", blob_id),
        )
    return cursor.rowcount > 0


def unstored_blobs(conn: Connection, conversation_id: str) -> list[bytes]:
    rows = conn.execute(
        "SELECT b.blob_id FROM blob_refs AS r JOIN blobs AS b USING (blob_id) "
        "WHERE r.conversation_id = ? AND b.stored_by_editor = 0 ORDER BY r.created_at, b.rowid",
        (conversation_id,),
    )
    return [bytes(blob_id) for (blob_id,) in rows]


def save_checkpoint(conn: Connection, conversation_id: str, turn_seq: int, state: bytes, now: float) -> None:
    """Keep `state` as the conversation's checkpoint after `turn_seq` (replacing one saved before)."""
    touch_conversation(conn, conversation_id, now)
    conn.execute(
        "INSERT INTO checkpoints(conversation_id, turn_seq, state, created_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(conversation_id, turn_seq) DO UPDATE SET state = excluded.state, created_at = excluded.created_at",
        (conversation_id, turn_seq, state, now),
    )


def latest_checkpoint(conn: Connection, conversation_id: str) -> Checkpoint | None:
    row = conn.execute(
        "SELECT turn_seq, state, created_at FROM checkpoints WHERE conversation_id = ? ORDER BY turn_seq DESC LIMIT 1",
        (conversation_id,),
    ).fetchone()
    if row is None:
        return None
    return Checkpoint(conversation_id, row[0], bytes(row[1]), row[2])
