"""What a step or a turn leaves behind, as pure functions of the turn's state: the tool results the model
reads next (each with the file-globbed rules its files trigger, given once a turn), the checkpoint the
editor shows, and the turn's messages recorded to history.
"""

from __future__ import annotations

import attrs

from cursord.agent.machine.turn_events import Checkpoint, RecordTurn, TurnOutcome
from cursord.agent.machine.turn_state import PendingCall, TurnSetup, TurnState
from cursord.agent.turn_inputs import rules_for_paths, touched_paths
from cursord.providers.model import Message


def tool_results(
    setup: TurnSetup, settled: tuple[PendingCall, ...], applied_rules: tuple[str, ...]
) -> tuple[list[Message], tuple[str, ...]]:
    """The step's results in call order, and the rules given to the model in this turn after them."""
    results = []
    for pending in settled:
        assert pending.outcome is not None
        text = pending.outcome.text
        if not pending.outcome.is_error:  # file-globbed rules for the files this call touched
            extra, names = rules_for_paths(setup.rules, touched_paths(pending.arguments), applied_rules)
            text += extra
            applied_rules += tuple(names)
        results.append(Message.tool_result(pending.call.id, text, is_error=pending.outcome.is_error))
    return results, applied_rules


def checkpoint(state: TurnState, *, final: bool) -> Checkpoint | None:
    """The conversation's checkpoint now (None: a run that only summarizes keeps none)."""
    setup = state.setup
    if setup is None or setup.tools is None:
        return None
    return Checkpoint(
        state.turn_messages,
        used_tokens=state.estimate.next_prompt(state.messages, setup.system, setup.tools.specs),
        max_tokens=setup.context_window,
        mode=setup.tools.mode,
        summary=state.summary_text,
        final=final,
    )


def record_turn(
    state: TurnState, status: TurnOutcome, error: str | None, *, journal: bool
) -> tuple[TurnState, RecordTurn] | None:
    """The state once the turn's messages are recorded (once), and their record (None: nothing to record);
    with `journal`, that state goes with them (for a turn that keeps a record at all)."""
    if state.conversation_id is None or not state.turn_messages:
        return None
    after = attrs.evolve(state, turn_messages=())
    keeps = state.setup is not None and state.setup.tools is not None
    model = state.setup.model if state.setup is not None else None
    recorded = after if journal and keeps else None
    return after, RecordTurn(status, state.turn_messages, state.usage, model, error, recorded)
