"""Turns that survive a restart: the turn's snapshot, and re-creating its stream from the journal.

A snapshot is the turn's record (`cursord.agent.turn_record`: the machine's `TurnState`, the run
request, the backlog's length, the checkpoint's tool steps) as JSON. Messages queued for the
conversation's next run wait in the store's action queue, not in the record; a record written before
that holds them itself, and they move to the queue when the daemon starts (`adopt_legacy_queued`).
Snapshots of earlier formats, journalled before an upgrade, are still read (the second by
`cursord.agent.turn_record`, the first by `cursord.agent.snapshot_v1`).

The rule for what the editor sees after a restart (a reconnecting RunSSE replays from the start):

- the turn saves a snapshot at every step boundary: before a provider pass starts, after it has sent
  its tool calls, and after each tool result. The snapshot records how many frames the backlog held.
- on restart the journal is cut back to that count and the turn continues from the snapshot: pending
  tool calls keep their exec ids, so results the editor sends for requests issued before the restart
  are accepted; a provider pass that died with the process is run again from the start.
- so the partial output of a pass that died is never shown twice: the replayed backlog ends at the
  step boundary, and the re-run pass's output follows it. Output of a streamed shell command that
  arrived between the last snapshot and the crash is lost from the replay (the command's later output
  still arrives).

A stream that had ended is served from the journal for its retention window, counted from the restart.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

import attrs

from cursord.agent import snapshot_v1, turn_record
from cursord.agent.router import Route
from cursord.agent.turn_record import TurnRecord
from cursord.connect import Code, ConnectError, error_from_wire
from cursord.store import JournalState, PendingEntry, PendingKind, Store
from cursord.streams import ActionQueue, ActiveStream, Restorer, StreamBroker, StreamEnding

log = logging.getLogger(__name__)

SNAPSHOT_ID = "state"


@attrs.frozen
class Resumed:
    """Mailbox item: the stream was re-created from its journal; go on from the snapshot."""


def read(
    snapshot: dict[str, Any], route_for: Callable[[str], Route | None], now: float = 0.0
) -> tuple[TurnRecord, Route | None]:
    """The record a journalled snapshot holds (any format), its state waiting for `Resume` (its calls
    in flight timed from `now`, this process's clock), and the route its model takes now (None: the model
    is no longer served)."""
    if snapshot.get("v") == snapshot_v1.VERSION:
        route = route_for(str(snapshot["model"]))
        return turn_record.restored(snapshot_v1.decode(snapshot, route), now), route
    record = turn_record.decode(snapshot)
    setup = record.state.setup
    if setup is None:
        raise ValueError("turn record without a setup: such a turn keeps no snapshot")
    return turn_record.restored(record, now), route_for(setup.model)


def make_restorer(
    store: Store, behaviour_for_snapshot: Callable[[dict[str, Any]], Callable[[ActiveStream], Any]], retention: float
) -> Restorer:
    """A broker restorer: re-creates streams an earlier daemon process journalled.

    Every new run's RunSSE asks it first. On a store only this process writes (`Store.exclusive`), a
    journal is either this process's own, whose stream the broker holds until it retires and drops it, or
    one an earlier process left: those request ids are listed once, at the first call, and only they are
    looked up, each once; any other request id has no journal to read. A shared store (a team gateway's
    PostgreSQL) is asked every time: another node may have journalled the request id since."""
    earlier: set[str] | None = None

    async def restore(broker: StreamBroker, request_id: str) -> ActiveStream | None:
        nonlocal earlier
        if store.exclusive:
            if earlier is None:
                earlier = set(await store.journal_ids())
            if request_id not in earlier:
                return None
        stream = await _restore(broker, request_id)
        if earlier is not None:
            earlier.discard(request_id)  # read: brought back, or found gone
        return stream

    async def _restore(broker: StreamBroker, request_id: str) -> ActiveStream | None:
        record = await store.journal_load(request_id)
        if record is None:
            return None
        if record.state is JournalState.ENDED:
            if record.ended_at is not None and record.ended_at + retention < time.time():
                await store.journal_drop(request_id)
                return None
            error = _ending_error(record.ending_json)
            events = list(record.events)
            log.info("request %s: serving its ended stream from the journal", request_id)
            return broker.open(request_id, preload=lambda s: s.preload(events, StreamEnding(error)))
        turn_state = next((p for p in record.pending if p.kind is PendingKind.TURN), None)
        if turn_state is None:
            error = ConnectError(
                Code.UNAVAILABLE, f"cursord restarted before request {request_id} had started; send it again"
            )
            events = list(record.events)
            stream = broker.open(request_id, preload=lambda s: s.preload(events, None))
            stream.end(error)
            return stream
        state = json.loads(turn_state.state_json)
        keep = int(state["events"])
        await store.journal_truncate(request_id, keep)
        events = list(record.events[:keep])
        log.info(
            "request %s: resuming its turn after a restart (%d of %d journalled events kept)",
            request_id,
            keep,
            len(record.events),
        )
        stream = broker.open(
            request_id, behaviour_factory=behaviour_for_snapshot(state), preload=lambda s: s.preload(events, None)
        )
        await stream.post(Resumed())
        return stream

    return restore


async def adopt_legacy_queued(store: Store, actions: ActionQueue) -> int:
    """Move the messages that records of interrupted turns, written before the action queue, kept for their
    conversation's next run into the queue; each record is written again without them, after, so a crash
    in between queues them twice at worst, never loses them. Returns how many moved."""
    moved = 0
    for request_id in await store.journal_active():
        record = await store.journal_load(request_id)
        entry = next((p for p in record.pending if p.kind is PendingKind.TURN), None) if record else None
        if entry is None:
            continue
        snapshot = json.loads(entry.state_json)
        if "queued" not in snapshot:
            continue
        conversation_id, queued = turn_record.legacy_queued(snapshot)
        if conversation_id is not None:
            for action in queued:
                try:
                    await actions.queue(conversation_id, action)
                except ConnectError as refused:
                    log.warning("conversation %s: a message an interrupted turn queued was not kept: %s",
                                conversation_id, refused.message)
            moved += len(queued)
        del snapshot["queued"]
        await store.journal_pending_put(request_id, entry.kind, entry.id, json.dumps(snapshot, separators=(",", ":")))
    if moved:
        log.info("%d queued conversation action(s) of interrupted turns moved to the action queue", moved)
    return moved


def _ending_error(ending_json: str | None) -> ConnectError | None:
    if not ending_json:
        return None
    data = json.loads(ending_json)
    return error_from_wire(data["error"]) if "error" in data else None


def pending_entry(record: TurnRecord) -> PendingEntry:
    """The journal entry that holds the turn's record."""
    return PendingEntry(PendingKind.TURN, SNAPSHOT_ID, turn_record.encode(record))


def save(store: Store, request_id: str, record: TurnRecord) -> None:
    """Record the turn's snapshot beside its journal (queued: committed at once, not waited for)."""
    entry = pending_entry(record)
    store.journal_pending_put_nowait(request_id, entry.kind, entry.id, entry.state_json)


async def save_now(store: Store, request_id: str, record: TurnRecord) -> None:
    """Record the turn's snapshot, committed (with every frame published before it) when this returns."""
    entry = pending_entry(record)
    await store.journal_pending_put(request_id, entry.kind, entry.id, entry.state_json)
