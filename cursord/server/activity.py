"""What the editor did lately, for the dashboard's overview: "is Cursor using cursord right now?".

Theory of operation. `EditorActivity` is told, without blocking, of every request the editor proxy routes
(`request`), every editor call cursord's app is asked, through the proxy or straight (`call`: Tab's count
as much as the agent's), every tunnel it opens to another host (`tunnel`), every run it relays to Cursor or cursord
serves (`run`, fed by the proxy and, as a broker observer, by every stream created) and every turn that
ended (`turn_ended`, from the log line per turn). It keeps counts since the daemon started, the time and
target of the latest editor request, and the last `RECENT_TURNS` turns, so a turn stays visible after its
stream is gone; at the start the turns the store holds fill that list (`restore_turns`), so a restart
does not empty it.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import attrs

from cursord.streams import ActiveStream

__all__ = ["RECENT_TURNS", "EditorActivity"]

#: turns kept for the overview after they ended
RECENT_TURNS: Final = 50


@attrs.define
class EditorActivity:
    clock: Callable[[], float] = time.time
    started_at: float = attrs.field(factory=time.time)
    last_request_at: float | None = None
    last_request: str | None = None
    proxied_requests: int = 0
    tunnels: int = 0
    runs_local: int = 0
    runs_relayed: int = 0
    recent_turns: deque[Mapping[str, Any]] = attrs.field(factory=lambda: deque(maxlen=RECENT_TURNS))

    def request(self, what: str) -> None:
        """The editor sent a request through the proxy (`what`: host and path)."""
        self.proxied_requests += 1
        self._seen(what)

    def call(self, path: str) -> None:
        """The editor called `path` on cursord's app (an `AppParts.request_observers` observer)."""
        self._seen(path)

    def tunnel(self, host: str, port: int) -> None:
        self.tunnels += 1
        self._seen(f"CONNECT {host}:{port}")

    def run(self, *, relayed: bool) -> None:
        if relayed:
            self.runs_relayed += 1
        else:
            self.runs_local += 1

    def observe(self, stream: ActiveStream, what: str) -> None:
        """A broker observer: every stream created is a run cursord serves."""
        if what == "created":
            self.run(relayed=False)
            self._seen(f"run {stream.request_id}")

    def turn_ended(self, turn: Mapping[str, Any]) -> None:
        self.recent_turns.appendleft(dict(turn, ended_at=self.clock()))

    def restore_turns(self, turns: Iterable[Mapping[str, Any]]) -> None:
        """The turns that ended before this start (newest first, each with its `ended_at`), read back from
        the store once, behind any turn that ended since."""
        for turn in turns:
            if len(self.recent_turns) == RECENT_TURNS:
                break
            self.recent_turns.append(turn)

    def _seen(self, what: str) -> None:
        self.last_request_at, self.last_request = self.clock(), what

    def as_dict(self) -> dict[str, Any]:
        now = self.clock()
        return {
            "started_at": self.started_at,
            "last_request_at": self.last_request_at,
            "last_request_ago_s": None if self.last_request_at is None else round(now - self.last_request_at, 1),
            "last_request": self.last_request,
            "proxied_requests": self.proxied_requests,
            "tunnels": self.tunnels,
            "runs_local": self.runs_local,
            "runs_relayed": self.runs_relayed,
            "recent_turns": list(self.recent_turns),
        }
