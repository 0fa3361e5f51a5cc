"""Shared pieces of the tool catalogue: value types, the handler base classes, argument parsing.

A *tool handler* turns a model's tool call into what the editor runs and the editor's answer back
into text for the model.  There are two kinds:

- `ExecTool`: the editor executes it (`ExecServerMessage` with one `*_args` set, answered by an
  `ExecClientMessage` with the matching `*_result`).
- `InteractionTool`: the editor asks the user (`InteractionQuery`, answered by an
  `InteractionResponse`).

Handlers hold no per-call state (the shell stream has its own `ShellAccumulator`), so one
handler object serves every call of its tool in a run.  Nothing here does I/O.

Errors: a call the model got wrong raises `ToolArgumentError`; its message is meant to go back to
the model as the tool's error result so it can fix the call.  An answer from the editor we do not
understand never raises: it becomes a `ToolOutcome` whose text starts with `UNKNOWN_RESULT_PREFIX`.
"""

from __future__ import annotations

import abc
import enum
import json
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import attrs
from google.protobuf.message import Message

from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolSpec

UNKNOWN_RESULT_PREFIX = "The editor returned a result cursord does not understand"
UINT32_MAX = 2**32 - 1
INT32_MAX = 2**31 - 1

# Caps on the text one result may put into the model's context.
TEXT_LIMIT = 40_000
READ_LIMIT = 60_000
SHELL_LIMIT = 30_000


class ToolKind(enum.Enum):
    EXEC = "exec"
    INTERACTION = "interaction"
    UNKNOWN = "unknown"


class ToolArgumentError(ValueError):
    """The model's call cannot be carried out as given; `str(error)` is the text for the model."""


@attrs.frozen
class ToolOutcome:
    """What the model sees as a tool's result.

    `pending` is True only for an approval that still needs the daemon to do the work (an approved
    WebSearch or WebFetch); `text` is then a placeholder, not a result.
    """

    text: str
    is_error: bool = False
    pending: bool = False


@attrs.frozen
class ToolContext:
    """Facts about the call and the run that handlers put into the messages they build."""

    tool_call_id: str
    conversation_id: str = ""
    model_id: str = ""  # the run's model; a subagent without its own model inherits it
    working_directory: str = ""  # default shell cwd; empty lets the editor choose
    mode: int = agent.AGENT_MODE_AGENT
    #: the models the run picks for its subagents, by type (`cursord.agent.model_choice.subagent_models`)
    subagent_models: tuple[tuple[str, str], ...] = ()


def unknown_result(tool: str, variant: str | None) -> ToolOutcome:
    which = variant or "an empty result"
    return ToolOutcome(f"{UNKNOWN_RESULT_PREFIX} for {tool} ({which}); the outcome is unknown.", True)


def dispatch(
    tool: str, message: Message, oneof: str, handlers: Mapping[str, Callable[[Any], ToolOutcome]]
) -> ToolOutcome:
    """Call the handler for the set member of `message`'s oneof; unknown or unset members fall back."""
    which = message.WhichOneof(oneof)
    handler = handlers.get(which) if which is not None else None
    if which is None or handler is None:
        return unknown_result(tool, which)
    return handler(getattr(message, which))


def rejected_text(what: str, reason: str) -> str:
    reason = reason.strip()
    detail = f": {reason}" if reason else "."
    return f"{what} was rejected by the user or the editor's policy{detail} Do not retry it unless asked."


def clip(text: str, limit: int, *, keep_tail: bool = False) -> str:
    """`text` cut to about `limit` characters, with a note saying what was left out."""
    if len(text) <= limit:
        return text
    if not keep_tail:
        return f"{text[:limit]}\n[... {len(text) - limit} more characters not shown]"
    head = limit // 3
    tail = limit - head
    omitted = len(text) - head - tail
    return f"{text[:head]}\n[... {omitted} characters omitted ...]\n{text[-tail:]}"


def check_seq(value: int, what: str = "exec id") -> int:
    if not 0 <= value <= UINT32_MAX:
        raise ValueError(f"{what} {value} does not fit in uint32")
    return value


def parse_call_arguments(text: str) -> dict[str, Any]:
    """The model's arguments text as a JSON object (an empty text is `{}`)."""
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ToolArgumentError(f"The tool arguments are not valid JSON: {exc.msg} at position {exc.pos}.") from None
    except RecursionError:
        raise ToolArgumentError("The tool arguments are nested too deeply to read.") from None
    if not isinstance(value, dict):
        raise ToolArgumentError("The tool arguments must be a JSON object.")
    return value


class Args:
    """Typed, validated access to one call's arguments.  `None` counts as absent (strict vendors
    send null for optional fields they do not use); keys the schema does not list are ignored."""

    def __init__(self, tool: str, raw: object) -> None:
        if not isinstance(raw, Mapping):
            raise ToolArgumentError(f"{tool}: the arguments must be a JSON object.")
        self.tool = tool
        self.raw: Mapping[str, Any] = raw

    def _error(self, message: str) -> ToolArgumentError:
        return ToolArgumentError(f"{self.tool}: {message}")

    def has(self, key: str) -> bool:
        return self.raw.get(key) is not None

    def req_str(self, key: str, *, strip: bool = True, allow_empty: bool = False) -> str:
        value = self.opt_str(key, strip=strip)
        if value is None or (not allow_empty and value == ""):
            raise self._error(f"'{key}' is required and must be a non-empty string.")
        return value

    def opt_str(self, key: str, *, strip: bool = True) -> str | None:
        value = self.raw.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self._error(f"'{key}' must be a string, not {_json_type(value)}.")
        return value.strip() if strip else value

    def opt_int(self, key: str, *, minimum: int | None = None, maximum: int = INT32_MAX) -> int | None:
        value = self.raw.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._error(f"'{key}' must be an integer, not {_json_type(value)}.")
        if isinstance(value, float):
            if not math.isfinite(value) or not value.is_integer():
                raise self._error(f"'{key}' must be a whole number, not {value}.")
            value = int(value)
        if minimum is not None and value < minimum:
            raise self._error(f"'{key}' must be at least {minimum}, not {value}.")
        if value > maximum:
            raise self._error(f"'{key}' must be at most {maximum}, not {value}.")
        return value

    def req_int(self, key: str, *, minimum: int | None = None, maximum: int = INT32_MAX) -> int:
        value = self.opt_int(key, minimum=minimum, maximum=maximum)
        if value is None:
            raise self._error(f"'{key}' is required and must be an integer.")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.raw.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self._error(f"'{key}' must be true or false, not {_json_type(value)}.")
        return value

    def choice(self, key: str, choices: Sequence[str], default: str | None = None) -> str | None:
        value = self.opt_str(key)
        if value is None or value == "":
            return default
        if value not in choices:
            raise self._error(f"'{key}' must be one of {', '.join(choices)}; got {value!r}.")
        return value

    def str_list(self, key: str) -> list[str]:
        return [self._item_str(key, i, v) for i, v in enumerate(self.list(key))]

    def list(self, key: str, *, required: bool = False) -> list[Any]:
        value = self.raw.get(key)
        if value is None:
            if required:
                raise self._error(f"'{key}' is required and must be an array.")
            return []
        if not isinstance(value, list):
            raise self._error(f"'{key}' must be an array, not {_json_type(value)}.")
        return value

    def _item_str(self, key: str, index: int, value: object) -> str:
        if not isinstance(value, str):
            raise self._error(f"'{key}[{index}]' must be a string, not {_json_type(value)}.")
        return value

    def nested(self, key: str, index: int, value: object) -> Args:
        if not isinstance(value, Mapping):
            raise self._error(f"'{key}[{index}]' must be an object, not {_json_type(value)}.")
        return Args(f"{self.tool}: {key}[{index}]", value)


def lenient(tool: str, raw: object) -> Args:
    """`Args` over whatever the model sent, for display only (never raises)."""
    return Args(tool, raw if isinstance(raw, Mapping) else {})


def display_str(args: Args, key: str) -> str:
    value = args.raw.get(key)
    return value.strip() if isinstance(value, str) else ""


def display_int(args: Args, key: str) -> int | None:
    value = args.raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        return None
    number = int(value)
    return number if -INT32_MAX - 1 <= number <= INT32_MAX else None


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def object_schema(properties: Mapping[str, Mapping[str, Any]], required: Sequence[str] = ()) -> dict[str, Any]:
    """A plain JSON Schema object: the only keywords used are type, properties, required,
    additionalProperties (false), description, enum, items and minimum."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {name: dict(prop) for name, prop in properties.items()},
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


def string(description: str, enum_values: Sequence[str] | None = None) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": "string", "description": description}
    if enum_values is not None:
        prop["enum"] = list(enum_values)
    return prop


def integer(description: str, minimum: int | None = None) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": "integer", "description": description}
    if minimum is not None:
        prop["minimum"] = minimum
    return prop


def boolean(description: str) -> dict[str, Any]:
    return {"type": "boolean", "description": description}


def array(description: str, items: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "array", "description": description, "items": dict(items)}


class Tool(abc.ABC):
    """One model-visible tool.  Subclasses set the class attributes (MCP tools set them per
    instance, since each wraps one MCP server's tool)."""

    name: str
    description: str
    parameters: Mapping[str, Any]
    kind: ClassVar[ToolKind]
    read_only: bool = False  # offered in ask and plan modes
    #: the string argument the editor shows growing while the model streams it (an edit's new content)
    streamed_content: str | None = None
    advertised: bool = True  # offered to the model at all (False: a builder the daemon uses itself)

    @property
    def spec(self) -> ToolSpec:
        return ToolSpec(self.name, self.description, self.parameters)

    def validate(self, call_args: object) -> None:
        """Raise `ToolArgumentError` if the call would be refused (no message is built)."""
        self.parse(call_args)

    @abc.abstractmethod
    def parse(self, call_args: object) -> object:
        """The validated arguments, in the handler's own form."""


class ExecTool(Tool):
    kind: ClassVar[ToolKind] = ToolKind.EXEC
    args_field: ClassVar[str]  # the ExecServerMessage oneof member this tool sets
    result_fields: ClassVar[tuple[str, ...]]  # the ExecClientMessage members that answer it

    @abc.abstractmethod
    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        """The exec request for this call; raises `ToolArgumentError` for a bad call."""

    def next_exec(
        self,
        call_args: object,
        result: agent.ExecClientMessage,
        exec_seq: int,
        exec_id: str,
        ctx: ToolContext,
    ) -> agent.ExecServerMessage | None:
        """A further exec this call needs after `result`, or None when `result` is final.
        Only multi-step tools (StrReplace) return one; may raise `ToolArgumentError`."""
        return None

    def result_text(self, result: agent.ExecClientMessage, call_args: object = None) -> ToolOutcome:
        which = result.WhichOneof("message")
        if which is None or which not in self.result_fields:
            return unknown_result(self.name, which)
        return self._outcome(which, getattr(result, which), lenient(self.name, call_args))

    @abc.abstractmethod
    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        """Text for one of `result_fields` (payload is that field's message)."""

    @abc.abstractmethod
    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall | None:
        """The `ToolCall` the editor shows (result None: the call has started).  Never raises;
        None when the schema has no ToolCall entry for this tool."""

    def _exec(self, exec_seq: int, exec_id: str, **fields: Any) -> agent.ExecServerMessage:
        return agent.ExecServerMessage(id=check_seq(exec_seq), exec_id=exec_id, **fields)


class InteractionTool(Tool):
    kind: ClassVar[ToolKind] = ToolKind.INTERACTION
    query_field: ClassVar[str]  # the InteractionQuery oneof member this tool sets
    response_field: ClassVar[str]  # the InteractionResponse member that answers it

    @abc.abstractmethod
    def build_query(self, call_args: object, query_id: int, ctx: ToolContext) -> agent.InteractionQuery:
        """The interaction query for this call; raises `ToolArgumentError` for a bad call."""

    def result_text(self, response: agent.InteractionResponse, call_args: object = None) -> ToolOutcome:
        which = response.WhichOneof("result")
        if which != self.response_field:
            return unknown_result(self.name, which)
        return self._outcome(getattr(response, which), lenient(self.name, call_args))

    @abc.abstractmethod
    def _outcome(self, payload: Any, args: Args) -> ToolOutcome:
        """Text for the `response_field` payload."""

    @abc.abstractmethod
    def result_message(
        self, response: agent.InteractionResponse, call_args: object, ctx: ToolContext
    ) -> Message | None:
        """The ToolCall result for `response` (None while the daemon still has work to do, or if
        the response is not this tool's)."""

    @abc.abstractmethod
    def tool_call(self, call_args: object, ctx: ToolContext, result: Message | None = None) -> agent.ToolCall:
        """The `ToolCall` the editor shows; `result` is this tool's result message.  Never raises."""
