"""The tap's address and its token: what a client needs to reach a running daemon's tap, and what the daemon
writes so that only its own user can (stdlib only: `cursord status` reads it without the daemon's modules)."""

from __future__ import annotations

import contextlib
import errno
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

__all__ = ["TAP_PATH", "TOKEN_FILE", "TapTokenError", "ensure_tap_token", "read_tap_token", "token_path"]

TAP_PATH = "/debug/tap"
TOKEN_FILE = "tap-token"
_TOKEN_BYTES = 32


# ---- the token ----------------------------------------------------------------------------------------


class TapTokenError(Exception):
    """The tap token file is missing or unreadable; the message says which file and what to do."""


def token_path(data_dir: Path) -> Path:
    return data_dir / TOKEN_FILE


def _valid_token(text: str) -> bool:
    return len(text) == 2 * _TOKEN_BYTES and all(c in "0123456789abcdef" for c in text)


def _read_token_file(path: Path) -> str | None:
    try:
        text = path.read_text("ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise TapTokenError(f"cannot read the tap token {path}: {exc}") from None
    return text if _valid_token(text) else None


def ensure_tap_token(data_dir: Path) -> str:
    """The daemon's tap token, created (32 random bytes, hex, mode 0600) if there is none yet.

    A file with wider permissions is tightened to 0600; one that does not hold a token is replaced.
    """
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = token_path(data_dir)
    existing = _read_token_file(path)
    if existing is not None:
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            log.warning("tap token %s was readable by others (mode %o); setting it to 0600", path, mode)
            path.chmod(0o600)
        return existing
    import secrets  # only the daemon makes a token; `cursord status` only reads it

    token = secrets.token_hex(_TOKEN_BYTES)
    temporary = path.with_name(f".{TOKEN_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as file:
            file.write(token + "\n")
            file.flush()
            os.fsync(file.fileno())
        if path.exists():
            os.replace(temporary, path)  # it held no token: replace it
        else:
            try:
                os.link(temporary, path)  # appears complete, and only if nobody made one meanwhile
            except FileExistsError:
                raced = _read_token_file(path)
                if raced is not None:
                    return raced
                os.replace(temporary, path)
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP):
                    raise
                os.replace(temporary, path)  # a filesystem without hard links
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
    return token


def read_tap_token(data_dir: Path) -> str:
    """The token a running daemon wrote (for `cursord status` / `cursord tap`); raises TapTokenError."""
    path = token_path(data_dir)
    token = _read_token_file(path)
    if token is None:
        if path.exists():
            raise TapTokenError(f"{path} does not hold a tap token; restart the daemon to write a new one")
        raise TapTokenError(
            f"no tap token at {path}: is the daemon running with this data directory? "
            "(it writes the token when it starts; use --data-dir or --config to point at its data directory)"
        )
    return token
