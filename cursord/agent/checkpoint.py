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
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence

import attrs
from google.protobuf.message import DecodeError

from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, Role, TextPart, ThinkingPart, ToolCallPart, ToolResultPart


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


def resumable_prefix(messages: Sequence[Message]) -> list[Message]:
    """The stored messages of an unfinished turn, cut so that a provider will accept them again:
    a trailing assistant message whose tool calls never got their results is dropped."""
    kept = list(messages)
    answered = {
        p.tool_call_id for m in kept for p in m.parts if isinstance(p, ToolResultPart)
    }
    while (
        kept
        and kept[-1].role is Role.ASSISTANT
        and any(isinstance(p, ToolCallPart) and p.id not in answered for p in kept[-1].parts)
    ):
        kept.pop()
    return kept
