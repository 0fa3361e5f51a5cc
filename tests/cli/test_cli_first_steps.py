"""The first commands a new user runs, as processes: `ca init` on a fresh machine, `ui` with no daemon,
and every command finding the daemon's configuration without flags."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path


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
