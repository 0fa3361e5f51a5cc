"""`SqlEngine`: what the store's table groups run their SQL on (the writer, the readers, the clock and the
dialect of a `SqlStore`), so `cursord.store.people` and `cursord.store.cluster` need not import the store
that holds them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cursord.store.inline import InlineReader, InlineWriter
from cursord.store.readers import ReadPool
from cursord.store.sql import Dialect
from cursord.store.writer import WriterThread


class SqlEngine(Protocol):
    @property
    def writer(self) -> WriterThread | InlineWriter: ...

    @property
    def readers(self) -> ReadPool | InlineReader: ...

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def dialect(self) -> Dialect: ...
