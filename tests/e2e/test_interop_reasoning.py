"""A thinking turn with two tool calls, per vendor (native Gemini included), through connect-es, against
fakes that enforce each vendor's second-pass rules (`cursord.testing.vendor_rules`,
`cursord.testing.fake_gemini`); and the editor's model list offering a reasoning model's thinking choices,
one of which reaches the vendor.

Each turn is three provider passes (Read a, Read b, the answer), each streaming its reasoning as that vendor
does; the fake refuses a later pass that lost the reasoning of an earlier one, with the vendor's own 400, and
the turn would then end in an error instead of the answer. The providers are configured as a user would
(`spec_for`: kind, base URL, models; no reasoning option), the choice comes from the editor's
`RequestedModel.parameters` (`--param`). Over HTTP/2 (h2c) and HTTP/1.1, on the real clock (real sockets
and a node process), as `test_interop_connect_es` explains.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
import trio

from cursord.config import ProviderKind
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.models_rpc import AVAILABLE_MODELS_PATH
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.fake_gemini import GeminiRules
from cursord.testing.fake_providers import (
    Reply,
    VendorRule,
    anthropic_text,
    anthropic_thinking_then_tool,
    chat_text,
    chat_tool_calls,
    open_fake_provider,
    responses_stream,
)
from cursord.testing.provider_streams import gemini_calls, gemini_text
from cursord.testing.vendor_rules import (
    AnthropicThinking,
    ChatReasoningRequired,
    ChatStrictMessages,
    GeminiThoughtSignatures,
    ResponsesReasoningItems,
)
from tests.e2e.test_interop_connect_es import HTTP_VERSIONS, RUN_SECONDS, decoded, node_command, run_node

EDITOR_FILE = "notes from the editor"
ANSWER = "Both files hold the editor's notes."
READS = ("/w/a.txt", "/w/b.txt")
CALLS = (("call_a", "Read", json.dumps({"path": READS[0]})), ("call_b", "Read", json.dumps({"path": READS[1]})))
THOUGHTS = ("Read a first.", "Then b.", "Both read; answer.")


@attrs.frozen
class VendorCase:
    kind: ProviderKind
    model: str
    replies: Callable[[], list[Reply]]
    rules: Callable[[], Sequence[VendorRule]]
    params: tuple[str, ...]
    #: what the third request (after both tool rounds) must carry: the reasoning and the choice
    check: Callable[[dict[str, Any]], None]
    shows_thinking: bool = True
    #: the base URL's path under the fake (Gemini's `/v1beta`)
    prefix: str = ""


def deepseek_replies() -> list[Reply]:
    return [
        Reply.sse(chat_tool_calls([CALLS[0]], reasoning=THOUGHTS[0])),
        Reply.sse(chat_tool_calls([CALLS[1]], reasoning=THOUGHTS[1])),
        Reply.sse(chat_text(ANSWER, reasoning=THOUGHTS[2])),
    ]


def deepseek_check(body: dict[str, Any]) -> None:
    assert body["thinking"] == {"type": "enabled"} and body["reasoning_effort"] == "high"
    assistants = [m for m in body["messages"] if m["role"] == "assistant"]
    assert [m["reasoning_content"] for m in assistants] == list(THOUGHTS[:2])


def gemini_replies() -> list[Reply]:
    return [
        Reply.sse(chat_tool_calls([CALLS[0]], signatures=["c2lnLWE="])),
        Reply.sse(chat_tool_calls([CALLS[1]], signatures=["c2lnLWI="])),
        Reply.sse(chat_text(ANSWER)),
    ]


def gemini_check(body: dict[str, Any]) -> None:
    assert body["reasoning_effort"] == "low"
    calls = [c for m in body["messages"] if m["role"] == "assistant" for c in m.get("tool_calls", [])]
    assert [c["extra_content"]["google"]["thought_signature"] for c in calls] == ["c2lnLWE=", "c2lnLWI="]


def gemini_native_replies() -> list[Reply]:
    steps = [
        gemini_calls([(name, json.loads(args))], thoughts=thought, signature=f"sig-{n}")
        for n, ((_, name, args), thought) in enumerate(zip(CALLS, THOUGHTS, strict=False))
    ]
    return [*(Reply.sse(step) for step in steps), Reply.sse(gemini_text(ANSWER, thoughts=THOUGHTS[2]))]


def gemini_native_check(body: dict[str, Any]) -> None:
    assert body["generationConfig"]["thinkingConfig"] == {"includeThoughts": True, "thinkingLevel": "low"}
    calls = [p for c in body["contents"] if c["role"] == "model" for p in c["parts"] if "functionCall" in p]
    assert [c.get("thoughtSignature") for c in calls] == ["sig-0", "sig-1"]


def openai_chat_replies() -> list[Reply]:
    return [*(Reply.sse(chat_tool_calls([call])) for call in CALLS), Reply.sse(chat_text(ANSWER))]


def openai_chat_check(body: dict[str, Any]) -> None:
    assert body["reasoning_effort"] == "medium"


def responses_replies() -> list[Reply]:
    def step(n: int) -> Reply:
        stream = responses_stream(
            reasoning=[THOUGHTS[n]], encrypted=f"gAAAA-{n}", reasoning_id=f"rs_{n}", calls=[CALLS[n]]
        )
        return Reply.sse(stream)

    return [step(0), step(1), Reply.sse(responses_stream(reasoning=[THOUGHTS[2]], text=ANSWER))]


def responses_check(body: dict[str, Any]) -> None:
    assert body["reasoning"] == {"effort": "high", "summary": "auto"}
    assert body["include"] == ["reasoning.encrypted_content"]
    carried = [i["encrypted_content"] for i in body["input"] if i["type"] == "reasoning"]
    assert carried == ["gAAAA-0", "gAAAA-1"]


def anthropic_replies() -> list[Reply]:
    return [
        Reply.sse(anthropic_thinking_then_tool(THOUGHTS[0], "EqQBsig0", *CALLS[0])),
        Reply.sse(anthropic_thinking_then_tool(THOUGHTS[1], "EqQBsig1", *CALLS[1])),
        Reply.sse(anthropic_text(ANSWER)),
    ]


def anthropic_check(body: dict[str, Any]) -> None:
    assert body["thinking"] == {"type": "adaptive", "display": "summarized"}
    assert body["output_config"] == {"effort": "high"}
    firsts = [m["content"][0] for m in body["messages"] if m["role"] == "assistant"]
    assert firsts == [
        {"type": "thinking", "thinking": THOUGHTS[0], "signature": "EqQBsig0"},
        {"type": "thinking", "thinking": THOUGHTS[1], "signature": "EqQBsig1"},
    ]


VENDORS = {
    "deepseek": VendorCase(
        ProviderKind.OPENAI_CHAT,
        "deepseek-reasoner",
        deepseek_replies,
        lambda: [ChatReasoningRequired()],
        ("thinking=true", "reasoning_effort=high"),
        deepseek_check,
    ),
    "gemini-openai": VendorCase(
        ProviderKind.OPENAI_CHAT,
        "gemini-3-pro-preview",
        gemini_replies,
        lambda: [GeminiThoughtSignatures()],
        ("reasoning_effort=low",),
        gemini_check,
        shows_thinking=False,
    ),
    "gemini": VendorCase(
        ProviderKind.GEMINI,
        "gemini-3-pro-preview",
        gemini_native_replies,
        lambda: [GeminiRules()],
        ("reasoning_effort=low",),
        gemini_native_check,
        prefix="/v1beta",
    ),
    "openai-chat": VendorCase(
        ProviderKind.OPENAI_CHAT,
        "gpt-5",
        openai_chat_replies,
        lambda: [ChatStrictMessages()],
        ("reasoning_effort=medium",),
        openai_chat_check,
        shows_thinking=False,
    ),
    "openai-responses": VendorCase(
        ProviderKind.OPENAI_RESPONSES,
        "gpt-5",
        responses_replies,
        lambda: [ResponsesReasoningItems()],
        ("reasoning_effort=high",),
        responses_check,
    ),
    "anthropic": VendorCase(
        ProviderKind.ANTHROPIC,
        "claude-opus-4-7",
        anthropic_replies,
        lambda: [AnthropicThinking(adaptive_only=True)],
        ("thinking=true", "reasoning_effort=high"),
        anthropic_check,
    ),
}


@pytest.mark.parametrize("http", HTTP_VERSIONS)
@pytest.mark.parametrize("vendor", list(VENDORS))
async def test_a_thinking_turn_with_two_tool_calls_completes_per_vendor(vendor: str, http: str) -> None:
    case = VENDORS[vendor]
    node_command()  # fail fast if node or its modules are missing
    params = [arg for pair in case.params for arg in ("--param", pair)]
    with trio.fail_after(RUN_SECONDS):
        async with open_fake_provider(*case.replies(), rules=case.rules()) as fake:
            spec = spec_for(fake, case.kind, case.model, prefix=case.prefix)
            async with agent_daemon(spec, transport="tcp") as (daemon, _):
                results, _ = await run_node(
                    daemon.address, http, "--model", case.model, *params, "--read-content", EDITOR_FILE, "exec-read"
                )

    assert fake.refused == [], [reply for _, reply in fake.refused]
    turn = results["exec-read"]
    assert turn["end"] is None
    messages = decoded(turn["messages"])
    updates = [m.interaction_update for m in messages]
    assert "".join(u.text_delta.text for u in updates) == ANSWER
    assert [m.exec_server_message.read_args.path for m in messages if m.HasField("exec_server_message")] == list(
        READS
    )
    assert updates[-1].HasField("turn_ended")
    if case.shows_thinking:
        shown = "".join(u.thinking_delta.text for u in updates)
        assert THOUGHTS[0] in shown and THOUGHTS[1] in shown
    assert len(fake.requests) == 3
    case.check(fake.requests[2].json)


async def test_the_model_list_offers_thinking_choices_and_a_choice_reaches_the_vendor() -> None:
    """The editor reads a reasoning model's variants from AvailableModels; its Max variant's parameters, sent
    back as the editor sends them, become the vendor's knob (Claude's adaptive thinking at max effort)."""
    node_command()
    model = "claude-opus-4-7"
    with trio.fail_after(RUN_SECONDS):
        reply = Reply.sse(anthropic_text("Thought hard."))
        async with open_fake_provider(reply, rules=[AnthropicThinking(adaptive_only=True)]) as fake:
            spec = spec_for(fake, ProviderKind.ANTHROPIC, model, "claude-3-5-haiku")
            async with agent_daemon(spec, transport="tcp") as (daemon, _):
                async with daemon.editor(http2=True) as editor:
                    status, body = await editor.post(
                        AVAILABLE_MODELS_PATH,
                        aiserver.AvailableModelsRequest(use_model_parameters=True).SerializeToString(),
                        [(b"content-type", b"application/proto")],
                    )
                assert status == 200
                listed = {m.name: m for m in aiserver.AvailableModelsResponse.FromString(body).models}
                opus, haiku = listed[model], listed["claude-3-5-haiku"]
                assert {d.id for d in opus.parameter_definitions} == {"thinking", "reasoning_effort"}
                assert opus.supports_max_mode and not haiku.parameter_definitions and len(haiku.variants) == 1
                (max_variant,) = [v for v in opus.variants if v.is_max_mode]
                params = [f"{p.id}={p.value}" for p in max_variant.parameter_values]
                assert params == ["thinking=true", "reasoning_effort=max"]
                results, _ = await run_node(
                    daemon.address,
                    "2",
                    "--model",
                    model,
                    *[arg for pair in params for arg in ("--param", pair)],
                    "exec-read",
                )
    assert results["exec-read"]["end"] is None and fake.refused == []
    (request,) = fake.requests
    assert request.json["thinking"] == {"type": "adaptive", "display": "summarized"}
    assert request.json["output_config"] == {"effort": "max"}
