"""TurnMachine: the agent turn as a pure state machine. `handle(input) -> list[Effect]`.

Theory of operation. A turn prepares its first pass, then alternates provider *passes* and *tool steps*.
Every input, from the run_request on, goes through `handle`, which looks up `(phase, input type)`
in `TRANSITIONS` (the turn's rules, in one table at the end of this module: each row names its handler
and the phases it may lead to, in PASS by the purpose of the pass), runs the handler, which updates the
frozen `TurnState`, checks that the turn is in one of those phases, and returns the effects for the
actor to carry out, in order. A pair that is not in the table, or a handler that moves the turn
elsewhere, is a bug on our side and raises `TurnProtocolError`; inputs the editor may send at any time
(a stray exec result, a late answer) are listed explicitly as ignored.

Phases (`TurnPhase`): IDLE (built, no run yet), PREPARING (the run gathers what its first pass needs),
RESTORED (built from a record), PASS (a provider pass runs: `TurnState.current.purpose` says whether it
is a step of the turn or a summary of the earlier turns), TOOLS (the step's tool calls wait on the
editor, the user or the web), ENDED.

- `RunStarted` starts the preparation (`cursord.agent.machine.turn_prep`: each I/O need is an effect and
  its answer an input); once prepared, the first pass starts (compacting earlier turns first if the
  prompt would not fit the model's window, or summarizing when the user asked for that).
- A step's pass publishes text and thinking as its deltas arrive (a summary's are kept for the
  summary). `PassEnded` appends the reply; if it called tools, each call becomes a `PendingCall` and
  is dispatched. From then on the call lives in the stages of its own table (`call_life.CALL_MOVES`,
  checked on every move): a configured pre-hook (PRE_HOOK) before the tool's exec (EXEC, or
  SHELL_STREAM for a Shell's streamed output), a post-hook (POST_HOOK) before its outcome counts, a
  question to the user (QUERY), an approved search or fetch cursord runs (WEB), until SETTLED; served
  here (`FetchRules`) or failed at once (unknown tool, bad arguments), it is settled at dispatch.
- When every call is settled, the results are appended in call order and the next pass starts.
  A pass without tool calls completes the turn: checkpoint, record, `turn_ended`, `End(None)`.
- `PassFailed` or `Cancel` ends the turn with an error; its messages are recorded as failed (or
  canceled) and never become history. `Cancel` also cancels the pass and aborts every open exec.
- `Snapshot` is emitted at every step boundary: before a pass starts, after a step's calls are sent,
  after each outcome and each hook request. A completed turn's last state goes with its `RecordTurn`,
  in the same transaction. A restored machine (phase `RESTORED`, or `ENDED` for a turn that was
  recorded) goes on with `Resume`.

The machine has no effect that moves the stream's phase: the stream reads it off the state
(`TurnState.stream_phase`: a summary pass is compacting, a step's pass provider_running, a call asking
the user awaiting_user, other open calls waiting_external, an ended turn checkpointing until the
stream's own ending says how it ended).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from cursord.agent import hooks, updates
from cursord.agent.compaction import CompactionPolicy, PromptEstimate, summary_request
from cursord.agent.errors import model_not_served, provider_failure
from cursord.agent.machine.call_life import CallEvent, CallStage
from cursord.agent.machine.durability import held_until_durable
from cursord.agent.machine.prep_events import (
    BlobsRead,
    ConversationLoaded,
    ModelChosen,
    QueryTimedOut,
    QueuedTaken,
    RunStarted,
)
from cursord.agent.machine.turn_actions import ActingTurn
from cursord.agent.machine.turn_events import (
    AbortExec,
    AbortSubagent,
    AllowlistAnswered,
    AllowlistAsked,
    AskUser,
    Cancel,
    CancelPass,
    Checkpoint,
    Effect,
    End,
    ForceBackground,
    PassDelta,
    PassEnded,
    PassFailed,
    Publish,
    RecordTurn,
    Resume,
    ReviewOutcome,
    ReviewVerdict,
    RunWebTool,
    SendExec,
    ShowToolCall,
    Snapshot,
    StartPass,
    StoreSummary,
    Tap,
    TurnOutcome,
    WebToolDone,
)
from cursord.agent.machine.turn_pass import PassBuffer
from cursord.agent.machine.turn_prep import PreparingTurn
from cursord.agent.machine.turn_state import PassInfo, PassPurpose, PendingCall, TurnPhase, TurnSetup, TurnState
from cursord.agent.review_rules import with_approval_parameters
from cursord.agent.tools import (
    ContentStream,
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
    parsing_result,
    shell_tool_call_delta,
)
from cursord.agent.turn_inputs import rules_for_paths, touched_paths
from cursord.connect import Code, ConnectError
from cursord.context import FETCH_RULES_TOOL, ContextLimits, without_images
from cursord.core import (
    ActionRequested,
    ExecControlArrived,
    ExecControlKind,
    ExecResultArrived,
    InteractionAnswered,
    PrewarmRequested,
)
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.errors import MalformedResponse, ProviderError
from cursord.providers.model import (
    Message,
    PassEnd,
    PassRequest,
    TextDelta,
    ThinkingDelta,
    ThinkingDone,
    ToolCallArgsDelta,
    ToolCallDone,
    ToolCallPart,
    ToolCallStart,
    Usage,
)

log = logging.getLogger(__name__)


class TurnProtocolError(Exception):
    """An input the turn cannot take in its phase: a bug in the actor, never the editor's doing."""


Handler = Callable[["TurnMachine", Any], None]


class TurnMachine(PreparingTurn, ActingTurn):
    """One agent turn (see the module docstring).

    `summary_message` makes the message a compaction summary becomes (the store's format); `clock`
    gives the time for step, thinking and hook durations; `context_limits` bound what the user attaches."""

    def __init__(
        self,
        request_id: str,
        *,
        summary_message: Callable[[str], Message],
        max_passes: int = 50,
        clock: Callable[[], float] = lambda: 0.0,
        state: TurnState | None = None,
        context_limits: ContextLimits | None = None,
    ) -> None:
        self.request_id = request_id
        self.context_limits = context_limits if context_limits is not None else ContextLimits()
        self.max_passes = max_passes
        self.clock = clock
        self.state = state if state is not None else TurnState()
        self._summary_message = summary_message
        self._out: list[Effect] = []
        # transient, rebuilt after a restart (see `cursord.agent.machine.turn_state`)
        self._pass: PassBuffer | None = None
        self._shells: dict[str, ShellAccumulator] = {}
        self._verdicts: dict[str, ReviewVerdict] = {}  # Auto-review's, for the calls of the pass in flight
        self._prechecks: dict[int, str] = {}  # Auto-review's allowlist questions in flight: exec seq -> call id
        for pending in self.state.pending:
            if pending.stage is CallStage.SHELL_STREAM and isinstance(pending.tool, ShellTool):
                self._shells[pending.call.id] = pending.tool.new_accumulator(pending.arguments, pending.context)

    @property
    def phase(self) -> TurnPhase:
        return self.state.phase

    def handle(self, item: object) -> list[Effect]:
        before = self.state.phase
        rule = TRANSITIONS.get((before, type(item)))
        if rule is None:
            raise TurnProtocolError(f"turn {self.request_id}: {type(item).__name__} in phase {before.value}")
        self._out = []
        then = rule.allowed(self.state.current)
        rule.handler(self, item)
        if self.state.phase not in then:
            allowed = ", ".join(sorted(p.value for p in then))
            raise TurnProtocolError(
                f"turn {self.request_id}: {type(item).__name__} in phase {before.value} led to "
                f"{self.state.phase.value}; its rule allows {allowed}"
            )
        out, self._out = self._out, []
        return held_until_durable(out)

    # ---- small helpers ----------------------------------------------------------------------------

    def _emit(self, *effects: Effect) -> None:
        self._out.extend(effects)

    def _follow(self, item: object) -> None:
        """Take `item` by the row `TRANSITIONS` has for it in this phase, inside the input being handled
        (whose own row bounds where the turn goes); a phase with no such row has nothing to do with it."""
        rule = TRANSITIONS.get((self.state.phase, type(item)))
        if rule is None:
            log.info("turn %s: %s in phase %s; nothing to do", self.request_id, type(item).__name__,
                     self.state.phase.value)
            return
        rule.handler(self, item)

    def _set(self, **changes: Any) -> None:
        self.state = attrs.evolve(self.state, **changes)

    @property
    def _setup(self) -> TurnSetup:
        assert self.state.setup is not None
        return self.state.setup

    def _add_message(self, message: Message) -> None:
        self._set(
            messages=(*self.state.messages, message),
            turn_messages=(*self.state.turn_messages, message),
            estimate=self.state.estimate.adding(message),
        )

    def _take_exec_seq(self) -> int:
        seq = self.state.next_exec_seq
        self._set(next_exec_seq=seq + 1)
        return seq

    @property
    def _snapshots(self) -> bool:
        """Whether this turn keeps a record (a run that only summarizes has no tools and keeps none)."""
        return self.state.setup is not None and self.state.setup.tools is not None

    def _snapshot(self) -> None:
        if self._snapshots:
            self._emit(Snapshot(self.state))

    def _tap(self, event: str, timings: dict[str, object]) -> None:
        self._emit(Tap(event, timings))

    def _ignore(self, item: object) -> None:
        """An input that means nothing in this phase (a stray or late message); see `TRANSITIONS`."""

    # ---- starting ---------------------------------------------------------------------------------

    def _begin(
        self,
        setup: TurnSetup,
        history: tuple[Message, ...],
        user: tuple[Message, ...],
        *,
        applied_rules: tuple[str, ...] = (),
        summarize: bool = False,
    ) -> None:
        """The run is prepared (`cursord.agent.machine.turn_prep`): the first pass (or the user's summary)."""
        self._set(setup=setup, messages=history, turn_start=len(history), applied_rules=applied_rules)
        if summarize:
            self._start_summary(manual=True)
            return
        for message in user:
            self._add_message(message)
        self._next_pass()

    def _on_resume(self, resume: Resume) -> None:
        if not resume.served:
            self._set(phase=TurnPhase.ENDED)
            self._emit(End(model_not_served(self._setup.model, list(resume.models))))
            return
        pending = self.state.pending
        if any(p.open for p in pending):
            self._set(phase=TurnPhase.TOOLS)  # the editor's results for these execs are still welcome
            for call in pending:  # an approved search or fetch died with the process: run it again
                if call.stage is CallStage.WEB and call.tool is not None:
                    self._emit(RunWebTool(call.call.id, call.tool.name, call.arguments))
        elif pending:
            self._set(phase=TurnPhase.TOOLS)
            self._maybe_next_pass()
        else:
            self._next_pass()

    # ---- passes -----------------------------------------------------------------------------------

    def _next_pass(self) -> None:
        """The next step of the turn, compacting earlier turns first if the prompt would not fit."""
        setup, state = self._setup, self.state
        assert setup.tools is not None
        policy = CompactionPolicy(setup.context_window)
        estimated = state.estimate.next_prompt(state.messages, setup.system, setup.tools.specs)
        if policy.needs_compaction(estimated) and state.turn_start > 0 and not state.compacted:
            log.info(
                "stream %s: prompt of about %d tokens exceeds %d of %d; compacting %d earlier messages",
                self.request_id,
                estimated,
                policy.budget,
                policy.context_window,
                state.turn_start,
            )
            self._start_summary(manual=False)
            return
        self._start_pass()

    def _start_summary(self, *, manual: bool) -> None:
        self._snapshot()
        self._emit(Publish(updates.summary_started()))
        if hooks.PRE_COMPACT in self._setup.hook_steps:  # sent, not waited for (`cursord.agent.hooks`)
            self._send_pre_compact(manual)
        request = summary_request(self._setup.model, self.state.messages[: self.state.turn_start])
        self._launch(request, PassPurpose.SUMMARY, manual=manual)

    def _send_pre_compact(self, manual: bool) -> None:
        setup, state = self._setup, self.state
        exec_seq = self._take_exec_seq()
        tools = setup.tools.specs if setup.tools is not None else ()
        request = hooks.pre_compact(
            conversation_id=state.conversation_id or "",
            model_id=setup.model,
            manual=manual,
            tokens=state.estimate.next_prompt(state.messages, setup.system, tools),
            window=setup.context_window,
            messages=len(state.messages),
            to_compact=state.turn_start,
            first=state.summary_text is None,
            exec_seq=exec_seq,
            exec_id=f"{self.request_id}:pre_compact:{exec_seq}",
        )
        self._emit(SendExec(request))

    def _start_pass(self) -> None:
        setup = self._setup
        assert setup.tools is not None
        fetch_rules = setup.rules.tool_spec()  # FetchRules, served by cursord (`_dispatch_one`)
        offered = with_approval_parameters(setup.tools.specs) if setup.auto_review else setup.tools.specs
        messages = self.state.messages
        request = PassRequest(
            model=setup.model,
            system=setup.system,
            messages=tuple(without_images(list(messages)) if not setup.vision else messages),
            tools=(*offered, *([fetch_rules] if fetch_rules is not None else [])),
            reasoning=setup.reasoning,
            cache_key=self.state.conversation_id,  # the vendor's prompt cache follows the conversation
        )
        self._snapshot()
        self._launch(request, PassPurpose.STEP)

    def _launch(self, request: PassRequest, purpose: PassPurpose, *, manual: bool = False) -> None:
        pass_id = self.state.next_pass_id
        self._set(next_pass_id=pass_id + 1)
        if pass_id > self.max_passes:
            self._set(phase=TurnPhase.ENDED)
            self._emit(
                End(
                    ConnectError(
                        Code.RESOURCE_EXHAUSTED,
                        f"the model made {self.max_passes} passes without finishing the turn; stopped",
                    )
                )
            )
            return
        model_call_id = f"{self.request_id}:{pass_id}"
        current = PassInfo(pass_id, model_call_id, purpose, manual, self.clock())
        self._set(current=current, phase=TurnPhase.PASS)
        self._pass = PassBuffer()
        self._verdicts, self._prechecks = {}, {}
        if purpose is PassPurpose.STEP:
            self._emit(Publish(updates.step_started(pass_id)))
        self._tap("pass_start", {"pass": pass_id, "provider": self._setup.provider_name, "model": self._setup.model})
        self._emit(StartPass(pass_id, model_call_id, request))

    def _is_current(self, pass_id: int) -> bool:
        current = self.state.current
        return current is not None and current.pass_id == pass_id and self._pass is not None

    def _on_delta(self, item: PassDelta) -> None:
        if not self._is_current(item.pass_id):
            return  # from a pass that was canceled
        state, delta = self._pass, item.delta
        assert state is not None and self.state.current is not None
        summary = self.state.current.purpose is PassPurpose.SUMMARY
        match delta:
            case TextDelta(text=text):
                state.text.append(text)
                if not summary:
                    self._emit(Publish(updates.text_delta(text)))
            case ThinkingDelta() | ThinkingDone() if summary:
                pass  # a summary's reasoning is not part of the conversation
            case ThinkingDelta(text=text):
                state.add_thinking(text, self.clock())
                self._emit(Publish(updates.thinking_delta(text)))
            case ThinkingDone():
                self._emit(Publish(updates.thinking_completed(state.finish_thinking(delta, self.clock()))))
            case ToolCallStart(index=index, id=call_id, name=name):
                state.tool_names[index] = (call_id, name)
            case ToolCallArgsDelta(index=index, fragment=fragment):
                call_id, name = state.tool_names.get(index, ("", ""))
                tools = self._setup.tools
                assert tools is not None
                model_call_id = self.state.current.model_call_id
                self._emit(Publish(updates.partial_tool_call(call_id, tools.skeleton(name), fragment, model_call_id)))
                self._stream_content(index, call_id, name, fragment)
            case ToolCallDone():
                state.add_tool_call(delta)
            case Usage():
                state.usage = delta
            case PassEnd():
                state.ended = delta

    def _stream_content(self, index: int, call_id: str, name: str, fragment: str) -> None:
        """An edit's new content as the model writes it: `tool_call_delta`, as the editor shows it growing."""
        tools, buffer, current = self._setup.tools, self._pass, self.state.current
        assert tools is not None and buffer is not None and current is not None
        tool = tools.get(name)
        if tool is None or tool.streamed_content is None:
            return
        stream = buffer.contents.setdefault(index, ContentStream(tool.streamed_content))
        text = stream.feed(fragment)
        if text:
            delta = agent.ToolCallDelta(edit_tool_call_delta=agent.EditToolCallDelta(stream_content_delta=text))
            self._emit(Publish(updates.tool_call_delta(call_id, delta, current.model_call_id)))

    def _on_review_verdict(self, verdict: ReviewVerdict) -> None:
        if self._is_current(verdict.pass_id):
            self._verdicts[verdict.call_id] = verdict

    def _on_allowlist_asked(self, item: AllowlistAsked) -> None:
        """The editor is asked whether the user's allowlist covers a Shell call (answered at once, no, for
        a pass that is no longer current)."""
        current = self.state.current
        if current is None or not self._is_current(item.pass_id):
            self._emit(AllowlistAnswered(item.call_id, allowlisted=False))
            return
        exec_seq = self._take_exec_seq()
        self._prechecks[exec_seq] = item.call_id
        args = agent.ShellAllowlistPrecheckArgs(
            command=item.command,
            working_directory=item.working_directory,
            parsing_result=parsing_result(item.command),
            tool_call_id=item.call_id,
        )
        exec_id = f"{current.model_call_id}:{item.call_id}:allowlist-precheck"
        self._emit(SendExec(agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, shell_allowlist_precheck_args=args)))

    def _on_pass_exec_result(self, result: ExecResultArrived) -> None:
        """While a pass runs the only exec out is an allowlist question; any other result is stray."""
        call_id = self._prechecks.pop(result.exec_seq, None)
        if call_id is None:
            log.info("stream %s: result for unknown exec %d ignored", self.request_id, result.exec_seq)
            return
        message = result.message
        answered = message.WhichOneof("message") == "shell_allowlist_precheck_result"
        self._emit(AllowlistAnswered(call_id, answered and message.shell_allowlist_precheck_result.allowlisted))

    def _pass_over(self, pass_id: int, error: ProviderError | None) -> tuple[PassBuffer, PassInfo] | None:
        """The finished pass's output (None for a pass that was canceled), its usage counted."""
        if not self._is_current(pass_id):
            return None
        buffer, current = self._pass, self.state.current
        assert buffer is not None and current is not None
        self._pass = None
        self._tap(
            "pass_end",
            {
                "pass": pass_id,
                "error": type(error).__name__ if error else None,
                "stop_reason": buffer.ended.stop_reason.value if buffer.ended else None,
                "input_tokens": buffer.usage.input,
                "output_tokens": buffer.usage.output,
            },
        )
        self._set(usage=updates.add_usage(self.state.usage, buffer.usage))
        return buffer, current

    def _on_pass_failed(self, item: PassFailed) -> None:
        over = self._pass_over(item.pass_id, item.error)
        if over is None:
            return
        if over[1].purpose is PassPurpose.SUMMARY:
            self._summary_finished(*over, item.error)
            return
        self._fail(provider_failure(item.error))

    def _on_pass_ended(self, item: PassEnded) -> None:
        over = self._pass_over(item.pass_id, None)
        if over is None:
            return
        buffer, current = over
        if current.purpose is PassPurpose.SUMMARY:
            self._summary_finished(buffer, current, None)
            return
        reply = buffer.reply()
        estimate = self.state.estimate.observed(buffer.usage.input, buffer.usage.output)
        if buffer.usage.output:
            self._emit(Publish(updates.token_delta(buffer.usage.output)))
        duration_ms = int((self.clock() - current.started_at) * 1000)
        self._emit(Publish(updates.step_completed(current.pass_id, duration_ms)))
        self._set(  # the reply is counted in the pass's output tokens
            messages=(*self.state.messages, reply), turn_messages=(*self.state.turn_messages, reply), estimate=estimate
        )
        if buffer.tool_calls:
            self._set(phase=TurnPhase.TOOLS)
            self._dispatch_tools(current, buffer.tool_calls)
            self._maybe_next_pass()
            return
        self._complete()

    def _summary_finished(self, buffer: PassBuffer, current: PassInfo, error: ProviderError | None) -> None:
        text = buffer.summary_text()
        if error is not None or not text:
            if current.manual:
                failure = error or MalformedResponse(self._setup.provider_name, "the summary came back empty")
                self._set(phase=TurnPhase.ENDED)
                self._emit(End(provider_failure(failure)))
                return
            # Compaction is an optimisation: without it the turn goes on with the full history, and a
            # prompt that really is too long fails with the provider's clear context error.
            log.warning("stream %s: compaction failed (%s); continuing uncompacted", self.request_id, error)
            self._set(compacted=True)
            self._start_pass()
            return
        self._emit(Publish(updates.summary(text)), Publish(updates.summary_completed()), StoreSummary(text))
        self._set(
            summary_text=text,
            messages=(self._summary_message(text), *self.state.messages[self.state.turn_start :]),
            turn_start=1,
            compacted=True,
            estimate=PromptEstimate(),
        )
        if current.manual:
            self._set(phase=TurnPhase.ENDED)
            self._emit(Publish(updates.turn_ended(self.state.usage)), End(None))
            return
        self._start_pass()

    # ---- ending -----------------------------------------------------------------------------------

    def _complete(self) -> None:
        self._checkpoint(final=True)
        self._set(phase=TurnPhase.ENDED)
        if not self._record(TurnOutcome.COMPLETED, journal=True):
            self._snapshot()
        self._end_completed()

    def _end_completed(self) -> None:
        self._emit(Publish(updates.turn_ended(self.state.usage)), End(None))

    def _on_resume_ended(self, _: Resume) -> None:
        """A turn that had completed and been recorded when the daemon stopped: only its end is left."""
        self._end_completed()

    def _fail(self, error: ConnectError) -> None:
        """End the turn with `error`; its messages are kept for inspection but never become history."""
        status = TurnOutcome.CANCELED if error.code is Code.CANCELED else TurnOutcome.FAILED
        self._set(phase=TurnPhase.ENDED)
        self._emit(End(error))
        self._record(status, error.message)

    def _on_cancel(self, item: Cancel) -> None:
        """Stop the pass (closing its provider connection) and abort every exec still open."""
        if self.state.phase is TurnPhase.PASS:
            self._emit(CancelPass())
            self._pass = None
        for pending in self.state.pending:
            if pending.stage.waits_on_exec and pending.exec_seq is not None:
                self._emit(AbortExec(pending.exec_seq))
        self._fail(item.error)

    def _record(self, status: TurnOutcome, error: str | None = None, *, journal: bool = False) -> bool:
        """Record the turn's messages (once); with `journal`, its state after that goes with them."""
        state = self.state
        if state.conversation_id is None or not state.turn_messages:
            return False
        model = state.setup.model if state.setup is not None else None
        self._set(turn_messages=())  # recorded once
        recorded = self.state if journal and self._snapshots else None
        self._emit(RecordTurn(status, state.turn_messages, state.usage, model, error, recorded))
        return recorded is not None

    def _checkpoint(self, *, final: bool) -> None:
        setup = self.state.setup
        if setup is None or setup.tools is None:
            return
        used = self.state.estimate.next_prompt(self.state.messages, setup.system, setup.tools.specs)
        self._emit(
            Checkpoint(
                self.state.turn_messages,
                used_tokens=used,
                max_tokens=setup.context_window,
                mode=setup.tools.mode,
                summary=self.state.summary_text,
                final=final,
            )
        )

    # ---- actions on a running turn ----------------------------------------------------------------

    def _on_abort_subagent(self, item: AbortSubagent) -> None:
        """Abort the subagent call `target` names (by tool call or exec id), or every subagent of this
        step when it names none of them."""
        subagents = [p for p in self.state.pending if isinstance(p.tool, TaskTool) and p.open]
        chosen = [p for p in subagents if item.target in (p.call.id, p.exec_id)] or subagents
        for pending in chosen:
            if pending.stage.waits_on_exec and pending.exec_seq is not None:
                self._emit(AbortExec(pending.exec_seq))

    def _on_force_background(self, item: ForceBackground) -> None:
        exec_seq = self._take_exec_seq()
        exec_id = f"{item.case}:{item.target}"
        if item.shell:
            args = agent.ForceBackgroundShellArgs(tool_call_id=item.target)
            message = agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, force_background_shell_args=args)
        else:
            sub = agent.ForceBackgroundSubagentArgs(tool_call_id=item.target)
            message = agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, force_background_subagent_args=sub)
        self._emit(SendExec(message))

    # ---- tool calls -------------------------------------------------------------------------------

    def _context(self, call: ToolCallPart) -> ToolContext:
        setup = self._setup
        assert setup.tools is not None
        return ToolContext(
            tool_call_id=call.id,
            conversation_id=self.state.conversation_id or "",
            model_id=setup.model,
            mode=setup.tools.mode,
            subagent_models=setup.subagent_models,
        )

    def _dispatch_tools(self, current: PassInfo, calls: list[ToolCallPart]) -> None:
        pending = tuple(self._dispatch_one(current, call) for call in calls)
        self._set(pending=pending)
        self._snapshot()

    def _dispatch_one(self, current: PassInfo, call: ToolCallPart) -> PendingCall:
        """The call, dispatched (`CallEvent.DISPATCH`): its request sent, or settled at once."""
        setup = self._setup
        assert setup.tools is not None
        tool = setup.tools.get(call.name)
        pending = PendingCall(call, {}, self._context(call), tool, started_at=self.clock())
        dispatch = CallEvent.DISPATCH
        if tool is None and call.name == FETCH_RULES_TOOL and setup.rules.offered:
            try:  # served from the run's request context: no editor round trip
                outcome = ToolOutcome(*setup.rules.fetch(parse_call_arguments(call.arguments)))
            except (ToolArgumentError, ValueError) as exc:
                outcome = ToolOutcome(f"Tool call failed: {exc}", is_error=True)
            return pending.moved(dispatch, CallStage.SETTLED, outcome=outcome)
        if tool is None:
            outcome = ToolOutcome(setup.tools.unavailable_text(call.name), is_error=True)
            return pending.moved(dispatch, CallStage.SETTLED, outcome=outcome)
        request: agent.InteractionQuery | agent.ExecServerMessage
        try:
            pending = attrs.evolve(pending, arguments=parse_call_arguments(call.arguments))
            if isinstance(tool, InteractionTool):
                query_id = self.state.next_query_id
                self._set(next_query_id=query_id + 1)
                request = tool.build_query(pending.arguments, query_id, pending.context)
                request = _reviewed(request, self._verdicts.get(call.id), self.request_id)
                dispatched = pending.moved(dispatch, CallStage.QUERY, query_id=query_id)
            elif isinstance(tool, ExecTool):
                request, dispatched = self._dispatch_exec(current, pending, tool)
            else:  # pragma: no cover - every registered tool is one of the two kinds
                raise ToolArgumentError(f"{call.name} cannot be called")
        except (ToolArgumentError, ValueError) as exc:
            return pending.moved(dispatch, CallStage.SETTLED, outcome=ToolOutcome(f"Tool call failed: {exc}", True))
        started = tool.tool_call(pending.arguments, pending.context)
        if started is not None:
            self._emit(ShowToolCall(call.id, started, current.model_call_id, completed=False))
        self._emit(AskUser(request) if isinstance(request, agent.InteractionQuery) else SendExec(request))
        return dispatched

    def _dispatch_exec(
        self, current: PassInfo, pending: PendingCall, tool: ExecTool
    ) -> tuple[agent.ExecServerMessage, PendingCall]:
        """An exec tool's first request (its pre-hook's, if one is configured) and the call waiting on it."""
        exec_seq, exec_id = self._take_exec_seq(), f"{current.model_call_id}:{pending.call.id}"
        request = tool.build_exec(pending.arguments, exec_seq, exec_id, pending.context)
        request = _reviewed(request, self._verdicts.get(pending.call.id), self.request_id)
        pre = _pre_hook(tool, self._setup.hook_steps)
        if pre is None:
            return request, self._tool_exec(pending, CallEvent.DISPATCH, tool, request)
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

    def _tool_exec(
        self, pending: PendingCall, event: CallEvent, tool: ExecTool, request: agent.ExecServerMessage
    ) -> PendingCall:
        """The call once the tool's own exec `request` goes out: a Shell streams its output (SHELL_STREAM)."""
        stage = CallStage.EXEC
        if isinstance(tool, ShellTool):
            self._shells[pending.call.id] = tool.new_accumulator(pending.arguments, pending.context)
            stage = CallStage.SHELL_STREAM
        return pending.moved(event, stage, exec_seq=request.id, exec_id=request.exec_id)

    def _put(self, pending: PendingCall) -> None:
        self._set(pending=tuple(pending if p.call.id == pending.call.id else p for p in self.state.pending))

    def _find_exec(self, exec_seq: int) -> PendingCall | None:
        return next((p for p in self.state.pending if p.stage.waits_on_exec and p.exec_seq == exec_seq), None)

    def _on_exec_result(self, result: ExecResultArrived) -> None:
        pending = self._find_exec(result.exec_seq)
        if pending is None:
            log.info("stream %s: result for unknown exec %d ignored", self.request_id, result.exec_seq)
            return
        tool = pending.tool
        assert isinstance(tool, ExecTool)
        message = result.message
        match pending.stage:
            case CallStage.PRE_HOOK:
                self._on_pre_hook_answer(pending, tool, message)
            case CallStage.POST_HOOK:
                assert pending.held is not None
                held = pending.held
                text = hooks.with_context(held.text, hooks.post_tool_context(message))
                self._resolve(pending, CallEvent.HOOK_ANSWER, ToolOutcome(text, held.is_error), None, post_hook=False)
            case CallStage.SHELL_STREAM:
                shell = self._shells[pending.call.id]
                for event in shell.feed_message(message):
                    self._emit(Publish(updates.shell_output(event)))
                    self._shell_delta(pending.call.id, event)
                if shell.finished:
                    self._finish_shell(pending, CallEvent.RESULT)
            case _:
                self._finish_exec(pending, tool, message)
        self._maybe_next_pass()

    def _finish_exec(self, pending: PendingCall, tool: ExecTool, message: agent.ExecClientMessage) -> None:
        assert pending.exec_id is not None
        try:
            follow_up = tool.next_exec(
                pending.arguments, message, self.state.next_exec_seq, pending.exec_id, pending.context
            )
        except ToolArgumentError as exc:
            self._resolve(pending, CallEvent.RESULT, ToolOutcome(f"Tool call failed: {exc}", is_error=True), None)
            return
        if follow_up is not None:  # a multi-step tool (StrReplace): read, then write
            self._put(pending.moved(CallEvent.RESULT, CallStage.EXEC, exec_seq=self._take_exec_seq()))
            self._emit(SendExec(follow_up))
            self._snapshot()
            return
        outcome = tool.result_text(message, pending.arguments)
        self._resolve(pending, CallEvent.RESULT, outcome, tool.tool_call(pending.arguments, pending.context, message))

    def _hook_facts(self, pending: PendingCall) -> hooks.HookFacts:
        return hooks.HookFacts(
            tool_name=pending.call.name,
            tool_input=pending.arguments,
            tool_use_id=pending.call.id,
            conversation_id=self.state.conversation_id or "",
            model_id=self._setup.model,
        )

    def _on_pre_hook_answer(self, pending: PendingCall, tool: ExecTool, message: agent.ExecClientMessage) -> None:
        """preToolUse (subagentStart) answered: send the tool's held request (with the hook's input, if it
        gave one), or settle the call when the hook denies it."""
        answer = CallEvent.HOOK_ANSWER
        decision = hooks.pre_tool_decision(message)
        pending = attrs.evolve(pending, hook_context=decision.additional_context)
        if decision.denied is not None:
            outcome = ToolOutcome(f"A hook blocked this {pending.call.name} call: {decision.denied}", True)
            self._resolve(pending, answer, outcome, None, post_hook=False)
            return
        request, exec_id = pending.deferred, pending.exec_id
        assert request is not None and exec_id is not None
        if decision.updated_input is not None:
            pending = attrs.evolve(pending, arguments=decision.updated_input)
            try:
                request = tool.build_exec(pending.arguments, self._take_exec_seq(), exec_id, pending.context)
            except (ToolArgumentError, ValueError) as exc:
                self._resolve(pending, answer, ToolOutcome(f"Tool call failed: {exc}", True), None, post_hook=False)
                return
        self._put(self._tool_exec(pending, answer, tool, request))
        self._emit(SendExec(request))
        self._snapshot()

    def _shell_delta(self, call_id: str, event: agent.ShellOutputDeltaUpdate) -> None:
        """A running Shell call's output as the call's own `tool_call_delta` (its card shows it live)."""
        current = self.state.current
        which = event.WhichOneof("event")
        if current is None or which not in ("stdout", "stderr"):
            return
        text = getattr(event, which).data
        update = shell_tool_call_delta(call_id, **{which: text}, model_call_id=current.model_call_id)
        self._emit(Publish(agent.AgentServerMessage(interaction_update=update)))

    def _finish_shell(self, pending: PendingCall, event: CallEvent) -> None:
        shell = self._shells.pop(pending.call.id)
        assert isinstance(pending.tool, ShellTool)
        completed = pending.tool.tool_call(pending.arguments, pending.context, shell)
        self._resolve(pending, event, shell.outcome(), completed)

    def _on_exec_control(self, control: ExecControlArrived) -> None:
        """The editor threw or closed an exec of ours: the call settles (a shell with what it gathered, a
        post-hook's call with the outcome it held) or goes on to its post-hook."""
        pending = self._find_exec(control.exec_seq)
        if pending is None or control.kind is ExecControlKind.HEARTBEAT:
            return
        name, thrown = pending.call.name, control.kind is ExecControlKind.THROW
        if pending.stage is CallStage.POST_HOOK:  # the hook failed; the tool's outcome stands
            assert pending.held is not None
            self._resolve(pending, CallEvent.CONTROL, pending.held, None, post_hook=False)
        elif pending.stage is CallStage.SHELL_STREAM and not thrown:
            self._shells[pending.call.id].close()
            self._finish_shell(pending, CallEvent.CONTROL)
        else:
            self._shells.pop(pending.call.id, None)
            what = f"the hook before {name}" if pending.stage is CallStage.PRE_HOOK else name
            text = (
                f"The editor failed to run {what}: {control.message.throw.error}"
                if thrown
                else f"{what}: the editor closed the call without a result."
            )
            post_hook = pending.stage is not CallStage.PRE_HOOK  # a tool that never ran has no post-hook
            self._resolve(pending, CallEvent.CONTROL, ToolOutcome(text, is_error=True), None, post_hook=post_hook)
        self._maybe_next_pass()

    def _on_interaction(self, answer: InteractionAnswered) -> None:
        pending = next(
            (p for p in self.state.pending if p.stage is CallStage.QUERY and p.query_id == answer.query_id), None
        )
        if pending is None:
            log.info("stream %s: answer to unknown query %d ignored", self.request_id, answer.query_id)
            return
        tool = pending.tool
        setup = self._setup
        assert isinstance(tool, InteractionTool) and setup.tools is not None
        response = answer.message
        outcome = tool.result_text(response, pending.arguments)
        result = tool.result_message(response, pending.arguments, pending.context)
        if outcome.pending:  # an approved WebSearch/WebFetch: cursord searches or fetches
            self._put(pending.moved(CallEvent.ANSWER, CallStage.WEB))
            self._emit(RunWebTool(pending.call.id, tool.name, pending.arguments))
            self._snapshot()  # a restart runs the approved search or fetch again (`_on_resume`)
            return
        if isinstance(tool, SwitchModeTool) and not outcome.is_error:
            tools = setup.tools.with_mode(tool.target_mode(pending.arguments))
            self._set(setup=attrs.evolve(setup, tools=tools))
        self._resolve(pending, CallEvent.ANSWER, outcome, tool.tool_call(pending.arguments, pending.context, result))
        self._maybe_next_pass()

    def _on_web_done(self, done: WebToolDone) -> None:
        pending = next((p for p in self.state.pending if p.stage is CallStage.WEB and p.call.id == done.call_id), None)
        if pending is None or not isinstance(pending.tool, InteractionTool):
            log.info("stream %s: web result for no web call of ours (%s) ignored", self.request_id, done.call_id)
            return
        tool = pending.tool
        completed = tool.tool_call(pending.arguments, pending.context, done.result)
        self._resolve(pending, CallEvent.WEB_DONE, done.outcome, completed)
        self._maybe_next_pass()

    def _resolve(
        self,
        pending: PendingCall,
        event: CallEvent,
        outcome: ToolOutcome,
        completed: agent.ToolCall | None,
        *,
        post_hook: bool = True,
    ) -> None:
        """`event` gave the call its outcome: it settles, or (an exec tool with the hook configured) waits
        for its postToolUse (postToolUseFailure, subagentStop) hook with the outcome held."""
        current = self.state.current
        assert current is not None
        if completed is not None:
            self._emit(ShowToolCall(pending.call.id, completed, current.model_call_id, completed=True))
        outcome = ToolOutcome(hooks.with_context(outcome.text, pending.hook_context), outcome.is_error)
        wanted = hooks.POST_TOOL_USE_FAILURE if outcome.is_error else hooks.POST_TOOL_USE
        if isinstance(pending.tool, TaskTool):
            wanted = hooks.SUBAGENT_STOP
        if post_hook and isinstance(pending.tool, ExecTool) and wanted in self._setup.hook_steps:
            exec_seq = self._take_exec_seq()
            pending = pending.moved(event, CallStage.POST_HOOK, held=outcome, exec_seq=exec_seq, hook_context=None)
            self._put(pending)
            duration_ms = int((self.clock() - pending.started_at) * 1000)
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
            self._snapshot()
            return
        self._put(pending.moved(event, CallStage.SETTLED, outcome=outcome, hook_context=None))
        self._snapshot()

    def _maybe_next_pass(self) -> None:
        if any(p.open for p in self.state.pending):
            return
        setup = self._setup
        for pending in self.state.pending:
            assert pending.outcome is not None
            text = pending.outcome.text
            if not pending.outcome.is_error:  # file-globbed rules for the files this call touched
                extra, names = rules_for_paths(setup.rules, touched_paths(pending.arguments), self.state.applied_rules)
                text += extra
                self._set(applied_rules=self.state.applied_rules + tuple(names))
            self._add_message(Message.tool_result(pending.call.id, text, is_error=pending.outcome.is_error))
        self._set(pending=())
        self._checkpoint(final=False)
        self._next_pass()


_Request = TypeVar("_Request", agent.ExecServerMessage, agent.InteractionQuery)
#: the request fields that carry Auto-review's marks, by the case of the exec or query
_REVIEWED_FIELDS = ("shell_stream_args", "shell_args", "mcp_args", "web_fetch_request_query")
_SHELL_FIELDS = ("shell_stream_args", "shell_args")
#: the sandbox a Shell call Auto-review let through runs in (Cursor's agent: `buildClassifierEscalatedSandboxPolicy`)
_ESCALATED = agent.SandboxPolicy(type=agent.SandboxPolicy.TYPE_INSECURE_NONE)
_APPROVALS = uuid.UUID("5b0c6f1e-6a51-4c1e-9a0e-2f1d6c3b7a10")  # names the approval requests cursord makes


def _reviewed(request: _Request, verdict: ReviewVerdict | None, request_id: str) -> _Request:
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


@attrs.frozen
class Rule:
    """One row of the turn's rules: the handler for an input in a phase, and the phases the turn may be in
    once it has run (checked on every input: a handler that moves the turn elsewhere is our bug). In PASS
    a row may say where to by the purpose of the pass that was running (`by_purpose`)."""

    handler: Handler
    then: frozenset[TurnPhase]
    by_purpose: Mapping[PassPurpose, frozenset[TurnPhase]] | None = None

    def allowed(self, current: PassInfo | None) -> frozenset[TurnPhase]:
        """The phases the turn may be in after this row, `current` being the pass it ran in."""
        if self.by_purpose is None or current is None:
            return self.then
        return self.by_purpose[current.purpose]


def _rule(handler: Handler, *then: TurnPhase) -> Rule:
    return Rule(handler, frozenset(then))


def _pass_rule(handler: Handler, *, step: tuple[TurnPhase, ...], summary: tuple[TurnPhase, ...]) -> Rule:
    """A PASS row whose next phases depend on the purpose of the pass: a step's or a summary's."""
    by_purpose = {PassPurpose.STEP: frozenset(step), PassPurpose.SUMMARY: frozenset(summary)}
    return Rule(handler, frozenset(step) | frozenset(summary), by_purpose)


IDLE, PREPARING, RESTORED, PASS, TOOLS, ENDED = (
    TurnPhase.IDLE,
    TurnPhase.PREPARING,
    TurnPhase.RESTORED,
    TurnPhase.PASS,
    TurnPhase.TOOLS,
    TurnPhase.ENDED,
)
M = TurnMachine
#: the phases the next pass can put the turn in: a pass (a step, or a compaction first), or the end (too
#: many passes)
_NEXT_PASS = (PASS, ENDED)

#: The turn's rules: (phase, input type) -> (handler, the phases it may lead to). A pair not listed raises
#: `TurnProtocolError`. Rows whose handler is `_ignore` are inputs that may arrive at any time and mean
#: nothing in that phase: the editor answering late, twice, or for an exec that is not the turn's (a
#: forced-background exec, one from before a cancel), and the output of a pass that was canceled.
TRANSITIONS: Mapping[tuple[TurnPhase, type], Rule] = {
    # IDLE: no run yet; a prewarm names the conversation, the run_request starts preparing it
    (IDLE, PrewarmRequested): _rule(M._on_prewarm, IDLE),
    (IDLE, RunStarted): _rule(M._on_run_started, PREPARING),
    (IDLE, Cancel): _rule(M._on_cancel, ENDED),  # nothing runs yet
    (IDLE, ActionRequested): _rule(M._on_action, IDLE, ENDED),  # kept for the run_request (`turn_actions`)
    (IDLE, ExecResultArrived): _rule(M._ignore, IDLE),
    (IDLE, ExecControlArrived): _rule(M._ignore, IDLE),
    (IDLE, InteractionAnswered): _rule(M._ignore, IDLE),
    # PREPARING (`turn_prep`): each answer leads to the next question, or the run ends here (model not
    # served, nothing to run or resume or summarize, the user's shell command done), or the first pass
    # starts. An answer for another sub-step (or exec id) than the one waited for is ignored by the handler.
    (PREPARING, ModelChosen): _rule(M._on_model_chosen, PREPARING, ENDED),
    (PREPARING, QueuedTaken): _rule(M._on_queued_taken, PREPARING, ENDED),
    (PREPARING, ConversationLoaded): _rule(M._on_loaded, PREPARING, *_NEXT_PASS),
    (PREPARING, ExecResultArrived): _rule(M._on_prep_answer, PREPARING, *_NEXT_PASS),
    (PREPARING, QueryTimedOut): _rule(M._on_query_timed_out, PREPARING, *_NEXT_PASS),
    (PREPARING, BlobsRead): _rule(M._on_blobs_read, PREPARING, *_NEXT_PASS),
    (PREPARING, Cancel): _rule(M._on_prep_cancel, ENDED),  # aborts the question in flight
    (PREPARING, ActionRequested): _rule(M._on_action, PREPARING, ENDED),
    (PREPARING, RunStarted): _rule(M._on_late_start, PREPARING),  # the run goes on
    (PREPARING, PrewarmRequested): _rule(M._on_late_start, PREPARING),
    (PREPARING, ExecControlArrived): _rule(M._ignore, PREPARING),
    (PREPARING, InteractionAnswered): _rule(M._ignore, PREPARING),
    # RESTORED: after a restart; Resume waits for open calls, or runs the next pass again
    (RESTORED, Resume): _rule(M._on_resume, TOOLS, *_NEXT_PASS),
    (RESTORED, Cancel): _rule(M._on_cancel, ENDED),
    (RESTORED, ActionRequested): _rule(M._on_action, RESTORED, ENDED),
    (RESTORED, RunStarted): _rule(M._on_late_start, RESTORED),  # the run goes on
    (RESTORED, PrewarmRequested): _rule(M._on_late_start, RESTORED),
    (RESTORED, ExecResultArrived): _rule(M._ignore, RESTORED),
    (RESTORED, ExecControlArrived): _rule(M._ignore, RESTORED),
    (RESTORED, InteractionAnswered): _rule(M._ignore, RESTORED),
    # PASS: a step's deltas are published as they come (a summary's are kept); the output of a pass that
    # was canceled is dropped by pass id (the phase stays). A step's end appends the reply and dispatches
    # its tool calls (-> TOOLS, or straight on to the next pass when all were served here), or completes
    # the turn; a provider error fails it. A summary's end replaces the earlier turns, then the step runs
    # (a failed compaction goes on uncompacted), or ends the turn (the user's summary).
    (PASS, PassDelta): _rule(M._on_delta, PASS),
    (PASS, PassEnded): _pass_rule(M._on_pass_ended, step=(TOOLS, *_NEXT_PASS), summary=(PASS, ENDED)),
    (PASS, PassFailed): _pass_rule(M._on_pass_failed, step=(PASS, ENDED), summary=(PASS, ENDED)),
    (PASS, ReviewVerdict): _rule(M._on_review_verdict, PASS),  # Auto-review, before the pass ends (kept for its calls)
    (PASS, Cancel): _rule(M._on_cancel, ENDED),  # cancels the pass
    (PASS, ActionRequested): _rule(M._on_action, PASS, ENDED),
    (PASS, RunStarted): _rule(M._on_late_start, PASS),  # the run goes on
    (PASS, PrewarmRequested): _rule(M._on_late_start, PASS),
    (PASS, AbortSubagent): _rule(M._on_abort_subagent, PASS),
    (PASS, ForceBackground): _rule(M._on_force_background, PASS),
    (PASS, AllowlistAsked): _rule(M._on_allowlist_asked, PASS),  # Auto-review's question, before its reviewer
    (PASS, ExecResultArrived): _rule(M._on_pass_exec_result, PASS),  # its answer (any other result is stray)
    (PASS, ExecControlArrived): _rule(M._ignore, PASS),
    (PASS, InteractionAnswered): _rule(M._ignore, PASS),
    # TOOLS: each result settles its call (through the hooks, if any); when all are settled the results
    # go to the model (the next pass)
    (TOOLS, ExecResultArrived): _rule(M._on_exec_result, TOOLS, *_NEXT_PASS),  # by exec id; a shell until it ends
    (TOOLS, ExecControlArrived): _rule(M._on_exec_control, TOOLS, *_NEXT_PASS),  # throw or close settles a call
    (TOOLS, InteractionAnswered): _rule(M._on_interaction, TOOLS, *_NEXT_PASS),  # by query id
    (TOOLS, WebToolDone): _rule(M._on_web_done, TOOLS, *_NEXT_PASS),  # a WebSearch/WebFetch the actor ran
    (TOOLS, Cancel): _rule(M._on_cancel, ENDED),  # aborts every open exec
    (TOOLS, ActionRequested): _rule(M._on_action, TOOLS, ENDED),
    (TOOLS, RunStarted): _rule(M._on_late_start, TOOLS),  # the run goes on
    (TOOLS, PrewarmRequested): _rule(M._on_late_start, TOOLS),
    (TOOLS, AbortSubagent): _rule(M._on_abort_subagent, TOOLS),
    (TOOLS, ForceBackground): _rule(M._on_force_background, TOOLS),
    (TOOLS, PassDelta): _rule(M._ignore, TOOLS),
    (TOOLS, PassEnded): _rule(M._ignore, TOOLS),
    (TOOLS, PassFailed): _rule(M._ignore, TOOLS),
    # ENDED: the stream is closed (or, restored from the record of a recorded turn, only its end is left)
    (ENDED, Resume): _rule(M._on_resume_ended, ENDED),
    (ENDED, Cancel): _rule(M._ignore, ENDED),
    (ENDED, ActionRequested): _rule(M._on_action, ENDED),  # a message still queued for the next run
    (ENDED, RunStarted): _rule(M._on_late_start, ENDED),  # the run goes on
    (ENDED, PrewarmRequested): _rule(M._on_late_start, ENDED),
    (ENDED, PassDelta): _rule(M._ignore, ENDED),
    (ENDED, PassEnded): _rule(M._ignore, ENDED),
    (ENDED, PassFailed): _rule(M._ignore, ENDED),
    (ENDED, ExecResultArrived): _rule(M._ignore, ENDED),
    (ENDED, ExecControlArrived): _rule(M._ignore, ENDED),
    (ENDED, InteractionAnswered): _rule(M._ignore, ENDED),
    (ENDED, WebToolDone): _rule(M._ignore, ENDED),  # a search or fetch that finished after the turn was canceled
    (ENDED, ReviewVerdict): _rule(M._ignore, ENDED),  # a review that finished after the turn was canceled
    (ENDED, AllowlistAsked): _rule(M._ignore, ENDED),
    # answers to a preparation that was canceled meanwhile
    (ENDED, ModelChosen): _rule(M._ignore, ENDED),
    (ENDED, QueuedTaken): _rule(M._ignore, ENDED),
    (ENDED, ConversationLoaded): _rule(M._ignore, ENDED),
    (ENDED, BlobsRead): _rule(M._ignore, ENDED),
    (ENDED, QueryTimedOut): _rule(M._ignore, ENDED),
}
