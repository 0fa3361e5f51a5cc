"""The inputs the turn machine takes, derived from its rules (`TRANSITIONS`): what the actor hands it as
they are, so a new row's input type reaches the machine without a second list to update."""

from __future__ import annotations

from cursord.agent.machine.turn_machine import TRANSITIONS

#: every input type some phase of the turn has a row for
MACHINE_INPUTS: tuple[type, ...] = tuple(dict.fromkeys(input_type for _, input_type in TRANSITIONS))
