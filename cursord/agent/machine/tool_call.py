"""One tool call's life, as a pure function: `handle(call, event, env) -> CallStep`. Sans-IO.

Theory of operation. The turn owns one `PendingCall` per tool call of its step (as h2's connection owns
one stream per id) and routes each input to the call it names: an exec result or control by exec id, the
user's answer by query id, a finished search or fetch by call id. `handle` takes the call where its stage
says it is, moves it through `CALL_MOVES` (`PendingCall.moved` checks every move) and returns the call
after the event, the effects to carry out in order (exec requests, hook requests, questions, the cards
the editor shows), the ids it took from the turn's counters, and whether the move is a step boundary (the
turn snapshots its state once it has put the call back). The turn keeps the rest: which call an input is
for, "every call settled -> the next pass", and cancel.

The events are the turn's own inputs (`ExecResultArrived`, `ExecControlArrived`, `InteractionAnswered`,
`WebToolDone`) and `DISPATCH`, the pass that made the call having ended. What a call reads of its turn
(the setup, the ids to hand out, the time, Auto-review's verdict on it, a Shell's output gathered so far)
comes in `CallEnv`; a call never changes the turn. The one transient piece is a streamed Shell's
`ShellAccumulator`, kept by the turn beside the record (a restart rebuilds it) and fed here.
"""

from __future__ import annotations

import enum
import uuid
from typing import TypeVar

import attrs

from cursord.agent import hooks, updates
from cursord.agent.machine.call_life import CallEvent, CallStage
from cursord.agent.machine.turn_events import (
    AskUser,
    Effect,
    Publish,
    ReviewAnswered,
    ReviewOutcome,
    RunWebTool,
    SendExec,
    ShowToolCall,
    WebToolDone,
)
from cursord.agent.machine.turn_state import PendingCall, TurnSetup
from cursord.agent.tools import (
    ExecTool,
    InteractionTool,
    ShellAccumulator,
    ShellTool,
    SwitchModeTool,
    TaskTool,
    ToolArgumentError,
    ToolContext,
    ToolOutcome,
    parse_call_arguments,
    shell_tool_call_delta,
)
from cursord.context import FETCH_RULES_TOOL
from cursord.core import ExecControlArrived, ExecControlKind, ExecResultArrived, InteractionAnswered
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolCallPart


class Dispatch(enum.Enum):
    """The event that starts a call's life: the pass that made it ended."""

    DISPATCH = "dispatch"


DISPATCH = Dispatch.DISPATCH
CallInput = Dispatch | ExecResultArrived | ExecControlArrived | InteractionAnswered | WebToolDone


@attrs.frozen
class CallEnv:
    """What a call reads of its turn: never changed by the call."""

    request_id: str
    setup: TurnSetup
    conversation_id: str
    #: the id the editor sees for the pass that made the call
    model_call_id: str
    now: float
    next_exec_seq: int
    next_query_id: int
    #: Auto-review's verdict on this call (dispatch only)
    verdict: ReviewAnswered | None = None
    #: a streamed Shell's output so far (SHELL_STREAM only; the turn keeps it beside the record)
    shell: ShellAccumulator | None = None


@attrs.frozen
class CallStep:
    """A call after one event: the call, the effects in order, the turn's counters after the ids it took,
    whether the turn snapshots once it has put the call back, and the mode a SwitchMode the user allowed
    moves the turn's tools to."""

    call: PendingCall
    effects: tuple[Effect, ...]
    next_exec_seq: int
    next_query_id: int
    boundary: bool = False
    mode: int | str | None = None


def handle(call: PendingCall, event: CallInput, env: CallEnv) -> CallStep:
    """The call after `event` (see the module docstring)."""
    return _Move(call, env).take(event)


def context_for(call: ToolCallPart, conversation_id: str, setup: TurnSetup) -> ToolContext:
    assert setup.tools is not None
    return ToolContext(
        tool_call_id=call.id,
        conversation_id=conversation_id,
        model_id=setup.model,
        mode=setup.tools.mode,
        subagent_models=setup.subagent_models,
    )


class _Move:
    """One event's worth of a call's life: gathers the effects and the ids taken, then gives the `CallStep`."""

    def __init__(self, call: PendingCall, env: CallEnv) -> None:
        self.call, self.env = call, env
        self.effects: list[Effect] = []
        self.exec_seq, self.query_id = env.next_exec_seq, env.next_query_id
        self.boundary = False
        self.mode: int | str | None = None

    def take(self, event: CallInput) -> CallStep:
        match event:
            case Dispatch():
                self._dispatch()
            case ExecResultArrived():
                self._exec_result(event.message)
            case ExecControlArrived():
                self._exec_control(event)
            case InteractionAnswered():
                self._answer(event.message)
            case WebToolDone():
                self._web_done(event)
        return CallStep(self.call, tuple(self.effects), self.exec_seq, self.query_id, self.boundary, self.mode)

    def _take_exec_seq(self) -> int:
        seq, self.exec_seq = self.exec_seq, self.exec_seq + 1
        return seq

    def _emit(self, *effects: Effect) -> None:
        self.effects.extend(effects)

    def _settle_now(self, outcome: ToolOutcome) -> None:
        self.call = self.call.moved(CallEvent.DISPATCH, CallStage.SETTLED, outcome=outcome)

    # ---- dispatch ---------------------------------------------------------------------------------

    def _dispatch(self) -> None:
        """The call, dispatched (`CallEvent.DISPATCH`): its request sent, or settled at once."""
        setup, call, pending = self.env.setup, self.call.call, self.call
        assert setup.tools is not None
        tool = pending.tool
        if tool is None and call.name == FETCH_RULES_TOOL and setup.rules.offered:
            try:  # served from the run's request context: no editor round trip
                outcome = ToolOutcome(*setup.rules.fetch(parse_call_arguments(call.arguments)))
            except (ToolArgumentError, ValueError) as exc:
                outcome = ToolOutcome(f"Tool call failed: {exc}", is_error=True)
            self._settle_now(outcome)
            return
        if tool is None:
            self._settle_now(ToolOutcome(setup.tools.unavailable_text(call.name), is_error=True))
            return
        request: agent.InteractionQuery | agent.ExecServerMessage
        try:
            pending = attrs.evolve(pending, arguments=parse_call_arguments(call.arguments))
            if isinstance(tool, InteractionTool):
                query_id, self.query_id = self.query_id, self.query_id + 1
                request = tool.build_query(pending.arguments, query_id, pending.context)
                request = _reviewed(request, self.env.verdict, self.env.request_id)
                dispatched = pending.moved(CallEvent.DISPATCH, CallStage.QUERY, query_id=query_id)
            elif isinstance(tool, ExecTool):
                request, dispatched = self._dispatch_exec(pending, tool)
            else:  # pragma: no cover - every registered tool is one of the two kinds
                raise ToolArgumentError(f"{call.name} cannot be called")
        except (ToolArgumentError, ValueError) as exc:
            self.call = pending  # with its arguments, when they parsed
            self._settle_now(ToolOutcome(f"Tool call failed: {exc}", True))
            return
        started = tool.tool_call(pending.arguments, pending.context)
        if started is not None:
            self._emit(ShowToolCall(call.id, started, self.env.model_call_id, completed=False))
        self._emit(AskUser(request) if isinstance(request, agent.InteractionQuery) else SendExec(request))
        self.call = dispatched

    def _dispatch_exec(self, pending: PendingCall, tool: ExecTool) -> tuple[agent.ExecServerMessage, PendingCall]:
        """An exec tool's first request (its pre-hook's, if one is configured) and the call waiting on it."""
        exec_seq, exec_id = self._take_exec_seq(), f"{self.env.model_call_id}:{pending.call.id}"
        request = tool.build_exec(pending.arguments, exec_seq, exec_id, pending.context)
        request = _reviewed(request, self.env.verdict, self.env.request_id)
        pre = _pre_hook(tool, self.env.setup.hook_steps)
        if pre is None:
            return request, _tool_exec(pending, CallEvent.DISPATCH, tool, request)
        hook_seq = self._take_exec_seq()
        facts = self._hook_facts(pending)
        hook_request = (
            hooks.subagent_start(facts, request.subagent_args, hook_seq, f"{exec_id}:pre")
            if pre == hooks.SUBAGENT_START
            else hooks.pre_tool_use(facts, hook_seq, f"{exec_id}:pre")
        )
        waiting = pending.moved(
            CallEvent.DISPATCH, CallStage.PRE_HOOK, exec_seq=hook_seq, exec_id=exec_id, deferred=request
        )
        return hook_request, waiting

    def _hook_facts(self, pending: PendingCall) -> hooks.HookFacts:
        return hooks.HookFacts(
            tool_name=pending.call.name,
            tool_input=pending.arguments,
            tool_use_id=pending.call.id,
            conversation_id=self.env.conversation_id,
            model_id=self.env.setup.model,
        )

    # ---- the editor's answers -------------------------------------------------------------------------

    def _exec_result(self, message: agent.ExecClientMessage) -> None:
        pending, tool = self.call, self.call.tool
        assert isinstance(tool, ExecTool)
        match pending.stage:
            case CallStage.PRE_HOOK:
                self._pre_hook_answer(tool, message)
            case CallStage.POST_HOOK:
                assert pending.held is not None
                held = pending.held
                text = hooks.with_context(held.text, hooks.post_tool_context(message))
                self._resolve(CallEvent.HOOK_ANSWER, ToolOutcome(text, held.is_error), None, post_hook=False)
            case CallStage.SHELL_STREAM:
                shell = self.env.shell
                assert shell is not None
                for event in shell.feed_message(message):
                    self._emit(Publish(updates.shell_output(event)))
                    self._shell_delta(event)
                if shell.finished:
                    self._finish_shell(CallEvent.RESULT)
            case _:
                self._finish_exec(tool, message)

    def _finish_exec(self, tool: ExecTool, message: agent.ExecClientMessage) -> None:
        pending = self.call
        assert pending.exec_id is not None
        try:
            follow_up = tool.next_exec(pending.arguments, message, self.exec_seq, pending.exec_id, pending.context)
        except ToolArgumentError as exc:
            self._resolve(CallEvent.RESULT, ToolOutcome(f"Tool call failed: {exc}", is_error=True), None)
            return
        if follow_up is not None:  # a multi-step tool (StrReplace): read, then write
            self.call = pending.moved(CallEvent.RESULT, CallStage.EXEC, exec_seq=self._take_exec_seq())
            self._emit(SendExec(follow_up))
            self.boundary = True
            return
        outcome = tool.result_text(message, pending.arguments)
        self._resolve(CallEvent.RESULT, outcome, tool.tool_call(pending.arguments, pending.context, message))

    def _pre_hook_answer(self, tool: ExecTool, message: agent.ExecClientMessage) -> None:
        """preToolUse (subagentStart) answered: send the tool's held request (with the hook's input, if it
        gave one), or settle the call when the hook denies it."""
        answer = CallEvent.HOOK_ANSWER
        decision = hooks.pre_tool_decision(message)
        pending = self.call = attrs.evolve(self.call, hook_context=decision.additional_context)
        if decision.denied is not None:
            outcome = ToolOutcome(f"A hook blocked this {pending.call.name} call: {decision.denied}", True)
            self._resolve(answer, outcome, None, post_hook=False)
            return
        request, exec_id = pending.deferred, pending.exec_id
        assert request is not None and exec_id is not None
        if decision.updated_input is not None:
            pending = self.call = attrs.evolve(pending, arguments=decision.updated_input)
            try:
                request = tool.build_exec(pending.arguments, self._take_exec_seq(), exec_id, pending.context)
            except (ToolArgumentError, ValueError) as exc:
                self._resolve(answer, ToolOutcome(f"Tool call failed: {exc}", True), None, post_hook=False)
                return
        self.call = _tool_exec(pending, answer, tool, request)
        self._emit(SendExec(request))
        self.boundary = True

    def _shell_delta(self, event: agent.ShellOutputDeltaUpdate) -> None:
        """A running Shell call's output as the call's own `tool_call_delta` (its card shows it live)."""
        which = event.WhichOneof("event")
        if which not in ("stdout", "stderr"):
            return
        text = getattr(event, which).data
        update = shell_tool_call_delta(self.call.call.id, **{which: text}, model_call_id=self.env.model_call_id)
        self._emit(Publish(agent.AgentServerMessage(interaction_update=update)))

    def _finish_shell(self, event: CallEvent) -> None:
        pending, shell = self.call, self.env.shell
        assert isinstance(pending.tool, ShellTool) and shell is not None
        completed = pending.tool.tool_call(pending.arguments, pending.context, shell)
        self._resolve(event, shell.outcome(), completed)

    def _exec_control(self, control: ExecControlArrived) -> None:
        """The editor threw or closed an exec of ours: the call settles (a shell with what it gathered, a
        post-hook's call with the outcome it held) or goes on to its post-hook."""
        pending = self.call
        if control.kind is ExecControlKind.HEARTBEAT:
            return
        name, thrown = pending.call.name, control.kind is ExecControlKind.THROW
        if pending.stage is CallStage.POST_HOOK:  # the hook failed; the tool's outcome stands
            assert pending.held is not None
            self._resolve(CallEvent.CONTROL, pending.held, None, post_hook=False)
        elif pending.stage is CallStage.SHELL_STREAM and not thrown:
            assert self.env.shell is not None
            self.env.shell.close()
            self._finish_shell(CallEvent.CONTROL)
        else:
            what = f"the hook before {name}" if pending.stage is CallStage.PRE_HOOK else name
            text = (
                f"The editor failed to run {what}: {control.message.throw.error}"
                if thrown
                else f"{what}: the editor closed the call without a result."
            )
            post_hook = pending.stage is not CallStage.PRE_HOOK  # a tool that never ran has no post-hook
            self._resolve(CallEvent.CONTROL, ToolOutcome(text, is_error=True), None, post_hook=post_hook)

    # ---- the user and the web ---------------------------------------------------------------------

    def _answer(self, response: agent.InteractionResponse) -> None:
        pending, tool = self.call, self.call.tool
        assert isinstance(tool, InteractionTool)
        outcome = tool.result_text(response, pending.arguments)
        result = tool.result_message(response, pending.arguments, pending.context)
        if outcome.pending:  # an approved WebSearch/WebFetch: cursord searches or fetches
            self.call = pending.moved(CallEvent.ANSWER, CallStage.WEB)
            self._emit(RunWebTool(pending.call.id, tool.name, pending.arguments))
            self.boundary = True  # a restart runs the approved search or fetch again (the turn's resume)
            return
        if isinstance(tool, SwitchModeTool) and not outcome.is_error:
            self.mode = tool.target_mode(pending.arguments)
        self._resolve(CallEvent.ANSWER, outcome, tool.tool_call(pending.arguments, pending.context, result))

    def _web_done(self, done: WebToolDone) -> None:
        pending, tool = self.call, self.call.tool
        assert isinstance(tool, InteractionTool)
        self._resolve(CallEvent.WEB_DONE, done.outcome, tool.tool_call(pending.arguments, pending.context, done.result))

    # ---- the outcome ----------------------------------------------------------------------------------

    def _resolve(
        self, event: CallEvent, outcome: ToolOutcome, completed: agent.ToolCall | None, *, post_hook: bool = True
    ) -> None:
        """`event` gave the call its outcome: it settles, or (an exec tool with the hook configured) waits
        for its postToolUse (postToolUseFailure, subagentStop) hook with the outcome held."""
        pending = self.call
        if completed is not None:
            self._emit(ShowToolCall(pending.call.id, completed, self.env.model_call_id, completed=True))
        outcome = ToolOutcome(hooks.with_context(outcome.text, pending.hook_context), outcome.is_error)
        wanted = hooks.POST_TOOL_USE_FAILURE if outcome.is_error else hooks.POST_TOOL_USE
        if isinstance(pending.tool, TaskTool):
            wanted = hooks.SUBAGENT_STOP
        self.boundary = True
        if post_hook and isinstance(pending.tool, ExecTool) and wanted in self.env.setup.hook_steps:
            exec_seq = self._take_exec_seq()
            pending = self.call = pending.moved(
                event, CallStage.POST_HOOK, held=outcome, exec_seq=exec_seq, hook_context=None
            )
            duration_ms = int((self.env.now - pending.started_at) * 1000)
            post = hooks.subagent_stop if wanted == hooks.SUBAGENT_STOP else hooks.post_tool_use
            request = post(
                self._hook_facts(pending),
                outcome.text,
                failed=outcome.is_error,
                duration_ms=duration_ms,
                exec_seq=exec_seq,
                exec_id=f"{pending.exec_id}:post",
            )
            self._emit(SendExec(request))
            return
        self.call = pending.moved(event, CallStage.SETTLED, outcome=outcome, hook_context=None)


def _tool_exec(
    pending: PendingCall, event: CallEvent, tool: ExecTool, request: agent.ExecServerMessage
) -> PendingCall:
    """The call once the tool's own exec `request` goes out: a Shell streams its output (SHELL_STREAM)."""
    stage = CallStage.SHELL_STREAM if isinstance(tool, ShellTool) else CallStage.EXEC
    return pending.moved(event, stage, exec_seq=request.id, exec_id=request.exec_id)


_Request = TypeVar("_Request", agent.ExecServerMessage, agent.InteractionQuery)
#: the request fields that carry Auto-review's marks, by the case of the exec or query
_REVIEWED_FIELDS = ("shell_stream_args", "shell_args", "mcp_args", "web_fetch_request_query")
_SHELL_FIELDS = ("shell_stream_args", "shell_args")
#: the sandbox a Shell call Auto-review let through runs in (Cursor's agent: `buildClassifierEscalatedSandboxPolicy`)
_ESCALATED = agent.SandboxPolicy(type=agent.SandboxPolicy.TYPE_INSECURE_NONE)
_APPROVALS = uuid.UUID("5b0c6f1e-6a51-4c1e-9a0e-2f1d6c3b7a10")  # names the approval requests cursord makes


def _reviewed(request: _Request, verdict: ReviewAnswered | None, request_id: str) -> _Request:
    """`request` marked as Cursor's agent marks it after Auto-review (docs/security.md): an allowed call
    with `skip_approval` alone, a call the model re-sent for the user's approval with `smart_mode_approval`
    naming an approval request, either Shell in a widened sandbox; an asked or allowlisted call as it was."""
    which = request.WhichOneof("query" if isinstance(request, agent.InteractionQuery) else "message")
    marked = (ReviewOutcome.ALLOW, ReviewOutcome.APPROVAL)
    if verdict is None or verdict.outcome not in marked or which not in _REVIEWED_FIELDS:
        return request
    target = getattr(request, which)
    if verdict.outcome is ReviewOutcome.ALLOW:
        target.skip_approval = True
    else:
        approval = str(uuid.uuid5(_APPROVALS, f"{request_id}/{verdict.call_id}"))
        target.smart_mode_approval.CopyFrom(agent.SmartModeApproval(request_id=approval, reason=verdict.reason))
    if which in _SHELL_FIELDS:  # only offered outside the read-only modes (`cursord.agent.tools.registry`)
        target.requested_sandbox_policy.CopyFrom(_ESCALATED)
    return request


def _pre_hook(tool: ExecTool, steps: hooks.HookSteps) -> str | None:
    """The hook a call waits for before it is sent: subagentStart for a Task, else preToolUse, if configured."""
    if isinstance(tool, TaskTool) and hooks.SUBAGENT_START in steps:
        return hooks.SUBAGENT_START
    return hooks.PRE_TOOL_USE if hooks.PRE_TOOL_USE in steps else None


def new_call(call: ToolCallPart, setup: TurnSetup, conversation_id: str, now: float) -> PendingCall:
    """The call as the pass made it, before dispatch (stage NEW)."""
    assert setup.tools is not None
    return PendingCall(call, {}, context_for(call, conversation_id, setup), setup.tools.get(call.name), started_at=now)

