"""Hostile HTTP/2 clients inside the proxy's intercepted TLS (issue 17 on the h2 path): the stream limit is
advertised and enforced, a flood of opened-and-reset streams leaves nothing behind, idle connections are
closed; and offline mode holds on h2. Memory transport (TLS over `memory_stream_pair`), autojump clock:
deterministic.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

import h2.errors
import h2.settings
import trio
import trio.testing

from cursord.config import Limits
from cursord.connect.envelope import encode_envelope
from cursord.connect.errors import Code, error_from_json
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy import H2Peer, InterceptingProxy, ProxyConfig, StreamGone, build_proxy
from cursord.server.assembly import build_core
from cursord.server.models_rpc import SERVER_CONFIG_PATH, SERVER_CONFIG_VERSION, model_rpc_parts
from cursord.testing.editor import BIDI_APPEND, RUN_SSE, UNARY_HEADERS, bidi_request, heartbeat
from cursord.testing.h2_origin import open_h2_client
from cursord.testing.proxy import connect_via_proxy
from cursord.testing.raw_h2 import RawH2Client
from cursord.tls import CaPaths, UpstreamError, client_context
from tests.proxy.test_proxy import CATALOG, Echo

HOST = "api2.cursor.sh"
FORWARDED = "/aiserver.v1.DashboardService/GetTeams"
RESETS = 1_100

Tunnel = Callable[[], Awaitable[trio.abc.Stream]]


@asynccontextmanager
async def memory_proxy(
    tmp_path: Path, limits: Limits | None = None, **settings: object
) -> AsyncIterator[tuple[InterceptingProxy, Tunnel]]:
    """The proxy over cursord's app, reached in memory: `tunnel()` is a TLS stream (ALPN h2) to HOST."""
    parts = (model_rpc_parts(CATALOG),)
    async with build_core(limits or Limits(), Echo, parts) as core, trio.open_nursery() as nursery:
        data_dir = tmp_path / "data"
        config = ProxyConfig(port=0, **settings)  # type: ignore[arg-type]
        proxy = build_proxy(
            core.app, data_dir=data_dir, owns_model=CATALOG, config=config,
            connector=_unreachable, h2_connector=partial(_unreachable, tls=True),
        )
        trust = client_context(CaPaths.in_data_dir(data_dir).cert, alpn=("h2", "http/1.1"))

        async def open_stream() -> trio.abc.Stream:
            await trio.lowlevel.checkpoint()
            client_end, server_end = trio.testing.memory_stream_pair()
            nursery.start_soon(proxy.handle, server_end)
            return client_end

        async def tunnel() -> trio.abc.Stream:
            stream = await connect_via_proxy(open_stream, HOST, 443, ssl_context=trust)
            assert isinstance(stream, trio.SSLStream) and stream.selected_alpn_protocol() == "h2"
            return stream

        yield proxy, tunnel
        nursery.cancel_scope.cancel()


async def _unreachable(host: str, port: int, tls: bool) -> trio.abc.Stream:
    """No test here reaches an upstream: nothing is dialled, ever."""
    await trio.lowlevel.checkpoint()
    raise UpstreamError(f"cannot reach {host}:{port}: the test has no upstream")


def _server_peers() -> list[H2Peer]:
    """The proxy's live HTTP/2 client connections (server side)."""
    return [o for o in gc.get_objects() if isinstance(o, H2Peer) and not o.conn.config.client_side
            and not o.closed.is_set()]


async def test_the_stream_limit_is_advertised_and_enforced(autojump_clock: trio.abc.Clock, tmp_path: Path) -> None:
    async with memory_proxy(tmp_path, max_concurrent_streams=5) as (_, tunnel), trio.open_nursery() as nursery:
        client = RawH2Client(await tunnel())
        other = RawH2Client(await tunnel())
        await client.start(nursery)
        await other.start(nursery)
        await trio.sleep(0.1)
        assert client.remote_max_streams == 5
        body = encode_envelope(agent.BidiRequestId(request_id="held").SerializeToString())
        client.conn.remote_settings = h2.settings.Settings(client=False)  # our own h2 would refuse the 6th
        for _ in range(6):
            client.open(RUN_SSE, body)
        await client.flush()
        await trio.sleep(1)
        assert client.terminated is not None
        assert client.terminated.error_code == h2.errors.ErrorCodes.PROTOCOL_ERROR
        # only that connection ends
        stream_id = other.open(BIDI_APPEND, bidi_request("r", 1, heartbeat()))
        await other.flush()
        await trio.sleep(1)
        assert stream_id in other.answered and other.terminated is None
        nursery.cancel_scope.cancel()


async def test_streams_reset_in_a_flood_leave_nothing_behind(autojump_clock: trio.abc.Clock, tmp_path: Path) -> None:
    async with memory_proxy(tmp_path) as (_, tunnel), trio.open_nursery() as nursery:
        client = RawH2Client(await tunnel())
        await client.start(nursery)
        sse_body = encode_envelope(agent.BidiRequestId(request_id="ghost").SerializeToString())
        for n in range(RESETS):
            client.conn.reset_stream(client.open(BIDI_APPEND, None), h2.errors.ErrorCodes.CANCEL)
            sse_id = client.open(RUN_SSE, sse_body)
            await client.flush()
            await trio.sleep(0.001)
            client.conn.reset_stream(sse_id, h2.errors.ErrorCodes.CANCEL)
            client.conn.reset_stream(client.open(FORWARDED, b"x"), h2.errors.ErrorCodes.CANCEL)
            await client.flush()
            if n % 100 == 0:
                await trio.sleep(0.01)
        await trio.sleep(5)  # past the RunSSE decision wait of the last ones
        (peer,) = _server_peers()
        assert peer.inboxes == {}
        assert peer.conn.open_inbound_streams == 0
        assert client.terminated is None and not client.eof
        last = client.open(BIDI_APPEND, bidi_request("r", 1, heartbeat()))
        await client.flush()
        await trio.sleep(1)
        assert last in client.answered
        nursery.cancel_scope.cancel()


async def test_idle_connections_are_closed(autojump_clock: trio.abc.Clock, tmp_path: Path) -> None:
    async with memory_proxy(tmp_path, idle_timeout=60.0) as (_, tunnel), trio.open_nursery() as nursery:
        client = RawH2Client(await tunnel())
        await client.start(nursery)
        await trio.sleep(4)  # the first stream must come within `first_request_timeout` (5 s)
        assert not client.eof
        stream_id = client.open(BIDI_APPEND, bidi_request("r", 1, heartbeat()))
        await client.flush()
        await trio.sleep(1)
        assert stream_id in client.answered
        await trio.sleep(58)  # the idle time counts from the last stream's end
        assert not client.eof and client.terminated is None
        await trio.sleep(3)
        assert client.eof
        assert client.terminated is not None and client.terminated.error_code == h2.errors.ErrorCodes.NO_ERROR
        nursery.cancel_scope.cancel()


async def test_offline_holds_on_h2(autojump_clock: trio.abc.Clock, tmp_path: Path) -> None:
    async with memory_proxy(tmp_path, offline=True) as (_, tunnel), open_h2_client(await tunnel(), HOST) as client:
        refused = await client.collect(await client.request("POST", FORWARDED, UNARY_HEADERS, b"{}"))
        config = await client.collect(await client.request("POST", SERVER_CONFIG_PATH, UNARY_HEADERS, b""))
    assert refused.ended and refused.status != 200
    error = error_from_json(refused.body)
    assert error.code is Code.UNAVAILABLE and "offline" in error.message
    assert config.status == 200
    assert aiserver.GetServerConfigResponse.FromString(config.body).config_version == SERVER_CONFIG_VERSION


async def test_a_run_body_over_the_limit_is_cursords_to_refuse_on_h2(
    autojump_clock: trio.abc.Clock, tmp_path: Path
) -> None:
    """The routing read stops at `max_inspected_body`; the rest is cursord's, which refuses it unread."""
    limit = 64 << 10
    limits = Limits(max_body_bytes=limit)
    async with memory_proxy(tmp_path, limits, max_inspected_body=limit) as (proxy, tunnel):
        body = bidi_request("big", 1, heartbeat()) + bytes(4 * limit)
        async with open_h2_client(await tunnel(), HOST) as client, trio.open_nursery() as nursery:
            inbox = await client.request("POST", BIDI_APPEND, UNARY_HEADERS)

            async def upload() -> None:
                with contextlib.suppress(StreamGone):  # cursord may answer (and stop the upload) early
                    await client.peer.send_data(inbox.stream_id, body, end_stream=True)

            nursery.start_soon(upload)
            response = await client.collect(inbox)
    assert response.status != 200
    assert error_from_json(response.body).code is Code.RESOURCE_EXHAUSTED
    assert proxy.runs.get("big") is None  # never decoded to route it


async def test_silent_connections_are_closed_within_seconds(autojump_clock: trio.abc.Clock, tmp_path: Path) -> None:
    """Issue 27 #5: the proxy held a connection that sent nothing for 300 s (1,030 of them exhausted
    `ulimit -n 1024` and every turn on the main port failed); the main listener closes one after 5 s."""
    first = ProxyConfig().first_request_timeout
    async with memory_proxy(tmp_path) as (proxy, _), trio.open_nursery() as nursery:

        async def connection() -> trio.abc.Stream:
            client_end, server_end = trio.testing.memory_stream_pair()
            nursery.start_soon(proxy.handle, server_end)
            return client_end

        async def closed_after(stream: trio.abc.Stream) -> float:
            start = trio.current_time()
            with trio.fail_after(first + 1):
                while await stream.receive_some(1 << 16):
                    pass
            return trio.current_time() - start

        # not even a request line
        assert first <= await closed_after(await connection()) < first + 1
        # a CONNECT to an intercepted host, then no TLS ClientHello
        silent_tls = await connection()
        await silent_tls.send_all(f"CONNECT {HOST}:443 HTTP/1.1\r\nhost: {HOST}:443\r\n\r\n".encode())
        assert await closed_after(silent_tls) < first + 1
        nursery.cancel_scope.cancel()
