"""The system prompt of a run, from what the editor sends: its custom prompt, environment and rules."""

from __future__ import annotations

from cursord.context import McpSources, RuleBook
from cursord.proto import agent_v1_pb2 as agent

BASE_PROMPT = (
    "You are a coding agent running inside the user's editor. Use the tools to read, search and change "
    "the user's workspace and to run commands; every tool runs on the user's machine. Prefer small, "
    "verifiable steps, read before you edit, and say briefly what you did when you finish."
)

MODE_PROMPTS = {
    "ask": "You are in Ask mode: answer questions and investigate, but do not change files or run commands "
    "that change state.",
    "plan": "You are in Plan mode: investigate with read-only tools, ask the user what is unclear, and finish "
    "by writing a plan with the CreatePlan tool. Do not change files.",
}


def system_prompt(
    request: agent.AgentRunRequest,
    context: agent.RequestContext | None,
    mode: str,
    mcp: McpSources | None = None,
    rules: RuleBook | None = None,
) -> str:
    """Base (or the editor's custom) prompt, mode, environment, rules by type (`cursord.context.rules`)
    and the MCP servers' instructions. `rules`: the context's `RuleBook`, if the caller has it already."""
    parts = [request.custom_system_prompt if request.HasField("custom_system_prompt") else BASE_PROMPT]
    if mode in MODE_PROMPTS:
        parts.append(MODE_PROMPTS[mode])
    if context is not None:
        parts.extend(_context_sections(context, rules if rules is not None else RuleBook.of(context)))
    mcp_section = (mcp or McpSources.of(request, context)).system_section()
    if mcp_section:
        parts.append(mcp_section)
    return "\n\n".join(p for p in parts if p)


def _context_sections(context: agent.RequestContext, rules: RuleBook) -> list[str]:
    sections: list[str] = []
    if context.HasField("env"):
        env = context.env
        lines = []
        if env.os_version:
            lines.append(f"OS: {env.os_version}")
        if env.shell:
            lines.append(f"Shell: {env.shell}")
        if env.workspace_paths:
            lines.append("Workspace: " + ", ".join(env.workspace_paths))
        if env.time_zone:
            lines.append(f"Time zone: {env.time_zone}")
        if lines:
            sections.append("<environment>\n" + "\n".join(lines) + "\n</environment>")
    sections += rules.system_sections()
    return sections
