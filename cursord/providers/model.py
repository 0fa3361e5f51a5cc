"""Neutral types for one model pass: what we send a provider, and what comes back.

A *pass* is one request to one LLM provider: a conversation (system prompt, messages, tools)
in, a stream of deltas out.  Nothing here knows any vendor's wire format; the per-vendor
modules translate `PassRequest` into a request body and vendor stream events into `Delta`s.

Output order guarantees (every decoder keeps them):

- `ThinkingDelta`s belong to the open thinking block; `ThinkingDone` closes it.  A redacted
  block is a lone `ThinkingDone(redacted=...)`.
- `ToolCallStart(index)` comes before any `ToolCallArgsDelta(index)`, and `ToolCallDone(index)`
  after all of them.  `index` is the tool call's ordinal within the pass (0, 1, 2, ...), not the
  vendor's block or output index.
- `Usage` (at most once) and then `PassEnd` (exactly once, on success) are the last two deltas.
"""

from __future__ import annotations

import base64
import enum
import json
from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

import attrs


class ProviderKind(enum.StrEnum):
    """The wire format a provider speaks (same values as `cursord.config.ProviderKind`)."""

    OPENAI_CHAT = "openai-chat"
    OPENAI_RESPONSES = "openai-responses"
    ANTHROPIC = "anthropic"
    GEMINI = "gemini"


class Role(enum.StrEnum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


class StopReason(enum.StrEnum):
    END_TURN = "end_turn"
    TOOL_USE = "tool_use"
    MAX_TOKENS = "max_tokens"
    OTHER = "other"


# --- conversation content -------------------------------------------------------------------


@attrs.frozen
class TextPart:
    text: str


@attrs.frozen
class ImagePart:
    """An image the user attached: the raw bytes and their MIME type (sniffed, never the label).

    Each builder renders it in its vendor's form (a data URL for OpenAI, a base64 source block for
    Anthropic). Only user messages hold images.
    """

    media_type: str
    data: bytes = attrs.field(repr=lambda data: f"<{len(data)} bytes>")

    def base64(self) -> str:
        return base64.b64encode(self.data).decode("ascii")

    def data_url(self) -> str:
        return f"data:{self.media_type};base64,{self.base64()}"


@attrs.frozen
class ThinkingPart:
    """Model reasoning from an earlier pass, kept verbatim so it can be sent back.

    `signature` (Anthropic) or `redacted_data` (Anthropic redacted_thinking) must be passed back
    byte for byte; for OpenAI Responses `signature` holds the reasoning item's
    `encrypted_content`.  `origin` names the wire format that produced the signature (a
    `ProviderKind` value); builders drop signed thinking from another origin, since a
    signature is only valid for the vendor that issued it.
    """

    text: str = ""
    signature: str | None = None
    redacted_data: str | None = None
    origin: str | None = None
    #: the field an OpenAI-compatible server streamed it in ("reasoning_content", "reasoning"): where
    #: that server wants it back (`cursord.providers.openai_chat`); None for other wire formats.
    carrier: str | None = None


@attrs.frozen
class ToolCallPart:
    """A call the model made. `signature` is an opaque token the vendor attached to this very call and
    wants back on it, unchanged (Gemini's `thoughtSignature` on a `functionCall` part, natively or as
    `extra_content.google.thought_signature` through its OpenAI endpoint); None for most calls."""

    id: str
    name: str
    arguments: str  # a JSON object, as text (exactly what the model produced)
    signature: str | None = None


@attrs.frozen
class ToolResultPart:
    tool_call_id: str
    content: str
    is_error: bool = False


Part: TypeAlias = TextPart | ImagePart | ThinkingPart | ToolCallPart | ToolResultPart

_ALLOWED_PARTS: Mapping[Role, tuple[type, ...]] = {
    Role.SYSTEM: (TextPart,),
    Role.USER: (TextPart, ImagePart),
    Role.ASSISTANT: (TextPart, ThinkingPart, ToolCallPart),
    Role.TOOL: (ToolResultPart,),
}


def _to_parts(value: Iterable[Part]) -> tuple[Part, ...]:
    return tuple(value)


def _check_parts(instance: Message, attribute: attrs.Attribute[Any], value: tuple[Part, ...]) -> None:
    allowed = _ALLOWED_PARTS[instance.role]
    for part in value:
        if not isinstance(part, allowed):
            raise ValueError(f"a {instance.role} message cannot hold {type(part).__name__}")


@attrs.frozen
class Message:
    role: Role = attrs.field(converter=Role)
    parts: tuple[Part, ...] = attrs.field(converter=_to_parts, validator=_check_parts)

    @classmethod
    def user(cls, text: str) -> Message:
        return cls(Role.USER, (TextPart(text),))

    @classmethod
    def system(cls, text: str) -> Message:
        return cls(Role.SYSTEM, (TextPart(text),))

    @classmethod
    def assistant(cls, *parts: TextPart | ThinkingPart | ToolCallPart) -> Message:
        return cls(Role.ASSISTANT, parts)

    @classmethod
    def tool_result(cls, tool_call_id: str, content: str, *, is_error: bool = False) -> Message:
        return cls(Role.TOOL, (ToolResultPart(tool_call_id, content, is_error),))

    def text(self) -> str:
        return "".join(p.text for p in self.parts if isinstance(p, TextPart))

    def images(self) -> tuple[ImagePart, ...]:
        return tuple(p for p in self.parts if isinstance(p, ImagePart))


@attrs.frozen
class ToolSpec:
    """One tool offered to the model. Read-only, its schema too: a tool set's specs are built once and
    offered by every run of the process (`cursord.agent.tools.ToolRegistry.specs`), so what is derived
    from the schema is worked out once per spec, on first use, not once per run."""

    name: str
    description: str
    json_schema: Mapping[str, Any]
    #: the schema as `json.dumps` writes it, and as canonical JSON (sorted keys, no spaces; None: not JSON)
    _json: tuple[str, str | None] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def schema_json(self) -> str:
        """`json.dumps(json_schema)`: its length sizes a prompt (`cursord.agent.compaction`)."""
        texts = self._texts()
        return texts[0] if texts[1] is not None else json.dumps(self.json_schema)

    @property
    def schema_key(self) -> str | None:
        """The schema as canonical JSON, what its cleaned copy is cached by (`cursord.providers.schemas`);
        None if it is not JSON."""
        return self._texts()[1]

    def _texts(self) -> tuple[str, str | None]:
        texts = self._json
        if texts is None:
            try:
                canonical = json.dumps(self.json_schema, sort_keys=True, separators=(",", ":"))
                texts = (json.dumps(self.json_schema), canonical)
            except (TypeError, ValueError):
                texts = ("", None)
            object.__setattr__(self, "_json", texts)
        return texts


def _to_messages(value: Iterable[Message]) -> tuple[Message, ...]:
    return tuple(value)


def _to_tools(value: Iterable[ToolSpec]) -> tuple[ToolSpec, ...]:
    return tuple(value)


class Effort(enum.StrEnum):
    """How hard a model should think, vendor-neutral; each builder maps it to its vendor's knob."""

    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    MAX = "max"


#: Anthropic `budget_tokens` (and Gemini 2.5 `thinkingBudget`) per effort, for vendors that take a budget.
THINKING_BUDGETS: Mapping[Effort, int] = {
    Effort.LOW: 2_048,
    Effort.MEDIUM: 8_192,
    Effort.HIGH: 16_384,
    Effort.MAX: 32_000,
}


#: the editor's and the vendors' spellings of an effort level, onto ours (unknown ones mean "default").
_EFFORT_NAMES: Mapping[str, Effort] = {
    "minimal": Effort.LOW,
    "low": Effort.LOW,
    "medium": Effort.MEDIUM,
    "high": Effort.HIGH,
    "xhigh": Effort.MAX,
    "max": Effort.MAX,
    "ultra": Effort.MAX,
}


def parse_effort(value: str | None) -> Effort | None:
    """An effort level from any of its spellings ("High", "xhigh", ...); None for none or an unknown one."""
    return None if not value else _EFFORT_NAMES.get(value.strip().lower())


def _effort(value: str | Effort | None) -> Effort | None:
    if value is None or isinstance(value, Effort):
        return value
    effort = parse_effort(value)
    if effort is None:
        raise ValueError(f"unknown reasoning effort {value!r}")
    return effort


@attrs.frozen
class ReasoningChoice:
    """What the user picked for a run's thinking, before any vendor's spelling of it.

    `thinking`: True (think), False (do not), None (the model's own default). `effort`: how hard, or None
    (the vendor's default). The default choice sends nothing, so a server that knows no reasoning
    parameters is never sent one. Builders map it: OpenAI `reasoning_effort` / `reasoning.effort`,
    Anthropic adaptive thinking with `output_config.effort` or a `budget_tokens` from `THINKING_BUDGETS`,
    DeepSeek `thinking: {type}`, Gemini's thinking level.
    """

    thinking: bool | None = None
    effort: Effort | None = attrs.field(default=None, converter=_effort)

    @property
    def wants_thinking(self) -> bool:
        """True when the user asked for thinking (on, or an effort)."""
        return self.thinking is True or (self.thinking is None and self.effort is not None)

    def budget(self) -> int:
        """A token budget for vendors that take one (the effort's, medium when none was picked)."""
        return THINKING_BUDGETS[self.effort or Effort.MEDIUM]


@attrs.frozen
class PassRequest:
    model: str
    system: str | None = None
    messages: tuple[Message, ...] = attrs.field(default=(), converter=_to_messages)
    tools: tuple[ToolSpec, ...] = attrs.field(default=(), converter=_to_tools)
    reasoning: ReasoningChoice = attrs.field(factory=ReasoningChoice)
    max_output_tokens: int | None = None
    #: a stable id for the vendor's prompt cache (the conversation id): sent as `prompt_cache_key`
    #: where the wire format takes one, so every pass of a conversation lands on the same cache.
    cache_key: str | None = None


# --- output deltas --------------------------------------------------------------------------


@attrs.frozen
class TextDelta:
    text: str


@attrs.frozen
class ThinkingDelta:
    text: str


@attrs.frozen
class ThinkingDone:
    """Closes a thinking block; carries what must be sent back unchanged next pass."""

    signature: str | None = None
    redacted: str | None = None
    origin: str | None = None
    carrier: str | None = None  # see ThinkingPart.carrier


@attrs.frozen
class ToolCallStart:
    index: int
    id: str
    name: str


@attrs.frozen
class ToolCallArgsDelta:
    index: int
    fragment: str


@attrs.frozen
class ToolCallDone:
    index: int
    id: str
    name: str
    arguments: str  # the whole arguments JSON text; "{}" when the model sent none
    signature: str | None = None  # see ToolCallPart.signature


@attrs.frozen
class Usage:
    """Token counts for the pass.

    `input` counts every prompt token, cached or not (so it is the prompt's size);
    `cache_read` and `cache_write` are the parts of it read from / written to the cache.
    `output` includes reasoning tokens; `reasoning` is the part of it the vendor reports as
    reasoning (0 where it does not say).
    """

    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0
    reasoning: int = 0


@attrs.frozen
class PassEnd:
    stop_reason: StopReason = attrs.field(converter=StopReason)


Delta: TypeAlias = (
    TextDelta | ThinkingDelta | ThinkingDone | ToolCallStart | ToolCallArgsDelta | ToolCallDone | Usage | PassEnd
)
