"""AgentServices: what every agent turn of the daemon shares (providers, history, the store, the tool
catalogue's outside reach) and the few facts one run leaves for the next (the models runs were routed to,
the models a run picked for its subagents)."""

from __future__ import annotations

from typing import Protocol

import attrs

from cursord.agent.history import ConversationHistory
from cursord.agent.model_choice import picked_for
from cursord.agent.router import ProviderRouter
from cursord.context import ContextLimits
from cursord.core import current_caller
from cursord.store import Store
from cursord.streams import ActionQueue
from cursord.web import WebAccess


class ProviderEventSink(Protocol):
    """Told of each provider pass's timings (the live tap implements it)."""

    def record_provider(self, request_id: str, event: str, timings: dict[str, object]) -> None: ...


#: runs whose model a subagent may inherit (the most recent ones)
MAX_RUN_MODELS = 4096


@attrs.define
class AgentServices:
    """What every turn shares: providers, history, and the tool catalogue."""

    router: ProviderRouter
    history: ConversationHistory
    max_passes: int = 50
    tap: ProviderEventSink | None = None
    #: the durable store for turn snapshots (restart survival), checkpoints and blobs (None: none of them).
    store: Store | None = None
    #: bounds on what the user attaches (`--limit context_item_chars=...` etc.)
    context_limits: ContextLimits = attrs.field(factory=ContextLimits)
    #: the model that gives Auto-review's verdicts (`--review-model`); None: each run's own
    review_model: str | None = None
    #: what the agent's WebSearch and WebFetch reach (`--web-search`, `web_fetch_allow`)
    web: WebAccess = attrs.field(factory=WebAccess)
    #: where actions wait for a later run: held before a run_request, or queued while a turn runs
    actions: ActionQueue | None = None
    #: the model each recent run was routed to, by request id: a subagent's run inherits its parent's
    run_models: dict[str, str] = attrs.field(factory=dict)
    #: the models the latest run that picked any chose for its subagents, by type
    #: (`cursord.agent.model_choice.subagent_picks`), per user on a team gateway (the stream's task runs as
    #: the user who opened it, `current_caller`; None elsewhere): a subagent on RunSSE names no parent
    subagent_models: dict[str | None, dict[str, str]] = attrs.field(factory=dict)

    def remember_subagent_models(self, models: tuple[tuple[str, str], ...], own_model: str) -> None:
        """What a run picked for its subagents (a pick no configured model serves: the run's own model)."""
        if models:
            picks = {key: model if self.router.route(model) else own_model for key, model in models}
            self.subagent_models[current_caller.get()] = picks

    def subagent_model(self, subagent_type: str) -> str | None:
        """The model the caller's latest picking run chose for `subagent_type`."""
        return picked_for(self.subagent_models.get(current_caller.get(), {}), subagent_type)

    def remember_model(self, request_id: str, model: str) -> None:
        self.run_models.pop(request_id, None)
        self.run_models[request_id] = model
        while len(self.run_models) > MAX_RUN_MODELS:
            del self.run_models[next(iter(self.run_models))]

    def tap_provider(self, request_id: str, event: str, timings: dict[str, object]) -> None:
        """Tell the live tap (if any) of a provider event of `request_id`."""
        if self.tap is not None:
            self.tap.record_provider(request_id, event, timings)
