"""Where the turn goes, as data: what a handler may report (`Went`), the phase each report leads to from
each phase (`MOVES`, one target a row), and the inputs each phase ignores or takes as a late start.

Theory of operation. `TurnMachine.handle` looks an input up in `IGNORED_IN` and `LATE_START_IN` first
(nothing happens), then in its `TRANSITIONS` (the handler). A handler never names a phase: it reports
what happened (`TurnMachine._went`), and `MOVES` sets the phase at once, before the effects that follow
are made (as h2's stream sets its state from its table before the side effect); a report a phase does not
list is our own bug (`TurnProtocolError`). Nothing here imports trio or I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from cursord.agent.machine.prep_events import (
    BlobsRead,
    ConversationLoaded,
    ModelChosen,
    QueryTimedOut,
    QueuedTaken,
    RunStarted,
)
from cursord.agent.machine.turn_events import (
    AllowlistAsked,
    Cancel,
    PassDelta,
    PassEnded,
    PassFailed,
    ReviewAnswered,
    WebToolDone,
)
from cursord.agent.machine.turn_state import TurnPhase
from cursord.core import ExecControlArrived, ExecResultArrived, InteractionAnswered, PrewarmRequested


class TurnProtocolError(Exception):
    """An input the turn cannot take in its phase: a bug in the actor, never the editor's doing."""


class Went(enum.Enum):
    """What a handler reports happened; `MOVES` says where it leads from the phase it happened in."""

    PREPARING = "preparing"  # the run_request opened the preparation
    PASS_STARTED = "pass_started"  # a provider pass started (a step, or a summary first)
    REVIEWING = "reviewing"  # the step's pass ended with calls Auto-review decides before they go out
    CALLS_OUT = "calls_out"  # the step's tool calls wait on the editor, the user or the web
    COMPLETED = "completed"  # the turn completed (a pass without tool calls)
    SUMMARIZED = "summarized"  # the summary the user asked for is stored: that was the turn
    STOPPED = "stopped"  # the run ended while it prepared (model not served, nothing to run, the user's shell)
    FAILED = "failed"  # the turn failed or was canceled (a provider error, a cancel, too many passes)


IDLE, PREPARING, RESTORED, PASS, REVIEW, TOOLS, ENDED = (
    TurnPhase.IDLE,
    TurnPhase.PREPARING,
    TurnPhase.RESTORED,
    TurnPhase.PASS,
    TurnPhase.REVIEW,
    TurnPhase.TOOLS,
    TurnPhase.ENDED,
)

#: (phase, what happened) -> the phase the turn is in from then on: one target each. An outcome a phase
#: does not list is our bug (`TurnProtocolError`).
MOVES: Mapping[tuple[TurnPhase, Went], TurnPhase] = {
    (IDLE, Went.PREPARING): PREPARING,
    (IDLE, Went.FAILED): ENDED,  # canceled before the run
    (PREPARING, Went.PASS_STARTED): PASS,  # the first pass, or the user's summary
    (PREPARING, Went.STOPPED): ENDED,
    (PREPARING, Went.FAILED): ENDED,
    (RESTORED, Went.CALLS_OUT): TOOLS,  # the open calls' results are still welcome
    (RESTORED, Went.PASS_STARTED): PASS,  # the pass that died with the process, again
    (RESTORED, Went.FAILED): ENDED,  # the model is no longer served, or canceled
    (PASS, Went.PASS_STARTED): PASS,  # the step after a summary (or a failed compaction)
    (PASS, Went.REVIEWING): REVIEW,  # under Auto-review: its calls wait for their verdicts
    (PASS, Went.CALLS_OUT): TOOLS,
    (PASS, Went.COMPLETED): ENDED,
    (PASS, Went.SUMMARIZED): ENDED,
    (PASS, Went.FAILED): ENDED,
    (REVIEW, Went.CALLS_OUT): TOOLS,  # every verdict is in: the calls go out, each marked by its own
    (REVIEW, Went.FAILED): ENDED,  # canceled while the reviewer ran
    (TOOLS, Went.PASS_STARTED): PASS,  # every call settled: the results go to the model
    (TOOLS, Went.FAILED): ENDED,  # canceled, or too many passes
}

#: inputs that may arrive at any time and mean nothing in the phase: the editor answering late, twice, or
#: for an exec that is not the turn's (a forced-background exec, one from before a cancel), the output of
#: a pass that was canceled, and answers to a preparation that was canceled meanwhile
_STRAY_EDITOR = frozenset({ExecResultArrived, ExecControlArrived, InteractionAnswered})
_STRAY_PASS = frozenset({PassDelta, PassEnded, PassFailed})
IGNORED_IN: Mapping[TurnPhase, frozenset[type]] = {
    IDLE: _STRAY_EDITOR,
    PREPARING: frozenset({ExecControlArrived, InteractionAnswered}),
    RESTORED: _STRAY_EDITOR,
    PASS: frozenset({ExecControlArrived, InteractionAnswered}),
    REVIEW: _STRAY_PASS | {ExecControlArrived, InteractionAnswered},  # the pass has ended: what follows is stray
    TOOLS: _STRAY_PASS,
    ENDED: _STRAY_EDITOR | _STRAY_PASS | {Cancel, WebToolDone, ReviewAnswered, AllowlistAsked}
    | {ModelChosen, QueuedTaken, ConversationLoaded, BlobsRead, QueryTimedOut},
}
#: a run_request (or prewarm) for a stream whose run has started: logged, and the run goes on
LATE_START_IN: Mapping[TurnPhase, frozenset[type]] = {
    phase: frozenset() if phase is IDLE else frozenset({RunStarted, PrewarmRequested}) for phase in TurnPhase
}
