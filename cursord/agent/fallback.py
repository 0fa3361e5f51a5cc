"""Fallbacks and key pools: which provider key and model a pass runs on, and where it moves when that fails.

Theory of operation. A model's `Route` lists its `Target`s in config order: the model on each key of its
provider (a `key_pool` gives one provider per key, named `NAME`, `NAME#2`, ...), then each of the provider's
`fallbacks` on each of its keys (one level: a fallback's own fallbacks are not followed). `Targets.order`
turns that list into the order one pass tries, from what earlier passes learnt:

- a round-robin pool starts each pass one key further (`KeyOrder.ROUND_ROBIN`); an ordered one at its first;
- a key that just failed rests: until its `retry-after`, else `REST` seconds; a resting key is tried last;
- a key refused for money or identity (`SpendLimitReached`, `AuthError`) sits out `LONG_REST` seconds and is
  not tried at all meanwhile: an Anthropic 429 `enforced_spend_limit_reached` is never sent again on that key.

Each key's state (serving, resting, sitting out) is logged when it changes, once: a refused key of a pool
is a warning naming its variable, however many passes then skip it; a key that serves again, a line.

`ProviderRouter.run_pass` walks the order. An attempt that fails with an error whose `moves_on` trait is set
(`cursord.providers.errors.ERROR_TRAITS`: 429, 5xx, timeouts, unreachable, context overflow, spend, auth),
*before any delta reached the editor*, hands the pass to the next target (a `FallbackMove`, tapped by the
turn); every attempt is its own row in the usage ledger. A context overflow skips the other keys of the same
model (they would overflow too). The last target left is tried again on a retryable error as a provider
without keys or fallbacks is (`ProviderRouter.retry`, three tries): a pool with one key sitting out never
retries less. Anything else, or any failure after the first delta, ends the pass as before. The next pass
starts again from the top of the order, so a turn may move between vendors from one
pass to the next: each builder re-encodes the neutral history (reasoning another vendor signed is dropped,
tool calls and results stay paired).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Sequence

import attrs

from cursord.providers.base import Provider
from cursord.providers.errors import AuthError, ContextTooLong, ProviderError, RateLimited, SpendLimitReached

#: seconds a key rests after a failure that gave no retry-after
REST = 30.0
#: seconds a key refused for spend or identity is not tried
LONG_REST = 3600.0

log = logging.getLogger(__name__)


class KeyState(enum.Enum):
    SERVING = "serving"
    RESTING = "resting"  # tried last until its rest ends
    SITTING_OUT = "sitting out"  # not tried until its rest ends


@attrs.frozen
class Target:
    """One way to serve a pass: a provider (one key of a pool) and the model id to ask it for."""

    provider: Provider
    model: str
    pool: str  # the provider spec's name, shared by the keys of one pool
    key_env: str | None = None  # the variable holding this key

    @property
    def label(self) -> str:
        return f"{self.provider.name}/{self.model}"

    @property
    def key(self) -> str:
        """The key as the log names it: its provider name and variable."""
        return f"{self.provider.name} (${self.key_env})" if self.key_env else self.provider.name


@attrs.frozen
class FallbackMove:
    """A pass left `from_target` for `to_target` after `error` (nothing had reached the editor yet)."""

    from_target: Target
    to_target: Target
    error: ProviderError


@attrs.frozen
class _Rest:
    until: float
    error: ProviderError  # why it rests
    skip: bool  # not tried at all until then (spend, auth), rather than tried last


@attrs.define(eq=False)
class Targets:
    """What earlier passes learnt about keys: who rests until when, where each round-robin pool starts."""

    round_robin: frozenset[str] = frozenset()  # pools taken in turn
    _rests: dict[str, _Rest] = attrs.field(factory=dict)  # by provider (key) name
    _turns: dict[str, int] = attrs.field(factory=dict)  # round-robin pools: passes started so far
    _states: dict[str, KeyState] = attrs.field(factory=dict)  # by provider (key) name; absent: serving

    def order(self, targets: Sequence[Target], now: float) -> list[Target]:
        """The targets one pass tries, in order (empty when every key sits out)."""
        rotated: list[Target] = []
        for group in _groups(targets):
            pool = group[0].pool
            if pool in self.round_robin and len(group) > 1:
                start = self._turns.get(pool, 0) % len(group)
                self._turns[pool] = self._turns.get(pool, 0) + 1
                group = [*group[start:], *group[:start]]
            rotated += group
        fresh: list[Target] = []
        resting: list[Target] = []
        for target in rotated:
            rest = self._rests.get(target.provider.name)
            if rest is None or rest.until <= now:
                fresh.append(target)
            elif not rest.skip:
                resting.append(target)
        return fresh + resting

    def failed(self, target: Target, error: ProviderError, now: float) -> None:
        if isinstance(error, SpendLimitReached | AuthError):
            rest = _Rest(now + LONG_REST, error, skip=True)
        elif isinstance(error, ContextTooLong) or not error.moves_on:
            return  # the request's fault, not the key's
        else:
            retry_after = error.retry_after if isinstance(error, RateLimited) else None
            rest = _Rest(now + (retry_after or REST), error, skip=False)
        self._rests[target.provider.name] = rest
        state = KeyState.SITTING_OUT if rest.skip else KeyState.RESTING
        if self._moved(target, state):
            how = "not tried" if rest.skip else "tried last"
            log.warning("provider key %s: %s: %s; %s for %.0f s", target.key, type(error).__name__, error.message,
                        how, rest.until - now)

    def served(self, target: Target) -> None:
        self._rests.pop(target.provider.name, None)
        if self._moved(target, KeyState.SERVING):
            log.info("provider key %s serves again", target.key)

    def _moved(self, target: Target, state: KeyState) -> bool:
        """Record `target`'s key in `state`; True when that is a change."""
        before = self._states.get(target.provider.name, KeyState.SERVING)
        self._states[target.provider.name] = state
        return state is not before

    def sitting_out(self, targets: Sequence[Target]) -> ProviderError:
        """The error to end a pass with when `order` found no target: the refusal the first key rests after."""
        first = targets[0].provider.name
        rest = self._rests.get(first)
        cause = f"{rest.error.message} (not sent again for {LONG_REST:g}s)" if rest else "every key is resting"
        kind = type(rest.error) if rest else ProviderError
        return kind(first, cause, status=rest.error.status if rest else None)


def remaining_after(order: list[Target], index: int, error: ProviderError) -> list[Target]:
    """The targets still worth trying after `order[index]` failed with `error`."""
    rest = order[index + 1 :]
    if isinstance(error, ContextTooLong):
        return [t for t in rest if t.model != order[index].model]
    return rest


def _groups(targets: Sequence[Target]) -> list[list[Target]]:
    """Runs of targets with the same pool and model (one model on each key of one pool)."""
    groups: list[list[Target]] = []
    for target in targets:
        if groups and (groups[-1][0].pool, groups[-1][0].model) == (target.pool, target.model):
            groups[-1].append(target)
        else:
            groups.append([target])
    return groups
