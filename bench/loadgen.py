"""The client side of the benchmarks: every measurement the orchestrator runs against the daemon process.

Each function drives real connections with `cursord.testing` (the HTTP/1.1 and HTTP/2 client, the scripted
editor's request builders) and returns raw samples; `bench/report.py` turns them into figures.  Receive
times are `time.monotonic_ns()` taken as soon as a chunk comes off the socket, before it is decoded, so the
client's decoding cost is not counted; decoding happens after the timestamp (latency) or after the clock
stops (throughput, replay).
"""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from typing import Any

import attrs
import trio

from bench.stamp_provider import StampProvider, marker
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, parse_end_stream
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.sse import SSEDecoder
from cursord.testing import http_client
from cursord.testing.editor import BIDI_APPEND, RUN, RUN_SSE, STREAM_HEADERS, UNARY_HEADERS, bidi_request, heartbeat
from cursord.testing.editor import run_request as editor_run_request
from cursord.testing.http_client import HTTPConnection, Response, connect_tcp, open_http

MODEL = "bench-model"
#: HTTP/2 receive data is acknowledged (WINDOW_UPDATE) once this much of a stream is unacknowledged.
H2_ACK_BYTES = 256 * 1024
_ids = itertools.count(1)
Connect = Callable[[], Awaitable[trio.abc.Stream]]


def new_request_id(prefix: str) -> str:
    return f"{prefix}-{next(_ids)}"


def run_request(text: str) -> agent.AgentClientMessage:
    # No conversation id: nothing is committed to history, so runs do not grow each other's prompts.
    return editor_run_request(text, model=MODEL, conversation_id=None)


class FrameCounter:
    """Counts Connect envelopes in a byte stream without decoding them (cheap enough for 40k frames)."""

    def __init__(self) -> None:
        self.buffer = b""
        self.frames = 0
        self.ended = False

    def feed(self, data: bytes) -> None:
        buffer = self.buffer + data if self.buffer else data
        pos, size = 0, len(buffer)
        while size - pos >= 5:
            end = pos + 5 + int.from_bytes(buffer[pos + 1 : pos + 5], "big")
            if end > size:
                break
            self.frames += 1
            if buffer[pos] & 2:
                self.ended = True
            pos = end
        self.buffer = buffer[pos:]


def decode_messages(raw: bytes) -> tuple[list[agent.AgentServerMessage], bool]:
    """Every AgentServerMessage in a RunSSE body, and whether it closed with a clean end-stream frame
    (an error end-stream raises)."""
    messages, ended = [], False
    for envelope in EnvelopeDecoder(1 << 30).feed(raw):
        if envelope.end_stream:
            error, _ = parse_end_stream(envelope.payload)
            if error is not None:
                raise RuntimeError(f"the run ended with {error.code.value}: {error.message}")
            ended = True
        else:
            messages.append(agent.AgentServerMessage.FromString(envelope.payload))
    return messages, ended


def text_deltas(messages: list[agent.AgentServerMessage]) -> list[str]:
    return [m.interaction_update.text_delta.text for m in messages if m.interaction_update.HasField("text_delta")]


def batch_h2_acks(threshold: int = H2_ACK_BYTES) -> None:
    """Make this process's HTTP/2 test client acknowledge received data in batches, as nghttp2, Go and
    Node do (a WINDOW_UPDATE once about half a window is used), instead of after every DATA frame: the
    server then handles one WINDOW_UPDATE per `threshold` bytes, not one per event.  The client announces
    a 16 MiB window, so 40 streams a connection with 256 KiB pending each never stall."""
    connection_type: Any = http_client._H2Connection
    if getattr(connection_type, "bench_batched_acks", False):
        return
    unacked: dict[tuple[int, int], int] = {}

    async def acknowledge(self: Any, stream: Any, size: int) -> None:
        key = (id(self), stream.stream_id)
        pending = unacked.get(key, 0) + size
        if pending < threshold:
            unacked[key] = pending
            return
        unacked.pop(key, None)
        if pending and self._closed_reason is None:
            self._conn.acknowledge_received_data(pending, stream.stream_id)
            await self._flush()

    connection_type.acknowledge = acknowledge
    connection_type.bench_batched_acks = True


class Daemon:
    """How the load side reaches the daemon process: fresh TCP connections to its port."""

    def __init__(self, port: int) -> None:
        self.port = port

    async def connect(self) -> trio.abc.Stream:
        return await connect_tcp("127.0.0.1", self.port)


async def post(conn: HTTPConnection, path: str, body: bytes, headers: list[tuple[bytes, bytes]]) -> bytes:
    response = await conn.request("POST", path, headers, body)
    data = await response.read_all()
    if response.status != 200:
        raise RuntimeError(f"{path} answered {response.status}: {data[:200]!r}")
    return data


async def append(conn: HTTPConnection, request_id: str, seqno: int, message: agent.AgentClientMessage) -> None:
    await post(conn, BIDI_APPEND, bidi_request(request_id, seqno, message), UNARY_HEADERS)


async def open_run_sse(conn: HTTPConnection, request_id: str) -> Response:
    body = encode_envelope(agent.BidiRequestId(request_id=request_id).SerializeToString())
    response = await conn.request("POST", RUN_SSE, STREAM_HEADERS, body)
    if response.status != 200:
        raise RuntimeError(f"RunSSE answered {response.status}")
    return response


async def open_run(
    stack: AsyncExitStack, conn: HTTPConnection, request_id: str, first: agent.AgentClientMessage
) -> Response:
    """An `AgentService/Run` (HTTP/2) whose first frame is `first`; its request side stays open (it is
    reset when `stack` closes, after the response has ended)."""
    request = await conn.open_request("POST", RUN, [*STREAM_HEADERS, (b"x-request-id", request_id.encode())])
    stack.push_async_callback(request.reset)
    await request.send(encode_envelope(first.SerializeToString()))
    response = await request.response()
    if response.status != 200:
        raise RuntimeError(f"Run answered {response.status}")
    return response


class ConnectionPool:
    """HTTP/2: `per_connection` streams share each connection (Hypercorn allows 100 at once).
    HTTP/1.1: every `get` opens its own connection, as a RunSSE occupies one until it ends."""

    def __init__(self, stack: AsyncExitStack, connect: Connect, http2: bool, per_connection: int = 40) -> None:
        self.stack, self.connect, self.http2, self.per_connection = stack, connect, http2, per_connection
        self._current: HTTPConnection | None = None
        self._used = 0

    async def get(self) -> HTTPConnection:
        if self.http2 and self._current is not None and self._used < self.per_connection:
            self._used += 1
            return self._current
        conn = await self.stack.enter_async_context(open_http(await self.connect(), self.http2))
        if self.http2:
            self._current, self._used = conn, 1
        return conn


# ---- added latency -------------------------------------------------------------------------------------


#: (send stamp, delay) of each delta one stream delivered, in arrival order, ns
StreamDelays = list[tuple[int, int]]


@attrs.define
class LatencyRun:
    delays_ns: list[int]
    expected: int
    seconds: float
    per_stream: list[StreamDelays] = attrs.field(factory=list)

    def before_first_ending(self) -> list[int]:
        """The delays of the deltas sent before any stream sent its last one.

        The streams of a run start together and send as many deltas each, so they all end within one gap:
        200 turns ending in 0.2 s (1,000 turn endings a second) land on the last deltas of the others. These
        are the delays while every stream is live and none is ending, the steady state the offered load
        describes."""
        streams = [stream for stream in self.per_stream if stream]
        if not streams:
            return self.delays_ns
        first_end = min(max(stamp for stamp, _ in stream) for stream in streams)
        return [delay for stream in streams for stamp, delay in stream if stamp < first_end]


async def latency_run(
    provider: StampProvider,
    *,
    via: Daemon | None,
    http2: bool,
    streams: int,
    events: int,
    gap: float,
    seed: int,
    run: bool = False,
    delays: list[int] | None = None,
) -> LatencyRun:
    """`streams` concurrent streams of `events` stamped deltas each, `gap` apart, started together with
    random phases.  `via=None` reads the provider directly (HTTP/1.1 SSE, the baseline); otherwise the
    provider streams to cursord and the client reads RunSSE from it (or, with `run`, uploads the run
    request on an `AgentService/Run` stream and reads that).  Through cursord, `delays` (if given) grows
    as the events arrive, for a watcher to count them."""
    rng = random.Random(seed)
    gate = f"lat{next(_ids)}"
    delays = [] if delays is None else delays
    per_stream: list[StreamDelays] = [[] for _ in range(streams)]
    started = time.monotonic()
    async with AsyncExitStack() as stack:
        connect: Connect = via.connect if via is not None else (lambda: connect_tcp("127.0.0.1", provider.port))
        pool = ConnectionPool(stack, connect, http2 if via is not None else False)
        readers: list[Callable[[], Awaitable[None]]] = []
        for own in per_stream:
            script = marker(n=events, gap=gap, phase=f"{rng.uniform(0, gap):.6f}", mode="stamp", gate=gate)
            if via is None:
                readers.append(await _direct_reader(await pool.get(), script, delays, own))
            elif run:
                readers.append(await _run_reader(stack, pool, script, delays, own))
            else:
                readers.append(await _through_reader(pool, script, delays, own))
        async with trio.open_nursery() as nursery:
            for reader in readers:
                nursery.start_soon(reader)
            await provider.wait_active(streams)
            provider.release(gate)
    return LatencyRun(delays, streams * events, time.monotonic() - started, per_stream)


async def _direct_reader(
    conn: HTTPConnection, script: str, delays: list[int], own: StreamDelays
) -> Callable[[], Awaitable[None]]:
    message = {"role": "user", "content": script}
    body = json.dumps({"model": MODEL, "stream": True, "messages": [message]}).encode()
    response = await conn.request("POST", "/chat/completions", [(b"content-type", b"application/json")], body)

    async def read() -> None:
        raw: list[tuple[int, bytes]] = []
        while (chunk := await response.read_chunk()) is not None:
            raw.append((time.monotonic_ns(), chunk))
        _stamped(raw, b'"content":"T', b'"', delays, own)

    return read


async def _through_reader(
    pool: ConnectionPool, script: str, delays: list[int], own: StreamDelays
) -> Callable[[], Awaitable[None]]:
    request_id = new_request_id("lat")
    response = await open_run_sse(await pool.get(), request_id)  # subscribed before the run starts
    await append(await pool.get(), request_id, 0, run_request(script))
    return _stamp_reader(response, delays, own)


async def _run_reader(
    stack: AsyncExitStack, pool: ConnectionPool, script: str, delays: list[int], own: StreamDelays
) -> Callable[[], Awaitable[None]]:
    response = await open_run(stack, await pool.get(), new_request_id("lat"), run_request(script))
    return _stamp_reader(response, delays, own)


def _record(delays: list[int], own: StreamDelays, received: int, stamp: int) -> None:
    delays.append(received - stamp)
    own.append((stamp, received - stamp))


def _stamp_reader(response: Response, delays: list[int], own: StreamDelays) -> Callable[[], Awaitable[None]]:
    async def read() -> None:
        decoder = EnvelopeDecoder(1 << 26)
        while (chunk := await response.read_chunk()) is not None:
            now = time.monotonic_ns()
            for envelope in decoder.feed(chunk):
                if envelope.end_stream:
                    continue
                update = agent.AgentServerMessage.FromString(envelope.payload).interaction_update
                if update.HasField("text_delta") and update.text_delta.text.startswith("T"):
                    # Deltas that reached cursord in one read arrive merged: "T<ns>T<ns>".
                    for stamp in update.text_delta.text[1:].split("T"):
                        _record(delays, own, now, int(stamp))

    return read


def _stamped(raw: list[tuple[int, bytes]], head: bytes, tail: bytes, delays: list[int], own: StreamDelays) -> None:
    """Delays of the stamps in chunks that arrived at the given times (an SSE event may span chunks: the
    event counts as received with the chunk that completes it)."""
    carry = b""
    for received, chunk in raw:
        data = carry + chunk
        pos = 0
        while (start := data.find(head, pos)) >= 0:
            end = data.find(tail, start + len(head))
            if end < 0:
                break
            _record(delays, own, received, int(data[start + len(head) : end]))
            pos = end
        carry = data[pos:] if pos else data[-64:]


# ---- throughput ----------------------------------------------------------------------------------------


@attrs.define
class ThroughputRun:
    events: int
    subscribers: int
    seconds: list[float]  # per subscriber: provider's first delta byte -> end-stream received
    request_id: str
    frames: int  # frames each subscriber read, end-stream included


async def throughput_run(
    provider: StampProvider, daemon: Daemon, *, http2: bool, subscribers: int, events: int, run: bool = False
) -> ThroughputRun:
    """One run whose provider sends `events` small deltas as fast as it can; `subscribers` RunSSE
    connections (each its own connection) read it from before the start to the end-stream. With `run`
    (HTTP/2, one subscriber) the run is uploaded and read on one `AgentService/Run` stream instead."""
    request_id = new_request_id("tput")
    if run:
        if subscribers != 1 or not http2:
            raise ValueError("a Run throughput run has one subscriber, over HTTP/2")
        return await _run_throughput(provider, daemon, request_id, events)
    finished: list[int] = [0] * subscribers
    bodies: list[list[bytes]] = [[] for _ in range(subscribers)]
    counters = [FrameCounter() for _ in range(subscribers)]
    async with AsyncExitStack() as stack:
        responses = []
        for _ in range(subscribers):
            conn = await stack.enter_async_context(open_http(await daemon.connect(), http2))
            responses.append(await open_run_sse(conn, request_id))

        async def read(index: int) -> None:
            counter, body = counters[index], bodies[index]
            while (chunk := await responses[index].read_chunk()) is not None:
                body.append(chunk)
                counter.feed(chunk)
                if counter.ended:
                    finished[index] = time.monotonic_ns()

        async with trio.open_nursery() as nursery:
            for index in range(subscribers):
                nursery.start_soon(read, index)
            async with open_http(await daemon.connect(), http2) as conn:
                await append(conn, request_id, 0, run_request(marker(n=events, mode="bulk", id=request_id)))
    started = provider.bulk_started_ns[request_id]
    for body in bodies:  # checked after the clock stopped: every delta arrived, in one piece
        messages, ended = decode_messages(b"".join(body))
        # Deltas that reached cursord in one read arrive merged: the text is what must be whole.
        text = "".join(text_deltas(messages))
        if not ended or text != "tok " * events:
            raise RuntimeError(f"throughput run {request_id}: {len(text) // 4} of {events} deltas, ended={ended}")
    return ThroughputRun(
        events, subscribers, [(end - started) / 1e9 for end in finished], request_id, counters[0].frames
    )


async def _run_throughput(provider: StampProvider, daemon: Daemon, request_id: str, events: int) -> ThroughputRun:
    counter = FrameCounter()
    body: list[bytes] = []
    finished = 0
    async with AsyncExitStack() as stack:
        conn = await stack.enter_async_context(open_http(await daemon.connect(), True))
        first = run_request(marker(n=events, mode="bulk", id=request_id))
        response = await open_run(stack, conn, request_id, first)
        while (chunk := await response.read_chunk()) is not None:
            body.append(chunk)
            counter.feed(chunk)
            if counter.ended:
                finished = time.monotonic_ns()
    started = provider.bulk_started_ns[request_id]
    messages, ended = decode_messages(b"".join(body))
    deltas = text_deltas(messages)
    if not ended or "".join(deltas) != "tok " * events:  # deltas of one provider read arrive merged
        raise RuntimeError(f"Run throughput run {request_id}: {len(deltas)} deltas, ended={ended}")
    return ThroughputRun(events, 1, [(finished - started) / 1e9], request_id, counter.frames)


async def direct_flood(provider: StampProvider, *, events: int, decode: bool = True) -> float:
    """The flood of `throughput_run`, read by the client straight from the provider (HTTP/1.1 SSE):
    seconds from the provider's first delta byte to the client holding the last delta.  With `decode`
    the client decodes as it reads, as a real one does (SSE, then each event's JSON: what any OpenAI
    client does before it has the text); without, it only collects the bytes and counts after."""
    key = new_request_id("flood")
    message = {"role": "user", "content": marker(n=events, mode="bulk", id=key)}
    body = json.dumps({"model": MODEL, "stream": True, "messages": [message]}).encode()
    chunks: list[bytes] = []
    text: list[str] = []
    sse = SSEDecoder()
    async with open_http(await connect_tcp("127.0.0.1", provider.port), False) as conn:
        response = await conn.request("POST", "/chat/completions", [(b"content-type", b"application/json")], body)
        while (chunk := await response.read_chunk()) is not None:
            if not decode:
                chunks.append(chunk)
                continue
            for event in sse.feed(chunk):
                if event.data != "[DONE]":
                    choices = json.loads(event.data)["choices"]
                    text.extend(c["delta"].get("content") or "" for c in choices)
        finished = time.monotonic_ns()
    got = b"".join(chunks).count(b'"content":"tok "') if not decode else "".join(text).count("tok ")
    if got != events:
        raise RuntimeError(f"direct flood {key}: {got} of {events} deltas")
    return (finished - provider.bulk_started_ns[key]) / 1e9


async def cursord_flood(provider: StampProvider, daemon: Daemon, *, http2: bool, events: int) -> float:
    """The same flood through cursord to one RunSSE client that decodes as it reads (each Connect envelope,
    then its AgentServerMessage: what the editor does): seconds from the provider's first delta byte to the
    end-stream."""
    request_id = new_request_id("flood")
    text: list[str] = []
    ended = False
    async with open_http(await daemon.connect(), http2) as conn:
        response = await open_run_sse(conn, request_id)
        async with open_http(await daemon.connect(), http2) as append_conn:
            await append(append_conn, request_id, 0, run_request(marker(n=events, mode="bulk", id=request_id)))
        decoder = EnvelopeDecoder(1 << 26)
        while (chunk := await response.read_chunk()) is not None:
            for envelope in decoder.feed(chunk):
                if envelope.end_stream:
                    ended = True
                    continue
                update = agent.AgentServerMessage.FromString(envelope.payload).interaction_update
                if update.HasField("text_delta"):
                    text.append(update.text_delta.text)
        finished = time.monotonic_ns()
    if not ended or "".join(text) != "tok " * events:
        raise RuntimeError(f"cursord flood {request_id}: {len(''.join(text)) // 4} of {events} deltas")
    return (finished - provider.bulk_started_ns[request_id]) / 1e9


# ---- replay ----------------------------------------------------------------------------------------------


async def replay_once(daemon: Daemon, request_id: str, *, http2: bool, size: int, frames: int) -> float:
    """A reconnecting RunSSE: seconds from sending the request to holding the backlog's `size` bytes.
    The frames are counted after the clock stops, so the client's parsing is not timed."""
    async with open_http(await daemon.connect(), http2) as conn:
        chunks: list[bytes] = []
        got = 0
        started = time.monotonic_ns()
        response = await open_run_sse(conn, request_id)
        while got < size:
            chunk = await response.read_chunk()
            if chunk is None:
                raise RuntimeError(f"replay of {request_id} ended after {got} of {size} bytes")
            chunks.append(chunk)
            got += len(chunk)
        elapsed = (time.monotonic_ns() - started) / 1e9
        await response.aclose()
    counter = FrameCounter()
    counter.feed(b"".join(chunks))
    if counter.frames < frames:
        raise RuntimeError(f"replay of {request_id}: {counter.frames} of {frames} frames")
    return elapsed


async def open_held_run(daemon: Daemon, *, events: int, hold: str, http2: bool) -> tuple[str, int, int]:
    """A run that has published `events` deltas and stays open (the provider holds it before its finish
    chunk until `hold` is released): what a client reconnecting mid-run finds.  Returns the request id,
    how many frames its backlog holds and their size in bytes."""
    request_id = new_request_id("replay")
    async with open_http(await daemon.connect(), http2) as conn:
        response = await open_run_sse(conn, request_id)
        await append(conn, request_id, 0, run_request(marker(n=events, mode="bulk", id=request_id, hold=hold)))
        decoder = EnvelopeDecoder(1 << 26)
        frames = deltas = size = 0
        while deltas < events:
            chunk = await response.read_chunk()
            if chunk is None:
                raise RuntimeError("held run ended early")
            size += len(chunk)
            for envelope in decoder.feed(chunk):
                frames += 1
                message = agent.AgentServerMessage.FromString(envelope.payload)
                deltas += len(message.interaction_update.text_delta.text) // len("tok ")
        await response.aclose()
    return request_id, frames, size


# ---- appends -------------------------------------------------------------------------------------------


async def appends_run(daemon: Daemon, *, http2: bool, writers: int, per_writer: int) -> float:
    """`writers` request ids, each a run (held open by the provider) followed by `per_writer` in-order
    heartbeats, each append sent once the previous one is ACKed.  Returns appends/s for the heartbeats."""
    request_ids = [new_request_id("append") for _ in range(writers)]
    async with AsyncExitStack() as stack:
        # A connection per writer on HTTP/2 too: Hypercorn sends GOAWAY after 1,000 requests on one.
        pool = ConnectionPool(stack, daemon.connect, http2, per_connection=1)
        conns = [await pool.get() for _ in range(writers)]
        for conn, request_id in zip(conns, request_ids, strict=True):
            await append(conn, request_id, 0, run_request(marker(n=0, gate="never")))
        message = heartbeat()

        async def write(conn: HTTPConnection, request_id: str) -> None:
            for seqno in range(1, per_writer + 1):
                await append(conn, request_id, seqno, message)

        started = time.monotonic()
        async with trio.open_nursery() as nursery:
            for conn, request_id in zip(conns, request_ids, strict=True):
                nursery.start_soon(write, conn, request_id)
        elapsed = time.monotonic() - started
    return writers * per_writer / elapsed


# ---- the floor -----------------------------------------------------------------------------------------


async def echo_run(port: int, *, http2: bool, writers: int, per_writer: int, size: int) -> float:
    """Unary POSTs to the bare ASGI echo app: requests/s, the same shape as `appends_run`."""
    body = b"x" * size
    async with AsyncExitStack() as stack:
        pool = ConnectionPool(stack, lambda: connect_tcp("127.0.0.1", port), http2, per_connection=1)
        conns = [await pool.get() for _ in range(writers)]

        async def write(conn: HTTPConnection) -> None:
            for _ in range(per_writer):
                await post(conn, "/echo", body, UNARY_HEADERS)

        started = time.monotonic()
        async with trio.open_nursery() as nursery:
            for conn in conns:
                nursery.start_soon(write, conn)
        elapsed = time.monotonic() - started
    return writers * per_writer / elapsed


async def floor_stream_run(port: int, *, http2: bool, events: int, batch: int) -> float:
    """The bare ASGI app streams `events` small envelopes, `batch` per send: events/s to the end-stream."""
    async with open_http(await connect_tcp("127.0.0.1", port), http2) as conn:
        counter = FrameCounter()
        started = time.monotonic_ns()
        response = await conn.request("POST", f"/stream?n={events}&batch={batch}", STREAM_HEADERS, b"")
        while (chunk := await response.read_chunk()) is not None:
            counter.feed(chunk)
        elapsed = (time.monotonic_ns() - started) / 1e9
    if counter.frames != events + 1 or not counter.ended:
        raise RuntimeError(f"floor stream: {counter.frames} frames")
    return events / elapsed


async def floor_latency_run(
    port: int, *, http2: bool, streams: int, events: int, gap: float, seed: int, delays: list[int] | None = None
) -> LatencyRun:
    """`streams` concurrent `/tick` streams from the bare ASGI app: the stack's own per-event delay."""
    rng = random.Random(seed)
    delays = [] if delays is None else delays
    per_stream: list[StreamDelays] = [[] for _ in range(streams)]
    started = time.monotonic()

    async def read(response: Response, own: StreamDelays) -> None:
        decoder = EnvelopeDecoder(1 << 20)
        while (chunk := await response.read_chunk()) is not None:
            now = time.monotonic_ns()
            for envelope in decoder.feed(chunk):
                if not envelope.end_stream:
                    _record(delays, own, now, int(envelope.payload[1:]))

    async with AsyncExitStack() as stack:
        pool = ConnectionPool(stack, lambda: connect_tcp("127.0.0.1", port), http2)
        responses = []
        for _ in range(streams):
            path = f"/tick?n={events}&gap={gap}&phase={0.2 + rng.uniform(0, gap):.6f}"
            responses.append(await (await pool.get()).request("POST", path, STREAM_HEADERS, b""))
        async with trio.open_nursery() as nursery:
            for response, own in zip(responses, per_stream, strict=True):
                nursery.start_soon(read, response, own)
    return LatencyRun(delays, streams * events, time.monotonic() - started, per_stream)


# ---- scale -----------------------------------------------------------------------------------------------


async def open_idle_streams(
    stack: AsyncExitStack, daemon: Daemon, *, count: int, gate: str, hold: str, events: int, gap: float, http2: bool
) -> list[Response]:
    """`count` runs, each with its RunSSE attached (on connections that live in `stack`) and its provider
    reply held at `gate`; once released, `events` deltas `gap` apart, then held open after them.
    Connections are opened 32 at a time: Hypercorn's listen backlog is 100."""
    responses: list[Response] = []
    pool = ConnectionPool(stack, daemon.connect, http2, per_connection=90)
    limiter = trio.CapacityLimiter(32)

    async def one() -> None:
        async with limiter:
            request_id = new_request_id("idle")
            conn = await pool.get()
            responses.append(await open_run_sse(conn, request_id))
            phase = f"{random.uniform(0, max(gap, 1e-3)):.4f}"
            script = marker(n=events, gap=gap, phase=phase, gate=gate, hold=hold)
            if http2:
                await append(await pool.get(), request_id, 0, run_request(script))
            else:
                async with open_http(await daemon.connect(), False) as append_conn:
                    await append(append_conn, request_id, 0, run_request(script))

    async with trio.open_nursery() as nursery:
        for _ in range(count):
            nursery.start_soon(one)
    return responses


async def drain(responses: list[Response], frames: int) -> None:
    """Read every response, discarding, until `frames` frames have arrived in all."""
    total = 0
    done = trio.Event()

    async def read(response: Response) -> None:
        nonlocal total
        counter = FrameCounter()
        while (chunk := await response.read_chunk()) is not None:
            before = counter.frames
            counter.feed(chunk)
            total += counter.frames - before
            if total >= frames:
                done.set()

    async with trio.open_nursery() as nursery:
        for response in responses:
            nursery.start_soon(read, response)
        await done.wait()
        nursery.cancel_scope.cancel()
