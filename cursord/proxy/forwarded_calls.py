"""What the proxy sends to Cursor: every forwarded call counted per RPC (and per day, in the store), and
`private`'s refusal of the calls that would carry the user's code or text.

Theory of operation. The proxy opens a `ForwardedCall` (`ForwardedCalls.call`) for each request it is about
to send to an intercepted host, before anything is dialled, and finishes it once the exchange is over,
however it ended. In between, the forwarding code's `observe` seam (`cursord.proxy.observe`) counts the
request body bytes that went up and the response body bytes that came down as they pass (heads are not
counted); a call whose response never came whole (Cursor unreachable, a reset, a cut) is counted as
failed. A finished call is added to the per-method totals kept in memory (seeded from the store when the
daemon starts: `seed`) and handed to `on_call`, which adds it to the day's row in the store.

The agent listener's relay to Cursor's agent host (`cursord.server.AgentRelay`, a run on one of Cursor's
models over HTTP/2) counts its calls in the same ledger, through the same `ForwardedCall`.

A method is named as the schema names it (`aiserver.v1.AiService/StreamBugBot`, from the request path);
a path that is not a Connect RPC is named by its first segment only (`/auth/...`), so that ids in paths
cannot grow the tables. Whether a method's request carries code comes from `cursord.proxy.carried` (the
schema rule of `cursord.proxy.carriers`): True, False, or None for a method the schema does not know.

Under `private` (`refusal`), a Connect RPC whose request carries code, or that the schema does not know (so
cursord cannot tell), is refused `permission_denied` instead of forwarded; what cursord answers itself
never gets this far (`ProxyConfig.owned_paths`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import attrs

from cursord.connect import Code, ConnectError
from cursord.proxy.carried import CARRY_CODE, CARRY_NO_CODE
from cursord.proxy.observe import CallObserver, Observe, RequestHead
from cursord.store import ForwardedRow

__all__ = ["ForwardedCall", "ForwardedCalls", "carries_code", "method_name", "refusal"]

_RPC_PATH: Final = re.compile(r"/([A-Za-z_][\w.]*\.[A-Za-z_]\w*/[A-Za-z_]\w*)")
#: the longest method name kept as it is (longer ones are not Cursor's RPCs)
_MAX_NAME: Final = 200
_SETTING: Final = "private = true (--private)"


def method_name(path: str) -> str:
    """`/aiserver.v1.AiService/NameTab` -> `aiserver.v1.AiService/NameTab`; any other path -> its first
    segment (`/auth/poll` -> `/auth/...`)."""
    match = _RPC_PATH.fullmatch(path)
    if match is not None and len(path) <= _MAX_NAME:
        return match.group(1)
    first, _, rest = path.lstrip("/").partition("/")
    return f"/{first[:64]}" + ("/..." if rest else "")


def carries_code(method: str) -> bool | None:
    """Whether `method`'s request carries the user's code or text by the schema; None if it does not know it."""
    if method in CARRY_CODE:
        return True
    if method in CARRY_NO_CODE:
        return False
    return None


def refusal(path: str) -> ConnectError | None:
    """Under `private`: the error for a request to `path` that must not be forwarded, else None."""
    method = method_name(path)
    if method.startswith("/"):
        return None  # not a Connect RPC: sign-in pages, downloads
    carries = carries_code(method)
    if carries is None:
        return ConnectError(
            Code.PERMISSION_DENIED,
            f"{_SETTING}: {method} is not in the wire schema cursord knows, so it cannot tell whether it carries "
            "your code or text; it is not sent to Cursor",
        )
    if carries:
        return ConnectError(
            Code.PERMISSION_DENIED,
            f"{_SETTING}: {method} carries your code or text and cursord does not answer it itself; it is not "
            "sent to Cursor",
        )
    return None


@attrs.define
class _Totals:
    calls: int = 0
    failed: int = 0
    bytes_up: int = 0
    bytes_down: int = 0

    def add(self, row: ForwardedRow) -> None:
        self.calls += row.calls
        self.failed += row.failed
        self.bytes_up += row.bytes_up
        self.bytes_down += row.bytes_down


@attrs.define(eq=False)
class ForwardedCall:
    """One call on its way to Cursor: what went up and came down so far, and whether its answer was whole."""

    ledger: ForwardedCalls
    method: str
    bytes_up: int = 0
    bytes_down: int = 0
    completed: bool = False
    finished: bool = False

    def observing(self, inner: Observe | None) -> Observe:
        """An `Observe` for the forwarding code that counts this call and hands the exchange on to `inner`."""

        def observe(head: RequestHead) -> CallObserver:
            return _Counting(self, inner(head) if inner is not None else None)

        return observe

    def whole(self, bytes_up: int, bytes_down: int) -> None:
        """A whole exchange made at once (the model lists' fetch)."""
        self.sent(bytes_up)
        self.received(bytes_down)
        self.answered()

    def sent(self, size: int) -> None:
        self.bytes_up += size

    def received(self, size: int) -> None:
        self.bytes_down += size

    def answered(self) -> None:
        """The answer came whole."""
        self.completed = True

    def finish(self) -> None:
        """The exchange is over: the call joins the totals (once)."""
        if not self.finished:
            self.finished = True
            self.ledger.add(self)


@attrs.define(eq=False)
class _Counting:
    call: ForwardedCall
    inner: CallObserver | None

    def request_body(self, chunk: bytes, *, end: bool) -> None:
        self.call.sent(len(chunk))
        if self.inner is not None:
            self.inner.request_body(chunk, end=end)

    def response_head(self, status: int, headers: list[tuple[bytes, bytes]]) -> None:
        if self.inner is not None:
            self.inner.response_head(status, headers)

    def response_body(self, chunk: bytes, *, end: bool) -> None:
        self.call.received(len(chunk))
        if end:
            self.call.answered()
        if self.inner is not None:
            self.inner.response_body(chunk, end=end)

    def ended_early(self) -> None:
        self.call.completed = False
        if self.inner is not None:
            self.inner.ended_early()


@attrs.define
class ForwardedCalls:
    """Every call forwarded to Cursor, summed per method since the store began (`seed`), each finished call
    also given to `on_call` as its day's increment."""

    on_call: Callable[[ForwardedRow], None] | None = None
    clock: Callable[[], float] = time.time
    _totals: dict[str, _Totals] = attrs.field(factory=dict)

    def call(self, path: str) -> ForwardedCall:
        return ForwardedCall(self, method_name(path))

    def seed(self, rows: Iterable[ForwardedRow]) -> None:
        """Add what the store holds from earlier runs."""
        for row in rows:
            self._totals.setdefault(row.method, _Totals()).add(row)

    def add(self, call: ForwardedCall) -> None:
        row = ForwardedRow(
            day=time.strftime("%Y-%m-%d", time.localtime(self.clock())), method=call.method,
            carries_code=carries_code(call.method), calls=1, failed=0 if call.completed else 1,
            bytes_up=call.bytes_up, bytes_down=call.bytes_down,
        )
        self._totals.setdefault(row.method, _Totals()).add(row)
        if self.on_call is not None:
            self.on_call(row)

    def snapshot(self) -> list[Mapping[str, Any]]:
        """The totals per method, most called first (JSON-ready: the tap's snapshot, `cursord forwarded`)."""
        rows = sorted(self._totals.items(), key=lambda item: (-item[1].calls, item[0]))
        return [
            {
                "method": method,
                "count": totals.calls,
                "failed": totals.failed,
                "bytes_up": totals.bytes_up,
                "bytes_down": totals.bytes_down,
                "carries_code": carries_code(method),
            }
            for method, totals in rows
        ]
