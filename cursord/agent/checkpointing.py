"""CheckpointKeeper: one turn's conversation checkpoints and the blobs they need in the editor.

It publishes `kv_server_message.set_blob_args` for each blob a checkpoint names that the editor has not
confirmed (this turn's, and any an earlier turn failed to store), then the
`conversation_checkpoint_update`. A blob the editor refuses is sent once more while the stream is open;
one refused after that (or after the stream ended) stays unstored in cursord's store, is logged, and is
offered again with the next checkpoint of the conversation: never silently dropped.
"""

from __future__ import annotations

import logging

import attrs
import trio

from cursord.agent import updates
from cursord.agent.checkpoint import Blob, conversation_state, turn_blobs
from cursord.intents import KvResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, Role
from cursord.store.store import Store
from cursord.streams.active import ActiveStream

log = logging.getLogger(__name__)

#: how often a blob the editor refused is sent within one stream.
BLOB_ATTEMPTS = 2
#: how long a blob read back from the editor may take.
FETCH_TIMEOUT = 5.0


@attrs.define(eq=False)
class CheckpointKeeper:
    store: Store
    stream: ActiveStream
    conversation_id: str
    #: the state this turn builds on, and how many of its turns come before this one
    base_state: agent.ConversationStateStructure | None = None
    earlier_turns: int = 0
    #: the latest ToolCall the editor was shown for each of this turn's tool calls
    tool_calls: dict[str, agent.ToolCall] = attrs.field(factory=dict)
    sent: set[bytes] = attrs.field(factory=set)
    unacknowledged: dict[int, tuple[Blob, int]] = attrs.field(factory=dict)
    next_kv_id: int = 1
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
            if blob.id not in self.sent:
                await self.store.put_blob(blob.id, blob.data, conversation_id=self.conversation_id)
                self._send(blob)
        for blob_id in await self.store.unstored_blobs(self.conversation_id):
            data = await self.store.get_blob(blob_id) if blob_id not in self.sent else None
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
        """Read one blob back from the editor's store (`get_blob_args`), kept in cursord's store too.
        An editor that does not answer within the timeout is not asked again in this stream."""
        if not self.editor_answers:
            return None
        kv_id, self.next_kv_id = self.next_kv_id, self.next_kv_id + 1
        arrived, slot = trio.Event(), list[bytes | None]([None])
        self.fetches[kv_id] = (arrived, slot)
        self.stream.publish(updates.get_blob(kv_id, blob_id))
        with trio.move_on_after(timeout_seconds):
            await arrived.wait()
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

    def claim(self, result: KvResultArrived) -> bool:
        """Take the editor's answer to a `fetch` (it bypasses the mailbox: the actor is waiting for it)."""
        waiting = self.fetches.get(result.kv_id)
        if waiting is None or not result.message.HasField("get_blob_result"):
            return False
        arrived, slot = waiting
        answer = result.message.get_blob_result
        slot[0] = answer.blob_data if answer.HasField("blob_data") else None
        arrived.set()
        return True

    def _send(self, blob: Blob, attempts: int = 0) -> None:
        kv_id, self.next_kv_id = self.next_kv_id, self.next_kv_id + 1
        self.sent.add(blob.id)
        self.unacknowledged[kv_id] = (blob, attempts + 1)
        self.stream.publish(updates.set_blob(kv_id, blob.id, blob.data))

    async def on_result(self, result: KvResultArrived, *, may_retry: bool = True) -> None:
        """The editor's answer to one set_blob (matched by kv id)."""
        entry = self.unacknowledged.pop(result.kv_id, None)
        if entry is None or not result.message.HasField("set_blob_result"):
            return
        blob, attempts = entry
        answer = result.message.set_blob_result
        if not answer.HasField("error"):
            await self.store.mark_blob_stored(blob.id, True)
            return
        if may_retry and attempts < BLOB_ATTEMPTS:
            self._send(blob, attempts)
            return
        log.warning(
            "stream %s: the editor could not store blob %s: %s",
            self.stream.request_id,
            blob.id.hex()[:16],
            answer.error.message,
        )
        await self.store.mark_blob_stored(blob.id, False, answer.error.message or "the editor refused the blob")
