"""Request builders for the three wire formats, and the delta -> message round trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cursord.providers import anthropic, openai_chat, openai_responses
from cursord.providers.assemble import MessageAssembler
from cursord.providers.base import auth_headers, make_decoder
from cursord.providers.model import (
    Message,
    PassRequest,
    ProviderKind,
    ReasoningChoice,
    Role,
    StopReason,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    ToolSpec,
)
from cursord.providers.sse import SSEDecoder

DATA = Path(__file__).parents[1] / "data"

SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {"path": {"type": "string"}, "lines": {"type": "array"}},
    "required": ["path", "ghost"],
}
TOOLS = (ToolSpec("read_file", "Read a file", SCHEMA), ToolSpec("ls", "List a directory", {}))


def conversation() -> tuple[Message, ...]:
    return (
        Message.user("Read a.py"),
        Message.assistant(
            ThinkingPart("Need the file.", signature="sig-anthropic", origin="anthropic"),
            ThinkingPart(redacted_data="REDACTED==", origin="anthropic"),
            ThinkingPart("summary", signature="enc-openai", origin="openai-responses"),
            TextPart("Reading."),
            ToolCallPart("call_1", "read_file", '{"path": "a.py"}'),
            ToolCallPart("call_2", "ls", ""),
        ),
        Message(
            Role.TOOL,
            (ToolResultPart("call_1", "print(1)"), ToolResultPart("call_2", "no such dir", is_error=True)),
        ),
        Message.user("Thanks. Now explain."),
    )


def request(**kw: Any) -> PassRequest:
    base: dict[str, Any] = {"model": "m-1", "system": "You are terse.", "messages": conversation(), "tools": TOOLS}
    base.update(kw)
    return PassRequest(**base)


def test_chat_request() -> None:
    choice = ReasoningChoice(effort="high")
    path, body, headers = openai_chat.build_request(request(reasoning=choice, max_output_tokens=500))
    assert path == "/chat/completions"
    assert headers["accept"] == "text/event-stream"
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert body["reasoning_effort"] == "high" and body["max_completion_tokens"] == 500
    assert body["messages"] == [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "Read a.py"},
        {
            "role": "assistant",
            "content": "Reading.",
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "read_file", "arguments": '{"path": "a.py"}'},
                },
                {"id": "call_2", "type": "function", "function": {"name": "ls", "arguments": ""}},
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "print(1)"},
        {"role": "tool", "tool_call_id": "call_2", "content": "no such dir"},
        {"role": "user", "content": "Thanks. Now explain."},
    ]
    tool = body["tools"][0]
    assert tool["type"] == "function" and tool["function"]["name"] == "read_file"
    params = tool["function"]["parameters"]
    assert "$schema" not in params and params["required"] == ["path"]
    assert params["properties"]["lines"]["items"] == {}
    assert body["tools"][1]["function"]["parameters"] == {"type": "object", "properties": {}}
    assert "strict" not in tool["function"]


def test_chat_request_options() -> None:
    opts = openai_chat.ChatOptions(
        max_tokens_field="max_tokens", reasoning_echo_field="reasoning_content", schema_profile="openai_strict"
    )
    _, body, _ = openai_chat.build_request(request(max_output_tokens=9), opts)
    assert body["max_tokens"] == 9 and "max_completion_tokens" not in body
    assert body["messages"][2]["reasoning_content"] == "Need the file.summary"
    assert body["tools"][0]["function"]["strict"] is True
    assert body["tools"][0]["function"]["parameters"]["additionalProperties"] is False


def test_chat_assistant_with_only_tool_calls_has_null_content() -> None:
    msg = Message.assistant(ToolCallPart("c", "f", "{}"))
    _, body, _ = openai_chat.build_request(PassRequest("m", messages=(msg,)))
    assert body["messages"] == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
        }
    ]
    assert "tools" not in body and "reasoning_effort" not in body


def test_responses_request() -> None:
    choice = ReasoningChoice(effort="medium")
    path, body, _ = openai_responses.build_request(request(reasoning=choice, max_output_tokens=800))
    assert path == "/responses"
    assert body["stream"] is True and body["store"] is False
    assert body["instructions"] == "You are terse."
    assert body["reasoning"] == {"effort": "medium", "summary": "auto"}
    assert body["include"] == ["reasoning.encrypted_content"]
    assert body["max_output_tokens"] == 800
    assert body["input"] == [
        {"type": "message", "role": "user", "content": "Read a.py"},
        # only the thinking signed by the Responses API goes back, verbatim
        {
            "type": "reasoning",
            "summary": [{"type": "summary_text", "text": "summary"}],
            "encrypted_content": "enc-openai",
        },
        {"type": "message", "role": "assistant", "content": "Reading."},
        {"type": "function_call", "call_id": "call_1", "name": "read_file", "arguments": '{"path": "a.py"}'},
        {"type": "function_call", "call_id": "call_2", "name": "ls", "arguments": ""},
        {"type": "function_call_output", "call_id": "call_1", "output": "print(1)"},
        {"type": "function_call_output", "call_id": "call_2", "output": "no such dir"},
        {"type": "message", "role": "user", "content": "Thanks. Now explain."},
    ]
    tool = body["tools"][0]
    assert tool["type"] == "function" and tool["name"] == "read_file" and tool["strict"] is False
    assert tool["parameters"]["required"] == ["path"]


def test_responses_without_reasoning_has_no_include() -> None:
    _, body, _ = openai_responses.build_request(PassRequest("m", messages=(Message.user("hi"),)))
    assert "reasoning" not in body and "include" not in body and "instructions" not in body


def test_anthropic_request() -> None:
    choice = ReasoningChoice(thinking=True, effort="low")
    path, body, headers = anthropic.build_request(request(reasoning=choice, max_output_tokens=2000))
    assert path == "/v1/messages"
    assert headers["anthropic-version"] == "2023-06-01"
    assert body["stream"] is True
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert body["max_tokens"] > 2048  # max_tokens must exceed the thinking budget
    assert body["system"] == [{"type": "text", "text": "You are terse.", "cache_control": {"type": "ephemeral"}}]
    assert [t.get("cache_control") for t in body["tools"]] == [None, {"type": "ephemeral"}]
    assert body["tools"][0]["input_schema"]["required"] == ["path"]
    assert "$schema" not in body["tools"][0]["input_schema"]
    assert body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Read a.py"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "Need the file.", "signature": "sig-anthropic"},
                {"type": "redacted_thinking", "data": "REDACTED=="},
                # the Responses-signed thinking is dropped: its signature means nothing here
                {"type": "text", "text": "Reading."},
                {"type": "tool_use", "id": "call_1", "name": "read_file", "input": {"path": "a.py"}},
                {"type": "tool_use", "id": "call_2", "name": "ls", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "call_1", "content": "print(1)"},
                {"type": "tool_result", "tool_use_id": "call_2", "content": "no such dir", "is_error": True},
                # the third breakpoint: the conversation so far is the next pass's cached prefix
                {"type": "text", "text": "Thanks. Now explain.", "cache_control": {"type": "ephemeral"}},
            ],
        },
    ]


def test_prompt_cache_key_is_the_requests_cache_key_unless_turned_off() -> None:
    keyed = PassRequest("m", messages=(Message.user("hi"),), cache_key="conv-1")
    assert openai_chat.build_request(keyed)[1]["prompt_cache_key"] == "conv-1"
    assert openai_responses.build_request(keyed)[1]["prompt_cache_key"] == "conv-1"
    assert "prompt_cache_key" not in openai_chat.build_request(PassRequest("m", messages=keyed.messages))[1]
    off_chat = openai_chat.ChatOptions(send_cache_key=False)
    off_responses = openai_responses.ResponsesOptions(send_cache_key=False)
    assert "prompt_cache_key" not in openai_chat.build_request(keyed, off_chat)[1]
    assert "prompt_cache_key" not in openai_responses.build_request(keyed, off_responses)[1]
    assert "prompt_cache_key" not in anthropic.build_request(keyed)[1]  # Anthropic caches by breakpoints


def test_anthropic_system_messages_are_hoisted_and_cache_options() -> None:
    req = PassRequest(
        "m", system="Base.", messages=(Message.system("Extra rules."), Message.user("hi")), tools=TOOLS[:1]
    )
    opts = anthropic.AnthropicOptions(cache_tools=False, cache_last_message=True, betas=("b1", "b2"))
    _, body, headers = anthropic.build_request(req, opts)
    assert body["system"] == [
        {"type": "text", "text": "Base."},
        {"type": "text", "text": "Extra rules.", "cache_control": {"type": "ephemeral"}},
    ]
    assert "cache_control" not in body["tools"][0]
    assert body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}]}
    ]
    assert headers["anthropic-beta"] == "b1,b2"
    assert body["max_tokens"] == 8192 and "thinking" not in body


def test_auth_headers() -> None:
    assert auth_headers(ProviderKind.ANTHROPIC, "k") == {"x-api-key": "k"}
    assert auth_headers(ProviderKind.OPENAI_CHAT, "k") == {"authorization": "Bearer k"}
    assert auth_headers(ProviderKind.OPENAI_RESPONSES, "k") == {"authorization": "Bearer k"}
    assert auth_headers(ProviderKind.OPENAI_CHAT, None) == {}


def assemble(kind: ProviderKind, data: bytes) -> MessageAssembler:
    sse, decoder, assembler = SSEDecoder(), make_decoder(kind, "t"), MessageAssembler()
    for event in [*sse.feed(data), *sse.finish()]:
        for delta in decoder.feed(event):
            assembler.add(delta)
    for delta in decoder.finish():
        assembler.add(delta)
    return assembler


def test_anthropic_thinking_round_trips_byte_for_byte() -> None:
    """What the stream said in thinking/signature/redacted blocks goes back exactly."""
    data = (DATA / "anthropic_thinking_tool.sse").read_bytes()
    assembler = assemble(ProviderKind.ANTHROPIC, data)
    assert assembler.stop_reason is StopReason.TOOL_USE
    reply = assembler.message()
    results = Message(Role.TOOL, (ToolResultPart("toolu_01VqG2jCdyjoB9HMTFnCKeo2", "x = 1"),))
    _, body, _ = anthropic.build_request(PassRequest("m", messages=(Message.user("go"), reply, results)))
    sent = body["messages"][1]["content"]

    original: dict[int, dict[str, Any]] = {}
    for line in data.decode().splitlines():
        if line.startswith("data: "):
            event = json.loads(line[6:])
            if event["type"] == "content_block_start":
                original[event["index"]] = dict(event["content_block"])
            elif event["type"] == "content_block_delta":
                block, delta = original[event["index"]], event["delta"]
                if delta["type"] == "thinking_delta":
                    block["thinking"] += delta["thinking"]
                elif delta["type"] == "signature_delta":
                    block["signature"] += delta["signature"]
    assert sent[0] == original[0]  # thinking text and signature unchanged
    assert sent[1] == original[1]  # redacted_thinking data unchanged
    assert [b["type"] for b in sent] == ["thinking", "redacted_thinking", "text", "tool_use", "tool_use"]
    assert sent[3]["input"] == {"path": "src/ä.py"}


def test_responses_reasoning_round_trips() -> None:
    assembler = assemble(ProviderKind.OPENAI_RESPONSES, (DATA / "responses_reasoning_tool.sse").read_bytes())
    _, body, _ = openai_responses.build_request(PassRequest("m", messages=(assembler.message(),)))
    assert body["input"][0] == {
        "type": "reasoning",
        "summary": [{"type": "summary_text", "text": "**Planning the search**\n\nI will grep for TODO."}],
        "encrypted_content": "gAAAAABo-ENCRYPTED-BLOB==",
    }
    assert body["input"][1]["type"] == "function_call" and body["input"][1]["call_id"] == "call_Zx81"
