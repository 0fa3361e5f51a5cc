"""HttpProvider against scripted fake providers over real loopback HTTP, on trio's mock clock.

Time: every test runs on `autojump_clock`, so retry waits and the 60 s / 120 s timeouts cost no
wall-clock time.  That is safe with real sockets because the fake server runs in the same trio
run and loopback delivery is synchronous: bytes written by one side are readable by the other
before the writer's next checkpoint, so the clock can only jump when both sides are truly
waiting on a deadline (a scripted delay, a stall, a retry wait, a timeout).
"""

from __future__ import annotations

import logging
import socket

import pytest
import trio

from cursord.providers import errors
from cursord.providers.http import HttpProvider, RetryPolicy, Timeouts
from cursord.providers.model import (
    Delta,
    Message,
    PassEnd,
    PassRequest,
    ProviderKind,
    ReasoningChoice,
    StopReason,
    TextDelta,
    TextPart,
    ThinkingDone,
    ThinkingPart,
    ToolCallDone,
    ToolCallPart,
    ToolSpec,
    Usage,
)
from cursord.testing.fake_providers import (
    FakeProvider,
    Reply,
    Reset,
    Send,
    Stall,
    anthropic_error_body,
    anthropic_error_event,
    anthropic_text,
    anthropic_thinking_then_tool,
    chat_text,
    chat_tool_call,
    open_fake_provider,
    responses_text,
    sse,
)

KEY = "sk-test-SECRET-0123456789"
THINK_LOW = ReasoningChoice(thinking=True, effort="low")  # a 2048-token budget


def make(kind: ProviderKind, fake: FakeProvider | str, **kw: object) -> HttpProvider:
    base = fake if isinstance(fake, str) else fake.base_url
    if kind is not ProviderKind.ANTHROPIC:
        base += "/v1"
    return HttpProvider(kind, "fake", base, KEY, ("m",), trust_env=False, **kw)  # type: ignore[arg-type]


class Collector:
    def __init__(self) -> None:
        self.deltas: list[Delta] = []

    async def __call__(self, delta: Delta) -> None:
        self.deltas.append(delta)

    def text(self) -> str:
        return "".join(d.text for d in self.deltas if isinstance(d, TextDelta))


def simple(model: str = "m") -> PassRequest:
    return PassRequest(model, "Be brief.", (Message.user("hello"),))


async def test_chat_text(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.sse(chat_text("Hello from the fake."), gap=0.25)) as fake:
        out = Collector()
        await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), out)
    assert out.text() == "Hello from the fake."
    assert out.deltas[-1] == PassEnd(StopReason.END_TURN) and isinstance(out.deltas[-2], Usage)
    [req] = fake.requests
    assert req.method == "POST" and req.path == "/v1/chat/completions"
    assert req.headers["authorization"] == f"Bearer {KEY}"
    assert "x-api-key" not in req.headers
    assert req.json["stream"] is True and req.json["stream_options"] == {"include_usage": True}
    assert req.json["messages"][0] == {"role": "system", "content": "Be brief."}
    assert req.completed and not req.client_disconnected


async def test_request_body_goes_with_its_length_and_is_let_go_once_sent(
    autojump_clock: trio.testing.MockClock,
) -> None:
    tool = ToolSpec("read", "Read a file", {"type": "object", "properties": {"path": {"type": "string"}}})
    request = PassRequest("m", "Be brief.", (Message.user("héllo"),), tools=(tool,))
    async with open_fake_provider(Reply.sse(chat_text("ok"))) as fake:
        provider = make(ProviderKind.OPENAI_CHAT, fake)
        await provider.stream(request, Collector())
        [req] = fake.requests
        assert req.headers["content-length"] == str(len(req.body)) and "transfer-encoding" not in req.headers
        assert req.json["messages"][1] == {"role": "user", "content": "héllo"}
        assert req.json["tools"][0]["function"]["parameters"]["properties"] == {"path": {"type": "string"}}
        # The body an attempt hands httpx is given up once read: a stream waiting for its first token
        # keeps no copy of its prompt.
        _, _, content = provider._request_parts(request)
        assert [chunk async for chunk in content] == [req.body]
        assert [chunk async for chunk in content] == []


async def test_chat_tool_call(autojump_clock: trio.testing.MockClock) -> None:
    args = '{"path": "src/main.py", "limit": 20}'
    tools = (ToolSpec("read_file", "Read", {"type": "object", "properties": {"path": {"type": "string"}}}),)
    async with open_fake_provider(Reply.sse(chat_tool_call("call_7", "read_file", args))) as fake:
        out = Collector()
        await make(ProviderKind.OPENAI_CHAT, fake).stream(
            PassRequest("m", messages=(Message.user("x"),), tools=tools), out
        )
    assert [d for d in out.deltas if isinstance(d, ToolCallDone)] == [ToolCallDone(0, "call_7", "read_file", args)]
    assert out.deltas[-1] == PassEnd(StopReason.TOOL_USE)
    assert fake.requests[0].json["tools"][0]["function"]["name"] == "read_file"


async def test_responses_text(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.sse(responses_text("Responses says hi."))) as fake:
        out = Collector()
        await make(ProviderKind.OPENAI_RESPONSES, fake).stream(
            PassRequest("m", "sys", (Message.user("q"),), reasoning=ReasoningChoice(effort="low")), out
        )
    assert out.text() == "Responses says hi."
    [req] = fake.requests
    assert req.path == "/v1/responses" and req.headers["authorization"] == f"Bearer {KEY}"
    assert req.json["reasoning"] == {"effort": "low", "summary": "auto"} and req.json["instructions"] == "sys"


async def test_anthropic_tool_loop_sends_thinking_back_unchanged(autojump_clock: trio.testing.MockClock) -> None:
    signature = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds+/="
    first = anthropic_thinking_then_tool("I need the file.", signature, "toolu_1", "read_file", '{"path": "a"}')
    tools = (
        ToolSpec("read_file", "Read", {"type": "object", "properties": {"path": {"type": "string"}}}),
        ToolSpec("ls", "List", {"type": "object", "properties": {}}),
    )
    async with open_fake_provider(Reply.sse(first), Reply.sse(anthropic_text("Done."))) as fake:
        provider = make(ProviderKind.ANTHROPIC, fake)
        out = Collector()
        history: tuple[Message, ...] = (Message.user("read a"),)
        await provider.stream(PassRequest("m", "sys", history, tools, reasoning=THINK_LOW), out)
        done = next(d for d in out.deltas if isinstance(d, ThinkingDone))
        call = next(d for d in out.deltas if isinstance(d, ToolCallDone))
        reply = Message.assistant(
            ThinkingPart("I need the file.", done.signature, origin=done.origin),
            ToolCallPart(call.id, call.name, call.arguments),
        )
        history += (reply, Message.tool_result(call.id, "contents"))
        out2 = Collector()
        await provider.stream(PassRequest("m", "sys", history, tools, reasoning=THINK_LOW), out2)
    assert out2.text() == "Done."
    first_req, second = fake.requests
    assert second.path == "/v1/messages"
    assert second.headers["x-api-key"] == KEY and "authorization" not in second.headers
    assert second.headers["anthropic-version"] == "2023-06-01"
    body = second.json
    assert body["messages"][1]["content"][0] == {
        "type": "thinking",
        "thinking": "I need the file.",
        "signature": signature,
    }
    assert body["messages"][1]["content"][1] == {
        "type": "tool_use",
        "id": "toolu_1",
        "name": "read_file",
        "input": {"path": "a"},
    }
    # the result closes the conversation so far: it carries the moving cache breakpoint
    result: dict[str, object] = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "contents"}
    result["cache_control"] = {"type": "ephemeral"}
    assert body["messages"][2]["content"] == [result]
    assert body["system"] == [{"type": "text", "text": "sys", "cache_control": {"type": "ephemeral"}}]
    assert [t.get("cache_control") for t in body["tools"]] == [None, {"type": "ephemeral"}]
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    # the stable prefix is byte-identical between the two passes
    assert first_req.json["system"] == body["system"] and first_req.json["tools"] == body["tools"]


async def test_401_is_auth_error_and_not_retried(autojump_clock: trio.testing.MockClock) -> None:
    reply = Reply.json(
        401, {"error": {"message": "Incorrect API key", "type": "invalid_request_error", "code": "invalid_api_key"}}
    )
    async with open_fake_provider(reply, Reply.sse(chat_text("never"))) as fake:
        with pytest.raises(errors.AuthError) as info:
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), Collector())
    assert len(fake.requests) == 1
    assert info.value.connect_code == "unauthenticated" and info.value.status == 401


async def test_429_then_success_honours_retry_after(autojump_clock: trio.testing.MockClock) -> None:
    limited = Reply.json(429, anthropic_error_body("rate_limit_error", "slow down"), headers=[("retry-after", "7")])
    async with open_fake_provider(limited, Reply.sse(anthropic_text("ok now"))) as fake:
        arrivals: list[float] = []
        out = Collector()
        async with trio.open_nursery() as nursery:

            async def watch() -> None:
                for n in (1, 2):
                    await fake.wait_for_requests(n)
                    arrivals.append(trio.current_time())

            nursery.start_soon(watch)
            await make(ProviderKind.ANTHROPIC, fake).stream(simple(), out)
    assert out.text() == "ok now"
    assert len(fake.requests) == 2
    assert arrivals[1] - arrivals[0] == pytest.approx(7.0, abs=0.01)


async def test_429_without_retry_after_backs_off_then_gives_up(autojump_clock: trio.testing.MockClock) -> None:
    limited = Reply.json(
        429, {"error": {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}}
    )
    async with open_fake_provider(limited, limited, limited, Reply.sse(chat_text("too late"))) as fake:
        start = trio.current_time()
        with pytest.raises(errors.RateLimited):
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), Collector())
        elapsed = trio.current_time() - start
    assert len(fake.requests) == 3  # max 3 attempts
    assert elapsed == pytest.approx(1.0 + 2.0, abs=0.01)  # exponential backoff from 1 s


async def test_retry_after_beyond_cap_is_not_waited_for(autojump_clock: trio.testing.MockClock) -> None:
    limited = Reply.json(429, {"error": {"message": "later"}}, headers=[("retry-after", "3600")])
    async with open_fake_provider(limited, Reply.sse(chat_text("x"))) as fake:
        with pytest.raises(errors.RateLimited) as info:
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), Collector())
    assert info.value.retry_after == 3600 and len(fake.requests) == 1


async def test_529_overloaded_is_retried(autojump_clock: trio.testing.MockClock) -> None:
    overloaded = Reply.json(529, anthropic_error_body("overloaded_error", "Overloaded"))
    async with open_fake_provider(overloaded, overloaded, Reply.sse(anthropic_text("finally"))) as fake:
        out = Collector()
        await make(ProviderKind.ANTHROPIC, fake).stream(simple(), out)
    assert out.text() == "finally" and len(fake.requests) == 3


async def test_overloaded_event_before_any_delta_is_retried(autojump_clock: trio.testing.MockClock) -> None:
    early = [*anthropic_text("unused")[:1], anthropic_error_event()]  # message_start, then error
    async with open_fake_provider(Reply.sse(early), Reply.sse(anthropic_text("second try"))) as fake:
        out = Collector()
        await make(ProviderKind.ANTHROPIC, fake).stream(simple(), out)
    assert out.text() == "second try" and len(fake.requests) == 2


async def test_overloaded_event_after_deltas_is_not_retried(autojump_clock: trio.testing.MockClock) -> None:
    late = [*anthropic_text("some words here")[:5], anthropic_error_event()]
    async with open_fake_provider(Reply.sse(late), Reply.sse(anthropic_text("no"))) as fake:
        out = Collector()
        with pytest.raises(errors.Overloaded):
            await make(ProviderKind.ANTHROPIC, fake).stream(simple(), out)
    assert out.text() and len(fake.requests) == 1


async def test_a_burst_in_one_read_arrives_as_one_text_delta(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.sse([b"".join(chat_text("one two three four five"))])) as fake:
        out = Collector()
        await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), out)
    assert [type(d) for d in out.deltas] == [TextDelta, Usage, PassEnd]
    assert out.text() == "one two three four five"


async def test_an_error_after_deltas_in_the_same_read_still_delivers_them(
    autojump_clock: trio.testing.MockClock,
) -> None:
    late = b"".join([*anthropic_text("some words here")[:5], anthropic_error_event()])
    async with open_fake_provider(Reply.sse([late]), Reply.sse(anthropic_text("no"))) as fake:
        out = Collector()
        with pytest.raises(errors.Overloaded):
            await make(ProviderKind.ANTHROPIC, fake).stream(simple(), out)
    assert out.text() and len(fake.requests) == 1  # deltas went out first, so no retry


async def test_spend_limit_is_never_retried(autojump_clock: trio.testing.MockClock) -> None:
    body = anthropic_error_body(
        "rate_limit_error", "You have reached your API usage limits", error_code="enforced_spend_limit_reached"
    )
    async with open_fake_provider(Reply.json(429, body), Reply.sse(anthropic_text("no"))) as fake:
        with pytest.raises(errors.SpendLimitReached) as info:
            await make(ProviderKind.ANTHROPIC, fake).stream(simple(), Collector())
    assert len(fake.requests) == 1
    assert info.value.connect_code == "resource_exhausted" and not info.value.retryable


async def test_context_too_long(autojump_clock: trio.testing.MockClock) -> None:
    body = anthropic_error_body("invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum")
    async with open_fake_provider(Reply.json(400, body)) as fake:
        with pytest.raises(errors.ContextTooLong) as info:
            await make(ProviderKind.ANTHROPIC, fake).stream(simple(), Collector())
    assert info.value.connect_code == "invalid_argument" and len(fake.requests) == 1


async def test_idle_timeout_closes_the_connection(autojump_clock: trio.testing.MockClock) -> None:
    events = chat_text("partial answer that never ends")[:4]
    async with open_fake_provider(Reply.sse(events, then=Stall())) as fake:
        out = Collector()
        start = trio.current_time()
        with pytest.raises(errors.ProviderTimeout) as info:
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), out)
        assert trio.current_time() - start == pytest.approx(120.0, abs=0.01)
        with trio.fail_after(1):
            await fake.requests[0].disconnected.wait()
    assert out.text() == "partial answer that "
    assert fake.requests[0].client_disconnected and not fake.requests[0].completed
    assert info.value.connect_code == "deadline_exceeded"
    assert len(fake.requests) == 1


async def test_custom_idle_timeout_and_slow_consumer(autojump_clock: trio.testing.MockClock) -> None:
    # gaps of 5 s between chunks are fine with a 10 s idle timeout...
    async with open_fake_provider(Reply.sse(chat_text("a b c"), gap=5.0)) as fake:
        provider = make(ProviderKind.OPENAI_CHAT, fake, timeouts=Timeouts(first_byte=10.0, idle=10.0))

        class Slow(Collector):
            async def __call__(self, delta: Delta) -> None:
                await trio.sleep(50.0)  # ...and a consumer slower than the idle timeout is not the provider's fault
                await super().__call__(delta)

        out = Slow()
        await provider.stream(simple(), out)
    assert out.text() == "a b c"
    # ...but a 15 s gap is not
    async with open_fake_provider(Reply.sse(chat_text("a b c"), gap=15.0)) as fake:
        provider = make(ProviderKind.OPENAI_CHAT, fake, timeouts=Timeouts(first_byte=10.0, idle=10.0))
        with pytest.raises(errors.ProviderTimeout):
            await provider.stream(simple(), Collector())


async def test_first_byte_timeout(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.hang()) as fake:
        start = trio.current_time()
        with pytest.raises(errors.ProviderTimeout) as info:
            await make(ProviderKind.ANTHROPIC, fake).stream(simple(), Collector())
        assert trio.current_time() - start == pytest.approx(60.0, abs=0.01)
        with trio.fail_after(1):
            await fake.requests[0].disconnected.wait()
    assert "first byte" in info.value.message


async def test_reset_mid_stream_is_truncation(autojump_clock: trio.testing.MockClock) -> None:
    events = chat_text("words before the reset")[:3]
    async with open_fake_provider(Reply.sse(events, then=Reset()), Reply.sse(chat_text("no"))) as fake:
        out = Collector()
        with pytest.raises(errors.StreamTruncated):
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), out)
    assert out.text() == "words before " and len(fake.requests) == 1


async def test_reset_before_answer_is_unavailable_and_retried(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.reset(), Reply.sse(chat_text("recovered"))) as fake:
        out = Collector()
        await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), out)
    assert out.text() == "recovered" and len(fake.requests) == 2
    async with open_fake_provider(Reply.reset(), Reply.reset(), Reply.reset()) as fake:
        with pytest.raises(errors.ProviderUnavailable):
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), Collector())
    assert len(fake.requests) == 3


async def test_connection_refused(autojump_clock: trio.testing.MockClock) -> None:
    with socket.socket() as s:  # a port with nobody listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    provider = make(ProviderKind.ANTHROPIC, f"http://127.0.0.1:{port}", retry=RetryPolicy(max_attempts=2))
    with pytest.raises(errors.ProviderUnavailable) as info:
        await provider.stream(simple(), Collector())
    assert info.value.connect_code == "unavailable"


async def test_clean_end_without_terminal_marker(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.sse(anthropic_text("cut short")[:-1])) as fake:
        with pytest.raises(errors.StreamTruncated):
            await make(ProviderKind.ANTHROPIC, fake).stream(simple(), Collector())
    assert fake.requests[0].completed


async def test_pass_end_stops_reading_even_if_server_lingers(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.sse(chat_text("done"), then=Stall())) as fake:
        out = Collector()
        start = trio.current_time()
        await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), out)
        assert trio.current_time() - start < 1.0
    assert out.deltas[-1] == PassEnd(StopReason.END_TURN)


async def test_caller_cancellation_closes_provider_connection(autojump_clock: trio.testing.MockClock) -> None:
    events = [Send(e, 1.0) for e in chat_text("one two three four five six seven")]
    async with open_fake_provider(Reply(body=tuple(events))) as fake:
        out = Collector()
        with trio.move_on_after(3.5):
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), out)
        with trio.fail_after(1):
            await fake.requests[0].disconnected.wait()
    assert fake.requests[0].client_disconnected and out.text() == "one two "


async def test_json_error_with_200_status(autojump_clock: trio.testing.MockClock) -> None:
    body = {"error": {"message": "This model's maximum context length is 8192 tokens", "code": 400}}
    async with open_fake_provider(Reply.json(200, body)) as fake:
        with pytest.raises(errors.ContextTooLong):
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), Collector())


async def test_unparseable_event_is_malformed(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_provider(Reply.sse([sse("{oops")])) as fake:
        with pytest.raises(errors.MalformedResponse):
            await make(ProviderKind.OPENAI_CHAT, fake).stream(simple(), Collector())


async def test_key_never_in_repr_or_logs(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    overloaded = Reply.json(503, {"error": {"message": "busy"}})
    async with open_fake_provider(overloaded, Reply.sse(chat_text("fine"))) as fake:
        provider = make(ProviderKind.OPENAI_CHAT, fake, extra_headers={"x-custom-auth": "hidden-value"})
        await provider.stream(simple(), Collector())
    assert KEY not in repr(provider) and "hidden-value" not in repr(provider)
    assert "<redacted>" in repr(provider)
    assert any("retrying" in r.getMessage() for r in caplog.records)
    assert all(KEY not in r.getMessage() for r in caplog.records)
    assert fake.requests[1].headers["x-custom-auth"] == "hidden-value"


async def test_shared_client(autojump_clock: trio.testing.MockClock) -> None:
    import httpx

    async with (
        open_fake_provider(Reply.sse(chat_text("one")), Reply.sse(chat_text("two"))) as fake,
        httpx.AsyncClient(trust_env=False) as client,
    ):
        provider = make(ProviderKind.OPENAI_CHAT, fake, client=client)
        texts = []
        for _ in range(2):
            out = Collector()
            await provider.stream(simple(), out)
            texts.append(out.text())
    assert texts == ["one", "two"]


def test_serves() -> None:
    assert make(ProviderKind.OPENAI_CHAT, "http://x").serves("m")
    assert not make(ProviderKind.OPENAI_CHAT, "http://x").serves("other")
    p = HttpProvider("anthropic", "a", "http://x", None)
    assert p.kind is ProviderKind.ANTHROPIC and p.serves("anything") and "None" in repr(p)


def test_message_helpers() -> None:
    msg = Message.assistant(TextPart("a"), TextPart("b"))
    assert msg.text() == "ab"
    with pytest.raises(ValueError):
        Message("user", (ToolCallPart("i", "n", "{}"),))
