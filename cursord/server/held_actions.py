"""Conversation actions that arrive for a request id before its run_request. Pure.

Theory of operation. An editor that queues a message while the agent is busy sends it later on a new
request id, as a `conversation_action.user_message_action` upload followed by a `resume_action`
run_request. The action comes first, when no stream exists yet. Instead of refusing it (and losing the
message), the BidiAppend handler holds it here, and hands every held action to the run_request that
opens the stream (`RunRequested.queued`); the turn then takes them (`cursord.agent.turn`).

Only actions that carry something for a later run are held (a user message, a background completion, an
async answer); the others (cancel, resume ...) mean nothing without a run and are still `not_found`.
Bounded: at most `max_per_request` actions for one request id (later ones are refused) and
`max_requests` request ids (the least recently used is forgotten, with a log line).
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import attrs

from cursord.core import ActionRequested

log = logging.getLogger(__name__)

#: the `ConversationAction` cases worth holding for the run that follows.
HOLDABLE = frozenset(
    {"user_message_action", "background_task_completion_action", "async_ask_question_completion_action"}
)


@attrs.define
class HeldActions:
    max_requests: int = 256
    max_per_request: int = 16
    _held: OrderedDict[str, list[ActionRequested]] = attrs.field(factory=OrderedDict, init=False)

    def holds(self, action: ActionRequested) -> bool:
        return action.action.WhichOneof("action") in HOLDABLE

    def hold(self, request_id: str, action: ActionRequested) -> bool:
        """Keep `action` for `request_id`'s run_request; False if this request id already holds too many."""
        held = self._held.setdefault(request_id, [])
        self._held.move_to_end(request_id)
        if len(held) >= self.max_per_request:
            return False
        held.append(action)
        while len(self._held) > self.max_requests:
            forgotten, actions = self._held.popitem(last=False)
            log.warning("request %s: %d held conversation action(s) dropped: no run_request came", forgotten,
                        len(actions))
        return True

    def take(self, request_id: str) -> tuple[ActionRequested, ...]:
        return tuple(self._held.pop(request_id, ()))

    def __len__(self) -> int:
        return len(self._held)
