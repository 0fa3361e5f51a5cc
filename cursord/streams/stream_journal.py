"""StreamJournal: every stream's published frames and ending, written to the store as they happen.

Theory of operation: the journal observes the broker. A stream is journalled from its first upload
(placeholders that never get one leave no trace); every published payload is appended, in publish
order, without waiting; the ending is recorded when the stream ends and the journal is dropped when the
stream retires, after its retention window. What the agent turn needs to go on after a restart (its
messages, pending tool calls, where in the backlog its last step began) is saved beside the events by
the turn itself (`cursord.agent.restore`).

The store's writer holds frames nobody waits for for a short while (`cursord.store.writer`,
`COMMIT_DELAY`) and gathers each stream's into one write; the turn's snapshot at a step boundary and
the stream's ending end that hold, so they commit at once with every frame before them. A crash loses
at most the frames of the last hold after the last step boundary, which a resumed turn cuts off anyway.

A shutdown ends every stream `unavailable` so connected editors see why; those endings are NOT
journalled (`suspend`), so after the restart the streams come back active and their turns resume.

The journal also keeps where each stream's append sequence stands: the position of the last upload the
actor has handled, queued as it is handled ("handled", after the turn's own writes for it) and committed
before that upload's ACK (`positions_committed`). A restarted daemon knows the next `append_seqno` of every
stream it brings back instead of guessing it from whichever append arrives first (`load_position`).
"""

from __future__ import annotations

import json
import logging
import time
from typing import Protocol

import attrs

from cursord.connect import error_to_wire
from cursord.core import AppendPosition
from cursord.store import Store
from cursord.streams.active import ActiveStream
from cursord.streams.backlog import StreamEnding

log = logging.getLogger(__name__)


def ending_json(ending: StreamEnding) -> str:
    return json.dumps({"error": error_to_wire(ending.error)} if ending.error is not None else {})


class AppendPositions(Protocol):
    """Where each stream's append sequence stands, kept where a restart finds it (`StreamJournal`)."""

    async def positions_committed(self) -> None: ...

    async def load_position(self, request_id: str) -> AppendPosition | None: ...


def position_to_json(position: AppendPosition) -> str:
    fields: dict[str, object] = {"start": position.start, "next": position.next}
    if position.first_fingerprint is not None:
        fields["first"] = position.first_fingerprint.hex()
    return json.dumps(fields)


def position_from_json(text: str) -> AppendPosition:
    """Raises ValueError (or TypeError, KeyError) for a record this build cannot read."""
    fields = json.loads(text)
    first = fields.get("first")
    return AppendPosition(int(fields["start"]), int(fields["next"]), bytes.fromhex(first) if first else None)


def stored_position(request_id: str, text: str | None) -> AppendPosition | None:
    """The position a store kept for `request_id` (None: none, or unreadable by this build, which is logged)."""
    if text is None:
        return None
    try:
        return position_from_json(text)
    except (ValueError, TypeError, KeyError):
        log.warning("request %s: unreadable append position %r ignored", request_id, text)
        return None


@attrs.define
class StreamJournal:
    store: Store
    suspended: bool = False
    #: which stream writes each request id's journal: an ended stream replaced by a new run under the same
    #: request id retires after its successor opened the journal again, and must not drop it
    _writers: dict[str, ActiveStream] = attrs.field(factory=dict, init=False)

    def suspend(self) -> None:
        """From now on record nothing: the daemon is shutting down and will resume these streams."""
        self.suspended = True

    def observe(self, stream: ActiveStream, what: str) -> None:
        if self.suspended:
            return
        if what == "uploaded" and not stream.backlog.frames:
            self._writers[stream.request_id] = stream
            self.store.journal_open_nowait(stream.request_id, stream.conversation_id, stream.model_id)
            return
        if self._writers.get(stream.request_id, stream) is not stream:
            return  # a stream replaced under its reused request id: the journal is its successor's now
        if what == "ended" and stream.backlog.ending is not None and stream.has_upload:
            self.store.journal_end_nowait(stream.request_id, ending_json(stream.backlog.ending), time.time())
        elif what == "retired":
            self._writers.pop(stream.request_id, None)
            if stream.has_upload:
                self.store.journal_drop_nowait(stream.request_id)
        elif what == "handled" and stream.handled_position is not None:
            self.store.journal_put_append_position_nowait(stream.request_id, position_to_json(stream.handled_position))

    def published(self, stream: ActiveStream, payload: bytes) -> None:
        if not self.suspended:
            self.store.journal_append_nowait(stream.request_id, [payload])

    async def positions_committed(self) -> None:
        """Return once every append position queued so far ("handled") is committed, with what the turn
        wrote before it."""
        if not self.suspended:
            await self.store.flush()

    async def load_position(self, request_id: str) -> AppendPosition | None:
        """The append position recorded for `request_id` (None: none, or unreadable, which is logged)."""
        return stored_position(request_id, await self.store.journal_append_position(request_id))
