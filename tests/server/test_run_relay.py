"""Relaying from the agent listener to Cursor's agent host: a Run for a model cursord does not serve goes
there whole (the frames already read replayed first, then both ways at once), and so does every path
cursord does not own. The agent host is a fake on loopback TLS (HTTP/2, its own CA); real clock."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
import trio
from hypercorn.trio import serve as hypercorn_serve

from cursord.app.daemon import run_daemon
from cursord.app.runtime import agent_endpoint
from cursord.config import Endpoint, ModelCatalog, ServeConfig
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, end_stream_payload
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy.forwarded_calls import ForwardedCalls
from cursord.server.agent_listener import AgentEndpoint
from cursord.server.asgi import read_body, send_response
from cursord.server.models_rpc import SERVER_CONFIG_PATH, model_rpc_parts
from cursord.server.parts import AppParts, RunRelay
from cursord.server.relay import AgentRelay
from cursord.server.run import RUN_PATH
from cursord.server.serve import ListenOptions, hypercorn_config
from cursord.testing.behaviours import Echo, text_update
from cursord.testing.editor import UNARY_HEADERS, EditorClient, exec_result, run_request
from cursord.testing.http_client import connect_tls, open_http
from cursord.tls.ca import CaPaths, CertificateAuthority, client_context

SECONDS = 30
OURS = "m"
CURSORS = "claude-4.5-opus-high-thinking"


@attrs.define
class FakeAgentHost:
    """Answers a Run frame by frame ("upstream: <kind>"), as it reads them; any other path with its name."""

    runs: list[dict[str, Any]] = attrs.field(factory=list)
    others: list[str] = attrs.field(factory=list)
    disconnects: int = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        if scope["path"] != RUN_PATH:
            self.others.append(scope["path"])
            body = await read_body(receive, 1 << 20)
            await send_response(send, 200, [(b"content-type", b"application/proto"), (b"x-upstream", b"1")],
                                b"upstream " + scope["path"].encode() + b" " + body)
            return
        run: dict[str, Any] = {"headers": dict(scope["headers"]), "kinds": [], "raw": b"", "ended": False}
        self.runs.append(run)
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/connect+proto"), (b"x-upstream", b"1")]})
        decoder = EnvelopeDecoder(1 << 20)
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                self.disconnects += 1
                return
            run["raw"] += message.get("body", b"")
            for envelope in decoder.feed(message.get("body", b"")):
                kind = agent.AgentClientMessage.FromString(envelope.payload).WhichOneof("message")
                run["kinds"].append(kind)
                reply = text_update(f"upstream: {kind}").SerializeToString()
                await send({"type": "http.response.body", "body": encode_envelope(reply), "more_body": True})
            if not message.get("more_body", False):
                run["ended"] = True
                break
        await send({"type": "http.response.body", "body": encode_envelope(end_stream_payload(None), end_stream=True),
                    "more_body": False})


@attrs.frozen
class Setup:
    host: FakeAgentHost
    listener_port: int
    trust: Any
    #: set it to stop the fake agent host (its connections go away within 0.2 s)
    stop_upstream: trio.Event
    #: what was relayed to the agent host, counted as the proxy counts what it forwards
    ledger: ForwardedCalls


@asynccontextmanager
async def relaying_daemon(tmp_path: Path, *, upstream_up: bool = True) -> AsyncIterator[Setup]:
    fake = FakeAgentHost()
    with tempfile.TemporaryDirectory() as upstream_dir:
        upstream_ca, _ = CertificateAuthority.load_or_create(CaPaths.in_data_dir(Path(upstream_dir)))
        leaf = upstream_ca.write_loopback_leaf()
        config = hypercorn_config(ListenOptions(port=0, certfile=leaf, keyfile=leaf, graceful_timeout=0.2), 1 << 20)
        stop_upstream = trio.Event()
        async with trio.open_nursery() as upstream_nursery:
            serve_upstream = partial(hypercorn_serve, cast(Any, fake), config, shutdown_trigger=stop_upstream.wait)
            upstream_binds: list[str] = await upstream_nursery.start(serve_upstream)
            upstream_port = int(upstream_binds[0].rpartition(":")[2])
            port = upstream_port if upstream_up else 1  # nothing listens on port 1
            upstream_trust = client_context(upstream_ca.paths.cert, alpn=("h2",))
            ledger = ForwardedCalls()
            relay = AgentRelay(host="127.0.0.1", port=port, ssl_context=upstream_trust, count=ledger.call)
            agent_endpoint = AgentEndpoint(relay=relay)
            loopback = Endpoint("127.0.0.1", 0)
            serve = ServeConfig(data_dir=tmp_path, listen=loopback, agent_listen=loopback)
            parts = (
                model_rpc_parts(ModelCatalog([]), lambda: agent_endpoint.url),
                AppParts(run_relay=RunRelay(lambda model: model in (None, "", OURS), relay)),
            )
            shutdown = trio.Event()
            async with trio.open_nursery() as nursery:
                run = partial(run_daemon, serve, Echo, parts, shutdown=shutdown, agent=agent_endpoint)
                binds: list[str] = await nursery.start(run)
                trust = client_context(CaPaths.in_data_dir(tmp_path).cert, alpn=("h2",))
                try:
                    yield Setup(fake, int(binds[1].rpartition(":")[2]), trust, stop_upstream, ledger)
                finally:
                    shutdown.set()
                    stop_upstream.set()


@asynccontextmanager
async def editor(setup: Setup) -> AsyncIterator[EditorClient]:
    async def connect() -> trio.abc.Stream:
        return await connect_tls("127.0.0.1", setup.listener_port, setup.trust)

    async with EditorClient.open(connect, http2=True) as client:
        yield client


def texts(messages: list[agent.AgentServerMessage]) -> list[str]:
    return [m.interaction_update.text_delta.text for m in messages]


async def test_a_run_on_cursors_model_goes_to_the_agent_host_both_ways(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with relaying_daemon(tmp_path) as setup, editor(setup) as client:
            first = run_request("hello", model=CURSORS)
            auth = [(b"authorization", b"Bearer editor-token"), (b"x-parent-request-id", b"p1")]
            async with client.run("r1", headers=auth) as run:
                await run.send(first)
                reader = await run.reader()
                assert reader.response.header(b"x-upstream") == b"1"  # the agent host's head, not cursord's
                said = await reader.next_message()
                assert said is not None and texts([said]) == ["upstream: run_request"]
                await run.send(exec_result(1, "x"))  # after the answer came: both ways at once
                said = await reader.next_message()
                assert said is not None and texts([said]) == ["upstream: exec_client_message"]
                await run.end()
                assert await reader.read_to_end() == [] and reader.error is None
    (upstream,) = setup.host.runs
    (counted,) = setup.ledger.snapshot()  # what left the machine: the run, with its prompt, both ways
    assert (counted["method"], counted["count"], counted["failed"]) == ("agent.v1.AgentService/Run", 1, 0)
    assert counted["bytes_up"] == len(upstream["raw"]) and counted["bytes_down"] > 0
    assert upstream["headers"][b"authorization"] == b"Bearer editor-token"
    assert upstream["headers"][b"x-request-id"] == b"r1" and upstream["headers"][b"x-parent-request-id"] == b"p1"
    assert upstream["raw"].startswith(encode_envelope(first.SerializeToString()))  # replayed byte for byte
    assert upstream["kinds"] == ["run_request", "exec_client_message"] and upstream["ended"]


async def test_a_run_on_cursords_model_stays_and_other_paths_are_relayed(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with relaying_daemon(tmp_path) as setup, editor(setup) as client:
            async with client.run("r1") as run:
                await run.send(run_request("hello", model=OURS))
                await run.send(exec_result(1, "last"))
                reader = await run.reader()
                assert texts(await reader.read_to_end()) == ["echo: hello", "exec 1"] and reader.error is None
            status, body = await client.post("/aiserver.v1.AiService/NameTab", b"abc")
            assert (status, body) == (200, b"upstream /aiserver.v1.AiService/NameTab abc")
            status, body = await client.post(SERVER_CONFIG_PATH, aiserver.GetServerConfigRequest().SerializeToString())
            assert status == 200 and aiserver.GetServerConfigResponse.FromString(body).agent_url_config.agentn_url
    assert setup.host.runs == [] and setup.host.others == ["/aiserver.v1.AiService/NameTab"]
    assert [(row["method"], row["count"]) for row in setup.ledger.snapshot()] == [("aiserver.v1.AiService/NameTab", 1)]


async def test_a_reset_reaches_the_agent_host(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with relaying_daemon(tmp_path) as setup, editor(setup) as client:
            async with client.run("r1") as run:
                await run.send(run_request("hello", model=CURSORS))
                assert await (await run.reader()).next_message() is not None
                await run.reset()
            while setup.host.disconnects == 0:  # noqa: ASYNC110 - real sockets: the reset travels
                await trio.sleep(0.01)


async def test_an_agent_host_out_of_reach_is_unavailable(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with (
            relaying_daemon(tmp_path, upstream_up=False) as setup,
            editor(setup) as client,
            client.run("r1") as run,
        ):
            await run.send(run_request("hello", model=CURSORS))
            reader = await run.reader()
            assert await reader.read_to_end() == []
    assert reader.error is not None and reader.error.code is Code.UNAVAILABLE
    assert "cannot reach 127.0.0.1" in reader.error.message
    assert [(row["count"], row["failed"]) for row in setup.ledger.snapshot()] == [(1, 1)]  # the attempt counts


async def test_an_agent_host_that_goes_away_mid_run_cuts_the_response(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with relaying_daemon(tmp_path) as setup, editor(setup) as client, client.run("r1") as run:
            await run.send(run_request("hello", model=CURSORS))
            reader = await run.reader()
            assert await reader.next_message() is not None
            setup.stop_upstream.set()
            with pytest.raises(ConnectionError, match="without an end-stream frame"):
                await reader.read_to_end()


async def test_the_host_and_origin_policy_holds_before_anything_is_relayed(tmp_path: Path) -> None:
    """Issue 27 #6: a POST to a path cursord does not own, with a foreign `:authority` or an `Origin`, was
    relayed to Cursor's agent host: the listener's relay ran before the Host and Origin policy."""
    with trio.fail_after(SECONDS):
        async with relaying_daemon(tmp_path) as setup:

            async def connect() -> trio.abc.Stream:
                return await connect_tls("127.0.0.1", setup.listener_port, setup.trust)

            async with open_http(await connect(), True, authority="evil.example") as foreign:
                response = await foreign.request("POST", "/aiserver.v1.AiService/NameTab", UNARY_HEADERS, b"abc")
                assert response.status == 403 and b"permission_denied" in await response.read_all()
            async with editor(setup) as client:
                status, body = await client.post(
                    "/aiserver.v1.AiService/NameTab", b"abc", [*UNARY_HEADERS, (b"origin", b"https://evil.example")]
                )
                assert status == 403 and b"permission_denied" in body
                status, _ = await client.post("/aiserver.v1.AiService/NameTab", b"abc")  # the editor's own: relayed
                assert status == 200
    assert setup.host.others == ["/aiserver.v1.AiService/NameTab"]


def test_offline_relays_nothing_from_the_agent_listener(tmp_path: Path) -> None:
    """Issue 27 #6: with `--offline`, a Run for a model cursord does not serve and every path it does not own
    went to Cursor's agent host from the agent listener; offline, the listener has no relay at all."""
    assert agent_endpoint(ServeConfig(data_dir=tmp_path, offline=True)).relay is None
    assert agent_endpoint(ServeConfig(data_dir=tmp_path, team_gateway=True)).relay is None
    assert agent_endpoint(ServeConfig(data_dir=tmp_path, private=True)).relay is None  # a run's prompt stays
    assert agent_endpoint(ServeConfig(data_dir=tmp_path)).relay is not None
