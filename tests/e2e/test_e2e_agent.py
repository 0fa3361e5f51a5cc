"""Whole agent turns: the editor (scripted, over HTTP/2) <-> cursord <-> fake providers (real loopback HTTP).

The daemon runs in memory under the autojump clock; the fake providers are real HTTP servers on
127.0.0.1 speaking each vendor's SSE wire format, and they record what they were sent.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import trio

from cursord.config import ProviderKind
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.store import SqlStore
from cursord.testing.agent import API_KEY, Transcript, agent_daemon, drive, exec_reply, shell_events, spec_for
from cursord.testing.editor import cancel_action, run_request
from cursord.testing.fake_providers import (
    Reply,
    Stall,
    anthropic_text,
    anthropic_thinking_then_tool,
    chat_text,
    chat_tool_call,
    chat_tool_calls,
    open_fake_provider,
    responses_text,
)

CHAT = ProviderKind.OPENAI_CHAT
MODEL = "gpt-test"


def read_ok(message: agent.AgentServerMessage, content: str) -> agent.AgentClientMessage:
    path = message.exec_server_message.read_args.path
    lines = content.count("\n") + 1
    return exec_reply(
        message, read_result=agent.ReadResult(success=agent.ReadSuccess(path=path, content=content, total_lines=lines))
    )


def error_detail(transcript: Transcript) -> aiserver.ErrorDetails:
    assert transcript.error is not None
    (detail,) = transcript.error.details
    assert detail.type_name == "aiserver.v1.ErrorDetails"
    return aiserver.ErrorDetails.FromString(detail.value)


async def run_turn(
    specs: Any, text: str, model: str = MODEL, answer: Any = None, request_id: str = "r1", **run: Any
) -> Transcript:
    async with agent_daemon(*specs) as (daemon, _), daemon.editor(http2=True) as editor:
        await editor.append(request_id, run_request(text, model=model, **run))
        async with editor.run_sse(request_id) as reader:
            return await drive(editor, request_id, reader, answer)


async def test_text_turn_openai_chat(autojump_clock: Any) -> None:
    async with open_fake_provider(Reply.sse(chat_text("Hello there, friend."))) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "hi")
    assert transcript.error is None
    assert transcript.text == "Hello there, friend."
    (ended,) = transcript.updates("turn_ended")
    assert (ended.turn_ended.input_tokens, ended.turn_ended.output_tokens) == (12, 5)
    assert transcript.kinds()[-1] == "interaction_update.turn_ended"
    (request,) = fake.requests
    assert request.path == "/chat/completions"
    assert request.headers["authorization"] == f"Bearer {API_KEY}"
    body = request.json
    assert body["model"] == MODEL and body["stream"] is True
    assert body["messages"][0]["role"] == "system"
    assert body["messages"][-1] == {"role": "user", "content": "hi"}
    assert {tool["function"]["name"] for tool in body["tools"]} >= {"Read", "Write", "Shell", "Grep"}


async def test_text_turn_openai_responses(autojump_clock: Any) -> None:
    async with open_fake_provider(Reply.sse(responses_text("From responses."))) as fake:
        transcript = await run_turn([spec_for(fake, ProviderKind.OPENAI_RESPONSES, MODEL)], "hi")
    assert transcript.error is None and transcript.text == "From responses."
    assert fake.requests[0].path == "/responses"


async def test_thinking_turn_anthropic_keeps_the_signature(autojump_clock: Any) -> None:
    first = anthropic_thinking_then_tool(
        "Let me look at the file.", "sig-abc123", "toolu_1", "Read", json.dumps({"path": "/w/a.py"})
    )
    second = anthropic_text("The file defines main().")
    async with open_fake_provider(Reply.sse(first), Reply.sse(second)) as fake:
        spec = spec_for(fake, ProviderKind.ANTHROPIC, "claude-test")

        def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
            if message.exec_server_message.HasField("read_args"):
                return [read_ok(message, "def main():\n    pass")]
            return []

        transcript = await run_turn([spec], "what is in a.py?", model="claude-test", answer=answer)
    assert transcript.error is None
    assert transcript.thinking == "Let me look at the file."
    assert len(transcript.updates("thinking_completed")) == 1
    assert transcript.text == "The file defines main()."
    assert fake.requests[0].headers["x-api-key"] == API_KEY
    replayed = fake.requests[1].json["messages"]
    assistant = next(m for m in replayed if m["role"] == "assistant")
    thinking = next(block for block in assistant["content"] if block["type"] == "thinking")
    assert thinking == {"type": "thinking", "thinking": "Let me look at the file.", "signature": "sig-abc123"}
    tool_result = replayed[-1]["content"][0]
    assert tool_result["type"] == "tool_result" and tool_result["tool_use_id"] == "toolu_1"
    assert "def main()" in json.dumps(tool_result)


async def test_multi_step_tool_loop_read_write_shell(autojump_clock: Any) -> None:
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/app.py"}))),
        Reply.sse(chat_tool_call("c2", "Write", json.dumps({"path": "/w/app.py", "contents": "print(2)\n"}))),
        Reply.sse(chat_tool_call("c3", "Shell", json.dumps({"command": "python app.py"}))),
        Reply.sse(chat_text("Done: it prints 2.")),
    ]
    answered: list[str] = []

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        request = message.exec_server_message
        which = request.WhichOneof("message") if message.HasField("exec_server_message") else None
        if which is not None:
            answered.append(which)
        if which == "read_args":
            return [read_ok(message, "print(1)\n")]
        if which == "write_args":
            assert request.write_args.file_text == "print(2)\n"
            success = agent.WriteSuccess(path=request.write_args.path, lines_created=1)
            return [exec_reply(message, write_result=agent.WriteResult(success=success))]
        if which == "shell_stream_args":
            assert request.shell_stream_args.command == "python app.py"
            return shell_events(message, "2\n")
        return []

    async with open_fake_provider(*replies) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "make it print 2", answer=answer)
    assert transcript.error is None, transcript.error
    assert answered == ["read_args", "write_args", "shell_stream_args"]
    assert transcript.text == "Done: it prints 2."
    shell_deltas = [u.shell_output_delta for u in transcript.updates("shell_output_delta")]
    assert [d.WhichOneof("event") for d in shell_deltas] == ["start", "stdout", "exit"]
    assert len(transcript.updates("tool_call_started")) == len(transcript.updates("tool_call_completed")) == 3
    assert len(fake.requests) == 4
    last = fake.requests[3].json["messages"]
    tool_messages = [m for m in last if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_messages] == ["c1", "c2", "c3"]
    assert "print(1)" in tool_messages[0]["content"] and "2" in tool_messages[2]["content"]
    # the exec ids tie each request to its tool call
    exec_ids = [m.exec_server_message.exec_id for m in transcript.of("exec_server_message")]
    assert [eid.rsplit(":", 1)[1] for eid in exec_ids] == ["c1", "c2", "c3"]


async def test_parallel_tool_calls_are_all_sent_before_any_answer(autojump_clock: Any) -> None:
    calls = [("p1", "Read", json.dumps({"path": "/a"})), ("p2", "Read", json.dumps({"path": "/b"}))]
    pending: list[agent.AgentServerMessage] = []

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if not message.HasField("exec_server_message"):
            return []
        pending.append(message)
        if len(pending) < 2:
            return []
        first, second = pending
        return [read_ok(second, "B"), read_ok(first, "A")]  # answered in reverse order

    async with open_fake_provider(Reply.sse(chat_tool_calls(calls)), Reply.sse(chat_text("ok"))) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "read both", answer=answer)
    assert transcript.error is None
    tool_messages = [m for m in fake.requests[1].json["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_messages] == ["p1", "p2"]
    assert "A" in tool_messages[0]["content"] and "B" in tool_messages[1]["content"]


async def test_an_exec_reaches_the_editor_only_once_the_snapshot_expecting_it_is_committed(
    autojump_clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27 #14: the exec went out before the snapshot that expects its answer was durable; a daemon
    killed in between ran the finished pass again after the restart (one more provider call, and maybe
    another tool call from a real model)."""
    committed: list[str] = []
    original = SqlStore.journal_pending_put

    async def journal_pending_put(self: SqlStore, request_id: str, kind: Any, entry_id: str, state: str) -> None:
        await original(self, request_id, kind, entry_id, state)
        committed.append(state)  # on disk from here (a queued `_nowait` put is not, yet)

    monkeypatch.setattr(SqlStore, "journal_pending_put", journal_pending_put)

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if not message.HasField("exec_server_message"):
            return []
        exec_seq = message.exec_server_message.id
        assert any(f'"exec_seq":{exec_seq}' in state.replace(" ", "") for state in committed)
        return [read_ok(message, "A")]

    replies = [Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/a"}))), Reply.sse(chat_text("ok"))]
    async with open_fake_provider(*replies) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "read it", answer=answer)
    assert transcript.error is None and transcript.text == "ok"


async def test_mcp_tool_call(autojump_clock: Any) -> None:
    definition = agent.McpToolDefinition(
        name="lookup", provider_identifier="tokens", tool_name="lookup", description="Look a token up"
    )
    tool_name = "mcp__tokens__lookup"
    replies = [Reply.sse(chat_tool_call("m1", tool_name, json.dumps({"q": "abc"}))), Reply.sse(chat_text("found"))]

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if not message.exec_server_message.HasField("mcp_args"):
            return []
        mcp_args = message.exec_server_message.mcp_args
        assert (mcp_args.provider_identifier, mcp_args.tool_name) == ("tokens", "lookup")
        content = agent.McpToolResultContentItem(text=agent.McpTextContent(text="abc=42"))
        return [exec_reply(message, mcp_result=agent.McpResult(success=agent.McpSuccess(content=[content])))]

    async with open_fake_provider(*replies) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "look up abc", answer=answer, mcp_tools=[definition])
    assert transcript.error is None and transcript.text == "found"
    assert tool_name in {tool["function"]["name"] for tool in fake.requests[0].json["tools"]}
    tool_message = next(m for m in fake.requests[1].json["messages"] if m["role"] == "tool")
    assert "abc=42" in tool_message["content"]


@pytest.mark.parametrize("answered", [True, False], ids=["answered", "rejected"])
async def test_ask_question(autojump_clock: Any, answered: bool) -> None:
    options = [{"id": "a", "label": "Apples"}, {"id": "b", "label": "Pears"}]
    question = {"questions": [{"id": "q1", "prompt": "Which?", "options": options}]}
    replies = [Reply.sse(chat_tool_call("k1", "AskQuestion", json.dumps(question))), Reply.sse(chat_text("thanks"))]

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if not message.HasField("interaction_query"):
            return []
        query = message.interaction_query
        assert query.HasField("ask_question_interaction_query")
        if answered:
            success = agent.AskQuestionSuccess(
                answers=[agent.AskQuestionSuccess.Answer(question_id="q1", selected_option_ids=["a"])]
            )
            result = agent.AskQuestionResult(success=success)
        else:
            result = agent.AskQuestionResult(rejected=agent.AskQuestionRejected(reason="not now"))
        response = agent.InteractionResponse(
            id=query.id, ask_question_interaction_response=agent.AskQuestionInteractionResponse(result=result)
        )
        return [agent.AgentClientMessage(interaction_response=response)]

    async with open_fake_provider(*replies) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "ask me", answer=answer)
    assert transcript.error is None
    tool_message = next(m for m in fake.requests[1].json["messages"] if m["role"] == "tool")
    if answered:
        assert "Apples" in tool_message["content"]
    else:
        assert "dismissed" in tool_message["content"] and "not now" in tool_message["content"]


# ---- cancel ------------------------------------------------------------------------------------


async def test_cancel_mid_provider_stream_closes_the_provider_connection(autojump_clock: Any) -> None:
    stalled = Reply.sse(chat_text("partial answer", done=False)[:3], then=Stall())
    async with (
        open_fake_provider(stalled) as fake,
        agent_daemon(spec_for(fake, CHAT, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        await editor.append("r1", run_request("go", model=MODEL))
        async with editor.run_sse("r1") as reader:
            first = await reader.next_message()
            while first is not None and not first.interaction_update.HasField("text_delta"):
                first = await reader.next_message()
            await editor.append("r1", cancel_action("stop"))
            await reader.read_to_end()
            assert reader.error is not None and reader.error.code is Code.CANCELED
        with trio.fail_after(5):
            await fake.requests[0].disconnected.wait()
        assert fake.requests[0].client_disconnected


async def test_cancel_mid_exec_sends_abort(autojump_clock: Any) -> None:
    reply = Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/slow"})))
    async with (
        open_fake_provider(reply) as fake,
        agent_daemon(spec_for(fake, CHAT, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        await editor.append("r1", run_request("read it", model=MODEL))
        async with editor.run_sse("r1") as reader:
            message = await reader.next_message()
            while message is not None and not message.HasField("exec_server_message"):
                message = await reader.next_message()
            assert message is not None
            exec_id = message.exec_server_message.id
            await editor.append("r1", cancel_action())
            rest = await reader.read_to_end()
    aborts = [m.exec_server_control_message.abort.id for m in rest if m.HasField("exec_server_control_message")]
    assert aborts == [exec_id]
    assert reader.error is not None and reader.error.code is Code.CANCELED


async def test_no_runsse_for_30s_cancels_the_provider_request(autojump_clock: Any) -> None:
    stalled = Reply.sse(chat_text("slow", done=False)[:2], then=Stall())
    async with (
        open_fake_provider(stalled) as fake,
        agent_daemon(spec_for(fake, CHAT, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        await editor.append("r1", run_request("go", model=MODEL))
        start = trio.current_time()
        await fake.wait_for_requests(1)
        await fake.requests[0].disconnected.wait()
        assert trio.current_time() - start == pytest.approx(30, abs=1)
        stream = daemon.core.broker.get("r1")
        assert stream is not None and stream.backlog.ending is not None
        assert stream.backlog.ending.error is not None and stream.backlog.ending.error.code is Code.CANCELED


# ---- provider errors ---------------------------------------------------------------------------


async def test_401_ends_unauthenticated_not_retryable(autojump_clock: Any) -> None:
    reply = Reply.json(401, {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}})
    async with open_fake_provider(reply) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "hi")
    assert transcript.error is not None and transcript.error.code is Code.UNAUTHENTICATED
    assert "openai-chat" in transcript.error.message
    detail = error_detail(transcript)
    assert detail.error == aiserver.ErrorDetails.ERROR_BAD_USER_API_KEY
    assert detail.details.is_retryable is False and detail.details.title
    assert len(fake.requests) == 1  # never retried


async def test_429_then_success_is_retried_transparently(autojump_clock: Any) -> None:
    limited = Reply.json(
        429, {"error": {"message": "slow down", "code": "rate_limit_exceeded"}}, [("retry-after", "2")]
    )
    async with open_fake_provider(limited, Reply.sse(chat_text("after the wait"))) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "hi")
    assert transcript.error is None and transcript.text == "after the wait"
    assert len(fake.requests) == 2


async def test_529_overloaded_is_retried_then_reported(autojump_clock: Any) -> None:
    overloaded = Reply.json(529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})
    async with open_fake_provider(overloaded, overloaded, overloaded) as fake:
        spec = spec_for(fake, ProviderKind.ANTHROPIC, "claude-test")
        transcript = await run_turn([spec], "hi", model="claude-test")
    assert transcript.error is not None and transcript.error.code is Code.UNAVAILABLE
    assert len(fake.requests) == 3
    assert error_detail(transcript).details.is_retryable is False


async def test_context_too_long(autojump_clock: Any) -> None:
    too_long = Reply.json(
        400,
        {"error": {"message": "This model's maximum context length is 8192 tokens", "code": "context_length_exceeded"}},
    )
    async with open_fake_provider(too_long) as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL)], "hi")
    assert transcript.error is not None and transcript.error.code is Code.INVALID_ARGUMENT
    assert error_detail(transcript).error == aiserver.ErrorDetails.ERROR_CONVERSATION_TOO_LONG


async def test_unknown_model_is_not_found_naming_the_configured_ones(autojump_clock: Any) -> None:
    async with open_fake_provider() as fake:
        transcript = await run_turn([spec_for(fake, CHAT, MODEL, "gpt-other")], "hi", model="no-such-model")
    assert transcript.error is not None and transcript.error.code is Code.NOT_FOUND
    assert "no-such-model" in transcript.error.message
    assert "gpt-test" in transcript.error.message and "gpt-other" in transcript.error.message
    assert fake.requests == []


# ---- history -----------------------------------------------------------------------------------


async def test_second_turn_carries_the_first_and_a_failed_turn_is_not_saved(autojump_clock: Any) -> None:
    broken = Reply.json(500, {"error": {"message": "boom"}})
    replies = [Reply.sse(chat_text("First answer.")), broken, broken, broken, Reply.sse(chat_text("Third answer."))]
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, CHAT, MODEL)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        for request_id, text in (("t1", "first question"), ("t2", "second question"), ("t3", "third question")):
            await editor.append(request_id, run_request(text, model=MODEL, conversation_id="conv-9"))
            async with editor.run_sse(request_id) as reader:
                await drive(editor, request_id, reader)
    third = fake.requests[-1].json["messages"]
    said = [(m["role"], m["content"]) for m in third if m["role"] in ("user", "assistant")]
    assert said == [
        ("user", "first question"),
        ("assistant", "First answer."),
        ("user", "third question"),
    ]
