"""MCP tools from descriptors, the editor's MCP state, and the inline list; and the system prompt they shape."""

from __future__ import annotations

from google.protobuf import struct_pb2

from cursord.agent.prompt import system_prompt
from cursord.agent.tools import ToolRegistry
from cursord.context.mcp import McpSources
from cursord.proto import agent_v1_pb2 as agent
from tests.editor_fixtures import recorded_action


def _schema() -> struct_pb2.Value:
    value = struct_pb2.Value()
    value.struct_value.update({"type": "object", "properties": {"path": {"type": "string"}}})
    return value


def _state() -> agent.McpStateExecResult:
    result = agent.McpStateExecResult()
    server = result.success.servers.add(server_name="自定义工具1", server_identifier="user-cattool")
    tool = server.tools.add(name="read_file", tool_name="read_file", description="Read a file")
    tool.input_schema.CopyFrom(_schema())
    result.success.servers.add(server_name="broken", server_identifier="broken", status="error")
    return result


def test_recorded_descriptors_have_no_schemas_so_the_editor_is_asked() -> None:
    context = recorded_action().user_message_action.request_context
    sources = McpSources.of(agent.AgentRunRequest(), context)
    assert sources.definitions == ()
    assert sources.unresolved == ("cursor-ide-browser", "cursor-browser-extension", "user-cattool")
    assert [name for name, _ in sources.instructions] == ["cursor-ide-browser", "cursor-browser-extension"]


def test_the_editors_state_becomes_tools_called_through_mcp_args() -> None:
    context = recorded_action().user_message_action.request_context
    sources, note = McpSources.of(agent.AgentRunRequest(), context).with_state(_state())
    assert note is None and not sources.needs_state
    (definition,) = sources.definitions
    assert (definition.provider_identifier, definition.tool_name) == ("user-cattool", "read_file")
    registry = ToolRegistry.build("agent", sources.definitions)
    spec = next(s for s in registry.specs if s.name == "mcp__cattool__read_file")
    assert spec.json_schema["properties"] == {"path": {"type": "string"}}


def test_state_errors_are_reported_not_fatal() -> None:
    failed = agent.McpStateExecResult(error=agent.McpStateError(error="boom"))
    sources, note = McpSources.of(None, recorded_action().user_message_action.request_context).with_state(failed)
    assert note == "the editor could not list its MCP tools: boom" and not sources.needs_state


def test_inline_tools_and_descriptors_with_schemas_need_no_exec() -> None:
    request = agent.AgentRunRequest()
    request.mcp_tools.mcp_tools.add(name="user-gh-issues", provider_identifier="user-gh", tool_name="issues")
    context = agent.RequestContext()
    descriptor = context.mcp_file_system_options.mcp_descriptors.add(server_name="db", server_identifier="user-db")
    descriptor.tools.add(tool_name="query", description="Run SQL").input_schema.CopyFrom(_schema())
    sources = McpSources.of(request, context)
    assert not sources.needs_state
    assert [(d.provider_identifier, d.tool_name) for d in sources.definitions] == [("user-gh", "issues"),
                                                                                  ("user-db", "query")]


def test_system_prompt_has_rules_by_type_and_mcp_instructions() -> None:
    action = recorded_action().user_message_action
    text = system_prompt(agent.AgentRunRequest(), action.request_context, "agent")
    assert "<available_rules>" in text and "- create-skill: Guides users" in text
    assert "create-subagent" not in text
    assert '<server name="cursor-ide-browser">' in text
    assert "OS: win32 10.0.123456" in text
