"""Queued messages survive a crash: a real `cursord serve` is killed with SIGKILL after it ACKed a message
meant for a later run, restarted on the same data dir (or PostgreSQL store), and the run that follows
takes the message.

Two ways a message waits for a run: sent on a new request id before that request's `resume_action`
run_request (the editor queues a message while the agent is busy), or sent while a turn runs, for the
conversation's next run. Both are ACKed before the run comes, so the editor never sends them again.
"""

from __future__ import annotations

import signal
from pathlib import Path

import trio

from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import Transcript
from cursord.testing.editor import heartbeat, run_request, user_message
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from tests.e2e.test_restart import MODEL, READ_TODO, daemon, kinds, read_todo_result, until_exec


def resume(conversation_id: str) -> agent.AgentClientMessage:
    request = agent.AgentRunRequest(
        conversation_id=conversation_id,
        # as editors send it: with a request context (a run without one asks the editor for it)
        action=agent.ConversationAction(resume_action=agent.ResumeAction(request_context=agent.RequestContext())),
        requested_model=agent.RequestedModel(model_id=MODEL),
    )
    return agent.AgentClientMessage(run_request=request)


async def test_a_message_held_before_its_run_request_is_run_after_a_restart(tmp_path: Path) -> None:
    """The message comes first on its request id (seqno 0) and is ACKed; the daemon dies; the resume
    run_request (seqno 1) reaches the restarted daemon, and its run takes the message."""
    with trio.fail_after(90):
        async with open_fake_provider(Reply.sse(chat_text("Adding tests."))) as fake:
            async with daemon(fake, tmp_path) as first, first.editor() as editor:
                await editor.append("r-q", user_message("also add tests"), seqno=0)  # returns once ACKed
                await first.stop(signal.SIGKILL)
            async with daemon(fake, tmp_path) as second, second.editor() as editor:
                await editor.append("r-q", resume("conv-q"), seqno=1)
                async with editor.run_sse("r-q") as reader:
                    transcript = Transcript(await reader.read_to_end(), reader.error)
                await second.stop()
    assert transcript.error is None and transcript.text == "Adding tests."
    (request,) = fake.requests
    assert request.json["messages"][-1] == {"role": "user", "content": "also add tests"}


async def test_a_message_queued_during_a_turn_is_taken_by_the_next_run_after_a_restart(
    tmp_path: Path, store_url: str | None
) -> None:
    """The user sends a message while the turn waits for a Read; the turn ends; the daemon dies; after the
    restart the conversation's next run (a resume on a new request id) takes the message."""
    with trio.fail_after(90):
        async with open_fake_provider(*READ_TODO, Reply.sse(chat_text("Dishes done."))) as fake:
            async with daemon(fake, tmp_path, store_url) as first, first.editor() as editor:
                await editor.append("r1", run_request("what's in todo.txt?", model=MODEL), seqno=0)
                async with editor.run_sse("r1") as reader:
                    read = (await until_exec(reader))[-1]
                    await editor.append("r1", user_message("and then the dishes"), seqno=1)  # ACKed: queued
                    await editor.append("r1", read_todo_result(read), seqno=2)
                    first_turn = await reader.read_to_end()
                    assert reader.error is None and kinds(first_turn)[-1] == "turn_ended"
                await first.stop(signal.SIGKILL)
            async with daemon(fake, tmp_path, store_url) as second, second.editor() as editor:
                await editor.append("r2", resume("conv-1"), seqno=0)
                async with editor.run_sse("r2") as reader:
                    transcript = Transcript(await reader.read_to_end(), reader.error)
                await second.stop()
    assert transcript.error is None and transcript.text == "Dishes done."
    assert len(fake.requests) == 3
    assert fake.requests[2].json["messages"][-1] == {"role": "user", "content": "and then the dishes"}


async def test_a_message_its_run_took_before_the_crash_is_run_by_the_next_run(tmp_path: Path) -> None:
    """The run_request came and its run took the held message, but the daemon died while the run still
    prepared (waiting for the editor's request context), before the turn had a record: after the restart
    the run is gone (sent again under a new request id), and that run takes the message."""
    fresh = agent.AgentRunRequest(
        conversation_id="conv-q",
        action=agent.ConversationAction(
            user_message_action=agent.UserMessageAction(user_message=agent.UserMessage(text="write the code"))
        ),  # no request context: the daemon asks the editor for it
        requested_model=agent.RequestedModel(model_id=MODEL),
    )
    with trio.fail_after(90):
        async with open_fake_provider(Reply.sse(chat_text("Code and tests."))) as fake:
            async with daemon(fake, tmp_path) as first, first.editor() as editor:
                await editor.append("r-q", user_message("also add tests"), seqno=0)
                await editor.append("r-q", agent.AgentClientMessage(run_request=fresh), seqno=1)
                async with editor.run_sse("r-q") as reader:
                    question = (await until_exec(reader))[-1]
                    assert question.exec_server_message.HasField("request_context_args")
                await first.stop(signal.SIGKILL)
            async with daemon(fake, tmp_path) as second, second.editor() as editor:
                await editor.append("r-q2", resume("conv-q"), seqno=0)
                async with editor.run_sse("r-q2") as reader:
                    transcript = Transcript(await reader.read_to_end(), reader.error)
                await second.stop()
    assert transcript.error is None and transcript.text == "Code and tests."
    (request,) = fake.requests
    assert request.json["messages"][-1] == {"role": "user", "content": "also add tests"}


async def test_the_sequence_of_a_request_with_no_stream_is_taken_up_after_a_restart(
    tmp_path: Path, store_url: str | None
) -> None:
    """Issue 38, point 4: a queued message (seqno 0) and a heartbeat (seqno 1) are ACKed on a request id that
    has no stream yet; the daemon dies; the resume run_request (seqno 2) runs on the restarted daemon at once
    and takes the message. Before, the sequence's position was kept only with a stream: seqno 2 waited 30 s
    for a seqno 0 the editor had ACKed, and was refused."""
    with trio.fail_after(90):
        async with open_fake_provider(Reply.sse(chat_text("Adding tests."))) as fake:
            async with daemon(fake, tmp_path, store_url) as first, first.editor() as editor:
                await editor.append("r-q", user_message("also add tests"), seqno=0)  # returns once ACKed
                await editor.append("r-q", heartbeat(), seqno=1)
                await first.stop(signal.SIGKILL)
            async with daemon(fake, tmp_path, store_url) as second, second.editor() as editor:
                await editor.append("r-q", resume("conv-q"), seqno=2)
                async with editor.run_sse("r-q") as reader:
                    transcript = Transcript(await reader.read_to_end(), reader.error)
                await second.stop()
    assert transcript.error is None and transcript.text == "Adding tests."
    (request,) = fake.requests
    assert request.json["messages"][-1] == {"role": "user", "content": "also add tests"}
