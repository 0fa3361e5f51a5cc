"""The debug tap's events, as data: summaries of what a stream says and hears, and the per-client queue.

Theory of operation. The tap (`cursord.tap.hub`) turns everything it is told about (broker changes, published
AgentServerMessages, BidiAppend uploads, provider pass timings) into small JSON objects; this module holds
the pure parts of that, with no trio and no I/O:

- `summarise_server_message` / `summarise_intent` reduce one message to its kind
  (``interaction_update.text_delta``, ``exec_client_message.shell_stream.exit`` ...), its size and the ids
  that tie messages together (exec seq and exec id, call id, query id, step id). Never message content.
- `StreamTrack` is what the tap remembers about one request_id between events: the last phase it reported
  (so a phase event can say where it came from), whether the ending was reported, the highest backlog
  index it summarised (so a publish reported twice is reported once), and the execs and interaction
  queries still waiting for the editor, opened by published messages and closed by uploads, an abort, or
  the end of the stream.
- `TapFilter` decides which events one client sees (`?request_id=` / `?conversation_id=`).
- `EventQueue` is one client's bounded buffer: when it is full the oldest event goes and is counted, so a
  slow client costs the daemon a fixed amount of memory and the streams nothing.
"""

from __future__ import annotations

import collections
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import attrs
from google.protobuf.message import DecodeError

from cursord.core import (
    ActionRequested,
    ClientHeartbeat,
    ExecControlArrived,
    ExecControlKind,
    ExecResultArrived,
    InteractionAnswered,
    KvResultArrived,
    PrewarmRequested,
    RunRequested,
    UnknownUpload,
)
from cursord.proto import agent_v1_pb2 as agent

if TYPE_CHECKING:
    from cursord.streams import ActiveStream

Event = dict[str, Any]

#: ShellStream events after which the editor sends nothing more for that exec.
_SHELL_NOT_TERMINAL = frozenset({"start", "stdout", "stderr", "hook_context"})


# ---- published messages -------------------------------------------------------------------------------


@attrs.frozen
class MessageSummary:
    """One published AgentServerMessage: its kind, payload size and ids; plus what it does to pending work."""

    kind: str
    size: int
    fields: Mapping[str, Any] = attrs.field(factory=dict)
    #: an exec the editor is now asked to run: (exec seq, exec kind, exec id)
    opens_exec: tuple[int, str, str] | None = None
    #: an exec the daemon aborted (`exec_server_control_message.abort`)
    aborts_exec: int | None = None
    #: an interaction query now waiting for the user
    opens_query: tuple[int, str] | None = None


def _tool_name(tool_call: agent.ToolCall) -> str | None:
    which: str | None = tool_call.WhichOneof("tool")
    return which.removesuffix("_tool_call") if which else None


def _update_fields(kind: str, update: agent.InteractionUpdate) -> dict[str, Any]:
    if kind in ("text_delta", "thinking_delta"):
        return {"chars": len(getattr(update, kind).text)}
    if kind in ("tool_call_started", "tool_call_completed", "partial_tool_call"):
        inner = getattr(update, kind)
        fields: dict[str, Any] = {"call_id": inner.call_id, "model_call_id": inner.model_call_id}
        tool = _tool_name(inner.tool_call) if inner.HasField("tool_call") else None
        if tool:
            fields["tool"] = tool
        if kind == "partial_tool_call":
            fields["chars"] = len(inner.args_text_delta)
        return fields
    if kind == "step_started":
        return {"step_id": update.step_started.step_id}
    if kind == "step_completed":
        return {"step_id": update.step_completed.step_id, "duration_ms": update.step_completed.step_duration_ms}
    if kind == "token_delta":
        return {"tokens": update.token_delta.tokens}
    if kind == "thinking_completed":
        return {"duration_ms": update.thinking_completed.thinking_duration_ms}
    if kind == "turn_ended":
        ended = update.turn_ended
        return {"input_tokens": ended.input_tokens, "output_tokens": ended.output_tokens}
    if kind == "shell_output_delta":
        event = update.shell_output_delta.WhichOneof("event")
        return {"event": event} if event else {}
    return {}


#: First bytes of a serialized AgentServerMessage whose one field (every field is in its `message` oneof)
#: cannot open or close pending work: interaction_update (1), conversation_checkpoint_update (3) and
#: kv_server_message (4), each a length-delimited field whose tag is one byte.
_NO_PENDING_WORK_TAGS = frozenset({(1 << 3) | 2, (3 << 3) | 2, (4 << 3) | 2})


def touches_pending_work(payload: bytes) -> bool:
    """Whether a serialized AgentServerMessage may open or close pending work (an exec, an exec abort, an
    interaction query), judged from its first tag byte without decoding it. Text deltas, the bulk of a
    stream, are interaction updates: the tap with no client attached skips decoding them."""
    return not payload or payload[0] not in _NO_PENDING_WORK_TAGS


def summarise_server_message(payload: bytes) -> MessageSummary:
    """Summarise one serialized AgentServerMessage (what `ActiveStream.publish_payload` appends)."""
    size = len(payload)
    message = agent.AgentServerMessage()
    try:
        message.ParseFromString(payload)
    except DecodeError:
        return MessageSummary("undecodable", size)
    which: str | None = message.WhichOneof("message")
    if which is None:
        return MessageSummary("empty", size)
    if which == "interaction_update":
        inner = message.interaction_update.WhichOneof("message")
        kind = f"{which}.{inner}" if inner else which
        return MessageSummary(kind, size, _update_fields(inner, message.interaction_update) if inner else {})
    if which == "exec_server_message":
        exec_message = message.exec_server_message
        exec_kind = exec_message.WhichOneof("message") or "unknown"
        fields = {"exec_seq": exec_message.id, "exec_id": exec_message.exec_id}
        return MessageSummary(
            f"{which}.{exec_kind}", size, fields, opens_exec=(exec_message.id, exec_kind, exec_message.exec_id)
        )
    if which == "exec_server_control_message":
        control = message.exec_server_control_message
        control_kind = control.WhichOneof("message")
        if control_kind == "abort":
            return MessageSummary(f"{which}.abort", size, {"exec_seq": control.abort.id}, aborts_exec=control.abort.id)
        return MessageSummary(f"{which}.{control_kind}" if control_kind else which, size)
    if which == "interaction_query":
        query = message.interaction_query
        query_kind = query.WhichOneof("query") or "unknown"
        return MessageSummary(
            f"{which}.{query_kind}", size, {"query_id": query.id}, opens_query=(query.id, query_kind)
        )
    if which == "kv_server_message":
        kv = message.kv_server_message
        kv_kind = kv.WhichOneof("message")
        return MessageSummary(f"{which}.{kv_kind}" if kv_kind else which, size, {"kv_id": kv.id})
    return MessageSummary(which, size)


# ---- uploads ------------------------------------------------------------------------------------------


@attrs.frozen
class IntentSummary:
    """One upload (an `InboundIntent`): its kind and ids; plus which pending exec or query it settles."""

    kind: str
    fields: Mapping[str, Any] = attrs.field(factory=dict)
    finishes_exec: int | None = None
    answers_query: int | None = None
    conversation_id: str | None = None


def summarise_intent(intent: object) -> IntentSummary:
    """Summarise one inbound intent (`cursord.core.intents`), as the BidiAppend handler decoded it."""
    match intent:
        case RunRequested():
            fields: dict[str, Any] = {"model_id": intent.model_id, "action": intent.action_kind.value}
            return IntentSummary("run_request", fields, conversation_id=intent.conversation_id)
        case PrewarmRequested():
            return IntentSummary("prewarm_request", conversation_id=intent.conversation_id)
        case ActionRequested():
            return IntentSummary(f"conversation_action.{intent.kind.value}")
        case ExecResultArrived():
            message = intent.message
            result_kind = intent.result_kind or "unknown"
            kind = f"exec_client_message.{result_kind}"
            finished = True
            if result_kind == "shell_stream":
                event = message.shell_stream.WhichOneof("event")
                kind = f"{kind}.{event}" if event else kind
                finished = event is not None and event not in _SHELL_NOT_TERMINAL
            fields = {"exec_seq": intent.exec_seq, "exec_id": message.exec_id}
            return IntentSummary(kind, fields, finishes_exec=intent.exec_seq if finished else None)
        case ExecControlArrived():
            finished = intent.kind is not ExecControlKind.HEARTBEAT
            return IntentSummary(
                f"exec_client_control_message.{intent.kind.value}",
                {"exec_seq": intent.exec_seq},
                finishes_exec=intent.exec_seq if finished else None,
            )
        case InteractionAnswered():
            result = intent.message.WhichOneof("result")
            kind = f"interaction_response.{result}" if result else "interaction_response"
            return IntentSummary(kind, {"query_id": intent.query_id}, answers_query=intent.query_id)
        case KvResultArrived():
            kv_kind = intent.message.WhichOneof("message")
            return IntentSummary(f"kv_client_message.{kv_kind}" if kv_kind else "kv_client_message",
                                 {"kv_id": intent.kv_id})
        case ClientHeartbeat():
            return IntentSummary("client_heartbeat")
        case UnknownUpload():
            return IntentSummary("unknown", {"bytes": len(intent.raw)})
    return IntentSummary(type(intent).__name__)


# ---- what the tap remembers per request_id ------------------------------------------------------------


@attrs.frozen
class PendingWork:
    """An exec (or interaction query) the daemon sent and the editor (or user) has not finished yet."""

    id: int
    kind: str
    since: float
    exec_id: str = ""


#: English text and code run about four bytes to a token in the vendors' tokenizers.
BYTES_PER_TOKEN = 4


@attrs.define
class StreamTrack:
    request_id: str
    conversation_id: str | None = None
    phase: str | None = None
    ended_reported: bool = False
    #: backlog index of the last message summarised (-1: none yet)
    last_seq: int = -1
    #: whether any publish was reported for this stream (until then pending work is unknown, not zero)
    publishes_seen: bool = False
    #: made when the first exec or query opens (most streams never have one: two empty dicts per stream)
    pending_execs: dict[int, PendingWork] | None = None
    pending_queries: dict[int, PendingWork] | None = None
    pass_started_at: float | None = None
    #: provider passes ended so far, and the tokens they reported
    passes_ended: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    #: bytes the running pass has published so far (its output until the provider reports the real count)
    live_bytes: int = 0
    #: the running pass's prompt as cursord estimated it at its start (its input until the provider reports)
    live_input: int = 0

    @property
    def output_so_far(self) -> int:
        """The ended passes' output tokens, and an estimate of the running pass's: providers report usage only
        when a pass ends, so its published bytes stand in (about `BYTES_PER_TOKEN` each)."""
        return self.output_tokens + self.live_bytes // BYTES_PER_TOKEN

    @property
    def input_so_far(self) -> int:
        """The ended passes' input tokens, and the running pass's estimated prompt."""
        return self.input_tokens + self.live_input

    def on_pass_start(self, fields: Mapping[str, Any], now: float) -> None:
        self.pass_started_at = now
        estimate = fields.get("prompt_estimate")
        self.live_input = estimate if isinstance(estimate, int) else 0

    def on_pass_end(self, fields: Mapping[str, Any]) -> None:
        self.pass_started_at = None
        self.live_bytes = self.live_input = 0
        self.passes_ended += 1
        for name in ("input_tokens", "output_tokens"):
            value = fields.get(name)
            if isinstance(value, int):
                setattr(self, name, getattr(self, name) + value)

    def on_message(self, summary: MessageSummary, now: float) -> None:
        self.publishes_seen = True
        if summary.opens_exec is not None:
            seq, kind, exec_id = summary.opens_exec
            if self.pending_execs is None:
                self.pending_execs = {}
            self.pending_execs[seq] = PendingWork(seq, kind, now, exec_id)
        if summary.aborts_exec is not None and self.pending_execs is not None:
            self.pending_execs.pop(summary.aborts_exec, None)
        if summary.opens_query is not None:
            query_id, kind = summary.opens_query
            if self.pending_queries is None:
                self.pending_queries = {}
            self.pending_queries[query_id] = PendingWork(query_id, kind, now)

    def on_intent(self, summary: IntentSummary) -> None:
        if summary.finishes_exec is not None and self.pending_execs is not None:
            self.pending_execs.pop(summary.finishes_exec, None)
        if summary.answers_query is not None and self.pending_queries is not None:
            self.pending_queries.pop(summary.answers_query, None)
        if summary.conversation_id is not None:
            self.conversation_id = summary.conversation_id

    def on_ended(self) -> None:
        self.ended_reported = True
        self.pending_execs = self.pending_queries = None
        self.pass_started_at = None

    def pending_view(self, now: float) -> dict[str, Any]:
        """Pending execs and queries for a snapshot; None for each while no publish was ever reported."""
        if not self.publishes_seen:
            return {"pending_execs": None, "pending_queries": None}

        def view(work: PendingWork) -> dict[str, Any]:
            out: dict[str, Any] = {"id": work.id, "kind": work.kind, "age_s": round(now - work.since, 3)}
            if work.exec_id:
                out["exec_id"] = work.exec_id
            return out

        return {
            "pending_execs": [view(w) for w in (self.pending_execs or {}).values()],
            "pending_queries": [view(w) for w in (self.pending_queries or {}).values()],
        }


def ending_fields(stream: ActiveStream) -> dict[str, Any] | None:
    """How the stream ended (``code`` "ok" or a Connect code, ``message``), or None if it has not."""
    ending = stream.backlog.ending
    if ending is None:
        return None
    if ending.error is None:
        return {"code": "ok", "message": None}
    return {"code": ending.error.code.value, "message": ending.error.message}


def stream_info(stream: ActiveStream, track: StreamTrack | None, now: float) -> dict[str, Any]:
    """One row of the snapshot."""
    info: dict[str, Any] = {
        "request_id": stream.request_id,
        "conversation_id": stream.conversation_id or (track.conversation_id if track else None),
        "model_id": stream.model_id,
        "phase": stream.phase.value,
        "subscribers": len(stream.subscribers),
        "backlog_frames": len(stream.backlog.frames),
        "backlog_bytes": stream.backlog.byte_count,
        "has_upload": stream.has_upload,
        "age_s": round(now - stream.created_at, 3),
        "ended": ending_fields(stream),
    }
    if track is not None:
        info.update(track.pending_view(now))
        info.update(passes=track.passes_ended, input_tokens=track.input_so_far, output_tokens=track.output_so_far,
                    input_estimated=track.live_input > 0, output_estimated=track.live_bytes > 0)
    else:
        info.update(pending_execs=None, pending_queries=None, passes=None, input_tokens=None, output_tokens=None,
                    input_estimated=False, output_estimated=False)
    return info


# ---- clients ------------------------------------------------------------------------------------------

#: events every client gets, whatever its filter
_UNFILTERED = frozenset({"snapshot", "dropped", "tap.closing"})


@attrs.frozen
class TapFilter:
    request_id: str | None = None
    conversation_id: str | None = None

    @classmethod
    def from_query(cls, query_string: bytes) -> TapFilter:
        """`?request_id=R&conversation_id=C` (both optional; an empty value means no filter)."""
        query = parse_qs(query_string.decode("latin-1"))

        def one(name: str) -> str | None:
            values = query.get(name)
            return values[-1] if values and values[-1] else None

        return cls(one("request_id"), one("conversation_id"))

    def matches(self, event: Mapping[str, Any]) -> bool:
        if event.get("type") in _UNFILTERED:
            return True
        if self.request_id is not None and event.get("request_id") != self.request_id:
            return False
        return self.conversation_id is None or event.get("conversation_id") == self.conversation_id

    def as_dict(self) -> dict[str, str | None]:
        return {"request_id": self.request_id, "conversation_id": self.conversation_id}


@attrs.define
class EventQueue:
    """A bounded FIFO of encoded events; when full, the oldest is dropped and counted."""

    capacity: int = attrs.field(validator=attrs.validators.ge(1))
    items: collections.deque[str] = attrs.field(factory=collections.deque)
    dropped: int = 0

    def __len__(self) -> int:
        return len(self.items)

    def push(self, item: str) -> None:
        if len(self.items) >= self.capacity:
            self.items.popleft()
            self.dropped += 1
        self.items.append(item)

    def take(self) -> tuple[int, list[str]]:
        """(events dropped since the last take, every event waiting), emptying the queue."""
        dropped, items = self.dropped, list(self.items)
        self.items.clear()
        self.dropped = 0
        return dropped, items


def json_safe(value: object) -> object:
    """A value as JSON can carry it: finite numbers, strings, bools, None; anything else as text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    return str(value)
