"""SQL for conversation actions waiting for a run: the one table behind `cursord.streams.ActionQueue`.

A row is one `agent.v1.ConversationAction` (serialized) and its holder: a conversation (a message sent
while the conversation's turn ran, for its next run) or a request id (an action uploaded before its
run_request). `seq` numbers rows in arrival order across both holders, so a run that takes the actions
of its request id and of its conversation gets them in the order they came.

A row lives until the turn that took it holds it in its own record:

    waiting --take_actions--> taken by a request id --the turn's record is journalled--> gone
                                    |
                                    +--its journal ends, or the daemon restarts--> waiting again

A run takes its actions as it starts (`taken_by` = its request id), before it has a record to keep them
in; the journal write that first records its turn (`journal.put_pending` of kind `turn`) deletes them in
the same transaction. A run that ends without such a record (it ran no model: a user shell command, a
model not served) gives them back when its journal ends, and a daemon that starts gives back every
action a run of the previous process took and never recorded (`release_taken`): so a crash between
taking and recording loses nothing, and the next run takes them. (On a team gateway a node that starts
also gives back what a run another node is preparing has taken: the next run may then take them too.)

An action that came by BidiAppend carries its `origin` (request id and seqno). The editor sends an upload
again when it saw no ACK, and a daemon that died after keeping the action but before the upload's ACK (and
its append position) was committed is sent it again: a second row with the same origin is not added.

Beside the actions, `waiting_positions` keeps where the append sequence of a request id with no stream yet
stands (an `AppendPosition` as JSON, `cursord.streams.stream_journal`): its uploads so far were ACKed (an
action held here, a heartbeat), so a restarted daemon must take its sequence up there, as it does a
stream's from the journal. The row goes when a run takes what waits for its request id (its stream keeps
the position from then on); at most `keep` rows are kept, the least recently written forgotten first.

The bounds are applied in the transaction that adds a row, so no interleaving of writers can exceed
them: the rows' actions (taken or not) total at most `max_bytes` (a row that would go beyond is refused,
whichever holder it is for), a holder keeps at most `per_holder` rows no run has taken (a full request id
refuses the new one; a full conversation drops its oldest) and at most `holders` holders of a kind keep
rows (the one that received an action least recently is forgotten). An action held for a request id
whose run_request has not come `max_age` seconds after it was kept is dropped first: that run_request
is not coming (the editor gives up on a run after 30 s). What was refused, dropped, forgotten or expired
is returned, for the caller to log.

Synchronous functions of a connection, like the other SQL modules.
"""

from __future__ import annotations

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
    max_bytes: int,
    max_age: float,
    origin: str | None = None,
) -> WaitingOutcome:
    """Add `action` for `holder_id` within the bounds, once per `origin` (see the module docstring)."""
    if origin is not None and conn.execute("SELECT 1 FROM waiting_actions WHERE origin = ?", (origin,)).fetchone():
        return WaitingOutcome(stored=True)  # kept already, from the same upload
    expired = conn.execute(
        "DELETE FROM waiting_actions WHERE holder = ? AND taken_by IS NULL AND queued_at < ?",
        (ActionHolder.REQUEST.value, now - max_age),
    ).rowcount
    if waiting_bytes(conn) + len(action) > max_bytes:
        return WaitingOutcome(stored=False, over_bytes=True, expired=expired)
    (held,) = conn.execute(
        "SELECT COUNT(*) FROM waiting_actions WHERE holder = ? AND holder_id = ? AND taken_by IS NULL",
        (holder.value, holder_id),
    ).fetchone()
    dropped = 0
    if held >= per_holder:
        if not drop_oldest:
            return WaitingOutcome(stored=False, expired=expired)
        dropped = held - per_holder + 1
        conn.execute(
            "DELETE FROM waiting_actions WHERE seq IN (SELECT seq FROM waiting_actions "
            "WHERE holder = ? AND holder_id = ? AND taken_by IS NULL ORDER BY seq LIMIT ?)",
            (holder.value, holder_id, dropped),
        )
    conn.execute(
        "INSERT INTO waiting_actions(holder, holder_id, action, queued_at, origin) VALUES (?, ?, ?, ?, ?)",
        (holder.value, holder_id, action, now, origin),
    )
    forgotten = _forget_beyond(conn, holder, holders)
    return WaitingOutcome(stored=True, dropped=dropped, forgotten=forgotten, expired=expired)


def waiting_bytes(conn: Connection) -> int:
    """The bytes of every waiting action, taken or not."""
    (total,) = conn.execute("SELECT COALESCE(SUM(LENGTH(action)), 0) FROM waiting_actions").fetchone()
    return int(total)


def _forget_beyond(conn: Connection, holder: ActionHolder, holders: int) -> tuple[tuple[str, int], ...]:
    """Drop the actions of the holders beyond the `holders` that received one most recently."""
    rows = conn.execute(
        "SELECT holder_id, COUNT(*) FROM waiting_actions WHERE holder = ? AND taken_by IS NULL "
        "GROUP BY holder_id ORDER BY MAX(seq) DESC",
        (holder.value,),
    )
    forgotten = tuple((str(holder_id), int(count)) for holder_id, count in list(rows)[holders:])
    for holder_id, _ in forgotten:
        conn.execute(
            "DELETE FROM waiting_actions WHERE holder = ? AND holder_id = ? AND taken_by IS NULL",
            (holder.value, holder_id),
        )
    return forgotten


def take_actions(conn: Connection, request_id: str, conversation_id: str | None) -> list[bytes]:
    """Take what waits for `request_id`'s run: the actions held for the request id and those queued for
    `conversation_id`, in arrival order. They are the run's from now on (see the module docstring); those
    held for the request id become the conversation's, so if they are given back the conversation's next
    run takes them, whatever its request id (an editor told to send a run again may pick a new one)."""
    rows = list(
        conn.execute(
            "SELECT seq, action FROM waiting_actions WHERE taken_by IS NULL AND ((holder = ? AND holder_id = ?) "
            "OR (holder = ? AND holder_id = ?)) ORDER BY seq",
            (ActionHolder.REQUEST.value, request_id, ActionHolder.CONVERSATION.value, conversation_id or ""),
        )
    )
    seqs = [seq for seq, _ in rows]
    for start in range(0, len(seqs), 500):
        chunk = seqs[start : start + 500]
        conn.execute(
            f"UPDATE waiting_actions SET taken_by = ? WHERE seq IN ({', '.join('?' * len(chunk))})",
            (request_id, *chunk),
        )
    conn.execute("DELETE FROM waiting_positions WHERE request_id = ?", (request_id,))  # its stream's now
    if conversation_id is not None:  # given back, they wait for the conversation's next run, on any request id
        conn.execute(
            "UPDATE waiting_actions SET holder = ?, holder_id = ? WHERE taken_by = ? AND holder = ?",
            (ActionHolder.CONVERSATION.value, conversation_id, request_id, ActionHolder.REQUEST.value),
        )
    return [bytes(action) for _, action in rows]


def settle_taken(conn: Connection, request_id: str) -> None:
    """The turn of `request_id`'s run has a record: what the run took is in it."""
    conn.execute("DELETE FROM waiting_actions WHERE taken_by = ?", (request_id,))


def release_taken(conn: Connection, request_id: str | None = None) -> int:
    """Give back what `request_id`'s run took and never recorded (None: every run's); how many."""
    if request_id is None:
        return conn.execute("UPDATE waiting_actions SET taken_by = NULL WHERE taken_by IS NOT NULL").rowcount
    return conn.execute("UPDATE waiting_actions SET taken_by = NULL WHERE taken_by = ?", (request_id,)).rowcount


def waiting_actions(conn: Connection, holder: ActionHolder, holder_id: str) -> list[bytes]:
    """What waits for one holder and no run has taken, oldest first (left in place)."""
    rows = conn.execute(
        "SELECT action FROM waiting_actions WHERE holder = ? AND holder_id = ? AND taken_by IS NULL ORDER BY seq",
        (holder.value, holder_id),
    )
    return [bytes(action) for (action,) in rows]


def put_position(conn: Connection, request_id: str, position_json: str, now: float, *, keep: int) -> None:
    """Keep where the append sequence of `request_id` (no stream yet) stands; forget the oldest beyond `keep`."""
    conn.execute(
        "INSERT INTO waiting_positions(request_id, position, updated_at) VALUES (?, ?, ?) ON CONFLICT (request_id) "
        "DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at",
        (request_id, position_json, now),
    )
    (count,) = conn.execute("SELECT COUNT(*) FROM waiting_positions").fetchone()
    if count > keep:
        rows = conn.execute("SELECT request_id FROM waiting_positions ORDER BY updated_at, request_id LIMIT ?",
                            (count - keep,))
        for (old,) in list(rows):
            conn.execute("DELETE FROM waiting_positions WHERE request_id = ?", (old,))


def holders(conn: Connection) -> list[tuple[str, str]]:
    """Who the waiting actions are for, taken or not: (holder, holder id), each once."""
    rows = conn.execute("SELECT DISTINCT holder, holder_id FROM waiting_actions")
    return [(holder, holder_id) for holder, holder_id in rows]


def position_ids(conn: Connection) -> list[str]:
    return [request_id for (request_id,) in conn.execute("SELECT request_id FROM waiting_positions")]


def load_position(conn: Connection, request_id: str) -> str | None:
    """Where the append sequence of `request_id` stood when it had no stream (None: nothing kept)."""
    row = conn.execute("SELECT position FROM waiting_positions WHERE request_id = ?", (request_id,)).fetchone()
    return None if row is None else str(row[0])
