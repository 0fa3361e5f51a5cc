"""PassBuffer: what the provider pass in flight has produced so far. Sans-IO.

Text arrives in pieces and is joined into one `TextPart` whenever something else (thinking, a tool
call) comes between; thinking is kept with its signature; tool calls in the order they completed.
The buffer is transient: a pass that dies with the process is run again, so it is never part of a
turn snapshot (`cursord.agent.machine.turn_state`).
"""

from __future__ import annotations

import attrs

from cursord.agent.tools import ContentStream
from cursord.providers.model import (
    Message,
    PassEnd,
    TextPart,
    ThinkingDone,
    ThinkingPart,
    ToolCallDone,
    ToolCallPart,
    Usage,
)


@attrs.define(eq=False)
class PassBuffer:
    text: list[str] = attrs.field(factory=list)
    parts: list[TextPart | ThinkingPart | ToolCallPart] = attrs.field(factory=list)
    thinking: list[str] = attrs.field(factory=list)
    thinking_started: float | None = None
    tool_calls: list[ToolCallPart] = attrs.field(factory=list)
    #: tool call id and name by stream index, for the partial arguments shown while they stream
    tool_names: dict[int, tuple[str, str]] = attrs.field(factory=dict)
    #: an edit call's new content, decoded as its arguments stream, by stream index
    contents: dict[int, ContentStream] = attrs.field(factory=dict)
    usage: Usage = attrs.field(factory=Usage)
    ended: PassEnd | None = None

    def flush_text(self) -> None:
        if self.text:
            self.parts.append(TextPart("".join(self.text)))
            self.text.clear()

    def add_thinking(self, text: str, now: float) -> None:
        if self.thinking_started is None:
            self.thinking_started = now
        self.thinking.append(text)

    def finish_thinking(self, done: ThinkingDone, now: float) -> int:
        """Close the thinking block; returns how long it took (ms)."""
        self.flush_text()
        started = self.thinking_started if self.thinking_started is not None else now
        part = ThinkingPart(
            text="".join(self.thinking),
            signature=done.signature,
            redacted_data=done.redacted,
            origin=done.origin,
            carrier=done.carrier,
        )
        self.parts.append(part)
        self.thinking.clear()
        self.thinking_started = None
        return int((now - started) * 1000)

    def add_tool_call(self, done: ToolCallDone) -> None:
        self.flush_text()
        part = ToolCallPart(done.id, done.name, done.arguments, done.signature)
        self.parts.append(part)
        self.tool_calls.append(part)

    def reply(self) -> Message:
        """The assistant message the pass amounts to (an empty text if it said nothing)."""
        self.flush_text()
        return Message.assistant(*(self.parts or [TextPart("")]))

    def summary_text(self) -> str:
        self.flush_text()
        return "".join(p.text for p in self.parts if isinstance(p, TextPart)).strip()
