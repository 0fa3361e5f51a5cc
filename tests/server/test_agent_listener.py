"""The editor's HTTP/2 agent listener: loopback TLS with ALPN h2 and a leaf from cursord's CA, advertised
by GetServerConfig, serving Run on the same streams as the main port. Real sockets, real clock."""

from __future__ import annotations

import logging
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import trio

from cursord.app.daemon import run_daemon
from cursord.config import Endpoint, ModelCatalog, ServeConfig
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.agent_listener import AgentEndpoint
from cursord.server.models_rpc import SERVER_CONFIG_PATH, model_rpc_parts
from cursord.server.serve import ListenOptions, hypercorn_config
from cursord.testing.behaviours import Echo
from cursord.testing.editor import EditorClient, exec_result, run_request
from cursord.testing.http_client import connect_tcp, connect_tls
from cursord.testing.memory_server import serve_tcp
from cursord.tls.ca import CaPaths, CertificateAuthority, client_context

SECONDS = 30


@asynccontextmanager
async def daemon(tmp_path: Path, agent_listen: Endpoint | None) -> AsyncIterator[tuple[list[str], AgentEndpoint]]:
    config = ServeConfig(data_dir=tmp_path, listen=Endpoint("127.0.0.1", 0), agent_listen=agent_listen)
    agent = AgentEndpoint()
    extension = model_rpc_parts(ModelCatalog([]), lambda: agent.url)
    shutdown = trio.Event()
    async with trio.open_nursery() as nursery:
        run = partial(run_daemon, config, Echo, (extension,), shutdown=shutdown, agent=agent)
        binds: list[str] = await nursery.start(run)
        try:
            yield binds, agent
        finally:
            shutdown.set()


def port_of(url: str) -> int:
    return int(url.rpartition(":")[2])


async def server_config(editor: EditorClient) -> aiserver.GetServerConfigResponse:
    status, body = await editor.post(SERVER_CONFIG_PATH, aiserver.GetServerConfigRequest().SerializeToString())
    assert status == 200, body
    return aiserver.GetServerConfigResponse.FromString(body)


async def test_run_over_tls_h2_on_the_advertised_listener(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with daemon(tmp_path, Endpoint("127.0.0.1", 0)) as (binds, agent):
            main, listener = binds
            assert listener == agent.url and listener.startswith("https://127.0.0.1:")

            async def plain() -> trio.abc.Stream:
                return await connect_tcp("127.0.0.1", port_of(main))

            async with EditorClient.open(plain, http2=False) as editor:
                config = await server_config(editor)
            assert config.http2_config == aiserver.HTTP2_CONFIG_UNSPECIFIED
            assert config.agent_url_config.agentn_url == listener

            # what the editor's node:http2 transport does: TLS to 127.0.0.1, trusting only cursord's CA, h2
            trust = client_context(CaPaths.in_data_dir(tmp_path).cert, alpn=("h2",))
            negotiated: list[str | None] = []

            async def tls() -> trio.abc.Stream:
                stream = await connect_tls("127.0.0.1", port_of(listener), trust)
                negotiated.append(stream.selected_alpn_protocol())
                return stream

            async with EditorClient.open(tls, http2=True) as editor:
                assert (await server_config(editor)).agent_url_config.agentn_url == listener
                async with editor.run("r1") as run:
                    await run.send(run_request("over tls", model="m"))
                    await run.send(exec_result(1, "last"))
                    reader = await run.reader()
                    messages = await reader.read_to_end()
            assert negotiated == ["h2"]
            assert [m.interaction_update.text_delta.text for m in messages] == ["echo: over tls", "exec 1"]
            assert reader.error is None


async def test_off_keeps_the_editor_on_http1(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with daemon(tmp_path, None) as (binds, agent):
            assert len(binds) == 1 and agent.url is None

            async def plain() -> trio.abc.Stream:
                return await connect_tcp("127.0.0.1", port_of(binds[0]))

            async with EditorClient.open(plain, http2=False) as editor:
                config = await server_config(editor)
    assert config.http2_config == aiserver.HTTP2_CONFIG_FORCE_ALL_DISABLED
    assert not config.HasField("agent_url_config")


async def test_a_port_in_use_leaves_the_editor_on_http1(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        with trio.fail_after(SECONDS), caplog.at_level(logging.WARNING, logger="cursord.server.agent_listener"):
            async with daemon(tmp_path, Endpoint("127.0.0.1", busy)) as (binds, agent):
                assert len(binds) == 1 and agent.url is None

                async def plain() -> trio.abc.Stream:
                    return await connect_tcp("127.0.0.1", port_of(binds[0]))

                async with EditorClient.open(plain, http2=False) as editor:
                    config = await server_config(editor)
    assert config.http2_config == aiserver.HTTP2_CONFIG_FORCE_ALL_DISABLED
    (line,) = [r.getMessage() for r in caplog.records if "cannot listen" in r.getMessage()]
    assert line == (
        f"cannot listen on 127.0.0.1:{busy} for the editor's HTTP/2 agent transport (Address already in use);"
        " the editor stays on HTTP/1.1"
    )


async def _lifespan_only(scope: dict[str, object], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})


async def test_a_connection_that_sends_no_client_hello_is_closed_within_the_first_request_time(
    tmp_path: Path,
) -> None:
    """Issue 27 #9: the TLS listener held a connection that never sent a ClientHello for 60 s (Hypercorn's
    handshake timeout), not the first-request time of every other connection."""
    ca, _ = CertificateAuthority.load_or_create(CaPaths.in_data_dir(tmp_path))
    leaf = ca.write_loopback_leaf()
    options = ListenOptions(port=0, certfile=leaf, keyfile=leaf, first_request_timeout=0.5)
    with trio.fail_after(SECONDS):
        async with serve_tcp(_lifespan_only, hypercorn_config(options, 1 << 20)) as (host, port):
            silent = await connect_tcp(host, port)
            start = trio.current_time()
            with trio.fail_after(3):
                assert await silent.receive_some(1024) == b""
            assert trio.current_time() - start >= 0.4
            await silent.aclose()
