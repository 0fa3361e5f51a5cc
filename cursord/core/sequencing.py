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
0     request_id longer than ``max_request_id_bytes``  Reject      none (``INVALID_REQUEST_ID``)
1     seqno <= 0                                       Deliver     none (bypass; no ``done`` is owed)
2     state idle and now >= last_activity + idle       (go on)     state replaced by a fresh one (next=1)
2b    no state, ``max_requests`` states tracked        (go on)     the least recently active idle state is
                                                                   dropped; if none is idle: Reject
                                                                   (``TOO_MANY_REQUESTS``)
3a    seqno == 1, next > 1, state idle, same upload    Duplicate   none besides last_activity (a retry)
      as the one delivered at seqno 1
3     seqno == 1, next > 1, state idle                 Deliver     next = 1, processing (sequence restart)
4     seqno < next, or == next while processing,       Duplicate   none besides last_activity
      or already in ready
5     seqno == next                                    Deliver     processing
6     seqno > next and ``max_held`` already held       Reject      none besides last_activity
6b    seqno > next and holding it would pass           Reject      none besides last_activity
      ``max_held_bytes`` across all request_ids
7     seqno > next                                     Hold        ready[seqno] = item, now + hold_timeout
====  ===============================================  ==========  =======================================

Every offer that gets past row 1 counts as activity (``last_activity = now``), duplicates included.

Rows 3a and 3, the retry rule. The editor reuses a request_id and restarts at append_seqno 1 (a new run),
and it also retries an upload it saw no ACK for, possibly after later appends went through. The two are
told apart by the upload's bytes: ``offer`` takes a ``fingerprint`` of them, and the state keeps the
fingerprint of the upload delivered at seqno 1. A seqno 1 whose fingerprint equals it is that upload
again: a duplicate, ACKed and not delivered (restarting would leave the sequence waiting at 2 for an
append that already came, and the turn would hang). A seqno 1 with other bytes (or without a
fingerprint, or after a ``resume``, when the first upload is unknown) restarts the sequence. Either is
decided only when the state is idle. A seqno 1 that arrives while something is processing or held is
a duplicate (row 4), because it cannot be told apart from a late retry of the first upload.

Bounds: a request_id is at most ``max_request_id_bytes`` of UTF-8 (a UUID is 36); at most
``max_requests`` states are kept (row 2b: an idle state only remembers where its sequence is, so under
pressure the least recently active one is forgotten first, and a stream that lives on resumes it);
held appends are capped per request_id (``max_held``) and in bytes over all of them
(``max_held_bytes``, with the ``size`` each ``offer`` reports).

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

Cost: deadlines live in two heaps (held appends, idle states) with lazy deletion: an entry is checked
against the state when it reaches the top and dropped if stale, and a heap is rebuilt when stale entries
outnumber live ones. ``offer``, ``done`` and ``next_deadline`` cost O(log n); ``expire`` O(k log n) for
k due entries. (A scan over every state and held append, as before, cost up to ``max_requests`` x
``max_held`` per call, and the adapter asks after every change.)
"""

from __future__ import annotations

import enum
import heapq
import itertools
from collections.abc import Iterator
from typing import Generic, TypeAlias, TypeVar

import attrs

__all__ = [
    "DEFAULT_HOLD_TIMEOUT",
    "DEFAULT_IDLE_TIMEOUT",
    "DEFAULT_MAX_HELD",
    "DEFAULT_MAX_HELD_BYTES",
    "DEFAULT_MAX_REQUESTS",
    "MAX_REQUEST_ID_BYTES",
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
    "request_id_problem",
]

T = TypeVar("T")

DEFAULT_HOLD_TIMEOUT = 30.0
"""Seconds an early append waits for its predecessors (peers hold an early append up to 30 s)."""
DEFAULT_IDLE_TIMEOUT = 600.0
"""Seconds an idle state is kept (the reference system's ``appendSequenceRetention``)."""
DEFAULT_MAX_HELD = 256
"""Early appends held per request_id before further early ones are rejected."""
DEFAULT_MAX_REQUESTS = 4096
"""request_ids whose sequence is tracked at once."""
DEFAULT_MAX_HELD_BYTES = 64 * 1024 * 1024
"""Bytes of early appends held across all request_ids."""
MAX_REQUEST_ID_BYTES = 128
"""Longest request_id accepted, in UTF-8 bytes. The editor's are UUIDs (36); every path that takes a
request id applies it (`request_id_problem`)."""


def request_id_problem(request_id: str, limit: int = MAX_REQUEST_ID_BYTES) -> str | None:
    """Why ``request_id`` is refused (too long), or None when it is fine."""
    if len(request_id) > limit or len(request_id.encode("utf-8", "surrogatepass")) > limit:
        return f"request_id is longer than {limit} bytes (the limit; the editor's are UUIDs)"
    return None


class SequencingError(Exception):
    """The sequencer was misused (a local bug): e.g. ``done`` for an append that is not processing."""


class RejectionKind(enum.Enum):
    """Why an append was refused. The adapter maps these to Connect codes, in one table."""

    OVER_CAPACITY = "over_capacity"
    """The append arrived early and ``max_held`` early appends are already held for its request_id."""
    GAP_NEVER_FILLED = "gap_never_filled"
    """The append was held ``hold_timeout`` seconds and its predecessor never arrived."""
    INVALID_REQUEST_ID = "invalid_request_id"
    """The request_id is longer than ``max_request_id_bytes``."""
    TOO_MANY_REQUESTS = "too_many_requests"
    """``max_requests`` request_ids are tracked and none of them is idle."""


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
    size: int = 0


@attrs.define
class _Sequence(Generic[T]):
    last_activity: float
    next: int = 1
    processing: bool = False
    ready: dict[int, _Held[T]] = attrs.Factory(dict)
    #: the fingerprint of the upload delivered at seqno 1 (None: unknown), for the retry rule (row 3a)
    first: bytes | None = None

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
    max_requests: int = attrs.field(default=DEFAULT_MAX_REQUESTS, validator=attrs.validators.ge(1))
    max_held_bytes: int = attrs.field(default=DEFAULT_MAX_HELD_BYTES, validator=attrs.validators.ge(0))
    max_request_id_bytes: int = attrs.field(default=MAX_REQUEST_ID_BYTES, validator=attrs.validators.ge(1))
    _states: dict[str, _Sequence[T]] = attrs.field(init=False, factory=dict)
    #: (deadline, tiebreak, request_id, seqno) of held appends; stale entries are skipped
    _holds: list[tuple[float, int, str, int]] = attrs.field(init=False, factory=list)
    #: (last_activity + idle_timeout, tiebreak, request_id) of idle states; stale entries are skipped
    _idles: list[tuple[float, int, str]] = attrs.field(init=False, factory=list)
    _tiebreak: Iterator[int] = attrs.field(init=False, factory=itertools.count)
    _held_count: int = attrs.field(init=False, default=0)
    _held_bytes: int = attrs.field(init=False, default=0)

    # -- inputs ---------------------------------------------------------------------------------------

    def offer(
        self, request_id: str, seqno: int, item: T, now: float, *, size: int = 0, fingerprint: bytes | None = None
    ) -> Decision:
        """Classify an arriving append (table rows 0-7). ``item`` is stored only when the answer is Hold.

        ``size`` is what holding ``item`` costs (its bytes), counted against ``max_held_bytes``;
        ``fingerprint`` identifies the upload's bytes, for the seqno 1 retry rule (row 3a).
        """
        problem = request_id_problem(request_id, self.max_request_id_bytes)
        if problem is not None:
            return Reject(Rejection(RejectionKind.INVALID_REQUEST_ID, problem))
        if seqno <= 0:
            return Deliver(sequenced=False)
        state = self._states.get(request_id)
        if state is not None and state.idle and now >= self._idle_deadline(state):
            state = None
        if state is None:
            full = request_id not in self._states and len(self._states) >= self.max_requests
            if full and not self._forget_least_recent_idle():
                return Reject(
                    Rejection(
                        RejectionKind.TOO_MANY_REQUESTS,
                        f"request {request_id} refused: {len(self._states)} requests have appends in "
                        f"flight (limit {self.max_requests})",
                    )
                )
            state = self._states[request_id] = _Sequence(last_activity=now)
        state.last_activity = now
        decision = self._classify(request_id, state, seqno, item, now, size, fingerprint)
        if state.idle:
            self._push_idle(request_id, state)
        return decision

    def _classify(
        self,
        request_id: str,
        state: _Sequence[T],
        seqno: int,
        item: T,
        now: float,
        size: int,
        fingerprint: bytes | None,
    ) -> Decision:
        if seqno == 1 and state.next > 1 and state.idle:
            if fingerprint is not None and fingerprint == state.first:
                return Duplicate(next_expected=state.next)
            state.next = 1
            state.processing = True
            state.first = fingerprint
            return Deliver(restarted=True)
        if seqno < state.next or (seqno == state.next and state.processing) or seqno in state.ready:
            return Duplicate(next_expected=state.next)
        if seqno == state.next:
            state.processing = True
            if seqno == 1:
                state.first = fingerprint
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
        if self._held_bytes + size > self.max_held_bytes:
            return Reject(
                Rejection(
                    RejectionKind.OVER_CAPACITY,
                    f"append_seqno {seqno} for request {request_id} rejected: early appends of all requests "
                    f"already hold {self._held_bytes} bytes, and this one's {size} would pass the limit of "
                    f"{self.max_held_bytes} bytes",
                )
            )
        deadline = now + self.hold_timeout
        state.ready[seqno] = _Held(item, deadline, size)
        self._held_count += 1
        self._held_bytes += size
        heapq.heappush(self._holds, (deadline, next(self._tiebreak), request_id, seqno))
        self._compact()
        return Hold(waiting_for=state.next, deadline=deadline)

    def resume(self, request_id: str, next_seqno: int, now: float) -> bool:
        """Start a request_id's sequence at `next_seqno`, if it has none (its state was dropped while idle,
        or lost with a restart, while its stream lives on). Returns whether it did."""
        if request_id in self._states or next_seqno < 1:
            return False
        if request_id_problem(request_id, self.max_request_id_bytes) is not None:
            return False
        if len(self._states) >= self.max_requests and not self._forget_least_recent_idle():
            return False
        state = self._states[request_id] = _Sequence(last_activity=now, next=next_seqno)
        self._push_idle(request_id, state)
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
            if state.idle:
                self._push_idle(request_id, state)
            return None
        self._release(held)
        state.processing = True
        return held.item

    def expire(self, now: float) -> list[Expired[T]]:
        """Remove held appends whose hold deadline has come, and drop idle states whose time is up.

        Returns the removed appends ordered by request_id (oldest state first), then seqno.
        """
        expired: list[Expired[T]] = []
        while self._holds and self._holds[0][0] <= now:
            deadline, _, request_id, seqno = heapq.heappop(self._holds)
            state = self._states.get(request_id)
            held = state.ready.get(seqno) if state is not None else None
            if state is None or held is None or held.deadline != deadline:
                continue  # stale: delivered, or the state was replaced
            del state.ready[seqno]
            self._release(held)
            message = (
                f"append_seqno {seqno} for request {request_id} waited {self.hold_timeout:g} s "
                f"for seqno {state.next}, which never arrived"
            )
            expired.append(Expired(request_id, seqno, held.item, Rejection(RejectionKind.GAP_NEVER_FILLED, message)))
            if state.idle:
                self._push_idle(request_id, state)
        if len({e.request_id for e in expired}) > 1:
            order = {request_id: index for index, request_id in enumerate(self._states)}
            expired.sort(key=lambda e: (order[e.request_id], e.seqno))
        else:
            expired.sort(key=lambda e: e.seqno)
        while self._idles and self._idles[0][0] <= now:
            deadline, _, request_id = heapq.heappop(self._idles)
            if self._idle_entry_is_live(deadline, request_id):
                del self._states[request_id]
        return expired

    def clear(self) -> list[T]:
        """Forget every state (shutdown). Returns the held items, so that their senders can be answered."""
        items = [held.item for state in self._states.values() for _, held in sorted(state.ready.items())]
        self._states.clear()
        self._holds.clear()
        self._idles.clear()
        self._held_count = self._held_bytes = 0
        return items

    # -- queries --------------------------------------------------------------------------------------

    def next_deadline(self) -> float | None:
        """The earliest time at which ``expire`` will remove something, or None if nothing is pending."""
        while self._holds and not self._hold_entry_is_live(*self._holds[0]):
            heapq.heappop(self._holds)
        while self._idles and not self._idle_entry_is_live(self._idles[0][0], self._idles[0][2]):
            heapq.heappop(self._idles)
        deadlines = [heap[0][0] for heap in (self._holds, self._idles) if heap]
        return min(deadlines, default=None)

    @property
    def held_bytes(self) -> int:
        """Bytes of early appends held now, over all request_ids (as reported to ``offer``)."""
        return self._held_bytes

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

    # -- internals ------------------------------------------------------------------------------------

    def _idle_deadline(self, state: _Sequence[T]) -> float:
        return state.last_activity + self.idle_timeout

    def _push_idle(self, request_id: str, state: _Sequence[T]) -> None:
        """Every idle state has a live entry in ``_idles`` (pushed whenever it becomes idle or is touched)."""
        heapq.heappush(self._idles, (self._idle_deadline(state), next(self._tiebreak), request_id))
        self._compact()

    def _idle_entry_is_live(self, deadline: float, request_id: str) -> bool:
        state = self._states.get(request_id)
        return state is not None and state.idle and self._idle_deadline(state) == deadline

    def _hold_entry_is_live(self, deadline: float, _tiebreak: int, request_id: str, seqno: int) -> bool:
        state = self._states.get(request_id)
        held = state.ready.get(seqno) if state is not None else None
        return held is not None and held.deadline == deadline

    def _release(self, held: _Held[T]) -> None:
        self._held_count -= 1
        self._held_bytes -= held.size

    def _forget_least_recent_idle(self) -> bool:
        """Drop the idle state that was active longest ago (row 2b). False if no state is idle."""
        while self._idles:
            deadline, _, request_id = heapq.heappop(self._idles)
            if self._idle_entry_is_live(deadline, request_id):
                del self._states[request_id]
                return True
        return False

    def _compact(self) -> None:
        """Rebuild a heap once its stale entries outnumber the live ones, so that neither grows without end."""
        if len(self._idles) > 2 * len(self._states) + 64:
            self._idles = [
                (self._idle_deadline(state), next(self._tiebreak), request_id)
                for request_id, state in self._states.items()
                if state.idle
            ]
            heapq.heapify(self._idles)
        if len(self._holds) > 2 * self._held_count + 64:
            self._holds = [
                (held.deadline, next(self._tiebreak), request_id, seqno)
                for request_id, state in self._states.items()
                for seqno, held in state.ready.items()
            ]
            heapq.heapify(self._holds)
