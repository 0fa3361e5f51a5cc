"""The data directory is private (0700) and held by one daemon at a time (a flock on cursord.lock)."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from cursord.app.data_dir import LOCK_FILE, DataDirInUse, claim_data_dir, make_private


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_data_dir_is_0700_and_its_parents_are_left_alone(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        make_private(tmp_path / "share" / "cursord")
    finally:
        os.umask(old)
    assert mode_of(tmp_path / "share" / "cursord") == 0o700
    assert mode_of(tmp_path / "share") == 0o755


def test_an_open_data_dir_is_tightened_with_a_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    directory.chmod(0o755)
    with caplog.at_level(logging.WARNING, logger="cursord.app.data_dir"):
        make_private(directory)
    assert mode_of(directory) == 0o700
    assert "readable by others (mode 0755); set it to 0700" in caplog.text
    caplog.clear()
    make_private(directory)
    assert caplog.text == ""


def test_a_second_claim_names_the_holder_until_it_lets_go(tmp_path: Path) -> None:
    with claim_data_dir(tmp_path) as lock:
        assert lock == tmp_path / LOCK_FILE
        assert lock.read_text() == f"{os.getpid()}\n"
        assert mode_of(lock) == 0o600
        with pytest.raises(DataDirInUse) as refused, claim_data_dir(tmp_path):
            pass
        assert f"pid {os.getpid()}" in str(refused.value) and str(tmp_path) in str(refused.value)
        assert lock.read_text() == f"{os.getpid()}\n"  # the refused claim wrote nothing
    with claim_data_dir(tmp_path):  # released with the block
        pass
