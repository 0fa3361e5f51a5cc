"""Turn snapshots (cursord.agent.restore): the version-1 format journalled before the turn became a
machine is still read, and what it held is written back in the record's format and read the same."""

from __future__ import annotations

import json

import attrs

from cursord.agent import snapshot_v1, turn_record
from cursord.agent.machine import MoveTo, Resume, StartPass, TurnMachine, TurnPhase
from cursord.agent.restore import read
from cursord.agent.tools import ShellTool
from cursord.core.intents import ExecResultArrived
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ToolResultPart

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
    record, route = read(json.loads(text), lambda model: None)
    state, run = record.state, record.run_request
    assert route is None and record.events == 7
    assert run == RUN and state.phase is TurnPhase.RESTORED
    assert state.conversation_id == "conv-1" and state.setup is not None and state.setup.model == "model-x"
    assert [p.call.id for p in state.open_calls] == ["c2"] and isinstance(state.pending[1].tool, ShellTool)
    assert state.current is not None and state.current.pass_id == 1 and state.current.model_call_id == "req-1:1"
    assert state.turn_messages == (Message.user("hello"),)
    assert turn_record.decode(json.loads(turn_record.encode(record))) == record


def test_a_restored_turn_goes_on_where_it_stopped() -> None:
    state = snapshot_v1.decode(OLD_SNAPSHOT, None).state
    machine = TurnMachine("req-1", summary_message=Message.user, state=state)
    assert machine.handle(Resume()) == [MoveTo(Phase.WAITING_EXTERNAL)]
    done = agent.ShellResult(success=agent.ShellSuccess(command="ls", stdout="a.py", exit_code=0))
    effects = machine.handle(ExecResultArrived(agent.ExecClientMessage(id=2, shell_result=done)))
    (start,) = [e for e in effects if isinstance(e, StartPass)]
    assert start.pass_id == 2 and start.model_call_id == "req-1:2"
    results = [p for m in start.request.messages for p in m.parts if isinstance(p, ToolResultPart)]
    assert [r.tool_call_id for r in results] == ["c1", "c2"] and "a.py" in results[1].content


def test_calls_in_flight_are_timed_from_the_restart() -> None:
    """The old process's clock means nothing in the new one: a restored call's post-hook duration and a
    restored pass count from the moment the turn was taken up."""
    record, _ = read(OLD_SNAPSHOT, lambda model: None, now=5_000.0)
    assert [p.started_at for p in record.state.pending] == [5_000.0, 5_000.0]
    assert record.state.current is not None and record.state.current.started_at == 5_000.0
    ended = attrs.evolve(record, state=attrs.evolve(record.state, phase=TurnPhase.ENDED))
    assert turn_record.restored(ended, 1.0).state.phase is TurnPhase.ENDED  # a recorded turn only ends
