"""Turns that survive a restart: the turn's snapshot, and re-creating its stream from the journal.

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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from cursord.connect.errors import Code, ConnectError, error_from_wire
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ToolCallPart, Usage
from cursord.store.codec import decode_message, encode_parts
from cursord.store.records import JournalState, PendingKind
from cursord.store.store import Store
from cursord.streams.active import ActiveStream
from cursord.streams.backlog import StreamEnding
from cursord.streams.broker import Restorer, StreamBroker

if TYPE_CHECKING:
    from cursord.agent.turn import AgentTurn

log = logging.getLogger(__name__)

SNAPSHOT_VERSION = 1
SNAPSHOT_ID = "state"


@attrs.frozen
class Resumed:
    """Mailbox item: the stream was re-created from its journal; go on from the snapshot."""


def _messages_to_json(messages: list[Message]) -> list[list[str]]:
    return [[m.role.value, encode_parts(m.parts)] for m in messages]


def _messages_from_json(items: list[list[str]]) -> list[Message]:
    return [decode_message(role, parts) for role, parts in items]


def snapshot(turn: AgentTurn, run_request: agent.AgentRunRequest) -> str:
    """The turn's state as JSON, at a step boundary."""
    assert turn.route is not None and turn.tools is not None
    pending = [
        {
            "call": [p.call.id, p.call.name, p.call.arguments],
            "exec_seq": p.exec_seq,
            "exec_id": p.exec_id,
            "query_id": p.query_id,
            "outcome": None if p.outcome is None else [p.outcome.text, p.outcome.is_error],
        }
        for p in turn.pending
    ]
    usage = turn.usage
    state: dict[str, Any] = {
        "v": SNAPSHOT_VERSION,
        "events": len(turn.stream.backlog.frames),
        "run": run_request.SerializeToString().hex(),
        "conversation_id": turn.conversation_id,
        "model": turn.route.model,
        "mode": turn.tools.mode,
        "system": turn.system,
        "reasoning_effort": turn.reasoning_effort,
        "thinking_budget": turn.thinking_budget,
        "messages": _messages_to_json(turn.messages),
        "turn_messages": _messages_to_json(turn.turn_messages),
        "turn_start": turn.turn_start,
        "compacted": turn.compacted,
        "usage": [usage.input, usage.output, usage.cache_read, usage.cache_write],
        "next": [turn.next_pass_id, turn.next_exec_seq, turn.next_query_id],
        "model_call_id": turn.current.model_call_id if turn.current is not None else None,
        "pending": pending,
    }
    return json.dumps(state, separators=(",", ":"))


def apply_snapshot(turn: AgentTurn, state: dict[str, Any]) -> None:
    """Fill a fresh turn from a snapshot (the inverse of `snapshot`)."""
    from cursord.agent.tool_calls import PendingTool
    from cursord.agent.tools import ShellTool, ToolOutcome, ToolRegistry
    from cursord.agent.turn import PassState

    if state.get("v") != SNAPSHOT_VERSION:
        raise ValueError(f"turn snapshot version {state.get('v')!r} is not {SNAPSHOT_VERSION}")
    request = agent.AgentRunRequest.FromString(bytes.fromhex(state["run"]))
    turn.run_request = request
    turn.started = True
    turn.route = turn.services.router.route(state["model"])
    turn.conversation_id = state["conversation_id"]
    turn.stream.conversation_id = turn.conversation_id
    turn.stream.model_id = state["model"]
    turn.tools = ToolRegistry.build(state["mode"], request.mcp_tools)
    turn.system = state["system"]
    turn.reasoning_effort = state["reasoning_effort"]
    turn.thinking_budget = state["thinking_budget"]
    turn.messages = _messages_from_json(state["messages"])
    turn.turn_messages = _messages_from_json(state["turn_messages"])
    turn.turn_start = state["turn_start"]
    turn.compacted = state["compacted"]
    turn.usage = Usage(*state["usage"])
    turn.next_pass_id, turn.next_exec_seq, turn.next_query_id = state["next"]
    if state["model_call_id"] is not None:
        turn.current = PassState(turn.next_pass_id - 1, state["model_call_id"], 0.0)
    turn.pending = []
    for item in state["pending"]:
        call = ToolCallPart(*item["call"])
        tool = turn.tools.get(call.name)
        pending = PendingTool(call, {}, turn._context(call), tool)
        try:
            pending.arguments = json.loads(call.arguments or "{}")
        except ValueError:
            pending.arguments = {}
        pending.exec_seq, pending.exec_id, pending.query_id = item["exec_seq"], item["exec_id"], item["query_id"]
        if item["outcome"] is not None:
            pending.outcome = ToolOutcome(item["outcome"][0], is_error=item["outcome"][1])
        elif isinstance(tool, ShellTool) and pending.exec_seq is not None:
            pending.shell = tool.new_accumulator(pending.arguments, pending.context)
        turn.pending.append(pending)


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


def save(turn: AgentTurn) -> None:
    """Record the turn's snapshot beside its journal (if the daemon journals)."""
    store = turn.services.store
    if store is None or turn.run_request is None or turn.route is None or turn.tools is None:
        return
    store.journal_pending_put_nowait(
        turn.stream.request_id, PendingKind.TURN, SNAPSHOT_ID, snapshot(turn, turn.run_request)
    )
