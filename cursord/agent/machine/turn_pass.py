"""PassBuffer: what the provider pass in flight has produced so far; and what a pass is asked. Sans-IO.

Text arrives in pieces and is joined into one `TextPart` whenever something else (thinking, a tool
call) comes between; thinking is kept with its signature; tool calls in the order they completed.
`take` keeps a delta and returns what the editor sees of it as it arrives (a step's text and thinking,
a tool call's arguments and an edit's new content as they stream; a summary's output is only kept). The
buffer is transient: a pass that dies with the process is run again, so it is never part of a turn
snapshot (`cursord.agent.machine.turn_state`).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from cursord.agent import hooks, updates
from cursord.agent.compaction import PromptEstimate, estimate_tokens
from cursord.agent.machine.turn_events import Effect, Publish, SendExec, Tap
from cursord.agent.machine.turn_state import PassPurpose, TurnSetup, TurnState
from cursord.agent.review_rules import with_approval_parameters
from cursord.agent.tools import ContentStream, ToolRegistry
from cursord.context import without_images
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.errors import ProviderError
from cursord.providers.model import (
    Delta,
    Message,
    PassEnd,
    PassRequest,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingDone,
    ThinkingPart,
    ToolCallArgsDelta,
    ToolCallDone,
    ToolCallPart,
    ToolCallStart,
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

    def take(
        self, delta: Delta, clock: Callable[[], float], tools: ToolRegistry | None, model_call_id: str, summary: bool
    ) -> list[Effect]:
        """Keep `delta`; what the editor sees of it now (nothing of a summary's: it is only kept). `clock` is
        read only for thinking, which is timed: not for every text delta."""
        match delta:
            case TextDelta(text=text):
                self.text.append(text)
                return [] if summary else [Publish(updates.text_delta(text))]
            case ThinkingDelta() | ThinkingDone() if summary:
                return []  # a summary's reasoning is not part of the conversation
            case ThinkingDelta(text=text):
                self.add_thinking(text, clock())
                return [Publish(updates.thinking_delta(text))]
            case ThinkingDone():
                return [Publish(updates.thinking_completed(self.finish_thinking(delta, clock())))]
            case ToolCallStart(index=index, id=call_id, name=name):
                self.tool_names[index] = (call_id, name)
            case ToolCallArgsDelta(index=index, fragment=fragment):
                call_id, name = self.tool_names.get(index, ("", ""))
                assert tools is not None  # a summary offers none, so its model streams no arguments
                partial = Publish(updates.partial_tool_call(call_id, tools.skeleton(name), fragment, model_call_id))
                return [partial, *self._stream_content(index, call_id, tools, name, fragment, model_call_id)]
            case ToolCallDone():
                self.add_tool_call(delta)
            case Usage():
                self.usage = delta
            case PassEnd():
                self.ended = delta
        return []

    def _stream_content(
        self, index: int, call_id: str, tools: ToolRegistry, name: str, fragment: str, model_call_id: str
    ) -> list[Effect]:
        """An edit's new content as the model writes it: `tool_call_delta`, as the editor shows it growing."""
        tool = tools.get(name)
        if tool is None or tool.streamed_content is None:
            return []
        text = self.contents.setdefault(index, ContentStream(tool.streamed_content)).feed(fragment)
        if not text:
            return []
        delta = agent.ToolCallDelta(edit_tool_call_delta=agent.EditToolCallDelta(stream_content_delta=text))
        return [Publish(updates.tool_call_delta(call_id, delta, model_call_id))]

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

    def end_tap(self, pass_id: int, error: ProviderError | None) -> Tap:
        """The tap's `pass_end`: how the pass ended and the tokens it used."""
        return Tap(
            "pass_end",
            {
                "pass": pass_id,
                "error": type(error).__name__ if error else None,
                "stop_reason": self.ended.stop_reason.value if self.ended else None,
                "input_tokens": self.usage.input,
                "output_tokens": self.usage.output,
            },
        )

    def summary_text(self) -> str:
        self.flush_text()
        return "".join(p.text for p in self.parts if isinstance(p, TextPart)).strip()


def start_tap(
    pass_id: int, setup: TurnSetup, request: PassRequest, estimate: PromptEstimate, purpose: PassPurpose
) -> Tap:
    """The tap's `pass_start`, with the prompt's size as cursord estimates it (`prompt_estimate`: a step's
    from the turn's running `estimate`, a summary's from its request): providers report the real count only
    when a pass ends, and until then the live views show this instead of nothing."""
    if purpose is PassPurpose.STEP:
        prompt = estimate.next_prompt(request.messages, request.system, request.tools)
    else:
        prompt = estimate_tokens(request.messages, request.system, request.tools)
    return Tap(
        "pass_start",
        {"pass": pass_id, "provider": setup.provider_name, "model": setup.model, "prompt_estimate": prompt},
    )


def step_request(state: TurnState) -> PassRequest:
    """What a step's pass asks the model: the conversation so far, the tools (marked for Auto-review's
    approvals when it is on) and FetchRules, which cursord serves itself (`cursord.agent.machine.tool_call`)."""
    setup = state.setup
    assert setup is not None and setup.tools is not None
    fetch_rules = setup.rules.tool_spec()
    offered = with_approval_parameters(setup.tools.specs) if setup.auto_review else setup.tools.specs
    messages = state.messages
    return PassRequest(
        model=setup.model,
        system=setup.system,
        messages=tuple(without_images(list(messages)) if not setup.vision else messages),
        tools=(*offered, *([fetch_rules] if fetch_rules is not None else [])),
        reasoning=setup.reasoning,
        cache_key=state.conversation_id,  # the vendor's prompt cache follows the conversation
    )


def pre_compact_request(state: TurnState, manual: bool, exec_seq: int, request_id: str) -> SendExec:
    """The preCompact hook's exec, sent before a summary pass (not waited for: `cursord.agent.hooks`)."""
    setup = state.setup
    assert setup is not None
    tools = setup.tools.specs if setup.tools is not None else ()
    return SendExec(
        hooks.pre_compact(
            conversation_id=state.conversation_id or "",
            model_id=setup.model,
            manual=manual,
            tokens=state.estimate.next_prompt(state.messages, setup.system, tools),
            window=setup.context_window,
            messages=len(state.messages),
            to_compact=state.turn_start,
            first=state.summary_text is None,
            exec_seq=exec_seq,
            exec_id=f"{request_id}:pre_compact:{exec_seq}",
        )
    )
