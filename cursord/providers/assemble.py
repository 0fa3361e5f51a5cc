"""Fold a pass's deltas back into the assistant `Message` to send on the next pass.

Theory of operation: text deltas accumulate into the current text part; thinking deltas into
the current thinking part, which `ThinkingDone` closes with its signature / redacted data and
origin (verbatim: that is what lets Anthropic and Responses accept the thinking back);
`ToolCallDone` adds a tool-call part.  Parts keep the order the model produced them in.
`Usage` and `PassEnd` are kept as `usage` and `stop_reason`.

`coalesce` merges runs of adjacent text, thinking or same-call argument deltas into one: what one read
from the provider socket brought arrives as one delta instead of hundreds, with the same text.
"""

from __future__ import annotations

import attrs

from .model import (
    Delta,
    Message,
    PassEnd,
    Role,
    StopReason,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingDone,
    ThinkingPart,
    ToolCallArgsDelta,
    ToolCallDone,
    ToolCallPart,
    Usage,
)


@attrs.define
class MessageAssembler:
    parts: list[TextPart | ThinkingPart | ToolCallPart] = attrs.field(factory=list)
    usage: Usage | None = None
    stop_reason: StopReason | None = None
    _text: list[str] = attrs.field(factory=list)
    _thinking: list[str] | None = None

    def add(self, delta: Delta) -> None:
        if isinstance(delta, TextDelta):
            self._close_thinking_without_done()
            self._text.append(delta.text)
        elif isinstance(delta, ThinkingDelta):
            self._flush_text()
            if self._thinking is None:
                self._thinking = []
            self._thinking.append(delta.text)
        elif isinstance(delta, ThinkingDone):
            self._flush_text()
            text = "".join(self._thinking or ())
            self._thinking = None
            self.parts.append(ThinkingPart(text, delta.signature, delta.redacted, delta.origin, delta.carrier))
        elif isinstance(delta, ToolCallDone):
            self._close_thinking_without_done()
            self._flush_text()
            self.parts.append(ToolCallPart(delta.id, delta.name, delta.arguments, delta.signature))
        elif isinstance(delta, Usage):
            self.usage = delta
        elif isinstance(delta, PassEnd):
            self._close_thinking_without_done()
            self._flush_text()
            self.stop_reason = delta.stop_reason

    def message(self) -> Message:
        self._close_thinking_without_done()
        self._flush_text()
        return Message(Role.ASSISTANT, tuple(self.parts))

    def _flush_text(self) -> None:
        if self._text:
            self.parts.append(TextPart("".join(self._text)))
            self._text = []

    def _close_thinking_without_done(self) -> None:
        if self._thinking is not None:
            self.parts.append(ThinkingPart("".join(self._thinking)))
            self._thinking = None


def coalesce(deltas: list[Delta]) -> list[Delta]:
    """`deltas` with each run of adjacent `TextDelta`s, of adjacent `ThinkingDelta`s and of adjacent
    `ToolCallArgsDelta`s of one call merged into one delta: the same text in the same order, fewer
    deltas. Everything else passes unchanged and in place."""
    if len(deltas) < 2:
        return deltas
    out: list[Delta] = []
    run: list[str] = []
    head: Delta | None = None  # the first delta of the run in `run`
    for delta in deltas:
        if head is not None and type(delta) is type(head) and _joins(head, delta):
            run.append(_text(delta))
            continue
        if head is not None:
            out.append(_merged(head, run))
            head = None
        if isinstance(delta, TextDelta | ThinkingDelta | ToolCallArgsDelta):
            head, run = delta, [_text(delta)]
        else:
            out.append(delta)
    if head is not None:
        out.append(_merged(head, run))
    return out


def _joins(head: Delta, delta: Delta) -> bool:
    if isinstance(head, ToolCallArgsDelta):
        return isinstance(delta, ToolCallArgsDelta) and delta.index == head.index
    return isinstance(head, TextDelta | ThinkingDelta)


def _text(delta: Delta) -> str:
    return delta.fragment if isinstance(delta, ToolCallArgsDelta) else delta.text  # type: ignore[union-attr]


def _merged(head: Delta, run: list[str]) -> Delta:
    if len(run) == 1:
        return head
    text = "".join(run)
    if isinstance(head, ToolCallArgsDelta):
        return ToolCallArgsDelta(head.index, text)
    return TextDelta(text) if isinstance(head, TextDelta) else ThinkingDelta(text)
