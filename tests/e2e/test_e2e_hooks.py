"""The editor's tool hooks: preToolUse may deny or rewrite a call, post hooks add context."""

from __future__ import annotations

import json
from typing import Any

from google.protobuf import json_format

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider

MODEL = "gpt-test"


def hooked_run(text: str, *steps: str) -> agent.AgentClientMessage:
    message = run_request(text, model=MODEL)
    context = message.run_request.action.user_message_action.request_context
    context.hooks_config.configured_steps.extend(steps)
    return message


def hook_answer(message: agent.AgentServerMessage, **response: Any) -> agent.AgentClientMessage:
    result = agent.ExecuteHookResult(response=agent.ExecuteHookResponse(**response))
    return exec_reply(message, execute_hook_result=result)


async def run(message: agent.AgentClientMessage, answer: Any) -> tuple[list[str], Any]:
    replies = [Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/a"}))), Reply.sse(chat_text("ok"))]
    seen: list[str] = []

    def record(server_message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if server_message.HasField("exec_server_message"):
            seen.append(server_message.exec_server_message.WhichOneof("message") or "")
        return answer(server_message)

    async with open_fake_provider(*replies) as fake:
        async with (
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r1", message)
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, record)
        assert transcript.error is None
        tool_message = next(m for m in fake.requests[1].json["messages"] if m["role"] == "tool")
    return seen, tool_message["content"]


async def test_pre_hook_rewrites_the_input_and_hooks_add_context(autojump_clock: Any) -> None:
    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        request = message.exec_server_message
        if request.HasField("execute_hook_args"):
            hook = request.execute_hook_args.request
            if hook.HasField("pre_tool_use"):
                assert hook.pre_tool_use.tool_name == "Read" and hook.pre_tool_use.tool_use_id == "c1"
                assert json_format.MessageToDict(hook.pre_tool_use.tool_input) == {"path": "/a"}
                decision = agent.PreToolUseRequestResponse(
                    updated_input=json.dumps({"path": "/b"}), additional_context="note: redirected to /b"
                )
                return [hook_answer(message, pre_tool_use=decision)]
            assert hook.HasField("post_tool_use") and "contents of b" in hook.post_tool_use.tool_output
            after = agent.PostToolUseRequestResponse(additional_context="post: looked fine")
            return [hook_answer(message, post_tool_use=after)]
        if request.HasField("read_args"):
            assert request.read_args.path == "/b"
            success = agent.ReadSuccess(path="/b", content="contents of b", total_lines=1)
            return [exec_reply(message, read_result=agent.ReadResult(success=success))]
        return []

    seen, content = await run(hooked_run("read a", "preToolUse", "postToolUse"), answer)
    assert seen == ["execute_hook_args", "read_args", "execute_hook_args"]
    assert "contents of b" in content and "note: redirected to /b" in content and "post: looked fine" in content


async def test_pre_hook_denial_blocks_the_call(autojump_clock: Any) -> None:
    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if message.exec_server_message.HasField("execute_hook_args"):
            deny = agent.PreToolUseRequestResponse(permission="deny", agent_message="reading /a is not allowed")
            return [hook_answer(message, pre_tool_use=deny)]
        return []

    seen, content = await run(hooked_run("read a", "PreToolUse"), answer)
    assert seen == ["execute_hook_args"]  # the Read itself never reached the editor
    assert "blocked" in content and "reading /a is not allowed" in content


async def test_no_hooks_configured_means_no_hook_requests(autojump_clock: Any) -> None:
    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if message.exec_server_message.HasField("read_args"):
            success = agent.ReadSuccess(path="/a", content="contents of a", total_lines=1)
            return [exec_reply(message, read_result=agent.ReadResult(success=success))]
        return []

    seen, content = await run(run_request("read a", model=MODEL), answer)
    assert seen == ["read_args"] and "contents of a" in content
