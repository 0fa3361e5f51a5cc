"""`cursord --version`, `--help` and a command's own `--help` import no more than they need (issue 39 #8: every
command imported the whole daemon first, 0.8-1.0 s of CPU). Checked by what is imported, not by a clock."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cursord.cli.main import COMMANDS, build_parser

#: modules that only a daemon (or a command that reads its store or talks to it) needs
HEAVY = ("trio", "httpx", "hypercorn", "cursord.app", "cursord.server", "cursord.config", "cursord.proto")


def imported_after(*argv: str) -> set[str]:
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
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
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
