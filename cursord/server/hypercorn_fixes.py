"""Two narrow fixes to Hypercorn 0.18, applied on import; each turns a crash of the whole server into
the end of one connection or one request.

- `TCPServer._close` sends EOF without the send lock, so a response still being flushed on the same
  connection fails with `trio.BusyResourceError`, which nothing catches (seen at shutdown). The
  connection is going away either way: that error is treated as the connection closing.
- An HTTP/2 DATA frame for a stream whose response is already complete (an early answer to a request
  whose body was still arriving) makes `H2Protocol._handle_events` look the stream up and raise
  KeyError, which escapes into the server nursery (pgjones/hypercorn#329). Such frames are now
  acknowledged, so the connection's flow-control window stays open, and dropped.
"""

from __future__ import annotations

import contextlib
from typing import Any

import h2.events
import h2.exceptions
import trio
from hypercorn.events import Closed, Event
from hypercorn.protocol.h2 import H2Protocol
from hypercorn.trio.tcp_server import TCPServer

_MARK = "_cursord_fixed"


def _tolerate_close_race() -> None:
    original = TCPServer.protocol_send
    if getattr(original, _MARK, False):
        return

    async def protocol_send(self: TCPServer, event: Event) -> None:
        try:
            await original(self, event)
        except trio.BusyResourceError:
            await self.protocol.handle(Closed())

    setattr(protocol_send, _MARK, True)
    TCPServer.protocol_send = protocol_send  # type: ignore[method-assign]


def _drop_data_for_finished_streams() -> None:
    original = H2Protocol._handle_events
    if getattr(original, _MARK, False):
        return

    async def _handle_events(self: Any, events: list[h2.events.Event]) -> None:
        # One event at a time: a stream opened by an earlier event of the same batch must exist by the
        # time its DATA is looked at.
        for event in events:
            if isinstance(event, h2.events.DataReceived) and event.stream_id not in self.streams:
                with contextlib.suppress(h2.exceptions.StreamClosedError, h2.exceptions.ProtocolError):
                    self.connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                continue
            await original(self, [event])

    setattr(_handle_events, _MARK, True)
    H2Protocol._handle_events = _handle_events  # type: ignore[method-assign]


_tolerate_close_race()
_drop_data_for_finished_streams()
