"""Fuzzing every tool handler with the editor's answers: random results and responses, sans-IO.

For each tool of the full catalogue (with one valid call from test_tools.GOOD_ARGS), the editor's
answer is a random `ExecClientMessage` (usually one of the tool's own result kinds, filled with random
fields several levels deep) or a random `InteractionResponse`. Each goes through what `AgentTurn` does
with an answer: `next_exec`, `result_text`, `tool_call` (and for Shell the stream accumulator, for the
interaction tools `result_message` and SwitchMode's target). The invariant: only `ToolArgumentError`
may come out (and only where the turn catches it), the outcome is text, and every message the turn
would publish serializes.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cursord.agent import updates
from cursord.agent.tools import (
    ExecTool,
    InteractionTool,
    ShellTool,
    SwitchModeTool,
    ToolArgumentError,
    ToolOutcome,
)
from cursord.proto import agent_v1_pb2 as agent
from tests.agent.test_tools import CTX, FULL, GOOD_ARGS
from tests.fuzz.test_fuzz_strategies import (
    STEERING,
    TALLY,
    fuzz_report,  # noqa: F401 - the fixture, for pytestmark
    fuzz_settings,
    proto_messages,
)

pytestmark = pytest.mark.usefixtures("fuzz_report")

EXEC_TOOLS = sorted(name for name, tool in FULL.tools.items() if isinstance(tool, ExecTool))
INTERACTION_TOOLS = sorted(name for name, tool in FULL.tools.items() if isinstance(tool, InteractionTool))
EXEC_ID = "m:1:call-1"


def _publishable(outcome: ToolOutcome, tool_call: agent.ToolCall | None) -> None:
    assert isinstance(outcome.text, str) and isinstance(outcome.is_error, bool)
    if tool_call is not None:
        updates.tool_call_completed("call-1", tool_call, "m:1").SerializeToString()


@st.composite
def exec_answers(draw: st.DrawFn, tool: ExecTool) -> agent.ExecClientMessage:
    """The editor's answer to `tool`'s exec: mostly one of its own result kinds, with the right ids."""
    kinds = list(tool.result_fields) + (["shell_stream"] if isinstance(tool, ShellTool) else [])
    field = draw(st.one_of(st.sampled_from(kinds), st.sampled_from(kinds), st.none()))
    answer = draw(proto_messages(agent.ExecClientMessage, max_depth=5, max_fields=6, require=field, overrides=STEERING))
    answer.id, answer.exec_id = 1, EXEC_ID
    return answer


@fuzz_settings(300)
@given(data=st.data(), name=st.sampled_from(EXEC_TOOLS))
def test_fuzz_exec_results(data: st.DataObject, name: str) -> None:
    TALLY.tried("tools: exec results")
    tool = FULL.exec_tool(name)
    assert tool is not None
    args = GOOD_ARGS[name]
    tool.build_exec(args, 1, EXEC_ID, CTX).SerializeToString()
    if isinstance(tool, ShellTool):
        shell = tool.new_accumulator(args, CTX)
        answers = data.draw(st.lists(exec_answers(tool), min_size=1, max_size=5), label="answers")
        for answer in answers:
            for delta in shell.feed_message(answer):
                updates.shell_output(delta).SerializeToString()
        if data.draw(st.booleans(), label="closed"):
            shell.close()
        _publishable(shell.outcome(), tool.tool_call(args, CTX, shell))
        TALLY.answered("tools: exec results", f"{name} {'finished' if shell.finished else 'open'}")
        return
    answer = data.draw(exec_answers(tool), label="answer")
    try:
        follow_up = tool.next_exec(args, answer, 2, EXEC_ID, CTX)
    except ToolArgumentError:
        TALLY.answered("tools: exec results", f"{name} argument-error")
        return
    if follow_up is not None:
        updates.exec_request(follow_up).SerializeToString()
        TALLY.answered("tools: exec results", f"{name} follow-up")
        return
    _publishable(tool.result_text(answer, args), tool.tool_call(args, CTX, answer))
    TALLY.answered("tools: exec results", f"{name} {answer.WhichOneof('message')}")


@fuzz_settings(200)
@given(data=st.data(), name=st.sampled_from(INTERACTION_TOOLS))
def test_fuzz_interaction_responses(data: st.DataObject, name: str) -> None:
    TALLY.tried("tools: interaction responses")
    tool = FULL.interaction_tool(name)
    assert tool is not None
    args = GOOD_ARGS[name]
    updates.interaction_query(tool.build_query(args, 1, CTX)).SerializeToString()
    field = data.draw(st.one_of(st.just(tool.response_field), st.none()), label="field")
    response = data.draw(
        proto_messages(agent.InteractionResponse, max_depth=5, max_fields=6, require=field, overrides=STEERING),
        label="response",
    )
    response.id = 1
    outcome = tool.result_text(response, args)
    result = tool.result_message(response, args, CTX)
    if isinstance(tool, SwitchModeTool) and not outcome.is_error and not outcome.pending:
        tool.target_mode(args)
    _publishable(outcome, tool.tool_call(args, CTX, result))
    TALLY.answered("tools: interaction responses", f"{name} {response.WhichOneof('result')}")
