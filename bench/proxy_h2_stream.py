"""One large HTTP/2 stream through the intercepting proxy, both ways at once, over real loopback sockets.

An h2 client CONNECTs through the proxy and opens one stream to a forwarded path on a fake h2 origin
(`cursord.testing.h2_origin`), which echoes every chunk back as it reads it: `--mb` MB go up and the same
come down, every hop paced by HTTP/2 flow control. Prints the throughput, the process RSS before and at its
peak (client, proxy and origin share this process), and the worst event-loop stall.

    .venv/bin/python -m bench.proxy_h2_stream --mb 256
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

import trio

from bench.slow_readers import LoopLag, rss_mb
from cursord.config import Limits, ModelCatalog
from cursord.proxy import Data, End, H2Exchange, Lost, ProxyConfig, Reset, build_proxy
from cursord.server.assembly import build_core
from cursord.testing.behaviours import Echo
from cursord.testing.h2_origin import H2OriginRequest, open_fake_h2_origin, open_h2_client
from cursord.testing.proxy import connect_via_proxy
from cursord.tls import CaPaths, client_context

HOST = "api2.cursor.sh"
CHUNK = 1 << 16


async def echo_stream(request: H2OriginRequest, exchange: H2Exchange) -> None:
    peer, sid = exchange.peer, exchange.stream_id
    await peer.send_headers(sid, [(b":status", b"200")])
    while (chunk := await exchange.body.next_chunk()) is not None:
        await peer.send_data(sid, chunk)
    await peer.send_headers(sid, [(b"grpc-status", b"0")], end_stream=True)


async def main(args: argparse.Namespace) -> None:
    total = args.mb << 20
    lag = LoopLag()
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        async with (
            open_fake_h2_origin(directory / "origin", {"/echo": echo_stream}) as origin,
            build_core(Limits(), Echo, ()) as core,
            trio.open_nursery() as nursery,
        ):
            config = ProxyConfig(port=0, upstream_overrides={HOST: origin.address}, allowed_ports=frozenset({443}))
            proxy = build_proxy(
                core.app,
                data_dir=directory / "data",
                owns_model=ModelCatalog([]),
                config=config,
                upstream_h2_ssl=origin.client_context(),
            )
            (address, *_) = await nursery.start(proxy.serve)
            nursery.start_soon(lag.run)
            trust = client_context(CaPaths.in_data_dir(directory / "data").cert, alpn=("h2",))
            before = rss_mb()
            stream = await connect_via_proxy(address, HOST, 443, ssl_context=trust)
            received = 0
            start = time.perf_counter()
            async with open_h2_client(stream, HOST) as client:
                inbox = await client.request("POST", "/echo")

                async def upload() -> None:
                    block = bytes(CHUNK)
                    for _ in range(total // CHUNK):
                        await client.peer.send_data(inbox.stream_id, block)
                    await client.peer.end_stream(inbox.stream_id)

                async with trio.open_nursery() as pumps:
                    pumps.start_soon(upload)
                    while not isinstance(item := await inbox.receive.receive(), End | Reset | Lost):
                        if isinstance(item, Data):  # counted, not kept, and handed back at once
                            received += len(item.data)
                            await client.peer.acknowledge(inbox, item.flow_length)
            elapsed = time.perf_counter() - start
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            nursery.cancel_scope.cancel()
    print(
        f"{args.mb} MB up and {received / (1 << 20):.0f} MB down through the proxy in {elapsed:.2f} s: "
        f"{2 * args.mb / elapsed:.0f} MB/s both ways together"
    )
    print(f"RSS {before:.0f} MB before, peak {peak:.0f} MB; worst loop stall {lag.worst * 1000:.0f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=int, default=64)
    trio.run(main, parser.parse_args())
