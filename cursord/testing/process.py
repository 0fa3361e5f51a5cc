"""`cursord serve` as a real child process, for tests of the whole program: its flags, its log, its signals
and its exit status.

    command, env = serve_fake(fake, tmp_path)
    async with running_cursord(command, env) as daemon:
        async with daemon.editor() as editor:
            ...
        assert await daemon.stop() == 0, daemon.log.decode()

`running_cursord` starts the command with its stderr piped and reads the log until the daemon says on which
port it listens (`LISTENING`). Whatever the daemon printed is kept in `CursordProcess.log`, which grows only
while a test reads it (`wait_for`, `stop`, `exited`): a test that lets a chatty daemon run long without
reading has `nursery.start_soon(daemon.exited)` read it meanwhile, lest the pipe fill and stop the daemon.
Leaving the block kills a daemon still running and reaps it, even when cancelled.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import trio

from cursord.testing.editor import EditorClient
from cursord.testing.fake_providers import FakeProvider
from cursord.testing.http_client import connect_tcp

__all__ = ["LISTENING", "CursordProcess", "cursord_command", "read_until", "running_cursord", "serve_fake"]

#: the log line that gives the editor listener's port
LISTENING = re.compile(rb"listening on http://127\.0\.0\.1:(\d+)")


def cursord_command(*args: str) -> list[str]:
    """`cursord ARGS...` with the running interpreter."""
    return [sys.executable, "-m", "cursord", *args]


def serve_fake(
    fake: FakeProvider, data_dir: Path, model: str = "m1", *flags: str, key_pool: tuple[str, ...] = ()
) -> tuple[list[str], dict[str, str]]:
    """`cursord serve` on loopback port 0 (all three listeners) with `fake` as its one provider (its key in
    `$FAKE_KEY`, more keys in the variables `key_pool` names), then `flags`; and its environment."""
    spec = f"kind=openai-chat,name=fake,base_url={fake.base_url},api_key_env=FAKE_KEY,models={model}"
    if key_pool:
        spec += f",key_pool={'|'.join(key_pool)}"
    listeners = ("--listen", "127.0.0.1:0", "--proxy-listen", "127.0.0.1:0", "--agent-listen", "127.0.0.1:0")
    command = cursord_command("serve", *listeners, "--data-dir", str(data_dir), "--provider", spec, *flags)
    return command, {**os.environ, "FAKE_KEY": "sk-x", "PYTHONUNBUFFERED": "1"}


async def read_until(stream: trio.abc.ReceiveStream, pattern: re.Pattern[bytes], seen: bytearray) -> re.Match[bytes]:
    """Read `stream` onto `seen` until `pattern` matches there; raises AssertionError if it ends first."""
    while (match := pattern.search(seen)) is None:
        chunk = await stream.receive_some()
        if not chunk:
            raise AssertionError(f"cursord exited before printing {pattern.pattern!r}: {seen.decode()}")
        seen += chunk
    return match


@attrs.define
class CursordProcess:
    """A running `cursord serve`: the process, its editor port and what it has printed so far."""

    process: trio.Process
    port: int
    log: bytearray

    @property
    def listen(self) -> str:
        """The `--listen` value that reaches this daemon (for `cursord status`, `cursord ui`, ...)."""
        return f"127.0.0.1:{self.port}"

    def editor(
        self, http2: bool = True, headers: tuple[tuple[bytes, bytes], ...] = ()
    ) -> contextlib.AbstractAsyncContextManager[EditorClient]:
        """An editor client on the daemon's port."""

        async def connect() -> trio.abc.Stream:
            return await connect_tcp("127.0.0.1", self.port)

        return EditorClient.open(connect, http2, headers=headers)

    async def wait_for(self, pattern: re.Pattern[bytes]) -> re.Match[bytes]:
        """Read the log until `pattern` matches in it (anywhere in what was printed so far)."""
        assert self.process.stderr is not None
        return await read_until(self.process.stderr, pattern, self.log)

    async def exited(self) -> int:
        """Read the rest of the log, wait for the process to end; its exit status."""
        assert self.process.stderr is not None
        async for chunk in self.process.stderr:
            self.log += chunk
        return await self.process.wait()

    async def stop(self, signum: int = signal.SIGTERM) -> int:
        """Send `signum`, then as `exited`."""
        self.process.send_signal(signum)
        return await self.exited()


@contextlib.asynccontextmanager
async def running_cursord(
    command: list[str], env: dict[str, str], log: bytearray | None = None
) -> AsyncIterator[CursordProcess]:
    """Start `command`, wait until it listens; on leaving, kill it if it still runs. What it prints goes to
    `log` if given (a test that reads it after the block)."""
    process = await trio.lowlevel.open_process(command, env=env, stderr=subprocess.PIPE)
    assert process.stderr is not None
    try:
        seen = bytearray() if log is None else log
        port = int((await read_until(process.stderr, LISTENING, seen)).group(1))
        yield CursordProcess(process, port, seen)
    finally:
        if process.returncode is None:
            process.kill()
        with trio.CancelScope(shield=True):
            await process.wait()
            await process.stderr.aclose()
