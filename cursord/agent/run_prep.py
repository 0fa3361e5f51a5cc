"""Preparing a run's first pass from what the editor sent: the I/O half of `turn_inputs`.

Theory of operation. Before the first pass a run may have to ask the editor for things the run_request
left out (`EditorQueries`: the request context, the MCP tool schemas) and read the blobs its message
refers to. `prepare(...)` does exactly that, in that order, and returns a `Prepared` value holding
everything the turn needs: the tools, the system prompt, the hook steps, the rules (for `FetchRules` and
globbed rules later in the turn) and the user message. It touches the stream only through the
`EditorQueries` and the blob reader it is given.

`user_shell_outcome` reads the editor's answer to the shell a `shell_command_action` runs.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import attrs

from cursord.agent.editor_queries import EditorQueries, needs_request_context
from cursord.agent.hooks import HookSteps
from cursord.agent.prompt import system_prompt
from cursord.agent.tools import ToolRegistry
from cursord.agent.turn_inputs import BlobRead, RunAsk, carried_context, needed_blobs, read_blobs, render
from cursord.context import ContextLimits, McpSources, RuleBook
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ToolSpec

log = logging.getLogger(__name__)

#: how long a command the user runs (`shell_command_action`) may take before the turn goes on without it.
USER_SHELL_TIMEOUT = 600.0


@attrs.frozen
class Prepared:
    tools: ToolRegistry
    system: str
    hook_steps: HookSteps
    rules: RuleBook
    user: Message
    applied_rules: tuple[str, ...]
    #: the user picked Auto-review (`env.smart_mode_classifier_auto_mode_enabled`): `cursord.agent.auto_review`
    auto_review: bool = False

    @property
    def extra_specs(self) -> tuple[ToolSpec, ...]:
        """Tools served by cursord itself, offered beside the registry's: `FetchRules`."""
        spec = self.rules.tool_spec()
        return (spec,) if spec is not None else ()


async def prepare(
    request: agent.AgentRunRequest,
    action: agent.ConversationAction,
    queued: Sequence[agent.ConversationAction],
    ask: RunAsk,
    *,
    queries: EditorQueries,
    read_blob: BlobRead | None,
    vision: bool,
    limits: ContextLimits,
) -> Prepared:
    carried = carried_context(action) or next(filter(None, (carried_context(q) for q in queued)), None)
    context, mcp = await gather_context(request, carried, queries)
    rules = RuleBook.of(context)
    prefetched = {blob.id: blob.value for blob in request.pre_fetched_blobs}
    blobs = await read_blobs(needed_blobs(ask), prefetched, read_blob)
    user, applied = render(ask, blobs, vision=vision, limits=limits, rules=rules)
    return Prepared(
        tools=ToolRegistry.build(ask.mode, mcp.definitions),
        system=system_prompt(request, context, ask.mode, mcp),
        hook_steps=HookSteps.of(context),
        rules=rules,
        user=user,
        applied_rules=applied,
        auto_review=context is not None and context.env.smart_mode_classifier_auto_mode_enabled,
    )


async def gather_context(
    request: agent.AgentRunRequest, context: agent.RequestContext | None, queries: EditorQueries
) -> tuple[agent.RequestContext | None, McpSources]:
    """The run's request context (asked for when it carries none or marks it incomplete) and its MCP
    tools (the editor's MCP state asked for when descriptors carry no schemas)."""
    if needs_request_context(context):
        context = await queries.request_context() or context
    mcp = McpSources.of(request, context)
    if mcp.needs_state:
        state = await queries.mcp_state()
        if state is not None:
            mcp, note = mcp.with_state(state)
            if note:
                log.info("stream %s: %s", queries.stream.request_id, note)
    return context, mcp


async def run_user_shell(queries: EditorQueries, shell: agent.ShellCommandAction) -> tuple[str, int | None]:
    """Run the user's command in the editor (under the exec id the action gives): (output, exit code)."""
    args = agent.ShellArgs(command=shell.shell_command.command, skip_approval=True)
    answer = await queries.ask("user-shell", exec_id=shell.exec_id, wait_seconds=USER_SHELL_TIMEOUT, shell_args=args)
    if answer is None or answer.WhichOneof("message") != "shell_result":
        return "(the editor did not run the command)", None
    result = answer.shell_result
    which = result.WhichOneof("result")
    if which in ("success", "failure"):
        outcome = result.success if which == "success" else result.failure
        output = outcome.interleaved_output if outcome.HasField("interleaved_output") else ""
        output = output or "\n".join(t for t in (outcome.stdout, outcome.stderr) if t)
        return output or "(no output)", outcome.exit_code
    if which is None:
        return "(the editor sent no result)", None
    return f"(the command did not run: {which.replace('_', ' ')})", None
