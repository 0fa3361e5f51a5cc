"""The data directory: private to its user (0700), and used by one daemon at a time.

Theory of operation. `claim_data_dir` runs first thing in `cursord serve`:

1. It creates the directory 0700, or tightens an existing one that others can read or enter to 0700
   with a warning: it holds conversations, the tap token and the CA's private key. A directory the
   user does not own cannot be changed; that is logged and serving goes on (the files inside are
   still written 0600).
2. It opens `<data_dir>/cursord.lock` and takes an exclusive `flock` on it without waiting, then writes
   its pid into it. The lock belongs to the open file, which stays open until the `with` block ends,
   and the kernel drops it when the process dies however it dies, so there is never a stale lock to
   clean up and the file itself is never removed (removing it would let two daemons lock two different
   files). A second daemon finds the lock held, reads the first one's pid from the file, and gets
   `DataDirInUse`; two daemons on one directory would both resume the same journalled turns and call
   the provider twice.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Final

__all__ = ["LOCK_FILE", "DataDirInUse", "DataDirUnusable", "claim_data_dir", "make_private"]

log = logging.getLogger(__name__)

LOCK_FILE: Final = "cursord.lock"


class DataDirInUse(Exception):
    """Another cursord holds the data directory; the message names it (pid) and the directory."""


class DataDirUnusable(Exception):
    """The data directory cannot be created or written; the message names it and the setting to change."""


def make_private(directory: Path) -> None:
    """Create `directory` (and its parents) with mode 0700 for the last part; tighten it if it is wider."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    mode = stat.S_IMODE(directory.stat().st_mode)
    if not mode & 0o077:
        return
    try:
        os.chmod(directory, mode & 0o700)
    except PermissionError:
        log.warning("data directory %s is readable by others (mode %04o) and is not ours to change", directory, mode)
        return
    log.warning("data directory %s was readable by others (mode %04o); set it to %04o", directory, mode, mode & 0o700)


def _holder(lock: int) -> str:
    os.lseek(lock, 0, os.SEEK_SET)
    text = os.read(lock, 64).decode("ascii", "replace").strip()
    return f"pid {text}" if text.isdigit() else "a process whose pid is not written yet"


@contextlib.contextmanager
def claim_data_dir(directory: Path) -> Iterator[Path]:
    """Hold `directory` for this process for the `with` block (made private first); yields the lock file.

    Raises `DataDirInUse` if another process holds it, `DataDirUnusable` if it cannot be made or written.
    """
    path = directory / LOCK_FILE
    try:
        make_private(directory)
        lock = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise DataDirUnusable(
            f"data directory {directory}: {exc.strerror or exc}; choose another with --data-dir (data_dir = in"
            " the config file)"
        ) from None
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise DataDirInUse(
                f"another cursord ({_holder(lock)}) is already serving from {directory}; stop it first, "
                "or give this one its own --data-dir"
            ) from None
        os.ftruncate(lock, 0)
        os.pwrite(lock, f"{os.getpid()}\n".encode(), 0)
        yield path
    finally:
        os.close(lock)  # releases the lock
