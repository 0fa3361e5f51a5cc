"""A provider's delta taken at once, in the pass's own task, while the stream's actor waits between inputs
(`AgentTurn.take_now`): possible only because a delta's effects are all frames to publish."""

from __future__ import annotations

import json
from typing import Any

from cursord.agent.machine import PassDelta, PassEnded, Publish
from cursord.providers.model import (
    PassEnd,
    TextDelta,
    ThinkingDelta,
    ThinkingDone,
    ToolCallArgsDelta,
    ToolCallDone,
    ToolCallStart,
    Usage,
)
from tests.agent.test_agent_turn import ScriptedProvider, harness
from tests.agent.test_turn_machine import current_pass, in_step, in_summary


def every_kind_of_delta(*, tools: bool) -> list[Any]:
    """What a pass may stream (a summary is offered no tools, so its model calls none)."""
    arguments = json.dumps({"path": "/w/a.py", "contents": "print(1)\n"})
    calls = [
        ToolCallStart(0, "call-w", "Write"),
        *[ToolCallArgsDelta(0, arguments[i : i + 5]) for i in range(0, len(arguments), 5)],
        ToolCallDone(index=0, id="call-w", name="Write", arguments=arguments),
    ]
    return [
        TextDelta("Let me"),
        ThinkingDelta("the file"),
        ThinkingDone(signature="sig"),
        TextDelta(" write it."),
        *(calls if tools else []),
        Usage(input=10, output=5),
        PassEnd("tool_use" if tools else "end_turn"),
    ]


def test_every_delta_of_a_step_or_a_summary_is_only_published() -> None:
    for m, tools in ((in_step(), True), (in_summary(), False)):
        pass_id = current_pass(m)
        for delta in every_kind_of_delta(tools=tools):
            effects = m.handle(PassDelta(pass_id, delta))
            assert all(type(effect) is Publish for effect in effects), (delta, effects)


async def test_a_delta_is_taken_at_once_in_a_pass_and_nothing_else_is(autojump_clock: Any) -> None:
    async with harness(ScriptedProvider([])) as h:
        assert not h.turn.take_now(PassDelta(1, TextDelta("too early")))  # no pass runs
        h.turn.machine = m = in_step()
        pass_id = current_pass(m)
        assert h.turn.take_now(PassDelta(pass_id, TextDelta("Hi")))
        assert h.turn.take_now(PassDelta(pass_id, TextDelta(" there.")))
        assert h.port.text == "Hi there."
        assert not h.turn.take_now(PassEnded(pass_id))  # the pass's end goes through the mailbox
        assert h.port.text == "Hi there." and not h.port.ended
