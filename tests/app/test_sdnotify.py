"""cursord.app.sdnotify against a real AF_UNIX datagram socket standing in for systemd."""

from __future__ import annotations

import logging
import os
import socket
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import trio
import trio.testing

from cursord.app.sdnotify import Notifier, run_watchdog, watchdog_interval


@pytest.fixture
def manager() -> Iterator[tuple[socket.socket, str]]:
    """A bound datagram socket (what systemd listens on) and its NOTIFY_SOCKET path.

    In a short directory under /tmp: AF_UNIX paths are limited to 108 bytes.
    """
    with tempfile.TemporaryDirectory(prefix="sdn-", dir="/tmp" if os.path.isdir("/tmp") else None) as d:
        path = str(Path(d) / "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.setblocking(False)
        try:
            yield sock, path
        finally:
            sock.close()


def received(sock: socket.socket) -> list[str]:
    """Every datagram waiting on `sock` (a local datagram is queued by the time sendto returns)."""
    out = []
    while True:
        try:
            out.append(sock.recv(4096).decode())
        except BlockingIOError:
            return out


def test_messages_arrive_in_order(manager: tuple[socket.socket, str]) -> None:
    sock, path = manager
    notifier = Notifier.from_environ({"NOTIFY_SOCKET": path})
    assert notifier.enabled
    assert notifier.ready()
    assert notifier.status("serving on 127.0.0.1:8765\n3 streams")
    assert notifier.watchdog()
    assert notifier.stopping("shutting down")
    assert notifier.extend_timeout(2.5)
    notifier.close()
    assert received(sock) == [
        "READY=1",
        "STATUS=serving on 127.0.0.1:8765 3 streams",
        "WATCHDOG=1",
        "STOPPING=1\nSTATUS=shutting down",
        "EXTEND_TIMEOUT_USEC=2500000",
    ]


def test_ready_with_status_is_one_datagram(manager: tuple[socket.socket, str]) -> None:
    sock, path = manager
    Notifier.from_environ({"NOTIFY_SOCKET": path}).ready("listening")
    assert received(sock) == ["READY=1\nSTATUS=listening"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="abstract sockets are Linux-only")
def test_abstract_namespace_socket() -> None:
    name = f"cursord-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(b"\0" + name.encode())
        sock.setblocking(False)
        notifier = Notifier.from_environ({"NOTIFY_SOCKET": "@" + name})
        assert notifier.address == b"\0" + name.encode()
        notifier.ready()
        notifier.stopping()
        assert received(sock) == ["READY=1", "STOPPING=1"]


def test_unset_socket_is_a_no_op() -> None:
    notifier = Notifier.from_environ({})
    assert not notifier.enabled
    assert not notifier.ready()
    assert not notifier.watchdog()
    notifier.close()


def test_unsupported_address_is_disabled(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, "cursord.app.sdnotify"):
        assert not Notifier.from_environ({"NOTIFY_SOCKET": "vsock:2:1234"}).enabled
    assert "not a path or @abstract name" in caplog.text


def test_send_failure_never_raises_and_logs_once(caplog: pytest.LogCaptureFixture, tmp_path: Path) -> None:
    notifier = Notifier.from_environ({"NOTIFY_SOCKET": str(tmp_path / "gone")})
    with caplog.at_level(logging.WARNING, "cursord.app.sdnotify"):
        assert not notifier.ready()
        assert not notifier.watchdog()
        assert not notifier.stopping()
    warnings = [r for r in caplog.records if r.name == "cursord.app.sdnotify"]
    assert len(warnings) == 1
    assert "cannot notify systemd" in warnings[0].getMessage()


def test_send_recovers_when_the_socket_appears(manager: tuple[socket.socket, str], tmp_path: Path) -> None:
    sock, path = manager
    notifier = Notifier(path + ".later")
    assert not notifier.status("early")
    os.rename(path, path + ".later")
    assert notifier.status("late")
    assert received(sock) == ["STATUS=late"]


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"WATCHDOG_USEC": "30000000"}, 30.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "4242"}, 30.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, None),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "x"}, None),
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({}, None),
    ],
)
def test_watchdog_interval(environ: dict[str, str], expected: float | None) -> None:
    assert watchdog_interval(environ, pid=4242) == expected


def test_watchdog_interval_defaults_to_our_pid() -> None:
    env = {"WATCHDOG_USEC": "1000000", "WATCHDOG_PID": str(os.getpid())}
    assert watchdog_interval(env) == 1.0


async def test_run_watchdog_pings_at_half_the_interval(
    manager: tuple[socket.socket, str], autojump_clock: trio.testing.MockClock
) -> None:
    sock, path = manager
    notifier = Notifier.from_environ({"NOTIFY_SOCKET": path})
    seen: list[tuple[float, int]] = []
    total = 0
    async with trio.open_nursery() as nursery:
        nursery.start_soon(run_watchdog, notifier, 30.0)
        start = trio.current_time()
        for at in (5, 10, 20, 25, 35, 50):  # never on a ping time, so no ties with the pinger
            await trio.sleep_until(start + at)
            total += len(received(sock))
            seen.append((trio.current_time() - start, total))
        nursery.cancel_scope.cancel()
    # Pings at t=0, 15, 30 and 45.
    assert seen == [(5, 1), (10, 1), (20, 2), (25, 2), (35, 3), (50, 4)]
