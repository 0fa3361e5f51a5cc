"""A queued message sent before its run_request is held for that run, never refused or lost."""

from __future__ import annotations

import pytest

from cursord.connect.errors import Code
from cursord.core.intents import ActionRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.held_actions import HeldActions
from cursord.testing.behaviours import Echo
from cursord.testing.editor import AppendFailed, cancel_action, run_request
from cursord.testing.harness import running_daemon


def user_message(text: str) -> agent.AgentClientMessage:
    action = agent.ConversationAction(
        user_message_action=agent.UserMessageAction(user_message=agent.UserMessage(text=text))
    )
    return agent.AgentClientMessage(conversation_action=action)


def _action(text: str) -> ActionRequested:
    message = user_message(text)
    return ActionRequested(message.conversation_action)


def test_held_actions_are_bounded() -> None:
    held = HeldActions(max_requests=2, max_per_request=2)
    assert held.hold("r1", _action("a")) and held.hold("r1", _action("b"))
    assert not held.hold("r1", _action("c"))
    held.hold("r2", _action("d"))
    held.hold("r3", _action("e"))  # r1 is the least recently used: forgotten
    assert held.take("r1") == ()
    assert [a.action.user_message_action.user_message.text for a in held.take("r2")] == ["d"]
    assert held.take("r2") == ()
    assert not held.holds(ActionRequested(cancel_action().conversation_action))


async def test_a_message_before_the_run_request_reaches_the_run(autojump_clock: object) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=False) as editor:
        await editor.append("r2", user_message("queued while busy"))
        await editor.append("r2", run_request("finish", model="m"))
        async with editor.run_sse("r2") as reader:
            messages = await reader.read_to_end()
    texts = [m.interaction_update.text_delta.text for m in messages if m.interaction_update.HasField("text_delta")]
    assert texts == ["queued: queued while busy", "echo: finish"]


async def test_a_cancel_for_no_run_is_still_not_found(autojump_clock: object) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=False) as editor:
        with pytest.raises(AppendFailed) as caught:
            await editor.append("r3", cancel_action(), wait=True)
    assert caught.value.error.code is Code.NOT_FOUND
