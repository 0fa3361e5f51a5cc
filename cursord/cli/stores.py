"""Opening the daemon's store for a one-off command (`users`, `teams`, `usage`, `gateway status`)."""

from __future__ import annotations

import sys

from cursord.config import ServeConfig
from cursord.store import SqlStore, StoreError

__all__ = ["open_for_command"]


async def open_for_command(command: str, config: ServeConfig) -> SqlStore | None:
    """`config`'s store with one read connection; None, with the reason printed after `command`, if it cannot
    be opened (the caller exits 1). The daemon may be running: both engines take a second user."""
    try:
        return await SqlStore.open(config.data_dir, url=config.store, readers=1)
    except StoreError as error:
        print(f"{command}: {error}", file=sys.stderr)
        return None
