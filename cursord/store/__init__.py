"""cursord's durable store: conversation history, provider bookkeeping, checkpoints, blobs, the stream
journal and people, in one SQLite file under the data dir or in PostgreSQL. `Store` (the protocol) is what
callers use; see `cursord.store.store` for the design."""

from cursord.store.cluster import ClusterStore, Lease, NodeInfo, SqlClusterStore
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
from cursord.store.people import (
    Budget,
    Owned,
    PassHold,
    PeopleError,
    PeopleStore,
    Scope,
    Spend,
    SqlPeopleStore,
    User,
)
from cursord.store.protocol import Store
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
from cursord.store.store import DB_NAME, SqlStore, open_store, sqlite_path
from cursord.store.usage import UsageGroup, UsageRow

__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "SUMMARY_PREFIX",
    "BlobStatus",
    "Budget",
    "Checkpoint",
    "ClusterStore",
    "ConversationInfo",
    "CorruptRecord",
    "InvalidSummary",
    "JournalAlreadyActive",
    "JournalClosed",
    "JournalError",
    "JournalNotFound",
    "JournalRecord",
    "JournalState",
    "Lease",
    "MigrationFailed",
    "NodeInfo",
    "Owned",
    "PassHold",
    "PassRecord",
    "PassStatus",
    "PendingEntry",
    "PendingKind",
    "PeopleError",
    "PeopleStore",
    "SchemaTooNew",
    "Scope",
    "Spend",
    "SqlClusterStore",
    "SqlPeopleStore",
    "SqlStore",
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
    "User",
    "decode_message",
    "encode_parts",
    "open_store",
    "sqlite_path",
    "summary_message",
]
