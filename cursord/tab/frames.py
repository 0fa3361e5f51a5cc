"""A FIM model's completion as the frames Cursor's own server streams for `AiService/StreamCpp`.

Theory of operation. The editor reads a StreamCpp answer as a sequence of cases (its `streamCpp`
reader, visible in the public bundle excerpts): the model info once, then the range to replace
(`rangeToReplaceOneIndexed`, whole lines, column 1 to the end of the last line), then text chunks that
together are the new text of those lines, then `doneEdit`, then the end of the stream. A suggestion from a
FIM model is an insertion at the cursor, so cursord replaces the cursor's line: the new text is the line
before the cursor, the completion, and the line after the cursor.

`SuggestionFrames` is fed the completion's text deltas as they arrive and returns the frames to send:

| call | frames |
|---|---|
| `opening()` | `model_info` (not a fused cursor-prediction model, not multi-diff) |
| `text(delta)`, the first with text | `range_to_replace` (the cursor line) with `binding_id` and `begin_edit` |
| | then `text`: the line before the cursor and the delta |
| `text(delta)`, later | `text`: the delta |
| `closing()` after text | `text`: line after the cursor, then `done_edit`, then `done_stream` |
| `closing()`, nothing came | `done_stream` only: no range, so the editor shows no suggestion |

Newlines at the end of the text so far are held back until more text follows: the range ends at the end
of a line, so a trailing newline would add a blank line. A completion longer than `max_lines` lines is cut
at the end of the last whole line (`full` tells the caller to stop the backend). The model's line breaks
are written with the file's own (`FimPrompt.eol`).

A next-edit model's rewrite is answered whole once it is complete (`edit_frames`): which lines changed is
known only then (`cursord.tab.next_edit`).
"""

from __future__ import annotations

from typing import Final, Protocol

import attrs

from cursord.config import TabMode
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.next_edit import EditPlan, EditWindow, NextEditPrompt, parse_rewrite, plan_edit
from cursord.tab.window import FimPrompt

__all__ = [
    "MAX_REWRITE_CHARS",
    "MAX_SUGGESTION_LINES",
    "RewriteFrames",
    "Suggestion",
    "SuggestionFrames",
    "edit_frames",
    "opening_frames",
]

#: the most lines one suggestion inserts (a FIM model asked for a line tends to write a function).
MAX_SUGGESTION_LINES: Final = 12
#: the longest rewrite a next-edit model may write before it is stopped (its window is a few dozen lines)
MAX_REWRITE_CHARS: Final = 64 * 1024

Frame = aiserver.StreamCppResponse


class Suggestion(Protocol):
    """One StreamCpp answer being built: fed the model's text deltas, it says which frames to send."""

    binding_id: str

    @property
    def full(self) -> bool: ...

    def opening(self) -> list[Frame]: ...

    def text(self, delta: str) -> list[Frame]: ...

    def closing(self) -> list[Frame]: ...


def opening_frames() -> list[Frame]:
    info = Frame.ModelInfo(is_fused_cursor_prediction_model=False, is_multidiff_model=False)
    return [Frame(model_info=info)]


def edit_frames(plan: EditPlan | None, binding_id: str) -> list[Frame]:
    """A next-edit model's edit, whole, after the opening: the range, its text, `done_edit`, then the
    cursor jump (`cursor_prediction_target`, asking the editor to ask again there) and `done_stream`.
    None (the model changed nothing): `done_stream` only."""
    if plan is None:
        return [Frame(done_stream=True)]
    lines = aiserver.LineRange(start_line_number=plan.first_line, end_line_number_inclusive=plan.last_line)
    frames = [
        Frame(range_to_replace=lines, binding_id=binding_id, begin_edit=True),
        Frame(text=plan.text),
        Frame(done_edit=True),
    ]
    if plan.jump is not None:
        target = Frame.CursorPredictionTarget(
            relative_path=plan.jump.path,
            line_number_one_indexed=plan.jump.line,
            expected_content=plan.jump.expected,
            should_retrigger_cpp=True,
        )
        frames.append(Frame(cursor_prediction_target=target))
    frames.append(Frame(done_stream=True))
    return frames


@attrs.define
class SuggestionFrames:
    prompt: FimPrompt
    binding_id: str
    max_lines: int = MAX_SUGGESTION_LINES
    _started: bool = False
    _held: str = ""
    _lines: int = 1
    _full: bool = False
    _written: list[str] = attrs.field(factory=list)

    @property
    def full(self) -> bool:
        """The suggestion has all the lines it may have: more text would be dropped."""
        return self._full

    @property
    def started(self) -> bool:
        return self._started

    @property
    def inserted(self) -> str:
        """The completion as written so far (without held-back newlines)."""
        return "".join(self._written)

    def opening(self) -> list[Frame]:
        return opening_frames()

    def text(self, delta: str) -> list[Frame]:
        if self._full or not delta:
            return []
        text = self._held + delta.replace("\r\n", "\n")
        body = text.rstrip("\n")
        if not body:  # only newlines so far: wait for the text they lead to
            self._held = text
            return []
        self._held = text[len(body) :]
        lines = body.split("\n")
        room = self.max_lines - self._lines
        if len(lines) - 1 > room:
            body = "\n".join(lines[: room + 1])
            self._held = ""
            self._full = True
        self._lines += body.count("\n")
        self._written.append(body)
        frames: list[Frame] = []
        if not self._started:
            self._started = True
            line = self.prompt.line_number
            frames.append(
                Frame(
                    range_to_replace=aiserver.LineRange(start_line_number=line, end_line_number_inclusive=line),
                    binding_id=self.binding_id,
                    begin_edit=True,
                )
            )
            body = self.prompt.line_before + body
        frames.append(Frame(text=body.replace("\n", self.prompt.eol)))
        return frames

    def closing(self) -> list[Frame]:
        frames: list[Frame] = []
        if self._started:
            if self.prompt.line_after:
                frames.append(Frame(text=self.prompt.line_after))
            frames.append(Frame(done_edit=True))
        frames.append(Frame(done_stream=True))
        return frames


@attrs.define
class RewriteFrames:
    """A next-edit model's answer: its rewrite is kept until the stream ends, then diffed and sent whole."""

    mode: TabMode
    window: EditWindow
    prompt: NextEditPrompt
    binding_id: str
    _output: list[str] = attrs.field(factory=list)
    _size: int = 0

    @property
    def full(self) -> bool:
        return self._size > MAX_REWRITE_CHARS

    def opening(self) -> list[Frame]:
        return opening_frames()

    def text(self, delta: str) -> list[Frame]:
        self._output.append(delta)
        self._size += len(delta)
        return []

    def closing(self) -> list[Frame]:
        rewrite = parse_rewrite(self.mode, self.window, self.prompt, "".join(self._output))
        return edit_frames(plan_edit(self.window, rewrite) if rewrite is not None else None, self.binding_id)
