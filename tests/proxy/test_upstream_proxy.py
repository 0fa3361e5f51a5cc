"""Behind a corporate proxy: Cursor's hosts are reached through `CONNECT` on it, provider calls through it,
loopback directly; `editor setup` keeps the user's own `http.proxy` as that upstream and says so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import attrs
import httpx
import pytest
import trio

from cursord.app.runtime import provider_pool_limits
from cursord.app.upstream import Upstream, provider_client, upstream_proxy
from cursord.config import Limits, ServeConfig
from cursord.editor import upstream_proxy_kept
from cursord.proxy import ProxyConfig, build_proxy
from cursord.testing.proxy import connect_via_proxy
from cursord.tls import UpstreamError, UpstreamProxy, client_context, open_upstream_stream, proxying_upstream


@attrs.define
class CorporateProxy:
    """An HTTP proxy: `CONNECT` to any name opens a tunnel to `target` (a local server); an absolute-form
    request is answered itself. With `password`, it wants `Proxy-Authorization` (407 otherwise)."""

    target: tuple[str, int]
    password: str | None = None
    heads: list[str] = attrs.field(factory=list)
    port: int = 0

    async def serve(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        self.port = listeners[0].socket.getsockname()[1]
        task_status.started()
        await trio.serve_listeners(self._client, listeners)

    async def _client(self, stream: trio.SocketStream) -> None:
        head = bytearray()
        while b"\r\n\r\n" not in head:
            chunk = await stream.receive_some(4096)
            if not chunk:
                return
            head += chunk
        text = bytes(head).split(b"\r\n\r\n", 1)[0].decode("latin-1")
        self.heads.append(text)
        if self.password is not None and "Proxy-Authorization: Basic " not in text:
            await stream.send_all(b"HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n")
            return
        if not text.startswith("CONNECT "):
            await stream.send_all(b"HTTP/1.1 200 OK\r\ncontent-length: 9\r\nconnection: close\r\n\r\nvia proxy")
            return
        upstream = await trio.open_tcp_stream(*self.target)
        await stream.send_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
        async with trio.open_nursery() as nursery:
            for source, sink in ((stream, upstream), (upstream, stream)):
                nursery.start_soon(_pipe, source, sink)


async def _pipe(source: trio.abc.Stream, sink: trio.abc.Stream) -> None:
    while data := await source.receive_some(4096):
        await sink.send_all(data)


async def _echo(stream: trio.SocketStream) -> None:
    while data := await stream.receive_some(4096):
        await stream.send_all(b"echo:" + data)


@asynccontextmanager
async def corporate_proxy(password: str | None = None) -> AsyncIterator[CorporateProxy]:
    async with trio.open_nursery() as nursery:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        nursery.start_soon(trio.serve_listeners, _echo, listeners)
        proxy = CorporateProxy(("127.0.0.1", listeners[0].socket.getsockname()[1]), password)
        await nursery.start(proxy.serve)
        yield proxy
        nursery.cancel_scope.cancel()


async def test_cursors_hosts_are_reached_through_connect_on_the_upstream_proxy() -> None:
    async with corporate_proxy() as corp:
        with proxying_upstream(UpstreamProxy.parse(f"http://127.0.0.1:{corp.port}")):
            stream = await open_upstream_stream("api2.cursor.sh", 443, False, ssl_context=client_context(),
                                                overrides={}, connect_timeout=5)
            await stream.send_all(b"hello")
            assert await stream.receive_some(100) == b"echo:hello"
            await stream.aclose()
        assert corp.heads[0].startswith("CONNECT api2.cursor.sh:443 HTTP/1.1\r\nHost: api2.cursor.sh:443")


async def test_the_editor_proxys_tunnels_go_through_the_upstream_proxy(tmp_path: Path) -> None:
    async def no_app(scope: object, receive: object, send: object) -> None:
        raise AssertionError("a tunnel never reaches the app")

    proxy = build_proxy(no_app, data_dir=tmp_path, owns_model=lambda model: True, config=ProxyConfig(port=0))
    async with corporate_proxy() as corp, trio.open_nursery() as nursery:
        [address] = (await nursery.start(proxy.serve))[:1]
        with proxying_upstream(UpstreamProxy.parse(f"http://127.0.0.1:{corp.port}")):
            tunnel = await connect_via_proxy(address, "marketplace.example.com", 443)
            await tunnel.send_all(b"ping")
            assert await tunnel.receive_some(100) == b"echo:ping"
            await tunnel.aclose()
        assert corp.heads[0].startswith("CONNECT marketplace.example.com:443 HTTP/1.1")
        nursery.cancel_scope.cancel()


async def test_loopback_and_no_proxy_hosts_are_reached_directly() -> None:
    async with corporate_proxy() as corp:
        proxy = UpstreamProxy.parse(f"127.0.0.1:{corp.port}", no_proxy="corp.internal, .example.org")
        assert proxy.bypasses("127.0.0.1") and proxy.bypasses("[::1]") and proxy.bypasses("localhost")
        assert proxy.bypasses("git.corp.internal") and proxy.bypasses("www.example.org")
        assert not proxy.bypasses("api2.cursor.sh")
        with proxying_upstream(proxy):
            stream = await open_upstream_stream("127.0.0.1", corp.target[1], False, ssl_context=client_context(),
                                                overrides={}, connect_timeout=5)
            await stream.aclose()
        assert corp.heads == []


async def test_a_proxy_that_wants_credentials_gets_them_from_the_url_or_is_one_clear_error() -> None:
    async with corporate_proxy(password="s3cret") as corp:
        with proxying_upstream(UpstreamProxy.parse(f"http://127.0.0.1:{corp.port}")), \
                pytest.raises(UpstreamError, match=r"refused CONNECT api2\.cursor\.sh:443: HTTP/1\.1 407"):
            await open_upstream_stream("api2.cursor.sh", 443, False, ssl_context=client_context(), overrides={},
                                       connect_timeout=5)
        with proxying_upstream(UpstreamProxy.parse(f"http://me:s3cret@127.0.0.1:{corp.port}")):
            stream = await open_upstream_stream("api2.cursor.sh", 443, False, ssl_context=client_context(),
                                                overrides={}, connect_timeout=5)
            await stream.aclose()
        assert "Proxy-Authorization: Basic bWU6czNjcmV0" in corp.heads[-1]


async def test_provider_calls_go_through_the_kept_proxy_and_local_providers_do_not() -> None:
    async with corporate_proxy() as corp:
        url = f"http://127.0.0.1:{corp.port}"
        upstream = Upstream(url, UpstreamProxy.parse(url), "the http.proxy that `cursord editor setup` replaced")
        async with provider_client(provider_pool_limits(Limits()), upstream) as client:
            response = await client.get("http://provider.invalid/v1/models")
            assert response.text == "via proxy"
            assert corp.heads[-1].startswith("GET http://provider.invalid/v1/models HTTP/1.1")
            await client.get(f"http://127.0.0.1:{corp.port}/direct")
            assert corp.heads[-1].startswith("GET /direct HTTP/1.1")  # origin-form: not through a proxy


async def test_provider_calls_follow_https_proxy_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    async with corporate_proxy() as corp:
        monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{corp.port}")
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        found = upstream_proxy(ServeConfig(data_dir=Path("/nonexistent")), os.environ)
        async with provider_client(provider_pool_limits(Limits()), found) as client:
            with pytest.raises(httpx.HTTPError):  # the echo server behind the tunnel speaks no TLS
                await client.get("https://api.anthropic.com/v1/models")
        assert corp.heads[0].startswith("CONNECT api.anthropic.com:443 HTTP/1.1")


def test_the_upstream_comes_from_https_proxy_else_from_editor_setup(tmp_path: Path) -> None:
    config = ServeConfig(data_dir=tmp_path)
    assert upstream_proxy(config, {}) is None
    found = upstream_proxy(config, {"HTTPS_PROXY": "http://corp:3128", "NO_PROXY": "corp.internal"})
    assert found is not None and str(found.proxy) == "http://corp:3128" and found.origin == "$HTTPS_PROXY"
    assert found.proxy.bypasses("x.corp.internal")


def cursord(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {name: value for name, value in os.environ.items() if name != "XDG_CONFIG_HOME"} | {"HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "cursord", *args], env=env, capture_output=True, text=True,
                          check=False, timeout=60)


def test_editor_setup_keeps_the_users_proxy_as_the_upstream_and_says_so(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text('{\n  // work\n  "http.proxy": "http://proxy.corp:3128"\n}\n')
    data_dir = tmp_path / "data"
    result = cursord("editor", "setup", "--settings", str(settings), "--data-dir", str(data_dir), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "your proxy http://proxy.corp:3128 stays in use" in result.stdout
    assert json.loads(settings.read_text().replace("// work", ""))["http.proxy"] == "http://127.0.0.1:8766"
    assert upstream_proxy_kept(data_dir) == "http://proxy.corp:3128"
    found = upstream_proxy(ServeConfig(data_dir=data_dir), {})
    assert found is not None and str(found.proxy) == "http://proxy.corp:3128"


def test_editor_setup_refuses_a_settings_path_that_does_not_exist(tmp_path: Path) -> None:
    typo = tmp_path / "Cursr" / "User" / "settings.json"
    result = cursord("editor", "setup", "--settings", str(typo), "--data-dir", str(tmp_path / "d"), home=tmp_path)
    assert result.returncode == 2
    assert f"--settings {typo}: no such file" in result.stderr
    assert not typo.exists() and not typo.parent.exists()


def test_editor_setup_refuses_to_create_cursors_own_settings_file(tmp_path: Path) -> None:
    own = tmp_path / ".config" / "Cursor" / "User" / "settings.json"  # Cursor's default for this HOME
    result = cursord("editor", "setup", "--data-dir", str(tmp_path / "d"), home=tmp_path)
    assert result.returncode == 2
    assert result.stderr == f"cursord: Cursor's settings file {own} does not exist: start Cursor once (it writes" \
                            " the file), or name the file with --settings PATH\n"
    assert not (tmp_path / ".config" / "Cursor").exists()
