"""Which configured model a run uses, from what it asks for. Pure.

First rule that gives a model wins:

1. the model the run names (`requested_model.model_id`, else `model_details.model_id`), resolved by the
   catalog (ids, `PROVIDER/MODEL`, user aliases; `ModelCatalog.resolve`);
2. a subagent's run (its parent's request id known) that names no model, or one of Cursor's own ids that
   cursord does not serve (`composer-*`, `default`), runs on its parent's model;
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
from collections.abc import Sequence

import attrs

from cursord.config import CatalogModel, ModelCatalog

#: Cursor's own model ids, which name no vendor model: Auto ("default") and Cursor's Composer models.
_CURSOR_IDS = re.compile(r"^(default|auto|composer(-[\w.-]+)?)$", re.IGNORECASE)


def is_cursor_model(model_id: str) -> bool:
    return bool(_CURSOR_IDS.match(model_id))


@attrs.frozen
class ModelChoice:
    entry: CatalogModel | None
    why: str  # "requested", "parent", "cursor-id", "conversation", "default"; "unknown" when entry is None


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
) -> ModelChoice:
    """The model for a run. `conversation_models`: the models of the conversation's turns, oldest first;
    `parent_model`: for a subagent's run, the model its parent runs on."""
    found = catalog.resolve(requested)
    if found is not None:
        return ModelChoice(found, "requested")
    parent = catalog.resolve(parent_model)
    if parent is not None and (not requested or is_cursor_model(requested)):
        return ModelChoice(parent, "parent")
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
