"""A run that uses what a restart must keep: MCP tools the editor lists only when asked
(`mcp_state_exec_args`), preToolUse and postToolUse hooks, and an agent-requested rule (`FetchRules`).

`scripted_run` builds the run request; `editor_answer` is how the editor answers each exec of it (the MCP
state, the hooks allowing every call, Read and the MCP tool returning fixed text).
"""

from __future__ import annotations

from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import exec_reply
from cursord.testing.editor import run_request

#: the model's name for the editor's MCP tool `lookup` of server `user-docs` ("docs")
MCP_TOOL = "mcp__docs__lookup"
RULE_NAME = "house-style"
RULE_BODY = "Answer in one short sentence."


def scripted_run(text: str, model: str, *, hooks: tuple[str, ...] = ("preToolUse", "postToolUse")) -> (
    agent.AgentClientMessage
):
    message = run_request(text, model=model)
    context = message.run_request.action.user_message_action.request_context
    context.hooks_config.configured_steps.extend(hooks)
    descriptor = context.mcp_file_system_options.mcp_descriptors.add(server_name="docs", server_identifier="user-docs")
    descriptor.tools.add(tool_name="lookup", description="Look a word up")  # no schema: the editor is asked
    context.rules.add(
        full_path=f"/w/.cursor/rules/{RULE_NAME}.mdc",
        content=RULE_BODY,
        type=agent.CursorRuleType(agent_fetched=agent.CursorRuleTypeAgentFetched(description="how to answer")),
    )
    return message


def mcp_state() -> agent.McpStateExecResult:
    result = agent.McpStateExecResult()
    server = result.success.servers.add(server_name="docs", server_identifier="user-docs")
    tool = server.tools.add(name="user-docs-lookup", tool_name="lookup", description="Look a word up")
    tool.input_schema.struct_value.update({"type": "object", "properties": {"word": {"type": "string"}}})
    return result


def editor_answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    """The editor's answer to an exec request of the scripted run (none to anything else)."""
    request = message.exec_server_message
    which = request.WhichOneof("message")
    if which == "mcp_state_exec_args":
        return [exec_reply(message, mcp_state_exec_result=mcp_state())]
    if which == "execute_hook_args":
        hook = request.execute_hook_args.request
        if hook.HasField("pre_tool_use"):
            allow = agent.PreToolUseRequestResponse(additional_context=f"pre-hook saw {hook.pre_tool_use.tool_name}")
            response = agent.ExecuteHookResponse(pre_tool_use=allow)
        else:
            after = agent.PostToolUseRequestResponse(additional_context="post-hook: fine")
            response = agent.ExecuteHookResponse(post_tool_use=after)
        return [exec_reply(message, execute_hook_result=agent.ExecuteHookResult(response=response))]
    if which == "read_args":
        success = agent.ReadSuccess(path=request.read_args.path, content="buy milk", total_lines=1)
        return [exec_reply(message, read_result=agent.ReadResult(success=success))]
    if which == "mcp_args":
        word = request.mcp_args.args["word"].string_value
        result = agent.McpResult()
        result.success.content.add(text=agent.McpTextContent(text=f"{word}: a cat"))
        return [exec_reply(message, mcp_result=result)]
    return []
