"""Conversation actions that wait for a run are in the store before their upload is ACKed, whichever way
they wait: sent for a request id with no stream yet, on a stream a prewarm_request opened, or during a
turn for the conversation's next run. Bounded, and refused precisely; without a store nothing is held."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
import trio

from cursord.agent import turn_record
from cursord.agent.restore import adopt_legacy_queued, read
from cursord.config import ProviderKind
from cursord.connect import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import ActionHolder, PendingKind, Store, open_store
from cursord.streams import ActionQueue
from cursord.testing.agent import agent_daemon, drive, exec_reply, spec_for
from cursord.testing.behaviours import Echo
from cursord.testing.editor import AppendFailed, cancel_action, run_request, user_message
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider
from cursord.testing.harness import running_daemon
from tests.agent.test_restore import OLD_SNAPSHOT

MODEL = "m-wait"
DEADLINE = 600


async def waiting(store: Store | None, holder: ActionHolder, holder_id: str) -> list[str]:
    assert store is not None
    actions = [agent.ConversationAction.FromString(a) for a in await store.waiting_actions(holder, holder_id)]
    return [a.user_message_action.user_message.text for a in actions]


async def test_a_message_for_a_request_with_no_stream_is_stored_before_its_ack(autojump_clock: Any) -> None:
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider() as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, services),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r-held", user_message("also add tests"), wait=True)
            assert await waiting(services.store, ActionHolder.REQUEST, "r-held") == ["also add tests"]


async def test_a_request_id_holding_its_limit_refuses_more(autojump_clock: Any) -> None:
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider() as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, services),
            daemon.editor(http2=True) as editor,
        ):
            for n in range(16):
                await editor.append("r-full", user_message(f"m{n}"), wait=True)
            with pytest.raises(AppendFailed) as caught:
                await editor.append("r-full", user_message("one too many"), wait=True)
            await editor.append("r-other", user_message("unharmed"), wait=True)
            assert caught.value.error.code is Code.RESOURCE_EXHAUSTED
            assert "already holds 16 conversation actions" in caught.value.error.message
            assert len(await waiting(services.store, ActionHolder.REQUEST, "r-full")) == 16
            assert await waiting(services.store, ActionHolder.REQUEST, "r-other") == ["unharmed"]


async def test_a_message_on_a_prewarmed_stream_is_stored_and_reaches_its_run(autojump_clock: Any) -> None:
    prewarm = agent.AgentClientMessage(prewarm_request=agent.PrewarmRequest(conversation_id="conv-p"))
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(Reply.sse(chat_text("Both done."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, services),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r-p", prewarm, wait=True)
            await editor.append("r-p", user_message("and the tests"), wait=True)
            assert await waiting(services.store, ActionHolder.REQUEST, "r-p") == ["and the tests"]
            await editor.append("r-p", run_request("write the code", model=MODEL, conversation_id="conv-p"))
            async with editor.run_sse("r-p") as reader:
                transcript = await drive(editor, "r-p", reader)
            assert await waiting(services.store, ActionHolder.REQUEST, "r-p") == []  # taken by the run
    assert transcript.error is None and transcript.text == "Both done."
    (request,) = fake.requests
    last = json.dumps(request.json["messages"][-1])
    assert "and the tests" in last and "write the code" in last
    assert last.index("and the tests") < last.index("write the code")


def run_of(action: agent.ConversationAction) -> agent.AgentClientMessage:
    return agent.AgentClientMessage(
        run_request=agent.AgentRunRequest(
            conversation_id="conv-1", action=action, requested_model=agent.RequestedModel(model_id=MODEL)
        )
    )


@pytest.mark.parametrize("summarize_first", [False, True], ids=["next-run", "after-a-summary"])
async def test_a_message_during_a_turn_is_stored_for_the_conversation_before_its_ack(
    autojump_clock: Any, summarize_first: bool
) -> None:
    """...and the conversation's next run takes it; a run that only summarizes (it runs no message) leaves
    it for the run after."""
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/todo.txt"}))),
        Reply.sse(chat_text("It says: milk.")),
        *([Reply.sse(chat_text("Summary: milk."))] if summarize_first else []),
        Reply.sse(chat_text("Dishes done.")),
    ]
    resume = run_of(agent.ConversationAction(resume_action=agent.ResumeAction()))
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(*replies) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, services),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r1", run_request("what's in todo.txt?", model=MODEL))
            async with editor.run_sse("r1") as reader:
                message = await reader.next_message()
                while message is not None and not message.HasField("exec_server_message"):
                    message = await reader.next_message()
                assert message is not None
                await editor.append("r1", user_message("and then the dishes"), wait=True)
                assert await waiting(services.store, ActionHolder.CONVERSATION, "conv-1") == ["and then the dishes"]
                success = agent.ReadSuccess(path="/w/todo.txt", content="milk", total_lines=1)
                await editor.append("r1", exec_reply(message, read_result=agent.ReadResult(success=success)))
                first = await drive(editor, "r1", reader)
            assert await waiting(services.store, ActionHolder.CONVERSATION, "conv-1") == ["and then the dishes"]
            if summarize_first:
                await editor.append("r-sum", run_of(agent.ConversationAction(summarize_action=agent.SummarizeAction())))
                async with editor.run_sse("r-sum") as reader:
                    summarized = await drive(editor, "r-sum", reader)
                assert summarized.error is None
                assert await waiting(services.store, ActionHolder.CONVERSATION, "conv-1") == ["and then the dishes"]
            await editor.append("r2", resume)
            async with editor.run_sse("r2") as reader:
                second = await drive(editor, "r2", reader)
            assert await waiting(services.store, ActionHolder.CONVERSATION, "conv-1") == []
    assert first.text == "It says: milk." and second.text == "Dishes done."
    assert fake.requests[-1].json["messages"][-1] == {"role": "user", "content": "and then the dishes"}


async def test_a_message_sent_as_the_turn_ended_is_kept_for_the_conversations_next_run(autojump_clock: Any) -> None:
    """The ended stream is kept for late readers; a message that reaches it then is ACKed, so it is kept."""
    resume = run_of(agent.ConversationAction(resume_action=agent.ResumeAction()))
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(Reply.sse(chat_text("Done.")), Reply.sse(chat_text("Dishes done."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, services),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r1", run_request("clean up", model=MODEL))
            async with editor.run_sse("r1") as reader:
                assert (await drive(editor, "r1", reader)).error is None
            await editor.append("r1", user_message("and then the dishes"), wait=True)
            assert await waiting(services.store, ActionHolder.CONVERSATION, "conv-1") == ["and then the dishes"]
            await editor.append("r2", resume)
            async with editor.run_sse("r2") as reader:
                assert (await drive(editor, "r2", reader)).text == "Dishes done."
    assert fake.requests[-1].json["messages"][-1] == {"role": "user", "content": "and then the dishes"}


async def test_a_cancel_for_no_run_is_still_not_found(autojump_clock: Any) -> None:
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider() as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            with pytest.raises(AppendFailed) as caught:
                await editor.append("r3", cancel_action(), wait=True)
    assert caught.value.error.code is Code.NOT_FOUND


async def test_without_a_store_a_message_for_no_run_is_not_found(autojump_clock: Any) -> None:
    """A daemon built without the agent's parts (no store to hold it in) refuses rather than loses it."""
    async with running_daemon(Echo) as daemon, daemon.editor(http2=False) as editor:
        with pytest.raises(AppendFailed) as caught:
            await editor.append("r4", user_message("nowhere to keep it"), wait=True)
    assert caught.value.error.code is Code.NOT_FOUND


async def test_a_record_of_the_build_before_gives_its_queued_messages_to_the_queue(tmp_path: Path) -> None:
    """Records written before the action queue kept the messages queued during their turn under `queued`:
    they are still read, and a starting daemon moves those messages to the queue, once."""
    record, _ = read(OLD_SNAPSHOT, lambda model: None)
    queued = user_message("and then the dishes").conversation_action
    old = json.loads(turn_record.encode(record))
    old["queued"] = [base64.b64encode(queued.SerializeToString()).decode()]
    assert turn_record.decode(old) == turn_record.decode(json.loads(turn_record.encode(record)))
    async with open_store(tmp_path, inline=True) as store:
        await store.journal_open("r1", "conv-1", "model-x")
        await store.journal_pending_put("r1", PendingKind.TURN, "state", json.dumps(old))
        assert await adopt_legacy_queued(store, ActionQueue(store)) == 1
        assert await waiting(store, ActionHolder.CONVERSATION, "conv-1") == ["and then the dishes"]
        assert await adopt_legacy_queued(store, ActionQueue(store)) == 0  # written back without them
        journal = await store.journal_load("r1")
        assert journal is not None
        (entry,) = journal.pending
        assert "queued" not in json.loads(entry.state_json)
        assert turn_record.decode(json.loads(entry.state_json)) == turn_record.decode(old)


async def test_a_message_too_big_to_wait_is_refused_and_the_turn_goes_on(autojump_clock: Any) -> None:
    """An action bigger than `max_waiting_action_bytes` is `resource_exhausted` before it is stored, for a
    request id with no stream and on a running turn alike; the turn and the other requests are unharmed."""
    big = user_message("paste " + "x" * (1 << 20))
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(Reply.sse(chat_text("Done."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, services),
            daemon.editor(http2=True) as editor,
        ):
            with pytest.raises(AppendFailed) as caught:
                await editor.append("r-big", big, wait=True)
            assert caught.value.error.code is Code.RESOURCE_EXHAUSTED
            assert "cannot wait for a run: the limit is 1048576 bytes" in caught.value.error.message
            assert await waiting(services.store, ActionHolder.REQUEST, "r-big") == []
            await editor.append("r1", run_request("hello", model=MODEL))
            async with editor.run_sse("r1") as reader:
                with pytest.raises(AppendFailed) as caught:
                    await editor.append("r1", big, wait=True)
                assert caught.value.error.code is Code.RESOURCE_EXHAUSTED
                done = await drive(editor, "r1", reader)
            assert done.error is None and done.text == "Done."
            assert await waiting(services.store, ActionHolder.CONVERSATION, "conv-1") == []


async def test_a_message_the_store_has_no_room_for_is_refused_on_a_running_turn(autojump_clock: Any) -> None:
    """The bytes of every waiting action are bounded (`max_waiting_bytes`): a message a running turn would
    queue beyond them is `resource_exhausted` to the editor, not ACKed and dropped; the turn goes on."""
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/todo.txt"}))),
        Reply.sse(chat_text("It says: milk.")),
    ]
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(*replies) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, services),
            daemon.editor(http2=True) as editor,
        ):
            assert services.actions is not None
            services.actions.max_bytes = 3_000
            await editor.append("r1", run_request("what's in todo.txt?", model=MODEL))
            async with editor.run_sse("r1") as reader:
                message = await reader.next_message()
                while message is not None and not message.HasField("exec_server_message"):
                    message = await reader.next_message()
                assert message is not None
                await editor.append("r1", user_message("first " + "x" * 2_000), wait=True)
                with pytest.raises(AppendFailed) as caught:
                    await editor.append("r1", user_message("second " + "x" * 2_000), wait=True)
                assert caught.value.error.code is Code.RESOURCE_EXHAUSTED
                assert "already fill their 3000 bytes in the store" in caught.value.error.message
                success = agent.ReadSuccess(path="/w/todo.txt", content="milk", total_lines=1)
                await editor.append("r1", exec_reply(message, read_result=agent.ReadResult(success=success)))
                done = await drive(editor, "r1", reader)
            assert done.error is None and done.text == "It says: milk."
            [kept] = await waiting(services.store, ActionHolder.CONVERSATION, "conv-1")
            assert kept.startswith("first ")


async def test_a_run_that_asks_announces_its_messages_with_user_message_appended(autojump_clock: Any) -> None:
    """A message the editor sent with `send_to_interaction_listener` (the messages queued before it in
    `prepend_user_messages` first) is announced over RunSSE before the model answers, and the model sees
    them all in one user turn."""
    message = run_request("and the dishes", model=MODEL)
    user = message.run_request.action.user_message_action
    user.prepend_user_messages.add(text="first the milk")
    user.send_to_interaction_listener = True
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(Reply.sse(chat_text("Both done."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=False) as editor,
        ):
            await editor.append("r-echo", message)
            async with editor.run_sse("r-echo") as reader:
                transcript = await drive(editor, "r-echo", reader)
    assert transcript.error is None
    updates = [m.interaction_update for m in transcript.messages if m.HasField("interaction_update")]
    kinds = [u.WhichOneof("message") for u in updates]
    echoed = [u.user_message_appended.user_message.text for u in updates if u.HasField("user_message_appended")]
    assert echoed == ["first the milk", "and the dishes"]
    assert kinds.index("user_message_appended") < kinds.index("text_delta")
    (sent,) = fake.requests
    asked = json.dumps(sent.json["messages"])
    assert "first the milk" in asked and "and the dishes" in asked
