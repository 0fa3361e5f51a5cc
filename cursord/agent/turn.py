"""AgentTurn: the trio actor that runs an agent turn on the user's own provider.

Theory of operation. The turn's rules live in the sans-IO `cursord.agent.machine.TurnMachine`; this actor is
its hands. A run request starts the turn: the actor prepares it (chooses the model, loads history and
the editor's conversation state, asks the editor for its request context or MCP state, reads blobs)
and hands the machine `Begin`. From then on every mailbox item the machine takes is fed to
`TurnMachine.handle`, and the effects that come back are carried out in order: publish to the stream,
start or cancel a provider pass (a task in the stream's work nursery, in its own cancel scope, posting
each delta back into the mailbox), send execs and aborts, ask the user, checkpoint (storing blobs in
the editor), record the turn, snapshot it for restart survival (`cursord.agent.restore`), end.

Runs that never call the model stay here: a shell command the user runs (`shell_command_action`),
a run with nothing to ask, a model that is not served. Actions on a running turn are planned by
`cursord.context.actions`: messages are queued for the conversation's next run (in the store, through
`cursord.streams.ActionQueue`), the rest become inputs.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from typing import Any, Protocol

import attrs
import trio

from cursord.agent import restore, updates
from cursord.agent.auto_review import review, reviewed
from cursord.agent.checkpoints import CheckpointKeeper, history_from_state, resumable_prefix
from cursord.agent.editor_queries import EditorQueries
from cursord.agent.errors import model_not_served
from cursord.agent.fallback import FallbackMove
from cursord.agent.history import ConversationHistory
from cursord.agent.hooks import HookSteps
from cursord.agent.ledger import PassTag
from cursord.agent.machine import (
    TRANSITIONS,
    AbortExec,
    AbortSubagent,
    AskUser,
    Begin,
    BlobLedger,
    Cancel,
    CancelPass,
    Checkpoint,
    Effect,
    End,
    ForceBackground,
    MoveTo,
    PassDelta,
    PassEnded,
    PassFailed,
    Publish,
    RecordTurn,
    Resume,
    ReviewVerdict,
    RunWebTool,
    SendExec,
    ShowToolCall,
    Snapshot,
    StartPass,
    StoreSummary,
    Tap,
    TurnMachine,
    TurnOutcome,
    TurnSetup,
    TurnState,
    WebToolDone,
)
from cursord.agent.prompt import system_prompt
from cursord.agent.router import ProviderRouter, Route
from cursord.agent.run_prep import gather_context, prepare, run_user_shell
from cursord.agent.tools import ToolRegistry, mode_id, run_mode
from cursord.agent.turn_inputs import carried_context, what_to_run
from cursord.agent.turn_record import CheckpointBase, TurnRecord
from cursord.agent.web_calls import run_web_call
from cursord.connect import Code, ConnectError
from cursord.context import ContextLimits, Plan, RuleBook, actions, shell_text
from cursord.core import (
    ActionRequested,
    ClientHeartbeat,
    ExecControlArrived,
    ExecResultArrived,
    InteractionAnswered,
    KvResultArrived,
    PrewarmRequested,
    RunRequested,
    UnknownUpload,
)
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.errors import MalformedResponse, ProviderError
from cursord.providers.model import Delta, Message, PassRequest, ReasoningChoice, ToolCallDone, ToolCallPart, Usage
from cursord.providers.reasoning import choice_from_parameters, split_variant
from cursord.store import Store, TurnMeta, TurnStatus, summary_message
from cursord.streams import ActionQueue, ActiveStream, StreamBehaviour
from cursord.web import WebAccess


class ProviderEventSink(Protocol):
    """Told of each provider pass's timings (the live tap implements it)."""

    def record_provider(self, request_id: str, event: str, timings: dict[str, object]) -> None: ...

log = logging.getLogger(__name__)

#: runs whose model a subagent may inherit (the most recent ones)
MAX_RUN_MODELS = 4096


@attrs.define
class AgentServices:
    """What every turn shares: providers, history, and the tool catalogue."""

    router: ProviderRouter
    history: ConversationHistory
    max_passes: int = 50
    tap: ProviderEventSink | None = None
    #: the durable store for turn snapshots (restart survival), checkpoints and blobs (None: none of them).
    store: Store | None = None
    #: bounds on what the user attaches (`--limit context_item_chars=...` etc.)
    context_limits: ContextLimits = attrs.field(factory=ContextLimits)
    #: the model that gives Auto-review's verdicts (`--review-model`); None: each run's own
    review_model: str | None = None
    #: what the agent's WebSearch and WebFetch reach (`--web-search`, `web_fetch_allow`)
    web: WebAccess = attrs.field(factory=WebAccess)
    #: where actions wait for a later run: held before a run_request, or queued while a turn runs
    actions: ActionQueue | None = None
    #: the model each recent run was routed to, by request id: a subagent's run inherits its parent's
    run_models: dict[str, str] = attrs.field(factory=dict)

    def remember_model(self, request_id: str, model: str) -> None:
        self.run_models.pop(request_id, None)
        self.run_models[request_id] = model
        while len(self.run_models) > MAX_RUN_MODELS:
            del self.run_models[next(iter(self.run_models))]


def reasoning_choice(request: agent.AgentRunRequest) -> ReasoningChoice:
    """The thinking the run asks for: its requested model's parameters (or those of the picker variant it
    names) and Max mode (`cursord.providers.reasoning.choice_from_parameters`)."""
    if not request.HasField("requested_model"):
        return ReasoningChoice()
    requested = request.requested_model
    parameters = [*split_variant(requested.model_id)[1], *((p.id, p.value) for p in requested.parameters)]
    return choice_from_parameters(parameters, max_mode=requested.max_mode)


@attrs.define(eq=False)
class AgentTurn(StreamBehaviour):
    stream: ActiveStream
    services: AgentServices
    machine: TurnMachine = attrs.field(init=False)
    route: Route | None = None
    conversation_id: str | None = None
    run_request: agent.AgentRunRequest | None = None
    started: bool = False
    started_at: float = attrs.field(factory=trio.current_time)
    #: the conversation's checkpoints (None: no store, or no conversation id)
    checkpoints: CheckpointKeeper | None = None
    #: questions to the editor while the run prepares (request context, MCP state)
    queries: EditorQueries | None = None
    #: exec ids handed out while the run prepares (the machine goes on from here)
    next_exec_seq: int = 1
    pass_scope: trio.CancelScope | None = None
    #: the turn's last record (`Snapshot`), or the one it was restored from
    record: TurnRecord | None = None
    #: the user picked Auto-review: each step's Shell, MCP and WebFetch calls are reviewed before they go out
    auto_review: bool = False

    def __attrs_post_init__(self) -> None:
        self.machine = self._machine(None)

    def _machine(self, state: TurnState | None) -> TurnMachine:
        return TurnMachine(
            self.stream.request_id,
            summary_message=summary_message,
            max_passes=self.services.max_passes,
            clock=trio.current_time,
            state=state,
        )

    @classmethod
    def factory(cls, services: AgentServices) -> Callable[[ActiveStream], AgentTurn]:
        def make(stream: ActiveStream) -> AgentTurn:
            return cls(stream, services)

        return make

    @classmethod
    def resuming(cls, services: AgentServices) -> Callable[[dict[str, Any]], Callable[[ActiveStream], AgentTurn]]:
        """Factories for turns re-created from a snapshot (`cursord.agent.restore`)."""

        def for_snapshot(snapshot: dict[str, Any]) -> Callable[[ActiveStream], AgentTurn]:
            def make(stream: ActiveStream) -> AgentTurn:
                turn = cls(stream, services)
                turn._restore(snapshot)
                return turn

            return make

        return for_snapshot

    def _restore(self, snapshot: dict[str, Any]) -> None:
        record, self.route = restore.read(snapshot, self.services.router.route, trio.current_time())
        state = record.state
        assert state.setup is not None
        self.run_request = record.run_request
        self.machine = self._machine(state)
        self.started = True
        self.conversation_id = state.conversation_id
        self.stream.conversation_id = state.conversation_id
        self.stream.model_id = state.setup.model
        self.record = record
        self.auto_review = record.auto_review

    # ---- inputs -----------------------------------------------------------------------------------

    async def handle(self, item: object) -> None:
        match item:
            case RunRequested():
                await self._start_run(item)
            case restore.Resumed():
                await self._resume()
            case PrewarmRequested() if not self.started:
                self.conversation_id = item.conversation_id
                self.stream.conversation_id = item.conversation_id
            case PrewarmRequested():
                log.info("stream %s: prewarm_request during a turn ignored", self.stream.request_id)
            case ActionRequested():
                await self._on_action(item)
            case (
                PassDelta()
                | PassEnded()
                | PassFailed()
                | ExecResultArrived()
                | ExecControlArrived()
                | InteractionAnswered()
                | WebToolDone()
                | ReviewVerdict()
            ):
                await self._feed(item)
            case KvResultArrived() if self.checkpoints is not None:
                await self.checkpoints.on_result(item)
            case KvResultArrived() | ClientHeartbeat() | UnknownUpload():
                log.debug("stream %s: %s ignored", self.stream.request_id, type(item).__name__)
            case _:
                raise TypeError(f"AgentTurn cannot handle {type(item).__name__}")

    async def cancel(self, error: ConnectError) -> None:
        """Stop the pass (closing its provider connection) and abort every exec still pending."""
        await self._feed(Cancel(error))

    def claim(self, item: object) -> bool:
        """An upload the actor is waiting for while it prepares the run: a blob read back from the editor,
        or the editor's answer to a question (request context, MCP state)."""
        if self.queries is not None and self.queries.claim(item):
            return True
        return isinstance(item, KvResultArrived) and self.checkpoints is not None and self.checkpoints.claim(item)

    async def after_end(self, item: object) -> None:
        """Uploads that still matter once the stream has ended: the editor's answers to blob stores."""
        if isinstance(item, KvResultArrived) and self.checkpoints is not None:
            await self.checkpoints.on_result(item, may_retry=False)

    # ---- the machine's effects --------------------------------------------------------------------

    async def _feed(self, item: object) -> None:
        effects = list(self.machine.handle(item))
        # An exec sent before the snapshot that expects its answer is on disk, and a crash in between,
        # and the restarted daemon runs the finished pass again (issue 27 #14): such execs are published
        # but held from the editor until the snapshot after them has committed.
        hold = self.services.store is not None and _exec_before_snapshot(effects)
        if hold:
            self.stream.hold_delivery()
        try:
            for effect in effects:
                await self._execute(effect, durable_snapshot=hold)
        finally:
            if hold:
                self.stream.release_delivery()

    async def _execute(self, effect: Effect, *, durable_snapshot: bool = False) -> None:
        stream = self.stream
        match effect:
            case Publish(message=message):
                stream.publish(message)
            case MoveTo(phase=phase):
                stream.move_to(phase)
            case StartPass():
                assert self.route is not None
                self.pass_scope = trio.CancelScope()
                name = f"pass:{effect.model_call_id}"
                tag = PassTag(effect.model_call_id, stream.request_id, self.machine.state.conversation_id)
                stream.start_task(
                    self._run_pass, effect.pass_id, self.route, effect.request, tag, self.pass_scope, name=name
                )
            case CancelPass():
                if self.pass_scope is not None:
                    self.pass_scope.cancel()
                    self.pass_scope = None
            case SendExec(message=message):
                stream.publish(updates.exec_request(message))
            case AbortExec(exec_seq=exec_seq):
                stream.publish(updates.exec_abort(exec_seq))
            case AskUser(query=query):
                stream.publish(updates.interaction_query(query))
            case RunWebTool():
                stream.start_task(self._run_web, effect, name=f"web:{effect.call_id}")
            case ShowToolCall(call_id=call_id, view=view, model_call_id=model_call_id, completed=completed):
                if self.checkpoints is not None:
                    self.checkpoints.tool_calls[call_id] = view
                show = updates.tool_call_completed if completed else updates.tool_call_started
                stream.publish(show(call_id, view, model_call_id))
            case Checkpoint():
                if self.checkpoints is not None:
                    await self.checkpoints.publish(
                        list(effect.turn_messages),
                        used_tokens=effect.used_tokens,
                        max_tokens=effect.max_tokens,
                        mode=effect.mode,
                        summary=effect.summary,
                        final=effect.final,
                    )
            case RecordTurn(recorded=recorded):
                record = self._record_of(recorded) if recorded is not None else None
                await self._record(effect.status, effect.messages, effect.usage, effect.error, record)
            case StoreSummary(text=text):
                if self.conversation_id is not None:
                    turns = await self.services.history.turns(self.conversation_id)
                    if turns:
                        last = max(t.turn_seq for t in turns)
                        await self.services.history.set_summary(self.conversation_id, text, last)
            case Snapshot(state=state):
                if self.run_request is not None:
                    await self._save(self._record_of(state), durable=durable_snapshot)
            case Tap(event=event, timings=timings):
                self._tap(event, timings)
            case End(error=error):
                stream.end(error)

    def _record_of(self, state: TurnState) -> TurnRecord:
        """The turn's record now: the machine's state and what this actor keeps beside it (copied)."""
        keeper = self.checkpoints
        return TurnRecord(
            state,
            self.run_request or agent.AgentRunRequest(),
            len(self.stream.backlog.frames),
            dict(keeper.tool_calls) if keeper is not None else {},
            copy.deepcopy(keeper.ledger) if keeper is not None else BlobLedger(),
            CheckpointBase(keeper.base_state, keeper.earlier_turns) if keeper is not None else None,
            self.auto_review,
        )

    async def _save(self, record: TurnRecord, *, durable: bool = False) -> None:
        """Keep `record` as the turn's; `durable`: return once it is committed (not only queued)."""
        self.record = record
        store = self.services.store
        if store is not None and durable:
            await restore.save_now(store, self.stream.request_id, record)
        elif store is not None:
            restore.save(store, self.stream.request_id, record)

    async def _record(
        self,
        status: TurnOutcome,
        messages: tuple[Message, ...],
        usage: Usage,
        error: str | None = None,
        record: TurnRecord | None = None,
    ) -> None:
        """Store the turn in the conversation's history, and `record` (the turn's record once recorded) in
        its journal in the same transaction."""
        if self.conversation_id is None or not messages:
            return
        journal = None
        if record is not None:
            self.record = record
            if self.services.store is not None:
                journal = restore.pending_entry(record)
        meta = TurnMeta(
            request_id=self.stream.request_id,
            status=TurnStatus(status.value),
            usage=usage,
            model=self.route.model if self.route else None,
            error=error,
            started_at=self.started_at,
        )
        await self.services.history.record_turn(self.conversation_id, list(messages), meta, journal_entry=journal)

    def _tap(self, event: str, timings: dict[str, object]) -> None:
        if self.services.tap is not None:
            self.services.tap.record_provider(self.stream.request_id, event, timings)

    def _reviewer(self, route: Route) -> Route:
        """Auto-review's model: the configured `review_model`, else the run's own."""
        wanted = self.services.review_model
        return (self.services.router.choose(wanted) if wanted else None) or route

    def _reviewed(self, tool_name: str) -> bool:
        setup = self.machine.state.setup
        return setup is not None and setup.tools is not None and reviewed(setup.tools.get(tool_name))

    async def _run_web(self, effect: RunWebTool) -> None:
        outcome, result = await run_web_call(self.services.web, effect.tool_name, effect.arguments, self._tap)
        await self.stream.post(WebToolDone(effect.call_id, outcome, result))

    async def _run_pass(
        self, pass_id: int, route: Route, request: PassRequest, tag: PassTag, scope: trio.CancelScope
    ) -> None:
        first = True
        to_review: list[ToolCallPart] = []

        async def forward(delta: Delta) -> None:
            nonlocal first
            if first:
                first = False
                self._tap("first_byte", {"pass": pass_id})
            if self.auto_review and isinstance(delta, ToolCallDone) and self._reviewed(delta.name):
                to_review.append(ToolCallPart(delta.id, delta.name, delta.arguments))
            await self.stream.post(PassDelta(pass_id, delta))

        def moved(move: FallbackMove) -> None:
            self._tap(
                "fallback",
                {
                    "pass": pass_id,
                    "from": move.from_target.label,
                    "to": move.to_target.label,
                    "error": f"{type(move.error).__name__}: {move.error.message}",
                },
            )

        error: ProviderError | None = None
        with scope:
            try:
                await self.services.router.run_pass(route, request, forward, tag, moved)  # recorded in the ledger
                reviewer = self._reviewer(route)
                for call in to_review:  # in call order, before the pass ends (its calls wait for them)
                    verdict = await review(self.services.router, reviewer, call, tag)
                    self._tap("auto_review", {"pass": pass_id, "call": call.id, "tool": call.name,
                                              "verdict": "allow" if verdict.allow else "ask", "reason": verdict.reason})
                    await self.stream.post(ReviewVerdict(pass_id, call.id, verdict.allow, verdict.reason))
            except ProviderError as exc:
                error = exc
            except Exception as exc:  # a decoder bug must end this turn, not the daemon
                log.exception("provider %s: unexpected failure", route.provider.name)
                error = MalformedResponse(route.provider.name, f"unexpected {type(exc).__name__}: {exc}")
        if scope.cancelled_caught:
            self._tap("pass_end", {"pass": pass_id, "error": "canceled"})
            return
        if self.pass_scope is scope:
            self.pass_scope = None
        await self.stream.post(PassEnded(pass_id) if error is None else PassFailed(pass_id, error))

    # ---- starting ---------------------------------------------------------------------------------

    def _take_exec_seq(self) -> int:
        seq, self.next_exec_seq = self.next_exec_seq, self.next_exec_seq + 1
        return seq

    def _setup(
        self,
        tools: ToolRegistry | None,
        system: str | None = None,
        hook_steps: HookSteps | None = None,
        rules: RuleBook | None = None,
    ) -> TurnSetup:
        assert self.route is not None and self.run_request is not None
        return TurnSetup(
            model=self.route.model,
            provider_name=self.route.provider.name,
            context_window=self.route.context_window,
            vision=self.route.vision,
            tools=tools,
            system=system,
            reasoning=reasoning_choice(self.run_request),
            hook_steps=hook_steps or HookSteps(),
            rules=rules or RuleBook(),
        )

    async def _start_run(self, run: RunRequested) -> None:
        if self.started:
            log.info("stream %s: second run_request ignored", self.stream.request_id)
            return
        self.started = True
        request = run.request
        self.run_request = request
        self.conversation_id = run.conversation_id
        self.stream.conversation_id = run.conversation_id
        earlier = await self.services.history.turns(self.conversation_id) if self.conversation_id else []
        requested = split_variant(run.model_id)[0] if run.model_id else None  # a picker variant names its model
        parent = self.services.run_models.get(run.parent_request_id) if run.parent_request_id else None
        self.route = self.services.router.choose(requested, [t.model for t in earlier], parent_model=parent)
        self.stream.model_id = self.route.model if self.route is not None else run.model_id
        if self.route is None:
            self.stream.end(model_not_served(run.model_id, self.services.router.models))
            return
        self.services.remember_model(self.stream.request_id, self.route.model)
        if run.parent_request_id:
            log.info("stream %s: a subagent of %s, on %s", self.stream.request_id, run.parent_request_id,
                     self.route.model)
        actions = self.services.actions
        queued = await actions.take(self.stream.request_id, self.conversation_id) if actions is not None else []
        await self._begin(request, request.action, queued)

    async def _on_action(self, action: ActionRequested) -> None:
        """A conversation action on this stream (`cursord.context.actions` says what each case asks)."""
        planned = actions.plan(action.action)
        request_id = self.stream.request_id
        if planned.plan is Plan.CANCEL:
            reason = action.action.cancel_action.reason or "canceled by the user"
            await self.cancel(ConnectError(Code.CANCELED, reason))
        elif planned.plan is Plan.RESUME:
            log.debug("stream %s: resume on a running turn; nothing to resume", request_id)
        elif planned.plan is Plan.IGNORE:
            log.info(
                "stream %s: conversation_action case %s is not known to this build; ignored",
                request_id,
                planned.case or "(unset)",
            )
        elif not self.started:
            await self._keep(action.action, None)  # for the run_request that follows
        elif planned.plan in (Plan.START_TURN, Plan.RUN_SHELL) and self.conversation_id is not None:
            await self._keep(action.action, self.conversation_id)
            log.info("stream %s: %s queued for the conversation's next run", request_id, planned.case)
        elif planned.plan is Plan.CANCEL_SUBAGENT:
            await self._steer(AbortSubagent(planned.target))
        elif planned.plan in (Plan.BACKGROUND_SHELL, Plan.BACKGROUND_SUBAGENT):
            shell = planned.plan is Plan.BACKGROUND_SHELL
            await self._steer(ForceBackground(planned.case or "", planned.target, shell))
        else:
            log.info("stream %s: %s while a turn runs; ignored", request_id, planned.case)

    async def _keep(self, action: agent.ConversationAction, conversation_id: str | None) -> None:
        """Keep `action` for the conversation's next run (None: for this request's run_request), in the store
        before its upload is ACKed."""
        queue = self.services.actions
        if queue is None:
            log.warning("stream %s: no store to keep a conversation action in; dropped", self.stream.request_id)
        elif conversation_id is not None:
            await queue.queue(conversation_id, action)
        elif not await queue.hold(self.stream.request_id, action):
            log.warning("stream %s: %d conversation actions already wait for its run_request; one more dropped",
                        self.stream.request_id, queue.max_per_request)

    async def _steer(self, item: AbortSubagent | ForceBackground) -> None:
        if (self.machine.phase, type(item)) in TRANSITIONS:
            await self._feed(item)
        else:
            log.info("stream %s: %s with no turn running; ignored", self.stream.request_id, type(item).__name__)

    async def _resume(self) -> None:
        """Go on after a restart, from the snapshot `_restore` read."""
        if self.route is None:
            self.stream.end(model_not_served(self.stream.model_id, self.services.router.models))
            return
        store = self.services.store
        if store is not None and self.conversation_id is not None and self.run_request is not None:
            self.checkpoints = keeper = CheckpointKeeper(store, self.stream, self.conversation_id)
            base = self.record.checkpoint_base if self.record is not None else None
            if base is None:  # a record of the first format
                await keeper.load_base(self.run_request)
            else:
                keeper.base_state, keeper.earlier_turns = base.state, base.earlier_turns
            if self.record is not None:
                keeper.tool_calls.update(self.record.tool_views)
                keeper.ledger = copy.deepcopy(self.record.blobs)
        await self._feed(Resume())

    async def _begin(
        self, request: agent.AgentRunRequest, action: agent.ConversationAction, queued: list[agent.ConversationAction]
    ) -> None:
        planned = actions.plan(action)
        if planned.plan is Plan.SUMMARIZE:
            await self._summarize_on_request()
            return
        if planned.plan is Plan.RESUME and not queued:
            await self._resume_stored_turn(request, action)
            return
        if planned.plan is Plan.RUN_SHELL:
            await self._run_user_shell(action.shell_command_action)
            return
        ask = what_to_run(action, queued)
        if ask is None:
            if planned.plan is Plan.IGNORE:
                log.info(
                    "stream %s: run_request action %s is not known to this build; nothing to run",
                    self.stream.request_id,
                    planned.case or "(unset)",
                )
            self.stream.publish(updates.turn_ended(Usage()))
            self.stream.end(None)
            return
        assert self.route is not None
        history = await self._load_history(request)
        self.queries = EditorQueries(self.stream, self._take_exec_seq)
        prepared = await prepare(
            request,
            action,
            queued,
            ask,
            queries=self.queries,
            read_blob=self._blob,
            vision=self.route.vision,
            limits=self.services.context_limits,
        )
        setup = self._setup(prepared.tools, prepared.system, prepared.hook_steps, prepared.rules)
        self.auto_review = prepared.auto_review
        begin = Begin(
            setup,
            self.conversation_id,
            tuple(history),
            (prepared.user,),
            next_exec_seq=self.next_exec_seq,
            applied_rules=prepared.applied_rules,
        )
        await self._feed(begin)

    async def _blob(self, blob_id: bytes) -> bytes | None:
        """A blob the user's message refers to: cursord's store, else the editor's (kv `get_blob_args`)."""
        store = self.services.store
        data = await store.get_blob(blob_id) if store is not None else None
        if data is None and self.checkpoints is not None:
            data = await self.checkpoints.fetch(blob_id)
        return data

    async def _run_user_shell(self, shell: agent.ShellCommandAction) -> None:
        """`shell_command_action`: the user runs a command (in the editor, under the exec id the action
        gives); its output joins the conversation, and the model is not called."""
        self.queries = EditorQueries(self.stream, self._take_exec_seq)
        output, exit_code = await run_user_shell(self.queries, shell)
        message = Message.user(shell_text(shell.shell_command.command, output, exit_code))
        await self._record(TurnOutcome.COMPLETED, (message,), Usage())
        self.stream.publish(updates.turn_ended(Usage()))
        self.stream.end(None)

    async def _load_history(self, request: agent.AgentRunRequest) -> list[Message]:
        """The conversation so far: cursord's own store, else (a conversation cursord has never seen)
        what the editor's `conversation_state` blobs say: from `pre_fetched_blobs`, cursord's blobs, or
        read back from the editor (`get_blob_args`)."""
        if self.conversation_id is None:
            return []
        messages = await self.services.history.load(self.conversation_id)
        store = self.services.store
        if store is None:
            return messages
        self.checkpoints = CheckpointKeeper(store, self.stream, self.conversation_id)
        base_state = await self.checkpoints.load_base(request)
        if messages or base_state is None or not base_state.turns:
            return messages
        known = {blob.id: blob.value for blob in request.pre_fetched_blobs}
        keeper = self.checkpoints

        async def blob(blob_id: bytes) -> bytes | None:
            if blob_id in known:
                return known[blob_id]
            return await store.get_blob(blob_id) or await keeper.fetch(blob_id)

        messages = await history_from_state(base_state, blob)
        if messages:
            log.info(
                "stream %s: history rebuilt from %d turns of the editor's conversation state",
                self.stream.request_id,
                len(base_state.turns),
            )
        return messages

    async def _resume_stored_turn(self, request: agent.AgentRunRequest, action: agent.ConversationAction) -> None:
        """`resume_action`: go on with the conversation's last turn if it did not complete (with the editor's
        request context, asked for if the action carries none, and its MCP tools)."""
        history = await self._load_history(request)
        turns = await self.services.history.turns(self.conversation_id) if self.conversation_id else []
        last = turns[-1] if turns else None
        if last is None or last.status is TurnStatus.COMPLETED or self.conversation_id is None:
            self.stream.publish(updates.turn_ended(Usage()))
            self.stream.end(None)  # nothing left to resume
            return
        stored = await self.services.history.turn_messages(self.conversation_id, last.turn_seq)
        resumed = resumable_prefix(stored)
        if not resumed:
            self.stream.end(ConnectError(Code.FAILED_PRECONDITION, "the last turn left nothing to resume"))
            return
        self.queries = EditorQueries(self.stream, self._take_exec_seq)
        context, mcp = await gather_context(request, carried_context(action), self.queries)
        tools = ToolRegistry.build(run_mode(request), mcp.definitions)
        system = system_prompt(request, context, mode_id(tools.mode), mcp)
        setup = self._setup(tools, system, HookSteps.of(context), RuleBook.of(context))
        begin = Begin(setup, self.conversation_id, tuple(history), tuple(resumed), next_exec_seq=self.next_exec_seq)
        await self._feed(begin)

    async def _summarize_on_request(self) -> None:
        messages = await self.services.history.load(self.conversation_id) if self.conversation_id else []
        if not messages:
            self.stream.end(ConnectError(Code.FAILED_PRECONDITION, "this conversation has nothing to summarize yet"))
            return
        await self._feed(Begin(self._setup(None), self.conversation_id, tuple(messages), summarize=True))


def _exec_before_snapshot(effects: list[Effect]) -> bool:
    """Whether `effects` send the editor an exec (or a question) and then snapshot the turn."""
    asked = False
    for effect in effects:
        if isinstance(effect, SendExec | AskUser):
            asked = True
        elif isinstance(effect, Snapshot) and asked:
            return True
    return False
