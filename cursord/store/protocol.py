"""`Store`: what the rest of cursord may ask of the durable store, whichever engine holds it.

Callers (the agent turn, the stream journal, the restorer, the CLI, the composition root) type against
this protocol; `cursord.store.store.SqlStore` implements it over SQLite (the default, one file in the
data dir) or PostgreSQL (`--store postgresql://...`). The engine is chosen once, by `open_store`.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import Protocol

from cursord.providers.model import Message
from cursord.store.cluster import ClusterStore
from cursord.store.forwarded import ForwardedRow
from cursord.store.people import PeopleStore
from cursord.store.records import (
    ActionHolder,
    BlobStatus,
    Checkpoint,
    ConversationInfo,
    JournalRecord,
    PassRecord,
    PendingEntry,
    PendingKind,
    StoredTurn,
    SummaryRecord,
    ToolCallRecord,
    TurnMeta,
    TurnRecord,
    WaitingOutcome,
)
from cursord.store.usage import UsageGroup, UsageRow


class Store(Protocol):
    """Conversation history, the usage ledger, blobs and checkpoints, the stream journal, and people."""

    #: where the data lives, for people to read: the SQLite file's path, or the PostgreSQL URL without its
    #: password.
    location: str

    async def aclose(self) -> None: ...

    async def __aenter__(self) -> Store: ...

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...

    async def flush(self) -> None: ...

    def people(self) -> PeopleStore:
        """Users, tokens, budgets and owners, in the same database."""
        ...

    def cluster(self) -> ClusterStore:
        """A team gateway's nodes and their leases, in the same database."""
        ...

    # ---- history
    async def load(self, conversation_id: str) -> list[Message]: ...

    async def commit_turn(self, conversation_id: str, messages: list[Message]) -> None: ...

    async def record_turn(
        self,
        conversation_id: str,
        messages: Sequence[Message],
        meta: TurnMeta | None = None,
        *,
        journal_entry: PendingEntry | None = None,
    ) -> TurnRecord: ...

    async def turns(self, conversation_id: str) -> list[TurnRecord]: ...

    async def turn_messages(self, conversation_id: str, turn_seq: int) -> list[Message]: ...

    async def conversation(self, conversation_id: str) -> ConversationInfo | None: ...

    async def set_summary(self, conversation_id: str, summary: str, replaces_up_to_turn: int) -> None: ...

    async def summaries(self, conversation_id: str) -> list[SummaryRecord]: ...

    async def set_title(self, conversation_id: str, title: str) -> None: ...

    async def titles(self, conversation_ids: Sequence[str] | None = None, *, limit: int = 4096) -> dict[str, str]: ...

    # ---- passes, tool calls, the usage ledger
    async def record_pass(self, record: PassRecord) -> None: ...

    def record_pass_nowait(self, record: PassRecord) -> None: ...

    async def usage(self, by: UsageGroup, since: float | None = None) -> list[UsageRow]: ...

    # ---- what the proxy forwarded to Cursor
    def record_forwarded_nowait(self, row: ForwardedRow) -> None: ...

    async def forwarded(self, since_day: str | None = None) -> list[ForwardedRow]: ...

    async def record_tool_call(self, record: ToolCallRecord) -> None: ...

    async def passes(
        self, *, conversation_id: str | None = None, request_id: str | None = None, turn_seq: int | None = None
    ) -> list[PassRecord]: ...

    async def recent_turns(self, limit: int) -> list[StoredTurn]:
        """The `limit` turns that recorded a provider pass last, newest first (a bounded read)."""
        ...

    async def tool_calls(
        self, *, conversation_id: str | None = None, request_id: str | None = None, turn_seq: int | None = None
    ) -> list[ToolCallRecord]: ...

    # ---- blobs and checkpoints
    async def put_blob(self, blob_id: bytes, data: bytes, *, conversation_id: str | None = None) -> bool: ...

    async def get_blob(self, blob_id: bytes) -> bytes | None: ...

    async def blob_status(self, blob_id: bytes) -> BlobStatus | None: ...

    async def mark_blob_stored(self, blob_id: bytes, ok: bool, error: str | None = None) -> bool: ...

    async def unstored_blobs(self, conversation_id: str) -> list[bytes]: ...

    async def save_checkpoint(self, conversation_id: str, turn_seq: int, state_bytes: bytes) -> None: ...

    async def latest_checkpoint(self, conversation_id: str) -> Checkpoint | None: ...

    # ---- conversation actions waiting for a run (`cursord.store.waiting`)
    async def add_waiting_action(
        self,
        holder: ActionHolder,
        holder_id: str,
        action: bytes,
        *,
        per_holder: int,
        holders: int,
        drop_oldest: bool,
        max_bytes: int,
        max_age: float,
        origin: str | None = None,
    ) -> WaitingOutcome: ...

    async def take_waiting_actions(self, request_id: str, conversation_id: str | None) -> list[bytes]: ...

    async def release_waiting_actions(self) -> int: ...

    async def waiting_actions(self, holder: ActionHolder, holder_id: str) -> list[bytes]: ...

    async def waiting_bytes(self) -> int: ...

    async def put_waiting_position(self, request_id: str, position_json: str, *, keep: int) -> None: ...

    async def waiting_position(self, request_id: str) -> str | None: ...

    # ---- the stream journal (and the turn snapshots kept in its pending entries)
    async def journal_open(self, request_id: str, conversation_id: str | None, model: str | None) -> None: ...

    async def journal_append(self, request_id: str, payloads: Sequence[bytes]) -> int: ...

    def journal_append_nowait(self, request_id: str, payloads: Sequence[bytes]) -> None: ...

    async def journal_truncate(self, request_id: str, keep: int) -> int: ...

    def journal_open_nowait(self, request_id: str, conversation_id: str | None, model: str | None) -> None: ...

    def journal_end_nowait(self, request_id: str, ending_json: str, ended_at: float) -> None: ...

    def journal_pending_put_nowait(
        self, request_id: str, kind: PendingKind, entry_id: str, state_json: str
    ) -> None: ...

    def journal_drop_nowait(self, request_id: str) -> None: ...

    async def journal_pending_put(
        self, request_id: str, kind: PendingKind | str, entry_id: str, state_json: str
    ) -> None: ...

    async def journal_pending_remove(self, request_id: str, kind: PendingKind | str, entry_id: str) -> bool: ...

    async def journal_end(self, request_id: str, ending_json: str, ended_at: float) -> bool: ...

    async def journal_load(self, request_id: str) -> JournalRecord | None: ...

    async def journal_put_append_position(self, request_id: str, position_json: str) -> bool: ...

    def journal_put_append_position_nowait(self, request_id: str, position_json: str) -> None: ...

    async def journal_append_position(self, request_id: str) -> str | None: ...

    async def journal_active(self) -> list[str]: ...

    async def journal_ids(self) -> list[str]:
        """The request id of every journal, active or ended."""
        ...

    async def waiting_position_ids(self) -> list[str]:
        """The request ids whose append position is kept while they have no stream."""
        ...

    async def waiting_holders(self) -> list[tuple[str, str]]:
        """The (holder, holder id) of every waiting action, taken or not (each once)."""
        ...

    @property
    def exclusive(self) -> bool:
        """Whether only this process writes the store (SQLite: the data dir's lock keeps one daemon on it), so
        what it did not write itself was there when it started; False for PostgreSQL, which the nodes of a
        team gateway share."""
        ...

    async def journal_drop(self, request_id: str) -> bool: ...

    async def journal_drop_ended_before(self, timestamp: float) -> int: ...
