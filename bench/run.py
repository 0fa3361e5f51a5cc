"""cursord's benchmarks in one command: `python bench/run.py` (about 2 minutes; `--quick`, about 30 s).

Theory of operation.  Three parties, two processes, two cores:

- the daemon: a real cursord (`bench/daemon_proc.py`: the app on Hypercorn over loopback TCP, the agent
  turn, a shared httpx client to the provider, the live tap's hub, as `cursord serve` builds it) in its
  own process, pinned to CPU 0;
- the load: this process, pinned to CPU 1: the stamping fake provider (`bench/stamp_provider.py`), every
  client (`bench/loadgen.py`), and the orchestration.

So client and provider CPU never hides daemon CPU, and the daemon's own CPU time (getrusage, asked over
its stdin) is measured for every run.  Figures that are compared are measured side by side, alternating
in the same run (direct provider vs through cursord, cursord vs the bare-Hypercorn floor), so their
ratios hold on a noisy machine even when the absolute numbers move.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"


def _ensure_venv() -> None:
    """`python bench/run.py` with any python: re-run under the project's venv when there is one."""
    venv = ROOT / ".venv"
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != venv.resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])


if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if __name__ == "__main__":
    _ensure_venv()

import attrs  # noqa: E402
import trio  # noqa: E402

from bench import loadgen, tab_typing  # noqa: E402
from bench.report import Verdict, load_average, machine_lines, median, num, percentile, table, us  # noqa: E402
from bench.stamp_provider import StampProvider, open_stamp_provider  # noqa: E402

DAEMON_CPU, LOAD_CPU = 0, 1
T = TypeVar("T")


@attrs.frozen
class Plan:
    name: str
    latency: tuple[tuple[int, int, float, int], ...]  # (streams, events per stream, gap s, rounds)
    throughput_events: int
    throughput_reps: int
    replay_reps: int
    appends_per_writer: int
    append_writers: int
    scale_streams: int
    scale_events: int
    scale_gap: float
    floor_events: int
    flood_events: int
    flood_reps: int
    curve: tuple[int, ...]  # live streams at each point of the cost curve
    curve_events: int  # deltas per stream there, CURVE_GAP apart


FULL = Plan(
    name="full",
    latency=((1, 300, 0.01, 2), (50, 40, 0.05, 2), (200, 15, 0.2, 2), (200, 30, 0.05, 1)),
    throughput_events=10_000,
    throughput_reps=3,
    replay_reps=9,
    appends_per_writer=250,
    append_writers=8,
    scale_streams=500,
    scale_events=20,
    scale_gap=0.25,
    floor_events=10_000,
    flood_events=10_000,
    flood_reps=3,
    curve=(1, 10, 50, 200, 500),
    curve_events=25,
)
QUICK = Plan(
    name="quick",
    latency=((1, 100, 0.01, 1), (50, 15, 0.05, 1), (200, 6, 0.2, 1), (200, 12, 0.05, 1)),
    throughput_events=10_000,
    throughput_reps=1,
    replay_reps=5,
    appends_per_writer=80,
    append_writers=8,
    scale_streams=500,
    scale_events=4,
    scale_gap=0.25,
    floor_events=10_000,
    flood_events=10_000,
    flood_reps=2,
    curve=(1, 10, 50, 200, 500),
    curve_events=12,
)
SECTIONS = ("scale", "latency", "throughput", "flood", "curve", "replay", "appends", "floor", "tab")
#: seconds between one stream's deltas on the cost curve (5 ev/s per stream, as a real provider's slower end)
CURVE_GAP = 0.2
#: the added latency p99 allowed at 200 streams, by events per second per stream
P99_TARGETS_MS = {5: 5.0, 20: 20.0}
#: daemon CPU per lone event, at most this many times the bare Hypercorn stack's (`floor h2`) in the same run
LONE_EVENT_FLOOR_RATIO = 1.3
#: daemon CPU per event with many streams live (200 x 5 ev/s, and the curve's 500), at most this many times
#: the floor's at the same load
LOADED_FLOOR_RATIO = 1.5
#: daemon CPU per event at 200 streams x 20 ev/s (4,000 ev/s): what keeps a core under its load
LOADED_EVENT_TARGET_US = 200.0
#: the longest cyclic-GC pause while the curve's most streams are live
GC_PAUSE_TARGET_MS = 20.0
#: daemon CPU to start a run (the scale section's starts)
RUN_START_TARGET_MS = 5.0
#: memory per idle stream
IDLE_STREAM_TARGET_KIB = 48


# ---- the daemon process ------------------------------------------------------------------------------------


@attrs.define
class Usage:
    rss: int
    cpu: float
    streams: int
    open_streams: int
    subscribers: int
    gc_longest: float  # the longest cyclic-GC pause while a stream was live, since the previous `usage` (s)
    gc_longest_idle: float  # the longest while none was (the daemon's own full collections)
    gc_longest_cpu: float  # of `gc_longest`: the CPU seconds the collecting thread spent in it
    gc_longest_generation: int  # of `gc_longest`: the generation collected (-1: none)
    gc_by_generation: tuple[float, ...]  # the longest pause while live, per generation collected (0, 1, 2)
    gc_cpu_by_generation: tuple[float, ...]  # the same, in the collecting thread's CPU time
    lag_longest: float  # with --loop-lag: the event loop's longest stall since then, and its time on a CPU
    lag_on_cpu: float


class DaemonProcess:
    """The daemon in its own process: its ports, and `usage()` over its stdin/stdout."""

    def __init__(self, process: trio.Process) -> None:
        self.process = process
        self._buffer = b""
        self.port = self.floor_port = self.pid = 0

    @classmethod
    @asynccontextmanager
    async def start(
        cls, provider_url: str, extra: Sequence[str], pin: bool, root: Path = ROOT
    ) -> AsyncIterator[DaemonProcess]:
        """The daemon of the source tree at `root` (another checkout, for A/B runs against a commit)."""
        command = [sys.executable, str(root / "bench" / "daemon_proc.py"), provider_url, *extra]
        process = await trio.lowlevel.open_process(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        daemon = cls(process)
        try:
            if pin:
                os.sched_setaffinity(process.pid, {DAEMON_CPU})
            with trio.fail_after(30):
                hello: dict[str, Any] = json.loads(await daemon._readline())
            daemon.port, daemon.floor_port, daemon.pid = hello["port"], hello["floor_port"], hello["pid"]
            yield daemon
        finally:
            with trio.move_on_after(5):
                try:
                    assert process.stdin is not None
                    await process.stdin.send_all(b'{"cmd": "quit"}\n')
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    pass
                await process.wait()
            if process.returncode is None:
                process.kill()
                await process.wait()

    async def _readline(self) -> bytes:
        assert self.process.stdout is not None
        while b"\n" not in self._buffer:
            data = await self.process.stdout.receive_some(65536)
            if not data:
                raise RuntimeError("the daemon process exited")
            self._buffer += data
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line

    async def command(self, name: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        await self.process.stdin.send_all(json.dumps({"cmd": name}).encode() + b"\n")
        reply: dict[str, Any] = json.loads(await self._readline())
        return reply

    async def usage(self, *, collect: bool = False) -> Usage:
        reply = await self.command("gc" if collect else "usage")
        pauses = reply.get("gc", {})  # a daemon_proc.py from an older commit (ab.py --a-rev) has none
        return Usage(
            reply["rss"],
            reply["cpu"],
            reply["streams"],
            reply["open_streams"],
            reply["subscribers"],
            pauses.get("longest", math.nan),
            pauses.get("longest_idle", math.nan),
            pauses.get("longest_cpu", math.nan),
            pauses.get("longest_generation", -1),
            tuple(pauses.get("by_generation", (math.nan,) * 3)),
            tuple(pauses.get("cpu_by_generation", (math.nan,) * 3)),
            reply.get("lag", {}).get("longest", math.nan),
            reply.get("lag", {}).get("on_cpu", math.nan),
        )

    async def wait_for(self, what: str, count: int) -> None:
        """Poll until the daemon's `usage()` field `what` reaches `count` (it lives in another process)."""
        with trio.fail_after(60):
            while getattr(await self.usage(), what) < count:  # noqa: ASYNC110 - another process's state
                await trio.sleep(0.05)


#: seconds between two looks at the daemon's CPU time and RSS while a run streams
WATCH_INTERVAL = 0.25


@attrs.frozen
class Watched:
    """The daemon seen during one run: CPU per event while the events flowed (run starts and endings left
    out; nan when the run was too short to see) and the peak RSS."""

    cpu_per_event: float
    peak_rss: int


async def watched(daemon: DaemonProcess, delays: list[int], run: Callable[[], Awaitable[T]]) -> tuple[T, Watched]:
    """Run `run()` while sampling the daemon's CPU time and RSS every WATCH_INTERVAL, with how many events
    (`len(delays)`) had arrived at each look."""
    samples: list[tuple[float, int, int]] = []

    async def watch() -> None:
        while True:
            with trio.CancelScope(shield=True):  # a reply left unread would answer the next command
                reply = await daemon.command("cpu")
            samples.append((reply["cpu"], len(delays), reply["rss"]))
            await trio.sleep(WATCH_INTERVAL)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(watch)
        result = await run()
        nursery.cancel_scope.cancel()
    flowing = [sample for sample in samples if sample[1] > 0]
    expected_done = max((sample[1] for sample in samples), default=0)
    flowing = [sample for sample in flowing if sample[1] < expected_done] or flowing
    cpu = math.nan
    if len(flowing) >= 2 and flowing[-1][1] > flowing[0][1]:
        cpu = (flowing[-1][0] - flowing[0][0]) / (flowing[-1][1] - flowing[0][1])
    return result, Watched(cpu, max((sample[2] for sample in samples), default=0))


# ---- the sections ------------------------------------------------------------------------------------------


@attrs.define
class Results:
    out: list[str] = attrs.field(factory=list)
    verdicts: list[Verdict] = attrs.field(factory=list)

    def section(self, title: str, body: str, notes: Sequence[str] = ()) -> None:
        self.out.append(f"\n== {title}\n{body}")
        self.out.extend(f"   {note}" for note in notes)


async def section_latency(plan: Plan, provider: StampProvider, daemon: DaemonProcess, results: Results) -> None:
    via = loadgen.Daemon(daemon.port)
    modes = (("direct", False), ("cursord h1", False), ("cursord h2", True), ("cursord Run", True), ("floor h2", True))
    rows = []
    wake_cost = math.nan
    for streams, events, gap, rounds in plan.latency:
        samples: dict[str, list[int]] = {name: [] for name, _ in modes}
        live: dict[str, list[int]] = {name: [] for name, _ in modes}  # sent before any stream's last delta
        busy: dict[str, list[float]] = {name: [] for name, _ in modes}
        cost: dict[str, list[float]] = {name: [] for name, _ in modes}
        for round_index in range(rounds):
            for name, http2 in modes:
                before = await daemon.usage()
                arrived: list[int] = []
                if name == "floor h2":
                    run_one = partial(loadgen.floor_latency_run, daemon.floor_port)
                else:
                    run_one = partial(
                        loadgen.latency_run,
                        provider,
                        via=None if name == "direct" else via,
                        run=name == "cursord Run",
                    )
                run, seen = await watched(
                    daemon,
                    arrived,
                    partial(
                        run_one, http2=http2, streams=streams, events=events, gap=gap, seed=round_index, delays=arrived
                    ),
                )
                after = await daemon.usage()
                if len(run.delays_ns) != run.expected:
                    raise RuntimeError(f"latency {name} x{streams}: {len(run.delays_ns)} of {run.expected} events")
                samples[name] += run.delays_ns
                live[name] += run.before_first_ending()
                busy[name].append((after.cpu - before.cpu) / run.seconds)
                whole_run = (after.cpu - before.cpu) / run.expected
                cost[name].append(whole_run if math.isnan(seen.cpu_per_event) else seen.cpu_per_event)
        base = {q: percentile(samples["direct"], q) for q in (0.5, 0.95, 0.99)}
        live_base = percentile(live["direct"], 0.99)
        for name, _ in modes:
            values = samples[name]
            got = {q: percentile(values, q) for q in (0.5, 0.95, 0.99)}
            live_p99 = percentile(live[name], 0.99)
            added = (
                ["", "", "", ""]
                if name == "direct"
                else [*(us(got[q] - base[q]) for q in (0.5, 0.95, 0.99)), us(live_p99 - live_base)]
            )
            daemon_cpu = (
                ["-", "-"] if name == "direct" else [f"{100 * median(busy[name]):.0f}%", num(median(cost[name]) * 1e6)]
            )
            rows.append(
                [
                    str(streams),
                    f"{streams / gap:,.0f}",
                    name,
                    f"{len(values):,}",
                    *(us(got[q]) for q in (0.5, 0.95, 0.99)),
                    us(max(values)),
                    *added,
                    *daemon_cpu,
                ]
            )
            per_stream = round(1 / gap)
            if streams >= 200 and name.startswith("cursord") and per_stream in P99_TARGETS_MS:
                added_live, limit = (live_p99 - live_base) / 1e6, P99_TARGETS_MS[per_stream]
                added_all = (got[0.99] - base[0.99]) / 1e6
                results.verdicts.append(
                    Verdict(
                        f"added latency p99, {streams} streams x {per_stream} ev/s, {name}",
                        f"{added_live:,.1f} ms (endings too: {added_all:,.1f})",
                        f"<= {limit:g} ms",
                        added_live <= limit,
                    )
                )
        if streams == 1:  # lone events: the daemon's CPU per event against the bare stack's, same run
            floor_cost = median(cost["floor h2"]) * 1e6
            wake_cost = (await daemon.command("wake_floor"))["seconds"] * 1e6
            for name in ("cursord h1", "cursord h2"):
                lone = median(cost[name]) * 1e6
                results.verdicts.append(
                    Verdict(
                        f"daemon CPU per lone event, {name} (floor h2: {floor_cost:,.0f} µs, trio wake: "
                        f"{wake_cost:,.0f} µs)",
                        f"{lone:,.0f} µs, {lone / floor_cost:.2f}x floor",
                        f"<= {LONE_EVENT_FLOOR_RATIO:g}x",
                        lone <= LONE_EVENT_FLOOR_RATIO * floor_cost,
                    )
                )
        if streams >= 200:  # many live streams: the daemon's CPU per event against the floor's at that load
            per_stream, floor_cost = round(1 / gap), median(cost["floor h2"]) * 1e6
            for name in ("cursord h1", "cursord h2", "cursord Run"):
                loaded = median(cost[name]) * 1e6
                if per_stream == 5:
                    verdict = Verdict(
                        f"daemon CPU per event, {streams} streams x 5 ev/s, {name} (floor h2: {floor_cost:,.0f} µs)",
                        f"{loaded:,.0f} µs, {loaded / floor_cost:.2f}x floor",
                        f"<= {LOADED_FLOOR_RATIO:g}x",
                        loaded <= LOADED_FLOOR_RATIO * floor_cost,
                    )
                else:
                    verdict = Verdict(
                        f"daemon CPU per event, {streams} streams x {per_stream} ev/s, {name}",
                        f"{loaded:,.0f} µs",
                        f"<= {LOADED_EVENT_TARGET_US:,.0f} µs",
                        loaded <= LOADED_EVENT_TARGET_US,
                    )
                results.verdicts.append(verdict)
        rows.append([""] * 14)
    headers = [
        *("streams", "ev/s", "path", "events", "p50", "p95", "p99", "max"),
        *("+p50", "+p95", "+p99", "+p99 live", "CPU", "µs/ev"),
    ]
    results.section(
        "added latency (µs per event: send stamp -> client receive; + = over direct)",
        table(headers, rows[:-1], right=[True, True, False, *([True] * 11)]),
        [
            "direct: the client reads the fake provider's SSE itself (HTTP/1.1), the baseline. cursord h1/h2:",
            "provider -> cursord -> RunSSE client over HTTP/1.1 / HTTP/2. cursord Run: the same over one bidi",
            "AgentService/Run stream per run (HTTP/2), the run request uploaded on it. floor h2: the bare ASGI",
            "app on the same Hypercorn stack, in the daemon process, stamps and streams the events itself (one",
            "hop, no provider).",
            "Streams start together with random phases; ev/s is the offered load (all streams together).",
            "They send as many deltas each, so they all end within one gap (200 turn endings in 0.2 s on the",
            "last deltas of the others): `+p99 live` counts only the deltas sent before the first stream's last",
            "one, the steady state of every stream live; the targets are checked on it (verdicts show both).",
            "CPU: the daemon process's CPU use during the run (100% = one core); µs/ev: its CPU time per event",
            "while the events flowed (sampled every 0.25 s: run starts and endings left out).",
            f"trio wake: {wake_cost:,.0f} µs of CPU per event for a bare trio task in the daemon's process that",
            "streams lone events (sleeps 10 ms, sends a byte to another task): the floor under any trio server's",
            "lone event on this machine (a process woken from idle runs cold), before HTTP or any cursord work.",
        ],
    )


async def section_throughput(plan: Plan, provider: StampProvider, daemon: DaemonProcess, results: Results) -> None:
    via = loadgen.Daemon(daemon.port)
    rows = []
    events = plan.throughput_events
    for protocol, http2, over_run, subscribers in (
        ("HTTP/1.1", False, False, 1),
        ("HTTP/1.1", False, False, 4),
        ("HTTP/2", True, False, 1),
        ("HTTP/2", True, False, 4),
        ("HTTP/2 Run", True, True, 1),
    ):
        rates, cpus, busy = [], [], []
        for _ in range(plan.throughput_reps):
            before = await daemon.usage()
            run = await loadgen.throughput_run(
                provider, via, http2=http2, subscribers=subscribers, events=events, run=over_run
            )
            after = await daemon.usage()
            rates.append(events / max(run.seconds))
            cpus.append((after.cpu - before.cpu) / events)
            busy.append((after.cpu - before.cpu) * rates[-1] / events)
        rate, cpu = median(rates), median(cpus)
        rows.append(
            [
                protocol,
                str(subscribers),
                num(rate),
                f"{num(min(rates))}-{num(max(rates))}",
                num(cpu * 1e6, 1),
                num(1 / cpu),
                f"{100 * median(busy):.0f}%",
            ]
        )
        if subscribers == 1:
            results.verdicts.append(
                Verdict(f"throughput, 1 subscriber, {protocol}", f"{rate:,.0f} ev/s", ">= 20,000 ev/s", rate >= 20_000)
            )
    results.section(
        f"throughput (one provider stream of {events:,} small deltas, sent as fast as the socket takes them)",
        table(
            ["protocol", "subscribers", "ev/s", "range", "daemon µs/ev", "ev per CPU-s", "daemon busy"],
            rows,
            right=[False, *[True] * 6],
        ),
        [
            "ev/s: provider's first delta byte -> end-stream at the slowest subscriber (median of runs).",
            "daemon µs/ev: daemon CPU time per provider delta (all subscribers); ev per CPU-s = 1 / that,",
            "the rate one core could sustain if nothing else ran on it (steadier than wall time on a busy machine).",
            "daemon busy: daemon CPU time / wall time of the run; below ~100% the daemon was waiting (for its",
            "core, shared with other processes, or for the clients).",
        ],
    )


async def section_flood(plan: Plan, provider: StampProvider, daemon: DaemonProcess, results: Results) -> None:
    """One flood read by the same client straight from the provider and through cursord, alternating."""
    via = loadgen.Daemon(daemon.port)
    events = plan.flood_events
    rates: dict[str, list[float]] = {"direct": [], "cursord h1": [], "cursord h2": [], "direct, bytes only": []}
    for _ in range(plan.flood_reps):
        rates["direct"].append(events / await loadgen.direct_flood(provider, events=events))
        for name, http2 in (("cursord h1", False), ("cursord h2", True)):
            rates[name].append(events / await loadgen.cursord_flood(provider, via, http2=http2, events=events))
        rates["direct, bytes only"].append(events / await loadgen.direct_flood(provider, events=events, decode=False))
    direct = median(rates["direct"])
    rows = []
    for name, values in rates.items():
        rate = median(values)
        rows.append([name, num(rate), f"{num(min(values))}-{num(max(values))}", f"{rate / direct:.0%}"])
        if name.startswith("cursord"):
            results.verdicts.append(
                Verdict(
                    f"one flood through cursord ({name}) vs direct",
                    f"{rate / direct:.0%}",
                    ">= 50%",
                    rate >= direct / 2,
                )
            )
    results.section(
        f"flood ({events:,} small deltas sent as fast as the socket takes them, one client)",
        table(["path", "deltas/s", "range", "of direct"], rows, right=[False, True, True, True]),
        [
            "The same client, decoding as it reads: direct, the provider's SSE and each event's JSON (as any",
            "OpenAI client); cursord h1/h2, each Connect envelope and its AgentServerMessage (as the editor).",
            "Provider's first delta byte -> the client holds the last delta (median of runs). Deltas that reach",
            "cursord in one read leave it merged into one text delta: the text is counted, not the frames.",
            "direct, bytes only: the client collects the bytes and counts the deltas after the clock stopped.",
        ],
    )


#: the paths the cost curve measures: (name, HTTP/2, over AgentService/Run)
CURVE_PATHS = (("HTTP/1.1", False, False), ("HTTP/2", True, False), ("HTTP/2 Run", True, True))
#: the bare ASGI app's lone `/tick` streams at the same load, beside cursord's paths on the curve
CURVE_FLOOR = "floor h2"


async def section_curve(plan: Plan, provider: StampProvider, daemon: DaemonProcess, results: Results) -> None:
    """Daemon CPU per event and RSS as live streams grow, each stream at 1 / CURVE_GAP ev/s."""
    via = loadgen.Daemon(daemon.port)
    rows = []
    most = max(plan.curve)
    #: at the curve's most streams: CPU per event and the longest live GC pause, by path
    at_most: dict[str, tuple[float, float]] = {}
    for streams in plan.curve:
        for protocol, http2, over_run in (*CURVE_PATHS, (CURVE_FLOOR, True, False)):
            before = await daemon.usage()
            arrived: list[int] = []
            if protocol == CURVE_FLOOR:
                run_one = partial(loadgen.floor_latency_run, daemon.floor_port)
            else:
                run_one = partial(loadgen.latency_run, provider, via=via, run=over_run)
            run, seen = await watched(
                daemon,
                arrived,
                partial(
                    run_one,
                    http2=http2,
                    streams=streams,
                    events=plan.curve_events,
                    gap=CURVE_GAP,
                    seed=streams,
                    delays=arrived,
                ),
            )
            after = await daemon.usage()
            if len(run.delays_ns) != run.expected:
                raise RuntimeError(f"cost curve {protocol} x{streams}: {len(run.delays_ns)} of {run.expected} events")
            whole_run = (after.cpu - before.cpu) / run.expected
            if streams == most:
                at_most[protocol] = (seen.cpu_per_event, after.gc_longest)
            rows.append(
                [
                    str(streams),
                    protocol,
                    f"{streams / CURVE_GAP:,.0f}",
                    num(seen.cpu_per_event * 1e6),
                    num(whole_run * 1e6),
                    f"{100 * (after.cpu - before.cpu) / run.seconds:.0f}%",
                    f"{seen.peak_rss / 2**20:,.1f}",
                    us(percentile(run.delays_ns, 0.5)),
                    us(percentile(run.delays_ns, 0.99)),
                    num(after.gc_longest * 1e3, 1),
                    f"{after.gc_longest_cpu * 1e3:.1f} g{after.gc_longest_generation}",
                    " / ".join(f"{pause * 1e3:.1f}" for pause in after.gc_by_generation),
                    " / ".join(f"{pause * 1e3:.1f}" for pause in after.gc_cpu_by_generation),
                    num(after.gc_longest_idle * 1e3, 1),
                ]
            )
    floor_cost = at_most[CURVE_FLOOR][0] * 1e6
    for protocol, _, _ in CURVE_PATHS:
        cost, pause = at_most[protocol][0] * 1e6, at_most[protocol][1] * 1e3
        results.verdicts.append(
            Verdict(
                f"daemon CPU per event, {most} live streams, {protocol} (floor h2: {floor_cost:,.0f} µs)",
                f"{cost:,.0f} µs, {cost / floor_cost:.2f}x floor",
                f"<= {LOADED_FLOOR_RATIO:g}x",
                cost <= LOADED_FLOOR_RATIO * floor_cost,
            )
        )
        results.verdicts.append(
            Verdict(
                f"longest GC pause while {most} streams are live, {protocol}",
                f"{pause:.1f} ms",
                f"<= {GC_PAUSE_TARGET_MS:g} ms",
                pause <= GC_PAUSE_TARGET_MS,
            )
        )
    results.section(
        f"cost curve (live streams, each {1 / CURVE_GAP:g} ev/s, {plan.curve_events} deltas each)",
        table(
            [
                "streams",
                "protocol",
                "ev/s",
                "µs/ev",
                "with starts",
                "CPU",
                "peak RSS MiB",
                "p50",
                "p99",
                "GC ms",
                "its CPU, gen",
                "g0 / g1 / g2",
                "CPU g0 / g1 / g2",
                "idle GC",
            ],
            rows,
            right=[True, False, *[True] * 12],
        ),
        [
            "µs/ev: daemon CPU time per delta while the deltas flowed (sampled every 0.25 s); with starts: over",
            "the whole run, starting the runs included; CPU: the daemon's CPU time over the run's wall time",
            "(100% = one core). peak RSS: the largest of those samples (it rises only past the high-water mark",
            "the sections before left in the heap; memory per stream is the scale section's figure). p50/p99:",
            "send stamp -> client receive, µs (not minus direct). GC ms: the daemon's longest cyclic-GC pause",
            "while a stream was live (what deltas waited for; target <= 20 ms at 500 streams), and the CPU time and",
            "generation of that pause (wall minus CPU: the OS ran another process); g0 / g1 / g2: the longest live",
            "pause of each generation collected (0.0: none), and its CPU g0 / g1 / g2, the longest in the collecting",
            "thread's CPU time (what holds on a shared machine); idle GC: the longest",
            "while none was (the full collections the daemon makes then). HTTP/1.1, HTTP/2: RunSSE + BidiAppend;",
            "HTTP/2 Run: one AgentService/Run stream a run. floor h2: the bare ASGI app on the same Hypercorn",
            "stack streams the same lone events itself (no provider, no cursord), the floor of the verdicts.",
        ],
    )


async def section_replay(plan: Plan, provider: StampProvider, daemon: DaemonProcess, results: Results) -> None:
    via = loadgen.Daemon(daemon.port)
    events = plan.throughput_events
    hold = "replay-hold"
    request_id, frames, size = await loadgen.open_held_run(via, events=events, hold=hold, http2=True)
    rows = []
    times: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(plan.replay_reps):
        for http2 in (False, True):
            times[http2].append(await loadgen.replay_once(via, request_id, http2=http2, size=size, frames=frames))
    provider.release(hold)
    for http2 in (False, True):
        values = [t * 1e3 for t in times[http2]]
        protocol = "HTTP/2" if http2 else "HTTP/1.1"
        rows.append(
            [
                protocol,
                f"{frames:,}",
                f"{size / 1024:,.0f}",
                num(median(values), 1),
                num(min(values), 1),
                num(max(values), 1),
            ]
        )
        results.verdicts.append(
            Verdict(
                f"replay {events:,} events, {protocol} (median)",
                f"{median(values):.1f} ms",
                "<= 20 ms",
                median(values) <= 20,
            )
        )
    results.section(
        f"replay (a client reconnects to an open run whose backlog holds {events:,} deltas)",
        table(["protocol", "frames", "KiB", "median ms", "min ms", "max ms"], rows, right=[False, *[True] * 5]),
        ["from sending the RunSSE request (on a fresh connection) to holding every byte of the backlog."],
    )


async def section_appends(plan: Plan, daemon: DaemonProcess, results: Results) -> None:
    via = loadgen.Daemon(daemon.port)
    rows = []
    writers, per_writer = plan.append_writers, plan.appends_per_writer
    for http2 in (False, True):
        appends, echoes, costs = [], [], []
        for _ in range(2):
            before = await daemon.usage()
            appends.append(await loadgen.appends_run(via, http2=http2, writers=writers, per_writer=per_writer))
            after = await daemon.usage()
            costs.append((after.cpu - before.cpu) / (writers * (per_writer + 1)))
            echoes.append(
                await loadgen.echo_run(daemon.floor_port, http2=http2, writers=writers, per_writer=per_writer, size=60)
            )
        protocol = "HTTP/2" if http2 else "HTTP/1.1"
        rows.append(
            [
                protocol,
                num(median(appends)),
                num(median(costs) * 1e6),
                num(median(echoes)),
                f"{median(appends) / median(echoes):.0%}",
            ]
        )
    results.section(
        f"BidiAppend ({writers} request ids at once, each sends its next append when the last is ACKed)",
        table(
            ["protocol", "appends/s", "daemon µs/append", "echo floor req/s", "of floor"],
            rows,
            right=[False, True, True, True, True],
        ),
        [
            "echo floor: the same client posting the same-size body to a bare ASGI echo app on the same Hypercorn",
            "stack in the daemon process. One keep-alive connection per request id on both protocols (Hypercorn",
            "sends GOAWAY after 1,000 requests on one HTTP/2 connection: keep_alive_max_requests).",
        ],
    )


async def section_floor(plan: Plan, daemon: DaemonProcess, results: Results, throughput_rows: list[str]) -> None:
    rows = []
    for http2 in (False, True):
        for batch in (1, 64):
            rates = [
                await loadgen.floor_stream_run(daemon.floor_port, http2=http2, events=plan.floor_events, batch=batch)
                for _ in range(2)
            ]
            rows.append(["HTTP/2" if http2 else "HTTP/1.1", str(batch), num(median(rates))])
    results.section(
        f"floor: bare ASGI app on the same Hypercorn stack streams {plan.floor_events:,} small envelopes",
        table(["protocol", "envelopes per send", "ev/s"], rows, right=[False, True, True]),
        ["what the HTTP stack alone delivers to the same client; cursord's throughput above is bounded by it."],
    )


async def section_tab(plan: Plan, results: Results) -> None:
    """The Tab typing session (`bench/tab_typing.py`), in this process: cursord's Tab service, the fake model
    and the typing client share the load CPU, so its figures bound cursord's share from above."""
    quick = ["--token-ms", "15", "--every", "40", "--pause", "200", "--think", "1000"]  # about 10 s
    args = tab_typing.parser().parse_args(quick if plan is QUICK else [])
    rows = await tab_typing.run_all(args)
    results.section(
        f"Tab: a typing session ({len(tab_typing.TARGET)} characters, {args.every:g} ms apart, {args.pause:g} ms at "
        f"line ends, {args.think:g} ms at blank lines)",
        table(tab_typing.HEADERS, [f.row() for f in rows], right=[False, *[True] * 8]),
        [
            "felt: StreamCpp sent -> its end, for keystrokes answered before the next; added: felt minus the fake",
            "model's own time for that answer; from cache: keystrokes answered without the model; upstream per",
            "key: model calls (speculative ones included) per keystroke; reached 3.5 s: answers cut by the budget.",
        ],
    )
    for row in rows:
        results.verdicts.append(Verdict(f"Tab typing, {row.model}: from cache", f"{row.from_cache:.0%}", "", None))


async def section_scale(
    plan: Plan, provider: StampProvider, daemon: DaemonProcess, results: Results, *, trace: bool
) -> None:
    via = loadgen.Daemon(daemon.port)
    count = plan.scale_streams // 5 if trace else plan.scale_streams  # tracemalloc slows the daemon 10x
    gate, hold = "scale-gate", "scale-hold"
    base = await daemon.usage(collect=True)
    if trace:
        await daemon.command("trace_start")
    async with AsyncExitStack() as stack:
        responses = await loadgen.open_idle_streams(
            stack, via, count=count, gate=gate, hold=hold, events=plan.scale_events, gap=plan.scale_gap, http2=False
        )
        await daemon.wait_for("subscribers", count)
        with trio.fail_after(60):
            await provider.wait_active(count)
        idle = await daemon.usage(collect=True)
        traced = await daemon.command("trace_top") if trace else {}
        top: list[str] = traced.get("top", [])
        types: list[str] = traced.get("types", [])
        provider.release(gate)
        # Every stream sent step_started before the gate; then its deltas.
        await loadgen.drain(responses, count * (1 + plan.scale_events))
        active = await daemon.usage(collect=True)
        provider.release(hold)
    per_idle = (idle.rss - base.rss) / count
    per_active = (active.rss - base.rss) / count
    start_ms = (idle.cpu - base.cpu) / count * 1e3
    rows = [
        ["daemon at rest (after warm-up)", f"{base.rss / 2**20:,.1f} MiB", ""],
        [f"{count} idle streams", f"{idle.rss / 2**20:,.1f} MiB", f"{per_idle / 1024:,.1f} KiB"],
        [
            f"{count} active streams, {plan.scale_events} deltas each",
            f"{active.rss / 2**20:,.1f} MiB",
            f"{per_active / 1024:,.1f} KiB",
        ],
    ]
    results.verdicts.append(
        Verdict(
            "memory per idle stream",
            f"{per_idle / 1024:,.1f} KiB",
            f"<= {IDLE_STREAM_TARGET_KIB} KiB",
            per_idle <= IDLE_STREAM_TARGET_KIB * 1024,
        )
    )
    results.verdicts.append(
        Verdict(
            "daemon CPU to start a run",
            f"{start_ms:.1f} ms",
            f"<= {RUN_START_TARGET_MS:g} ms",
            start_ms <= RUN_START_TARGET_MS,
        )
    )
    results.section(
        f"scale (daemon RSS with {count} streams at once, HTTP/1.1 RunSSE)",
        table(["state", "daemon RSS", "per stream"], rows, right=[False, True, True]),
        [
            "idle: run started, RunSSE attached, the provider's reply open but silent (waiting for a first token):",
            "the stream actor, its pass task and httpx connection, the RunSSE connection and pump.",
            f"active: the same streams after {plan.scale_events} deltas each "
            f"({count / plan.scale_gap:,.0f} ev/s offered), still open.",
            "RSS after gc.collect() in the daemon; per stream = delta from rest / count.",
            f"starting those runs cost the daemon {start_ms:.1f} ms of CPU each (RunSSE, BidiAppend, prompt and",
            "tool catalogue, provider request and connection).",
        ],
    )
    if top:
        results.section(f"tracemalloc: what {count} idle streams allocated (largest sites)", "\n".join(top))
    if types:
        title = f"what an idle stream keeps alive, by type ({count} streams, GC-tracked objects)"
        results.section(title, "\n".join(types))


async def warm_up(provider: StampProvider, daemon: DaemonProcess) -> None:
    via = loadgen.Daemon(daemon.port)
    for http2 in (False, True):
        await loadgen.throughput_run(provider, via, http2=http2, subscribers=1, events=500)
        await loadgen.latency_run(provider, via=via, http2=http2, streams=4, events=5, gap=0.002, seed=0)
    await loadgen.latency_run(provider, via=None, http2=False, streams=4, events=5, gap=0.002, seed=0)


# ---- profiling -----------------------------------------------------------------------------------------------


async def profile_throughput(plan: Plan, provider: StampProvider, daemon: DaemonProcess, results: Results) -> None:
    """py-spy (sampling, in its own process) on the daemon during throughput runs over both protocols."""
    py_spy = shutil.which("py-spy") or shutil.which("py-spy", path=str(ROOT / ".venv" / "bin"))
    if py_spy is None:
        results.section("profile", "py-spy is not installed (.venv/bin/pip install py-spy); skipped")
        return
    via = loadgen.Daemon(daemon.port)
    raw = Path(tempfile.mkdtemp(prefix="cursord-bench-")) / "daemon.txt"
    command = [py_spy, "record", "--gil", "-p", str(daemon.pid), "-r", "1000", "-f", "raw", "-o", str(raw)]
    spy = await trio.lowlevel.open_process(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    await trio.sleep(1.0)
    for http2 in (False, True):
        for _ in range(2):
            await loadgen.throughput_run(provider, via, http2=http2, subscribers=1, events=plan.throughput_events)
    spy.send_signal(signal.SIGINT)
    with trio.move_on_after(30):
        await spy.wait()
    if spy.returncode is None:
        spy.kill()
    from bench.profile_summary import summarise

    results.section("profile of the daemon during throughput runs (py-spy, % of samples)", summarise(raw))
    shutil.rmtree(raw.parent, ignore_errors=True)


# ---- main ----------------------------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> None:
    plan = QUICK if args.quick else FULL
    sections = args.only.split(",") if args.only else list(SECTIONS)
    if not args.h2_ack_every_frame:
        loadgen.batch_h2_acks()
    pin = not args.no_pin and len(os.sched_getaffinity(0)) >= 2
    if pin:
        os.sched_setaffinity(0, {LOAD_CPU})
    started = time.monotonic()
    load_before = load_average()
    results = Results()
    extra = [*(["--no-tap"] if args.no_tap else []), *shlex.split(args.daemon_args)]
    async with open_stamp_provider() as provider, DaemonProcess.start(provider.base_url, extra, pin) as daemon:
        await warm_up(provider, daemon)
        if "scale" in sections:
            await section_scale(plan, provider, daemon, results, trace=args.tracemalloc)
        if "latency" in sections:
            await section_latency(plan, provider, daemon, results)
        if "throughput" in sections:
            await section_throughput(plan, provider, daemon, results)
        if "flood" in sections:
            await section_flood(plan, provider, daemon, results)
        if "curve" in sections:
            await section_curve(plan, provider, daemon, results)
        if "replay" in sections:
            await section_replay(plan, provider, daemon, results)
        if "appends" in sections:
            await section_appends(plan, daemon, results)
        if "floor" in sections:
            await section_floor(plan, daemon, results, [])
        if "tab" in sections:
            await section_tab(plan, results)
        if args.profile:
            await profile_throughput(plan, provider, daemon, results)
    header = [
        f"cursord bench ({plan.name}), {time.strftime('%Y-%m-%d %H:%M:%S')}, {time.monotonic() - started:.0f} s",
        *machine_lines(ROOT),
        "method  : "
        + (
            f"daemon process pinned to CPU {DAEMON_CPU}; provider + clients in this process, pinned to CPU {LOAD_CPU}"
            if pin
            else "no CPU pinning"
        )
        + f"; load average {load_before} before, {load_average()} after",
    ]
    print("\n".join(header))
    print("\n".join(results.out))
    if results.verdicts:
        print("\n== against the targets")
        rows = [v.row() for v in results.verdicts]
        print(table(["figure", "measured", "target", ""], rows, right=[False, True, True, False]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the ~30 s version")
    parser.add_argument("--only", help=f"comma-separated sections: {','.join(SECTIONS)}")
    parser.add_argument("--profile", action="store_true", help="also profile the daemon (needs py-spy)")
    parser.add_argument("--tracemalloc", action="store_true", help="where the idle streams' memory goes")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the two processes to CPUs")
    parser.add_argument(
        "--h2-ack-every-frame",
        action="store_true",
        help="HTTP/2 clients send a WINDOW_UPDATE per DATA frame (cursord.testing's default) instead of batching",
    )
    parser.add_argument("--no-tap", action="store_true", help="run the daemon without the live tap's hub")
    parser.add_argument("--daemon-args", default="", help="more bench/daemon_proc.py options, e.g. '--no-journal'")
    trio.run(run, parser.parse_args(argv))


if __name__ == "__main__":
    main()
