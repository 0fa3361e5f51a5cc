"""The agent turn's state record: one frozen value, which is also what a turn snapshot stores.

`TurnState` holds everything a turn needs to go on after a restart: where it is (`TurnPhase`; while it
prepares, what it has gathered: `Preparation`), what it runs with (`TurnSetup`), the conversation so far
and this turn's own messages, the ids it hands out, and the tool calls of the current step (`PendingCall`).
`cursord.agent.restore` writes it to the store at every step boundary and reads it back.

Two things the machine keeps beside it are *not* part of the record, because a restart drops them by
design: the output of the pass in flight (a pass that dies with the process is run again) and the output
a streamed shell command gathered so far.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from cursord.agent.compaction import PromptEstimate
from cursord.agent.hooks import HookSteps
from cursord.agent.machine.prep_state import Preparation
from cursord.agent.tools import Tool, ToolContext, ToolOutcome, ToolRegistry
from cursord.context import RuleBook
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ReasoningChoice, ToolCallPart, Usage


class TurnPhase(enum.Enum):
    IDLE = "idle"  # built; no run_request yet
    PREPARING = "preparing"  # the run prepares its first pass (`TurnState.prep`: `cursord.agent.machine.turn_prep`)
    RESTORED = "restored"  # built from a snapshot; waits for `Resume`
    STEP = "step"  # a provider pass of the turn runs: its output is published and may call tools
    SUMMARY = "summary"  # a summary pass runs (compaction, or the user's summarize)
    TOOLS = "tools"  # the step's tool calls wait for their results
    ENDED = "ended"


class PassPurpose(enum.Enum):
    STEP = "step"
    SUMMARY = "summary"


@attrs.frozen
class PassInfo:
    """The pass the turn runs (or ran last): its id, the id the editor sees, and why it runs."""

    pass_id: int
    model_call_id: str
    purpose: PassPurpose = PassPurpose.STEP
    manual: bool = False  # a summary the user asked for (ends the turn), not an automatic compaction
    started_at: float = 0.0


@attrs.frozen
class TurnSetup:
    """What a run was prepared with: the model's route facts, its tools, prompt and rules."""

    model: str
    provider_name: str
    context_window: int
    vision: bool = True
    #: None for a run that only summarizes (no tools are offered, no snapshot is kept)
    tools: ToolRegistry | None = None
    system: str | None = None
    #: the thinking the user picked (`cursord.providers.reasoning`); each provider maps it to its own knob
    reasoning: ReasoningChoice = attrs.field(factory=ReasoningChoice)
    hook_steps: HookSteps = attrs.field(factory=HookSteps)
    rules: RuleBook = attrs.field(factory=RuleBook)
    #: the user picked Auto-review (`env.smart_mode_classifier_auto_mode_enabled`): `cursord.agent.auto_review`
    auto_review: bool = False


@attrs.frozen
class PendingCall:
    """One tool call of the current step, until its outcome is known.

    An exec tool waits on `exec_seq`; an interaction tool on `query_id`. With hooks configured, the call
    may wait on a hook's exec first (`hook`): `deferred` is the tool's own request, held back until
    `preToolUse` allows it; `held` the outcome held until `postToolUse` has answered.
    """

    call: ToolCallPart
    arguments: dict[str, Any]
    context: ToolContext
    tool: Tool | None
    exec_seq: int | None = None
    exec_id: str | None = None
    query_id: int | None = None
    outcome: ToolOutcome | None = None
    started_at: float = 0.0
    hook: str | None = None
    deferred: agent.ExecServerMessage | None = None
    hook_context: str | None = None
    held: ToolOutcome | None = None

    @property
    def open(self) -> bool:
        return self.outcome is None


@attrs.frozen
class TurnState:
    phase: TurnPhase = TurnPhase.IDLE
    setup: TurnSetup | None = None
    conversation_id: str | None = None
    #: the conversation as the model sees it; `turn_start` is where this turn's own messages begin
    messages: tuple[Message, ...] = ()
    turn_start: int = 0
    #: this turn's messages, recorded to history when it ends (emptied once recorded)
    turn_messages: tuple[Message, ...] = ()
    compacted: bool = False
    summary_text: str | None = None
    usage: Usage = attrs.field(factory=Usage)
    #: the ids the next provider pass, exec request and interaction query get
    next_pass_id: int = 1
    next_exec_seq: int = 1
    next_query_id: int = 1
    current: PassInfo | None = None
    pending: tuple[PendingCall, ...] = ()
    #: file-globbed rules already given to the model in this turn
    applied_rules: tuple[str, ...] = ()
    #: the size of the next prompt, from the provider's last count (checkpoints show it; compaction reads it)
    estimate: PromptEstimate = attrs.field(factory=PromptEstimate)
    #: what the run has gathered so far while it prepares (None outside PREPARING)
    prep: Preparation | None = None

    @property
    def open_calls(self) -> tuple[PendingCall, ...]:
        return tuple(p for p in self.pending if p.open)
