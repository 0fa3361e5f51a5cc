"""ActiveStream: the single actor that owns one request_id.

Theory of operation: everything that changes a stream (Bidi uploads, events posted by its own provider
and bridge tasks, timers) is serialised through one mailbox (a bounded `Mailbox`: a trio memory channel's
behaviour, lighter), and handled one at a time by `_actor_loop`. What the stream says goes into its
`Backlog`; RunSSE connections read that backlog through `subscribe`. An item the behaviour can take without
waiting (a provider's delta) is taken in the task that has it instead, but only while the actor waits for an
empty mailbox (`take_now`): it is then the item the actor would take next, and its step runs without a
checkpoint, so one input at a time and the mailbox's order hold, with no task hop and no scheduler batch of
the actor's.

Timers are one cancel scope around the mailbox receive, whose deadline is derived from the state every
time round the loop and moved in place when the subscriber count changes. A stream with no timer due (it
runs, read by a RunSSE: the common case) waits without a scope, which would hold about 0.7 KB for
nothing; a change that gives it a deadline then wakes the loop with `_RESCHEDULE`, and the loop takes the
deadline up on its next round:

- an open stream with no subscriber is canceled `reconnect_grace` after the last one left (or after it
  was created, if none ever came);
- a placeholder (made by an early RunSSE) whose run_request does not come ends `not_found` after
  `startup_timeout` (30 s, counted from its creation: heartbeats and other uploads never reach a
  placeholder, so nothing extends it), and an editor is never left "reconnecting" on a request nobody
  will run; once its last RunSSE leaves it ends and retires at once (it has said nothing anyone could
  come back for, and a flood of abandoned RunSSE calls must not hold the broker's room);
- an ended stream with no subscriber is kept `terminal_retention` for late reconnects, then retired.

The behaviour (the agent turn, `cursord.agent`) runs its long work as tasks beside the actor loop, in the
broker's nursery that runs the actor, each under a cancel scope of its own that is canceled when the stream
ends (and when the actor stops); the actor loop itself lives until retirement. (Not a nursery of the
stream's own: an idle stream would keep it, its cancel scope and their sets alive for nothing, about
1.3 KB, or with a task to hold it open, 1.5 KB more.) Nothing a stream does may fail the nursery above it
(the broker's, which holds every other stream): an exception out of a behaviour step or a work task is our
bug, logged with its traceback, and ends this stream `internal`.

The stream's `phase` is not kept here: while the stream runs it is what its behaviour says it is doing
(the agent turn derives it from its state), and once it has ended, how it ended. The behaviour calls
`refresh_phase` after its state changed, and observers hear "phase" when the phase differs from the
one they heard last.

An upload is handled when the actor has taken it from the mailbox and its behaviour is done with it (a
run_request or prewarm_request as soon as it is taken: a crash while the run prepares ends the stream
anyway): `deliver` returns an event set then, and a BidiAppend is ACKed only after it. Every upload goes
through the mailbox, the editor's answers to what the behaviour asked included. The upload's append position
becomes `handled_position` at that moment and observers hear "handled" (the journal records it), so what
a restarted daemon takes for delivered is what the turn had taken: an upload that was only in the
mailbox was never ACKed, and the editor sends it again.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Awaitable, Callable
from typing import Any

import attrs
import trio
from google.protobuf.message import Message

from cursord.connect import Code, ConnectError, encode_envelope
from cursord.core import AppendPosition, Phase, PrewarmRequested, RunRequested
from cursord.streams.backlog import Backlog, StreamEnding
from cursord.streams.mailbox import Mailbox
from cursord.streams.subscribers import Subscriber, SubscriberSet

log = logging.getLogger(__name__)

MAILBOX_SIZE = 64
#: a mailbox item that only wakes the actor loop, to look at its timer again
_RESCHEDULE = object()


@attrs.frozen
class StreamTimings:
    heartbeat: float = 5.0
    reconnect_grace: float = 30.0
    terminal_retention: float = 30.0
    #: how long a stream opened by a RunSSE waits for its run_request
    startup_timeout: float = 30.0
    max_backlog_frames: int = 100_000


class StreamBehaviour:
    """What a stream does with its inputs (the agent turn is one): every method the actor may call.

    Subclasses implement `handle` and `cancel`; `after_end` has a no-op default, and `phase` is IDLE
    unless the behaviour says otherwise."""

    @property
    def phase(self) -> Phase:
        """What the stream is doing while it runs (the stream's ending decides its phase after that)."""
        return Phase.IDLE

    async def handle(self, item: object) -> None:
        """Handle one mailbox item: an inbound intent from Bidi, or an event one of its tasks posted."""
        raise NotImplementedError

    async def cancel(self, error: ConnectError) -> None:
        """Stop all work (abort pending execs, cancel provider passes) and end the stream with `error`."""
        raise NotImplementedError

    async def after_end(self, item: object) -> None:
        """A mailbox item that arrived after the stream ended (late answers to blob stores)."""

    def take_now(self, item: object) -> bool:
        """Take `item` at once, without waiting for anything, if it is of a kind this behaviour can; False
        (the default): it goes through the mailbox (`ActiveStream.take_now`)."""
        return False


BehaviourFactory = Callable[["ActiveStream"], StreamBehaviour]


@attrs.define(eq=False)
class _Upload:
    """A mailbox item from an upload: the intent, where its BidiAppend sequence then stands, and the event
    set once the actor has handled it. No intent: a marker (`ActiveStream.handled_so_far`)."""

    intent: object
    position: AppendPosition | None
    handled: trio.Event = attrs.field(factory=trio.Event)


@attrs.define(eq=False)
class ActiveStream:
    request_id: str
    timings: StreamTimings
    behaviour_factory: BehaviourFactory
    created_at: float = attrs.field(factory=trio.current_time)
    conversation_id: str | None = None
    model_id: str | None = None
    #: a run_request (or prewarm_request) has opened the run: only those are delivered to a placeholder
    has_upload: bool = False
    #: opened by a RunSSE, before any upload: a placeholder while `has_upload` is False.
    opened_by_reader: bool = False
    #: where the request's BidiAppend sequence stood after the last upload delivered here (None: none
    #: came by BidiAppend), so a sequence dropped while idle is taken up where it was
    append_position: AppendPosition | None = None
    #: the same, after the last upload the actor has handled: what the journal keeps for a restart
    handled_position: AppendPosition | None = None
    #: the same, once the upload the actor is handling now is (None: it is not handling a BidiAppend's)
    taking: AppendPosition | None = None
    backlog: Backlog = attrs.field(init=False)
    subscribers: SubscriberSet = attrs.field(factory=SubscriberSet)
    retired: bool = False
    #: when the subscriber count last dropped to zero (or creation time, before any subscriber).
    _alone_since: float = attrs.field(init=False)
    #: the phase observers last heard of
    _told_phase: Phase = Phase.IDLE
    _ended_at: float | None = None
    _had_subscriber: bool = False
    _timer_scope: trio.CancelScope | None = None
    #: the actor loop is waiting for its mailbox with no timer (none was due)
    _waiting_untimed: bool = False
    #: where work tasks run, the actor's nursery (None: the actor has not started, or has retired)
    _nursery: trio.Nursery | None = None
    #: the cancel scope of each work task that has not finished: canceled when the stream ends (a list: one or
    #: two at a time, and a set weighs 0.2 KB even when empty)
    _work: list[trio.CancelScope] = attrs.field(factory=list)
    _mailbox: Mailbox[object] = attrs.field(init=False)
    behaviour: StreamBehaviour = attrs.field(init=False)
    on_change: Callable[[ActiveStream, str], None] | None = None
    #: told of every published payload, after it is in the backlog (the journal, the tap).
    on_publish: Callable[[ActiveStream, bytes], None] | None = None

    def __attrs_post_init__(self) -> None:
        self.backlog = Backlog(max_frames=self.timings.max_backlog_frames)
        self._alone_since = self.created_at
        self._mailbox = Mailbox[object](MAILBOX_SIZE)
        self.behaviour = self.behaviour_factory(self)

    # ---- state ------------------------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.backlog.is_closed

    @property
    def phase(self) -> Phase:
        """How the stream ended, or (while it runs) what its behaviour says it is doing."""
        ending = self.backlog.ending
        return ending.phase if ending is not None else self.behaviour.phase

    def timer_deadline(self) -> float:
        """When the next timer fires, derived from the current state (inf: no timer)."""
        if self.subscribers:
            if self.has_upload or self.is_terminal:
                return math.inf
            return self.created_at + self.timings.startup_timeout
        if self.is_abandoned_placeholder:
            return self._alone_since
        if self.is_terminal:
            assert self._ended_at is not None
            if self.is_placeholder and self._had_subscriber:
                return self._ended_at  # an ended placeholder nobody reads: nothing to keep
            return max(self._ended_at, self._alone_since) + self.timings.terminal_retention
        return self._alone_since + self.timings.reconnect_grace

    @property
    def is_placeholder(self) -> bool:
        return self.opened_by_reader and not self.has_upload

    @property
    def is_abandoned_placeholder(self) -> bool:
        """No upload ever came, and every RunSSE that waited for one has gone."""
        return self.is_placeholder and not self.is_terminal and self._had_subscriber and not self.subscribers

    def _reschedule(self) -> None:
        if self._timer_scope is not None:
            self._timer_scope.deadline = self.timer_deadline()
        elif self._waiting_untimed and self.timer_deadline() != math.inf:
            self._waiting_untimed = False
            # A full mailbox wakes the loop anyway; a closed one belongs to a retired stream.
            with contextlib.suppress(trio.WouldBlock, trio.BrokenResourceError):
                self._mailbox.send_nowait(_RESCHEDULE)

    def _notify(self, what: str) -> None:
        if self.on_change is not None:
            self.on_change(self, what)

    # ---- what the behaviour calls -----------------------------------------------------------------

    def refresh_phase(self) -> None:
        """The behaviour's state changed: tell observers if the stream's phase did too."""
        phase = self.phase
        if phase is not self._told_phase:
            self._told_phase = phase
            self._notify("phase")

    @property
    def frames_published(self) -> int:
        return len(self.backlog.frames)

    def publish(self, message: Message) -> None:
        """Append one AgentServerMessage to the backlog and wake every subscriber."""
        self.publish_payload(message.SerializeToString())

    def publish_payload(self, payload: bytes) -> None:
        if self.backlog.is_full:
            self.end(
                ConnectError(
                    Code.RESOURCE_EXHAUSTED,
                    f"stream {self.request_id} published {self.backlog.max_frames} messages, the most one "
                    "stream may hold; the run was stopped",
                )
            )
            return
        self.backlog.append(encode_envelope(payload))
        self.subscribers.wake_all()
        if self.on_publish is not None:
            self.on_publish(self, payload)

    def hold_delivery(self) -> None:
        """Publish, but show subscribers nothing new until `release_delivery` (a frame that asks the editor
        to act goes out only once the turn's snapshot that expects its answer is on disk)."""
        self.backlog.hold()

    def release_delivery(self) -> None:
        self.backlog.release()
        self.subscribers.wake_all()

    def end(self, error: ConnectError | None) -> None:
        """End the stream (first ending wins): subscribers finish, its work tasks are canceled."""
        ending = StreamEnding(error)
        if not self.backlog.close(ending):
            return
        self.refresh_phase()
        self._ended_at = trio.current_time()
        self.subscribers.wake_all()
        for scope in self._work:
            scope.cancel()
        self._reschedule()
        self._notify("ended")
        if error is not None and error.code is not Code.CANCELED:
            log.info("stream %s ended: %s: %s", self.request_id, error.code.value, error.message)
        else:
            log.debug("stream %s ended %s", self.request_id, ending.phase.value)

    def start_task(self, fn: Callable[..., Awaitable[Any]], *args: Any, name: str | None = None) -> None:
        """Run `fn` beside the actor; it is canceled when the stream ends, and an exception out of it ends the
        stream `internal` (never the nursery)."""
        if self._nursery is None or self.is_terminal:
            raise RuntimeError(f"stream {self.request_id} is not running tasks")
        scope = trio.CancelScope()  # registered now: an end before the task's first step cancels it too
        self._work.append(scope)
        self._nursery.start_soon(self._guarded_task, scope, fn, args, name=name or getattr(fn, "__qualname__", None))

    async def _guarded_task(
        self, scope: trio.CancelScope, fn: Callable[..., Awaitable[Any]], args: tuple[Any, ...]
    ) -> None:
        """One work task: `fn(*args)` under `scope`, guarded as `_guarded` guards a step (one frame, not
        three, on the stack of every task an idle stream keeps)."""
        try:
            with scope:
                await fn(*args)
        except Exception as exc:
            self._failed(exc)
        finally:
            self._work.remove(scope)

    def take_now(self, item: object) -> bool:
        """Take `item` at once, in the caller's task, if the actor waits for its mailbox (so it is between
        inputs and nothing is queued or on its way to it) and the behaviour can take this one without
        waiting (`StreamBehaviour.take_now`); False: `post` it. One input at a time holds: the step runs
        without a checkpoint, where the actor would have taken the item next. A provider's delta then
        costs no task hop and no scheduler batch of the actor's."""
        # The actor parked in its mailbox's receive: between two inputs, the mailbox empty, no item handed to
        # it and not yet taken (a send to a parked receiver unparks it at once).
        if self.is_terminal or not self._mailbox.receiver_waits:
            return False
        try:
            return self.behaviour.take_now(item)
        except Exception as exc:  # as `_guarded`
            self._failed(exc)
            return True

    async def post(self, item: object) -> None:
        """Put an item in the mailbox (from the stream's own tasks, or from the Bidi handler).

        Without a scheduler pass while there is room: a provider chunk of many deltas then reaches the
        actor as one burst, which it takes in one go (`_actor_loop`). A full mailbox still blocks.
        """
        try:
            self._mailbox.send_nowait(item)
        except trio.WouldBlock:
            await self._mailbox.send(item)

    # ---- what RunSSE and the broker call ----------------------------------------------------------

    def attach(self) -> Subscriber:
        subscriber = Subscriber()
        self.subscribers.add(subscriber)
        self._had_subscriber = True
        self._reschedule()
        self._notify("subscribers")
        return subscriber

    def detach(self, subscriber: Subscriber) -> None:
        self.subscribers.discard(subscriber)
        if not self.subscribers:
            self._alone_since = trio.current_time()
        self._reschedule()
        self._notify("subscribers")

    async def deliver(self, intent: object, position: AppendPosition | None = None) -> trio.Event:
        """Hand one upload to the actor (already in order). Returns an event set once it is handled;
        `position` (a BidiAppend's) becomes `handled_position` then."""
        if not self.has_upload:
            self.has_upload = True
            self._notify("uploaded")
        self._reschedule()
        upload = _Upload(intent, position)
        await self.post(upload)
        return upload.handled

    async def handled_so_far(self) -> trio.Event:
        """An event set once the actor has handled every upload delivered before this call (what a retried
        upload's ACK waits for: its first copy is among them)."""
        marker = _Upload(None, None)
        try:
            if not self.retired:
                await self.post(marker)
                return marker.handled
        except trio.BrokenResourceError:
            pass  # it retired meanwhile: nothing is left to handle
        marker.handled.set()
        return marker.handled

    def _handled(self, upload: _Upload) -> None:
        if upload.position is not None:
            self.handled_position = upload.position
            self._notify("handled")
        upload.handled.set()

    def preload(self, payloads: list[bytes], ending: StreamEnding | None) -> None:
        """Fill a new stream's backlog from its journal (after a restart), and its ending if it had one."""
        for payload in payloads:
            self.backlog.append(encode_envelope(payload))
        self.has_upload = True
        if ending is not None:
            self.backlog.close(ending)
            self._told_phase = ending.phase  # a stream that ended before the restart is born ended
            self._ended_at = trio.current_time()

    # ---- the actor --------------------------------------------------------------------------------

    async def run(self, nursery: trio.Nursery) -> None:
        """The actor: lives until the stream is ended and retired. Runs in `nursery` (the broker's), where its
        work tasks run too; any still there when it stops are canceled."""
        self._nursery = nursery
        try:
            await self._actor_loop()
        finally:
            self._nursery = None
            for scope in self._work:
                scope.cancel()
            self.retired = True
            while True:  # uploads never taken: nothing will handle them, so nobody waits for that
                try:
                    item = self._mailbox.receive_nowait()
                except (trio.WouldBlock, trio.ClosedResourceError):
                    break
                if isinstance(item, _Upload):
                    item.handled.set()
            self._mailbox.close()
            self._notify("retired")

    async def _actor_loop(self) -> None:
        while True:
            deadline = self.timer_deadline()
            if deadline == math.inf:
                self._waiting_untimed = True
                try:
                    item = await self._mailbox.receive()
                finally:
                    self._waiting_untimed = False
                fired = False
            else:
                with trio.CancelScope(deadline=deadline) as timer:
                    self._timer_scope = timer
                    item = await self._mailbox.receive()
                self._timer_scope = None
                fired = timer.cancelled_caught
            if fired:
                if self.is_terminal:
                    return  # retention over and nobody is reading: retire
                await self._on_timer()
                continue
            await self._take(item)
            # Whatever else is already queued is handled now, without a timer scope per item.
            for _ in range(MAILBOX_SIZE):
                try:
                    item = self._mailbox.receive_nowait()
                except trio.WouldBlock:
                    break
                await self._take(item)

    async def _take(self, item: object) -> None:
        if type(item) is not _Upload:  # what the stream's own tasks post (a provider's deltas): no ACK
            if item is _RESCHEDULE:
                return  # the loop looks at its timer again on its next round
            try:  # as `_guarded`, without a coroutine of its own
                await (self.behaviour.after_end(item) if self.is_terminal else self.behaviour.handle(item))
            except Exception as exc:
                self._failed(exc)
            return
        upload: _Upload | None = item
        assert upload is not None  # (for the type checker: `item` is an upload here)
        if upload.intent is None:  # `handled_so_far`'s marker: every upload before it is handled
            self._handled(upload)
            return
        item = upload.intent
        if isinstance(item, RunRequested | PrewarmRequested):
            # The editor may wait for this ACK before it answers the run's questions; a crash while
            # the run prepares ends the stream anyway.
            self._handled(upload)
            upload = None
        self.taking = upload.position if upload is not None else None
        try:
            if self.is_terminal:
                await self._guarded(self.behaviour.after_end(item))
            else:
                await self._guarded(self.behaviour.handle(item))
        finally:
            self.taking = None
            if upload is not None:
                self._handled(upload)

    async def _on_timer(self) -> None:
        if self.is_abandoned_placeholder:
            # Ended, not just retired, so a RunSSE that finds it in the moment before it goes is told.
            self.end(ConnectError(Code.NOT_FOUND, f"no run_request arrived for request {self.request_id}"))
            return
        if self.subscribers:
            error = ConnectError(
                Code.NOT_FOUND,
                f"no run_request arrived for request {self.request_id} within "
                f"{self.timings.startup_timeout:g} s of its RunSSE; nothing is running under this id",
            )
            self.end(error)
            return
        error = ConnectError(
            Code.CANCELED,
            f"request {self.request_id} had no RunSSE connection for {self.timings.reconnect_grace:g} s; "
            "the run was canceled",
        )
        await self.cancel(error)

    async def cancel(self, error: ConnectError) -> None:
        """Ask the behaviour to stop and end with `error`; the stream is ended even if it does not."""
        await self._guarded(self.behaviour.cancel(error))
        self.end(error)

    async def _guarded(self, step: Awaitable[Any]) -> None:
        """Run one behaviour step or work task; a bug there fails this stream only, never the daemon."""
        try:
            await step
        except Exception as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        """A bug in a behaviour step or a work task (called where it was caught): logged with its traceback,
        and this stream ends `internal`; never the daemon."""
        log.exception("stream %s: internal error", self.request_id, exc_info=exc)
        self.end(ConnectError.internal(exc))
