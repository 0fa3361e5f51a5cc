"""Which provider serves a run: the model catalog's rule picks the model, its provider spec the provider.

The model list the editor shows (`cursord.server.models_rpc`) and the routing of runs use the same
`ModelCatalog.resolve`, so a model the picker offers is always one a run can reach. Passes run
through `run_pass`, which records each one in the usage ledger (`cursord.agent.ledger`) if there is one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs
import httpx

from cursord.agent.budgets import PassEstimate, PassGuard
from cursord.agent.compaction import estimate_tokens
from cursord.agent.ledger import PassLedger, PassTag
from cursord.agent.model_choice import choose_model
from cursord.config import CatalogModel, ModelCatalog, ProviderKind, ProviderSpec
from cursord.providers import anthropic, openai_chat, openai_responses
from cursord.providers.base import DeltaSink, Provider, VendorOptions
from cursord.providers.http import HttpProvider
from cursord.providers.model import PassRequest, Usage
from cursord.providers.prices import PriceBook

#: context window used for compaction when neither the spec nor the model says (tokens).
DEFAULT_CONTEXT_WINDOW = 128_000


@attrs.frozen
class Route:
    provider: Provider
    model: str
    context_window: int
    vision: bool = True


def vendor_options(spec: ProviderSpec) -> VendorOptions | None:
    """The wire-format options a spec asks for (None: the defaults)."""
    if spec.cache_key:
        return None
    if spec.kind is ProviderKind.OPENAI_CHAT:
        return openai_chat.ChatOptions(send_cache_key=False)
    if spec.kind is ProviderKind.OPENAI_RESPONSES:
        return openai_responses.ResponsesOptions(send_cache_key=False)
    return anthropic.AnthropicOptions(cache_system=False, cache_tools=False, cache_last_message=False)


def price_book(specs: Iterable[ProviderSpec]) -> PriceBook:
    """The built-in prices under each provider's own `prices`."""
    return PriceBook({spec.name: dict(spec.prices) for spec in specs if spec.prices})


@attrs.define
class ProviderRouter:
    catalog: ModelCatalog
    providers: dict[str, Provider]
    ledger: PassLedger | None = None

    async def run_pass(self, route: Route, request: PassRequest, on_delta: DeltaSink, tag: PassTag) -> None:
        """`route.provider.stream(request, on_delta)`, recorded in the ledger when it ends; the guard (a
        team gateway's budgets) may refuse it first, with a `ProviderError` the turn reports."""
        if self.guard is not None:
            tag = await self.guard.admit(tag, self._estimate(route, request))
        if self.ledger is None:
            await route.provider.stream(request, on_delta)
        else:
            await self.ledger.stream(route.provider, request, on_delta, tag)
    #: the configured `default_model` (None: the catalog's first model); see `cursord.agent.model_choice`.
    default_model: str | None = None
    #: asked before every pass (`cursord.agent.budgets`); None: every pass runs.
    guard: PassGuard | None = None

    @classmethod
    def from_catalog(
        cls,
        catalog: ModelCatalog,
        environ: Mapping[str, str],
        client: httpx.AsyncClient | None = None,
        ledger: PassLedger | None = None,
        default_model: str | None = None,
        guard: PassGuard | None = None,
    ) -> ProviderRouter:
        providers: dict[str, Provider] = {}
        for entry in catalog:
            spec = entry.provider
            if spec.name not in providers:
                providers[spec.name] = HttpProvider(
                    kind=spec.kind.value,
                    name=spec.name,
                    base_url=spec.base_url,
                    api_key=environ.get(spec.api_key_env) if spec.api_key_env else None,
                    models=list(spec.models),
                    options=vendor_options(spec),
                    client=client,
                )
        return cls(catalog, providers, ledger, default_model, guard)

    def _estimate(self, route: Route, request: PassRequest) -> PassEstimate:
        """What the pass is expected to spend: its prompt (the output is not known before it runs)."""
        tokens = estimate_tokens(request.messages, request.system, request.tools)
        prices = self.ledger.prices if self.ledger is not None else None
        cost = prices.cost(route.provider.name, request.model, Usage(input=tokens)) if prices is not None else None
        return PassEstimate(tokens, cost or 0.0)

    @property
    def models(self) -> list[str]:
        return [entry.model_id for entry in self.catalog]

    def route(self, model_id: str | None) -> Route | None:
        """The route for exactly `model_id` (no fallbacks; see `choose`)."""
        entry = self.catalog.resolve(model_id)
        return None if entry is None else self._route(entry)

    def choose(self, model_id: str | None, conversation_models: Sequence[str | None] = ()) -> Route | None:
        """The route for a run: what it names, else the conversation's last model, else the default
        (`cursord.agent.model_choice`); None for a model that is neither configured nor Cursor's own."""
        choice = choose_model(
            self.catalog, model_id, conversation_models=conversation_models, default_model=self.default_model
        )
        return None if choice.entry is None else self._route(choice.entry)

    def _route(self, entry: CatalogModel) -> Route:
        window = entry.context_window or DEFAULT_CONTEXT_WINDOW
        return Route(self.providers[entry.provider.name], entry.model_id, window, entry.vision)
