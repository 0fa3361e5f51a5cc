"""Conversation history in the durable store: turns, statuses, summaries, passes, tool calls, blobs.

Real clock (the store works through OS threads); `clock=` gives the store deterministic timestamps.
"""

from __future__ import annotations

import itertools

import attrs
import pytest
import trio

from cursord.agent.history import ConversationHistory
from cursord.providers.model import Message, TextPart, ThinkingPart, ToolCallPart, Usage
from cursord.store import (
    CorruptRecord,
    InvalidSummary,
    PassRecord,
    PassStatus,
    StoreClosed,
    ToolCallRecord,
    TurnMeta,
    TurnStatus,
    UnknownConversation,
    summary_message,
)
from tests.store.conftest import StoreTarget, threaded


def ticking() -> itertools.count[float]:
    return itertools.count(1000.0)


def clock_from(counter: itertools.count[float]) -> float:
    return next(counter)


def turn(tag: str) -> list[Message]:
    return [
        Message.user(f"question {tag}"),
        Message.assistant(ToolCallPart(f"call-{tag}", "read_file", '{"path": "x"}')),
        Message.tool_result(f"call-{tag}", f"contents {tag}"),
        Message.assistant(TextPart(f"answer {tag}")),
    ]


async def test_store_is_a_conversation_history(db: StoreTarget) -> None:
    async with db.open() as store:
        history: ConversationHistory = store
        assert await history.load("c") == []
        await history.record_turn("c", turn("1"))
        await store.commit_turn("c", turn("2"))  # the short form: a completed turn, no metadata
        assert await history.load("c") == turn("1") + turn("2")
        assert await history.load("other") == []


async def test_reopening_keeps_everything(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.commit_turn("c", turn("1"))
        await store.record_turn("c", turn("2"), TurnMeta(status=TurnStatus.FAILED, error="overloaded"))
        await store.set_summary("c", "S", 1)
        await store.commit_turn("c", turn("3"))
    async with db.open() as store:
        assert await store.load("c") == [summary_message("S"), *turn("3")]
        assert [t.status for t in await store.turns("c")] == ["completed", "failed", "completed"]
        assert (await store.turns("c"))[1].error == "overloaded"


async def test_every_part_type_round_trips_through_sqlite(db: StoreTarget) -> None:
    messages = [
        Message.system("be brief"),
        Message.user("emoji 😀, NUL \x00, separator \u2028, lone surrogate \ud800"),
        Message.assistant(
            ThinkingPart("first I think", signature="EqQBCgIYAhIM" + "A" * 300 + "==", origin="anthropic"),
            ThinkingPart(redacted_data="EmwKAhgBEgy3va3pzix/LafPsn4a", origin="anthropic"),
            ThinkingPart("plain reasoning, no signature"),
            ThinkingPart("", signature="gAAAAABencrypted_content", origin="openai-responses"),
            TextPart("Let me look."),
            ToolCallPart("toolu_01", "grep", '{"pattern":"a\\nb",  "path" : "."}'),
            ToolCallPart("toolu_02", "ls", ""),
        ),
        Message.tool_result("toolu_01", "match at line 3"),
        Message.tool_result("toolu_02", "permission denied", is_error=True),
        Message.assistant(TextPart("")),
    ]
    async with db.open() as store:
        await store.commit_turn("c", messages)
    async with db.open() as store:
        assert await store.load("c") == messages


async def test_failed_and_canceled_turns_are_recorded_but_not_history(db: StoreTarget) -> None:
    async with db.open(clock=lambda: 5.0) as store:
        first = await store.record_turn("c", turn("ok1"), TurnMeta(request_id="r1", model="m1"))
        failed = await store.record_turn(
            "c", turn("bad"), TurnMeta(request_id="r2", status=TurnStatus.FAILED, error="malformed reply")
        )
        canceled = await store.record_turn("c", turn("stop")[:1], TurnMeta(request_id="r3", status="canceled"))
        last = await store.record_turn(
            "c", turn("ok2"), TurnMeta(request_id="r4", usage=Usage(10, 20, 3, 4), model="m2", started_at=4.0)
        )
        assert [r.turn_seq for r in (first, failed, canceled, last)] == [1, 2, 3, 4]
        assert await store.load("c") == turn("ok1") + turn("ok2")
        assert await store.turn_messages("c", 2) == turn("bad")  # kept for inspection
        records = await store.turns("c")
        assert records == [first, failed, canceled, last]
        assert records[3].usage == Usage(10, 20, 3, 4) and records[3].started_at == 4.0
        assert records[2].message_count == 1 and records[2].status is TurnStatus.CANCELED
        info = await store.conversation("c")
        assert info is not None
        assert (info.model, info.last_turn_seq, info.created_at, info.updated_at) == ("m2", 4, 5.0, 5.0)
        assert await store.conversation("nope") is None


async def test_many_conversations_commit_concurrently(db: StoreTarget) -> None:
    conversations, turns_each = 24, 12
    async with db.open() as store:

        async def converse(cid: str) -> None:
            for n in range(turns_each):
                record = await store.record_turn(cid, turn(f"{cid}/{n}"), TurnMeta(request_id=f"{cid}-{n}"))
                assert record.turn_seq == n + 1

        async with trio.open_nursery() as nursery:
            for i in range(conversations):
                nursery.start_soon(converse, f"conv{i}")
        assert threaded(store).batches < threaded(store).jobs  # commits from different tasks shared transactions
    async with db.open() as store:
        for i in range(conversations):
            cid = f"conv{i}"
            expected = [m for n in range(turns_each) for m in turn(f"{cid}/{n}")]
            assert await store.load(cid) == expected
            assert [t.request_id for t in await store.turns(cid)] == [f"{cid}-{n}" for n in range(turns_each)]


async def test_concurrent_commits_to_one_conversation_keep_call_order(db: StoreTarget) -> None:
    async with db.open() as store:
        order: list[int] = []

        async def commit(n: int) -> None:
            order.append(n)  # trio runs this synchronously up to the submit, so this is call order
            await store.commit_turn("shared", turn(str(n)))

        async with trio.open_nursery() as nursery:
            for n in range(50):
                nursery.start_soon(commit, n)
        assert await store.load("shared") == [m for n in order for m in turn(str(n))]


async def test_summaries_replace_the_turns_they_cover_and_are_archived(db: StoreTarget) -> None:
    counter = ticking()
    async with db.open(clock=lambda: clock_from(counter)) as store:
        for n in range(1, 6):
            status = TurnStatus.FAILED if n == 4 else TurnStatus.COMPLETED
            await store.record_turn("c", turn(str(n)), TurnMeta(status=status))
        with pytest.raises(UnknownConversation):
            await store.set_summary("ghost", "x", 1)
        for bad in (0, 6):
            with pytest.raises(InvalidSummary, match=r"turns 1\.\.5"):
                await store.set_summary("c", "x", bad)
        assert await store.summaries("c") == []

        await store.set_summary("c", "turns one and two", 2)
        assert await store.load("c") == [summary_message("turns one and two"), *turn("3"), *turn("5")]
        await store.set_summary("c", "turns one to four", 4)
        assert await store.load("c") == [summary_message("turns one to four"), *turn("5")]
        await store.commit_turn("c", turn("6"))
        assert await store.load("c") == [summary_message("turns one to four"), *turn("5"), *turn("6")]

        archive = await store.summaries("c")
        assert [(s.summary, s.up_to_turn) for s in archive] == [("turns one and two", 2), ("turns one to four", 4)]
        assert archive[0].archived_at is not None and archive[0].archived_at >= archive[0].created_at
        assert archive[1].archived_at is None
        info = await store.conversation("c")
        assert info is not None and (info.summary, info.summary_up_to_turn) == ("turns one to four", 4)
        assert await store.turn_messages("c", 1) == turn("1")  # summarised turns are kept, just not loaded


async def test_passes_and_tool_calls_are_claimed_by_their_turn(db: StoreTarget) -> None:
    def a_pass(mc: str, rid: str, cid: str | None = "c", status: str = "completed") -> PassRecord:
        return PassRecord(
            model_call_id=mc,
            request_id=rid,
            conversation_id=cid,
            model="claude",
            status=PassStatus(status),
            started_at=1.5,
            duration_ms=900,
            usage=Usage(100, 50, 80, 0),
            provider="anthropic",
            stop_reason="tool_use",
            first_token_ms=120,
        )

    call = ToolCallRecord(
        tool_call_id="toolu_1",
        request_id="r1",
        conversation_id="c",
        name="read_file",
        arguments='{"path": "a"}',
        started_at=2.0,
        model_call_id="r1:1",
        exec_seq=3,
        exec_id="exec-3",
        result="file text",
        is_error=False,
        duration_ms=40,
    )
    async with db.open() as store:
        await store.record_pass(a_pass("r1:1", "r1"))
        await store.record_pass(a_pass("r1:2", "r1", status="failed"))
        await store.record_pass(a_pass("r9:1", "r9"))  # another request: not this turn's
        await store.record_pass(a_pass("x:1", "x", cid=None))  # no conversation at all
        await store.record_tool_call(call)
        assert [p.turn_seq for p in await store.passes(request_id="r1")] == [None, None]

        record = await store.record_turn("c", turn("1"), TurnMeta(request_id="r1"))
        passes = await store.passes(conversation_id="c", turn_seq=record.turn_seq)
        assert [p.model_call_id for p in passes] == ["r1:1", "r1:2"]
        assert passes[0] == attrs.evolve(a_pass("r1:1", "r1"), turn_seq=1)
        assert passes[1].status is PassStatus.FAILED
        (stored_call,) = await store.tool_calls(conversation_id="c", turn_seq=1)
        assert stored_call == attrs.evolve(call, turn_seq=1)
        assert [p.turn_seq for p in await store.passes(request_id="r9")] == [None]
        assert [p.model_call_id for p in await store.passes(request_id="x")] == ["x:1"]

        # the editor reuses request ids: the next turn claims only what is new
        await store.record_pass(a_pass("r1:1", "r1"))
        second = await store.record_turn("c", turn("2"), TurnMeta(request_id="r1"))
        assert [p.turn_seq for p in await store.passes(request_id="r1")] == [1, 1, second.turn_seq]
        with pytest.raises(ValueError, match="at least one"):
            await store.passes()


async def test_blobs_track_what_the_editor_stored(db: StoreTarget) -> None:
    async with db.open() as store:
        assert await store.put_blob(b"id-1", b"one", conversation_id="c") is True
        assert await store.put_blob(b"id-2", b"two", conversation_id="c") is True
        assert await store.put_blob(b"id-3", b"three", conversation_id="d") is True
        assert await store.get_blob(b"id-2") == b"two"
        assert await store.get_blob(b"missing") is None
        assert await store.unstored_blobs("c") == [b"id-1", b"id-2"]

        assert await store.mark_blob_stored(b"id-1", True) is True
        assert await store.mark_blob_stored(b"id-2", False, "disk full") is True
        assert await store.mark_blob_stored(b"id-2", False, None) is True
        assert await store.mark_blob_stored(b"nope", True) is False
        assert await store.unstored_blobs("c") == [b"id-2"]
        status = await store.blob_status(b"id-2")
        assert status is not None
        assert (status.stored_by_editor, status.attempts, status.size) == (False, 2, 3)
        assert status.last_error == "the editor did not store the blob"

        assert await store.put_blob(b"id-1", b"one") is False  # same bytes: stays stored
        stored = await store.blob_status(b"id-1")
        assert stored is not None and stored.stored_by_editor and stored.last_error is None
        assert await store.put_blob(b"id-1", b"ONE") is True  # new bytes: the editor's copy is stale
        assert await store.unstored_blobs("c") == [b"id-1", b"id-2"]
        assert await store.get_blob(b"id-1") == b"ONE"
        await store.put_blob(b"id-3", b"three", conversation_id="c")  # shared by two conversations
        assert await store.unstored_blobs("c") == [b"id-1", b"id-2", b"id-3"]
        assert await store.unstored_blobs("d") == [b"id-3"]
        assert await store.blob_status(b"missing") is None


async def test_checkpoints_keep_the_latest_per_conversation(db: StoreTarget) -> None:
    async with db.open(clock=lambda: 7.0) as store:
        assert await store.latest_checkpoint("c") is None
        await store.save_checkpoint("c", 1, b"\x00state-1")
        await store.save_checkpoint("c", 2, b"state-2")
        await store.save_checkpoint("d", 9, b"other")
        await store.save_checkpoint("c", 2, b"state-2-again")
        latest = await store.latest_checkpoint("c")
        assert latest is not None
        assert (latest.turn_seq, latest.state, latest.created_at) == (2, b"state-2-again", 7.0)
    async with db.open() as store:
        again = await store.latest_checkpoint("c")
        assert again is not None and again.state == b"state-2-again"


async def test_a_corrupt_row_is_reported_not_guessed(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.commit_turn("c", turn("1"))
    db.sql("""UPDATE messages SET parts = '[{"t": "hologram"}]' WHERE position = 1""")
    async with db.open() as store:
        with pytest.raises(CorruptRecord, match="unknown message part type 'hologram'"):
            await store.load("c")


async def test_a_closed_store_refuses_work(db: StoreTarget) -> None:
    store = await db.open_now()
    await store.commit_turn("c", turn("1"))
    await store.aclose()
    await store.aclose()  # idempotent
    with pytest.raises(StoreClosed):
        await store.commit_turn("c", turn("2"))
    with pytest.raises(StoreClosed):
        await store.load("c")
    with pytest.raises(StoreClosed):
        store.journal_append_nowait("r", [b"x"])


async def test_titles_are_kept_before_and_after_the_first_turn_and_the_last_one_wins(db: StoreTarget) -> None:
    async with db.open() as store:
        await store.set_title("c1", "First name")  # the editor names a chat before its first turn
        await store.commit_turn("c1", [Message.user("hi")])
        await store.set_title("c1", "Fix the login bug")
        await store.set_title("c2", "Other")
        assert await store.titles(["c1", "c2", "c3"]) == {"c1": "Fix the login bug", "c2": "Other"}
    async with db.open() as store:
        assert await store.titles() == {"c1": "Fix the login bug", "c2": "Other"}
        assert await store.titles(["c1"] * 700) == {"c1": "Fix the login bug"}
        assert len(await store.titles(limit=1)) == 1


async def test_the_latest_turns_are_read_back_newest_first_with_their_passes_and_outcome(db: StoreTarget) -> None:
    """The overview's recent turns, rebuilt at a start (issue 39 #10): each turn's passes and the outcome
    its turn record holds; passes of no turn (a title, Tab) are left out; a reused request id is two turns."""

    def a_pass(mc: str, rid: str, status: str = "completed", user: str | None = None) -> PassRecord:
        return PassRecord(mc, rid, "c", "gpt-5", PassStatus(status), 1.5, 900, Usage(100, 50, 80, 0),
                          provider="openai", user=user, team="core" if user else None)

    async with db.open() as store:
        await store.record_pass(a_pass("r1:1", "r1", "failed"))
        await store.record_pass(a_pass("r1:2", "r1", user="alice"))
        await store.record_turn("c", turn("1"), TurnMeta(request_id="r1", model="gpt-5"))
        await store.record_pass(a_pass("title-1", "title-1"))  # no turn's: its own request
        await store.record_pass(attrs.evolve(a_pass("tab:b1", "tab:b1"), conversation_id=None))
        await store.record_pass(a_pass("r2:1", "r2", "canceled"))
        await store.record_turn("c", turn("2"), TurnMeta(request_id="r2", status=TurnStatus.CANCELED, error="stop"))
        await store.record_pass(a_pass("r1:1", "r1"))  # the editor reused r1; no turn recorded yet
        latest = await store.recent_turns(10)
        assert [(t.request_id, [p.model_call_id for p in t.passes]) for t in latest] == [
            ("r1", ["r1:1"]), ("r2", ["r2:1"]), ("r1", ["r1:1", "r1:2"]),
        ]
        assert [t.turn.status if t.turn else None for t in latest] == [None, TurnStatus.CANCELED, TurnStatus.COMPLETED]
        assert latest[1].turn is not None and latest[1].turn.error == "stop"
        assert latest[2].passes[1].user == "alice" and latest[2].passes[1].team == "core"
        assert [t.request_id for t in await store.recent_turns(2)] == ["r1", "r2"]
        # the turn records' own readers are unchanged; `passes` now says whose a pass was too
        assert [p.user for p in await store.passes(request_id="r1")] == [None, "alice", None]
