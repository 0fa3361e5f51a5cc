"""Conversation actions on a stream whose turn is under way (or not yet started), as rules of the machine.

Theory of operation. `act(request_id, state, requested)` is what `TurnMachine` does with `ActionRequested`,
in every phase: it returns an `Acting`, the effects to emit and the input the turn then takes by its own
row. `cursord.context.actions.plan` says what the action's case asks; this module says what that means
for the turn where it stands:

- CANCEL: the phase's own `Cancel` row, before the run_request or after.
- A case that starts a turn (`actions.waits_for_run`: a message, a plan, a background task's or an async
  question's completion): before the run_request (IDLE), `KeepAction` for this request's run; once the run
  has started, `KeepAction` for the conversation's next run (the BidiAppend handler keeps the same cases for
  a request id with no stream yet).
- CANCEL_SUBAGENT, BACKGROUND_SHELL/SUBAGENT: the phase's `AbortSubagent`/`ForceBackground` row, if it has
  one (before the run_request: none, nothing runs to steer).
- RUN_SHELL, SUMMARIZE: they run as a run_request's own action; on a running turn they are logged and not
  run later behind the user's back.
- RESUME: logged (the run_request resumes, if it asks to; a running turn has nothing to resume).
- IGNORE (a case unknown to this build): logged.

"The phase's own row" is the row of `TRANSITIONS` for that input in the phase the turn is in (the turn
follows `Acting.follow`), so a cancel while the run prepares aborts the question in flight exactly as the
editor's own cancel does, and the turn goes where the outcome of that row leads (`MOVES`).
"""

from __future__ import annotations

import logging

import attrs

from cursord.agent.machine.turn_events import (
    AbortExec,
    AbortSubagent,
    Cancel,
    Effect,
    ForceBackground,
    KeepAction,
    SendExec,
)
from cursord.agent.machine.turn_state import PendingCall, TurnPhase, TurnState
from cursord.agent.tools import TaskTool
from cursord.connect import Code, ConnectError
from cursord.context import Plan, actions
from cursord.core import ActionRequested
from cursord.proto import agent_v1_pb2 as agent

log = logging.getLogger(__name__)


@attrs.frozen
class Acting:
    """What an action means for the turn: effects to emit, and an input to take by the phase's own row."""

    effects: tuple[Effect, ...] = ()
    follow: Cancel | AbortSubagent | ForceBackground | None = None


def act(request_id: str, state: TurnState, requested: ActionRequested) -> Acting:
    """`requested` on a turn in `state` (see the module docstring)."""
    action = requested.action
    planned = actions.plan(action)
    conversation_id = state.conversation_id
    if planned.plan is Plan.CANCEL:
        reason = action.cancel_action.reason or "canceled by the user"
        return Acting(follow=Cancel(ConnectError(Code.CANCELED, reason)))
    if planned.plan is Plan.CANCEL_SUBAGENT:
        return Acting(follow=AbortSubagent(planned.target))
    if planned.plan in (Plan.BACKGROUND_SHELL, Plan.BACKGROUND_SUBAGENT):
        shell = planned.plan is Plan.BACKGROUND_SHELL
        return Acting(follow=ForceBackground(planned.case or "", planned.target, shell))
    if planned.plan is Plan.RESUME:
        log.debug("turn %s: resume_action on the stream; nothing to resume", request_id)
    elif planned.plan is Plan.IGNORE:
        log.info("turn %s: conversation_action case %s is not known to this build; ignored", request_id,
                 planned.case or "(unset)")
    elif actions.waits_for_run(action) and state.phase is TurnPhase.IDLE:
        return Acting(effects=(KeepAction(action, None),))  # taken by the run_request that follows
    elif actions.waits_for_run(action) and conversation_id is not None:
        log.info("turn %s: %s queued for the conversation's next run", request_id, planned.case)
        return Acting(effects=(KeepAction(action, conversation_id),))
    elif actions.waits_for_run(action):
        log.warning("turn %s: %s for a run with no conversation id: no later run can take it; dropped",
                    request_id, planned.case)
    elif state.phase is TurnPhase.IDLE:
        log.info("turn %s: %s before the run_request; nothing to do", request_id, planned.case)
    else:
        # A shell command of the user's runs as a turn of its own (`shell_command_action` on a
        # run_request); sent on a running turn, it is not run later behind the user's back.
        log.warning("turn %s: %s while a turn runs; not run", request_id, planned.case)
    return Acting()


def force_background(item: ForceBackground, exec_seq: int) -> SendExec:
    """The exec that asks the editor to send a running Shell (or subagent) call to the background."""
    exec_id = f"{item.case}:{item.target}"
    if item.shell:
        args = agent.ForceBackgroundShellArgs(tool_call_id=item.target)
        return SendExec(agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, force_background_shell_args=args))
    sub = agent.ForceBackgroundSubagentArgs(tool_call_id=item.target)
    return SendExec(agent.ExecServerMessage(id=exec_seq, exec_id=exec_id, force_background_subagent_args=sub))


def abort_subagents(pending: tuple[PendingCall, ...], target: str) -> list[AbortExec]:
    """Abort the subagent call `target` names (by tool call or exec id), or every subagent of this step
    when it names none of them."""
    subagents = [p for p in pending if isinstance(p.tool, TaskTool) and p.open]
    chosen = [p for p in subagents if target in (p.call.id, p.exec_id)] or subagents
    return [AbortExec(seq) for p in chosen if (seq := p.waiting_exec) is not None]
