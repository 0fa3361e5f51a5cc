"""Reasoning round trips: a thinking tool loop of three passes against fakes that enforce each vendor's
rules (`cursord.testing.vendor_rules`), with the options a provider spec gets by default
(`cursord.providers.base.vendor_options`). Each loop passes only if every later pass carries the
earlier passes' reasoning where that vendor wants it; with `reasoning_echo=False` the same loop gets the
vendor's 400, which shows the fake would catch a regression.

On trio's mock clock over real loopback HTTP, as `test_provider_http` explains.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import pytest
import trio

from cursord.providers import errors
from cursord.providers.assemble import MessageAssembler
from cursord.providers.base import vendor_options
from cursord.providers.http import HttpProvider
from cursord.providers.model import (
    Delta,
    Message,
    PassRequest,
    ProviderKind,
    ReasoningChoice,
    ThinkingPart,
    ToolCallPart,
    ToolSpec,
)
from cursord.testing.fake_providers import (
    FakeProvider,
    Reply,
    VendorRule,
    anthropic_text,
    anthropic_thinking_then_tool,
    chat_text,
    chat_tool_calls,
    open_fake_provider,
    responses_stream,
)
from cursord.testing.vendor_rules import (
    KIMI_MESSAGE,
    AnthropicThinking,
    ChatReasoningRequired,
    ChatStrictMessages,
    GeminiThoughtSignatures,
    OpenRouterReasoningDetails,
    ResponsesReasoningItems,
)

KEY = "sk-test-0123456789"
TOOLS = (ToolSpec("read_file", "Read a file", {"type": "object", "properties": {"path": {"type": "string"}}}),)
NO_CHOICE = ReasoningChoice()
ARGS = (json.dumps({"path": "a.py"}), json.dumps({"path": "b.py"}))


async def tool_loop(
    kind: ProviderKind,
    base_path: str,
    model: str,
    replies: Sequence[Reply],
    rules: Sequence[VendorRule],
    *,
    choice: ReasoningChoice = NO_CHOICE,
    reasoning_echo: bool = True,
    host: Callable[[FakeProvider], str] = lambda fake: fake.base_url,
) -> tuple[FakeProvider, list[Message]]:
    """Three passes: two tool calls, then the answer; each pass's reply assembled into the history."""
    async with open_fake_provider(*replies, rules=rules) as fake:
        base_url = host(fake) + base_path
        options = vendor_options(kind, base_url, reasoning_echo=reasoning_echo)
        provider = HttpProvider(kind, "fake", fake.base_url + base_path, KEY, (model,), options=options)
        history: list[Message] = [Message.user("read a.py then b.py")]
        for _ in range(3):
            assembler = MessageAssembler()

            async def collect(delta: Delta, assembler: MessageAssembler = assembler) -> None:
                assembler.add(delta)

            await provider.stream(PassRequest(model, "sys", tuple(history), TOOLS, reasoning=choice), collect)
            reply = assembler.message()
            history.append(reply)
            calls = [p for p in reply.parts if isinstance(p, ToolCallPart)]
            history += [Message.tool_result(call.id, f"contents of {call.id}") for call in calls]
    return fake, history


# --- DeepSeek (and Kimi) -----------------------------------------------------------------------------


def deepseek_replies() -> list[Reply]:
    return [
        Reply.sse(chat_tool_calls([("call_a", "read_file", ARGS[0])], reasoning="First a.py.")),
        Reply.sse(chat_tool_calls([("call_b", "read_file", ARGS[1])], reasoning="Now b.py.")),
        Reply.sse(chat_text("Both read.", reasoning="Done.")),
    ]


async def test_deepseek_gets_reasoning_content_back_on_every_later_pass(
    autojump_clock: trio.testing.MockClock,
) -> None:
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_CHAT,
        "/v1",
        "deepseek-reasoner",
        deepseek_replies(),
        [ChatReasoningRequired()],
        host=lambda fake: "https://api.deepseek.com",
    )
    assert fake.refused == []
    third = fake.requests[2].json["messages"]
    assistants = [m for m in third if m["role"] == "assistant"]
    assert [m["reasoning_content"] for m in assistants] == ["First a.py.", "Now b.py."]
    assert [m["tool_calls"][0]["id"] for m in assistants] == ["call_a", "call_b"]


async def test_deepseek_without_reasoning_echo_is_refused(autojump_clock: trio.testing.MockClock) -> None:
    with pytest.raises(errors.BadRequest, match="reasoning_content in the thinking mode must be passed back"):
        await tool_loop(
            ProviderKind.OPENAI_CHAT,
            "/v1",
            "deepseek-reasoner",
            deepseek_replies(),
            [ChatReasoningRequired()],
            reasoning_echo=False,
        )


async def test_a_server_streaming_reasoning_gets_it_back_in_the_same_field(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """vLLM streams `reasoning`; an unknown host is no known vendor, yet its field is honoured."""
    replies = [
        Reply.sse(chat_tool_calls([("call_a", "read_file", ARGS[0])], reasoning="a", reasoning_field="reasoning")),
        Reply.sse(chat_tool_calls([("call_b", "read_file", ARGS[1])], reasoning="b", reasoning_field="reasoning")),
        Reply.sse(chat_text("ok")),
    ]
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_CHAT, "/v1", "qwen3", replies, [ChatReasoningRequired(field="reasoning")]
    )
    assert fake.refused == []
    assistants = [m for m in fake.requests[2].json["messages"] if m["role"] == "assistant"]
    assert [m.get("reasoning") for m in assistants] == ["a", "b"]
    assert all("reasoning_content" not in m for m in assistants)


# --- Gemini 3 through its OpenAI-compatible endpoint ---------------------------------------------------

GEMINI = "https://generativelanguage.googleapis.com/v1beta/openai"


def gemini_replies() -> list[Reply]:
    return [
        Reply.sse(chat_tool_calls([("call_a", "read_file", ARGS[0])], signatures=["sig-A=="])),
        Reply.sse(
            chat_tool_calls(
                [("call_b", "read_file", ARGS[1]), ("call_c", "read_file", ARGS[0])], signatures=["sig-B==", None]
            )
        ),
        Reply.sse(chat_text("Read them.")),
    ]


async def test_gemini_gets_each_thought_signature_back_with_its_call(autojump_clock: trio.testing.MockClock) -> None:
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_CHAT,
        "",
        "gemini-3-pro-preview",
        gemini_replies(),
        [GeminiThoughtSignatures()],
        choice=ReasoningChoice(effort="high"),
    )
    assert fake.refused == []
    third = fake.requests[2].json
    assert third["reasoning_effort"] == "high"
    calls = [c for m in third["messages"] if m["role"] == "assistant" for c in m["tool_calls"]]
    assert [c.get("extra_content") for c in calls] == [
        {"google": {"thought_signature": "sig-A=="}},
        {"google": {"thought_signature": "sig-B=="}},
        None,  # Gemini signs only the first call of a step
    ]


async def test_gemini_without_signatures_is_refused(autojump_clock: trio.testing.MockClock) -> None:
    with pytest.raises(errors.BadRequest) as refused:
        await tool_loop(
            ProviderKind.OPENAI_CHAT, "", "gemini-3-pro-preview", gemini_replies(), [GeminiThoughtSignatures()],
            reasoning_echo=False,
        )
    # Google's error body is a JSON list of one error: its message is read out of it
    assert refused.value.message.startswith("Function call is missing a thought_signature in functionCall parts.")


# --- plain OpenAI chat ----------------------------------------------------------------------------


async def test_openai_chat_sends_no_reasoning_fields_it_never_streamed(
    autojump_clock: trio.testing.MockClock,
) -> None:
    replies = [
        Reply.sse(chat_tool_calls([("call_a", "read_file", ARGS[0])])),
        Reply.sse(chat_tool_calls([("call_b", "read_file", ARGS[1])])),
        Reply.sse(chat_text("ok")),
    ]
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_CHAT, "/v1", "gpt-5", replies, [ChatStrictMessages()], choice=ReasoningChoice(effort="max"),
        host=lambda fake: "https://api.openai.com",
    )
    assert fake.refused == []
    assert fake.requests[2].json["reasoning_effort"] == "high"  # OpenAI's highest for every reasoning model


async def test_a_strict_server_that_streams_reasoning_takes_reasoning_echo_false(
    autojump_clock: trio.testing.MockClock,
) -> None:
    replies = [
        Reply.sse(chat_tool_calls([("call_a", "read_file", ARGS[0])], reasoning="a")),
        Reply.sse(chat_tool_calls([("call_b", "read_file", ARGS[1])], reasoning="b")),
        Reply.sse(chat_text("ok")),
    ]
    with pytest.raises(errors.BadRequest, match=r"\('reasoning_content' was unexpected\) - 'messages.2'"):
        await tool_loop(ProviderKind.OPENAI_CHAT, "/v1", "zai-glm", list(replies), [ChatStrictMessages()])
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_CHAT, "/v1", "zai-glm", list(replies), [ChatStrictMessages()], reasoning_echo=False
    )
    assert fake.refused == []


# --- OpenAI Responses ------------------------------------------------------------------------------


def responses_replies() -> list[Reply]:
    def step(n: int, thought: str) -> Reply:
        call = (f"c{n}", "read_file", ARGS[n - 1])
        stream = responses_stream(reasoning=[thought], encrypted=f"enc-{n}", reasoning_id=f"rs_{n}", calls=[call])
        return Reply.sse(stream)

    return [step(1, "Look at a."), step(2, "Now b."), Reply.sse(responses_stream(text="Both read."))]


async def test_responses_carries_encrypted_reasoning_without_an_effort(autojump_clock: trio.testing.MockClock) -> None:
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_RESPONSES, "/v1", "gpt-5", responses_replies(), [ResponsesReasoningItems()]
    )
    assert fake.refused == []
    third = fake.requests[2].json
    assert third["include"] == ["reasoning.encrypted_content"] and "effort" not in third["reasoning"]
    items = [i for i in third["input"] if i["type"] != "message"]
    kinds = [(i["type"], i.get("encrypted_content") or i.get("call_id")) for i in items]
    assert kinds == [
        ("reasoning", "enc-1"),
        ("function_call", "c1"),
        ("function_call_output", "c1"),
        ("reasoning", "enc-2"),
        ("function_call", "c2"),
        ("function_call_output", "c2"),
    ]


async def test_responses_without_reasoning_echo_is_refused(autojump_clock: trio.testing.MockClock) -> None:
    with pytest.raises(errors.BadRequest, match="without its required 'reasoning' item: 'rs_1'"):
        await tool_loop(
            ProviderKind.OPENAI_RESPONSES, "/v1", "gpt-5", responses_replies(), [ResponsesReasoningItems()],
            reasoning_echo=False,
        )


async def test_responses_asks_a_model_that_does_not_reason_for_no_reasoning(
    autojump_clock: trio.testing.MockClock,
) -> None:
    replies = [
        Reply.sse(responses_stream(calls=[("c1", "read_file", ARGS[0])])),
        Reply.sse(responses_stream(calls=[("c2", "read_file", ARGS[1])])),
        Reply.sse(responses_stream(text="ok")),
    ]
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_RESPONSES, "/v1", "gpt-4.1", replies, [ResponsesReasoningItems(reasoning_model=False)]
    )
    assert fake.refused == [] and all("include" not in r.json for r in fake.requests)


# --- Anthropic --------------------------------------------------------------------------------------


def anthropic_replies(signatures: tuple[str | None, str | None] = ("sig-1", "sig-2")) -> list[Reply]:
    return [
        Reply.sse(anthropic_thinking_then_tool("Look at a.", signatures[0], "toolu_1", "read_file", ARGS[0])),
        Reply.sse(anthropic_thinking_then_tool("Now b.", signatures[1], "toolu_2", "read_file", ARGS[1])),
        Reply.sse(anthropic_text("Both read.")),
    ]


async def test_anthropic_adaptive_only_model_thinks_adaptively_and_gets_its_blocks_back(
    autojump_clock: trio.testing.MockClock,
) -> None:
    fake, _ = await tool_loop(
        ProviderKind.ANTHROPIC,
        "",
        "claude-opus-4-7",
        anthropic_replies(),
        [AnthropicThinking(adaptive_only=True)],
        choice=ReasoningChoice(thinking=True, effort="high"),
    )
    assert fake.refused == []
    third = fake.requests[2].json
    assert third["thinking"] == {"type": "adaptive", "display": "summarized"}
    assert third["output_config"] == {"effort": "high"}
    assistants = [m["content"] for m in third["messages"] if m["role"] == "assistant"]
    assert [blocks[0] for blocks in assistants] == [
        {"type": "thinking", "thinking": "Look at a.", "signature": "sig-1"},
        {"type": "thinking", "thinking": "Now b.", "signature": "sig-2"},
    ]


async def test_anthropic_older_model_thinks_on_a_budget(autojump_clock: trio.testing.MockClock) -> None:
    fake, _ = await tool_loop(
        ProviderKind.ANTHROPIC,
        "",
        "claude-sonnet-4-5",
        anthropic_replies(),
        [AnthropicThinking()],
        choice=ReasoningChoice(thinking=True),
    )
    assert fake.refused == []
    assert fake.requests[2].json["thinking"] == {"type": "enabled", "budget_tokens": 8192}


async def test_anthropic_unsigned_thinking_from_a_gateway_turns_thinking_off_for_that_round(
    autojump_clock: trio.testing.MockClock,
) -> None:
    fake, _ = await tool_loop(
        ProviderKind.ANTHROPIC,
        "",
        "claude-sonnet-4-5",
        anthropic_replies((None, None)),
        [AnthropicThinking()],
        choice=ReasoningChoice(thinking=True),
    )
    assert fake.refused == []
    first, second, third = (r.json for r in fake.requests)
    assert "thinking" in first and "thinking" not in second and "thinking" not in third
    assert all(b["type"] != "thinking" for m in third["messages"] for b in m["content"])


# --- OpenRouter in front of Claude -------------------------------------------------------------------


def openrouter_replies() -> list[Reply]:
    return [
        Reply.sse(
            chat_tool_calls(
                [("call_a", "read_file", ARGS[0])],
                reasoning="Look at a.",
                reasoning_field="openrouter",
                reasoning_signature="ErUBsig-a",
            )
        ),
        Reply.sse(
            chat_tool_calls(
                [("call_b", "read_file", ARGS[1])],
                reasoning="Now b.",
                reasoning_field="openrouter",
                reasoning_signature="ErUBsig-b",
            )
        ),
        Reply.sse(chat_text("Both read.", reasoning="Done.", reasoning_field="openrouter")),
    ]


async def test_openrouter_gets_its_reasoning_details_back_verbatim(autojump_clock: trio.testing.MockClock) -> None:
    fake, history = await tool_loop(
        ProviderKind.OPENAI_CHAT,
        "/api/v1",
        "anthropic/claude-sonnet-4.5",
        openrouter_replies(),
        [OpenRouterReasoningDetails()],
        choice=ReasoningChoice(effort="high"),
        host=lambda fake: "https://openrouter.ai",
    )
    assert fake.refused == []
    assert fake.requests[2].json["reasoning"] == {"effort": "high"}
    assistants = [m for m in fake.requests[2].json["messages"] if m["role"] == "assistant"]
    assert [m["reasoning_details"] for m in assistants] == [
        [{"type": "reasoning.text", "text": text, "format": "anthropic-claude-v1", "index": 0, "signature": sig}]
        for text, sig in (("Look at a.", "ErUBsig-a"), ("Now b.", "ErUBsig-b"))
    ]
    assert all("reasoning" not in m for m in assistants)  # the text is not sent twice
    thinking = [p for m in history for p in m.parts if isinstance(p, ThinkingPart)]
    assert [p.text for p in thinking] == ["Look at a.", "Now b.", "Done."]  # reasoning + details, de-duplicated


async def test_openrouter_without_reasoning_echo_is_refused(autojump_clock: trio.testing.MockClock) -> None:
    with pytest.raises(errors.BadRequest, match=r"Provider returned error \(Anthropic: .*must start with a thinking"):
        await tool_loop(
            ProviderKind.OPENAI_CHAT, "/api/v1", "anthropic/claude-sonnet-4.5", openrouter_replies(),
            [OpenRouterReasoningDetails()], reasoning_echo=False,
        )


async def test_kimi_gets_reasoning_content_back(autojump_clock: trio.testing.MockClock) -> None:
    rule = ChatReasoningRequired(message=KIMI_MESSAGE)
    fake, _ = await tool_loop(
        ProviderKind.OPENAI_CHAT, "/v1", "kimi-k2-thinking", deepseek_replies(), [rule],
        host=lambda fake: "https://api.moonshot.ai",
    )
    assert fake.refused == []
    missing = "reasoning_content is missing in assistant tool call message at index 2"
    with pytest.raises(errors.BadRequest, match=missing):
        await tool_loop(
            ProviderKind.OPENAI_CHAT, "/v1", "kimi-k2-thinking", deepseek_replies(), [rule], reasoning_echo=False
        )
