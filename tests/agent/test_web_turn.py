"""The turn machine's part in WebSearch and WebFetch: the editor asks the user, and an approved call
becomes `RunWebTool` for the actor; its `WebToolDone` settles the call (the editor's view gets the result,
the model the text). No daemon, no trio."""

from __future__ import annotations

import json

from cursord.agent import turn_record
from cursord.agent.machine import CallStage, Resume, RunWebTool, ShowToolCall, Snapshot, StartPass, WebToolDone
from cursord.agent.tools import WebFetchTool, WebSearchTool
from cursord.agent.turn_record import TurnRecord
from cursord.core.intents import InteractionAnswered
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolCallDone, ToolResultPart
from tests.agent.test_turn_machine import P, in_tools, machine, of


def search_call(call_id: str = "call-web") -> ToolCallDone:
    return ToolCallDone(index=0, id=call_id, name="WebSearch", arguments=json.dumps({"search_term": "trio 0.35"}))


def answer(query_id: int, *, approved: bool) -> InteractionAnswered:
    response = agent.WebSearchRequestResponse(
        approved=agent.WebSearchRequestResponse.Approved() if approved else None,
        rejected=None if approved else agent.WebSearchRequestResponse.Rejected(reason="not now"),
    )
    return InteractionAnswered(agent.InteractionResponse(id=query_id, web_search_request_response=response))


def test_an_approved_search_is_run_by_the_actor_and_its_result_goes_to_the_model_and_the_editor() -> None:
    m = in_tools(search_call())
    (pending,) = m.state.pending
    assert pending.query_id is not None
    effects = m.handle(answer(pending.query_id, approved=True))
    assert of(effects, RunWebTool) == [RunWebTool("call-web", "WebSearch", {"search_term": "trio 0.35"})]
    assert m.state.stream_phase is Phase.WAITING_EXTERNAL and m.state.pending[0].stage is CallStage.WEB
    assert m.phase is P.TOOLS and m.state.open_calls  # the call waits for the search

    # the same approval again (an editor retry) starts nothing more
    assert of(m.handle(answer(pending.query_id, approved=True)), RunWebTool) == []

    ref = agent.WebSearchReference(title="Trio 0.35", url="https://trio.example/0.35", chunk="Released.")
    outcome, result = WebSearchTool.completed([ref])
    effects = m.handle(WebToolDone("call-web", outcome, result))
    (shown,) = [e for e in of(effects, ShowToolCall) if e.completed]
    assert list(shown.view.web_search_tool_call.result.success.references) == [ref]
    assert shown.view.web_search_tool_call.args.search_term == "trio 0.35"
    (next_pass,) = of(effects, StartPass)
    (tool_result,) = [
        part for message in next_pass.request.messages for part in message.parts if isinstance(part, ToolResultPart)
    ]
    assert "1. Trio 0.35\n   https://trio.example/0.35\n   Released." in str(tool_result.content)
    assert m.phase is P.PASS


def test_a_rejected_search_runs_nothing() -> None:
    m = in_tools(search_call())
    (pending,) = m.state.pending
    assert pending.query_id is not None
    effects = m.handle(answer(pending.query_id, approved=False))
    assert of(effects, RunWebTool) == []
    assert m.phase is P.PASS  # the refusal went to the model


def test_a_failed_fetch_is_a_tool_error_the_editor_shows() -> None:
    call = ToolCallDone(index=0, id="call-f", name="WebFetch", arguments=json.dumps({"url": "http://127.0.0.1/"}))
    m = in_tools(call)
    (pending,) = m.state.pending
    response = agent.WebFetchRequestResponse(approved=agent.WebFetchRequestResponse.Approved())
    assert pending.query_id is not None
    m.handle(InteractionAnswered(agent.InteractionResponse(id=pending.query_id, web_fetch_request_response=response)))
    outcome, result = WebFetchTool.failed("http://127.0.0.1/", "refused: 127.0.0.1 is a loopback address")
    effects = m.handle(WebToolDone("call-f", outcome, result))
    (shown,) = [e for e in of(effects, ShowToolCall) if e.completed]
    assert shown.view.web_fetch_tool_call.result.error.error == "refused: 127.0.0.1 is a loopback address"
    (next_pass,) = of(effects, StartPass)
    (tool_result,) = [p for msg in next_pass.request.messages for p in msg.parts if isinstance(p, ToolResultPart)]
    assert tool_result.is_error


def test_an_approved_search_cut_off_by_a_restart_runs_again() -> None:
    m = in_tools(search_call())
    (pending,) = m.state.pending
    assert pending.query_id is not None
    effects = m.handle(answer(pending.query_id, approved=True))
    (snapshot,) = of(effects, Snapshot)
    record = TurnRecord(snapshot.state, 0)  # through the journal's JSON
    again = machine(turn_record.restored(turn_record.decode(json.loads(turn_record.encode(record))), 0.0).state)
    assert of(again.handle(Resume()), RunWebTool) == [RunWebTool("call-web", "WebSearch", {"search_term": "trio 0.35"})]
    outcome, result = WebSearchTool.completed([])
    assert of(again.handle(WebToolDone("call-web", outcome, result)), StartPass)
