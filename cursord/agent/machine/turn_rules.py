"""The agent turn's rules: which input the turn takes in which phase, and what it does with it.

One row per `(phase, input type)` pair the turn accepts; the value names the `TurnMachine` handler
(`begin` is `TurnMachine._on_begin`, ...). `ignore` rows are inputs that may arrive at any time and
mean nothing in that phase: the editor answering late, twice, or for an exec that is not the turn's
(a forced-background exec, one from before a cancel), and the output of a pass that was canceled.
A pair that is not listed is our bug, never the editor's: `TurnMachine.handle` raises
`TurnProtocolError`.

Phases (`TurnPhase`): IDLE (built; the actor prepares the run), RESTORED (built from a snapshot),
STEP (a provider pass of the turn), SUMMARY (a summary pass), TOOLS (the step's tool calls wait for
the editor), ENDED.
"""

from __future__ import annotations

from collections.abc import Mapping

from cursord.agent.machine.turn_events import (
    AbortSubagent,
    Begin,
    Cancel,
    ForceBackground,
    PassDelta,
    PassEnded,
    PassFailed,
    Resume,
    ReviewVerdict,
    WebToolDone,
)
from cursord.agent.machine.turn_state import TurnPhase
from cursord.core import ExecControlArrived, ExecResultArrived, InteractionAnswered

IDLE, RESTORED, STEP, SUMMARY, TOOLS, ENDED = (
    TurnPhase.IDLE,
    TurnPhase.RESTORED,
    TurnPhase.STEP,
    TurnPhase.SUMMARY,
    TurnPhase.TOOLS,
    TurnPhase.ENDED,
)

TURN_RULES: Mapping[tuple[TurnPhase, type], str] = {
    # IDLE: the actor prepares the run; Begin starts the first pass (or compaction, or the user's summary)
    (IDLE, Begin): "begin",
    (IDLE, Cancel): "cancel",  # ends the turn; nothing runs yet
    (IDLE, ExecResultArrived): "ignore",
    (IDLE, ExecControlArrived): "ignore",
    (IDLE, InteractionAnswered): "ignore",
    # RESTORED: after a restart; Resume waits for open calls, or runs the next pass again
    (RESTORED, Resume): "resume",
    (RESTORED, Cancel): "cancel",
    (RESTORED, ExecResultArrived): "ignore",
    (RESTORED, ExecControlArrived): "ignore",
    (RESTORED, InteractionAnswered): "ignore",
    # STEP: deltas are published as they come; the end appends the reply and dispatches its tool calls
    # (-> TOOLS), or completes the turn (-> ENDED); a provider error fails it (-> ENDED)
    (STEP, PassDelta): "delta",  # a canceled pass's deltas are dropped by pass id
    (STEP, PassEnded): "pass_ended",
    (STEP, PassFailed): "pass_failed",
    (STEP, ReviewVerdict): "review_verdict",  # Auto-review, before the pass ends (kept for its calls)
    (STEP, Cancel): "cancel",  # cancels the pass (-> ENDED)
    (STEP, AbortSubagent): "abort_subagent",
    (STEP, ForceBackground): "force_background",
    (STEP, ExecResultArrived): "ignore",
    (STEP, ExecControlArrived): "ignore",
    (STEP, InteractionAnswered): "ignore",
    # SUMMARY: the summary replaces the earlier turns, then the step runs (-> STEP); a failed compaction
    # goes on uncompacted; the user's summary ends the turn
    (SUMMARY, PassDelta): "delta",
    (SUMMARY, PassEnded): "pass_ended",
    (SUMMARY, PassFailed): "pass_failed",
    (SUMMARY, Cancel): "cancel",
    (SUMMARY, AbortSubagent): "abort_subagent",
    (SUMMARY, ForceBackground): "force_background",
    (SUMMARY, ExecResultArrived): "ignore",
    (SUMMARY, ExecControlArrived): "ignore",
    (SUMMARY, InteractionAnswered): "ignore",
    # TOOLS: each result settles its call (through the hooks, if any); when all are settled the results
    # go to the model (-> STEP, or SUMMARY when the prompt outgrew the window)
    (TOOLS, ExecResultArrived): "exec_result",  # matched by exec id; a streamed shell until it ends
    (TOOLS, ExecControlArrived): "exec_control",  # throw or close settles the call; heartbeats do not
    (TOOLS, InteractionAnswered): "interaction",  # matched by query id
    (TOOLS, WebToolDone): "web_done",  # an approved WebSearch/WebFetch, done by the actor
    (TOOLS, Cancel): "cancel",  # aborts every open exec (-> ENDED)
    (TOOLS, AbortSubagent): "abort_subagent",
    (TOOLS, ForceBackground): "force_background",
    (TOOLS, PassDelta): "ignore",
    (TOOLS, PassEnded): "ignore",
    (TOOLS, PassFailed): "ignore",
    # ENDED: the stream is closed
    (ENDED, Cancel): "ignore",
    (ENDED, PassDelta): "ignore",
    (ENDED, PassEnded): "ignore",
    (ENDED, PassFailed): "ignore",
    (ENDED, ExecResultArrived): "ignore",
    (ENDED, ExecControlArrived): "ignore",
    (ENDED, InteractionAnswered): "ignore",
    (ENDED, WebToolDone): "ignore",  # a search or fetch that finished after the turn was canceled
    (ENDED, ReviewVerdict): "ignore",  # a review that finished after the turn was canceled
}
