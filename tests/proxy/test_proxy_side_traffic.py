"""The editor's side traffic through the intercepting proxy: what reaches Cursor, and what never does.

- the health stream and its BidiAppends go to Cursor while it answers, and are cursord's when it cannot be
  reached;
- titles, conversation metadata and blobs never leave the machine (every byte the fake Cursor received is
  recorded and searched for the prompt);
- the control RPCs go to Cursor while it answers, and are answered here when it does not;
- offline, nothing is forwarded at all and a whole agent turn (the real agent, a fake provider) runs with
  Cursor's port closed.

Real sockets (proxy, fake Cursor, fake provider), so the real clock; every wait is bounded by fail_after.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
import trio

from cursord.config import Limits, ProviderKind
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, end_stream_payload
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy.runner import build_proxy
from cursord.proxy.server import InterceptingProxy, ProxyConfig
from cursord.proxy.wire import LiveBody
from cursord.server.assembly import Core, build_core
from cursord.server.models_rpc import model_rpc_parts
from cursord.server.side_rpcs import (
    IS_CONNECTED_PATH,
    NAME_TAB_PATH,
    UPDATE_METADATA_PATH,
    UPLOAD_BLOBS_PATH,
    SideRpcs,
    side_rpc_parts,
)
from cursord.server.side_streams import HEALTH_STREAM_PATH
from cursord.testing.agent import agent_daemon, drive, spec_for
from cursord.testing.editor import (
    BIDI_APPEND,
    STREAM_HEADERS,
    UNARY_HEADERS,
    EditorClient,
    error_from_json,
    run_request,
)
from cursord.testing.fake_providers import Reply, open_fake_provider
from cursord.testing.http_client import open_http
from cursord.testing.provider_streams import chat_text
from cursord.testing.proxy import (
    FakeOrigin,
    OriginRequest,
    ProxyRefused,
    Responder,
    connect_via_proxy,
    open_fake_origin,
)
from cursord.tls.ca import CaPaths, client_context
from tests.proxy.test_proxy import CATALOG, DEAD_HOST, HOST, Echo, _dead_port

PROMPT = "SECRET-PROMPT-7f3a please refactor billing.py"
PROBE = aiserver.HealthRequest(payload="foo").SerializeToString()


@attrs.define
class SideStack:
    core: Core
    proxy: InterceptingProxy
    address: tuple[str, int]
    origin: FakeOrigin
    trust: object
    cert: Path

    async def tunnel(self, host: str = HOST) -> trio.abc.Stream:
        return await connect_via_proxy(self.address, host, 443, ssl_context=self.trust)  # type: ignore[arg-type]

    async def h2_tunnel(self, host: str = HOST) -> trio.abc.Stream:
        trust = client_context(self.cert, alpn=("h2", "http/1.1"))
        return await connect_via_proxy(self.address, host, 443, ssl_context=trust)

    def forwarded(self) -> dict[str, tuple[int, int, int, int, bool | None]]:
        """method -> (calls, failed, bytes up, bytes down, carries code), as the proxy's ledger has them."""
        return {row["method"]: (row["count"], row["failed"], row["bytes_up"], row["bytes_down"], row["carries_code"])
                for row in self.proxy.ledger.snapshot()}

    def forwarded_bytes(self) -> bytes:
        return b"".join(r.target + b"".join(k + v for k, v in r.headers) + r.body for r in self.origin.requests)


async def _cursor_health(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
    while await body.next_chunk() is not None:
        pass
    await responder.start(200, [(b"content-type", b"text/event-stream"), (b"transfer-encoding", b"chunked")])
    payload = aiserver.HealthResponse(payload="from Cursor").SerializeToString()
    await responder.data(encode_envelope(payload))
    await responder.data(encode_envelope(end_stream_payload(None), end_stream=True))
    await responder.end()


async def _cursor_ack(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
    while await body.next_chunk() is not None:
        pass
    await responder.whole(200, [(b"content-type", b"application/proto")], b"")


async def _open_stack(
    tmp_path: Path, *, offline: bool, core: Core | None = None, cursor_closed: bool = False, private: bool = False
) -> AsyncIterator[SideStack]:
    routes = {HEALTH_STREAM_PATH: _cursor_health, BIDI_APPEND: _cursor_ack, IS_CONNECTED_PATH: _cursor_ack}
    async with open_fake_origin(tmp_path / "origin", routes) as origin:
        dead = ("127.0.0.1", await _dead_port())
        overrides = {HOST: dead if cursor_closed else origin.address, DEAD_HOST: dead}
        config = ProxyConfig(port=0, upstream_overrides=overrides, offline=offline, private=private)

        async def serve(core: Core) -> AsyncIterator[SideStack]:
            data_dir = tmp_path / "data"
            proxy = build_proxy(
                core.app, data_dir=data_dir, owns_model=CATALOG, config=config, upstream_ssl=origin.client_context()
            )
            async with trio.open_nursery() as nursery:
                addresses = await nursery.start(proxy.serve)
                cert = CaPaths.in_data_dir(data_dir).cert
                yield SideStack(core, proxy, addresses[0], origin, client_context(cert), cert)
                nursery.cancel_scope.cancel()

        if core is not None:
            async for stack in serve(core):
                yield stack
            return
        parts = (model_rpc_parts(CATALOG), side_rpc_parts(SideRpcs(CATALOG)))
        async with build_core(Limits(), Echo, parts) as built:
            async for stack in serve(built):
                yield stack


@pytest.fixture
async def online(tmp_path: Path) -> AsyncIterator[SideStack]:
    async for stack in _open_stack(tmp_path, offline=False):
        yield stack


@pytest.fixture
async def offline(tmp_path: Path) -> AsyncIterator[SideStack]:
    async for stack in _open_stack(tmp_path, offline=True):
        yield stack


@pytest.fixture
async def private(tmp_path: Path) -> AsyncIterator[SideStack]:
    async for stack in _open_stack(tmp_path, offline=False, private=True):
        yield stack


async def _health_exchange(stack: SideStack, host: str, request_id: str) -> list[str]:
    """Open the health stream and send its probe on one connection each, as the editor does."""
    stream_body = encode_envelope(aiserver.BidiRequestId(request_id=request_id).SerializeToString())
    append = aiserver.BidiAppendRequest(data=PROBE.hex(), append_seqno=1)
    append.request_id.request_id = request_id
    payloads: list[str] = []

    async def send_probe() -> None:
        async with open_http(await stack.tunnel(host), False, authority=host) as append_conn:
            ack = await append_conn.request("POST", BIDI_APPEND, UNARY_HEADERS, append.SerializeToString())
            assert ack.status == 200, await ack.read_all()
            await ack.read_all()

    async with (
        open_http(await stack.tunnel(host), False, authority=host) as stream_conn,
        trio.open_nursery() as nursery,
    ):
        nursery.start_soon(send_probe)  # the editor sends both at once; either may arrive first
        response = await stream_conn.request("POST", HEALTH_STREAM_PATH, STREAM_HEADERS, stream_body)
        decoder = EnvelopeDecoder(1 << 20)
        while not payloads and (chunk := await response.read_chunk()) is not None:
            for envelope in decoder.feed(chunk):
                if not envelope.end_stream:
                    payloads.append(aiserver.HealthResponse.FromString(envelope.payload).payload)
        await response.aclose()
    return payloads


async def test_the_health_stream_goes_to_cursor_while_it_answers(online: SideStack) -> None:
    with trio.fail_after(20):
        assert await _health_exchange(online, HOST, "health-up") == ["from Cursor"]
    paths = sorted(r.target.decode() for r in online.origin.requests)
    assert paths == [BIDI_APPEND, HEALTH_STREAM_PATH]  # the probe went with its stream


async def test_the_health_stream_is_answered_here_when_cursor_is_unreachable(online: SideStack) -> None:
    with trio.fail_after(20):
        assert await _health_exchange(online, DEAD_HOST, "health-down") == ["foo"]
    assert online.origin.requests == []


async def test_titles_metadata_and_blobs_never_leave_the_machine(online: SideStack) -> None:
    calls = [
        (NAME_TAB_PATH, aiserver.NameTabRequest(messages=[aiserver.ConversationMessage(text=PROMPT, type=1)])),
        ("/aiserver.v1.AiService/NameAgent", aiserver.NameAgentRequest(user_message=PROMPT)),
        ("/agent.v1.AgentService/NameAgent", agent.NameAgentRequest(user_message=PROMPT)),
        (UPDATE_METADATA_PATH, agent.UpdateConversationMetadataRequest(conversation_id="c1", name=PROMPT)),
        (
            UPLOAD_BLOBS_PATH,
            agent.UploadConversationBlobsRequest(
                conversation_id="c1", blobs=[agent.BlobEntry(id=b"\x02" * 32, value=PROMPT.encode())]
            ),
        ),
    ]
    with trio.fail_after(20):
        async with open_http(await online.tunnel(), False, authority=HOST) as conn:
            for path, message in calls:
                response = await conn.request("POST", path, UNARY_HEADERS, message.SerializeToString())
                assert response.status == 200, (path, await response.read_all())
                await response.read_all()
            # a BYOK run through the same tunnel
            async with EditorClient.open(online.tunnel, False) as editor:
                await editor.append("byok", run_request(PROMPT, model="gpt-5"))
                async with editor.run_sse("byok") as reader:
                    await reader.read_to_end()
    assert online.origin.requests == []
    assert b"SECRET-PROMPT-7f3a" not in online.forwarded_bytes()


async def test_control_rpcs_go_to_cursor_and_are_answered_here_without_it(online: SideStack) -> None:
    with trio.fail_after(20):
        for host in (HOST, DEAD_HOST):
            async with open_http(await online.tunnel(host), False, authority=host) as conn:
                response = await conn.request("POST", IS_CONNECTED_PATH, UNARY_HEADERS, b"")
                assert response.status == 200
                assert await response.read_all() == b""
    assert [r.target.decode() for r in online.origin.requests] == [IS_CONNECTED_PATH]  # only while reachable


async def test_offline_forwards_nothing(offline: SideStack) -> None:
    with trio.fail_after(20):
        async with EditorClient.open(offline.tunnel, False) as editor:
            await editor.append("r-off", run_request("hi", model="gpt-5"))
            async with editor.run_sse("r-off") as reader:
                messages = await reader.read_to_end()
            assert [m.interaction_update.text_delta.text for m in messages] == ["cursord: hi"]
            status, body = await editor.post("/aiserver.v1.DashboardService/GetTeams", b"")
            assert status == 503 and error_from_json(body).code is Code.UNAVAILABLE
            assert "offline" in error_from_json(body).message
            assert await editor.post(IS_CONNECTED_PATH, b"") == (200, b"")
        assert await _health_exchange(offline, HOST, "health-off") == ["foo"]
        with pytest.raises(ProxyRefused) as refused:
            await connect_via_proxy(offline.address, "example.com", 443, ssl_context=offline.trust)  # type: ignore
        assert refused.value.status == 403
    assert offline.origin.requests == []


async def test_offline_runs_a_whole_agent_turn_with_cursor_closed(tmp_path: Path) -> None:
    reply = Reply.sse(chat_text("hello from the local model"))
    async with (
        open_fake_provider(reply) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5")) as (daemon, _),
    ):
        async for stack in _open_stack(tmp_path, offline=True, core=daemon.core, cursor_closed=True):
            with trio.fail_after(30):
                async with EditorClient.open(stack.tunnel, False) as editor:
                    await editor.append("plane", run_request("what is 2+2?", model="gpt-5"))
                    async with editor.run_sse("plane") as reader:
                        transcript = await drive(editor, "plane", reader)
            assert transcript.error is None
            assert transcript.text == "hello from the local model"
            assert stack.origin.requests == []


async def test_every_call_forwarded_to_cursor_is_counted_and_a_failed_attempt_too(online: SideStack) -> None:
    teams = b"\x08\x01"
    with trio.fail_after(20):
        for host in (HOST, DEAD_HOST):  # the second is unreachable: cursord answers, the attempt counts failed
            async with open_http(await online.tunnel(host), False, authority=host) as conn:
                response = await conn.request("POST", IS_CONNECTED_PATH, UNARY_HEADERS, b"")
                assert response.status == 200
                await response.read_all()
        echoed = 0
        for http2, tunnel in ((False, online.tunnel), (True, online.h2_tunnel)):
            async with open_http(await tunnel(), http2, authority=HOST) as conn:
                response = await conn.request("POST", "/aiserver.v1.DashboardService/GetTeams", UNARY_HEADERS, teams)
                assert response.status == 200
                echoed += len(await response.read_all())
        async with EditorClient.open(online.tunnel, False) as editor:  # cursord's run: not forwarded
            await editor.append("byok", run_request(PROMPT, model="gpt-5"))
            async with editor.run_sse("byok") as reader:
                await reader.read_to_end()
            status, _ = await editor.post(NAME_TAB_PATH, aiserver.NameTabRequest().SerializeToString())
            assert status == 200
    assert online.forwarded() == {
        "aiserver.v1.NetworkService/IsConnected": (2, 1, 0, 0, False),
        "aiserver.v1.DashboardService/GetTeams": (2, 0, 2 * len(teams), echoed, False),
    }


async def test_private_refuses_what_carries_code_and_lets_the_rest_pass(private: SideStack) -> None:
    bug_bot = "/aiserver.v1.AiService/StreamBugBot"
    with trio.fail_after(20):
        async with EditorClient.open(private.tunnel, False) as editor:
            for path in (bug_bot, "/aiserver.v1.AiService/SomethingNewer"):
                status, body = await editor.post(path, b"\x0a\x00")
                assert status == 403, body
                error = error_from_json(body)
                assert error.code is Code.PERMISSION_DENIED and "private = true (--private)" in error.message
            assert "not in the wire schema" in error.message
            assert (await editor.post("/aiserver.v1.DashboardService/GetTeams", b""))[0] == 200
            assert (await editor.post(IS_CONNECTED_PATH, b""))[0] == 200
            status, _ = await editor.post(NAME_TAB_PATH, aiserver.NameTabRequest().SerializeToString())
            assert status == 200  # cursord's own: never refused
            await editor.append("r-theirs", run_request(PROMPT, model="cursor-only-model"))  # not relayed
            async with editor.run_sse("r-theirs") as reader:
                await reader.read_to_end()
        assert await _health_exchange(private, HOST, "health-private") == ["foo"]  # answered here
    assert sorted(r.target.decode() for r in private.origin.requests) == [
        "/aiserver.v1.DashboardService/GetTeams", IS_CONNECTED_PATH,
    ]
    assert set(private.forwarded()) == {
        "aiserver.v1.DashboardService/GetTeams", "aiserver.v1.NetworkService/IsConnected",
    }
