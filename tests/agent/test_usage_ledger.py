"""The usage ledger end to end: real turns against fake providers on loopback, passes read back from the
store; and prompt caching: the prefix a provider caches is byte-identical across the passes of a conversation."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from cursord.config import ProviderKind
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.prices import BUILTIN_PRICES, Price
from cursord.store import PassStatus
from cursord.testing.agent import agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import cancel_action, run_request
from cursord.testing.fake_providers import (
    Reply,
    Stall,
    anthropic_text,
    anthropic_thinking_then_tool,
    chat_text,
    chat_tool_call,
    chat_usage,
    open_fake_provider,
    responses_text,
    responses_tool_call,
)
from cursord.testing.provider_streams import gemini_calls, gemini_text

CHAT = ProviderKind.OPENAI_CHAT


def read_ok(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    if not message.exec_server_message.HasField("read_args"):
        return []
    success = agent.ReadSuccess(path=message.exec_server_message.read_args.path, content="x = 1\n", total_lines=1)
    return [exec_reply(message, read_result=agent.ReadResult(success=success))]


async def test_each_pass_of_a_tool_loop_is_recorded_with_tokens_times_and_cost(
    tmp_path: Path, autojump_clock: Any
) -> None:
    first = chat_usage(prompt=3000, completion=120, cached=2048)
    first["completion_tokens_details"] = {"reasoning_tokens": 64}
    second = chat_usage(prompt=3200, completion=40, cached=3072)
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/a.py"}), usage=first), gap=0.25),
        Reply.sse(chat_text("It sets x.", usage=second), gap=0.5),
    ]
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, CHAT, "gpt-5"), data_dir=str(tmp_path)) as (daemon, services),
    ):
        async with daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("what is in a.py?", model="gpt-5"))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, read_ok)
        assert services.store is not None
        await services.store.flush()
        passes = await services.store.passes(request_id="r1")
    assert transcript.error is None
    assert [p.model_call_id for p in passes] == ["r1:1", "r1:2"]
    one, two = passes
    assert (one.status, one.stop_reason, two.stop_reason) == (PassStatus.COMPLETED, "tool_use", "end_turn")
    assert (one.provider, one.model, one.conversation_id, one.turn_seq) == ("openai-chat", "gpt-5", "conv-1", 1)
    assert (one.usage.input, one.usage.output, one.usage.cache_read, one.usage.reasoning) == (3000, 120, 2048, 64)
    assert (two.usage.input, two.usage.cache_read) == (3200, 3072)
    # the fake sends the stream's chunks 0.25 s / 0.5 s apart (trio time): first token after one gap
    assert one.first_token_ms == 250 and two.first_token_ms == 500
    assert one.duration_ms >= 250 and two.duration_ms > two.first_token_ms
    gpt5 = BUILTIN_PRICES["gpt-5"]
    assert one.cost_usd == pytest.approx((952 * gpt5.input + 2048 * gpt5.cache_read + 120 * gpt5.output) / 1e6)
    assert two.cost_usd == pytest.approx((128 * gpt5.input + 3072 * gpt5.cache_read + 40 * gpt5.output) / 1e6)


async def test_prices_from_the_spec_override_the_table_and_a_local_model_is_free(
    tmp_path: Path, autojump_clock: Any
) -> None:
    async with open_fake_provider(Reply.sse(chat_text("a")), Reply.sse(chat_text("b"))) as fake:
        prices = {"gpt-5": Price(2.0, 4.0, 1.0, 2.0)}
        async with agent_daemon(
            spec_for(fake, CHAT, "gpt-5", "local-model", prices=prices), data_dir=str(tmp_path)
        ) as (daemon, services):
            async with daemon.editor(http2=True) as editor:
                for request_id, model in (("p1", "gpt-5"), ("p2", "local-model")):
                    await editor.append(request_id, run_request("hi", model=model))
                    async with editor.run_sse(request_id) as reader:
                        await drive(editor, request_id, reader)
            assert services.store is not None
            await services.store.flush()
            (priced,) = await services.store.passes(request_id="p1")
            (unpriced,) = await services.store.passes(request_id="p2")
    assert priced.cost_usd == pytest.approx((12 * 2.0 + 5 * 4.0) / 1e6)  # chat_usage(): 12 in, 5 out
    # the fake is on loopback: a model no price is known for is a local one (issue 39 #6: it was unknown)
    assert unpriced.usage.input == 12 and unpriced.cost_usd == 0.0


async def test_a_cancelled_pass_and_a_failed_pass_are_recorded(tmp_path: Path, autojump_clock: Any) -> None:
    stalled = Reply.sse(chat_text("partial answer", done=False)[:3], then=Stall())
    refused = Reply.json(401, {"error": {"message": "bad key", "type": "invalid_request_error"}})
    async with (
        open_fake_provider(stalled, refused) as fake,
        agent_daemon(spec_for(fake, CHAT, "gpt-5"), data_dir=str(tmp_path)) as (daemon, services),
    ):
        async with daemon.editor(http2=True) as editor:
            await editor.append("c1", run_request("go", model="gpt-5"))
            async with editor.run_sse("c1") as reader:
                message = await reader.next_message()
                while message is not None and not message.interaction_update.HasField("text_delta"):
                    message = await reader.next_message()
                await editor.append("c1", cancel_action("stop"))
                await reader.read_to_end()
            await editor.append("f1", run_request("again", model="gpt-5"))
            async with editor.run_sse("f1") as reader:
                failed_turn = await drive(editor, "f1", reader)
        assert services.store is not None
        await services.store.flush()
        (cancelled,) = await services.store.passes(request_id="c1")
        (failed,) = await services.store.passes(request_id="f1")
    assert failed_turn.error is not None and failed_turn.error.code is Code.UNAUTHENTICATED
    assert cancelled.status is PassStatus.CANCELED and cancelled.first_token_ms is not None
    assert cancelled.cost_usd is None  # the provider never said what the prompt cost: unknown, not free
    assert failed.status is PassStatus.FAILED and failed.error is not None and "bad key" in failed.error
    # refused before anything streamed: no tokens used, $0 (issue 39 #6: it was unknown, and `usage` asked
    # for a price the model has)
    assert failed.first_token_ms is None and failed.usage.input == 0 and failed.cost_usd == 0.0


# ---- prompt caching: the stable prefix ------------------------------------------------------------------


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False).encode()


def without_cache_control(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Anthropic's message breakpoint moves forward each pass; the cached content is what it marks."""
    return [
        {**m, "content": [{k: v for k, v in b.items() if k != "cache_control"} for b in m["content"]]} for m in blocks
    ]


def prefix_of(kind: ProviderKind, body: dict[str, Any]) -> tuple[bytes, list[bytes]]:
    """(tools + system as the vendor renders them first, the conversation as a list of items)."""
    if kind is ProviderKind.OPENAI_CHAT:
        return canonical(body["tools"]), [canonical(m) for m in body["messages"]]
    if kind is ProviderKind.OPENAI_RESPONSES:
        return canonical([body["tools"], body["instructions"]]), [canonical(i) for i in body["input"]]
    if kind is ProviderKind.GEMINI:  # implicit caching: the same bytes up to the newest content
        head = canonical([body["systemInstruction"], body["tools"], body["toolConfig"]])
        return head, [canonical(part) for content in body["contents"] for part in content["parts"]]
    return canonical([body["tools"], body["system"]]), [canonical(m) for m in without_cache_control(body["messages"])]


TOOL_THEN_TEXT = {
    ProviderKind.OPENAI_CHAT: lambda: [
        chat_tool_call("c1", "Read", json.dumps({"path": "/w/a.py"})), chat_text("x is 1."), chat_text("Yes.")
    ],
    ProviderKind.OPENAI_RESPONSES: lambda: [
        responses_tool_call("c1", "Read", json.dumps({"path": "/w/a.py"})), responses_text("x is 1."),
        responses_text("Yes."),
    ],
    ProviderKind.ANTHROPIC: lambda: [
        anthropic_thinking_then_tool("Look first.", "sig-1", "toolu_1", "Read", json.dumps({"path": "/w/a.py"})),
        anthropic_text("x is 1."), anthropic_text("Yes."),
    ],
    ProviderKind.GEMINI: lambda: [
        gemini_calls([("Read", {"path": "/w/a.py"})], thoughts="Look first.", signature="sig-g"),
        gemini_text("x is 1."), gemini_text("Yes."),
    ],
}


@pytest.mark.parametrize("kind", list(ProviderKind), ids=lambda k: k.value)
async def test_the_stable_prefix_is_byte_identical_across_passes_and_turns(
    tmp_path: Path, autojump_clock: Any, kind: ProviderKind
) -> None:
    """Turn 1 is a tool call then an answer (two passes); turn 2, on a restarted daemon, a third pass.
    Every pass must repeat the one before it byte for byte as its prefix: tools, system prompt, and every
    earlier item of the conversation, thinking and signatures included."""
    replies = [Reply.sse(events) for events in TOOL_THEN_TEXT[kind]()]
    async with open_fake_provider(*replies) as fake:
        spec = spec_for(fake, kind, "m1")
        for request_id, text in (("t1", "what is x in a.py?"), ("t2", "sure?")):
            async with agent_daemon(spec, data_dir=str(tmp_path)) as (daemon, _), daemon.editor(http2=True) as editor:
                await editor.append(request_id, run_request(text, model="m1"))
                async with editor.run_sse(request_id) as reader:
                    assert (await drive(editor, request_id, reader, read_ok)).error is None
    bodies = [r.json for r in fake.requests]
    assert len(bodies) == 3
    prefixes = [prefix_of(kind, body) for body in bodies]
    for (head, items), (next_head, next_items) in itertools.pairwise(prefixes):
        assert next_head == head
        assert next_items[: len(items)] == items
        assert len(next_items) > len(items)
    if kind is ProviderKind.ANTHROPIC:
        assert all(body["messages"][-1]["content"][-1]["cache_control"] == {"type": "ephemeral"} for body in bodies)
    elif kind is not ProviderKind.GEMINI:
        assert [body["prompt_cache_key"] for body in bodies] == ["conv-1"] * 3


async def test_cache_key_false_sends_no_cache_hints(tmp_path: Path, autojump_clock: Any) -> None:
    async with open_fake_provider(Reply.sse(chat_text("a")), Reply.sse(anthropic_text("b"))) as fake:
        for kind in (CHAT, ProviderKind.ANTHROPIC):
            spec = spec_for(fake, kind, "m1", cache_key=False)
            async with agent_daemon(spec, data_dir=str(tmp_path)) as (daemon, _), daemon.editor(http2=True) as editor:
                await editor.append(f"k-{kind.value}", run_request("hi", model="m1"))
                async with editor.run_sse(f"k-{kind.value}") as reader:
                    assert (await drive(editor, f"k-{kind.value}", reader)).error is None
    chat_body, anthropic_body = (r.json for r in fake.requests)
    assert "prompt_cache_key" not in chat_body
    assert "cache_control" not in json.dumps(anthropic_body)
