"""The agent turn's state record: one frozen value, which is also what a turn snapshot stores.

`TurnState` holds everything a turn needs to go on after a restart: where it is (`TurnPhase`; while it
prepares, what it has gathered: `Preparation`), the run's request, what it runs with (`TurnSetup`), the
conversation so far and this turn's own messages, the ids it hands out, and the tool calls of the current
step (`PendingCall`, each in a stage of its own life: `cursord.agent.machine.call_life`).
`cursord.agent.restore` writes it to the store at every step boundary and reads it back.

Three things the machine keeps beside it are *not* part of the record, because a restart drops them by
design: the output of the pass in flight (a pass that dies with the process is run again), Auto-review's
verdicts on that pass's calls (given again when it runs again), and the output a streamed shell command
gathered so far.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from cursord.agent.compaction import PromptEstimate
from cursord.agent.hooks import HookSteps
from cursord.agent.machine.call_life import CallEvent, CallLifeError, CallStage, check_move
from cursord.agent.machine.prep_state import Preparation
from cursord.agent.tools import Tool, ToolContext, ToolOutcome, ToolRegistry
from cursord.context import RuleBook
from cursord.core import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ReasoningChoice, ToolCallPart, Usage


class TurnPhase(enum.Enum):
    IDLE = "idle"  # built; no run_request yet
    PREPARING = "preparing"  # the run prepares its first pass (`TurnState.prep`: `cursord.agent.machine.turn_prep`)
    RESTORED = "restored"  # built from a snapshot; waits for `Resume`
    PASS = "pass"  # a provider pass runs; `TurnState.current.purpose` says which (a step, or a summary)
    REVIEW = "review"  # Auto-review decides the step's calls before they go out (`pass_review`)
    TOOLS = "tools"  # the step's tool calls wait for their results
    ENDED = "ended"


class PassPurpose(enum.Enum):
    STEP = "step"  # a step of the turn: its output is published and may call tools
    SUMMARY = "summary"  # a summary of the earlier turns (compaction, or the user's summarize)


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
    #: the workspace's roots (`env.workspace_paths`), which Auto-review's rules keep recursive deletes inside
    workspace: tuple[str, ...] = ()
    #: the models the run picks for its subagents, by type (`cursord.agent.model_choice.subagent_models`)
    subagent_models: tuple[tuple[str, str], ...] = ()


#: the data each stage holds, cleared when the call leaves it
_STAGE_DATA = {CallStage.PRE_HOOK: "deferred", CallStage.POST_HOOK: "held", CallStage.SETTLED: "outcome"}
#: what a call must have in each stage
_STAGE_NEEDS = {
    CallStage.PRE_HOOK: ("exec_seq", "exec_id", "deferred"),
    CallStage.EXEC: ("exec_seq", "exec_id"),
    CallStage.SHELL_STREAM: ("exec_seq", "exec_id"),
    CallStage.POST_HOOK: ("exec_seq", "held"),
    CallStage.QUERY: ("query_id",),
    CallStage.SETTLED: ("outcome",),
}


@attrs.frozen
class PendingCall:
    """One tool call of the current step, until its outcome is known; `stage` says what it waits on.

    `exec_seq` is the exec it waits on in an exec stage (the tool's own, or a hook's), `exec_id` the
    tool's exec id; `query_id` the question put to the user. A stage's own data is set only in it:
    `deferred`, the tool's request held back in PRE_HOOK; `held`, the outcome held in POST_HOOK;
    `outcome` once SETTLED. `hook_context` is what preToolUse added, for the outcome to carry.
    """

    call: ToolCallPart
    arguments: dict[str, Any]
    context: ToolContext
    tool: Tool | None
    stage: CallStage = CallStage.NEW
    exec_seq: int | None = None
    exec_id: str | None = None
    query_id: int | None = None
    outcome: ToolOutcome | None = None
    started_at: float = 0.0
    deferred: agent.ExecServerMessage | None = None
    hook_context: str | None = None
    held: ToolOutcome | None = None

    @property
    def open(self) -> bool:
        return self.stage is not CallStage.SETTLED

    @property
    def waiting_exec(self) -> int | None:
        """The exec of ours the call waits on in the editor (the tool's or a hook's), if any."""
        return self.exec_seq if self.stage.waits_on_exec else None

    def moved(self, event: CallEvent, to: CallStage, **changes: Any) -> PendingCall:
        """The call after `event` moved it to stage `to` (checked against `CALL_MOVES`), with `changes`;
        the data of the stage it leaves is dropped."""
        check_move(self.stage, event, to)
        cleared = {name: None for stage, name in _STAGE_DATA.items() if stage is not to}
        after = attrs.evolve(self, stage=to, **{**cleared, **changes})
        missing = [name for name in _STAGE_NEEDS.get(to, ()) if getattr(after, name) is None]
        if missing:
            raise CallLifeError(f"tool call {self.call.id} moved to {to.value} without {', '.join(missing)}")
        return after


@attrs.frozen
class TurnState:
    phase: TurnPhase = TurnPhase.IDLE
    #: the run's request, from its run_request on: its one holder (the preparation, the actor and the record
    #: read it here)
    run_request: agent.AgentRunRequest | None = None
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

    @property
    def stream_phase(self) -> Phase:
        """What the turn's stream is doing, read off the state (the stream's ending overrides it)."""
        match self.phase:
            case TurnPhase.PASS:
                summary = self.current is not None and self.current.purpose is PassPurpose.SUMMARY
                return Phase.COMPACTING if summary else Phase.PROVIDER_RUNNING
            case TurnPhase.REVIEW:
                return Phase.PROVIDER_RUNNING  # the reviewer is a model too; the step has not ended
            case TurnPhase.TOOLS if any(p.stage is CallStage.QUERY for p in self.pending):
                return Phase.AWAITING_USER
            case TurnPhase.TOOLS:
                return Phase.WAITING_EXTERNAL  # on the editor (execs, hooks), or on cursord's own web calls
            case TurnPhase.ENDED:
                return Phase.CHECKPOINTING  # the stream ends once the last checkpoint and record are out
            case _:
                return Phase.IDLE  # preparing the run, or restored and not yet going on
