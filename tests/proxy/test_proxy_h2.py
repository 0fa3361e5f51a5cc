"""HTTP/2 inside the intercepting proxy, over loopback TCP: a client that CONNECTs and speaks h2 over TLS with
cursord's CA, the proxy, cursord's real app, a fake Cursor backend speaking h2 (`FakeH2Origin`) and one
speaking only HTTP/1.1 (`FakeOrigin`), both trusted through a test CA.

Real sockets, so the real clock; nothing here waits on it (every wait is for an event, under fail_after).
"""

from __future__ import annotations

import contextlib
import gc
import json
import ssl
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import h2.errors
import httpx
import pytest
import trio

from cursord.config import Limits
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy import Data, H2Exchange, H2Peer, InterceptingProxy, ProxyConfig, Reset, StreamGone, build_proxy
from cursord.server.assembly import Core, build_core
from cursord.server.models_rpc import SERVER_CONFIG_PATH, SERVER_CONFIG_VERSION, model_rpc_parts
from cursord.server.side_rpcs import IS_CONNECTED_PATH
from cursord.testing.editor import (
    BIDI_APPEND,
    RUN_SSE,
    STREAM_HEADERS,
    UNARY_HEADERS,
    EditorClient,
    bidi_request,
    run_request,
)
from cursord.testing.h2_origin import (
    FakeH2Origin,
    H2OriginRequest,
    H2TestClient,
    open_fake_h2_origin,
    open_h2_client,
    read_request,
)
from cursord.testing.harness import wait_until
from cursord.testing.proxy import FakeOrigin, connect_via_proxy, open_fake_origin
from cursord.tls import CaPaths, client_context
from tests.proxy.test_proxy import CATALOG, DEAD_HOST, Echo, _dead_port

HOST = "api2.cursor.sh"
H1_HOST = "h1.cursor.sh"
FORWARDED = "/aiserver.v1.DashboardService/GetTeams"
ANY_PORT = frozenset(range(1, 65536))
Codes = h2.errors.ErrorCodes


@attrs.define
class Stack:
    core: Core
    proxy: InterceptingProxy
    address: tuple[str, int]
    origin: FakeH2Origin
    h1_origin: FakeOrigin
    trust: ssl.SSLContext  # cursord's CA only, offering h2 and http/1.1
    trust_h1: ssl.SSLContext  # cursord's CA only, offering http/1.1

    async def tunnel(self, host: str = HOST) -> trio.abc.Stream:
        stream = await connect_via_proxy(self.address, host, 443, ssl_context=self.trust)
        assert isinstance(stream, trio.SSLStream) and stream.selected_alpn_protocol() == "h2"
        return stream


@pytest.fixture
async def stack(tmp_path: Path) -> AsyncIterator[Stack]:
    async with open_stack(tmp_path) as built:
        yield built


@contextlib.asynccontextmanager
async def open_stack(tmp_path: Path, *, http2: bool = True) -> AsyncIterator[Stack]:
    async with (
        open_fake_origin(tmp_path / "origin") as h1_origin,
        open_fake_h2_origin(tmp_path / "h2", ca=h1_origin.ca) as origin,
        build_core(Limits(), Echo, (model_rpc_parts(CATALOG),)) as core,
    ):
        overrides = {HOST: origin.address, H1_HOST: h1_origin.address, DEAD_HOST: ("127.0.0.1", await _dead_port())}
        config = ProxyConfig(
            port=0, upstream_overrides=overrides, allowed_ports=ANY_PORT, max_concurrent_streams=50, http2=http2
        )
        data_dir = tmp_path / "data"
        proxy = build_proxy(
            core.app, data_dir=data_dir, owns_model=CATALOG, config=config,
            upstream_ssl=h1_origin.client_context(), upstream_h2_ssl=origin.client_context(),
        )
        async with trio.open_nursery() as nursery:
            addresses = await nursery.start(proxy.serve)
            cert = CaPaths.in_data_dir(data_dir).cert
            trust = client_context(cert, alpn=("h2", "http/1.1"))
            yield Stack(core, proxy, addresses[0], origin, h1_origin, trust, client_context(cert))
            nursery.cancel_scope.cancel()


# --- routing ---------------------------------------------------------------------------------------------


async def test_h2_client_reaches_a_local_run_and_a_forwarded_rpc_on_one_connection(stack: Stack) -> None:
    """The e2e: an HTTP/2 client through CONNECT runs a local agent turn and reaches Cursor, on one connection."""
    connections = 0

    async def tunnel() -> trio.abc.Stream:
        nonlocal connections
        connections += 1
        return await stack.tunnel()

    with trio.fail_after(10):
        async with EditorClient.open(tunnel, True) as editor:
            await editor.append("r-h2", run_request("hi", model="gpt-5"))
            async with editor.run_sse("r-h2") as reader:
                messages = await reader.read_to_end()
            status, body = await editor.post(SERVER_CONFIG_PATH, b"")
            assert status == 200
            assert aiserver.GetServerConfigResponse.FromString(body).config_version == SERVER_CONFIG_VERSION
            status, body = await editor.post(FORWARDED, b"teams?")
    assert [m.interaction_update.text_delta.text for m in messages] == ["cursord: hi"]
    assert reader.end == (None, {})
    assert connections == 1
    assert status == 200 and json.loads(body)["body"] == "teams?"
    # only the forwarded RPC reached Cursor: nothing of the prompt did
    assert [r.header(b":path") for r in stack.origin.requests] == [FORWARDED.encode()]
    assert all(b"hi" not in r.body for r in stack.origin.requests)


async def test_h2_and_http11_are_offered_and_http11_still_works(stack: Stack) -> None:
    with trio.fail_after(10):
        h1 = await connect_via_proxy(stack.address, HOST, 443, ssl_context=stack.trust_h1)
        assert isinstance(h1, trio.SSLStream) and h1.selected_alpn_protocol() == "http/1.1"
        await h1.aclose()
        await (await stack.tunnel()).aclose()


async def test_with_http2_off_the_proxy_offers_only_http11(tmp_path: Path) -> None:
    """`proxy_http2 = false`: an editor that offers h2 gets HTTP/1.1, as before HTTP/2 landed."""
    async with open_stack(tmp_path, http2=False) as off:
        with trio.fail_after(10):
            stream = await connect_via_proxy(off.address, HOST, 443, ssl_context=off.trust)
            assert isinstance(stream, trio.SSLStream) and stream.selected_alpn_protocol() == "http/1.1"
            await stream.aclose()


# --- pass-through -----------------------------------------------------------------------------------------


async def test_forwarded_headers_and_trailers_pass_unchanged_both_ways(stack: Stack) -> None:
    headers = [
        (b"content-type", b"application/grpc"),
        (b"te", b"trailers"),
        (b"authorization", b"Bearer user-token"),
        (b"x-cursor-checksum", b"abc"),
        (b"cookie", b"a=1"),
        (b"cookie", b"b=2"),
        (b"x-cursor-checksum", b"second"),
    ]
    request_trailers = [(b"x-request-trailer", b"sent"), (b"x-checksum", b"42")]
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            inbox = await client.request("POST", FORWARDED + "?q=1", headers, b"hello", request_trailers)
            response = await client.collect(inbox)
    received = stack.origin.requests[0]
    assert received.headers == [
        (b":method", b"POST"), (b":scheme", b"https"), (b":authority", HOST.encode()),
        (b":path", FORWARDED.encode() + b"?q=1"), *headers,
    ]
    assert received.body == b"hello"
    assert received.trailers == request_trailers
    assert response.status == 200 and response.ended
    assert response.headers == [
        (b"content-type", b"application/json"), (b"x-origin", b"fake-h2"), (b"x-origin", b"twice")
    ]
    assert response.trailers == [(b"grpc-status", b"0"), (b"grpc-message", b"ok")]


async def test_error_statuses_and_trailers_only_responses_pass(stack: Stack) -> None:
    async def failing(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await read_request(request, exchange)
        head = [(b":status", b"200"), (b"content-type", b"application/grpc"), (b"grpc-status", b"7"),
                (b"grpc-message", b"denied")]
        await exchange.peer.send_headers(exchange.stream_id, head, end_stream=True)

    async def teapot(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await read_request(request, exchange)
        await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"418"), (b"x-why", b"tea")])
        await exchange.peer.send_data(exchange.stream_id, b"short and stout", end_stream=True)

    stack.origin.routes.update({"/grpc.Fail": failing, "/teapot": teapot})
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            grpc = await client.collect(await client.request("POST", "/grpc.Fail", None, b""))
            tea = await client.collect(await client.request("GET", "/teapot", None, b""))
    assert grpc.status == 200 and grpc.ended and grpc.body == b""
    assert grpc.headers == [(b"content-type", b"application/grpc"), (b"grpc-status", b"7"),
                            (b"grpc-message", b"denied")]
    assert tea.status == 418 and tea.header(b"x-why") == b"tea" and tea.body == b"short and stout"


async def test_an_upstream_speaking_only_http11_is_reached_over_http11(stack: Stack) -> None:
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(H1_HOST), H1_HOST) as client:
            inbox = await client.request(
                "POST", FORWARDED, [(b"x-custom", b"1"), (b"te", b"trailers")], b"over h1", [(b"x-t", b"v")]
            )
            response = await client.collect(inbox)
    assert response.status == 200 and response.ended
    echoed = json.loads(response.body)
    assert echoed["body"] == "over h1" and echoed["trailers"] == [["x-t", "v"]]
    assert ["host", H1_HOST] in echoed["headers"] and ["x-custom", "1"] in echoed["headers"]
    assert response.header(b"x-origin") == b"fake"
    assert response.header(b"transfer-encoding") is None
    assert response.trailers == [(b"x-origin-trailer", b"done")]


# --- flow control -----------------------------------------------------------------------------------------

BIG = 8 << 20
CHUNK = 1 << 16
#: what may be in flight while the far end takes nothing: the proxy's and the origin's stream windows
#: (256 KiB each) and one chunk in hand, with room to spare; far below BIG.
IN_FLIGHT_BOUND = 1 << 20
BLOB = bytes(range(256)) * (BIG // 256)


async def _round_trip(client: H2TestClient) -> None:
    response = await client.collect(await client.request("POST", FORWARDED, None, b"ping"))
    assert response.status == 200


async def test_a_large_bidi_stream_is_paced_by_flow_control_not_buffered(stack: Stack) -> None:
    """Neither end reads: the upload stalls once the windows on its way are full, however many round trips
    the proxy gets to read more (a proxy that buffered would hand the window back and take it all)."""
    release_upload = trio.Event()
    origin_sent = 0
    uploaded: list[bytes] = []

    async def bidi(request: H2OriginRequest, exchange: H2Exchange) -> None:
        nonlocal origin_sent
        peer, sid = exchange.peer, exchange.stream_id
        await peer.send_headers(sid, [(b":status", b"200")])
        while origin_sent < BIG:  # the download, while the client reads nothing yet
            await peer.send_data(sid, BLOB[origin_sent : origin_sent + CHUNK])
            origin_sent += CHUNK
        await release_upload.wait()
        while (chunk := await exchange.body.next_chunk()) is not None:
            uploaded.append(chunk)
        await peer.send_headers(sid, [(b"x-uploaded", str(sum(map(len, uploaded))).encode())], end_stream=True)

    stack.origin.routes["/bidi"] = bidi
    client_sent = 0
    with trio.fail_after(30):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            await _round_trip(client)  # SETTINGS exchanged on both hops: the windows are the announced ones
            inbox = await client.request("POST", "/bidi")
            sid = inbox.stream_id

            async def send_until_blocked() -> bool:
                nonlocal client_sent
                while client_sent < BIG:
                    window = client.peer.conn.local_flow_control_window(sid)
                    if window == 0:
                        return True
                    size = min(window, CHUNK, BIG - client_sent)
                    await client.peer.send_data(sid, BLOB[client_sent : client_sent + size])
                    client_sent += size
                return False

            while await send_until_blocked():
                await _round_trip(client)  # every WINDOW_UPDATE the proxy sent before it has arrived
                if client.peer.conn.local_flow_control_window(sid) == 0:
                    break
            assert client_sent <= IN_FLIGHT_BOUND
            assert 0 < origin_sent <= IN_FLIGHT_BOUND
            release_upload.set()
            async with trio.open_nursery() as nursery:
                async def rest() -> None:
                    await client.peer.send_data(sid, BLOB[client_sent:], end_stream=True)
                nursery.start_soon(rest)
                response = await client.collect(inbox)
    assert response.status == 200 and response.ended
    assert response.body == BLOB
    assert response.trailers == [(b"x-uploaded", str(BIG).encode())]
    assert b"".join(uploaded) == BLOB


# --- resets and lost connections ---------------------------------------------------------------------------


async def test_a_client_reset_resets_the_upstream_stream_with_its_code(stack: Stack) -> None:
    seen: list[int | None] = []
    reset_seen = trio.Event()

    async def hold(request: H2OriginRequest, exchange: H2Exchange) -> None:
        with contextlib.suppress(StreamGone):  # the reset may come before the data goes
            await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
            await exchange.peer.send_data(exchange.stream_id, b"started")
        await exchange.inbox.gone.wait()
        seen.append(exchange.inbox.reset_code)
        reset_seen.set()

    stack.origin.routes["/hold"] = hold
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            inbox = await client.request("POST", "/hold")
            first = await inbox.receive.receive()
            assert dict(first.headers)[b":status"] == b"200"  # type: ignore[union-attr]
            await client.peer.reset(inbox.stream_id, Codes.ENHANCE_YOUR_CALM)
            await reset_seen.wait()
            await _round_trip(client)  # the connection carries on
    assert seen == [Codes.ENHANCE_YOUR_CALM]


async def test_an_upstream_reset_resets_the_client_stream_with_its_code(stack: Stack) -> None:
    async def refuse(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
        await exchange.peer.send_data(exchange.stream_id, b"partial")
        await exchange.peer.reset(exchange.stream_id, Codes.INADEQUATE_SECURITY)

    async def refuse_early(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await exchange.peer.reset(exchange.stream_id, Codes.REFUSED_STREAM)

    stack.origin.routes.update({"/refuse": refuse, "/refuse-early": refuse_early})
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            late = await client.collect(await client.request("POST", "/refuse"))
            early = await client.collect(await client.request("POST", "/refuse-early", None, b"x"))
            await _round_trip(client)
    assert late.status == 200 and late.body == b"partial" and late.reset == Codes.INADEQUATE_SECURITY
    assert early.status == 0 and early.reset == Codes.REFUSED_STREAM


async def test_a_lost_upstream_connection_resets_the_client_streams_never_hangs(stack: Stack) -> None:
    started = trio.Event()
    waiting: list[H2Exchange] = []

    async def wait_forever(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
        waiting.append(exchange)
        started.set()
        await trio.sleep_forever()

    async def drop(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
        await exchange.peer.send_data(exchange.stream_id, b"half")
        await trio.aclose_forcefully(exchange.peer.stream)  # no GOAWAY, no reset: the socket is gone

    async def goaway(request: H2OriginRequest, exchange: H2Exchange) -> None:
        exchange.peer.conn.close_connection(last_stream_id=0)  # "I processed none of your streams"
        await exchange.peer.flush()
        await trio.aclose_forcefully(exchange.peer.stream)

    stack.origin.routes.update({"/wait": wait_forever, "/drop": drop, "/goaway": goaway})
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            other = await client.request("POST", "/wait", None, b"")
            await started.wait()
            dropped = await client.collect(await client.request("POST", "/drop", None, b""))
            bystander = await client.collect(other)  # a stream on the same upstream connection
            refused = await client.collect(await client.request("POST", "/goaway", None, b""))
            await _round_trip(client)  # a new upstream connection serves the next stream
    assert dropped.body == b"half" and dropped.reset == Codes.INTERNAL_ERROR
    assert bystander.status == 200 and bystander.reset == Codes.INTERNAL_ERROR
    assert refused.status == 0 and refused.reset == Codes.REFUSED_STREAM
    assert stack.origin.connections == 3


# --- multiplexing and routing --------------------------------------------------------------------------------


async def test_concurrent_streams_go_out_multiplexed_on_one_upstream_connection(stack: Stack) -> None:
    streams = 30
    all_open = trio.Event()

    async def gather(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await read_request(request, exchange)
        if stack.origin.open_streams == streams:
            all_open.set()
        await all_open.wait()  # answers only once every stream is open at the origin at once
        await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
        await exchange.peer.send_data(exchange.stream_id, request.body, end_stream=True)

    stack.origin.routes["/gather"] = gather
    results: dict[int, bytes] = {}
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client, trio.open_nursery() as nursery:
            async def one(n: int) -> None:
                response = await client.collect(await client.request("POST", "/gather", None, str(n).encode()))
                results[n] = response.body

            for n in range(streams):
                nursery.start_soon(one, n)
    assert results == {n: str(n).encode() for n in range(streams)}
    assert stack.origin.max_open_streams == streams
    assert stack.origin.connections == 1


async def test_a_run_for_a_model_cursord_does_not_serve_is_relayed_over_h2(stack: Stack) -> None:
    body = bidi_request("r-relay", 1, run_request("hello", model="claude-4.5-sonnet-thinking"))
    local = bidi_request("r-mine", 1, run_request("private prompt", model="gpt-5"))
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            relayed = await client.collect(await client.request("POST", BIDI_APPEND, UNARY_HEADERS, body))
            mine = await client.collect(await client.request("POST", BIDI_APPEND, UNARY_HEADERS, local))
    assert relayed.status == 200 and relayed.header(b"x-origin") == b"fake-h2"
    assert mine.status == 200 and mine.header(b"x-origin") is None
    assert [(r.header(b":path"), r.body) for r in stack.origin.requests] == [(BIDI_APPEND.encode(), body)]
    assert stack.proxy.runs.get("r-relay") is True and stack.proxy.runs.get("r-mine") is False


async def test_httpx_over_http2_through_the_proxy_reaches_cursord_and_cursor(stack: Stack) -> None:
    """An independent HTTP/2 client (httpx + httpcore's h2) through CONNECT: a local agent run (BidiAppend +
    RunSSE) and a forwarded RPC, all over HTTP/2 on one pooled connection."""
    proxy = f"http://{stack.address[0]}:{stack.address[1]}"
    base = f"https://{HOST}"
    run_id = agent.BidiRequestId(request_id="r-httpx").SerializeToString()
    with trio.fail_after(15):
        async with httpx.AsyncClient(proxy=proxy, verify=stack.trust, http2=True, trust_env=False) as client:
            append = await client.post(base + BIDI_APPEND, headers=dict(UNARY_HEADERS),
                                       content=bidi_request("r-httpx", 1, run_request("hi", model="gpt-5")))
            decoder = EnvelopeDecoder(1 << 20, protocol_error_code=Code.INTERNAL)
            envelopes = []
            async with client.stream("POST", base + RUN_SSE, headers=dict(STREAM_HEADERS),
                                     content=encode_envelope(run_id)) as sse:
                async for chunk in sse.aiter_raw():
                    envelopes.extend(decoder.feed(chunk))
            forwarded = await client.post(base + FORWARDED, content=b"teams?", headers={"x-cursor-client": "1"})
            transport = client._transport_for_url(httpx.URL(base))  # the proxy's (private, but the one way to see)
            pooled = len(transport._pool.connections)  # type: ignore[attr-defined]
    assert [r.http_version for r in (append, sse, forwarded)] == ["HTTP/2"] * 3
    assert append.status_code == 200 and sse.status_code == 200
    texts = [
        agent.AgentServerMessage.FromString(e.payload).interaction_update.text_delta.text
        for e in envelopes if not e.end_stream
    ]
    assert texts == ["cursord: hi"] and envelopes[-1].end_stream
    assert forwarded.status_code == 200 and json.loads(forwarded.content)["body"] == "teams?"
    assert ["x-cursor-client", "1"] in json.loads(forwarded.content)["headers"]
    assert pooled == 1
    assert [r.header(b":path") for r in stack.origin.requests] == [FORWARDED.encode()]


async def test_model_lists_are_merged_with_upstreams_over_h2(stack: Stack) -> None:
    async def usable(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await read_request(request, exchange)
        reply = agent.GetUsableModelsResponse(
            models=[agent.ModelDetails(model_id="GPT-5"), agent.ModelDetails(model_id="cursor-fast")]
        ).SerializeToString()
        head = [(b":status", b"200"), (b"content-type", b"application/proto")]
        await exchange.peer.send_headers(exchange.stream_id, head)
        await exchange.peer.send_data(exchange.stream_id, reply, end_stream=True)

    stack.origin.routes["/agent.v1.AgentService/GetUsableModels"] = usable
    headers = [*UNARY_HEADERS, (b"authorization", b"Bearer tok")]  # no content-length, as h2 clients may send
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            merged = await client.collect(
                await client.request("POST", "/agent.v1.AgentService/GetUsableModels", headers, b"")
            )
    assert merged.status == 200
    models = agent.GetUsableModelsResponse.FromString(merged.body)
    assert [m.model_id for m in models.models] == ["gpt-5", "local-model", "cursor-fast"]
    (fetched,) = stack.origin.requests
    assert fetched.header(b"authorization") == b"Bearer tok" and fetched.header(b":authority") == HOST.encode()


async def test_a_client_that_goes_away_cancels_its_upstream_streams(stack: Stack) -> None:
    seen: list[int | None] = []
    both = trio.Event()

    async def hold(request: H2OriginRequest, exchange: H2Exchange) -> None:
        with contextlib.suppress(StreamGone):
            await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
        await exchange.inbox.gone.wait()
        seen.append(exchange.inbox.reset_code)
        if len(seen) == 2:
            both.set()

    stack.origin.routes["/hold"] = hold
    with trio.fail_after(10):
        tunnel = await stack.tunnel()
        async with open_h2_client(tunnel, HOST) as client:
            for _ in range(2):
                inbox = await client.request("POST", "/hold")
                await inbox.receive.receive()  # the head: the upstream stream is open
            await trio.aclose_forcefully(tunnel)  # no GOAWAY, no RST_STREAM: the client is just gone
            await both.wait()
    assert seen == [Codes.CANCEL, Codes.CANCEL]


async def test_an_unreachable_upstream_is_a_502_on_the_stream(stack: Stack) -> None:
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(DEAD_HOST), DEAD_HOST) as client:
            response = await client.collect(await client.request("POST", FORWARDED, UNARY_HEADERS, b""))
            again = await client.collect(await client.request("POST", FORWARDED, UNARY_HEADERS, b""))
    assert response.status == 502 and response.ended and again.status == 502  # the connection serves on
    assert response.body == b"cursord proxy: cannot reach dead.cursor.sh\n"


async def test_a_control_rpc_is_answered_locally_when_cursor_is_unreachable_on_h2(stack: Stack) -> None:
    """Cursor's when it answers, cursord's when it cannot be reached: never the proxy's 502."""
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(DEAD_HOST), DEAD_HOST) as client:
            response = await client.collect(await client.request("POST", IS_CONNECTED_PATH, UNARY_HEADERS, b""))
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            reached = await client.collect(await client.request("POST", IS_CONNECTED_PATH, UNARY_HEADERS, b""))
    assert response.ended and response.status != 502 and b"cursord proxy" not in response.body
    assert reached.status == 200 and reached.header(b"x-origin") == b"fake-h2"


async def test_an_upstream_that_answers_before_the_upload_ends_stops_it_and_leaves_nothing(stack: Stack) -> None:
    async def early_end(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
        await exchange.peer.send_data(exchange.stream_id, b"done already", end_stream=True)
        await exchange.peer.reset(exchange.stream_id, Codes.NO_ERROR)  # "stop sending" (RFC 9113 8.1)

    async def early_reset(request: H2OriginRequest, exchange: H2Exchange) -> None:
        await exchange.peer.send_headers(exchange.stream_id, [(b":status", b"200")])
        await exchange.peer.reset(exchange.stream_id, Codes.INADEQUATE_SECURITY)

    stack.origin.routes.update({"/early-end": early_end, "/early-reset": early_reset})
    proxy_context = stack.proxy.certificates.context(HOST)
    items: dict[str, list[type]] = {}
    with trio.fail_after(10):
        async with open_h2_client(await stack.tunnel(), HOST) as client:
            for path in ("/early-end", "/early-reset"):
                inbox = await client.request("POST", path)
                await client.peer.send_data(inbox.stream_id, b"more to come")  # and never the end
                seen = items[path] = []
                while not seen or not isinstance(seen[-1], Reset):
                    item = await inbox.receive.receive()
                    if isinstance(item, Data):
                        await client.peer.acknowledge(inbox, item.flow_length)
                        if not item.data:
                            continue  # the END_STREAM of a forwarded end may come as an empty DATA frame
                    seen.append(item)
                codes = [i.code for i in seen if isinstance(i, Reset)]
                assert codes == [Codes.NO_ERROR if path == "/early-end" else Codes.INADEQUATE_SECURITY]
                client.peer.forget(inbox)
            await _round_trip(client)
            # the proxy's side of those streams is gone too: no handler is left waiting for the uploads
            (proxy_side,) = [
                o for o in gc.get_objects()
                if isinstance(o, H2Peer) and getattr(o.stream, "context", None) is proxy_context
            ]
            await wait_until(lambda: not proxy_side.inboxes)
    assert [type(i).__name__ for i in items["/early-end"]] == ["Head", "Data", "End", "Reset"]
    assert [type(i).__name__ for i in items["/early-reset"]] == ["Head", "Reset"]
