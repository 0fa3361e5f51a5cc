"""Side-by-side A/B of two daemon configurations: `python bench/ab.py --b "--no-journal"`.

Two daemon processes (`bench/daemon_proc.py`, A with `--a` arguments, B with `--b`) run at once, both
pinned to CPU 0 but only one measured at a time: every measurement alternates A, B, A, B ... so machine
noise falls on both alike, and the table gives medians and the ratio B/A.  Figures: throughput (one
provider stream of 10,000 deltas, one subscriber, HTTP/1.1 and HTTP/2, with the daemon's CPU per event)
and added latency at 1 stream (HTTP/1.1 and HTTP/2), 50 concurrent streams (HTTP/1.1) and 200 (5 and
20 ev/s each, HTTP/1.1 and HTTP/2), with the daemon's CPU per event while events flowed, and with the run
starts counted in.

`--a-rev REV` runs daemon A from commit REV (exported with `git archive`) and B from the working tree:
`python bench/ab.py --a-rev HEAD` measures the uncommitted change.

The regression guard, run before a merge (bench/README.md, "Before a merge"): `python bench/ab.py --a-rev main
--guard 1.05` exits 1 when any cost figure of B (`GUARDED`: CPU per event, per event with run starts, per
append) is more than 5 % above A's, naming each.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from contextlib import AsyncExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import trio  # noqa: E402

from bench import loadgen  # noqa: E402
from bench.report import load_average, machine_lines, median, percentile, table  # noqa: E402
from bench.run import LOAD_CPU, DaemonProcess, watched  # noqa: E402
from bench.stamp_provider import StampProvider, open_stamp_provider  # noqa: E402


async def throughput(provider: StampProvider, daemon: DaemonProcess, http2: bool) -> dict[str, float]:
    before = await daemon.usage()
    run = await loadgen.throughput_run(provider, loadgen.Daemon(daemon.port), http2=http2, subscribers=1, events=10_000)
    after = await daemon.usage()
    return {"ev/s": 10_000 / max(run.seconds), "µs/ev": (after.cpu - before.cpu) / 10_000 * 1e6}


#: whether the daemons time deltas to their RunSSE send (--loop-lag starts them with --inner-delays)
INNER = False


async def latency(
    provider: StampProvider, daemon: DaemonProcess, streams: int, events: int, gap: float, http2: bool = False
) -> dict[str, float]:
    before = await daemon.usage()
    arrived: list[int] = []
    run, seen = await watched(
        daemon,
        arrived,
        partial(
            loadgen.latency_run,
            provider,
            via=loadgen.Daemon(daemon.port),
            http2=http2,
            streams=streams,
            events=events,
            gap=gap,
            seed=1,
            delays=arrived,
        ),
    )
    after = await daemon.usage()
    figures = {
        "p50 µs": percentile(run.delays_ns, 0.5) / 1e3,
        "p99 µs": percentile(run.delays_ns, 0.99) / 1e3,
        "p99 µs live": percentile(run.before_first_ending(), 0.99) / 1e3,
        "µs/ev": seen.cpu_per_event * 1e6,
        "µs/ev, starts too": (after.cpu - before.cpu) / len(run.delays_ns) * 1e6,
        "GC max ms": after.gc_longest * 1e3,
    }
    if INNER:
        figures |= {f"daemon part {k} ms": v for k, v in (await daemon.command("inner")).items()}
        figures |= {"stall ms": after.lag_longest * 1e3, "stall on CPU ms": after.lag_on_cpu * 1e3}
    return figures


#: runs started at once by one `starts` measure (as the scale section starts its 500, fewer)
STARTS = 50


async def starts(provider: StampProvider, daemon: DaemonProcess) -> dict[str, float]:
    """CPU per run start: `STARTS` runs started at once as the scale section starts them (HTTP/1.1: RunSSE
    attached, run_request uploaded, the provider's reply open), then one delta each and their endings."""
    gate, hold = loadgen.new_request_id("ab-gate"), loadgen.new_request_id("ab-hold")
    before = await daemon.usage()
    async with AsyncExitStack() as stack:
        responses = await loadgen.open_idle_streams(
            stack, loadgen.Daemon(daemon.port), count=STARTS, gate=gate, hold=hold, events=1, gap=0.01, http2=False
        )
        await daemon.wait_for("subscribers", STARTS)
        with trio.fail_after(60):
            await provider.wait_active(STARTS)
        started = await daemon.usage()
        provider.release(gate)
        await loadgen.drain(responses, STARTS * 2)  # step_started and the delta
        provider.release(hold)
    return {"ms/start": (started.cpu - before.cpu) / STARTS * 1e3}


async def appends(daemon: DaemonProcess, http2: bool) -> dict[str, float]:
    before = await daemon.usage()
    rate = await loadgen.appends_run(loadgen.Daemon(daemon.port), http2=http2, writers=8, per_writer=80)
    after = await daemon.usage()
    return {"appends/s": rate, "µs/append": (after.cpu - before.cpu) / (8 * 81) * 1e6}


@contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """The source tree of commit `rev` in a temporary directory (`git archive`), for daemon A."""
    with tempfile.TemporaryDirectory(prefix="cursord-ab-") as tmp:
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        yield Path(tmp)


#: the figures the guard holds B to: CPU per event, per event with its run's start counted in, per run
#: start, per append
GUARDED = ("µs/ev", "µs/ev, starts too", "ms/start", "µs/append")


def over_the_guard(rows: list[list[str]], ratio: float) -> list[list[str]]:
    """The guarded rows (`measure`, `figure`, A, B, B/A) whose B/A is above `ratio`."""
    return [row for row in rows if row[1] in GUARDED and row[4] != "-" and float(row[4]) > ratio]


def still_over(first_over: list[list[str]], rows: list[list[str]], ratio: float) -> list[list[str]]:
    """The figures that fail the guard: over it after the first reps and still over with every rep counted
    (the first reps and the ones that measured the flagged figures again)."""
    flagged = {(row[0], row[1]) for row in first_over}
    return [row for row in over_the_guard(rows, ratio) if (row[0], row[1]) in flagged]


def guard_line(row: list[str]) -> str:
    name, key, a, b, b_over_a = row
    return f"{name} {key}: B/A {b_over_a} (A {a}, B {b})"


def median_rows(got: dict[str, dict[str, dict[str, list[float]]]]) -> list[list[str]]:
    """One row per measure and figure: medians of A and B over every rep so far, and B/A."""
    rows = []
    for name, sides in got.items():
        for key in sides["A"]:
            a, b = median(sides["A"][key]), median(sides["B"][key])
            rows.append([name, key, f"{a:,.1f}", f"{b:,.1f}", f"{b / a:.3f}" if a else "-"])
    return rows


async def main(args: argparse.Namespace) -> int:
    loadgen.batch_h2_acks()
    pin = len(os.sched_getaffinity(0)) >= 2
    if pin:
        os.sched_setaffinity(0, {LOAD_CPU})
    load_before = load_average()
    measures: dict[str, Callable[[StampProvider, DaemonProcess], Awaitable[dict[str, float]]]] = {
        "throughput h1": lambda p, d: throughput(p, d, False),
        "throughput h2": lambda p, d: throughput(p, d, True),
        "latency 1 stream h1": lambda p, d: latency(p, d, 1, args.events, 0.01),
        "latency 1 stream h2": lambda p, d: latency(p, d, 1, args.events, 0.01, http2=True),
        "latency 50 streams h1": lambda p, d: latency(p, d, 50, max(10, args.events // 10), 0.05),
        "latency 200 streams h1": lambda p, d: latency(p, d, 200, max(6, args.events // 20), 0.2),
        "latency 200 streams h2": lambda p, d: latency(p, d, 200, max(6, args.events // 20), 0.2, http2=True),
        "latency 200x20 h1": lambda p, d: latency(p, d, 200, max(12, args.events // 10), 0.05),
        "latency 200x20 h2": lambda p, d: latency(p, d, 200, max(12, args.events // 10), 0.05, http2=True),
        "starts h1": lambda p, d: starts(p, d),
        "appends h1": lambda p, d: appends(d, False),
    }
    if args.only:
        measures = {name: measure for name, measure in measures.items() if any(w in name for w in args.only.split(","))}
    got: dict[str, dict[str, dict[str, list[float]]]] = {name: {"A": {}, "B": {}} for name in measures}
    global INNER
    INNER = args.loop_lag
    lag = " --loop-lag --inner-delays" if args.loop_lag else ""
    lag += " --step-profile" if args.steps else ""
    extras = {"A": args.a + lag, "B": args.b + lag}
    profiles: dict[str, dict[str, Any]] = {}
    async with AsyncExitStack() as stack:
        roots = {"A": ROOT, "B": ROOT}
        if args.a_rev:
            roots["A"] = stack.enter_context(checkout(args.a_rev))
        provider = await stack.enter_async_context(open_stamp_provider())
        daemons = {
            side: await stack.enter_async_context(
                DaemonProcess.start(provider.base_url, shlex.split(extra), pin, roots[side])
            )
            for side, extra in extras.items()
        }
        for daemon in daemons.values():  # warm up
            await throughput(provider, daemon, False)
            await latency(provider, daemon, 4, 5, 0.002)
            if args.steps:
                await daemon.command("steps")  # the warm-up's steps left out

        async def run_reps(names: list[str], reps: int) -> None:
            for rep in range(reps):
                for name in names:
                    for side in "AB" if rep % 2 == 0 else "BA":
                        for key, value in (await measures[name](provider, daemons[side])).items():
                            got[name][side].setdefault(key, []).append(value)

        await run_reps(list(measures), args.reps)
        first_over = over_the_guard(median_rows(got), args.guard) if args.guard is not None else []
        if first_over and args.confirm:
            # A figure over the guard is measured again, and fails only if it is still over with every rep
            # counted: CPU per event moves by up to 8 % between runs on a shared machine.
            await run_reps(sorted({row[0] for row in first_over}), args.confirm)
        if args.steps:
            profiles = {side: await daemon.command("steps") for side, daemon in daemons.items()}
    rows = median_rows(got)
    print("\n".join(machine_lines(ROOT)))
    print(f"A: daemon_proc.py {args.a or '(defaults)'}" + (f" at {args.a_rev}" if args.a_rev else ""))
    print(f"B: daemon_proc.py {args.b or '(defaults)'}")
    print(f"{args.reps} alternating reps; load average {load_before} before, {load_average()} after\n")
    print(table(["measure", "figure", "A (median)", "B (median)", "B/A"], rows, right=[False, False, True, True, True]))
    for side, profile in profiles.items():
        print(
            f"\n{side}: {profile['batches']:,} scheduler batches; "
            + ", ".join(f"{q} {b['ms']:.1f} ms ({b['steps']} steps)" for q, b in profile["batch"].items())
        )
        task_rows = [
            [t["task"], f"{t['steps']:,}", f"{t['total ms']:,.0f}", f"{t['mean µs']:,.0f}", f"{t['max ms']:,.1f}"]
            for t in profile["tasks"]
        ]
        print(
            table(["task", "steps", "total ms", "mean µs", "max ms"], task_rows, right=[False, True, True, True, True])
        )
    if args.guard is None:
        return 0
    over = still_over(first_over, rows, args.guard)
    if first_over:
        print(f"\nguard {args.guard:.2f}: first {args.reps} reps put {len(first_over)} figure(s) over:")
        for row in first_over:
            print(f"  {guard_line(row)}")
        if args.confirm:
            print(f"measured again, {args.confirm} more reps (the table above counts every rep)")
    print(f"\nguard {args.guard:.2f}: " + ("passed" if not over else f"{len(over)} figure(s) over"))
    for row in over:
        print(f"  {guard_line(row)}")
    return 1 if over else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", default="", help="daemon_proc.py arguments for A (default: none)")
    parser.add_argument("--b", default="", help="daemon_proc.py arguments for B")
    parser.add_argument("--a-rev", help="run daemon A from this commit (e.g. HEAD: the working tree's changes are B)")
    parser.add_argument("--reps", type=int, default=6)
    parser.add_argument(
        "--loop-lag", action="store_true", help="also report the daemons' event-loop stalls and their part of the delay"
    )
    parser.add_argument(
        "--steps", action="store_true", help="profile the daemons' task steps and scheduler batches (costs CPU)"
    )
    parser.add_argument("--only", help="comma-separated parts of measure names, e.g. 'latency 200,throughput'")
    parser.add_argument("--events", type=int, default=200, help="deltas per latency stream at 1 stream")
    parser.add_argument(
        "--guard", type=float, metavar="RATIO", help="exit 1 if a CPU cost figure of B is over RATIO times A's (1.05)"
    )
    parser.add_argument(
        "--confirm",
        type=int,
        default=4,
        metavar="REPS",
        help="with --guard: measure a figure over the guard this many reps more; it fails only if still over (0: no)",
    )
    sys.exit(trio.run(main, parser.parse_args()))
