"""Prices: the arithmetic of a pass's cost and which price a model gets."""

from __future__ import annotations

import pytest

from cursord.providers.model import Usage
from cursord.providers.prices import BUILTIN_PRICES, Price, PriceBook, parse_price_value


def test_cost_splits_the_prompt_into_uncached_read_and_written_parts() -> None:
    price = Price(3.0, 15.0, 0.3, 3.75)
    usage = Usage(input=10_000, output=1_000, cache_read=6_000, cache_write=3_000, reasoning=400)
    # 1000 uncached, 6000 read, 3000 written; reasoning is already inside output
    assert price.cost(usage) == pytest.approx((1000 * 3.0 + 6000 * 0.3 + 3000 * 3.75 + 1000 * 15.0) / 1e6)


def test_a_missing_cache_rate_is_the_input_rate() -> None:
    assert Price.of([2.0, 8.0]) == Price(2.0, 8.0, 2.0, 2.0)
    assert Price.of([2.0, 8.0, 0.5]) == Price(2.0, 8.0, 0.5, 2.0)
    assert parse_price_value("2/8/0.5/2.5") == Price(2.0, 8.0, 0.5, 2.5)
    with pytest.raises(ValueError, match="2 to 4 rates"):
        Price.of([1.0, 2.0, 3.0, 4.0, 5.0])


def test_which_price_a_model_gets() -> None:
    own = Price(9.0, 9.0, 9.0, 9.0)
    book = PriceBook({"mine": {"gpt-5": own}})
    assert book.price("mine", "gpt-5") is own  # the provider's own price first
    assert book.price("other", "gpt-5") == BUILTIN_PRICES["gpt-5"]
    assert book.price(None, "claude-sonnet-4-5-20250929") == BUILTIN_PRICES["claude-sonnet-4-5"]  # dated id
    assert book.price(None, "gpt-5-2025-08-07") == BUILTIN_PRICES["gpt-5"]
    assert book.price(None, "anthropic/claude-haiku-4-5") == BUILTIN_PRICES["claude-haiku-4-5"]  # vendor/ prefix
    assert book.price(None, "gpt-5-nano") is None  # no prefix guessing: gpt-5-nano is not gpt-5
    assert book.cost(None, "qwen3:32b", Usage(input=100, output=10)) is None  # unknown, never 0.0


def test_a_pass_that_used_nothing_costs_nothing_and_a_local_model_is_free() -> None:
    """Issue 39 #6: a refused pass on an unpriced model was an unknown cost, and a local model's always was."""
    own = Price(1.0, 2.0, 1.0, 1.0)
    book = PriceBook({"ollama": {"priced": own}}, free=frozenset({"ollama"}))
    assert book.cost("remote", "qwen3:32b", Usage()) == 0.0
    assert book.cost("ollama", "qwen3:32b", Usage(input=100, output=10)) == 0.0
    assert book.price("ollama", "priced") is own  # its own prices still count
    # a known model keeps its list price on loopback: a local proxy forwards it to the vendor
    assert book.price("ollama", "gpt-5") == BUILTIN_PRICES["gpt-5"]
    assert book.cost("remote", "qwen3:32b", Usage(input=100, output=10)) is None
