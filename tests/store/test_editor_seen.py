"""The editor's version file (`cursord.store.editor_seen`): written when the version changes or the time it
says is an hour old, never per request; read back whole, or not at all."""

from __future__ import annotations

import logging
from pathlib import Path

import attrs
import pytest

from cursord.store import EditorSeen, EditorVersionFile, read_editor_seen
from cursord.store.editor_seen import EDITOR_VERSION_FILE, REFRESH_S


@attrs.define
class Clock:
    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def writes(data_dir: Path) -> int:
    """The file's inode number changes with each replacement: how we see that a call wrote."""
    return (data_dir / EDITOR_VERSION_FILE).stat().st_ino


def test_a_version_is_written_once_then_again_when_it_changes_or_its_time_is_old(tmp_path: Path) -> None:
    clock = Clock()
    seen = EditorVersionFile(tmp_path, clock)
    seen.seen(None)  # a call without the header
    assert read_editor_seen(tmp_path) is None
    seen.seen("3.18.9")
    assert read_editor_seen(tmp_path) == EditorSeen("3.18.9", clock.now)
    first = writes(tmp_path)
    clock.now += REFRESH_S - 1
    seen.seen("3.18.9")
    assert writes(tmp_path) == first and read_editor_seen(tmp_path) == EditorSeen("3.18.9", clock.now - REFRESH_S + 1)
    clock.now += 1
    seen.seen("3.18.9")
    assert read_editor_seen(tmp_path) == EditorSeen("3.18.9", clock.now)
    clock.now += 1
    seen.seen("3.19.0")
    assert read_editor_seen(tmp_path) == EditorSeen("3.19.0", clock.now)


def test_a_restarted_daemon_seeing_the_same_editor_leaves_the_file_alone(tmp_path: Path) -> None:
    clock = Clock()
    EditorVersionFile(tmp_path, clock).seen("3.18.9")
    first = writes(tmp_path)
    clock.now += 60
    EditorVersionFile(tmp_path, clock).seen("3.18.9")
    assert writes(tmp_path) == first


@pytest.mark.parametrize("content", ["", "not json", "[]", '{"version": 3, "seen_at": 1}',
                                     '{"version": "3.1", "seen_at": true}', '{"version": "\\n", "seen_at": 1}'])
def test_a_file_not_as_written_reads_as_nothing_seen(tmp_path: Path, content: str) -> None:
    (tmp_path / EDITOR_VERSION_FILE).write_text(content)
    assert read_editor_seen(tmp_path) is None


def test_a_version_is_kept_short_and_printable(tmp_path: Path) -> None:
    EditorVersionFile(tmp_path).seen("3.18.9\x1b[2J" + "x" * 100)
    seen = read_editor_seen(tmp_path)
    assert seen is not None and seen.version.startswith("3.18.9[2J") and len(seen.version) == 64


def test_a_data_dir_that_cannot_be_written_is_logged_once_and_never_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    seen = EditorVersionFile(tmp_path / "missing")
    with caplog.at_level(logging.WARNING):
        seen.seen("3.18.9")
        seen.seen("3.19.0")
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [
        f"cannot record the editor's version in {tmp_path / 'missing' / EDITOR_VERSION_FILE}"
    ]
