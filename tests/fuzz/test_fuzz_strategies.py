"""Shared pieces of the fuzz tests (`tests/fuzz/test_fuzz_*.py`), and tests of the pieces themselves.

- `proto_messages(T)`: a Hypothesis strategy that builds random `T` messages from T's protobuf descriptor,
  to a bounded depth: a random subset of fields per message (oneofs, repeated fields, maps, open enums
  with unknown numbers, every scalar type), with per-field overrides for the values that steer a daemon.
- `hex_payloads`: what can travel in `BidiAppendRequest.data`: hex of messages, random hex, odd-length
  hex, non-hex text, hex of random bytes.
- `fuzz_settings(default)`: the example budget of one target; `CURSORD_FUZZ_EXAMPLES` raises it.
- `TALLY` and the `fuzz_report` fixture: every fuzz input is counted per target (and each answer by its
  outcome); the counts are printed in pytest's terminal summary.
- `LogWatch`: collects ERROR records and tracebacks from cursord and Hypercorn during one example.
- `OPEN_BUGS`: what the fuzzers found that is not fixed yet, and how they step around it meanwhile.
- `Wire`: raw HTTP requests to a running daemon, and `check_unary_answer` / `check_stream_answer`, the
  invariants every answer must meet: a Connect error with its code's HTTP status (or a 405/415 HTTP
  rejection) or a valid result; never `internal`, never a bare 500.
"""

from __future__ import annotations

import binascii
import collections
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any, TypeVar

import attrs
import pytest
import trio
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cursord.connect.compression import GZIP
from cursord.connect.envelope import EnvelopeDecoder, parse_end_stream
from cursord.connect.errors import Code, ConnectError, error_from_json
from cursord.connect.messages import decode_message
from cursord.connect.request import Codec
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.testing.harness import RunningDaemon
from cursord.testing.http_client import HTTPConnection, open_http

M = TypeVar("M", bound=Message)

# ---- budget and counting ------------------------------------------------------------------------------

#: `CURSORD_FUZZ_EXAMPLES=N` runs every target with N examples instead of its short CI default.
EXAMPLES_OVERRIDE = int(os.environ.get("CURSORD_FUZZ_EXAMPLES", "0") or 0)


def fuzz_settings(default: int) -> settings:
    return settings(
        max_examples=EXAMPLES_OVERRIDE or default,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


@attrs.define
class Tally:
    """How many inputs each target tried, and how the daemon answered them."""

    inputs: collections.Counter[str] = attrs.field(factory=collections.Counter)
    outcomes: dict[str, collections.Counter[str]] = attrs.field(factory=dict)

    def tried(self, target: str, count: int = 1) -> None:
        self.inputs[target] += count

    def answered(self, target: str, outcome: str) -> None:
        self.outcomes.setdefault(target, collections.Counter())[outcome] += 1

    def lines(self) -> list[str]:
        out = []
        for target in sorted(self.inputs):
            outcomes = self.outcomes.get(target, collections.Counter())
            shown = ", ".join(f"{name} {count}" for name, count in outcomes.most_common(6))
            out.append(f"{target}: {self.inputs[target]} inputs" + (f" ({shown})" if shown else ""))
        out.append(f"total: {sum(self.inputs.values())} inputs")
        return out


TALLY = Tally()


class _SummaryPlugin:
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not TALLY.inputs:
            return
        terminalreporter.section("fuzz inputs tried")
        for line in TALLY.lines():
            terminalreporter.write_line(line)
        seconds: collections.defaultdict[str, float] = collections.defaultdict(float)
        for reports in terminalreporter.stats.values():
            for report in reports:
                nodeid = getattr(report, "nodeid", "")
                if getattr(report, "when", None) == "call" and "test_fuzz_" in nodeid:
                    seconds[nodeid.split("::")[0]] += report.duration
        timing = ", ".join(f"{path.rsplit('/', 1)[-1]} {took:.1f} s" for path, took in sorted(seconds.items()))
        terminalreporter.write_line(f"time: {timing}; all {sum(seconds.values()):.1f} s")


@pytest.fixture(scope="session")
def fuzz_report(pytestconfig: pytest.Config) -> Tally:
    """Use in every fuzz module (`pytestmark = pytest.mark.usefixtures("fuzz_report")`)."""
    if not pytestconfig.pluginmanager.has_plugin("cursord-fuzz-summary"):
        pytestconfig.pluginmanager.register(_SummaryPlugin(), "cursord-fuzz-summary")
    return TALLY


pytestmark = pytest.mark.usefixtures("fuzz_report")

# ---- protobuf messages from descriptors ------------------------------------------------------------------

_INT32 = st.one_of(st.integers(0, 4), st.integers(-(2**31), 2**31 - 1))
_INT64 = st.one_of(st.integers(0, 4), st.integers(-(2**63), 2**63 - 1))
_UINT32 = st.one_of(st.integers(0, 4), st.integers(0, 2**32 - 1))
_UINT64 = st.one_of(st.integers(0, 4), st.integers(0, 2**64 - 1))
TEXT = st.text(st.characters(codec="utf-8"), max_size=24)

_SCALARS: Mapping[int, st.SearchStrategy[Any]] = {
    FieldDescriptor.TYPE_INT32: _INT32,
    FieldDescriptor.TYPE_SINT32: _INT32,
    FieldDescriptor.TYPE_SFIXED32: _INT32,
    FieldDescriptor.TYPE_INT64: _INT64,
    FieldDescriptor.TYPE_SINT64: _INT64,
    FieldDescriptor.TYPE_SFIXED64: _INT64,
    FieldDescriptor.TYPE_UINT32: _UINT32,
    FieldDescriptor.TYPE_FIXED32: _UINT32,
    FieldDescriptor.TYPE_UINT64: _UINT64,
    FieldDescriptor.TYPE_FIXED64: _UINT64,
    FieldDescriptor.TYPE_BOOL: st.booleans(),
    FieldDescriptor.TYPE_DOUBLE: st.floats(),
    FieldDescriptor.TYPE_FLOAT: st.floats(width=32),
    FieldDescriptor.TYPE_STRING: TEXT,
    FieldDescriptor.TYPE_BYTES: st.binary(max_size=32),
}

Overrides = Mapping[str, st.SearchStrategy[Any]]


def _scalar(field: FieldDescriptor, overrides: Overrides) -> st.SearchStrategy[Any]:
    if field.full_name in overrides:
        return overrides[field.full_name]
    if field.type == FieldDescriptor.TYPE_ENUM:
        enum_type = field.enum_type
        assert enum_type is not None
        known = st.sampled_from([value.number for value in enum_type.values])
        return known if enum_type.is_closed else st.one_of(known, _INT32)
    return _SCALARS[field.type]


def _is_map(field: FieldDescriptor) -> bool:
    return field.message_type is not None and field.message_type.GetOptions().map_entry


def _fill(draw: st.DrawFn, message: Message, depth: int, max_fields: int, overrides: Overrides) -> None:
    descriptor: Any = message.DESCRIPTOR  # the pure-Python and the upb descriptor types differ in the stubs
    fields: list[FieldDescriptor] = list(descriptor.fields)
    if not fields:
        return
    chosen = draw(st.lists(st.sampled_from(fields), max_size=max_fields, unique_by=lambda f: f.number))
    for field in chosen:
        if field.message_type is not None and depth <= 0 and not _is_map(field):
            continue
        container = getattr(message, field.name)
        if field.message_type is not None and _is_map(field):
            key_field = field.message_type.fields_by_name["key"]
            value_field = field.message_type.fields_by_name["value"]
            for key in draw(st.lists(_scalar(key_field, overrides), max_size=2, unique=True)):
                if value_field.message_type is None:
                    container[key] = draw(_scalar(value_field, overrides))
                elif depth > 0:
                    _fill(draw, container[key], depth - 1, max_fields, overrides)
        elif field.message_type is not None:
            if field.is_repeated:
                for _ in range(draw(st.integers(0, 2))):
                    _fill(draw, container.add(), depth - 1, max_fields, overrides)
            else:
                container.SetInParent()
                _fill(draw, container, depth - 1, max_fields, overrides)
        elif field.is_repeated:
            container.extend(draw(st.lists(_scalar(field, overrides), max_size=3)))
        else:
            setattr(message, field.name, draw(_scalar(field, overrides)))


def proto_messages(
    message_type: type[M],
    *,
    max_depth: int = 3,
    max_fields: int = 4,
    overrides: Overrides | None = None,
    require: str | None = None,
) -> st.SearchStrategy[M]:
    """Random `message_type` messages: up to `max_fields` fields set per message, nested `max_depth` deep.

    `overrides` maps a field's full name ("agent.v1.RequestedModel.model_id") to the strategy for its
    values; `require` names a message field that is the only top-level field set (a oneof member, say).
    """
    fixed: Overrides = overrides or {}

    @st.composite
    def build(draw: st.DrawFn) -> M:
        message = message_type()
        if require is None:
            _fill(draw, message, max_depth, max_fields, fixed)
        else:
            child = getattr(message, require)
            child.SetInParent()
            _fill(draw, child, max_depth - 1, max_fields, fixed)
        return message

    return build()


#: the model every fuzz daemon serves, so random run requests sometimes reach a provider.
FUZZ_MODEL = "gpt-test"
#: request ids the fuzz inputs use: a small pool, so inputs meet each other's state.
FUZZ_REQUEST_IDS = ("fz-1", "fz-2", "fz-3")
#: the request id of the known-good stream that must still work after every batch.
GOOD_REQUEST_ID = "good"

request_ids = st.one_of(st.sampled_from(FUZZ_REQUEST_IDS), TEXT.filter(lambda s: s != GOOD_REQUEST_ID))

STEERING: Overrides = {
    "agent.v1.RequestedModel.model_id": st.one_of(st.just(FUZZ_MODEL), TEXT),
    "agent.v1.ModelDetails.model_id": st.one_of(st.just(FUZZ_MODEL), TEXT),
    "agent.v1.ExecClientMessage.id": _UINT32,
    "agent.v1.InteractionResponse.id": _UINT32,
    "agent.v1.KvClientMessage.id": _UINT32,
}

client_messages = proto_messages(agent.AgentClientMessage, max_depth=4, overrides=STEERING)


def _hex(data: bytes) -> str:
    return binascii.hexlify(data).decode()


#: every shape `BidiAppendRequest.data` can take.
hex_payloads: st.SearchStrategy[str] = st.one_of(
    client_messages.map(lambda m: _hex(m.SerializeToString())),
    client_messages.map(lambda m: _hex(m.SerializeToString()).upper()),
    st.binary(max_size=64).map(_hex),
    st.binary(min_size=1, max_size=64).map(lambda b: _hex(b)[:-1]),  # odd length
    st.text(max_size=32),  # mostly not hex at all
    st.text("0123456789abcdefABCDEF \n\t", max_size=32),
)


@attrs.frozen
class AppendBody:
    """A structurally valid BidiAppendRequest, and what it is for the report."""

    request: aiserver.BidiAppendRequest
    shape: str

    @property
    def body(self) -> bytes:
        return self.request.SerializeToString()


@st.composite
def append_requests(draw: st.DrawFn) -> AppendBody:
    request = aiserver.BidiAppendRequest()
    shape = []
    if draw(st.integers(0, 9)):  # mostly with an id
        request.request_id.request_id = draw(request_ids)
    request.append_seqno = draw(st.one_of(st.integers(-2, 6), _INT64))
    payload = draw(st.sampled_from(["data", "binary", "both", "none"]))
    shape.append(payload)
    if payload in ("data", "both"):
        request.data = draw(hex_payloads)
    if payload in ("binary", "both"):
        request.data_binary = draw(
            st.one_of(client_messages.map(lambda m: m.SerializeToString()), st.binary(max_size=64))
        )
    return AppendBody(request, "+".join(shape))


# ---- watching the logs -----------------------------------------------------------------------------------


class LogWatch(logging.Handler):
    """Collects what would be a finding in the daemon's logs: ERROR records and any record with a traceback."""

    LOGGERS = ("cursord", "hypercorn")

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.problems: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.levelno >= logging.ERROR or record.exc_info or "Traceback" in text:
            detail = self.format(record) if record.exc_info else text
            self.problems.append(f"{record.name} {record.levelname}: {detail}")

    @classmethod
    @contextlib.contextmanager
    def watching(cls) -> Iterator[LogWatch]:
        watch = cls()
        watch.setFormatter(logging.Formatter())
        loggers = [logging.getLogger(name) for name in cls.LOGGERS]
        for logger in loggers:
            logger.addHandler(watch)
        try:
            yield watch
        finally:
            for logger in loggers:
                logger.removeHandler(watch)

    def check(self) -> None:
        assert not self.problems, "the daemon logged a problem:\n" + "\n".join(self.problems)


# ---- bugs found and still open -------------------------------------------------------------------------

#: Bugs the fuzzers found that are still open, each pinned by failing tests (named here). While one is
#: listed, the fuzzers step around its trigger so that they can go on finding others; remove the entry
#: once its tests pass, and the fuzzers check the fix as well. (Fixed so far, now regression tests:
#: pgjones/hypercorn#329, DATA for an answered HTTP/2 stream stopped the server; a prewarm_request during
#: a turn moved the turn to another conversation.)
OPEN_BUGS: dict[str, str] = {}


def step_around_content_length_digits(value: bytes) -> bytes:
    """While "content-length-digits" is open: the latin-1 digits ¹²³ become ASCII ones."""
    if "content-length-digits" not in OPEN_BUGS:
        return value
    return value.translate(bytes.maketrans(b"\xb2\xb3\xb9", b"239"))


# ---- talking to a daemon -----------------------------------------------------------------------------

BIDI_APPEND = "/aiserver.v1.BidiService/BidiAppend"
RUN_SSE = "/agent.v1.AgentService/RunSSE"
PROTO_HEADERS: list[tuple[bytes, bytes]] = [(b"content-type", b"application/proto")]


@attrs.frozen
class Answer:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    #: a streaming answer that was still open when we stopped reading (a live stream is a valid answer).
    still_open: bool = False

    def header(self, name: bytes) -> bytes | None:
        return next((value for key, value in self.headers if key == name), None)


@attrs.define
class Wire:
    """Raw requests to a daemon: over one shared HTTP/2 connection, or a fresh HTTP/1.1 one per request."""

    daemon: RunningDaemon
    http2: bool
    _shared: HTTPConnection | None = None

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, daemon: RunningDaemon, http2: bool) -> AsyncIterator[Wire]:
        wire = cls(daemon, http2)
        if not http2:
            yield wire
            return
        async with open_http(await daemon.connect(), True) as shared:
            wire._shared = shared
            yield wire

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[HTTPConnection]:
        if self._shared is not None:
            yield self._shared
            return
        async with open_http(await self.daemon.connect(), False) as conn:
            yield conn

    async def post(
        self, path: str, headers: list[tuple[bytes, bytes]], body: bytes, *, read_for: float = 120.0
    ) -> Answer:
        """POST and read the answer for at most `read_for` seconds (of the trio clock)."""
        async with self._connection() as conn:
            response = await conn.request("POST", path, headers, body)
            chunks: list[bytes] = []
            with trio.move_on_after(read_for) as reading:
                while (chunk := await response.read_chunk()) is not None:
                    chunks.append(chunk)
            await response.aclose()
            return Answer(response.status, response.headers, b"".join(chunks), reading.cancelled_caught)


def _rejection(answer: Answer) -> str | None:
    """The label of a plain-HTTP rejection (405 wrong method, 415 wrong content type), else None."""
    if answer.status in (405, 415):
        content_type = answer.header(b"content-type") or b""
        assert content_type.startswith(b"text/plain"), (answer.status, content_type)
        return f"http-{answer.status}"
    return None


def check_unary_answer(answer: Answer, response_type: type[Message]) -> str:
    """Assert `answer` is a valid unary Connect answer; returns its outcome ("ok", a code, "http-415")."""
    rejected = _rejection(answer)
    if rejected is not None:
        return rejected
    content_type = answer.header(b"content-type")
    if answer.status == 200:
        body = answer.body
        if answer.header(b"content-encoding") == b"gzip":
            body = GZIP.decompress(body, 1 << 26)
        codec = {b"application/proto": Codec.PROTO, b"application/json": Codec.JSON}.get(content_type or b"")
        assert codec is not None, f"200 with content-type {content_type!r}"
        decode_message(codec, body, response_type)
        return "ok"
    assert content_type == b"application/json", f"HTTP {answer.status} {content_type!r}: {answer.body[:300]!r}"
    try:
        error = error_from_json(answer.body)
    except ValueError as exc:
        raise AssertionError(f"HTTP {answer.status} without a Connect error body: {answer.body[:300]!r}") from exc
    assert error.code is not Code.INTERNAL, f"internal error answered: {error.message}"
    assert answer.status == error.code.http_status, (answer.status, error)
    return str(error.code.value)


def read_stream(answer: Answer) -> tuple[list[bytes], ConnectError | None, bool]:
    """The messages of a streaming answer, its end-stream error, and whether the end-stream came."""
    decoder = EnvelopeDecoder(1 << 26, protocol_error_code=Code.INTERNAL)
    messages: list[bytes] = []
    ended: tuple[ConnectError | None, object] | None = None
    for envelope in decoder.feed(answer.body):
        assert not envelope.compressed, "cursord never compresses stream messages"
        if envelope.end_stream:
            ended = parse_end_stream(envelope.payload)
        else:
            messages.append(envelope.payload)
    if not answer.still_open:
        decoder.finish()
        assert ended is not None, "a finished stream must close with an end-stream message"
    return messages, ended[0] if ended else None, ended is not None


def check_stream_answer(answer: Answer) -> str:
    """Assert `answer` is a valid RunSSE answer: 200 and envelopes (never an `internal` end) or 405/415."""
    rejected = _rejection(answer)
    if rejected is not None:
        return rejected
    assert answer.status == 200, f"RunSSE answered HTTP {answer.status}: {answer.body[:300]!r}"
    assert answer.header(b"content-type") == b"text/event-stream", answer.headers
    messages, error, ended = read_stream(answer)
    for payload in messages:
        agent.AgentServerMessage.FromString(payload)
    if not ended:
        return "open"
    if error is None:
        return "ok"
    assert error.code is not Code.INTERNAL, f"internal end-stream: {error.message}"
    return str(error.code.value)


# ---- tests of the pieces -----------------------------------------------------------------------------


@fuzz_settings(100)
@given(message=client_messages)
def test_random_messages_round_trip(message: agent.AgentClientMessage) -> None:
    TALLY.tried("strategy: AgentClientMessage round trip")
    again = agent.AgentClientMessage.FromString(message.SerializeToString())
    assert again.SerializeToString(deterministic=True) == message.SerializeToString(deterministic=True)


def _depth(message: Message) -> int:
    deepest = 0
    for field, value in message.ListFields():
        if field.message_type is None or _is_map(field):
            continue
        children = value if field.is_repeated else [value]
        for child in children:
            deepest = max(deepest, 1 + _depth(child))
    return deepest


def test_the_strategy_reaches_every_kind_and_depth() -> None:
    kinds: set[str] = set()
    depths: set[int] = set()

    @settings(max_examples=300, deadline=None, database=None, derandomize=True)
    @given(message=client_messages)
    def collect(message: agent.AgentClientMessage) -> None:
        kinds.add(message.WhichOneof("message") or "none")
        depths.add(_depth(message))

    collect()
    assert kinds >= {field.name for field in agent.AgentClientMessage.DESCRIPTOR.fields}
    assert max(depths) == 4 and 0 in depths


@fuzz_settings(50)
@given(message=proto_messages(agent.AgentClientMessage, require="exec_client_message"))
def test_require_always_sets_the_named_field(message: agent.AgentClientMessage) -> None:
    assert message.HasField("exec_client_message")


@fuzz_settings(50)
@given(body=append_requests())
def test_append_requests_are_valid_protobuf(body: AppendBody) -> None:
    again = aiserver.BidiAppendRequest.FromString(body.body)
    assert again == body.request
