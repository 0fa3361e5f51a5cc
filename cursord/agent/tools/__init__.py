"""The agent's tools: the catalogue (`registry`) and one module per family (files, shell, search, mcp,
interaction, subagent) over the shared base (`base`). Sans-IO: they build and read protobuf messages only.

Import from here; the submodules are the implementation.
"""

from cursord.agent.tools.arg_stream import ContentStream
from cursord.agent.tools.base import (
    UNKNOWN_RESULT_PREFIX,
    ExecTool,
    InteractionTool,
    Tool,
    ToolArgumentError,
    ToolContext,
    ToolKind,
    ToolOutcome,
    parse_call_arguments,
)
from cursord.agent.tools.files import (
    DeleteTool,
    ReadTool,
    StrReplaceTool,
    WriteTool,
)
from cursord.agent.tools.interaction import (
    MODE_IDS,
    AskQuestionTool,
    CreatePlanTool,
    SwitchModeTool,
    WebFetchTool,
    WebSearchTool,
    mode_id,
)
from cursord.agent.tools.mcp import (
    MAX_TOOL_NAME,
    TOOL_NAME_RE,
    FetchMcpResourceTool,
    ListMcpResourcesTool,
    McpTool,
    mcp_tool_name,
    mcp_tools,
)
from cursord.agent.tools.registry import (
    MODE_TOOLSETS,
    PLAN_EXTRAS,
    ToolRegistry,
    ToolSet,
    agent_mode,
    native_tools,
    partial_tool_call,
    run_mode,
    shell_output_delta,
    shell_tool_call_delta,
    tool_call_completed,
    tool_call_started,
    tools_for_mode,
    toolset,
)
from cursord.agent.tools.search import (
    GlobTool,
    GrepTool,
    LsTool,
    ReadLintsTool,
)
from cursord.agent.tools.shell import (
    ForceBackgroundShellTool,
    ShellAccumulator,
    ShellTool,
    WriteShellStdinTool,
    parsing_result,
)
from cursord.agent.tools.subagent import (
    TaskTool,
)

__all__ = [
    "MAX_TOOL_NAME",
    "MODE_IDS",
    "MODE_TOOLSETS",
    "PLAN_EXTRAS",
    "TOOL_NAME_RE",
    "UNKNOWN_RESULT_PREFIX",
    "AskQuestionTool",
    "ContentStream",
    "CreatePlanTool",
    "DeleteTool",
    "ExecTool",
    "FetchMcpResourceTool",
    "ForceBackgroundShellTool",
    "GlobTool",
    "GrepTool",
    "InteractionTool",
    "ListMcpResourcesTool",
    "LsTool",
    "McpTool",
    "ReadLintsTool",
    "ReadTool",
    "ShellAccumulator",
    "ShellTool",
    "StrReplaceTool",
    "SwitchModeTool",
    "TaskTool",
    "Tool",
    "ToolArgumentError",
    "ToolContext",
    "ToolKind",
    "ToolOutcome",
    "ToolRegistry",
    "ToolSet",
    "WebFetchTool",
    "WebSearchTool",
    "WriteShellStdinTool",
    "WriteTool",
    "agent_mode",
    "mcp_tool_name",
    "mcp_tools",
    "mode_id",
    "native_tools",
    "parse_call_arguments",
    "parsing_result",
    "partial_tool_call",
    "run_mode",
    "shell_output_delta",
    "shell_tool_call_delta",
    "tool_call_completed",
    "tool_call_started",
    "tools_for_mode",
    "toolset",
]
