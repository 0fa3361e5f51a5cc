"""The editor's Tab request as a fill-in-the-middle prompt: a window of lines around the cursor.

A `StreamCppRequest` carries the whole current file (with FileSync off, which cursord's CppConfig answer
asks for), the cursor, and the user's recent edits (`cursord.tab.edits`). A FIM model needs only the text
before the cursor (`prefix`) and after it (`suffix`); sending the whole file would make every keystroke cost
grow with the file, so the prompt is a window: `lines_above` lines above the cursor line and `lines_below`
below it. The work per request is bounded by the window too: the window's lines are found by scanning from
the cursor's line start, never by splitting or copying the whole file (what grows with the file is finding
the cursor's line, a bisection over `str.count`, and decoding the request itself).

Positions. `CurrentFileInfo.cursor_position` is zero-based (`line`, `column`); the column counts UTF-16
code units, as the editor's JavaScript does, so a line holding characters outside the BMP is converted.
`contents_start_at_line` says which file line `contents` starts at, when the editor sends a slice.
The line numbers cursord answers with (`LineRange` in `cursord.tab.frames`) are one-based, as the editor
reads them (`rangeToReplaceOneIndexed`). `StreamNextCursorPredictionRequest` is the exception: the editor
fills its `cursor_position` from Monaco's position, one-based line and column (`cursor_position`), and
reads the answer's `line_number` as one-based too.
"""

from __future__ import annotations

from typing import Final

import attrs

from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.context_ring import ContextChunk
from cursord.tab.edits import RecentEdit, TabRequest, recent_edits

__all__ = [
    "FIM_ALIGN",
    "LINES_ABOVE",
    "LINES_BELOW",
    "MAX_EDITS",
    "CursorPlace",
    "FimPrompt",
    "TabRequest",
    "TabRequestError",
    "cursor_position",
    "fim_prompt",
    "locate_cursor",
    "window_bounds",
]

#: lines of context above the cursor line sent to the model.
LINES_ABOVE: Final = 60
#: lines of context below the cursor line.
LINES_BELOW: Final = 20
#: the most recent edits kept (`cursord.tab.edits`).
MAX_EDITS: Final = 5


class TabRequestError(ValueError):
    """The editor's request cannot be turned into a prompt (answered `invalid_argument`)."""


@attrs.frozen
class FimPrompt:
    """What a FIM backend is asked, and where its answer goes."""

    path: str
    language: str
    #: the window's text before the cursor, and after it
    prefix: str
    suffix: str
    #: one-based file line the cursor is on (the line the suggestion replaces)
    line_number: int
    #: the cursor line's text before and after the cursor
    line_before: str
    line_after: str
    #: recent edits, oldest first
    recent_edits: tuple[RecentEdit, ...] = ()
    #: the file's line break, which the suggestion's text uses too
    eol: str = "\n"
    #: chunks of other files the user has been looking at (`cursord.tab.context_ring`)
    context: tuple[ContextChunk, ...] = ()


def _utf16_to_index(line: str, column: int) -> int:
    """The Python index of the UTF-16 `column` in `line` (clamped to the line)."""
    if line.isascii():
        return min(column, len(line))
    units = 0
    for index, char in enumerate(line):
        if units >= column:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _nth_line_start(text: str, line: int) -> int:
    """Offset of zero-based `line` in `text`; raises if `text` has fewer lines.

    A bisection on `str.count` (C, no copy): about twice the text is scanned, 7x faster than one `str.find`
    per line above the cursor (30 us instead of 210 us at line 1,000 of a 2,000-line file)."""
    if line == 0:
        return 0
    low, high, before = 0, len(text), 0  # `before` line breaks in text[:low], fewer than `line`
    while low < high:
        middle = (low + high) // 2
        counted = before + text.count("\n", low, middle + 1)
        if counted >= line:
            high = middle
        else:
            low, before = middle + 1, counted
    if low >= len(text):
        raise TabRequestError(f"the cursor is on line {line + 1} but the file has fewer lines")
    return low + 1  # just past the line-th line break


def _back_lines(text: str, offset: int, count: int) -> int:
    """Offset of the line `count` lines above the line starting at `offset`."""
    for _ in range(count):
        if offset == 0:
            break
        offset = _line_start(text, offset - 1)
    return offset


def _forward_lines(text: str, offset: int, count: int) -> int:
    """Offset just past the end of the `count`-th line after the line holding `offset` (its newline kept)."""
    end = text.find("\n", offset)
    for _ in range(count):
        if end < 0:
            return len(text)
        end = text.find("\n", end + 1)
    return len(text) if end < 0 else end




@attrs.frozen
class CursorPlace:
    """Where the cursor is in a request's `contents` (the editor's slice of the file)."""

    text: str
    #: offset of the cursor line's first character, and of the cursor
    line_start: int
    cursor: int
    #: the cursor line without its line break
    line_text: str
    #: zero-based file line of the cursor
    file_line: int
    crlf: bool


_ONE_BASED: Final = aiserver.StreamNextCursorPredictionRequest


def cursor_position(request: TabRequest) -> tuple[int, int]:
    """The request's cursor as a zero-based (file line, UTF-16 column): StreamCpp sends it so,
    StreamNextCursorPrediction one-based (Monaco's position)."""
    position = request.current_file.cursor_position
    if isinstance(request, _ONE_BASED):
        return position.line - 1, position.column - 1
    return position.line, position.column


def locate_cursor(request: TabRequest) -> CursorPlace:
    """The cursor of `request` in its contents; raises `TabRequestError` when the request has no usable file
    or cursor. `StreamNextCursorPredictionRequest` carries the same file fields as `StreamCppRequest`."""
    current = request.current_file
    if not request.HasField("current_file"):
        raise TabRequestError(f"{type(request).__name__} has no current_file")
    if current.rely_on_filesync and not current.contents:
        raise TabRequestError(
            "the editor sent no file contents (rely_on_filesync): FileSync is off in cursord's CppConfig; "
            "the editor sends whole files once it has read it"
        )
    text = current.contents
    file_line, column = cursor_position(request)
    line = file_line - current.contents_start_at_line
    if file_line < 0 or column < 0 or line < 0:
        position = current.cursor_position
        raise TabRequestError(
            f"cursor_position ({position.line}, {position.column}) is outside the contents, which start at line "
            f"{current.contents_start_at_line}"
            + (" (this RPC's position is one-based)" if isinstance(request, _ONE_BASED) else "")
        )
    start = _nth_line_start(text, line)
    end = text.find("\n", start)
    cursor_line = text[start : len(text) if end < 0 else end]
    # A CRLF file: the window works on "\n" and the suggestion is written back with "\r\n".
    crlf = cursor_line.endswith("\r") or (end < 0 and text[max(0, start - 2) : start] == "\r\n")
    cursor_line = cursor_line.removesuffix("\r")
    cursor = start + _utf16_to_index(cursor_line, column)
    return CursorPlace(text, start, cursor, cursor_line, file_line, crlf)


def window_bounds(place: CursorPlace, lines_above: int, lines_below: int, align: int = 1) -> tuple[int, int]:
    """Offsets of the window's start (a line start) and end (the end of its last line, before the break).

    With `align` > 1 the window starts on a file line that is a multiple of `align`, up to `align - 1`
    lines further up than `lines_above`: while the cursor moves within those lines, every request's
    prompt starts with the same text, which is what a server's prompt cache reuses (llama.cpp's
    `cache_prompt`, DeepSeek's prefix cache, Ollama's loaded context)."""
    back = lines_above + (place.file_line - lines_above) % align if align > 1 else lines_above
    return _back_lines(place.text, place.line_start, back), _forward_lines(place.text, place.line_start, lines_below)


#: FIM windows start on a multiple of this many file lines (`window_bounds`)
FIM_ALIGN: Final = 16


def fim_prompt(
    request: aiserver.StreamCppRequest,
    *,
    lines_above: int = LINES_ABOVE,
    lines_below: int = LINES_BELOW,
    max_edits: int = MAX_EDITS,
    align: int = FIM_ALIGN,
) -> FimPrompt:
    """The prompt for `request`; raises `TabRequestError` when the request has no usable file or cursor."""
    place = locate_cursor(request)
    text, start, cursor = place.text, place.line_start, place.cursor
    window_start, window_end = window_bounds(place, lines_above, lines_below, align)
    prefix, suffix = text[window_start:cursor], text[cursor:window_end].removesuffix("\r")
    if place.crlf:
        prefix, suffix = prefix.replace("\r\n", "\n"), suffix.replace("\r\n", "\n")
    return FimPrompt(
        path=request.current_file.relative_workspace_path,
        language=request.current_file.language_id,
        prefix=prefix,
        suffix=suffix,
        line_number=place.file_line + 1,
        line_before=text[start:cursor],
        line_after=place.line_text[cursor - start :],
        recent_edits=recent_edits(request, max_edits),
        eol="\r\n" if place.crlf else "\n",
    )
