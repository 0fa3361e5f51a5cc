"""Task: run a subagent in the editor (`subagent_args`), shown as a `task_tool_call`.

The editor runs the subagent as a run of its own (which comes back to this daemon as a new
`AgentRunRequest` with `subagent_type_name`) and answers with a `SubagentResult`.
"""

from __future__ import annotations

from typing import Any

from cursord.agent.model_choice import picked_for
from cursord.agent.tools.base import (
    TEXT_LIMIT,
    Args,
    ExecTool,
    ToolContext,
    ToolOutcome,
    boolean,
    clip,
    dispatch,
    display_str,
    lenient,
    object_schema,
    string,
)
from cursord.proto import agent_v1_pb2 as agent

DEFAULT_SUBAGENT = "generalPurpose"
_BUILTIN_TYPES = {
    "explore": "explore",
    "shell": "shell",
    "bash": "bash",
    "browser-use": "browser_use",
    "browser_use": "browser_use",
    "browseruse": "browser_use",
    "computer-use": "computer_use",
    "computer_use": "computer_use",
    "debug": "debug",
    "media-review": "media_review",
    "cursor-guide": "cursor_guide",
    "watch-video": "watch_video",
    "vm-setup-helper": "vm_setup_helper",
}


def subagent_type(name: str) -> agent.SubagentType:
    """The `SubagentType` for a subagent type name; unknown names are custom subagents."""
    member = _BUILTIN_TYPES.get(name.strip().lower())
    result = agent.SubagentType()
    if not name.strip():
        result.unspecified.SetInParent()
    elif member is not None:
        getattr(result, member).SetInParent()
    else:
        result.custom.name = name.strip()
    return result


class TaskTool(ExecTool):
    name = "Task"
    description = (
        "Hand a self-contained task to a subagent that works on its own and reports back once. The "
        "subagent does not see this conversation: give it every detail it needs and say what to "
        "return. subagent_type: 'generalPurpose' (default) for research and multi-step work, "
        "'explore' for fast read-only codebase exploration, 'shell' for command-line work. Use it for "
        "broad explorations or parallel work, not for a single lookup you can do directly."
    )
    parameters = object_schema(
        {
            "description": string("A short (3-5 word) summary of the task."),
            "prompt": string("The complete task for the subagent."),
            "subagent_type": string("The kind of subagent. Default 'generalPurpose'."),
            "readonly": boolean("Run the subagent read-only (no edits or commands that change things)."),
            "run_in_background": boolean("Return at once and let the subagent keep working. Default false."),
            "resume": string("The agent id of an earlier subagent to continue instead of starting afresh."),
            "model": string("A model for the subagent; omit to use the current model."),
        },
        ["description", "prompt"],
    )
    args_field = "subagent_args"
    result_fields = ("subagent_result",)

    def parse(self, call_args: object) -> agent.SubagentArgs:
        args = Args(self.name, call_args)
        args.req_str("description")
        readonly = args.flag("readonly")
        sub = agent.SubagentArgs(
            subagent_type=args.opt_str("subagent_type") or DEFAULT_SUBAGENT,
            model_id=args.opt_str("model") or "",
            prompt=args.req_str("prompt", strip=False),
            readonly=readonly,
            mode=agent.TASK_MODE_PLAN if readonly else agent.TASK_MODE_AGENT,
            environment=agent.SUBAGENT_EXECUTION_ENVIRONMENT_LOCAL,
        )
        resume = args.opt_str("resume")
        if resume:
            sub.resume_agent_id = resume
        if args.flag("run_in_background"):
            sub.run_in_background = True
        return sub

    def build_exec(self, call_args: object, exec_seq: int, exec_id: str, ctx: ToolContext) -> agent.ExecServerMessage:
        sub = self.parse(call_args)
        sub.tool_call_id = ctx.tool_call_id
        if not sub.model_id:
            sub.model_id = picked_for(dict(ctx.subagent_models), sub.subagent_type) or ctx.model_id
        if ctx.conversation_id:
            sub.parent_conversation_id = ctx.conversation_id
            sub.root_parent_conversation_id = ctx.conversation_id
        return self._exec(exec_seq, exec_id, subagent_args=sub)

    def _outcome(self, field: str, payload: Any, args: Args) -> ToolOutcome:
        def success(s: agent.SubagentSuccess) -> ToolOutcome:
            agent_id = f" (agent id {s.agent_id})" if s.agent_id else ""
            if s.final_message.strip():
                return ToolOutcome(clip(s.final_message.strip(), TEXT_LIMIT) + f"\n[Subagent finished{agent_id}.]")
            if s.background_reason != agent.SUBAGENT_BACKGROUND_REASON_UNSPECIFIED or s.transcript_path:
                where = f" Its transcript is at {s.transcript_path}." if s.transcript_path else ""
                return ToolOutcome(f"The subagent is running in the background{agent_id}.{where}")
            return ToolOutcome(f"The subagent finished without a final message{agent_id}.", True)

        return dispatch(
            self.name,
            payload,
            "result",
            {"success": success, "error": lambda e: ToolOutcome(f"The subagent failed: {e.error}", True)},
        )

    def tool_call(
        self, call_args: object, ctx: ToolContext, result: agent.ExecClientMessage | None = None
    ) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        readonly = args.raw.get("readonly") is True
        task = agent.TaskArgs(
            description=display_str(args, "description"),
            prompt=display_str(args, "prompt"),
            subagent_type=subagent_type(display_str(args, "subagent_type") or DEFAULT_SUBAGENT),
            mode=agent.TASK_MODE_PLAN if readonly else agent.TASK_MODE_AGENT,
            environment=agent.SUBAGENT_EXECUTION_ENVIRONMENT_LOCAL,
        )
        for key, field in (("model", "model"), ("resume", "resume")):
            if display_str(args, key):
                setattr(task, field, display_str(args, key))
        call = agent.TaskToolCall(args=task)
        if result is not None:
            call.result.CopyFrom(self._task_result(result))
        return agent.ToolCall(task_tool_call=call)

    def _task_result(self, result: agent.ExecClientMessage) -> agent.TaskResult:
        sr = result.subagent_result
        if result.WhichOneof("message") != "subagent_result" or sr.WhichOneof("result") != "success":
            return agent.TaskResult(error=agent.TaskError(error=self.result_text(result).text))
        s = sr.success
        success = agent.TaskSuccess(background_reason=s.background_reason)
        if s.agent_id:
            success.agent_id = s.agent_id
        if s.transcript_path:
            success.transcript_path = s.transcript_path
        if s.final_message.strip():
            success.conversation_steps.add().assistant_message.text = s.final_message.strip()
        else:
            success.is_background = s.background_reason != agent.SUBAGENT_BACKGROUND_REASON_UNSPECIFIED
        return agent.TaskResult(success=success)


__all__ = ["DEFAULT_SUBAGENT", "TaskTool", "subagent_type"]
