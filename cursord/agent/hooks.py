"""The editor's tool hooks (`ExecuteHook`), as the request context configures them. Pure builders.

When the run's `request_context.hooks_config.configured_steps` names them, each tool the editor runs
is wrapped in the user's hooks, which the editor executes:

- `preToolUse` before the tool: it may deny the call (the model is told why, nothing runs), replace
  its input, or add context to its result;
- `postToolUse` after a successful result, `postToolUseFailure` after a failed one: either may add
  context to what the model sees;
- for a Task call, `subagentStart` in place of `preToolUse` (it may deny the subagent or add context) and
  `subagentStop` in place of the post hooks (it may add context or a follow-up to the subagent's result);
- `preCompact` before the conversation is compacted (sent, not waited for: its answer carries only a
  message for the user).

Step names are matched without regard to case or underscores (`preToolUse`, `PreToolUse`,
`pre_tool_use`). Interaction tools (questions to the user) are not hooked.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
from google.protobuf import json_format, struct_pb2

from cursord.proto import agent_v1_pb2 as agent

PRE_TOOL_USE = "pretooluse"
POST_TOOL_USE = "posttooluse"
POST_TOOL_USE_FAILURE = "posttoolusefailure"
SUBAGENT_START = "subagentstart"
SUBAGENT_STOP = "subagentstop"
PRE_COMPACT = "precompact"
#: hooks that run before a call and may deny it, replace its input or add context
PRE_HOOKS = frozenset({PRE_TOOL_USE, SUBAGENT_START})


def _normal(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


@attrs.frozen
class HookSteps:
    configured: frozenset[str] = frozenset()

    @classmethod
    def of(cls, context: agent.RequestContext | None) -> HookSteps:
        if context is None or not context.HasField("hooks_config"):
            return cls()
        return cls(frozenset(_normal(step) for step in context.hooks_config.configured_steps))

    def __contains__(self, step: object) -> bool:
        return step in self.configured


@attrs.frozen
class HookFacts:
    """What every hook request says about the call."""

    tool_name: str
    tool_input: dict[str, Any]
    tool_use_id: str
    conversation_id: str
    model_id: str


def _struct(value: dict[str, Any]) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    json_format.ParseDict(value, struct)
    return struct


def _exec(exec_seq: int, exec_id: str, request: agent.ExecuteHookRequest) -> agent.ExecServerMessage:
    return agent.ExecServerMessage(
        id=exec_seq, exec_id=exec_id, execute_hook_args=agent.ExecuteHookArgs(request=request)
    )


def pre_tool_use(facts: HookFacts, exec_seq: int, exec_id: str) -> agent.ExecServerMessage:
    query = agent.PreToolUseRequestQuery(
        tool_name=facts.tool_name,
        tool_input=_struct(facts.tool_input),
        tool_use_id=facts.tool_use_id,
        conversation_id=facts.conversation_id,
        model_id=facts.model_id,
    )
    return _exec(exec_seq, exec_id, agent.ExecuteHookRequest(pre_tool_use=query))


def post_tool_use(
    facts: HookFacts, output: str, *, failed: bool, duration_ms: int, exec_seq: int, exec_id: str
) -> agent.ExecServerMessage:
    common: dict[str, Any] = {
        "tool_name": facts.tool_name,
        "tool_input": _struct(facts.tool_input),
        "tool_use_id": facts.tool_use_id,
        "duration_ms": duration_ms,
        "conversation_id": facts.conversation_id,
        "model_id": facts.model_id,
    }
    if failed:
        failure = agent.PostToolUseFailureRequestQuery(error_message=output, failure_type="error", **common)
        return _exec(exec_seq, exec_id, agent.ExecuteHookRequest(post_tool_use_failure=failure))
    success = agent.PostToolUseRequestQuery(tool_output=output, **common)
    return _exec(exec_seq, exec_id, agent.ExecuteHookRequest(post_tool_use=success))


def subagent_start(
    facts: HookFacts, task: agent.SubagentArgs, exec_seq: int, exec_id: str
) -> agent.ExecServerMessage:
    query = agent.SubagentStartRequestQuery(
        subagent_type=task.subagent_type,
        task=task.prompt,
        parent_conversation_id=facts.conversation_id,
        tool_call_id=facts.tool_use_id,
        subagent_model=task.model_id,
        conversation_id=facts.conversation_id,
        model_id=facts.model_id,
    )
    return _exec(exec_seq, exec_id, agent.ExecuteHookRequest(subagent_start=query))


def subagent_stop(
    facts: HookFacts, output: str, *, failed: bool, duration_ms: int, exec_seq: int, exec_id: str
) -> agent.ExecServerMessage:
    query = agent.SubagentStopRequestQuery(
        subagent_type=str(facts.tool_input.get("subagent_type", "")),
        status="error" if failed else "completed",
        duration_ms=duration_ms,
        parent_conversation_id=facts.conversation_id,
        conversation_id=facts.conversation_id,
        task=str(facts.tool_input.get("prompt", "")),
        description=str(facts.tool_input.get("description", "")),
        model_id=facts.model_id,
    )
    if failed:
        query.error_message = output
    else:
        query.summary = output
    return _exec(exec_seq, exec_id, agent.ExecuteHookRequest(subagent_stop=query))


def pre_compact(
    *, conversation_id: str, model_id: str, manual: bool, tokens: int, window: int, messages: int, to_compact: int,
    first: bool, exec_seq: int, exec_id: str,
) -> agent.ExecServerMessage:
    query = agent.PreCompactRequestQuery(
        trigger="manual" if manual else "auto",
        context_usage_percent=100.0 * tokens / window if window else 0.0,
        context_tokens=tokens,
        context_window_size=window,
        message_count=messages,
        messages_to_compact=to_compact,
        is_first_compaction=first,
        conversation_id=conversation_id,
        model_id=model_id,
    )
    return _exec(exec_seq, exec_id, agent.ExecuteHookRequest(pre_compact=query))


@attrs.frozen
class PreToolDecision:
    denied: str | None = None  # why, when the hook denied the call
    updated_input: dict[str, Any] | None = None
    additional_context: str | None = None


def pre_tool_decision(result: agent.ExecClientMessage) -> PreToolDecision:
    """What a preToolUse (or subagentStart) answer decides. An answer that is neither allows the call unchanged."""
    if result.WhichOneof("message") != "execute_hook_result":
        return PreToolDecision()
    response = result.execute_hook_result.response
    if response.WhichOneof("response") == "subagent_start":
        start = response.subagent_start
        context = start.additional_context if start.HasField("additional_context") else None
        if start.HasField("permission") and start.permission.lower() == "deny":
            reason = start.user_message if start.HasField("user_message") else "a hook denied this subagent"
            return PreToolDecision(denied=reason, additional_context=context)
        return PreToolDecision(additional_context=context)
    if response.WhichOneof("response") != "pre_tool_use":
        return PreToolDecision()
    answer = response.pre_tool_use
    context = answer.additional_context if answer.HasField("additional_context") else None
    if answer.HasField("permission") and answer.permission.lower() == "deny":
        reason = answer.agent_message if answer.HasField("agent_message") else "a hook denied this tool call"
        return PreToolDecision(denied=reason, additional_context=context)
    updated = None
    if answer.HasField("updated_input"):
        try:
            value = json.loads(answer.updated_input)
        except (ValueError, RecursionError):  # nested too deeply: no usable input either
            value = None
        updated = value if isinstance(value, dict) else None
    return PreToolDecision(updated_input=updated, additional_context=context)


def post_tool_context(result: agent.ExecClientMessage) -> str | None:
    """The context a postToolUse / postToolUseFailure (or subagentStop) answer adds to the tool's result."""
    if result.WhichOneof("message") != "execute_hook_result":
        return None
    response = result.execute_hook_result.response
    which = response.WhichOneof("response")
    if which == "subagent_stop":
        stop = response.subagent_stop
        parts = [getattr(stop, name) for name in ("additional_context", "followup_message") if stop.HasField(name)]
        return "\n\n".join(parts) or None
    if which not in ("post_tool_use", "post_tool_use_failure"):
        return None
    answer = getattr(response, which)
    return str(answer.additional_context) if answer.HasField("additional_context") else None


def with_context(text: str, context: str | None) -> str:
    return f"{text}\n\n{context}" if context else text
