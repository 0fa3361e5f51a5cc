"""The usage ledger: every provider pass recorded when it ends, with its tokens, times and cost.

Theory of operation. `PassRecorder.stream` wraps one `Provider.stream` call (the router's `run_pass`
calls it; nothing else needs to know). A `PassMeter` watches the deltas going by: the trio time of
the first one (time to first token), the `Usage` the provider reported and the `PassEnd`. However
the call ends it makes one `PassRecord`:

    returned                    completed, with the stop reason
    raised ProviderError        failed, with the error's class and message
    raised anything else        failed (a decoder bug; the turn reports it)
    cancelled                   canceled (the user stopped it, or the stream went away)

and hands it to `record` without awaiting (a cancelled task cannot await), i.e.
`Store.record_pass_nowait`, which queues it on the store's writer in call order. The cost is the
`PriceBook`'s price for (provider, model) applied to the reported usage; None when the model has no
price or the provider never reported the usage of a pass that streamed something (cut short), because an
unknown cost is not zero. A pass that ended before anything streamed and reported no usage (refused,
unreachable) used nothing: its usage is zero and so is its cost.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import attrs
import trio

from cursord.providers.base import DeltaSink, Provider
from cursord.providers.errors import ProviderError
from cursord.providers.model import Delta, PassEnd, PassRequest, Usage
from cursord.providers.prices import PriceBook
from cursord.store import PassRecord, PassStatus

log = logging.getLogger(__name__)


@attrs.frozen
class PassTag:
    """Who a pass belongs to: its model call id, the stream's request id, the conversation; on a team
    gateway, the user and team (filled in by the router's `PassGuard`)."""

    model_call_id: str
    request_id: str
    conversation_id: str | None = None
    user: str | None = None
    team: str | None = None


@attrs.define(eq=False)
class PassMeter:
    """What one pass has shown so far (times are trio seconds)."""

    started: float
    first_delta: float | None = None
    usage: Usage | None = None
    end: PassEnd | None = None

    def observe(self, delta: Delta, now: float) -> None:
        if self.first_delta is None and not isinstance(delta, Usage | PassEnd):
            self.first_delta = now
        if isinstance(delta, Usage):
            self.usage = delta
        elif isinstance(delta, PassEnd):
            self.end = delta

    def record(
        self,
        tag: PassTag,
        provider: str,
        model: str,
        status: PassStatus,
        *,
        started_at: float,
        now: float,
        prices: PriceBook,
        error: str | None = None,
    ) -> PassRecord:
        usage = self.usage if self.usage is not None or self.first_delta is not None else Usage()
        cost = prices.cost(provider, model, usage) if usage is not None else None
        return PassRecord(
            model_call_id=tag.model_call_id,
            request_id=tag.request_id,
            conversation_id=tag.conversation_id,
            model=model,
            status=status,
            started_at=started_at,
            duration_ms=_ms(now - self.started),
            usage=self.usage or Usage(),
            provider=provider,
            stop_reason=self.end.stop_reason.value if self.end is not None else None,
            error=error,
            first_token_ms=None if self.first_delta is None else _ms(self.first_delta - self.started),
            cost_usd=cost,
            user=tag.user,
            team=tag.team,
        )


def _ending(exc: BaseException) -> tuple[PassStatus, str]:
    """How a pass that raised `exc` ended: cancelled (a bare Cancelled, or a group of nothing else), or failed."""
    if isinstance(exc, trio.Cancelled) or (
        isinstance(exc, BaseExceptionGroup) and exc.split(trio.Cancelled)[1] is None
    ):
        return PassStatus.CANCELED, "canceled"
    if isinstance(exc, ProviderError):
        return PassStatus.FAILED, f"{type(exc).__name__}: {exc}"
    return PassStatus.FAILED, f"unexpected {type(exc).__name__}: {exc}"


def _ms(seconds: float) -> int:
    return max(0, round(seconds * 1000))


@attrs.frozen
class _Metered:
    """A pass's deltas on their way to `on_delta`, each observed by the pass's meter as it passes."""

    meter: PassMeter
    on_delta: DeltaSink

    async def delta(self, delta: Delta) -> None:
        self.meter.observe(delta, trio.current_time())
        await self.on_delta(delta)


@attrs.define(eq=False)
class PassRecorder:
    record: Callable[[PassRecord], None]  # must not block or await: `Store.record_pass_nowait`
    prices: PriceBook = attrs.field(factory=PriceBook)
    wall_clock: Callable[[], float] = time.time

    async def stream(self, provider: Provider, request: PassRequest, on_delta: DeltaSink, tag: PassTag) -> None:
        """`provider.stream(request, on_delta)`, recorded when it ends (however it ends)."""
        meter = PassMeter(trio.current_time())
        started_at = self.wall_clock()
        status, error = PassStatus.COMPLETED, None
        try:
            await provider.stream(request, _Metered(meter, on_delta).delta)
        except BaseException as exc:
            status, error = _ending(exc)
            raise
        finally:
            record = meter.record(
                tag,
                provider.name,
                request.model,
                status,
                started_at=started_at,
                now=trio.current_time(),
                prices=self.prices,
                error=error,
            )
            try:
                self.record(record)
            except Exception:  # the ledger is bookkeeping: losing a row must not fail the pass
                log.exception("could not record pass %s", tag.model_call_id)
