"""The intercepting proxy end to end over loopback TCP: a client that CONNECTs and speaks TLS with cursord's
CA as its only trust root, the proxy, cursord's real app, and a fake Cursor backend with its own CA.

Real sockets, so the real clock; nothing here waits on it (every wait is for an event, under fail_after).
"""

from __future__ import annotations

import json
import ssl
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import h11
import pytest
import trio
from cryptography import x509

from cursord.config import Limits, ModelCatalog, ProviderKind, ProviderSpec
from cursord.connect.compression import GzipCompression
from cursord.connect.envelope import encode_envelope, end_stream_payload
from cursord.connect.errors import Code, ConnectError, error_from_json
from cursord.core.intents import RunRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy.runner import build_proxy
from cursord.proxy.server import InterceptingProxy, ProxyConfig
from cursord.proxy.wire import LiveBody
from cursord.server.assembly import Core, build_core
from cursord.server.models_rpc import SERVER_CONFIG_PATH, SERVER_CONFIG_VERSION, model_rpc_parts
from cursord.streams.active import ActiveStream, StreamBehaviour
from cursord.testing.editor import (
    BIDI_APPEND,
    RUN_SSE,
    STREAM_HEADERS,
    UNARY_HEADERS,
    EditorClient,
    RunSSEReader,
    bidi_request,
    exec_result,
    heartbeat,
    run_request,
)
from cursord.testing.http_client import open_http
from cursord.testing.proxy import (
    FakeOrigin,
    OriginRequest,
    ProxyRefused,
    Responder,
    connect_via_proxy,
    open_fake_origin,
)
from cursord.tls.ca import CaPaths, client_context
from tests.server.test_input_bounds import GZIP_HEADERS, gzip_members

HOST = "api2.cursor.sh"
AGENT_HOST = "agent.api5.cursor.sh"
CATALOG = ModelCatalog(
    [
        ProviderSpec(
            kind=ProviderKind.OPENAI_CHAT,
            name="local",
            base_url="http://127.0.0.1:1/v1",
            api_key_env=None,
            models=("gpt-5", "local-model"),
        )
    ]
)
FORWARDED = "/aiserver.v1.DashboardService/GetTeams"


@attrs.define
class Echo(StreamBehaviour):
    stream: ActiveStream

    async def handle(self, item: object) -> None:
        if isinstance(item, RunRequested):
            text = item.request.action.user_message_action.user_message.text
            self.stream.publish(_text(f"cursord: {text}"))
            self.stream.end(None)

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


def _text(text: str) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text=text))
    )


DEAD_HOST = "dead.cursor.sh"


@attrs.define
class Stack:
    core: Core
    proxy: InterceptingProxy
    address: tuple[str, int]
    origin: FakeOrigin
    trust: ssl.SSLContext  # cursord's CA only
    tmp: Path

    async def tunnel(self, host: str = HOST) -> trio.abc.Stream:
        return await connect_via_proxy(self.address, host, 443, ssl_context=self.trust)


ANY_PORT = frozenset(range(1, 65536))


async def _dead_port() -> int:
    listener = (await trio.open_tcp_listeners(0, host="127.0.0.1"))[0]
    port = int(listener.socket.getsockname()[1])
    await listener.aclose()  # nothing listens there any more
    return port


@pytest.fixture
async def stack(tmp_path: Path) -> AsyncIterator[Stack]:
    async with (
        open_fake_origin(tmp_path / "origin") as origin,
        build_core(Limits(), Echo, (model_rpc_parts(CATALOG),)) as core,
    ):
        overrides = {HOST: origin.address, AGENT_HOST: origin.address, DEAD_HOST: ("127.0.0.1", await _dead_port())}
        # the fake origins listen on loopback ephemeral ports, which the default `allowed_ports` refuses
        config = ProxyConfig(port=0, upstream_overrides=overrides, merge_timeout=10, allowed_ports=ANY_PORT)
        data_dir = tmp_path / "data"
        proxy = build_proxy(
            core.app, data_dir=data_dir, owns_model=CATALOG, config=config, upstream_ssl=origin.client_context()
        )
        async with trio.open_nursery() as nursery:
            addresses = await nursery.start(proxy.serve)
            trust = client_context(CaPaths.in_data_dir(data_dir).cert)
            yield Stack(core, proxy, addresses[0], origin, trust, tmp_path)
            nursery.cancel_scope.cancel()


def _issuer(stream: trio.abc.Stream) -> str:
    assert isinstance(stream, trio.SSLStream)
    der = stream.getpeercert(binary_form=True)
    assert der is not None
    return x509.load_der_x509_certificate(der).issuer.rfc4514_string()


# --- cursord's own RPCs --------------------------------------------------------------------------------


async def test_intercepted_rpc_is_answered_by_cursord(stack: Stack) -> None:
    with trio.fail_after(10):
        stream = await stack.tunnel()
        assert _issuer(stream) == stack.proxy.certificates.ca.subject
        assert isinstance(stream, trio.SSLStream) and stream.selected_alpn_protocol() == "http/1.1"
        async with open_http(stream, False, authority=HOST) as conn:
            response = await conn.request("POST", SERVER_CONFIG_PATH, UNARY_HEADERS, b"")
            body = await response.read_all()
    assert response.status == 200
    assert aiserver.GetServerConfigResponse.FromString(body).config_version == SERVER_CONFIG_VERSION
    assert stack.origin.requests == []


async def test_local_run_streams_through_the_proxy(stack: Stack) -> None:
    with trio.fail_after(10):
        async with EditorClient.open(stack.tunnel, False) as editor:
            await editor.append("r-local", run_request("hi", model="gpt-5"))
            async with editor.run_sse("r-local") as reader:
                assert reader.content_type == b"text/event-stream"
                messages = await reader.read_to_end()
    assert [m.interaction_update.text_delta.text for m in messages] == ["cursord: hi"]
    assert reader.end == (None, {})
    assert stack.origin.requests == []
    assert stack.proxy.runs.get("r-local") is False


async def test_proxied_requests_pass_the_listener_host_check(stack: Stack) -> None:
    """In-process requests carry the Cursor host and may carry the renderer's Origin: the listener's
    Host/Origin check (which refuses both) does not apply to the proxy's trusted path."""
    renderer = [(b"origin", b"vscode-file://vscode-app")]
    run = encode_envelope(agent.BidiRequestId(request_id="r-host").SerializeToString())
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
            body = bidi_request("r-host", 1, run_request("hi", model="gpt-5"))
            response = await conn.request("POST", BIDI_APPEND, [*UNARY_HEADERS, *renderer], body)
            assert response.status == 200, await response.read_all()
            await response.read_all()
            response = await conn.request("POST", RUN_SSE, [*STREAM_HEADERS, *renderer], run)
            reader = RunSSEReader(response)
            messages = await reader.read_to_end()
    assert [m.interaction_update.text_delta.text for m in messages] == ["cursord: hi"]
    assert reader.error is None
    assert stack.origin.requests == []


# --- forwarding ----------------------------------------------------------------------------------------


async def _raw_exchange(
    stream: trio.abc.Stream, request: h11.Request, chunks: list[bytes], trailers: list[tuple[bytes, bytes]]
) -> tuple[h11.Response, bytes, list[tuple[bytes, bytes]]]:
    conn = h11.Connection(h11.CLIENT)
    data = conn.send(request) or b""
    for chunk in chunks:
        data += conn.send(h11.Data(data=chunk)) or b""
    data += conn.send(h11.EndOfMessage(headers=trailers)) or b""
    await stream.send_all(data)
    response: h11.Response | None = None
    body = b""
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            conn.receive_data(bytes(await stream.receive_some(65536)))
        elif isinstance(event, h11.Response):
            response = event
        elif isinstance(event, h11.Data):
            body += bytes(event.data)
        elif isinstance(event, h11.EndOfMessage):
            assert response is not None
            return response, body, list(event.headers.raw_items())
        else:
            raise AssertionError(event)


async def test_forwarded_unary_reaches_upstream_exactly(stack: Stack) -> None:
    headers = [
        (b"Host", HOST.encode()),
        (b"Authorization", b"Bearer secret-token"),
        (b"Content-Type", b"application/proto"),
        (b"X-Cursor-Checksum", b"AbC123"),
        (b"x-ghost-mode", b"true"),
        (b"Content-Length", b"5"),
    ]
    with trio.fail_after(10):
        stream = await stack.tunnel()
        response, body, trailers = await _raw_exchange(
            stream, h11.Request(method="POST", target=FORWARDED, headers=headers), [b"\x00\x01\x02\x03\x04"], []
        )
    [seen] = stack.origin.requests
    assert seen.method == b"POST" and seen.target == FORWARDED.encode()
    assert seen.headers == headers  # names, case, order and values: untouched, authorization included
    assert seen.body == b"\x00\x01\x02\x03\x04"
    assert response.status_code == 200
    assert (b"X-Origin", b"fake") in list(response.headers.raw_items())
    assert json.loads(body)["body"] == "\x00\x01\x02\x03\x04"
    assert trailers == [(b"X-Origin-Trailer", b"done")]


async def test_chunked_request_body_and_trailers_are_preserved(stack: Stack) -> None:
    headers = [(b"Host", HOST.encode()), (b"Transfer-Encoding", b"chunked"), (b"TE", b"trailers")]
    with trio.fail_after(10):
        stream = await stack.tunnel()
        _response, body, _ = await _raw_exchange(
            stream,
            h11.Request(method="POST", target="/upload?x=1", headers=headers),
            [b"first,", b"second"],
            [(b"X-Checksum", b"42")],
        )
    [seen] = stack.origin.requests
    assert seen.target == b"/upload?x=1"
    assert seen.headers == headers
    assert seen.body == b"first,second"
    assert seen.trailers == [(b"X-Checksum", b"42")]
    assert json.loads(body)["trailers"] == [["X-Checksum", "42"]]


async def test_status_and_headers_of_errors_are_preserved(stack: Stack) -> None:
    async def unauthorized(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        while await body.next_chunk() is not None:
            pass
        await responder.whole(401, [(b"WWW-Authenticate", b"Bearer"), (b"Content-Type", b"application/json")],
                              b'{"code":"unauthenticated"}')

    stack.origin.routes[FORWARDED] = unauthorized
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
            response = await conn.request("POST", FORWARDED, UNARY_HEADERS, b"")
            body = await response.read_all()
    assert response.status == 401
    assert response.header(b"www-authenticate") == b"Bearer"
    assert body == b'{"code":"unauthenticated"}'


async def test_streaming_response_is_streamed_not_buffered(stack: Stack) -> None:
    release = trio.Event()
    frames = [encode_envelope(_text(f"upstream {i}").SerializeToString()) for i in range(2)]

    async def stream_route(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        while await body.next_chunk() is not None:
            pass
        await responder.start(200, [(b"Content-Type", b"application/connect+proto")])
        await responder.data(frames[0])
        await release.wait()
        await responder.data(frames[1])
        await responder.end([(b"Grpc-Status", b"0")])

    stack.origin.routes["/aiserver.v1.ChatService/StreamUnified"] = stream_route
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
            response = await conn.request("POST", "/aiserver.v1.ChatService/StreamUnified", STREAM_HEADERS, b"x")
            assert await response.read_chunk() == frames[0]  # before the origin sends the rest
            release.set()
            assert await response.read_all() == frames[1]
    assert response.trailers == [(b"grpc-status", b"0")]


async def test_request_and_response_stream_both_ways(stack: Stack) -> None:
    async def duplex(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        await responder.start(200, [(b"Transfer-Encoding", b"chunked")])
        while (chunk := await body.next_chunk()) is not None:
            await responder.data(chunk.upper())
        await responder.end()

    stack.origin.routes["/duplex"] = duplex
    headers = [(b"host", HOST.encode()), (b"transfer-encoding", b"chunked")]
    with trio.fail_after(10):
        stream = await stack.tunnel()
        conn = h11.Connection(h11.CLIENT)

        async def next_event() -> h11.Event:
            while (event := conn.next_event()) is h11.NEED_DATA:
                conn.receive_data(bytes(await stream.receive_some(65536)))
            assert isinstance(event, h11.Event)
            return event

        await stream.send_all(conn.send(h11.Request(method="POST", target="/duplex", headers=headers)) or b"")
        assert isinstance(await next_event(), h11.Response)
        for word in (b"one", b"two"):
            await stream.send_all(conn.send(h11.Data(data=word)) or b"")
            event = await next_event()
            assert isinstance(event, h11.Data) and event.data == word.upper()
        await stream.send_all(conn.send(h11.EndOfMessage()) or b"")
        assert isinstance(await next_event(), h11.EndOfMessage)


async def test_routing_is_per_request_on_one_connection(stack: Stack) -> None:
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
            for _ in range(2):
                local = await conn.request("POST", SERVER_CONFIG_PATH, UNARY_HEADERS, b"")
                assert aiserver.GetServerConfigResponse.FromString(await local.read_all()).config_version
                remote = await conn.request("POST", FORWARDED, UNARY_HEADERS, b"abc")
                assert json.loads(await remote.read_all())["body"] == "abc"
    assert [r.target for r in stack.origin.requests] == [FORWARDED.encode()] * 2
    assert stack.origin.connections == 1  # the upstream connection is kept alive too


async def test_client_going_away_closes_the_upstream_stream(stack: Stack) -> None:
    upstream_saw_close = trio.Event()

    async def endless(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        await responder.start(200, [(b"Transfer-Encoding", b"chunked")])
        await responder.data(b"first")
        await responder.peer.closed.wait()
        upstream_saw_close.set()

    stack.origin.routes["/endless"] = endless
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
            response = await conn.request("POST", "/endless", UNARY_HEADERS, b"")
            assert await response.read_chunk() == b"first"
            await response.aclose()
        await upstream_saw_close.wait()


async def test_a_run_body_over_the_body_limit_is_refused_undecoded(
    stack: Stack, monkeypatch: pytest.MonkeyPatch
) -> None:
    """6 MB of tiny gzip members to BidiAppend: over the 4 MiB body limit, so the proxy must not decode it to
    route it (it did, with a 16 MiB peek limit, and stalled 23 s); cursord refuses it unread. Nothing is
    inflated at all (what inflating costs: `bench/gzip_members.py`; a test holds no clock bound)."""
    body = gzip_members(bidi_request("big", 1, heartbeat()), 300_000)
    assert len(body) > 6_000_000
    inflated: list[int] = []
    decompress = GzipCompression.decompress

    def counting(self: GzipCompression, data: bytes, max_bytes: int) -> bytes:
        inflated.append(len(data))
        return decompress(self, data, max_bytes)

    monkeypatch.setattr(GzipCompression, "decompress", counting)
    async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
        response = await conn.request("POST", BIDI_APPEND, GZIP_HEADERS, body)
        status, answer = response.status, await response.read_all()
    assert status != 200 and error_from_json(answer).code is Code.RESOURCE_EXHAUSTED
    assert inflated == []


async def test_unreachable_upstream_is_a_502(stack: Stack) -> None:
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(DEAD_HOST), False, authority=DEAD_HOST) as conn:
            response = await conn.request("POST", FORWARDED, UNARY_HEADERS, b"")
            body = await response.read_all()
    assert response.status == 502
    assert body == b"cursord proxy: cannot reach dead.cursor.sh\n"  # not why: no port scanning through us


async def test_a_blind_tunnel_to_a_closed_port_says_nothing_of_the_port(stack: Stack) -> None:
    with trio.fail_after(10), pytest.raises(ProxyRefused) as refused:
        await connect_via_proxy(stack.address, "127.0.0.1", await _dead_port())
    assert refused.value.status == 502
    assert refused.value.body == b"cursord proxy: cannot reach 127.0.0.1\n"


async def test_connect_reaches_only_the_allowed_ports(stack: Stack) -> None:
    """By default a CONNECT may reach port 443 only: not a loopback service on another port."""
    proxy = build_proxy(stack.core.app, data_dir=stack.tmp / "data", owns_model=CATALOG, config=ProxyConfig(port=0))
    _host, origin_port = stack.origin.address
    async with trio.open_nursery() as nursery:
        [address] = (await nursery.start(proxy.serve))[:1]
        with trio.fail_after(10):
            for host in ("127.0.0.1", "localhost", HOST):
                with pytest.raises(ProxyRefused) as refused:
                    await connect_via_proxy(address, host, origin_port)
                assert refused.value.status == 403
                assert f"port {origin_port} is not one this proxy connects to (443;".encode() in refused.value.body
            stream = await trio.open_tcp_stream(*address)
            response, body, _ = await _raw_exchange(
                stream,
                h11.Request(method="GET", target=f"http://127.0.0.1:{origin_port}/", headers=[(b"Host", b"x")]),
                [],
                [],
            )
            assert response.status_code == 403 and b"(80, 443;" in body
        assert stack.origin.requests == []
        nursery.cancel_scope.cancel()


# --- not decrypted ---------------------------------------------------------------------------------------


async def test_other_hosts_are_tunneled_with_the_origins_certificate(stack: Stack) -> None:
    _host, port = stack.origin.address
    with trio.fail_after(10):
        stream = await connect_via_proxy(stack.address, "localhost", port, ssl_context=stack.origin.client_context())
        assert _issuer(stream) == stack.origin.ca.subject != stack.proxy.certificates.ca.subject
        async with open_http(stream, False, authority=f"localhost:{port}") as conn:
            response = await conn.request("GET", "/through-the-tunnel", [(b"authorization", b"Bearer x")])
            assert json.loads(await response.read_all())["target"] == "/through-the-tunnel"
        # cursord's CA alone cannot verify that origin: the proxy did not decrypt the tunnel.
        with pytest.raises(trio.BrokenResourceError):
            await connect_via_proxy(stack.address, "localhost", port, ssl_context=stack.trust)
    assert "localhost" not in [leaf for leaf in stack.proxy.certificates._entries]


async def test_tunnel_passes_bytes_sent_before_the_connect_answer(stack: Stack) -> None:
    async with open_fake_origin(stack.tmp / "plain", tls=False) as plain:
        with trio.fail_after(10):
            request = b"GET /early HTTP/1.1\r\nhost: localhost\r\ncontent-length: 0\r\n\r\n"
            stream = await connect_via_proxy(stack.address, "localhost", plain.address[1], early_data=request)
            data = b""
            while b"X-Origin-Trailer" not in data:
                data += bytes(await stream.receive_some(65536))
            await stream.aclose()
    assert [r.target for r in plain.requests] == [b"/early"]


async def test_plain_http_absolute_form_is_forwarded(stack: Stack) -> None:
    async with open_fake_origin(stack.tmp / "plain", tls=False) as plain:
        host, port = plain.address
        with trio.fail_after(10):
            stream = await trio.open_tcp_stream(*stack.address)
            response, _body, trailers = await _raw_exchange(
                stream,
                h11.Request(
                    method="GET",
                    target=f"http://{host}:{port}/plain?q=1",
                    headers=[(b"Host", f"{host}:{port}".encode()), (b"Proxy-Connection", b"keep-alive"),
                             (b"Accept", b"*/*")],
                ),
                [],
                [],
            )
    [seen] = plain.requests
    assert seen.target == b"/plain?q=1"
    assert seen.headers == [(b"Host", f"{host}:{port}".encode()), (b"Accept", b"*/*")]
    assert response.status_code == 200 and trailers == [(b"X-Origin-Trailer", b"done")]


async def test_origin_form_and_bad_connect_are_refused(stack: Stack) -> None:
    with trio.fail_after(10):
        stream = await trio.open_tcp_stream(*stack.address)
        response, body, _ = await _raw_exchange(
            stream, h11.Request(method="GET", target="/", headers=[(b"host", b"x")]), [], []
        )
        assert response.status_code == 400 and b"HTTP proxy" in body
        with pytest.raises(ProxyRefused) as refused:
            await connect_via_proxy(stack.address, "no-port-here", 0)
    assert refused.value.status == 400


async def test_client_without_the_ca_fails_the_handshake(stack: Stack, caplog: pytest.LogCaptureFixture) -> None:
    with trio.fail_after(10), pytest.raises(trio.BrokenResourceError):
        await connect_via_proxy(stack.address, HOST, 443, ssl_context=stack.origin.client_context())
    assert stack.origin.requests == []


# --- mixed models ----------------------------------------------------------------------------------------


def _upstream_run_routes(origin: FakeOrigin) -> list[agent.AgentClientMessage]:
    uploads: list[agent.AgentClientMessage] = []

    async def append(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        data = b""
        while (chunk := await body.next_chunk()) is not None:
            data += chunk
        upload = aiserver.BidiAppendRequest.FromString(data)
        uploads.append(agent.AgentClientMessage.FromString(bytes.fromhex(upload.data)))
        await responder.whole(200, [(b"content-type", b"application/proto")], b"")

    async def run_sse(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        while await body.next_chunk() is not None:
            pass
        await responder.start(200, [(b"content-type", b"text/event-stream"), (b"transfer-encoding", b"chunked")])
        await responder.data(encode_envelope(_text("from Cursor").SerializeToString()))
        await responder.data(encode_envelope(end_stream_payload(None), end_stream=True))
        await responder.end()

    origin.routes[BIDI_APPEND] = append
    origin.routes[RUN_SSE] = run_sse
    return uploads


async def test_run_for_a_model_cursord_does_not_serve_is_relayed(stack: Stack) -> None:
    uploads = _upstream_run_routes(stack.origin)

    async def agent_tunnel() -> trio.abc.Stream:
        return await stack.tunnel(AGENT_HOST)

    with trio.fail_after(10):
        async with EditorClient.open(agent_tunnel, False) as editor:
            await editor.append("r-cursor", run_request("hello", model="claude-4.5-sonnet-thinking"))
            async with editor.run_sse("r-cursor") as reader:
                messages = await reader.read_to_end()
            await editor.append("r-cursor", exec_result(1, "e1"))
    assert [m.interaction_update.text_delta.text for m in messages] == ["from Cursor"]
    assert [u.WhichOneof("message") for u in uploads] == ["run_request", "exec_client_message"]
    assert stack.core.broker.get("r-cursor") is None
    assert stack.proxy.runs.get("r-cursor") is True


async def test_a_reused_request_id_decides_again(stack: Stack) -> None:
    _upstream_run_routes(stack.origin)
    with trio.fail_after(10):
        async with EditorClient.open(stack.tunnel, False) as editor:
            await editor.append("r-reuse", run_request("one", model="cursor-small"), wait=True)
            assert stack.proxy.runs.get("r-reuse") is True
            await editor.append("r-reuse", run_request("two", model="local-model"), seqno=0)
            async with editor.run_sse("r-reuse") as reader:
                messages = await reader.read_to_end()
    assert [m.interaction_update.text_delta.text for m in messages] == ["cursord: two"]


async def test_model_lists_are_merged_with_upstreams(stack: Stack) -> None:
    async def usable(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        assert request.header(b"authorization") == b"Bearer tok"
        while await body.next_chunk() is not None:
            pass
        reply = agent.GetUsableModelsResponse(
            models=[agent.ModelDetails(model_id="GPT-5"), agent.ModelDetails(model_id="cursor-fast")]
        )
        await responder.whole(200, [(b"content-type", b"application/proto")], reply.SerializeToString())

    stack.origin.routes["/agent.v1.AgentService/GetUsableModels"] = usable
    headers = [*UNARY_HEADERS, (b"authorization", b"Bearer tok")]
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
            merged = await conn.request("POST", "/agent.v1.AgentService/GetUsableModels", headers, b"")
            merged_models = agent.GetUsableModelsResponse.FromString(await merged.read_all())
            # no upstream route for this one: the fake echoes JSON, which is not a model list
            alone = await conn.request("POST", "/aiserver.v1.AiService/GetUsableModels", headers, b"")
            alone_models = agent.GetUsableModelsResponse.FromString(await alone.read_all())
    assert [m.model_id for m in merged_models.models] == ["gpt-5", "local-model", "cursor-fast"]
    assert [m.model_id for m in alone_models.models] == ["gpt-5", "local-model"]


async def test_unparseable_append_is_cursords_to_refuse(stack: Stack) -> None:
    with trio.fail_after(10):
        async with open_http(await stack.tunnel(), False, authority=HOST) as conn:
            response = await conn.request("POST", BIDI_APPEND, UNARY_HEADERS, b"\xff\xff not a proto")
            body = await response.read_all()
    assert response.status == 400 and json.loads(body)["code"] == Code.INVALID_ARGUMENT.value
    assert stack.origin.requests == []


async def test_protocol_upgrades_are_spliced(stack: Stack) -> None:
    async def upgrade(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        while await body.next_chunk() is not None:
            pass
        await responder.peer.send(
            h11.InformationalResponse(status_code=101, headers=[(b"Connection", b"Upgrade"), (b"Upgrade", b"x-echo")])
        )
        while data := await responder.peer.receive_raw():
            await responder.peer.send_raw(data.upper())

    stack.origin.routes["/socket"] = upgrade
    headers = [(b"Host", HOST.encode()), (b"Connection", b"Upgrade"), (b"Upgrade", b"x-echo")]
    with trio.fail_after(10):
        stream = await stack.tunnel()
        conn = h11.Connection(h11.CLIENT)
        await stream.send_all(
            (conn.send(h11.Request(method="GET", target="/socket", headers=headers)) or b"")
            + (conn.send(h11.EndOfMessage()) or b"")
        )
        while (event := conn.next_event()) is h11.NEED_DATA:
            conn.receive_data(bytes(await stream.receive_some(65536)))
        assert isinstance(event, h11.InformationalResponse) and event.status_code == 101
        assert conn.our_state is h11.SWITCHED_PROTOCOL
        leftover, _ = conn.trailing_data
        for word in (b"ping", b"pong"):
            await stream.send_all(word)
            received = bytes(leftover)
            leftover = b""
            while len(received) < len(word):
                received += bytes(await stream.receive_some(65536))
            assert received == word.upper()
