"""Serving the app with Hypercorn's trio worker: HTTP/1.1 and h2c on one port, TLS with ALPN h2 if asked.

Shutdown order matters: Hypercorn cancels app tasks `graceful_timeout` after its trigger, and
the client would see a bare h2 CANCEL. So the daemon first ends every stream with `unavailable` (their
RunSSE connections write that end-stream and finish), then pulls Hypercorn's trigger.
"""

from __future__ import annotations

import contextlib
import errno
import logging
from collections.abc import Iterator
from pathlib import Path

import attrs
import trio
from hypercorn.config import Config as HypercornConfig
from hypercorn.trio import serve as hypercorn_serve

from cursord.server import hypercorn_fixes  # applied on import
from cursord.server.counters import ServerCounters
from cursord.server.memory import return_freed_blocks_to_the_os

log = logging.getLogger(__name__)


class CannotListen(Exception):
    """A listener could not bind; the message names the address, why, and the setting that chooses it."""


_BIND_REASONS = {
    errno.EADDRINUSE: "the port is in use (another cursord, or another program)",
    errno.EACCES: "permission denied (ports below 1024 need privileges)",
    errno.EADDRNOTAVAIL: "this machine has no such address",
}


def _bind_failure(error: BaseException) -> OSError | None:
    """The first OSError in `error` (an exception group or one exception), if any."""
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            found = _bind_failure(inner)
            if found is not None:
                return found
        return None
    return error if isinstance(error, OSError) else None


@contextlib.contextmanager
def naming_the_listener(address: str, setting: str) -> Iterator[None]:
    """Turn a bind failure in the block into one `CannotListen` line: the address, why, and `setting`
    (the flag and config key that choose it), instead of a nursery's exception group."""
    try:
        yield
    except (OSError, BaseExceptionGroup) as error:
        failure = _bind_failure(error)
        if failure is None:
            raise
        reason = _BIND_REASONS.get(failure.errno or 0) or failure.strerror or str(failure)
        raise CannotListen(f"cannot listen on {address}: {reason}; stop what holds it, or choose another "
                           f"address with {setting}") from None


@attrs.frozen
class ListenOptions:
    host: str = "127.0.0.1"
    port: int = 8765
    certfile: Path | None = None
    keyfile: Path | None = None
    graceful_timeout: float = 5.0
    #: the editor keeps its HTTP/2 connection idle between runs; Hypercorn's 5 s default drops it.
    keep_alive_timeout: float = 300.0
    #: a connection that sends no request (over TLS: completes no handshake) this long after it opened is
    #: closed (issue 17 #4, issue 27 #9).
    first_request_timeout: float = 5.0
    #: HTTP/2 streams open at once on one connection, advertised in SETTINGS and enforced by h2.
    max_concurrent_streams: int = 100
    #: a connection whose client takes none of our bytes this long is closed (issue 17 #6).
    send_stall_timeout: float = 30.0

    @property
    def bind(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


def hypercorn_config(
    options: ListenOptions, max_body_bytes: int, counters: ServerCounters | None = None
) -> HypercornConfig:
    config = HypercornConfig()
    config.bind = [options.bind]
    config.graceful_timeout = options.graceful_timeout
    config.keep_alive_timeout = options.keep_alive_timeout
    config.h2_max_concurrent_streams = options.max_concurrent_streams
    # Not a Hypercorn setting: read by `hypercorn_fixes` (the idle timer before a connection's first request).
    config.first_request_timeout = options.first_request_timeout  # type: ignore[attr-defined]
    # Likewise: the write deadline, and who counts the connections it closes.
    config.send_stall_timeout = options.send_stall_timeout  # type: ignore[attr-defined]
    config.on_send_stall = counters.count_send_stall if counters is not None else None  # type: ignore[attr-defined]
    # The editor puts every BidiAppend of a session on one HTTP/2 connection; Hypercorn's default sends
    # GOAWAY after 1,000 requests on it.
    config.keep_alive_max_requests = 2**31
    config.h11_max_incomplete_size = 64 * 1024
    config.h2_max_inbound_frame_size = 1 << 20
    # Hypercorn's own access and error logs go through ours.
    config.accesslog = None
    config.errorlog = logging.getLogger("hypercorn.error")
    config.wsgi_max_body_size = max_body_bytes
    if options.certfile is not None and options.keyfile is not None:
        config.certfile = str(options.certfile)
        config.keyfile = str(options.keyfile)
        config.alpn_protocols = ["h2", "http/1.1"]
        # A connection that sends no ClientHello is as idle as one that sends no request (Hypercorn: 60 s).
        config.ssl_handshake_timeout = options.first_request_timeout
    return config


async def serve_http(
    app: object,
    options: ListenOptions,
    max_body_bytes: int,
    shutdown: trio.Event,
    *,
    task_status: trio.TaskStatus[list[str]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve `app` until `shutdown` is set; reports the bound URLs through `task_status`. Refuses to start
    (`UnsupportedHypercorn`) on a Hypercorn release `hypercorn_fixes` was not tested with."""
    hypercorn_fixes.require_tested_hypercorn()
    counters = getattr(app, "counters", None)
    config = hypercorn_config(options, max_body_bytes, counters if isinstance(counters, ServerCounters) else None)
    return_freed_blocks_to_the_os()
    await hypercorn_serve(app, config, shutdown_trigger=shutdown.wait, task_status=task_status)  # type: ignore[arg-type]
