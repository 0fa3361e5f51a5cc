"""cursord's durable store: conversation history, provider bookkeeping, checkpoints, blobs and the
stream journal, in one SQLite file under the data dir. See `cursord.store.store` for the design."""

from cursord.store.codec import decode_message, encode_parts
from cursord.store.conversations import SUMMARY_PREFIX, summary_message
from cursord.store.errors import (
    CorruptRecord,
    InvalidSummary,
    JournalAlreadyActive,
    JournalClosed,
    JournalError,
    JournalNotFound,
    MigrationFailed,
    SchemaTooNew,
    StoreClosed,
    StoreError,
    UnknownConversation,
)
from cursord.store.records import (
    BlobStatus,
    Checkpoint,
    ConversationInfo,
    JournalRecord,
    JournalState,
    PassRecord,
    PassStatus,
    PendingEntry,
    PendingKind,
    SummaryRecord,
    ToolCallRecord,
    TurnMeta,
    TurnRecord,
    TurnStatus,
)
from cursord.store.schema import SCHEMA_VERSION
from cursord.store.store import DB_NAME, Store, open_store
from cursord.store.usage import UsageGroup, UsageRow

__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "SUMMARY_PREFIX",
    "BlobStatus",
    "Checkpoint",
    "ConversationInfo",
    "CorruptRecord",
    "InvalidSummary",
    "JournalAlreadyActive",
    "JournalClosed",
    "JournalError",
    "JournalNotFound",
    "JournalRecord",
    "JournalState",
    "MigrationFailed",
    "PassRecord",
    "PassStatus",
    "PendingEntry",
    "PendingKind",
    "SchemaTooNew",
    "Store",
    "StoreClosed",
    "StoreError",
    "SummaryRecord",
    "ToolCallRecord",
    "TurnMeta",
    "TurnRecord",
    "TurnStatus",
    "UnknownConversation",
    "UsageGroup",
    "UsageRow",
    "decode_message",
    "encode_parts",
    "open_store",
    "summary_message",
]
