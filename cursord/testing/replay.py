"""Replaying a capture: the editor's side of a recorded session played against a daemon, and where it diverges.

Theory of operation. A capture (`cursord.capture`) lists every call the editor made, in the order the daemon saw
them, with what the editor sent and what it got. `replay_capture` plays the editor's side again:

- **Order and timing.** Every call start (and every frame of an `AgentService/Run` call) is an action, taken
  in the capture's order. An action waits until the daemon has sent, on each stream, as many messages as the
  editor had received there when it acted then (the *significant* ones: heartbeats and deltas, whose number
  depends on chunking, are not counted), then waits the gap the capture shows after the last of those
  messages (`Timing.RECORDED`), or goes at once (`Timing.ASAP`). Calls are sent without waiting for the
  previous one's answer, so appends that overlapped overlap again and arrive in the recorded order; an
  append the editor gave up on is given up after the same time; a retried append is sent again, bytes and all.
- **Ids.** Uploads go as recorded, bytes and all: the ids the daemon makes (exec seqs and ids, kv ids) come
  out the same for the same inputs, and it matches an editor's answer by its exec seq.
- **Tab.** When cursord answered Tab in the capture, the replay's daemon has a Tab backend whose model
  says what the capture's said (`cursord.testing.tab_replay`).
- **The provider.** `provider_script` turns each recorded step (`step_started` .. the next one) back into
  what a model said: its thinking and text, and its tool calls from the exec requests and interaction queries that
  followed (the tool whose `args_field` or `query_field` the message sets, its arguments from the message's
  fields). A chat-completions fake serves it.

Divergences (`Divergence`, each naming the message): ``unknown field`` (an upload carries a field or case the
schema lacks), ``refused upload`` (the editor got an ACK, the daemon now refuses), ``different answer`` (any
other call whose status or error code changed), ``different messages`` (a stream's significant messages differ
in kind or number, or it ends differently), ``hang`` (the daemon never sent a message the editor got then,
within `hang_after` seconds; the replay stops there).
"""

from __future__ import annotations

import bisect
import contextlib
import enum
import gzip
import json
from collections.abc import AsyncIterator, Sequence
from typing import Protocol

import attrs
import trio
from google.protobuf import json_format
from google.protobuf.message import DecodeError, Message

from cursord.agent.tools import ExecTool, InteractionTool, ToolContext, native_tools
from cursord.capture import (
    CaptureEvent,
    RecordedCall,
    append_inner,
    calls_of,
    decode,
    describe_up,
    message_class,
    message_kind,
)
from cursord.config import ProviderKind, TabBackend, TabSpec
from cursord.connect import (
    Code,
    ConnectError,
    EnvelopeDecoder,
    encode_envelope,
    error_from_json,
    parse_end_stream,
)
from cursord.core import unknown_numbers
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server import AppParts
from cursord.tab import TabService, tab_parts
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.editor import (
    RUN,
    RUN_SSE,
    STREAM_HEADERS,
    UNARY_HEADERS,
    Connect,
    EditorClient,
    RunCall,
    RunSSEReader,
)
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_calls, open_fake_provider, open_fake_server
from cursord.testing.harness import Wrap
from cursord.testing.http_client import Response, open_http
from cursord.testing.tab_replay import fim_script, uses_tab
from cursord.web import WebAccess

__all__ = ["Divergence", "Timing", "models_of", "provider_script", "replay_capture", "replay_fresh", "significant"]

#: what a replayed WebSearch or WebFetch answers: a replay reaches no network
OFFLINE = "cursord replay reaches no network: the web tools are off while a capture is replayed"
#: messages whose number depends on how a provider chunked its stream, or on the clock: not compared
_UNCOUNTED = frozenset(
    {
        "interaction_update.heartbeat",
        "interaction_update.text_delta",
        "interaction_update.thinking_delta",
        "interaction_update.token_delta",
        "interaction_update.partial_tool_call",
        "interaction_update.tool_call_delta",
    }
)


class Timing(enum.Enum):
    RECORDED = "recorded"
    ASAP = "asap"


@attrs.frozen
class Divergence:
    kind: str
    message: str
    call: int

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


def significant(kind: str) -> bool:
    return kind not in _UNCOUNTED


# ---- the provider's side, from the recorded steps ---------------------------------------------------------


def _request_id(call: RecordedCall) -> str | None:
    """The request id a stream call serves: `x-request-id` on a Run, else its `BidiRequestId` body."""
    if call.path == RUN:
        return call.header("x-request-id")
    message = decode(call.ups[0]) if call.ups else None
    request_id = getattr(message, "request_id", None)
    return request_id if isinstance(request_id, str) else None


def _stream_messages(calls: Sequence[RecordedCall]) -> list[list[agent.AgentServerMessage]]:
    """Each request id's published messages, from the stream call that saw most of them, in start order."""
    best: dict[str, list[agent.AgentServerMessage]] = {}
    for call in calls:
        request_id = _request_id(call)
        if request_id is None:
            continue
        messages = [m for e in call.downs if isinstance(m := decode(e), agent.AgentServerMessage)]
        if len(messages) > len(best.get(request_id, [])) or request_id not in best:
            best[request_id] = messages
    return list(best.values())


def _tool_arguments(
    tool: ExecTool | InteractionTool, args: Message, shown: agent.ToolCall | None, typed: str
) -> str:
    """A call's arguments: as the model typed them (the `partial_tool_call` text, when it reads as this tool's
    arguments: a capture with its content kept), else rebuilt from the fields of the exec request or query and
    of the `ToolCall` the editor was shown that carry the names of the tool's parameters."""
    properties = tool.parameters.get("properties", {})
    try:
        given = json.loads(typed) if typed else None
    except ValueError:
        given = None
    if isinstance(given, dict) and given and set(given) <= set(properties):
        return typed
    fields: dict[str, object] = {}
    case = shown.WhichOneof("tool") if shown is not None else None
    if shown is not None and case is not None:
        inner = getattr(shown, case)
        if "args" in inner.DESCRIPTOR.fields_by_name and inner.HasField("args"):
            fields = json_format.MessageToDict(inner.args, preserving_proto_field_name=True)
    fields.update(json_format.MessageToDict(args, preserving_proto_field_name=True))
    return json.dumps({key: value for key, value in fields.items() if key in properties})


def _exec_tool(candidates: Sequence[ExecTool], arguments: str, call_id: str, shown: agent.ToolCall | None) -> ExecTool:
    """The tool among those setting one exec field whose `ToolCall` is the one the editor was shown."""
    case = shown.WhichOneof("tool") if shown is not None else None
    for tool in candidates:
        built = tool.tool_call(json.loads(arguments), ToolContext(call_id))
        if built is not None and built.WhichOneof("tool") == case:
            return tool
    return candidates[0]


@attrs.define
class _Step:
    """What the model said in one recorded step: its thinking, its text, and its tool calls
    `(call id, tool name, arguments)`."""

    text: list[str] = attrs.field(factory=list)
    thinking: list[str] = attrs.field(factory=list)
    calls: list[tuple[str, str, str]] = attrs.field(factory=list)

    def has(self, call_id: str) -> bool:
        return any(call[0] == call_id for call in self.calls)

    def reply(self) -> Reply:
        text, reasoning = "".join(self.text), "".join(self.thinking) or None
        if self.calls:
            return Reply.sse(chat_tool_calls(self.calls, text=text, reasoning=reasoning))
        return Reply.sse(chat_text(text, reasoning=reasoning))


def provider_script(calls: Sequence[RecordedCall]) -> list[Reply]:
    """What the model said in each recorded step, as replies of a chat-completions fake (see the module
    docstring): its text, and each tool call named by the call's first exec request or by its interaction
    query (AskQuestion, CreatePlan, SwitchMode, the web tools' approvals), arguments from that message."""
    execs: dict[str, list[ExecTool]] = {}
    queries: dict[str, InteractionTool] = {}
    for tool in native_tools(agent.AGENT_MODE_AGENT):
        if isinstance(tool, ExecTool):
            execs.setdefault(tool.args_field, []).append(tool)
        elif isinstance(tool, InteractionTool):
            queries[tool.query_field] = tool
    replies: list[Reply] = []
    for messages in _stream_messages(calls):
        step: _Step | None = None
        shown: dict[str, agent.ToolCall] = {}  # call id -> the ToolCall the editor was shown, in order
        typed: dict[str, list[str]] = {}  # call id -> the argument text the model streamed
        for message in messages:
            update = message.interaction_update
            if message.HasField("interaction_update") and update.HasField("step_started"):
                if step is not None:
                    replies.append(step.reply())
                step = _Step()
            elif step is None:
                continue
            elif update.HasField("text_delta"):
                step.text.append(update.text_delta.text)
            elif update.HasField("thinking_delta"):
                step.thinking.append(update.thinking_delta.text)
            elif update.HasField("tool_call_started"):
                started = update.tool_call_started
                shown[started.call_id] = started.tool_call
            elif update.HasField("partial_tool_call"):
                partial = update.partial_tool_call
                typed.setdefault(partial.call_id, []).append(partial.args_text_delta)
            elif (field := message.exec_server_message.WhichOneof("message")) in execs:
                args = getattr(message.exec_server_message, field)
                call_id = getattr(args, "tool_call_id", "") or message.exec_server_message.exec_id.rsplit(":", 1)[-1]
                if step.has(call_id):
                    continue  # a further exec of the same call (StrReplace reads, then writes)
                said = shown.get(call_id), "".join(typed.get(call_id, ()))
                arguments = _tool_arguments(execs[field][0], args, *said)
                tool = _exec_tool(execs[field], arguments, call_id, said[0])
                step.calls.append((call_id, tool.name, _tool_arguments(tool, args, *said)))
            elif (field := message.interaction_query.WhichOneof("query")) in queries:
                query = getattr(message.interaction_query, field)
                call_id = getattr(query, "tool_call_id", "") or next(
                    (call for call in reversed(shown) if not step.has(call)), ""
                )
                said = shown.get(call_id), "".join(typed.get(call_id, ()))
                step.calls.append((call_id, queries[field].name, _tool_arguments(queries[field], query.args, *said)))
        if step is not None:
            replies.append(step.reply())
    return replies


def models_of(calls: Sequence[RecordedCall]) -> list[str]:
    """The model ids the capture's runs asked for (the replay's daemon serves each)."""
    models: list[str] = []
    for call in calls:
        for event in call.ups:
            message = decode(event)
            if isinstance(message, aiserver.BidiAppendRequest):
                message = append_inner(message)
            if isinstance(message, agent.AgentClientMessage) and message.HasField("run_request"):
                model = message.run_request.requested_model.model_id
                if model and model not in models:
                    models.append(model)
    return models


# ---- the schema -----------------------------------------------------------------------------------------


def _unknown_fields(event: CaptureEvent) -> list[str]:
    message = decode(event)
    if message is None:
        return []
    found = [f"{name} field {number}" for name, number in unknown_numbers(message)]
    if isinstance(message, aiserver.BidiAppendRequest) and (inner := append_inner(message)) is not None:
        found += [f"{name} field {number}" for name, number in unknown_numbers(inner)]
    return found


# ---- playing -------------------------------------------------------------------------------------------


@attrs.define
class _Stream:
    """What one stream call received, recorded and now: its significant messages, with when they came."""

    call: RecordedCall
    recorded: list[tuple[int, float, str]]  # (event order, t, kind)
    live: list[tuple[float, str]] = attrs.field(factory=list)  # (when it came, kind)
    diverged: bool = False
    ended: bool = False

    def before(self, order: int) -> int:
        """How many of the recorded messages the editor had received before the capture's event `order`."""
        return bisect.bisect_left(self.recorded, (order,))

    def name(self) -> str:
        request = _request_id(self.call)
        of = f" of {request}" if request is not None else ""
        return f"{self.call.method}{of} (call {self.call.number})"


class _Source(Protocol):
    async def next_kind(self) -> str | None:
        """The kind of the next message the daemon sent (`message_kind`), None once the stream ended."""

    def end_code(self) -> str | None:
        """How it ended: a Connect code, None for ok."""


@attrs.define
class _AgentSource:
    """A RunSSE or Run response: `AgentServerMessage`s."""

    reader: RunSSEReader

    async def next_kind(self) -> str | None:
        message = await self.reader.next_message(include_heartbeats=True)
        return message_kind(message) if message is not None else None

    def end_code(self) -> str | None:
        error = self.reader.error if self.reader.end is not None else None
        return error.code.value if error is not None else None


@attrs.define
class _EnvelopeSource:
    """Any other server stream: Connect envelopes, each named by its type (`type_name`) when it parses."""

    response: Response
    type_name: str | None
    decoder: EnvelopeDecoder = attrs.field(factory=lambda: EnvelopeDecoder(1 << 26, protocol_error_code=Code.INTERNAL))
    waiting: list[bytes] = attrs.field(factory=list)
    error: ConnectError | None = None

    async def next_kind(self) -> str | None:
        while not self.waiting:
            chunk = await self.response.read_chunk() if not self.decoder.ended else None
            if chunk is None:
                return None
            for envelope in self.decoder.feed(chunk):
                if envelope.end_stream:
                    self.error = parse_end_stream(envelope.payload)[0]
                else:
                    self.waiting.append(envelope.payload)
        payload = self.waiting.pop(0)
        cls = message_class(self.type_name) if self.type_name else None
        try:
            return message_kind(cls.FromString(payload)) if cls is not None else "undecoded"
        except DecodeError:
            return "undecodable"

    def end_code(self) -> str | None:
        return self.error.code.value if self.error is not None else None


@attrs.frozen
class _Action:
    order: int
    t: float
    call: RecordedCall
    event: CaptureEvent | None  # None: opening a stream call; else the frame (or unary body) to send


@attrs.define
class _Replay:
    calls: list[RecordedCall]
    order: dict[int, int]  # id(event) -> position in the capture
    connect: Connect
    editors: dict[bool, EditorClient]
    timing: Timing
    hang_after: float
    divergences: list[Divergence] = attrs.field(factory=list)
    streams: dict[int, _Stream] = attrs.field(factory=dict)
    runs: dict[int, RunCall] = attrs.field(factory=dict)
    progress: trio.Event = attrs.field(factory=trio.Event)
    started: float = 0.0

    def diverge(self, kind: str, message: str, call: RecordedCall) -> None:
        self.divergences.append(Divergence(kind, message, call.number))

    def _ring(self) -> None:
        self.progress.set()
        self.progress = trio.Event()

    # -- scheduling --

    def _anchor(self, order: int) -> tuple[float, float] | None:
        """(recorded t, live time) of the latest significant message any stream had received before `order`."""
        best: tuple[float, float] | None = None
        for stream in self.streams.values():
            count = stream.before(order)
            if count and len(stream.live) >= count and (best is None or stream.recorded[count - 1][1] > best[0]):
                best = (stream.recorded[count - 1][1], stream.live[count - 1][0])
        return best

    def _missing(self, order: int) -> tuple[_Stream, int] | None:
        for stream in self.streams.values():
            if len(stream.live) < stream.before(order) and not stream.diverged:
                return stream, len(stream.live)
        return None

    async def wait_for(self, action: _Action) -> bool:
        """Wait until the daemon has sent what the editor had received before `action`; False on a hang."""
        while (missing := self._missing(action.order)) is not None:
            stream, index = missing
            if stream.ended:
                return True  # the stream ended early: already reported as different messages
            with trio.move_on_after(self.hang_after):
                await self.progress.wait()
                continue
            kind = stream.recorded[index][2]
            self.diverge(
                "hang",
                f"{stream.name()}: the daemon did not send message #{index} ({kind}) within {self.hang_after:g} s, "
                f"which the editor had received before {self._describe(action)}",
                stream.call,
            )
            return False
        if self.timing is Timing.RECORDED:
            anchor = self._anchor(action.order)
            recorded_t, live_t = anchor if anchor is not None else (0.0, self.started)
            await trio.sleep_until(live_t + max(0.0, action.t - recorded_t))
        return True

    def _describe(self, action: _Action) -> str:
        if action.event is None:
            return f"opening {action.call.method} (call {action.call.number})"
        return describe_up(action.call, action.event)

    # -- calls --

    async def unary(self, call: RecordedCall, event: CaptureEvent) -> None:
        body = event.data
        headers = list(UNARY_HEADERS)
        if event.get("compressed"):
            body = gzip.compress(body)
            headers.append((b"content-encoding", b"gzip"))
        editor = self.editors[call.http == "2"]
        if call.gone is not None and call.end is None:
            with trio.move_on_after(max(0.0, call.gone.t - event.t)):
                await editor.post(call.path, body, headers)
            return
        status, answer = await editor.post(call.path, body, headers)
        live = _unary_error(status, answer)
        recorded = call.error_code
        if recorded is None and live is not None:
            kind = "refused upload" if call.method == "BidiAppend" else "different answer"
            self.diverge(kind, f"{describe_up(call, event)}: the editor got an answer, now {live}", call)
        elif recorded is not None and (live is None or not live.startswith(recorded)):
            self.diverge("different answer", f"{describe_up(call, event)}: the editor got {recorded}, "
                                              f"now {live or 'an answer'}", call)

    async def read_stream(self, stream: _Stream, source: _Source) -> None:
        recorded_count = len(stream.recorded)
        while (kind := await source.next_kind()) is not None:
            if not significant(kind):
                continue
            index = len(stream.live)
            stream.live.append((trio.current_time(), kind))
            if not stream.diverged:
                if index >= recorded_count:
                    stream.diverged = True
                    self.diverge("different messages", f"{stream.name()}: message #{index} ({kind}) was not "
                                                       "in the capture", stream.call)
                elif (expected := stream.recorded[index][2]) != kind:
                    stream.diverged = True
                    self.diverge("different messages", f"{stream.name()}: message #{index} was {expected} "
                                                       f"for the editor, now {kind}", stream.call)
            self._ring()
            if stream.call.gone is not None and len(stream.live) >= recorded_count:
                break  # the editor left here
        stream.ended = True
        self._ring()
        if stream.call.gone is not None or stream.diverged:
            return
        if len(stream.live) < recorded_count:
            stream.diverged = True
            missing = stream.recorded[len(stream.live)][2]
            self.diverge("different messages", f"{stream.name()}: ended before message #{len(stream.live)} "
                                               f"({missing})", stream.call)
        live_end = source.end_code()
        if live_end != stream.call.error_code:
            self.diverge("different messages", f"{stream.name()}: ended {live_end or 'ok'}, the editor saw "
                                               f"{stream.call.error_code or 'ok'}", stream.call)

    async def open_stream(self, call: RecordedCall, nursery: trio.Nursery) -> None:
        stream = self.streams[call.number]
        editor = self.editors[call.http == "2"]
        if call.path == RUN_SSE:
            request_id = _request_id(call) or ""

            async def run_sse() -> None:
                async with editor.run_sse(request_id) as reader:
                    await self.read_stream(stream, _AgentSource(reader))

            nursery.start_soon(run_sse)
            return
        if call.path != RUN:
            nursery.start_soon(self.side_stream, stream)
            return
        opened = trio.Event()

        async def run() -> None:
            extra = [(name.encode(), value.encode()) for name, value in call.headers
                     if name.startswith("x-parent-")]
            gzip_frames = call.header("connect-content-encoding") == "gzip"
            async with editor.run(call.header("x-request-id") or "", gzip_frames=gzip_frames, headers=extra) as run:
                self.runs[call.number] = run
                opened.set()
                await self.read_stream(stream, _AgentSource(await run.reader()))

        nursery.start_soon(run)
        await opened.wait()

    async def side_stream(self, stream: _Stream) -> None:
        """Any other stream call (the health probe, speech): its one request, then its messages by type."""
        call = stream.call
        body = encode_envelope(call.ups[0].data) if call.ups else b""
        async with open_http(await self.connect(), call.http == "2") as connection:
            response = await connection.request("POST", call.path, STREAM_HEADERS, body)
            try:
                down_type = call.downs[0].get("type") if call.downs else None
                await self.read_stream(stream, _EnvelopeSource(response, down_type))
            finally:
                await response.aclose()

    async def send_frame(self, call: RecordedCall, event: CaptureEvent) -> None:
        run = self.runs[call.number]
        await run.send_payload(event.data)


def _unary_error(status: int, answer: bytes) -> str | None:
    """A unary call's error as ``code: message`` (None: answered)."""
    if status == 200:
        return None
    try:
        error = error_from_json(answer)
    except ValueError:
        return f"HTTP {status}"
    return f"{error.code.value}: {error.message}"


def _actions(calls: Sequence[RecordedCall], order: dict[int, int]) -> list[_Action]:
    actions = []
    for call in calls:
        if call.path == RUN:
            actions.append(_Action(order[id(call)], call.started, call, None))
            actions += [_Action(order[id(e)], e.t, call, e) for e in call.ups]
        elif call.streaming:
            actions.append(_Action(order[id(call)], call.started, call, None))
        elif call.ups:
            actions.append(_Action(order[id(call)], call.started, call, call.ups[0]))
    return sorted(actions, key=lambda action: action.order)


@contextlib.asynccontextmanager
async def _editors(
    connect: Connect, headers: tuple[tuple[bytes, bytes], ...]
) -> AsyncIterator[dict[bool, EditorClient]]:
    async with EditorClient.open(connect, False, headers) as h1, EditorClient.open(connect, True, headers) as h2:
        yield {False: h1, True: h2}


async def replay_capture(
    events: Sequence[CaptureEvent],
    connect: Connect,
    *,
    timing: Timing = Timing.RECORDED,
    hang_after: float = 30.0,
    headers: tuple[tuple[bytes, bytes], ...] = (),
) -> list[Divergence]:
    """Play the editor's side of `events` over `connect` (a daemon whose provider serves `provider_script`);
    the divergences found, in the order they were found (empty: the daemon answered as it did then)."""
    calls = _answered_calls(events)
    order: dict[int, int] = {}
    for position, event in enumerate(events):
        order[id(event)] = position
    by_number = {call.number: call for call in calls}
    for position, event in enumerate(events):
        if event.ev == "request" and event.call in by_number:
            order[id(by_number[event.call])] = position
    divergences: list[Divergence] = []
    for call in calls:
        for event in call.ups:
            for unknown in _unknown_fields(event):
                divergences.append(Divergence("unknown field", f"{describe_up(call, event)}: {unknown} is not in "
                                                               "this build's schema", call.number))
    async with _editors(connect, headers) as editors:
        replay = _Replay(calls, order, connect, editors, timing, hang_after, divergences)
        replay.started = trio.current_time()
        for call in calls:
            if call.streaming:
                kinds = [(event, message_kind(m) if (m := decode(event)) is not None else "undecoded")
                         for event in call.downs]
                recorded = [(order[id(event)], event.t, kind) for event, kind in kinds if significant(kind)]
                replay.streams[call.number] = _Stream(call, recorded)
        async with trio.open_nursery() as nursery:
            for action in _actions(calls, order):
                if not await replay.wait_for(action):
                    nursery.cancel_scope.cancel()
                    break
                if action.event is None:
                    await replay.open_stream(action.call, nursery)
                elif action.call.path == RUN:
                    await replay.send_frame(action.call, action.event)
                else:
                    nursery.start_soon(replay.unary, action.call, action.event)
            else:
                await _wait_streams(replay, nursery)
    return replay.divergences


async def replay_fresh(
    events: Sequence[CaptureEvent],
    *,
    timing: Timing = Timing.RECORDED,
    hang_after: float = 30.0,
    wrap: Wrap | None = None,
) -> list[Divergence]:
    """Replay `events` against a fresh daemon (in memory) whose provider serves the capture's `provider_script`.
    The daemon reaches no network: its WebSearch and WebFetch fail (`OFFLINE`), whatever the capture approved."""
    calls = _answered_calls(events)
    models = models_of(calls) or ["default"]
    async with (
        open_fake_provider(*provider_script(calls)) as fake,
        _tab_backend(calls) as tab,
        agent_daemon(
            spec_for(fake, ProviderKind.OPENAI_CHAT, *models),
            side_rpcs=True,
            wrap=wrap,
            web=WebAccess(offline=OFFLINE),
            extra_parts=tab,
        ) as (daemon, _),
    ):
        return await replay_capture(events, daemon.connect, timing=timing, hang_after=hang_after)


@contextlib.asynccontextmanager
async def _tab_backend(calls: Sequence[RecordedCall]) -> AsyncIterator[tuple[AppParts, ...]]:
    """Tab's RPCs on a backend that answers as the capture's model did (`fim_script`), when cursord answered
    Tab in the capture; else no Tab."""
    if not uses_tab(calls):
        yield ()
        return
    spec = TabSpec(TabBackend.LLAMA_CPP, "http://127.0.0.1:1", api_key_env=None, model="")
    async with open_fake_server(fim_script(calls, spec)) as fim:
        service = TabService(None)
        service.reconfigure(attrs.evolve(spec, base_url=fim.url()), {})
        try:
            yield (tab_parts(service),)
        finally:
            await service.aclose()


def _answered_calls(events: Sequence[CaptureEvent]) -> list[RecordedCall]:
    """The calls cursord answered: one the proxy forwarded to Cursor is not the daemon's to replay."""
    return [call for call in calls_of(events) if not call.forwarded]


async def _wait_streams(replay: _Replay, nursery: trio.Nursery) -> None:
    """Let every stream reach what the editor saw (or hang), then close the ones the editor left open."""
    while (missing := replay._missing(1 << 62)) is not None:
        stream, index = missing
        if stream.ended:
            break
        with trio.move_on_after(replay.hang_after):
            await replay.progress.wait()
            continue
        replay.diverge("hang", f"{stream.name()}: the daemon did not send message #{index} "
                               f"({stream.recorded[index][2]}) within {replay.hang_after:g} s", stream.call)
        break
    with trio.move_on_after(replay.hang_after):
        while not all(s.ended for s in replay.streams.values() if s.call.end is not None):
            await replay.progress.wait()
    nursery.cancel_scope.cancel()

