"""AgentTurn: the trio actor that runs an agent turn on the user's own provider.

Theory of operation. The turn's rules live in the sans-IO `cursord.agent.machine.TurnMachine`, from the
run_request to the end; this actor is its hands. It does three things only: route each mailbox item
(to the machine as an input, or to the checkpoint keeper), carry out the effects the machine returns, in
order, and the I/O those need. It decides nothing about the turn, and every input, the editor's answers
included, comes through the stream's mailbox: the actor never waits inside a handler for the editor, so a
cancel is taken at once whatever the turn is doing.

One turn, effect by effect (input -> effects; `...` = the answer comes back later as an input):

- run_request -> `RunStarted` (a second one changes nothing) -> `OpenRun` (the actor keeps the request and
  opens the conversation's checkpoints), `ChooseModel` ... `ModelChosen` (a task: the conversation's earlier
  turns, the catalog) -> `TakeQueued` ... `QueuedTaken` (what waits for the run in the store: held
  for its request id, queued for its conversation).
- preparing (`cursord.agent.machine.turn_prep`): `LoadConversation` ... `ConversationLoaded` (a task:
  history, the checkpoint base, blobs read back from the editor); `AskEditor` publishes an exec (request
  context, MCP state, the user's shell command) and starts its timer ... the editor's `ExecResultArrived`
  (then `ForgetQuery` stops the timer) or `QueryTimedOut`; `ReadBlobs` ... `BlobsRead` (a task: cursord's
  store, else the editor's `get_blob_args`, whose `KvResultArrived` answer the actor hands to the waiting
  task). A run that never calls the model (not served, nothing to run, the user's shell) ends here with
  `End`.
- passes: `StartPass` runs the provider in a task of the stream's work nursery (its own cancel scope); a
  `PassSink` posts each delta (`PassDelta`), then `PassEnded`/`PassFailed`. The machine publishes.
- tools: `SendExec`, `AskUser`, `RunWebTool` (a task ... `WebToolDone`), `ShowToolCall`; the editor's
  results come back as inputs; `Checkpoint` stores blobs in the editor and publishes the checkpoint;
  `Snapshot` journals the turn's record (`cursord.agent.restore`).
- end: `RecordTurn` (history), `StoreSummary`, `End` (the stream ends; its work nursery is canceled).
- restart: the stream is re-created from its journal with the machine in RESTORED; `Resumed` ->
  `Resume` goes on from the record.

A conversation action is an input like any other (`ActionRequested`): the machine says what it means where
the turn stands (`cursord.agent.machine.turn_actions`), and a message to keep for a later run comes back as
`KeepAction`, which the actor writes to the store (`cursord.streams.ActionQueue`) before the upload is ACKed.
"""

from __future__ import annotations

import copy
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import attrs
import trio

from cursord.agent import restore, updates
from cursord.agent.auto_review import ALLOWLIST_SECONDS, review, reviewed
from cursord.agent.checkpoints import CheckpointKeeper, history_from_state
from cursord.agent.fallback import FallbackMove
from cursord.agent.history import ConversationHistory
from cursord.agent.machine import (
    AbortExec,
    AllowlistAnswered,
    AllowlistAsked,
    AskEditor,
    AskUser,
    BlobOffers,
    BlobsRead,
    Cancel,
    CancelPass,
    Checkpoint,
    ChooseModel,
    ConversationLoaded,
    Effect,
    End,
    ForgetQuery,
    KeepAction,
    LastTurn,
    LoadConversation,
    ModelChosen,
    OpenRun,
    PassDelta,
    PassEnded,
    PassFailed,
    Publish,
    QueryTimedOut,
    QueuedTaken,
    ReadBlobs,
    RecordTurn,
    Resume,
    ReviewVerdict,
    RouteFacts,
    RunStarted,
    RunWebTool,
    SendExec,
    ShowToolCall,
    Snapshot,
    StartPass,
    StoreSummary,
    TakeQueued,
    Tap,
    TurnMachine,
    TurnState,
    WebToolDone,
)
from cursord.agent.model_choice import picked_for, subagent_models
from cursord.agent.pass_recorder import PassTag
from cursord.agent.review_rules import Target
from cursord.agent.router import ProviderRouter, Route
from cursord.agent.turn_record import CheckpointBase, TurnRecord
from cursord.agent.web_calls import run_web_call
from cursord.connect import ConnectError
from cursord.context import ContextLimits
from cursord.core import (
    ActionRequested,
    ClientHeartbeat,
    ExecControlArrived,
    ExecResultArrived,
    InteractionAnswered,
    KvResultArrived,
    Phase,
    PrewarmRequested,
    RunRequested,
    UnknownUpload,
    current_caller,
    requested_model_id,
)
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.errors import MalformedResponse, ProviderError
from cursord.providers.model import Delta, PassRequest, ToolCallDone, ToolCallPart
from cursord.store import Store, TurnMeta, TurnStatus, summary_message
from cursord.streams import ActionQueue, ActiveStream, StreamBehaviour, upload_origin
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
    #: the models the latest run that picked any chose for its subagents, by type
    #: (`cursord.agent.model_choice.subagent_picks`), per user on a team gateway (the stream's task runs as
    #: the user who opened it, `current_caller`; None elsewhere): a subagent on RunSSE names no parent
    subagent_models: dict[str | None, dict[str, str]] = attrs.field(factory=dict)

    def remember_subagent_models(self, models: tuple[tuple[str, str], ...], own_model: str) -> None:
        """What a run picked for its subagents (a pick no configured model serves: the run's own model)."""
        if models:
            picks = {key: model if self.router.route(model) else own_model for key, model in models}
            self.subagent_models[current_caller.get()] = picks

    def subagent_model(self, subagent_type: str) -> str | None:
        """The model the caller's latest picking run chose for `subagent_type`."""
        return picked_for(self.subagent_models.get(current_caller.get(), {}), subagent_type)

    def remember_model(self, request_id: str, model: str) -> None:
        self.run_models.pop(request_id, None)
        self.run_models[request_id] = model
        while len(self.run_models) > MAX_RUN_MODELS:
            del self.run_models[next(iter(self.run_models))]


@attrs.define(eq=False)
class PassSink:
    """Where one provider pass's output goes (`cursord.agent.router.PassListener`): each delta into the
    stream's mailbox as a `PassDelta`, the first one tapped as the pass's first byte, each fallback move
    tapped; the tool calls Auto-review must see are kept for it."""

    stream: ActiveStream
    pass_id: int
    tap: Callable[[str, dict[str, object]], None]
    #: whether a finished tool call of this name is reviewed (Auto-review) before it goes out
    reviews: Callable[[str], bool]
    to_review: list[ToolCallPart] = attrs.field(factory=list)
    first: bool = True

    async def delta(self, delta: Delta) -> None:
        if self.first:
            self.first = False
            self.tap("first_byte", {"pass": self.pass_id})
        if isinstance(delta, ToolCallDone) and self.reviews(delta.name):
            self.to_review.append(ToolCallPart(delta.id, delta.name, delta.arguments))
        await self.stream.post(PassDelta(self.pass_id, delta))

    def moved(self, move: FallbackMove) -> None:
        self.tap(
            "fallback",
            {
                "pass": self.pass_id,
                "from": move.from_target.label,
                "to": move.to_target.label,
                "error": f"{type(move.error).__name__}: {move.error.message}",
            },
        )


#: the inputs the actor hands to the machine as they are
_MACHINE_INPUTS = (
    ActionRequested,
    PrewarmRequested,
    PassDelta,
    PassEnded,
    PassFailed,
    ExecResultArrived,
    ExecControlArrived,
    InteractionAnswered,
    WebToolDone,
    ReviewVerdict,
    AllowlistAsked,
    ModelChosen,
    QueuedTaken,
    ConversationLoaded,
    BlobsRead,
)


@attrs.define(eq=False)
class AllowlistAnswer:
    """The editor's answer to one of Auto-review's allowlist questions, once `done`."""

    done: trio.Event = attrs.field(factory=trio.Event)
    allowlisted: bool = False


@attrs.define(eq=False)
class AgentTurn(StreamBehaviour):
    stream: ActiveStream
    services: AgentServices
    machine: TurnMachine = attrs.field(init=False)
    #: the route the machine's model takes (its providers), once chosen
    route: Route | None = None
    run_request: agent.AgentRunRequest | None = None
    started_at: float = attrs.field(factory=trio.current_time)
    #: the conversation's checkpoints (None: no store, or no conversation id)
    checkpoints: CheckpointKeeper | None = None
    pass_scope: trio.CancelScope | None = None
    #: the timers of the machine's questions to the editor (`AskEditor`), by exec id
    query_timers: dict[int, trio.CancelScope] = attrs.field(factory=dict)
    #: the turn's last record (`Snapshot`), or the one it was restored from
    record: TurnRecord | None = None
    #: Auto-review's allowlist questions waiting for the editor (`AllowlistAsked`), by call id
    allowlist_answers: dict[str, AllowlistAnswer] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        self.machine = self._machine(None)

    @property
    def phase(self) -> Phase:
        """The stream's phase, read off the turn's state (`TurnState.stream_phase`)."""
        return self.machine.state.stream_phase

    def _machine(self, state: TurnState | None) -> TurnMachine:
        return TurnMachine(
            self.stream.request_id,
            summary_message=summary_message,
            max_passes=self.services.max_passes,
            clock=trio.current_time,
            state=state,
            context_limits=self.services.context_limits,
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
        self._show_conversation()
        self.stream.model_id = state.setup.model
        self.record = record

    @property
    def conversation_id(self) -> str | None:
        return self.machine.state.conversation_id

    def _show_conversation(self) -> None:
        """The stream's copy of the machine's conversation id (the status page shows it)."""
        self.stream.conversation_id = self.machine.state.conversation_id

    # ---- input routing ----------------------------------------------------------------------------

    async def handle(self, item: object) -> None:
        match item:
            case RunRequested():
                await self._feed(RunStarted(item.request, item.conversation_id, item.parent_request_id))
            case restore.Resumed():
                await self._resume()
            case QueryTimedOut() if item.exec_seq in self.query_timers:
                del self.query_timers[item.exec_seq]
                await self._feed(item)
            case QueryTimedOut():  # it fired as the answer came: `ForgetQuery` has settled the question
                log.debug("stream %s: timer of question %d, answered since", self.stream.request_id, item.exec_seq)
            case _ if isinstance(item, _MACHINE_INPUTS):
                await self._feed(item)
            case KvResultArrived() if self.checkpoints is not None:
                await self.checkpoints.on_result(item)  # a blob stored, or one read back for a waiting task
            case KvResultArrived() | ClientHeartbeat() | UnknownUpload():
                log.debug("stream %s: %s ignored", self.stream.request_id, type(item).__name__)
            case _:
                raise TypeError(f"AgentTurn cannot handle {type(item).__name__}")

    async def cancel(self, error: ConnectError) -> None:
        """Stop the pass (closing its provider connection) and abort every exec still pending."""
        await self._feed(Cancel(error))

    async def after_end(self, item: object) -> None:
        """Uploads that still matter once the stream has ended: the editor's answers to blob stores, and a
        conversation action (a message sent as the turn ended is kept for the conversation's next run)."""
        if isinstance(item, KvResultArrived) and self.checkpoints is not None:
            await self.checkpoints.on_result(item, may_retry=False)
        elif isinstance(item, ActionRequested):
            await self._feed(item)

    async def _keep(self, action: agent.ConversationAction, conversation_id: str | None) -> None:
        """Keep `action` for the conversation's next run (None: for this request's run_request), in the store
        before its upload is ACKed."""
        queue = self.services.actions
        origin = upload_origin(self.stream.request_id, self.stream.taking)  # kept once, however often it is sent
        if queue is None:
            log.warning("stream %s: no store to keep a conversation action in; dropped", self.stream.request_id)
            return
        try:
            if conversation_id is not None:
                await queue.queue(conversation_id, action, origin)
            else:
                await queue.hold(self.stream.request_id, action, origin)
        except ConnectError as refused:  # the upload is ACKed: all that is left is to say so
            log.warning("stream %s: a conversation action was not kept: %s", self.stream.request_id,
                        refused.message)

    async def _resume(self) -> None:
        """Go on after a restart, from the record `_restore` read (its checkpoint keeper rebuilt first)."""
        store, conversation_id = self.services.store, self.conversation_id
        if self.route is not None and store is not None and conversation_id is not None:
            self.checkpoints = keeper = CheckpointKeeper(store, self.stream, conversation_id)
            base = self.record.checkpoint_base if self.record is not None else None
            if base is None and self.run_request is not None:  # a record of the first format
                await keeper.load_base(self.run_request)
            elif base is not None:
                keeper.base_state, keeper.earlier_turns = base.state, base.earlier_turns
            if self.record is not None:
                keeper.tool_calls.update(self.record.tool_views)
                keeper.ledger = copy.deepcopy(self.record.blobs)
        await self._feed(Resume(self.route is not None, tuple(self.services.router.names)))

    # ---- the machine's effects --------------------------------------------------------------------

    async def _feed(self, item: object) -> None:
        effects = list(self.machine.handle(item))
        self._show_conversation()
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
        # After the effects: a turn that failed has ended its stream by then, and is never heard checkpointing.
        self.stream.refresh_phase()

    async def _execute(self, effect: Effect, *, durable_snapshot: bool = False) -> None:
        stream = self.stream
        match effect:
            case OpenRun(request=request, conversation_id=conversation_id):
                self.run_request = request
                stream.model_id = requested_model_id(request)
                if self.services.store is not None and conversation_id is not None:
                    self.checkpoints = CheckpointKeeper(self.services.store, stream, conversation_id)
            case ChooseModel():
                stream.start_task(self._answer, self._choose_model, effect, name="prep:choose-model")
            case TakeQueued(conversation_id=conversation_id):
                stream.start_task(self._answer, self._take_queued, conversation_id, name="prep:take-queued")
            case LoadConversation():
                stream.start_task(self._answer, self._load_conversation, effect, name="prep:load")
            case AskEditor(message=message, timeout=timeout):
                stream.publish(updates.exec_request(message))
                self.query_timers[message.id] = scope = trio.CancelScope()
                stream.start_task(self._time_query, message.id, timeout, scope, name=f"prep:ask:{message.id}")
            case ForgetQuery(exec_seq=exec_seq):
                timer = self.query_timers.pop(exec_seq, None)
                if timer is not None:
                    timer.cancel()
            case ReadBlobs(ids=ids):
                stream.start_task(self._answer, self._read_blobs, ids, name="prep:read-blobs")
            case Publish(message=message):
                stream.publish(message)
            case StartPass():
                assert self.route is not None
                self.pass_scope = trio.CancelScope()
                name = f"pass:{effect.model_call_id}"
                tag = PassTag(effect.model_call_id, stream.request_id, self.conversation_id)
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
                if effect.final:  # observers hear the completed turn checkpointing while its last one is written
                    stream.refresh_phase()
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
                await self._record(effect, record)
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
            case KeepAction(action=action, conversation_id=conversation_id):
                await self._keep(action, conversation_id)
            case End(error=error):
                stream.end(error)
            case AllowlistAnswered(call_id=call_id, allowlisted=allowlisted):
                waiting = self.allowlist_answers.get(call_id)
                if waiting is not None:  # else its review gave up on it
                    waiting.allowlisted = allowlisted
                    waiting.done.set()

    # ---- I/O for the machine ----------------------------------------------------------------------

    async def _answer(self, fetch: Callable[..., Awaitable[object]], *args: Any) -> None:
        """A task: do the I/O an effect asks for, and post its answer into the mailbox as the next input."""
        await self.stream.post(await fetch(*args))

    async def _choose_model(self, choose: ChooseModel) -> ModelChosen:
        history, router = self.services.history, self.services.router
        earlier = await history.turns(choose.conversation_id) if choose.conversation_id else []
        services = self.services
        parent = services.run_models.get(choose.parent_request_id) if choose.parent_request_id else None
        pick = services.subagent_model(choose.subagent_type) if choose.subagent_type else None
        self.route = route = router.choose(
            choose.model, [t.model for t in earlier], parent, subagent=choose.subagent, subagent_pick=pick
        )
        if route is None:
            return ModelChosen(None, tuple(router.names))
        self.stream.model_id = route.model
        services.remember_model(self.stream.request_id, route.model)
        if self.run_request is not None:
            services.remember_subagent_models(subagent_models(self.run_request, route.model), route.model)
        if choose.subagent:
            log.info(
                "stream %s: a subagent (%s) of %s, on %s",
                self.stream.request_id,
                choose.subagent_type or "untyped",
                choose.parent_request_id or "a parent it does not name",
                route.model,
            )
        return ModelChosen(RouteFacts(route.model, route.provider.name, route.context_window, route.vision))

    async def _take_queued(self, conversation_id: str | None) -> QueuedTaken:
        """What waits for this run: held for its request id, queued for its conversation (`ActionQueue`)."""
        actions = self.services.actions
        taken = await actions.take(self.stream.request_id, conversation_id) if actions is not None else []
        return QueuedTaken(tuple(taken))

    async def _load_conversation(self, load: LoadConversation) -> ConversationLoaded:
        """The conversation so far: cursord's own store, else (a conversation cursord has never seen) what
        the editor's `conversation_state` blobs say: from `pre_fetched_blobs`, cursord's blobs, or read
        back from the editor (`get_blob_args`). With `last_turn`, the conversation's last turn too."""
        history, conversation_id = self.services.history, load.conversation_id
        if conversation_id is None:
            return ConversationLoaded()
        messages = await history.load(conversation_id)
        keeper, request = self.checkpoints, self.run_request
        if load.checkpoints and keeper is not None and request is not None:
            base_state = await keeper.load_base(request)
            if not messages and base_state is not None and base_state.turns:
                known = {blob.id: blob.value for blob in request.pre_fetched_blobs}

                async def blob(blob_id: bytes) -> bytes | None:
                    return known[blob_id] if blob_id in known else await self._blob(blob_id)

                messages = await history_from_state(base_state, blob)
                if messages:
                    log.info(
                        "stream %s: history rebuilt from %d turns of the editor's conversation state",
                        self.stream.request_id,
                        len(base_state.turns),
                    )
        last = None
        if load.last_turn:
            turns = await history.turns(conversation_id)
            if turns:
                stored = await history.turn_messages(conversation_id, turns[-1].turn_seq)
                last = LastTurn(turns[-1].status is TurnStatus.COMPLETED, tuple(stored))
        return ConversationLoaded(tuple(messages), last)

    async def _time_query(self, exec_seq: int, seconds: float, scope: trio.CancelScope) -> None:
        """The question's deadline: `QueryTimedOut` unless `ForgetQuery` cancels `scope` first."""
        with scope:
            await trio.sleep(seconds)
            await self.stream.post(QueryTimedOut(exec_seq))

    async def _read_blobs(self, ids: tuple[bytes, ...]) -> BlobsRead:
        found = []
        for blob_id in ids:
            data = await self._blob(blob_id)
            if data is not None:
                found.append((blob_id, data))
        return BlobsRead(tuple(found))

    async def _blob(self, blob_id: bytes) -> bytes | None:
        """A blob: cursord's store, else the editor's (kv `get_blob_args`)."""
        store = self.services.store
        data = await store.get_blob(blob_id) if store is not None else None
        if data is None and self.checkpoints is not None:
            data = await self.checkpoints.fetch(blob_id)
        return data

    def _record_of(self, state: TurnState) -> TurnRecord:
        """The turn's record now: the machine's state and what this actor keeps beside it (copied)."""
        keeper = self.checkpoints
        return TurnRecord(
            state,
            self.run_request or agent.AgentRunRequest(),
            len(self.stream.backlog.frames),
            dict(keeper.tool_calls) if keeper is not None else {},
            copy.deepcopy(keeper.ledger) if keeper is not None else BlobOffers(),
            CheckpointBase(keeper.base_state, keeper.earlier_turns) if keeper is not None else None,
        )

    async def _save(self, record: TurnRecord, *, durable: bool = False) -> None:
        """Keep `record` as the turn's; `durable`: return once it is committed (not only queued)."""
        self.record = record
        store = self.services.store
        if store is not None and durable:
            await restore.save_now(store, self.stream.request_id, record)
        elif store is not None:
            restore.save(store, self.stream.request_id, record)

    async def _record(self, effect: RecordTurn, record: TurnRecord | None = None) -> None:
        """Store the turn in the conversation's history, and `record` (the turn's record once recorded) in
        its journal in the same transaction."""
        if self.conversation_id is None or not effect.messages:
            return
        journal = None
        if record is not None:
            self.record = record
            if self.services.store is not None:
                journal = restore.pending_entry(record)
        meta = TurnMeta(
            request_id=self.stream.request_id,
            status=TurnStatus(effect.status.value),
            usage=effect.usage,
            model=effect.model,
            error=effect.error,
            started_at=self.started_at,
        )
        await self.services.history.record_turn(
            self.conversation_id, list(effect.messages), meta, journal_entry=journal
        )

    def _tap(self, event: str, timings: dict[str, object]) -> None:
        if self.services.tap is not None:
            self.services.tap.record_provider(self.stream.request_id, event, timings)

    def _reviewer(self, route: Route) -> Route:
        """Auto-review's model: the configured `review_model`, else the run's own."""
        wanted = self.services.review_model
        return (self.services.router.choose(wanted) if wanted else None) or route

    def _reviews(self, tool_name: str) -> bool:
        """Whether Auto-review looks at a call of `tool_name` before it goes out (the user picked it)."""
        setup = self.machine.state.setup
        return (
            setup is not None and setup.auto_review and setup.tools is not None and reviewed(setup.tools.get(tool_name))
        )

    async def _review(self, pass_id: int, route: Route, call: ToolCallPart, tag: PassTag) -> None:
        """Auto-review's verdict on `call`, tapped and handed to the machine (which marks the request)."""
        setup = self.machine.state.setup
        assert setup is not None and setup.tools is not None
        tool = setup.tools.get(call.name)
        allowlisted = functools.partial(self._allowlisted, pass_id, call.id)
        verdict = await review(
            self.services.router, self._reviewer(route), tool, call, tag, setup.workspace, allowlisted
        )
        self._tap(
            "auto_review",
            {
                "pass": pass_id,
                "call": call.id,
                "tool": call.name,
                "verdict": verdict.outcome.value,
                "reason": verdict.reason,
            },
        )
        await self.stream.post(ReviewVerdict(pass_id, call.id, verdict.outcome, verdict.reason))

    async def _allowlisted(self, pass_id: int, call_id: str, target: Target) -> bool:
        """Whether the editor says the user's own allowlist covers the Shell command of `target` (no answer
        within `ALLOWLIST_SECONDS`: not covered)."""
        waiting = self.allowlist_answers[call_id] = AllowlistAnswer()
        try:
            await self.stream.post(AllowlistAsked(pass_id, call_id, target.whole, target.where))
            with trio.move_on_after(ALLOWLIST_SECONDS):
                await waiting.done.wait()
            return waiting.allowlisted
        finally:
            del self.allowlist_answers[call_id]

    async def _run_web(self, effect: RunWebTool) -> None:
        outcome, result = await run_web_call(self.services.web, effect.tool_name, effect.arguments, self._tap)
        await self.stream.post(WebToolDone(effect.call_id, outcome, result))

    async def _run_pass(
        self, pass_id: int, route: Route, request: PassRequest, tag: PassTag, scope: trio.CancelScope
    ) -> None:
        sink = PassSink(self.stream, pass_id, self._tap, self._reviews)
        error: ProviderError | None = None
        with scope:
            try:
                await self.services.router.run_pass(route, request, sink, tag)  # recorded in the ledger
                for call in sink.to_review:  # in call order, before the pass ends (its calls wait for them)
                    await self._review(pass_id, route, call, tag)
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


def _exec_before_snapshot(effects: list[Effect]) -> bool:
    """Whether `effects` send the editor an exec (or a question) and then snapshot the turn."""
    asked = False
    for effect in effects:
        if isinstance(effect, SendExec | AskUser):
            asked = True
        elif isinstance(effect, Snapshot) and asked:
            return True
    return False
