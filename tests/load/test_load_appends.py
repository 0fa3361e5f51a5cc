"""Load: a BidiAppend flood on one request_id whose gap never fills, beside requests that work normally.

The flood sends append_seqno 2, 3, ... (never 1), each on its own HTTP/1.1 connection, all at once. The
gate may hold `max_pending_appends` (256) of them; every one beyond is refused `resource_exhausted` at
once, and each held one is answered `failed_precondition` 30 s after it arrived. Meanwhile other
request_ids run whole agent turns and an out-of-order pair, untouched by the flood. Memory transport and
the autojump clock: the 30 s hold is exact.

BUG (pinned by both tests here; they fail today): a `resource_exhausted` raised by the BidiAppend handler
itself (gate over capacity, or `max_streams` reached) is never answered. `CursordApp._unary`
(cursord/server/app.py, `if error.code is Code.RESOURCE_EXHAUSTED: await drain_body(...)`) drains the
request body for every `resource_exhausted`, but here the body has been read to its end already, so
`drain_body` waits in `receive()` for an `http.disconnect` that only comes when the client gives up:
the editor never sees the refusal, and each refused append holds its connection and task meanwhile
(memory is then bounded by the client's patience, not by `max_pending_appends`). Draining is only
needed when the body-size limit stopped `read_body` early.
"""

from __future__ import annotations

from typing import Any

import pytest
import trio

from cursord.config import Limits, ProviderKind
from cursord.connect.errors import Code, ConnectError
from cursord.streams.active import ActiveStream, StreamBehaviour
from cursord.testing.agent import agent_daemon, drive, spec_for
from cursord.testing.editor import AppendFailed, EditorClient, heartbeat, run_request
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from cursord.testing.harness import RunningDaemon, running_daemon
from cursord.testing.load import sized

pytestmark = pytest.mark.load

LIMITS = Limits()
HELD = LIMITS.max_pending_appends
HOLD = LIMITS.append_hold_seconds
FLOOD = sized(5000, floor=HELD * 2)
NORMAL_TURNS = sized(50, floor=5)


class Flood:
    def __init__(self, daemon: RunningDaemon) -> None:
        self.daemon = daemon
        self.answers: dict[int, tuple[Code | None, float, str]] = {}  # seqno -> (code, seconds, message)
        self.refused = 0
        self.all_refused = trio.Event()
        self.most_held = 0

    def held_now(self) -> int:
        snapshot = self.daemon.core.gate.snapshot("flood")
        return 0 if snapshot is None else len(snapshot.held)

    async def one(self, seqno: int) -> None:
        async with self.daemon.editor(http2=False) as editor:
            started = trio.current_time()
            try:
                await editor.append("flood", heartbeat(), seqno=seqno)
                code, message = None, ""
            except AppendFailed as failed:
                code, message = failed.error.code, failed.error.message
            self.answers[seqno] = (code, trio.current_time() - started, message)
        self.most_held = max(self.most_held, self.held_now())
        if code is Code.RESOURCE_EXHAUSTED:
            self.refused += 1
            if self.refused == FLOOD - HELD:
                self.all_refused.set()


async def normal_turn(daemon: RunningDaemon, k: int, durations: dict[str, float]) -> None:
    async with daemon.editor(http2=True) as editor:
        started = trio.current_time()
        await editor.append(f"ok-{k}", run_request("hello", model="m", conversation_id=None))
        async with editor.run_sse(f"ok-{k}") as reader:
            transcript = await drive(editor, f"ok-{k}", reader)
        assert transcript.error is None and transcript.text == "Fine, thanks."
        durations[f"ok-{k}"] = trio.current_time() - started


async def out_of_order_pair(editor: EditorClient, durations: dict[str, float]) -> None:
    started = trio.current_time()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(lambda: editor.append("ooo", heartbeat(), seqno=1))
        await trio.sleep(1.0)  # seqno 1 waits for 0...
        await editor.append("ooo", run_request("hello", model="m", conversation_id=None), seqno=0)
    durations["ooo"] = trio.current_time() - started  # ...and both are in a second later


async def test_append_flood_stays_bounded_and_leaves_other_requests_alone(autojump_clock: Any) -> None:
    replies = [Reply.sse(chat_text("Fine, thanks.")) for _ in range(NORMAL_TURNS + 2)]
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "m")) as (
            daemon,
            _,
        ),
    ):
        flood = Flood(daemon)
        durations: dict[str, float] = {}
        start = trio.current_time()
        async with trio.open_nursery() as nursery:
            for seqno in range(2, FLOOD + 2):
                nursery.start_soon(flood.one, seqno)
            with trio.move_on_after(1):
                await flood.all_refused.wait()
            assert flood.refused == FLOOD - HELD, (
                f"{flood.refused} of {FLOOD - HELD} over-capacity appends answered within 1 s ({flood.held_now()} held)"
            )
            assert flood.held_now() == HELD  # exactly the limit is held, nothing more
            # While the flood is held: whole turns and an out-of-order pair on other request_ids.
            async with daemon.editor(http2=True) as editor, trio.open_nursery() as others:
                for k in range(NORMAL_TURNS):
                    others.start_soon(normal_turn, daemon, k, durations)
                others.start_soon(out_of_order_pair, editor, durations)
            assert trio.current_time() - start < HOLD / 2
            assert flood.held_now() == HELD
        # nothing was ever delivered for the flood's request id: nothing is remembered of it
        assert daemon.core.gate.snapshot("flood") is None

        # The gap was never skipped: seqno 0 now starts the flood request's run normally.
        async with daemon.editor(http2=True) as editor:
            await editor.append("flood", run_request("at last", model="m", conversation_id=None), seqno=0)
            async with editor.run_sse("flood") as reader:
                assert (await drive(editor, "flood", reader)).text == "Fine, thanks."

    assert flood.most_held <= HELD
    codes = [code for code, _, _ in flood.answers.values()]
    assert len(codes) == FLOOD
    assert codes.count(Code.RESOURCE_EXHAUSTED) == FLOOD - HELD
    assert codes.count(Code.FAILED_PRECONDITION) == HELD
    for seqno, (code, seconds, message) in flood.answers.items():
        if code is Code.RESOURCE_EXHAUSTED:
            assert seconds < 1.0
            assert f"{HELD} early appends are already held waiting for seqno 0" in message
        else:
            assert seconds == pytest.approx(HOLD, abs=0.01)
            assert (
                message == f"append_seqno {seqno} for request flood waited {HOLD:g} s for seqno 0, which never arrived"
            )
    assert all(seconds < 0.1 for name, seconds in durations.items() if name != "ooo"), durations
    assert durations["ooo"] == pytest.approx(1.0, abs=0.01)
    assert len(durations) == NORMAL_TURNS + 1


class Idle(StreamBehaviour):
    """A stream behaviour that just holds its stream open."""

    def __init__(self, stream: ActiveStream) -> None:
        self.stream = stream

    async def handle(self, item: object) -> None:
        pass

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


async def test_a_run_over_max_streams_is_refused_at_once(autojump_clock: Any) -> None:
    """The other `resource_exhausted` a BidiAppend can get: the daemon holds `max_streams` already."""
    limit = 3
    async with running_daemon(Idle, limits=Limits(max_streams=limit)) as daemon, daemon.editor(http2=True) as editor:
        for k in range(limit):
            await editor.append(f"held-{k}", run_request("hold", model="m"), wait=True)
        started = trio.current_time()
        refused: list[ConnectError] = []
        with trio.move_on_after(5):
            try:
                await editor.append("one-too-many", run_request("hold", model="m"), wait=True)
            except AppendFailed as failed:
                refused.append(failed.error)
        assert refused, f"no refusal within {trio.current_time() - started:g} s"
        assert refused[0].code is Code.RESOURCE_EXHAUSTED
        assert f"already holds {limit} streams" in refused[0].message
        assert trio.current_time() - started < 1.0
        assert len(daemon.core.broker) == limit
