"""Inbound intents: one `AgentClientMessage` upload, normalised into what the stream's actor acts on.

Decoding is strict about the envelope (the hex text, the protobuf bytes, which oneof is set) and lenient
about content: unknown fields are kept in the protobuf objects, and a message kind this build does not
know yet becomes `UnknownUpload` rather than an error, because newer editors add kinds.
"""

from __future__ import annotations

import binascii
import enum

import attrs
from google.protobuf.message import DecodeError, Message

from cursord.connect import Code, ConnectError
from cursord.core.unknown_fields import EDITOR_UNKNOWN_FIELDS
from cursord.proto import agent_v1_pb2 as agent


class ActionKind(enum.Enum):
    USER_MESSAGE = "user_message_action"
    RESUME = "resume_action"
    CANCEL = "cancel_action"
    SUMMARIZE = "summarize_action"
    START_PLAN = "start_plan_action"
    EXECUTE_PLAN = "execute_plan_action"
    SHELL_COMMAND = "shell_command_action"
    ASYNC_ASK_QUESTION_COMPLETION = "async_ask_question_completion_action"
    CANCEL_SUBAGENT = "cancel_subagent_action"
    BACKGROUND_TASK_COMPLETION = "background_task_completion_action"
    BACKGROUND_SHELL = "background_shell_action"
    BACKGROUND_SUBAGENT = "background_subagent_action"
    OTHER = "other"  # a case newer than this build's schema
    NONE = "none"

    @classmethod
    def of(cls, action: agent.ConversationAction) -> ActionKind:
        which = action.WhichOneof("action")
        if which is None:
            return cls.NONE
        try:
            return cls(which)
        except ValueError:
            return cls.OTHER

    @property
    def starts_run(self) -> bool:
        return self in _RUN_STARTERS


_RUN_STARTERS = frozenset(
    {
        ActionKind.USER_MESSAGE,
        ActionKind.RESUME,
        ActionKind.SUMMARIZE,
        ActionKind.START_PLAN,
        ActionKind.EXECUTE_PLAN,
    }
)


@attrs.frozen
class RunRequested:
    """`run_request`: start (or resume) an agent run. `parent_request_id`: a subagent's run names its
    parent's request id (the Run's `x-parent-request-id` header)."""

    request: agent.AgentRunRequest
    parent_request_id: str | None = None

    @property
    def action_kind(self) -> ActionKind:
        return ActionKind.of(self.request.action)

    @property
    def conversation_id(self) -> str | None:
        return _optional_text(self.request, "conversation_id")

    @property
    def model_id(self) -> str | None:
        return requested_model_id(self.request)


@attrs.frozen
class PrewarmRequested:
    """`prewarm_request`: build run state and a checkpoint, but start no provider."""

    request: agent.PrewarmRequest

    @property
    def conversation_id(self) -> str | None:
        return _optional_text(self.request, "conversation_id")


@attrs.frozen
class ActionRequested:
    """`conversation_action` on an open stream: a user message, resume, cancel, summarize, plan ..."""

    action: agent.ConversationAction

    @property
    def kind(self) -> ActionKind:
        return ActionKind.of(self.action)


@attrs.frozen
class ExecResultArrived:
    """`exec_client_message`: data or the result of an exec the daemon asked the editor to run."""

    message: agent.ExecClientMessage

    @property
    def exec_seq(self) -> int:
        return self.message.id

    @property
    def result_kind(self) -> str | None:
        kind: str | None = self.message.WhichOneof("message")
        return kind


class ExecControlKind(enum.Enum):
    STREAM_CLOSE = "stream_close"
    THROW = "throw"
    HEARTBEAT = "heartbeat"


@attrs.frozen
class ExecControlArrived:
    """`exec_client_control_message`: a streamed exec closed, threw, or is still alive."""

    kind: ExecControlKind
    exec_seq: int
    message: agent.ExecClientControlMessage


@attrs.frozen
class InteractionAnswered:
    """`interaction_response`: the user's answer to an interaction query, matched by id."""

    message: agent.InteractionResponse

    @property
    def query_id(self) -> int:
        return self.message.id


@attrs.frozen
class KvResultArrived:
    """`kv_client_message`: the editor stored (or read back) a blob the daemon asked about."""

    message: agent.KvClientMessage

    @property
    def kv_id(self) -> int:
        return self.message.id


@attrs.frozen
class ClientHeartbeat:
    """`client_heartbeat`: the editor is alive; changes no state."""


@attrs.frozen
class UnknownUpload:
    """An upload with no message kind this build knows (an empty message, or a newer editor's kind)."""

    raw: bytes


InboundIntent = (
    RunRequested
    | PrewarmRequested
    | ActionRequested
    | ExecResultArrived
    | ExecControlArrived
    | InteractionAnswered
    | KvResultArrived
    | ClientHeartbeat
    | UnknownUpload
)


def _optional_text(message: Message, field: str) -> str | None:
    return str(getattr(message, field)) if message.HasField(field) else None


def requested_model_id(request: agent.AgentRunRequest | agent.PrewarmRequest) -> str | None:
    """The model a run asks for: `requested_model.model_id`, else `model_details.model_id`."""
    if request.HasField("requested_model") and request.requested_model.model_id:
        return request.requested_model.model_id
    if request.HasField("model_details") and request.model_details.model_id:
        return request.model_details.model_id
    return None


def decode_upload_bytes(hex_text: str, binary: bytes) -> bytes:
    """The `AgentClientMessage` bytes of a BidiAppend: hex `data`, else `data_binary`."""
    if hex_text:
        if binary:
            raise ConnectError(
                Code.INVALID_ARGUMENT, "BidiAppendRequest sets both data and data_binary; send one of them"
            )
        try:
            return binascii.unhexlify(hex_text)
        except (binascii.Error, ValueError) as exc:
            raise ConnectError(
                Code.INVALID_ARGUMENT,
                f"BidiAppendRequest.data is not valid hex ({exc}); it must hex-encode an AgentClientMessage",
            ) from None
    return binary


def parse_client_message(raw: bytes) -> InboundIntent:
    """Decode and normalise one AgentClientMessage; `ConnectError(invalid_argument)` if it is not one."""
    message = agent.AgentClientMessage()
    try:
        message.ParseFromString(raw)
    except DecodeError as exc:
        raise ConnectError(
            Code.INVALID_ARGUMENT,
            f"BidiAppend data does not decode as agent.v1.AgentClientMessage ({len(raw)} bytes): {exc}",
        ) from None
    EDITOR_UNKNOWN_FIELDS.note(message)
    return normalise(message, raw)


def normalise(message: agent.AgentClientMessage, raw: bytes = b"") -> InboundIntent:
    which = message.WhichOneof("message")
    if which == "run_request":
        return RunRequested(message.run_request)
    if which == "prewarm_request":
        return PrewarmRequested(message.prewarm_request)
    if which == "conversation_action":
        return ActionRequested(message.conversation_action)
    if which == "exec_client_message":
        return ExecResultArrived(message.exec_client_message)
    if which == "exec_client_control_message":
        control = message.exec_client_control_message
        kind_name = control.WhichOneof("message")
        if kind_name is None:
            return UnknownUpload(raw or message.SerializeToString())
        kind = ExecControlKind(kind_name)
        inner = getattr(control, kind_name)
        return ExecControlArrived(kind, inner.id, control)
    if which == "interaction_response":
        return InteractionAnswered(message.interaction_response)
    if which == "kv_client_message":
        return KvResultArrived(message.kv_client_message)
    if which == "client_heartbeat":
        return ClientHeartbeat()
    return UnknownUpload(raw or message.SerializeToString())
