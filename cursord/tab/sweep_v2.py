"""Sweep Next-Edit's second prompt format (`mode = "sweep2"`), as Sweep's own local server writes it.

Read from `sweep-autocomplete` 0.1.1 (PyPI, 2026-02: the server Sweep's editor plug-ins start for a model run
on the user's machine). Beside the first format (`cursord.tab.next_edit`), it differs in three ways:

- the file itself comes first, as `<|file_sep|>PATH` and its text: the whole file up to `WHOLE_FILE_LINES`
  lines, else the `FILE_CHUNK_LINES`-line chunk, of those starting every `FILE_CHUNK_STRIDE` lines, whose
  middle is nearest the cursor. The chunk does not move while the cursor does (only when it moves about
  `FILE_CHUNK_STRIDE` lines), so the longest part of the prompt stays the same and the server's prompt cache
  (llama.cpp's `cache_prompt`) holds it from one keystroke to the next;
- the recent changes come after it, each as `<|file_sep|>PATH:FIRST:LAST` with `original:` and `updated:`
  blocks, FIRST and LAST the one-based lines the change holds in the file now;
- the window is small (2 lines above the cursor's line and 5 below by default, `DEFAULT_WINDOWS` in
  `cursord.config`), and its three blocks name its lines: `original/PATH:FIRST:LAST`,
  `current/PATH:FIRST:LAST` (with `<|cursor|>`), `updated/PATH:FIRST:LAST`, after which the model writes the
  window again (nothing is prefilled). FIRST and LAST are the window's one-based file lines (cursord's
  reading: the server's own numbers count from the window's cursor line).

The context ring's chunks (`cursord.tab.context_ring`) come before everything, as file blocks, where the
server puts its own file chunks. The rewrite is read as Sweep's first format's is: it ends at
`<|file_sep|>` or `<|endoftext|>`.
"""

from __future__ import annotations

from typing import Final

import attrs

from cursord.tab.next_edit import SWEEP_CURSOR, SWEEP_SEP, SWEEP_STOPS, EditWindow, NextEditPrompt

__all__ = ["FILE_CHUNK_LINES", "FILE_CHUNK_STRIDE", "WHOLE_FILE_LINES", "file_block", "sweep_v2_prompt"]

#: a file of at most this many lines is shown whole
WHOLE_FILE_LINES: Final = 800
#: a longer one as a chunk of this many lines, chunks starting every `FILE_CHUNK_STRIDE` lines
FILE_CHUNK_LINES: Final = 300
FILE_CHUNK_STRIDE: Final = FILE_CHUNK_LINES // 2


def file_block(text: str, cursor_line: int) -> str:
    """The file as the prompt shows it: whole, or the stride-aligned chunk centred nearest the cursor
    (zero-based `cursor_line`); the text is split no further than the chunk's end."""
    if text.count("\n") < WHOLE_FILE_LINES:
        return text
    start = max(0, round((cursor_line - FILE_CHUNK_LINES // 2) / FILE_CHUNK_STRIDE)) * FILE_CHUNK_STRIDE
    return "\n".join(text.split("\n", start + FILE_CHUNK_LINES)[start : start + FILE_CHUNK_LINES])


@attrs.frozen
class _Change:
    path: str
    #: one-based file line of the change's first line now
    first: int
    old: tuple[str, ...]
    new: tuple[str, ...]


def _changes(window: EditWindow) -> list[_Change]:
    """The window's recent edits, hunk by hunk; a hunk whose place in the file is not known (a diff without
    `@@` headers) is left out."""
    return [
        _Change(edit.path, hunk.new_start, hunk.old, hunk.new)
        for edit in window.recent_edits
        for hunk in edit.hunks
        if hunk.new_start > 0
    ]


def sweep_v2_prompt(window: EditWindow, contents: str, contents_start_at_line: int = 0) -> NextEditPrompt:
    """The prompt for `window` of the file the editor sent as `contents` (its lines from zero-based
    `contents_start_at_line` on)."""
    text = contents.replace("\r\n", "\n")
    first, last = window.first_line + 1, window.first_line + len(window.lines)
    span = f"{window.path}:{first}:{last}"
    marked = list(window.lines)
    marked[window.row] = marked[window.row][: window.column] + SWEEP_CURSOR + marked[window.row][window.column :]
    chunks = "".join(f"{SWEEP_SEP}{chunk.path}\n{chunk.text}\n" for chunk in window.context)
    cursor_line = window.first_line + window.row - contents_start_at_line
    changes = "\n".join(
        "\n".join([f"{SWEEP_SEP}{c.path}:{c.first}:{c.first + max(len(c.new), 1) - 1}", "original:", *c.old,
                   "updated:", *c.new])
        for c in _changes(window)
    )
    text = (
        f"{chunks}{SWEEP_SEP}{window.path}\n{file_block(text, cursor_line)}\n{changes}\n"
        f"{SWEEP_SEP}original/{span}\n" + "\n".join(window.lines) + "\n"
        f"{SWEEP_SEP}current/{span}\n" + "\n".join(marked) + "\n"
        f"{SWEEP_SEP}updated/{span}\n"
    )
    return NextEditPrompt(text, "", SWEEP_STOPS)
