"""The user's recent edits as the editor sends them, read into hunks, for each model's own diff format.

Where they come. The editor sends `diff_history` (field 2) empty and puts its edits in `file_diff_histories`
(field 7): one `CppFileDiffHistory` per file, in the order the edits were made (a file comes again when the
user went back to it), each entry one edit as lines `"<line>-|old text"` and `"<line>+|new text"`: a removed
line numbered in the file before the edit, an added one in the file after it (recorded:
`"2-|let str2 = '456';\\n2+|str1.split('');\\n"`). StreamNextCursorPrediction sends the same edits in
`merged_diff_histories` too. `recent_edits` reads field 7, else field 8, else field 2 (an older shape, or
another build), and each entry in either the editor's form or as a unified diff.

What they become. A `RecentEdit` is a file and its hunks; a `Hunk` keeps its lines in unified form (`-old`,
`+new`, ` context`) with where it starts before and after. `unified` writes hunks under `@@` headers (Zeta's
"User Edits", llama.cpp's `input_extra`); Sweep's blocks take each hunk's `old` and `new` lines; and
`reverse_apply` takes the latest edit back out of the window, which is Sweep's `original` window (the window
before the user's last change). None of them sees the editor's raw `N+|` lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = ["MAX_EDIT_CHARS", "Hunk", "RecentEdit", "parse_edit", "recent_edits", "reverse_apply", "unified"]

#: the largest edit kept, in characters (a paste of a whole file says little about intent).
MAX_EDIT_CHARS: Final = 2000

_EDITOR_LINE: Final = re.compile(r"(\d+)([-+])\|(.*)")
_HUNK_HEADER: Final = re.compile(r"@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@")


@attrs.frozen
class Hunk:
    """One contiguous change: its lines in unified form, and the one-based lines it starts at in the file
    before and after the edit (0: not known, a diff without `@@` headers)."""

    lines: tuple[str, ...]
    old_start: int = 0
    new_start: int = 0

    @property
    def old(self) -> tuple[str, ...]:
        return tuple(line[1:] for line in self.lines if line[:1] in (" ", "-"))

    @property
    def new(self) -> tuple[str, ...]:
        return tuple(line[1:] for line in self.lines if line[:1] in (" ", "+"))


@attrs.frozen
class RecentEdit:
    path: str
    hunks: tuple[Hunk, ...]


def _editor_hunks(text: str) -> tuple[Hunk, ...] | None:
    """The editor's `N-|old` / `N+|new` lines as hunks (None: `text` is not in that form).

    A hunk is a run of removed lines followed by a run of added ones, each run numbered without a gap; a
    removed line after added ones starts the next hunk. A pure insertion's place in the file before, and a
    pure deletion's after, follow from the hunks above it (each shifts the lines below by what it added less
    what it removed)."""
    parsed = [_EDITOR_LINE.fullmatch(line) for line in text.removesuffix("\n").split("\n")]
    if not parsed or any(match is None for match in parsed):
        return None
    runs: list[tuple[list[tuple[int, str]], list[tuple[int, str]]]] = []
    for match in parsed:
        assert match is not None
        number, sign, line = int(match[1]), match[2], match[3]
        removed, added = runs[-1] if runs else ([], [])
        if sign == "-":
            if not runs or added or (removed and number != removed[-1][0] + 1):
                runs.append(([], []))
            runs[-1][0].append((number, line))
        else:
            if not runs or (added and number != added[-1][0] + 1):
                runs.append(([], []))
            runs[-1][1].append((number, line))
    hunks: list[Hunk] = []
    shift = 0  # lines added less lines removed above
    for removed, added in runs:
        old_start = removed[0][0] if removed else added[0][0] - shift
        new_start = added[0][0] if added else removed[0][0] + shift
        lines = tuple(f"-{line}" for _, line in removed) + tuple(f"+{line}" for _, line in added)
        hunks.append(Hunk(lines, old_start, new_start))
        shift += len(added) - len(removed)
    return tuple(hunks)


def _unified_hunks(text: str) -> tuple[str | None, tuple[Hunk, ...]]:
    """A unified diff's hunks, and the path its `+++` line names."""
    path = None
    hunks: list[Hunk] = []
    lines: list[str] = []
    starts = (0, 0)
    for line in text.splitlines():
        if line.startswith("+++ "):
            path = line[4:].removeprefix("b/").strip() or None
        elif line.startswith(("--- ", "\\")):
            continue
        elif header := _HUNK_HEADER.match(line):
            if lines:
                hunks.append(Hunk(tuple(lines), *starts))
            lines, starts = [], (int(header[1]), int(header[2]))
        elif line.startswith("@@"):
            continue
        else:
            lines.append(line if line[:1] in ("-", "+", " ") else " " + line)
    if lines:
        hunks.append(Hunk(tuple(lines), *starts))
    return path, tuple(hunks)


def parse_edit(text: str, path: str) -> RecentEdit | None:
    """One edit, in the editor's form or as a unified diff, made to `path` (unless the diff names its own);
    None when it holds no change."""
    hunks = _editor_hunks(text)
    named = None
    if hunks is None:
        named, hunks = _unified_hunks(text)
    hunks = tuple(h for h in hunks if any(line[:1] in ("-", "+") for line in h.lines))
    return RecentEdit(named or path, hunks) if hunks else None


TabRequest = aiserver.StreamCppRequest | aiserver.StreamNextCursorPredictionRequest


def _entries(request: TabRequest) -> Iterable[tuple[str, str]]:
    """(path, edit) in the order the user made them, from the first of fields 7, 8 and 2 that has any."""
    for histories in (request.file_diff_histories, request.merged_diff_histories):
        if any(history.diff_history for history in histories):
            return [(history.file_name, edit) for history in histories for edit in history.diff_history]
    return [(request.current_file.relative_workspace_path, edit) for edit in request.diff_history]


def recent_edits(request: TabRequest, keep: int) -> tuple[RecentEdit, ...]:
    """The `keep` most recent edits of `request`, oldest first (an edit larger than `MAX_EDIT_CHARS` left out)."""
    if not keep:
        return ()
    edits = [
        edit
        for path, text in _entries(request)
        if text.strip() and len(text) <= MAX_EDIT_CHARS and (edit := parse_edit(text, path)) is not None
    ]
    return tuple(edits[-keep:])


def unified(edit: RecentEdit) -> str:
    """The edit's hunks under `@@ -old,count +new,count @@` headers (a hunk whose place is not known has none)."""
    out: list[str] = []
    for hunk in edit.hunks:
        if hunk.old_start or hunk.new_start:
            old, new = len(hunk.old), len(hunk.new)
            # an empty side names the line before it, as diff(1) does
            out.append(f"@@ -{hunk.old_start - (not old)},{old} +{hunk.new_start - (not new)},{new} @@")
        out.extend(hunk.lines)
    return "\n".join(out) + "\n"


def reverse_apply(lines: Sequence[str], first_line: int, edit: RecentEdit) -> tuple[str, ...] | None:
    """`lines` (file lines from zero-based `first_line` on, as they are now) as they were before `edit`;
    None when that cannot be told: a hunk whose place is not known, one that straddles the window's edge,
    or text that no longer reads as the edit left it (the user typed on since)."""
    result = list(lines)
    for hunk in sorted(edit.hunks, key=lambda h: h.new_start, reverse=True):
        if not hunk.new_start:
            return None
        new = hunk.new
        start = hunk.new_start - 1 - first_line
        end = start + len(new)
        if (end <= 0 or start >= len(lines)) if new else (start <= 0 or start >= len(lines)):
            continue  # wholly outside the window (a deletion at its edge: which side is not known)
        if start < 0 or end > len(lines) or tuple(result[start:end]) != new:
            return None
        result[start:end] = hunk.old
    return tuple(result)
