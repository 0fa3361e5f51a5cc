"""End to end through connect-es: what a current editor attaches reaches the fake provider.

The node client's `script` scenario uploads AgentClientMessages built here (protobuf JSON), reads each run's
RunSSE to the end and answers the execs and kv requests as the script says; the fake providers record what
cursord sent them. Real sockets, so the real clock, bounded by `fail_after`.
"""

from __future__ import annotations

import base64
import json
import tempfile
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio
from google.protobuf import json_format
from google.protobuf.message import Message

from cursord.config import ProviderKind
from cursord.context.rules import FETCH_RULES_TOOL
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.fake_providers import FakeProvider, Reply, chat_text, chat_tool_call, open_fake_provider
from cursord.testing.harness import RunningDaemon
from tests.e2e.test_interop_connect_es import RUN_SECONDS, decoded, node_command, run_node
from tests.editor_fixtures import all_kinds_blobs, all_kinds_message, png, recorded_action

MODEL = "gpt-editor"
OTHER_MODEL = "gpt-other"


def as_json(message: Message) -> dict[str, Any]:
    data: dict[str, Any] = json_format.MessageToDict(message)
    return data


def run(
    request_id: str,
    *uploads: agent.AgentClientMessage,
    exec_answers: dict[str, Message] | None = None,
    blobs: dict[bytes, bytes] | None = None,
) -> dict[str, Any]:
    """One run of the script: its uploads, the editor's exec answers by case (camelCase), its kv blobs."""
    return {
        "requestId": request_id,
        "uploads": [as_json(u) for u in uploads],
        "execAnswers": {case: as_json(answer) for case, answer in (exec_answers or {}).items()},
        "blobs": {base64.b64encode(k).decode(): base64.b64encode(v).decode() for k, v in (blobs or {}).items()},
    }


async def run_script(daemon: RunningDaemon, runs: Sequence[dict[str, Any]], http: str = "1.1") -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="cursord-script-") as folder:
        path = Path(folder) / "script.json"
        path.write_text(json.dumps({"runs": list(runs)}))
        results, _ = await run_node(daemon.address, http, "--model", MODEL, "--script", str(path), "script")
    outcome: list[dict[str, Any]] = results["script"]["runs"]
    assert all(r["end"] is None for r in outcome), outcome
    return outcome


@asynccontextmanager
async def daemon_with(*replies: Reply) -> AsyncIterator[tuple[RunningDaemon, FakeProvider]]:
    node_command()
    with trio.fail_after(RUN_SECONDS):
        async with open_fake_provider(*replies) as fake:
            spec = spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL, OTHER_MODEL)
            async with agent_daemon(spec, transport="tcp") as (daemon, _):
                yield daemon, fake


def run_request(
    action: agent.ConversationAction,
    *,
    model: str | None = MODEL,
    conversation_id: str = "conv-e2e",
    prefetched: dict[bytes, bytes] | None = None,
) -> agent.AgentClientMessage:
    request = agent.AgentRunRequest(action=action, conversation_id=conversation_id)
    if model is not None:
        request.requested_model.model_id = model
    for blob_id, value in (prefetched or {}).items():
        request.pre_fetched_blobs.add(id=blob_id, value=value)
    return agent.AgentClientMessage(run_request=request)


def user_action(message: agent.UserMessage, context: agent.RequestContext | None = None) -> agent.ConversationAction:
    action = agent.ConversationAction()
    action.user_message_action.user_message.CopyFrom(message)
    if context is not None:
        action.user_message_action.request_context.CopyFrom(context)
    else:
        action.user_message_action.request_context.SetInParent()
    return action


def text_of(result: dict[str, Any]) -> str:
    return "".join(m.interaction_update.text_delta.text for m in decoded(result["messages"]))


def exec_requests(result: dict[str, Any]) -> list[agent.ExecServerMessage]:
    return [m.exec_server_message for m in decoded(result["messages"]) if m.HasField("exec_server_message")]


async def test_attached_files_selections_and_an_image_reach_the_model() -> None:
    message = all_kinds_message()
    blobs = all_kinds_blobs()
    image_blob = blobs.pop(b"image-blob-1")  # the editor's kv has it; the extra-context blob is prefetched
    async with daemon_with(Reply.sse(chat_text("I see the parser."))) as (daemon, fake):
        (result,) = await run_script(
            daemon,
            [run("r-attach", run_request(user_action(message), prefetched=blobs), blobs={b"image-blob-1": image_blob})],
        )
    assert text_of(result) == "I see the parser."
    assert "getBlobArgs" in result["kv"]
    content = fake.requests[0].json["messages"][-1]["content"]
    assert [part["type"] for part in content] == ["text", "image_url", "image_url", "text"]
    block = content[0]["text"]
    assert '\\parser.go" relative_path="internal/httpstream/parser.go">\npackage httpstream' in block
    assert 'relative_path="internal/httpstream/grpc.go" lines="120-122">' in block
    assert "Extra context that the editor stored as a blob." in block
    assert content[1]["image_url"]["url"].startswith("data:image/png;base64,")  # labelled image/jpeg
    assert base64.b64decode(content[2]["image_url"]["url"].split(",", 1)[1]) == image_blob
    assert content[3]["text"] == message.text


async def test_rules_and_skills_by_type() -> None:
    action = recorded_action()
    context = action.user_message_action.request_context
    context.rules.add(full_path="/w/.cursor/rules/tabs.mdc", content="Indent with tabs.",
                      type=agent.CursorRuleType(**{"global": agent.CursorRuleTypeGlobal()}))
    context.rules.add(full_path="/w/.cursor/rules/go.mdc", content="Wrap errors with %w.",
                      type=agent.CursorRuleType(file_globbed=agent.CursorRuleTypeFileGlobs(globs=["**/*.go"])))
    context.mcp_file_system_options.Clear()  # MCP has its own test
    replies = [
        Reply.sse(chat_tool_call("c1", FETCH_RULES_TOOL, json.dumps({"names": ["create-skill"]}))),
        Reply.sse(chat_tool_call("c2", "Read", json.dumps({"path": "/w/internal/proxy/server.go"}))),
        Reply.sse(chat_text("Done.")),
    ]
    read = agent.ExecClientMessage(read_result=agent.ReadResult(success=agent.ReadSuccess(path="/w/x.go", content="x")))
    async with daemon_with(*replies) as (daemon, fake):
        (result,) = await run_script(daemon, [run("r-rules", run_request(action), exec_answers={"readArgs": read})])
    assert text_of(result) == "Done."
    assert [e["kind"] for e in result["execs"]] == ["readArgs"]  # FetchRules needed no editor round trip
    first, second, third = (r.json for r in fake.requests)
    system = first["messages"][0]["content"]
    assert "Indent with tabs." in system and "- create-skill: Guides users" in system
    assert "create-subagent" not in system and "Wrap errors" not in system
    assert FETCH_RULES_TOOL in {t["function"]["name"] for t in first["tools"]}
    fetched = next(m for m in second["messages"] if m["role"] == "tool")
    assert "# Creating Skills in Cursor" in fetched["content"]
    read_result = [m for m in third["messages"] if m["role"] == "tool"][-1]
    assert "<rules_for_these_files>" in read_result["content"] and "Wrap errors with %w." in read_result["content"]


async def test_mcp_tools_through_mcp_state_exec_args() -> None:
    action = recorded_action()
    action.user_message_action.user_message.mode = agent.AGENT_MODE_AGENT  # recorded in Plan mode: no MCP calls
    state = agent.ExecClientMessage()
    servers = state.mcp_state_exec_result.success.servers
    server = servers.add(server_name="自定义工具1", server_identifier="user-cattool")
    tool = server.tools.add(name="read_file", tool_name="read_file", description="Read a file")
    tool.input_schema.struct_value.update({"type": "object", "properties": {"path": {"type": "string"}}})
    mcp = agent.ExecClientMessage()
    mcp.mcp_result.success.content.add(text=agent.McpTextContent(text="file body from MCP"))
    replies = [
        Reply.sse(chat_tool_call("c1", "mcp__cattool__read_file", json.dumps({"path": "a.txt"}))),
        Reply.sse(chat_text("It says: file body from MCP")),
    ]
    async with daemon_with(*replies) as (daemon, fake):
        (result,) = await run_script(
            daemon, [run("r-mcp", run_request(action), exec_answers={"mcpStateExecArgs": state, "mcpArgs": mcp})]
        )
    assert [e["kind"] for e in result["execs"]] == ["mcpStateExecArgs", "mcpArgs"]
    call = exec_requests(result)[1].mcp_args
    assert (call.provider_identifier, call.tool_name, call.args["path"].string_value) == ("user-cattool", "read_file",
                                                                                          "a.txt")
    first, second = (r.json for r in fake.requests)
    offered = {t["function"]["name"]: t["function"] for t in first["tools"]}
    assert offered["mcp__cattool__read_file"]["parameters"]["properties"] == {"path": {"type": "string"}}
    assert '<server name="cursor-ide-browser">' in first["messages"][0]["content"]
    assert "file body from MCP" in next(m for m in second["messages"] if m["role"] == "tool")["content"]


async def test_a_run_without_a_request_context_asks_for_it() -> None:
    context = agent.RequestContext()
    context.rules.add(full_path="/w/AGENTS.md", content="Always answer in haiku.")
    context.env.os_version = "linux 6.8"
    answer = agent.ExecClientMessage()
    answer.request_context_result.success.request_context.CopyFrom(context)
    action = agent.ConversationAction()
    action.user_message_action.user_message.text = "hello"  # no request_context at all
    async with daemon_with(Reply.sse(chat_text("ok"))) as (daemon, fake):
        (result,) = await run_script(
            daemon, [run("r-ctx", run_request(action), exec_answers={"requestContextArgs": answer})]
        )
    assert [e["kind"] for e in result["execs"]] == ["requestContextArgs"]
    system = fake.requests[0].json["messages"][0]["content"]
    assert "Always answer in haiku." in system and "OS: linux 6.8" in system


async def test_a_background_completion_continues_the_conversation() -> None:
    completion = agent.ConversationAction()
    completion.background_task_completion_action.completions.add(
        task_id="t1", kind=agent.BACKGROUND_TASK_KIND_SHELL, status=agent.BACKGROUND_TASK_STATUS_SUCCESS,
        title="npm test", detail="all 12 passed", tool_call_id="call-9",
    )
    async with daemon_with(Reply.sse(chat_text("Tests pass.")), Reply.sse(chat_text("Noted."))) as (daemon, fake):
        _, second = await run_script(
            daemon,
            [
                run("r-bg-1", run_request(user_action(agent.UserMessage(text="run the tests in the background")))),
                run("r-bg-2", run_request(completion)),
            ],
        )
    assert text_of(second) == "Noted."
    sent = fake.requests[1].json["messages"]
    assert sent[-1]["role"] == "user" and 'status="success"' in sent[-1]["content"]
    assert "all 12 passed" in sent[-1]["content"]
    assert {"role": "user", "content": "run the tests in the background"} in sent  # the conversation went on


async def test_a_queued_message_is_taken_by_the_next_resume() -> None:
    queued = agent.AgentClientMessage(conversation_action=user_action(agent.UserMessage(text="also add tests")))
    resume = agent.ConversationAction(resume_action=agent.ResumeAction())
    async with daemon_with(Reply.sse(chat_text("Adding tests."))) as (daemon, fake):
        (result,) = await run_script(daemon, [run("r-queued", queued, run_request(resume))])
    assert [a["ack"] for a in result["acks"]] == [{}, {}]
    assert text_of(result) == "Adding tests."
    assert fake.requests[0].json["messages"][-1] == {"role": "user", "content": "also add tests"}


async def test_a_follow_up_without_a_model_keeps_the_conversations_model() -> None:
    replies = [Reply.sse(chat_text("first")), Reply.sse(chat_text("second"))]
    async with daemon_with(*replies) as (daemon, fake):
        await run_script(
            daemon,
            [
                run("r-m1", run_request(user_action(agent.UserMessage(text="one")), model=OTHER_MODEL)),
                run("r-m2", run_request(user_action(agent.UserMessage(text="two")), model=None)),
            ],
        )
    assert [r.json["model"] for r in fake.requests] == [OTHER_MODEL, OTHER_MODEL]


async def test_the_recorded_session_start_runs_on_images_png() -> None:
    """A pasted screenshot on a model without vision: the model is told, not sent the image."""
    message = agent.UserMessage(text="what does this show?")
    message.selected_context.selected_images.add(path="shot.png", mime_type="image/png", data=png())
    node_command()
    with trio.fail_after(RUN_SECONDS):
        async with open_fake_provider(Reply.sse(chat_text("I cannot see it."))) as fake:
            spec = spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)
            blind = type(spec)(kind=spec.kind, name=spec.name, base_url=spec.base_url, api_key_env=spec.api_key_env,
                               models=spec.models, vision=False)
            async with agent_daemon(blind, transport="tcp") as (daemon, _):
                await run_script(daemon, [run("r-blind", run_request(user_action(message)))])
    content = fake.requests[0].json["messages"][-1]["content"]
    assert isinstance(content, str) and "that you cannot see" in content and "shot.png" in content
