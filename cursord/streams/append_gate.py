"""AppendGate: the trio adapter around `cursord.core.sequencing.AppendSequencer`.

Theory of operation
-------------------
The BidiAppend handler calls ``await gate.admit(request_id, seqno, payload, deliver)``. The call returns
`Admission.DELIVERED` once ``deliver(payload)`` has completed in seqno order, or `Admission.DUPLICATE`
for a retry (ACK it once its first copy is handled; do not deliver it). It raises `AppendRejected` when
the append is refused or when its predecessor never comes, and it re-raises whatever ``deliver`` raised
for *this* append.

A retry never overtakes its first copy: while the first copy is held (it overtook a gap) or being
delivered, the retry waits for that copy's outcome and shares it (its error, or `Admission.DUPLICATE`
once it is delivered). Every held or delivering append is in ``_live`` for that, until it settles. So an
upload is never answered before one of its copies has been delivered, and the handler's own wait for
the delivery to be handled (`cursord.server.bidi`) then holds for a retry's ACK as for the first's.

Sequenced deliveries run in tasks owned by the gate (the nursery of `AppendGate.run`), never in the
handler tasks:

* an append whose turn has come (``Deliver``) starts a *delivery chain* task. The chain calls
  ``deliver``, reports the outcome to the waiting handler and calls ``sequencer.done``. If ``done``
  returns the next held append, the chain delivers that one too. Only the chain that owns the
  processing append delivers for a request_id, so deliveries are strictly sequential and in seqno order,
  whichever handler tasks are waiting for them;
* if ``deliver`` raises an `Exception`, the error goes to the waiting handlers of that append only (the
  first copy's and its retries'). The chain still calls ``done``, so the sequence moves on;
* a seqno 0 that comes after its sequence started at 1 (``Deliver(late=True)``) is delivered in a task of
  its own, beside the chain, and owes no ``done``.

Cancellation is not caught: delivery tasks are cancelled only when the gate shuts down.

A handler that is cancelled while it waits (the client went away, and no retry of the same append waits with
it) withdraws nothing once its request's sequence has started: its append stays where it is (held, or in the
middle of delivery) and is delivered when its turn comes, because its bytes were received. The editor saw no
ACK, so it may send the same seqno again, and that retry is then a duplicate, answered with the first copy's
outcome. Exactly one delivery happens either way. Withdrawing the append instead would leave a gap if the
editor never retries, and that gap would stall every later append of the request for ``hold_timeout``. Before
the sequence has delivered anything (its start is not known yet), an abandoned early append *is* withdrawn:
nothing waits on it, and a flood of abandoned early appends must not fill the sequencer's table
(`AppendSequencer.withdraw`).

Timers: `run` sleeps in one cancel scope whose deadline is always ``sequencer.next_deadline()``. The
deadline is moved in place after every change to the sequencer, and there is no polling. When the scope
fires, ``sequencer.expire(now)`` starts the sequences whose seqno 1 waited out the start grace (a
delivery chain each), answers the expired holds with `AppendRejected` and drops idle states.

Bypass appends (append_seqno < 0) touch no state. They are delivered in the caller's own task, so
cancelling the caller interrupts such a delivery.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Final, Generic, Literal, TypeVar

import attrs
import trio

from cursord.core import (
    DEFAULT_HOLD_TIMEOUT,
    DEFAULT_IDLE_TIMEOUT,
    DEFAULT_MAX_HELD,
    DEFAULT_MAX_HELD_BYTES,
    DEFAULT_MAX_REQUESTS,
    DEFAULT_START_GRACE,
    AppendPosition,
    AppendSequencer,
    Deliver,
    Duplicate,
    Expired,
    Hold,
    Reject,
    Rejection,
    RejectionKind,
    Released,
    SequenceSnapshot,
)

__all__ = ["CONNECT_CODE_FOR", "Admission", "AppendGate", "AppendRejected", "ConnectCodeName"]

log = logging.getLogger(__name__)

T = TypeVar("T")

ConnectCodeName = Literal["aborted", "failed_precondition", "invalid_argument", "resource_exhausted", "unavailable"]

CONNECT_CODE_FOR: Final[Mapping[RejectionKind, ConnectCodeName]] = {
    RejectionKind.OVER_CAPACITY: "resource_exhausted",
    RejectionKind.TOO_MANY_REQUESTS: "resource_exhausted",
    RejectionKind.GAP_NEVER_FILLED: "failed_precondition",
    RejectionKind.INVALID_REQUEST_ID: "invalid_argument",
    RejectionKind.CONFLICTING_RETRY: "aborted",
}
"""The Connect code for each way the sequencer refuses an append. Why each code fits:

* ``resource_exhausted`` (over capacity, too many requests): a quota has run out: ``max_held`` early
  appends of the request, ``max_held_bytes`` over all requests, or ``max_requests`` request_ids in
  flight. The append may succeed once the gap fills and the held appends drain.
* ``invalid_argument`` (request_id too long): the request itself is malformed; no retry can succeed.
* ``failed_precondition`` (gap never filled): this append was *not* applied, and applying it needs a
  state the system lacks, namely the missing predecessor. Connect and gRPC mean by this code "do not
  retry until the state has been fixed", and that is our rule: ``next`` is not advanced, so resending
  this seqno alone would just wait again, while sending the missing seqno first works.
  ``deadline_exceeded`` is wrong here. It normally reports the *caller's* own deadline
  (``connect-timeout-ms``), clients may retry it blindly, and the spec lets it mean "may have completed
  anyway". ``aborted`` suggests a concurrency conflict that a retry of the whole sequence would resolve,
  but nothing here conflicted: a message is missing.
* ``aborted`` (conflicting retry): a seqno already taken by other bytes. Connect's own words for the
  code name this case ("typically due to a concurrency issue such as a sequencer check failure").

``unavailable`` is the adapter's own: the gate is shutting down (or has shut down).
"""


class AppendRejected(Exception):
    """An append was refused or could not be delivered in order. The server answers it with ``code``.

    ``code`` is a Connect code name (see `CONNECT_CODE_FOR`), ``message`` the human-readable reason,
    ``kind`` the sequencer's `RejectionKind` (None for the adapter's own ``unavailable``).
    """

    def __init__(self, code: ConnectCodeName, message: str, kind: RejectionKind | None = None) -> None:
        super().__init__(message)
        self.code: ConnectCodeName = code
        self.message = message
        self.kind = kind

    @classmethod
    def from_rejection(cls, rejection: Rejection) -> AppendRejected:
        return cls(CONNECT_CODE_FOR[rejection.kind], rejection.message, rejection.kind)

    def __repr__(self) -> str:
        return f"AppendRejected(code={self.code!r}, message={self.message!r})"


class Admission(enum.Enum):
    DELIVERED = "delivered"
    """``deliver`` completed for this append, after all its predecessors."""
    DUPLICATE = "duplicate"
    """Already seen: not delivered again. ACK it anyway."""


class _Phase(enum.Enum):
    NEW = "new"
    RUNNING = "running"
    CLOSED = "closed"


@attrs.define(eq=False)
class _Append(Generic[T]):
    """One sequenced append in flight: what to deliver, and where its waiting handler gets the answer."""

    request_id: str
    seqno: int
    payload: T
    deliver: Callable[[T], Awaitable[None]]
    settled: trio.Event = attrs.field(factory=trio.Event)
    error: BaseException | None = None
    #: handlers waiting for this append's outcome: its first copy's, and its retries'
    waiters: int = 1
    #: told once the append settles (the gate stops tracking it)
    on_settle: Callable[[_Append[T]], None] | None = None

    @property
    def waiter_gone(self) -> bool:
        return self.waiters == 0

    def settle(self, error: BaseException | None = None) -> None:
        if not self.settled.is_set():
            self.error = error
            self.settled.set()
            if self.on_settle is not None:
                self.on_settle(self)


@attrs.define(eq=False)
class AppendGate(Generic[T]):
    """Admits BidiAppend uploads in append_seqno order per request_id. `run` must be running."""

    hold_timeout: float = DEFAULT_HOLD_TIMEOUT
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT
    max_held: int = DEFAULT_MAX_HELD
    max_requests: int = DEFAULT_MAX_REQUESTS
    max_held_bytes: int = DEFAULT_MAX_HELD_BYTES
    start_grace: float = DEFAULT_START_GRACE
    _sequencer: AppendSequencer[_Append[T]] = attrs.field(init=False)
    _phase: _Phase = attrs.field(init=False, default=_Phase.NEW)
    _nursery: trio.Nursery | None = attrs.field(init=False, default=None)
    _timer: trio.CancelScope | None = attrs.field(init=False, default=None)
    #: the appends held or being delivered, by (request_id, seqno): what a retry of one waits for
    _live: dict[tuple[str, int], _Append[T]] = attrs.field(init=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        self._sequencer = AppendSequencer(
            self.hold_timeout,
            self.idle_timeout,
            self.max_held,
            max_requests=self.max_requests,
            max_held_bytes=self.max_held_bytes,
            start_grace=self.start_grace,
        )

    async def admit(
        self,
        request_id: str,
        seqno: int,
        payload: T,
        deliver: Callable[[T], Awaitable[None]],
        *,
        size: int = 0,
        fingerprint: bytes | None = None,
    ) -> Admission:
        """Deliver ``payload`` through ``deliver`` in seqno order. Returns when it has been delivered.

        ``size`` (the upload's bytes) counts against the held-bytes bound while the append waits;
        ``fingerprint`` identifies the upload's bytes, so that a retry is known for a duplicate and an
        upload that reuses a seqno with other bytes is refused (see `AppendSequencer.offer`).

        Returns `Admission.DUPLICATE` for a duplicate, which is not delivered: at once when its first copy
        was delivered, else once that copy is (re-raising what its delivery raised). Raises
        `AppendRejected` when the append is over capacity, conflicts with the upload that took its seqno,
        when its gap is not filled within ``hold_timeout``, or when the gate shuts down. Re-raises the
        exception that ``deliver`` raised for this append. Cancelling the call does not withdraw the append
        (see the module docstring).
        Raises RuntimeError if `run` was never started.
        """
        await trio.lowlevel.checkpoint_if_cancelled()
        nursery = self._running_nursery()
        record = _Append(request_id, seqno, payload, deliver)
        decision = self._sequencer.offer(
            request_id, seqno, record, trio.current_time(), size=size, fingerprint=fingerprint
        )
        self._settle_evicted()
        match decision:
            case Deliver(sequenced=False):
                await deliver(payload)
                return Admission.DELIVERED
            case Deliver(late=True):
                self._track(record)
                nursery.start_soon(self._deliver_late, record)
            case Deliver():
                self._track(record)
                nursery.start_soon(self._deliver_in_order, record)
            case Hold():
                self._track(record)
            case Duplicate():
                first = self._live.get((request_id, seqno))
                if first is None:
                    await trio.lowlevel.cancel_shielded_checkpoint()
                    return Admission.DUPLICATE
                first.waiters += 1
                log.info("request %s: append_seqno %d sent again before its first copy was delivered; "
                         "answered with that copy's outcome", request_id, seqno)
                await self._outcome(first)
                return Admission.DUPLICATE
            case Reject(rejection=rejection):
                await trio.lowlevel.cancel_shielded_checkpoint()
                raise AppendRejected.from_rejection(rejection)
        await self._outcome(record)
        return Admission.DELIVERED

    def _track(self, record: _Append[T]) -> None:
        self._live[(record.request_id, record.seqno)] = record
        record.on_settle = self._untrack

    def _untrack(self, record: _Append[T]) -> None:
        key = (record.request_id, record.seqno)
        if self._live.get(key) is record:
            del self._live[key]

    async def _outcome(self, record: _Append[T]) -> None:
        """Wait for ``record`` to settle, as one of its waiters; re-raise its error."""
        try:
            await record.settled.wait()
        except BaseException:
            record.waiters -= 1
            # with no waiter left, an append of a sequence that has delivered nothing is withdrawn (nothing
            # waits on it); any other stays, and is still delivered (or expires) in turn
            gone = record.waiter_gone and not record.settled.is_set()
            if gone and self._sequencer.withdraw(record.request_id, record.seqno):
                self._untrack(record)
                self._reschedule()
            raise
        if record.error is not None:
            raise record.error

    def resume(self, request_id: str, position: AppendPosition) -> bool:
        """See `AppendSequencer.resume`."""
        resumed = self._sequencer.resume(request_id, position, trio.current_time())
        self._settle_evicted()
        return resumed

    def _settle_evicted(self) -> None:
        """Refuse the held appends the sequencer evicted to make room (row 2b), and rearm the timer."""
        for evicted in self._sequencer.evicted():
            evicted.item.settle(AppendRejected.from_rejection(evicted.rejection))
        self._reschedule()

    def position(self, request_id: str, seqno: int | None = None) -> AppendPosition | None:
        """Where the sequence of ``request_id`` stands, counting the append being delivered (``seqno``) as
        done (so a ``deliver`` can record it before its ACK). None: no state, or its start is not known yet.
        See `AppendSequencer.position`."""
        return self._sequencer.position(request_id, seqno)

    @property
    def held_bytes(self) -> int:
        """Bytes of early appends held now, over all request_ids."""
        return self._sequencer.held_bytes

    @property
    def tracked(self) -> int:
        """How many request_ids the sequencer holds a state for."""
        return len(self._sequencer)

    def snapshot(self, request_id: str) -> SequenceSnapshot | None:
        """The sequencer's state for ``request_id``, or None when none is tracked (never seen, or dropped)."""
        return self._sequencer.snapshot(request_id)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Own the delivery chains and the expiry timer. Start it with ``await nursery.start(gate.run)``.

        Runs until cancelled. Then every append still waiting is answered with ``unavailable``, and so
        is every later `admit`.
        """
        if self._phase is not _Phase.NEW:
            raise RuntimeError("AppendGate.run() can only be started once")
        try:
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                self._phase = _Phase.RUNNING
                task_status.started()
                try:
                    await self._expire_when_due()
                finally:
                    self._phase = _Phase.CLOSED
        finally:
            self._phase = _Phase.CLOSED
            self._nursery = None
            for record in self._sequencer.clear():
                record.settle(AppendRejected("unavailable", "cursord is shutting down"))

    # -- internals --------------------------------------------------------------------------------------

    def _running_nursery(self) -> trio.Nursery:
        if self._phase is _Phase.NEW:
            raise RuntimeError("AppendGate.admit() called before AppendGate.run() was started")
        if self._phase is _Phase.CLOSED or self._nursery is None:
            raise AppendRejected("unavailable", "cursord is shutting down")
        return self._nursery

    async def _deliver_in_order(self, first: _Append[T]) -> None:
        """One delivery chain: deliver ``first``, then each held append that ``done`` hands back."""
        record: _Append[T] | None = first
        while record is not None:
            await self._deliver_one(record)
            record = self._sequencer.done(record.request_id, record.seqno, trio.current_time())
            self._reschedule()

    async def _deliver_late(self, record: _Append[T]) -> None:
        """A seqno 0 that came after its sequence started at 1: delivered beside the chain, no ``done``."""
        log.info("request %s: append_seqno 0 came after its sequence started at 1; delivered late",
                 record.request_id)
        await self._deliver_one(record)

    @staticmethod
    async def _deliver_one(record: _Append[T]) -> None:
        """Deliver ``record`` and settle it with the outcome (a failure is its waiters' only)."""
        try:
            await record.deliver(record.payload)
        except Exception as exc:
            if record.waiter_gone:
                log.warning(
                    "delivering append_seqno %d for request %s failed after its caller left",
                    record.seqno,
                    record.request_id,
                    exc_info=True,
                )
            record.settle(exc)
        except BaseException:
            record.settle(AppendRejected("unavailable", "cursord is shutting down"))
            raise
        else:
            record.settle()

    async def _expire_when_due(self) -> None:
        nursery = self._running_nursery()
        while True:
            with trio.CancelScope() as timer:
                self._timer = timer
                self._reschedule()
                await trio.sleep_forever()
            self._timer = None
            for outcome in self._sequencer.expire(trio.current_time()):
                match outcome:
                    case Released(request_id=request_id, item=record):
                        log.info("request %s: no append_seqno 0 came; its sequence starts at 1", request_id)
                        nursery.start_soon(self._deliver_in_order, record)
                    case Expired(item=record, rejection=rejection):
                        if record.waiter_gone:
                            log.info("dropping held append after its caller left: %s", rejection.message)
                        record.settle(AppendRejected.from_rejection(rejection))
            # the loop re-arms the timer for the next deadline

    def _reschedule(self) -> None:
        """Move the timer's deadline to the sequencer's next deadline (inf when nothing is pending)."""
        if self._timer is not None:
            deadline = self._sequencer.next_deadline()
            self._timer.deadline = deadline if deadline is not None else float("inf")
