"""Which provider serves a run: the model catalog's rule picks the model, its provider spec the provider.

The model list the editor shows (`cursord.server.models_rpc`) and the routing of runs use the same
`ModelCatalog.resolve`, so a model the picker offers is always one a run can reach. Passes run
through `run_pass`, which records each one in the usage ledger (`cursord.agent.pass_recorder`) if there is one,
and moves a pass that failed before sending anything to the model's next key or fallback
(`cursord.agent.fallback`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

import attrs
import httpx
import trio

from cursord.agent.budgets import PassEstimate, PassGuard
from cursord.agent.compaction import estimate_tokens
from cursord.agent.fallback import FallbackMove, Target, Targets, remaining_after
from cursord.agent.model_choice import choose_model
from cursord.agent.pass_recorder import PassRecorder, PassTag
from cursord.config import CatalogModel, KeyOrder, ModelCatalog, ProviderSpec
from cursord.providers import base
from cursord.providers.base import DeltaSink, Provider, VendorOptions
from cursord.providers.errors import ProviderError
from cursord.providers.http import HttpProvider, RetryPolicy
from cursord.providers.model import Delta, PassRequest, TextDelta, Usage
from cursord.providers.model import ProviderKind as ModelKind
from cursord.providers.prices import PriceBook

#: context window used for compaction when neither the spec nor the model says (tokens).
DEFAULT_CONTEXT_WINDOW = 128_000


class PassListener(Protocol):
    """Where a pass's output goes: each delta as the provider sends it, and each move to the next key or
    fallback (a target that failed before sending anything). The agent turn's is `cursord.agent.pass_task.PassSink`."""

    async def delta(self, delta: Delta) -> None: ...

    def moved(self, move: FallbackMove) -> None: ...


@attrs.define
class TextCollector:
    """A `PassListener` that keeps the pass's text (a title, a reviewer's verdict)."""

    parts: list[str] = attrs.field(factory=list)

    async def delta(self, delta: Delta) -> None:
        if isinstance(delta, TextDelta):
            self.parts.append(delta.text)

    def moved(self, move: FallbackMove) -> None:
        """A title or a verdict does not say which target served it."""

    @property
    def text(self) -> str:
        return "".join(self.parts)


@attrs.define
class _Watched:
    """The listener of one pass, and whether any delta reached it (a pass that sent something never moves on)."""

    listener: PassListener
    sent: bool = False

    async def delta(self, delta: Delta) -> None:
        self.sent = True
        await self.listener.delta(delta)


@attrs.frozen
class Route:
    provider: Provider
    model: str
    context_window: int
    vision: bool = True
    #: every key and fallback the pass may run on, in config order (empty: just `provider` and `model`)
    targets: tuple[Target, ...] = ()


def vendor_options(spec: ProviderSpec) -> VendorOptions:
    """The wire-format options a spec asks for (`cursord.providers.base.vendor_options`)."""
    return base.vendor_options(
        ModelKind(spec.kind.value), spec.base_url, cache_key=spec.cache_key, reasoning_echo=spec.reasoning_echo
    )


def price_book(specs: Iterable[ProviderSpec]) -> PriceBook:
    """The built-in prices under each provider's own `prices` (for every key of its pool); an unpriced
    model of a provider on this machine is a local model, free."""
    named = [(spec.key_name(index), spec) for spec in specs for index in range(max(1, len(spec.key_envs)))]
    return PriceBook(
        {name: dict(spec.prices) for name, spec in named if spec.prices},
        free=frozenset(name for name, spec in named if spec.is_local),
    )


@attrs.define
class ProviderRouter:
    catalog: ModelCatalog
    providers: dict[str, Provider]
    ledger: PassRecorder | None = None

    #: the configured `default_model` (None: the catalog's first model); see `cursord.agent.model_choice`.
    default_model: str | None = None
    #: asked before every pass (`cursord.agent.budgets`); None: every pass runs.
    guard: PassGuard | None = None
    #: every key's provider by provider spec name (a spec without a `key_pool`: `providers[name]` alone)
    pools: dict[str, tuple[Provider, ...]] = attrs.field(factory=dict)
    #: which keys rest, where round-robin pools start
    targets: Targets = attrs.field(factory=Targets)
    #: how often a pass with keys or fallbacks tries its last target (with this policy's waits): as often as a
    #: provider without them, so a pool with one key sitting out never retries less
    retry: RetryPolicy = attrs.field(factory=RetryPolicy)

    async def run_pass(self, route: Route, request: PassRequest, listener: PassListener, tag: PassTag) -> None:
        """Stream the pass on the route's first usable target to `listener`, recorded in the ledger when it
        ends; the guard (a team gateway's budgets) may refuse it first, with a `ProviderError` the turn
        reports. A failure before any delta moves it to the next target (`listener.moved` hears of each
        move); see the module docstring."""
        route = self._current(route)
        if self.guard is not None:
            tag = await self.guard.admit(tag, self._estimate(route, request))
        if not route.targets:
            await self._attempt(route.provider, request, listener.delta, tag)
            return
        order = self.targets.order(route.targets, trio.current_time())
        if not order:  # every key sits out (spend limit, refused key): fail without sending
            raise self.targets.sitting_out(route.targets)
        watched = _Watched(listener)
        index = 0
        while True:
            target = order[index]
            attempt = request if target.model == request.model else attrs.evolve(request, model=target.model)
            try:
                await self._attempt(target.provider, attempt, watched.delta, tag)
            except ProviderError as error:
                self.targets.failed(target, error, trio.current_time())
                following = remaining_after(order, index, error)
                tries = order[: index + 1].count(target)
                wait = None if following or watched.sent else self.retry.delay(tries, error)
                if wait is not None:  # the last target left: tried as often as a provider without a pool is
                    await trio.sleep(wait)
                    order, index = [*order[: index + 1], target], index + 1
                    continue
                if watched.sent or not error.moves_on or not following:
                    raise
                order, index = [*order[: index + 1], *following], index + 1
                listener.moved(FallbackMove(target, order[index], error))
                continue
            self.targets.served(target)
            return

    def _current(self, route: Route) -> Route:
        """`route` on the providers configured now. A reload (`cursord.app.reload`) replaces every key's
        provider: a turn chose its route before, and its next pass takes the new keys (the old one may be
        revoked: that is often why it changed). A model the reload removed keeps the providers it had."""
        if any(route.provider is provider for provider in self.providers.values()):
            return route
        entry = self.catalog.resolve(route.model)
        if entry is None:
            return route
        fresh = self._route(entry)
        return attrs.evolve(route, provider=fresh.provider, targets=fresh.targets)

    async def _attempt(self, provider: Provider, request: PassRequest, on_delta: DeltaSink, tag: PassTag) -> None:
        if self.ledger is None:
            await provider.stream(request, on_delta)
        else:
            await self.ledger.stream(provider, request, on_delta, tag)

    @classmethod
    def from_catalog(
        cls,
        catalog: ModelCatalog,
        environ: Mapping[str, str],
        client: httpx.AsyncClient | None = None,
        ledger: PassRecorder | None = None,
        default_model: str | None = None,
        guard: PassGuard | None = None,
    ) -> ProviderRouter:
        providers: dict[str, Provider] = {}
        pools: dict[str, tuple[Provider, ...]] = {}
        for entry in catalog:
            spec = entry.provider
            if spec.name in pools:
                continue
            # A model with somewhere to move to moves at once: the next key or fallback is the retry.
            retry = RetryPolicy(max_attempts=1) if spec.key_pool or spec.fallbacks else RetryPolicy()
            pools[spec.name] = tuple(
                HttpProvider(
                    kind=spec.kind.value,
                    name=spec.key_name(index),
                    base_url=spec.base_url,
                    api_key=environ.get(env) if env else None,
                    models=list(spec.models),
                    retry=retry,
                    options=vendor_options(spec),
                    client=client,
                )
                for index, env in enumerate(spec.key_envs or (None,))
            )
            providers[spec.name] = pools[spec.name][0]
        round_robin = frozenset(e.provider.name for e in catalog if e.provider.key_order is KeyOrder.ROUND_ROBIN)
        return cls(catalog, providers, ledger, default_model, guard, pools, Targets(round_robin))

    def _estimate(self, route: Route, request: PassRequest) -> PassEstimate:
        """What the pass is expected to spend: its prompt (the output is not known before it runs)."""
        tokens = estimate_tokens(request.messages, request.system, request.tools)
        prices = self.ledger.prices if self.ledger is not None else None
        cost = prices.cost(route.provider.name, request.model, Usage(input=tokens)) if prices is not None else None
        return PassEstimate(tokens, cost or 0.0)

    @property
    def models(self) -> list[str]:
        return [entry.model_id for entry in self.catalog]

    @property
    def names(self) -> list[str]:
        """What a run may ask for, as an error lists it: the models, then each alias with what it names."""
        return self.models + [f"{alias} (= {target})" for alias, target in self.catalog.aliases.items()]

    def route(self, model_id: str | None) -> Route | None:
        """The route for exactly `model_id` (no fallbacks; see `choose`)."""
        entry = self.catalog.resolve(model_id)
        return None if entry is None else self._route(entry)

    def serves(self, model_id: str | None) -> bool:
        """Whether `model_id` names a model of the catalog: then a run asking for it takes it, whatever its
        conversation ran on before (`cursord.agent.model_choice`)."""
        return self.catalog.resolve(model_id) is not None

    def choose(
        self,
        model_id: str | None,
        conversation_models: Sequence[str | None] = (),
        parent_model: str | None = None,
        *,
        subagent: bool = False,
        subagent_pick: str | None = None,
    ) -> Route | None:
        """The route for a run: what it names, else (a subagent) its parent's model or the model picked for
        its type, else the conversation's last model, else the default (`cursord.agent.model_choice`); None
        for a model that is neither configured nor Cursor's own."""
        choice = choose_model(
            self.catalog,
            model_id,
            conversation_models=conversation_models,
            default_model=self.default_model,
            parent_model=parent_model,
            subagent=subagent,
            subagent_pick=subagent_pick,
        )
        return None if choice.entry is None else self._route(choice.entry)

    def _route(self, entry: CatalogModel) -> Route:
        window = entry.context_window or DEFAULT_CONTEXT_WINDOW
        targets = self._targets(entry)
        for name in entry.provider.fallbacks:
            fallback = self.catalog.resolve(name)
            if fallback is not None and fallback.model_id != entry.model_id:
                targets += self._targets(fallback)
        chain = tuple(targets) if len(targets) > 1 else ()
        return Route(self.providers[entry.provider.name], entry.model_id, window, entry.vision, chain)

    def _targets(self, entry: CatalogModel) -> list[Target]:
        name = entry.provider.name
        keys = self.pools.get(name) or (self.providers[name],)
        envs = entry.provider.key_envs or (None,)
        return [Target(provider, entry.model_id, name, env) for provider, env in zip(keys, envs, strict=False)]
