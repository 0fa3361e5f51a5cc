"""The first commands a new user runs, as processes: `ca init` on a fresh machine, `ui` with no daemon,
and every command finding the daemon's configuration without flags."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

from cursord.tap import ensure_tap_token


def cursord(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cursord", *args],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def test_ca_init_creates_the_data_dir_private(tmp_path: Path) -> None:
    data_dir = tmp_path / "fresh" / "cursord"
    result = cursord("ca", "init", "--data-dir", str(data_dir))
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE((data_dir / "ca").stat().st_mode) == 0o700


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_ui_without_a_daemon_says_so_and_prints_no_link(tmp_path: Path) -> None:
    ensure_tap_token(tmp_path)
    result = cursord("ui", "--data-dir", str(tmp_path), "--listen", f"127.0.0.1:{closed_port()}")
    assert result.returncode == 1
    assert "no daemon is listening" in result.stderr
    assert "/ui/login" not in result.stdout + result.stderr


def test_ui_with_a_daemon_listening_prints_the_link(tmp_path: Path) -> None:
    ensure_tap_token(tmp_path)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        result = cursord("ui", "--data-dir", str(tmp_path), "--listen", f"127.0.0.1:{port}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"http://127.0.0.1:{port}/ui/login?code=")
