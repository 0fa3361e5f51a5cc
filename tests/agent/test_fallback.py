"""The order a pass tries a model's keys and fallbacks in (`cursord.agent.fallback.Targets`), sans-IO."""

from __future__ import annotations

import logging

import attrs
import pytest

from cursord.agent.fallback import LONG_REST, REST, Target, Targets, remaining_after
from cursord.providers import errors
from cursord.providers.base import DeltaSink
from cursord.providers.model import PassRequest


@attrs.frozen
class Named:
    name: str

    def serves(self, model: str) -> bool:
        return True

    async def stream(self, request: PassRequest, on_delta: DeltaSink) -> None:
        raise AssertionError("never streamed here")


def pool(name: str, model: str, keys: int) -> list[Target]:
    return [Target(Named(name if i == 0 else f"{name}#{i + 1}"), model, name) for i in range(keys)]


def labels(targets: list[Target]) -> list[str]:
    return [t.label for t in targets]


CHAIN = [*pool("g", "gem", 3), *pool("a", "claude", 1)]


def test_ordered_keys_then_fallbacks() -> None:
    assert labels(Targets().order(CHAIN, 0.0)) == ["g/gem", "g#2/gem", "g#3/gem", "a/claude"]


def test_round_robin_pools_start_one_key_further_each_pass() -> None:
    targets = Targets(round_robin=frozenset({"g"}))
    firsts = [labels(targets.order(CHAIN, 0.0))[:3] for _ in range(4)]
    assert firsts == [
        ["g/gem", "g#2/gem", "g#3/gem"],
        ["g#2/gem", "g#3/gem", "g/gem"],
        ["g#3/gem", "g/gem", "g#2/gem"],
        ["g/gem", "g#2/gem", "g#3/gem"],
    ]
    assert all(labels(targets.order(CHAIN, 0.0))[3] == "a/claude" for _ in range(3))


def test_a_rate_limited_key_rests_for_its_retry_after_then_comes_back() -> None:
    targets = Targets()
    targets.failed(CHAIN[0], errors.RateLimited("g", "slow down", retry_after=90.0), now=10.0)
    assert labels(targets.order(CHAIN, 50.0)) == ["g#2/gem", "g#3/gem", "a/claude", "g/gem"]
    assert labels(targets.order(CHAIN, 100.0))[0] == "g/gem"
    targets.failed(CHAIN[1], errors.Overloaded("g", "busy"), now=0.0)
    assert labels(targets.order(CHAIN, REST - 1))[-1] == "g#2/gem"
    targets.served(CHAIN[1])
    assert labels(targets.order(CHAIN, 100.0))[:2] == ["g/gem", "g#2/gem"]


def test_a_spent_or_refused_key_sits_out_and_says_why_when_nothing_is_left() -> None:
    targets = Targets()
    single = pool("a", "claude", 2)
    targets.failed(single[0], errors.SpendLimitReached("a", "enforced_spend_limit_reached"), now=0.0)
    targets.failed(single[1], errors.AuthError("a#2", "invalid x-api-key"), now=0.0)
    assert targets.order(single, LONG_REST - 1) == []
    why = targets.sitting_out(single)
    assert isinstance(why, errors.SpendLimitReached) and "enforced_spend_limit_reached" in why.message
    assert labels(targets.order(single, LONG_REST + 1)) == ["a/claude", "a#2/claude"]


def test_a_bad_request_or_context_overflow_rests_no_key() -> None:
    targets = Targets()
    targets.failed(CHAIN[0], errors.ContextTooLong("g", "too long"), now=0.0)
    targets.failed(CHAIN[1], errors.BadRequest("g", "bad"), now=0.0)
    assert labels(targets.order(CHAIN, 1.0)) == labels(CHAIN)


def test_a_context_overflow_skips_the_other_keys_of_the_same_model() -> None:
    overflow = errors.ContextTooLong("g", "too long")
    assert labels(remaining_after(CHAIN, 0, overflow)) == ["a/claude"]
    assert labels(remaining_after(CHAIN, 0, errors.RateLimited("g", "slow"))) == labels(CHAIN[1:])


def test_a_keys_state_is_logged_once_per_change_naming_its_variable(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 39 #3: a refused key of a pool left no line in the log."""
    keys = [attrs.evolve(t, key_env=env) for t, env in zip(pool("a", "claude", 2), ["A_KEY", "A_KEY_2"], strict=True)]
    targets = Targets()
    with caplog.at_level(logging.INFO, logger="cursord.agent.fallback"):
        for now in (0.0, LONG_REST + 1):  # refused again once its rest is over: still the same state
            targets.failed(keys[1], errors.AuthError("a#2", "invalid x-api-key"), now=now)
        targets.failed(keys[0], errors.Overloaded("a", "busy"), now=0.0)
        targets.served(keys[0])
        targets.served(keys[0])
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        ("WARNING", f"provider key a#2 ($A_KEY_2): AuthError: invalid x-api-key; not tried for {LONG_REST:.0f} s"),
        ("WARNING", f"provider key a ($A_KEY): Overloaded: busy; tried last for {REST:.0f} s"),
        ("INFO", "provider key a ($A_KEY) serves again"),
    ]
