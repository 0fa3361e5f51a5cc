"""ActionQueue: the one holder of conversation actions that wait for a run, kept in the store.

Theory of operation. An action waits for a run in two cases, and both are ACKed to the editor, which
then never sends them again, so both are in the store before that ACK (`cursord.store.waiting`):

- held for a request id: the editor sends a queued message (or another action that carries something
  for a run) on a new request id before its run_request, when no stream exists yet (the BidiAppend and
  Run handlers hold it), or on a stream a prewarm_request opened, before its run_request (the turn
  holds it). At most `max_per_request` actions per request id (a further one is refused) and
  `max_requests` request ids (the least recently used is forgotten, with a warning); an action whose
  run_request has not come after `max_held_seconds` is dropped (with a warning) when the next is kept.
- queued for a conversation: a message sent while the conversation's turn runs is for its next run. At
  most `max_per_conversation` per conversation (the oldest is dropped, with a warning) and
  `max_conversations` conversations (the least recently used is forgotten, with a warning).

Both kinds share a bound in bytes, so the store cannot fill the disk: one action is at most
`max_action_bytes` and all waiting actions, taken or not, at most `max_bytes`. `check` looks at both before
the upload goes anywhere, so the handler that received it answers `resource_exhausted`; the transaction that
adds a row checks `max_bytes` again, and a row that would pass it there (uploads that raced) is refused
too: raised to the handler before the run_request, logged by a running turn, which has ACKed its upload.

An action that came by BidiAppend names its upload (`origin`: request id and seqno), and is kept once
however often that upload arrives: the editor sends an upload again until it sees its ACK, and a daemon
that died between keeping the action and committing the ACK's append position is sent it again.

Where the append sequence of a request id with no stream yet stands is kept beside what it holds
(`keep_position`, read back by `position`): its uploads were ACKed, so a restart must take the sequence up
there, not wait for seqnos the editor will never send again. A run's `take` drops it (the run's stream
keeps the position from then on).

A run takes what is held for its request id and what is queued for its conversation, in arrival order
(`take`); on a store only this process writes, a run whose request id and conversation hold nothing (by what
an earlier process left, listed once, and what this one added since) takes nothing without the store
(`nothing_for`, which the turn asks before it spends a task on `take`). Taken actions stay in the store until
the run's turn journals its record, which then holds them; if the run ends without one, or the daemon dies
first, they wait again for the next run (`cursord.store.waiting`; a starting daemon gives them back with
`restarted`). Each call is one transaction: a restart keeps either all of a call's effect or none of it.
"""

from __future__ import annotations

import collections
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable, Iterable, Iterator
from contextlib import nullcontext
from typing import Generic, TypeVar

import attrs
from google.protobuf.message import DecodeError

from cursord.connect import Code, ConnectError
from cursord.context import waits_for_run
from cursord.core import ActionRequested, AppendPosition
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import ActionHolder, Store, WaitingOutcome
from cursord.streams.stream_journal import position_to_json, stored_position

log = logging.getLogger(__name__)



K = TypeVar("K", bound=Hashable)


@attrs.define
class StoreListing(Generic[K]):
    """Which keys a store only this process writes may hold: those an earlier process left (`listed`, read
    once by `list_once`; None until then) and those this process added since (`added`)."""

    listed: set[K] | None = None
    added: set[K] = attrs.field(factory=set)
    #: counts the times both were let go: a listing begun before is stale
    forgotten: int = 0

    async def list_once(self, read: Callable[[], Awaitable[Iterable[K]]]) -> None:
        while self.listed is None:
            forgotten = self.forgotten
            listed = set(await read())
            if forgotten == self.forgotten:  # (else what was added meanwhile may be in neither: again)
                self.listed = listed

    def may_hold(self, key: K) -> bool:
        """False only when the store is known to hold nothing for `key` (listed already, and not added)."""
        return self.listed is None or key in self.listed or key in self.added

    def forget(self, keep: Iterable[K] = ()) -> None:
        """Let go of both, all but `keep` (still being added), to be listed again."""
        self.listed, self.forgotten, self.added = None, self.forgotten + 1, set(keep)


@attrs.define
class ActionQueue:
    store: Store
    max_requests: int = 256
    max_per_request: int = 16
    max_conversations: int = 4096
    max_per_conversation: int = 32
    max_action_bytes: int = 1 << 20
    max_bytes: int = 64 << 20
    max_held_seconds: float = 600.0
    #: on a store only this process writes (`Store.exclusive`), the request ids that may have a position
    #: kept: those an earlier process left (listed at the first `position`) and those kept since. Any other
    #: has none, so every new run's first upload reads nothing (see `position`).
    _positions: StoreListing[str] = attrs.field(factory=StoreListing, init=False)
    #: on a store only this process writes, who may have actions in it, taken or not (holder, holder id):
    #: those an earlier process left (listed at the first `take`) and those this process added to since, or
    #: had a run take from (`_adding`: those being added now). A run whose request id and conversation are in
    #: neither, and whose request id has no position kept, takes nothing without asking the store (see `take`).
    _holders: StoreListing[tuple[str, str]] = attrs.field(factory=StoreListing, init=False)
    _adding: collections.Counter[tuple[str, str]] = attrs.field(factory=collections.Counter, init=False)

    @staticmethod
    def holds(action: ActionRequested) -> bool:
        """Whether an action uploaded for a request id with no stream is held for its run_request."""
        return waits_for_run(action.action)

    async def check(self, action: agent.ConversationAction) -> None:
        """Refuse (`resource_exhausted`) an action too big to wait for a run, or one the store has no room
        for now."""
        self._check_size(action)
        if await self.store.waiting_bytes() + action.ByteSize() > self.max_bytes:
            raise self._full(action)

    def _check_size(self, action: agent.ConversationAction) -> None:
        size = action.ByteSize()
        if size > self.max_action_bytes:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"a conversation action of {size} bytes cannot wait for a run: the limit is"
                f" {self.max_action_bytes} bytes",
            )

    def _full(self, action: agent.ConversationAction) -> ConnectError:
        return ConnectError(
            Code.RESOURCE_EXHAUSTED,
            f"conversation actions waiting for a run already fill their {self.max_bytes} bytes in the store;"
            f" this one ({action.ByteSize()} bytes) is refused",
        )

    async def hold(self, request_id: str, action: agent.ConversationAction, origin: str | None = None) -> None:
        """Keep `action` for `request_id`'s run_request; `resource_exhausted` if this request id already holds
        too many, or the action is too big or finds no room."""
        outcome = await self._add(ActionHolder.REQUEST, request_id, action, origin)
        _log_forgotten(outcome, "request", "no run_request came")
        if not outcome.stored:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"request {request_id} already holds {self.max_per_request} conversation actions waiting for a"
                " run_request",
            )

    async def queue(self, conversation_id: str, action: agent.ConversationAction, origin: str | None = None) -> None:
        """Keep `action` for the conversation's next run (its oldest is dropped if it holds too many);
        `resource_exhausted` if the action is too big or finds no room."""
        outcome = await self._add(ActionHolder.CONVERSATION, conversation_id, action, origin)
        if outcome.dropped:
            log.warning(
                "conversation %s: more than %d queued actions; the oldest is dropped",
                conversation_id,
                self.max_per_conversation,
            )
        _log_forgotten(outcome, "conversation", "no run came")

    async def _add(
        self, holder: ActionHolder, holder_id: str, action: agent.ConversationAction, origin: str | None
    ) -> WaitingOutcome:
        """Add one action within every bound; raise if the bytes bound refuses it."""
        self._check_size(action)
        request = holder is ActionHolder.REQUEST
        with self._holding((holder, holder_id)):
            outcome = await self.store.add_waiting_action(
                holder,
                holder_id,
                action.SerializeToString(),
                per_holder=self.max_per_request if request else self.max_per_conversation,
                holders=self.max_requests if request else self.max_conversations,
                drop_oldest=not request,
                max_bytes=self.max_bytes,
                max_age=self.max_held_seconds,
                origin=origin,
            )
        if outcome.expired:
            log.warning("%d conversation action(s) held %d s for a run_request that never came: dropped",
                        outcome.expired, self.max_held_seconds)
        if outcome.over_bytes:
            raise self._full(action)
        return outcome

    async def take(self, request_id: str, conversation_id: str | None) -> list[agent.ConversationAction]:
        """What waits for `request_id`'s run (held for it or queued for its conversation), now the run's."""
        taken: list[agent.ConversationAction] = []
        if not await self._may_wait_for(request_id, conversation_id):
            return taken  # nothing is held, queued or kept for it: the store has nothing to give or drop
        # what it takes is given back to its conversation if the run records no turn (`waiting.take_actions`)
        gives_back = conversation_id is not None
        with self._holding((ActionHolder.CONVERSATION, conversation_id or "")) if gives_back else nullcontext():
            stored = await self.store.take_waiting_actions(request_id, conversation_id)
        for data in stored:
            try:
                taken.append(agent.ConversationAction.FromString(data))
            except DecodeError:
                log.warning("request %s: an unreadable waiting conversation action was dropped", request_id)
        return taken

    async def keep_position(self, request_id: str, position: AppendPosition) -> None:
        """Keep where the sequence of `request_id`, which has no stream, stands after an upload it ACKs
        (for `max_requests` request ids; the least recently written is forgotten)."""
        await self.store.put_waiting_position(request_id, position_to_json(position), keep=self.max_requests)
        self._positions.added.add(request_id)  # once committed: a listing read before then may have missed it
        if len(self._positions.added) > 4 * self.max_requests:  # the store forgets the oldest: list it again
            self._positions.forget()

    async def position(self, request_id: str) -> AppendPosition | None:
        """The position kept for `request_id` while it had no stream (None: none, or unreadable, logged).
        On a store only this process writes, a request id no earlier process left and this one never kept a
        position for (a new run's) is not read."""
        if not await self._may_keep_position(request_id):
            return None
        return stored_position(request_id, await self.store.waiting_position(request_id))

    async def _may_keep_position(self, request_id: str) -> bool:
        """False when the store holds no position for `request_id` (known on a store only this process writes)."""
        if not self.store.exclusive:
            return True
        await self._positions.list_once(self.store.waiting_position_ids)
        return self._positions.may_hold(request_id)

    async def _may_wait_for(self, request_id: str, conversation_id: str | None) -> bool:
        """False when the store holds nothing a run of `request_id` in `conversation_id` would take or drop:
        no action for either, no position for the request id (known on a store only this process writes)."""
        if not self.store.exclusive:
            return True
        await self._holders.list_once(self.store.waiting_holders)
        await self._positions.list_once(self.store.waiting_position_ids)
        return not self.nothing_for(request_id, conversation_id)

    def nothing_for(self, request_id: str, conversation_id: str | None) -> bool:
        """True when it is known without reading the store that `take` finds nothing for a run of `request_id`
        in `conversation_id`, and has no position to drop (a store only this process writes, listed already)."""
        if not self.store.exclusive:
            return False
        for key in ((ActionHolder.REQUEST, request_id), (ActionHolder.CONVERSATION, conversation_id or "")):
            if self._holders.may_hold(key):
                return False
        return not self._positions.may_hold(request_id)

    @contextlib.contextmanager
    def _holding(self, key: tuple[str, str]) -> Iterator[None]:
        """Around a write that may leave actions for `key` in the store: `key` is among the holders before the
        write is queued, and stays (`take` cannot tell what a write left). Past 4 x the holders the store
        keeps, what this process added is let go and listed again, all but the writes still under way."""
        self._adding[key] += 1
        self._holders.added.add(key)
        try:
            yield
        finally:
            self._adding[key] -= 1
            if not self._adding[key]:
                del self._adding[key]
            if len(self._holders.added) > 4 * (self.max_requests + self.max_conversations):
                self._holders.forget(keep=self._adding)

    async def restarted(self) -> None:
        """The daemon starts: what runs of the process before took and never recorded waits again."""
        given_back = await self.store.release_waiting_actions()
        if given_back:
            log.info("%d conversation action(s) taken by runs that died with the last process wait again",
                     given_back)


def upload_origin(request_id: str, position: AppendPosition | None) -> str | None:
    """The origin of an action a BidiAppend brought, from the sequence's position once it is delivered
    (None: it came another way, with no retries to tell apart): the request id, the sequence's first
    upload (an editor that reuses a request id numbers a new run's appends from 0 again) and the seqno."""
    if position is None:
        return None
    first = position.first_fingerprint.hex() if position.first_fingerprint is not None else "-"
    return f"{request_id}#{first}#{position.next - 1}"


def _log_forgotten(outcome: WaitingOutcome, kind: str, why: str) -> None:
    for holder_id, count in outcome.forgotten:
        log.warning("%s %s: %d waiting conversation action(s) dropped: %s", kind, holder_id, count, why)
