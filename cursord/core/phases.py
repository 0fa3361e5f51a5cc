"""The phase machine of one ActiveStream, as data.

Theory of operation: a stream is born ``IDLE`` (a placeholder made by an early RunSSE, or the first Bidi
upload); a run moves it to ``PROVIDER_RUNNING``; from there it waits on the editor (``WAITING_EXTERNAL``:
tool executions, blob stores), on the user (``AWAITING_USER``: interaction queries), compacts its context
(``COMPACTING``) or writes a checkpoint (``CHECKPOINTING``), and finally ends ``COMPLETED``, ``FAILED`` or
``CANCELED``. Terminal phases have no way out: a request_id that is reused for a new run gets a new stream.

The allowed moves are the table below; any move not in it is our own bug and raises `PhaseError`.
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    IDLE = "idle"
    PROVIDER_RUNNING = "provider_running"
    WAITING_EXTERNAL = "waiting_external"
    AWAITING_USER = "awaiting_user"
    COMPACTING = "compacting"
    CHECKPOINTING = "checkpointing"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELED = "canceled"

    @property
    def is_terminal(self) -> bool:
        return self in TERMINAL_PHASES


TERMINAL_PHASES = frozenset({Phase.COMPLETED, Phase.FAILED, Phase.CANCELED})
_ENDINGS = TERMINAL_PHASES
_WORKING = frozenset(
    {
        Phase.PROVIDER_RUNNING,
        Phase.WAITING_EXTERNAL,
        Phase.AWAITING_USER,
        Phase.COMPACTING,
        Phase.CHECKPOINTING,
    }
)

#: phase -> the phases it may move to.
TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    # From IDLE a run starts working; a turn resumed after a restart may go straight back to waiting.
    Phase.IDLE: _WORKING | _ENDINGS,
    # Every working phase may hand over to any other working phase (a tool result starts the next provider
    # pass, a pass may stop to compact, a checkpoint precedes the next pass ...) or end; returning to IDLE
    # means the run finished its work but the stream stays open for a follow-up action (resume, summarize).
    **{phase: (_WORKING - {phase}) | _ENDINGS | {Phase.IDLE} for phase in _WORKING},
    Phase.COMPLETED: frozenset(),
    Phase.FAILED: frozenset(),
    Phase.CANCELED: frozenset(),
}


class PhaseError(RuntimeError):
    """A phase move that the table does not allow: a bug in cursord, not in the peer."""


def check_transition(current: Phase, target: Phase) -> Phase:
    """Return `target` if ``current -> target`` is allowed, else raise `PhaseError`."""
    if target not in TRANSITIONS[current]:
        raise PhaseError(f"stream phase cannot move from {current.value} to {target.value}")
    return target
