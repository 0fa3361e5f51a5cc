"""The README's install (`scripts/install`, issue 39 #1): it leaves a `cursord` command in ~/.local/bin that runs,
from a virtual environment of its own, and `--uninstall` takes both away again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_install_gives_a_cursord_command_and_uninstall_removes_it(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "PATH": os.environ["PATH"], "PYTHON": sys.executable}
    done = subprocess.run([REPO / "scripts" / "install"], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    command = tmp_path / ".local" / "bin" / "cursord"
    venv = tmp_path / ".local" / "share" / "cursord-venv"
    assert command.is_symlink() and command.resolve().is_relative_to(venv.resolve())
    version = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("cursord ")
    assert "is not on your PATH" in done.stdout
    assert "does not provide the extra" not in done.stdout + done.stderr  # issue 39 #10: lxml's html_clean
    # the build's own warnings (a license table setuptools deprecates) were 40 lines of a newcomer's first command
    assert "Warning" not in done.stdout + done.stderr, done.stderr
    subprocess.run([REPO / "scripts" / "install", "--uninstall"], env=env, check=True, capture_output=True)
    assert not command.exists() and not venv.exists()
