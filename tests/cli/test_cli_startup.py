"""`cursord --version`, `--help` and a command's own `--help` import no more than they need (issue 39 #8: every
command imported the whole daemon first, 0.8-1.0 s of CPU). Checked by what is imported, not by a clock."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import trio

from cursord.cli.main import COMMANDS, build_parser
from cursord.providers.model import Usage
from cursord.store import EditorVersionFile
from cursord.store.records import PassRecord
from cursord.store.store import open_store
from cursord.tap import TapHub, ensure_tap_token, tap_parts
from cursord.testing.behaviours import Echo
from cursord.testing.harness import running_daemon

#: modules that only a daemon (or a command that reads its store or talks to it) needs
HEAVY = ("trio", "httpx", "hypercorn", "cursord.app", "cursord.server", "cursord.config", "cursord.proto")


#: what `status`, `forwarded`, `usage` and `tap --help` do without (issue 39 #8: "answer in well under 0.3 s"):
#: the event loop, the daemon's server and HTTP stacks, the wire schema, the CA's and the web tools' libraries
DAEMON_ONLY = (
    "trio", "trio_websocket", "httpx", "hypercorn", "h2", "h11", "google.protobuf", "cryptography", "lxml",
    "trafilatura", "psycopg", "cursord.app", "cursord.server", "cursord.proto", "cursord.streams", "cursord.agent",
    "cursord.tls", "cursord.web", "cursord.store.store", "cursord.store.writer",
)


def daemon_only(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith(DAEMON_ONLY))


def imported_after(*argv: str, home: Path | None = None) -> set[str]:
    """The modules a `cursord ARGV` process has imported when it exits."""
    probe = (
        "import sys\n"
        "from cursord.cli import main\n"
        "try:\n"
        f"    main({list(argv)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('\\n'.join(sys.modules), file=sys.stderr)\n"
    )
    environ = {**os.environ, "HOME": str(home)} if home is not None else None
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120, env=environ
    )
    return set(done.stderr.split())


@pytest.mark.parametrize("argv", [("--version",), ("--help",), ("no-such-command",)])
def test_version_and_help_import_nothing_of_the_daemon(argv: tuple[str, ...]) -> None:
    modules = imported_after(*argv)
    assert not {m for m in modules if m.startswith(HEAVY)}, sorted(m for m in modules if m.startswith(HEAVY))


def test_a_commands_help_imports_that_command_only() -> None:
    modules = imported_after("ca", "--help")
    assert "cursord.cli.ca" in modules
    assert not {"cursord.cli.status", "cursord.cli.usage", "cursord.cli.record", "cursord.app"} & modules


def test_the_listing_says_what_each_command_says_of_itself() -> None:
    """The one-line help `--help` lists without loading a command is the one the command gives itself."""
    full = build_parser()
    listed = build_parser("")
    assert full.format_help() == listed.format_help()
    assert set(COMMANDS) <= set(full._subparsers._group_actions[0].choices)  # type: ignore[union-attr]


@pytest.mark.parametrize("argv", [("status",), ("forwarded",), ("tap", "--help")])
def test_the_tap_readers_answer_without_the_daemons_modules(argv: tuple[str, ...], tmp_path: Path) -> None:
    """No daemon runs here: the command reads its config, finds no tap token and says so, as it would on
    its way to reading a running daemon's snapshot (`cursord.tap.snapshot`)."""
    flags = () if "--help" in argv else ("--data-dir", str(tmp_path))
    modules = imported_after(*argv, *flags, home=tmp_path)
    assert not daemon_only(modules), daemon_only(modules)


@pytest.mark.parametrize("command", ["status", "forwarded"])
async def test_status_and_forwarded_read_a_running_daemon_without_its_modules(command: str, tmp_path: Path) -> None:
    """The whole way: config, token, the tap's handshake and its snapshot, the editor's version file, the table."""
    home = tmp_path / "home"
    home.mkdir()
    EditorVersionFile(tmp_path).seen("3.18.9")
    tap = tap_parts(ensure_tap_token(tmp_path), TapHub())
    async with running_daemon(Echo, transport="tcp", parts=(tap,)) as daemon:
        assert daemon.address is not None
        flags = ("--listen", f"127.0.0.1:{daemon.address[1]}", "--data-dir", str(tmp_path))
        modules = await trio.to_thread.run_sync(lambda: imported_after(command, *flags, home=home))
    assert "cursord.tap.snapshot" in modules
    assert not daemon_only(modules), daemon_only(modules)


async def test_usage_reads_a_current_store_without_the_daemons_modules(tmp_path: Path) -> None:
    async with open_store(tmp_path) as store:
        await store.record_pass(
            PassRecord(model_call_id="r:1", request_id="r", conversation_id="c", model="gpt-5", status="completed",
                       started_at=time.time(), duration_ms=10, usage=Usage(10, 5), provider="openai")
        )
    modules = await trio.to_thread.run_sync(lambda: imported_after("usage", "--data-dir", str(tmp_path)))
    assert "cursord.store.quick_read" in modules
    assert not daemon_only(modules), daemon_only(modules)
