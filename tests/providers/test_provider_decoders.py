"""Per-vendor stream decoders: recorded-style streams fed whole and split at every byte."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from cursord.providers import errors
from cursord.providers.assemble import coalesce
from cursord.providers.base import make_decoder
from cursord.providers.model import (
    Delta,
    PassEnd,
    ProviderKind,
    StopReason,
    TextDelta,
    ThinkingDelta,
    ThinkingDone,
    ToolCallArgsDelta,
    ToolCallDone,
    ToolCallStart,
    Usage,
)
from cursord.providers.sse import SSEDecoder
from cursord.testing import provider_streams as ps

DATA = Path(__file__).parents[1] / "data"
CHAT = ProviderKind.OPENAI_CHAT
RESPONSES = ProviderKind.OPENAI_RESPONSES
ANTHROPIC = ProviderKind.ANTHROPIC


def run(kind: ProviderKind, chunks: Sequence[bytes]) -> list[Delta]:
    sse = SSEDecoder()
    decoder = make_decoder(kind, "test")
    out: list[Delta] = []
    for chunk in chunks:
        for event in sse.feed(chunk):
            out += decoder.feed(event)
    for event in sse.finish():
        out += decoder.feed(event)
    out += decoder.finish()
    check_invariants(out)
    return out


def run_every_split(kind: ProviderKind, data: bytes) -> list[Delta]:
    whole = run(kind, [data])
    for i in range(1, len(data)):
        assert run(kind, [data[:i], data[i:]]) == whole, f"split at byte {i}"
    return whole


def check_invariants(deltas: list[Delta]) -> None:
    """The ordering contract of cursord.providers.model, for any successful pass."""
    assert deltas and isinstance(deltas[-1], PassEnd)
    assert sum(isinstance(d, PassEnd) for d in deltas) == 1
    usages = [i for i, d in enumerate(deltas) if isinstance(d, Usage)]
    assert len(usages) <= 1 and all(i == len(deltas) - 2 for i in usages)
    started: dict[int, ToolCallStart] = {}
    args: dict[int, str] = {}
    done: set[int] = set()
    for d in deltas:
        if isinstance(d, ToolCallStart):
            assert d.index not in started and d.index == len(started)
            started[d.index] = d
            args[d.index] = ""
        elif isinstance(d, ToolCallArgsDelta):
            assert d.index in started and d.index not in done
            args[d.index] += d.fragment
        elif isinstance(d, ToolCallDone):
            assert d.index in started and d.index not in done
            assert (d.id, d.name) == (started[d.index].id, started[d.index].name)
            assert d.arguments == (args[d.index] or "{}")
            done.add(d.index)
    assert done == set(started)


def text_of(deltas: list[Delta]) -> str:
    return "".join(d.text for d in deltas if isinstance(d, TextDelta))


def thinking_of(deltas: list[Delta]) -> str:
    return "".join(d.text for d in deltas if isinstance(d, ThinkingDelta))


def of_type(deltas: list[Delta], cls: type) -> list[Delta]:
    return [d for d in deltas if isinstance(d, cls)]


# --- OpenAI Chat Completions ----------------------------------------------------------------


def test_chat_parallel_tool_calls_recorded_stream() -> None:
    data = (DATA / "openai_chat_parallel_tools.sse").read_bytes()
    deltas = run_every_split(CHAT, data)
    assert text_of(deltas) == "Reading both files — naïve approach…"
    assert of_type(deltas, ToolCallStart) == [
        ToolCallStart(0, "call_FQ1zX9", "read_file"),
        ToolCallStart(1, "call_K7pQ2m", "grep"),
    ]
    assert of_type(deltas, ToolCallDone) == [
        ToolCallDone(0, "call_FQ1zX9", "read_file", '{"path": "src/a.py"}'),
        ToolCallDone(1, "call_K7pQ2m", "grep", '{"pattern": "a\u2028b 世界"}'),
    ]
    assert deltas[-2:] == [Usage(input=1203, output=61, cache_read=1024), PassEnd(StopReason.TOOL_USE)]


def test_chat_deepseek_reasoning_content() -> None:
    deltas = run_every_split(CHAT, (DATA / "deepseek_reasoning.sse").read_bytes())
    assert thinking_of(deltas) == "The user wants 9.11 vs 9.9."
    assert text_of(deltas) == "9.9 is larger."
    first_text = next(i for i, d in enumerate(deltas) if isinstance(d, TextDelta))
    assert deltas[first_text - 1] == ThinkingDone(origin="openai-chat", carrier="reasoning_content")
    # usage came in the finish_reason chunk itself
    assert deltas[-2:] == [Usage(input=14, output=230, reasoning=200), PassEnd(StopReason.END_TURN)]


def test_chat_openrouter_reasoning_and_details_not_doubled() -> None:
    deltas = run_every_split(CHAT, (DATA / "openrouter_reasoning.sse").read_bytes())
    assert thinking_of(deltas) == "Let me think about this."
    assert text_of(deltas) == "Hello!"
    (done,) = of_type(deltas, ThinkingDone)
    # the details, merged by index, are kept whole to go back: Claude's signature with its text
    assert done.carrier == "reasoning_details" and done.signature is not None
    assert json.loads(done.signature) == [
        {
            "type": "reasoning.text",
            "text": "Let me think about this.",
            "format": "anthropic-claude-v1",
            "index": 0,
            "signature": "ErUBCkYIBRgCIkC",
        }
    ]
    assert deltas[-2:] == [Usage(input=40, output=25, reasoning=12), PassEnd(StopReason.END_TURN)]


def test_chat_gemini_thought_signature_stays_with_its_call() -> None:
    deltas = run_every_split(CHAT, (DATA / "gemini_openai_thought_signature.sse").read_bytes())
    calls = of_type(deltas, ToolCallDone)
    assert [(c.name, c.arguments, c.signature) for c in calls] == [
        ("Read", '{"path":"/w/a.py"}', "CiQBcsjafE3kS8Lh5ytKGmVbW2hXJn9nE7Lq0u9vYzPo7DrM4BQ="),
        ("Read", '{"path":"/w/b.py"}', None),
    ]
    assert deltas[-2:] == [Usage(input=210, output=38, reasoning=164), PassEnd(StopReason.TOOL_USE)]


def test_chat_reasoning_details_alone_are_used() -> None:
    detail = [{"type": "reasoning.summary", "summary": "Summarised."}, {"type": "reasoning.encrypted", "data": "x"}]
    events = [
        ps.chat_chunk({"role": "assistant", "content": "", "reasoning_details": detail}),
        ps.chat_chunk({"content": "ok"}),
        ps.chat_chunk({}, "stop"),
        ps.sse("[DONE]"),
    ]
    deltas = run(CHAT, events)
    assert thinking_of(deltas) == "Summarised."
    assert text_of(deltas) == "ok"


@pytest.mark.parametrize("field", ["reasoning", "reasoning_content", "openrouter"])
def test_chat_reasoning_variants(field: str) -> None:
    events = ps.chat_text("Answer here.", reasoning="Some careful thought.", reasoning_field=field)
    deltas = run(CHAT, events)
    assert thinking_of(deltas) == "Some careful thought."
    assert text_of(deltas) == "Answer here."
    assert [type(d) for d in deltas].index(ThinkingDone) < [type(d) for d in deltas].index(TextDelta)


def test_chat_usage_chunk_after_finish_reason_and_no_done() -> None:
    # the server closed after the usage chunk without [DONE]: finish_reason is enough
    deltas = run(CHAT, ps.chat_text("hi", done=False))
    assert deltas[-2:] == [ps_usage(), PassEnd(StopReason.END_TURN)]


def ps_usage() -> Usage:
    u = ps.chat_usage()
    return Usage(input=u["prompt_tokens"], output=u["completion_tokens"])


def test_chat_truncated_before_finish_reason() -> None:
    events = ps.chat_text("hello there")[:3]
    with pytest.raises(errors.StreamTruncated):
        run(CHAT, events)


def test_chat_truncated_inside_an_event() -> None:
    data = b"".join(ps.chat_text("hello"))
    cut = data.index(b'"finish_reason":"stop"') + 5  # inside the JSON of the finish chunk
    with pytest.raises(errors.StreamTruncated):
        run(CHAT, [data[:cut]])


def test_chat_malformed_json_mid_stream() -> None:
    with pytest.raises(errors.MalformedResponse):
        run(CHAT, [b"data: {not json\n\n"])


@pytest.mark.parametrize(
    ("code", "message", "expected"),
    [
        (502, "Upstream error", errors.Overloaded),
        (429, "Rate limit exceeded", errors.RateLimited),
        ("context_length_exceeded", "too long", errors.ContextTooLong),
        (400, "This model's maximum context length is 8192 tokens", errors.ContextTooLong),
    ],
)
def test_chat_error_chunk_mid_stream(code: int | str, message: str, expected: type[errors.ProviderError]) -> None:
    events = [*ps.chat_text("partial")[:2], ps.chat_error(message, code)]
    with pytest.raises(expected) as info:
        run(CHAT, events)
    assert info.value.provider == "test"
    assert message in str(info.value)


def test_chat_finish_reasons() -> None:
    assert run(CHAT, ps.chat_text("x", finish_reason="length"))[-1] == PassEnd(StopReason.MAX_TOKENS)
    assert run(CHAT, ps.chat_text("x", finish_reason="content_filter"))[-1] == PassEnd(StopReason.OTHER)
    # some servers say "stop" after tool calls
    events = ps.chat_tool_call("c1", "f", '{"a": 1}')
    events = [e.replace(b'"finish_reason":"tool_calls"', b'"finish_reason":"stop"') for e in events]
    assert run(CHAT, events)[-1] == PassEnd(StopReason.TOOL_USE)


def test_chat_tool_call_without_index_and_late_name() -> None:
    # Gemini-style: no "index", each call complete in one fragment; and a call whose name
    # comes in a later fragment than its id.
    events = [
        ps.chat_chunk(
            {"tool_calls": [{"id": "a", "type": "function", "function": {"name": "one", "arguments": "{}"}}]}
        ),
        ps.chat_chunk({"tool_calls": [{"id": "b", "function": {"arguments": '{"x":'}}]}),
        ps.chat_chunk({"tool_calls": [{"id": "b", "function": {"name": "two", "arguments": "1}"}}]}),
        ps.chat_chunk({}, "tool_calls"),
        ps.sse("[DONE]"),
    ]
    deltas = run(CHAT, events)
    assert of_type(deltas, ToolCallDone) == [ToolCallDone(0, "a", "one", "{}"), ToolCallDone(1, "b", "two", '{"x":1}')]


def test_chat_tool_call_with_no_arguments_gets_empty_object() -> None:
    deltas = run(CHAT, ps.chat_tool_call("c9", "now", ""))
    assert of_type(deltas, ToolCallDone) == [ToolCallDone(0, "c9", "now", "{}")]


def test_chat_events_after_done_are_ignored() -> None:
    deltas = run(CHAT, [*ps.chat_text("a"), ps.chat_chunk({"content": "late"})])
    assert text_of(deltas) == "a"


# --- Anthropic Messages ---------------------------------------------------------------------


def test_anthropic_thinking_redacted_text_and_tools_recorded_stream() -> None:
    data = (DATA / "anthropic_thinking_tool.sse").read_bytes()
    deltas = run_every_split(ANTHROPIC, data)
    assert thinking_of(deltas) == "The user wants the file read. I should call read_file — «src/ä.py»."
    dones = of_type(deltas, ThinkingDone)
    assert len(dones) == 2
    assert isinstance(dones[0], ThinkingDone) and dones[0].signature is not None
    assert dones[0].signature.startswith("ErUBCkYIARgCIkACJWxz") and dones[0].signature.endswith("/pA==")
    assert dones[0].origin == "anthropic"
    assert dones[1] == ThinkingDone(
        redacted="EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB5URj",
        origin="anthropic",
    )
    assert text_of(deltas) == "Let me read that file."
    assert of_type(deltas, ToolCallDone) == [
        ToolCallDone(0, "toolu_01VqG2jCdyjoB9HMTFnCKeo2", "read_file", '{"path": "src/ä.py"}'),
        ToolCallDone(1, "toolu_02Abc", "list_dir", "{}"),
    ]
    assert deltas[-2:] == [
        Usage(input=778 + 2048 + 10240, output=104, cache_read=10240, cache_write=2048),
        PassEnd(StopReason.TOOL_USE),
    ]


def test_anthropic_stream_with_crlf_line_endings() -> None:
    data = (DATA / "anthropic_thinking_tool.sse").read_bytes()
    assert run(ANTHROPIC, [data.replace(b"\n", b"\r\n")]) == run(ANTHROPIC, [data])


def test_anthropic_text_and_builder_stream() -> None:
    deltas = run(ANTHROPIC, ps.anthropic_text("Hello there, friend.", cache_read=5))
    assert text_of(deltas) == "Hello there, friend."
    assert deltas[-2:] == [Usage(input=25, output=6, cache_read=5), PassEnd(StopReason.END_TURN)]


def test_anthropic_error_event_mid_stream() -> None:
    events = [*ps.anthropic_text("partial")[:4], ps.anthropic_error_event("overloaded_error", "Overloaded")]
    with pytest.raises(errors.Overloaded):
        run(ANTHROPIC, events)


def test_anthropic_truncated_without_message_stop() -> None:
    events = ps.anthropic_text("all of it")[:-1]
    with pytest.raises(errors.StreamTruncated):
        run(ANTHROPIC, events)


def test_anthropic_max_tokens_stop() -> None:
    events = [e.replace(b'"stop_reason":"end_turn"', b'"stop_reason":"max_tokens"') for e in ps.anthropic_text("x")]
    assert run(ANTHROPIC, events)[-1] == PassEnd(StopReason.MAX_TOKENS)


def test_anthropic_message_delta_never_lowers_counts() -> None:
    events = ps.anthropic_text("x", input_tokens=471)
    events[-2] = ps.anthropic_event(
        "message_delta", delta={"stop_reason": "end_turn"}, usage={"input_tokens": 0, "output_tokens": 80}
    )
    assert run(ANTHROPIC, events)[-2] == Usage(input=471, output=80)


def test_anthropic_thinking_then_parallel_tools_builder() -> None:
    events = ps.anthropic_thinking_then_tool(
        "Think.", "sig==", "toolu_1", "read", '{"p": "a"}', extra_tools=[("toolu_2", "grep", '{"q": "b"}')]
    )
    deltas = run_every_split(ANTHROPIC, b"".join(events))
    assert of_type(deltas, ThinkingDone) == [ThinkingDone(signature="sig==", origin="anthropic")]
    assert [d.arguments for d in of_type(deltas, ToolCallDone) if isinstance(d, ToolCallDone)] == [
        '{"p": "a"}',
        '{"q": "b"}',
    ]


# --- OpenAI Responses -----------------------------------------------------------------------


def test_responses_reasoning_then_tool_recorded_stream() -> None:
    deltas = run_every_split(RESPONSES, (DATA / "responses_reasoning_tool.sse").read_bytes())
    assert thinking_of(deltas) == "**Planning the search**\n\nI will grep for TODO."
    assert of_type(deltas, ThinkingDone) == [
        ThinkingDone(signature="gAAAAABo-ENCRYPTED-BLOB==", origin="openai-responses")
    ]
    assert of_type(deltas, ToolCallStart) == [ToolCallStart(0, "call_Zx81", "grep")]
    assert of_type(deltas, ToolCallDone) == [ToolCallDone(0, "call_Zx81", "grep", '{"pattern":"TODO"}')]
    assert deltas[-2:] == [Usage(input=2210, output=310, cache_read=2048, reasoning=256), PassEnd(StopReason.TOOL_USE)]


def test_responses_text() -> None:
    deltas = run(RESPONSES, ps.responses_text("Plain answer, «quoted» 🎉."))
    assert text_of(deltas) == "Plain answer, «quoted» 🎉."
    assert deltas[-1] == PassEnd(StopReason.END_TURN)


def test_responses_parallel_calls_and_text() -> None:
    events = ps.responses_stream(text="Calling.", calls=[("c1", "a", '{"x": 1}'), ("c2", "b", '{"y": [1, 2]}')])
    deltas = run_every_split(RESPONSES, b"".join(events))
    assert text_of(deltas) == "Calling."
    assert of_type(deltas, ToolCallDone) == [
        ToolCallDone(0, "c1", "a", '{"x": 1}'),
        ToolCallDone(1, "c2", "b", '{"y": [1, 2]}'),
    ]


def test_responses_incomplete_is_max_tokens() -> None:
    deltas = run(RESPONSES, ps.responses_text("cut", terminal="response.incomplete"))
    assert deltas[-1] == PassEnd(StopReason.MAX_TOKENS)


def test_responses_truncated_without_completed() -> None:
    with pytest.raises(errors.StreamTruncated):
        run(RESPONSES, ps.responses_text("cut", terminal="none"))


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("server_error", errors.Overloaded),
        ("rate_limit_exceeded", errors.RateLimited),
        ("context_length_exceeded", errors.ContextTooLong),
        ("insufficient_quota", errors.SpendLimitReached),
    ],
)
def test_responses_failed_and_error_events(code: str, expected: type) -> None:
    head = ps.responses_text("x")[:3]
    with pytest.raises(expected):
        run(RESPONSES, [*head, ps.responses_failed(code, "boom")])
    with pytest.raises(expected):
        run(RESPONSES, [*head, ps.responses_error(code, "boom")])


def test_responses_arguments_only_in_done_item() -> None:
    # some compatible servers send no argument deltas, only the final item
    events = [e for e in ps.responses_tool_call("c1", "f", '{"k": "v"}') if b"function_call_arguments.delta" not in e]
    deltas = run(RESPONSES, events)
    assert of_type(deltas, ToolCallArgsDelta) == [ToolCallArgsDelta(0, '{"k": "v"}')]
    assert of_type(deltas, ToolCallDone) == [ToolCallDone(0, "c1", "f", '{"k": "v"}')]


def test_coalesce_merges_runs_of_text_thinking_and_one_calls_arguments() -> None:
    deltas: list[Delta] = [
        ThinkingDelta("a"),
        ThinkingDelta("b"),
        ThinkingDone(origin="x"),
        TextDelta("c"),
        TextDelta("d"),
        TextDelta("e"),
        ToolCallStart(0, "id0", "read"),
        ToolCallArgsDelta(0, '{"p'),
        ToolCallArgsDelta(0, '":1}'),
        ToolCallArgsDelta(1, "{}"),
        TextDelta("f"),
        PassEnd(StopReason.END_TURN),
    ]
    assert coalesce(deltas) == [
        ThinkingDelta("ab"),
        ThinkingDone(origin="x"),
        TextDelta("cde"),
        ToolCallStart(0, "id0", "read"),
        ToolCallArgsDelta(0, '{"p":1}'),
        ToolCallArgsDelta(1, "{}"),
        TextDelta("f"),
        PassEnd(StopReason.END_TURN),
    ]
    assert coalesce([TextDelta("x")]) == [TextDelta("x")]
    assert coalesce([ThinkingDelta("t"), TextDelta("x")]) == [ThinkingDelta("t"), TextDelta("x")]
# ---- usage fields of each vendor (the ledger's cache and reasoning counts) ------------------------


def test_chat_usage_openai_cached_and_reasoning_tokens() -> None:
    usage = {**ps.chat_usage(prompt=1000, completion=300, cached=768)}
    usage["completion_tokens_details"] = {"reasoning_tokens": 256}
    assert run(CHAT, ps.chat_text("x", usage=usage))[-2] == Usage(input=1000, output=300, cache_read=768, reasoning=256)


def test_chat_usage_deepseek_prompt_cache_hit_tokens() -> None:
    usage = {"prompt_tokens": 900, "completion_tokens": 40}
    usage |= {"prompt_cache_hit_tokens": 640, "prompt_cache_miss_tokens": 260}
    assert run(CHAT, ps.chat_text("x", usage=usage))[-2] == Usage(input=900, output=40, cache_read=640)


def test_responses_usage_cached_and_reasoning_tokens() -> None:
    usage = {**ps.responses_usage(input_tokens=2000, output_tokens=500, cached=1536)}
    usage["output_tokens_details"] = {"reasoning_tokens": 384}
    deltas = run(RESPONSES, ps.responses_text("x", usage=usage))
    assert deltas[-2] == Usage(input=2000, output=500, cache_read=1536, reasoning=384)


def test_anthropic_usage_cache_read_and_creation_count_in_the_prompt() -> None:
    events = ps.anthropic_text("x", input_tokens=50, output_tokens=9, cache_read=3000, cache_write=700)
    assert run(ANTHROPIC, events)[-2] == Usage(input=3750, output=9, cache_read=3000, cache_write=700)


_CHAT_SHAPES: list[bytes] = [
    ps.chat_chunk({"role": "assistant", "content": ""}),
    ps.chat_chunk({"content": "plain"}),
    ps.chat_chunk({"content": None}),
    ps.chat_chunk({"content": "x", "refusal": None, "reasoning_content": None, "tool_calls": None}),
    ps.chat_chunk({"content": "x", "reasoning": ""}),
    ps.chat_chunk({"reasoning_content": "think"}),
    ps.chat_chunk({"content": "after thinking"}),
    ps.chat_chunk({"reasoning": "more", "content": "both"}),
    ps.chat_chunk({"reasoning_details": [{"type": "reasoning.text", "text": "d", "index": 0}]}),
    ps.chat_chunk({"content": "x"}, usage={"prompt_tokens": 3, "completion_tokens": 1}),
    ps.chat_chunk({"content": 7}),
    ps.chat_chunk({}),
    ps.sse({"choices": [{"index": 1, "delta": {"content": "other choice"}}]}),
    ps.sse({"choices": [{"index": 0, "delta": {"content": "a"}}, {"index": 1, "delta": {"content": "b"}}]}),
    ps.sse({"choices": [{"delta": {"content": "no index"}}]}),
    ps.sse({"choices": [{"index": 0, "delta": "not a dict"}]}),
    ps.sse({"choices": ["not a dict"]}),
    ps.sse({"choices": []}),
    ps.chat_chunk({"tool_calls": [{"index": 0, "id": "c1", "function": {"name": "f", "arguments": "{"}}]}),
    ps.chat_chunk({"content": "x"}, "stop"),
]


@pytest.mark.parametrize("start", range(len(_CHAT_SHAPES)))
def test_chat_plain_text_chunks_decode_as_the_general_way_does(start: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk that only streams text takes a shorter way (`openai_chat._plain_text`): the same deltas, and
    the same state after it, as with that way closed, for every shape from every point of a stream."""
    from cursord.providers import openai_chat

    chunks = [*_CHAT_SHAPES[start:], *_CHAT_SHAPES[:start], ps.sse("[DONE]")]
    fast = run(CHAT, chunks)
    monkeypatch.setattr(openai_chat, "_plain_text", lambda chunk: None)
    assert run(CHAT, chunks) == fast
