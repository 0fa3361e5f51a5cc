"""TurnHands: the agent turn's effects carried out, one named executor per effect type.

Theory of operation. The machine returns effects; `TurnHands.execute` looks each one's type up in
`EXECUTORS` (as hypercorn's typed `send` does) and runs its executor, in order. An effect that asks a
question (the model's route, what is queued, the conversation, blobs, a web search) starts a work task on
the stream (`TurnPort.start_task`) whose answer comes back through the mailbox as the machine's next input;
the rest store or end at once (a `Publish` the turn carries out itself, `AgentTurn._carry_out_now`).
Beside the machine's state the hands keep only what the machine cannot hold: the route's providers, the
conversation's checkpoint keeper, the timers of questions to the editor, the running pass
(`cursord.agent.pass_task`) and review (`cursord.agent.review_task`), and the turn's last record.

The durability rule is the machine's (`cursord.agent.machine.durability`): here `HoldDelivery` holds the
stream's frames from the editor when a store will make the snapshot durable, a durable `Snapshot` waits
for the commit, and the actor shows what was held once the input's effects are all carried out (`release`).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import attrs
import trio

from cursord.agent import restore, updates
from cursord.agent.checkpoints import CheckpointKeeper
from cursord.agent.machine import (
    AbortExec,
    AllowlistAnswered,
    AskEditor,
    AskUser,
    BlobOffers,
    CancelPass,
    CancelReview,
    Checkpoint,
    ChooseModel,
    ConversationLoaded,
    Effect,
    End,
    ForgetQuery,
    HoldDelivery,
    KeepAction,
    LoadConversation,
    ModelChosen,
    OpenRun,
    QueryTimedOut,
    QueuedTaken,
    ReadBlobs,
    RecordTurn,
    ReviewCalls,
    RunWebTool,
    SendExec,
    ShowToolCall,
    Snapshot,
    StartPass,
    StoreSummary,
    TakeQueued,
    Tap,
    TurnState,
    WebToolDone,
)
from cursord.agent.pass_task import TurnPasses
from cursord.agent.review_task import TurnReviews
from cursord.agent.router import Route
from cursord.agent.turn_answers import (
    choose_model,
    keep_action,
    load_conversation,
    needs_earlier_models,
    read_blobs,
    route_for,
    take_queued,
)
from cursord.agent.turn_port import TurnPort
from cursord.agent.turn_record import CheckpointBase, TurnRecord
from cursord.agent.turn_services import AgentServices
from cursord.agent.web_calls import run_web_call
from cursord.core import requested_model_id
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import TurnMeta, TurnStatus

log = logging.getLogger(__name__)


@attrs.define(eq=False)
class TurnHands:
    """What carries out one turn's effects (see the module docstring)."""

    port: TurnPort
    services: AgentServices
    #: the machine's state now (its conversation id, its setup)
    state: Callable[[], TurnState]
    passes: TurnPasses = attrs.field(init=False)
    reviews: TurnReviews = attrs.field(init=False)
    #: the route the machine's model takes (its providers), once chosen
    route: Route | None = None
    started_at: float = attrs.field(factory=trio.current_time)
    #: the conversation's checkpoints (None: no store, or no conversation id)
    checkpoints: CheckpointKeeper | None = None
    #: the timers of the machine's questions to the editor (`AskEditor`), by exec id
    query_timers: dict[int, trio.CancelScope] = attrs.field(factory=dict)
    #: the turn's last record (`Snapshot`), or the one it was restored from
    record: TurnRecord | None = None
    #: the stream's frames are held from the editor (`HoldDelivery`) until the input's effects are done
    holding: bool = False
    #: answers to questions that needed no I/O (a model the run names, no conversation to load, no store to
    #: take from or nothing waiting in it), given at once instead of by a work task: the actor feeds each as the
    #: next input
    answered: list[object] = attrs.field(factory=list)

    def __attrs_post_init__(self) -> None:
        self.passes = TurnPasses(self.port, self.services)
        self.reviews = TurnReviews(self.port, self.services)

    @property
    def conversation_id(self) -> str | None:
        return self.state().conversation_id

    @property
    def run_request(self) -> agent.AgentRunRequest | None:
        """The run's request, as the machine's state holds it (None before the run_request)."""
        return self.state().run_request

    async def execute(self, effect: Effect) -> None:
        await EXECUTORS[type(effect)](self, effect)

    def release(self) -> None:
        """Show the editor whatever is held: after an input's last effect (also when one failed half way)."""
        if self.holding:
            self.holding = False
            self.port.release_delivery()

    def tap(self, event: str, timings: dict[str, object]) -> None:
        self.services.tap_provider(self.port.request_id, event, timings)

    # ---- preparing --------------------------------------------------------------------------------

    async def _open_run(self, effect: OpenRun) -> None:
        self.port.model_id = requested_model_id(effect.request)
        if self.services.store is not None and effect.conversation_id is not None:
            self.checkpoints = CheckpointKeeper(self.services.store, self.port, effect.conversation_id)

    async def _choose_model(self, effect: ChooseModel) -> None:
        if needs_earlier_models(self.services, effect):
            self.port.start_task(self._answer, self._chosen, effect, name="prep:choose-model")
        else:
            self.route, chosen = route_for(self.services, self.port, self.run_request, effect, [])
            self.answered.append(chosen)

    async def _chosen(self, effect: ChooseModel) -> ModelChosen:
        self.route, chosen = await choose_model(self.services, self.port, self.run_request, effect)
        return chosen

    async def _take_queued(self, effect: TakeQueued) -> None:
        actions = self.services.actions
        if actions is None or actions.nothing_for(self.port.request_id, effect.conversation_id):
            self.answered.append(QueuedTaken(()))
            return
        args = (self.services, self.port.request_id, effect.conversation_id)
        self.port.start_task(self._answer, take_queued, *args, name="prep:take-queued")

    async def _load_conversation(self, effect: LoadConversation) -> None:
        if effect.conversation_id is None:
            self.answered.append(ConversationLoaded())
            return
        args = (self.services, self.checkpoints, self.run_request, effect)
        self.port.start_task(self._answer, load_conversation, *args, name="prep:load")

    async def _read_blobs(self, effect: ReadBlobs) -> None:
        args = (self.services, self.checkpoints, effect.ids)
        self.port.start_task(self._answer, read_blobs, *args, name="prep:read-blobs")

    async def _ask_editor(self, effect: AskEditor) -> None:
        message = effect.message
        self.port.publish(updates.exec_request(message))
        self.query_timers[message.id] = scope = trio.CancelScope()
        self.port.start_task(self._time_query, message.id, effect.timeout, scope, name=f"prep:ask:{message.id}")

    async def _forget_query(self, effect: ForgetQuery) -> None:
        timer = self.query_timers.pop(effect.exec_seq, None)
        if timer is not None:
            timer.cancel()

    async def _answer(self, fetch: Callable[..., Awaitable[object]], *args: Any) -> None:
        """A task: do the I/O an effect asks for, and post its answer into the mailbox as the next input."""
        await self.port.post(await fetch(*args))

    async def _time_query(self, exec_seq: int, seconds: float, scope: trio.CancelScope) -> None:
        """The question's deadline: `QueryTimedOut` unless `ForgetQuery` cancels `scope` first."""
        with scope:
            await trio.sleep(seconds)
            await self.port.post(QueryTimedOut(exec_seq))

    # ---- passes and tools -------------------------------------------------------------------------

    async def _start_pass(self, effect: StartPass) -> None:
        assert self.route is not None
        self.passes.start(effect, self.route, self.conversation_id)

    async def _cancel_pass(self, _: CancelPass) -> None:
        self.passes.cancel()

    async def _review_calls(self, effect: ReviewCalls) -> None:
        assert self.route is not None
        self.reviews.start(effect, self.route, self.conversation_id)

    async def _cancel_review(self, _: CancelReview) -> None:
        self.reviews.cancel()

    async def _allowlist_answered(self, effect: AllowlistAnswered) -> None:
        self.reviews.answered(effect)

    async def _send_exec(self, effect: SendExec) -> None:
        self.port.publish(updates.exec_request(effect.message))

    async def _abort_exec(self, effect: AbortExec) -> None:
        self.port.publish(updates.exec_abort(effect.exec_seq))

    async def _ask_user(self, effect: AskUser) -> None:
        self.port.publish(updates.interaction_query(effect.query))

    async def _run_web_tool(self, effect: RunWebTool) -> None:
        self.port.start_task(self._run_web, effect, name=f"web:{effect.call_id}")

    async def _run_web(self, effect: RunWebTool) -> None:
        outcome, result = await run_web_call(self.services.web, effect.tool_name, effect.arguments, self.tap)
        await self.port.post(WebToolDone(effect.call_id, outcome, result))

    async def _show_tool_call(self, effect: ShowToolCall) -> None:
        if self.checkpoints is not None:
            self.checkpoints.tool_calls[effect.call_id] = effect.view
        show = updates.tool_call_completed if effect.completed else updates.tool_call_started
        self.port.publish(show(effect.call_id, effect.view, effect.model_call_id))

    async def _tap(self, effect: Tap) -> None:
        self.tap(effect.event, effect.timings)

    # ---- keeping ----------------------------------------------------------------------------------

    async def _checkpoint(self, effect: Checkpoint) -> None:
        if effect.final:  # observers hear the completed turn checkpointing while its last one is written
            self.port.refresh_phase()
        if self.checkpoints is not None:
            await self.checkpoints.publish(
                list(effect.turn_messages),
                used_tokens=effect.used_tokens,
                max_tokens=effect.max_tokens,
                mode=effect.mode,
                summary=effect.summary,
                final=effect.final,
            )

    async def _hold_delivery(self, _: HoldDelivery) -> None:
        if self.services.store is not None:  # no store, no snapshot on disk to wait for
            self.holding = True
            self.port.hold_delivery()

    async def _snapshot(self, effect: Snapshot) -> None:
        if self.run_request is not None:
            await self._save(self.record_of(effect.state), durable=effect.durable)

    def record_of(self, state: TurnState) -> TurnRecord:
        """The turn's record now: the machine's state and what the hands keep beside it (copied)."""
        keeper = self.checkpoints
        return TurnRecord(
            state,
            self.port.frames_published,
            dict(keeper.tool_calls) if keeper is not None else {},
            copy.deepcopy(keeper.ledger) if keeper is not None else BlobOffers(),
            CheckpointBase(keeper.base_state, keeper.earlier_turns) if keeper is not None else None,
        )

    async def _save(self, record: TurnRecord, *, durable: bool = False) -> None:
        """Keep `record` as the turn's; `durable`: return once it is committed (not only queued)."""
        self.record = record
        store = self.services.store
        if store is not None and durable:
            await restore.save_now(store, self.port.request_id, record)
        elif store is not None:
            restore.save(store, self.port.request_id, record)

    async def _record_turn(self, effect: RecordTurn) -> None:
        """Store the turn in the conversation's history, and its record once recorded in its journal in the
        same transaction."""
        if self.conversation_id is None or not effect.messages:
            return
        journal = None
        if effect.recorded is not None:
            self.record = self.record_of(effect.recorded)
            if self.services.store is not None:
                journal = restore.pending_entry(self.record)
        meta = TurnMeta(
            request_id=self.port.request_id,
            status=TurnStatus(effect.status.value),
            usage=effect.usage,
            model=effect.model,
            error=effect.error,
            started_at=self.started_at,
        )
        await self.services.history.record_turn(
            self.conversation_id, list(effect.messages), meta, journal_entry=journal
        )

    async def _store_summary(self, effect: StoreSummary) -> None:
        if self.conversation_id is not None:
            turns = await self.services.history.turns(self.conversation_id)
            if turns:
                last = max(t.turn_seq for t in turns)
                await self.services.history.set_summary(self.conversation_id, effect.text, last)

    async def _keep_action(self, effect: KeepAction) -> None:
        await keep_action(self.services, self.port, effect.action, effect.conversation_id)

    async def _end(self, effect: End) -> None:
        self.port.end(effect.error)


Executor = Callable[[TurnHands, Any], Awaitable[None]]

#: each effect type's executor (an effect with none is our bug: a KeyError ends the stream `internal`); not
#: `Publish`, which the turn carries out itself, without a coroutine (`AgentTurn._carry_out_now`)
EXECUTORS: Mapping[type, Executor] = {
    OpenRun: TurnHands._open_run,
    ChooseModel: TurnHands._choose_model,
    TakeQueued: TurnHands._take_queued,
    LoadConversation: TurnHands._load_conversation,
    AskEditor: TurnHands._ask_editor,
    ForgetQuery: TurnHands._forget_query,
    ReadBlobs: TurnHands._read_blobs,
    StartPass: TurnHands._start_pass,
    CancelPass: TurnHands._cancel_pass,
    ReviewCalls: TurnHands._review_calls,
    CancelReview: TurnHands._cancel_review,
    SendExec: TurnHands._send_exec,
    AbortExec: TurnHands._abort_exec,
    AskUser: TurnHands._ask_user,
    RunWebTool: TurnHands._run_web_tool,
    ShowToolCall: TurnHands._show_tool_call,
    Checkpoint: TurnHands._checkpoint,
    RecordTurn: TurnHands._record_turn,
    StoreSummary: TurnHands._store_summary,
    Snapshot: TurnHands._snapshot,
    HoldDelivery: TurnHands._hold_delivery,
    Tap: TurnHands._tap,
    KeepAction: TurnHands._keep_action,
    End: TurnHands._end,
    AllowlistAnswered: TurnHands._allowlist_answered,
}
