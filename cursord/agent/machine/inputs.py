"""The inputs the turn machine takes, derived from its rules (`TRANSITIONS`, `IGNORED_IN`, `LATE_START_IN`):
what the actor hands it as they are, so a new row's input type reaches the machine without a second list to
update."""

from __future__ import annotations

from itertools import chain

from cursord.agent.machine.turn_machine import TRANSITIONS
from cursord.agent.machine.turn_rules import IGNORED_IN, LATE_START_IN

#: every input type some phase of the turn has a row for, ignores or takes as a late start
MACHINE_INPUTS: tuple[type, ...] = tuple(
    dict.fromkeys(
        chain(
            (input_type for _, input_type in TRANSITIONS),
            chain.from_iterable(IGNORED_IN.values()),
            chain.from_iterable(LATE_START_IN.values()),
        )
    )
)
