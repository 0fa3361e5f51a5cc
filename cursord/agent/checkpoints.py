"""Conversation checkpoints in the editor's own format. The pure half (messages in, blobs
and state out) and `CheckpointKeeper`, the I/O half that sends them.

The editor keeps a conversation's state as a `ConversationStateStructure` whose `turns` are blob ids;
the blobs themselves live in the editor's key-value store, which cursord fills with
`kv_server_message.set_blob_args`. Each blob is content-addressed (its id is the SHA-256 of its bytes),
so a blob is sent once however many checkpoints refer to it:

- a turn is a `ConversationTurnStructure` whose `agent_conversation_turn` holds the id of the user's
  `UserMessage` and the ids of its steps;
- a step is a `ConversationStep`: the assistant's text, its thinking, or a tool call (with its result
  once known).

cursord's own store stays the source of truth for what the model sees; the checkpoint is what lets
the editor show and reopen the conversation.

CheckpointKeeper: one turn's conversation checkpoints and the blobs they need in the editor.

It publishes `kv_server_message.set_blob_args` for each blob a checkpoint names that the editor has not
confirmed (this turn's, and any an earlier turn failed to store), then the
`conversation_checkpoint_update`. A blob the editor refuses is sent once more while the stream is open;
one refused after that (or after the stream ended) stays unstored in cursord's store, is logged, and is
offered again with the next checkpoint of the conversation: never silently dropped.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping

import attrs
import trio
from google.protobuf.message import DecodeError

from cursord.agent import updates
from cursord.agent.machine import BlobOffers, BlobStored, SendBlob
from cursord.agent.turn_port import TurnPort
from cursord.core import KvResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, Role, TextPart, ThinkingPart, ToolCallPart
from cursord.store import Store


@attrs.frozen
class Blob:
    id: bytes
    data: bytes

    @classmethod
    def of(cls, data: bytes) -> Blob:
        return cls(hashlib.sha256(data).digest(), data)


@attrs.frozen
class TurnBlobs:
    turn_id: bytes
    blobs: tuple[Blob, ...]


def turn_blobs(
    user_text: str,
    messages: Iterable[Message],
    tool_calls: Mapping[str, agent.ToolCall],
    request_id: str,
) -> TurnBlobs:
    """The blobs of one turn: the user's message, each step, and the turn structure that lists them."""
    blobs: list[Blob] = []
    user = Blob.of(agent.UserMessage(text=user_text).SerializeToString())
    blobs.append(user)
    step_ids: list[bytes] = []
    for message in messages:
        if message.role is not Role.ASSISTANT:
            continue
        for part in message.parts:
            step = _step(part, tool_calls)
            if step is None:
                continue
            blob = Blob.of(step.SerializeToString())
            blobs.append(blob)
            step_ids.append(blob.id)
    structure = agent.ConversationTurnStructure(
        agent_conversation_turn=agent.AgentConversationTurnStructure(
            user_message=user.id, steps=step_ids, request_id=request_id
        )
    )
    turn = Blob.of(structure.SerializeToString())
    blobs.append(turn)
    return TurnBlobs(turn.id, tuple(blobs))


def _step(part: object, tool_calls: Mapping[str, agent.ToolCall]) -> agent.ConversationStep | None:
    if isinstance(part, TextPart):
        return agent.ConversationStep(assistant_message=agent.AssistantMessage(text=part.text)) if part.text else None
    if isinstance(part, ThinkingPart):
        return agent.ConversationStep(thinking_message=agent.ThinkingMessage(text=part.text)) if part.text else None
    if isinstance(part, ToolCallPart):
        call = tool_calls.get(part.id)
        return agent.ConversationStep(tool_call=call) if call is not None else None
    return None


def conversation_state(
    base: agent.ConversationStateStructure | None,
    earlier_turns: int,
    turn_id: bytes,
    *,
    used_tokens: int,
    max_tokens: int,
    mode: int,
    summary: str | None,
) -> agent.ConversationStateStructure:
    """The checkpoint after this turn: the first `earlier_turns` of `base`, then this turn."""
    state = agent.ConversationStateStructure()
    if base is not None:
        state.CopyFrom(base)
    del state.turns[earlier_turns:]
    state.turns.append(turn_id)
    state.token_details.CopyFrom(
        agent.ConversationTokenDetails(used_tokens=min(used_tokens, 2**32 - 1), max_tokens=min(max_tokens, 2**32 - 1))
    )
    state.mode = mode  # type: ignore[assignment]
    if summary is not None:
        state.summary = agent.ConversationSummary(summary=summary).SerializeToString()
    return state


async def history_from_state(
    state: agent.ConversationStateStructure, blob: Callable[[bytes], Awaitable[bytes | None]]
) -> list[Message]:
    """User and assistant text of the turns a conversation state names, as far as their blobs can be
    read and parsed (tool calls are left out: their results are not in the state). Best effort: a
    conversation begun elsewhere may use blobs in a format cursord does not know."""
    messages: list[Message] = []
    for turn_id in state.turns:
        data = await blob(turn_id)
        try:
            turn = agent.ConversationTurnStructure.FromString(data) if data else None
        except DecodeError:
            turn = None
        if turn is None or not turn.HasField("agent_conversation_turn"):
            continue
        structure = turn.agent_conversation_turn
        user_data = await blob(structure.user_message)
        try:
            user = agent.UserMessage.FromString(user_data) if user_data else None
        except DecodeError:
            user = None
        if user is None or not user.text:
            continue
        texts = []
        for step_id in structure.steps:
            step_data = await blob(step_id)
            try:
                step = agent.ConversationStep.FromString(step_data) if step_data else None
            except DecodeError:
                step = None
            if step is not None and step.HasField("assistant_message") and step.assistant_message.text:
                texts.append(step.assistant_message.text)
        messages.append(Message.user(user.text))
        messages.append(Message.assistant(TextPart("\n\n".join(texts))))
    return messages


log = logging.getLogger(__name__)

#: how often a blob the editor refused is sent within one stream.
BLOB_ATTEMPTS = 2
#: how long a blob read back from the editor may take.
FETCH_TIMEOUT = 5.0


@attrs.define(eq=False)
class CheckpointKeeper:
    store: Store
    stream: TurnPort
    conversation_id: str
    #: the state this turn builds on, and how many of its turns come before this one
    base_state: agent.ConversationStateStructure | None = None
    earlier_turns: int = 0
    #: the latest ToolCall the editor was shown for each of this turn's tool calls
    tool_calls: dict[str, agent.ToolCall] = attrs.field(factory=dict)
    #: the blobs offered to the editor in this stream, and its answers (`cursord.agent.machine.BlobOffers`)
    ledger: BlobOffers = attrs.field(factory=lambda: BlobOffers(BLOB_ATTEMPTS))
    #: blobs asked of the editor (get_blob_args), by kv id: the event set when the answer came
    fetches: dict[int, tuple[trio.Event, list[bytes | None]]] = attrs.field(factory=dict)
    editor_answers: bool = True

    async def load_base(self, request: agent.AgentRunRequest) -> agent.ConversationStateStructure | None:
        """The last state cursord checkpointed for the conversation, else the editor's own (a
        conversation begun before cursord served it)."""
        latest = await self.store.latest_checkpoint(self.conversation_id)
        if latest is not None:
            self.base_state = agent.ConversationStateStructure.FromString(latest.state)
        elif request.HasField("conversation_state"):
            self.base_state = request.conversation_state
        self.earlier_turns = len(self.base_state.turns) if self.base_state is not None else 0
        return self.base_state

    async def publish(
        self,
        turn_messages: list[Message],
        *,
        used_tokens: int,
        max_tokens: int,
        mode: int,
        summary: str | None,
        final: bool,
    ) -> None:
        user_text = next((m.text() for m in turn_messages if m.role is Role.USER), "")
        blobs = turn_blobs(user_text, turn_messages, self.tool_calls, self.stream.request_id)
        for blob in blobs.blobs:
            if blob.id not in self.ledger.sent:
                await self.store.put_blob(blob.id, blob.data, conversation_id=self.conversation_id)
                self._send(blob)
        for blob_id in await self.store.unstored_blobs(self.conversation_id):
            data = await self.store.get_blob(blob_id) if blob_id not in self.ledger.sent else None
            if data is not None:
                self._send(Blob(blob_id, data))
        state = conversation_state(
            self.base_state,
            self.earlier_turns,
            blobs.turn_id,
            used_tokens=used_tokens,
            max_tokens=max_tokens,
            mode=mode,
            summary=summary,
        )
        self.stream.publish(updates.checkpoint(state))
        if final:
            await self.store.save_checkpoint(self.conversation_id, self.earlier_turns + 1, state.SerializeToString())

    async def fetch(self, blob_id: bytes, timeout_seconds: float = FETCH_TIMEOUT) -> bytes | None:
        """Read one blob back from the editor's store (`get_blob_args`), kept in cursord's store too. Run
        from a task: the answer comes through the stream's mailbox (`on_result`). An editor that does not
        answer within the timeout is not asked again in this stream."""
        if not self.editor_answers:
            return None
        kv_id = self.ledger.take_kv_id()
        arrived, slot = trio.Event(), list[bytes | None]([None])
        self.fetches[kv_id] = (arrived, slot)
        self.stream.publish(updates.get_blob(kv_id, blob_id))
        try:
            with trio.move_on_after(timeout_seconds):
                await arrived.wait()
        finally:
            self.fetches.pop(kv_id, None)
        if not arrived.is_set():
            log.info("stream %s: the editor did not answer get_blob; not asking again", self.stream.request_id)
            self.editor_answers = False
            return None
        data = slot[0]
        if data is not None:
            await self.store.put_blob(blob_id, data, conversation_id=self.conversation_id)
            await self.store.mark_blob_stored(blob_id, True)
        return data

    def _send(self, blob: Blob) -> None:
        self._publish(self.ledger.offer(blob.id, blob.data))

    def _publish(self, send: SendBlob) -> None:
        self.stream.publish(updates.set_blob(send.kv_id, send.blob_id, send.data))

    async def on_result(self, result: KvResultArrived, *, may_retry: bool = True) -> None:
        """The editor's answer to a `fetch` (its waiting task is woken) or to one set_blob (matched by kv id)."""
        waiting = self.fetches.get(result.kv_id)
        if waiting is not None and result.message.HasField("get_blob_result"):
            arrived, slot = waiting
            answer = result.message.get_blob_result
            slot[0] = answer.blob_data if answer.HasField("blob_data") else None
            arrived.set()
            return
        match self.ledger.answer(result, may_retry=may_retry):
            case SendBlob() as again:
                self._publish(again)
            case BlobStored(blob_id=blob_id, stored=True):
                await self.store.mark_blob_stored(blob_id, True)
            case BlobStored(blob_id=blob_id, error=error):
                log.warning(
                    "stream %s: the editor could not store blob %s: %s",
                    self.stream.request_id,
                    blob_id.hex()[:16],
                    error,
                )
                await self.store.mark_blob_stored(blob_id, False, error)
