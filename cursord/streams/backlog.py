"""The shared backlog of one stream: every frame it has published, in order, and how it ended.

Theory of operation: the backlog is the single source of truth for what a stream has said. The actor
appends already-encoded Connect envelopes (so a frame is serialised once however many subscribers read
it); each RunSSE connection keeps its own cursor (an index into `frames`) and reads `frames[cursor:]`
whenever it is woken. A new connection starts at cursor 0 and so replays everything. Once `ending` is set
the backlog is closed: nothing more is appended and readers finish with the end-stream frame.

Pure data: no trio, no I/O. Waking readers is `cursord.streams.subscribers`' job.
"""

from __future__ import annotations

import attrs

from cursord.connect import Code, ConnectError
from cursord.core import Phase


@attrs.frozen
class StreamEnding:
    """How a stream ended: ``error is None`` is success; otherwise the Connect error of the end-stream."""

    error: ConnectError | None

    @property
    def phase(self) -> Phase:
        """The terminal phase this ending puts a stream in."""
        if self.error is None:
            return Phase.COMPLETED
        return Phase.CANCELED if self.error.code is Code.CANCELED else Phase.FAILED


class BacklogClosed(RuntimeError):
    """A frame was published after the stream ended: a bug in the publisher."""


@attrs.define
class Backlog:
    """Encoded frames in publish order, bounded by `max_frames`, and the stream's ending once it has one."""

    max_frames: int
    frames: list[bytes] = attrs.field(factory=list)
    byte_count: int = 0
    ending: StreamEnding | None = None
    #: frames from this index on are not read yet (`hold`): they ask the editor to act, and what the
    #: stream needs to go on after a crash is not on disk yet. None: every frame is readable.
    held_from: int | None = None

    @property
    def readable(self) -> int:
        """How many frames readers may take."""
        return len(self.frames) if self.held_from is None else self.held_from

    def hold(self) -> None:
        """Keep frames published from now on from readers until `release`."""
        if self.held_from is None:
            self.held_from = len(self.frames)

    def release(self) -> None:
        self.held_from = None

    @property
    def is_closed(self) -> bool:
        return self.ending is not None

    @property
    def is_full(self) -> bool:
        return len(self.frames) >= self.max_frames

    def append(self, frame: bytes) -> None:
        if self.ending is not None:
            raise BacklogClosed("cannot publish to a stream that has ended")
        self.frames.append(frame)
        self.byte_count += len(frame)

    def close(self, ending: StreamEnding) -> bool:
        """Record the ending; the first ending wins. Returns whether this call closed the backlog."""
        if self.ending is not None:
            return False
        self.ending = ending
        self.held_from = None  # an ending is shown with everything before it
        return True

    def read_from(self, cursor: int) -> tuple[list[bytes], int]:
        """Readable frames at and after `cursor`, and the cursor to use next time."""
        readable = self.readable
        if cursor >= readable:
            return [], cursor
        return self.frames[cursor:readable], readable
