"""The life of one tool call, as data: its stages and the moves between them. Sans-IO.

Theory of operation. A tool call the model makes is dispatched (`NEW` -> the first stage the call
needs) and then waits on one thing at a time, which its `CallStage` names:

- ``PRE_HOOK``: a configured preToolUse (subagentStart for a Task) hook runs in the editor; the tool's
  own exec request is held back until the hook allows it (or settles the call if it denies);
- ``EXEC``: the tool's exec is with the editor (a multi-step tool such as StrReplace sends its next exec
  from here and stays);
- ``SHELL_STREAM``: a Shell exec streams its output until it ends;
- ``POST_HOOK``: postToolUse (postToolUseFailure, subagentStop) runs; the outcome is held until it
  answers;
- ``QUERY``: the user is asked (an interaction query);
- ``WEB``: an approved WebSearch/WebFetch that cursord runs itself;
- ``SETTLED``: the outcome is known; the model hears it once every call of the step is settled.

`CALL_MOVES` maps (stage, event) -> the stages the call may move to; `PendingCall.moved` checks every
move against it, and a move the table does not list is our own bug (`CallLifeError`), as for the
turn's `TRANSITIONS`. The stage is the one place a call's life is read: which optional field of the
call is set says nothing by itself (`moved` drops the data of the stage a call leaves, and refuses a
stage without the data it needs: the request a PRE_HOOK defers, the outcome a POST_HOOK holds).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping


class CallStage(enum.Enum):
    NEW = "new"  # being dispatched: never in a snapshot
    PRE_HOOK = "pre_hook"
    EXEC = "exec"
    SHELL_STREAM = "shell_stream"
    POST_HOOK = "post_hook"
    QUERY = "query"
    WEB = "web"
    SETTLED = "settled"

    @property
    def waits_on_exec(self) -> bool:
        """The call waits on an exec of ours in the editor (its `exec_seq`): the tool's, or a hook's."""
        return self in EXEC_STAGES


class CallEvent(enum.Enum):
    DISPATCH = "dispatch"  # the pass that made the call ended
    HOOK_ANSWER = "hook_answer"  # the editor answered a hook's exec
    RESULT = "result"  # the tool's exec answered (a shell: its output ended)
    CONTROL = "control"  # the editor threw or closed the exec without a result
    ANSWER = "answer"  # the user answered the query
    WEB_DONE = "web_done"  # cursord's search or fetch finished


class CallLifeError(Exception):
    """A move of a tool call that `CALL_MOVES` does not allow: a bug in cursord, never the editor's doing."""


EXEC_STAGES = frozenset({CallStage.PRE_HOOK, CallStage.EXEC, CallStage.SHELL_STREAM, CallStage.POST_HOOK})

_S, _E = CallStage, CallEvent

#: (stage, event) -> the stages the call may move to. A pair not listed raises `CallLifeError`.
CALL_MOVES: Mapping[tuple[CallStage, CallEvent], frozenset[CallStage]] = {
    # dispatch: wait on a hook, an exec or the user, or settle at once (served here, unknown tool, bad arguments)
    (_S.NEW, _E.DISPATCH): frozenset({_S.PRE_HOOK, _S.EXEC, _S.SHELL_STREAM, _S.QUERY, _S.SETTLED}),
    # the pre-hook allows (the held request goes out, perhaps with the hook's input) or denies
    (_S.PRE_HOOK, _E.HOOK_ANSWER): frozenset({_S.EXEC, _S.SHELL_STREAM, _S.SETTLED}),
    # the hook's exec failed in the editor: the tool never runs, so no post-hook either
    (_S.PRE_HOOK, _E.CONTROL): frozenset({_S.SETTLED}),
    # the tool's result: a follow-up exec (multi-step tools), or its outcome, through the post-hook if any
    (_S.EXEC, _E.RESULT): frozenset({_S.EXEC, _S.POST_HOOK, _S.SETTLED}),
    (_S.EXEC, _E.CONTROL): frozenset({_S.POST_HOOK, _S.SETTLED}),
    (_S.SHELL_STREAM, _E.RESULT): frozenset({_S.POST_HOOK, _S.SETTLED}),
    (_S.SHELL_STREAM, _E.CONTROL): frozenset({_S.POST_HOOK, _S.SETTLED}),
    # the post-hook answers (its context joins the outcome) or fails (the outcome stands)
    (_S.POST_HOOK, _E.HOOK_ANSWER): frozenset({_S.SETTLED}),
    (_S.POST_HOOK, _E.CONTROL): frozenset({_S.SETTLED}),
    # the user answers: settled, or (an approved WebSearch/WebFetch) cursord runs it
    (_S.QUERY, _E.ANSWER): frozenset({_S.WEB, _S.SETTLED}),
    (_S.WEB, _E.WEB_DONE): frozenset({_S.SETTLED}),
}


def check_move(stage: CallStage, event: CallEvent, target: CallStage) -> None:
    """Raise `CallLifeError` unless `CALL_MOVES` lets a call in `stage` move to `target` on `event`."""
    allowed = CALL_MOVES.get((stage, event))
    if allowed is None:
        raise CallLifeError(f"a tool call in stage {stage.value} cannot take {event.value}")
    if target not in allowed:
        names = ", ".join(sorted(s.value for s in allowed))
        raise CallLifeError(
            f"a tool call in stage {stage.value} cannot move to {target.value} on {event.value} (allowed: {names})"
        )
