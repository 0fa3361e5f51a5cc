"""Which provider serves a run: the model catalog's rule picks the model, its provider spec the provider.

The model list the editor shows (`cursord.models_rpc`) and the routing of runs use the same
`ModelCatalog.resolve`, so a model the picker offers is always one a run can reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import httpx

from cursord.agent.model_choice import choose_model
from cursord.models_rpc import CatalogModel, ModelCatalog
from cursord.providers.base import Provider
from cursord.providers.http import HttpProvider

#: context window used for compaction when neither the spec nor the model says (tokens).
DEFAULT_CONTEXT_WINDOW = 128_000


@attrs.frozen
class Route:
    provider: Provider
    model: str
    context_window: int
    vision: bool = True


@attrs.define
class ProviderRouter:
    catalog: ModelCatalog
    providers: dict[str, Provider]
    #: the configured `default_model` (None: the catalog's first model); see `cursord.agent.model_choice`.
    default_model: str | None = None

    @classmethod
    def from_catalog(
        cls,
        catalog: ModelCatalog,
        environ: Mapping[str, str],
        client: httpx.AsyncClient | None = None,
        default_model: str | None = None,
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
                    client=client,
                )
        return cls(catalog, providers, default_model)

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
