"""Faults: providers that stall, never answer, reset mid-stream, or trickle a byte every few seconds.

Each scenario runs several turns at once (each its own loopback fake provider, named, so an error can
be checked for naming the right one). The daemon runs in memory under the autojump clock, so the
120 s idle timeout, the 60 s first-byte timeout and the slow-loris pacing take no wall time and are
measured exactly in trio time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import trio

from cursord.agent.turn import AgentServices
from cursord.config import ProviderKind
from cursord.connect.errors import Code, ConnectError
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.providers.http import Timeouts
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, Reset, Send, Stall, chat_text, open_fake_provider
from cursord.testing.harness import RunningDaemon
from cursord.testing.load import open_fake_providers, sized, text_of
from cursord.testing.provider_streams import pieces

pytestmark = pytest.mark.load

CHAT = ProviderKind.OPENAI_CHAT
TURNS = sized(50, floor=5)
IDLE = Timeouts().idle
FIRST_BYTE = Timeouts().first_byte


def error_details(error: ConnectError | None) -> aiserver.ErrorDetails:
    assert error is not None
    (detail,) = error.details
    assert detail.type_name == "aiserver.v1.ErrorDetails"
    return aiserver.ErrorDetails.FromString(detail.value)


class Observed:
    """One turn as the editor saw it, with trio timestamps."""

    def __init__(self) -> None:
        self.started = 0.0  # step_started read: the provider request is under way
        self.last_text = 0.0  # the last text delta read
        self.ended = 0.0  # the end-stream read
        self.text = ""
        self.heartbeats = 0
        self.error: ConnectError | None = None


async def observe(daemon: RunningDaemon, request_id: str, text: str, model: str, conversation: str) -> Observed:
    seen = Observed()
    async with daemon.editor(http2=True) as editor:
        await editor.append(request_id, run_request(text, model=model, conversation_id=conversation))
        async with editor.run_sse(request_id) as reader:
            messages = []
            while (message := await reader.next_message()) is not None:
                messages.append(message)
                update = message.interaction_update
                if update.HasField("step_started"):
                    seen.started = trio.current_time()
                if update.HasField("text_delta"):
                    seen.last_text = trio.current_time()
            seen.ended = trio.current_time()
            seen.text = text_of(messages)
            seen.heartbeats = reader.heartbeats
            seen.error = reader.error
    return seen


async def run_concurrently(daemon: RunningDaemon, n: int, text: str = "go") -> dict[int, Observed]:
    out: dict[int, Observed] = {}

    async def one(i: int) -> None:
        out[i] = await observe(daemon, f"r{i}", text, f"model-{i}", f"conv-{i}")

    async with trio.open_nursery() as nursery:
        for i in range(n):
            nursery.start_soon(one, i)
    return out


def specs_for(fakes: Any, prefix: str) -> list[Any]:
    return [spec_for(fake, CHAT, f"model-{i}", name=f"{prefix}-{i}") for i, fake in enumerate(fakes)]


async def assert_not_committed(services: AgentServices, n: int) -> None:
    for i in range(n):
        assert await services.history.load(f"conv-{i}") == []


# ---- 4. stalls ---------------------------------------------------------------------------------


def spoken(i: int) -> str:
    return f"Let me think about case {i} for a while"


async def test_provider_stall_ends_deadline_exceeded_after_the_idle_timeout(autojump_clock: Any) -> None:
    """A few events, then silence: the turn ends `deadline_exceeded` 120 s after the last byte."""
    said = 4  # the role chunk, then three words
    scripts = [[Reply.sse(chat_text(spoken(i))[: 1 + said], then=Stall())] for i in range(TURNS)]
    async with open_fake_providers(scripts) as fakes, agent_daemon(*specs_for(fakes, "staller")) as (daemon, services):
        seen = await run_concurrently(daemon, TURNS)
        for fake in fakes:
            with trio.fail_after(1):
                await fake.requests[0].disconnected.wait()  # the daemon hung up on the silent provider
        await assert_not_committed(services, TURNS)
    for i, turn in seen.items():
        assert turn.text == "".join(pieces(spoken(i))[:said])
        assert turn.ended - turn.last_text == pytest.approx(IDLE, abs=0.01)
        assert IDLE // 5 - 1 <= turn.heartbeats <= IDLE // 5  # the editor heard from cursord every 5 s
        assert turn.error is not None and turn.error.code is Code.DEADLINE_EXCEEDED
        assert turn.error.message == f"staller-{i}: no data from the provider for {IDLE:g}s"
        detail = error_details(turn.error)
        assert detail.error == aiserver.ErrorDetails.ERROR_TIMEOUT
        assert detail.details.title == "The provider stopped answering"
        assert detail.details.is_retryable is False
        assert len(fakes[i].requests) == 1  # a timeout is not retried


async def test_provider_that_never_answers_hits_the_first_byte_timeout(autojump_clock: Any) -> None:
    async with (
        open_fake_providers([[Reply.hang()] for _ in range(TURNS)]) as fakes,
        agent_daemon(*specs_for(fakes, "silent")) as (daemon, services),
    ):
        seen = await run_concurrently(daemon, TURNS)
        await assert_not_committed(services, TURNS)
    for i, turn in seen.items():
        assert turn.text == ""
        assert turn.ended - turn.started == pytest.approx(FIRST_BYTE, abs=0.01)
        assert turn.error is not None and turn.error.code is Code.DEADLINE_EXCEEDED
        assert turn.error.message == f"silent-{i}: no first byte from the provider for {FIRST_BYTE:g}s"
        detail = error_details(turn.error)
        assert detail.error == aiserver.ErrorDetails.ERROR_TIMEOUT and detail.details.is_retryable is False
        (request,) = fakes[i].requests
        assert request.client_disconnected


# ---- 5. resets ---------------------------------------------------------------------------------


async def test_provider_reset_mid_stream_ends_unavailable_and_commits_nothing(autojump_clock: Any) -> None:
    def partial(i: int) -> str:
        return f"The half-finished answer {i} that never"

    scripts = [
        [Reply.sse(chat_text(partial(i))[:4], then=Reset()), Reply.sse(chat_text(f"Recovered {i}."))]
        for i in range(TURNS)
    ]
    async with open_fake_providers(scripts) as fakes, agent_daemon(*specs_for(fakes, "flaky")) as (daemon, services):
        first = await run_concurrently(daemon, TURNS, "first question")
        assert all(len(fake.requests) == 1 for fake in fakes)  # a truncated stream is not retried
        await assert_not_committed(services, TURNS)

        second: dict[int, Any] = {}

        async def again(i: int) -> None:
            second[i] = await observe(daemon, f"again-{i}", "second question", f"model-{i}", f"conv-{i}")

        async with trio.open_nursery() as nursery:
            for i in range(TURNS):
                nursery.start_soon(again, i)
        history = {i: await services.history.load(f"conv-{i}") for i in range(TURNS)}

    for i in range(TURNS):
        turn = first[i]
        assert turn.text == "".join(pieces(partial(i))[:3])  # what was said before the reset reached the editor
        assert turn.error is not None and turn.error.code is Code.UNAVAILABLE
        assert turn.error.message.startswith(f"flaky-{i}: connection broke mid-stream (")
        detail = error_details(turn.error)
        assert detail.error == aiserver.ErrorDetails.ERROR_NETWORK_ERROR
        assert detail.details.title == "The provider's reply was cut off" and detail.details.is_retryable is False

        assert second[i].error is None and second[i].text == f"Recovered {i}."
        sent = fakes[i].requests[1].json["messages"]
        said = [(m["role"], m["content"]) for m in sent if m["role"] in ("user", "assistant")]
        assert said == [("user", "second question")]  # neither the failed question nor its partial answer
        assert "half-finished" not in json.dumps(sent)
        assert [m.text() for m in history[i]] == ["second question", f"Recovered {i}."]


async def test_provider_reset_before_answering_is_retried(autojump_clock: Any) -> None:
    """The other kind of reset: before any byte, it is `unavailable` and safe to retry (3 attempts)."""
    scripts = [[Reply.reset(), Reply.reset(), Reply.sse(chat_text("third time lucky"))], [Reply.reset()] * 3]
    async with open_fake_providers(scripts) as fakes, agent_daemon(*specs_for(fakes, "resetting")) as (daemon, _):
        seen = await run_concurrently(daemon, 2)
    assert seen[0].error is None and seen[0].text == "third time lucky"
    assert seen[1].error is not None and seen[1].error.code is Code.UNAVAILABLE
    assert seen[1].error.message.startswith("resetting-1: cannot reach the provider (")
    assert [len(fake.requests) for fake in fakes] == [3, 3]


# ---- 6. slow loris -----------------------------------------------------------------------------

LORIS_GAP = 3.0  # seconds between bytes: far below the idle timeout, far above a fast turn
LORIS_TEXT = "Slow, but sure: café ✓ done"


def loris_body() -> bytes:
    """A compact chat stream, UTF-8 unescaped, so multi-byte characters arrive split across sends."""

    def event(payload: object) -> bytes:
        return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n".encode()

    return (
        event({"choices": [{"index": 0, "delta": {"content": LORIS_TEXT}}]})
        + event({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        + b"data: [DONE]\n\n"
    )


async def test_slow_loris_provider_completes_and_slows_nobody(autojump_clock: Any) -> None:
    body = loris_body()
    loris = Reply(body=tuple(Send(body[k : k + 1], LORIS_GAP) for k in range(len(body))))
    fast_turns = sized(50, floor=5)
    fast_replies = [Reply.sse(chat_text(f"Quick answer {k}.")) for k in range(fast_turns)]
    async with (
        open_fake_provider(loris) as slow,
        open_fake_provider(*fast_replies) as fast,
        agent_daemon(spec_for(slow, CHAT, "slow-model", name="loris"), spec_for(fast, CHAT, "fast-model")) as (
            daemon,
            _,
        ),
    ):
        slow_turn: list[Any] = []
        fast_times: list[float] = []
        async with trio.open_nursery() as nursery:

            async def slow_one() -> None:
                slow_turn.append(await observe(daemon, "slow", "take your time", "slow-model", "conv-slow"))

            nursery.start_soon(slow_one)
            await trio.sleep(LORIS_GAP * 10.5)  # well into the trickle
            for k in range(fast_turns):
                started = trio.current_time()
                turn = await observe(daemon, f"fast-{k}", "quick", "fast-model", f"conv-fast-{k}")
                assert turn.error is None and turn.text == f"Quick answer {k}."
                fast_times.append(trio.current_time() - started)
            slow_stream = daemon.core.broker.get("slow")
            assert slow_stream is not None and not slow_stream.is_terminal  # the trickle is still going
    (slow_result,) = slow_turn
    assert slow_result.error is None and slow_result.text == LORIS_TEXT
    assert slow_result.ended - slow_result.started >= LORIS_GAP * len(body)
    assert slow_result.heartbeats >= 1
    assert slow.requests[0].completed
    assert max(fast_times) < LORIS_GAP, fast_times  # no fast turn waited even one of the trickle's gaps
