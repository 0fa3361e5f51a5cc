"""Tab requests in the usage ledger: one pass record each, apart from the agent's.

A Tab row is a `PassRecord` whose provider is `tab:BACKEND` and whose request id is `tab:BINDING_ID` (no
conversation), so `cursord usage` sums Tab on its own line per model and provider. A request the editor
dropped is `canceled`; one answered with what came when its time ran out is `completed` with the stop
reason `timeout`; its tokens are those the server reported before it was cut off (usually none).
Its cost is the Tab spec's `price` for its model, else the built-in table's, else $0 for a server on this
machine (a local model) or for a request that used no tokens, else unknown (`cursord.providers.prices`).
"""

from __future__ import annotations

from collections.abc import Callable

from cursord.providers.model import Usage
from cursord.providers.prices import PriceBook
from cursord.store import PassRecord, PassStatus
from cursord.tab.service import TabUsage

__all__ = ["TAB_PROVIDER_PREFIX", "tab_pass_record", "tab_recorder"]

TAB_PROVIDER_PREFIX = "tab:"

#: an answer cut at its time budget went to the editor: completed, its stop reason "timeout"
_STATUS = {
    "completed": PassStatus.COMPLETED,
    "timeout": PassStatus.COMPLETED,
    "superseded": PassStatus.CANCELED,
    "failed": PassStatus.FAILED,
}


def tab_pass_record(usage: TabUsage) -> PassRecord:
    request_id = TAB_PROVIDER_PREFIX + usage.binding_id
    provider, model = TAB_PROVIDER_PREFIX + usage.backend, usage.model or usage.backend
    tokens = Usage(input=usage.input_tokens, output=usage.output_tokens, cache_read=usage.cache_read_tokens)
    prices = PriceBook({provider: {model: usage.price}} if usage.price is not None else {},
                       free=frozenset({provider} if usage.local else ()))
    return PassRecord(
        model_call_id=request_id,
        request_id=request_id,
        conversation_id=None,
        model=model,
        status=_STATUS[usage.outcome],
        started_at=usage.started_at,
        duration_ms=usage.duration_ms,
        usage=tokens,
        provider=provider,
        stop_reason=usage.outcome,
        error=usage.error,
        first_token_ms=usage.first_text_ms,
        cost_usd=prices.cost(provider, model, tokens),
    )


def tab_recorder(record_pass_nowait: Callable[[PassRecord], None]) -> Callable[[TabUsage], None]:
    """`TabService.on_usage` writing each request to the store's ledger without waiting."""

    def record(usage: TabUsage) -> None:
        record_pass_nowait(tab_pass_record(usage))

    return record
