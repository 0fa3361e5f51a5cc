"""A stranger's bare clone is self-contained: nothing outside the checkout is needed to render or check the schema.

The committed HEAD is cloned into an empty temporary folder (so nothing outside the repository stands beside
it) and, from there, the generated protobuf sources are checked against the descriptor sets the clone carries and
the schema tests run against that clone's code. Real git and a real subprocess; bounded in wall time.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TIMEOUT_SECONDS = 300


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
    )


@pytest.fixture(scope="module")
def bare_clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.fail("these tests clone the repository: they need git and a git checkout")
    parent = tmp_path_factory.mktemp("stranger")
    clone = parent / "cursord"
    cloned = _run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(clone)], parent)
    assert cloned.returncode == 0, cloned.stderr
    assert sorted(p.name for p in parent.iterdir()) == ["cursord"], "something stands beside the clone"
    return clone


def _clone_env(clone: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CURSORD_", "PYTEST_"))}
    env["PYTHONPATH"] = str(clone)  # the clone's cursord, not this checkout's editable install
    return env


def test_generated_sources_match_the_clones_own_descriptor_sets(bare_clone: Path) -> None:
    checked = _run([sys.executable, "scripts/render_protos.py", "--check"], bare_clone, _clone_env(bare_clone))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "up to date" in checked.stdout


def test_schema_tests_pass_in_the_clone(bare_clone: Path) -> None:
    ran = _run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests/proto/test_schema.py"],
        bare_clone,
        _clone_env(bare_clone),
    )
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert " passed" in ran.stdout and "skipped" not in ran.stdout
