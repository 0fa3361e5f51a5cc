"""The daemon side of the benchmarks: a real cursord in its own process, plus a raw-ASGI floor server.

    python bench/daemon_proc.py PROVIDER_BASE_URL [--no-journal] [--no-tap] ...

Theory of operation.  It builds cursord as `cursord serve` does (`runtime.agent_parts` with a store and
the stream journal, one shared httpx client sized by `provider_pool_limits`, the live tap's hub, the agent
turn as the stream behaviour, `collector.manage_gc` once serving: young collections at stream changes,
full ones while none is live) around one OpenAI-chat provider spec pointing at the bench provider, and serves it with
`cursord.testing.harness.running_daemon(transport="tcp")`: the real app on `hypercorn.trio.serve` on
127.0.0.1, real clock.  Beside it, on its own port, a bare ASGI app on the same Hypercorn stack
(`floor_app`) gives the floor the daemon is compared against.

It prints one JSON line with both ports, then obeys JSON-line commands on stdin, one reply line each on
stdout: `usage` (RSS, peak RSS, CPU seconds from getrusage, open streams and RunSSE connections), `cpu`
(RSS and CPU seconds only: cheap enough to sample during a run), `gc`
(collect, then usage), `trace_start` / `trace_top` (tracemalloc: the allocation sites that grew; and a census of the
GC-tracked objects by type, per live stream),
`inner` (with --inner-delays: p50/p99 of stamp -> the daemon's RunSSE send, ms, since the last `inner`),
`wake_floor` (CPU seconds per wake of a bare trio task streaming lone events: the machine's own floor),
`steps` (with --step-profile: task steps by coroutine and scheduler batches since the last `steps`),
`cprofile_start` / `cprofile_top` (a cProfile of whatever ran in between, by cumulative time; with
`"dump": PATH`, the whole profile written there for `pstats`),
`quit`.  The orchestrator (`bench/run.py`) runs its clients in another process, so client CPU never hides
daemon CPU.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import re
import resource
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import trio  # noqa: E402

from cursord.agent.router import ProviderRouter  # noqa: E402
from cursord.agent.turn import AgentTurn  # noqa: E402
from cursord.app.collector import FullCollections, manage_gc, tune_gc  # noqa: E402
from cursord.app.runtime import agent_parts, provider_pool_limits  # noqa: E402
from cursord.config import Limits, ProviderKind, ProviderSpec  # noqa: E402
from cursord.connect.envelope import encode_envelope  # noqa: E402
from cursord.proto import agent_v1_pb2 as agent  # noqa: E402
from cursord.providers.sse import SSEDecoder  # noqa: E402
from cursord.server import runsse  # noqa: E402
from cursord.server.models_rpc import ModelCatalog  # noqa: E402
from cursord.server.serve import ListenOptions, hypercorn_config  # noqa: E402
from cursord.store.store import open_store  # noqa: E402
from cursord.store.writer import WriterThread  # noqa: E402
from cursord.tap.hub import TapHub, ensure_tap_token, tap_parts  # noqa: E402
from cursord.testing.harness import running_daemon  # noqa: E402
from cursord.testing.memory_server import serve_tcp  # noqa: E402

MODEL = "bench-model"
ENVIRON = {"BENCH_KEY": "sk-bench-0123456789"}
FLOOR_FRAME = encode_envelope(b"\x0a\x05tok  ")  # about the size of a small text delta


def rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


# ---- the floor: a bare ASGI app on the same Hypercorn stack ----------------------------------------


async def floor_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """`/echo`: the request body back.  `/stream?n=N&batch=B`: N small envelopes, B per ASGI send.
    `/tick?n=N&gap=G&phase=P`: N envelopes whose payload is `T<monotonic_ns>` taken as each is sent, one
    every G seconds from P seconds after the request (lone events, as a RunSSE streams them)."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    headers = [(b"content-type", b"application/proto")]
    if scope["path"] == "/echo":
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return
    query = dict(part.split("=") for part in scope["query_string"].decode().split("&") if part)
    n, batch = int(query.get("n", "1000")), int(query.get("batch", "1"))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    if scope["path"] == "/tick":
        gap, start = float(query["gap"]), trio.current_time() + float(query.get("phase", "0"))
        for i in range(n):
            await trio.sleep_until(start + i * gap)
            frame = encode_envelope(b"T%d" % time.monotonic_ns())
            await send({"type": "http.response.body", "body": frame, "more_body": True})
        await send({"type": "http.response.body", "body": encode_envelope(b"{}", end_stream=True)})
        return
    for start in range(0, n, batch):
        chunk = FLOOR_FRAME * min(batch, n - start)
        await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": encode_envelope(b"{}", end_stream=True)})


# ---- the daemon ---------------------------------------------------------------------------------------


def trace_top(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, limit: int = 40) -> list[str]:
    """The allocation sites that grew most between two snapshots: the innermost cursord frame, and the
    line that allocated when that is elsewhere (a library called from there)."""
    stats = after.compare_to(before, "traceback")
    grouped: dict[str, list[int]] = {}
    for stat in stats:
        if stat.size_diff <= 0:
            continue
        frames = list(reversed(stat.traceback))  # innermost first
        site = next((f for f in frames if "/cursord/" in f.filename), frames[0])
        key = f"{_short(site.filename)}:{site.lineno}"
        if frames[0] is not site:
            key += f" <- {_short(frames[0].filename)}:{frames[0].lineno}"
        entry = grouped.setdefault(key, [0, 0])
        entry[0] += stat.size_diff
        entry[1] += stat.count_diff
    ranked = sorted(grouped.items(), key=lambda item: -item[1][0])[:limit]
    total = sum(size for size, _ in grouped.values())
    lines = [f"{size:>10,} B {count:>7,} blocks  {key}" for key, (size, count) in ranked]
    by_module: dict[str, int] = {}
    for key, (size, _) in grouped.items():
        module = key.split(" <- ")[-1].rsplit(":", 1)[0]  # the file that allocated
        by_module[module] = by_module.get(module, 0) + size
    modules = sorted(by_module.items(), key=lambda item: -item[1])[: limit // 2]
    by_package: dict[str, int] = {}
    for module, size in by_module.items():
        package = _package(module)
        by_package[package] = by_package.get(package, 0) + size
    packages = sorted(by_package.items(), key=lambda item: -item[1])
    by_cause: dict[str, int] = {}  # the innermost cursord function on the stack, whoever allocated
    for key, (size, _) in grouped.items():
        cause = key.split(" <- ")[0].rsplit(":", 1)[0] if "cursord/" in key.split(" <- ")[0] else "(no cursord frame)"
        by_cause[cause] = by_cause.get(cause, 0) + size
    causes = sorted(by_cause.items(), key=lambda item: -item[1])[: limit // 2]
    return [
        f"{total:>10,} B in all (Python allocations that grew)",
        *lines,
        "by the file that allocated:",
        *(f"{size:>10,} B  {module}" for module, size in modules),
        "by the package that allocated:",
        *(f"{size:>10,} B  {package}" for package, size in packages),
        "by the innermost cursord module on the stack (what made the allocation, in whichever package):",
        *(f"{size:>10,} B  {cause}" for cause, size in causes),
    ]


def census() -> dict[str, tuple[int, int]]:
    """Every object the cyclic GC tracks, by type: (count, bytes as `sys.getsizeof` has them). The objects
    a stream keeps alive, counted (not sampled), and what each GC pass walks."""
    found: dict[str, tuple[int, int]] = {}
    for obj in gc.get_objects():
        kind = type(obj)
        name = f"{kind.__module__}.{kind.__qualname__}"
        count, size = found.get(name, (0, 0))
        found[name] = (count + 1, size + sys.getsizeof(obj))
    return found


def census_top(
    before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]], per: int, limit: int = 40
) -> list[str]:
    """The types whose tracked objects grew most between two censuses, per stream (`per` streams)."""
    grown = {
        name: (count - before.get(name, (0, 0))[0], size - before.get(name, (0, 0))[1])
        for name, (count, size) in after.items()
    }
    ranked = sorted(((n, c, s) for n, (c, s) in grown.items() if c > 0), key=lambda item: -item[2])
    objects = sum(c for _, c, _ in ranked)
    size = sum(s for _, _, s in ranked)
    return [
        f"{objects / per:>10,.1f} GC-tracked objects and {size / per:,.0f} B (getsizeof) per stream",
        *(f"{c / per:>10,.2f} {s / per:>8,.0f} B  {n}" for n, c, s in ranked[:limit]),
    ]


def _package(module: str) -> str:
    """The package of a file `_short` named: its first path component; attrs-generated methods count
    for the class's package, the standard library as one."""
    if module.startswith("<attrs generated methods "):
        return module.removeprefix("<attrs generated methods ").split(".", 1)[0]
    head = module.split("/", 1)[0].removesuffix(".py")
    return "stdlib" if head in sys.stdlib_module_names or "/" not in module else head


def _short(filename: str) -> str:
    for marker in ("site-packages/", "python3.11/", f"{ROOT}/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


class GCPauses:
    """The cyclic garbage collector's pauses in this process (a `gc.callbacks` entry): count, total, the
    longest while a stream was live (what streams waited for), and the longest while none was (the full
    collections `collector.FullCollections` makes then: nobody waits for those)."""

    def __init__(self, live_streams: Callable[[], int]) -> None:
        self.live_streams = live_streams
        self.count = 0
        self.total = 0.0
        self.longest = 0.0
        self.longest_idle = 0.0
        #: of the longest pause while live: the CPU seconds the collecting thread spent in it (the rest: the OS
        #: ran something else; the process's CPU time would count the store's writer thread too) and the
        #: generation collected
        self.longest_cpu = 0.0
        self.longest_generation = -1
        #: the longest pause while live, per generation collected (0, 1, 2), wall and the thread's CPU
        self.longest_by_generation = [0.0, 0.0, 0.0]
        self.longest_cpu_by_generation = [0.0, 0.0, 0.0]
        self._started = self._started_cpu = 0.0
        self._live = False
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._live = self.live_streams() > 0
            self._started, self._started_cpu = time.perf_counter(), time.thread_time()
            return
        pause, cpu = time.perf_counter() - self._started, time.thread_time() - self._started_cpu
        self.count += 1
        self.total += pause
        if self._live:
            generation = info["generation"]
            self.longest_by_generation[generation] = max(self.longest_by_generation[generation], pause)
            self.longest_cpu_by_generation[generation] = max(self.longest_cpu_by_generation[generation], cpu)
        if self._live and pause > self.longest:
            self.longest, self.longest_cpu = pause, cpu
            self.longest_generation = info["generation"]
        elif not self._live:
            self.longest_idle = max(self.longest_idle, pause)


class InnerDelays:
    """With --inner-delays: each stamped text delta's delay from the provider's send stamp to the moment the
    daemon's RunSSE `send` of it returned (the bytes are in the kernel), so a latency tail can be split into
    the daemon's part and the part after it (socket, client).  Decoding every frame costs the daemon CPU:
    diagnostics only."""

    def __init__(self) -> None:
        self.delays: list[int] = []
        original = runsse._send_frames

        async def send_frames(send: Any, frames: list[bytes]) -> None:
            await original(send, frames)
            now = time.monotonic_ns()
            for frame in frames:
                text = agent.AgentServerMessage.FromString(frame[5:]).interaction_update.text_delta.text
                if text.startswith("T"):
                    self.delays.extend(now - int(stamp) for stamp in text[1:].split("T"))

        runsse._send_frames = send_frames
        self.reads: list[int] = []
        feed = SSEDecoder.feed
        stamp = re.compile(rb'"content":"T(\d+)"')

        def timed_feed(decoder: SSEDecoder, chunk: bytes) -> Any:
            now = time.monotonic_ns()
            self.reads.extend(now - int(found) for found in stamp.findall(chunk))
            return feed(decoder, chunk)

        SSEDecoder.feed = timed_feed  # type: ignore[method-assign,assignment]

    def take(self) -> dict[str, float]:
        figures: dict[str, float] = {}
        for name, delays in (("", self.delays), ("read ", self.reads)):
            ordered = sorted(delays)
            delays.clear()
            if ordered:
                figures |= {
                    f"{name}p{q}": ordered[min(len(ordered) - 1, int(len(ordered) * q / 100))] / 1e6 for q in (50, 99)
                }
        return figures


class StepProfile(trio.abc.Instrument):
    """With --step-profile: wall time of every task step, by the coroutine the task runs, and of every
    scheduler batch (the steps run between two waits for I/O).  A delta waits for every step of the batch
    it lands behind, so the batches' lengths and who fills them are the tail's profile."""

    def __init__(self) -> None:
        self.by_task: dict[str, list[float]] = {}  # name -> [steps, total s, longest s]
        self.batches: list[tuple[float, int]] = []  # (seconds, steps) of each batch
        self._step_started = 0.0
        self._batch_started = 0.0
        self._batch_steps = 0

    def before_task_step(self, task: trio.lowlevel.Task) -> None:
        self._step_started = time.perf_counter()

    def after_task_step(self, task: trio.lowlevel.Task) -> None:
        took = time.perf_counter() - self._step_started
        entry = self.by_task.setdefault(task.coro.cr_code.co_qualname, [0, 0.0, 0.0])
        entry[0] += 1
        entry[1] += took
        entry[2] = max(entry[2], took)
        self._batch_steps += 1

    def after_io_wait(self, timeout: float) -> None:
        self._batch_started = time.perf_counter()
        self._batch_steps = 0

    def before_io_wait(self, timeout: float) -> None:
        if self._batch_steps:
            self.batches.append((time.perf_counter() - self._batch_started, self._batch_steps))

    def take(self) -> dict[str, Any]:
        tasks = sorted(self.by_task.items(), key=lambda item: -item[1][1])[:15]
        batches = sorted(self.batches)
        self.by_task, self.batches = {}, []
        quantiles = {}
        if batches:
            for q in (50, 99, 100):
                seconds, steps = batches[min(len(batches) - 1, len(batches) * q // 100)]
                quantiles[f"p{q}"] = {"ms": seconds * 1e3, "steps": steps}
        return {
            "batches": len(batches),
            "batch": quantiles,
            "tasks": [
                {
                    "task": name,
                    "steps": int(n),
                    "total ms": total * 1e3,
                    "mean µs": total / n * 1e6,
                    "max ms": top * 1e3,
                }
                for name, (n, total, top) in tasks
            ],
        }


async def wake_floor(wakes: int = 200, gap: float = 0.01) -> float:
    """This process's CPU seconds per wake of the simplest trio program that streams lone events: a task
    sleeps `gap`, sends one byte over a socket pair, and another task receives it.  What any trio server
    pays per lone event on this machine before doing any work (a process woken from idle runs cold)."""
    sender, receiver = trio.socket.socketpair()
    with sender, receiver:

        async def drain() -> None:
            for _ in range(wakes):
                await receiver.recv(16)

        started = time.process_time()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(drain)
            for _ in range(wakes):
                await trio.sleep(gap)
                await sender.send(b"x")
        return (time.process_time() - started) / wakes


class LoopLag:
    """How late the event loop runs a 1 ms sleeper: the longest stall since the last `usage`, and how much
    of that stall this process spent on a CPU (busy: GC, long work) rather than waiting for one (another
    process had the core)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.longest_cpu = 0.0

    async def run(self) -> None:
        while True:
            wall, cpu = time.perf_counter(), time.process_time()
            await trio.sleep(0.001)
            late = time.perf_counter() - wall - 0.001
            if late > self.longest:
                self.longest, self.longest_cpu = late, time.process_time() - cpu


async def control_loop(daemon: Any, lag: LoopLag, inner: InnerDelays | None, steps: StepProfile | None) -> None:
    pauses = GCPauses(daemon.core.broker.live_count)
    stdin = trio.lowlevel.FdStream(os.dup(sys.stdin.fileno()))
    buffer = b""
    baseline: tracemalloc.Snapshot | None = None
    counted: dict[str, tuple[int, int]] = {}
    profiler: cProfile.Profile | None = None
    while True:
        data = await stdin.receive_some(65536)
        if not data:
            return
        buffer += data
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            message = json.loads(line)
            command = message["cmd"]
            if command == "quit":
                return
            if command == "inner":
                sys.stdout.write(json.dumps(inner.take() if inner is not None else {}) + "\n")
                sys.stdout.flush()
                continue
            if command == "cprofile_start":  # deterministic profile of what runs until cprofile_top
                profiler = cProfile.Profile()
                profiler.enable()
                sys.stdout.write("{}\n")
                sys.stdout.flush()
                continue
            if command == "cprofile_top":
                assert profiler is not None, "cprofile_start first"
                profiler.disable()
                if "dump" in message:  # the whole profile, for pstats (call counts of every function)
                    profiler.dump_stats(message["dump"])
                text = io.StringIO()
                pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(60)
                profiler = None
                sys.stdout.write(json.dumps({"text": text.getvalue()}) + "\n")
                sys.stdout.flush()
                continue
            if command == "steps":
                sys.stdout.write(json.dumps(steps.take() if steps is not None else {}) + "\n")
                sys.stdout.flush()
                continue
            if command == "wake_floor":
                sys.stdout.write(json.dumps({"seconds": await wake_floor()}) + "\n")
                sys.stdout.flush()
                continue
            if command == "gc":
                gc.collect()
            if command == "trace_start":
                tracemalloc.start(8)
                gc.collect()
                counted = census()
                baseline = tracemalloc.take_snapshot()
            if command == "trace_top":
                assert baseline is not None, "trace_start first"
                gc.collect()
                top = trace_top(baseline, tracemalloc.take_snapshot())
                live = max(1, daemon.core.broker.live_count())
                types = census_top(counted, census(), live)
                sys.stdout.write(json.dumps({"top": top, "types": types}) + "\n")
                sys.stdout.flush()
                tracemalloc.stop()
                continue
            usage = resource.getrusage(resource.RUSAGE_SELF)
            if command == "cpu":  # the cheap one, for sampling during a run
                sys.stdout.write(json.dumps({"rss": rss_bytes(), "cpu": usage.ru_utime + usage.ru_stime}) + "\n")
                sys.stdout.flush()
                continue
            streams = list(daemon.core.broker)
            reply = {
                "rss": rss_bytes(),
                "maxrss": usage.ru_maxrss * 1024,
                "cpu": usage.ru_utime + usage.ru_stime,
                "streams": len(streams),
                "open_streams": daemon.core.broker.live_count(),
                "subscribers": sum(len(s.subscribers) for s in streams),
                "gc": {"count": pauses.count, "total": pauses.total, "longest": pauses.longest,
                       "longest_cpu": pauses.longest_cpu, "longest_generation": pauses.longest_generation,
                       "longest_idle": pauses.longest_idle, "by_generation": pauses.longest_by_generation,
                       "cpu_by_generation": pauses.longest_cpu_by_generation},
                "lag": {"longest": lag.longest, "on_cpu": lag.longest_cpu},
            }
            pauses.longest = pauses.longest_cpu = pauses.longest_idle = 0.0  # the longest since the last `usage`
            pauses.longest_generation = -1
            pauses.longest_by_generation = [0.0, 0.0, 0.0]
            pauses.longest_cpu_by_generation = [0.0, 0.0, 0.0]
            lag.longest = lag.longest_cpu = 0.0
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


async def main(args: argparse.Namespace) -> None:
    if args.settle_passes is not None:
        from cursord.server import runsse

        runsse.MAX_SETTLE_PASSES = args.settle_passes
    spec = ProviderSpec(
        kind=ProviderKind.OPENAI_CHAT,
        name="bench",
        base_url=args.provider,
        api_key_env="BENCH_KEY",
        models=(MODEL,),
    )
    daemon_limits = Limits(max_streams=args.max_streams)
    limits = provider_pool_limits(daemon_limits)  # as `cursord serve` sizes it
    data_dir = Path(tempfile.mkdtemp(prefix="cursord-bench-"))
    async with open_store(data_dir) as store, httpx.AsyncClient(timeout=None, limits=limits) as client:
        if args.commit_delay is not None and isinstance(store.writer, WriterThread):
            store.writer.commit_delay = args.commit_delay
        shared = None if args.per_pass_client else client
        router = ProviderRouter.from_catalog(ModelCatalog((spec,)), ENVIRON, shared)
        hub = None if args.no_tap else TapHub()  # as `cursord serve` runs: the tap's hub observes every stream
        services, parts = agent_parts(router, store, tap=hub)
        if args.no_journal:  # for A/B runs: the stream journal (every frame written to the store) left out
            parts = tuple(p for p in parts if p.restorer is None)
            services.store = None
        if hub is not None:
            parts = (*parts, tap_parts(ensure_tap_token(data_dir), hub))
        async with (
            running_daemon(AgentTurn.factory(services), transport="tcp", limits=daemon_limits, parts=parts) as daemon,
            serve_tcp(floor_app, hypercorn_config(ListenOptions(port=0), 1 << 20)) as floor,
        ):
            assert daemon.address is not None
            lag = LoopLag()
            steps = StepProfile() if args.step_profile else None
            if steps is not None:
                trio.lowlevel.add_instrument(steps)
            async with trio.open_nursery() as nursery:
                broker = daemon.core.broker
                if args.no_young_gc:
                    tune_gc()
                    nursery.start_soon(FullCollections(broker.live_count).run)
                elif not args.default_gc:  # as `cursord serve` does once it listens
                    manage_gc(nursery, broker)
                if args.gc_threshold:
                    gc.set_threshold(*(int(n) for n in args.gc_threshold.split(",")))
                ready = {"port": daemon.address[1], "floor_port": floor[1], "pid": os.getpid()}
                sys.stdout.write(json.dumps(ready) + "\n")
                sys.stdout.flush()
                if args.loop_lag:
                    nursery.start_soon(lag.run)
                await control_loop(daemon, lag, InnerDelays() if args.inner_delays else None, steps)
                nursery.cancel_scope.cancel()
            # Leave without Hypercorn's graceful wait: the benchmark is over.
            shutil.rmtree(data_dir, ignore_errors=True)
            os._exit(0)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("provider", help="base URL of the bench provider")
    parser.add_argument("--per-pass-client", action="store_true", help="an httpx client per pass (no sharing)")
    parser.add_argument(
        "--max-streams", type=int, default=10_000, help="ended streams count for 30 s; the bench makes many"
    )
    parser.add_argument("--no-tap", action="store_true", help="leave out the live tap `cursord serve` installs")
    parser.add_argument("--no-journal", action="store_true", help="leave out the stream journal")
    parser.add_argument(
        "--settle-passes", type=int, help="set cursord.server.runsse.MAX_SETTLE_PASSES (0: send at once)"
    )
    parser.add_argument(
        "--loop-lag", action="store_true", help="watch the event loop's stalls with a 1 ms sleeper (costs CPU)"
    )
    parser.add_argument(
        "--inner-delays", action="store_true", help="time stamped deltas to the daemon's RunSSE send (costs CPU)"
    )
    parser.add_argument("--step-profile", action="store_true", help="time task steps and scheduler batches (costs CPU)")
    parser.add_argument("--default-gc", action="store_true", help="leave out collector.manage_gc (Python's defaults)")
    parser.add_argument(
        "--no-young-gc", action="store_true", help="collector.manage_gc without its young collections at stream changes"
    )
    parser.add_argument("--gc-threshold", help="then gc.set_threshold(...), e.g. 10000,50,100")
    parser.add_argument("--commit-delay", type=float, help="the store writer's commit_delay (seconds; 0: none)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    trio.run(main, parse_args())
