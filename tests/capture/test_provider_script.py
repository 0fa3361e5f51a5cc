"""The replay's model: each recorded tool call comes back as the same tool with the same arguments, from the text
the model streamed (`partial_tool_call`, kept in a capture with its content) or, in a redacted capture, from the
exec request or query and the `ToolCall` the editor was shown (all but the few tools whose messages do not carry
every argument)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cursord.agent.tools import ExecTool, InteractionTool, Tool, ToolContext, native_tools
from cursord.capture import CaptureEvent, calls_of
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.fake_providers import Reply
from cursord.testing.replay import provider_script
from tests.agent.test_tools import GOOD_ARGS

TOOLS = [tool for tool in native_tools(agent.AGENT_MODE_AGENT) if tool.name in GOOD_ARGS]
#: tools whose exec request or query and ToolCall do not carry every argument the model gave
PARTLY_REBUILT = {"StrReplace", "Write", "Shell", "CreatePlan"}


def update(**fields: Any) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(interaction_update=agent.InteractionUpdate(**fields))


def recorded_call(tool: Tool, args: dict[str, Any], *, typed: bool) -> list[CaptureEvent]:
    """A RunSSE call that saw one step: the model calling `tool` with `args`."""
    ctx = ToolContext("c1")
    downs = [update(step_started=agent.StepStartedUpdate(step_id=1))]
    if typed:
        partial = agent.PartialToolCallUpdate(call_id="c1", args_text_delta=json.dumps(args))
        downs.append(update(partial_tool_call=partial))
    shown = tool.tool_call(args, ctx)
    if shown is not None:
        downs.append(update(tool_call_started=agent.ToolCallStartedUpdate(call_id="c1", tool_call=shown)))
    if isinstance(tool, ExecTool):
        downs.append(agent.AgentServerMessage(exec_server_message=tool.build_exec(args, 1, "m:c1", ctx)))
    else:
        assert isinstance(tool, InteractionTool)
        downs.append(agent.AgentServerMessage(interaction_query=tool.build_query(args, 1, ctx)))
    head = {"listener": "agent", "path": "/agent.v1.AgentService/RunSSE", "http": "2",
            "headers": [["content-type", "application/connect+proto"]]}
    request_id = agent.BidiRequestId(request_id="r").SerializeToString().hex()
    return [
        CaptureEvent(0, 1, "request", head),
        CaptureEvent(0, 1, "up", {"type": "agent.v1.BidiRequestId", "data": request_id}),
        *(CaptureEvent(0, 1, "down", {"type": "agent.v1.AgentServerMessage", "data": m.SerializeToString().hex()})
          for m in downs),
    ]


def called(reply: Reply) -> tuple[str | None, Any]:
    """The tool name and the arguments a scripted chat-completions reply calls."""
    name, arguments = None, ""
    for step in reply.body:
        line = step.data.decode()  # type: ignore[attr-defined]
        if not line.startswith("data: {"):
            continue
        for choice in json.loads(line[6:]).get("choices", []):
            for call in choice["delta"].get("tool_calls", []):
                name = call["function"].get("name") or name
                arguments += call["function"].get("arguments", "")
    return name, json.loads(arguments) if arguments else None


@pytest.mark.parametrize("tool", TOOLS, ids=[tool.name for tool in TOOLS])
def test_a_tool_call_comes_back_as_typed(tool: Tool) -> None:
    (reply,) = provider_script(calls_of(recorded_call(tool, GOOD_ARGS[tool.name], typed=True)))
    assert called(reply) == (tool.name, GOOD_ARGS[tool.name])


@pytest.mark.parametrize("tool", TOOLS, ids=[tool.name for tool in TOOLS])
def test_a_redacted_tool_call_is_rebuilt_from_what_the_editor_got(tool: Tool) -> None:
    name, arguments = called(provider_script(calls_of(recorded_call(tool, GOOD_ARGS[tool.name], typed=False)))[0])
    assert name == tool.name
    if tool.name not in PARTLY_REBUILT:
        assert arguments == GOOD_ARGS[tool.name]
