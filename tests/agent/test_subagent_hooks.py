"""The user's subagentStart / subagentStop hooks around a Task call, and preCompact before a compaction.
Pure: the turn machine's effects. (What each hook request carries is built by `cursord.agent.hooks`.)"""

from __future__ import annotations

import json

from cursord.agent import hooks
from cursord.agent.hooks import HookSteps
from cursord.agent.machine import PassDelta, PassEnded, SendExec, StartPass, TurnMachine
from cursord.core.intents import ExecResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, TextPart, ToolCallDone, ToolResultPart
from tests.agent.test_turn_machine import P, in_step, machine, of, prepared, setup

TASK = ToolCallDone(
    index=0, id="call-task", name="Task",
    arguments=json.dumps(
        {"description": "find the bug", "prompt": "Look in src/ for the bug.", "subagent_type": "explore"}
    ),
)
STEPS = HookSteps(frozenset({hooks.SUBAGENT_START, hooks.SUBAGENT_STOP, hooks.PRE_TOOL_USE}))


def hook_answer(exec_seq: int, **response: object) -> ExecResultArrived:
    result = agent.ExecuteHookResult(response=agent.ExecuteHookResponse(**response))
    return ExecResultArrived(agent.ExecClientMessage(id=exec_seq, execute_hook_result=result))


def task_started() -> tuple[TurnMachine, agent.ExecServerMessage]:
    m = in_step(setup=setup(hook_steps=STEPS))
    m.handle(PassDelta(1, TASK))
    (start,) = of(m.handle(PassEnded(1)), SendExec)
    return m, start.message


def test_a_task_waits_for_subagent_start_then_reports_to_subagent_stop() -> None:
    m, start = task_started()
    query = start.execute_hook_args.request.subagent_start  # subagentStart, not preToolUse, for a Task
    assert (query.subagent_type, query.tool_call_id) == ("explore", "call-task")
    assert query.task == "Look in src/ for the bug."
    answer = agent.SubagentStartRequestResponse(additional_context="Prefer tests/.")
    (task,) = of(m.handle(hook_answer(start.id, subagent_start=answer)), SendExec)
    assert task.message.subagent_args.prompt == "Look in src/ for the bug."
    done = agent.SubagentResult(success=agent.SubagentSuccess(agent_id="ag-1", final_message="Bug in parse()."))
    finished = ExecResultArrived(agent.ExecClientMessage(id=task.message.id, subagent_result=done))
    (stop,) = of(m.handle(finished), SendExec)
    stopped = stop.message.execute_hook_args.request.subagent_stop
    assert (stopped.status, stopped.subagent_type) == ("completed", "explore") and "Bug in parse()." in stopped.summary
    followup = agent.SubagentStopRequestResponse(followup_message="Also check the tests.")
    effects = m.handle(hook_answer(stop.message.id, subagent_stop=followup))
    (next_pass,) = of(effects, StartPass)
    (result,) = [p for msg in next_pass.request.messages for p in msg.parts if isinstance(p, ToolResultPart)]
    assert "Bug in parse()." in str(result.content)
    assert "Prefer tests/." in str(result.content) and "Also check the tests." in str(result.content)


def test_subagent_start_may_deny_the_subagent() -> None:
    m, start = task_started()
    answer = agent.SubagentStartRequestResponse(permission="deny", user_message="No subagents on this repo.")
    effects = m.handle(hook_answer(start.id, subagent_start=answer))
    assert of(effects, SendExec) == []  # the subagent never starts, and no stop hook runs
    (next_pass,) = of(effects, StartPass)
    (result,) = [p for msg in next_pass.request.messages for p in msg.parts if isinstance(p, ToolResultPart)]
    assert result.is_error and "No subagents on this repo." in str(result.content)
    assert m.phase is P.PASS


def test_pre_compact_is_sent_before_a_compaction() -> None:
    steps = HookSteps(frozenset({hooks.PRE_COMPACT}))
    history = tuple(Message.user("old " * 4000) if i % 2 == 0 else Message.assistant(TextPart("ok")) for i in range(8))
    m = machine()
    effects = prepared(m, setup=setup(hook_steps=steps, window=8_000), history=history)
    assert m.phase is P.PASS
    (hook,) = of(effects, SendExec)
    query = hook.message.execute_hook_args.request.pre_compact
    assert (query.trigger, query.messages_to_compact, query.context_window_size) == ("auto", 8, 8_000)
    assert query.context_tokens > 0 and query.is_first_compaction
    # its answer is not waited for: it is ignored like any stray exec result
    assert m.handle(hook_answer(hook.message.id, pre_compact=agent.PreCompactRequestResponse())) == []


def test_a_hook_input_nested_too_deeply_is_no_input() -> None:
    """json.loads raised RecursionError out of the turn (its stream ended `internal`); the call runs unchanged."""
    answer = agent.PreToolUseRequestResponse(updated_input="[" * 100_000 + "]" * 100_000)
    result = agent.ExecuteHookResult(response=agent.ExecuteHookResponse(pre_tool_use=answer))
    decision = hooks.pre_tool_decision(agent.ExecClientMessage(execute_hook_result=result))
    assert decision == hooks.PreToolDecision()
