"""Tab requests as the editor builds them (a Cursor bundle of about March 2025 and its recorded traffic).

- Recent edits go in `file_diff_histories`, one `CppFileDiffHistory` per file in the order the user edited,
  each edit as `"<line>-|old"` / `"<line>+|new"` lines (`editor_edit`); `diff_history` is sent empty, and
  StreamNextCursorPrediction repeats the edits in `merged_diff_histories`.
- The file goes whole (FileSync off) but lines more than `BLANK_BEYOND` above or below the cursor are sent
  blank, so line numbers stay right; `language_id` is empty.
- StreamCpp's cursor is zero-based; StreamNextCursorPrediction's is Monaco's, one-based line and column.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = ["BLANK_BEYOND", "editor_edit", "next_cursor_request", "stream_cpp_request"]

#: lines further than this from the cursor are sent blank
BLANK_BEYOND: Final = 300


def editor_edit(removed: Sequence[tuple[int, str]] = (), added: Sequence[tuple[int, str]] = ()) -> str:
    """One edit as the editor writes it: removed lines numbered in the file before, added ones after."""
    return "".join(f"{n}-|{text}\n" for n, text in removed) + "".join(f"{n}+|{text}\n" for n, text in added)


def _blanked(contents: str, line: int) -> str:
    """`contents` with the lines beyond `BLANK_BEYOND` of zero-based `line` blank (the kept span slides at the
    file's ends to keep its width, as the editor's does)."""
    lines = contents.split("\n")
    if len(lines) <= 2 * BLANK_BEYOND:
        return contents
    first, last = max(0, line - BLANK_BEYOND), min(len(lines), line + BLANK_BEYOND)
    if BLANK_BEYOND - line > 0:
        last = min(len(lines), last + BLANK_BEYOND - line)
    elif line - (len(lines) - BLANK_BEYOND) > 0:
        first = max(0, first - (line - (len(lines) - BLANK_BEYOND)))
    return "\n".join("" if not first <= i < last else text for i, text in enumerate(lines))


def _current_file(path: str, contents: str, line: int, column: int, zero_based_line: int) -> aiserver.CurrentFileInfo:
    return aiserver.CurrentFileInfo(
        relative_workspace_path=path,
        contents=_blanked(contents, zero_based_line),
        cursor_position=aiserver.CursorPosition(line=line, column=column),
        language_id="",
        total_number_of_lines=contents.count("\n") + 1,
    )


def _histories(path: str, edits: Sequence[str | tuple[str, str]]) -> list[aiserver.CppFileDiffHistory]:
    """Each edit (on `path`, or on the path paired with it) in a file's history, a new one each time the
    file changes, as the editor groups them."""
    histories: list[aiserver.CppFileDiffHistory] = []
    for edit in edits:
        file_name, text = edit if isinstance(edit, tuple) else (path, edit)
        if not histories or histories[-1].file_name != file_name:
            histories.append(aiserver.CppFileDiffHistory(file_name=file_name))
        histories[-1].diff_history.append(text)
    return histories


def stream_cpp_request(
    path: str,
    contents: str,
    line: int,
    column: int,
    edits: Sequence[str | tuple[str, str]] = (),
    *,
    workspace_id: str = "ws-1",
) -> aiserver.StreamCppRequest:
    """A StreamCpp request at zero-based (`line`, `column`), the user's `edits` oldest first."""
    return aiserver.StreamCppRequest(
        current_file=_current_file(path, contents, line, column, line),
        diff_history=[],
        file_diff_histories=_histories(path, edits),
        model_name="fast",
        workspace_id=workspace_id,
        time_since_request_start=50.4,
        time_at_request_send=1742297496400,
        client_time=1742297496400,
    )


def next_cursor_request(
    path: str, contents: str, line: int, column: int, edits: Sequence[str | tuple[str, str]] = ()
) -> aiserver.StreamNextCursorPredictionRequest:
    """A StreamNextCursorPrediction request at one-based (`line`, `column`), as Monaco numbers them."""
    histories = _histories(path, edits)
    return aiserver.StreamNextCursorPredictionRequest(
        current_file=_current_file(path, contents, line, column, line - 1),
        diff_history=[],
        file_diff_histories=histories,
        merged_diff_histories=histories,
    )
