"""ConversationAction cases on a live stream: queued for the next run, forwarded to the editor, or ignored."""

from __future__ import annotations

import json
from typing import Any

import trio

from cursord.agent.machine import ASK_TIMEOUT
from cursord.config import ProviderKind
from cursord.connect import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import cancel_action, run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider

CHAT_KIND = ProviderKind.OPENAI_CHAT

MODEL = "gpt-actions"


def action_message(action: agent.ConversationAction) -> agent.AgentClientMessage:
    return agent.AgentClientMessage(conversation_action=action)


def user_message(text: str) -> agent.ConversationAction:
    action = agent.ConversationAction()
    action.user_message_action.user_message.text = text
    return action


def read_reply(message: agent.AgentServerMessage) -> agent.AgentClientMessage:
    success = agent.ReadSuccess(path=message.exec_server_message.read_args.path, content="x = 1\n")
    return exec_reply(message, read_result=agent.ReadResult(success=success))


async def test_actions_while_a_turn_runs(autojump_clock: Any) -> None:
    """While the turn waits for a Read: a typed message is queued for the next run, a background-shell
    request becomes ForceBackgroundShell, and a case newer than the schema is ignored."""
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/a.py"}))),
        Reply.sse(chat_text("a is 1")),
        Reply.sse(chat_text("and here are the tests")),
    ]
    newer_case = agent.ConversationAction.FromString(b"\x82\x01\x00")
    background = agent.ConversationAction(background_shell_action=agent.BackgroundShellAction(tool_call_id="call-7"))
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, CHAT_KIND, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        await editor.append("r1", run_request("what is a?", model=MODEL))
        forced: list[agent.ExecServerMessage] = []

        def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
            request = message.exec_server_message
            if request.HasField("force_background_shell_args"):
                forced.append(request)
            if request.HasField("read_args"):
                return [
                    action_message(user_message("also write tests")),
                    action_message(background),
                    action_message(newer_case),
                    read_reply(message),
                ]
            return []

        async with editor.run_sse("r1") as reader:
            first = await drive(editor, "r1", reader, answer)
        await editor.append("r2", run_request("go on", model=MODEL))
        async with editor.run_sse("r2") as reader:
            second = await drive(editor, "r2", reader)
    assert first.error is None and first.text == "a is 1"
    assert [f.force_background_shell_args.tool_call_id for f in forced] == ["call-7"]
    assert second.error is None and second.text == "and here are the tests"
    assert fake.requests[2].json["messages"][-1] == {"role": "user", "content": "also write tests\n\ngo on"}


async def test_an_action_before_the_run_request_on_the_same_stream_is_held(autojump_clock: Any) -> None:
    async with (
        open_fake_provider(Reply.sse(chat_text("ok"))) as fake,
        agent_daemon(spec_for(fake, CHAT_KIND, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
        editor.run_sse("r1") as reader,  # RunSSE first: the stream exists before any upload
    ):
        await editor.append("r1", action_message(user_message("sent before the run")))
        await editor.append("r1", run_request("the run", model=MODEL))
        transcript = await drive(editor, "r1", reader)
    assert transcript.error is None
    assert fake.requests[0].json["messages"][-1] == {"role": "user", "content": "sent before the run\n\nthe run"}


async def test_a_users_shell_command_joins_the_conversation_without_a_model_call(autojump_clock: Any) -> None:
    shell = agent.ConversationAction(
        shell_command_action=agent.ShellCommandAction(shell_command=agent.ShellCommand(command="echo hi"), exec_id="x1")
    )
    shell_run = agent.AgentClientMessage(
        run_request=agent.AgentRunRequest(action=shell, conversation_id="conv-1",
                                          requested_model=agent.RequestedModel(model_id=MODEL))
    )
    ran: list[agent.ExecServerMessage] = []

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if message.exec_server_message.HasField("shell_args"):
            ran.append(message.exec_server_message)
            success = agent.ShellSuccess(command="echo hi", exit_code=0, stdout="hi\n")
            return [exec_reply(message, shell_result=agent.ShellResult(success=success))]
        return []

    async with (
        open_fake_provider(Reply.sse(chat_text("I saw it."))) as fake,
        agent_daemon(spec_for(fake, CHAT_KIND, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        await editor.append("r1", shell_run)
        async with editor.run_sse("r1") as reader:
            first = await drive(editor, "r1", reader, answer)
        assert fake.requests == []  # the user's command is not a model turn
        await editor.append("r2", run_request("what did it print?", model=MODEL))
        async with editor.run_sse("r2") as reader:
            second = await drive(editor, "r2", reader)
    assert first.error is None and first.updates("turn_ended")
    (request,) = ran
    assert (request.exec_id, request.shell_args.command, request.shell_args.skip_approval) == ("x1", "echo hi", True)
    assert second.text == "I saw it."
    sent = fake.requests[0].json["messages"]
    assert {"role": "user", "content": "I ran this command myself (exit code 0):\n$ echo hi\nhi\n"} in sent


async def test_a_cancel_while_the_run_waits_for_the_editor_ends_it_at_once(autojump_clock: Any) -> None:
    """The run asks for its request context and the editor never answers: the user's stop is taken at once
    (the question is aborted), not after the question's timeout, and the model is never called."""
    message = run_request("hello", model=MODEL)
    message.run_request.action.user_message_action.ClearField("request_context")
    async with (
        open_fake_provider(Reply.sse(chat_text("never"))) as fake,
        agent_daemon(spec_for(fake, CHAT_KIND, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        await editor.append("r1", message, seqno=0)
        async with editor.run_sse("r1") as reader:
            asked = await reader.next_message()
            assert asked is not None and asked.exec_server_message.HasField("request_context_args")
            began = trio.current_time()
            await editor.append("r1", cancel_action("stop"), seqno=1)
            rest = await reader.read_to_end()
            took = trio.current_time() - began
        assert reader.error is not None and reader.error.code is Code.CANCELED
        assert took < ASK_TIMEOUT / 2 and fake.requests == []
        aborted = [m.exec_server_control_message.abort.id for m in rest if m.HasField("exec_server_control_message")]
        assert aborted == [asked.exec_server_message.id]
