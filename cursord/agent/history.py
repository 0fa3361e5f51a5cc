"""What an agent turn needs from the conversation store (`cursord.store.Store` implements it).

A turn's messages are recorded once, when it ends; only a completed turn becomes history, so a failed,
canceled or malformed reply never reaches a later prompt. A summary stands for the turns before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cursord.providers.model import Message
from cursord.store import PendingEntry, TurnMeta, TurnRecord


class ConversationHistory(Protocol):
    async def load(self, conversation_id: str) -> list[Message]:
        """The conversation as the next pass should see it: [summary?] + completed turns after it."""
        ...

    async def record_turn(
        self,
        conversation_id: str,
        messages: Sequence[Message],
        meta: TurnMeta | None = None,
        *,
        journal_entry: PendingEntry | None = None,
    ) -> TurnRecord:
        """Store one turn, whatever its status; only completed turns are history. `journal_entry` is
        written to the journal of `meta.request_id` in the same transaction, if that journal is open."""
        ...

    async def turns(self, conversation_id: str) -> list[TurnRecord]: ...

    async def turn_messages(self, conversation_id: str, turn_seq: int) -> list[Message]:
        """The messages stored with one turn, whatever its status."""
        ...

    async def set_summary(self, conversation_id: str, summary: str, replaces_up_to_turn: int) -> None:
        """Make `summary` stand for turns 1..`replaces_up_to_turn`."""
        ...
