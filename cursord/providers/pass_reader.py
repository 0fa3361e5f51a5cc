"""PassReader: one attempt's body, from SSE bytes to the deltas a pass hands on.

A provider delta's whole path, each step a named object: `stream_post` (`cursord.providers.streaming_http`)
hands each body chunk to `PassReader.chunk`; `SSEDecoder.feed` cuts it into events, the kind's
`StreamDecoder.feed` turns them into deltas, `coalesce` merges runs of text, and each delta is awaited into
`on_delta` (the router's `_Watched.delta`, then the turn's `PassSink.delta`, which posts it to the stream's
mailbox).  The deltas of everything one read brought are handed on together: a flood of small deltas costs
the turn, the backlog and every subscriber one delta per read, not hundreds.

A decoder error still hands on the deltas before it, then raises.  After `PassEnd` the reader answers that
the pass is complete, and `stream_post` stops reading at once.  `delivered` says whether any delta went out
(a pass that sent something is never retried).
"""

from __future__ import annotations

import attrs

from .assemble import coalesce
from .base import DeltaSink, StreamDecoder
from .errors import ProviderError
from .model import Delta, PassEnd
from .sse import SSEDecoder, SSEEvent


@attrs.define(eq=False)
class PassReader:
    """The `BodyListener` of one provider attempt."""

    sse: SSEDecoder
    decoder: StreamDecoder
    on_delta: DeltaSink
    #: whether any delta has gone to `on_delta`
    delivered: bool = False

    async def chunk(self, data: bytes) -> bool:
        return await self._deliver(self.sse.feed(data), final=False)

    async def end(self) -> None:
        await self._deliver(self.sse.finish(), final=True)

    async def _deliver(self, events: list[SSEEvent], *, final: bool) -> bool:
        """Decode the events one read brought and hand their deltas on; True once `PassEnd` went out."""
        deltas: list[Delta] = []
        error: ProviderError | None = None
        try:
            for event in events:
                deltas += self.decoder.feed(event)
                if deltas and isinstance(deltas[-1], PassEnd):
                    break
            else:
                if final:
                    deltas += self.decoder.finish()
        except ProviderError as exc:
            error = exc
        for delta in coalesce(deltas):
            self.delivered = True
            await self.on_delta(delta)
            if isinstance(delta, PassEnd):
                return True
        if error is not None:
            raise error
        return False
