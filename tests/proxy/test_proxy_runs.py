"""Relayed runs when the RunSSE wins the race: in memory (client, proxy, fake backend), on the Trio clock.

The proxy holds a RunSSE whose request id has no decision yet for up to `run_decision_wait`; these tests
use `autojump_clock`, so that bound passes instantly and exactly.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
import trio
import trio.testing

from cursord.config import Limits
from cursord.connect.envelope import encode_envelope, end_stream_payload
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy.runner import build_proxy
from cursord.proxy.server import InterceptingProxy, ProxyConfig
from cursord.proxy.wire import LiveBody
from cursord.server.assembly import Core, build_core
from cursord.server.models_rpc import model_rpc_parts
from cursord.streams.active import ActiveStream
from cursord.testing.editor import BIDI_APPEND, RUN_SSE, EditorClient, run_request
from cursord.testing.proxy import FakeOrigin, OriginRequest, Responder, connect_via_proxy, open_fake_origin
from cursord.tls.ca import CaPaths, client_context
from tests.proxy.test_proxy import CATALOG, HOST, Echo, _text

WAIT = 3.0


@attrs.define
class MemoryStack:
    core: Core
    proxy: InterceptingProxy
    origin: FakeOrigin
    nursery: trio.Nursery
    trust: object
    appends: list[str] = attrs.Factory(list)

    async def tunnel(self) -> trio.abc.Stream:
        async def to_proxy() -> trio.abc.Stream:
            client_end, server_end = trio.testing.memory_stream_pair()
            self.nursery.start_soon(self.proxy.handle, server_end)
            return client_end

        return await connect_via_proxy(to_proxy, HOST, 443, ssl_context=self.trust)  # type: ignore[arg-type]


def _backend_routes(stack: MemoryStack) -> None:
    async def append(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        data = b""
        while (chunk := await body.next_chunk()) is not None:
            data += chunk
        stack.appends.append(aiserver.BidiAppendRequest.FromString(data).request_id.request_id)
        await responder.whole(200, [(b"content-type", b"application/proto")], b"")

    async def run_sse(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
        while await body.next_chunk() is not None:
            pass
        await responder.start(200, [(b"content-type", b"text/event-stream"), (b"transfer-encoding", b"chunked")])
        await responder.data(encode_envelope(_text("from Cursor").SerializeToString()))
        await responder.data(encode_envelope(end_stream_payload(None), end_stream=True))
        await responder.end()

    stack.origin.routes[BIDI_APPEND] = append
    stack.origin.routes[RUN_SSE] = run_sse


async def _make_stack(tmp_path: Path, config: ProxyConfig) -> AsyncIterator[MemoryStack]:
    async with (
        open_fake_origin(tmp_path / "origin", listen=False) as origin,
        build_core(Limits(), Echo, (model_rpc_parts(CATALOG),)) as core,
        trio.open_nursery() as nursery,
    ):
        data_dir = tmp_path / "data"
        proxy = build_proxy(
            core.app, data_dir=data_dir, owns_model=CATALOG, config=config, connector=origin.connect_upstream
        )
        stack = MemoryStack(core, proxy, origin, nursery, client_context(CaPaths.in_data_dir(data_dir).cert))
        _backend_routes(stack)
        yield stack
        nursery.cancel_scope.cancel()


@pytest.fixture
async def stack(tmp_path: Path) -> AsyncIterator[MemoryStack]:
    async for value in _make_stack(tmp_path, ProxyConfig(run_decision_wait=WAIT, idle_timeout=10**6)):
        yield value


def _texts(messages: list[agent.AgentServerMessage]) -> list[str]:
    return [m.interaction_update.text_delta.text for m in messages]


async def _read_run(editor: EditorClient, request_id: str, into: list[str]) -> None:
    async with editor.run_sse(request_id) as reader:
        into.extend(_texts(await reader.read_to_end()))


async def test_early_runsse_follows_a_relayed_run(stack: MemoryStack, autojump_clock: trio.testing.MockClock) -> None:
    seen: list[str] = []
    async with EditorClient.open(stack.tunnel, False) as editor, trio.open_nursery() as nursery:
        nursery.start_soon(_read_run, editor, "early", seen)
        while stack.proxy.waiting("early") == 0:
            await trio.testing.wait_all_tasks_blocked()
        started = trio.current_time()
        await editor.append("early", run_request("hi", model="cursor-small"))
    assert seen == ["from Cursor"]
    assert trio.current_time() - started < WAIT  # woken by the decision, not by the bound
    assert stack.appends == ["early"]
    assert stack.core.broker.get("early") is None
    assert stack.proxy.waiting("early") == 0


async def test_early_runsse_follows_a_local_run(stack: MemoryStack, autojump_clock: trio.testing.MockClock) -> None:
    seen: list[str] = []
    async with EditorClient.open(stack.tunnel, False) as editor, trio.open_nursery() as nursery:
        nursery.start_soon(_read_run, editor, "mine", seen)
        while stack.proxy.waiting("mine") == 0:
            await trio.testing.wait_all_tasks_blocked()
        await editor.append("mine", run_request("hi", model="gpt-5"))
    assert seen == ["cursord: hi"]
    assert stack.origin.requests == []


async def test_runsse_with_no_decision_is_cursords_after_the_bound(
    stack: MemoryStack, autojump_clock: trio.testing.MockClock
) -> None:
    created = trio.Event()

    def observe(stream: ActiveStream, what: str) -> None:
        if stream.request_id == "orphan" and what == "created":
            created.set()

    stack.core.broker.observers.append(observe)
    async with EditorClient.open(stack.tunnel, False) as editor:

        async def subscribe() -> None:
            async with editor.run_sse("orphan") as reader:
                assert reader.response.status == 200
                await trio.sleep_forever()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(subscribe)
            started = trio.current_time()
            await created.wait()  # cursord's placeholder stream
            waited = trio.current_time() - started
            nursery.cancel_scope.cancel()
    assert WAIT <= waited < WAIT + 0.1
    assert stack.origin.requests == []


async def test_several_waiting_runsse_calls_share_the_decision(
    stack: MemoryStack, autojump_clock: trio.testing.MockClock
) -> None:
    seen: list[str] = []
    async with EditorClient.open(stack.tunnel, False) as editor, trio.open_nursery() as nursery:
        nursery.start_soon(_read_run, editor, "shared", seen)
        nursery.start_soon(_read_run, editor, "shared", seen)
        while stack.proxy.waiting("shared") < 2:
            await trio.testing.wait_all_tasks_blocked()
        await editor.append("shared", run_request("hi", model="cursor-small"))
    assert seen == ["from Cursor", "from Cursor"]


async def test_relaying_can_be_switched_off(tmp_path: Path, autojump_clock: trio.testing.MockClock) -> None:
    config = ProxyConfig(relay_unserved_models=False, idle_timeout=10**6)
    async for stack in _make_stack(tmp_path, config):
        async with EditorClient.open(stack.tunnel, False) as editor:
            await editor.append("kept", run_request("hi", model="cursor-small"))
            seen: list[str] = []
            await _read_run(editor, "kept", seen)
        assert seen == ["cursord: hi"]  # the (echo) behaviour got it; the real agent would refuse the model
        assert stack.origin.requests == []
