"""PassReader: one attempt's body, from SSE bytes to the deltas a pass hands on.

A provider delta's whole path, each step a named object: `stream_post` (`cursord.providers.streaming_http`)
hands each body chunk to `PassReader.chunk`; `SSEDecoder.feed` cuts it into events, the kind's
`StreamDecoder.feed` turns them into deltas, `coalesce` merges runs of text, and each delta is awaited into
`on_delta`: in the daemon `cursord.agent.pass_recorder._Metered.delta` (the pass's meter), then
`cursord.agent.router._Watched.delta` (whether anything was sent), then `cursord.agent.turn.PassSink.delta`,
which posts it to the stream's mailbox.  The deltas of everything one read brought are handed on together:
a flood of small deltas costs the turn, the backlog and every subscriber one delta per read, not hundreds.

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
        deltas, error = self._decode(self.sse.feed(data), final=False)
        # the hand-on loop is written out here and in `end`: one await per delta, none more per chunk
        for delta in deltas:
            self.delivered = True
            await self.on_delta(delta)
            if isinstance(delta, PassEnd):
                return True
        if error is not None:
            raise error
        return False

    async def end(self) -> None:
        deltas, error = self._decode(self.sse.finish(), final=True)
        for delta in deltas:
            self.delivered = True
            await self.on_delta(delta)
            if isinstance(delta, PassEnd):
                return
        if error is not None:
            raise error

    def _decode(self, events: list[SSEEvent], *, final: bool) -> tuple[list[Delta], ProviderError | None]:
        """The deltas the events of one read bring, runs of text merged (`coalesce`), up to `PassEnd`; and
        the decoder's error, if it raised one after them."""
        if len(events) == 1 and not final:  # a read of one event (nearly every read): its deltas as they are
            try:
                return coalesce(self.decoder.feed(events[0])), None
            except ProviderError as exc:
                return [], exc
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
        return coalesce(deltas), error
