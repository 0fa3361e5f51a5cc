"""The tool catalogue: which tools a run offers the model, and the handler for each name.

Sans-IO: this module and the tool modules it gathers build and read protobuf messages only.

A turn uses it like this (names from this module):

    registry = ToolRegistry.for_run(run_request)
    pass_request = PassRequest(..., tools=registry.specs)
    # the model calls `name` with `arguments` (JSON text) and tool call id `call_id`:
    args = parse_call_arguments(arguments)          # ToolArgumentError -> error result for the model
    tool = registry.get(name)                       # None: unknown here -> registry.unavailable_text(name)
    ctx = ToolContext(tool_call_id=call_id, conversation_id=..., model_id=..., mode=registry.mode)
    if registry.kind(name) is ToolKind.EXEC:        # ExecTool
        msg = tool.build_exec(args, seq, exec_id, ctx)      # -> AgentServerMessage.exec_server_message
        ... send; collect the ExecClientMessage (for Shell: feed a ShellAccumulator until finished)
        while (more := tool.next_exec(args, result, seq2, exec_id2, ctx)) is not None: ...
        outcome = tool.result_text(result, args)
    else:                                           # InteractionTool
        query = tool.build_query(args, query_id, ctx)       # -> AgentServerMessage.interaction_query
        outcome = tool.result_text(response, args)  # outcome.pending: WebSearch/WebFetch approved
    # UI: tool_call_started(call_id, tool.tool_call(args, ctx)) ... tool_call_completed(call_id,
    #     tool.tool_call(args, ctx, result)) where result is the ExecClientMessage (ShellAccumulator
    #     for Shell) or, for interaction tools, tool.result_message(response, args, ctx).

Modes (`AgentMode`): agent (and debug, triage, project, multitask, unspecified) offer everything;
ask offers the read-only tools (Read, Grep, Glob, LS, ReadLints, ListMcpResources,
FetchMcpResource without download_path, WebSearch, WebFetch, AskQuestion); plan offers those plus
CreatePlan.  MCP server tools are offered in the full set only.

Registries are read-only and built once per tool set: `build` memoises them on the mode and the bytes
of the MCP definitions, so every run offering the same tools shares one registry, its handlers and its
`specs` (an idle stream holds its pass request, and with it the specs, for as long as it waits).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping

import attrs

from cursord.agent.tools.base import (
    ExecTool,
    InteractionTool,
    Tool,
    ToolContext,
    ToolKind,
)
from cursord.agent.tools.files import DeleteTool, ReadTool, StrReplaceTool, WriteTool
from cursord.agent.tools.interaction import (
    AskQuestionTool,
    CreatePlanTool,
    SwitchModeTool,
    WebFetchTool,
    WebSearchTool,
    mode_id,
)
from cursord.agent.tools.mcp import (
    FetchMcpResourceTool,
    ListMcpResourcesTool,
    mcp_tools,
)
from cursord.agent.tools.search import GlobTool, GrepTool, LsTool, ReadLintsTool
from cursord.agent.tools.shell import (
    ForceBackgroundShellTool,
    ShellTool,
    WriteShellStdinTool,
)
from cursord.agent.tools.subagent import TaskTool
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolSpec


class ToolSet(enum.Enum):
    FULL = "full"
    READ_ONLY = "read_only"
    PLAN = "plan"


MODE_TOOLSETS: Mapping[int, ToolSet] = {
    agent.AGENT_MODE_UNSPECIFIED: ToolSet.FULL,
    agent.AGENT_MODE_AGENT: ToolSet.FULL,
    agent.AGENT_MODE_ASK: ToolSet.READ_ONLY,
    agent.AGENT_MODE_PLAN: ToolSet.PLAN,
    agent.AGENT_MODE_DEBUG: ToolSet.FULL,
    agent.AGENT_MODE_TRIAGE: ToolSet.FULL,
    agent.AGENT_MODE_PROJECT: ToolSet.FULL,
    agent.AGENT_MODE_MULTITASK: ToolSet.FULL,
}
PLAN_EXTRAS = frozenset({CreatePlanTool.name})


def agent_mode(mode: int | str) -> int:
    """An `AgentMode` value from itself or a mode id ("agent", "ask", "plan", "debug", ...)."""
    if isinstance(mode, int):
        return mode
    try:
        return agent.AgentMode.Value("AGENT_MODE_" + mode.strip().upper())
    except ValueError:
        return agent.AGENT_MODE_AGENT


def toolset(mode: int | str) -> ToolSet:
    """The tool set for an `AgentMode`; modes newer than this build get the full set."""
    return MODE_TOOLSETS.get(agent_mode(mode), ToolSet.FULL)


def native_tools(mode: int | str) -> list[Tool]:
    """The built-in handlers allowed in `mode`, advertised ones first, in a stable order."""
    full = toolset(mode) is ToolSet.FULL
    every: list[Tool] = [
        ReadTool(),
        GrepTool(),
        GlobTool(),
        LsTool(),
        ReadLintsTool(),
        StrReplaceTool(),
        WriteTool(),
        DeleteTool(),
        ShellTool(),
        WriteShellStdinTool(),
        TaskTool(),
        AskQuestionTool(),
        CreatePlanTool(),
        SwitchModeTool(),
        WebSearchTool(),
        WebFetchTool(),
        ForceBackgroundShellTool(),
    ]
    if full:
        return every
    extras = PLAN_EXTRAS if toolset(mode) is ToolSet.PLAN else frozenset()
    return [t for t in every if t.read_only or t.name in extras]


def run_mode(request: agent.AgentRunRequest) -> int:
    """The `AgentMode` a run request asks for: the action's own mode, else the conversation's."""
    action = request.action
    which = action.WhichOneof("action")
    if which == "user_message_action" and action.user_message_action.user_message.mode:
        return action.user_message_action.user_message.mode
    if which == "start_plan_action":
        return agent.AGENT_MODE_PLAN
    if which == "execute_plan_action":
        return action.execute_plan_action.execution_mode or agent.AGENT_MODE_AGENT
    state = request.conversation_state
    if state.HasField("mode") and state.mode:
        return state.mode
    return agent.AGENT_MODE_AGENT


def _definitions(
    mcp: agent.McpTools | Iterable[agent.McpToolDefinition] | None,
) -> tuple[agent.McpToolDefinition, ...]:
    if mcp is None:
        return ()
    if isinstance(mcp, agent.McpTools):
        return tuple(mcp.mcp_tools)
    return tuple(mcp)


#: registries by tool set: (mode, each MCP definition serialized); the oldest dropped past CACHE_SIZE.
_built: dict[tuple[int, tuple[bytes, ...]], ToolRegistry] = {}
CACHE_SIZE = 64


@attrs.frozen
class ToolRegistry:
    """The tools of one run in one mode, by model name.  Build with `build` or `for_run`; read-only (shared
    by every run with the same tools)."""

    mode: int
    mcp_definitions: tuple[agent.McpToolDefinition, ...]
    #: built from the two above (so not compared: a registry rebuilt from them is the same registry)
    tools: Mapping[str, Tool] = attrs.field(eq=False)

    @classmethod
    def build(
        cls,
        mode: int | str,
        mcp: agent.McpTools | Iterable[agent.McpToolDefinition] | None = None,
    ) -> ToolRegistry:
        """The registry for `mode` (an `AgentMode` or a mode id) and these MCP tools (memoised per tool set)."""
        mode = agent_mode(mode)
        definitions = _definitions(mcp)
        key = (mode, tuple(d.SerializeToString(deterministic=True) for d in definitions))
        registry = _built.get(key)
        if registry is None:
            registry = cls._assemble(mode, definitions)
            if len(_built) >= CACHE_SIZE:
                del _built[next(iter(_built))]
            _built[key] = registry
        return registry

    @classmethod
    def _assemble(cls, mode: int, definitions: tuple[agent.McpToolDefinition, ...]) -> ToolRegistry:
        handlers: list[Tool] = native_tools(mode)
        if definitions:
            handlers += [ListMcpResourcesTool(), FetchMcpResourceTool(allow_download=toolset(mode) is ToolSet.FULL)]
        if toolset(mode) is ToolSet.FULL:
            handlers += mcp_tools(definitions, taken={t.name for t in handlers})
        return cls(mode, definitions, {t.name: t for t in handlers})

    @classmethod
    def for_run(cls, request: agent.AgentRunRequest, mode: int | str | None = None) -> ToolRegistry:
        """The registry for a run: its MCP tools, in `mode` or else the mode the request asks for."""
        return cls.build(run_mode(request) if mode is None else mode, request.mcp_tools)

    def with_mode(self, mode: int | str) -> ToolRegistry:
        """The same run's tools in another mode (after an approved SwitchMode)."""
        return ToolRegistry.build(mode, self.mcp_definitions)

    @functools.cached_property
    def specs(self) -> tuple[ToolSpec, ...]:
        """What the model is offered, in order."""
        return tuple(t.spec for t in self.tools.values() if t.advertised)

    def skeleton(self, name: str, tool_call_id: str = "") -> agent.ToolCall:
        """A `ToolCall` with no arguments yet, for `partial_tool_call` while arguments stream
        (an empty `ToolCall` for an unknown tool or one without a ToolCall entry)."""
        tool = self.tools.get(name)
        ctx = ToolContext(tool_call_id=tool_call_id, mode=self.mode)
        call = tool.tool_call({}, ctx) if isinstance(tool, ExecTool | InteractionTool) else None
        return call if call is not None else agent.ToolCall()

    def get(self, name: str) -> Tool | None:
        return self.tools.get(name)

    def kind(self, name: str) -> ToolKind:
        tool = self.tools.get(name)
        return ToolKind.UNKNOWN if tool is None else tool.kind

    def exec_tool(self, name: str) -> ExecTool | None:
        tool = self.tools.get(name)
        return tool if isinstance(tool, ExecTool) else None

    def interaction_tool(self, name: str) -> InteractionTool | None:
        tool = self.tools.get(name)
        return tool if isinstance(tool, InteractionTool) else None

    def unavailable_text(self, name: str) -> str:
        """The error text for a call to a tool this registry does not have."""
        if name in ToolRegistry.build(agent.AGENT_MODE_AGENT, self.mcp_definitions).tools:
            return (
                f"The {name} tool is not available in {mode_id(self.mode)} mode. Use the tools you have, "
                "or ask the user to switch modes."
            )
        offered = ", ".join(t.name for t in self.tools.values() if t.advertised)
        return f"There is no tool named {name!r}. Use one of: {offered}."


def tools_for_mode(
    mode: int | str, mcp: agent.McpTools | Iterable[agent.McpToolDefinition] | None = None
) -> list[ToolSpec]:
    """The `ToolSpec`s offered to the model in `mode` with these MCP tools."""
    return list(ToolRegistry.build(mode, mcp).specs)


# --- interaction_update builders ------------------------------------------------------------


def tool_call_started(call_id: str, tool_call: agent.ToolCall, model_call_id: str = "") -> agent.InteractionUpdate:
    return agent.InteractionUpdate(
        tool_call_started=agent.ToolCallStartedUpdate(call_id=call_id, tool_call=tool_call, model_call_id=model_call_id)
    )


def tool_call_completed(call_id: str, tool_call: agent.ToolCall, model_call_id: str = "") -> agent.InteractionUpdate:
    return agent.InteractionUpdate(
        tool_call_completed=agent.ToolCallCompletedUpdate(
            call_id=call_id, tool_call=tool_call, model_call_id=model_call_id
        )
    )


def partial_tool_call(
    call_id: str, tool_call: agent.ToolCall, args_text_delta: str, model_call_id: str = ""
) -> agent.InteractionUpdate:
    """While the model streams a call's arguments: `tool_call` holds what is known so far."""
    return agent.InteractionUpdate(
        partial_tool_call=agent.PartialToolCallUpdate(
            call_id=call_id, tool_call=tool_call, args_text_delta=args_text_delta, model_call_id=model_call_id
        )
    )


def shell_output_delta(delta: agent.ShellOutputDeltaUpdate) -> agent.InteractionUpdate:
    """One of `ShellAccumulator.feed`'s deltas, ready for `AgentServerMessage.interaction_update`."""
    return agent.InteractionUpdate(shell_output_delta=delta)


def shell_tool_call_delta(
    call_id: str, *, stdout: str = "", stderr: str = "", model_call_id: str = ""
) -> agent.InteractionUpdate:
    """A Shell call's output as a `tool_call_delta` (stdout if given, else stderr)."""
    delta = agent.ShellToolCallDelta()
    if stdout or not stderr:
        delta.stdout.content = stdout
    else:
        delta.stderr.content = stderr
    return agent.InteractionUpdate(
        tool_call_delta=agent.ToolCallDeltaUpdate(
            call_id=call_id,
            tool_call_delta=agent.ToolCallDelta(shell_tool_call_delta=delta),
            model_call_id=model_call_id,
        )
    )


__all__ = [
    "MODE_TOOLSETS",
    "PLAN_EXTRAS",
    "ToolRegistry",
    "ToolSet",
    "agent_mode",
    "native_tools",
    "partial_tool_call",
    "run_mode",
    "shell_output_delta",
    "shell_tool_call_delta",
    "tool_call_completed",
    "tool_call_started",
    "tools_for_mode",
    "toolset",
]
