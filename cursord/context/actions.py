"""What each `ConversationAction` case asks of the agent, as data. Pure.

Cursor's backend continues a conversation on several actions that carry no typed user message: a
background shell or subagent finished, an AskQuestion shown asynchronously was answered, the user ran a
shell command of their own. cursord does the same: `plan(action)` turns any case into an `ActionPlan`,
and `turn_text` gives the message the model sees for the cases that start a turn. No case ends a run
`invalid_argument`; a case newer than the schema is ignored (the caller logs it once).

| case | plan |
|---|---|
| `user_message_action`, `start_plan_action`, `execute_plan_action` | `START_TURN` (the user's message) |
| `background_task_completion_action` | `START_TURN` with the completions (shell/subagent, status, output path) |
| `async_ask_question_completion_action` | `START_TURN` with the questions and the user's answers |
| `shell_command_action` | `RUN_SHELL`: run the command in the editor; its output joins the conversation |
| `resume_action` | `RESUME` |
| `summarize_action` | `SUMMARIZE` |
| `cancel_action` | `CANCEL` |
| `cancel_subagent_action` | `CANCEL_SUBAGENT` (abort that subagent's exec, if it runs here) |
| `background_shell_action` | `BACKGROUND_SHELL` (ForceBackgroundShell for that tool call) |
| `background_subagent_action` | `BACKGROUND_SUBAGENT` (ForceBackgroundSubagent for that tool call) |
| unset, or unknown to this build | `IGNORE` |
"""

from __future__ import annotations

import enum

import attrs

from cursord.proto import agent_v1_pb2 as agent


class Plan(enum.Enum):
    START_TURN = "start_turn"
    RUN_SHELL = "run_shell"
    RESUME = "resume"
    SUMMARIZE = "summarize"
    CANCEL = "cancel"
    CANCEL_SUBAGENT = "cancel_subagent"
    BACKGROUND_SHELL = "background_shell"
    BACKGROUND_SUBAGENT = "background_subagent"
    IGNORE = "ignore"


_PLANS: dict[str, Plan] = {
    "user_message_action": Plan.START_TURN,
    "start_plan_action": Plan.START_TURN,
    "execute_plan_action": Plan.START_TURN,
    "background_task_completion_action": Plan.START_TURN,
    "async_ask_question_completion_action": Plan.START_TURN,
    "shell_command_action": Plan.RUN_SHELL,
    "resume_action": Plan.RESUME,
    "summarize_action": Plan.SUMMARIZE,
    "cancel_action": Plan.CANCEL,
    "cancel_subagent_action": Plan.CANCEL_SUBAGENT,
    "background_shell_action": Plan.BACKGROUND_SHELL,
    "background_subagent_action": Plan.BACKGROUND_SUBAGENT,
}


@attrs.frozen
class ActionPlan:
    plan: Plan
    case: str | None  # the oneof case's name; None when unset
    #: the tool call or subagent the action is about (cancel_subagent, background_shell/subagent)
    target: str = ""


def plan(action: agent.ConversationAction) -> ActionPlan:
    case = action.WhichOneof("action")
    if case is None:
        return ActionPlan(Plan.IGNORE, None)
    kind = _PLANS.get(case, Plan.IGNORE)
    target = ""
    if case == "cancel_subagent_action":
        target = action.cancel_subagent_action.subagent_id
    elif case == "background_shell_action":
        target = action.background_shell_action.tool_call_id
    elif case == "background_subagent_action":
        target = action.background_subagent_action.tool_call_id
    return ActionPlan(kind, case, target)


def waits_for_run(action: agent.ConversationAction) -> bool:
    """Whether `action` is kept for a later run when none can take it now (before its run_request, or while
    the conversation's turn runs): a case that starts a turn. The others mean nothing without a run of their
    own (a cancel, a resume), or only to the run they were sent to (a subagent to cancel, a call to send to
    the background, a summary, a shell command the user runs now)."""
    return plan(action).plan is Plan.START_TURN


def _enum_name(enum_type: str, value: int, prefix: str) -> str:
    name: str = agent.DESCRIPTOR.enum_types_by_name[enum_type].values_by_number[value].name
    return name.removeprefix(prefix).lower()


def completion_text(action: agent.BackgroundTaskCompletionAction) -> str:
    """The message that tells the model which background tasks finished (or made progress)."""
    lines = ["<background_tasks>"]
    for done in action.completions:
        kind = _enum_name("BackgroundTaskKind", done.kind, "BACKGROUND_TASK_KIND_")
        status = _enum_name("BackgroundTaskStatus", done.status, "BACKGROUND_TASK_STATUS_")
        reason = _enum_name("BackgroundTaskCompletionReason", done.reason, "BACKGROUND_TASK_COMPLETION_REASON_")
        fields = [f'task_id="{done.task_id}"', f'kind="{kind}"', f'status="{status}"']
        if reason != "unspecified":
            fields.append(f'reason="{reason}"')
        if done.tool_call_id:
            fields.append(f'tool_call_id="{done.tool_call_id}"')
        if done.subagent_id:
            fields.append(f'subagent_id="{done.subagent_id}"')
        body = [done.title] if done.title else []
        if done.detail:
            body.append(done.detail)
        if done.output_path:
            body.append(f"Output: {done.output_path} (read it with your tools)")
        lines.append(f"<task {' '.join(fields)}>\n" + "\n".join(body) + "\n</task>")
    lines.append("</background_tasks>")
    lines.append("Background work you started has reported back. Continue with the task in light of it.")
    return "\n".join(lines)


def async_answer_text(action: agent.AsyncAskQuestionCompletionAction) -> str:
    """The message that gives the model the answers to questions it asked asynchronously."""
    prompts = {q.id: q.prompt for q in action.original_args.questions}
    labels = {(q.id, o.id): o.label for q in action.original_args.questions for o in q.options}
    title = action.original_args.title or "your questions"
    head = f"The user answered {title!r} (asked by tool call {action.original_tool_call_id}):"
    which = action.result.WhichOneof("result")
    if which == "success":
        lines = [head]
        for answer in action.result.success.answers:
            chosen = [labels.get((answer.question_id, o), o) for o in answer.selected_option_ids]
            parts = [", ".join(chosen)] if chosen else []
            if answer.freeform_text.strip():
                parts.append(f'"{answer.freeform_text.strip()}"')
            lines.append(f"- {prompts.get(answer.question_id, answer.question_id)}: {'; '.join(parts) or '(none)'}")
        if not action.result.success.answers:
            lines.append("(no question was answered)")
        return "\n".join(lines)
    if which == "rejected":
        reason = action.result.rejected.reason
        return f"The user dismissed {title!r} without answering" + (f": {reason}" if reason else ".")
    if which == "error":
        return f"The questions {title!r} could not be shown: {action.result.error.error_message}"
    return f"The questions {title!r} were closed without an answer."


def shell_text(command: str, output: str, exit_code: int | None) -> str:
    """How a command the user ran joins the conversation."""
    status = "" if exit_code is None else f" (exit code {exit_code})"
    return f"I ran this command myself{status}:\n$ {command}\n{output}".rstrip() + "\n"


def turn_text(action: agent.ConversationAction) -> str | None:
    """The user-side text of a case that starts a turn without a typed message; None for the others."""
    case = action.WhichOneof("action")
    if case == "background_task_completion_action":
        return completion_text(action.background_task_completion_action)
    if case == "async_ask_question_completion_action":
        return async_answer_text(action.async_ask_question_completion_action)
    return None
