"""Context beyond the window: a ring of chunks of the files the user has been looking at.

Theory of operation. The editor tells cursord what else is on the user's screen: each StreamCpp and each
RefreshTabContext carries `additional_files` (the visible ranges of the other open editors, each range's
text and its one-based first line), and RefreshTabContext the current file as well. Each range is cut into
chunks of at most `CHUNK_LINES` lines (llama.vim: 64) and kept in a ring of `RING_SIZE` chunks (llama.vim:
16), the newest last: a chunk already there moves to the end, one whose lines are mostly those of a newer
chunk of the same file is dropped (the user scrolled a little), and the oldest goes when the ring is full.

`context(path, first, last)` is what a prompt gets: every chunk except those of the window's own lines
(they are in the prompt already). llama.cpp's FIM takes them as `input_extra`, Sweep's prompt as file
blocks; a FIM server without such a field gets none (a chunk prepended to the prefix would be continued).
`changed` tells the service when the ring has chunks a server has not seen yet, so that it can send them
ahead of the next request (llama.cpp: an `/infill` with `n_predict: 0`, which fills its prompt cache).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = ["CHUNK_LINES", "RING_SIZE", "ContextChunk", "ContextRing"]

#: lines in a chunk, and chunks kept (llama.vim's `ring_chunk_size` and `ring_n_chunks`)
CHUNK_LINES: Final = 64
RING_SIZE: Final = 16
#: a chunk sharing more than this share of its lines with a newer chunk of the same file is dropped
SIMILAR: Final = 0.9


@attrs.frozen
class ContextChunk:
    path: str
    #: zero-based file line of the chunk's first line
    first_line: int
    text: str

    @property
    def last_line(self) -> int:
        return self.first_line + self.text.count("\n")

    def overlap(self, other: ContextChunk) -> float:
        """The share of this chunk's lines that `other` holds too (0 for another file)."""
        if other.path != self.path:
            return 0.0
        shared = min(self.last_line, other.last_line) - max(self.first_line, other.first_line) + 1
        return max(0, shared) / (self.last_line - self.first_line + 1)


def chunks_of(path: str, first_line: int, text: str) -> list[ContextChunk]:
    """`text` (file lines from zero-based `first_line` on) cut into chunks of `CHUNK_LINES` lines; blank
    chunks are left out."""
    lines = text.replace("\r\n", "\n").split("\n")
    out = []
    for start in range(0, len(lines), CHUNK_LINES):
        piece = "\n".join(lines[start : start + CHUNK_LINES])
        if piece.strip():
            out.append(ContextChunk(path, first_line + start, piece))
    return out


@attrs.define
class ContextRing:
    size: int = RING_SIZE
    _chunks: list[ContextChunk] = attrs.field(factory=list)
    #: chunks taken in since `sent()` was last called
    _fresh: bool = False

    def __len__(self) -> int:
        return len(self._chunks)

    def add(self, chunk: ContextChunk) -> None:
        if chunk in self._chunks:
            self._chunks.remove(chunk)
            self._chunks.append(chunk)
            return
        self._chunks = [c for c in self._chunks if c.overlap(chunk) <= SIMILAR]
        self._chunks.append(chunk)
        del self._chunks[: -self.size]
        self._fresh = True

    def add_files(self, files: Iterable[aiserver.AdditionalFile]) -> None:
        """The visible ranges of the editor's other open files."""
        for file in files:
            starts = list(file.start_line_number_one_indexed)
            for index, text in enumerate(file.visible_range_content):
                first = starts[index] - 1 if index < len(starts) and starts[index] > 0 else 0
                for chunk in chunks_of(file.relative_workspace_path, first, text):
                    self.add(chunk)

    def add_around_cursor(self, current: aiserver.CurrentFileInfo) -> None:
        """The `CHUNK_LINES` lines around the cursor of a file the editor shows (RefreshTabContext's)."""
        if not current.contents or not current.relative_workspace_path:
            return
        lines = current.contents.split("\n")
        row = min(max(0, current.cursor_position.line - current.contents_start_at_line), len(lines) - 1)
        start = max(0, row - CHUNK_LINES // 2)
        text = "\n".join(line.removesuffix("\r") for line in lines[start : start + CHUNK_LINES])
        if text.strip():
            self.add(ContextChunk(current.relative_workspace_path, current.contents_start_at_line + start, text))

    def context(self, path: str, first_line: int, last_line: int) -> tuple[ContextChunk, ...]:
        """The chunks a prompt for file lines `first_line`..`last_line` of `path` gets, oldest first."""
        return tuple(
            c for c in self._chunks if c.path != path or c.last_line < first_line or c.first_line > last_line
        )

    @property
    def changed(self) -> bool:
        """The ring took chunks in since `sent()`."""
        return self._fresh

    def sent(self) -> tuple[ContextChunk, ...]:
        """Every chunk, marked as seen by the server."""
        self._fresh = False
        return tuple(self._chunks)

    def clear(self) -> None:
        self._chunks.clear()
        self._fresh = False
