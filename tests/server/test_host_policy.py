"""The editor listener answers only loopback (or configured) Host names and never a web page's Origin:
DNS rebinding and cross-site requests get `permission_denied` before any handler runs."""

from __future__ import annotations

from typing import Any

import pytest

from cursord.connect.envelope import encode_envelope
from cursord.connect.errors import Code, error_from_json
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.host_policy import PROXIED_EXTENSION, HostPolicy, host_name
from cursord.testing.behaviours import Echo
from cursord.testing.editor import (
    BIDI_APPEND,
    RUN_SSE,
    STREAM_HEADERS,
    UNARY_HEADERS,
    RunSSEReader,
    bidi_request,
    run_request,
)
from cursord.testing.harness import RunningDaemon, running_daemon
from cursord.testing.http_client import Client


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("localhost", "localhost"),
        ("LocalHost:8765", "localhost"),
        ("localhost.:1", "localhost"),
        ("[::1]:8765", "::1"),
        ("[::1]", "::1"),
        ("127.0.0.1:0", "127.0.0.1"),
        ("localhost:", None),
        ("localhost:abc", None),
        ("[::1", None),
        ("[::1]x", None),
        ("", None),
        (":80", None),
    ],
)
def test_host_name(value: str, name: str | None) -> None:
    assert host_name(value) == name


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("localhost:8765", True),
        ("127.0.0.1", True),
        ("127.9.9.9:1", True),
        ("[::1]:8765", True),
        ("[::ffff:127.0.0.1]:80", True),
        ("box.lan:4443", True),  # configured
        ("BOX.LAN.", True),
        ("attacker.example", False),
        ("localhost.attacker.example", False),
        ("127.0.0.1.nip.io", False),
        ("192.168.1.5:8765", False),
        ("[2001:db8::1]", False),
        ("", False),
        (None, False),
    ],
)
def test_allowed_hosts(host: str | None, allowed: bool) -> None:
    assert HostPolicy(frozenset({"box.lan"})).allows_host(host) is allowed


def test_the_listen_address_is_allowed_unless_it_is_a_wildcard() -> None:
    assert HostPolicy.for_listener("192.168.1.5", ["box.lan"]).extra_names == {"192.168.1.5", "box.lan"}
    assert HostPolicy.for_listener("0.0.0.0").extra_names == frozenset()
    assert HostPolicy.for_listener("::").extra_names == frozenset()
    assert HostPolicy.for_listener("::1").allows_host("[::1]:9")


def _scope(*headers: tuple[bytes, bytes], extensions: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "http", "headers": list(headers), "extensions": extensions or {}}


def test_any_origin_is_refused_and_named() -> None:
    policy = HostPolicy()
    for origin in (b"null", b"https://evil.example", b"http://localhost:8765"):
        refusal = policy.refusal(_scope((b"host", b"localhost"), (b"origin", origin)))
        assert refusal is not None and "web pages" in refusal and origin.decode() in refusal
    assert policy.refusal(_scope((b"host", b"localhost"))) is None


def test_requests_the_proxy_hands_over_in_process_are_not_checked() -> None:
    scope = _scope((b"host", b"api2.cursor.sh"), (b"origin", b"vscode-file://vscode-app"))
    assert HostPolicy().refusal(scope) is not None
    scope["extensions"] = {PROXIED_EXTENSION: {}}
    assert HostPolicy().refusal(scope) is None


# ---- over the real stack -------------------------------------------------------------------------------


async def _append(daemon: RunningDaemon, http2: bool, authority: str, *extra: tuple[bytes, bytes]) -> tuple[int, bytes]:
    body = bidi_request("r1", 1, run_request("finish", model="m"))
    async with Client(daemon.connect, http2, authority=authority).request(
        "POST", BIDI_APPEND, [*UNARY_HEADERS, *extra], body
    ) as response:
        return response.status, await response.read_all()


@pytest.mark.parametrize("http2", [False, True], ids=["http1", "h2"])
async def test_a_rebound_host_name_runs_nothing(autojump_clock: Any, http2: bool) -> None:
    async with running_daemon(Echo) as daemon:
        status, body = await _append(daemon, http2, "attacker.example:8765")
        assert status == 403
        error = error_from_json(body)
        assert error.code is Code.PERMISSION_DENIED
        assert "loopback host" in error.message and "'attacker.example:8765'" in error.message
        assert "--allow-host" in error.message
        assert len(daemon.core.broker) == 0  # no stream, no turn

        status, body = await _append(daemon, http2, "localhost:8765")
        assert status == 200, body
        assert len(daemon.core.broker) == 1


@pytest.mark.parametrize("http2", [False, True], ids=["http1", "h2"])
async def test_a_web_page_origin_is_refused(autojump_clock: Any, http2: bool) -> None:
    async with running_daemon(Echo) as daemon:
        status, body = await _append(daemon, http2, "127.0.0.1:8765", (b"origin", b"https://evil.example"))
        assert status == 403
        error = error_from_json(body)
        assert error.code is Code.PERMISSION_DENIED and "https://evil.example" in error.message
        assert len(daemon.core.broker) == 0


async def test_run_sse_for_a_foreign_host_ends_permission_denied(autojump_clock: Any) -> None:
    body = encode_envelope(agent.BidiRequestId(request_id="r1").SerializeToString())
    async with running_daemon(Echo) as daemon:
        client = Client(daemon.connect, True, authority="attacker.example")
        async with client.request("POST", RUN_SSE, STREAM_HEADERS, body) as response:
            reader = RunSSEReader(response)
            assert await reader.read_to_end() == []
            assert reader.content_type == b"text/event-stream"
        assert reader.error is not None and reader.error.code is Code.PERMISSION_DENIED
        assert len(daemon.core.broker) == 0  # no placeholder either


async def test_a_configured_name_is_answered(autojump_clock: Any) -> None:
    async with running_daemon(Echo, hosts=HostPolicy(frozenset({"cursord.box"}))) as daemon:
        status, _ = await _append(daemon, True, "cursord.box:8765")
        assert status == 200
        status, _ = await _append(daemon, True, "other.box:8765")
        assert status == 403
