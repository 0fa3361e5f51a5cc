"""The durability rule: what must be on disk before the editor may see what the turn published.

An exec (or a question to the user) sent before the snapshot that expects its answer is committed, then a
crash in between, and the restarted daemon runs the finished pass again (issue 27 #14). So when one input's
effects send the editor an exec and then snapshot the turn, the exec is published but held from the
editor (`HoldDelivery`, first), and every snapshot among them is kept durably (`Snapshot(durable=True)`:
the actor goes on only once it is committed); what was held is shown once the input's last effect is
carried out. Pure.
"""

from __future__ import annotations

from cursord.agent.machine.turn_events import (
    AskUser,
    Effect,
    HoldDelivery,
    SendExec,
    Snapshot,
)

#: the effects that ask the editor to act
_ASKING = (SendExec, AskUser)


def _exec_before_snapshot(effects: list[Effect]) -> bool:
    """Whether `effects` send the editor an exec (or a question) and then snapshot the turn."""
    asked = False
    for effect in effects:
        if isinstance(effect, _ASKING):
            asked = True
        elif isinstance(effect, Snapshot) and asked:
            return True
    return False


def held_until_durable(effects: list[Effect]) -> list[Effect]:
    """`effects` under the durability rule: unchanged unless an exec goes out before a snapshot."""
    if len(effects) < 2 or not _exec_before_snapshot(effects):  # a delta's one Publish: nothing to look at
        return effects
    durable: list[Effect] = [Snapshot(e.state, durable=True) if isinstance(e, Snapshot) else e for e in effects]
    return [HoldDelivery(), *durable]
