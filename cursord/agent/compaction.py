"""When and how a conversation is compacted. Pure: messages in, decisions and requests out.

Compaction replaces the earlier turns of a conversation with a summary the model writes. Users of
similar tools complain of compaction firing early and losing context, so the rule here is narrow:

- it fires only when the next pass would not fit: the estimated prompt exceeds the model's context
  window minus a reserve for the reply (`CompactionPolicy.reserve_for`);
- it summarises completed earlier turns only; the current turn (the user's message and every step
  since) always goes to the model verbatim;
- the estimate prefers the provider's own count of the last prompt plus what was added since; only
  before the first pass of a conversation does it fall back to characters / 4.

A manual `summarize` action summarises every completed turn regardless of size.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cursord.providers.model import (
    ImagePart,
    Message,
    Part,
    PassRequest,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    ToolSpec,
)

CHARS_PER_TOKEN = 4
MESSAGE_OVERHEAD_TOKENS = 4
#: what an attached image is counted as (tokens): about what vendors charge for a 1 megapixel image.
IMAGE_TOKENS = 1_600

SUMMARY_SYSTEM = (
    "You are compacting the history of a coding session so that work can continue without it. Write a "
    "concise, complete summary for the assistant that will continue: the user's goals and constraints, "
    "decisions made, files read and changed (with paths), commands run and their outcomes, errors met, "
    "and what remains to do. Keep exact names, paths and values. Do not address the user."
)
SUMMARY_INSTRUCTION = "Summarize the conversation above as specified. Reply with the summary only."


def estimate_tokens(messages: Sequence[Message], system: str | None = None, tools: Sequence[ToolSpec] = ()) -> int:
    """A rough prompt size: characters / 4 plus a small per-message overhead. (A tool's schema is sized by
    its JSON, written once per spec: `ToolSpec.schema_json`.)"""
    chars = len(system or "") + _tools_chars(tools)
    for message in messages:
        chars += sum(_part_chars(part) for part in message.parts)
    return chars // CHARS_PER_TOKEN + MESSAGE_OVERHEAD_TOKENS * len(messages)


#: the tools' size in characters by the ids of the specs offered (a registry's specs are shared by every run of
#: its tool set, and sized twice a pass: its prompt and the tap's estimate), kept beside the specs so no id is
#: reused while cached (a spec is read-only); the oldest dropped past TOOLS_CACHE
_sized: dict[tuple[int, ...], tuple[tuple[ToolSpec, ...], int]] = {}
TOOLS_CACHE = 64


def _tools_chars(tools: Sequence[ToolSpec]) -> int:
    ids = tuple(map(id, tools))
    cached = _sized.get(ids)
    if cached is not None:
        return cached[1]
    chars = sum(len(tool.name) + len(tool.description) + len(tool.schema_json) for tool in tools)
    if tools:
        if len(_sized) >= TOOLS_CACHE:
            del _sized[next(iter(_sized))]
        _sized[ids] = (tuple(tools), chars)
    return chars


def _part_chars(part: Part) -> int:
    if isinstance(part, TextPart):
        return len(part.text)
    if isinstance(part, ImagePart):
        return IMAGE_TOKENS * CHARS_PER_TOKEN
    if isinstance(part, ThinkingPart):
        return len(part.text) + len(part.signature or "") + len(part.redacted_data or "")
    if isinstance(part, ToolCallPart):
        return len(part.name) + len(part.arguments)
    return len(part.content)


@attrs.frozen
class CompactionPolicy:
    context_window: int
    #: tokens kept free for the model's reply: a quarter of the window, at most this many.
    max_reserve: int = 32_000

    @property
    def reserve(self) -> int:
        return min(self.max_reserve, self.context_window // 4)

    @property
    def budget(self) -> int:
        """The largest prompt that leaves room for the reply."""
        return self.context_window - self.reserve

    def needs_compaction(self, estimated_prompt_tokens: int) -> bool:
        return estimated_prompt_tokens > self.budget


@attrs.frozen
class PromptEstimate:
    """The running estimate of the next prompt's size within a turn (a value: part of the turn's record).

    After each pass the provider says how many tokens the prompt had; the next prompt is that plus the
    reply and whatever was appended since (tool results), estimated by characters.
    """

    known_tokens: int | None = None
    added_since: tuple[Message, ...] = ()

    def observed(self, prompt_tokens: int, output_tokens: int) -> PromptEstimate:
        if prompt_tokens > 0:
            return PromptEstimate(prompt_tokens + output_tokens)
        return self

    def adding(self, message: Message) -> PromptEstimate:
        return PromptEstimate(self.known_tokens, (*self.added_since, message))

    def next_prompt(self, messages: Sequence[Message], system: str | None, tools: Sequence[ToolSpec]) -> int:
        if self.known_tokens is None:
            return estimate_tokens(messages, system, tools)
        return self.known_tokens + estimate_tokens(self.added_since)


#: how much of one tool result goes into the transcript that is summarised.
TRANSCRIPT_RESULT_CHARS = 4_000


def transcript(history: Sequence[Message]) -> str:
    """The history as plain text. Summarising a transcript, not the raw messages, works on every vendor:
    Anthropic refuses tool_use blocks in a request that defines no tools, and signed thinking from another
    model would be rejected."""
    lines: list[str] = []
    for message in history:
        for part in message.parts:
            if isinstance(part, TextPart) and part.text:
                lines.append(f"{message.role.value.upper()}: {part.text}")
            elif isinstance(part, ToolCallPart):
                lines.append(f"TOOL CALL {part.name}({part.arguments})")
            elif isinstance(part, ToolResultPart):
                content = part.content
                if len(content) > TRANSCRIPT_RESULT_CHARS:
                    content = content[:TRANSCRIPT_RESULT_CHARS] + " [...]"
                lines.append(f"TOOL RESULT{' (error)' if part.is_error else ''}: {content}")
    return "\n\n".join(lines)


def summary_request(model: str, history: Sequence[Message], max_output_tokens: int | None = None) -> PassRequest:
    """The pass that writes the summary: the history as a transcript, then the instruction; no tools."""
    text = f"<conversation>\n{transcript(history)}\n</conversation>\n\n{SUMMARY_INSTRUCTION}"
    return PassRequest(
        model=model, system=SUMMARY_SYSTEM, messages=(Message.user(text),), max_output_tokens=max_output_tokens
    )
