"""A tool call's own life (cursord.agent.machine.tool_call): `handle(call, event, env)` alone, without a
turn. Pure: the call and the env are values, the step is a value; nothing else changes."""

from __future__ import annotations

import json

from cursord.agent import hooks
from cursord.agent.hooks import HookSteps
from cursord.agent.machine import CallStage, SendExec, ShowToolCall, tool_call
from cursord.agent.machine.tool_call import DISPATCH, CallEnv, CallStep
from cursord.agent.machine.turn_events import AskUser
from cursord.agent.machine.turn_state import PendingCall
from cursord.core.intents import ExecControlArrived, ExecControlKind, InteractionAnswered
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolCallPart
from tests.agent.test_turn_machine import read_ok, setup

S = CallStage


def env(*steps: str, next_exec_seq: int = 7, **changes: object) -> CallEnv:
    fields: dict[str, object] = {
        "request_id": "req-1",
        "setup": setup(hook_steps=HookSteps(frozenset(steps))),
        "conversation_id": "conv-1",
        "model_call_id": "req-1:1",
        "now": 100.0,
        "next_exec_seq": next_exec_seq,
        "next_query_id": 3,
        **changes,
    }
    return CallEnv(**fields)  # type: ignore[arg-type]


def new(name: str = "Read", arguments: object = None, call_id: str = "c1", *steps: str) -> PendingCall:
    args = json.dumps(arguments if arguments is not None else {"path": "a.py"})
    return tool_call.new_call(ToolCallPart(call_id, name, args), env(*steps).setup, "conv-1", 100.0)


def dispatched(*steps: str) -> CallStep:
    return tool_call.handle(new(), DISPATCH, env(*steps))


def test_dispatch_sends_the_exec_and_takes_one_exec_id() -> None:
    step = dispatched()
    assert step.call.stage is S.EXEC and step.call.exec_seq == 7 and step.call.exec_id == "req-1:1:c1"
    assert step.next_exec_seq == 8 and step.next_query_id == 3
    kinds = [type(e) for e in step.effects]
    assert kinds == [ShowToolCall, SendExec]
    (send,) = [e for e in step.effects if isinstance(e, SendExec)]
    assert send.message.id == 7 and send.message.WhichOneof("message") == "read_args"
    assert not step.boundary  # the turn snapshots once the whole step is dispatched


def test_handle_is_pure_the_same_call_and_event_give_the_same_step() -> None:
    call, where = new(), env()
    first, second = tool_call.handle(call, DISPATCH, where), tool_call.handle(call, DISPATCH, where)
    assert first.call == second.call and first.next_exec_seq == second.next_exec_seq
    assert call.stage is S.NEW  # the call given is a value: untouched


def test_the_result_settles_the_call_with_its_card() -> None:
    step = tool_call.handle(dispatched().call, read_ok(7), env(next_exec_seq=8))
    assert step.call.stage is S.SETTLED and step.call.outcome is not None and not step.call.outcome.is_error
    (card,) = step.effects
    assert isinstance(card, ShowToolCall) and card.completed
    assert step.boundary and step.next_exec_seq == 8


def test_a_configured_pre_hook_holds_the_request_and_its_allow_sends_it() -> None:
    step = dispatched(hooks.PRE_TOOL_USE)
    assert step.call.stage is S.PRE_HOOK and step.call.deferred is not None and step.call.exec_seq == 8
    (hook,) = [e for e in step.effects if isinstance(e, SendExec)]
    assert hook.message.exec_id == "req-1:1:c1:pre" and step.next_exec_seq == 9
    allow = agent.ExecuteHookResponse(pre_tool_use=agent.PreToolUseRequestResponse())
    allowed = agent.ExecuteHookResult(response=allow)
    answer = read_ok(8)
    answer.message.ClearField("read_result")
    answer.message.execute_hook_result.CopyFrom(allowed)
    after = tool_call.handle(step.call, answer, env(hooks.PRE_TOOL_USE, next_exec_seq=9))
    assert after.call.stage is S.EXEC and after.call.exec_seq == 7 and after.boundary
    assert [e.message.id for e in after.effects if isinstance(e, SendExec)] == [7]


def test_a_post_hook_holds_the_outcome_under_a_new_exec_id() -> None:
    step = tool_call.handle(dispatched(hooks.POST_TOOL_USE).call, read_ok(7), env(hooks.POST_TOOL_USE, next_exec_seq=8))
    assert step.call.stage is S.POST_HOOK and step.call.held is not None and step.call.exec_seq == 8
    assert step.next_exec_seq == 9 and step.boundary
    assert [type(e) for e in step.effects] == [ShowToolCall, SendExec]


def test_a_thrown_exec_settles_with_the_editors_error() -> None:
    control = agent.ExecClientControlMessage(throw=agent.ExecClientThrow(error="it broke"))
    step = tool_call.handle(dispatched().call, ExecControlArrived(ExecControlKind.THROW, 7, control), env())
    assert step.call.stage is S.SETTLED and step.call.outcome is not None
    assert step.call.outcome.is_error and "it broke" in step.call.outcome.text


def test_an_unknown_tool_settles_at_dispatch_without_effects() -> None:
    step = tool_call.handle(new("NoSuchTool", {}), DISPATCH, env())
    assert step.call.stage is S.SETTLED and step.call.outcome is not None and step.call.outcome.is_error
    assert step.effects == () and step.next_exec_seq == 7


def test_bad_arguments_settle_at_dispatch() -> None:
    step = tool_call.handle(new("Read", {"nope": 1}), DISPATCH, env())
    assert step.call.stage is S.SETTLED and step.call.outcome is not None
    assert step.call.outcome.text.startswith("Tool call failed")
    assert step.call.arguments == {"nope": 1}  # parsed, then refused by the tool: kept as the model sent them


def test_a_question_takes_a_query_id_and_an_approved_switch_names_the_mode() -> None:
    args = {"target_mode_id": "plan", "explanation": "needs a plan"}
    step = tool_call.handle(new("SwitchMode", args), DISPATCH, env())
    assert step.call.stage is S.QUERY and step.call.query_id == 3 and step.next_query_id == 4
    assert [type(e) for e in step.effects][-1] is AskUser
    response = agent.SwitchModeRequestResponse(approved={})
    approved = agent.InteractionResponse(id=3, switch_mode_request_response=response)
    answered = tool_call.handle(step.call, InteractionAnswered(approved), env(next_query_id=4))
    assert answered.call.stage is S.SETTLED and answered.mode == agent.AGENT_MODE_PLAN
