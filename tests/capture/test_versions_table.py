"""docs/recording.md's table of Cursor versions is what the capture fixtures' metadata says
(scripts/capture_versions.py); a stale table fails the suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
SCRIPT = REPO / "scripts" / "capture_versions.py"
FIXTURES = REPO / "tests" / "fixtures" / "captures"


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--check", *args], capture_output=True, text=True, check=False)


def test_the_docs_table_is_up_to_date() -> None:
    result = check()
    assert result.returncode == 0, result.stderr


def test_a_fixture_the_table_does_not_list_makes_it_stale(tmp_path: Path) -> None:
    fixtures = tmp_path / "captures"
    shutil.copytree(FIXTURES, fixtures)
    source = fixtures / "cursor-3.18.9-agent-host-appends.jsonl"
    lines = source.read_text().splitlines(keepends=True)
    lines[0] = lines[0].replace('"cursor_version":"3.18.9"', '"cursor_version":"3.19.0"')
    (fixtures / "cursor-3.19.0-new.jsonl").write_text("".join(lines))
    result = check("--fixtures", str(fixtures))
    assert result.returncode == 1
    assert "+| 3.19.0 | `cursor-3.19.0-new.jsonl`" in result.stderr
    assert "the table of Cursor versions is stale" in result.stderr
