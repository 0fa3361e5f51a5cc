"""Which configured model a run uses, from what it asks for. Pure.

First rule that gives a model wins:

1. the model the run names (`requested_model.model_id`, else `model_details.model_id`), resolved by the
   catalog (ids, `PROVIDER/MODEL`, user aliases; `ModelCatalog.resolve`);
2. a subagent's run (its parent's request id known, or its request names `subagent_type_name`: RunSSE
   carries no parent) that names no model, or one of Cursor's own ids that cursord does not serve
   (`composer-*`, `default`), runs on its parent's model if that is known, else on the model a parent's
   run_request picked for its subagent type (`subagent_picks`, remembered from the latest run that picked;
   on a team gateway, the same user's), else on the conversation's or the default model (rules 4-5:
   Cursor's id is not taken for Auto);
3. a run that names one of Cursor's own ids (`default`, i.e. Auto, or `composer-*`) that cursord does not
   serve gets the default model (when cursord runs as the editor's proxy such runs go to Cursor instead,
   so this happens only when they reach cursord directly);
4. a run that names no model (a follow-up, a queued message, a resume) continues with the model of the
   conversation's last turn, if it is still configured;
5. the configured default model (`default_model`), else the first configured model.

A run that names a model cursord does not know, and that is not one of Cursor's, gets none: the caller
ends it `not_found`, naming the configured models (a typo must not silently run another model).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import attrs

from cursord.config import CatalogModel, ModelCatalog
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.reasoning import split_variant

#: Cursor's own model ids, which name no vendor model: Auto ("default") and Cursor's Composer models.
_CURSOR_IDS = re.compile(r"^(default|auto|composer(-[\w.-]+)?)$", re.IGNORECASE)


def is_cursor_model(model_id: str) -> bool:
    return bool(_CURSOR_IDS.match(model_id))


@attrs.frozen
class ModelChoice:
    entry: CatalogModel | None
    #: "requested", "parent", "subagent-pick", "cursor-id", "conversation", "default"; "unknown" when entry is None
    why: str


#: the key of the pick for every subagent type that has no override of its own
ANY_SUBAGENT = "*"


def subagent_key(subagent_type: str) -> str:
    return subagent_type.strip().lower()


def subagent_picks(request: agent.AgentRunRequest) -> dict[str, str | None]:
    """The models a run_request picks for its subagents, by `subagent_key` (None: the run's own model).
    `subagent_model_overrides` name a type each (`model`, `inherit`; a `disabled` type is never started, so
    it picks nothing); the first of `selected_subagent_models` (else `selected_subagent_model_details`) is
    for every other type, under `ANY_SUBAGENT`."""
    picks: dict[str, str | None] = {}
    selected = [m.model_id for m in request.selected_subagent_models]
    selected += [m.model_id for m in request.selected_subagent_model_details]
    first = next((model_id for model_id in selected if model_id), None)
    if first is not None:
        picks[ANY_SUBAGENT] = split_variant(first)[0]
    for override in request.subagent_model_overrides:
        key = subagent_key(override.subagent_type)
        match override.WhichOneof("selection"):
            case "model" if override.model.model_id:
                picks[key] = split_variant(override.model.model_id)[0]
            case "inherit":
                picks[key] = None
    return picks


def subagent_models(request: agent.AgentRunRequest, own_model: str) -> tuple[tuple[str, str], ...]:
    """`subagent_picks`, the types that inherit on `own_model` (the run's own)."""
    return tuple((key, model or own_model) for key, model in subagent_picks(request).items())


def picked_for(picks: Mapping[str, str], subagent_type: str) -> str | None:
    """The remembered pick for a subagent type: its own, else the one for every type."""
    return picks.get(subagent_key(subagent_type), picks.get(ANY_SUBAGENT))


def default_entry(catalog: ModelCatalog, default_model: str | None) -> CatalogModel | None:
    if default_model:
        found = catalog.resolve(default_model)
        if found is not None:
            return found
    return catalog.default_model()


def choose_model(
    catalog: ModelCatalog,
    requested: str | None,
    *,
    conversation_models: Sequence[str | None] = (),
    default_model: str | None = None,
    parent_model: str | None = None,
    subagent: bool = False,
    subagent_pick: str | None = None,
) -> ModelChoice:
    """The model for a run. `conversation_models`: the models of the conversation's turns, oldest first;
    `parent_model`: for a subagent's run, the model its parent runs on; `subagent`: the run is a
    subagent's (a known `parent_model` says so too); `subagent_pick`: the model a parent picked for its
    type."""
    found = catalog.resolve(requested)
    if found is not None:
        return ModelChoice(found, "requested")
    if (subagent or parent_model is not None) and (not requested or is_cursor_model(requested)):
        for inherited, why in ((parent_model, "parent"), (subagent_pick, "subagent-pick")):
            found = catalog.resolve(inherited)
            if found is not None:
                return ModelChoice(found, why)
        requested = None
    if requested:
        if is_cursor_model(requested):
            return ModelChoice(default_entry(catalog, default_model), "cursor-id")
        return ModelChoice(None, "unknown")
    for model in reversed(conversation_models):
        if model:
            found = catalog.resolve(model)
            if found is not None:
                return ModelChoice(found, "conversation")
            break
    return ModelChoice(default_entry(catalog, default_model), "default")
