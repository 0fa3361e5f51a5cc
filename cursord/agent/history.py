"""Conversation history: what earlier turns said, as provider-neutral messages.

A turn's messages are committed only when the turn completed: a pass that failed, was canceled or
produced a malformed reply leaves the stored conversation exactly as it was, so one bad provider reply
can never poison later turns. `ConversationMemory` keeps history in memory; `cursord.store` provides a
durable implementation of the same protocol.
"""

from __future__ import annotations

from typing import Protocol

import attrs

from cursord.providers.model import Message


class ConversationHistory(Protocol):
    async def load(self, conversation_id: str) -> list[Message]:
        """The committed messages of a conversation (empty for an unknown id)."""
        ...

    async def commit_turn(self, conversation_id: str, messages: list[Message]) -> None:
        """Append one completed turn's messages atomically."""
        ...


@attrs.define
class ConversationMemory:
    conversations: dict[str, list[Message]] = attrs.field(factory=dict)

    async def load(self, conversation_id: str) -> list[Message]:
        return list(self.conversations.get(conversation_id, ()))

    async def commit_turn(self, conversation_id: str, messages: list[Message]) -> None:
        self.conversations.setdefault(conversation_id, []).extend(messages)
