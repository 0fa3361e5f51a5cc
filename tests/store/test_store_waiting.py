"""Conversation actions waiting for a run (`cursord.store.waiting` under `ActionQueue`), on both engines:
held for a request id or queued for a conversation, taken together in arrival order, bounded per holder,
in holders, in bytes (each and all) and in age (held for a run_request), and still there after the store is
closed and opened again.

Real clock (the store works through OS threads).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from cursord.connect import Code, ConnectError
from cursord.core import ActionRequested, AppendPosition
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import ActionHolder, PendingKind, open_store
from cursord.streams import ActionQueue, upload_origin
from cursord.testing.editor import user_message_action as message
from tests.store.conftest import StoreTarget


def texts(actions: list[agent.ConversationAction]) -> list[str]:
    return [a.user_message_action.user_message.text for a in actions]


async def test_a_run_takes_what_its_request_holds_and_its_conversation_queued_in_arrival_order(
    db: StoreTarget,
) -> None:
    async with db.open() as store:
        queue = ActionQueue(store)
        await queue.queue("c1", message("queued first"))
        await queue.hold("r2", message("held for r2"))
        await queue.queue("c1", message("queued last"))
        await queue.queue("c2", message("another conversation's"))
        await queue.hold("r3", message("another request's"))
        assert texts(await queue.take("r2", "c1")) == ["queued first", "held for r2", "queued last"]
        assert await queue.take("r2", "c1") == []  # taken once
        assert texts(await queue.take("r9", "c2")) == ["another conversation's"]
        assert texts(await queue.take("r3", None)) == ["another request's"]


async def test_what_waits_survives_closing_the_store(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store)
        await queue.hold("r1", message("held"))
        await queue.queue("c1", message("queued"))
    async with db.open() as store:
        assert texts(await ActionQueue(store).take("r1", "c1")) == ["held", "queued"]


async def test_a_request_id_that_holds_enough_refuses_more(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_per_request=2)
        await queue.hold("r1", message("a"))
        await queue.hold("r1", message("b"))
        with pytest.raises(ConnectError) as refused:
            await queue.hold("r1", message("c"))
        assert refused.value.code is Code.RESOURCE_EXHAUSTED and "already holds 2" in refused.value.message
        assert texts(await queue.take("r1", None)) == ["a", "b"]


async def test_the_least_recently_used_request_id_is_forgotten(
    db: StoreTarget, caplog: pytest.LogCaptureFixture
) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_requests=2)
        await queue.hold("r1", message("a"))
        await queue.hold("r2", message("b"))
        await queue.hold("r1", message("c"))  # r1 is used again: r2 is now the least recent
        with caplog.at_level(logging.WARNING, logger="cursord.streams.action_queue"):
            await queue.hold("r3", message("d"))
        assert "request r2: 1 waiting conversation action(s) dropped: no run_request came" in caplog.text
        assert await queue.take("r2", None) == []
        assert texts(await queue.take("r1", None)) == ["a", "c"]
        assert texts(await queue.take("r3", None)) == ["d"]


async def test_a_full_conversation_drops_its_oldest(db: StoreTarget, caplog: pytest.LogCaptureFixture) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_per_conversation=3)
        for n in range(3):
            await queue.queue("c1", message(f"m{n}"))
        await queue.queue("c2", message("other"))
        with caplog.at_level(logging.WARNING, logger="cursord.streams.action_queue"):
            await queue.queue("c1", message("m3"))
        assert "conversation c1: more than 3 queued actions; the oldest is dropped" in caplog.text
        assert texts(await queue.take("r", "c1")) == ["m1", "m2", "m3"]
        assert texts(await queue.take("r", "c2")) == ["other"]  # never touched by c1's bound


async def test_conversations_beyond_the_bound_are_forgotten_oldest_first(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_conversations=2)
        await queue.queue("c1", message("one"))
        await queue.queue("c2", message("two"))
        await queue.queue("c3", message("three"))
        assert await queue.take("r", "c1") == []
        assert texts(await queue.take("r", "c2")) == ["two"]
        assert texts(await queue.take("r", "c3")) == ["three"]


async def test_the_bounds_of_one_kind_leave_the_other_alone(db: StoreTarget) -> None:
    """A flood of request ids (each holding its limit) forgets request ids only, never a conversation's queue."""
    async with db.open() as store:
        queue = ActionQueue(store, max_requests=3, max_per_request=2, max_conversations=3)
        await queue.queue("c1", message("keep me"))
        for n in range(10):
            for _ in range(2):
                await queue.hold(f"flood-{n}", message("x"))
            with pytest.raises(ConnectError):
                await queue.hold(f"flood-{n}", message("x"))
        assert texts(await queue.take("nobody", "c1")) == ["keep me"]
        held = [await store.waiting_actions(ActionHolder.REQUEST, f"flood-{n}") for n in range(10)]
        assert [len(h) for h in held] == [0] * 7 + [2] * 3


async def test_an_unreadable_row_is_dropped_with_a_warning(db: StoreTarget, caplog: pytest.LogCaptureFixture) -> None:
    async with db.open() as store:
        queue = ActionQueue(store)
        await queue.queue("c1", message("fine"))
    db.sql(
        "INSERT INTO waiting_actions(holder, holder_id, action, queued_at) VALUES ('conversation', 'c1', ?, 1.0)",
        b"\xff\xff\xff",
    )
    async with db.open() as store:
        with caplog.at_level(logging.WARNING, logger="cursord.streams.action_queue"):
            assert texts(await ActionQueue(store).take("r", "c1")) == ["fine"]
    assert "an unreadable waiting conversation action was dropped" in caplog.text


def test_only_actions_that_carry_something_for_a_run_are_held() -> None:
    assert ActionQueue.holds(ActionRequested(message("hi")))
    cancel = agent.ConversationAction(cancel_action=agent.CancelAction())
    assert not ActionQueue.holds(ActionRequested(cancel))


async def test_taken_actions_are_gone_once_the_turn_records_them(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store)
        await store.journal_open("r2", "c1", "m")
        await queue.queue("c1", message("queued"))
        assert texts(await queue.take("r2", "c1")) == ["queued"]
        assert await queue.take("r3", "c1") == []  # another run does not take them too
        await store.journal_pending_put("r2", PendingKind.TURN, "state", "{}")
        await store.journal_end("r2", "{}", 1.0)  # ended after its record: nothing to give back
        assert await store.release_waiting_actions() == 0
        assert await queue.take("r3", "c1") == []


async def test_taken_actions_wait_again_when_the_run_ends_without_a_record(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store)
        await store.journal_open("r2", "c1", "m")
        await queue.hold("r2", message("held"))
        await queue.queue("c1", message("queued"))
        assert texts(await queue.take("r2", "c1")) == ["held", "queued"]
        await store.journal_pending_put("r2", PendingKind.EXEC, "1", "{}")  # not the turn's record
        await store.journal_end("r2", "{}", 1.0)
        # the held one is the conversation's now: its next run takes it, on whatever request id
        assert texts(await queue.take("r3", "c1")) == ["held", "queued"]
        await store.journal_drop("r3")  # no journal: nothing to give back, and no error
        assert await queue.take("r2", None) == []


async def test_a_run_without_a_conversation_takes_only_its_requests(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store)
        await store.journal_open("r2", None, "m")
        await queue.hold("r2", message("held"))
        await queue.queue("c1", message("someone else's"))
        assert texts(await queue.take("r2", None)) == ["held"]
        await store.journal_end("r2", "{}", 1.0)
        assert texts(await queue.take("r2", None)) == ["held"]  # given back to the request id
        assert texts(await queue.take("r9", "c1")) == ["someone else's"]


async def test_a_restart_gives_back_what_a_run_took_and_never_recorded(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_per_conversation=1)
        await store.journal_open("r2", "c1", "m")
        await queue.queue("c1", message("taken before the crash"))
        assert texts(await queue.take("r2", "c1")) == ["taken before the crash"]
        await queue.queue("c1", message("sent during the run"))  # the taken one does not count to the bound
    async with db.open() as store:
        queue = ActionQueue(store)
        await queue.restarted()
        assert texts(await queue.take("r4", "c1")) == ["taken before the crash", "sent during the run"]


async def test_the_same_upload_sent_again_is_kept_once(db: StoreTarget) -> None:
    """A daemon that died after keeping an action but before its upload's ACK is sent the upload again."""
    async with db.open() as store:
        queue = ActionQueue(store)
        await queue.hold("r1", message("held"), origin="r1#3")
        await queue.queue("c1", message("queued"), origin="r0#7")
    async with db.open() as store:
        queue = ActionQueue(store)
        await queue.hold("r1", message("held"), origin="r1#3")  # taken as kept, not refused
        await queue.queue("c1", message("queued"), origin="r0#7")
        await queue.queue("c1", message("queued"), origin="r0#8")  # the user sent the same words again
        await queue.queue("c1", message("queued"))  # no origin (the Run path): never taken for a retry
        assert texts(await queue.take("r1", "c1")) == ["held", "queued", "queued", "queued"]


def test_an_uploads_origin_names_the_run_it_came_in() -> None:
    """A reused request id numbers a new run's appends from 0 again: its seqno 5 is another upload."""
    first_run, second_run = AppendPosition(0, 6, b"\x01" * 8), AppendPosition(0, 6, b"\x02" * 8)
    assert upload_origin("r1", first_run) == upload_origin("r1", AppendPosition(0, 6, b"\x01" * 8))
    assert upload_origin("r1", first_run) != upload_origin("r1", second_run)
    assert upload_origin("r1", first_run) != upload_origin("r2", first_run)
    assert upload_origin("r1", first_run) != upload_origin("r1", AppendPosition(0, 7, b"\x01" * 8))
    assert upload_origin("r1", None) is None  # not a BidiAppend's: nothing to tell apart


def big_message(text: str, size: int) -> agent.ConversationAction:
    return message(text + " " + "x" * size)


async def test_the_waiting_actions_bytes_are_bounded_taken_or_not(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_bytes=3_500)
        await queue.hold("r1", big_message("a", 1_000))
        await queue.queue("c1", big_message("b", 1_000))
        assert texts(await queue.take("r1", "c1"))[0].startswith("a")  # taken, not yet recorded: still on disk
        await queue.hold("r2", big_message("c", 1_000))
        for keep in (queue.hold("r3", big_message("d", 1_000)), queue.queue("c2", big_message("e", 1_000))):
            with pytest.raises(ConnectError) as refused:
                await keep
            assert refused.value.code is Code.RESOURCE_EXHAUSTED
            assert "already fill their 3500 bytes" in refused.value.message
        assert await store.waiting_actions(ActionHolder.REQUEST, "r3") == []
        assert await store.waiting_actions(ActionHolder.CONVERSATION, "c2") == []
        assert 3_000 < await store.waiting_bytes() <= 3_500
        with pytest.raises(ConnectError):  # what a handler asks before it delivers the upload
            await queue.check(big_message("f", 1_000))
        await queue.check(big_message("f", 100))
        await store.journal_open("r1", "c1", None)
        await store.journal_pending_put("r1", PendingKind.TURN, "t", "{}")  # the turn is recorded: room again
        await queue.hold("r3", big_message("d", 1_000))


async def test_an_action_too_big_to_wait_is_refused_before_the_store(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_action_bytes=500)
        with pytest.raises(ConnectError) as refused:
            await queue.hold("r1", big_message("a", 600))
        assert refused.value.code is Code.RESOURCE_EXHAUSTED
        assert "cannot wait for a run: the limit is 500 bytes" in refused.value.message
        with pytest.raises(ConnectError):
            await queue.queue("c1", big_message("b", 600))
        assert await queue.take("r1", "c1") == []


async def test_an_action_held_for_a_run_request_that_never_came_expires(
    db: StoreTarget, caplog: pytest.LogCaptureFixture
) -> None:
    now = [1_000.0]
    async with db.open(clock=lambda: now[0]) as store:
        queue = ActionQueue(store, max_held_seconds=600)
        await queue.hold("r-old", message("never run"))
        await queue.queue("c1", message("queued for the conversation"))
        now[0] += 601
        with caplog.at_level(logging.WARNING, logger="cursord.streams.action_queue"):
            await queue.hold("r-new", message("fresh"))
        assert "1 conversation action(s) held 600 s for a run_request that never came" in caplog.text
        assert await queue.take("r-old", None) == []
        assert texts(await queue.take("r-new", "c1")) == ["queued for the conversation", "fresh"]


async def test_the_position_of_a_request_with_no_stream_survives_closing_the_store(db: StoreTarget) -> None:
    """Issue 38, point 4: where the sequence of a request id with no stream yet stands is kept beside what
    it holds, read back after the store is opened again, and dropped when a run takes what waits for it."""
    async with db.open() as store:
        queue = ActionQueue(store)
        assert await queue.position("r1") is None
        await queue.keep_position("r1", AppendPosition(0, 1, b"\x01"))
        await queue.keep_position("r1", AppendPosition(0, 2, b"\x01"))  # a heartbeat after the message
        await queue.keep_position("r2", AppendPosition(1, 3))
    async with db.open() as store:
        queue = ActionQueue(store)
        assert await queue.position("r1") == AppendPosition(0, 2, b"\x01")
        assert await queue.take("r1", "c1") == []
        assert await queue.position("r1") is None  # its stream keeps it from now on
        assert await queue.position("r2") == AppendPosition(1, 3)


async def test_positions_beyond_the_bound_are_forgotten_oldest_first(db: StoreTarget) -> None:
    async with db.open() as store:
        queue = ActionQueue(store, max_requests=2)
        for n in range(3):
            await queue.keep_position(f"r{n}", AppendPosition(0, n + 1))
        assert await queue.position("r0") is None
        assert [await queue.position(f"r{n}") for n in (1, 2)] == [AppendPosition(0, 2), AppendPosition(0, 3)]


async def test_an_unreadable_position_is_ignored_with_a_warning(
    db: StoreTarget, caplog: pytest.LogCaptureFixture
) -> None:
    async with db.open() as store:
        await store.put_waiting_position("r1", '{"start": 7}', keep=4)
        with caplog.at_level(logging.WARNING):
            assert await ActionQueue(store).position("r1") is None
    assert "unreadable append position" in caplog.text


async def test_a_new_request_ids_position_is_not_read_from_a_store_only_this_process_writes(tmp_path: Path) -> None:
    """Every new run's first upload asks where its sequence stands: on SQLite (one daemon per data dir) only
    the request ids an earlier process left a position for, listed once, and those kept since are read."""
    async with open_store(tmp_path) as store:
        await ActionQueue(store).keep_position("left", AppendPosition(0, 1))
    async with open_store(tmp_path) as store:
        assert store.exclusive
        queue = ActionQueue(store, max_requests=2)
        reads: list[str] = []
        for conn in store.readers.connections:
            conn.set_trace_callback(reads.append)  # type: ignore[attr-defined]
        assert await queue.position("new") is None
        assert len(reads) == 1  # the listing, once
        assert await queue.position("new-2") is None
        assert await queue.position("left") == AppendPosition(0, 1)
        await queue.keep_position("kept", AppendPosition(0, 2))
        assert await queue.position("kept") == AppendPosition(0, 2)
        assert len(reads) == 3  # "left" and "kept": no read for the new ones
        for n in range(9):  # past 4 x max_requests kept: listed again (the store forgets beyond 2)
            await queue.keep_position(f"r{n}", AppendPosition(0, 1))
        assert await queue.position("r8") == AppendPosition(0, 1)
        assert await queue.position("r0") is None  # forgotten by the store


async def test_a_new_runs_take_asks_nothing_of_a_store_only_this_process_writes(tmp_path: Path) -> None:
    """Every run takes what waits for it: on SQLite (one daemon per data dir) a run whose request id and
    conversation hold nothing, by what an earlier process left (listed once) and what this one added since,
    and whose request id keeps no position, takes nothing without a read or a write."""
    async with open_store(tmp_path) as store:
        queue = ActionQueue(store)
        await queue.hold("left-r", message("held by an earlier process"))
        await queue.queue("left-c", message("queued by an earlier process"))
        await queue.keep_position("left-p", AppendPosition(0, 1))
    async with open_store(tmp_path) as store:
        queue = ActionQueue(store, max_requests=1, max_conversations=1)
        statements: list[str] = []
        for conn in (store.writer.conn, *store.readers.connections):
            conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]
        assert not queue.nothing_for("new", "c-new")  # not listed yet: only `take` knows
        assert await queue.take("new", "c-new") == []
        assert len(statements) == 2  # the two listings, once
        assert queue.nothing_for("new-2", None) and await queue.take("new-2", None) == []
        assert len(statements) == 2
        assert texts(await queue.take("left-r", None)) == ["held by an earlier process"]
        assert texts(await queue.take("r", "left-c")) == ["queued by an earlier process"]
        await queue.take("left-p", None)  # drops its position: its stream keeps it
        assert await queue.position("left-p") is None
        await queue.hold("r1", message("held now"))
        await queue.queue("c1", message("queued now"))
        assert not queue.nothing_for("r1", None) and not queue.nothing_for("r9", "c1")
        assert texts(await queue.take("r1", None)) == ["held now"]
        assert queue.nothing_for("r-next", None)  # a run with no conversation gives nothing back to one
        assert texts(await queue.take("r9", "c1")) == ["queued now"]
        for n in range(9):  # past 4 x the holders kept: what was added is let go and listed again
            await queue.queue(f"c-{n}", message(f"queued in c-{n}"))
        assert not queue.nothing_for("r-any", "c-8")
        assert texts(await queue.take("r-any", "c-8")) == ["queued in c-8"]
        assert queue.nothing_for("r-other", "c-0")  # forgotten by the store (beyond 1 conversation)
