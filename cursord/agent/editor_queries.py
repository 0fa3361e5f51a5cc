"""Questions a run asks the editor before its first pass: its request context and its MCP state.

Theory of operation. Both are execs (`request_context_args`, `mcp_state_exec_args`) that the editor
answers like a tool (`exec_client_message` with the same id). While the run prepares, the actor awaits the
answer: `claim(item)` takes the matching `ExecResultArrived` past the mailbox (as `CheckpointKeeper.fetch`
does for blobs) and wakes the waiting `ask`. An editor that does not answer within `ASK_TIMEOUT` seconds
is not asked again in this stream, and the run goes on without (a run never hangs on a question).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import attrs
import trio

from cursord.agent import updates
from cursord.core import ExecResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.streams import ActiveStream

log = logging.getLogger(__name__)

ASK_TIMEOUT = 10.0

#: the `RequestContext` parts an editor may mark incomplete (`*_info_complete = false`).
_COMPLETENESS = (
    "rules_info_complete",
    "env_info_complete",
    "mcp_info_complete",
    "agent_skills_info_complete",
    "mcp_file_system_info_complete",
)


def needs_request_context(context: agent.RequestContext | None) -> bool:
    """A run that carries no request context (the field unset), or one that marks a part incomplete, asks
    for it. An empty context that is present is taken as it is: the editor says there is nothing."""
    if context is None:
        return True
    return any(context.HasField(name) and not getattr(context, name) for name in _COMPLETENESS)


@attrs.define(eq=False)
class EditorQueries:
    stream: ActiveStream
    #: gives the next exec id of the run (shared with its tool calls)
    allocate: Callable[[], int]
    waiting: dict[int, tuple[trio.Event, list[agent.ExecClientMessage]]] = attrs.field(factory=dict)
    editor_answers: bool = True

    async def ask(
        self, label: str, *, exec_id: str = "", wait_seconds: float = ASK_TIMEOUT, **args: object
    ) -> agent.ExecClientMessage | None:
        if not self.editor_answers:
            return None
        exec_seq = self.allocate()
        arrived, slot = trio.Event(), list[agent.ExecClientMessage]()
        self.waiting[exec_seq] = (arrived, slot)
        message = agent.ExecServerMessage(id=exec_seq, exec_id=exec_id or f"{label}-{exec_seq}", **args)  # type: ignore[arg-type]
        self.stream.publish(updates.exec_request(message))
        with trio.move_on_after(wait_seconds):
            await arrived.wait()
        self.waiting.pop(exec_seq, None)
        if not slot:
            log.info("stream %s: the editor did not answer %s; not asking again", self.stream.request_id, label)
            self.editor_answers = False
            return None
        return slot[0]

    def claim(self, item: object) -> bool:
        if not isinstance(item, ExecResultArrived):
            return False
        waiting = self.waiting.get(item.exec_seq)
        if waiting is None:
            return False
        arrived, slot = waiting
        slot.append(item.message)
        arrived.set()
        return True

    async def request_context(self) -> agent.RequestContext | None:
        answer = await self.ask("request-context", request_context_args=agent.RequestContextArgs())
        if answer is None or answer.WhichOneof("message") != "request_context_result":
            return None
        result = answer.request_context_result
        which = result.WhichOneof("result")
        if which == "success":
            return result.success.request_context
        detail = result.error.error if which == "error" else result.rejected.reason if which == "rejected" else ""
        log.info("stream %s: the editor gave no request context (%s: %s)", self.stream.request_id, which, detail)
        return None

    async def mcp_state(self) -> agent.McpStateExecResult | None:
        answer = await self.ask("mcp-state", mcp_state_exec_args=agent.McpStateExecArgs())
        if answer is None or answer.WhichOneof("message") != "mcp_state_exec_result":
            return None
        return answer.mcp_state_exec_result
