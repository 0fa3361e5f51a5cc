"""ModelCatalog: which models the configured providers serve, under which ids, and how an editor's id resolves."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import attrs

from cursord.config._providers import ProviderSpec


@attrs.frozen
class CatalogModel:
    """One configured model: the id the editor sends back, who serves it, how to show it."""

    model_id: str
    provider: ProviderSpec
    display_name: str
    context_window: int | None  # tokens; None: the config does not say
    vision: bool = True  # the model takes images


class ModelCatalog:
    """Every configured model, in config order (providers in order, each provider's models in order).

    Raises ValueError if two providers share a name or a model id (`ServeConfig` already refuses both).
    """

    __slots__ = ("_aliases", "_by_id", "_by_provider", "_default", "_models")

    def __init__(
        self,
        providers: Sequence[ProviderSpec],
        aliases: Mapping[str, str] | None = None,
        default_model: str | None = None,
    ) -> None:
        models: list[CatalogModel] = []
        by_id: dict[str, CatalogModel] = {}
        by_provider: dict[str, dict[str, CatalogModel]] = {}
        for spec in providers:
            if spec.name in by_provider:
                raise ValueError(f"provider name {spec.name!r} is used twice")
            own = by_provider[spec.name] = {}
            for model_id in spec.models:
                if model_id in by_id:
                    other = by_id[model_id].provider.name
                    raise ValueError(f"model {model_id!r} is served by both {other!r} and {spec.name!r}")
                entry = CatalogModel(
                    model_id=model_id,
                    provider=spec,
                    display_name=model_id,
                    context_window=spec.context_window_for(model_id),
                    vision=spec.vision_for(model_id),
                )
                models.append(entry)
                by_id[model_id] = own[model_id] = entry
        self._models = tuple(models)
        self._by_id = by_id
        self._by_provider = by_provider
        self._aliases = dict(aliases or {})
        self._default = self.resolve(default_model) if default_model else None

    def adopt(self, other: ModelCatalog) -> None:
        """Take `other`'s models, aliases and default (a reload): every holder of this catalog, the model
        lists, the proxy and the run relay, sees them from the next lookup on."""
        self._models, self._by_id, self._by_provider = other._models, other._by_id, other._by_provider
        self._aliases, self._default = other._aliases, other._default

    @property
    def models(self) -> tuple[CatalogModel, ...]:
        return self._models

    @property
    def aliases(self) -> Mapping[str, str]:
        """The user's other names for configured models (`fast` -> `gpt-5-mini`)."""
        return self._aliases

    def __len__(self) -> int:
        return len(self._models)

    def __iter__(self) -> Iterator[CatalogModel]:
        return iter(self._models)

    def default_model(self) -> CatalogModel | None:
        """The configured `default_model`, else the first configured model; None when there is none."""
        if self._default is not None:
            return self._default
        return self._models[0] if self._models else None

    def resolve(self, model_id: str | None) -> CatalogModel | None:
        """The configured model `model_id` names, by the rules in the module docstring; None if none."""
        if not model_id:
            return None
        found = self._by_id.get(model_id)
        if found is not None:
            return found
        alias = self._aliases.get(model_id)
        if alias is not None and alias not in self._aliases:
            return self.resolve(alias)
        provider_name, slash, rest = model_id.partition("/")
        if slash and rest:
            found = self._in_provider(provider_name, rest)
            if found is not None:
                return found
        return _unique_casefold(self._by_id, model_id)

    def provider_for(self, model_id: str | None) -> ProviderSpec | None:
        """The provider that serves `model_id` (see `resolve`), or None."""
        found = self.resolve(model_id)
        return found.provider if found is not None else None

    def _in_provider(self, provider_name: str, model_id: str) -> CatalogModel | None:
        own = self._by_provider.get(provider_name)
        if own is None:
            names = [name for name in self._by_provider if name.casefold() == provider_name.casefold()]
            if len(names) != 1:
                return None
            own = self._by_provider[names[0]]
        return own.get(model_id) or _unique_casefold(own, model_id)


def _unique_casefold(models: Mapping[str, CatalogModel], model_id: str) -> CatalogModel | None:
    wanted = model_id.casefold()
    matches = [entry for key, entry in models.items() if key.casefold() == wanted]
    return matches[0] if len(matches) == 1 else None
