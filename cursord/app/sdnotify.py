"""sd_notify(3) spoken directly: readiness, status and watchdog pings to systemd, no libsystemd.

Theory of operation: systemd passes `$NOTIFY_SOCKET`, a path (`/run/user/1000/systemd/notify`) or an
abstract-namespace name written with a leading `@`. A notification is one datagram of newline-separated
`KEY=VALUE` assignments sent to it from an AF_UNIX SOCK_DGRAM socket. `Notifier.from_environ` opens one
non-blocking socket and keeps it; without `$NOTIFY_SOCKET` (not run by systemd, or not `Type=notify`)
every method is a no-op. A send can fail (the manager went away, its queue is full); that is logged once
and otherwise ignored, because a notification must never take the daemon down.

Sends are synchronous and never block (the socket is non-blocking and a datagram is tiny), so they are
safe to call from trio code without `await`.

Watchdog: with `WatchdogSec=` in the unit, systemd sets `$WATCHDOG_USEC` (and `$WATCHDOG_PID`, which
must be us) and kills the service if no `WATCHDOG=1` arrives within that interval. `run_watchdog` pings
at half the interval. It is a plain periodic beat (a `trio.sleep` loop, not a deadline), and what it
proves is that the trio scheduler is alive, not that every stream is healthy.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

import trio

__all__ = ["Notifier", "run_watchdog", "watchdog_interval"]

log = logging.getLogger(__name__)


class Notifier:
    """Sends sd_notify messages to one socket address, or does nothing when `address` is None."""

    def __init__(self, address: str | bytes | None) -> None:
        self.address = address
        self._sock: socket.socket | None = None
        self._warned = False

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> Notifier:
        value = environ.get("NOTIFY_SOCKET", "")
        if not value:
            return cls(None)
        if value.startswith("@"):
            return cls(b"\0" + value[1:].encode())  # abstract namespace
        if value.startswith("/"):
            return cls(value)
        log.warning("NOTIFY_SOCKET=%r is not a path or @abstract name; not notifying systemd", value)
        return cls(None)

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, *assignments: str) -> bool:
        """Send `KEY=VALUE` assignments in one datagram. True if sent; never raises."""
        if self.address is None:
            return False
        message = "\n".join(assignments).encode()
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
                self._sock.setblocking(False)
            self._sock.sendto(message, self.address)
        except OSError as e:
            if not self._warned:
                self._warned = True
                log.warning("cannot notify systemd at %r: %s (further failures not logged)",
                            self.address, e)
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.notify("READY=1", *([_status(status)] if status is not None else []))

    def status(self, text: str) -> bool:
        return self.notify(_status(text))

    def stopping(self, status: str | None = None) -> bool:
        return self.notify("STOPPING=1", *([_status(status)] if status is not None else []))

    def watchdog(self) -> bool:
        return self.notify("WATCHDOG=1")

    def extend_timeout(self, seconds: float) -> bool:
        """Ask for more time to start or stop (`EXTEND_TIMEOUT_USEC`)."""
        return self.notify(f"EXTEND_TIMEOUT_USEC={max(0, round(seconds * 1_000_000))}")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _status(text: str) -> str:
    # A newline would start a new assignment.
    return "STATUS=" + " ".join(text.splitlines())


def watchdog_interval(environ: Mapping[str, str], pid: int | None = None) -> float | None:
    """The watchdog interval in seconds from `$WATCHDOG_USEC`, or None if there is none for us.

    `$WATCHDOG_PID`, when set, must be our pid (`pid`, default `os.getpid()`): the variables may
    have been inherited from a parent that systemd actually watches.
    """
    usec = environ.get("WATCHDOG_USEC", "")
    try:
        interval = int(usec)
    except ValueError:
        return None
    if interval <= 0:
        return None
    owner = environ.get("WATCHDOG_PID", "")
    if owner:
        try:
            if int(owner) != (os.getpid() if pid is None else pid):
                return None
        except ValueError:
            return None
    return interval / 1_000_000


async def run_watchdog(notifier: Notifier, interval: float) -> None:
    """Ping the watchdog now and then every `interval / 2` seconds, until cancelled."""
    while True:
        notifier.watchdog()
        await trio.sleep(interval / 2)
