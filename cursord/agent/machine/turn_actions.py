"""Conversation actions on a stream whose turn is under way (or not yet started), as rules of the machine.

Theory of operation. `ActingTurn` is the part of `TurnMachine` (mixed in) that takes `ActionRequested`, in
every phase. `cursord.context.actions.plan` says what the action's case asks; this module says what that
means for the turn where it stands:

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

"The phase's own row" is the row of `TRANSITIONS` for that input in the phase the turn is in
(`TurnMachine._follow`), so a cancel while the run prepares aborts the question in flight exactly as the
editor's own cancel does, and the `ActionRequested` row bounds where the turn may go (its phase, or ENDED).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cursord.agent.machine.turn_events import AbortSubagent, Cancel, ForceBackground, KeepAction
from cursord.agent.machine.turn_state import TurnPhase, TurnState
from cursord.connect import Code, ConnectError
from cursord.context import Plan, actions
from cursord.core import ActionRequested

if TYPE_CHECKING:
    from cursord.agent.machine.turn_events import Effect

log = logging.getLogger(__name__)


class ActingTurn:
    """The `ActionRequested` rule of `TurnMachine` (see the module docstring)."""

    request_id: str
    state: TurnState

    if TYPE_CHECKING:

        def _emit(self, *effects: Effect) -> None: ...
        def _follow(self, item: object) -> None: ...

    def _on_action(self, requested: ActionRequested) -> None:
        action = requested.action
        planned = actions.plan(action)
        conversation_id = self.state.conversation_id
        if planned.plan is Plan.CANCEL:
            self._follow(Cancel(ConnectError(Code.CANCELED, action.cancel_action.reason or "canceled by the user")))
        elif planned.plan is Plan.RESUME:
            log.debug("turn %s: resume_action on the stream; nothing to resume", self.request_id)
        elif planned.plan is Plan.IGNORE:
            log.info("turn %s: conversation_action case %s is not known to this build; ignored", self.request_id,
                     planned.case or "(unset)")
        elif actions.waits_for_run(action) and self.state.phase is TurnPhase.IDLE:
            self._emit(KeepAction(action, None))  # taken by the run_request that follows
        elif actions.waits_for_run(action) and conversation_id is not None:
            self._emit(KeepAction(action, conversation_id))
            log.info("turn %s: %s queued for the conversation's next run", self.request_id, planned.case)
        elif actions.waits_for_run(action):
            log.warning("turn %s: %s for a run with no conversation id: no later run can take it; dropped",
                        self.request_id, planned.case)
        elif planned.plan is Plan.CANCEL_SUBAGENT:
            self._follow(AbortSubagent(planned.target))
        elif planned.plan in (Plan.BACKGROUND_SHELL, Plan.BACKGROUND_SUBAGENT):
            self._follow(ForceBackground(planned.case or "", planned.target, planned.plan is Plan.BACKGROUND_SHELL))
        elif self.state.phase is TurnPhase.IDLE:
            log.info("turn %s: %s before the run_request; nothing to do", self.request_id, planned.case)
        else:
            # A shell command of the user's runs as a turn of its own (`shell_command_action` on a
            # run_request); sent on a running turn, it is not run later behind the user's back.
            log.warning("turn %s: %s while a turn runs; not run", self.request_id, planned.case)
