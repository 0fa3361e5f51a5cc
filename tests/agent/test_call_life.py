"""A tool call's life (cursord.agent.machine.call_life): every (stage, event) pair against `CALL_MOVES`,
and every move in the table taken by the turn machine as the editor, the user and the web drive it.
Pure: no daemon, no trio."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from cursord.agent import hooks
from cursord.agent.hooks import HookSteps
from cursord.agent.machine import (
    CALL_MOVES,
    CallEvent,
    CallLifeError,
    CallStage,
    PendingCall,
    RunWebTool,
    SendExec,
    StartPass,
    TurnMachine,
    WebToolDone,
    turn_state,
)
from cursord.agent.machine.call_life import check_move
from cursord.agent.tools import ToolContext, ToolOutcome, WebSearchTool
from cursord.core.intents import ExecControlArrived, ExecControlKind, ExecResultArrived, InteractionAnswered
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolCallDone, ToolCallPart
from tests.agent.test_turn_machine import QUESTION, in_tools, of, read_call, read_ok, setup

S, E = CallStage, CallEvent
#: a second call that is never answered, so the step stays in TOOLS and every call stays in view
KEEP = read_call("keep", "k.py")


def tools_with(call: ToolCallDone, *steps: str) -> TurnMachine:
    return in_tools(call, KEEP, setup=setup(hook_steps=HookSteps(frozenset(steps))))


def the_call(m: TurnMachine, call_id: str = "c1") -> PendingCall:
    return next(p for p in m.state.pending if p.call.id == call_id)


def seq(m: TurnMachine) -> int:
    exec_seq = the_call(m).exec_seq
    assert exec_seq is not None
    return exec_seq


def shell_call() -> ToolCallDone:
    return ToolCallDone(index=0, id="c1", name="Shell", arguments=json.dumps({"command": "ls"}))


def shell_done(exec_seq: int) -> ExecResultArrived:
    done = agent.ShellResult(success=agent.ShellSuccess(command="ls", stdout="a.py", exit_code=0))
    return ExecResultArrived(agent.ExecClientMessage(id=exec_seq, shell_result=done))


def hook_answer(exec_seq: int, response: agent.ExecuteHookResponse | None = None) -> ExecResultArrived:
    result = agent.ExecuteHookResult(response=response or agent.ExecuteHookResponse())
    return ExecResultArrived(agent.ExecClientMessage(id=exec_seq, execute_hook_result=result))


def allow() -> agent.ExecuteHookResponse:
    return agent.ExecuteHookResponse(pre_tool_use=agent.PreToolUseRequestResponse())


def deny() -> agent.ExecuteHookResponse:
    answer = agent.PreToolUseRequestResponse(permission="deny", agent_message="not that file")
    return agent.ExecuteHookResponse(pre_tool_use=answer)


def thrown(exec_seq: int) -> ExecControlArrived:
    control = agent.ExecClientControlMessage(throw=agent.ExecClientThrow(error="it broke"))
    return ExecControlArrived(ExecControlKind.THROW, exec_seq, control)


def closed(exec_seq: int) -> ExecControlArrived:
    return ExecControlArrived(ExecControlKind.STREAM_CLOSE, exec_seq, agent.ExecClientControlMessage())


def outcome(m: TurnMachine) -> ToolOutcome:
    settled = the_call(m)
    assert settled.stage is S.SETTLED and settled.outcome is not None
    return settled.outcome


# ---- the table ------------------------------------------------------------------------------------


@pytest.mark.parametrize("pair", list(itertools.product(CallStage, CallEvent)), ids=str)
def test_every_stage_event_pair_allows_what_the_table_lists_and_nothing_else(pair: tuple[CallStage, CallEvent]) -> None:
    stage, event = pair
    allowed = CALL_MOVES.get(pair, frozenset())
    for target in CallStage:
        if target in allowed:
            check_move(stage, event, target)
        else:
            with pytest.raises(CallLifeError, match=stage.value):
                check_move(stage, event, target)


def test_nothing_leaves_settled_and_nothing_enters_new() -> None:
    assert not any(stage is S.SETTLED for stage, _ in CALL_MOVES)
    assert not any(S.NEW in targets for targets in CALL_MOVES.values())
    reachable = set().union(*CALL_MOVES.values())
    assert reachable == set(CallStage) - {S.NEW}  # every stage is used


def pending(stage: CallStage = S.NEW, **fields: Any) -> PendingCall:
    call = ToolCallPart("c1", "Read", "{}")
    return PendingCall(call, {}, ToolContext(tool_call_id="c1"), None, stage=stage, **fields)


def test_a_move_the_table_forbids_raises_and_changes_nothing() -> None:
    exec_call = pending(S.EXEC, exec_seq=3, exec_id="e")
    with pytest.raises(CallLifeError, match="stage exec cannot take answer"):
        exec_call.moved(E.ANSWER, S.SETTLED, outcome=ToolOutcome("x"))
    with pytest.raises(CallLifeError, match="cannot move to query on result"):
        exec_call.moved(E.RESULT, S.QUERY, query_id=1)
    settled = pending(S.SETTLED, outcome=ToolOutcome("done"))
    with pytest.raises(CallLifeError, match="stage settled cannot take result"):
        settled.moved(E.RESULT, S.SETTLED, outcome=ToolOutcome("again"))
    assert exec_call.stage is S.EXEC and settled.outcome == ToolOutcome("done")


def test_a_stage_holds_its_own_data_only() -> None:
    held = pending(S.POST_HOOK, exec_seq=4, exec_id="e", held=ToolOutcome("out"))
    settled = held.moved(E.HOOK_ANSWER, S.SETTLED, outcome=ToolOutcome("out + context"))
    assert settled.held is None and settled.outcome == ToolOutcome("out + context") and not settled.open
    waiting = pending(S.PRE_HOOK, exec_seq=2, exec_id="e", deferred=agent.ExecServerMessage(id=1))
    assert waiting.moved(E.HOOK_ANSWER, S.EXEC, exec_seq=1).deferred is None
    with pytest.raises(CallLifeError, match="moved to settled without outcome"):
        waiting.moved(E.HOOK_ANSWER, S.SETTLED)
    with pytest.raises(CallLifeError, match="moved to pre_hook without exec_seq, exec_id, deferred"):
        pending().moved(E.DISPATCH, S.PRE_HOOK)


# ---- the machine takes every move -------------------------------------------------------------------


def dispatch() -> None:
    assert the_call(tools_with(read_call("c1"))).stage is S.EXEC
    assert the_call(tools_with(shell_call())).stage is S.SHELL_STREAM
    ask = ToolCallDone(index=0, id="c1", name="AskQuestion", arguments=json.dumps(QUESTION))
    assert the_call(tools_with(ask)).stage is S.QUERY
    unknown = ToolCallDone(index=0, id="c1", name="NoSuchTool", arguments="{}")
    assert outcome(tools_with(unknown)).is_error
    m = tools_with(read_call("c1"), hooks.PRE_TOOL_USE)
    assert the_call(m).stage is S.PRE_HOOK and the_call(m).deferred is not None


def pre_hook_answered() -> None:
    m = tools_with(read_call("c1"), hooks.PRE_TOOL_USE)
    (send,) = of(m.handle(hook_answer(seq(m), allow())), SendExec)
    assert the_call(m).stage is S.EXEC and send.message.WhichOneof("message") == "read_args"
    m = tools_with(shell_call(), hooks.PRE_TOOL_USE)
    m.handle(hook_answer(seq(m), allow()))
    assert the_call(m).stage is S.SHELL_STREAM
    m.handle(shell_done(seq(m)))  # the stream was opened when the shell's own exec went out
    assert "a.py" in outcome(m).text
    m = tools_with(read_call("c1"), hooks.PRE_TOOL_USE, hooks.POST_TOOL_USE_FAILURE)
    effects = m.handle(hook_answer(seq(m), deny()))
    assert "not that file" in outcome(m).text and of(effects, SendExec) == []  # denied: no post-hook


def pre_hook_failed() -> None:
    m = tools_with(read_call("c1"), hooks.PRE_TOOL_USE, hooks.POST_TOOL_USE_FAILURE)
    effects = m.handle(thrown(seq(m)))
    assert outcome(m) == ToolOutcome("The editor failed to run the hook before Read: it broke", is_error=True)
    assert of(effects, SendExec) == []  # the tool never ran: no post-hook


def exec_result() -> None:
    m = tools_with(read_call("c1"))
    m.handle(read_ok(seq(m), "print(2)"))
    assert "print(2)" in outcome(m).text
    m = tools_with(read_call("c1"), hooks.POST_TOOL_USE)
    (post,) = of(m.handle(read_ok(seq(m))), SendExec)
    assert the_call(m).stage is S.POST_HOOK and the_call(m).exec_seq == post.message.id
    edit = {"path": "a.py", "old_string": "print(1)", "new_string": "print(2)"}
    m = tools_with(ToolCallDone(index=0, id="c1", name="StrReplace", arguments=json.dumps(edit)))
    read_seq = seq(m)
    (write,) = of(m.handle(read_ok(read_seq)), SendExec)
    assert the_call(m).stage is S.EXEC and seq(m) == write.message.id != read_seq
    assert write.message.WhichOneof("message") == "write_args"


def exec_failed() -> None:
    m = tools_with(read_call("c1"))
    m.handle(thrown(seq(m)))
    assert outcome(m) == ToolOutcome("The editor failed to run Read: it broke", is_error=True)
    m = tools_with(read_call("c1"), hooks.POST_TOOL_USE_FAILURE)
    (post,) = of(m.handle(closed(seq(m))), SendExec)
    assert the_call(m).stage is S.POST_HOOK and post.message.exec_id.endswith(":post")


def shell_ended() -> None:
    m = tools_with(shell_call())
    m.handle(shell_done(seq(m)))
    assert "a.py" in outcome(m).text
    m = tools_with(shell_call(), hooks.POST_TOOL_USE)
    m.handle(shell_done(seq(m)))
    assert the_call(m).stage is S.POST_HOOK


def shell_closed() -> None:
    m = tools_with(shell_call())
    m.handle(closed(seq(m)))
    assert outcome(m) == ToolOutcome("The command's output stream ended without an exit status.", is_error=True)
    m = tools_with(shell_call(), hooks.POST_TOOL_USE_FAILURE)
    m.handle(thrown(seq(m)))
    assert the_call(m).stage is S.POST_HOOK


def post_hook_answered() -> None:
    m = tools_with(read_call("c1"), hooks.POST_TOOL_USE)
    m.handle(read_ok(seq(m), "print(3)"))
    context = agent.PostToolUseRequestResponse(additional_context="checked by the linter")
    m.handle(hook_answer(seq(m), agent.ExecuteHookResponse(post_tool_use=context)))
    assert "print(3)" in outcome(m).text and outcome(m).text.endswith("checked by the linter")


def post_hook_failed() -> None:
    m = tools_with(read_call("c1"), hooks.POST_TOOL_USE, hooks.POST_TOOL_USE_FAILURE)
    m.handle(read_ok(seq(m), "print(4)"))
    effects = m.handle(thrown(seq(m)))
    assert "print(4)" in outcome(m).text and not outcome(m).is_error  # the tool's outcome stands
    assert of(effects, SendExec) == []  # and no hook is asked about the hook


def query_answered() -> None:
    ask = ToolCallDone(index=0, id="c1", name="AskQuestion", arguments=json.dumps(QUESTION))
    m = tools_with(ask)
    query_id = the_call(m).query_id
    assert query_id is not None
    success = agent.AskQuestionResult(success=agent.AskQuestionSuccess())
    response = agent.AskQuestionInteractionResponse(result=success)
    m.handle(InteractionAnswered(agent.InteractionResponse(id=query_id, ask_question_interaction_response=response)))
    assert the_call(m).stage is S.SETTLED
    m = web_call()
    assert the_call(m).stage is S.WEB


def web_call() -> TurnMachine:
    search = ToolCallDone(index=0, id="c1", name="WebSearch", arguments=json.dumps({"search_term": "trio"}))
    m = tools_with(search)
    query_id = the_call(m).query_id
    assert query_id is not None
    approved = agent.WebSearchRequestResponse(approved=agent.WebSearchRequestResponse.Approved())
    response = agent.InteractionResponse(id=query_id, web_search_request_response=approved)
    effects = m.handle(InteractionAnswered(response))
    assert of(effects, RunWebTool)
    return m


def web_done() -> None:
    m = web_call()
    found, result = WebSearchTool.completed([agent.WebSearchReference(title="Trio", url="https://trio.example")])
    m.handle(WebToolDone("c1", found, result))
    assert "Trio" in outcome(m).text


SCENARIOS: dict[tuple[CallStage, CallEvent], Callable[[], None]] = {
    (S.NEW, E.DISPATCH): dispatch,
    (S.PRE_HOOK, E.HOOK_ANSWER): pre_hook_answered,
    (S.PRE_HOOK, E.CONTROL): pre_hook_failed,
    (S.EXEC, E.RESULT): exec_result,
    (S.EXEC, E.CONTROL): exec_failed,
    (S.SHELL_STREAM, E.RESULT): shell_ended,
    (S.SHELL_STREAM, E.CONTROL): shell_closed,
    (S.POST_HOOK, E.HOOK_ANSWER): post_hook_answered,
    (S.POST_HOOK, E.CONTROL): post_hook_failed,
    (S.QUERY, E.ANSWER): query_answered,
    (S.WEB, E.WEB_DONE): web_done,
}


@pytest.mark.parametrize("pair", list(SCENARIOS), ids=str)
def test_the_machine_moves_a_call(pair: tuple[CallStage, CallEvent]) -> None:
    SCENARIOS[pair]()


def test_the_scenarios_take_every_move_in_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every (stage, event, target) the table allows is a move the machine makes, and no other."""
    taken: set[tuple[CallStage, CallEvent, CallStage]] = set()

    def recording(stage: CallStage, event: CallEvent, target: CallStage) -> None:
        check_move(stage, event, target)
        taken.add((stage, event, target))

    monkeypatch.setattr(turn_state, "check_move", recording)
    for scenario in SCENARIOS.values():
        scenario()
    assert taken == {(stage, event, to) for (stage, event), targets in CALL_MOVES.items() for to in targets}


def test_a_settled_step_goes_on_to_the_next_pass() -> None:
    """The stages are what the step waits on: once no call is open, the results go to the model."""
    m = in_tools(read_call("c1"))
    effects = m.handle(read_ok(seq(m)))
    assert of(effects, StartPass) and m.state.pending == ()

