"""A FIM model's completion as the frames Cursor's own server streams for `AiService/StreamCpp`.

Theory of operation. The editor reads a StreamCpp answer as a sequence of cases (its `streamCpp`
reader, visible in the public bundle excerpts): the model info once, then the range to replace
(`rangeToReplaceOneIndexed`, whole lines, column 1 to the end of the last line), then text chunks that
together are the new text of those lines, then `doneEdit`, then the end of the stream. A suggestion from a
FIM model is an insertion at the cursor, so cursord replaces the cursor's line: the new text is the line
before the cursor, the completion, and the line after the cursor.

Fused, as Cursor's own server declares itself (in CppConfig and in each answer's `model_info`): the
editor then reads the stream with its fused reader, which takes `done_edit` as the end of the edit's text
and a `cursor_prediction_target` as the jump to offer after it. Its other reader, for a model declared not
fused, throws on any frame but text after the range, so `done_edit` and a jump may only be sent declared
fused, and then CppConfig must say so too: the editor acts on a fused jump only when CppConfig says fused.

`SuggestionFrames` is fed the completion's text deltas as they arrive and returns the frames to send:

| call | frames |
|---|---|
| `opening()` | `model_info` (a fused cursor-prediction model, not multi-diff) |
| `text(delta)` completing the first line | `range_to_replace` (the cursor line) with `binding_id` and `begin_edit` |
| | then `text`: the line before the cursor and the completion's whole lines |
| `text(delta)`, later | `text`: the lines it completed |
| `closing()` after text | `text`: the rest, and the line after the cursor, then `done_edit`, then `done_stream` |
| `closing(cut=True)` | the same, the rest dropped: a suggestion cut short ends at its last whole line |
| `closing()`, nothing came | `done_stream` only: no range, so the editor shows no suggestion |

Text goes out a whole line at a time, so that an answer cut short by its time (`cut`) shows no half line;
the last line goes at the end. Line breaks at the end of the text so far are held back until more text
follows: the range ends at the end of a line, so a trailing break would add a blank line. A completion
longer than `max_lines` lines is cut at the end of the last whole line (`full` tells the caller to stop the
backend). The model's line breaks are written with the file's own (`FimPrompt.eol`).

A next-edit model's rewrite is answered whole once it is complete (`edit_frames`): which lines changed is
known only then; `full` turns true the moment it is (`RewriteReader`), which stops the model. Cut short, it
is answered from the lines the model had rewritten so far (`RewriteReader.rewrite_so_far`).
"""

from __future__ import annotations

from typing import Final, Protocol

import attrs

from cursord.config import TabMode
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.next_edit import EditPlan, EditWindow, NextEditPrompt, RewriteReader, plan_edit
from cursord.tab.window import FimPrompt

__all__ = [
    "FUSED",
    "MAX_SUGGESTION_LINES",
    "RewriteFrames",
    "Suggestion",
    "SuggestionFrames",
    "edit_frames",
    "opening_frames",
]

#: the most lines one suggestion inserts (a FIM model asked for a line tends to write a function).
MAX_SUGGESTION_LINES: Final = 12

Frame = aiserver.StreamCppResponse


class Suggestion(Protocol):
    """One StreamCpp answer being built: fed the model's text deltas, it says which frames to send."""

    binding_id: str

    @property
    def full(self) -> bool: ...

    def opening(self) -> list[Frame]: ...

    def text(self, delta: str) -> list[Frame]: ...

    def closing(self, *, cut: bool = False) -> list[Frame]:
        """The last frames; `cut`: the answer's time ran out before the model finished."""


#: cursord's Tab is a fused cursor-prediction model, in CppConfig and in every answer's model info: the frames
#: here are the ones the editor's fused reader takes (`done_edit`, a jump); its other reader takes text only
FUSED: Final = True


def opening_frames() -> list[Frame]:
    info = Frame.ModelInfo(is_fused_cursor_prediction_model=FUSED, is_multidiff_model=False)
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
    #: the completion so far (line breaks as "\n"), and how much of it went out
    _text: str = ""
    _sent: int = 0
    _full: bool = False

    @property
    def full(self) -> bool:
        """The suggestion has all the lines it may have: more text would be dropped."""
        return self._full

    @property
    def inserted(self) -> str:
        """The completion as sent so far."""
        return self._text[: self._sent]

    def opening(self) -> list[Frame]:
        return opening_frames()

    def text(self, delta: str) -> list[Frame]:
        if self._full or not delta:
            return []
        self._text += delta.replace("\r\n", "\n")
        return self._send(self._text.rfind("\n"))

    def closing(self, *, cut: bool = False) -> list[Frame]:
        """The last frames: the rest of the text (its last whole line when `cut` short), the line after the
        cursor and `done_edit` when any text went out, and `done_stream`."""
        frames = [] if self._full else self._send(self._text.rfind("\n") if cut else len(self._text))
        if self._sent:
            if self.prompt.line_after:
                frames.append(Frame(text=self.prompt.line_after))
            frames.append(Frame(done_edit=True))
        frames.append(Frame(done_stream=True))
        return frames

    def _send(self, end: int) -> list[Frame]:
        """The text up to `end` that has not gone out, without line breaks at its end (a range ends at the end
        of a line: a trailing break would add a blank line) and at most `max_lines` lines in all."""
        body = self._text[:end].rstrip("\n") if end > 0 else ""
        lines = body.split("\n")
        if len(lines) > self.max_lines:
            body = "\n".join(lines[: self.max_lines])
            self._full = True
        if len(body) <= self._sent:
            return []
        piece, first = body[self._sent :], not self._sent
        self._sent = len(body)
        frames: list[Frame] = []
        if first:
            line = self.prompt.line_number
            frames.append(
                Frame(
                    range_to_replace=aiserver.LineRange(start_line_number=line, end_line_number_inclusive=line),
                    binding_id=self.binding_id,
                    begin_edit=True,
                )
            )
            piece = self.prompt.line_before + piece
        frames.append(Frame(text=piece.replace("\n", self.prompt.eol)))
        return frames


@attrs.define
class RewriteFrames:
    """A next-edit model's answer: its rewrite is read until it is whole, then diffed and sent whole."""

    mode: TabMode
    window: EditWindow
    prompt: NextEditPrompt
    binding_id: str
    reader: RewriteReader = attrs.field(init=False)

    @reader.default
    def _reader(self) -> RewriteReader:
        return RewriteReader(self.mode, self.window, self.prompt)

    @property
    def full(self) -> bool:
        return self.reader.whole

    def opening(self) -> list[Frame]:
        return opening_frames()

    def text(self, delta: str) -> list[Frame]:
        self.reader.feed(delta)
        return []

    def closing(self, *, cut: bool = False) -> list[Frame]:
        """The edit, from the whole rewrite or, `cut` short, from the lines the model had rewritten so far."""
        rewrite = self.reader.rewrite_so_far() if cut else self.reader.rewrite()
        return edit_frames(plan_edit(self.window, rewrite) if rewrite is not None else None, self.binding_id)
