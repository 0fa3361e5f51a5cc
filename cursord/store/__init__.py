"""cursord's durable store: conversation history, provider bookkeeping, checkpoints, blobs, the stream
journal, conversation actions waiting for a run, and people, in one SQLite file under the data dir or in
PostgreSQL. `Store` (the protocol) is what callers use; see `cursord.store.store` for the design."""

from typing import TYPE_CHECKING

from cursord.core import lazy_face

if TYPE_CHECKING:
    from cursord.store.cluster import ClusterStore, Lease, NodeInfo, SqlClusterStore
    from cursord.store.codec import decode_message, encode_parts
    from cursord.store.conversations import SUMMARY_PREFIX, summary_message
    from cursord.store.editor_seen import EditorSeen, EditorVersionFile, read_editor_seen
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
        StoreFull,
        UnknownConversation,
    )
    from cursord.store.forwarded import ForwardedRow
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
    from cursord.store.quick_read import QuickUsage, current_sqlite
    from cursord.store.records import (
        ActionHolder,
        BlobStatus,
        Checkpoint,
        ConversationInfo,
        JournalRecord,
        JournalState,
        PassRecord,
        PassStatus,
        PendingEntry,
        PendingKind,
        StoredTurn,
        SummaryRecord,
        ToolCallRecord,
        TurnMeta,
        TurnRecord,
        TurnStatus,
        WaitingOutcome,
    )
    from cursord.store.schema import DB_NAME, SCHEMA_VERSION, sqlite_path
    from cursord.store.store import SqlStore, open_store
    from cursord.store.usage import UsageGroup, UsageRow

__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "SUMMARY_PREFIX",
    "ActionHolder",
    "BlobStatus",
    "Budget",
    "Checkpoint",
    "ClusterStore",
    "ConversationInfo",
    "CorruptRecord",
    "EditorSeen",
    "EditorVersionFile",
    "ForwardedRow",
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
    "QuickUsage",
    "SchemaTooNew",
    "Scope",
    "Spend",
    "SqlClusterStore",
    "SqlPeopleStore",
    "SqlStore",
    "Store",
    "StoreClosed",
    "StoreError",
    "StoreFull",
    "StoredTurn",
    "SummaryRecord",
    "ToolCallRecord",
    "TurnMeta",
    "TurnRecord",
    "TurnStatus",
    "UnknownConversation",
    "UsageGroup",
    "UsageRow",
    "User",
    "WaitingOutcome",
    "current_sqlite",
    "decode_message",
    "encode_parts",
    "open_store",
    "read_editor_seen",
    "sqlite_path",
    "summary_message",
]

#: the names of the face, by the module under `cursord.store` that holds them
_MODULES: dict[str, tuple[str, ...]] = {
    "cluster": ("ClusterStore", "Lease", "NodeInfo", "SqlClusterStore"),
    "codec": ("decode_message", "encode_parts"),
    "conversations": ("SUMMARY_PREFIX", "summary_message"),
    "editor_seen": ("EditorSeen", "EditorVersionFile", "read_editor_seen"),
    "errors": (
        "CorruptRecord", "InvalidSummary", "JournalAlreadyActive", "JournalClosed", "JournalError", "JournalNotFound",
        "MigrationFailed", "SchemaTooNew", "StoreClosed", "StoreError", "StoreFull", "UnknownConversation",
    ),
    "forwarded": ("ForwardedRow",),
    "people": ("Budget", "Owned", "PassHold", "PeopleError", "PeopleStore", "Scope", "Spend", "SqlPeopleStore", "User"),
    "protocol": ("Store",),
    "quick_read": ("QuickUsage", "current_sqlite"),
    "records": (
        "ActionHolder", "BlobStatus", "Checkpoint", "ConversationInfo", "JournalRecord", "JournalState", "PassRecord",
        "PassStatus", "PendingEntry", "PendingKind", "StoredTurn", "SummaryRecord", "ToolCallRecord", "TurnMeta",
        "TurnRecord", "TurnStatus", "WaitingOutcome",
    ),
    "schema": ("DB_NAME", "SCHEMA_VERSION", "sqlite_path"),
    "store": ("SqlStore", "open_store"),
    "usage": ("UsageGroup", "UsageRow"),
}
_HOMES, __getattr__, __dir__ = lazy_face(__name__, _MODULES)
