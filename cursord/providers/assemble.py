"""Fold a pass's deltas back into the assistant `Message` to send on the next pass.

Theory of operation: text deltas accumulate into the current text part; thinking deltas into
the current thinking part, which `ThinkingDone` closes with its signature / redacted data and
origin (verbatim: that is what lets Anthropic and Responses accept the thinking back);
`ToolCallDone` adds a tool-call part.  Parts keep the order the model produced them in.
`Usage` and `PassEnd` are kept as `usage` and `stop_reason`.
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
            self.parts.append(ThinkingPart(text, delta.signature, delta.redacted, delta.origin))
        elif isinstance(delta, ToolCallDone):
            self._close_thinking_without_done()
            self._flush_text()
            self.parts.append(ToolCallPart(delta.id, delta.name, delta.arguments))
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
