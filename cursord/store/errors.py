"""The store's exceptions: one small tree, so callers can catch `StoreError` and nothing else."""

from __future__ import annotations


class StoreError(Exception):
    """Anything the durable store refuses or fails to do."""


class StoreFull(StoreError):
    """The disk (or the database's quota) has no room for a write."""


def write_failed(exc: BaseException) -> StoreError:
    """The error a failed write transaction is reported as: `StoreFull` when the engine said so (SQLite's
    SQLITE_FULL, PostgreSQL's SQLSTATE 53100 disk_full), which a user can act on."""
    if getattr(exc, "sqlite_errorname", None) == "SQLITE_FULL" or getattr(exc, "sqlstate", None) == "53100":
        return StoreFull(f"the store's disk is full: free some space (the database said: {exc})")
    return StoreError(f"write transaction failed: {exc!r}")


class StoreClosed(StoreError):
    """The store was used after `aclose()` (or its writer thread has stopped)."""


class SchemaTooNew(StoreError):
    """The database was written by a newer cursord whose schema this version does not know."""

    def __init__(self, path: str, found: int, known: int) -> None:
        super().__init__(
            f"{path} has schema version {found}, but this cursord only knows versions up to {known}; "
            "it was written by a newer cursord. Upgrade cursord (or move the file aside to start afresh)."
        )
        self.found = found
        self.known = known


class MigrationFailed(StoreError):
    """A schema migration raised; the database was left at the version before it."""


class CorruptRecord(StoreError):
    """A stored row cannot be decoded (for example a message part of an unknown type)."""


class UnknownConversation(StoreError):
    """An operation needs a conversation the store has never seen."""


class InvalidSummary(StoreError):
    """`set_summary` named a turn range the conversation does not have."""


class JournalError(StoreError):
    """A stream-journal operation does not fit the journal's state."""


class JournalNotFound(JournalError):
    """No journal exists for the request id."""


class JournalClosed(JournalError):
    """Events were appended (or pending state put) after the journal ended."""


class JournalAlreadyActive(JournalError):
    """`journal_open` for a request id whose journal is still active."""
