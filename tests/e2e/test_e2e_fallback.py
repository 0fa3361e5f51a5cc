"""Fallbacks and key pools, end to end: a pass the primary refuses before sending anything completes on the
next key or the fallback model, and every move shows in the tap, the usage ledger and `cursord usage`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cursord.cli.usage import format_usage
from cursord.config import KeyOrder, ProviderKind
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import UsageGroup, open_store
from cursord.tap.events import TapFilter
from cursord.testing.agent import agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_gemini import open_fake_gemini
from cursord.testing.fake_providers import (
    Reply,
    anthropic_error_body,
    anthropic_text,
    anthropic_thinking_then_tool,
    open_fake_provider,
)
from cursord.testing.provider_streams import (
    chat_text,
    gemini_calls,
    gemini_error_body,
    gemini_retry_info,
    gemini_text,
)
from cursord.testing.vendor_rules import GeminiThoughtSignatures
from cursord.ui import UiSessions
from cursord.ui.views import conversation_view, conversations_view

GEMINI_MODEL = "gemini-3-pro-preview"
CLAUDE = "claude-test"


def read_ok(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    if not message.exec_server_message.HasField("read_args"):
        return []
    path = message.exec_server_message.read_args.path
    success = agent.ReadSuccess(path=path, content="def main(): pass", total_lines=1)
    return [exec_reply(message, read_result=agent.ReadResult(success=success))]


async def usage_table(data_dir: Path, by: UsageGroup) -> dict[str, list[str]]:
    """What `cursord usage --by BY` prints for `data_dir`, row by row (read through an inline store: the
    command's worker thread would let the autojump clock run out)."""
    async with open_store(data_dir, inline=True) as store:
        rows = await store.usage(by, None)
    lines = format_usage(rows, by).splitlines()
    return {line.split()[0]: line.split()[1:] for line in lines[1:]}


@pytest.mark.parametrize("http2", [True, False], ids=["http2", "http1"])
async def test_a_429_on_the_primary_completes_the_turn_on_its_fallback(
    autojump_clock: Any, tmp_path: Path, http2: bool
) -> None:
    limited = Reply.json(429, gemini_error_body(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check "
                                                "quota).", gemini_retry_info(300)))
    claude_replies = [
        Reply.sse(anthropic_thinking_then_tool("Read it.", "sig-claude", "toolu_1", "Read", '{"path": "/w/a.py"}')),
        Reply.sse(anthropic_text("It defines main().", input_tokens=50, output_tokens=7)),
    ]
    async with open_fake_gemini(limited) as gemini, open_fake_provider(*claude_replies) as claude:
        primary = spec_for(gemini, ProviderKind.GEMINI, GEMINI_MODEL, prefix="/v1beta", fallbacks=[CLAUDE])
        fallback = spec_for(claude, ProviderKind.ANTHROPIC, CLAUDE)
        sessions = UiSessions("dashboard-token-0123456789")
        async with agent_daemon(primary, fallback, data_dir=str(tmp_path), dashboard=sessions) as (daemon, services):
            assert services.tap is not None
            client, _ = services.tap.subscribe(TapFilter())
            async with daemon.editor(http2=http2) as editor:
                await editor.append("r1", run_request("what is in a.py?", model=GEMINI_MODEL, conversation_id="c1"))
                async with editor.run_sse("r1") as reader:
                    transcript = await drive(editor, "r1", reader, read_ok)
            _, taken = client.queue.take()
    assert transcript.error is None
    assert transcript.thinking == "Read it." and transcript.text == "It defines main()."
    # the primary was asked once; the rate-limited key rests (retry-after 300 s), so the second pass went
    # straight to the fallback, with the fallback's own signed thinking sent back
    assert len(gemini.requests) == 1 and len(claude.requests) == 2
    assert all(r.json["model"] == CLAUDE for r in claude.requests)
    replayed = [b for m in claude.requests[1].json["messages"] for b in m["content"] if m["role"] == "assistant"]
    assert {"type": "thinking", "thinking": "Read it.", "signature": "sig-claude"} in replayed

    events = [json.loads(text) for text in taken]
    (move,) = [e for e in events if e["type"] == "provider" and e["event"] == "fallback"]
    assert (move["from"], move["to"]) == (f"gemini/{GEMINI_MODEL}", f"anthropic/{CLAUDE}")
    assert move["error"].startswith("RateLimited:")

    by_provider = await usage_table(tmp_path, UsageGroup.PROVIDER)  # PASSES, FAILED, ...
    assert by_provider["gemini"][:2] == ["1", "1"] and by_provider["anthropic"][:2] == ["2", "0"]
    assert set(await usage_table(tmp_path, UsageGroup.MODEL)) >= {GEMINI_MODEL, CLAUDE, "TOTAL"}
    async with open_store(tmp_path, inline=True) as store:  # the dashboard's conversation page
        view = await conversation_view(store, "c1")
        (listed,) = (await conversations_view(store, None))["conversations"]
    assert view is not None
    # the Conversations page names the model that answered, after the one asked (issue 39 #7)
    moved = f"{GEMINI_MODEL} → {CLAUDE} (anthropic) (fallback: gemini RateLimited)"
    assert listed["route"] == moved and [turn["route"] for turn in view["turns"]] == [moved]
    shown = [(p["provider"], p["model"], p["status"], (p["error"] or "").split(":")[0]) for p in view["passes"]]
    assert shown == [
        ("gemini", GEMINI_MODEL, "failed", "RateLimited"),
        ("anthropic", CLAUDE, "completed", ""),
        ("anthropic", CLAUDE, "completed", ""),
    ]


async def test_a_key_pool_moves_past_a_spent_key_and_never_sends_on_it_again(autojump_clock: Any) -> None:
    spent = Reply.json(
        429, anthropic_error_body("rate_limit_error", "This request would exceed your organization's spend limit.",
                                  error_code="enforced_spend_limit_reached")
    )
    limited = Reply.json(429, anthropic_error_body("rate_limit_error", "Number of requests exceeds your rate limit"))
    replies = [spent, Reply.sse(anthropic_text("one")), limited, limited, limited]
    async with open_fake_provider(*replies) as fake:
        spec = spec_for(fake, ProviderKind.ANTHROPIC, CLAUDE, key_pool=["SECOND_KEY"])
        environ = {"FAKE_KEY": "sk-first-0123456789", "SECOND_KEY": "sk-second-0123456789"}
        async with agent_daemon(spec, environ=environ) as (daemon, _), daemon.editor(http2=True) as editor:
            transcripts = []
            for run in ("r1", "r2"):
                await editor.append(run, run_request("hi", model=CLAUDE))
                async with editor.run_sse(run) as reader:
                    transcripts.append(await drive(editor, run, reader))
    assert transcripts[0].error is None and transcripts[0].text == "one"
    # the second key is rate limited too: the spent first key is not asked again, the pass fails as a rate limit
    # after three tries on the second key (as many as a provider without a pool makes)
    assert transcripts[1].error is not None and transcripts[1].error.code is Code.RESOURCE_EXHAUSTED
    assert [r.headers["x-api-key"] for r in fake.requests] == [
        "sk-first-0123456789", "sk-second-0123456789", *["sk-second-0123456789"] * 3,
    ]


async def test_a_pool_with_a_key_sitting_out_retries_as_often_as_a_provider_without_a_pool(
    autojump_clock: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 39 #3: with the first key refused, the pool's last key is tried three times on a 529, as the same
    provider without a pool is (it once failed the turn after a single request); the refused key is a warning
    that names its variable (there was none)."""
    refused = Reply.json(401, anthropic_error_body("authentication_error", "invalid x-api-key"))
    overloaded = Reply.json(529, anthropic_error_body("overloaded_error", "Overloaded"))
    replies = [refused, overloaded, overloaded, Reply.sse(anthropic_text("served"))]
    async with open_fake_provider(*replies) as fake:
        spec = spec_for(fake, ProviderKind.ANTHROPIC, CLAUDE, key_pool=["SECOND_KEY"])
        environ = {"FAKE_KEY": "sk-first-0123456789", "SECOND_KEY": "sk-second-0123456789"}
        async with agent_daemon(spec, environ=environ) as (daemon, _), daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("hi", model=CLAUDE))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader)
    assert transcript.error is None and transcript.text == "served"
    warned = [r.getMessage() for r in caplog.records if r.name == "cursord.agent.fallback" and r.levelname == "WARNING"]
    assert len(warned) == 2 and warned[0].startswith("provider key anthropic ($FAKE_KEY): AuthError")
    assert warned[1].startswith("provider key anthropic#2 ($SECOND_KEY): Overloaded")
    assert [r.headers["x-api-key"] for r in fake.requests] == [
        "sk-first-0123456789", "sk-second-0123456789", "sk-second-0123456789", "sk-second-0123456789",
    ]


async def test_round_robin_keys_take_turns(autojump_clock: Any) -> None:
    replies = [Reply.sse(gemini_text(f"answer {n}")) for n in range(3)]
    async with open_fake_gemini(*replies) as fake:
        spec = spec_for(fake, ProviderKind.GEMINI, GEMINI_MODEL, prefix="/v1beta", key_pool=["K2"],
                        key_order=KeyOrder.ROUND_ROBIN)
        environ = {"FAKE_KEY": "key-one-0123456789", "K2": "key-two-0123456789"}
        async with agent_daemon(spec, environ=environ) as (daemon, _), daemon.editor(http2=False) as editor:
            for run in ("r1", "r2", "r3"):
                await editor.append(run, run_request("hi", model=GEMINI_MODEL))
                async with editor.run_sse(run) as reader:
                    assert (await drive(editor, run, reader)).error is None
    assert [r.headers["x-goog-api-key"] for r in fake.requests] == [
        "key-one-0123456789", "key-two-0123456789", "key-one-0123456789",
    ]


async def test_a_turn_moves_vendor_between_passes_with_its_history_re_encoded(autojump_clock: Any) -> None:
    """Pass 1 on Gemini (thinking, two signed calls); pass 2 finds Gemini overloaded and runs on Anthropic,
    which gets Gemini's calls as tool_use blocks paired with their results, and none of Gemini's reasoning."""
    calls = [("Read", {"path": "/w/a.py"}), ("Read", {"path": "/w/b.py"})]
    overloaded = Reply.json(503, gemini_error_body(503, "UNAVAILABLE", "The model is overloaded."))
    gemini_replies = [Reply.sse(gemini_calls(calls, thoughts="Both.", signature="sig-g")), overloaded]
    async with (
        open_fake_gemini(*gemini_replies) as gemini,
        open_fake_provider(Reply.sse(anthropic_text("Both define functions."))) as claude,
    ):
        primary = spec_for(gemini, ProviderKind.GEMINI, GEMINI_MODEL, prefix="/v1beta", fallbacks=[CLAUDE])
        fallback = spec_for(claude, ProviderKind.ANTHROPIC, CLAUDE)
        async with agent_daemon(primary, fallback) as (daemon, _), daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("what do they define?", model=GEMINI_MODEL))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, read_ok)
    assert transcript.error is None and transcript.text == "Both define functions."
    assert len(gemini.requests) == 2 and gemini.refused == []
    (request,) = claude.requests
    assistant, results = request.json["messages"][-2:]
    assert [b["type"] for b in assistant["content"]] == ["tool_use", "tool_use"]  # no foreign thinking
    assert [b["input"] for b in assistant["content"]] == [{"path": "/w/a.py"}, {"path": "/w/b.py"}]
    ids = [b["id"] for b in assistant["content"]]
    assert [b["tool_use_id"] for b in results["content"] if b["type"] == "tool_result"] == ids


async def test_a_turn_moving_to_gemini_through_its_openai_endpoint_signs_the_foreign_call(autojump_clock: Any) -> None:
    """Issue 38 #5: the same move, to Gemini 3 through its OpenAI-compatible endpoint. Anthropic's call has no
    Gemini signature; Gemini refuses a current-turn call without one (400), so the fallback failed. It goes
    with the documented skip value in `extra_content`, as the native builder sends it."""
    first = anthropic_thinking_then_tool("Read it.", "sig-claude", "toolu_1", "Read", '{"path": "/w/a.py"}')
    overloaded = Reply.json(529, anthropic_error_body("overloaded_error", "Overloaded"))
    async with (
        open_fake_provider(Reply.sse(first), overloaded) as claude,
        open_fake_provider(Reply.sse(chat_text("It defines main().")), rules=[GeminiThoughtSignatures()]) as gemini,
    ):
        primary = spec_for(claude, ProviderKind.ANTHROPIC, CLAUDE, fallbacks=[GEMINI_MODEL])
        fallback = spec_for(gemini, ProviderKind.OPENAI_CHAT, GEMINI_MODEL, name="gemini-compat")
        async with agent_daemon(primary, fallback) as (daemon, _), daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("what is in a.py?", model=CLAUDE))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, read_ok)
    assert gemini.refused == []
    assert transcript.error is None and transcript.text == "It defines main()."
    (assistant,) = [m for m in gemini.requests[0].json["messages"] if m["role"] == "assistant"]
    assert assistant["tool_calls"][0]["extra_content"] == {
        "google": {"thought_signature": "skip_thought_signature_validator"}
    }
    assert "reasoning_content" not in assistant  # Claude's thinking is not Gemini's to see


async def test_a_turn_moving_to_gemini_mid_way_passes_its_signature_rule(autojump_clock: Any) -> None:
    """Pass 1 on Anthropic (signed thinking, a call); pass 2 finds Anthropic overloaded and runs on Gemini,
    whose fake refuses an unsigned call of the current turn: the call goes with the documented skip value."""
    first = anthropic_thinking_then_tool("Read it.", "sig-claude", "toolu_1", "Read", '{"path": "/w/a.py"}')
    overloaded = Reply.json(529, anthropic_error_body("overloaded_error", "Overloaded"))
    async with (
        open_fake_provider(Reply.sse(first), overloaded) as claude,
        open_fake_gemini(Reply.sse(gemini_text("It defines main()."))) as gemini,
    ):
        primary = spec_for(claude, ProviderKind.ANTHROPIC, CLAUDE, fallbacks=[GEMINI_MODEL])
        fallback = spec_for(gemini, ProviderKind.GEMINI, GEMINI_MODEL, prefix="/v1beta")
        async with agent_daemon(primary, fallback) as (daemon, _), daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("what is in a.py?", model=CLAUDE))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, read_ok)
    assert transcript.error is None and transcript.text == "It defines main()."
    assert gemini.refused == []
    model_turn = gemini.requests[0].json["contents"][-2]
    assert model_turn == {
        "role": "model",
        "parts": [
            {
                "functionCall": {"name": "Read", "args": {"path": "/w/a.py"}, "id": "toolu_1"},
                "thoughtSignature": "skip_thought_signature_validator",
            }
        ],
    }
