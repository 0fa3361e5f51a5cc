"""Auto-review's part in a step's pass: which calls it decides, its verdicts and its allowlist questions.
Sans-IO.

Theory of operation. When the user picked Auto-review, a step's pass that ends with Shell, MCP or WebFetch
calls does not dispatch them at once: the turn goes to REVIEW and emits `ReviewCalls` (`to_review` says
which calls, in call order), whose executor runs the reviewer. Each verdict comes back as a
`ReviewAnswered` input; a Shell command's allowlist question to the editor first as `AllowlistAsked`,
which the turn sends as an exec (`ask`) and whose answer it hands back to the waiting review (`answered`).
`PassReview` keeps both for the one pass: the verdicts until the pass's calls are dispatched
(`cursord.agent.machine.tool_call` marks each request by its verdict), the questions until the editor
answers them. Once every call it waits for has its verdict (`settled`), the pass ends as any step's does.
A new pass starts a new `PassReview`; a restart drops it (the pass runs again and is reviewed again).
"""

from __future__ import annotations

import attrs

from cursord.agent.machine.turn_events import (
    AllowlistAnswered,
    AllowlistAsked,
    CallToReview,
    ReviewAnswered,
    SendExec,
)
from cursord.agent.machine.turn_state import TurnSetup
from cursord.agent.review_rules import reviewed
from cursord.agent.tools import parsing_result
from cursord.core import ExecResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import ToolCallPart


def to_review(setup: TurnSetup, calls: list[ToolCallPart]) -> tuple[CallToReview, ...]:
    """The calls of a step Auto-review decides before they go out, in call order (none unless the user
    picked it)."""
    if not setup.auto_review or setup.tools is None:
        return ()
    picked = []
    for call in calls:
        tool = setup.tools.get(call.name)
        if tool is not None and reviewed(tool):
            picked.append(CallToReview(call, tool))
    return tuple(picked)


@attrs.define
class PassReview:
    #: the calls under review that have no verdict yet, by call id
    waiting: set[str] = attrs.field(factory=set)
    #: Auto-review's verdicts on the pass's calls, by call id
    verdicts: dict[str, ReviewAnswered] = attrs.field(factory=dict)
    #: the allowlist questions out: exec seq -> call id
    prechecks: dict[int, str] = attrs.field(factory=dict)

    def start(self, calls: tuple[CallToReview, ...]) -> None:
        """The review of `calls` begins: each waits for its verdict."""
        self.waiting = {item.call.id for item in calls}

    def take(self, verdict: ReviewAnswered) -> None:
        """Keep the verdict for its call (one for a call not under review is kept, and changes nothing)."""
        self.verdicts[verdict.call_id] = verdict
        self.waiting.discard(verdict.call_id)

    @property
    def settled(self) -> bool:
        """Every call under review has its verdict."""
        return not self.waiting

    def ask(self, item: AllowlistAsked, exec_seq: int, model_call_id: str) -> SendExec:
        """The editor is asked (under `exec_seq`) whether the user's allowlist covers `item`'s command."""
        self.prechecks[exec_seq] = item.call_id
        args = agent.ShellAllowlistPrecheckArgs(
            command=item.command,
            working_directory=item.working_directory,
            parsing_result=parsing_result(item.command),
            tool_call_id=item.call_id,
        )
        exec_id = f"{model_call_id}:{item.call_id}:allowlist-precheck"
        return SendExec(agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, shell_allowlist_precheck_args=args))

    def answered(self, result: ExecResultArrived) -> AllowlistAnswered | None:
        """The answer to one of our questions (None: `result` answers none of them)."""
        call_id = self.prechecks.pop(result.exec_seq, None)
        if call_id is None:
            return None
        message = result.message
        answered = message.WhichOneof("message") == "shell_allowlist_precheck_result"
        return AllowlistAnswered(call_id, answered and message.shell_allowlist_precheck_result.allowlisted)
