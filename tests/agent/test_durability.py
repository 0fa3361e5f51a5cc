"""The durability rule as the machine states it (`cursord.agent.machine.durability`): an exec or a question
sent before a snapshot holds the editor's view and makes every snapshot of that input durable; anything
else is left as it is."""

from __future__ import annotations

from cursord.agent.machine import AskUser, Effect, HoldDelivery, SendExec, Snapshot, Tap, TurnState
from cursord.agent.machine.durability import held_until_durable
from cursord.proto import agent_v1_pb2 as agent

STATE = TurnState()
EXEC = SendExec(agent.ExecServerMessage(id=1))
ASK = AskUser(agent.InteractionQuery(id=1))


def test_an_exec_before_a_snapshot_is_held_until_the_snapshot_is_durable() -> None:
    tap = Tap("x", {})
    effects: list[Effect] = [tap, EXEC, Snapshot(STATE), Snapshot(STATE)]
    assert held_until_durable(effects) == [
        HoldDelivery(), tap, EXEC, Snapshot(STATE, durable=True), Snapshot(STATE, durable=True),
    ]
    assert held_until_durable([ASK, Snapshot(STATE)]) == [HoldDelivery(), ASK, Snapshot(STATE, durable=True)]


def test_a_snapshot_before_the_exec_or_none_at_all_changes_nothing() -> None:
    for effects in ([Snapshot(STATE), EXEC], [EXEC, ASK], [Snapshot(STATE)], []):
        assert held_until_durable(list(effects)) == effects
