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
    #: RunSSE connections cut because their client stopped taking what it was sent.
    slow_subscribers_cut: int = 0

    def as_dict(self) -> dict[str, int]:
        return attrs.asdict(self)
