"""What a pass cost: prices per model (USD per million tokens) and the arithmetic.

A `Price` has four rates: uncached input, output (reasoning included: every vendor bills it as
output), cache reads and cache writes. `Usage.input` counts the whole prompt, so the uncached part is
`input - cache_read - cache_write`. A model without a price has an unknown cost (None), never 0; but a
pass that used no tokens (refused, or failed before the provider read it) costs 0 whatever its price, and a
model of a provider on this machine that no price is known for is a local model: free. (A known model
keeps its list price there: a local proxy such as LiteLLM forwards it to its vendor.)

Where a price comes from, first match wins: the provider spec's `prices` (flag or TOML), then the
built-in table below, looked up by the model id as configured, then with a `vendor/` prefix and a
date or `-latest` suffix taken off (`claude-sonnet-4-5-20250929` -> `claude-sonnet-4-5`).

The built-in table holds list prices for the common models of the vendors cursord speaks to directly,
as shown on these pages when read on BUILTIN_PRICES_DATE:

- OpenAI: https://platform.openai.com/docs/pricing and the model pages under
  https://developers.openai.com/api/docs/models/ ("cached input"; OpenAI charges nothing extra for
  writing its cache, so cache writes cost the input rate).
- Anthropic: https://platform.claude.com/docs/en/about-claude/pricing ("5m cache writes", the
  lifetime cursord's `ephemeral` breakpoints use; "cache hits and refreshes").
- Google: https://ai.google.dev/gemini-api/docs/pricing (paid tier, prompts up to 200k tokens; "context
  caching" is the cached-input rate; implicit caching writes cost nothing extra, so cache writes cost
  the input rate).

Not modelled: batch discounts, long-context surcharges (Gemini past 200k tokens), 1-hour cache writes, explicit
cache storage, regional multipliers.
DeepSeek and other OpenAI-compatible vendors change prices often: give them in the provider spec.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from .model import Usage

BUILTIN_PRICES_DATE = "2026-12-03"
_PER_TOKEN = 1e-6


def _check_rate(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{attribute.name} must be a price of 0 or more (USD per million tokens), got {value!r}")


@attrs.frozen
class Price:
    """USD per million tokens."""

    input: float = attrs.field(validator=_check_rate)
    output: float = attrs.field(validator=_check_rate)
    cache_read: float = attrs.field(validator=_check_rate)
    cache_write: float = attrs.field(validator=_check_rate)

    @classmethod
    def of(cls, rates: Sequence[float]) -> Price:
        """From 2 to 4 rates: input, output[, cache read[, cache write]]; a missing cache rate is the
        input rate (no discount assumed, so a cost is never understated)."""
        if not 2 <= len(rates) <= 4:
            raise ValueError(f"expected 2 to 4 rates (input/output[/cache_read[/cache_write]]), got {len(rates)}")
        full = [*rates, *[rates[0]] * (4 - len(rates))]
        return cls(*full)

    def cost(self, usage: Usage) -> float:
        uncached = max(0, usage.input - usage.cache_read - usage.cache_write)
        return _PER_TOKEN * (
            uncached * self.input
            + usage.output * self.output
            + usage.cache_read * self.cache_read
            + usage.cache_write * self.cache_write
        )

    def as_list(self) -> list[float]:
        return [self.input, self.output, self.cache_read, self.cache_write]


BUILTIN_PRICES: Mapping[str, Price] = {
    # OpenAI: input, output, cached input, (cache writes at the input rate)
    "gpt-5.2": Price(1.75, 14.00, 0.175, 1.75),
    "gpt-5.1": Price(1.25, 10.00, 0.125, 1.25),
    "gpt-5": Price(1.25, 10.00, 0.125, 1.25),
    "gpt-5-mini": Price(0.25, 2.00, 0.025, 0.25),
    "gpt-4.1": Price(2.00, 8.00, 0.50, 2.00),
    "gpt-4o": Price(2.50, 10.00, 1.25, 2.50),
    "gpt-4o-mini": Price(0.15, 0.60, 0.075, 0.15),
    # Anthropic: base input, output, cache hits, 5-minute cache writes
    "claude-opus-5": Price(5.00, 25.00, 0.50, 6.25),
    "claude-sonnet-5": Price(2.00, 10.00, 0.20, 2.50),
    "claude-opus-4-5": Price(5.00, 25.00, 0.50, 6.25),
    "claude-opus-4-1": Price(15.00, 75.00, 1.50, 18.75),
    "claude-sonnet-4-5": Price(3.00, 15.00, 0.30, 3.75),
    "claude-haiku-4-5": Price(1.00, 5.00, 0.10, 1.25),
    # Google Gemini: input, output (thinking included), cached input, (cache writes at the input rate)
    "gemini-3-pro-preview": Price(2.00, 12.00, 0.20, 2.00),
    "gemini-2.5-pro": Price(1.25, 10.00, 0.125, 1.25),
    "gemini-2.5-flash": Price(0.30, 2.50, 0.03, 0.30),
    "gemini-2.5-flash-lite": Price(0.10, 0.40, 0.01, 0.10),
}

#: what a local model costs
FREE = Price(0.0, 0.0, 0.0, 0.0)

_SUFFIX = re.compile(r"-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$")


def _normalized(model: str) -> str:
    return _SUFFIX.sub("", model.rsplit("/", 1)[-1].lower())


@attrs.frozen
class PriceBook:
    """Every price cursord knows: per provider overrides over the built-in table."""

    overrides: Mapping[str, Mapping[str, Price]] = attrs.field(factory=dict)  # provider -> model -> price
    builtin: Mapping[str, Price] = BUILTIN_PRICES
    #: providers on this machine: their models without a known price cost nothing
    free: frozenset[str] = frozenset()

    def price(self, provider: str | None, model: str) -> Price | None:
        own = self.overrides.get(provider or "", {})
        if model in own:
            return own[model]
        known = self.builtin.get(model) or self.builtin.get(_normalized(model))
        return FREE if known is None and provider in self.free else known

    def cost(self, provider: str | None, model: str, usage: Usage) -> float | None:
        """USD for one pass; None when the model has no price and the pass used tokens."""
        from .model import Usage  # here: the config parses prices without the provider model's classes

        if usage == Usage():
            return 0.0
        price = self.price(provider, model)
        return None if price is None else price.cost(usage)


# ---- parsing (the config's `prices` option) --------------------------------------------------------


def parse_price_text(text: str) -> Price:
    """`IN/OUT[/CACHE_READ[/CACHE_WRITE]]`, USD per million tokens. Raises ValueError."""
    rates: list[float] = []
    for piece in text.split("/"):
        try:
            rate = float(piece.strip())
        except ValueError:
            raise ValueError(f"{piece.strip()!r} is not a number (give IN/OUT[/CACHE_READ[/CACHE_WRITE]])") from None
        rates.append(rate)
    return Price.of(rates)


def parse_price_value(value: object) -> Price:
    """A TOML value: `"IN/OUT/..."` or `[IN, OUT, CACHE_READ?, CACHE_WRITE?]`. Raises ValueError."""
    if isinstance(value, str):
        return parse_price_text(value)
    if isinstance(value, list) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
        return Price.of([float(v) for v in value])
    raise ValueError(f"expected \"IN/OUT[/CACHE_READ[/CACHE_WRITE]]\" or a list of 2 to 4 numbers, got {value!r}")
