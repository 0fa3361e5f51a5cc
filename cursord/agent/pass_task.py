"""A provider pass as a task of the stream: the provider's deltas into the mailbox, then the pass's end.

Theory of operation. `TurnPasses` starts at most one pass at a time (`StartPass`), each in its own cancel
scope (`CancelPass` closes its provider connection; a canceled pass reports nothing more). A `PassSink`
hands each delta to the turn as a `PassDelta`: taken at once in the pass's task while the stream's actor
waits between inputs (`TurnPort.take_now`: a task hop and a scheduler batch less per delta), else posted
behind what the mailbox holds; then `PassEnded` (or `PassFailed`) is posted. What follows a step's
end (Auto-review of its calls, `cursord.agent.review_task`, then the calls) is the machine's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import attrs
import trio

from cursord.agent.fallback import FallbackMove
from cursord.agent.machine import PassDelta, PassEnded, PassFailed, StartPass
from cursord.agent.pass_recorder import PassTag
from cursord.agent.router import Route
from cursord.agent.turn_port import TurnPort
from cursord.agent.turn_services import AgentServices
from cursord.providers.errors import MalformedResponse, ProviderError
from cursord.providers.model import Delta

log = logging.getLogger(__name__)


@attrs.define(eq=False)
class PassSink:
    """Where one provider pass's output goes (`cursord.agent.router.PassListener`): each delta into the
    stream's mailbox as a `PassDelta`, the first one tapped as the pass's first byte, each fallback move
    tapped."""

    port: TurnPort
    pass_id: int
    tap: Callable[[str, dict[str, object]], None]
    first: bool = True

    async def delta(self, delta: Delta) -> None:
        if self.first:
            self.first = False
            self.tap("first_byte", {"pass": self.pass_id})
        item = PassDelta(self.pass_id, delta)
        if not self.port.take_now(item):  # taken here while the actor waits: no hop to it
            await self.port.post(item)

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
class TurnPasses:
    """The turn's provider passes (see the module docstring)."""

    port: TurnPort
    services: AgentServices
    scope: trio.CancelScope | None = None

    def start(self, effect: StartPass, route: Route, conversation_id: str | None) -> None:
        self.scope = scope = trio.CancelScope()
        tag = PassTag(effect.model_call_id, self.port.request_id, conversation_id)
        name = f"pass:{effect.model_call_id}"
        self.port.start_task(self._run, effect, route, tag, scope, name=name)

    def cancel(self) -> None:
        if self.scope is not None:
            self.scope.cancel()
            self.scope = None

    def _tap(self, event: str, timings: dict[str, object]) -> None:
        self.services.tap_provider(self.port.request_id, event, timings)

    async def _run(self, effect: StartPass, route: Route, tag: PassTag, scope: trio.CancelScope) -> None:
        pass_id = effect.pass_id
        sink = PassSink(self.port, pass_id, self._tap)
        error: ProviderError | None = None
        with scope:
            try:
                await self.services.router.run_pass(route, effect.request, sink, tag)  # recorded in the ledger
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
