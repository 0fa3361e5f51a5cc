"""How many Tab streams run at once: a cap in total and per client connection, checked as a stream starts.

Theory of operation. Each StreamCpp or StreamNextCursorPrediction holds its request (the editor sends the
whole file, up to the request limit) and an upstream call while it runs. The editor aborts the one before
at every keystroke, so it has a few open at a time; a client that opens hundreds and keeps them would
hold their files in memory (300 streams of 1 MB files took 370 MB). `TabStreamSlots.take` counts a
stream in before its body is read, or refuses it `resource_exhausted`; its caller gives the slot back when
the stream ends, however it ends. A connection is the scope's ``client`` (address and port): the streams of one
HTTP/2 connection share it, and so do the requests of one proxied connection.
"""

from __future__ import annotations

import collections
from typing import Final

import attrs

from cursord.connect import Code, ConnectError
from cursord.server import Scope

__all__ = ["MAX_TAB_STREAMS", "MAX_TAB_STREAMS_PER_CONNECTION", "TabStreamSlots"]

MAX_TAB_STREAMS: Final = 64
MAX_TAB_STREAMS_PER_CONNECTION: Final = 16


@attrs.define
class TabStreamSlots:
    """The Tab streams running now, by client connection."""

    max_total: int = MAX_TAB_STREAMS
    max_per_connection: int = MAX_TAB_STREAMS_PER_CONNECTION
    _per_connection: collections.Counter[object] = attrs.field(factory=collections.Counter)

    @property
    def running(self) -> int:
        return self._per_connection.total()

    def take(self, scope: Scope) -> object:
        """A slot for the stream of `scope` (give it back with `give_back`); `resource_exhausted` when none
        is free."""
        connection: object = scope.get("client")
        if self.running >= self.max_total:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"{self.running} Tab streams are running, the most cursord runs at once; try again",
            )
        if self._per_connection[connection] >= self.max_per_connection:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"this connection has {self.max_per_connection} Tab streams running, the most one may have",
            )
        self._per_connection[connection] += 1
        return connection

    def give_back(self, slot: object) -> None:
        self._per_connection[slot] -= 1
        if not self._per_connection[slot]:
            del self._per_connection[slot]
