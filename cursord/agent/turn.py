"""AgentTurn: the behaviour of a stream that runs an agent turn on the user's own provider.

Theory of operation: a run request starts the turn. Each *pass* sends the conversation so far to the
provider (a task in the stream's work nursery, inside its own cancel scope) and posts every delta back
into the stream's mailbox, so deltas, uploads and timers are handled one at a time by the actor. Text
and thinking are published as they arrive. When the pass ends with tool calls, each becomes an
`exec_server_message` (or an `interaction_query` for tools that ask the user); once every call has its
result, the next pass starts with the results appended. A pass without tool calls ends the turn:
`turn_ended` with the summed token usage, then a clean end-stream.

The turn's messages are committed to the conversation history only when the turn completes, so a
failed or canceled turn leaves history as it was (nothing half-done poisons the next turn).

Cancel (from the editor, or the reconnect grace expiring) cancels the running pass's scope, which
closes the provider connection, and sends `exec_server_control_message.abort` for every pending exec.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import Any

import attrs
import trio

from cursord.agent import resume, updates
from cursord.agent.checkpoints import history_from_state, resumable_prefix
from cursord.agent.checkpoints import CheckpointKeeper
from cursord.agent.compaction import CompactionPolicy, PromptEstimate, summary_request
from cursord.agent.editor_queries import EditorQueries
from cursord.agent.errors import model_not_served, provider_failure
from cursord.agent.history import ConversationHistory
from cursord.agent.hooks import HookSteps
from cursord.agent.prompt import system_prompt
from cursord.agent.router import ProviderRouter, Route
from cursord.agent.run_prep import gather_context, prepare, run_user_shell
from cursord.agent.tool_calls import PendingTool, ToolCalls
from cursord.agent.tools import (
    TaskTool,
    ToolRegistry,
    mode_id,
    run_mode,
)
from cursord.agent.turn_inputs import carried_context, what_to_run
from cursord.connect.errors import Code, ConnectError
from cursord.context import actions
from cursord.context.actions import Plan, shell_text
from cursord.context.images import without_images
from cursord.context.rules import RuleBook
from cursord.context.selected import ContextLimits
from cursord.intents import (
    ActionRequested,
    ClientHeartbeat,
    ExecControlArrived,
    ExecResultArrived,
    InteractionAnswered,
    KvResultArrived,
    PrewarmRequested,
    RunRequested,
    UnknownUpload,
)
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.errors import MalformedResponse, ProviderError
from cursord.providers.model import (
    Delta,
    Message,
    PassEnd,
    PassRequest,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingDone,
    ThinkingPart,
    ToolCallArgsDelta,
    ToolCallDone,
    ToolCallPart,
    ToolCallStart,
    Usage,
)
from cursord.store.conversations import summary_message
from cursord.store.records import TurnMeta, TurnStatus
from cursord.store.store import Store
from cursord.streams.active import ActiveStream
from cursord.streams.phases import Phase
from cursord.tap import TapHub

log = logging.getLogger(__name__)

_EFFORT_PARAMETERS = ("reasoning_effort", "effort", "thinking", "reasoning")
#: queued actions kept per conversation (messages sent while a turn runs).
MAX_QUEUED_ACTIONS = 32
#: Anthropic thinking budget per effort level (tokens); max mode gets the largest.
_THINKING_BUDGETS = {"low": 2_048, "medium": 8_192, "high": 16_384, "max": 32_000}


@attrs.frozen
class PassDelta:
    pass_id: int
    delta: Delta


@attrs.frozen
class PassFinished:
    pass_id: int
    error: ProviderError | None


@attrs.define
class AgentServices:
    """What every turn shares: providers, history, and the tool catalogue."""

    router: ProviderRouter
    history: ConversationHistory
    max_passes: int = 50
    tap: TapHub | None = None
    #: the durable store for turn snapshots (restart survival), checkpoints and blobs (None: none of them).
    store: Store | None = None
    #: bounds on what the user attaches (`--limit context_item_chars=...` etc.)
    context_limits: ContextLimits = attrs.field(factory=ContextLimits)
    #: messages and completions that arrived while a conversation's turn ran, for its next run
    queued: dict[str, list[agent.ConversationAction]] = attrs.field(factory=dict)

    def queue(self, conversation_id: str, action: agent.ConversationAction) -> None:
        held = self.queued.setdefault(conversation_id, [])
        if len(held) >= MAX_QUEUED_ACTIONS:
            log.warning("conversation %s: more than %d queued actions; the oldest is dropped", conversation_id,
                        MAX_QUEUED_ACTIONS)
            held.pop(0)
        held.append(action)

    def take_queued(self, conversation_id: str) -> list[agent.ConversationAction]:
        return self.queued.pop(conversation_id, [])


class PassPurpose(enum.Enum):
    STEP = "step"  # a model call of the turn: its output is published and may call tools
    SUMMARY = "summary"  # compaction: the model summarises earlier turns; its text becomes the summary


@attrs.define(eq=False)
class PassState:
    """What the current pass has produced so far."""

    pass_id: int
    model_call_id: str
    started_at: float
    purpose: PassPurpose = PassPurpose.STEP
    manual: bool = False  # a summary the user asked for (ends the turn), not an automatic compaction
    text: list[str] = attrs.field(factory=list)
    parts: list[TextPart | ThinkingPart | ToolCallPart] = attrs.field(factory=list)
    thinking: list[str] = attrs.field(factory=list)
    thinking_started: float | None = None
    tool_calls: list[ToolCallPart] = attrs.field(factory=list)
    tool_names: dict[int, tuple[str, str]] = attrs.field(factory=dict)
    usage: Usage = attrs.field(factory=Usage)
    ended: PassEnd | None = None

    def flush_text(self) -> None:
        if self.text:
            self.parts.append(TextPart("".join(self.text)))
            self.text.clear()


@attrs.define(eq=False)
class AgentTurn(ToolCalls):
    stream: ActiveStream
    services: AgentServices
    route: Route | None = None
    tools: ToolRegistry | None = None
    conversation_id: str | None = None
    system: str | None = None
    reasoning_effort: str | None = None
    thinking_budget: int | None = None
    messages: list[Message] = attrs.field(factory=list)
    turn_messages: list[Message] = attrs.field(factory=list)
    usage: Usage = attrs.field(factory=Usage)
    current: PassState | None = None
    pass_scope: trio.CancelScope | None = None
    pending: list[PendingTool] = attrs.field(factory=list)
    started: bool = False
    run_request: agent.AgentRunRequest | None = None
    started_at: float = attrs.field(factory=trio.current_time)
    #: index in `messages` where this turn's own messages begin (before it: the stored history).
    turn_start: int = 0
    estimate: PromptEstimate = attrs.field(factory=PromptEstimate)
    compacted: bool = False
    summary_text: str | None = None
    #: the conversation's checkpoints (None: no store, or no conversation id)
    checkpoints: CheckpointKeeper | None = None
    hook_steps: HookSteps = attrs.field(factory=HookSteps)
    #: the ids the next provider pass, exec request and interaction query get
    next_pass_id: int = 1
    next_exec_seq: int = 1
    next_query_id: int = 1
    #: the run's rules and skills (`FetchRules` is served from it), and the globbed rules applied so far
    rules: RuleBook = attrs.field(factory=RuleBook)
    applied_rules: tuple[str, ...] = ()
    #: questions to the editor while the run prepares (request context, MCP state)
    queries: EditorQueries | None = None
    #: conversation actions that reached this stream before its run_request
    early_actions: list[agent.ConversationAction] = attrs.field(factory=list)

    @classmethod
    def factory(cls, services: AgentServices) -> Callable[[ActiveStream], AgentTurn]:
        def make(stream: ActiveStream) -> AgentTurn:
            return cls(stream, services)

        return make

    @classmethod
    def resuming(cls, services: AgentServices) -> Callable[[dict[str, Any]], Callable[[ActiveStream], AgentTurn]]:
        """Factories for turns re-created from a snapshot (`cursord.agent.resume`)."""

        def for_snapshot(state: dict[str, Any]) -> Callable[[ActiveStream], AgentTurn]:
            def make(stream: ActiveStream) -> AgentTurn:
                turn = cls(stream, services)
                resume.apply_snapshot(turn, state)
                return turn

            return make

        return for_snapshot

    # ---- inputs -----------------------------------------------------------------------------------

    async def handle(self, item: object) -> None:
        match item:
            case RunRequested():
                await self._start_run(item)
            case resume.Resumed():
                await self._resume()
            case PrewarmRequested() if not self.started:
                self.conversation_id = item.conversation_id
                self.stream.conversation_id = item.conversation_id
            case PrewarmRequested():
                log.info("stream %s: prewarm_request during a turn ignored", self.stream.request_id)
            case ActionRequested():
                await self._on_action(item)
            case PassDelta() if self.current is not None and item.pass_id == self.current.pass_id:
                self._on_delta(self.current, item.delta)
            case PassFinished() if self.current is not None and item.pass_id == self.current.pass_id:
                await self._on_pass_finished(self.current, item.error)
            case PassDelta() | PassFinished():
                pass  # from a pass that was canceled; nothing to do
            case ExecResultArrived():
                await self._on_exec_result(item)
            case ExecControlArrived():
                await self._on_exec_control(item)
            case InteractionAnswered():
                await self._on_interaction(item)
            case KvResultArrived() if self.checkpoints is not None:
                await self.checkpoints.on_result(item)
            case KvResultArrived() | ClientHeartbeat() | UnknownUpload():
                log.debug("stream %s: %s ignored", self.stream.request_id, type(item).__name__)
            case _:
                raise TypeError(f"AgentTurn cannot handle {type(item).__name__}")

    async def cancel(self, error: ConnectError) -> None:
        """Stop the pass (closing its provider connection) and abort every exec still pending."""
        if self.pass_scope is not None:
            self.pass_scope.cancel()
        for pending in self.pending:
            if pending.exec_seq is not None and pending.outcome is None:
                self.stream.publish(updates.exec_abort(pending.exec_seq))
        await self._fail(error)

    # ---- starting ---------------------------------------------------------------------------------

    async def _start_run(self, run: RunRequested) -> None:
        if self.started:
            log.info("stream %s: second run_request ignored", self.stream.request_id)
            return
        self.started = True
        request = run.request
        self.run_request = request
        self.conversation_id = run.conversation_id
        self.stream.conversation_id = run.conversation_id
        earlier = await self.services.history.turns(self.conversation_id) if self.conversation_id else []
        self.route = self.services.router.choose(run.model_id, [t.model for t in earlier])
        self.stream.model_id = self.route.model if self.route is not None else run.model_id
        if self.route is None:
            self.stream.end(model_not_served(run.model_id, self.services.router.models))
            return
        self._read_thinking_options(request)
        queued = self.services.take_queued(self.conversation_id) if self.conversation_id else []
        queued += self.early_actions + [q.action for q in run.queued]
        self.early_actions = []
        await self._begin(request, request.action, queued)

    async def _on_action(self, action: ActionRequested) -> None:
        """A conversation action on this stream (`cursord.context.actions` says what each case asks)."""
        planned = actions.plan(action.action)
        request_id = self.stream.request_id
        if planned.plan is Plan.CANCEL:
            reason = action.action.cancel_action.reason or "canceled by the user"
            await self.cancel(ConnectError(Code.CANCELED, reason))
        elif planned.plan is Plan.RESUME:
            log.debug("stream %s: resume on a running turn; nothing to resume", request_id)
        elif planned.plan is Plan.IGNORE:
            log.info("stream %s: conversation_action case %s is not known to this build; ignored", request_id,
                     planned.case or "(unset)")
        elif not self.started:
            self.early_actions.append(action.action)  # taken by the run_request that follows
        elif planned.plan in (Plan.START_TURN, Plan.RUN_SHELL) and self.conversation_id is not None:
            self.services.queue(self.conversation_id, action.action)
            log.info("stream %s: %s queued for the conversation's next run", request_id, planned.case)
        elif planned.plan is Plan.CANCEL_SUBAGENT:
            self._abort_subagent(planned.target)
        elif planned.plan in (Plan.BACKGROUND_SHELL, Plan.BACKGROUND_SUBAGENT):
            exec_seq = self._take_exec_seq()
            exec_id = f"{planned.case}:{planned.target}"
            if planned.plan is Plan.BACKGROUND_SHELL:
                args = agent.ForceBackgroundShellArgs(tool_call_id=planned.target)
                message = agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, force_background_shell_args=args)
            else:
                sub = agent.ForceBackgroundSubagentArgs(tool_call_id=planned.target)
                message = agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, force_background_subagent_args=sub)
            self.stream.publish(updates.exec_request(message))
        else:
            log.info("stream %s: %s while a turn runs; ignored", request_id, planned.case)

    def _abort_subagent(self, target: str) -> None:
        """`cancel_subagent_action`: abort the subagent call it names (by tool call or exec id), or every
        subagent of this step when it names none of them."""
        subagents = [p for p in self.pending if isinstance(p.tool, TaskTool) and p.outcome is None]
        chosen = [p for p in subagents if target in (p.call.id, p.exec_id)] or subagents
        for pending in chosen:
            if pending.exec_seq is not None:
                self.stream.publish(updates.exec_abort(pending.exec_seq))
        if not chosen:
            log.info("stream %s: cancel_subagent %s: no subagent runs here", self.stream.request_id, target)

    async def _resume(self) -> None:
        """Go on after a restart, from the snapshot `apply_snapshot` restored."""
        if self.route is None:
            model = self.stream.model_id
            self.stream.end(model_not_served(model, self.services.router.models))
            return
        store = self.services.store
        if store is not None and self.conversation_id is not None and self.run_request is not None:
            self.checkpoints = CheckpointKeeper(store, self.stream, self.conversation_id)
            await self.checkpoints.load_base(self.run_request)
        if any(p.outcome is None for p in self.pending):
            self._update_waiting_phase()  # the editor's results for these execs are still welcome
        elif self.pending:
            await self._maybe_next_pass()
        else:
            self._next_pass()

    async def _begin(
        self, request: agent.AgentRunRequest, action: agent.ConversationAction, queued: list[agent.ConversationAction]
    ) -> None:
        planned = actions.plan(action)
        if planned.plan is Plan.SUMMARIZE:
            await self._summarize_on_request()
            return
        if planned.plan is Plan.RESUME and not queued:
            await self._resume_stored_turn(request, action)
            return
        if planned.plan is Plan.RUN_SHELL:
            await self._run_user_shell(action.shell_command_action)
            return
        ask = what_to_run(action, queued)
        if ask is None:
            if planned.plan is Plan.IGNORE:
                log.info("stream %s: run_request action %s is not known to this build; nothing to run",
                         self.stream.request_id, planned.case or "(unset)")
            self.stream.publish(updates.turn_ended(self.usage))
            self.stream.end(None)
            return
        assert self.route is not None
        await self._load_history(request)
        self.turn_start = len(self.messages)
        self.queries = EditorQueries(self.stream, self._take_exec_seq)
        prepared = await prepare(
            request, action, queued, ask, queries=self.queries, read_blob=self._blob, vision=self.route.vision,
            limits=self.services.context_limits,
        )
        self.tools, self.system, self.hook_steps = prepared.tools, prepared.system, prepared.hook_steps
        self.rules, self.applied_rules = prepared.rules, prepared.applied_rules
        self._add_message(prepared.user)
        self._next_pass()

    async def _blob(self, blob_id: bytes) -> bytes | None:
        """A blob the user's message refers to: cursord's store, else the editor's (kv `get_blob_args`)."""
        store = self.services.store
        data = await store.get_blob(blob_id) if store is not None else None
        if data is None and self.checkpoints is not None:
            data = await self.checkpoints.fetch(blob_id)
        return data

    async def _run_user_shell(self, shell: agent.ShellCommandAction) -> None:
        """`shell_command_action`: the user runs a command (in the editor, under the exec id the action
        gives); its output joins the conversation, and the model is not called."""
        self.queries = EditorQueries(self.stream, self._take_exec_seq)
        output, exit_code = await run_user_shell(self.queries, shell)
        self.turn_messages.append(Message.user(shell_text(shell.shell_command.command, output, exit_code)))
        await self._record(TurnStatus.COMPLETED)
        self.stream.publish(updates.turn_ended(self.usage))
        self.stream.end(None)

    async def _load_history(self, request: agent.AgentRunRequest) -> None:
        """The conversation so far: cursord's own store, else (a conversation cursord has never seen)
        what the editor's `conversation_state` blobs say: from `pre_fetched_blobs`, cursord's blobs, or
        read back from the editor (`get_blob_args`)."""
        if self.conversation_id is None:
            return
        self.messages = await self.services.history.load(self.conversation_id)
        store = self.services.store
        if store is None:
            return
        self.checkpoints = CheckpointKeeper(store, self.stream, self.conversation_id)
        base_state = await self.checkpoints.load_base(request)
        if self.messages or base_state is None or not base_state.turns:
            return
        known = {blob.id: blob.value for blob in request.pre_fetched_blobs}
        keeper = self.checkpoints

        async def blob(blob_id: bytes) -> bytes | None:
            if blob_id in known:
                return known[blob_id]
            return await store.get_blob(blob_id) or await keeper.fetch(blob_id)

        self.messages = await history_from_state(base_state, blob)
        if self.messages:
            log.info(
                "stream %s: history rebuilt from %d turns of the editor's conversation state",
                self.stream.request_id,
                len(base_state.turns),
            )

    async def _resume_stored_turn(self, request: agent.AgentRunRequest, action: agent.ConversationAction) -> None:
        """`resume_action`: go on with the conversation's last turn if it did not complete (with the editor's
        request context, asked for if the action carries none, and its MCP tools)."""
        self.tools = ToolRegistry.build(run_mode(request), request.mcp_tools)
        await self._load_history(request)
        self.turn_start = len(self.messages)
        turns = await self.services.history.turns(self.conversation_id) if self.conversation_id else []
        last = turns[-1] if turns else None
        if last is None or last.status is TurnStatus.COMPLETED or self.conversation_id is None:
            self.stream.publish(updates.turn_ended(self.usage))
            self.stream.end(None)  # nothing left to resume
            return
        stored = await self.services.history.turn_messages(self.conversation_id, last.turn_seq)
        for message in resumable_prefix(stored):
            self._add_message(message)
        if not self.turn_messages:
            self.stream.end(ConnectError(Code.FAILED_PRECONDITION, "the last turn left nothing to resume"))
            return
        self.queries = EditorQueries(self.stream, self._take_exec_seq)
        context, mcp = await gather_context(request, carried_context(action), self.queries)
        self.rules = RuleBook.of(context)
        self.tools = ToolRegistry.build(run_mode(request), mcp.definitions)
        self.system = system_prompt(request, context, mode_id(self.tools.mode), mcp)
        self.hook_steps = HookSteps.of(context)
        self._next_pass()

    def _add_message(self, message: Message) -> None:
        self.messages.append(message)
        self.turn_messages.append(message)
        self.estimate.add(message)

    def _read_thinking_options(self, request: agent.AgentRunRequest) -> None:
        max_mode = request.requested_model.max_mode if request.HasField("requested_model") else False
        for parameter in request.requested_model.parameters:
            if parameter.id.lower() in _EFFORT_PARAMETERS and parameter.value:
                self.reasoning_effort = parameter.value.lower()
        if max_mode and self.reasoning_effort is None:
            self.reasoning_effort = "high"
        budget_key = "max" if max_mode else (self.reasoning_effort or "")
        self.thinking_budget = _THINKING_BUDGETS.get(budget_key)

    # ---- passes -----------------------------------------------------------------------------------

    def _next_pass(self) -> None:
        """The next step of the turn, compacting earlier turns first if the prompt would not fit."""
        assert self.route is not None and self.tools is not None
        policy = CompactionPolicy(self.route.context_window)
        estimated = self.estimate.next_prompt(self.messages, self.system, self.tools.specs)
        if policy.needs_compaction(estimated) and self.turn_start > 0 and not self.compacted:
            log.info(
                "stream %s: prompt of about %d tokens exceeds %d of %d; compacting %d earlier messages",
                self.stream.request_id,
                estimated,
                policy.budget,
                policy.context_window,
                self.turn_start,
            )
            self._start_summary(manual=False)
            return
        self._start_pass()

    def _start_summary(self, *, manual: bool) -> None:
        assert self.route is not None
        self._save()
        self.stream.move_to(Phase.COMPACTING)
        self.stream.publish(updates.summary_started())
        request = summary_request(self.route.model, self.messages[: self.turn_start])
        self._launch(request, PassPurpose.SUMMARY, manual=manual)

    def _start_pass(self) -> None:
        assert self.route is not None and self.tools is not None
        fetch_rules = self.rules.tool_spec()  # FetchRules, served by cursord (`tool_calls`)
        request = PassRequest(
            model=self.route.model,
            system=self.system,
            messages=tuple(without_images(self.messages) if not self.route.vision else self.messages),
            tools=(*self.tools.specs, *([fetch_rules] if fetch_rules is not None else [])),
            reasoning_effort=self.reasoning_effort,
            thinking_budget=self.thinking_budget,
        )
        self._save()
        self.stream.move_to(Phase.PROVIDER_RUNNING)
        self._launch(request, PassPurpose.STEP)

    def _launch(self, request: PassRequest, purpose: PassPurpose, *, manual: bool = False) -> None:
        assert self.route is not None
        pass_id, self.next_pass_id = self.next_pass_id, self.next_pass_id + 1
        if pass_id > self.services.max_passes:
            self.stream.end(
                ConnectError(
                    Code.RESOURCE_EXHAUSTED,
                    f"the model made {self.services.max_passes} passes without finishing the turn; stopped",
                )
            )
            return
        model_call_id = f"{self.stream.request_id}:{pass_id}"
        self.current = PassState(pass_id, model_call_id, trio.current_time(), purpose, manual)
        if purpose is PassPurpose.STEP:
            self.stream.publish(updates.step_started(pass_id))
        self._tap("pass_start", {"pass": pass_id, "provider": self.route.provider.name, "model": self.route.model})
        self.stream.start_task(self._run_pass, pass_id, self.route, request, name=f"pass:{model_call_id}")

    def _tap(self, event: str, timings: dict[str, object]) -> None:
        if self.services.tap is not None:
            self.services.tap.record_provider(self.stream.request_id, event, timings)

    async def _run_pass(self, pass_id: int, route: Route, request: PassRequest) -> None:
        first = True

        async def forward(delta: Delta) -> None:
            nonlocal first
            if first:
                first = False
                self._tap("first_byte", {"pass": pass_id})
            await self.stream.post(PassDelta(pass_id, delta))

        error: ProviderError | None = None
        with trio.CancelScope() as scope:
            self.pass_scope = scope
            try:
                await route.provider.stream(request, forward)
            except ProviderError as exc:
                error = exc
            except Exception as exc:  # a decoder bug must end this turn, not the daemon
                log.exception("provider %s: unexpected failure", route.provider.name)
                error = MalformedResponse(route.provider.name, f"unexpected {type(exc).__name__}: {exc}")
        if scope.cancelled_caught:
            self._tap("pass_end", {"pass": pass_id, "error": "canceled"})
            return
        await self.stream.post(PassFinished(pass_id, error))

    def _on_delta(self, state: PassState, delta: Delta) -> None:
        match delta:
            case TextDelta(text=text):
                state.text.append(text)
                if state.purpose is PassPurpose.STEP:
                    self.stream.publish(updates.text_delta(text))
            case ThinkingDelta() | ThinkingDone() if state.purpose is PassPurpose.SUMMARY:
                pass  # a summary's reasoning is not part of the conversation
            case ThinkingDelta(text=text):
                if state.thinking_started is None:
                    state.thinking_started = trio.current_time()
                state.thinking.append(text)
                self.stream.publish(updates.thinking_delta(text))
            case ThinkingDone():
                state.flush_text()
                started = state.thinking_started if state.thinking_started is not None else trio.current_time()
                state.parts.append(
                    ThinkingPart(
                        text="".join(state.thinking),
                        signature=delta.signature,
                        redacted_data=delta.redacted,
                        origin=delta.origin,
                    )
                )
                state.thinking.clear()
                state.thinking_started = None
                self.stream.publish(updates.thinking_completed(int((trio.current_time() - started) * 1000)))
            case ToolCallStart(index=index, id=call_id, name=name):
                state.tool_names[index] = (call_id, name)
            case ToolCallArgsDelta(index=index, fragment=fragment):
                call_id, name = state.tool_names.get(index, ("", ""))
                assert self.tools is not None
                skeleton = self.tools.skeleton(name)
                self.stream.publish(updates.partial_tool_call(call_id, skeleton, fragment, state.model_call_id))
            case ToolCallDone(id=call_id, name=name, arguments=arguments):
                state.flush_text()
                part = ToolCallPart(call_id, name, arguments)
                state.parts.append(part)
                state.tool_calls.append(part)
            case Usage():
                state.usage = delta
            case PassEnd():
                state.ended = delta

    async def _on_pass_finished(self, state: PassState, error: ProviderError | None) -> None:
        self.pass_scope = None
        self._tap(
            "pass_end",
            {
                "pass": state.pass_id,
                "error": type(error).__name__ if error else None,
                "stop_reason": state.ended.stop_reason.value if state.ended else None,
                "input_tokens": state.usage.input,
                "output_tokens": state.usage.output,
            },
        )
        self.usage = updates.add_usage(self.usage, state.usage)
        if state.purpose is PassPurpose.SUMMARY:
            await self._on_summary_finished(state, error)
            return
        if error is not None:
            await self._fail(provider_failure(error))
            return
        state.flush_text()
        self.estimate.observe_pass(state.usage.input, state.usage.output)
        if state.usage.output:
            self.stream.publish(updates.token_delta(state.usage.output))
        duration_ms = int((trio.current_time() - state.started_at) * 1000)
        self.stream.publish(updates.step_completed(state.pass_id, duration_ms))
        if not state.parts:
            state.parts.append(TextPart(""))
        reply = Message.assistant(*state.parts)
        self.messages.append(reply)
        self.turn_messages.append(reply)
        self.estimate.observe_pass(state.usage.input, state.usage.output)  # the reply is counted in output
        if state.tool_calls:
            self._dispatch_tools(state)
            await self._maybe_next_pass()
            return
        await self._complete()

    async def _complete(self) -> None:
        self.stream.move_to(Phase.CHECKPOINTING)
        await self._checkpoint(final=True)
        await self._record(TurnStatus.COMPLETED)
        self.stream.publish(updates.turn_ended(self.usage))
        self.stream.end(None)

    async def _fail(self, error: ConnectError) -> None:
        """End the turn with `error`; its messages are kept for inspection but never become history."""
        status = TurnStatus.CANCELED if error.code is Code.CANCELED else TurnStatus.FAILED
        self.stream.end(error)
        await self._record(status, error.message)

    async def _record(self, status: TurnStatus, error: str | None = None) -> None:
        if self.conversation_id is None or not self.turn_messages:
            return
        meta = TurnMeta(
            request_id=self.stream.request_id,
            status=status,
            usage=self.usage,
            model=self.route.model if self.route else None,
            error=error,
            started_at=self.started_at,
        )
        await self.services.history.record_turn(self.conversation_id, self.turn_messages, meta)
        self.turn_messages = []  # recorded once

    def _save(self) -> None:
        resume.save(self)

    # ---- checkpoints and blobs ------------------------------------------------------------------------

    async def _checkpoint(self, *, final: bool) -> None:
        if self.checkpoints is None or self.route is None or self.tools is None:
            return
        await self.checkpoints.publish(
            self.turn_messages,
            used_tokens=self.estimate.next_prompt(self.messages, self.system, self.tools.specs),
            max_tokens=self.route.context_window,
            mode=self.tools.mode,
            summary=self.summary_text,
            final=final,
        )

    def _note_tool_call(self, call_id: str, view: agent.ToolCall) -> None:
        if self.checkpoints is not None:
            self.checkpoints.tool_calls[call_id] = view

    def claim(self, item: object) -> bool:
        """An upload the actor is waiting for while it prepares the run: a blob read back from the editor,
        or the editor's answer to a question (request context, MCP state)."""
        if self.queries is not None and self.queries.claim(item):
            return True
        return isinstance(item, KvResultArrived) and self.checkpoints is not None and self.checkpoints.claim(item)

    async def after_end(self, item: object) -> None:
        """Uploads that still matter once the stream has ended: the editor's answers to blob stores."""
        if isinstance(item, KvResultArrived) and self.checkpoints is not None:
            await self.checkpoints.on_result(item, may_retry=False)

    # ---- summaries ----------------------------------------------------------------------------------

    async def _summarize_on_request(self) -> None:
        if self.conversation_id is not None:
            self.messages = await self.services.history.load(self.conversation_id)
        self.turn_start = len(self.messages)
        if not self.messages:
            self.stream.end(ConnectError(Code.FAILED_PRECONDITION, "this conversation has nothing to summarize yet"))
            return
        self._start_summary(manual=True)

    async def _on_summary_finished(self, state: PassState, error: ProviderError | None) -> None:
        state.flush_text()
        text = "".join(p.text for p in state.parts if isinstance(p, TextPart)).strip()
        if error is not None or not text:
            if state.manual:
                failure = error or MalformedResponse(self._provider_name, "the summary came back empty")
                self.stream.end(provider_failure(failure))
                return
            # Compaction is an optimisation: without it the turn goes on with the full history, and a
            # prompt that really is too long fails with the provider's clear context error.
            log.warning("stream %s: compaction failed (%s); continuing uncompacted", self.stream.request_id, error)
            self.compacted = True
            self._start_pass()
            return
        self.stream.publish(updates.summary(text))
        self.stream.publish(updates.summary_completed())
        if self.conversation_id is not None:
            turns = await self.services.history.turns(self.conversation_id)
            if turns:
                await self.services.history.set_summary(self.conversation_id, text, max(t.turn_seq for t in turns))
        self.summary_text = text
        self.messages = [summary_message(text), *self.messages[self.turn_start :]]
        self.turn_start = 1
        self.compacted = True
        self.estimate = PromptEstimate()
        if state.manual:
            self.stream.publish(updates.turn_ended(self.usage))
            self.stream.end(None)
            return
        self._start_pass()

    @property
    def _provider_name(self) -> str:
        return self.route.provider.name if self.route is not None else "provider"

