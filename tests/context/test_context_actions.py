"""Every ConversationAction case has a plan; the ones that start a turn have the model's text."""

from __future__ import annotations

import pytest

from cursord.context.actions import Plan, async_answer_text, completion_text, plan, shell_text, turn_text
from cursord.proto import agent_v1_pb2 as agent


def test_every_case_of_the_schema_has_a_plan_and_none_is_an_error() -> None:
    cases = [f.name for f in agent.ConversationAction.DESCRIPTOR.oneofs_by_name["action"].fields]
    plans = {case: plan(agent.ConversationAction(**{case: {}})).plan for case in cases}  # type: ignore[arg-type]
    assert Plan.IGNORE not in plans.values()
    assert plans["background_task_completion_action"] is Plan.START_TURN
    assert plans["async_ask_question_completion_action"] is Plan.START_TURN
    assert plans["shell_command_action"] is Plan.RUN_SHELL
    assert plans["cancel_subagent_action"] is Plan.CANCEL_SUBAGENT


def test_a_case_newer_than_the_schema_is_ignored() -> None:
    # field 16, length-delimited, empty: e.g. the inject_context_action newer editors send
    action = agent.ConversationAction.FromString(b"\x82\x01\x00")
    assert plan(action).plan is Plan.IGNORE and plan(action).case is None


@pytest.mark.parametrize(
    ("action", "target"),
    [
        (agent.ConversationAction(cancel_subagent_action=agent.CancelSubagentAction(subagent_id="s1")), "s1"),
        (agent.ConversationAction(background_shell_action=agent.BackgroundShellAction(tool_call_id="t1")), "t1"),
        (agent.ConversationAction(background_subagent_action=agent.BackgroundSubagentAction(tool_call_id="t2")), "t2"),
    ],
)
def test_targets(action: agent.ConversationAction, target: str) -> None:
    assert plan(action).target == target


def test_background_completion_text() -> None:
    action = agent.BackgroundTaskCompletionAction()
    action.completions.add(
        task_id="t1", kind=agent.BACKGROUND_TASK_KIND_SHELL, status=agent.BACKGROUND_TASK_STATUS_ERROR,
        title="npm test", detail="exit code 1", output_path="/w/.cursor/terminals/3.txt", tool_call_id="call_9",
        reason=agent.BACKGROUND_TASK_COMPLETION_REASON_TASK_FINISHED,
    )
    text = completion_text(action)
    assert '<task task_id="t1" kind="shell" status="error" reason="task_finished" tool_call_id="call_9">' in text
    assert "npm test\nexit code 1\nOutput: /w/.cursor/terminals/3.txt" in text
    assert turn_text(agent.ConversationAction(background_task_completion_action=action)) == text


def test_async_answer_text() -> None:
    action = agent.AsyncAskQuestionCompletionAction(original_tool_call_id="call_1")
    question = action.original_args.questions.add(id="db", prompt="Which database?")
    question.options.add(id="pg", label="PostgreSQL")
    question.options.add(id="my", label="MySQL")
    action.original_args.title = "Setup"
    action.result.success.answers.add(question_id="db", selected_option_ids=["pg"], freeform_text="v16")
    assert async_answer_text(action) == (
        "The user answered 'Setup' (asked by tool call call_1):\n- Which database?: PostgreSQL; \"v16\""
    )
    action.result.rejected.reason = "later"
    assert async_answer_text(action) == "The user dismissed 'Setup' without answering: later"


def test_shell_text() -> None:
    assert shell_text("ls", "a\nb\n", 0) == "I ran this command myself (exit code 0):\n$ ls\na\nb\n"
