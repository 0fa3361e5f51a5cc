"""A team gateway of three nodes: what one forwarding hop adds, and turns per second on one node vs three.

Run: `python bench/gateway_nodes.py` (from the project root, with the venv's python; about a minute). It
starts a throwaway PostgreSQL (`cursord.testing.postgres.TempCluster`), a fake provider on loopback
(`cursord.testing.fake_providers`) and three `cursord serve --node-address ... --store postgresql://...`
processes, then measures:

    hop       BidiAppend round trips (a client heartbeat each, acknowledged) for one run held by node A:
              sent to A itself, and sent to B, which forwards it to A over HTTP/2. The difference is the
              hop. Alternating, HOP_CALLS each, p50 and p99.
    turns     TURNS short text turns (BidiAppend the run, read its RunSSE to the end), TURN_CONCURRENCY at
              once: every call to one node, then each turn's calls to a node chosen round-robin (so about
              two thirds of them land on a node that does not hold the turn and are forwarded).

On a machine with fewer cores than nodes the three share them, so "three nodes" measures the cost of
spreading, not added capacity; the figures say which.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

import trio

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cursord.testing.editor import EditorClient, heartbeat, run_request
from cursord.testing.fake_providers import FakeProvider, Reply, chat_text, open_fake_provider
from cursord.testing.http_client import connect_tcp
from cursord.testing.postgres import TempCluster
from cursord.testing.process import cursord_command, running_cursord

HOP_CALLS = 400
TURNS = 120
TURN_CONCURRENCY = 12
MODEL = "m1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.asynccontextmanager
async def node(fake: FakeProvider, store: str, data_dir: Path) -> AsyncIterator[int]:
    port = free_port()  # the node's address names its port, so it is picked before the node starts
    spec = f"kind=openai-chat,name=fake,base_url={fake.base_url},api_key_env=FAKE_KEY,models={MODEL}"
    command = cursord_command(
        "serve", "--listen", f"127.0.0.1:{port}", "--proxy-listen", "127.0.0.1:0", "--agent-listen", "off",
        "--data-dir", str(data_dir), "--provider", spec, "--store", store, "--node-address", f"http://127.0.0.1:{port}",
    )
    env = {**os.environ, "FAKE_KEY": "sk-bench", "PYTHONUNBUFFERED": "1"}
    async with running_cursord(command, env) as daemon, trio.open_nursery() as nursery:
        nursery.start_soon(daemon.exited)  # reads its log meanwhile: a full pipe would stop it
        yield daemon.port
        daemon.process.terminate()
        with trio.move_on_after(10):
            await daemon.process.wait()
        nursery.cancel_scope.cancel()  # a node that did not stop is killed on leaving `running_cursord`


@contextlib.asynccontextmanager
async def editor(port: int) -> AsyncIterator[EditorClient]:
    async def connect() -> trio.abc.Stream:
        return await connect_tcp("127.0.0.1", port)

    async with EditorClient.open(connect, http2=True) as client:
        yield client


def ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.2f}"


async def hop(ports: list[int]) -> None:
    async with editor(ports[0]) as on_a, editor(ports[1]) as on_b:
        await on_a.append("hop", run_request("hold", model=MODEL), seqno=0)  # a holds it; its turn ends at once
        times: dict[str, list[float]] = {"to the holder": [], "via another node": []}
        seqno = itertools.count(1)
        for _ in range(HOP_CALLS):
            for name, client in (("to the holder", on_a), ("via another node", on_b)):
                started = time.perf_counter()
                await client.append("hop", heartbeat(), seqno=next(seqno))
                times[name].append(time.perf_counter() - started)
    print(f"\n== one forwarding hop (BidiAppend round trip, {HOP_CALLS} each, alternating)")
    print(f"{'path':<18} {'p50 ms':>8} {'p99 ms':>8}")
    for name, values in times.items():
        print(f"{name:<18} {ms(values, 0.5):>8} {ms(values, 0.99):>8}")
    added = statistics.median(times["via another node"]) - statistics.median(times["to the holder"])
    print(f"added by the hop (p50): {added * 1000:.2f} ms")


async def turns(ports: list[int], label: str, offset: int) -> float:
    targets = itertools.cycle(ports)
    slots = trio.Semaphore(TURN_CONCURRENCY)

    async def one(index: int, port_append: int, port_read: int) -> None:
        async with slots, editor(port_append) as appender, editor(port_read) as reader_client:
            request_id = f"t{offset + index}"
            await appender.append(request_id, run_request("hi", model=MODEL, conversation_id=request_id))
            async with reader_client.run_sse(request_id) as reader:
                await reader.read_to_end()
                assert reader.error is None, reader.error

    started = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for index in range(TURNS):
            nursery.start_soon(one, index, next(targets), next(targets))
    rate = TURNS / (time.perf_counter() - started)
    print(f"{label:<34} {rate:>8.1f} turns/s")
    return rate


async def main(args: argparse.Namespace) -> None:
    cluster = TempCluster.start()
    try:
        store = cluster.url(cluster.new_database())
        replies = [Reply.sse(chat_text("ok")) for _ in range(2 * TURNS + 1)]
        async with open_fake_provider(*replies) as fake, contextlib.AsyncExitStack() as stack:
            base = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cursord-bench-")))
            ports = [await stack.enter_async_context(node(fake, store, base / name)) for name in "abc"]
            print(f"machine: {os.cpu_count()} cores; 3 nodes, PostgreSQL {store.split('@')[-1]}")
            await hop(ports)
            print(f"\n== turns ({TURNS} short text turns, {TURN_CONCURRENCY} at once)")
            one_node = await turns(ports[:1], "one node (every call to a)", 0)
            three = await turns(ports, "three nodes (calls round-robin)", TURNS)
            print(f"three / one: {three / one_node:.2f}")
    finally:
        cluster.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    trio.run(main, parser.parse_args())
