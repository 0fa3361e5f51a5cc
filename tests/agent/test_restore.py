"""Turn snapshots (cursord.agent.restore): the version-1 format journalled before the turn became a
machine is still read, and what it held is written back in the record's format and read the same."""

from __future__ import annotations

import json
import time
from pathlib import Path

import attrs
import pytest

from cursord.agent import snapshot_v1, turn_record
from cursord.agent.machine import CallStage, Resume, SendExec, StartPass, TurnMachine, TurnPhase
from cursord.agent.restore import make_restorer, read
from cursord.agent.tools import ShellTool, ToolOutcome
from cursord.core.intents import ExecResultArrived
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Effort, Message, ReasoningChoice, ToolResultPart
from cursord.store import JournalRecord, JournalState

RUN = agent.AgentRunRequest(conversation_id="conv-1")
RECORDS = Path(__file__).parents[1] / "fixtures" / "records"

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
    assert [p.stage for p in state.pending] == [CallStage.SETTLED, CallStage.SHELL_STREAM]  # read off the old fields
    assert machine.handle(Resume()) == [] and machine.state.stream_phase is Phase.WAITING_EXTERNAL
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


@pytest.mark.parametrize("thinking", [None, True, False])
@pytest.mark.parametrize("effort", [None, *Effort])
def test_every_reasoning_choice_survives_a_record(thinking: bool | None, effort: Effort | None) -> None:
    record = snapshot_v1.decode(OLD_SNAPSHOT, None)
    assert record.state.setup is not None
    choice = ReasoningChoice(thinking, effort)
    state = attrs.evolve(record.state, setup=attrs.evolve(record.state.setup, reasoning=choice))
    back = turn_record.decode(json.loads(turn_record.encode(attrs.evolve(record, state=state))))
    assert back.state.setup is not None and back.state.setup.reasoning == choice


@pytest.mark.parametrize(
    ("keys", "choice"),
    [
        ({}, ReasoningChoice(None, Effort.HIGH)),  # effort and budget: thinking as the effort says
        ({"reasoning_effort": None}, ReasoningChoice(True)),  # a budget alone: thinking asked for
        ({"reasoning_effort": None, "thinking_budget": None}, ReasoningChoice()),
        ({"thinking_budget": None}, ReasoningChoice(False, Effort.HIGH)),
        ({"reasoning_effort": None, "thinking_budget": None, "thinking": False}, ReasoningChoice(False)),
    ],
)
def test_an_old_snapshots_reasoning_keys_read_as_the_choice(keys: dict[str, object], choice: ReasoningChoice) -> None:
    record = snapshot_v1.decode({**OLD_SNAPSHOT, **keys}, None)
    assert record.state.setup is not None and record.state.setup.reasoning == choice


def test_an_old_snapshots_call_signature_is_read() -> None:
    """A Gemini call journalled by a build that wrote version 1 kept its signature as a fourth item."""
    pending = [{**OLD_SNAPSHOT["pending"][1], "call": ["c2", "Shell", '{"command":"ls"}', "sig-2"]}]  # type: ignore[dict-item]
    record = snapshot_v1.decode({**OLD_SNAPSHOT, "pending": pending}, None)
    assert record.state.pending[0].call.signature == "sig-2"


@pytest.mark.parametrize("picked", [True, False])
def test_a_record_that_kept_auto_review_beside_its_state_reads_it_into_the_setup(picked: bool) -> None:
    """Records written before Auto-review moved into the turn's setup kept it at the top."""
    record = snapshot_v1.decode(OLD_SNAPSHOT, None)
    data = json.loads(turn_record.encode(record))
    assert "auto_review" not in data and data["state"]["setup"]["auto_review"] is False
    del data["state"]["setup"]["auto_review"]
    data["auto_review"] = picked
    back = turn_record.decode(data)
    assert back.state.setup is not None and back.state.setup.auto_review is picked


def stored(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((RECORDS / name).read_text())
    return data


def test_a_record_of_the_second_format_is_read_with_each_calls_stage() -> None:
    """Format 2 had no stages: a call waiting on its postToolUse hook held its outcome, one waiting on
    preToolUse deferred its request. The reader infers the stage once; the turn goes on from there."""
    data = stored("turn_record_v2_hooks.json")
    assert data["v"] == 2
    record, _ = read(data, lambda model: None)
    read_call, shell = record.state.pending
    assert read_call.stage is CallStage.POST_HOOK and read_call.held is not None and read_call.exec_seq == 5
    assert shell.stage is CallStage.PRE_HOOK and shell.deferred is not None and shell.exec_seq == 4
    assert record.state.phase is TurnPhase.RESTORED
    assert turn_record.decode(json.loads(turn_record.encode(record))) == record  # written back as format 3

    machine = TurnMachine("req-1", summary_message=Message.user, state=record.state)
    assert machine.handle(Resume()) == [] and machine.state.stream_phase is Phase.WAITING_EXTERNAL
    allow = agent.ExecuteHookResult(response=agent.ExecuteHookResponse(pre_tool_use=agent.PreToolUseRequestResponse()))
    (send,) = [e for e in machine.handle(ExecResultArrived(agent.ExecClientMessage(id=4, execute_hook_result=allow)))
               if isinstance(e, SendExec)]
    assert send.message.WhichOneof("message") == "shell_stream_args"  # the Shell's own request goes out now
    assert machine.state.pending[1].stage is CallStage.SHELL_STREAM
    machine.handle(ExecResultArrived(agent.ExecClientMessage(id=5, execute_hook_result=agent.ExecuteHookResult())))
    assert machine.state.pending[0].stage is CallStage.SETTLED  # the post-hook answered: the Read's outcome counts
    assert "print(1)" in (machine.state.pending[0].outcome or ToolOutcome("")).text


def test_a_record_written_in_the_old_summary_phase_is_read_as_a_pass() -> None:
    data = stored("turn_record_v2_summary.json")
    assert data["state"]["phase"] == "summary"  # type: ignore[index]
    record = turn_record.decode(data)
    assert record.state.phase is TurnPhase.PASS and record.state.summary_text == "they talked"
    restored, _ = read(data, lambda model: None)
    machine = TurnMachine("req-2", summary_message=Message.user, state=restored.state)
    (start,) = [e for e in machine.handle(Resume()) if isinstance(e, StartPass)]
    assert [m.text() for m in start.request.messages] == ["SUMMARY: they talked", "hello"]


@attrs.define
class _Journals:
    """A store's journals as the restorer reads them; counts its reads."""

    own: bool
    journals: dict[str, JournalRecord] = attrs.field(factory=dict)
    loads: list[str] = attrs.field(factory=list)
    listed: int = 0

    @property
    def exclusive(self) -> bool:
        return self.own

    async def journal_ids(self) -> list[str]:
        self.listed += 1
        return list(self.journals)

    async def journal_load(self, request_id: str) -> JournalRecord | None:
        self.loads.append(request_id)
        return self.journals.get(request_id)


@attrs.define
class _Broker:
    opened: list[str] = attrs.field(factory=list)

    def open(self, request_id: str, **_: object) -> str:
        self.opened.append(request_id)
        return f"stream {request_id}"


def _ended(request_id: str) -> JournalRecord:
    return JournalRecord(request_id, None, None, JournalState.ENDED, 0.0, time.time(), "{}", (), ())


@pytest.mark.parametrize("own", [True, False])
async def test_a_new_request_id_is_looked_up_only_where_another_process_may_have_journalled_it(own: bool) -> None:
    """On a store only this process writes, the journals an earlier process left are listed once and only
    they are read; a new run's request id costs no read. A shared store is read for every request id."""
    store = _Journals(own, {"left": _ended("left")})
    restorer = make_restorer(store, lambda snapshot: lambda stream: None, retention=60.0)  # type: ignore[arg-type]
    broker = _Broker()
    assert await restorer(broker, "new-1") is None  # type: ignore[arg-type]
    assert await restorer(broker, "left") == "stream left"  # type: ignore[arg-type]
    assert await restorer(broker, "new-2") is None  # type: ignore[arg-type]
    assert broker.opened == ["left"]
    if own:
        assert (store.listed, store.loads) == (1, ["left"])
    else:
        assert (store.listed, store.loads) == (0, ["new-1", "left", "new-2"])
