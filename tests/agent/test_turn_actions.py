"""Conversation actions as the machine takes them (`cursord.agent.machine.turn_actions`): kept for a later
run, a cancel through the phase's own Cancel row, steering only where the phase has a row for it."""

from __future__ import annotations

import pytest

from cursord.agent.machine import AbortExec, End, KeepAction, TurnPhase
from cursord.connect.errors import Code
from cursord.core.intents import ActionRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.editor import user_message_action as user_action
from tests.agent.test_turn_machine import SITUATIONS, in_tools, machine, of, preparing, read_call

P = TurnPhase


def cancel_action(reason: str = "") -> ActionRequested:
    return ActionRequested(agent.ConversationAction(cancel_action=agent.CancelAction(reason=reason)))


def background_shell(call_id: str = "call-1") -> ActionRequested:
    action = agent.ConversationAction(background_shell_action=agent.BackgroundShellAction(tool_call_id=call_id))
    return ActionRequested(action)


def test_before_the_run_request_a_message_is_kept_for_this_requests_run() -> None:
    m = machine()
    message = user_action("first")
    assert m.handle(ActionRequested(message)) == [KeepAction(message, None)]
    assert m.phase is P.IDLE


@pytest.mark.parametrize("where", ["preparing", "step", "summary", "tools", "restored"])
def test_once_the_run_started_a_message_is_kept_for_the_conversations_next_run(where: str) -> None:
    phase, build = SITUATIONS[where]
    m = build()
    message = user_action("later")
    assert m.handle(ActionRequested(message)) == [KeepAction(message, m.state.conversation_id)]
    assert m.phase is phase and m.state.conversation_id is not None


def test_a_cancel_action_takes_the_phases_own_cancel_row() -> None:
    m = in_tools(read_call())
    (open_call,) = m.state.open_calls
    effects = m.handle(cancel_action("user stopped it"))
    assert AbortExec(open_call.exec_seq) in effects  # as the stream's own cancel does
    (end,) = of(effects, End)
    assert end.error is not None and end.error.code is Code.CANCELED and "user stopped it" in end.error.message
    assert m.phase is P.ENDED


def test_a_cancel_action_while_the_run_prepares_ends_it() -> None:
    m = preparing()
    (end,) = of(m.handle(cancel_action()), End)
    assert end.error is not None and end.error.code is Code.CANCELED and m.phase is P.ENDED


def test_a_cancel_action_after_the_end_does_nothing() -> None:
    m = SITUATIONS["ended"][1]()
    assert m.handle(cancel_action()) == [] and m.phase is P.ENDED


def test_steering_goes_where_the_phase_has_a_row_for_it() -> None:
    m = in_tools(read_call())
    effects = m.handle(background_shell("call-1"))
    assert of(effects, KeepAction) == [] and m.phase is P.TOOLS  # the Read is no shell: nothing to send
    m = preparing()
    assert m.handle(background_shell()) == [] and m.phase is P.PREPARING  # no call to steer yet


def test_a_resume_or_an_unknown_case_on_the_stream_does_nothing() -> None:
    resume = ActionRequested(agent.ConversationAction(resume_action=agent.ResumeAction()))
    for where in ("idle", "step", "tools"):
        m = SITUATIONS[where][1]()
        assert m.handle(resume) == [] and m.handle(ActionRequested(agent.ConversationAction())) == []


def test_only_a_case_that_starts_a_turn_waits_for_a_later_run() -> None:
    plan = agent.ConversationAction(start_plan_action=agent.StartPlanAction(user_message=agent.UserMessage(text="x")))
    shell = agent.ConversationAction(
        shell_command_action=agent.ShellCommandAction(shell_command=agent.ShellCommand(command="ls"))
    )
    summarize = agent.ConversationAction(summarize_action=agent.SummarizeAction())
    m = machine()
    assert m.handle(ActionRequested(plan)) == [KeepAction(plan, None)]
    assert m.handle(ActionRequested(summarize)) == [] and m.handle(ActionRequested(shell)) == []
    m = SITUATIONS["step"][1]()
    assert m.handle(ActionRequested(shell)) == []  # not run later behind the user's back
    assert m.handle(ActionRequested(plan)) == [KeepAction(plan, "conv-1")]
