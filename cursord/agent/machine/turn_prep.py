"""The turn's preparation: from the run_request to its first pass (phase PREPARING), as rules of the machine.

Theory of operation. `TurnPrep` is an object `TurnMachine` holds while it prepares: `start` opens it on
the run_request, and every PREPARING input goes to its `handle`, with its own rows (`_ROWS`). It returns a
`PrepResult`: what it has gathered (kept in `TurnState.prep`, part of the record), the effects, and what
happened (`PrepWent`: waiting, ready with a `Prepared`, stopped, canceled), which the turn turns into a
phase. Each sub-step (`PrepStep`) emits one effect and waits for its answer, which is the next input:

    run_request -> ChooseModel -> ModelChosen (-> TakeQueued -> QueuedTaken, once a model serves the run)
        summarize_action:   LoadConversation -> ConversationLoaded -> the summary pass
        resume_action:      LoadConversation(last_turn) -> ConversationLoaded -> [ask] -> the first pass
        shell_command_action: AskEditor(shell) -> ExecResultArrived | QueryTimedOut -> record, end
        nothing to run:     turn_ended, end
        a message:          LoadConversation -> ConversationLoaded -> [ask] -> [ReadBlobs -> BlobsRead]
                            -> the first pass
    [ask] = AskEditor(request_context) when the run carries none (or marks it incomplete), then
            AskEditor(mcp_state) when MCP descriptors carry no schemas; each -> ExecResultArrived | QueryTimedOut

A question the editor leaves unanswered for `ASK_TIMEOUT` seconds is given up (`QueryTimedOut`), and the
editor is not asked again in this stream: a run never hangs on a question. `Cancel` ends the turn in any
sub-step, aborting the question in flight. Every ending is an `End` effect.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from cursord.agent import updates
from cursord.agent.errors import model_not_served
from cursord.agent.hooks import HookSteps
from cursord.agent.machine.prep_events import (
    AskEditor,
    BlobsRead,
    ChooseModel,
    ConversationLoaded,
    ForgetQuery,
    LoadConversation,
    ModelChosen,
    OpenRun,
    QueryTimedOut,
    QueuedTaken,
    ReadBlobs,
    RunStarted,
    TakeQueued,
)
from cursord.agent.machine.prep_state import Preparation, PrepStep
from cursord.agent.machine.turn_events import AbortExec, Cancel, Effect, End, Publish, RecordTurn, TurnOutcome
from cursord.agent.machine.turn_state import TurnSetup
from cursord.agent.model_choice import subagent_models
from cursord.agent.prompt import system_prompt
from cursord.agent.tools import ToolRegistry, mode_id, run_mode
from cursord.agent.turn_inputs import RunAsk, carried_context, echoed_messages, needed_blobs, render, what_to_run
from cursord.connect import Code, ConnectError
from cursord.context import ContextLimits, McpSources, Plan, RuleBook, actions, shell_text
from cursord.core import ExecResultArrived, requested_model_id
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ReasoningChoice, Role, ToolCallPart, ToolResultPart, Usage
from cursord.providers.reasoning import choice_from_parameters, split_variant

if TYPE_CHECKING:
    from collections.abc import Sequence

log = logging.getLogger(__name__)

#: how long the editor may take to answer a question (request context, MCP state).
ASK_TIMEOUT = 10.0
#: how long a command the user runs (`shell_command_action`) may take before the turn goes on without it.
USER_SHELL_TIMEOUT = 600.0

#: the `RequestContext` parts an editor may mark incomplete (`*_info_complete = false`).
_COMPLETENESS = (
    "rules_info_complete",
    "env_info_complete",
    "mcp_info_complete",
    "agent_skills_info_complete",
    "mcp_file_system_info_complete",
)


class PrepWent(enum.Enum):
    """What an input did to the preparation (the turn's row turns it into a phase)."""

    WAITING = "waiting"  # the next question is out (or the input was for another sub-step)
    READY = "ready"  # everything is known: `PrepResult.prepared` starts the turn
    STOPPED = "stopped"  # the run ends here, the model never called (its `End` is among the effects)
    CANCELED = "canceled"  # `Cancel` while preparing: the turn fails with `PrepResult.error`


@attrs.frozen
class Prepared:
    """What the first pass (or the user's summary) starts from."""

    setup: TurnSetup
    history: tuple[Message, ...]
    user: tuple[Message, ...] = ()
    applied_rules: tuple[str, ...] = ()
    summarize: bool = False


@attrs.frozen
class PrepResult:
    """The preparation after one input: what it has gathered (None once over), the effects in order, the
    turn's exec counter after the questions it asked, and what happened."""

    prep: Preparation | None
    effects: tuple[Effect, ...]
    next_exec_seq: int
    went: PrepWent = PrepWent.WAITING
    prepared: Prepared | None = None
    error: ConnectError | None = None


class TurnPrep:
    """The turn's preparation, held by `TurnMachine` while it prepares (see the module docstring): `start`
    opens it on the run_request, `handle` takes each answer. It reads the turn's state only through what
    it is given and returns everything it changes in a `PrepResult`."""

    def __init__(
        self,
        request_id: str,
        conversation_id: str | None,
        context_limits: ContextLimits,
        request: agent.AgentRunRequest,
    ) -> None:
        self.request_id = request_id
        self.conversation_id = conversation_id
        #: the run's request, as the turn's state holds it (`TurnState.run_request`)
        self.request = request
        self.context_limits = context_limits
        self.prep: Preparation | None = None
        self._exec_seq = 0
        self._effects: list[Effect] = []
        self._went = PrepWent.WAITING
        self._prepared: Prepared | None = None
        self._error: ConnectError | None = None

    def _begin_input(self, prep: Preparation, next_exec_seq: int) -> None:
        self.prep, self._exec_seq, self._effects = prep, next_exec_seq, []
        self._went, self._prepared, self._error = PrepWent.WAITING, None, None

    def _result(self) -> PrepResult:
        return PrepResult(self.prep, tuple(self._effects), self._exec_seq, self._went, self._prepared, self._error)

    def start(self, run: RunStarted, next_exec_seq: int) -> PrepResult:
        """The run_request opens the preparation: the actor is asked for the model's route."""
        self._begin_input(Preparation(PrepStep.CHOOSING_MODEL), next_exec_seq)
        model_id = requested_model_id(run.request)
        model = split_variant(model_id)[0] if model_id else None  # a picker variant names its model
        subagent_type = run.request.subagent_type_name if run.request.HasField("subagent_type_name") else None
        choose = ChooseModel(run.conversation_id, model, run.parent_request_id, subagent_type)
        self._emit(OpenRun(run.request, run.conversation_id), choose)
        return self._result()

    def handle(self, prep: Preparation, item: PrepInput, next_exec_seq: int) -> PrepResult:
        """`item` (the answer to a question of the preparation, or a cancel) taken where `prep` stands."""
        self._begin_input(prep, next_exec_seq)
        _ROWS[type(item)](self, item)
        return self._result()

    # ---- small helpers --------------------------------------------------------------------------

    def _emit(self, *effects: Effect) -> None:
        self._effects.extend(effects)

    def _take_exec_seq(self) -> int:
        seq, self._exec_seq = self._exec_seq, self._exec_seq + 1
        return seq

    @property
    def _prep(self) -> Preparation:
        assert self.prep is not None
        return self.prep

    def _set_prep(self, **changes: Any) -> None:
        self.prep = attrs.evolve(self._prep, **changes)

    @property
    def _plan(self) -> Plan:
        return actions.plan(self.request.action).plan

    @property
    def _resuming(self) -> bool:
        """A `resume_action` with nothing queued to say goes on with the conversation's last turn."""
        return self._plan is Plan.RESUME and what_to_run(self.request.action, self._prep.queued) is None

    def _ask_and_prefetched(self) -> tuple[RunAsk, dict[bytes, bytes]]:
        """What the run says to the model (something: checked once the queue was taken), and the blobs its
        run_request carries."""
        prep = self._prep
        ask = what_to_run(self.request.action, prep.queued)
        assert ask is not None
        return ask, {blob.id: blob.value for blob in self.request.pre_fetched_blobs}

    def _end_here(self, error: ConnectError | None, *, turn_ended: bool = False) -> None:
        """The run ends while it prepares (the model is never called)."""
        self.prep, self._went = None, PrepWent.STOPPED
        if turn_ended:
            self._emit(Publish(updates.turn_ended(Usage())))
        self._emit(End(error))

    def _begin(self, ready: Prepared) -> None:
        """Everything is known: the turn starts from `ready`."""
        self.prep, self._went, self._prepared = None, PrepWent.READY, ready

    # ---- the rows -----------------------------------------------------------------------------

    def _on_model_chosen(self, chosen: ModelChosen) -> None:
        prep = self._prep
        if prep.step is not PrepStep.CHOOSING_MODEL:
            return
        if chosen.route is None:
            self._end_here(model_not_served(requested_model_id(self.request), list(chosen.served)))
            return
        self._set_prep(route=chosen.route, step=PrepStep.TAKING_QUEUED)
        self._emit(TakeQueued(self.conversation_id))

    def _on_queued_taken(self, taken: QueuedTaken) -> None:
        prep = self._prep
        if prep.step is not PrepStep.TAKING_QUEUED:
            return
        self._set_prep(queued=taken.actions)
        prep = self._prep
        plan, conversation_id = self._plan, self.conversation_id
        if plan is Plan.SUMMARIZE:
            self._load(LoadConversation(conversation_id, checkpoints=False))
        elif self._resuming:
            self._load(LoadConversation(conversation_id, last_turn=True))
        elif plan is Plan.RUN_SHELL:
            self._run_user_shell(self.request.action.shell_command_action)
        elif what_to_run(self.request.action, prep.queued) is None:
            if plan is Plan.IGNORE:
                log.info(
                    "stream %s: run_request action %s is not known to this build; nothing to run",
                    self.request_id,
                    self.request.action.WhichOneof("action") or "(unset)",
                )
            self._end_here(None, turn_ended=True)
        else:
            self._load(LoadConversation(conversation_id))

    def _load(self, effect: LoadConversation) -> None:
        self._set_prep(step=PrepStep.LOADING)
        self._emit(effect)

    def _on_loaded(self, loaded: ConversationLoaded) -> None:
        prep = self._prep
        if prep.step is not PrepStep.LOADING:
            return
        if self._plan is Plan.SUMMARIZE:
            if not loaded.history:
                error = ConnectError(Code.FAILED_PRECONDITION, "this conversation has nothing to summarize yet")
                self._end_here(error)
                return
            self._begin(Prepared(self._setup_with(prep, None), loaded.history, summarize=True))
            return
        if self._resuming:
            last = loaded.last_turn
            if last is None or last.completed or self.conversation_id is None:
                self._end_here(None, turn_ended=True)  # nothing left to resume
                return
            resumed = resumable_prefix(last.messages)
            if not resumed:
                self._end_here(ConnectError(Code.FAILED_PRECONDITION, "the last turn left nothing to resume"))
                return
            self._set_prep(history=loaded.history, resumed=tuple(resumed))
            self._gather(carried_context(self.request.action))
            return
        self._set_prep(history=loaded.history)
        carried = carried_context(self.request.action) or next(
            filter(None, (carried_context(q) for q in prep.queued)), None
        )
        self._gather(carried)

    def _gather(self, context: agent.RequestContext | None) -> None:
        """Ask the editor for the request context if the run needs it; then the MCP state."""
        self._set_prep(context=context)
        if needs_request_context(context) and self._prep.editor_answers:
            self._ask(PrepStep.ASKING_CONTEXT, "request-context", request_context_args=agent.RequestContextArgs())
            return
        self._after_context()

    def _after_context(self) -> None:
        prep = self._prep
        if McpSources.of(self.request, prep.context).needs_state and prep.editor_answers:
            self._ask(PrepStep.ASKING_MCP, "mcp-state", mcp_state_exec_args=agent.McpStateExecArgs())
            return
        self._after_mcp()

    def _after_mcp(self) -> None:
        prep = self._prep
        if self._resuming:
            self._ready(prep.resumed, run_mode(self.request))
            return
        ask, prefetched = self._ask_and_prefetched()
        missing = tuple(i for i in needed_blobs(ask) if i not in prefetched)
        if missing:
            self._set_prep(step=PrepStep.READING_BLOBS)
            self._emit(ReadBlobs(missing))
            return
        self._ready_with_blobs(ask, prefetched)

    def _on_blobs_read(self, read: BlobsRead) -> None:
        prep = self._prep
        if prep.step is not PrepStep.READING_BLOBS:
            return
        ask, prefetched = self._ask_and_prefetched()
        self._ready_with_blobs(ask, {**prefetched, **dict(read.blobs)})

    def _ready_with_blobs(self, ask: RunAsk, blobs: dict[bytes, bytes]) -> None:
        prep = self._prep
        assert prep.route is not None
        rules = RuleBook.of(prep.context)
        user, applied = render(ask, blobs, vision=prep.route.vision, limits=self.context_limits, rules=rules)
        self._emit(*(Publish(updates.user_message_appended(m)) for m in echoed_messages(self.request.action)))
        self._ready((user,), ask.mode, applied, rules)

    def _ready(
        self, user: Sequence[Message], mode: int | str, applied: tuple[str, ...] = (), rules: RuleBook | None = None
    ) -> None:
        """Everything is known: the turn's setup, and its first pass (`mode`: an `AgentMode` or its id;
        `rules`: the context's, if read already: read once for the user turn, the prompt and the setup)."""
        prep = self._prep
        rules = rules if rules is not None else RuleBook.of(prep.context)
        mcp = McpSources.of(self.request, prep.context)
        if prep.mcp_state is not None:
            mcp, note = mcp.with_state(prep.mcp_state)
            if note:
                log.info("stream %s: %s", self.request_id, note)
        tools = ToolRegistry.build(mode, mcp.definitions)
        system = system_prompt(self.request, prep.context, mode_id(tools.mode), mcp, rules)
        setup = self._setup_with(prep, tools, system, rules)
        self._begin(Prepared(setup, prep.history, tuple(user), applied_rules=applied))

    def _setup_with(
        self, prep: Preparation, tools: ToolRegistry | None, system: str | None = None, rules: RuleBook | None = None
    ) -> TurnSetup:
        route, context = prep.route, prep.context
        assert route is not None
        return TurnSetup(
            model=route.model,
            provider_name=route.provider_name,
            context_window=route.context_window,
            vision=route.vision,
            tools=tools,
            system=system,
            reasoning=reasoning_choice(self.request),
            hook_steps=HookSteps.of(context) if tools is not None else HookSteps(),
            rules=rules if rules is not None else RuleBook(),  # (`_ready` reads them for every setup with tools)
            auto_review=context is not None and context.env.smart_mode_classifier_auto_mode_enabled,
            workspace=tuple(context.env.workspace_paths) if context is not None else (),
            subagent_models=subagent_models(self.request, route.model),
        )

    # ---- questions to the editor --------------------------------------------------------------

    def _ask(self, step: PrepStep, label: str, *, exec_id: str = "", timeout: float = ASK_TIMEOUT, **args: Any) -> None:
        exec_seq = self._take_exec_seq()
        message = agent.ExecServerMessage(id=exec_seq, exec_id=exec_id or f"{label}-{exec_seq}", **args)
        self._set_prep(step=step, asked=exec_seq)
        self._emit(AskEditor(message, timeout))

    def _run_user_shell(self, shell: agent.ShellCommandAction) -> None:
        """`shell_command_action`: the user runs a command in the editor (under the exec id the action gives);
        its output joins the conversation, and the model is not called."""
        args = agent.ShellArgs(command=shell.shell_command.command, skip_approval=True)
        step = PrepStep.RUNNING_SHELL
        self._ask(step, "user-shell", exec_id=shell.exec_id, timeout=USER_SHELL_TIMEOUT, shell_args=args)

    def _on_prep_answer(self, result: ExecResultArrived) -> None:
        if result.exec_seq != self._prep.asked:
            log.info("stream %s: exec result %d while preparing; not ours, ignored", self.request_id, result.exec_seq)
            return
        self._emit(ForgetQuery(result.exec_seq))
        self._answered(result.message)

    def _on_query_timed_out(self, timed_out: QueryTimedOut) -> None:
        prep = self._prep
        if timed_out.exec_seq != prep.asked:
            return  # answered in the meantime
        label = prep.step.value.replace("_", " ")
        log.info("stream %s: the editor did not answer (%s); not asking again", self.request_id, label)
        self._set_prep(editor_answers=False)
        self._answered(None)

    def _answered(self, answer: agent.ExecClientMessage | None) -> None:
        prep = self._prep
        self._set_prep(asked=None)
        match prep.step:
            case PrepStep.ASKING_CONTEXT:
                self._set_prep(context=self._context_of(answer) or prep.context)
                self._after_context()
            case PrepStep.ASKING_MCP:
                which = answer.WhichOneof("message") if answer is not None else None
                if answer is not None and which == "mcp_state_exec_result":
                    self._set_prep(mcp_state=answer.mcp_state_exec_result)
                self._after_mcp()
            case PrepStep.RUNNING_SHELL:
                self._user_shell_done(answer)
            case _:
                raise AssertionError(f"an answer in preparation step {prep.step.value}")

    def _context_of(self, answer: agent.ExecClientMessage | None) -> agent.RequestContext | None:
        if answer is None or answer.WhichOneof("message") != "request_context_result":
            return None
        result = answer.request_context_result
        which = result.WhichOneof("result")
        if which == "success":
            return result.success.request_context
        detail = result.error.error if which == "error" else result.rejected.reason if which == "rejected" else ""
        log.info("stream %s: the editor gave no request context (%s: %s)", self.request_id, which, detail)
        return None

    def _user_shell_done(self, answer: agent.ExecClientMessage | None) -> None:
        prep = self._prep
        assert prep.route is not None
        shell = self.request.action.shell_command_action
        output, exit_code = user_shell_outcome(answer)
        message = Message.user(shell_text(shell.shell_command.command, output, exit_code))
        if self.conversation_id is not None:
            self._emit(RecordTurn(TurnOutcome.COMPLETED, (message,), Usage(), prep.route.model))
        self._end_here(None, turn_ended=True)

    def _on_prep_cancel(self, cancel: Cancel) -> None:
        """Cancel while preparing: the question in flight is aborted; the rest dies with the stream."""
        asked = self._prep.asked
        if asked is not None:
            self._emit(AbortExec(asked), ForgetQuery(asked))
        self.prep, self._went, self._error = None, PrepWent.CANCELED, cancel.error



PrepInput = ModelChosen | QueuedTaken | ConversationLoaded | ExecResultArrived | QueryTimedOut | BlobsRead | Cancel
#: the preparation's own rows: the input each sub-step's answer (or a cancel) is taken by
_ROWS: dict[type, Callable[[TurnPrep, Any], None]] = {
    ModelChosen: TurnPrep._on_model_chosen,
    QueuedTaken: TurnPrep._on_queued_taken,
    ConversationLoaded: TurnPrep._on_loaded,
    ExecResultArrived: TurnPrep._on_prep_answer,
    QueryTimedOut: TurnPrep._on_query_timed_out,
    BlobsRead: TurnPrep._on_blobs_read,
    Cancel: TurnPrep._on_prep_cancel,
}


# ---- pure helpers ---------------------------------------------------------------------------------


def needs_request_context(context: agent.RequestContext | None) -> bool:
    """A run that carries no request context (the field unset), or one that marks a part incomplete, asks
    for it. An empty context that is present is taken as it is: the editor says there is nothing."""
    if context is None:
        return True
    return any(context.HasField(name) and not getattr(context, name) for name in _COMPLETENESS)


def reasoning_choice(request: agent.AgentRunRequest) -> ReasoningChoice:
    """The thinking the run asks for: its requested model's parameters (or those of the picker variant it
    names) and Max mode (`cursord.providers.reasoning.choice_from_parameters`)."""
    if not request.HasField("requested_model"):
        return ReasoningChoice()
    requested = request.requested_model
    parameters = [*split_variant(requested.model_id)[1], *((p.id, p.value) for p in requested.parameters)]
    return choice_from_parameters(parameters, max_mode=requested.max_mode)


def resumable_prefix(messages: Sequence[Message]) -> list[Message]:
    """The stored messages of an unfinished turn, cut so that a provider will accept them again:
    a trailing assistant message whose tool calls never got their results is dropped."""
    kept = list(messages)
    answered = {p.tool_call_id for m in kept for p in m.parts if isinstance(p, ToolResultPart)}
    while (
        kept
        and kept[-1].role is Role.ASSISTANT
        and any(isinstance(p, ToolCallPart) and p.id not in answered for p in kept[-1].parts)
    ):
        kept.pop()
    return kept


def user_shell_outcome(answer: agent.ExecClientMessage | None) -> tuple[str, int | None]:
    """What the user's command printed, and its exit code, from the editor's answer (None: no answer)."""
    if answer is None or answer.WhichOneof("message") != "shell_result":
        return "(the editor did not run the command)", None
    result = answer.shell_result
    which = result.WhichOneof("result")
    if which in ("success", "failure"):
        outcome = result.success if which == "success" else result.failure
        output = outcome.interleaved_output if outcome.HasField("interleaved_output") else ""
        output = output or "\n".join(t for t in (outcome.stdout, outcome.stderr) if t)
        return output or "(no output)", outcome.exit_code
    if which is None:
        return "(the editor sent no result)", None
    return f"(the command did not run: {which.replace('_', ' ')})", None
