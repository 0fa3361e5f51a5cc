"""A provider pass as a task of the stream: the provider's deltas into the mailbox, then Auto-review's
verdicts on the calls it reviews, then the pass's end.

Theory of operation. `TurnPasses` starts at most one pass at a time (`StartPass`), each in its own cancel
scope (`CancelPass` closes its provider connection; a canceled pass reports nothing more). A `PassSink`
posts each delta as a `PassDelta`, and keeps the finished tool calls Auto-review looks at; once the
provider is done those are reviewed in call order (each verdict a `ReviewVerdict`, the Shell command's
allowlist question first an `AllowlistAsked` whose `AllowlistAnswered` effect wakes the review), and only
then is `PassEnded` (or `PassFailed`) posted: the pass's calls wait for their verdicts.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

import attrs
import trio

from cursord.agent.auto_review import ALLOWLIST_SECONDS, review, reviewed
from cursord.agent.fallback import FallbackMove
from cursord.agent.machine import (
    AllowlistAnswered,
    AllowlistAsked,
    PassDelta,
    PassEnded,
    PassFailed,
    ReviewVerdict,
    StartPass,
    TurnSetup,
)
from cursord.agent.pass_recorder import PassTag
from cursord.agent.review_rules import Target
from cursord.agent.router import Route
from cursord.agent.turn_port import TurnPort
from cursord.agent.turn_services import AgentServices
from cursord.providers.errors import MalformedResponse, ProviderError
from cursord.providers.model import Delta, ToolCallDone, ToolCallPart

log = logging.getLogger(__name__)


@attrs.define(eq=False)
class PassSink:
    """Where one provider pass's output goes (`cursord.agent.router.PassListener`): each delta into the
    stream's mailbox as a `PassDelta`, the first one tapped as the pass's first byte, each fallback move
    tapped; the tool calls Auto-review must see are kept for it."""

    port: TurnPort
    pass_id: int
    tap: Callable[[str, dict[str, object]], None]
    #: whether a finished tool call of this name is reviewed (Auto-review) before it goes out
    reviews: Callable[[str], bool]
    to_review: list[ToolCallPart] = attrs.field(factory=list)
    first: bool = True

    async def delta(self, delta: Delta) -> None:
        if self.first:
            self.first = False
            self.tap("first_byte", {"pass": self.pass_id})
        if isinstance(delta, ToolCallDone) and self.reviews(delta.name):
            self.to_review.append(ToolCallPart(delta.id, delta.name, delta.arguments))
        await self.port.post(PassDelta(self.pass_id, delta))

    def moved(self, move: FallbackMove) -> None:
        self.tap(
            "fallback",
            {
                "pass": self.pass_id,
                "from": move.from_target.label,
                "to": move.to_target.label,
                "error": f"{type(move.error).__name__}: {move.error.message}",
            },
        )


@attrs.define(eq=False)
class AllowlistAnswer:
    """The editor's answer to one of Auto-review's allowlist questions, once `done`."""

    done: trio.Event = attrs.field(factory=trio.Event)
    allowlisted: bool = False


@attrs.define(eq=False)
class TurnPasses:
    """The turn's provider passes and their Auto-review (see the module docstring)."""

    port: TurnPort
    services: AgentServices
    #: the turn's setup as the machine holds it now (which tools the user picked, Auto-review on or off)
    setup: Callable[[], TurnSetup | None]
    scope: trio.CancelScope | None = None
    #: Auto-review's allowlist questions waiting for the editor (`AllowlistAsked`), by call id
    allowlist_answers: dict[str, AllowlistAnswer] = attrs.field(factory=dict)

    def start(self, effect: StartPass, route: Route, conversation_id: str | None) -> None:
        self.scope = scope = trio.CancelScope()
        tag = PassTag(effect.model_call_id, self.port.request_id, conversation_id)
        name = f"pass:{effect.model_call_id}"
        self.port.start_task(self._run, effect, route, tag, scope, name=name)

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

    async def _run(self, effect: StartPass, route: Route, tag: PassTag, scope: trio.CancelScope) -> None:
        pass_id = effect.pass_id
        sink = PassSink(self.port, pass_id, self._tap, self._reviews)
        error: ProviderError | None = None
        with scope:
            try:
                await self.services.router.run_pass(route, effect.request, sink, tag)  # recorded in the ledger
                for call in sink.to_review:  # in call order, before the pass ends (its calls wait for them)
                    await self._review(pass_id, route, call, tag)
            except ProviderError as exc:
                error = exc
            except Exception as exc:  # a decoder bug must end this turn, not the daemon
                log.exception("provider %s: unexpected failure", route.provider.name)
                error = MalformedResponse(route.provider.name, f"unexpected {type(exc).__name__}: {exc}")
        if scope.cancelled_caught:
            self._tap("pass_end", {"pass": pass_id, "error": "canceled"})
            return
        if self.scope is scope:
            self.scope = None
        await self.port.post(PassEnded(pass_id) if error is None else PassFailed(pass_id, error))

    def _reviews(self, tool_name: str) -> bool:
        """Whether Auto-review looks at a call of `tool_name` before it goes out (the user picked it)."""
        setup = self.setup()
        return (
            setup is not None and setup.auto_review and setup.tools is not None and reviewed(setup.tools.get(tool_name))
        )

    def _reviewer(self, route: Route) -> Route:
        """Auto-review's model: the configured `review_model`, else the run's own."""
        wanted = self.services.review_model
        return (self.services.router.choose(wanted) if wanted else None) or route

    async def _review(self, pass_id: int, route: Route, call: ToolCallPart, tag: PassTag) -> None:
        """Auto-review's verdict on `call`, tapped and handed to the machine (which marks the request)."""
        setup = self.setup()
        assert setup is not None and setup.tools is not None
        tool = setup.tools.get(call.name)
        allowlisted = functools.partial(self._allowlisted, pass_id, call.id)
        verdict = await review(
            self.services.router, self._reviewer(route), tool, call, tag, setup.workspace, allowlisted
        )
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
        await self.port.post(ReviewVerdict(pass_id, call.id, verdict.outcome, verdict.reason))

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
