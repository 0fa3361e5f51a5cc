"""Instructions per run start, counted: `python bench/start_cost.py [--a-rev main] [--starts 50] [--reps 2]`.

CPU time per run start moves by 20 % from one round to the next on a shared machine, more than most changes
to a start are worth. An instruction count does not: the daemon (`bench/daemon_proc.py`, as `bench/run.py`
builds it, but for the young collections it makes on a clock, which a daemon slowed down 50x would make 50x as
often) runs under valgrind's callgrind with instrumentation off, and it is switched on only while `--starts`
runs are started at once as the scale section starts them (RunSSE attached, the run_request uploaded by
BidiAppend on its own connection, the provider's reply open but silent), after a collection. The figure is
every instruction the process ran in that window (event loop and store writer thread alike) per start.
Two daemons of the same tree read within about 4 % of each other (the writer's batches and the scheduler's
order differ from run to run); the main tree alone repeated within 0.1 %.

`--a-rev REV` counts the tree of commit REV too (`git archive`, as `bench/ab.py` does), alternating with the
working tree. Needs valgrind (`callgrind_control` on the PATH); about a minute per daemon.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import AsyncExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import trio  # noqa: E402

from bench import loadgen  # noqa: E402
from bench.ab import checkout  # noqa: E402
from bench.run import DAEMON_CPU, LOAD_CPU, DaemonProcess  # noqa: E402
from bench.stamp_provider import StampProvider, open_stamp_provider  # noqa: E402


async def count(provider: StampProvider, root: Path, starts: int, out: Path) -> float:
    """Instructions per start of the daemon of the tree at `root`, over `starts` run starts."""
    script = root / "bench" / "daemon_proc.py"
    command = [
        "valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", sys.executable,
        str(script), provider.base_url,
    ]
    if "--no-young-gc" in await trio.Path(script).read_text():  # (a tree from before it had none)
        command.append("--no-young-gc")  # collections on a clock: under valgrind, 50x as many a start
    process = await trio.lowlevel.open_process(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    daemon = DaemonProcess(process)
    if len(os.sched_getaffinity(0)) >= 2:
        os.sched_setaffinity(process.pid, {DAEMON_CPU})
    try:
        with trio.fail_after(300):
            daemon.port = json.loads(await daemon._readline())["port"]
        await start_runs(provider, daemon, 10, None)  # warm: the first runs list the store, fill the caches
        await start_runs(provider, daemon, starts, process.pid)
        await callgrind_control("--dump", process.pid)
    finally:
        assert process.stdin is not None
        await process.stdin.send_all(b'{"cmd": "quit"}\n')
        with trio.move_on_after(60):
            await process.wait()
        if process.returncode is None:
            process.kill()
    dumped = [line for line in (await trio.Path(f"{out}.1").read_text()).splitlines() if line.startswith("totals:")]
    return int(dumped[0].split()[1]) / starts


async def start_runs(provider: StampProvider, daemon: DaemonProcess, starts: int, counted: int | None) -> None:
    """`starts` runs started at once, counted (instrumentation on) if `counted` names the daemon's pid."""
    gate, hold = loadgen.new_request_id("cost-gate"), loadgen.new_request_id("cost-hold")
    await daemon.usage(collect=True)
    if counted is not None:
        await callgrind_control("--instr=on", counted)
    async with AsyncExitStack() as stack:
        responses = await loadgen.open_idle_streams(
            stack, loadgen.Daemon(daemon.port), count=starts, gate=gate, hold=hold, events=1, gap=0.01, http2=False
        )
        await daemon.wait_for("subscribers", starts)
        with trio.fail_after(600):  # the daemon runs 50x slower while counted
            await provider.wait_active(starts)
        if counted is not None:
            await callgrind_control("--instr=off", counted)
        provider.release(gate)
        await loadgen.drain(responses, starts * 2)
        provider.release(hold)


async def callgrind_control(option: str, pid: int) -> None:
    await trio.run_process(["callgrind_control", option, str(pid)], capture_stdout=True, capture_stderr=True)


async def main(args: argparse.Namespace) -> None:
    if shutil.which("callgrind_control") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    if len(os.sched_getaffinity(0)) >= 2:
        os.sched_setaffinity(0, {LOAD_CPU})
    loadgen.batch_h2_acks()
    got: dict[str, list[float]] = {"A": [], "B": []}
    with tempfile.TemporaryDirectory(prefix="cursord-cost-") as tmp:
        async with AsyncExitStack() as stack:
            roots = {"B": ROOT}
            if args.a_rev:
                roots["A"] = stack.enter_context(checkout(args.a_rev))
            provider = await stack.enter_async_context(open_stamp_provider())
            for rep in range(args.reps):
                for side in sorted(roots) if rep % 2 == 0 else sorted(roots, reverse=True):
                    figure = await count(provider, roots[side], args.starts, Path(tmp) / f"{side}{rep}.out")
                    got[side].append(figure)
                    tree = args.a_rev if side == "A" else "working tree"
                    print(f"{side} ({tree}): {figure / 1e6:.3f} M instructions a start", flush=True)
    if got["A"]:
        a, b = min(got["A"]), min(got["B"])
        print(f"B/A (fewest of each): {b / a:.3f}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a-rev", help="also count the tree of this commit (A), alternating")
    parser.add_argument("--starts", type=int, default=50, help="runs started at once while counted")
    parser.add_argument("--reps", type=int, default=2, help="daemons counted per side")
    return parser.parse_args(argv)


if __name__ == "__main__":
    trio.run(main, parse_args())
