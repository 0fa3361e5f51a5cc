"""What one ActiveStream is doing, as the status page, the dashboard and the tap show it.

A stream's phase is derived, never moved: while it runs it is what its behaviour is doing (for the agent
turn, `cursord.agent.machine.turn_state.TurnState.stream_phase` reads it off the turn's state), and once
it has ended it is how it ended (`cursord.streams.backlog.StreamEnding.phase`). So there is no table of
moves to keep in step with the turn's own: the turn machine's `TRANSITIONS` and `MOVES` are the only rules.
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    IDLE = "idle"  # a placeholder, or a run being prepared (or restored, waiting to go on)
    PROVIDER_RUNNING = "provider_running"  # a provider pass runs
    WAITING_EXTERNAL = "waiting_external"  # tool calls wait on the editor (execs, hooks) or on the web
    AWAITING_USER = "awaiting_user"  # a question waits for the user's answer
    COMPACTING = "compacting"  # a summary pass runs (compaction, or the user's summarize)
    CHECKPOINTING = "checkpointing"  # the turn is over: its last checkpoint and record are being written
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELED = "canceled"
