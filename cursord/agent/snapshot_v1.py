"""Reading turn snapshots of the first format (version 1), journalled by builds before the turn record.

A version-1 snapshot kept a hand-picked part of the turn: the route facts, hooks, rules, summary,
applied rules and each pending call's hook state were not in it, so a turn read from one goes on
without them (as it did in the build that wrote it). New snapshots are `cursord.agent.turn_record`s.
"""

from __future__ import annotations

import json
from typing import Any

from cursord.agent.machine import PassInfo, PendingCall, TurnPhase, TurnSetup, TurnState
from cursord.agent.router import Route
from cursord.agent.tools import ToolContext, ToolOutcome, ToolRegistry
from cursord.agent.turn_record import TurnRecord, old_call_stage
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ReasoningChoice, ToolCallPart, Usage, parse_effort
from cursord.store import decode_message

VERSION = 1


def _messages(items: list[list[str]]) -> tuple[Message, ...]:
    return tuple(decode_message(role, parts) for role, parts in items)


def _arguments(call: ToolCallPart) -> dict[str, Any]:
    try:
        value = json.loads(call.arguments or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _reasoning(snapshot: dict[str, Any]) -> ReasoningChoice:
    """The thinking the user picked, from the keys of old (`reasoning_effort`, `thinking_budget`: set
    whenever thinking was asked for); `thinking: false` only for the one choice those keys cannot tell
    from the default."""
    effort = parse_effort(snapshot["reasoning_effort"])
    asked = snapshot["thinking_budget"] is not None
    if "thinking" in snapshot:
        return ReasoningChoice(snapshot["thinking"], effort)
    if effort is None:
        return ReasoningChoice(True if asked else None)
    return ReasoningChoice(None if asked else False, effort)


def decode(snapshot: dict[str, Any], route: Route | None) -> TurnRecord:
    """The record a version-1 snapshot holds, its state in phase `RESTORED` (the route, if the model
    is still served, gives the facts the format did not keep)."""
    if snapshot.get("v") != VERSION:
        raise ValueError(f"turn snapshot version {snapshot.get('v')!r} is not {VERSION}")
    model = str(snapshot["model"])
    request = agent.AgentRunRequest.FromString(bytes.fromhex(snapshot["run"]))
    tools = ToolRegistry.build(snapshot["mode"], request.mcp_tools)
    setup = TurnSetup(
        model=model,
        provider_name=route.provider.name if route is not None else "provider",
        context_window=route.context_window if route is not None else 0,
        vision=route.vision if route is not None else True,
        tools=tools,
        system=snapshot["system"],
        reasoning=_reasoning(snapshot),
    )
    conversation_id = snapshot["conversation_id"]
    next_pass_id, next_exec_seq, next_query_id = snapshot["next"]
    current = None
    if snapshot["model_call_id"] is not None:
        current = PassInfo(next_pass_id - 1, snapshot["model_call_id"])
    pending = []
    for item in snapshot["pending"]:
        call = ToolCallPart(*item["call"])  # [id, name, arguments] and, for a Gemini call, its signature
        context = ToolContext(
            tool_call_id=call.id, conversation_id=conversation_id or "", model_id=model, mode=tools.mode
        )
        outcome = None if item["outcome"] is None else ToolOutcome(item["outcome"][0], is_error=item["outcome"][1])
        tool = tools.get(call.name)
        pending.append(
            PendingCall(
                call,
                _arguments(call),
                context,
                tool,
                stage=old_call_stage(tool, item["exec_seq"], item["query_id"], outcome, None),
                exec_seq=item["exec_seq"],
                exec_id=item["exec_id"],
                query_id=item["query_id"],
                outcome=outcome,
            )
        )
    state = TurnState(
        phase=TurnPhase.RESTORED,
        run_request=request,
        setup=setup,
        conversation_id=conversation_id,
        messages=_messages(snapshot["messages"]),
        turn_start=snapshot["turn_start"],
        turn_messages=_messages(snapshot["turn_messages"]),
        compacted=snapshot["compacted"],
        usage=Usage(*snapshot["usage"]),
        next_pass_id=next_pass_id,
        next_exec_seq=next_exec_seq,
        next_query_id=next_query_id,
        current=current,
        pending=tuple(pending),
    )
    return TurnRecord(state, int(snapshot["events"]))
