"""A capture read back as calls, and the names its messages go by (for `record show` and the replay).

`calls_of` groups a capture's events into `RecordedCall`s (one per call number, in the order they started).
`message_kind` names one message the way the tap does (`cursord.tap.events`): an upload as
``run_request`` or ``exec_client_message.shell_stream.exit``, a published message as
``interaction_update.text_delta``; `describe_up` adds what identifies an upload (its seqno and request id).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
from google.protobuf.message import DecodeError, Message

from cursord.capture.format import CaptureEvent
from cursord.capture.redact import message_class
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tap import summarise_server_message

__all__ = ["RecordedCall", "append_inner", "calls_of", "client_message_kind", "decode", "describe_up", "message_kind"]

BIDI_APPEND = "/aiserver.v1.BidiService/BidiAppend"
RUN = "/agent.v1.AgentService/Run"
RUN_SSE = "/agent.v1.AgentService/RunSSE"

#: inner oneofs that name an upload more precisely
_INNER = {
    "exec_client_message": "message",
    "exec_client_control_message": "message",
    "kv_client_message": "message",
    "conversation_action": "action",
    "interaction_response": "result",
}


@attrs.define
class RecordedCall:
    number: int
    listener: str
    path: str
    http: str
    headers: list[list[str]]
    started: float
    ups: list[CaptureEvent] = attrs.field(factory=list)
    downs: list[CaptureEvent] = attrs.field(factory=list)
    status: int | None = None
    end: CaptureEvent | None = None
    gone: CaptureEvent | None = None
    #: the proxy forwarded it to Cursor untouched: cursord did not answer it
    forwarded: bool = False

    @property
    def method(self) -> str:
        return self.path.rsplit("/", 1)[-1]

    @property
    def streaming(self) -> bool:
        return any(name == "content-type" and value.startswith("application/connect+") for name, value in self.headers)

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers if key == name), None)

    @property
    def error_code(self) -> str | None:
        if self.end is None:
            return None
        error = self.end.get("error")
        return str(error["code"]) if error else None


def calls_of(events: Iterable[CaptureEvent]) -> list[RecordedCall]:
    calls: dict[int, RecordedCall] = {}
    for event in events:
        if event.ev == "request":
            calls[event.call] = RecordedCall(
                event.call, str(event.get("listener", "")), str(event.get("path", "")), str(event.get("http", "")),
                [list(pair) for pair in event.get("headers", [])], event.t, forwarded=bool(event.get("forwarded")),
            )
            continue
        call = calls.get(event.call)
        if call is None:
            continue  # an event of a call whose head is not in the file (a cut capture)
        if event.ev == "up":
            call.ups.append(event)
        elif event.ev == "down":
            call.downs.append(event)
        elif event.ev == "response":
            call.status = int(event.get("status", 0))
        elif event.ev == "end":
            call.end = event
        elif event.ev == "gone":
            call.gone = event
    return sorted(calls.values(), key=lambda call: (call.started, call.number))


def decode(event: CaptureEvent) -> Message | None:
    """The message of an ``up`` / ``down`` event, or None if its type is unknown or it does not parse."""
    cls = message_class(event.get("type") or "")
    if cls is None:
        return None
    try:
        return cls.FromString(event.data)
    except DecodeError:
        return None


def append_inner(request: aiserver.BidiAppendRequest) -> agent.AgentClientMessage | None:
    """The `AgentClientMessage` a BidiAppend carries (None: not one, e.g. a health probe's upload)."""
    try:
        payload = bytes.fromhex(request.data) if request.data else request.data_binary
        return agent.AgentClientMessage.FromString(payload)
    except (ValueError, DecodeError):
        return None


def client_message_kind(message: agent.AgentClientMessage) -> str:
    which = message.WhichOneof("message")
    if which is None:
        return "empty"
    oneof = _INNER.get(which)
    inner = getattr(message, which).WhichOneof(oneof) if oneof else None
    if which == "exec_client_message" and inner == "shell_stream":
        event = message.exec_client_message.shell_stream.WhichOneof("event")
        return f"{which}.{inner}.{event}" if event else f"{which}.{inner}"
    return f"{which}.{inner}" if inner else which


def message_kind(message: Message) -> str:
    if isinstance(message, agent.AgentServerMessage):
        return summarise_server_message(message.SerializeToString()).kind
    if isinstance(message, agent.AgentClientMessage):
        return client_message_kind(message)
    if isinstance(message, aiserver.BidiAppendRequest):
        inner = append_inner(message)
        return client_message_kind(inner) if inner is not None else "side upload"
    return message.DESCRIPTOR.name


def describe_up(call: RecordedCall, event: CaptureEvent) -> str:
    """How a report names one upload: ``BidiAppend seqno 3 of r1 (exec_client_message.read_result)``."""
    message = decode(event)
    if message is None:
        return f"{call.method} (call {call.number}): {event.get('type') or 'unknown type'}"
    if isinstance(message, aiserver.BidiAppendRequest):
        return (f"BidiAppend seqno {message.append_seqno} of {message.request_id.request_id} "
                f"({message_kind(message)})")
    index = call.ups.index(event) if event in call.ups else -1
    request = call.header("x-request-id")
    where = f" of {request}" if request else ""
    return f"{call.method}{where} frame {index} ({message_kind(message)})"


def event_fields(message: Message) -> dict[str, Any]:
    """The ids a listing shows beside a message's kind."""
    if isinstance(message, agent.AgentServerMessage):
        return dict(summarise_server_message(message.SerializeToString()).fields)
    if isinstance(message, aiserver.BidiAppendRequest):
        return {"request_id": message.request_id.request_id, "seqno": message.append_seqno}
    if isinstance(message, agent.BidiRequestId):
        return {"request_id": message.request_id}
    return {}
