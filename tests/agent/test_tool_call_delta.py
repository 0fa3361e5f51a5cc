"""`tool_call_delta` as the editor shows streaming tool calls: an edit's new content while the model writes
its arguments (`edit_tool_call_delta`), a running shell's output (`shell_tool_call_delta`). No daemon."""

from __future__ import annotations

import json

from cursord.agent.machine import PassDelta, Publish
from cursord.core.intents import ExecResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolCallArgsDelta, ToolCallDone, ToolCallStart
from tests.agent.test_turn_machine import current_pass, in_step, in_tools


def deltas(effects: list[object]) -> list[agent.ToolCallDeltaUpdate]:
    return [
        e.message.interaction_update.tool_call_delta
        for e in effects
        if isinstance(e, Publish) and e.message.interaction_update.HasField("tool_call_delta")
    ]


def test_a_write_streams_its_new_content_as_the_model_writes_it() -> None:
    m = in_step()
    pass_id = current_pass(m)
    contents = 'print("héllo")\n\tdone = True\n'
    arguments = json.dumps({"path": "/w/a.py", "contents": contents})
    effects = m.handle(PassDelta(pass_id, ToolCallStart(0, "call-w", "Write")))
    for start in range(0, len(arguments), 7):
        effects += m.handle(PassDelta(pass_id, ToolCallArgsDelta(0, arguments[start : start + 7])))
    shown = deltas(effects)
    assert {d.call_id for d in shown} == {"call-w"}
    assert {d.model_call_id for d in shown} == {m.state.current.model_call_id if m.state.current else ""}
    assert "".join(d.tool_call_delta.edit_tool_call_delta.stream_content_delta for d in shown) == contents


def test_a_read_streams_nothing_but_its_partial_call() -> None:
    m = in_step()
    pass_id = current_pass(m)
    m.handle(PassDelta(pass_id, ToolCallStart(0, "call-r", "Read")))
    assert deltas(m.handle(PassDelta(pass_id, ToolCallArgsDelta(0, '{"path": "/w/a.py"}')))) == []


def test_a_running_shell_shows_its_output_in_its_card() -> None:
    call = ToolCallDone(index=0, id="call-sh", name="Shell", arguments=json.dumps({"command": "make"}))
    m = in_tools(call)
    (pending,) = m.state.pending
    assert pending.exec_seq is not None
    effects = []
    for stream in (
        agent.ShellStream(stdout=agent.ShellStreamStdout(data="building\n")),
        agent.ShellStream(stderr=agent.ShellStreamStderr(data="warning: x\n")),
    ):
        message = agent.ExecClientMessage(id=pending.exec_seq, shell_stream=stream)
        effects += m.handle(ExecResultArrived(message))
    (out, err) = deltas(effects)
    assert (out.call_id, out.tool_call_delta.shell_tool_call_delta.stdout.content) == ("call-sh", "building\n")
    assert err.tool_call_delta.shell_tool_call_delta.stderr.content == "warning: x\n"
