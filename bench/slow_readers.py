"""RunSSE readers that never read (issue 17 #6): how much memory the daemon holds for them.

One run publishes `--mb` MB of output (1 KiB text deltas); `--readers` RunSSE connections ask for it
and never read a byte. Prints the process RSS before, once the daemon has written all it can to them,
and after they have closed, and how many readers the daemon cut as stalled.

    .venv/bin/python bench/slow_readers.py --readers 100 --mb 10 --http2

Runs the daemon in this process over loopback (`running_daemon(transport="tcp")`), real clock; the
clients are raw sockets that write their request and nothing else, so they add almost nothing to RSS.
"""

from __future__ import annotations

import argparse
import gc
import resource
import time

import attrs
import h2.config
import h2.connection
import trio

from cursord.config import Limits
from cursord.connect.envelope import encode_envelope
from cursord.connect.errors import ConnectError
from cursord.core.intents import RunRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.memory import return_freed_blocks_to_the_os
from cursord.streams.active import ActiveStream, StreamBehaviour
from cursord.testing.behaviours import text_update
from cursord.testing.editor import RUN_SSE, STREAM_HEADERS, run_request
from cursord.testing.harness import running_daemon

DELTA = "x" * 1000


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


@attrs.define
class Flood(StreamBehaviour):
    stream: ActiveStream
    megabytes: int

    async def handle(self, item: object) -> None:
        if isinstance(item, RunRequested):
            for n in range(self.megabytes * 1024):
                self.stream.publish(text_update(DELTA))
                if n % 64 == 0:
                    await trio.lowlevel.checkpoint()
            self.stream.end(None)

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


def h1_request(request_id: str) -> bytes:
    body = encode_envelope(agent.BidiRequestId(request_id=request_id).SerializeToString())
    head = f"POST {RUN_SSE} HTTP/1.1\r\nhost: bench\r\ncontent-length: {len(body)}\r\n"
    head += "".join(f"{k.decode()}: {v.decode()}\r\n" for k, v in STREAM_HEADERS)
    return head.encode() + b"\r\n" + body


def h2_request(request_id: str) -> bytes:
    conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
    conn.initiate_connection()
    conn.increment_flow_control_window(2**31 - 1 - 65535)  # a reader that promises to take everything
    conn.update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 2**31 - 1})
    body = encode_envelope(agent.BidiRequestId(request_id=request_id).SerializeToString())
    headers = [(":method", "POST"), (":scheme", "http"), (":authority", "bench"), (":path", RUN_SSE)]
    conn.send_headers(1, headers + [(k.decode(), v.decode()) for k, v in STREAM_HEADERS])
    conn.send_data(1, body, end_stream=True)
    return conn.data_to_send()


@attrs.define
class LoopLag:
    """The worst lateness of a 10 ms sleep: how long the event loop went without a scheduler pass."""

    worst: float = 0.0

    async def run(self) -> None:
        while True:
            start = time.monotonic()
            await trio.sleep(0.01)
            self.worst = max(self.worst, time.monotonic() - start - 0.01)


async def main(args: argparse.Namespace) -> None:
    limits = Limits(send_stall_seconds=args.stall) if args.stall else Limits()
    if not args.keep_malloc:
        return_freed_blocks_to_the_os()

    def factory(stream: ActiveStream) -> Flood:
        return Flood(stream, args.mb)

    lag = LoopLag()
    async with running_daemon(factory, transport="tcp", limits=limits) as daemon, trio.open_nursery() as nursery:
        assert daemon.address is not None
        nursery.start_soon(lag.run)
        gc.collect()
        before = rss_mb()
        sockets = []
        for _ in range(args.readers):
            sock = await trio.open_tcp_stream(*daemon.address)
            await sock.send_all(h2_request("flood") if args.http2 else h1_request("flood"))
            sockets.append(sock)
        async with daemon.editor(http2=False) as editor:
            await editor.append("flood", run_request("go", model="m"))
        start = time.monotonic()
        peak = rss_mb()
        while time.monotonic() - start < args.settle:
            await trio.sleep(0.25)
            peak = max(peak, rss_mb())
        for sock in sockets:
            await sock.aclose()
        await trio.sleep(1.0)
        gc.collect()
        after = rss_mb()
        counters = daemon.core.app.counters
        print(
            f"readers={args.readers} output={args.mb} MB {'h2' if args.http2 else 'http/1.1'}: RSS before "
            f"{before:.0f} MB, peak {peak:.0f} MB, after close {after:.0f} MB "
            f"(max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB); "
            f"connections cut as stalled: {counters.stalled_connections_cut}; "
            f"worst event-loop stall {lag.worst * 1000:.0f} ms"
        )
        nursery.cancel_scope.cancel()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--mb", type=int, default=10)
    parser.add_argument("--http2", action="store_true")
    parser.add_argument("--settle", type=float, default=8.0, help="seconds to let the daemon write")
    parser.add_argument("--stall", type=float, default=0.0, help="limits.send_stall_seconds (default: its default)")
    parser.add_argument("--keep-malloc", action="store_true", help="leave glibc's moving mmap threshold as it is")
    trio.run(main, parser.parse_args())
