"""Auto-review's part in the provider pass in flight: its verdicts and its allowlist questions. Sans-IO.

Theory of operation. While a step's pass runs, the actor's reviewer judges each Shell, MCP and WebFetch
call as it completes (`ReviewVerdict`), and may first ask the editor whether the user's allowlist covers
a Shell command (`AllowlistAsked`). `PassReview` keeps both for the one pass: the verdicts until the
pass's calls are dispatched (`cursord.agent.machine.tool_call` marks each request by its verdict), the
questions until the editor answers them. A new pass starts a new `PassReview`; a restart drops it (the
pass runs again and is reviewed again).
"""

from __future__ import annotations

import attrs

from cursord.agent.machine.turn_events import AllowlistAnswered, AllowlistAsked, ReviewVerdict, SendExec
from cursord.agent.tools import parsing_result
from cursord.core import ExecResultArrived
from cursord.proto import agent_v1_pb2 as agent


@attrs.define
class PassReview:
    #: Auto-review's verdicts on the pass's calls, by call id
    verdicts: dict[str, ReviewVerdict] = attrs.field(factory=dict)
    #: the allowlist questions out: exec seq -> call id
    prechecks: dict[int, str] = attrs.field(factory=dict)

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
