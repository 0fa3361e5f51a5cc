"""One node of a team gateway: which node serves each request id, forwarding, heartbeats, draining.

Theory of operation. Nodes share one PostgreSQL store and know each other only through it
(`cursord.store.cluster`). Each request id's stream lives on one node, the holder of its lease; the
app asks `GatewayNode.serve_elsewhere` before serving a BidiAppend, RunSSE or Run:

- a request id this node holds is served here, with no database round trip;
- an unknown one is claimed: the claim either makes this node the holder (served here; if the journal
  has the stream, the broker restores it, which is how a dead node's turns go on) or names the holder,
  remembered until that lease's expiry;
- another node's call is forwarded to it, body and all, over HTTP/2 (`cursord.cluster.peers`); the
  answer streams back through this node. A forwarded call carries `x-cursord-hops`, and a call that has
  been forwarded `MAX_HOPS` times is refused rather than sent round again;
- a holder that cannot be reached (it died) is waited out: once its lease has expired, which its dead
  heartbeat no longer prevents, the claim succeeds here.

The heartbeat task renews every lease this node holds every third of `lease_seconds`, and registers
the node again if it was pruned. A stream that retires gives its lease up.

Draining (SIGTERM): the node is marked draining; it claims nothing new (a new request id is handed to a
live peer, which claims it) while its own streams go on, for at most `drain_seconds`; then it stops as a
lone daemon does (its streams end `unavailable`, their journals kept) and leaves the cluster, dropping its
leases, so the next call for any of its streams, on any node, restores it there.

A client could send `x-cursord-hops` itself; all it gets is a refusal or the call served on the node it
reached, for request ids it could reach anyway (the gateway's owner checks run wherever the call is
served).
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from collections.abc import Callable
from typing import Protocol

import attrs
import trio

from cursord.config import ConfigError
from cursord.connect import Code, ConnectError
from cursord.server import Receive, Scope, Send, header, refuse_call
from cursord.store import ClusterStore, Lease
from cursord.streams import ActiveStream, StreamBroker

log = logging.getLogger(__name__)

__all__ = ["HOPS_HEADER", "MAX_HOPS", "GatewayNode", "PeerForwarder"]

HOPS_HEADER = b"x-cursord-hops"
MAX_HOPS = 2
#: forwarding attempts for one call (each after the unreachable holder's lease has run out)
_ATTEMPTS = 3


class PeerForwarder(Protocol):
    """What `GatewayNode` needs to reach its peers (`cursord.cluster.peers.Peers`)."""

    async def forward(
        self, address: str, scope: Scope, body: bytes | None, receive: Receive, send: Send, hops: int
    ) -> str | None:
        """Have the node at `address` answer the call: None once it did, else why it could not be reached
        (nothing was sent to the client then)."""
        ...


@attrs.define(eq=False)
class GatewayNode:
    node_id: str
    address: str
    cluster: ClusterStore
    peers: PeerForwarder
    lease_seconds: float = 10.0
    clock: Callable[[], float] = time.time
    draining: bool = False
    #: request ids whose lease this node holds
    held: set[str] = attrs.field(factory=set)
    #: other nodes' leases seen, until they expire
    _seen: dict[str, Lease] = attrs.field(factory=dict)
    _addresses: dict[str, str] = attrs.field(factory=dict)
    #: set when a stream changes phase or retires, for `drain` to look again
    _streams_changed: trio.Event = attrs.field(factory=trio.Event)

    # ---- the app's question -------------------------------------------------------------------------

    async def serve_elsewhere(
        self, request_id: str, scope: Scope, body: bytes | None, receive: Receive, send: Send
    ) -> bool:
        hops = _hops(scope)
        for _ in range(_ATTEMPTS):
            target = await self._holder_address(request_id)
            if target is None:
                return False
            if hops >= MAX_HOPS:
                await refuse_call(scope, send, ConnectError(
                    Code.UNAVAILABLE, f"request {request_id} went round the gateway's nodes {hops} times; try again"))
                return True
            unreachable = await self.peers.forward(target, scope, body, receive, send, hops + 1)
            if unreachable is None:
                return True
            log.warning("node at %s holds request %s but cannot be reached (%s); waiting out its lease",
                        target, request_id, unreachable)
            await self._wait_out(request_id)
        await refuse_call(scope, send, ConnectError(
            Code.UNAVAILABLE, f"the gateway node holding request {request_id} cannot be reached; try again"))
        return True

    async def _holder_address(self, request_id: str) -> str | None:
        """The address of the node that serves `request_id`; None: this one."""
        if request_id in self.held:
            return None
        now = self.clock()
        lease = self._seen.get(request_id)
        if lease is not None and lease.expires_at <= now:
            lease = None
        if lease is None and self.draining:  # claim nothing new: the holder, or a live peer that will claim it
            lease = await self.cluster.lease(request_id)
            if lease is None or lease.expires_at <= now:
                lease = None
                peer = await self._live_peer(request_id, now)
                if peer is not None:
                    return peer
        if lease is None:
            lease = await self.cluster.claim(request_id, self.node_id, self.lease_seconds)
        if lease.node_id == self.node_id:
            self._seen.pop(request_id, None)
            self.held.add(request_id)
            return None
        self._seen[request_id] = lease
        address = await self._address_of(lease.node_id)
        if address is None:  # its node has left the table; its lease goes with it
            await self._wait_out(request_id)
            return await self._holder_address(request_id)
        return address

    async def _live_peer(self, request_id: str, now: float) -> str | None:
        """A live, not draining peer's address (the same one for a request id while the peers stay)."""
        peers = [
            node for node in await self.cluster.nodes()
            if node.node_id != self.node_id and not node.draining and node.alive(now, self.lease_seconds)
        ]
        if not peers:
            return None
        pick = int.from_bytes(hashlib.sha256(request_id.encode()).digest()[:4], "big") % len(peers)
        return peers[pick].address

    async def _address_of(self, node_id: str) -> str | None:
        if node_id not in self._addresses:
            self._addresses = {node.node_id: node.address for node in await self.cluster.nodes()}
        return self._addresses.get(node_id)

    async def _wait_out(self, request_id: str) -> None:
        """Forget the unreachable holder's lease once it has expired (at most one lease time from now)."""
        lease = self._seen.pop(request_id, None)
        wait = self.lease_seconds if lease is None else lease.expires_at - self.clock()
        await trio.sleep(min(max(wait, 0.0), self.lease_seconds) + 0.05)

    # ---- the streams' lifecycle -----------------------------------------------------------------------

    def observe(self, stream: ActiveStream, what: str) -> None:
        """A broker observer: a retired stream gives its lease up."""
        if what in ("phase", "retired"):
            self._streams_changed.set()
        if what == "retired" and stream.request_id in self.held:
            self.held.discard(stream.request_id)
            self.cluster.release_nowait(stream.request_id, self.node_id)

    # ---- heartbeats and draining ---------------------------------------------------------------------

    async def run_heartbeats(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Join the gateway and renew this node's leases until cancelled. Raises ConfigError at once if a
        live node already advertises this node's address: its peers would forward this node's calls to
        that one, and that one's to itself (a copied config, a `--node-address` left as it was)."""
        now = self.clock()
        for node in await self.cluster.nodes():
            if node.address == self.address and node.node_id != self.node_id and node.alive(now, self.lease_seconds):
                raise ConfigError(
                    f"gateway node {node.node_id} already serves at {self.address}, the address this node "
                    "would advertise: give each node its own address (node_address, --node-address)"
                )
        await self.cluster.register(self.node_id, self.address)
        log.info("gateway node %s at %s joined (leases of %g s)", self.node_id, self.address, self.lease_seconds)
        task_status.started()
        while True:
            await trio.sleep(self.lease_seconds / 3)
            try:
                held_before = frozenset(self.held)  # a claim made during the beat is not in its answer
                renewed = await self.cluster.heartbeat(self.node_id, self.lease_seconds)
                if renewed is None:
                    log.warning("gateway node %s was not registered any more; registering again", self.node_id)
                    await self.cluster.register(self.node_id, self.address)
                    renewed = frozenset()
                self._forget_lost(held_before - renewed)
            except Exception as exc:  # the database may be away for a moment; the next beat tries again
                log.warning("gateway node %s: heartbeat failed: %s", self.node_id, exc)

    def _forget_lost(self, lost: frozenset[str]) -> None:
        """Leases this node thought it held but the store no longer gives it (it missed its renewals and
        another node took them): their calls go to the new holder from now on."""
        for request_id in lost:
            log.error("gateway node %s lost request %s to another node (its renewals came too late)",
                      self.node_id, request_id)
        self.held -= lost

    async def drain(self, broker: StreamBroker, seconds: float) -> None:
        """Claim nothing new; wait (at most `seconds`) for this node's streams to end."""
        self.draining = True
        await self.cluster.set_draining(self.node_id)
        live = sum(1 for stream in broker if not stream.is_terminal)
        log.info("gateway node %s draining: %d live streams, waiting up to %g s", self.node_id, live, seconds)
        with trio.move_on_after(seconds if math.isfinite(seconds) else 0):
            while any(not stream.is_terminal for stream in broker):
                self._streams_changed = trio.Event()
                await self._streams_changed.wait()

    async def leave(self) -> None:
        """Drop this node and its leases from the cluster: its streams' next calls restore them elsewhere."""
        with trio.CancelScope(shield=True):
            try:
                await self.cluster.leave(self.node_id)
            except Exception as exc:
                log.warning("gateway node %s could not leave (its leases will expire): %s", self.node_id, exc)
        log.info("gateway node %s left", self.node_id)


def _hops(scope: Scope) -> int:
    value = header(scope, HOPS_HEADER) or "0"
    # ASCII digits only: `str.isdigit` also takes "²", which `int` refuses (issue 27 #13: a 500)
    return int(value) if value.isascii() and value.isdigit() and len(value) < 3 else MAX_HOPS
