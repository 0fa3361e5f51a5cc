"""Turn snapshots (cursord.agent.restore): the version-1 format journalled before the turn became a
machine is still read, and a decoded snapshot encodes back to the same text."""

from __future__ import annotations

import json

import attrs
import pytest

from cursord.agent.machine import MoveTo, Resume, StartPass, TurnMachine, TurnPhase
from cursord.agent.restore import decode, encode
from cursord.agent.tools import ShellTool
from cursord.core.intents import ExecResultArrived
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Effort, Message, ReasoningChoice, ToolResultPart

RUN = agent.AgentRunRequest(conversation_id="conv-1")

#: a snapshot as the build before the turn machine wrote it (`resume.snapshot`): a step with two
#: calls, the Read answered, the Shell still running.
OLD_SNAPSHOT = {
    "v": 1,
    "events": 7,
    "run": RUN.SerializeToString().hex(),
    "conversation_id": "conv-1",
    "model": "model-x",
    "mode": agent.AGENT_MODE_AGENT,
    "system": "be brief",
    "reasoning_effort": "high",
    "thinking_budget": 16384,
    "messages": [
        ["user", '[{"t":"text","text":"hello"}]'],
        [
            "assistant",
            '[{"t":"tool_call","id":"c1","name":"Read","arguments":"{\\"path\\":\\"a.py\\"}"},'
            '{"t":"tool_call","id":"c2","name":"Shell","arguments":"{\\"command\\":\\"ls\\"}"}]',
        ],
    ],
    "turn_messages": [["user", '[{"t":"text","text":"hello"}]']],
    "turn_start": 0,
    "compacted": False,
    "usage": [10, 5, 0, 0],
    "next": [2, 3, 1],
    "model_call_id": "req-1:1",
    "pending": [
        {
            "call": ["c1", "Read", '{"path":"a.py"}'],
            "exec_seq": 1,
            "exec_id": "req-1:1:c1",
            "query_id": None,
            "outcome": ["print(1)", False],
        },
        {
            "call": ["c2", "Shell", '{"command":"ls"}'],
            "exec_seq": 2,
            "exec_id": "req-1:1:c2",
            "query_id": None,
            "outcome": None,
        },
    ],
}


def test_an_old_snapshot_is_read_and_written_back_the_same() -> None:
    text = json.dumps(OLD_SNAPSHOT, separators=(",", ":"))
    state, run = decode(json.loads(text), None)
    assert run == RUN and state.phase is TurnPhase.RESTORED
    assert state.conversation_id == "conv-1" and state.setup is not None and state.setup.model == "model-x"
    assert [p.call.id for p in state.open_calls] == ["c2"] and isinstance(state.pending[1].tool, ShellTool)
    assert state.current is not None and state.current.pass_id == 1 and state.current.model_call_id == "req-1:1"
    assert state.turn_messages == (Message.user("hello"),)
    assert encode(state, run, 7) == text


def test_a_restored_turn_goes_on_where_it_stopped() -> None:
    state, _ = decode(OLD_SNAPSHOT, None)
    machine = TurnMachine("req-1", summary_message=Message.user, state=state)
    assert machine.handle(Resume()) == [MoveTo(Phase.WAITING_EXTERNAL)]
    done = agent.ShellResult(success=agent.ShellSuccess(command="ls", stdout="a.py", exit_code=0))
    effects = machine.handle(ExecResultArrived(agent.ExecClientMessage(id=2, shell_result=done)))
    (start,) = [e for e in effects if isinstance(e, StartPass)]
    assert start.pass_id == 2 and start.model_call_id == "req-1:2"
    results = [p for m in start.request.messages for p in m.parts if isinstance(p, ToolResultPart)]
    assert [r.tool_call_id for r in results] == ["c1", "c2"] and "a.py" in results[1].content


@pytest.mark.parametrize("thinking", [None, True, False])
@pytest.mark.parametrize("effort", [None, *Effort])
def test_every_reasoning_choice_survives_a_snapshot(thinking: bool | None, effort: Effort | None) -> None:
    state, run = decode(json.loads(json.dumps(OLD_SNAPSHOT)), None)
    assert state.setup is not None
    choice = ReasoningChoice(thinking, effort)
    text = encode(attrs.evolve(state, setup=attrs.evolve(state.setup, reasoning=choice)), run, 7)
    restored, _ = decode(json.loads(text), None)
    assert restored.setup is not None
    # what the providers act on comes back: whether to think, how hard, and an explicit "off"
    back = restored.setup.reasoning
    assert (back.wants_thinking, back.effort, back.thinking is False) == (
        choice.wants_thinking,
        choice.effort,
        choice.thinking is False,
    )


def test_an_old_snapshots_budget_reads_as_thinking() -> None:
    state, _ = decode(json.loads(json.dumps(OLD_SNAPSHOT)), None)
    assert state.setup is not None and state.setup.reasoning == ReasoningChoice(None, Effort.HIGH)
    without_effort = {**OLD_SNAPSHOT, "reasoning_effort": None}
    state, _ = decode(json.loads(json.dumps(without_effort)), None)
    assert state.setup is not None and state.setup.reasoning == ReasoningChoice(True)
