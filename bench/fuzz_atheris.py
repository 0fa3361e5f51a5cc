"""Coverage-guided fuzzing of what the editor sends, with atheris (libFuzzer for Python). Not part of pytest.

    .venv/bin/pip install atheris          # 3.0 has wheels for CPython 3.11 on x86_64 Linux
    .venv/bin/python bench/fuzz_atheris.py TARGET [libFuzzer flags] [CORPUS_DIR ...]
    .venv/bin/python bench/fuzz_atheris.py bidi-append -max_total_time=60 -print_final_stats=1
    .venv/bin/python bench/fuzz_atheris.py --list

Without a corpus directory a target starts from built-in seeds (valid inputs) in a temporary directory;
give a directory to keep what the fuzzer finds between runs. A crash is written to `crash-<sha1>` in
the working directory; rerun it with `bench/fuzz_atheris.py TARGET crash-<sha1>`.

Targets (each turns the fuzzer's bytes into one input and checks the same invariant as the
Hypothesis fuzzers in tests/test_fuzz_*.py: a result, or a `ConnectError` with a code a peer may
cause, or an `HttpRejection`; anything else is a crash that libFuzzer reports with the input):

- `envelope`: Connect envelope framing (`EnvelopeDecoder`), fed in two chunks at a fuzzed split;
- `stream-reader`: `StreamReader` on the server side, identity or gzip;
- `gzip`: bounded gzip decompression;
- `bidi-append`: the bytes as a `BidiAppendRequest` body, validated and decoded (`parse_bidi_append`);
- `client-message`: the bytes as an `AgentClientMessage` (`parse_client_message`);
- `json`: the bytes as a JSON `BidiAppendRequest` (`decode_message`);
- `heads`: request heads: method, headers and body drawn from the bytes (`parse_unary_head` and
  `parse_stream_head`, then the body);
- `app`: the whole ASGI app (`CursordApp`, with a broker, the append gate and the echo behaviour of the
  spine tests) in one `trio.run` per input: a fuzzed path, headers and body, answered through ASGI; the
  answer must be a valid Connect answer, never `internal` and never an escaped exception.

cursord's modules are instrumented for coverage when imported (`atheris.instrument_imports`).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

from cursord.streams.active import StreamBehaviour

try:
    import atheris  # type: ignore[import-untyped, unused-ignore]
except ImportError:  # pragma: no cover - an optional tool
    sys.exit("atheris is not installed: .venv/bin/pip install atheris")

with atheris.instrument_imports(include=["cursord"]):
    import trio
    import trio.testing
    from google.protobuf import json_format

    from cursord.connect.compression import GZIP, IDENTITY
    from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, parse_end_stream
    from cursord.connect.errors import Code, ConnectError, error_from_json
    from cursord.connect.messages import decode_message
    from cursord.connect.request import Codec, HttpRejection, Limits
    from cursord.connect.streaming import Side, StreamReader, parse_stream_head, read_server_stream_request
    from cursord.connect.unary import decode_unary_body, parse_unary_head
    from cursord.core.intents import parse_client_message
    from cursord.proto import agent_v1_pb2 as agent
    from cursord.proto import aiserver_v1_pb2 as aiserver
    from cursord.server.app import CursordApp, UnaryMethod
    from cursord.server.bidi import BidiAppendHandler, parse_bidi_append
    from cursord.server.placement import BIDI_APPEND_PATH, RUN_SSE_PATH
    from cursord.streams.active import ActiveStream
    from cursord.streams.append_gate import AppendGate
    from cursord.streams.broker import StreamBroker
    from cursord.testing.editor import bidi_request, cancel_action, exec_result, heartbeat, run_request, stream_close

PEER_CODES = {Code.INVALID_ARGUMENT, Code.RESOURCE_EXHAUSTED, Code.UNIMPLEMENTED}
LIMITS = Limits(max_request_bytes=1 << 16, max_message_bytes=1 << 16)


def _peer_error(error: ConnectError, *allowed: Code) -> None:
    if error.code not in (allowed or PEER_CODES):
        raise AssertionError(f"a peer's input gave {error.code.value}: {error.message}") from error


def fuzz_envelope(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    limit = fdp.ConsumeIntInRange(0, 256)
    cut = fdp.ConsumeIntInRange(0, 64)
    body = fdp.ConsumeBytes(atheris.ALL_REMAINING)
    decoder = EnvelopeDecoder(limit)
    try:
        decoder.feed(body[:cut])
        decoder.feed(body[cut:])
        decoder.finish()
    except ConnectError as error:
        _peer_error(error, Code.INVALID_ARGUMENT, Code.RESOURCE_EXHAUSTED)


def fuzz_stream_reader(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    compression = GZIP if fdp.ConsumeBool() else IDENTITY
    reader = StreamReader(side=Side.SERVER, max_message_bytes=1 << 12, compression=compression)
    try:
        reader.feed(fdp.ConsumeBytes(atheris.ALL_REMAINING))
        reader.finish()
    except ConnectError as error:
        _peer_error(error)


def fuzz_gzip(data: bytes) -> None:
    try:
        out = GZIP.decompress(data, 1 << 16)
    except ConnectError as error:
        _peer_error(error, Code.INVALID_ARGUMENT, Code.RESOURCE_EXHAUSTED)
        return
    assert len(out) <= 1 << 16


def fuzz_bidi_append(data: bytes) -> None:
    try:
        request = decode_message(Codec.PROTO, data, aiserver.BidiAppendRequest)
        parse_bidi_append(request)
    except ConnectError as error:
        _peer_error(error, Code.INVALID_ARGUMENT)


def fuzz_client_message(data: bytes) -> None:
    try:
        parse_client_message(data)
    except ConnectError as error:
        _peer_error(error, Code.INVALID_ARGUMENT)


def fuzz_json(data: bytes) -> None:
    try:
        request = decode_message(Codec.JSON, data, aiserver.BidiAppendRequest)
        parse_bidi_append(request)
    except ConnectError as error:
        _peer_error(error, Code.INVALID_ARGUMENT)


HEADER_NAMES = [
    b"content-type",
    b"connect-protocol-version",
    b"connect-timeout-ms",
    b"content-encoding",
    b"accept-encoding",
    b"connect-content-encoding",
    b"connect-accept-encoding",
    b"content-length",
]
CONTENT_TYPES = [b"application/proto", b"application/json", b"application/connect+proto", b"application/connect+json"]


#: Known bugs this harness steps around so that it finds others (tests/test_fuzz_strategies.OPEN_BUGS);
#: empty it once they are fixed.
STEP_AROUND: set[str] = set()


def _headers(fdp: Any) -> list[tuple[bytes, bytes]]:
    headers = []
    for _ in range(fdp.ConsumeIntInRange(0, 5)):
        name = fdp.PickValueInList(HEADER_NAMES) if fdp.ConsumeBool() else fdp.ConsumeBytes(8).lower()
        if name == b"content-type" and fdp.ConsumeBool():
            value = fdp.PickValueInList(CONTENT_TYPES)
        else:
            value = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 24))
        if name == b"content-length" and "content-length-digits" in STEP_AROUND:
            value = value.translate(bytes.maketrans(b"\xb2\xb3\xb9", b"239"))
        headers.append((name, value))
    return headers


def fuzz_heads(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    method = "POST" if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeUnicodeNoSurrogates(6)
    streaming = fdp.ConsumeBool()
    headers = _headers(fdp)
    body = fdp.ConsumeBytes(atheris.ALL_REMAINING)
    try:
        if streaming:
            stream_head = parse_stream_head(method, headers, LIMITS)
            read_server_stream_request(stream_head, body, LIMITS)
        else:
            unary_head = parse_unary_head(method, headers, LIMITS)
            decode_unary_body(unary_head, body, LIMITS)
    except HttpRejection as rejection:
        assert rejection.status in (405, 415)
    except ConnectError as error:
        _peer_error(error)


# ---- the whole app ---------------------------------------------------------------------------------------


class _Echo(StreamBehaviour):
    """The spine tests' echo, reduced: says nothing, ends on a cancel, so streams come and go."""

    def __init__(self, stream: ActiveStream) -> None:
        self.stream = stream

    async def handle(self, item: object) -> None:
        await trio.lowlevel.checkpoint()

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


PATHS = [BIDI_APPEND_PATH, RUN_SSE_PATH, "/aiserver.v1.DashboardService/GetTeams"]


async def _serve_one(path: str, headers: list[tuple[bytes, bytes]], body: bytes) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    with trio.fail_after(600):
        async with trio.open_nursery() as nursery:
            gate: AppendGate[Any] = AppendGate()
            await nursery.start(gate.run)
            async with trio.open_nursery() as streams:
                broker = StreamBroker(nursery=streams, behaviour_factory=_Echo)
                bidi = UnaryMethod(aiserver.BidiAppendRequest, BidiAppendHandler(broker, gate))
                app = CursordApp(broker=broker, limits=LIMITS, unary_methods={BIDI_APPEND_PATH: bidi})
                messages = [{"type": "http.request", "body": body, "more_body": False}]

                async def receive() -> dict[str, Any]:
                    if messages:
                        return messages.pop(0)
                    await trio.sleep(90)  # a RunSSE that stays open is disconnected after a while
                    return {"type": "http.disconnect"}

                async def send(message: MutableMapping[str, Any]) -> None:
                    sent.append(dict(message))

                # as Hypercorn gives it (a loopback Host), so the fuzzed request gets past the Host check
                scope = {"type": "http", "method": "POST", "path": path, "headers": [(b"host", b"localhost"), *headers]}
                await app(scope, receive, send)
                broker.close()
                streams.cancel_scope.cancel()
            nursery.cancel_scope.cancel()
    return sent


def _check_answer(path: str, sent: list[dict[str, Any]]) -> None:
    if not sent:
        return  # a RunSSE that was still open when its client went away
    start = sent[0]
    assert start["type"] == "http.response.start", start
    status: int = start["status"]
    content_type = dict(start["headers"]).get(b"content-type", b"")
    body = b"".join(m.get("body", b"") for m in sent[1:])
    if status in (405, 415):
        assert content_type.startswith(b"text/plain"), content_type
        return
    if status == 200 and (path != BIDI_APPEND_PATH or content_type.startswith(b"application/connect+")):
        decoder = EnvelopeDecoder(1 << 26, protocol_error_code=Code.INTERNAL)
        envelopes = decoder.feed(body)
        if envelopes and envelopes[-1].end_stream:
            error, _ = parse_end_stream(envelopes[-1].payload)
            assert error is None or error.code is not Code.INTERNAL, error
        return
    if status == 200:
        codec = Codec.JSON if content_type == b"application/json" else Codec.PROTO
        decode_message(codec, body, aiserver.BidiAppendResponse)
        return
    error = error_from_json(body)
    assert error.code is not Code.INTERNAL, error
    assert status == error.code.http_status, (status, error)


def fuzz_app(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    path = fdp.PickValueInList(PATHS)
    headers = _headers(fdp)
    body = fdp.ConsumeBytes(atheris.ALL_REMAINING)
    sent = trio.run(_serve_one, path, headers, body, clock=trio.testing.MockClock(autojump_threshold=0))
    _check_answer(path, sent)


# ---- seeds: valid inputs to start from (libFuzzer cannot see coverage inside upb's C parser or zlib) ----


def _client_messages() -> list[bytes]:
    messages = [
        run_request("hello", model="m"),
        exec_result(1, "m:1:c1", read_result=agent.ReadResult(success=agent.ReadSuccess(path="/a", content="x"))),
        stream_close(1),
        cancel_action(),
        heartbeat(),
    ]
    return [m.SerializeToString() for m in messages]


def _appends() -> list[bytes]:
    out = []
    for seqno, payload in enumerate(_client_messages(), start=0):
        message = agent.AgentClientMessage.FromString(payload)
        out.append(bidi_request("r1", seqno, message))
        out.append(bidi_request("r1", seqno, message, binary=True))
    return out


def seeds(target: str) -> list[bytes]:
    if target in ("envelope", "stream-reader"):
        plain = [encode_envelope(p) for p in _client_messages()]
        return [b"".join(plain), b"\x00" + encode_envelope(GZIP.compress(b"x" * 100), compressed=True), *plain]
    if target == "gzip":
        return [GZIP.compress(b"hello world"), GZIP.compress(b"a") * 2]
    if target == "bidi-append":
        return _appends()
    if target == "client-message":
        return _client_messages()
    if target == "json":
        return [
            json_format.MessageToJson(aiserver.BidiAppendRequest.FromString(a), indent=None).encode()
            for a in _appends()
        ]
    return []


TARGETS: dict[str, Callable[[bytes], None]] = {
    "envelope": fuzz_envelope,
    "stream-reader": fuzz_stream_reader,
    "gzip": fuzz_gzip,
    "bidi-append": fuzz_bidi_append,
    "client-message": fuzz_client_message,
    "json": fuzz_json,
    "heads": fuzz_heads,
    "app": fuzz_app,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        names = ", ".join(TARGETS)
        if len(sys.argv) >= 2 and sys.argv[1] == "--list":
            print(names)
            return
        sys.exit(f"usage: {sys.argv[0]} TARGET [libFuzzer flags] [CORPUS_DIR ...]; targets: {names}")
    name = sys.argv[1]
    flags = sys.argv[2:]
    if not any(not flag.startswith("-") for flag in flags) and seeds(name):
        corpus = tempfile.mkdtemp(prefix=f"cursord-fuzz-{name}-")  # no corpus given: start from the seeds
        for index, seed in enumerate(seeds(name)):
            Path(corpus, f"seed-{index}").write_bytes(seed)
        flags.append(corpus)
    atheris.Setup([sys.argv[0], *flags], TARGETS[name])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
