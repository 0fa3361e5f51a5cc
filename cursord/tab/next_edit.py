"""Next-edit models: a window of lines rewritten by the model, mapped onto the range Cursor's Tab replaces.

A FIM model inserts at the cursor; a next-edit model is shown a window of lines around the cursor and the
user's recent edits, and writes the window again as it predicts the user will change it: the edit may be
above or below the cursor, and there may be several. cursord diffs the rewrite against the window
(`difflib`, line by line): the changed lines nearest the cursor become the suggestion (only those lines
are replaced, not the window), and the next changed lines, if any, become the cursor-jump prediction
(`CursorJump`: the editor moves there and asks again).

The rewrite is read as it streams (`RewriteReader`) and the model is stopped as soon as what follows can
no longer change it: its end marker came (Zeta's `<|editable_region_end|>`; a Sweep stop string, from a
server that writes it out instead of stopping there), or it has more lines than a rewrite of the window may
have. Nothing is answered before that: the diff, and so the edit and the jump, need the whole window;
unless the answer's time runs out first, when the lines rewritten so far stand for the window's top and the
window's own lines for the rest (`RewriteReader.rewrite_so_far`).

The prompt formats, as their publishers document them (model cards, the publishers' posts and the
editors' plug-ins that send them):

- `sweep` (Sweep Next-Edit): each chunk of another file the user has been looking at as `<|file_sep|>PATH`
  and its lines (`cursord.tab.context_ring`), each recent edit as `<|file_sep|>PATH.diff` with `original:`
  and `updated:` blocks, then the window as `<|file_sep|>original/PATH` and as `<|file_sep|>current/PATH` (with
  `<|cursor|>` at the cursor), then `<|file_sep|>updated/PATH` and the window's lines above the cursor line
  (prefilled). The model writes the rest of the updated window and stops at `<|file_sep|>` or
  `<|endoftext|>`.
- `zeta` (Zed's Zeta): the instruction, `### User Edits:` (each edit as `User edited "PATH":` and a diff
  block), `### User Excerpt:` with the window between `<|editable_region_start|>` and
  `<|editable_region_end|>` and `<|user_cursor_is_here|>` at the cursor, then `### Response:`. The model
  writes the excerpt again, the region between the same markers rewritten.

The recent edits reach each format in its own diff form (`cursord.tab.edits`): Sweep's `.diff` blocks
take each hunk's lines before and after, Zeta's diff blocks `@@` hunks; never the editor's `N+|` lines.
Sweep's `original/` block is the window before the user's latest edit of this file, the edit taken back
out (`reverse_apply`); when that cannot be told (the user typed on since), the window as it is now. The
window is `lines_above` and `lines_below` lines
around the cursor line (10 and 10 by default: Sweep was trained on 21-line windows), found as the FIM
window is (`cursord.tab.window`), so no work grows with the file.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Final

import attrs

from cursord.config import TabMode
from cursord.tab.context_ring import ContextChunk
from cursord.tab.edits import RecentEdit, recent_edits, reverse_apply, unified
from cursord.tab.window import MAX_EDITS, TabRequest, locate_cursor, window_bounds

__all__ = [
    "NEXT_EDIT_MAX_TOKENS",
    "CursorJump",
    "EditPlan",
    "EditWindow",
    "NextEditPrompt",
    "RewriteReader",
    "edit_window",
    "next_cursor",
    "next_edit_prompt",
    "parse_rewrite",
    "plan_edit",
]

#: tokens asked for at most: the whole window, rewritten
NEXT_EDIT_MAX_TOKENS: Final = 1024
#: a rewrite with this many more lines than its window ran away from the window (no suggestion)
MAX_EXTRA_LINES: Final = 12
#: a cursor jump this many lines from the cursor, or fewer, is one the editor drops (`next_cursor`)
JUMP_MIN_LINES: Final = 1
#: the longest rewrite a next-edit model may write before it is stopped (its window is a few dozen lines)
MAX_REWRITE_CHARS: Final = 64 * 1024

SWEEP_SEP: Final = "<|file_sep|>"
SWEEP_CURSOR: Final = "<|cursor|>"
SWEEP_STOPS: Final = (SWEEP_SEP, "<|endoftext|>")
ZETA_START: Final = "<|editable_region_start|>"
ZETA_END: Final = "<|editable_region_end|>"
ZETA_CURSOR: Final = "<|user_cursor_is_here|>"
ZETA_FILE_START: Final = "<|start_of_file|>"
ZETA_INSTRUCTION: Final = (
    "You are a code completion assistant and your task is to analyze user edits and then rewrite an excerpt "
    "that the user provides, suggesting the appropriate edits within the excerpt, taking into account the "
    "cursor location."
)


@attrs.frozen
class EditWindow:
    """The lines a next-edit model rewrites, and where they are."""

    path: str
    #: the window's lines, without line breaks
    lines: tuple[str, ...]
    #: zero-based file line of `lines[0]`
    first_line: int
    #: the cursor: its line in `lines`, and its column (a Python index) in that line
    row: int
    column: int
    recent_edits: tuple[RecentEdit, ...] = ()
    eol: str = "\n"
    #: the window starts at the top of the file
    starts_file: bool = False
    #: the window's lines before the latest edit of its file (None: the same as `lines`)
    original: tuple[str, ...] | None = None
    #: chunks of other files the user has been looking at (`cursord.tab.context_ring`): Sweep's file blocks
    context: tuple[ContextChunk, ...] = ()


@attrs.frozen
class NextEditPrompt:
    text: str
    #: what the prompt already wrote of the rewrite (the model continues it)
    prefill: str
    stop: tuple[str, ...]


@attrs.frozen
class CursorJump:
    """Where the editor's cursor should go next: a one-based file line and the text it holds now."""

    path: str
    line: int
    expected: str


@attrs.frozen
class EditPlan:
    """Replace file lines `first_line`..`last_line` (one-based, inclusive) with `text`; then maybe jump."""

    first_line: int
    last_line: int
    text: str
    jump: CursorJump | None = None


@attrs.frozen
class _Hunk:
    """Window lines [start, end) become `new`."""

    start: int
    end: int
    new: tuple[str, ...]

    def distance(self, row: int) -> int:
        if self.start <= row < max(self.end, self.start + 1):
            return 0
        return min(abs(row - self.start), abs(row - (self.end - 1)))


def edit_window(
    request: TabRequest, *, lines_above: int, lines_below: int, max_edits: int = MAX_EDITS
) -> EditWindow:
    """The window of `request` (raises `TabRequestError` as `fim_prompt` does)."""
    place = locate_cursor(request)
    start, end = window_bounds(place, lines_above, lines_below)
    text = place.text[start:end]
    if place.crlf:
        text = text.replace("\r\n", "\n")
    row = place.text.count("\n", start, place.line_start)
    current = request.current_file
    lines = tuple(text.removesuffix("\r").split("\n"))
    first_line = place.file_line - row
    edits = recent_edits(request, max_edits)
    latest = next((e for e in reversed(edits) if e.path == current.relative_workspace_path), None)
    original = reverse_apply(lines, first_line, latest) if latest is not None else None
    return EditWindow(
        path=current.relative_workspace_path,
        lines=lines,
        first_line=first_line,
        row=row,
        column=place.cursor - place.line_start,
        recent_edits=edits,
        eol="\r\n" if place.crlf else "\n",
        starts_file=start == 0 and current.contents_start_at_line == 0,
        original=original if original != lines else None,
    )


def _marked(window: EditWindow, marker: str) -> list[str]:
    lines = list(window.lines)
    line = lines[window.row]
    lines[window.row] = line[: window.column] + marker + line[window.column :]
    return lines


def next_edit_prompt(mode: TabMode, window: EditWindow) -> NextEditPrompt:
    if mode is TabMode.SWEEP:
        parts = [f"{SWEEP_SEP}{chunk.path}\n{chunk.text}" for chunk in window.context]
        for edit in window.recent_edits:
            for hunk in edit.hunks:
                parts += [f"{SWEEP_SEP}{edit.path}.diff", "original:", *hunk.old, "updated:", *hunk.new]
        body = "\n".join(window.original if window.original is not None else window.lines)
        prefill = "".join(line + "\n" for line in window.lines[: window.row])
        parts += [
            f"{SWEEP_SEP}original/{window.path}", body,
            f"{SWEEP_SEP}current/{window.path}", "\n".join(_marked(window, SWEEP_CURSOR)),
            f"{SWEEP_SEP}updated/{window.path}",
        ]
        return NextEditPrompt("\n".join(parts) + "\n" + prefill, prefill, SWEEP_STOPS)
    if mode is TabMode.ZETA:
        edits = "".join(f'User edited "{edit.path}":\n```diff\n{unified(edit)}```\n\n' for edit in window.recent_edits)
        excerpt = [*([ZETA_FILE_START] if window.starts_file else []), ZETA_START, *_marked(window, ZETA_CURSOR),
                   ZETA_END]
        text = (f"### Instruction:\n{ZETA_INSTRUCTION}\n\n### User Edits:\n\n{edits}### User Excerpt:\n\n"
                f"```{window.path}\n" + "\n".join(excerpt) + "\n```\n\n### Response:\n\n")
        return NextEditPrompt(text, "", ())
    raise ValueError(f"{mode} is not a next-edit mode")


def parse_rewrite(mode: TabMode, window: EditWindow, prompt: NextEditPrompt, output: str) -> tuple[str, ...] | None:
    """The window's lines as the model rewrote them; None when the output is not a rewrite of the window
    (Zeta's markers missing, or far more lines than the window holds)."""
    output = output.replace("\r\n", "\n")
    if mode is TabMode.ZETA:
        begin = output.find(ZETA_START)
        finish = output.find(ZETA_END, begin + 1)
        if begin < 0 or finish < 0:
            return None
        region = output[begin + len(ZETA_START) : finish].removeprefix("\n").removesuffix("\n")
        rewrite = region.replace(ZETA_CURSOR, "")
    else:
        rewrite = prompt.prefill + output
        for stop in prompt.stop:
            rewrite = rewrite.split(stop, 1)[0]
        # The window was followed by one line break in the prompt; blank lines past the window's own are
        # the model's padding before its stop.
        rewrite = rewrite.replace(SWEEP_CURSOR, "").removesuffix("\n")
    lines = rewrite.split("\n")
    while len(lines) > 1 and lines[-1] == "" and _blank_tail(lines) > _blank_tail(window.lines):
        lines.pop()
    if len(lines) > len(window.lines) + MAX_EXTRA_LINES:
        return None
    return tuple(lines)


def _blank_tail(lines: Sequence[str]) -> int:
    count = 0
    while count < len(lines) and lines[-1 - count] == "":
        count += 1
    return count


def _hunks(old: tuple[str, ...], new: tuple[str, ...]) -> list[_Hunk]:
    hunks: list[_Hunk] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if hunks and hunks[-1].end == i1:  # adjacent changes are one edit
            last = hunks.pop()
            hunks.append(_Hunk(last.start, i2, last.new + new[j1:j2]))
        else:
            hunks.append(_Hunk(i1, i2, new[j1:j2]))
    return hunks


def _widened(hunk: _Hunk, old: tuple[str, ...]) -> _Hunk | None:
    """A pure insertion or deletion grown by one unchanged line: the editor replaces whole lines, so the
    range must hold a line and so must the text."""
    if hunk.end > hunk.start and hunk.new:
        return hunk
    if hunk.start > 0:
        return _Hunk(hunk.start - 1, hunk.end, (old[hunk.start - 1], *hunk.new))
    if hunk.end < len(old):
        return _Hunk(hunk.start, hunk.end + 1, (*hunk.new, old[hunk.end]))
    return None


def _jump(window: EditWindow, row: int) -> CursorJump:
    line = window.lines[row] if row < len(window.lines) else ""
    return CursorJump(window.path, window.first_line + row + 1, line)


def plan_edit(window: EditWindow, rewrite: tuple[str, ...]) -> EditPlan | None:
    """The edit nearest the cursor as a replace range, and the next edit (below it, else above) as the
    cursor jump; None when the rewrite changes nothing."""
    hunks = _hunks(window.lines, rewrite)
    if not hunks:
        return None
    nearest = min(hunks, key=lambda h: h.distance(window.row))
    chosen = _widened(nearest, window.lines)
    if chosen is None:
        return None
    others = [h for h in hunks if h is not nearest]
    below = [h for h in others if h.start >= nearest.end]
    # numbered in the file as it is now: the editor moves a jump below the cursor by the lines its
    # suggestion adds or removes (`displayFusedCursorPrediction`)
    jump = _jump(window, below[0].start) if below else _jump(window, others[-1].start) if others else None
    first = window.first_line + chosen.start + 1
    return EditPlan(first, first + chosen.end - chosen.start - 1, window.eol.join(chosen.new), jump)


def next_cursor(window: EditWindow, rewrite: tuple[str, ...]) -> CursorJump | None:
    """Where the cursor should go: the nearest changed lines whose first line is more than `JUMP_MIN_LINES`
    from the cursor's line (the editor drops a jump within one line of the cursor, the cursor's own line
    included); None: nowhere."""
    rows = [row for h in _hunks(window.lines, rewrite) if (row := _jump_row(h, window.row)) is not None]
    if not rows:
        return None
    return _jump(window, min(rows, key=lambda row: abs(row - window.row)))


def _jump_row(hunk: _Hunk, cursor: int) -> int | None:
    """The hunk's first line further than `JUMP_MIN_LINES` from the cursor's (None: it has none)."""
    if abs(hunk.start - cursor) > JUMP_MIN_LINES:
        return hunk.start
    beyond = cursor + JUMP_MIN_LINES + 1
    return beyond if beyond < hunk.end else None


@attrs.define
class RewriteReader:
    """A next-edit model's output, fed as it streams. `whole` turns true as soon as no more output can change
    `rewrite()` (the theory above); what comes after that is ignored.

    The lines counted are a lower bound of the lines `parse_rewrite` will find (blank lines at the end do
    not count, Zeta's possible line break after its start marker is taken off), so a rewrite called
    runaway is no suggestion whatever would have followed."""

    mode: TabMode
    window: EditWindow
    prompt: NextEditPrompt
    _output: str = ""
    _whole: bool = False
    #: where the rewrite begins in the output (Zeta: after its start marker; None: not come yet)
    _begin: int | None = None
    #: line breaks in the rewrite so far, and how many of them end it
    _breaks: int = 0
    _trailing_breaks: int = 0

    def __attrs_post_init__(self) -> None:
        if self.mode is not TabMode.ZETA:
            self._begin = 0
            self._breaks = self.prompt.prefill.count("\n")

    @property
    def whole(self) -> bool:
        return self._whole

    @property
    def output(self) -> str:
        return self._output

    def feed(self, delta: str) -> None:
        if self._whole or not delta:
            return
        seen = len(self._output)
        self._output += delta
        if self._begin is None:
            found = self._output.find(ZETA_START)
            if found < 0:
                self._whole = len(self._output) > MAX_REWRITE_CHARS
                return
            self._begin = seen = found + len(ZETA_START)
        self._count_lines(self._output[seen:])
        self._whole = self._ended(seen) or self._ran_away() or len(self._output) > MAX_REWRITE_CHARS

    def rewrite(self) -> tuple[str, ...] | None:
        return parse_rewrite(self.mode, self.window, self.prompt, self._output)

    def rewrite_so_far(self) -> tuple[str, ...] | None:
        """The window with what the model has rewritten so far, for an answer cut short: its whole lines up
        to the last one that is a line of the window (a change after it may not be finished), the window's
        own lines after that (None: no such line yet)."""
        if self._whole:
            return self.rewrite()
        if self._begin is None:
            return None
        written = self._output[self._begin :].replace("\r\n", "\n")
        written = written.removeprefix("\n") if self.mode is TabMode.ZETA else self.prompt.prefill + written
        written = written.replace(ZETA_CURSOR, "").replace(SWEEP_CURSOR, "")
        lines = tuple(written.split("\n")[:-1])  # the last is not whole yet
        blocks = [b for b in difflib.SequenceMatcher(None, self.window.lines, lines, autojunk=False)
                  .get_matching_blocks() if b.size]
        if not blocks:
            return None
        last = blocks[-1]
        return lines[: last.b + last.size] + self.window.lines[last.a + last.size :]

    def _count_lines(self, piece: str) -> None:
        kept = piece.rstrip("\r\n")
        tail = piece[len(kept) :].count("\n")
        self._breaks += piece.count("\n")
        self._trailing_breaks = tail if kept else self._trailing_breaks + tail

    def _ended(self, seen: int) -> bool:
        """An end marker is in the rewrite (searched only where the output from `seen` on completes one)."""
        begin = self._begin or 0
        markers = (ZETA_END,) if self.mode is TabMode.ZETA else self.prompt.stop
        return any(self._output.find(marker, max(begin, seen - len(marker) + 1)) >= 0 for marker in markers)

    def _ran_away(self) -> bool:
        most = len(self.window.lines) + MAX_EXTRA_LINES
        lines = self._breaks - self._trailing_breaks + 1 - int(self.mode is TabMode.ZETA)
        # The count above takes a cursor marker, or the start of a marker still coming, for text; a line of
        # nothing else is blank to `parse_rewrite` (the marker taken out, or the rest cut off at it), so past
        # the bound the lines are counted again without them (rarely: once, at a runaway).
        return lines > most and self._lines_without_markers() > most

    def _lines_without_markers(self) -> int:
        """The lines counted as above, in the rewrite so far with its cursor markers taken out and a marker's
        start at its end (a cursor, or an end marker, that may yet come whole) taken for nothing."""
        written = self._output[self._begin or 0 :]
        markers = (ZETA_CURSOR, ZETA_END) if self.mode is TabMode.ZETA else (SWEEP_CURSOR, *self.prompt.stop)
        for marker in markers:
            for size in range(len(marker) - 1, 0, -1):
                if written.endswith(marker[:size]):
                    written = written[:-size]
                    break
        written = written.replace(ZETA_CURSOR if self.mode is TabMode.ZETA else SWEEP_CURSOR, "")
        breaks = (self.prompt.prefill if self.mode is not TabMode.ZETA else "").count("\n") + written.count("\n")
        trailing = written.count("\n") - written.rstrip("\r\n").count("\n")
        return breaks - trailing + 1 - int(self.mode is TabMode.ZETA)
