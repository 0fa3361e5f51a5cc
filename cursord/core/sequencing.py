"""Append sequencing for ``BidiAppend`` uploads: a sans-IO core (no trio, no clock).

Theory of operation
-------------------
The editor sends each client message as its own ``BidiAppend`` call, numbered by ``append_seqno`` within
its ``request_id``. The real editor numbers a request's appends **from 0**, keeps up to 32 sends in flight
(so a later append can overtake an earlier one) and retries an append with the same seqno and the same
bytes; older clients (and the tests' sequential mode) number from 1, one at a time. The sequencer puts
each request_id's appends back in order, delivers every upload exactly once, and knows a retry for one.
It keeps one state per request_id:

* ``start`` - the sender's first number, 0 or 1; None until it is known;
* ``next`` - the next append_seqno to deliver (``start`` once it is known);
* ``processing`` - the append numbered ``next`` is being handed to the stream. At most one append per
  request_id is processing at any time; ``done`` ends it;
* ``ready`` - appends that arrived early, keyed by seqno, each with a hold deadline;
* the fingerprints of the uploads delivered at ``start`` and at the last ``retry_window`` seqnos, so a
  retry (same seqno, same bytes) is told from a conflicting upload (same seqno, other bytes).

Invariants: every key in ``ready`` is greater than ``next`` (or, while ``start`` is unknown, than 0), and
``next`` is in ``ready`` only while it is processing. A state is *idle* when nothing is processing and
``ready`` is empty. A state whose ``start`` is unknown is never idle: it holds the appends that came first.

Where a sequence starts. Seqno 0 starts it at 0 at once. Seqno 1 may be a 0-based sender's second append
that overtook the first, or a 1-based sender's first: it is held for ``start_grace`` seconds, and if no
seqno 0 arrived by then the sequence starts at 1 (``expire`` hands it back as `Released`). That start is
a guess from time alone, so it never shuts seqno 0 out: the editor numbers from 0, and its seqno 0 is
usually the run_request, its largest upload, the one most likely to be slow or lost and retried. A seqno 0
that comes after a sequence started at 1 is delivered (late, out of order: what went before it were the
uploads the editor sends before its run_request, a heartbeat changes nothing and an action waits for the
run anyway), and the sequence is 0-based from then on (its ``start`` becomes 0, so a retry of that seqno 0
is a duplicate, and its position says so after a restart). Seqnos above 1 wait for whichever comes.
After a restart, or when an idle state was dropped while its stream lives on, the adapter ``resume``\\s
the state from the `AppendPosition` it persisted (with the stream, or with what is held for a request
that has no stream yet): the next seqno is known, never guessed from whichever append arrives first.

``offer`` decides what to do with an arriving append. The rows are checked top to bottom and the first
match wins ("seen": below ``next``, processing, or held):

====  ==================================================  ==========  ====================================
row   condition                                           decision    state change
====  ==================================================  ==========  ====================================
0     request_id longer than ``max_request_id_bytes``     Reject      none (``INVALID_REQUEST_ID``)
1     seqno < 0                                           Deliver     none (bypass; no ``done`` is owed)
2     state idle and now >= last_activity + idle          (go on)     state replaced by a fresh one
2b    no state, ``max_requests`` states tracked           (go on)     the least recently active idle state
                                                                      is dropped; if none is idle, the least
                                                                      recently active unstarted one (its
                                                                      appends are `evicted`); if neither:
                                                                      Reject (``TOO_MANY_REQUESTS``)
3     seqno == start, next > start, state idle, both      Deliver     next = start, processing (a reused
      fingerprints known and different                                request_id: a new run)
4     seen, and the fingerprints differ                   Reject      none (``CONFLICTING_RETRY``)
5     seen                                                Duplicate   none besides last_activity (a retry)
6     start unknown, seqno == 0                           Deliver     start = next = 0, processing
7     start == 1, seqno == 0                              Deliver     start = 0, not processing (late: no
                                                          (late)      ``done`` is owed, beside any other)
8     start known, seqno == next                          Deliver     processing
9     ``max_held`` already held for this request_id       Reject      none (``OVER_CAPACITY``)
9b    holding it would pass ``max_held_bytes``            Reject      none (``OVER_CAPACITY``)
10    otherwise (seqno > next, or start unknown)          Hold        ready[seqno] = item, deadline; the
                                                                      first seqno 1 of an unknown start
                                                                      also sets the start deadline
====  ==================================================  ==========  ====================================

Every offer that gets past row 1 counts as activity (``last_activity = now``), duplicates included.
A fingerprint is unknown when the caller gives none, or for seqnos older than ``retry_window`` (they are
still duplicates: row 5). Row 3 keeps the reference system's rule that an editor may reuse a request_id
for a new run, restarting its numbering; a retry of the first upload (the same bytes) is row 5.

Bounds: a request_id is at most ``max_request_id_bytes`` of UTF-8 (a UUID is 36); at most
``max_requests`` states are kept (row 2b: an idle state only remembers where its sequence is, so under
pressure the least recently active one is forgotten first, and a stream that lives on resumes it,
making room as a new request does);
held appends are capped per request_id (``max_held``) and in bytes over all of them
(``max_held_bytes``, with the ``size`` each ``offer`` reports). ``withdraw`` takes back a held append
whose sender left, while its sequence has delivered nothing: nothing waits on it, a sender that still
wants it retries it, and an abandoned early append must not hold a slot that real runs need. For the
same reason a full table makes room for a new request by evicting the sequence that has delivered
nothing and was active longest ago; its held appends are refused ``OVER_CAPACITY`` (``evicted``
hands them to the adapter). So early appends that nobody follows up, however many, cannot lock new
runs out: a run starts at seqno 0 and is delivered at once.

``done(request_id, seqno, now)`` ends the delivery of ``next``: ``next += 1``. If ``ready`` holds the new
``next``, that append becomes processing and is returned; the caller delivers it and calls ``done``
again. This hands over one append at a time, so deliveries stay strictly sequential and a failure is
charged to exactly one append. The caller calls ``done`` whether the delivery worked or failed, so the
sequence always moves on.

``expire(now)`` does three jobs:

* a sequence whose start deadline has come, with seqno 1 held and no seqno 0 seen, starts at 1: seqno 1
  becomes processing and is returned as `Released` (deliver it, then call ``done``);
* a held append whose deadline has come (``now >= arrival + hold_timeout``) is removed and reported as
  `Expired` with ``GAP_NEVER_FILLED``. ``next`` does *not* move: a gap is never skipped, because skipping
  it would hand the stream messages out of order. The missing seqno can still arrive later and is then
  delivered as usual. Appends held behind the same gap keep their own deadlines;
* an idle state is dropped once ``now >= last_activity + idle_timeout``. A processing state is never
  dropped, and neither is a state that still holds appends.

``next_deadline()`` is the earliest moment at which ``expire`` will have something to do, so an adapter
can sleep until then. All timestamps come from the caller (seconds on any monotonic clock), and every
deadline is inclusive.

Cost: deadlines live in three heaps (held appends, start deadlines, idle states) with lazy deletion: an
entry is checked against the state when it reaches the top and dropped if stale, and a heap is rebuilt
when stale entries outnumber live ones. ``offer``, ``done`` and ``next_deadline`` cost O(log n);
``expire`` O(k log n) for k due entries.
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
    "DEFAULT_START_GRACE",
    "MAX_REQUEST_ID_BYTES",
    "RETRY_WINDOW",
    "AppendPosition",
    "AppendSequencer",
    "Decision",
    "Deliver",
    "Duplicate",
    "Expired",
    "Hold",
    "Reject",
    "Rejection",
    "RejectionKind",
    "Released",
    "SequenceSnapshot",
    "SequencingError",
    "request_id_problem",
]

T = TypeVar("T")

DEFAULT_HOLD_TIMEOUT = 30.0
"""Seconds an early append waits for its predecessors (peers hold an early append up to 30 s)."""
DEFAULT_IDLE_TIMEOUT = 600.0
"""Seconds an idle state is kept (the reference system's ``appendSequenceRetention``)."""
DEFAULT_START_GRACE = 2.0
"""Seconds a seqno 1 that came first waits for a seqno 0 before the sequence is taken to start at 1.
Concurrent sends arrive milliseconds apart; only a 1-based sender (an older client) pays this, once
per request."""
DEFAULT_MAX_HELD = 256
"""Early appends held per request_id before further early ones are rejected."""
DEFAULT_MAX_REQUESTS = 4096
"""request_ids whose sequence is tracked at once."""
DEFAULT_MAX_HELD_BYTES = 64 * 1024 * 1024
"""Bytes of early appends held across all request_ids."""
MAX_REQUEST_ID_BYTES = 128
"""Longest request_id accepted, in UTF-8 bytes. The editor's are UUIDs (36); every path that takes a
request id applies it (`request_id_problem`)."""
RETRY_WINDOW = 64
"""Delivered seqnos whose fingerprints are kept, to tell a retry from a conflicting upload: twice the
editor's 32 appends in flight."""


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
    """The append arrived early and ``max_held`` early appends (or ``max_held_bytes``) are already held."""
    GAP_NEVER_FILLED = "gap_never_filled"
    """The append was held ``hold_timeout`` seconds and its predecessor never arrived."""
    INVALID_REQUEST_ID = "invalid_request_id"
    """The request_id is longer than ``max_request_id_bytes``."""
    TOO_MANY_REQUESTS = "too_many_requests"
    """``max_requests`` request_ids are tracked and none of them is idle."""
    CONFLICTING_RETRY = "conflicting_retry"
    """The seqno was already taken by an upload with other bytes: not a retry of it."""


@attrs.frozen
class Rejection:
    kind: RejectionKind
    message: str


@attrs.frozen
class AppendPosition:
    """Where a request's sequence stands: what an adapter persists with the stream, and ``resume``\\s from.

    ``first_fingerprint`` identifies the upload delivered at ``start`` (None: unknown), for row 3."""

    start: int = attrs.field(validator=attrs.validators.in_((0, 1)))
    next: int = attrs.field(validator=attrs.validators.ge(0))
    first_fingerprint: bytes | None = None

    def __attrs_post_init__(self) -> None:
        if self.next < self.start:
            raise ValueError(f"an AppendPosition cannot be before its start: next={self.next}, start={self.start}")


@attrs.frozen
class Deliver:
    """Hand the item over now.

    ``sequenced`` is False for the bypass (append_seqno < 0). Then no state was touched and no ``done``
    is owed. ``restarted`` is True when this upload restarted an idle sequence (table row 3). ``late`` is
    True for a seqno 0 that came after its sequence started at 1 (row 7): deliver it beside whatever is
    being delivered; no ``done`` is owed.
    """

    sequenced: bool = True
    restarted: bool = False
    late: bool = False


@attrs.frozen
class Duplicate:
    """Already seen: do not deliver it, but still ACK it. ``next_expected`` is for logs (None: the start
    of the sequence is not known yet)."""

    next_expected: int | None


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
class Released(Generic[T]):
    """A held seqno 1 whose sequence was taken to start at 1 (by ``expire``): it is processing now;
    deliver it, then call ``done``."""

    request_id: str
    seqno: int
    item: T


@attrs.frozen
class SequenceSnapshot:
    """A read-only view of one request_id's state, for logs and tests."""

    start: int | None
    next: int
    processing: bool
    held: tuple[int, ...]
    last_activity: float


@attrs.define
class _Held(Generic[T]):
    item: T
    deadline: float
    size: int = 0
    fingerprint: bytes | None = None


@attrs.define
class _Sequence(Generic[T]):
    last_activity: float
    start: int | None = None
    next: int = 0
    processing: bool = False
    ready: dict[int, _Held[T]] = attrs.Factory(dict)
    #: fingerprints of the last `RETRY_WINDOW` uploads delivered, and of the one processing (None: unknown)
    delivered: dict[int, bytes | None] = attrs.Factory(dict)
    #: the fingerprint of the upload delivered at `start` (None: unknown), for row 3
    first: bytes | None = None
    #: while `start` is unknown and seqno 1 is held: when it is taken for a 1-based sender's first
    start_deadline: float | None = None

    @property
    def idle(self) -> bool:
        return self.start is not None and not self.processing and not self.ready

    def seen(self, seqno: int) -> tuple[bool, bytes | None]:
        """Whether ``seqno`` was delivered, is processing or is held; and the fingerprint it came with."""
        held = self.ready.get(seqno)
        if held is not None:
            return True, held.fingerprint
        if self.start is not None and self.start <= seqno <= self.next and (seqno < self.next or self.processing):
            return True, self.delivered.get(seqno, self.first if seqno == self.start else None)
        return False, None

    def take(self, seqno: int, fingerprint: bytes | None) -> None:
        """``seqno`` (== next) starts processing."""
        self.processing = True
        self.delivered[seqno] = fingerprint
        self.delivered.pop(seqno - RETRY_WINDOW, None)
        if seqno == self.start:
            self.first = fingerprint


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
    start_grace: float = attrs.field(default=DEFAULT_START_GRACE, validator=_positive)
    _states: dict[str, _Sequence[T]] = attrs.field(init=False, factory=dict)
    #: (deadline, tiebreak, request_id, seqno) of held appends; stale entries are skipped
    _holds: list[tuple[float, int, str, int]] = attrs.field(init=False, factory=list)
    #: (start deadline, tiebreak, request_id) of sequences whose start is not known; stale entries skipped
    _starts: list[tuple[float, int, str]] = attrs.field(init=False, factory=list)
    #: (last_activity + idle_timeout, tiebreak, request_id) of idle states; stale entries are skipped
    _idles: list[tuple[float, int, str]] = attrs.field(init=False, factory=list)
    _tiebreak: Iterator[int] = attrs.field(init=False, factory=itertools.count)
    _held_count: int = attrs.field(init=False, default=0)
    _held_bytes: int = attrs.field(init=False, default=0)
    _evicted: list[Expired[T]] = attrs.field(init=False, factory=list)

    # -- inputs ---------------------------------------------------------------------------------------

    def offer(
        self, request_id: str, seqno: int, item: T, now: float, *, size: int = 0, fingerprint: bytes | None = None
    ) -> Decision:
        """Classify an arriving append (table rows 0-10). ``item`` is stored only when the answer is Hold.

        ``size`` is what holding ``item`` costs (its bytes), counted against ``max_held_bytes``;
        ``fingerprint`` identifies the upload's bytes, to tell a retry from a conflicting upload.
        """
        problem = request_id_problem(request_id, self.max_request_id_bytes)
        if problem is not None:
            return Reject(Rejection(RejectionKind.INVALID_REQUEST_ID, problem))
        if seqno < 0:
            return Deliver(sequenced=False)
        state = self._states.get(request_id)
        if state is not None and state.idle and now >= self._idle_deadline(state):
            state = None
        if state is None:
            full = request_id not in self._states and len(self._states) >= self.max_requests
            if full and not (self._forget_least_recent_idle() or self._evict_least_recent_unstarted(now)):
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
        start = state.start
        seen, seen_fingerprint = state.seen(seqno)
        known_and_different = None not in (fingerprint, seen_fingerprint) and fingerprint != seen_fingerprint
        if seqno == start and state.next > start and state.idle and known_and_different:
            state.next = seqno
            state.delivered.clear()
            state.take(seqno, fingerprint)
            return Deliver(restarted=True)
        if seen and known_and_different:
            return Reject(
                Rejection(
                    RejectionKind.CONFLICTING_RETRY,
                    f"append_seqno {seqno} for request {request_id} was already taken by an upload with "
                    "other bytes; a retry must repeat the same upload",
                )
            )
        if seen:
            return Duplicate(next_expected=state.next if start is not None else None)
        if start is None and seqno == 0:
            state.start = state.next = 0
            state.start_deadline = None
            state.take(0, fingerprint)
            return Deliver()
        if start == 1 and seqno == 0:
            state.start = 0  # the sender numbers from 0 after all: this seqno 0 is delivered, late
            state.delivered[0] = state.first = fingerprint
            return Deliver(late=True)
        if start is not None and seqno == state.next:
            state.take(seqno, fingerprint)
            return Deliver()
        waiting_for = state.next if start is not None else 0
        if len(state.ready) >= self.max_held:
            return Reject(
                Rejection(
                    RejectionKind.OVER_CAPACITY,
                    f"append_seqno {seqno} for request {request_id} rejected: {len(state.ready)} early "
                    f"appends are already held waiting for seqno {waiting_for} "
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
        state.ready[seqno] = _Held(item, deadline, size, fingerprint)
        self._held_count += 1
        self._held_bytes += size
        heapq.heappush(self._holds, (deadline, next(self._tiebreak), request_id, seqno))
        if start is None and seqno == 1 and state.start_deadline is None:
            state.start_deadline = now + self.start_grace
            heapq.heappush(self._starts, (state.start_deadline, next(self._tiebreak), request_id))
        self._compact()
        return Hold(waiting_for=waiting_for, deadline=deadline)

    def resume(self, request_id: str, position: AppendPosition, now: float) -> bool:
        """Take up a request_id's sequence at ``position``, if it has no state (its state was dropped while
        idle, or lost with a restart, while its stream lives on). Returns whether it did. A full table makes
        room as row 2b does for a new request, so sequences that have delivered nothing (a flood of seqno 1
        waiting out its start grace) cannot keep a living stream's sequence out."""
        if request_id in self._states:
            return False
        if request_id_problem(request_id, self.max_request_id_bytes) is not None:
            return False
        full = len(self._states) >= self.max_requests
        if full and not (self._forget_least_recent_idle() or self._evict_least_recent_unstarted(now)):
            return False
        state = _Sequence[T](last_activity=now, start=position.start, next=position.next)
        if position.first_fingerprint is not None:
            state.first = position.first_fingerprint
            state.delivered[position.start] = position.first_fingerprint
        self._states[request_id] = state
        self._push_idle(request_id, state)
        return True

    def withdraw(self, request_id: str, seqno: int) -> bool:
        """Take back a held append whose sender left, if its sequence has delivered nothing yet (its start
        is unknown). Returns whether it was taken back; a state left with nothing is forgotten."""
        state = self._states.get(request_id)
        if state is None or state.start is not None:
            return False
        held = state.ready.pop(seqno, None)
        if held is None:
            return False
        self._release(held)
        if seqno == 1:
            state.start_deadline = None
        if not state.ready:
            del self._states[request_id]
        return True

    def done(self, request_id: str, seqno: int, now: float) -> T | None:
        """The delivery of ``seqno`` is over (it worked or it failed). Returns the next append to deliver.

        A non-None result is already processing: deliver it, then call ``done`` for it. ``seqno < 0``
        (the bypass) is a no-op. Raises `SequencingError` if ``seqno`` is not the processing append.
        """
        if seqno < 0:
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
        state.take(state.next, held.fingerprint)
        return held.item

    def expire(self, now: float) -> list[Expired[T] | Released[T]]:
        """Start the sequences whose start deadline has come, remove held appends whose hold deadline has
        come, and drop idle states whose time is up.

        Returns the released appends first, then the removed ones ordered by request_id (oldest state
        first), then seqno.
        """
        released: list[Expired[T] | Released[T]] = []
        while self._starts and self._starts[0][0] <= now:
            deadline, _, request_id = heapq.heappop(self._starts)
            state = self._states.get(request_id)
            if state is None or state.start is not None or state.start_deadline != deadline:
                continue  # stale: started at 0, or withdrawn
            state.start_deadline = None
            held = state.ready.pop(1, None)
            if held is None:
                continue
            self._release(held)
            state.start = state.next = 1
            state.take(1, held.fingerprint)
            released.append(Released(request_id, 1, held.item))
        expired: list[Expired[T]] = []
        while self._holds and self._holds[0][0] <= now:
            deadline, _, request_id, seqno = heapq.heappop(self._holds)
            state = self._states.get(request_id)
            held = state.ready.get(seqno) if state is not None else None
            if state is None or held is None or held.deadline != deadline:
                continue  # stale: delivered, or the state was replaced
            del state.ready[seqno]
            self._release(held)
            waiting_for = state.next if state.start is not None else 0
            message = (
                f"append_seqno {seqno} for request {request_id} waited {self.hold_timeout:g} s "
                f"for seqno {waiting_for}, which never arrived"
            )
            expired.append(Expired(request_id, seqno, held.item, Rejection(RejectionKind.GAP_NEVER_FILLED, message)))
            if state.start is None and not state.ready:
                del self._states[request_id]  # nothing was ever delivered: nothing to remember
            elif state.idle:
                self._push_idle(request_id, state)
        order = {request_id: index for index, request_id in enumerate(self._states)}
        expired.sort(key=lambda e: (order.get(e.request_id, -1), e.seqno))
        released.extend(expired)
        while self._idles and self._idles[0][0] <= now:
            deadline, _, request_id = heapq.heappop(self._idles)
            if self._idle_entry_is_live(deadline, request_id):
                del self._states[request_id]
        return released

    def evicted(self) -> list[Expired[T]]:
        """The held appends of sequences evicted to make room (row 2b) since the last call: answer them."""
        evicted, self._evicted = self._evicted, []
        return evicted

    def clear(self) -> list[T]:
        """Forget every state (shutdown). Returns the held items, so that their senders can be answered."""
        items = [held.item for state in self._states.values() for _, held in sorted(state.ready.items())]
        self._states.clear()
        self._holds.clear()
        self._starts.clear()
        self._idles.clear()
        self._held_count = self._held_bytes = 0
        return items

    # -- queries --------------------------------------------------------------------------------------

    def next_deadline(self) -> float | None:
        """The earliest time at which ``expire`` will do something, or None if nothing is pending."""
        while self._holds and not self._hold_entry_is_live(*self._holds[0]):
            heapq.heappop(self._holds)
        while self._starts and not self._start_entry_is_live(*self._starts[0]):
            heapq.heappop(self._starts)
        while self._idles and not self._idle_entry_is_live(self._idles[0][0], self._idles[0][2]):
            heapq.heappop(self._idles)
        deadlines = [heap[0][0] for heap in (self._holds, self._starts, self._idles) if heap]
        return min(deadlines, default=None)

    @property
    def held_bytes(self) -> int:
        """Bytes of early appends held now, over all request_ids (as reported to ``offer``)."""
        return self._held_bytes

    def position(self, request_id: str, seqno: int | None = None) -> AppendPosition | None:
        """Where the sequence of ``request_id`` stands, to persist (None: no state, or its start is not
        known). Counts the processing append as delivered: call it after that delivery. Given the
        ``seqno`` being delivered, counts it only if it is the processing one (a late seqno 0 is not: the
        append processing beside it is not delivered yet)."""
        state = self._states.get(request_id)
        if state is None or state.start is None:
            return None
        counted = state.processing and seqno in (None, state.next)
        next_seqno = state.next + 1 if counted else state.next
        return AppendPosition(state.start, next_seqno, state.first)

    def snapshot(self, request_id: str) -> SequenceSnapshot | None:
        state = self._states.get(request_id)
        if state is None:
            return None
        return SequenceSnapshot(
            start=state.start,
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

    def _start_entry_is_live(self, deadline: float, _tiebreak: int, request_id: str) -> bool:
        state = self._states.get(request_id)
        return state is not None and state.start is None and state.start_deadline == deadline

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

    def _evict_least_recent_unstarted(self, now: float) -> bool:
        """Drop the sequence that has delivered nothing and was active longest ago (row 2b), keeping its held
        appends for `evicted`. False if every state has started."""
        unstarted = [(state.last_activity, rid) for rid, state in self._states.items() if state.start is None]
        if not unstarted:
            return False
        _, request_id = min(unstarted)
        state = self._states.pop(request_id)
        message = (
            f"request {request_id}: its early appends were dropped to make room for a new request "
            f"({self.max_requests} requests had appends in flight, the limit)"
        )
        for seqno, held in sorted(state.ready.items()):
            self._release(held)
            self._evicted.append(Expired(request_id, seqno, held.item, Rejection(RejectionKind.OVER_CAPACITY, message)))
        return True

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
        if len(self._starts) > 2 * len(self._states) + 64:
            self._starts = [
                (state.start_deadline, next(self._tiebreak), request_id)
                for request_id, state in self._states.items()
                if state.start is None and state.start_deadline is not None
            ]
            heapq.heapify(self._starts)
