"""Counts of what clients did to the server that is not an error of ours, for `cursord status`.

Each is something a client may do as often as it likes (go away mid-request, stop reading a stream), so
it is logged at debug only and counted here instead; a growing count is the thing to look at.
"""

from __future__ import annotations

import attrs


@attrs.define
class ServerCounters:
    #: requests whose client went away before its body was complete.
    client_disconnects: int = 0
    #: connections closed (HTTP/2 streams reset) because their client took none of what it was sent for
    #: `send_stall_seconds`.
    stalled_connections_cut: int = 0

    def count_send_stall(self) -> None:
        self.stalled_connections_cut += 1

    def as_dict(self) -> dict[str, int]:
        return attrs.asdict(self)
