"""cursord.core and the turn machine (cursord.agent.machine) stay sans-IO: importing them loads no
trio, httpx, hypercorn or store module."""

from __future__ import annotations

import subprocess
import sys

BANNED = ("trio", "httpx", "hypercorn", "cursord.store", "sqlite3")


def test_core_imports_no_io_library() -> None:
    probe = (
        "import sys, cursord.core, cursord.agent.machine\n"
        f"banned = {BANNED!r}\n"
        "print(sorted(m for m in sys.modules if any(m == b or m.startswith(b + '.') for b in banned)))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
