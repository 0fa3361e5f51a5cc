"""SQL for conversation actions waiting for a run: the one table behind `cursord.streams.ActionQueue`.

A row is one `agent.v1.ConversationAction` (serialized) and its holder: a conversation (a message sent
while the conversation's turn ran, for its next run) or a request id (an action uploaded before its
run_request). `seq` numbers rows in arrival order across both holders, so a run that takes the actions
of its request id and of its conversation gets them in the order they came.

The bounds are applied in the transaction that adds a row, so no interleaving of writers can exceed
them: a holder keeps at most `per_holder` rows (a full request id refuses the new one; a full
conversation drops its oldest) and at most `holders` holders of a kind keep rows (the one that received
an action least recently is forgotten). What was refused, dropped or forgotten is returned, for the
caller to log.

Synchronous functions of a connection, like the other SQL modules.
"""

from __future__ import annotations

from collections.abc import Sequence

from cursord.store.records import ActionHolder, WaitingOutcome
from cursord.store.sql import Connection


def add_action(
    conn: Connection,
    holder: ActionHolder,
    holder_id: str,
    action: bytes,
    now: float,
    *,
    per_holder: int,
    holders: int,
    drop_oldest: bool,
) -> WaitingOutcome:
    """Add `action` for `holder_id` within the bounds (see the module docstring)."""
    (held,) = conn.execute(
        "SELECT COUNT(*) FROM waiting_actions WHERE holder = ? AND holder_id = ?", (holder.value, holder_id)
    ).fetchone()
    dropped = 0
    if held >= per_holder:
        if not drop_oldest:
            return WaitingOutcome(stored=False)
        dropped = held - per_holder + 1
        conn.execute(
            "DELETE FROM waiting_actions WHERE seq IN (SELECT seq FROM waiting_actions "
            "WHERE holder = ? AND holder_id = ? ORDER BY seq LIMIT ?)",
            (holder.value, holder_id, dropped),
        )
    conn.execute(
        "INSERT INTO waiting_actions(holder, holder_id, action, queued_at) VALUES (?, ?, ?, ?)",
        (holder.value, holder_id, action, now),
    )
    return WaitingOutcome(stored=True, dropped=dropped, forgotten=_forget_beyond(conn, holder, holders))


def _forget_beyond(conn: Connection, holder: ActionHolder, holders: int) -> tuple[tuple[str, int], ...]:
    """Drop the actions of the holders beyond the `holders` that received one most recently."""
    rows = conn.execute(
        "SELECT holder_id, COUNT(*) FROM waiting_actions WHERE holder = ? GROUP BY holder_id ORDER BY MAX(seq) DESC",
        (holder.value,),
    )
    forgotten = tuple((str(holder_id), int(count)) for holder_id, count in list(rows)[holders:])
    for holder_id, _ in forgotten:
        conn.execute("DELETE FROM waiting_actions WHERE holder = ? AND holder_id = ?", (holder.value, holder_id))
    return forgotten


def take_actions(conn: Connection, request_id: str, conversation_id: str | None) -> list[bytes]:
    """Remove and return what waits for `request_id`'s run: the actions held for the request id and those
    queued for `conversation_id`, in arrival order."""
    rows = list(
        conn.execute(
            "SELECT seq, action FROM waiting_actions WHERE (holder = ? AND holder_id = ?) "
            "OR (holder = ? AND holder_id = ?) ORDER BY seq",
            (ActionHolder.REQUEST.value, request_id, ActionHolder.CONVERSATION.value, conversation_id or ""),
        )
    )
    _delete(conn, [seq for seq, _ in rows])
    return [bytes(action) for _, action in rows]


def waiting_actions(conn: Connection, holder: ActionHolder, holder_id: str) -> list[bytes]:
    """What waits for one holder, oldest first (left in place)."""
    rows = conn.execute(
        "SELECT action FROM waiting_actions WHERE holder = ? AND holder_id = ? ORDER BY seq",
        (holder.value, holder_id),
    )
    return [bytes(action) for (action,) in rows]


def _delete(conn: Connection, seqs: Sequence[int]) -> None:
    for start in range(0, len(seqs), 500):
        chunk = seqs[start : start + 500]
        conn.execute(f"DELETE FROM waiting_actions WHERE seq IN ({', '.join('?' * len(chunk))})", tuple(chunk))
