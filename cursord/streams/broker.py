"""StreamBroker: request_id -> ActiveStream, and the nursery that owns every stream's actor.

A stream is created by whichever comes first for its request_id, a BidiAppend or a RunSSE (then it is a
placeholder until an upload arrives), and removed when its actor retires. Placeholders are held apart
from runs: at most `max_placeholders` of them and `max_streams` streams that have an upload, so RunSSE
calls for ids nobody will run never lock a real run out (issue 17 #5). A stream that has ended but
not yet retired is still found, so a late RunSSE replays it; a new run uploaded under the request_id of an
ended stream replaces it with a fresh one (the editor reuses request ids).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator

import attrs
import trio

from cursord.connect import Code, ConnectError
from cursord.streams.active import ActiveStream, BehaviourFactory, StreamTimings

log = logging.getLogger(__name__)

StreamObserver = Callable[[ActiveStream, str], None]
#: Re-creates a stream that an earlier run of the daemon journalled (None: nothing journalled).
Restorer = Callable[["StreamBroker", str], Awaitable[ActiveStream | None]]
PublishObserver = Callable[[ActiveStream, bytes], None]


@attrs.define(eq=False)
class StreamBroker:
    nursery: trio.Nursery
    behaviour_factory: BehaviourFactory
    timings: StreamTimings = attrs.field(factory=StreamTimings)
    max_streams: int = 1_000
    max_placeholders: int = 1_000
    observers: list[StreamObserver] = attrs.field(factory=list)
    publish_observers: list[PublishObserver] = attrs.field(factory=list)
    #: called once when shutdown begins, before the open streams are ended.
    shutdown_observers: list[Callable[[], None]] = attrs.field(factory=list)
    restorer: Restorer | None = None
    _streams: dict[str, ActiveStream] = attrs.field(factory=dict)
    _restoring: dict[str, trio.Event] = attrs.field(factory=dict)
    closing: bool = False

    def __len__(self) -> int:
        return len(self._streams)

    def __iter__(self) -> Iterator[ActiveStream]:
        return iter(list(self._streams.values()))

    def live_count(self) -> int:
        """How many of its streams have not ended."""
        return sum(not stream.is_terminal for stream in self._streams.values())

    def get(self, request_id: str) -> ActiveStream | None:
        return self._streams.get(request_id)

    async def find(self, request_id: str) -> ActiveStream | None:
        """The stream for `request_id`, restored from the journal if this process has none yet."""
        stream = self._streams.get(request_id)
        if stream is not None or self.restorer is None or self.closing:
            return stream
        restoring = self._restoring.get(request_id)
        if restoring is not None:  # another handler is restoring it: wait for that one
            await restoring.wait()
            return self._streams.get(request_id)
        self._restoring[request_id] = done = trio.Event()
        try:
            return await self.restorer(self, request_id)
        finally:
            del self._restoring[request_id]
            done.set()

    def open(
        self,
        request_id: str,
        *,
        replace_ended: bool = False,
        placeholder: bool = False,
        behaviour_factory: BehaviourFactory | None = None,
        preload: Callable[[ActiveStream], None] | None = None,
    ) -> ActiveStream:
        """The stream for `request_id`, created if there is none (or if it ended and `replace_ended`).

        `placeholder`: the caller (a RunSSE) has no upload for it; it counts against `max_placeholders`."""
        stream = self._streams.get(request_id)
        if stream is not None and not (replace_ended and stream.is_terminal):
            return stream
        if self.closing:
            raise ConnectError(Code.UNAVAILABLE, "cursord is shutting down")
        if stream is None:
            self._check_room(request_id, placeholder)
        stream = ActiveStream(
            request_id=request_id,
            timings=self.timings,
            behaviour_factory=behaviour_factory or self.behaviour_factory,
            on_change=self._changed,
            on_publish=self._published,
            opened_by_reader=placeholder,
        )
        if preload is not None:
            preload(stream)
        self._streams[request_id] = stream
        self.nursery.start_soon(self._run_stream, stream, name=f"stream:{request_id}")
        self._changed(stream, "created")
        return stream

    def _check_room(self, request_id: str, placeholder: bool) -> None:
        if len(self._streams) < (self.max_placeholders if placeholder else self.max_streams):
            return  # below either limit whatever the mix: no need to count the placeholders
        placeholders = sum(1 for stream in self._streams.values() if stream.is_placeholder)
        if placeholder and placeholders >= self.max_placeholders:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"cursord already holds {self.max_placeholders} RunSSE calls waiting for an upload, its limit; "
                f"RunSSE for request {request_id} was refused",
            )
        if not placeholder and len(self._streams) - placeholders >= self.max_streams:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"cursord already holds {self.max_streams} streams, its limit; request {request_id} was refused",
            )

    async def _run_stream(self, stream: ActiveStream) -> None:
        """One stream's actor, which fails nothing but its own stream: the broker's nursery holds every other."""
        try:
            await stream.run(self.nursery)
        except Exception as exc:  # our bug outside the behaviour's guarded steps (an actor or timer fault)
            log.exception("stream %s: its actor failed", stream.request_id)
            stream.end(ConnectError.internal(exc))
        finally:
            if self._streams.get(stream.request_id) is stream:
                del self._streams[stream.request_id]

    def _changed(self, stream: ActiveStream, what: str) -> None:
        for observer in self.observers:
            try:
                observer(stream, what)
            except Exception:  # an observer (the tap, sd_notify status) must never break a stream
                log.exception("stream observer failed")

    def _published(self, stream: ActiveStream, payload: bytes) -> None:
        for observer in self.publish_observers:
            try:
                observer(stream, payload)
            except Exception:  # as for observers: never break the stream
                log.exception("publish observer failed")

    def close(self, error: ConnectError | None = None) -> None:
        """Shutdown: refuse new streams and end every open one (default: `unavailable`)."""
        if not self.closing:
            for observer in self.shutdown_observers:
                observer()
        self.closing = True
        error = error or ConnectError(Code.UNAVAILABLE, "cursord is shutting down; retry when it is back")
        for stream in list(self._streams.values()):
            stream.end(error)
