"""Turns that survive a crash: a daemon killed with SIGKILL is restarted on the same data dir, and the
editor, reconnecting with the same request_id, gets the whole backlog and a completed turn. The tool-loop
case runs on both stores: SQLite in the data dir, and PostgreSQL (`--store postgresql://...`)."""

from __future__ import annotations

import contextlib
import json
import re
import signal
import sqlite3
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import psycopg
import pytest
import trio

from cursord.connect import ConnectError
from cursord.context.rules import FETCH_RULES_TOOL
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import DB_NAME
from cursord.testing.agent import exec_reply
from cursord.testing.editor import RunSSEReader, heartbeat, run_request
from cursord.testing.fake_providers import FakeProvider, Reply, Stall, chat_text, chat_tool_call, open_fake_provider
from cursord.testing.process import CursordProcess, running_cursord, serve_fake
from tests.e2e.turn_scenario import MCP_TOOL, editor_answer, scripted_run

MODEL = "m1"


def daemon(
    fake: FakeProvider, data_dir: Path, store: str | None = None, log: bytearray | None = None
) -> contextlib.AbstractAsyncContextManager[CursordProcess]:
    """`cursord serve` on `data_dir` (and on `store` if given), `fake` serving MODEL."""
    command, env = serve_fake(fake, data_dir, MODEL, *(("--store", store) if store is not None else ()))
    return running_cursord(command, env, log)


async def journalled(data_dir: Path, sql: str, store: str | None = None) -> None:
    """Wait until the daemon's journal satisfies `sql` (it writes asynchronously, as a crash would find it)."""
    if store is not None:
        while True:
            with psycopg.connect(store, autocommit=True) as conn, contextlib.suppress(psycopg.errors.UndefinedTable):
                if conn.execute(sql.replace("%", "%%")).fetchone()[0]:  # type: ignore[index]
                    return
            await trio.sleep(0.02)
    path = data_dir / DB_NAME
    while True:
        if path.exists():
            with (
                contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db,
                contextlib.suppress(sqlite3.OperationalError),
            ):
                if db.execute(sql).fetchone()[0]:
                    return
        await trio.sleep(0.02)


def kinds(messages: list[agent.AgentServerMessage]) -> list[str]:
    out = []
    for m in messages:
        which = m.WhichOneof("message") or ""
        if which == "interaction_update":
            which = m.interaction_update.WhichOneof("message") or ""
        out.append(which)
    return out


async def until_exec(reader: RunSSEReader) -> list[agent.AgentServerMessage]:
    """The stream's messages up to the first that asks the editor to run something, that one included."""
    seen: list[agent.AgentServerMessage] = []
    while not (seen and seen[-1].HasField("exec_server_message")):
        message = await reader.next_message()
        assert message is not None
        seen.append(message)
    return seen


#: the turn's record with the first exec it sent the editor is in the journal
FIRST_EXEC_JOURNALLED = "SELECT count(*) FROM journal_pending WHERE kind = 'turn' AND state LIKE '%\"exec_seq\":1%'"

READ_TODO = [
    Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/todo.txt"}))),
    Reply.sse(chat_text("The file says: buy milk.")),
]


async def killed_mid_read(
    fake: FakeProvider, data_dir: Path, store: str | None = None, logged: bytearray | None = None
) -> list[agent.AgentServerMessage]:
    """Start a turn that asks the editor for a Read (its run_request at seqno 0, as the editor numbers), wait
    until its snapshot is journalled, kill the daemon with SIGKILL. Returns what the stream had said."""
    async with daemon(fake, data_dir, store, logged) as first, first.editor() as editor:
        await editor.append("r1", run_request("what's in todo.txt?", model=MODEL), seqno=0)
        async with editor.run_sse("r1") as reader:
            seen = await until_exec(reader)
        await journalled(data_dir, FIRST_EXEC_JOURNALLED, store)
        await first.stop(signal.SIGKILL)
    return seen


def read_todo_result(request: agent.AgentServerMessage) -> agent.AgentClientMessage:
    content = agent.ReadSuccess(path="/w/todo.txt", content="buy milk", total_lines=1)
    return exec_reply(request, read_result=agent.ReadResult(success=content))


@pytest.mark.parametrize("http2", [True, False], ids=["h2", "h1"])
async def test_sigkill_mid_tool_loop_then_restart_completes_the_turn(
    tmp_path: Path, store_url: str | None, http2: bool
) -> None:
    store = store_url
    with trio.fail_after(90):
        async with open_fake_provider(*READ_TODO) as fake:
            logged = bytearray()
            seen = await killed_mid_read(fake, tmp_path, store, logged)
            request = seen[-1]
            async with daemon(fake, tmp_path, store) as second, second.editor(http2) as editor:
                async with editor.run_sse("r1") as reader:
                    replayed = [await reader.next_message() for _ in seen]
                    assert replayed == seen  # the whole backlog, exactly as it was sent before the crash
                    # the result for an exec issued before the restart is accepted: the editor numbers on
                    # from the run_request's seqno 0, and its next append (a heartbeat, seqno 2) overtakes
                    # the result (seqno 1). The journalled position orders them: 1 is not taken for a
                    # duplicate of a sequence resumed at 2 (issue 24, failure 3)
                    result = read_todo_result(request)
                    async with trio.open_nursery() as nursery:
                        nursery.start_soon(partial(editor.append, "r1", heartbeat(), seqno=2))
                        await trio.sleep(0.05)
                        await editor.append("r1", result, seqno=1)
                    rest = await reader.read_to_end()
                    assert reader.error is None
                await second.stop()
    text = "".join(m.interaction_update.text_delta.text for m in rest)
    assert text == "The file says: buy milk."
    assert kinds(rest)[-1] == "turn_ended"
    assert len(fake.requests) == 2
    tool_message = next(m for m in fake.requests[1].json["messages"] if m["role"] == "tool")
    assert "buy milk" in tool_message["content"]
    if store is not None:  # the turn is history in PostgreSQL; the data dir holds no SQLite store
        assert b"store: postgresql://cursord:<redacted>@" in logged and b"not-a-secret" not in logged
        assert not (tmp_path / DB_NAME).exists()
        with psycopg.connect(store) as conn:
            assert conn.execute("SELECT status FROM turns").fetchall() == [("completed",)]


#: the daemon's word that a retry waits for its first copy (before, the retry was ACKed at once)
RETRY_WAITS = re.compile(rb"request r1: append_seqno 2 sent again before its first copy was delivered")


async def test_a_retried_upload_is_not_acked_while_its_first_copy_could_die_with_the_daemon(
    tmp_path: Path, store_url: str | None
) -> None:
    """Issue 38, point 3: the Read's result (seqno 2) overtook a heartbeat (seqno 1), so it is held; the
    editor sends it again; the daemon is killed before seqno 1 comes. The retry was not ACKed, so the editor
    sends the result again to the restarted daemon and the turn completes. Before, the retry was ACKed at
    once, and the held copy died with the daemon: the editor never sent it again, and the turn hung."""
    with trio.fail_after(90):
        async with open_fake_provider(*READ_TODO) as fake:
            async with daemon(fake, tmp_path, store_url) as first, first.editor() as editor:
                await editor.append("r1", run_request("what's in todo.txt?", model=MODEL), seqno=0)
                async with editor.run_sse("r1") as reader:
                    seen = await until_exec(reader)
                await journalled(tmp_path, FIRST_EXEC_JOURNALLED, store_url)
                result = read_todo_result(seen[-1])
                acked: list[int] = []
                one_acked = trio.Event()

                async def send(copy: int) -> None:
                    with contextlib.suppress(Exception):  # the daemon is killed under it
                        await editor.append("r1", result, seqno=2)
                        acked.append(copy)
                        one_acked.set()

                async def until_acked(done: trio.CancelScope) -> None:
                    await one_acked.wait()
                    done.cancel()

                async def until_logged(done: trio.CancelScope) -> None:
                    await first.wait_for(RETRY_WAITS)
                    done.cancel()

                async with trio.open_nursery() as sends:
                    sends.start_soon(send, 1)
                    sends.start_soon(send, 2)
                    async with trio.open_nursery() as either:  # the daemon has both copies, or ACKed one
                        either.start_soon(until_acked, either.cancel_scope)
                        either.start_soon(until_logged, either.cancel_scope)
                    assert acked == [], "an upload was ACKed while it was only held"
                    await first.stop(signal.SIGKILL)
            async with daemon(fake, tmp_path, store_url) as second, second.editor() as editor:
                async with editor.run_sse("r1") as reader:
                    assert [await reader.next_message() for _ in seen] == seen
                    await editor.append("r1", heartbeat(), seqno=1)
                    await editor.append("r1", result, seqno=2)  # never ACKed: the editor sends it again
                    rest = await reader.read_to_end()
                    assert reader.error is None
                await second.stop()
    assert "".join(m.interaction_update.text_delta.text for m in rest) == "The file says: buy milk."
    assert kinds(rest)[-1] == "turn_ended"
    assert len(fake.requests) == 2


async def test_sigkill_mid_provider_pass_reruns_it_without_duplicating_text(tmp_path: Path) -> None:
    stalled = Reply.sse(chat_text("half an ans", done=False)[:3], then=Stall())
    replies = [stalled, Reply.sse(chat_text("A whole answer."))]
    with trio.fail_after(90):
        async with open_fake_provider(*replies) as fake:
            async with daemon(fake, tmp_path) as first, first.editor() as editor:
                await editor.append("r1", run_request("answer me", model=MODEL))
                async with editor.run_sse("r1") as reader:
                    message = await reader.next_message()
                    while message is not None and not message.interaction_update.HasField("text_delta"):
                        message = await reader.next_message()
                await journalled(tmp_path, "SELECT count(*) FROM journal_events WHERE request_id = 'r1'")
                await first.stop(signal.SIGKILL)
            async with daemon(fake, tmp_path) as second, second.editor() as editor:
                async with editor.run_sse("r1") as reader:
                    after = await reader.read_to_end()
                    assert reader.error is None
                await second.stop()
    text = "".join(m.interaction_update.text_delta.text for m in after)
    assert text == "A whole answer."  # the dead pass's partial text is not replayed
    assert kinds(after).count("step_started") == 1
    assert len(fake.requests) == 2


async def test_sigkill_mid_tool_loop_then_a_run_reconnect_completes_the_turn(tmp_path: Path) -> None:
    """The same over the HTTP/2 agent path: the turn runs on one Run stream, the restarted daemon restores
    it when a new Run for the request id arrives, replays it, and takes the exec result on that Run."""
    with trio.fail_after(90):
        async with open_fake_provider(*READ_TODO) as fake:
            async with daemon(fake, tmp_path) as first, first.editor() as editor, editor.run("r1") as run:
                await run.send(run_request("what's in todo.txt?", model=MODEL))
                seen = await until_exec(await run.reader())
                await journalled(tmp_path, FIRST_EXEC_JOURNALLED)
                await first.stop(signal.SIGKILL)
            request = seen[-1]
            async with daemon(fake, tmp_path) as second, second.editor() as editor:
                async with editor.run("r1") as run:
                    reader = await run.reader()
                    replayed = [await reader.next_message() for _ in seen]
                    assert replayed == seen
                    await run.send(read_todo_result(request))
                    rest = await reader.read_to_end()
                    assert reader.error is None
                await second.stop()
    assert "".join(m.interaction_update.text_delta.text for m in rest) == "The file says: buy milk."
    assert kinds(rest)[-1] == "turn_ended"
    assert len(fake.requests) == 2


async def killed_while(
    tmp_path: Path,
    replies: list[Reply],
    run: agent.AgentClientMessage,
    answer: Callable[[agent.AgentServerMessage], list[agent.AgentClientMessage]],
    until: Callable[[agent.AgentServerMessage], bool],
    journalled_sql: str,
) -> tuple[FakeProvider, list[agent.AgentServerMessage], list[agent.AgentServerMessage], ConnectError | None]:
    """Run `run`, answering with `answer`, until the daemon sends a message `until` accepts (left
    unanswered); kill the daemon once its journal satisfies `journalled_sql`; restart it and reconnect,
    answering everything the replay and the rest of the turn ask. (the fake, the messages before the kill,
    the messages after the restart, the stream's error)"""
    async with open_fake_provider(*replies) as fake:
        seqno = 0  # the run_request, as the editor numbers its appends
        async with daemon(fake, tmp_path) as first, first.editor() as editor:
            await editor.append("r1", run, seqno=seqno)
            seen: list[agent.AgentServerMessage] = []
            async with editor.run_sse("r1") as reader:
                while True:
                    message = await reader.next_message()
                    assert message is not None
                    seen.append(message)
                    if until(message):
                        break
                    for reply in answer(message):
                        seqno += 1
                        await editor.append("r1", reply, seqno=seqno)
            await journalled(tmp_path, journalled_sql)
            await first.stop(signal.SIGKILL)
        async with daemon(fake, tmp_path) as second, second.editor() as editor:
            after: list[agent.AgentServerMessage] = []
            async with editor.run_sse("r1") as reader:
                replayed = [await reader.next_message() for _ in seen]
                assert replayed == seen
                for reply in answer(seen[-1]):
                    seqno += 1
                    await editor.append("r1", reply, seqno=seqno)
                while (message := await reader.next_message()) is not None:
                    after.append(message)
                    for reply in answer(message):
                        seqno += 1
                        await editor.append("r1", reply, seqno=seqno)
            await second.stop()
    return fake, seen, after, reader.error


def execs(messages: list[agent.AgentServerMessage]) -> list[str]:
    out = []
    for m in messages:
        request = m.exec_server_message
        which = request.WhichOneof("message") or ""
        if which == "execute_hook_args":
            which = request.execute_hook_args.request.WhichOneof("request") or ""
        if m.HasField("exec_server_message"):
            out.append(which)
    return out


def offered(request: Any) -> set[str]:
    return {t["function"]["name"] for t in request.json.get("tools", [])}


async def test_an_mcp_tool_from_the_editors_mcp_state_works_after_a_restart(tmp_path: Path) -> None:
    """The MCP tools the editor listed when asked are in the turn's record: the call in flight at the kill
    gets its result, and later passes still offer the tools."""
    replies = [
        Reply.sse(chat_tool_call("c1", MCP_TOOL, json.dumps({"word": "felis"}))),
        Reply.sse(chat_tool_call("c2", MCP_TOOL, json.dumps({"word": "canis"}))),
        Reply.sse(chat_text("Both looked up.")),
    ]
    run = scripted_run("look felis up", MODEL, hooks=())
    with trio.fail_after(90):
        fake, _, after, error = await killed_while(
            tmp_path,
            replies,
            run,
            editor_answer,
            lambda m: m.exec_server_message.HasField("mcp_args"),
            "SELECT count(*) FROM journal_pending WHERE kind = 'turn' AND state LIKE '%\"pending\":[{%'",
        )
    assert error is None
    assert execs(after) == ["mcp_args"]  # the second call, with the MCP tool still known
    assert kinds(after)[-1] == "turn_ended"
    assert len(fake.requests) == 3
    assert all(MCP_TOOL in offered(r) for r in fake.requests)
    tool_results = [m["content"] for m in fake.requests[2].json["messages"] if m["role"] == "tool"]
    assert "felis: a cat" in tool_results[0] and "canis: a cat" in tool_results[1]


async def test_a_call_waiting_on_its_pre_hook_goes_on_after_a_restart(tmp_path: Path) -> None:
    """The hook state is in the turn's record: the editor's answer to the preToolUse hook is taken as the
    hook's answer, the Read is then sent, later calls are hooked too, and FetchRules stays offered."""
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/todo.txt"}))),
        Reply.sse(chat_tool_call("c2", "Read", json.dumps({"path": "/w/done.txt"}))),
        Reply.sse(chat_text("Milk, twice.")),
    ]
    run = scripted_run("what's in todo.txt?", MODEL)
    with trio.fail_after(90):
        fake, seen, after, error = await killed_while(
            tmp_path,
            replies,
            run,
            editor_answer,
            lambda m: m.exec_server_message.HasField("execute_hook_args"),
            "SELECT count(*) FROM journal_pending WHERE kind = 'turn' AND state LIKE '%\"pending\":[{%'",
        )
    assert execs(seen) == ["mcp_state_exec_args", "pre_tool_use"]
    assert error is None
    assert execs(after) == ["read_args", "post_tool_use", "pre_tool_use", "read_args", "post_tool_use"]
    assert kinds(after)[-1] == "turn_ended"
    assert len(fake.requests) == 3
    assert all(FETCH_RULES_TOOL in offered(r) for r in fake.requests)
    first_result = next(m for m in fake.requests[1].json["messages"] if m["role"] == "tool")["content"]
    assert "buy milk" in first_result and "pre-hook saw Read" in first_result and "post-hook: fine" in first_result
