"""Conversation checkpoints in the editor's own format. Pure: messages in, blobs and state out.

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
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping

import attrs

from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, Role, TextPart, ThinkingPart, ToolCallPart


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
