"""A fake OpenAI Chat Completions server for the benchmarks: it writes each delta's send time into the delta.

Theory of operation.  Like `cursord.testing.fake_providers.FakeProvider` it is a small trio socket server
over h11 on 127.0.0.1, port 0, but its replies are not scripted bytes: they are generated while they are
sent.  The request carries its own script, a marker anywhere in the raw body (so it works both for a
client that posts it directly and for cursord, which embeds the user's text in its JSON request)::

    BENCH:n=200:gap=0.05:phase=0.013:mode=stamp:gate=idle1:

- `mode=stamp` sends `n` chat chunks, delta `i` at `start + phase + i * gap` (an absolute schedule, so a
  late wake-up does not push the later deltas back).  The content of each delta is `T<monotonic_ns>`,
  taken immediately before the chunk is written to the socket.  `CLOCK_MONOTONIC` is one clock for the
  whole machine, so a client in another process can subtract it from its own receive time.
- `mode=bulk` sends `n` small deltas (`tok `) built in advance, in writes of about 64 KiB, as fast as the
  socket takes them: a provider that is never the bottleneck.  `bulk_started_ns` records when the first
  byte went out.
- `gate=NAME` holds the reply after its headers and first (role) chunk until `release(NAME)`; `hold=NAME`
  holds it after the last delta, before the finish chunk (a run that stays open).

The finish chunk, a usage chunk and `data: [DONE]` close every reply, as OpenAI's streams end.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import attrs
import h11
import trio

from cursord.testing.provider_streams import chat_chunk, chat_usage, sse

_MARKER = re.compile(rb"BENCH:((?:[a-z_]+=[A-Za-z0-9._-]*:)+)")
_PLACEHOLDER = "@@STAMP@@"
_STAMP_HEAD, _STAMP_TAIL = chat_chunk({"content": _PLACEHOLDER}).split(_PLACEHOLDER.encode())
_BULK_EVENT = chat_chunk({"content": "tok "})
_ROLE = chat_chunk({"role": "assistant", "content": ""})
_FINISH = chat_chunk({}, "stop") + chat_chunk(None, usage=chat_usage()) + sse("[DONE]")
_HEADERS = [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")]
_BULK_WRITE = 64 * 1024


def marker(**params: object) -> str:
    """The script marker for a request body: `marker(n=10, gap=0.01, mode="stamp")`."""
    return "BENCH:" + "".join(f"{k}={v}:" for k, v in params.items())


def parse_marker(body: bytes) -> dict[str, str]:
    found = _MARKER.search(body)
    if found is None:
        return {}
    pairs = found.group(1).decode().strip(":").split(":")
    return dict(pair.split("=", 1) for pair in pairs)


def stamped_event() -> bytes:
    """One chat chunk whose content is `T` and the monotonic time, taken now."""
    return _STAMP_HEAD + b"T%d" % time.monotonic_ns() + _STAMP_TAIL


@attrs.define
class StampProvider:
    port: int = 0
    requests: int = 0
    active: int = 0
    completed: int = 0
    bulk_started_ns: dict[str, int] = attrs.field(factory=dict)
    _gates: dict[str, trio.Event] = attrs.field(factory=dict)
    _arrived: trio.Event = attrs.field(factory=trio.Event)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def gate(self, name: str) -> trio.Event:
        return self._gates.setdefault(name, trio.Event())

    def release(self, name: str) -> None:
        self.gate(name).set()

    async def wait_active(self, count: int) -> None:
        """Wait until at least `count` replies are open at once."""
        while self.active < count:
            await self._arrived.wait()

    async def run(self, *, task_status: trio.TaskStatus[StampProvider] = trio.TASK_STATUS_IGNORED) -> None:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1", backlog=4096)
        self.port = listeners[0].socket.getsockname()[1]
        async with trio.open_nursery() as nursery:
            nursery.start_soon(trio.serve_listeners, self._connection, listeners)
            task_status.started(self)

    async def _connection(self, stream: trio.SocketStream) -> None:
        conn = h11.Connection(h11.SERVER)
        try:
            while True:
                body = await _read_request(stream, conn)
                if body is None:
                    return
                await self._reply(stream, conn, parse_marker(body))
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return
                conn.start_next_cycle()
        except (trio.BrokenResourceError, trio.ClosedResourceError, h11.ProtocolError):
            return
        finally:
            with trio.CancelScope(shield=True):
                await stream.aclose()

    async def _reply(self, stream: trio.SocketStream, conn: h11.Connection, script: dict[str, str]) -> None:
        n = int(script.get("n", "10"))
        gap = float(script.get("gap", "0"))
        phase = float(script.get("phase", "0"))
        self.requests += 1
        self.active += 1
        self._arrived.set()
        self._arrived = trio.Event()
        try:
            await stream.send_all(conn.send(h11.Response(status_code=200, headers=_HEADERS)))
            await stream.send_all(conn.send(h11.Data(data=_ROLE)))
            if "gate" in script:
                await self.gate(script["gate"]).wait()
            if script.get("mode", "stamp") == "bulk":
                await self._bulk(stream, conn, n, script.get("id", ""))
            else:
                start = trio.current_time() + phase
                for i in range(n):
                    await trio.sleep_until(start + i * gap)
                    await stream.send_all(conn.send(h11.Data(data=stamped_event())))
            if "hold" in script:
                await self.gate(script["hold"]).wait()
            await stream.send_all(conn.send(h11.Data(data=_FINISH)))
            await stream.send_all(conn.send(h11.EndOfMessage()))
            self.completed += 1
        finally:
            self.active -= 1

    async def _bulk(self, stream: trio.SocketStream, conn: h11.Connection, n: int, key: str) -> None:
        per_write = max(1, _BULK_WRITE // len(_BULK_EVENT))
        chunks = [_BULK_EVENT * min(per_write, n - i) for i in range(0, n, per_write)]
        self.bulk_started_ns[key] = time.monotonic_ns()
        for chunk in chunks:
            await stream.send_all(conn.send(h11.Data(data=chunk)))


async def _read_request(stream: trio.SocketStream, conn: h11.Connection) -> bytes | None:
    body: list[bytes] = []
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            conn.receive_data(await stream.receive_some(65536))
        elif isinstance(event, h11.Data):
            body.append(bytes(event.data))
        elif isinstance(event, h11.EndOfMessage):
            return b"".join(body)
        elif isinstance(event, h11.Request):
            continue
        else:
            return None


@asynccontextmanager
async def open_stamp_provider() -> AsyncIterator[StampProvider]:
    provider = StampProvider()
    async with trio.open_nursery() as nursery:
        await nursery.start(provider.run)
        try:
            yield provider
        finally:
            nursery.cancel_scope.cancel()
