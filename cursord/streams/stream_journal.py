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
"""

from __future__ import annotations

import json
import logging
import time

import attrs

from cursord.connect import error_to_wire
from cursord.store import Store
from cursord.streams.active import ActiveStream
from cursord.streams.backlog import StreamEnding

log = logging.getLogger(__name__)


def ending_json(ending: StreamEnding) -> str:
    return json.dumps({"error": error_to_wire(ending.error)} if ending.error is not None else {})


@attrs.define
class StreamJournal:
    store: Store
    suspended: bool = False


    def suspend(self) -> None:
        """From now on record nothing: the daemon is shutting down and will resume these streams."""
        self.suspended = True

    def observe(self, stream: ActiveStream, what: str) -> None:
        if self.suspended:
            return
        if what == "uploaded" and not stream.backlog.frames:
            self.store.journal_open_nowait(stream.request_id, stream.conversation_id, stream.model_id)
        elif what == "ended" and stream.backlog.ending is not None and stream.has_upload:
            self.store.journal_end_nowait(stream.request_id, ending_json(stream.backlog.ending), time.time())
        elif what == "retired" and stream.has_upload:
            self.store.journal_drop_nowait(stream.request_id)

    def published(self, stream: ActiveStream, payload: bytes) -> None:
        if not self.suspended:
            self.store.journal_append_nowait(stream.request_id, [payload])
