"""ToolCalls: the agent turn's half of the exec and interaction bridges.

Theory of operation: when a provider pass ends with tool calls, each becomes a `PendingTool`. An exec
tool is sent to the editor as an `exec_server_message` (id = exec seq, exec_id = model call + call id),
an interaction tool as an `interaction_query`; results are matched by those ids, a streamed shell's
events by its exec seq until it ends. Configured hooks wrap an exec tool: `preToolUse` before it is
sent, `postToolUse(Failure)` before its result counts (`cursord.agent.hooks`). When every call of the
step has its outcome, the results go to the model in call order and the next pass starts.

`ToolCalls` is a mixin of `AgentTurn`, which owns the state it uses (declared below for the type
checker): split out so that each module holds one job.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import attrs
import trio
from google.protobuf.message import Message as ProtoMessage

from cursord.agent import hooks, updates
from cursord.agent.hooks import HookSteps
from cursord.agent.tools import (
    ExecTool,
    InteractionTool,
    ShellAccumulator,
    ShellTool,
    SwitchModeTool,
    Tool,
    ToolArgumentError,
    ToolContext,
    ToolOutcome,
    ToolRegistry,
    WebFetchTool,
    WebSearchTool,
    parse_call_arguments,
)
from cursord.agent.turn_inputs import rules_for_paths, touched_paths
from cursord.context.rules import FETCH_RULES_TOOL, RuleBook
from cursord.intents import ExecControlArrived, ExecControlKind, ExecResultArrived, InteractionAnswered
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, ToolCallPart
from cursord.streams.active import ActiveStream
from cursord.streams.phases import Phase

if TYPE_CHECKING:
    from cursord.agent.router import Route
    from cursord.agent.turn import PassState

log = logging.getLogger(__name__)


@attrs.define(eq=False)
class PendingTool:
    """One tool call of the current step, until its result is known."""

    call: ToolCallPart
    arguments: dict[str, Any]
    context: ToolContext
    tool: Tool | None
    exec_seq: int | None = None
    exec_id: str | None = None
    query_id: int | None = None
    shell: ShellAccumulator | None = None
    outcome: ToolOutcome | None = None
    started_at: float = 0.0
    # hooks: the hook this call waits on (its exec_seq is then the hook's), the tool's own exec
    # request held back until preToolUse allowed it, the context hooks add to the result, and the
    # result held until postToolUse answered
    hook: str | None = None
    deferred: agent.ExecServerMessage | None = None
    hook_context: str | None = None
    held: ToolOutcome | None = None


class ToolCalls:
    """The tool-call methods of `AgentTurn` (see the module docstring)."""

    if TYPE_CHECKING:  # AgentTurn's state and methods that these use
        stream: ActiveStream
        route: Route | None
        tools: ToolRegistry | None
        conversation_id: str | None
        current: PassState | None
        pending: list[PendingTool]
        next_exec_seq: int
        next_query_id: int
        hook_steps: HookSteps
        rules: RuleBook
        applied_rules: tuple[str, ...]

        def _save(self) -> None: ...
        def _note_tool_call(self, call_id: str, view: agent.ToolCall) -> None: ...
        def _add_message(self, message: Message) -> None: ...
        async def _checkpoint(self, *, final: bool) -> None: ...
        def _next_pass(self) -> None: ...

    def _context(self, call: ToolCallPart) -> ToolContext:
        assert self.tools is not None and self.route is not None
        return ToolContext(
            tool_call_id=call.id,
            conversation_id=self.conversation_id or "",
            model_id=self.route.model,
            mode=self.tools.mode,
        )

    def _dispatch_tools(self, state: PassState) -> None:
        assert self.tools is not None
        self.pending = [self._dispatch_one(state, call) for call in state.tool_calls]
        self._update_waiting_phase()
        self._save()

    def _dispatch_one(self, state: PassState, call: ToolCallPart) -> PendingTool:
        assert self.tools is not None
        tool = self.tools.get(call.name)
        pending = PendingTool(call, {}, self._context(call), tool, started_at=trio.current_time())
        if tool is None and call.name == FETCH_RULES_TOOL and self.rules.offered:
            try:  # served from the run's request context: no editor round trip
                pending.outcome = ToolOutcome(*self.rules.fetch(parse_call_arguments(call.arguments)))
            except (ToolArgumentError, ValueError) as exc:
                pending.outcome = ToolOutcome(f"Tool call failed: {exc}", is_error=True)
            return pending
        if tool is None:
            pending.outcome = ToolOutcome(self.tools.unavailable_text(call.name), is_error=True)
            return pending
        try:
            pending.arguments = parse_call_arguments(call.arguments)
            if isinstance(tool, InteractionTool):
                pending.query_id, self.next_query_id = self.next_query_id, self.next_query_id + 1
                request: agent.InteractionQuery | agent.ExecServerMessage = tool.build_query(
                    pending.arguments, pending.query_id, pending.context
                )
            elif isinstance(tool, ExecTool):
                pending.exec_seq = self._take_exec_seq()
                pending.exec_id = f"{state.model_call_id}:{call.id}"
                request = tool.build_exec(pending.arguments, pending.exec_seq, pending.exec_id, pending.context)
                if isinstance(tool, ShellTool):
                    pending.shell = tool.new_accumulator(pending.arguments, pending.context)
                if hooks.PRE_TOOL_USE in self.hook_steps:
                    pending.deferred, pending.hook = request, hooks.PRE_TOOL_USE
                    pending.exec_seq = self._take_exec_seq()
                    request = hooks.pre_tool_use(self._hook_facts(pending), pending.exec_seq, f"{pending.exec_id}:pre")
            else:  # pragma: no cover - every registered tool is one of the two kinds
                raise ToolArgumentError(f"{call.name} cannot be called")
        except (ToolArgumentError, ValueError) as exc:
            pending.outcome = ToolOutcome(f"Tool call failed: {exc}", is_error=True)
            return pending
        started = tool.tool_call(pending.arguments, pending.context)
        if started is not None:
            self._note_tool_call(call.id, started)
            self.stream.publish(updates.tool_call_started(call.id, started, state.model_call_id))
        if isinstance(request, agent.InteractionQuery):
            self.stream.publish(updates.interaction_query(request))
        else:
            self.stream.publish(updates.exec_request(request))
        return pending

    def _update_waiting_phase(self) -> None:
        open_calls = [p for p in self.pending if p.outcome is None]
        if any(p.query_id is not None for p in open_calls):
            self.stream.move_to(Phase.AWAITING_USER)
        elif open_calls:
            self.stream.move_to(Phase.WAITING_EXTERNAL)

    def _find_exec(self, exec_seq: int) -> PendingTool | None:
        return next((p for p in self.pending if p.exec_seq == exec_seq and p.outcome is None), None)

    async def _on_exec_result(self, result: ExecResultArrived) -> None:
        pending = self._find_exec(result.exec_seq)
        if pending is None:
            log.info("stream %s: result for unknown exec %d ignored", self.stream.request_id, result.exec_seq)
            return
        tool = pending.tool
        assert isinstance(tool, ExecTool)
        message = result.message
        if pending.hook is not None:
            self._on_hook_answer(pending, tool, message)
        elif pending.shell is not None:
            for event in pending.shell.feed_message(message):
                self.stream.publish(updates.shell_output(event))
            if pending.shell.finished:
                self._finish_shell(pending)
        else:
            self._finish_exec(pending, tool, message)
        await self._maybe_next_pass()

    def _finish_exec(self, pending: PendingTool, tool: ExecTool, message: agent.ExecClientMessage) -> None:
        assert pending.exec_id is not None
        try:
            follow_up = tool.next_exec(pending.arguments, message, self.next_exec_seq, pending.exec_id, pending.context)
        except ToolArgumentError as exc:
            self._resolve(pending, ToolOutcome(f"Tool call failed: {exc}", is_error=True), None)
            return
        if follow_up is not None:  # a multi-step tool (StrReplace): read, then write
            pending.exec_seq = self._take_exec_seq()
            self.stream.publish(updates.exec_request(follow_up))
            self._save()
            return
        outcome = tool.result_text(message, pending.arguments)
        self._resolve(pending, outcome, tool.tool_call(pending.arguments, pending.context, message))

    def _hook_facts(self, pending: PendingTool) -> hooks.HookFacts:
        return hooks.HookFacts(
            tool_name=pending.call.name,
            tool_input=pending.arguments,
            tool_use_id=pending.call.id,
            conversation_id=self.conversation_id or "",
            model_id=self.route.model if self.route is not None else "",
        )

    def _on_hook_answer(self, pending: PendingTool, tool: ExecTool, message: agent.ExecClientMessage) -> None:
        hook, pending.hook = pending.hook, None
        if hook == hooks.PRE_TOOL_USE:
            decision = hooks.pre_tool_decision(message)
            pending.hook_context = decision.additional_context
            if decision.denied is not None:
                outcome = ToolOutcome(f"A hook blocked this {pending.call.name} call: {decision.denied}", True)
                self._resolve(pending, outcome, None, post_hook=False)
                return
            request = pending.deferred
            assert request is not None and pending.exec_id is not None
            if decision.updated_input is not None:
                pending.arguments = decision.updated_input
                try:
                    request = tool.build_exec(
                        pending.arguments, self._take_exec_seq(), pending.exec_id, pending.context
                    )
                except (ToolArgumentError, ValueError) as exc:
                    self._resolve(pending, ToolOutcome(f"Tool call failed: {exc}", True), None, post_hook=False)
                    return
            pending.exec_seq, pending.deferred = request.id, None
            self.stream.publish(updates.exec_request(request))
            return
        assert pending.held is not None
        held, pending.held = pending.held, None
        text = hooks.with_context(held.text, hooks.post_tool_context(message))
        self._resolve(pending, ToolOutcome(text, held.is_error), None, post_hook=False)

    def _finish_shell(self, pending: PendingTool) -> None:
        assert pending.shell is not None and isinstance(pending.tool, ShellTool)
        completed = pending.tool.tool_call(pending.arguments, pending.context, pending.shell)
        self._resolve(pending, pending.shell.outcome(), completed)

    def _take_exec_seq(self) -> int:
        seq, self.next_exec_seq = self.next_exec_seq, self.next_exec_seq + 1
        return seq

    async def _on_exec_control(self, control: ExecControlArrived) -> None:
        pending = self._find_exec(control.exec_seq)
        if pending is None or control.kind is ExecControlKind.HEARTBEAT:
            return
        if control.kind is ExecControlKind.THROW:
            thrown = control.message.throw
            outcome = ToolOutcome(f"The editor failed to run {pending.call.name}: {thrown.error}", is_error=True)
            self._resolve(pending, outcome, None)
        elif pending.shell is not None:
            pending.shell.close()
            self._finish_shell(pending)
        else:
            outcome = ToolOutcome(f"{pending.call.name}: the editor closed the call without a result.", True)
            self._resolve(pending, outcome, None)
        await self._maybe_next_pass()

    async def _on_interaction(self, answer: InteractionAnswered) -> None:
        pending = next((p for p in self.pending if p.query_id == answer.query_id and p.outcome is None), None)
        if pending is None:
            log.info("stream %s: answer to unknown query %d ignored", self.stream.request_id, answer.query_id)
            return
        tool = pending.tool
        assert isinstance(tool, InteractionTool) and self.tools is not None
        response = answer.message
        outcome = tool.result_text(response, pending.arguments)
        result: ProtoMessage | None = tool.result_message(response, pending.arguments, pending.context)
        if outcome.pending:
            outcome, result = _unserved_web_request(tool, pending.arguments)
        elif isinstance(tool, SwitchModeTool) and not outcome.is_error:
            self.tools = self.tools.with_mode(tool.target_mode(pending.arguments))
        self._resolve(pending, outcome, tool.tool_call(pending.arguments, pending.context, result))
        await self._maybe_next_pass()

    def _resolve(
        self, pending: PendingTool, outcome: ToolOutcome, completed: agent.ToolCall | None, *, post_hook: bool = True
    ) -> None:
        assert self.current is not None
        if completed is not None:
            self._note_tool_call(pending.call.id, completed)
            self.stream.publish(updates.tool_call_completed(pending.call.id, completed, self.current.model_call_id))
        outcome = ToolOutcome(hooks.with_context(outcome.text, pending.hook_context), outcome.is_error)
        pending.hook_context = None
        wanted = hooks.POST_TOOL_USE_FAILURE if outcome.is_error else hooks.POST_TOOL_USE
        if post_hook and isinstance(pending.tool, ExecTool) and wanted in self.hook_steps:
            pending.held, pending.hook = outcome, wanted
            pending.exec_seq = self._take_exec_seq()
            duration_ms = int((trio.current_time() - pending.started_at) * 1000)
            exec_id = f"{pending.exec_id}:post"
            self.stream.publish(
                updates.exec_request(
                    hooks.post_tool_use(
                        self._hook_facts(pending),
                        outcome.text,
                        failed=outcome.is_error,
                        duration_ms=duration_ms,
                        exec_seq=pending.exec_seq,
                        exec_id=exec_id,
                    )
                )
            )
            return
        pending.outcome = outcome
        self._update_waiting_phase()
        self._save()

    async def _maybe_next_pass(self) -> None:
        if any(p.outcome is None for p in self.pending):
            return
        for pending in self.pending:
            assert pending.outcome is not None
            text = pending.outcome.text
            if not pending.outcome.is_error:  # file-globbed rules for the files this call touched
                extra, names = rules_for_paths(self.rules, touched_paths(pending.arguments), self.applied_rules)
                text += extra
                self.applied_rules += tuple(names)
            result = Message.tool_result(pending.call.id, text, is_error=pending.outcome.is_error)
            self._add_message(result)
        self.pending = []
        await self._checkpoint(final=False)
        self._next_pass()


def _unserved_web_request(tool: InteractionTool, arguments: dict[str, Any]) -> tuple[ToolOutcome, ProtoMessage]:
    """An approved WebSearch/WebFetch: cursord has no web backend, so the model is told so plainly."""
    reason = "cursord has no web backend configured; answer from what you know or ask the user"
    if isinstance(tool, WebFetchTool):
        return WebFetchTool.failed(str(arguments.get("url", "")), reason)
    return WebSearchTool.failed(reason)
