"""Run a whole cursord (the real app on the real Hypercorn stack) inside a test.

    async with running_daemon(behaviour, transport="memory") as daemon:
        async with daemon.editor(http2=True) as editor:
            await editor.append("r1", run_request("hi", model="m"))

`transport="memory"` serves over in-memory streams: deterministic under
`trio.testing.MockClock(autojump_threshold=0)`. `transport="tcp"` listens on 127.0.0.1 port 0: the real
sockets, for the real wall clock (a MockClock would jump while the OS delivers bytes). `transport="tls"`
is the agent listener's kind of socket: TCP with TLS (ALPN h2) and a loopback leaf signed by a
fresh cursord CA, whose certificate is `RunningDaemon.ca_cert` (what a client must trust).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Literal

import attrs
import trio

from cursord.config import Limits
from cursord.server import (
    LOOPBACK_ONLY,
    AppParts,
    Core,
    GatewayAccess,
    HostPolicy,
    ListenOptions,
    build_core,
    hypercorn_config,
)
from cursord.streams import BehaviourFactory
from cursord.testing.editor import EDITOR, AppendPattern, Connect, EditorClient
from cursord.testing.http_client import connect_tcp, connect_tls
from cursord.testing.memory_server import serve_in_memory, serve_tcp
from cursord.tls import CaPaths, CertificateAuthority, client_context

Transport = Literal["memory", "tcp", "tls"]
#: wraps the app the listener serves (a capture's `Recorder.wrap(app, "agent")`)
Wrap = Callable[[Any], Any]


@attrs.frozen
class RunningDaemon:
    core: Core
    connect: Connect
    transport: Transport
    address: tuple[str, int] | None = None
    #: the CA certificate a client trusts to reach a `transport="tls"` daemon.
    ca_cert: Path | None = None

    @property
    def base_url(self) -> str:
        assert self.address is not None, "an in-memory daemon has no URL"
        host, port = self.address
        return f"{'https' if self.transport == 'tls' else 'http'}://{host}:{port}"

    @contextlib.asynccontextmanager
    async def editor(
        self, *, http2: bool, headers: tuple[tuple[bytes, bytes], ...] = (), pattern: AppendPattern = EDITOR
    ) -> AsyncIterator[EditorClient]:
        """An editor client; by default it uploads as Cursor does (`cursord.testing.editor.AppendPattern`)."""
        async with EditorClient.open(self.connect, http2, headers, pattern) as client:
            yield client


@contextlib.asynccontextmanager
async def running_daemon(
    behaviour_factory: BehaviourFactory,
    *,
    transport: Transport = "memory",
    limits: Limits | None = None,
    parts: tuple[AppParts, ...] = (),
    hosts: HostPolicy = LOOPBACK_ONLY,
    gateway: GatewayAccess | None = None,
    wrap: Wrap | None = None,
) -> AsyncIterator[RunningDaemon]:
    """The daemon on `transport`; with `wrap`, the listener serves `wrap(core.app)` instead of the app."""
    limits = limits or Limits()
    async with build_core(limits, behaviour_factory, parts, hosts, gateway) as core:
        app = wrap(core.app) if wrap is not None else core.app
        options = ListenOptions(
            host="127.0.0.1",
            port=0,
            first_request_timeout=limits.first_request_seconds,
            max_concurrent_streams=limits.max_streams_per_connection,
            send_stall_timeout=limits.send_stall_seconds,
        )
        config = hypercorn_config(options, limits.max_body_bytes, core.app.counters)
        config.keep_alive_timeout = 10**6
        if transport == "memory":
            async with serve_in_memory(app, config) as server:
                yield RunningDaemon(core, server.connect, transport)
        elif transport == "tls":
            with tempfile.TemporaryDirectory(prefix="cursord-tls-") as data_dir:
                ca, _ = CertificateAuthority.load_or_create(CaPaths.in_data_dir(Path(data_dir)))
                leaf = ca.write_loopback_leaf()
                config = hypercorn_config(
                    ListenOptions(host="127.0.0.1", port=0, certfile=leaf, keyfile=leaf), limits.max_body_bytes
                )
                config.keep_alive_timeout = 10**6
                trust = client_context(ca.paths.cert, alpn=("h2",))  # `editor(http2=True)` only
                async with serve_tcp(app, config) as (host, port):

                    async def connect_secure() -> trio.abc.Stream:
                        return await connect_tls(host, port, trust)

                    yield RunningDaemon(core, connect_secure, transport, (host, port), ca.paths.cert)
        else:
            async with serve_tcp(app, config) as (host, port):

                async def connect() -> trio.abc.Stream:
                    return await connect_tcp(host, port)

                yield RunningDaemon(core, connect, transport, (host, port))


async def wait_until(predicate: Callable[[], bool], *, interval: float = 0.001) -> None:
    """Wait until `predicate()` holds: for state that changes as bytes arrive from the OS, where no
    event can be awaited (an upload held by the sequencer, a RunSSE connection attached). Polls; under
    `autojump_clock` the polling costs no wall time."""
    while not predicate():  # noqa: ASYNC110 - polled on purpose, see above
        await trio.sleep(interval)
