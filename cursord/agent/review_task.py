"""Auto-review as a task of the stream: the machine's `ReviewCalls` carried out, each verdict posted back.

Theory of operation. Which calls Auto-review decides, and when, is the machine's (phase REVIEW,
`cursord.agent.machine.pass_review`): a step's pass has ended and its Shell, MCP and WebFetch calls wait.
`TurnReviews` runs one review at a time in its own cancel scope (`CancelReview` closes the reviewer's
connection; a canceled review reports nothing more). It decides the calls in call order
(`cursord.agent.auto_review.review`, on `review_model` or the run's own model), tapping and posting each
verdict as `ReviewAnswered`. Before a Shell command's reviewer it posts `AllowlistAsked`; the machine asks
the editor, and the answer comes back as the `AllowlistAnswered` effect, which wakes the waiting review
(no answer within `ALLOWLIST_SECONDS`: not covered).
"""

from __future__ import annotations

import functools
import logging

import attrs
import trio

from cursord.agent.auto_review import ALLOWLIST_SECONDS, Verdict, review
from cursord.agent.machine import (
    AllowlistAnswered,
    AllowlistAsked,
    CallToReview,
    ReviewAnswered,
    ReviewCalls,
    ReviewOutcome,
)
from cursord.agent.pass_recorder import PassTag
from cursord.agent.review_rules import Target
from cursord.agent.router import Route
from cursord.agent.turn_port import TurnPort
from cursord.agent.turn_services import AgentServices

log = logging.getLogger(__name__)


@attrs.define(eq=False)
class AllowlistAnswer:
    """The editor's answer to one of Auto-review's allowlist questions, once `done`."""

    done: trio.Event = attrs.field(factory=trio.Event)
    allowlisted: bool = False


@attrs.define(eq=False)
class TurnReviews:
    """The turn's Auto-review (see the module docstring)."""

    port: TurnPort
    services: AgentServices
    scope: trio.CancelScope | None = None
    #: Auto-review's allowlist questions waiting for the editor (`AllowlistAsked`), by call id
    allowlist_answers: dict[str, AllowlistAnswer] = attrs.field(factory=dict)

    def start(self, effect: ReviewCalls, route: Route, conversation_id: str | None) -> None:
        """Review `effect`'s calls in a task; `route` is the run's (the reviewer's unless `review_model`)."""
        self.scope = scope = trio.CancelScope()
        tag = PassTag(effect.model_call_id, self.port.request_id, conversation_id)
        self.port.start_task(self._run, effect, route, tag, scope, name=f"review:{effect.model_call_id}")

    def cancel(self) -> None:
        if self.scope is not None:
            self.scope.cancel()
            self.scope = None

    def answered(self, answer: AllowlistAnswered) -> None:
        """Hand the editor's allowlist answer to the review that waits for it."""
        waiting = self.allowlist_answers.get(answer.call_id)
        if waiting is not None:  # else its review gave up on it
            waiting.allowlisted = answer.allowlisted
            waiting.done.set()

    def _tap(self, event: str, timings: dict[str, object]) -> None:
        self.services.tap_provider(self.port.request_id, event, timings)

    async def _run(self, effect: ReviewCalls, route: Route, tag: PassTag, scope: trio.CancelScope) -> None:
        with scope:
            for item in effect.calls:  # in call order
                await self._review(effect, route, item, tag)
        if scope.cancelled_caught:  # the step's pass had not ended for the turn: it ends canceled
            self._tap("pass_end", {"pass": effect.pass_id, "error": "canceled"})
        elif self.scope is scope:
            self.scope = None

    def _reviewer(self, route: Route) -> Route:
        """Auto-review's model: the configured `review_model`, else the run's own."""
        wanted = self.services.review_model
        return (self.services.router.choose(wanted) if wanted else None) or route

    async def _review(self, effect: ReviewCalls, route: Route, item: CallToReview, tag: PassTag) -> None:
        """Auto-review's verdict on one call, tapped and handed to the machine (which marks the request)."""
        call, pass_id = item.call, effect.pass_id
        allowlisted = functools.partial(self._allowlisted, pass_id, call.id)
        try:
            verdict = await review(
                self.services.router, self._reviewer(route), item.tool, call, tag, effect.workspace, allowlisted
            )
        except Exception:  # a fault of ours asks the user; it never ends the turn (`review` catches the rest)
            log.exception("Auto-review: the review failed on call %s", call.id)
            verdict = Verdict(ReviewOutcome.ASK, "Auto-review could not check this call")
        self._tap(
            "auto_review",
            {
                "pass": pass_id,
                "call": call.id,
                "tool": call.name,
                "verdict": verdict.outcome.value,
                "reason": verdict.reason,
            },
        )
        await self.port.post(ReviewAnswered(pass_id, call.id, verdict.outcome, verdict.reason))

    async def _allowlisted(self, pass_id: int, call_id: str, target: Target) -> bool:
        """Whether the editor says the user's own allowlist covers the Shell command of `target` (no answer
        within `ALLOWLIST_SECONDS`: not covered)."""
        waiting = self.allowlist_answers[call_id] = AllowlistAnswer()
        try:
            await self.port.post(AllowlistAsked(pass_id, call_id, target.whole, target.where))
            with trio.move_on_after(ALLOWLIST_SECONDS):
                await waiting.done.wait()
            return waiting.allowlisted
        finally:
            del self.allowlist_answers[call_id]
