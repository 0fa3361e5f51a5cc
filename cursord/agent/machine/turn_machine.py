"""TurnMachine: the agent turn as a pure state machine. `handle(input) -> list[Effect]`.

Theory of operation. A turn prepares its first pass, then alternates provider *passes* and *tool steps*.
Every input, from the run_request on, goes through `handle`. An input the phase ignores (`IGNORED_IN`: a
stray exec result, a late answer, a canceled pass's output) or a second run_request (`LATE_START_IN`)
changes nothing; otherwise `TRANSITIONS` (at the end of this module) names the handler for `(phase, input
type)`. A handler updates the frozen `TurnState` and reports what happened (`Went`, `_went`); the row of
`MOVES` (`cursord.agent.machine.turn_rules`, one target a row) sets the phase at once, before the
effects that follow. `handle` returns the effects for the actor to carry out, in order. A pair that is in
none of these tables, or a report its phase does not list, is a bug on our side (`TurnProtocolError`).

The turn is composed of parts it holds, each an object with its own `handle` or `take`: the preparation
while it prepares (`turn_prep.TurnPrep`), the pass in flight (`turn_pass.PassBuffer`, and Auto-review's
verdicts on its calls, `pass_review.PassReview`), and one `PendingCall` per tool call, each living its own
life (`tool_call.handle`). The turn keeps routing, "every call settled -> the next pass", and cancel.

Phases (`TurnPhase`): IDLE (built, no run yet), PREPARING (the run gathers what its first pass needs),
RESTORED (built from a record), PASS (a provider pass runs: `TurnState.current.purpose` says whether it
is a step of the turn or a summary of the earlier turns), REVIEW (Auto-review decides the step's calls),
TOOLS (the step's tool calls wait on the editor, the user or the web), ENDED.

- `RunStarted` starts the preparation (`cursord.agent.machine.turn_prep`: each I/O need is an effect and
  its answer an input); once prepared, the first pass starts (compacting earlier turns first if the
  prompt would not fit the model's window, or summarizing when the user asked for that).
- A step's pass publishes text and thinking as its deltas arrive (a summary's are kept). Under
  Auto-review a step that called Shell, MCP or WebFetch goes to REVIEW first (`ReviewCalls` out, a
  `ReviewAnswered` back for each call). Then the reply is appended, and each call becomes a
  `PendingCall`, dispatched (marked by its verdict) to live its own life (`tool_call.handle`, over
  `call_life.CALL_MOVES`: PRE_HOOK, EXEC or SHELL_STREAM, POST_HOOK, QUERY, WEB, until SETTLED; settled
  at dispatch when served here or failed at once). The turn routes each input to its call (by exec id,
  query id or call id).
- When every call is settled, the results are appended in call order and the next pass starts.
  A pass without tool calls completes the turn: checkpoint, record, `turn_ended`, `End(None)`.
- `PassFailed` or `Cancel` ends the turn with an error; its messages are recorded as failed (or
  canceled) and never become history. `Cancel` also stops the pass (or review), aborts every open exec.
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
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from cursord.agent import hooks, updates
from cursord.agent.compaction import CompactionPolicy, PromptEstimate, summary_request
from cursord.agent.errors import model_not_served, provider_failure
from cursord.agent.machine import tool_call
from cursord.agent.machine.call_life import CallStage
from cursord.agent.machine.durability import held_until_durable
from cursord.agent.machine.pass_review import PassReview, to_review
from cursord.agent.machine.prep_events import (
    BlobsRead,
    ConversationLoaded,
    ModelChosen,
    QueryTimedOut,
    QueuedTaken,
    RunStarted,
)
from cursord.agent.machine.tool_call import CallEnv
from cursord.agent.machine.turn_actions import abort_subagents, act, force_background
from cursord.agent.machine.turn_events import (
    AbortExec,
    AbortSubagent,
    AllowlistAnswered,
    AllowlistAsked,
    Cancel,
    CancelPass,
    CancelReview,
    Effect,
    End,
    ForceBackground,
    PassDelta,
    PassEnded,
    PassFailed,
    Publish,
    Resume,
    ReviewAnswered,
    ReviewCalls,
    RunWebTool,
    Snapshot,
    StartPass,
    StoreSummary,
    Tap,
    TurnOutcome,
    WebToolDone,
)
from cursord.agent.machine.turn_pass import PassBuffer, pre_compact_request, start_tap, step_request
from cursord.agent.machine.turn_prep import Prepared, PrepInput, PrepResult, PrepWent, TurnPrep
from cursord.agent.machine.turn_results import checkpoint, record_turn, tool_results
from cursord.agent.machine.turn_rules import (
    ENDED,
    IDLE,
    IGNORED_IN,
    LATE_START_IN,
    MOVES,
    PASS,
    PREPARING,
    RESTORED,
    REVIEW,
    TOOLS,
    TurnProtocolError,
    Went,
)
from cursord.agent.machine.turn_state import PassInfo, PassPurpose, PendingCall, TurnPhase, TurnSetup, TurnState
from cursord.agent.tools import InteractionTool, ShellAccumulator, ShellTool
from cursord.connect import Code, ConnectError
from cursord.context import ContextLimits
from cursord.core import (
    ActionRequested,
    ExecControlArrived,
    ExecControlKind,
    ExecResultArrived,
    InteractionAnswered,
    PrewarmRequested,
)
from cursord.providers.errors import MalformedResponse, ProviderError
from cursord.providers.model import Message, PassRequest, ToolCallPart

log = logging.getLogger(__name__)


Handler = Callable[["TurnMachine", Any], None]


class TurnMachine:
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
        self._review = PassReview()  # Auto-review's verdicts and questions for the pass in flight
        self._preparing: TurnPrep | None = None  # the preparation, while the turn prepares
        for pending in self.state.pending:
            if pending.stage is CallStage.SHELL_STREAM and isinstance(pending.tool, ShellTool):
                self._shells[pending.call.id] = pending.tool.new_accumulator(pending.arguments, pending.context)

    @property
    def phase(self) -> TurnPhase:
        return self.state.phase

    def handle(self, item: object) -> list[Effect]:
        phase, kind = self.state.phase, type(item)
        if kind is PassDelta and phase is TurnPhase.PASS:  # most of what a turn takes: its row, without lookups
            return self.take_delta(item)  # type: ignore[arg-type]
        if kind in IGNORED_IN[phase]:
            return []
        if kind in LATE_START_IN[phase]:  # a run_request (or prewarm) once the run has started: it goes on
            log.info("turn %s: %s once the run has started ignored", self.request_id, kind.__name__)
            return []
        handler = TRANSITIONS.get((phase, kind))
        if handler is None:
            raise TurnProtocolError(f"turn {self.request_id}: {kind.__name__} in phase {phase.value}")
        self._out = []
        handler(self, item)
        out, self._out = self._out, []
        return held_until_durable(out)

    # ---- small helpers ----------------------------------------------------------------------------

    def _emit(self, *effects: Effect) -> None:
        self._out.extend(effects)

    def _went(self, outcome: Went) -> None:
        """The handler says what happened; `MOVES` says where that leads from this phase, and the turn is
        there before the effects that follow (a snapshot, a record) are made."""
        target = MOVES.get((self.state.phase, outcome))
        if target is None:
            raise TurnProtocolError(
                f"turn {self.request_id}: {outcome.value} in phase {self.state.phase.value} leads nowhere in MOVES"
            )
        self._set(phase=target)

    def _follow(self, item: object) -> None:
        """Take `item` by the row `TRANSITIONS` has for it in this phase, inside the input being handled; a
        phase that ignores it, or has no such row, has nothing to do with it."""
        handler = TRANSITIONS.get((self.state.phase, type(item)))
        if handler is None:
            if type(item) not in IGNORED_IN[self.state.phase]:
                log.info("turn %s: %s in phase %s; nothing to do", self.request_id, type(item).__name__,
                         self.state.phase.value)
            return
        handler(self, item)

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

    # ---- starting ---------------------------------------------------------------------------------

    def _on_prewarm(self, item: PrewarmRequested) -> None:
        """`prewarm_request` before the run: the stream knows its conversation."""
        self._set(conversation_id=item.conversation_id)

    def _on_run_started(self, run: RunStarted) -> None:
        """The run_request: the turn holds its preparation (`TurnPrep`) until the first pass."""
        self._set(conversation_id=run.conversation_id, run_request=run.request)
        self._preparing = TurnPrep(self.request_id, run.conversation_id, self.context_limits, run.request)
        self._went(Went.PREPARING)
        self._took(self._preparing.start(run, self.state.next_exec_seq))

    def _prepare(self, item: PrepInput) -> None:
        """An answer to the preparation's question (or a cancel), taken by the preparation itself."""
        state = self.state
        assert state.prep is not None and state.run_request is not None
        if self._preparing is None:
            self._preparing = TurnPrep(self.request_id, state.conversation_id, self.context_limits, state.run_request)
        self._took(self._preparing.handle(state.prep, item, state.next_exec_seq))

    def _took(self, result: PrepResult) -> None:
        """What the preparation did: its effects out, then the turn waits, starts, stops or fails."""
        self._set(prep=result.prep, next_exec_seq=result.next_exec_seq)
        self._emit(*result.effects)
        if result.went is not PrepWent.WAITING:
            self._preparing = None
        if result.went is PrepWent.STOPPED:
            self._went(Went.STOPPED)
        elif result.went is PrepWent.CANCELED:
            assert result.error is not None
            self._fail(result.error)
        elif result.went is PrepWent.READY:
            assert result.prepared is not None
            self._begin(result.prepared)

    def _on_action(self, requested: ActionRequested) -> None:
        """A conversation action on the stream (`cursord.agent.machine.turn_actions`)."""
        acting = act(self.request_id, self.state, requested)
        self._emit(*acting.effects)
        if acting.follow is not None:
            self._follow(acting.follow)

    def _begin(self, ready: Prepared) -> None:
        """The run is prepared (`cursord.agent.machine.turn_prep`): the first pass (or the user's summary)."""
        history = ready.history
        self._set(setup=ready.setup, messages=history, turn_start=len(history), applied_rules=ready.applied_rules)
        if ready.summarize:
            self._start_summary(manual=True)
            return
        for message in ready.user:
            self._add_message(message)
        self._next_pass()

    def _on_resume(self, resume: Resume) -> None:
        if not resume.served:
            self._went(Went.FAILED)
            self._emit(End(model_not_served(self._setup.model, list(resume.models))))
            return
        pending = self.state.pending
        if any(p.open for p in pending):
            self._went(Went.CALLS_OUT)  # the editor's results for these execs are still welcome
            for call in pending:  # an approved search or fetch died with the process: run it again
                if call.stage is CallStage.WEB and call.tool is not None:
                    self._emit(RunWebTool(call.call.id, call.tool.name, call.arguments))
        elif pending:
            self._went(Went.CALLS_OUT)
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
            self._emit(pre_compact_request(self.state, manual, self._take_exec_seq(), self.request_id))
        request = summary_request(self._setup.model, self.state.messages[: self.state.turn_start])
        self._launch(request, PassPurpose.SUMMARY, manual=manual)

    def _start_pass(self) -> None:
        self._snapshot()
        self._launch(step_request(self.state), PassPurpose.STEP)

    def _launch(self, request: PassRequest, purpose: PassPurpose, *, manual: bool = False) -> None:
        pass_id = self.state.next_pass_id
        self._set(next_pass_id=pass_id + 1)
        if pass_id > self.max_passes:
            self._went(Went.FAILED)
            stopped = f"the model made {self.max_passes} passes without finishing the turn; stopped"
            self._emit(End(ConnectError(Code.RESOURCE_EXHAUSTED, stopped)))
            return
        model_call_id = f"{self.request_id}:{pass_id}"
        current = PassInfo(pass_id, model_call_id, purpose, manual, self.clock())
        self._set(current=current)
        self._went(Went.PASS_STARTED)
        self._pass = PassBuffer()
        self._review = PassReview()
        if purpose is PassPurpose.STEP:
            self._emit(Publish(updates.step_started(pass_id)))
        self._emit(start_tap(pass_id, self._setup, request, self.state.estimate, purpose))
        self._emit(StartPass(pass_id, model_call_id, request))

    def _is_current(self, pass_id: int) -> bool:
        current = self.state.current
        return current is not None and current.pass_id == pass_id and self._pass is not None

    def take_delta(self, item: PassDelta) -> list[Effect]:
        """`handle` of a provider's delta in phase PASS (its row in `TRANSITIONS`, `_on_delta`), the lookups of
        the table skipped: the effects are the pass buffer's, only frames to publish, and the turn's state
        (its phase with it) stays as it was."""
        current = self.state.current
        buffer = self._pass
        if current is None or buffer is None or current.pass_id != item.pass_id:
            return []  # from a pass that was canceled
        summary = current.purpose is PassPurpose.SUMMARY
        effects = buffer.take(item.delta, self.clock, self._setup.tools, current.model_call_id, summary)
        return held_until_durable(effects)

    def _on_delta(self, item: PassDelta) -> None:
        self._emit(*self.take_delta(item))

    def _on_review_answered(self, verdict: ReviewAnswered) -> None:
        """Auto-review's verdict on one of the step's calls; the step ends once every call has its own."""
        if not self._is_current(verdict.pass_id):
            return
        self._review.take(verdict)
        if self._review.settled:
            self._end_step(verdict.pass_id)

    def _on_allowlist_asked(self, item: AllowlistAsked) -> None:
        """Auto-review asks the editor whether the user's allowlist covers a command (a stale pass: no, at once)."""
        current = self.state.current
        if current is None or not self._is_current(item.pass_id):
            self._emit(AllowlistAnswered(item.call_id, allowlisted=False))
            return
        self._emit(self._review.ask(item, self._take_exec_seq(), current.model_call_id))

    def _on_pass_exec_result(self, result: ExecResultArrived) -> None:
        """While a pass runs the only exec out is an allowlist question; any other result is stray."""
        answer = self._review.answered(result)
        if answer is None:
            log.info("stream %s: result for unknown exec %d ignored", self.request_id, result.exec_seq)
            return
        self._emit(answer)

    def _pass_over(self, pass_id: int, error: ProviderError | None) -> tuple[PassBuffer, PassInfo] | None:
        """The finished pass's output (None for a pass that was canceled), its usage counted."""
        if not self._is_current(pass_id):
            return None
        buffer, current = self._pass, self.state.current
        assert buffer is not None and current is not None
        self._pass = None
        self._emit(buffer.end_tap(pass_id, error))
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
        current = self.state.current
        if not self._is_current(item.pass_id) or current is None:
            return  # from a pass that was canceled
        assert self._pass is not None
        calls = to_review(self._setup, self._pass.tool_calls) if current.purpose is PassPurpose.STEP else ()
        if calls:  # the step ends once Auto-review has decided them (`_on_review_answered`)
            self._went(Went.REVIEWING)
            self._review.start(calls)
            self._emit(ReviewCalls(item.pass_id, current.model_call_id, calls, self._setup.workspace))
            return
        self._end_step(item.pass_id)

    def _end_step(self, pass_id: int) -> None:
        """The pass is over (its calls reviewed): a summary's text is kept, a step's calls go out, or it completes."""
        over = self._pass_over(pass_id, None)
        assert over is not None
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
            self._went(Went.CALLS_OUT)
            self._dispatch_tools(buffer.tool_calls)
            self._maybe_next_pass()
            return
        self._complete()

    def _summary_finished(self, buffer: PassBuffer, current: PassInfo, error: ProviderError | None) -> None:
        text = buffer.summary_text()
        if error is not None or not text:
            if current.manual:
                failure = error or MalformedResponse(self._setup.provider_name, "the summary came back empty")
                self._went(Went.FAILED)
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
            self._went(Went.SUMMARIZED)
            self._emit(Publish(updates.turn_ended(self.state.usage)), End(None))
            return
        self._start_pass()

    # ---- ending -----------------------------------------------------------------------------------

    def _complete(self) -> None:
        self._checkpoint(final=True)
        self._went(Went.COMPLETED)
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
        self._went(Went.FAILED)
        self._emit(End(error))
        self._record(status, error.message)

    def _on_cancel(self, item: Cancel) -> None:
        """Stop the pass (or its review) and abort every exec still open."""
        if self.state.phase in (TurnPhase.PASS, TurnPhase.REVIEW):  # its provider's (or reviewer's) connection
            self._emit(CancelPass() if self.state.phase is TurnPhase.PASS else CancelReview())
            self._pass = None
        self._emit(*(AbortExec(seq) for p in self.state.pending if (seq := p.waiting_exec) is not None))
        self._fail(item.error)

    def _record(self, status: TurnOutcome, error: str | None = None, *, journal: bool = False) -> bool:
        """Record the turn's messages (once); with `journal`, its state after that goes with them."""
        made = record_turn(self.state, status, error, journal=journal)
        if made is None:
            return False
        self.state, record = made
        self._emit(record)
        return record.recorded is not None

    def _checkpoint(self, *, final: bool) -> None:
        made = checkpoint(self.state, final=final)
        if made is not None:
            self._emit(made)

    # ---- actions on a running turn ----------------------------------------------------------------

    def _on_abort_subagent(self, item: AbortSubagent) -> None:
        """Abort the subagent call `target` names (by tool call or exec id), or every subagent of this
        step when it names none of them."""
        self._emit(*abort_subagents(self.state.pending, item.target))

    def _on_force_background(self, item: ForceBackground) -> None:
        self._emit(force_background(item, self._take_exec_seq()))

    # ---- tool calls: routing to each call's own life (`cursord.agent.machine.tool_call`) ------------

    def _call_env(self, call: PendingCall) -> CallEnv:
        current = self.state.current
        assert current is not None
        return CallEnv(
            request_id=self.request_id,
            setup=self._setup,
            conversation_id=self.state.conversation_id or "",
            model_call_id=current.model_call_id,
            now=self.clock(),
            next_exec_seq=self.state.next_exec_seq,
            next_query_id=self.state.next_query_id,
            verdict=self._review.verdicts.get(call.call.id),
            shell=self._shells.get(call.call.id),
        )

    def _step(self, call: PendingCall, event: tool_call.CallInput) -> PendingCall:
        """`event` taken by `call`'s own life: its effects out, the ids it took counted, its Shell's
        accumulator kept while it streams (a restart rebuilds it), and the mode a SwitchMode asks for."""
        step = tool_call.handle(call, event, self._call_env(call))
        self._set(next_exec_seq=step.next_exec_seq, next_query_id=step.next_query_id)
        after = step.call
        if after.stage is CallStage.SHELL_STREAM and isinstance(after.tool, ShellTool):
            if after.call.id not in self._shells:
                self._shells[after.call.id] = after.tool.new_accumulator(after.arguments, after.context)
        else:
            self._shells.pop(after.call.id, None)
        if step.mode is not None:
            tools = self._setup.tools
            assert tools is not None
            self._set(setup=attrs.evolve(self._setup, tools=tools.with_mode(step.mode)))
        self._emit(*step.effects)
        if step.boundary:
            self._put(after)
            self._snapshot()
        return after

    def _dispatch_tools(self, calls: list[ToolCallPart]) -> None:
        conversation_id, now = self.state.conversation_id or "", self.clock()
        fresh = [tool_call.new_call(call, self._setup, conversation_id, now) for call in calls]
        self._set(pending=tuple(self._step(call, tool_call.DISPATCH) for call in fresh))
        self._snapshot()

    def _put(self, pending: PendingCall) -> None:
        self._set(pending=tuple(pending if p.call.id == pending.call.id else p for p in self.state.pending))

    def _route(self, pending: PendingCall | None, event: tool_call.CallInput, what: str) -> None:
        """`event` to the call it is for (none: logged and dropped); the next pass once all are settled."""
        if pending is None:
            log.info("stream %s: %s ignored", self.request_id, what)
            return
        self._put(self._step(pending, event))
        self._maybe_next_pass()

    def _on_exec_result(self, result: ExecResultArrived) -> None:
        pending = self._find_exec(result.exec_seq)
        self._route(pending, result, f"result for unknown exec {result.exec_seq}")

    def _on_exec_control(self, control: ExecControlArrived) -> None:
        """The editor threw or closed an exec of ours (a heartbeat only says it is alive)."""
        pending = self._find_exec(control.exec_seq)
        if pending is not None and control.kind is not ExecControlKind.HEARTBEAT:
            self._route(pending, control, "")

    def _on_interaction(self, answer: InteractionAnswered) -> None:
        pending = next(
            (p for p in self.state.pending if p.stage is CallStage.QUERY and p.query_id == answer.query_id), None
        )
        self._route(pending, answer, f"answer to unknown query {answer.query_id}")

    def _on_web_done(self, done: WebToolDone) -> None:
        pending = next((p for p in self.state.pending if p.stage is CallStage.WEB and p.call.id == done.call_id), None)
        if pending is not None and not isinstance(pending.tool, InteractionTool):
            pending = None
        self._route(pending, done, f"web result for no web call of ours ({done.call_id})")

    def _find_exec(self, exec_seq: int) -> PendingCall | None:
        return next((p for p in self.state.pending if p.waiting_exec == exec_seq), None)

    def _maybe_next_pass(self) -> None:
        if any(p.open for p in self.state.pending):
            return
        results, applied_rules = tool_results(self._setup, self.state.pending, self.state.applied_rules)
        for message in results:
            self._add_message(message)
        self._set(pending=(), applied_rules=applied_rules)
        self._checkpoint(final=False)
        self._next_pass()


M = TurnMachine
_PREP_INPUTS = (ModelChosen, QueuedTaken, ConversationLoaded, ExecResultArrived, QueryTimedOut, BlobsRead, Cancel)

#: (phase, input type) -> the handler that takes it. An input that is neither here nor in the phase's
#: `IGNORED_IN` or `LATE_START_IN` raises `TurnProtocolError`. A handler never names a phase: it reports
#: what happened (`Went`), and `MOVES` says where that leads.
TRANSITIONS: Mapping[tuple[TurnPhase, type], Handler] = {
    # IDLE: no run yet; a prewarm names the conversation, the run_request starts preparing it
    (IDLE, PrewarmRequested): M._on_prewarm,
    (IDLE, RunStarted): M._on_run_started,
    (IDLE, Cancel): M._on_cancel,  # nothing runs yet
    (IDLE, ActionRequested): M._on_action,  # kept for the run_request (`turn_actions`)
    # PREPARING (`turn_prep.TurnPrep`, held by the turn): each answer leads to the next question, or the
    # run stops (model not served, nothing to run or resume or summarize, the user's shell command done),
    # or the first pass starts; a cancel aborts the question in flight. An answer for another sub-step (or
    # exec id) than the one waited for is ignored by the preparation.
    **{(PREPARING, kind): M._prepare for kind in _PREP_INPUTS},
    (PREPARING, ActionRequested): M._on_action,
    # RESTORED: after a restart; Resume waits for open calls, or runs the next pass again
    (RESTORED, Resume): M._on_resume,
    (RESTORED, Cancel): M._on_cancel,
    (RESTORED, ActionRequested): M._on_action,
    # PASS: a step's deltas are published as they come (a summary's are kept); the output of a pass that
    # was canceled is dropped by pass id. A step's end appends the reply and dispatches its tool calls, or
    # completes the turn; a provider error fails it. A summary's end replaces the earlier turns, then the
    # step runs (a failed compaction goes on uncompacted), or ends the turn (the user's summary).
    (PASS, PassDelta): M._on_delta,
    (PASS, PassEnded): M._on_pass_ended,
    (PASS, PassFailed): M._on_pass_failed,
    (PASS, Cancel): M._on_cancel,  # cancels the pass
    (PASS, ActionRequested): M._on_action,
    (PASS, AbortSubagent): M._on_abort_subagent,
    (PASS, ForceBackground): M._on_force_background,
    (PASS, ExecResultArrived): M._on_pass_exec_result,  # stray: no question of Auto-review's is out yet
    # REVIEW (`pass_review`): a step's pass ended with calls Auto-review decides; each verdict is kept for
    # its call, and with the last the step ends as any step does (its calls go out, each marked by its own)
    (REVIEW, ReviewAnswered): M._on_review_answered,
    (REVIEW, AllowlistAsked): M._on_allowlist_asked,  # Auto-review's question, before its reviewer
    (REVIEW, ExecResultArrived): M._on_pass_exec_result,  # its answer (any other result is stray)
    (REVIEW, Cancel): M._on_cancel,  # cancels the review
    (REVIEW, ActionRequested): M._on_action,
    (REVIEW, AbortSubagent): M._on_abort_subagent,
    (REVIEW, ForceBackground): M._on_force_background,
    # TOOLS: each input goes to the call it names (`tool_call`); when all are settled the results go to
    # the model (the next pass)
    (TOOLS, ExecResultArrived): M._on_exec_result,  # by exec id; a shell until it ends
    (TOOLS, ExecControlArrived): M._on_exec_control,  # throw or close
    (TOOLS, InteractionAnswered): M._on_interaction,  # by query id
    (TOOLS, WebToolDone): M._on_web_done,  # a WebSearch/WebFetch the actor ran
    (TOOLS, Cancel): M._on_cancel,  # aborts every open exec
    (TOOLS, ActionRequested): M._on_action,
    (TOOLS, AbortSubagent): M._on_abort_subagent,
    (TOOLS, ForceBackground): M._on_force_background,
    # ENDED: the stream is closed (or, restored from the record of a recorded turn, only its end is left)
    (ENDED, Resume): M._on_resume_ended,
    (ENDED, ActionRequested): M._on_action,  # a message still queued for the next run
}
