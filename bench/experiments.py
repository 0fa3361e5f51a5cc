"""Proposed hot-path changes to modules the bench does not own, applied to the daemon process by patching,
so that their gain can be measured side by side (`python bench/ab.py --b "--patch actor-drain"`).

Each patch is the whole proposed change, written against the current code; once a change is adopted in
its module, delete it here.  `apply` fails loudly if the code it patches has moved.
"""

from __future__ import annotations

from collections.abc import Callable

import trio

from cursord.agent import updates
from cursord.proto import agent_v1_pb2 as agent
from cursord.streams import active

_ORIGINAL_LOOP = active.ActiveStream._actor_loop
#: most mailbox items the actor handles back to back before it checkpoints again.
DRAIN_LIMIT = 64


async def _draining_actor_loop(self: active.ActiveStream) -> None:
    """cursord/streams/active.py, ActiveStream._actor_loop: after each item received the usual way (one
    cancel scope carrying the timer deadline, one checkpoint), handle whatever is already queued with
    `receive_nowait()` (up to DRAIN_LIMIT), skipping a scope and a scheduler pass per item."""
    receive = self._mailbox_receive
    while True:
        with trio.CancelScope(deadline=self.timer_deadline()) as timer:
            self._timer_scope = timer
            item = await receive.receive()
        self._timer_scope = None
        if timer.cancelled_caught:
            if self.is_terminal:
                return
            await self._on_timer()
            continue
        handled = 0
        while True:
            if self.is_terminal:
                active.log.debug("stream %s ended; ignoring %s", self.request_id, type(item).__name__)
            else:
                await self._guarded(self.behaviour.handle(item))
            handled += 1
            if handled >= DRAIN_LIMIT:
                break
            try:
                item = receive.receive_nowait()
            except trio.WouldBlock:
                break


async def _post_without_yield(self: active.ActiveStream, item: object) -> None:
    """cursord/streams/active.py, ActiveStream.post: put the item in the mailbox without a scheduler pass
    when there is room (a provider chunk of hundreds of deltas is then posted in one go, up to the
    mailbox's size); wait only when the mailbox is full."""
    try:
        self._mailbox_send.send_nowait(item)
    except trio.WouldBlock:
        await self._mailbox_send.send(item)


def _text_delta(text: str) -> agent.AgentServerMessage:
    """cursord/agent/updates.py, text_delta: fill the nested fields in place instead of building three
    messages with keyword arguments (which copies each sub-message into its parent)."""
    message = agent.AgentServerMessage()
    message.interaction_update.text_delta.text = text
    return message


def _patch_actor_drain() -> None:
    assert active.ActiveStream._actor_loop is _ORIGINAL_LOOP, "ActiveStream._actor_loop has changed"
    active.ActiveStream._actor_loop = _draining_actor_loop  # type: ignore[method-assign]


def _patch_post_nowait() -> None:
    active.ActiveStream.post = _post_without_yield  # type: ignore[method-assign]


def _patch_fast_text_delta() -> None:
    assert updates.text_delta("x") == _text_delta("x")
    updates.text_delta = _text_delta


PATCHES: dict[str, Callable[[], None]] = {
    "actor-drain": _patch_actor_drain,
    "post-nowait": _patch_post_nowait,
    "fast-text-delta": _patch_fast_text_delta,
}


def apply(names: list[str]) -> None:
    for name in names:
        if name not in PATCHES:
            raise SystemExit(f"unknown patch {name!r}; known: {', '.join(PATCHES)}")
        PATCHES[name]()
