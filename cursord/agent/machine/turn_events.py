"""What goes into the turn machine (inputs) and what comes out of it (effects). Frozen values.

Inputs from the editor reuse `cursord.core.intents` (`ExecResultArrived`, `ExecControlArrived`,
`InteractionAnswered`); the rest are defined here. Effects are instructions for the trio actor
(`cursord.agent.turn`), which carries them out in order and feeds what comes back in as inputs.
"""

from __future__ import annotations

import enum

import attrs
from google.protobuf.message import Message as ProtoMessage

from cursord.agent.machine.prep_events import (
    AskEditor,
    ChooseModel,
    ForgetQuery,
    LoadConversation,
    OpenRun,
    ReadBlobs,
    TakeQueued,
)
from cursord.agent.machine.turn_state import TurnState
from cursord.agent.tools import Tool, ToolOutcome
from cursord.connect import ConnectError
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.errors import ProviderError
from cursord.providers.model import Delta, Message, PassRequest, ToolCallPart, Usage

# ---- inputs -------------------------------------------------------------------------------------


@attrs.frozen
class Resume:
    """Go on after a restart, from the restored state; `served` is False when no configured provider serves
    the turn's model any more (`models`: those that are, and the aliases)."""

    served: bool = True
    models: tuple[str, ...] = ()


@attrs.frozen
class PassDelta:
    pass_id: int
    delta: Delta


@attrs.frozen
class PassEnded:
    pass_id: int


@attrs.frozen
class PassFailed:
    pass_id: int
    error: ProviderError


@attrs.frozen
class Cancel:
    """The editor canceled, or the stream's reconnect grace ran out."""

    error: ConnectError


@attrs.frozen
class AbortSubagent:
    """`cancel_subagent_action`: the tool call or exec id of the subagent to stop (or none of ours)."""

    target: str


@attrs.frozen
class ForceBackground:
    """`background_shell_action` / `background_subagent_action` for the tool call `target`."""

    case: str
    target: str
    shell: bool


class ReviewOutcome(enum.Enum):
    """What Auto-review decided for a call, and so how it is marked for the editor (as Cursor's agent does)."""

    ALLOW = "allow"  # `skip_approval`: the editor runs it without asking (a Shell's sandbox widened)
    ASK = "ask"  # nothing added: the editor asks the user as usual
    ALLOWLISTED = "allowlisted"  # nothing added: the user's own allowlist covers it, and the editor runs it
    #: the model re-sent a call Auto-review blocked asking for the user's approval: `smart_mode_approval`
    APPROVAL = "approval"


@attrs.frozen
class AllowlistAsked:
    """Auto-review asks the editor whether the user's own allowlist covers the Shell call `call_id` of pass
    `pass_id` (`shell_allowlist_precheck_args`, as Cursor's agent asks before its classifier)."""

    pass_id: int
    call_id: str
    command: str
    working_directory: str


@attrs.frozen
class AllowlistAnswered:
    """The editor's answer to `AllowlistAsked` (not allowlisted when the question could not be asked): the
    actor hands it to the review that waits for it."""

    call_id: str
    allowlisted: bool


@attrs.frozen
class ReviewAnswered:
    """Auto-review's verdict on the call `call_id` of pass `pass_id` (an answer to `ReviewCalls`), and its
    reason."""

    pass_id: int
    call_id: str
    outcome: ReviewOutcome
    reason: str


@attrs.frozen
class WebToolDone:
    """The actor searched or fetched for the approved WebSearch/WebFetch call `call_id`: the model's text,
    and the result the editor shows in the call's view."""

    call_id: str
    outcome: ToolOutcome
    result: ProtoMessage


# ---- effects ------------------------------------------------------------------------------------


@attrs.frozen
class Publish:
    message: agent.AgentServerMessage


@attrs.frozen
class StartPass:
    pass_id: int
    model_call_id: str
    request: PassRequest


@attrs.frozen
class CancelPass:
    """Cancel the running pass (closing its provider connection); it reports nothing more."""


@attrs.frozen
class CallToReview:
    """A finished call Auto-review decides, and the tool it calls."""

    call: ToolCallPart
    tool: Tool


@attrs.frozen
class ReviewCalls:
    """Have Auto-review decide the calls of the step's pass `pass_id` before they go out, in call order
    (`cursord.agent.auto_review`, on a reviewer model): each verdict comes back as `ReviewAnswered`, a Shell
    command's allowlist question to the editor first as `AllowlistAsked`."""

    pass_id: int
    model_call_id: str
    calls: tuple[CallToReview, ...]
    #: the workspace's roots, which the rules keep recursive deletes inside
    workspace: tuple[str, ...] = ()


@attrs.frozen
class CancelReview:
    """Stop the running review (its reviewer's pass, or its wait for the editor's allowlist answer); it
    reports nothing more."""


@attrs.frozen
class SendExec:
    message: agent.ExecServerMessage


@attrs.frozen
class AbortExec:
    exec_seq: int


@attrs.frozen
class AskUser:
    query: agent.InteractionQuery


@attrs.frozen
class RunWebTool:
    """Search or fetch for the approved WebSearch/WebFetch call (cursord does it; the editor only asked the
    user); the answer comes back as `WebToolDone`."""

    call_id: str
    tool_name: str
    arguments: dict[str, object]


@attrs.frozen
class ShowToolCall:
    """Show the editor a tool call as it starts or completes (checkpoints record the latest view)."""

    call_id: str
    view: agent.ToolCall
    model_call_id: str
    completed: bool


@attrs.frozen
class Checkpoint:
    """Store this turn's blobs in the editor and publish the conversation checkpoint."""

    turn_messages: tuple[Message, ...]
    used_tokens: int
    max_tokens: int
    mode: int
    summary: str | None
    final: bool


class TurnOutcome(enum.Enum):
    """How a recorded turn ended (the store's `TurnStatus`, named here so the core needs no store)."""

    COMPLETED = "completed"
    FAILED = "failed"
    CANCELED = "canceled"


@attrs.frozen
class RecordTurn:
    status: TurnOutcome
    messages: tuple[Message, ...]
    usage: Usage
    model: str | None
    error: str | None = None
    #: the turn's state once recorded, to journal in the same transaction: a completed turn that restarts
    #: after this point ends at once, and neither runs its last pass again nor records itself twice
    recorded: TurnState | None = None


@attrs.frozen
class StoreSummary:
    """The conversation's summary, kept with its history."""

    text: str


@attrs.frozen
class Snapshot:
    """Keep `state` (at a step boundary) so the turn survives a restart; `durable`: go on only once it is
    committed, not only queued (the durability rule, `cursord.agent.machine.durability`)."""

    state: TurnState
    durable: bool = False


@attrs.frozen
class HoldDelivery:
    """Publish, but show the editor nothing new until every effect of this input is carried out: what
    follows asks the editor to act, and its answer is expected by a snapshot that must be on disk first
    (`cursord.agent.machine.durability`)."""


@attrs.frozen
class Tap:
    event: str
    timings: dict[str, object]


@attrs.frozen
class End:
    error: ConnectError | None


@attrs.frozen
class KeepAction:
    """Keep a conversation action for a later run, in the store before its upload is ACKed: the
    conversation's next run (`conversation_id`), or, before the run_request, this request's run (None)."""

    action: agent.ConversationAction
    conversation_id: str | None


Effect = (
    OpenRun
    | ChooseModel
    | TakeQueued
    | LoadConversation
    | AskEditor
    | ForgetQuery
    | ReadBlobs
    | Publish
    | StartPass
    | CancelPass
    | ReviewCalls
    | CancelReview
    | SendExec
    | AbortExec
    | AskUser
    | RunWebTool
    | ShowToolCall
    | Checkpoint
    | RecordTurn
    | StoreSummary
    | Snapshot
    | HoldDelivery
    | Tap
    | End
    | KeepAction
    | AllowlistAnswered
)
