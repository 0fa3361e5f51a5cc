"""A run's user turn from its action and the actions queued before it; when the editor is asked for context."""

from __future__ import annotations

import pytest

from cursord.agent.machine.turn_prep import needs_request_context
from cursord.agent.turn_inputs import carried_context, needed_blobs, render, rules_for_paths, touched_paths, what_to_run
from cursord.context.rules import RuleBook
from cursord.context.selected import ContextLimits
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import TextPart


def _user(text: str, mode: int = agent.AGENT_MODE_AGENT) -> agent.ConversationAction:
    action = agent.ConversationAction()
    action.user_message_action.user_message.text = text
    action.user_message_action.user_message.mode = mode  # type: ignore[assignment]
    return action


def test_queued_pieces_come_first_and_the_last_mode_wins() -> None:
    ask = what_to_run(_user("now", agent.AGENT_MODE_ASK), [_user("earlier")])
    assert ask is not None and ask.mode == "ask"
    assert [p.text if isinstance(p, agent.UserMessage) else p for p in ask.pieces] == ["earlier", "now"]


def test_a_resume_runs_only_what_was_queued() -> None:
    resume = agent.ConversationAction(resume_action=agent.ResumeAction())
    assert what_to_run(resume) is None
    ask = what_to_run(resume, [_user("queued")])
    assert ask is not None and len(ask.pieces) == 1


def test_cases_without_a_typed_message() -> None:
    plan = agent.ConversationAction(execute_plan_action=agent.ExecutePlanAction(plan_file_content="1. do it"))
    ask = what_to_run(plan)
    assert ask is not None and ask.pieces == ("Execute the plan below, step by step.\n\n1. do it",)
    assert what_to_run(agent.ConversationAction(cancel_action=agent.CancelAction())) is None
    start = agent.ConversationAction(start_plan_action=agent.StartPlanAction(user_message=agent.UserMessage(text="x")))
    ask = what_to_run(start)
    assert ask is not None and ask.mode == "plan"


def test_render_applies_globbed_rules_for_attached_files_once() -> None:
    context = agent.RequestContext()
    context.rules.add(full_path="/w/.cursor/rules/py.mdc", content="Use type hints.",
                      type=agent.CursorRuleType(file_globbed=agent.CursorRuleTypeFileGlobs(globs=["*.py"])))
    rules = RuleBook.of(context)
    action = _user("fix it")
    action.user_message_action.user_message.selected_context.files.add(path="/w/a.py", content="x=1")
    ask = what_to_run(action)
    assert ask is not None and needed_blobs(ask) == []
    message, applied = render(ask, {}, vision=True, limits=ContextLimits(), rules=rules)
    (part,) = message.parts
    assert isinstance(part, TextPart)
    assert '<rule name="py" path="/w/.cursor/rules/py.mdc" applies_to="*.py">' in part.text
    assert applied == ("py",)
    assert rules_for_paths(rules, ["/w/b.py"], applied) == ("", [])
    text, names = rules_for_paths(rules, ["/w/b.py"], ())
    assert names == ["py"] and "<rules_for_these_files>" in text


def test_touched_paths() -> None:
    assert touched_paths({"path": "/a", "target_file": "/b", "paths": ["/c", 3], "other": "/d"}) == ["/a", "/b", "/c"]


@pytest.mark.parametrize(
    ("context", "asks"),
    [
        (None, True),
        (agent.RequestContext(), False),
        (agent.RequestContext(rules_info_complete=False), True),
        (agent.RequestContext(rules_info_complete=True, env_info_complete=True), False),
    ],
)
def test_when_the_editor_is_asked_for_its_request_context(context: agent.RequestContext | None, asks: bool) -> None:
    assert needs_request_context(context) is asks


def test_carried_context() -> None:
    action = _user("x")
    assert carried_context(action) is None
    action.user_message_action.request_context.SetInParent()
    assert carried_context(action) == agent.RequestContext()
