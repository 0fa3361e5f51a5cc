"""Nodes and leases on both engines: claiming, renewing, expiry, hand-over, and a race between nodes."""

from __future__ import annotations

import trio

from cursord.store import Lease
from tests.store.conftest import StoreTarget


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


async def test_a_lease_is_held_renewed_and_lost_on_expiry(db: StoreTarget) -> None:
    clock = Clock()
    async with db.open(clock=clock) as store:
        cluster = store.cluster()
        await cluster.register("a", "127.0.0.1:1")
        await cluster.register("b", "127.0.0.1:2")
        assert await cluster.claim("r1", "a", 10.0) == Lease("r1", "a", 1010.0)
        assert (await cluster.claim("r1", "b", 10.0)).node_id == "a"  # held: b learns the owner
        assert (await cluster.claim("r1", "a", 10.0)).node_id == "a"  # the owner's own claim renews it
        clock.now += 8
        assert await cluster.heartbeat("a", 10.0) == {"r1"}
        clock.now += 8  # past the first expiry, within the renewed one
        assert (await cluster.claim("r1", "b", 10.0)).node_id == "a"
        clock.now += 3  # a stopped renewing: its lease has expired
        assert await cluster.claim("r1", "b", 10.0) == Lease("r1", "b", clock.now + 10)
        assert [lease.request_id for lease in await cluster.leases("b")] == ["r1"]
        assert await cluster.leases("a") == []


async def test_hand_over_release_and_leave(db: StoreTarget) -> None:
    clock = Clock()
    async with db.open(clock=clock) as store:
        cluster = store.cluster()
        await cluster.register("a", "127.0.0.1:1")
        for request_id in ("r1", "r2", "r3"):
            await cluster.claim(request_id, "a", 10.0)
        cluster.release_nowait("r3", "a")
        await store.flush()
        (node,) = await cluster.nodes()
        assert (node.node_id, node.address, node.draining, node.leases) == ("a", "127.0.0.1:1", False, 2)
        await cluster.set_draining("a")
        assert await cluster.hand_over("a") == 2
        assert (await cluster.claim("r1", "b", 10.0)).node_id == "b"  # handed over: taken at once
        assert (await cluster.nodes())[0].draining
        assert await cluster.heartbeat("ghost", 10.0) is None
        await cluster.leave("a")
        assert await cluster.nodes() == []
        assert [(lease.request_id, lease.node_id) for lease in await cluster.leases()] == [("r1", "b")]


async def test_nodes_claiming_one_request_id_at_once_agree_on_one_owner(db: StoreTarget) -> None:
    """Three stores (three nodes' connections) claim the same ids together; each id gets one owner, and
    every node is told that owner."""
    async with db.open() as first, db.open() as second, db.open() as third:
        stores = {"a": first, "b": second, "c": third}
        answers: dict[tuple[str, str], str] = {}

        async def claim(node: str, request_id: str) -> None:
            answers[node, request_id] = (await stores[node].cluster().claim(request_id, node, 30.0)).node_id

        request_ids = [f"r{i}" for i in range(20)]
        async with trio.open_nursery() as nursery:
            for request_id in request_ids:
                for node in stores:
                    nursery.start_soon(claim, node, request_id)
        owners = {request_id: {answers[node, request_id] for node in stores} for request_id in request_ids}
        assert all(len(told) == 1 for told in owners.values()), owners
        held = {lease.request_id: lease.node_id for lease in await first.cluster().leases()}
        assert held == {request_id: next(iter(told)) for request_id, told in owners.items()}
