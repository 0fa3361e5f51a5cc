"""`GatewayNode` on a real store, with its peers stood in for: where each call goes, waiting out a dead
holder's lease, the hop limit, draining, and giving leases up. Autojump clock: leases expire in trio time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

from cursord.cluster import HOPS_HEADER, MAX_HOPS, GatewayNode
from cursord.config import ConfigError
from cursord.server import Receive, Scope, Send
from cursord.store import open_store

LEASE = 10.0


@attrs.define
class FakePeers:
    """Records forwarded calls; the addresses in `dead` cannot be reached."""

    dead: set[str] = attrs.field(factory=set)
    calls: list[tuple[str, int]] = attrs.field(factory=list)

    async def forward(
        self, address: str, scope: Scope, body: bytes | None, receive: Receive, send: Send, hops: int
    ) -> str | None:
        if address in self.dead:
            return "connection refused"
        self.calls.append((address, hops))
        return None


def call(hops: int | str | None = None) -> Scope:
    headers = [(b"content-type", b"application/proto")]
    if hops is not None:
        headers.append((HOPS_HEADER, str(hops).encode("latin-1")))  # as a header's bytes are decoded
    return {"type": "http", "path": "/aiserver.v1.BidiService/BidiAppend", "headers": headers}


async def nothing() -> dict[str, Any]:
    raise AssertionError("the node reads nothing more of the call")


@attrs.define
class Sent:
    messages: list[dict[str, Any]] = attrs.field(factory=list)

    async def __call__(self, message: Any) -> None:
        self.messages.append(message)


@asynccontextmanager
async def two_nodes(tmp_path: Path) -> AsyncIterator[tuple[GatewayNode, GatewayNode, FakePeers]]:
    async with open_store(tmp_path, inline=True, clock=trio.current_time) as store:
        peers = FakePeers()
        nodes = [
            GatewayNode(name, f"http://{name}:8765", store.cluster(), peers, LEASE, clock=trio.current_time)
            for name in ("a", "b")
        ]
        for node in nodes:
            await store.cluster().register(node.node_id, node.address)
        yield nodes[0], nodes[1], peers


async def test_the_first_node_asked_holds_the_stream_and_the_other_forwards_to_it(
    tmp_path: Path, autojump_clock: Any
) -> None:
    async with two_nodes(tmp_path) as (a, b, peers):
        assert not await a.serve_elsewhere("r1", call(), b"body", nothing, Sent())
        assert a.held == {"r1"}
        assert await b.serve_elsewhere("r1", call(), b"body", nothing, Sent())
        assert peers.calls == [("http://a:8765", 1)]
        assert await b.serve_elsewhere("r1", call(hops=1), b"body", nothing, Sent())
        assert peers.calls[-1] == ("http://a:8765", 2)


async def test_a_dead_holder_is_waited_out_then_the_stream_moves(tmp_path: Path, autojump_clock: Any) -> None:
    async with two_nodes(tmp_path) as (a, b, peers):
        assert not await a.serve_elsewhere("r1", call(), b"", nothing, Sent())
        peers.dead.add(a.address)  # a died: it renews nothing from now on
        started = trio.current_time()
        assert not await b.serve_elsewhere("r1", call(), b"", nothing, Sent())
        assert b.held == {"r1"} and trio.current_time() - started >= LEASE
        assert peers.calls == []


async def test_a_call_that_went_round_too_often_is_refused(tmp_path: Path, autojump_clock: Any) -> None:
    async with two_nodes(tmp_path) as (a, b, peers):
        assert not await a.serve_elsewhere("r1", call(), b"", nothing, Sent())
        sent = Sent()
        assert await b.serve_elsewhere("r1", call(hops=MAX_HOPS), b"", nothing, sent)
        assert sent.messages[0]["status"] == 503 and peers.calls == []
        assert b"went round the gateway" in sent.messages[1]["body"]


async def test_a_hop_count_that_is_not_ascii_digits_is_refused_not_a_crash(tmp_path: Path, autojump_clock: Any) -> None:
    """Issue 27 #13: `x-cursord-hops: ²` passed `str.isdigit` and `int` raised: a 500 with a traceback."""
    async with two_nodes(tmp_path) as (a, b, peers):
        assert not await a.serve_elsewhere("r1", call(), b"", nothing, Sent())
        for hops in ("²", "¹³", "-1", "x"):
            sent = Sent()
            assert await b.serve_elsewhere("r1", call(hops=hops), b"", nothing, sent)
            assert sent.messages[0]["status"] == 503 and peers.calls == []


async def test_a_draining_node_hands_new_work_to_a_live_peer_and_keeps_its_own(
    tmp_path: Path, autojump_clock: Any
) -> None:
    async with two_nodes(tmp_path) as (a, _, peers):
        assert not await a.serve_elsewhere("mine", call(), b"", nothing, Sent())
        a.draining = True
        assert not await a.serve_elsewhere("mine", call(), b"", nothing, Sent())  # still a's
        assert await a.serve_elsewhere("new", call(), b"", nothing, Sent())
        assert peers.calls == [("http://b:8765", 1)]
        assert "new" not in a.held and [lease.request_id for lease in await a.cluster.leases()] == ["mine"]


async def test_a_retired_stream_gives_its_lease_up(tmp_path: Path, autojump_clock: Any) -> None:
    async with two_nodes(tmp_path) as (a, b, _):
        assert not await a.serve_elsewhere("r1", call(), b"", nothing, Sent())

        @attrs.define
        class Retired:
            request_id: str

        a.observe(Retired("r1"), "retired")  # type: ignore[arg-type]
        assert a.held == set() and await a.cluster.leases() == []
        assert not await b.serve_elsewhere("r1", call(), b"", nothing, Sent())  # anyone may take it now


async def test_a_node_whose_renewals_came_too_late_forgets_what_it_lost(tmp_path: Path, autojump_clock: Any) -> None:
    async with two_nodes(tmp_path) as (a, b, peers), trio.open_nursery() as nursery:
        assert not await a.serve_elsewhere("r1", call(), b"", nothing, Sent())
        await trio.sleep(LEASE + 1)  # a's heartbeats are not running: its lease lapses
        assert not await b.serve_elsewhere("r1", call(), b"", nothing, Sent())  # b takes the stream over
        await nursery.start(a.run_heartbeats)
        await trio.sleep(LEASE)  # a beats, finds r1 gone
        assert a.held == set()
        assert await a.serve_elsewhere("r1", call(), b"", nothing, Sent())
        assert peers.calls == [("http://b:8765", 1)]
        nursery.cancel_scope.cancel()


async def test_a_draining_node_with_no_live_peer_serves_new_work_itself(tmp_path: Path, autojump_clock: Any) -> None:
    async with two_nodes(tmp_path) as (a, b, peers):
        a.draining = b.draining = True
        await b.cluster.set_draining(b.node_id)
        assert not await a.serve_elsewhere("new", call(), b"", nothing, Sent())
        assert a.held == {"new"} and peers.calls == []
        assert await a.cluster.lease("new") is not None


async def test_a_holder_gone_from_the_table_is_waited_out(tmp_path: Path, autojump_clock: Any) -> None:
    async with two_nodes(tmp_path) as (a, _, peers):
        await a.cluster.claim("r1", "ghost", LEASE)  # a node that has since been pruned
        started = trio.current_time()
        assert not await a.serve_elsewhere("r1", call(), b"", nothing, Sent())
        assert a.held == {"r1"} and trio.current_time() - started >= LEASE and peers.calls == []


async def test_a_node_that_advertises_a_live_nodes_address_does_not_start(tmp_path: Path, autojump_clock: Any) -> None:
    """Issue 27 #16: a node started with another node's address joined, and calls went round in circles."""
    async with two_nodes(tmp_path) as (a, _, peers), trio.open_nursery() as nursery:
        await nursery.start(a.run_heartbeats)
        twin = GatewayNode("twin", a.address, a.cluster, peers, LEASE, clock=trio.current_time)
        with pytest.raises(ConfigError, match=r"gateway node a already serves at http://a:8765"):
            await twin.run_heartbeats()
        nursery.cancel_scope.cancel()
    async with two_nodes(tmp_path) as (a, _, peers), trio.open_nursery() as nursery:
        await trio.sleep(2 * LEASE)  # a is gone (no heartbeats): its address is free again
        again = GatewayNode("again", a.address, a.cluster, peers, LEASE, clock=trio.current_time)
        await nursery.start(again.run_heartbeats)
        nursery.cancel_scope.cancel()
