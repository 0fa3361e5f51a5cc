"""The HTTP/2 reset flood of issue 17 #1, over real sockets: the daemon must live, stay small and responsive.

One connection loops BidiAppend HEADERS + RST_STREAM, another RunSSE HEADERS + DATA + RST_STREAM, for
`--seconds`. Prints the streams each opened, the process RSS before and after, the worst event-loop
stall, and whether a BidiAppend on each connection is still answered at the end.

    .venv/bin/python -m bench.h2_reset_flood --seconds 30
"""

from __future__ import annotations

import argparse
import time

import h2.errors
import trio
import trio.lowlevel

from bench.slow_readers import LoopLag, rss_mb
from cursord.connect.envelope import encode_envelope
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.behaviours import Echo
from cursord.testing.editor import BIDI_APPEND, RUN_SSE, bidi_request, heartbeat
from cursord.testing.harness import running_daemon
from cursord.testing.raw_h2 import RawH2Client


async def main(args: argparse.Namespace) -> None:
    lag = LoopLag()
    async with running_daemon(Echo, transport="tcp") as daemon, trio.open_nursery() as nursery:
        assert daemon.address is not None
        nursery.start_soon(lag.run)
        before = rss_mb()
        sse = RawH2Client(await trio.open_tcp_stream(*daemon.address))
        bidi = RawH2Client(await trio.open_tcp_stream(*daemon.address))
        await sse.start(nursery)
        await bidi.start(nursery)
        sse_body = encode_envelope(agent.BidiRequestId(request_id="ghost").SerializeToString())
        opened = 0
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline and not (sse.eof or bidi.eof):
            bidi.conn.reset_stream(bidi.open(BIDI_APPEND, None), h2.errors.ErrorCodes.CANCEL)
            await bidi.flush()
            sse_id = sse.open(RUN_SSE, sse_body)
            await sse.flush()
            await trio.lowlevel.checkpoint()
            sse.conn.reset_stream(sse_id, h2.errors.ErrorCodes.CANCEL)
            await sse.flush()
            opened += 2
        last = []
        for client in (sse, bidi):
            last.append(client.open(BIDI_APPEND, bidi_request("probe", 1, heartbeat())))
            await client.flush()
        await trio.sleep(1)
        alive = last[0] in sse.answered and last[1] in bidi.answered
        print(
            f"{opened} streams opened and reset in {args.seconds:g} s; both connections still answer: {alive}; "
            f"RSS {before:.0f} -> {rss_mb():.0f} MB; worst event-loop stall {lag.worst * 1000:.0f} ms"
        )
        nursery.cancel_scope.cancel()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    trio.run(main, parser.parse_args())
