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

    sizing    what a turn costs each process, and the PostgreSQL round trips it makes: SIZING_TURNS short
              turns on one node, then on two (each turn's calls to one node, alternating: the placement a
              request-id-affine balancer gives), then the same with every turn streaming STREAM_DELTAS
              deltas; for each, turns/s, the CPU milliseconds per turn of every node, of PostgreSQL (every
              server process) and of this load generator (clients and fake provider), each one's share of a
              core, and (COUNT_TURNS turns more of each kind, on one node, with the server logging every
              statement) PostgreSQL statements and round trips per turn (psycopg in autocommit: one round
              trip per statement, BEGIN and COMMIT included, except executemany's pipelined rows). The
              difference between the streaming and the short turns, per message, is the cost of one event;
              the short turn is a run start, three events and an ending.

On a machine with fewer cores than nodes the three share them, so "three nodes" measures the cost of
spreading, not added capacity; the figures say which (`sizing` shows where the cores went).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import re
import resource
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import attrs
import trio

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cursord.testing.editor import EditorClient, heartbeat, run_request
from cursord.testing.fake_providers import FakeProvider, RecordedRequest, Reply, chat_text, open_fake_server
from cursord.testing.http_client import connect_tcp
from cursord.testing.postgres import TempCluster
from cursord.testing.process import cursord_command, running_cursord

HOP_CALLS = 400
TURNS = 120
TURN_CONCURRENCY = 12
MODEL = "m1"
SIZING_TURNS = 96
SIZING_CONCURRENCY = 24
STREAM_DELTAS = 100
STREAM_GAP = 0.01  # seconds between two deltas of a streaming turn
COUNT_TURNS = 48  # turns of each kind whose statements are counted (with the server logging every one)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.asynccontextmanager
async def node(fake: FakeProvider, store: str, data_dir: Path) -> AsyncIterator[tuple[int, int]]:
    port = free_port()  # the node's address names its port, so it is picked before the node starts
    spec = f"kind=openai-chat,name=fake,base_url={fake.base_url},api_key_env=FAKE_KEY,models={MODEL}"
    command = cursord_command(
        "serve",
        "--listen",
        f"127.0.0.1:{port}",
        "--proxy-listen",
        "127.0.0.1:0",
        "--agent-listen",
        "off",
        "--data-dir",
        str(data_dir),
        "--provider",
        spec,
        "--store",
        store,
        "--node-address",
        f"http://127.0.0.1:{port}",
    )
    env = {**os.environ, "FAKE_KEY": "sk-bench", "PYTHONUNBUFFERED": "1"}
    async with running_cursord(command, env) as daemon, trio.open_nursery() as nursery:
        nursery.start_soon(daemon.exited)  # reads its log meanwhile: a full pipe would stop it
        yield daemon.port, daemon.process.pid
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


def process_cpu(pid: int) -> float:
    """CPU seconds of process `pid` (every thread), and of its children it has waited for."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def postgres_cpu(cluster: TempCluster) -> float:
    """CPU seconds of every PostgreSQL server process (the postmaster, its live backends, and the ended ones
    it has reaped)."""
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    total = process_cpu(postmaster)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError):
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
                if parent == postmaster:
                    total += process_cpu(int(entry))
    return total


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@attrs.frozen
class StatementLog:
    """Every statement the PostgreSQL server runs, from its log (`log_statement = all`, switched on only while
    counting: logging costs the server CPU), by kind, and the round trips they took."""

    cluster: TempCluster

    def _set(self, value: str) -> None:
        self.cluster.sql(f"ALTER SYSTEM SET log_statement = '{value}'")
        self.cluster.sql("ALTER SYSTEM SET log_line_prefix = '%p|'")
        self.cluster.sql("SELECT pg_reload_conf()")

    @contextlib.contextmanager
    def counting(self) -> Iterator[dict[str, int]]:
        """Yields a dict filled, on leaving, with statement counts by kind, `round trips` among them."""
        log = self.cluster.folder / "server.log"
        self._set("all")
        start = log.stat().st_size
        counts: dict[str, int] = {}
        try:
            yield counts
        finally:
            time.sleep(0.2)  # the server's logger writes what the last statements logged
            with log.open("rb") as file:
                file.seek(start)
                text = file.read().decode(errors="replace")
            self._set("none")
            counts.update(statement_counts(text))


STATEMENT = re.compile(r"^(\d+)\|LOG:  (?:statement|execute [^:]*): (.*)$")
TABLE = re.compile(r"(?i)^(?:insert into|update|delete from) (\w+)")


def statement_counts(log: str) -> dict[str, int]:
    """Statements by kind (`INSERT journal_events`, `BEGIN`, ...) and `round trips`: every statement, except
    that psycopg's executemany sends its rows in one pipeline, so a run of the same INSERT on one connection
    is one round trip."""
    counts: dict[str, int] = {"round trips": 0}
    last: dict[str, str] = {}
    for line in log.splitlines():
        match = STATEMENT.match(line)
        if match is None or "pg_reload_conf" in line or "ALTER SYSTEM" in line:
            continue
        pid, sql = match.groups()
        verb = sql.split(None, 1)[0].upper() if sql.strip() else "?"
        table = TABLE.match(sql)
        kind = f"{verb} {table.group(1)}" if table else verb
        counts[kind] = counts.get(kind, 0) + 1
        if not (verb == "INSERT" and last.get(pid) == sql):
            counts["round trips"] += 1
        last[pid] = sql
    return counts


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


@attrs.frozen
class Sized:
    rate: float  # turns/s
    p50: float  # seconds from the run_request's append to the RunSSE's end, median
    events: float  # messages per turn the reader saw
    cpu_ms: dict[str, float]  # per turn, by process
    share: dict[str, float]  # of one core, by process


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


async def sized_turns(
    nodes: dict[str, tuple[int, int]], cluster: TempCluster, offset: int, deltas: int, count: int = SIZING_TURNS
) -> Sized:
    """`count` turns, each turn's calls to one node (round-robin over `nodes`: name -> (port, pid)), with the
    CPU time of every process counted."""
    ports = itertools.cycle([port for port, _ in nodes.values()])
    slots = trio.Semaphore(SIZING_CONCURRENCY)
    seen: list[int] = []
    times: list[float] = []

    async def one(index: int, port: int) -> None:
        async with slots, editor(port) as appender, editor(port) as reader_client:
            request_id = f"s{offset + index}"
            started = time.perf_counter()
            text = f"stream:{deltas}" if deltas else "hi"
            await appender.append(request_id, run_request(text, model=MODEL, conversation_id=request_id))
            async with reader_client.run_sse(request_id) as reader:
                seen.append(len(await reader.read_to_end()))
                assert reader.error is None, reader.error
            times.append(time.perf_counter() - started)

    def sample() -> dict[str, float]:
        cpu = {name: process_cpu(pid) for name, (_, pid) in nodes.items()}
        return {**cpu, "PostgreSQL": postgres_cpu(cluster), "load generator": own_cpu(), "wall": time.perf_counter()}

    before = sample()
    async with trio.open_nursery() as nursery:
        for index in range(count):
            nursery.start_soon(one, index, next(ports))
    after = sample()
    wall = after.pop("wall") - before.pop("wall")
    return Sized(
        count / wall,
        statistics.median(times),
        statistics.mean(seen),
        {name: (after[name] - before[name]) / count * 1000 for name in before},
        {name: (after[name] - before[name]) / wall for name in before},
    )


def answer(request: RecordedRequest) -> Reply:
    """A short reply ("ok"), or N words STREAM_GAP apart for a user text `stream:N`."""
    match = re.search(r"stream:(\d+)", json.dumps(request.json))
    if match is None:
        return Reply.sse(chat_text("ok"))
    return Reply.sse(chat_text("w " * int(match.group(1))), gap=STREAM_GAP)


async def sizing(nodes: dict[str, tuple[int, int]], cluster: TempCluster) -> None:
    print(
        f"\n== sizing ({SIZING_TURNS} turns, {SIZING_CONCURRENCY} at once, each turn's calls to one node; "
        f"streaming: {STREAM_DELTAS} deltas {STREAM_GAP * 1000:g} ms apart)"
    )
    runs: dict[tuple[int, int], Sized] = {}
    for deltas in (0, STREAM_DELTAS):
        for count in (1, 2):
            chosen = dict(itertools.islice(nodes.items(), count))
            runs[deltas, count] = await sized_turns(chosen, cluster, 1000 * len(runs), deltas)
    names = [*nodes, "PostgreSQL", "load generator"]
    print("CPU ms per turn and share of one core, by process:")
    print(
        f"{'turns':<20} {'turns/s':>8} {'p50 s':>6} {'msgs':>5} " + " ".join(f"{n:>16}" for n in names) + f" {'all':>6}"
    )
    for (deltas, count), run in runs.items():
        label = f"{'streaming' if deltas else 'short'}, {plural(count, 'node')}"
        cells = [f"{run.cpu_ms[n]:6.1f} ({run.share[n]:4.0%})" if n in run.cpu_ms else "-" for n in names]
        print(
            f"{label:<20} {run.rate:8.1f} {run.p50:6.2f} {run.events:5.0f} "
            + " ".join(f"{c:>16}" for c in cells)
            + f" {sum(run.cpu_ms.values()):6.1f}"
        )
    for count in (1, 2):
        short, streaming = runs[0, count], runs[STREAM_DELTAS, count]
        events = streaming.events - short.events
        added = {n: (streaming.cpu_ms[n] - short.cpu_ms[n]) / events * 1000 for n in short.cpu_ms}
        on_nodes = sum(v for n, v in added.items() if n in nodes)
        print(
            f"{plural(count, 'node')}: per added event, nodes {on_nodes:.0f} µs,"
            f" PostgreSQL {added['PostgreSQL']:.0f} µs,"
            f" load generator {added['load generator']:.0f} µs of CPU"
        )
    log = StatementLog(cluster)
    counted: dict[int, tuple[dict[str, int], Sized]] = {}
    for deltas in (0, STREAM_DELTAS):
        with log.counting() as counts:
            run = await sized_turns(
                dict(itertools.islice(nodes.items(), 1)), cluster, 9000 + deltas, deltas, COUNT_TURNS
            )
        counted[deltas] = counts, run
    print(f"\nPostgreSQL statements per turn, one node ({COUNT_TURNS} turns each, counted from the server's log):")
    kinds = sorted({k for counts, _ in counted.values() for k in counts}, key=lambda k: -counted[0][0].get(k, 0))
    print(f"{'statement':<34} {'short':>8} {'streaming':>10}")
    for kind in kinds:
        print(
            f"{kind[:34]:<34} "
            + " ".join(
                f"{counts.get(kind, 0) / COUNT_TURNS:>{w}.2f}"
                for (counts, _), w in zip(counted.values(), (8, 10), strict=True)
            )
        )
    (short_counts, short), (streaming_counts, streaming) = counted.values()
    per_event = (
        (streaming_counts["round trips"] - short_counts["round trips"])
        / COUNT_TURNS
        / (streaming.events - short.events)
    )
    print(f"round trips per added event: {per_event:.3f}")


async def main(args: argparse.Namespace) -> None:
    cluster = TempCluster.start()
    try:
        store = cluster.url(cluster.new_database())
        async with open_fake_server(answer) as fake, contextlib.AsyncExitStack() as stack:
            base = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cursord-bench-")))
            nodes = [await stack.enter_async_context(node(fake, store, base / name)) for name in "abc"]
            ports = [port for port, _ in nodes]
            print(f"machine: {os.cpu_count()} cores; 3 nodes, PostgreSQL {store.split('@')[-1]}")
            if not args.only_sizing:
                await hop(ports)
                print(f"\n== turns ({TURNS} short text turns, {TURN_CONCURRENCY} at once)")
                one_node = await turns(ports[:1], "one node (every call to a)", 0)
                three = await turns(ports, "three nodes (calls round-robin)", TURNS)
                print(f"three / one: {three / one_node:.2f}")
            await sizing({f"node {name}": spec for name, spec in zip("ab", nodes, strict=False)}, cluster)
    finally:
        cluster.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only-sizing", action="store_true", help="leave out the hop and the round-robin turns")
    trio.run(main, parser.parse_args())
