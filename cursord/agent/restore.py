"""Turns that survive a restart: the turn's snapshot, and re-creating its stream from the journal.

A snapshot is the turn machine's `TurnState` (`cursord.core`) as JSON (`encode` / `decode`), beside the
run request and the backlog's length. Its format is the one earlier builds wrote (version 1), so
snapshots journalled before an upgrade are still read.

The rule for what the editor sees after a restart (a reconnecting RunSSE replays from the start):

- the turn saves a snapshot at every step boundary: before a provider pass starts, after it has sent
  its tool calls, and after each tool result. The snapshot records how many frames the backlog held.
- on restart the journal is cut back to that count and the turn continues from the snapshot: pending
  tool calls keep their exec ids, so results the editor sends for requests issued before the restart
  are accepted; a provider pass that died with the process is run again from the start.
- so the partial output of a pass that died is never shown twice: the replayed backlog ends at the
  step boundary, and the re-run pass's output follows it. Output of a streamed shell command that
  arrived between the last snapshot and the crash is lost from the replay (the command's later output
  still arrives).

A stream that had ended is served from the journal for its retention window, counted from the restart.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cursord.agent.machine import PassInfo, PendingCall, TurnPhase, TurnSetup, TurnState
from cursord.agent.router import Route
from cursord.agent.tools import ToolContext, ToolOutcome, ToolRegistry
from cursord.connect import Code, ConnectError, error_from_wire
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ReasoningChoice, ToolCallPart, Usage, parse_effort
from cursord.store import JournalState, PendingKind, Store, decode_message, encode_parts
from cursord.streams import ActiveStream, Restorer, StreamBroker, StreamEnding

log = logging.getLogger(__name__)

SNAPSHOT_VERSION = 1
SNAPSHOT_ID = "state"


@attrs.frozen
class Resumed:
    """Mailbox item: the stream was re-created from its journal; go on from the snapshot."""


def _messages_to_json(messages: Sequence[Message]) -> list[list[str]]:
    return [[m.role.value, encode_parts(m.parts)] for m in messages]


def _messages_from_json(items: list[list[str]]) -> tuple[Message, ...]:
    return tuple(decode_message(role, parts) for role, parts in items)


def encode(state: TurnState, run_request: agent.AgentRunRequest, events: int) -> str:
    """A turn snapshot as JSON: the machine's `TurnState` at a step boundary, the run request it was
    prepared from, and how many frames the stream's backlog held then."""
    setup = state.setup
    assert setup is not None and setup.tools is not None
    pending = [
        {
            # a call's signature (Gemini's) only when it has one: older snapshots read back the same
            "call": [p.call.id, p.call.name, p.call.arguments, *([p.call.signature] if p.call.signature else [])],
            "exec_seq": p.exec_seq,
            "exec_id": p.exec_id,
            "query_id": p.query_id,
            "outcome": None if p.outcome is None else [p.outcome.text, p.outcome.is_error],
        }
        for p in state.pending
    ]
    usage = state.usage
    snapshot: dict[str, Any] = {
        "v": SNAPSHOT_VERSION,
        "events": events,
        "run": run_request.SerializeToString().hex(),
        "conversation_id": state.conversation_id,
        "model": setup.model,
        "mode": setup.tools.mode,
        "system": setup.system,
        **_reasoning_to_json(setup.reasoning),
        "messages": _messages_to_json(state.messages),
        "turn_messages": _messages_to_json(state.turn_messages),
        "turn_start": state.turn_start,
        "compacted": state.compacted,
        "usage": [usage.input, usage.output, usage.cache_read, usage.cache_write],
        "next": [state.next_pass_id, state.next_exec_seq, state.next_query_id],
        "model_call_id": state.current.model_call_id if state.current is not None else None,
        "pending": pending,
    }
    return json.dumps(snapshot, separators=(",", ":"))


def _reasoning_to_json(choice: ReasoningChoice) -> dict[str, Any]:
    """The choice in the snapshot's keys of old (`reasoning_effort`, `thinking_budget`: set whenever
    thinking was asked for), so older snapshots read and write back the same; `thinking: false` only
    for the one choice those keys cannot tell from the default."""
    fields: dict[str, Any] = {
        "reasoning_effort": choice.effort,
        "thinking_budget": choice.budget() if choice.wants_thinking else None,
    }
    if choice.thinking is False and choice.effort is None:
        fields["thinking"] = False
    return fields


def _reasoning_from_json(snapshot: dict[str, Any]) -> ReasoningChoice:
    effort = parse_effort(snapshot["reasoning_effort"])
    asked = snapshot["thinking_budget"] is not None
    if "thinking" in snapshot:
        return ReasoningChoice(snapshot["thinking"], effort)
    if effort is None:
        return ReasoningChoice(True if asked else None)
    return ReasoningChoice(None if asked else False, effort)


def snapshot_model(snapshot: dict[str, Any]) -> str:
    if snapshot.get("v") != SNAPSHOT_VERSION:
        raise ValueError(f"turn snapshot version {snapshot.get('v')!r} is not {SNAPSHOT_VERSION}")
    return str(snapshot["model"])


def decode(snapshot: dict[str, Any], route: Route | None) -> tuple[TurnState, agent.AgentRunRequest]:
    """The `TurnState` (phase `RESTORED`) and run request a snapshot holds (the inverse of `encode`)."""
    model = snapshot_model(snapshot)
    request = agent.AgentRunRequest.FromString(bytes.fromhex(snapshot["run"]))
    tools = ToolRegistry.build(snapshot["mode"], request.mcp_tools)
    setup = TurnSetup(
        model=model,
        provider_name=route.provider.name if route is not None else "provider",
        context_window=route.context_window if route is not None else 0,
        vision=route.vision if route is not None else True,
        tools=tools,
        system=snapshot["system"],
        reasoning=_reasoning_from_json(snapshot),
    )
    conversation_id = snapshot["conversation_id"]
    next_pass_id, next_exec_seq, next_query_id = snapshot["next"]
    current = None
    if snapshot["model_call_id"] is not None:
        current = PassInfo(next_pass_id - 1, snapshot["model_call_id"])
    pending = []
    for item in snapshot["pending"]:
        call = ToolCallPart(*item["call"])
        context = ToolContext(
            tool_call_id=call.id, conversation_id=conversation_id or "", model_id=model, mode=tools.mode
        )
        outcome = None if item["outcome"] is None else ToolOutcome(item["outcome"][0], is_error=item["outcome"][1])
        pending.append(
            PendingCall(
                call,
                _arguments(call),
                context,
                tools.get(call.name),
                exec_seq=item["exec_seq"],
                exec_id=item["exec_id"],
                query_id=item["query_id"],
                outcome=outcome,
            )
        )
    state = TurnState(
        phase=TurnPhase.RESTORED,
        setup=setup,
        conversation_id=conversation_id,
        messages=_messages_from_json(snapshot["messages"]),
        turn_start=snapshot["turn_start"],
        turn_messages=_messages_from_json(snapshot["turn_messages"]),
        compacted=snapshot["compacted"],
        usage=Usage(*snapshot["usage"]),
        next_pass_id=next_pass_id,
        next_exec_seq=next_exec_seq,
        next_query_id=next_query_id,
        current=current,
        pending=tuple(pending),
    )
    return state, request


def _arguments(call: ToolCallPart) -> dict[str, Any]:
    try:
        value = json.loads(call.arguments or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def make_restorer(
    store: Store, behaviour_for_snapshot: Callable[[dict[str, Any]], Callable[[ActiveStream], Any]], retention: float
) -> Restorer:
    """A broker restorer: re-creates streams an earlier daemon process journalled."""

    async def restore(broker: StreamBroker, request_id: str) -> ActiveStream | None:
        record = await store.journal_load(request_id)
        if record is None:
            return None
        if record.state is JournalState.ENDED:
            if record.ended_at is not None and record.ended_at + retention < time.time():
                await store.journal_drop(request_id)
                return None
            error = _ending_error(record.ending_json)
            events = list(record.events)
            log.info("request %s: serving its ended stream from the journal", request_id)
            return broker.open(request_id, preload=lambda s: s.preload(events, StreamEnding(error)))
        turn_state = next((p for p in record.pending if p.kind is PendingKind.TURN), None)
        if turn_state is None:
            error = ConnectError(
                Code.UNAVAILABLE, f"cursord restarted before request {request_id} had started; send it again"
            )
            events = list(record.events)
            stream = broker.open(request_id, preload=lambda s: s.preload(events, None))
            stream.end(error)
            return stream
        state = json.loads(turn_state.state_json)
        keep = int(state["events"])
        await store.journal_truncate(request_id, keep)
        events = list(record.events[:keep])
        log.info(
            "request %s: resuming its turn after a restart (%d of %d journalled events kept)",
            request_id,
            keep,
            len(record.events),
        )
        stream = broker.open(
            request_id, behaviour_factory=behaviour_for_snapshot(state), preload=lambda s: s.preload(events, None)
        )
        await stream.post(Resumed())
        return stream

    return restore


def _ending_error(ending_json: str | None) -> ConnectError | None:
    if not ending_json:
        return None
    data = json.loads(ending_json)
    return error_from_wire(data["error"]) if "error" in data else None


def save(store: Store, stream: ActiveStream, run_request: agent.AgentRunRequest, state: TurnState) -> None:
    """Record the turn's snapshot beside its journal (queued: committed at once, not waited for)."""
    snapshot = encode(state, run_request, len(stream.backlog.frames))
    store.journal_pending_put_nowait(stream.request_id, PendingKind.TURN, SNAPSHOT_ID, snapshot)


async def save_now(store: Store, stream: ActiveStream, run_request: agent.AgentRunRequest, state: TurnState) -> None:
    """Record the turn's snapshot, committed (with every frame published before it) when this returns."""
    snapshot = encode(state, run_request, len(stream.backlog.frames))
    await store.journal_pending_put(stream.request_id, PendingKind.TURN, SNAPSHOT_ID, snapshot)
