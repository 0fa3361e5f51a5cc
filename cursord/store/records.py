"""Value types the store takes and returns (frozen attrs; no I/O).

Timestamps are wall-clock seconds since the epoch (`time.time()`), because they outlive the process;
durations are integer milliseconds.
"""

from __future__ import annotations

import enum

import attrs

from cursord.providers.model import Usage


class TurnStatus(enum.StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELED = "canceled"


class PassStatus(enum.StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELED = "canceled"


class JournalState(enum.StrEnum):
    ACTIVE = "active"
    ENDED = "ended"


class PendingKind(enum.StrEnum):
    """What a journal's pending entry waits for: a client exec, a user interaction, or a kv ack; or the
    resumable state of the agent turn itself (`turn`, one entry per stream)."""

    EXEC = "exec"
    INTERACTION = "interaction"
    KV = "kv"
    TURN = "turn"


class ActionHolder(enum.StrEnum):
    """Who a waiting conversation action is for (`cursord.store.waiting`): a conversation's next run, or
    the run_request of one request id."""

    CONVERSATION = "conversation"
    REQUEST = "request"


@attrs.frozen
class WaitingOutcome:
    """What adding a waiting action did: stored it (False: its request id holds too many already, or
    `over_bytes`: the waiting actions' bytes would exceed their bound); how many of the holder's oldest
    actions it dropped; which holders (id, actions) it forgot, the least recently used beyond the bound; how
    many actions held for a run_request it dropped as too old (`expired`)."""

    stored: bool
    dropped: int = 0
    forgotten: tuple[tuple[str, int], ...] = ()
    over_bytes: bool = False
    expired: int = 0


@attrs.frozen
class TurnMeta:
    """What the caller knows about a turn when it records it (the store assigns `turn_seq`).

    `request_id` also links the turn to the passes and tool calls recorded under that request id
    (and this conversation) that no earlier turn has claimed.
    """

    request_id: str | None = None
    status: TurnStatus = attrs.field(default=TurnStatus.COMPLETED, converter=TurnStatus)
    usage: Usage = attrs.field(factory=Usage)
    model: str | None = None
    error: str | None = None
    started_at: float | None = None


@attrs.frozen
class TurnRecord:
    """One stored turn. Only `COMPLETED` turns are part of the history `load()` returns."""

    conversation_id: str
    turn_seq: int
    request_id: str | None
    status: TurnStatus
    usage: Usage
    model: str | None
    error: str | None
    started_at: float | None
    committed_at: float
    message_count: int


@attrs.frozen
class ConversationInfo:
    conversation_id: str
    created_at: float
    updated_at: float
    model: str | None
    summary: str | None
    summary_up_to_turn: int | None
    last_turn_seq: int  # 0 when no turn was recorded yet


@attrs.frozen
class SummaryRecord:
    """A summary that replaced turns 1..`up_to_turn`; `archived_at` is set once a newer one replaced it."""

    summary: str
    up_to_turn: int
    created_at: float
    archived_at: float | None = None


@attrs.frozen
class PassRecord:
    """One provider pass (`model_call_id`), recorded when it ends.

    `turn_seq` is None until the turn recorded under the same request id and conversation claims it.
    `cost_usd` is what the pass cost at the prices known when it ended; None when unknown (the model
    has no price, or the pass ended without the provider reporting its usage).
    """

    model_call_id: str
    request_id: str
    conversation_id: str | None
    model: str
    status: PassStatus = attrs.field(converter=PassStatus)
    started_at: float
    duration_ms: int
    usage: Usage = attrs.field(factory=Usage)
    provider: str | None = None
    stop_reason: str | None = None
    error: str | None = None
    first_token_ms: int | None = None
    turn_seq: int | None = None
    cost_usd: float | None = None
    #: who ran the pass on a team gateway (None: a single-user daemon)
    user: str | None = None
    team: str | None = None


@attrs.frozen
class StoredTurn:
    """A turn as the usage ledger holds it: its provider passes, in recording order, and the turn recorded
    under the same request (its outcome), when one was."""

    request_id: str
    passes: tuple[PassRecord, ...]
    turn: TurnRecord | None = None


@attrs.frozen
class ToolCallRecord:
    """One tool call the model made and, once known, its result.

    `exec_seq` is the `ExecServerMessage.id` and `exec_id` its exec id when the editor ran the tool.
    """

    tool_call_id: str
    request_id: str
    conversation_id: str | None
    name: str
    arguments: str
    started_at: float
    model_call_id: str | None = None
    exec_seq: int | None = None
    exec_id: str | None = None
    result: str | None = None
    is_error: bool = False
    duration_ms: int | None = None
    turn_seq: int | None = None


@attrs.frozen
class Checkpoint:
    conversation_id: str
    turn_seq: int
    state: bytes  # a serialized ConversationStateStructure
    created_at: float


@attrs.frozen
class BlobStatus:
    blob_id: bytes
    size: int
    stored_by_editor: bool
    last_error: str | None
    attempts: int  # how many failed store attempts the editor reported


@attrs.frozen
class PendingEntry:
    kind: PendingKind = attrs.field(converter=PendingKind)
    id: str
    state_json: str


@attrs.frozen
class JournalRecord:
    """Everything journalled for one request id: events in `seq` order (seq = index), pending, ending."""

    request_id: str
    conversation_id: str | None
    model: str | None
    state: JournalState = attrs.field(converter=JournalState)
    created_at: float
    ended_at: float | None
    ending_json: str | None
    events: tuple[bytes, ...]
    pending: tuple[PendingEntry, ...]
