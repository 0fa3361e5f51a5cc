"""The MCP tools and server instructions a run offers the model, from wherever the editor put them. Pure.

Older editors list MCP tools with their schemas in `AgentRunRequest.mcp_tools` (or `RequestContext.tools`).
Current ones send only descriptors: `request_context.mcp_file_system_options.mcp_descriptors` name each
server and its tools, without input schemas; the schemas come from the editor when asked with the exec
`mcp_state_exec_args` (an `McpStateExecResult` listing servers and their `McpToolDefinition`s). Tools
are then called the same way in both cases, with the exec `mcp_args`.

`McpSources.of(run_request, context)` collects what the run carries; `needs_state` says whether the
editor must be asked; `with_state(result)` adds what it answered. A server the editor reports as failing
keeps its place in the instructions and offers no tools.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cursord.proto import agent_v1_pb2 as agent


def _definition_from_descriptor(
    descriptor: agent.McpDescriptor, tool: agent.McpToolDescriptor
) -> agent.McpToolDefinition:
    definition = agent.McpToolDefinition(
        name=f"{descriptor.server_identifier}-{tool.tool_name}",
        provider_identifier=descriptor.server_identifier,
        tool_name=tool.tool_name,
        description=tool.description if tool.HasField("description") else "",
    )
    definition.input_schema.CopyFrom(tool.input_schema)
    return definition


def _with_provider(definition: agent.McpToolDefinition, server: agent.McpStateServer) -> agent.McpToolDefinition:
    if definition.provider_identifier:
        return definition
    filled = agent.McpToolDefinition()
    filled.CopyFrom(definition)
    filled.provider_identifier = server.server_identifier or server.server_name
    if not filled.name:
        filled.name = f"{filled.provider_identifier}-{filled.tool_name}"
    return filled


def _key(definition: agent.McpToolDefinition) -> tuple[str, str]:
    return (definition.provider_identifier, definition.tool_name or definition.name)


@attrs.frozen
class McpSources:
    definitions: tuple[agent.McpToolDefinition, ...] = ()
    #: servers named by descriptors whose tools have no schema here (the editor must be asked).
    unresolved: tuple[str, ...] = ()
    #: (server name, instructions) for the system prompt, one per server.
    instructions: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, run_request: agent.AgentRunRequest | None, context: agent.RequestContext | None) -> McpSources:
        definitions: list[agent.McpToolDefinition] = []
        if run_request is not None and run_request.HasField("mcp_tools"):
            definitions += run_request.mcp_tools.mcp_tools
        instructions: dict[str, str] = {}
        unresolved: list[str] = []
        if context is not None:
            definitions += context.tools
            for item in context.mcp_instructions:
                if item.instructions:
                    instructions.setdefault(item.server_name or item.server_identifier, item.instructions)
            known = {d.provider_identifier for d in definitions}
            if context.HasField("mcp_file_system_options"):
                for descriptor in context.mcp_file_system_options.mcp_descriptors:
                    if descriptor.HasField("server_use_instructions") and descriptor.server_use_instructions:
                        instructions.setdefault(descriptor.server_name, descriptor.server_use_instructions)
                    with_schema = [t for t in descriptor.tools if t.HasField("input_schema")]
                    definitions += [_definition_from_descriptor(descriptor, t) for t in with_schema]
                    schemaless = not descriptor.tools or len(with_schema) < len(descriptor.tools)
                    if descriptor.server_identifier not in known and schemaless:
                        unresolved.append(descriptor.server_identifier)
        return cls(tuple(_unique(definitions)), tuple(unresolved), tuple(instructions.items()))

    @property
    def needs_state(self) -> bool:
        return bool(self.unresolved)

    def with_state(self, result: agent.McpStateExecResult) -> tuple[McpSources, str | None]:
        """These sources with the editor's MCP state added, and a note when the editor could not give it."""
        which = result.WhichOneof("result")
        settled = attrs.evolve(self, unresolved=())
        if which == "error":
            return settled, f"the editor could not list its MCP tools: {result.error.error}"
        if which == "rejected":
            return settled, f"the editor declined to list its MCP tools: {result.rejected.reason}"
        if which != "success":
            return settled, None
        definitions = list(self.definitions)
        instructions = dict(self.instructions)
        for server in result.success.servers:
            if server.HasField("status") and server.status not in ("", "connected", "ready", "ok"):
                continue
            definitions += [_with_provider(d, server) for d in server.tools]
            for item in server.instructions:
                if item.instructions:
                    instructions.setdefault(server.server_name or item.server_name, item.instructions)
        return McpSources(tuple(_unique(definitions)), (), tuple(instructions.items())), None

    def system_section(self) -> str | None:
        if not self.instructions:
            return None
        body = "\n\n".join(f'<server name="{name}">\n{text}\n</server>' for name, text in self.instructions)
        return "<mcp_servers>\nInstructions from the MCP servers whose tools you have.\n\n" + body + "\n</mcp_servers>"


def _unique(definitions: Iterable[agent.McpToolDefinition]) -> list[agent.McpToolDefinition]:
    seen: dict[tuple[str, str], agent.McpToolDefinition] = {}
    for definition in definitions:
        seen.setdefault(_key(definition), definition)
    return list(seen.values())
