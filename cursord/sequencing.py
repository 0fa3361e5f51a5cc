"""Append sequencing for ``BidiAppend`` uploads: a sans-IO core (no trio, no clock).

Theory of operation
-------------------
The editor sends each client message as its own ``BidiAppend`` call, numbered by ``append_seqno`` within
its ``request_id``. The calls travel on separate HTTP requests, so they can arrive out of order (a later
append can overtake the first upload) and can be retried. The sequencer puts each request_id's appends
back in order and drops duplicates. It keeps one state per request_id:

* ``next`` - the next append_seqno expected (starts at 1);
* ``processing`` - the append numbered ``next`` is being handed to the stream. At most one append per
  request_id is processing at any time; ``done`` ends it;
* ``ready`` - appends that arrived early (seqno > next), keyed by seqno, each with a hold deadline.

Invariants: every key in ``ready`` is greater than ``next``, and ``next`` is in ``ready`` only while it
is processing. A state is *idle* when nothing is processing and ``ready`` is empty.

``offer`` decides what to do with an arriving append. The rows are checked top to bottom and the first
match wins:

====  ===============================================  ==========  =======================================
row   condition                                        decision    state change
====  ===============================================  ==========  =======================================
1     seqno <= 0                                       Deliver     none (bypass; no ``done`` is owed)
2     state idle and now >= last_activity + idle       (go on)     state replaced by a fresh one (next=1)
3     seqno == 1, next > 1, state idle                 Deliver     next = 1, processing (sequence restart)
4     seqno < next, or == next while processing,       Duplicate   none besides last_activity
      or already in ready
5     seqno == next                                    Deliver     processing
6     seqno > next and ``max_held`` already held       Reject      none besides last_activity
7     seqno > next                                     Hold        ready[seqno] = item, now + hold_timeout
====  ===============================================  ==========  =======================================

Every offer that gets past row 1 counts as activity (``last_activity = now``), duplicates included.

Row 3 is the editor reusing a request_id and restarting at append_seqno 1. The restart is accepted only
when the state is idle. A seqno 1 that arrives while something is processing or held is a duplicate
(row 4), because it cannot be told apart from a late retry of the first upload.

``done(request_id, seqno, now)`` ends the delivery of ``next``: ``next += 1``. If ``ready`` holds the new
``next``, that append becomes processing and is returned; the caller delivers it and calls ``done``
again. This hands over one append at a time, so deliveries stay strictly sequential and a failure is
charged to exactly one append. The caller calls ``done`` whether the delivery worked or failed, so the
sequence always moves on.

``expire(now)`` does two jobs:

* a held append whose deadline has come (``now >= arrival + hold_timeout``) is removed and reported with
  `RejectionKind.GAP_NEVER_FILLED`. ``next`` does *not* move. A gap is never skipped, because skipping
  it would hand the stream messages out of order. The missing seqno can still arrive later and is then
  delivered as usual. Appends held behind the same gap keep their own deadlines;
* an idle state is dropped once ``now >= last_activity + idle_timeout``. A processing state is never
  dropped, and neither is a state that still holds appends.

``next_deadline()`` is the earliest moment at which ``expire`` will have something to do, so an adapter
can sleep until then. All timestamps come from the caller (seconds on any monotonic clock), and every
deadline is inclusive.

Cost: ``next_deadline`` and ``expire`` scan every state and every held append. That is fine at the
editor's scale: a handful of live request_ids, each holding at most ``max_held`` appends.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Generic, TypeAlias, TypeVar

import attrs

__all__ = [
    "DEFAULT_HOLD_TIMEOUT",
    "DEFAULT_IDLE_TIMEOUT",
    "DEFAULT_MAX_HELD",
    "AppendSequencer",
    "Decision",
    "Deliver",
    "Duplicate",
    "Expired",
    "Hold",
    "Reject",
    "Rejection",
    "RejectionKind",
    "SequenceSnapshot",
    "SequencingError",
]

T = TypeVar("T")

DEFAULT_HOLD_TIMEOUT = 30.0
"""Seconds an early append waits for its predecessors (peers hold an early append up to 30 s)."""
DEFAULT_IDLE_TIMEOUT = 600.0
"""Seconds an idle state is kept (the reference system's ``appendSequenceRetention``)."""
DEFAULT_MAX_HELD = 256
"""Early appends held per request_id before further early ones are rejected."""


class SequencingError(Exception):
    """The sequencer was misused (a local bug): e.g. ``done`` for an append that is not processing."""


class RejectionKind(enum.Enum):
    """Why an append was refused. The adapter maps these to Connect codes, in one table."""

    OVER_CAPACITY = "over_capacity"
    """The append arrived early and ``max_held`` early appends are already held for its request_id."""
    GAP_NEVER_FILLED = "gap_never_filled"
    """The append was held ``hold_timeout`` seconds and its predecessor never arrived."""


@attrs.frozen
class Rejection:
    kind: RejectionKind
    message: str


@attrs.frozen
class Deliver:
    """Hand the item over now.

    ``sequenced`` is False for the bypass (append_seqno <= 0). Then no state was touched and no ``done``
    is owed. ``restarted`` is True when this seqno 1 restarted an idle sequence (table row 3).
    """

    sequenced: bool = True
    restarted: bool = False


@attrs.frozen
class Duplicate:
    """Already seen (or superseded). Do not deliver it, but still ACK it. ``next_expected`` is for logs."""

    next_expected: int


@attrs.frozen
class Hold:
    """Kept until its predecessors are done. It comes back from ``done`` or from ``expire``."""

    waiting_for: int
    deadline: float


@attrs.frozen
class Reject:
    """Refused now, never stored."""

    rejection: Rejection


Decision: TypeAlias = Deliver | Duplicate | Hold | Reject


@attrs.frozen
class Expired(Generic[T]):
    """A held append removed by ``expire``: answer its sender with ``rejection``."""

    request_id: str
    seqno: int
    item: T
    rejection: Rejection


@attrs.frozen
class SequenceSnapshot:
    """A read-only view of one request_id's state, for logs and tests."""

    next: int
    processing: bool
    held: tuple[int, ...]
    last_activity: float


@attrs.define
class _Held(Generic[T]):
    item: T
    deadline: float


@attrs.define
class _Sequence(Generic[T]):
    last_activity: float
    next: int = 1
    processing: bool = False
    ready: dict[int, _Held[T]] = attrs.Factory(dict)

    @property
    def idle(self) -> bool:
        return not self.processing and not self.ready


def _positive(_instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not value > 0:
        raise ValueError(f"{attribute.name} must be > 0, got {value!r}")


@attrs.define
class AppendSequencer(Generic[T]):
    """Puts each request_id's appends in seqno order and drops duplicates. See the module docstring."""

    hold_timeout: float = attrs.field(default=DEFAULT_HOLD_TIMEOUT, validator=_positive)
    idle_timeout: float = attrs.field(default=DEFAULT_IDLE_TIMEOUT, validator=_positive)
    max_held: int = attrs.field(default=DEFAULT_MAX_HELD, validator=attrs.validators.ge(0))
    _states: dict[str, _Sequence[T]] = attrs.field(init=False, factory=dict)

    # -- inputs ---------------------------------------------------------------------------------------

    def offer(self, request_id: str, seqno: int, item: T, now: float) -> Decision:
        """Classify an arriving append (table rows 1-7). ``item`` is stored only when the answer is Hold."""
        if seqno <= 0:
            return Deliver(sequenced=False)
        state = self._states.get(request_id)
        if state is None or (state.idle and now >= self._idle_deadline(state)):
            state = self._states[request_id] = _Sequence(last_activity=now)
        state.last_activity = now
        if seqno == 1 and state.next > 1 and state.idle:
            state.next = 1
            state.processing = True
            return Deliver(restarted=True)
        if seqno < state.next or (seqno == state.next and state.processing) or seqno in state.ready:
            return Duplicate(next_expected=state.next)
        if seqno == state.next:
            state.processing = True
            return Deliver()
        if len(state.ready) >= self.max_held:
            return Reject(
                Rejection(
                    RejectionKind.OVER_CAPACITY,
                    f"append_seqno {seqno} for request {request_id} rejected: {len(state.ready)} early "
                    f"appends are already held waiting for seqno {state.next} "
                    f"(limit {self.max_held} per request)",
                )
            )
        deadline = now + self.hold_timeout
        state.ready[seqno] = _Held(item, deadline)
        return Hold(waiting_for=state.next, deadline=deadline)

    def resume(self, request_id: str, next_seqno: int, now: float) -> bool:
        """Start a request_id's sequence at `next_seqno`, if it has none (its state was dropped while idle,
        or lost with a restart, while its stream lives on). Returns whether it did."""
        if request_id in self._states or next_seqno < 1:
            return False
        self._states[request_id] = _Sequence(last_activity=now, next=next_seqno)
        return True

    def done(self, request_id: str, seqno: int, now: float) -> T | None:
        """The delivery of ``seqno`` is over (it worked or it failed). Returns the next append to deliver.

        A non-None result is already processing: deliver it, then call ``done`` for it. ``seqno <= 0``
        (the bypass) is a no-op. Raises `SequencingError` if ``seqno`` is not the processing append.
        """
        if seqno <= 0:
            return None
        state = self._states.get(request_id)
        if state is None or not state.processing or state.next != seqno:
            found = "no state" if state is None else f"next={state.next}, processing={state.processing}"
            raise SequencingError(f"done({request_id!r}, {seqno}): that append is not processing ({found})")
        state.processing = False
        state.next += 1
        state.last_activity = now
        held = state.ready.pop(state.next, None)
        if held is None:
            return None
        state.processing = True
        return held.item

    def expire(self, now: float) -> list[Expired[T]]:
        """Remove held appends whose hold deadline has come, and drop idle states whose time is up.

        Returns the removed appends ordered by request_id (oldest state first), then seqno.
        """
        expired: list[Expired[T]] = []
        for request_id, state in list(self._states.items()):
            for seqno in sorted(state.ready):
                held = state.ready[seqno]
                if now >= held.deadline:
                    del state.ready[seqno]
                    message = (
                        f"append_seqno {seqno} for request {request_id} waited {self.hold_timeout:g} s "
                        f"for seqno {state.next}, which never arrived"
                    )
                    rejection = Rejection(RejectionKind.GAP_NEVER_FILLED, message)
                    expired.append(Expired(request_id, seqno, held.item, rejection))
            if state.idle and now >= self._idle_deadline(state):
                del self._states[request_id]
        return expired

    def clear(self) -> list[T]:
        """Forget every state (shutdown). Returns the held items, so that their senders can be answered."""
        items = [held.item for state in self._states.values() for _, held in sorted(state.ready.items())]
        self._states.clear()
        return items

    # -- queries --------------------------------------------------------------------------------------

    def next_deadline(self) -> float | None:
        """The earliest time at which ``expire`` will remove something, or None if nothing is pending."""
        deadlines = [held.deadline for state in self._states.values() for held in state.ready.values()]
        deadlines.extend(self._idle_deadline(state) for state in self._states.values() if state.idle)
        return min(deadlines, default=None)

    def snapshot(self, request_id: str) -> SequenceSnapshot | None:
        state = self._states.get(request_id)
        if state is None:
            return None
        return SequenceSnapshot(
            next=state.next,
            processing=state.processing,
            held=tuple(sorted(state.ready)),
            last_activity=state.last_activity,
        )

    def __contains__(self, request_id: object) -> bool:
        return request_id in self._states

    def __len__(self) -> int:
        return len(self._states)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._states))

    def _idle_deadline(self, state: _Sequence[T]) -> float:
        return state.last_activity + self.idle_timeout
