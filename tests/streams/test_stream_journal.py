"""StreamJournal's bookkeeping: which stream writes a request id's journal."""

from __future__ import annotations

from typing import Any

import trio

from cursord.connect import Code, ConnectError
from cursord.streams import StreamBehaviour, StreamJournal, StreamTimings
from cursord.streams.active import ActiveStream


class Recorder:
    """The journal writes a store would get, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda request_id, *_: self.calls.append((name, request_id))


class Idle(StreamBehaviour):
    def __init__(self, stream: ActiveStream) -> None:
        self.stream = stream


async def test_a_replaced_stream_retiring_late_leaves_its_successors_journal(autojump_clock: Any) -> None:
    """A run reused its ended stream's request id: the old stream retires after the new one opened the journal
    again, and must not drop it (the new run's frames would then find no journal)."""
    store = Recorder()
    journal = StreamJournal(store)  # type: ignore[arg-type]
    old, new = (ActiveStream("r1", StreamTimings(), Idle) for _ in range(2))
    for stream in (old, new):
        stream.has_upload = True
    journal.observe(old, "uploaded")
    old.end(ConnectError(Code.CANCELED, "done"))
    journal.observe(old, "ended")
    journal.observe(new, "uploaded")  # the new run opens the journal afresh
    journal.observe(old, "retired")  # ...and then the old stream's retention runs out
    journal.observe(new, "retired")
    assert store.calls == [
        ("journal_open_nowait", "r1"),
        ("journal_end_nowait", "r1"),
        ("journal_open_nowait", "r1"),
        ("journal_drop_nowait", "r1"),
    ]
    await trio.lowlevel.checkpoint()

