"""The turn's record: what a turn journals at each step boundary, and its JSON form.

Theory of operation. `TurnRecord` is the machine's `TurnState` (the run request with it) together with
what the actor keeps for the same turn: how many frames the stream's backlog held, the tool calls the editor was
shown (the checkpoint's steps) and the blobs offered to the editor's store. Messages queued for the
conversation's next run are not part of it: they wait in the store (`cursord.streams.ActionQueue`);
records written before that keep them under `queued` (`legacy_queued`).

`encode` and `decode` are made mechanically from the attrs classes by a cattrs converter, so a field
added to any class in the record is written and read back without a line here; only what is not an
attrs value has a hook:

- protobuf messages are their serialized bytes (base64), read back as the field's declared type;
- a `ToolRegistry` is its mode and MCP definitions (the handlers are rebuilt from those), and a pending
  call's `Tool` is its name, looked up in the registry the record holds (else in the full tool set: a
  call made before a `SwitchMode` may name a tool the new mode does not offer);
- a message part is tagged with its class name;
- the run request, which the state holds, is written beside it (`run_request`, as records always had it).

Records of the second format (version 2) are read here too: their turn was in phase "step" or
"summary" (one phase, PASS, since), and their pending calls had no stage, which `old_call_stage` infers
once from the fields that told it then. Records of the first format (version 1, written before the
turn became a machine) are read by `cursord.agent.snapshot_v1`.

The property test in tests/agent/test_turn_record.py generates records from the attrs fields
themselves, so a field that does not survive `decode(encode(record))` fails it.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union
from google.protobuf.message import Message as ProtoMessage

from cursord.agent import hooks
from cursord.agent.machine import BlobOffers, CallStage, PendingCall, TurnPhase, TurnState
from cursord.agent.tools import ShellTool, Tool, ToolOutcome, ToolRegistry
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Part

RECORD_VERSION = 3
#: the format before a pending call had a stage and the turn one PASS phase
_V2 = 2


@attrs.frozen
class TurnRecord:
    """A turn at a step boundary: everything it needs to go on in another process."""

    state: TurnState
    #: how many frames the stream's backlog held (the journal is cut back to this on restore)
    events: int
    #: the latest `ToolCall` the editor was shown for each of the turn's tool calls (checkpoint steps)
    tool_views: dict[str, agent.ToolCall] = attrs.field(factory=dict)
    #: the blobs the stream offered the editor and the kv ids it used (the checkpoints go on from here)
    blobs: BlobOffers = attrs.field(factory=BlobOffers)
    #: what this turn's checkpoints build on (None: not known, read it from the store)
    checkpoint_base: CheckpointBase | None = None

    @property
    def run_request(self) -> agent.AgentRunRequest:
        """The run's request, as the state holds it (an empty one for a state without)."""
        return self.state.run_request if self.state.run_request is not None else agent.AgentRunRequest()


@attrs.frozen
class CheckpointBase:
    """The conversation state a turn's checkpoints build on, as it was when the turn began (the store's
    latest checkpoint may already be this turn's own)."""

    state: agent.ConversationStateStructure | None
    earlier_turns: int


def _is_proto(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, ProtoMessage)


def _proto_structure(cls: type[ProtoMessage]) -> Callable[[Any, Any], ProtoMessage]:
    def structure(value: Any, _: Any) -> ProtoMessage:
        return cls.FromString(base64.b64decode(value))

    return structure


def _registry_structure(value: Any, _: Any) -> ToolRegistry:
    definitions = [agent.McpToolDefinition.FromString(base64.b64decode(d)) for d in value["mcp_definitions"]]
    return ToolRegistry.build(int(value["mode"]), definitions)


def _make_converter() -> cattrs.Converter:
    converter = make_converter()
    converter.register_unstructure_hook_func(
        _is_proto, lambda message: base64.b64encode(message.SerializeToString(deterministic=True)).decode()
    )
    converter.register_structure_hook_factory(_is_proto, _proto_structure)
    configure_tagged_union(Part, converter, tag_name="type")
    converter.register_unstructure_hook(
        ToolRegistry, make_dict_unstructure_fn(ToolRegistry, converter, tools=override(omit=True))
    )
    converter.register_structure_hook(ToolRegistry, _registry_structure)
    converter.register_unstructure_hook(Tool, lambda tool: tool.name)
    # a pending call's tool is resolved against the record's registry (`_resolve_tools`)
    converter.register_structure_hook(Tool, lambda name, _: _UnresolvedTool(name))
    return converter


def _run_request_beside(data: dict[str, Any]) -> dict[str, Any]:
    """A record's JSON with the state's run request beside the state, where records keep it."""
    state = dict(data["state"])
    return {"state": state, "run_request": state.pop("run_request"), **{k: v for k, v in data.items() if k != "state"}}


@attrs.frozen
class _UnresolvedTool:
    name: str


_CONVERTER = _make_converter()


def _resolve_tools(state: TurnState) -> TurnState:
    registry = state.setup.tools if state.setup is not None else None

    def resolved(pending: PendingCall) -> PendingCall:
        tool: Any = pending.tool
        if not isinstance(tool, _UnresolvedTool):
            return pending
        found = None
        if registry is not None:
            found = registry.get(tool.name)
            if found is None:  # a call made in a mode the turn has since switched away from
                found = ToolRegistry.build(agent.AGENT_MODE_AGENT, registry.mcp_definitions).get(tool.name)
        if found is None:
            raise ValueError(f"turn record: pending call {pending.call.id} names tool {tool.name!r}, not in its tools")
        return attrs.evolve(pending, tool=found)

    return attrs.evolve(state, pending=tuple(resolved(p) for p in state.pending))


def encode(record: TurnRecord) -> str:
    data = _run_request_beside(_CONVERTER.unstructure(record))
    data["v"] = RECORD_VERSION
    return json.dumps(data, separators=(",", ":"))


def decode(data: dict[str, Any]) -> TurnRecord:
    """The record a version-3 (or version-2) snapshot holds (its state in phase `RESTORED` if it was
    written so)."""
    version = data.get("v")
    if version not in (RECORD_VERSION, _V2):
        raise ValueError(f"turn record version {version!r} is not {RECORD_VERSION} (or {_V2})")
    fields = {k: v for k, v in data.items() if k not in ("v", "run_request")}
    fields["state"] = {**fields["state"], "run_request": data.get("run_request")}  # the state holds it
    if fields.pop("auto_review", False) and fields["state"].get("setup") is not None:  # kept beside the state
        fields["state"] = {**fields["state"], "setup": {**fields["state"]["setup"], "auto_review": True}}  # until 3
    hook_names: list[str | None] = []
    if version == _V2:
        old = fields["state"] = dict(fields["state"])
        if old["phase"] in ("step", "summary"):
            old["phase"] = TurnPhase.PASS.value
        old["pending"] = [dict(p) for p in old["pending"]]
        hook_names = [p.pop("hook", None) for p in old["pending"]]
    record = _CONVERTER.structure(fields, TurnRecord)
    state = _resolve_tools(record.state)
    if version == _V2:
        pending = tuple(
            attrs.evolve(p, stage=old_call_stage(p.tool, p.exec_seq, p.query_id, p.outcome, hook))
            for p, hook in zip(state.pending, hook_names, strict=True)
        )
        state = attrs.evolve(state, pending=pending)
    return attrs.evolve(record, state=state)


def old_call_stage(
    tool: Tool | None, exec_seq: int | None, query_id: int | None, outcome: ToolOutcome | None, hook: str | None
) -> CallStage:
    """The stage of a pending call recorded before calls had one (formats 1 and 2), from the fields
    that told it then: an outcome, the hook it waited on, a query or an exec; an open call with neither
    was an approved WebSearch/WebFetch that cursord ran."""
    if outcome is not None:
        return CallStage.SETTLED
    if hook is not None:
        return CallStage.PRE_HOOK if hook in hooks.PRE_HOOKS else CallStage.POST_HOOK
    if query_id is not None:
        return CallStage.QUERY
    if exec_seq is not None:
        return CallStage.SHELL_STREAM if isinstance(tool, ShellTool) else CallStage.EXEC
    return CallStage.WEB


def legacy_queued(data: dict[str, Any]) -> tuple[str | None, tuple[agent.ConversationAction, ...]]:
    """The conversation and the actions a record written before the store's action queue kept for that
    conversation's next run (its `queued` field; no actions in other records)."""
    state = data.get("state")
    conversation_id = state.get("conversation_id") if isinstance(state, dict) else None
    actions = tuple(agent.ConversationAction.FromString(base64.b64decode(item)) for item in data.get("queued", ()))
    return conversation_id, actions


def restored(record: TurnRecord, now: float) -> TurnRecord:
    """The record as a restarted process takes it up: the state waits for `Resume` (a turn that was
    recorded stays `ENDED`: only its end is left). Times read on the old process's clock mean nothing on
    this one (trio's clock starts at a random offset), so the calls in flight count their time from `now`."""
    state = record.state
    pending = tuple(attrs.evolve(p, started_at=now) for p in state.pending)
    current = attrs.evolve(state.current, started_at=now) if state.current is not None else None
    phase = state.phase if state.phase is TurnPhase.ENDED else TurnPhase.RESTORED
    return attrs.evolve(record, state=attrs.evolve(state, phase=phase, pending=pending, current=current))
