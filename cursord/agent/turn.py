"""AgentTurn: the trio actor that runs an agent turn on the user's own provider.

Theory of operation. The turn's rules live in the sans-IO `cursord.agent.machine.TurnMachine`, from the
run_request to the end; this actor routes each mailbox item (to the machine as an input, or to the
checkpoint keeper) and hands the effects the machine returns, in order, to `TurnHands`
(`cursord.agent.turn_effects`: one named executor per effect type, the I/O in `cursord.agent.turn_answers`,
`cursord.agent.pass_task` and `cursord.agent.review_task`). It decides nothing about the turn, and every
input, the editor's answers included, comes through the stream's mailbox: the actor never waits inside a
handler for the editor, so a cancel is taken at once whatever the turn is doing. It reaches its stream only
through `TurnPort` (`cursord.agent.turn_port`), so it is tested alone against a fake
(tests/agent/test_agent_turn.py).

One turn, effect by effect (input -> effects; `...` = the answer comes back later as an input):

- run_request -> `RunStarted` (a second one changes nothing; the request's one holder is the machine's
  state, `TurnState.run_request`) -> `OpenRun` (the actor opens the conversation's checkpoints),
  `ChooseModel` ... `ModelChosen` (the catalog; a task only when the conversation's earlier turns are read:
  the run names no model of the catalog) -> `TakeQueued` ... `QueuedTaken` (what waits for the run in the
  store: held for its request id, queued for its conversation). A question that needs no I/O (that one, a
  run with no conversation to load, no store to take from) is answered at once: the actor feeds the answer
  as the next input (`TurnHands.answered`) instead of starting a work task that posts it.
- preparing (`cursord.agent.machine.turn_prep`): `LoadConversation` ... `ConversationLoaded` (a task:
  history, the checkpoint base, blobs read back from the editor); `AskEditor` publishes an exec (request
  context, MCP state, the user's shell command) and starts its timer ... the editor's `ExecResultArrived`
  (then `ForgetQuery` stops the timer) or `QueryTimedOut`; `ReadBlobs` ... `BlobsRead` (a task: cursord's
  store, else the editor's `get_blob_args`, whose `KvResultArrived` answer the actor hands to the waiting
  task). A run that never calls the model (not served, nothing to run, the user's shell) ends here with
  `End`.
- passes: `StartPass` runs the provider in a task of the stream's work nursery (its own cancel scope); a
  `PassSink` posts each delta (`PassDelta`), then `PassEnded`/`PassFailed`. The machine publishes.
  Under Auto-review `ReviewCalls` runs the reviewer in a task (`cursord.agent.review_task`) ... a
  `ReviewAnswered` for each call.
- tools: `SendExec`, `AskUser`, `RunWebTool` (a task ... `WebToolDone`), `ShowToolCall`; the editor's
  results come back as inputs; `Checkpoint` stores blobs in the editor and publishes the checkpoint;
  `Snapshot` journals the turn's record (`cursord.agent.restore`); an exec sent before a snapshot is held
  from the editor until that snapshot is committed (`HoldDelivery`, a durable `Snapshot`: the
  machine's durability rule, `cursord.agent.machine.durability`).
- end: `RecordTurn` (history), `StoreSummary`, `End` (the stream ends; its work nursery is canceled).
- restart: the stream is re-created from its journal with the machine in RESTORED; `Resumed` ->
  `Resume` goes on from the record.

A conversation action is an input like any other (`ActionRequested`): the machine says what it means where
the turn stands (`cursord.agent.machine.turn_actions`), and a message to keep for a later run comes back as
`KeepAction`, which the actor writes to the store (`cursord.streams.ActionQueue`) before the upload is ACKed.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from typing import Any

import attrs
import trio

from cursord.agent import restore
from cursord.agent.checkpoints import CheckpointKeeper
from cursord.agent.machine import (
    MACHINE_INPUTS,
    Cancel,
    Effect,
    PassDelta,
    Publish,
    QueryTimedOut,
    Resume,
    RunStarted,
    TurnMachine,
    TurnPhase,
    TurnState,
)
from cursord.agent.pass_task import PassSink
from cursord.agent.turn_effects import TurnHands
from cursord.agent.turn_port import TurnPort
from cursord.agent.turn_services import AgentServices, ProviderEventSink
from cursord.connect import ConnectError
from cursord.core import (
    ActionRequested,
    ClientHeartbeat,
    KvResultArrived,
    Phase,
    RunRequested,
    UnknownUpload,
)
from cursord.store import summary_message
from cursord.streams import StreamBehaviour

__all__ = ["AgentServices", "AgentTurn", "PassSink", "ProviderEventSink"]

log = logging.getLogger(__name__)


@attrs.define(eq=False)
class AgentTurn(StreamBehaviour):
    #: the stream the turn runs in, as the turn sees it
    stream: TurnPort
    services: AgentServices
    machine: TurnMachine = attrs.field(init=False)
    hands: TurnHands = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.machine = self._machine(None)
        self.hands = TurnHands(self.stream, self.services, lambda: self.machine.state)

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
    def factory(cls, services: AgentServices) -> Callable[[TurnPort], AgentTurn]:
        def make(stream: TurnPort) -> AgentTurn:
            return cls(stream, services)

        return make

    @classmethod
    def resuming(cls, services: AgentServices) -> Callable[[dict[str, Any]], Callable[[TurnPort], AgentTurn]]:
        """Factories for turns re-created from a snapshot (`cursord.agent.restore`)."""

        def for_snapshot(snapshot: dict[str, Any]) -> Callable[[TurnPort], AgentTurn]:
            def make(stream: TurnPort) -> AgentTurn:
                turn = cls(stream, services)
                turn._restore(snapshot)
                return turn

            return make

        return for_snapshot

    def _restore(self, snapshot: dict[str, Any]) -> None:
        hands = self.hands
        record, hands.route = restore.read(snapshot, self.services.router.route, trio.current_time())
        state = record.state
        assert state.setup is not None
        self.machine = self._machine(state)
        self._show_conversation()
        self.stream.model_id = state.setup.model
        hands.record = record

    @property
    def conversation_id(self) -> str | None:
        return self.machine.state.conversation_id

    def _show_conversation(self) -> None:
        """The stream's copy of the machine's conversation id (the status page shows it)."""
        self.stream.conversation_id = self.machine.state.conversation_id

    # ---- input routing ----------------------------------------------------------------------------

    async def handle(self, item: object) -> None:
        if type(item) is PassDelta:  # most of what a turn takes: straight to the machine
            await self._feed(item)
            return
        match item:
            case RunRequested():
                await self._feed(RunStarted(item.request, item.conversation_id, item.parent_request_id))
            case restore.Resumed():
                await self._resume()
            case QueryTimedOut() if item.exec_seq in self.hands.query_timers:
                del self.hands.query_timers[item.exec_seq]
                await self._feed(item)
            case QueryTimedOut():  # it fired as the answer came: `ForgetQuery` has settled the question
                log.debug("stream %s: timer of question %d, answered since", self.stream.request_id, item.exec_seq)
            case _ if isinstance(item, MACHINE_INPUTS):
                await self._feed(item)
            case KvResultArrived() if self.hands.checkpoints is not None:
                await self.hands.checkpoints.on_result(item)  # a blob stored, or one read back for a waiting task
            case KvResultArrived() | ClientHeartbeat() | UnknownUpload():
                log.debug("stream %s: %s ignored", self.stream.request_id, type(item).__name__)
            case _:
                raise TypeError(f"AgentTurn cannot handle {type(item).__name__}")

    def take_now(self, item: object) -> bool:
        """A provider's delta taken at once (`ActiveStream.take_now`: the actor waits between inputs): the
        machine's step and its effects, which for a delta are only frames to publish (`PassBuffer.take`).
        A delta leaves the turn's state, and so the stream's phase, as it was: no `refresh_phase` after it."""
        if type(item) is not PassDelta or self.machine.state.phase is not TurnPhase.PASS:
            return False
        for effect in self.machine.take_delta(item):
            self._carry_out_now(effect)
        return True

    def _carry_out_now(self, effect: Effect) -> None:
        """Publish a delta's frame; any other effect cannot be carried out without waiting (our bug)."""
        if type(effect) is not Publish:
            raise TypeError(f"a provider delta's {type(effect).__name__} cannot be carried out at once")
        self.stream.publish(effect.message)

    async def cancel(self, error: ConnectError) -> None:
        """Stop the pass (closing its provider connection) and abort every exec still pending."""
        await self._feed(Cancel(error))

    async def after_end(self, item: object) -> None:
        """Uploads that still matter once the stream has ended: the editor's answers to blob stores, and a
        conversation action (a message sent as the turn ended is kept for the conversation's next run)."""
        if isinstance(item, KvResultArrived) and self.hands.checkpoints is not None:
            await self.hands.checkpoints.on_result(item, may_retry=False)
        elif isinstance(item, ActionRequested):
            await self._feed(item)

    async def _resume(self) -> None:
        """Go on after a restart, from the record `_restore` read (its checkpoint keeper rebuilt first)."""
        hands, store, conversation_id = self.hands, self.services.store, self.conversation_id
        if hands.route is not None and store is not None and conversation_id is not None:
            hands.checkpoints = keeper = CheckpointKeeper(store, self.stream, conversation_id)
            base = hands.record.checkpoint_base if hands.record is not None else None
            if base is None and hands.run_request is not None:  # a record of the first format
                await keeper.load_base(hands.run_request)
            elif base is not None:
                keeper.base_state, keeper.earlier_turns = base.state, base.earlier_turns
            if hands.record is not None:
                keeper.tool_calls.update(hands.record.tool_views)
                keeper.ledger = copy.deepcopy(hands.record.blobs)
        await self._feed(Resume(hands.route is not None, tuple(self.services.router.names)))

    # ---- the machine's effects --------------------------------------------------------------------

    async def _feed(self, item: object) -> None:
        """`item` to the machine and its effects carried out; then, each as the next input, the answers the
        hands gave at once (`TurnHands.answered`: a question that needed no I/O and so no work task)."""
        answered = self.hands.answered
        try:
            while True:
                effects = self.machine.handle(item)
                self._show_conversation()
                try:
                    for effect in effects:
                        await self._execute(effect)
                finally:
                    self.hands.release()  # frames held for a snapshot are shown even if an effect failed
                # After the effects: a turn that failed has ended its stream by then, never heard checkpointing.
                self.stream.refresh_phase()
                if not answered:
                    return
                item = answered.pop(0)
        except BaseException:
            answered.clear()  # the answers of an input that failed are no one's
            raise

    async def _execute(self, effect: Effect) -> None:
        if type(effect) is Publish:  # a delta's frame: published without the executor's coroutine
            self._carry_out_now(effect)
        else:
            await self.hands.execute(effect)
