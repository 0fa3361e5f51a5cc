"""SQL for conversations: turns and their messages, summaries, provider passes and tool calls.

Plain synchronous functions of a `Connection`, run by the writer thread (writes) or a read
connection (reads) inside a transaction the caller opened; no trio, no threads.

History rules: every turn gets the next `turn_seq` of its conversation, whatever its status, and its
messages are kept; `load_history` returns only the messages of `completed` turns after the current
summary's `up_to_turn`, preceded by the summary itself. Passes and tool calls are recorded while a turn
runs, before it has a `turn_seq`; recording the turn claims the unclaimed ones of its request id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cursord.providers.model import Message
from cursord.store.codec import decode_message, encode_parts, usage_columns, usage_from_columns
from cursord.store.errors import InvalidSummary, UnknownConversation
from cursord.store.people import release_hold
from cursord.store.records import (
    ConversationInfo,
    PassRecord,
    PassStatus,
    StoredTurn,
    SummaryRecord,
    ToolCallRecord,
    TurnMeta,
    TurnRecord,
    TurnStatus,
)
from cursord.store.sql import Connection

#: How a summary enters the history: a user message (every vendor accepts one anywhere; some
#: OpenAI-compatible servers reject a system message after the first).
SUMMARY_PREFIX = "Summary of the earlier part of this conversation (it replaces those messages):\n\n"


def summary_message(summary: str) -> Message:
    return Message.user(SUMMARY_PREFIX + summary)


def touch_conversation(conn: Connection, conversation_id: str, now: float, model: str | None = None) -> None:
    conn.execute(
        "INSERT INTO conversations(conversation_id, created_at, updated_at, model) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(conversation_id) DO UPDATE SET updated_at = excluded.updated_at, "
        "model = COALESCE(excluded.model, conversations.model)",
        (conversation_id, now, now, model),
    )


def _last_turn_seq(conn: Connection, conversation_id: str) -> int:
    row = conn.execute(
        "SELECT turn_seq FROM turns WHERE conversation_id = ? ORDER BY turn_seq DESC LIMIT 1", (conversation_id,)
    ).fetchone()
    return 0 if row is None else int(row[0])


def record_turn(
    conn: Connection, conversation_id: str, messages: Sequence[Message], meta: TurnMeta, now: float
) -> TurnRecord:
    encoded = [(m.role.value, encode_parts(m.parts)) for m in messages]
    touch_conversation(conn, conversation_id, now, meta.model)
    turn_seq = _last_turn_seq(conn, conversation_id) + 1
    conn.execute(
        "INSERT INTO turns(conversation_id, turn_seq, request_id, status, model, error, input_tokens, "
        "output_tokens, cache_read_tokens, cache_write_tokens, started_at, committed_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            conversation_id,
            turn_seq,
            meta.request_id,
            meta.status.value,
            meta.model,
            meta.error,
            *usage_columns(meta.usage),
            meta.started_at,
            now,
        ),
    )
    conn.executemany(
        "INSERT INTO messages(conversation_id, turn_seq, position, role, parts) VALUES (?, ?, ?, ?, ?)",
        [(conversation_id, turn_seq, position, role, parts) for position, (role, parts) in enumerate(encoded)],
    )
    if meta.request_id is not None:
        for table in ("passes", "tool_calls"):
            conn.execute(
                f"UPDATE {table} SET turn_seq = ? WHERE conversation_id = ? AND request_id = ? AND turn_seq IS NULL",
                (turn_seq, conversation_id, meta.request_id),
            )
    return TurnRecord(
        conversation_id=conversation_id,
        turn_seq=turn_seq,
        request_id=meta.request_id,
        status=meta.status,
        usage=meta.usage,
        model=meta.model,
        error=meta.error,
        started_at=meta.started_at,
        committed_at=now,
        message_count=len(encoded),
    )


def load_history(conn: Connection, conversation_id: str) -> list[Message]:
    row = conn.execute(
        "SELECT summary, summary_up_to_turn FROM conversations WHERE conversation_id = ?", (conversation_id,)
    ).fetchone()
    if row is None:
        return []
    summary, up_to = row
    history = [] if summary is None else [summary_message(summary)]
    rows = conn.execute(
        "SELECT m.role, m.parts FROM messages AS m JOIN turns AS t USING (conversation_id, turn_seq) "
        "WHERE m.conversation_id = ? AND m.turn_seq > ? AND t.status = 'completed' "
        "ORDER BY m.turn_seq, m.position",
        (conversation_id, up_to or 0),
    )
    history.extend(decode_message(role, parts) for role, parts in rows)
    return history


def turn_messages(conn: Connection, conversation_id: str, turn_seq: int) -> list[Message]:
    rows = conn.execute(
        "SELECT role, parts FROM messages WHERE conversation_id = ? AND turn_seq = ? ORDER BY position",
        (conversation_id, turn_seq),
    )
    return [decode_message(role, parts) for role, parts in rows]


def turn_records(conn: Connection, conversation_id: str, turn_seq: int | None = None) -> list[TurnRecord]:
    """The conversation's turns, oldest first (only `turn_seq`'s, when given)."""
    one = "" if turn_seq is None else " AND turn_seq = ?"
    rows = conn.execute(
        "SELECT turn_seq, request_id, status, model, error, input_tokens, output_tokens, cache_read_tokens, "
        "cache_write_tokens, started_at, committed_at, "
        "(SELECT COUNT(*) FROM messages AS m WHERE m.conversation_id = t.conversation_id AND m.turn_seq = t.turn_seq) "
        f"FROM turns AS t WHERE conversation_id = ?{one} ORDER BY turn_seq",
        (conversation_id,) if turn_seq is None else (conversation_id, turn_seq),
    )
    return [
        TurnRecord(
            conversation_id=conversation_id,
            turn_seq=seq,
            request_id=request_id,
            status=TurnStatus(status),
            usage=usage_from_columns(i, o, cr, cw),
            model=model,
            error=error,
            started_at=started_at,
            committed_at=committed_at,
            message_count=count,
        )
        for seq, request_id, status, model, error, i, o, cr, cw, started_at, committed_at, count in rows
    ]


def conversation_info(conn: Connection, conversation_id: str) -> ConversationInfo | None:
    row = conn.execute(
        "SELECT created_at, updated_at, model, summary, summary_up_to_turn FROM conversations "
        "WHERE conversation_id = ?",
        (conversation_id,),
    ).fetchone()
    if row is None:
        return None
    created_at, updated_at, model, summary, up_to = row
    return ConversationInfo(
        conversation_id=conversation_id,
        created_at=created_at,
        updated_at=updated_at,
        model=model,
        summary=summary,
        summary_up_to_turn=up_to,
        last_turn_seq=_last_turn_seq(conn, conversation_id),
    )


def set_title(conn: Connection, conversation_id: str, title: str, now: float) -> None:
    conn.execute(
        "INSERT INTO conversation_titles(conversation_id, title, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT(conversation_id) DO UPDATE SET title = excluded.title, updated_at = excluded.updated_at",
        (conversation_id, title, now),
    )


def titles(conn: Connection, conversation_ids: Sequence[str] | None, limit: int) -> dict[str, str]:
    """The titles of `conversation_ids` that have one; None: the `limit` most recently named."""
    if conversation_ids is None:
        rows = conn.execute(
            "SELECT conversation_id, title FROM conversation_titles ORDER BY updated_at DESC LIMIT ?", (limit,)
        )
        return {conversation_id: title for conversation_id, title in rows}
    found: dict[str, str] = {}
    wanted = list(dict.fromkeys(conversation_ids))
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        rows = conn.execute(
            f"SELECT conversation_id, title FROM conversation_titles WHERE conversation_id IN ({marks})", chunk
        )
        found.update({conversation_id: title for conversation_id, title in rows})
    return found


def set_summary(conn: Connection, conversation_id: str, summary: str, up_to_turn: int, now: float) -> None:
    row = conn.execute(
        "SELECT summary, summary_up_to_turn, summary_created_at FROM conversations WHERE conversation_id = ?",
        (conversation_id,),
    ).fetchone()
    if row is None:
        raise UnknownConversation(f"no conversation {conversation_id!r} to summarise")
    last = _last_turn_seq(conn, conversation_id)
    if not 1 <= up_to_turn <= last:
        raise InvalidSummary(
            f"conversation {conversation_id!r} has turns 1..{last}; a summary cannot replace up to turn {up_to_turn}"
        )
    old_summary, old_up_to, old_created = row
    if old_summary is not None:
        conn.execute(
            "INSERT INTO summary_archive(conversation_id, summary, up_to_turn, created_at, archived_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (conversation_id, old_summary, old_up_to, old_created, now),
        )
    conn.execute(
        "UPDATE conversations SET summary = ?, summary_up_to_turn = ?, summary_created_at = ?, updated_at = ? "
        "WHERE conversation_id = ?",
        (summary, up_to_turn, now, now, conversation_id),
    )


def summaries(conn: Connection, conversation_id: str) -> list[SummaryRecord]:
    """Every summary the conversation has had, oldest first; the last one is current (not archived)."""
    archived = [
        SummaryRecord(summary, up_to, created_at, archived_at)
        for summary, up_to, created_at, archived_at in conn.execute(
            "SELECT summary, up_to_turn, created_at, archived_at FROM summary_archive "
            "WHERE conversation_id = ? ORDER BY rowid",
            (conversation_id,),
        )
    ]
    row = conn.execute(
        "SELECT summary, summary_up_to_turn, summary_created_at FROM conversations WHERE conversation_id = ?",
        (conversation_id,),
    ).fetchone()
    if row is not None and row[0] is not None:
        archived.append(SummaryRecord(row[0], row[1], row[2]))
    return archived


# ---- provider passes and tool calls -----------------------------------------------------------------

_PASS_COLUMNS = (
    "model_call_id, request_id, conversation_id, turn_seq, model, provider, status, stop_reason, error, "
    "input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens, started_at, "
    "first_token_ms, duration_ms, cost_usd"
)
_TOOL_COLUMNS = (
    "tool_call_id, request_id, conversation_id, turn_seq, model_call_id, name, arguments, exec_seq, exec_id, "
    "result, is_error, started_at, duration_ms"
)


def record_pass(conn: Connection, record: PassRecord) -> None:
    conn.execute(
        f"INSERT INTO passes({_PASS_COLUMNS}, user_name, team) VALUES ({', '.join('?' * 20)})",
        (
            record.model_call_id,
            record.request_id,
            record.conversation_id,
            record.turn_seq,
            record.model,
            record.provider,
            record.status.value,
            record.stop_reason,
            record.error,
            *usage_columns(record.usage),
            record.usage.reasoning,
            record.started_at,
            record.first_token_ms,
            record.duration_ms,
            record.cost_usd,
            record.user,
            record.team,
        ),
    )
    release_hold(conn, record.model_call_id)  # the pass is counted now: its hold on a budget goes


def record_tool_call(conn: Connection, record: ToolCallRecord) -> None:
    conn.execute(
        f"INSERT INTO tool_calls({_TOOL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            record.tool_call_id,
            record.request_id,
            record.conversation_id,
            record.turn_seq,
            record.model_call_id,
            record.name,
            record.arguments,
            record.exec_seq,
            record.exec_id,
            record.result,
            int(record.is_error),
            record.started_at,
            record.duration_ms,
        ),
    )


def _where(conversation_id: str | None, request_id: str | None, turn_seq: int | None) -> tuple[str, list[object]]:
    clauses: list[str] = []
    values: list[object] = []
    for column, value in (("conversation_id", conversation_id), ("request_id", request_id), ("turn_seq", turn_seq)):
        if value is not None:
            clauses.append(f"{column} = ?")
            values.append(value)
    if not clauses:
        raise ValueError("give at least one of conversation_id, request_id, turn_seq")
    return " AND ".join(clauses), values


def passes(
    conn: Connection, conversation_id: str | None, request_id: str | None, turn_seq: int | None
) -> list[PassRecord]:
    where, values = _where(conversation_id, request_id, turn_seq)
    rows = conn.execute(f"SELECT {_PASS_READ} FROM passes WHERE {where} ORDER BY pass_id", values)
    return [_pass_record(row) for row in rows]


def recent_turns(conn: Connection, limit: int, window: int) -> list[StoredTurn]:
    """The `limit` turns that recorded a pass last (among the latest `window` passes of turns), newest first.

    A turn's passes have model call ids `REQUEST:N`; a pass of no turn (a title, Local AI, Tab) is its own
    request, its model call id its request id, and is left out. The editor may reuse a request id: the
    turn that claimed a pass (its `turn_seq`) tells two turns of one request apart.
    """
    latest = [
        request_id
        for (request_id,) in conn.execute(
            "SELECT request_id FROM (SELECT request_id, pass_id FROM passes WHERE model_call_id <> request_id "
            "ORDER BY pass_id DESC LIMIT ?) AS latest GROUP BY request_id ORDER BY MAX(pass_id) DESC LIMIT ?",
            (window, limit),
        )
    ]
    if not latest:
        return []
    marks = ", ".join("?" * len(latest))
    rows = conn.execute(
        f"SELECT {_PASS_READ} FROM passes WHERE request_id IN ({marks}) AND model_call_id <> request_id "
        "ORDER BY pass_id",
        latest,
    )
    by_turn: dict[tuple[str, str | None, int | None], list[PassRecord]] = {}
    for row in rows:
        record = _pass_record(row)
        key = (record.request_id, record.conversation_id, record.turn_seq)
        passes_of = by_turn.pop(key, [])  # moved to the end: the turn of the latest pass comes last
        passes_of.append(record)
        by_turn[key] = passes_of
    newest_first = list(reversed(by_turn.items()))
    turns = []
    for (request_id, conversation_id, turn_seq), records in newest_first[:limit]:
        found = turn_records(conn, conversation_id, turn_seq) if conversation_id and turn_seq is not None else []
        turns.append(StoredTurn(request_id, tuple(records), found[0] if found else None))
    return turns


_PASS_READ = f"{_PASS_COLUMNS}, user_name, team"


def _pass_record(row: Any) -> PassRecord:
    """A row of `_PASS_READ`."""
    (
        mc, rid, cid, seq, model, provider, status, stop, error, i, o, cr, cw, reasoning, started, first, duration,
        cost, user, team,
    ) = row
    return PassRecord(
        model_call_id=mc,
        request_id=rid,
        conversation_id=cid,
        turn_seq=seq,
        model=model,
        provider=provider,
        status=PassStatus(status),
        stop_reason=stop,
        error=error,
        usage=attrs.evolve(usage_from_columns(i, o, cr, cw), reasoning=reasoning),
        started_at=started,
        first_token_ms=first,
        duration_ms=duration,
        cost_usd=cost,
        user=user,
        team=team,
    )


def tool_calls(
    conn: Connection, conversation_id: str | None, request_id: str | None, turn_seq: int | None
) -> list[ToolCallRecord]:
    where, values = _where(conversation_id, request_id, turn_seq)
    rows = conn.execute(f"SELECT {_TOOL_COLUMNS} FROM tool_calls WHERE {where} ORDER BY call_row", values)
    return [
        ToolCallRecord(
            tool_call_id=tcid,
            request_id=rid,
            conversation_id=cid,
            turn_seq=seq,
            model_call_id=mc,
            name=name,
            arguments=arguments,
            exec_seq=exec_seq,
            exec_id=exec_id,
            result=result,
            is_error=bool(is_error),
            started_at=started,
            duration_ms=duration,
        )
        for tcid, rid, cid, seq, mc, name, arguments, exec_seq, exec_id, result, is_error, started, duration in rows
    ]
