"""A turn killed at every effect boundary goes on after the restart as if it had never stopped.

The scripted turn compacts the conversation first (a summary pass), fetches an agent-requested rule
(`FetchRules`), calls an MCP tool the editor lists only when asked (`mcp_state_exec_args`) under a
preToolUse and a postToolUse hook, and ends with text; while the MCP call runs, the user sends a message,
which is queued for the conversation's next run. The run after it (a `resume_action`) takes that message.

The uninterrupted run is recorded once. After every effect the turn's actor carries out, a crash image of
the store is taken: an SQLite online backup, which holds exactly the transactions committed at that moment,
as the data dir holds them after `kill -9` (the store commits each journal write as it happens). For each
image a new daemon is started on a copy of it, the editor reconnects and goes on: it sends again what it
had sent but the daemon had not finished taking when it died (as it retries an append it saw no ACK for),
and answers what it has not answered. Then the editor's view of the turn (the replayed backlog and what
follows), the provider requests after the restart (a pass that died with the process runs again), and the
next run are compared with the uninterrupted run's.

In-process and on the autojump clock, so the many restarts are quick; tests/e2e/test_restart.py kills a
real `cursord serve` process for the single cases.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
from google.protobuf.message import Message

from cursord.agent import restore
from cursord.agent.machine import Publish
from cursord.agent.turn import AgentTurn
from cursord.config import ProviderKind
from cursord.connect import ConnectError
from cursord.context.rules import FETCH_RULES_TOOL
from cursord.core import (
    ActionRequested,
    ClientHeartbeat,
    ExecControlArrived,
    ExecResultArrived,
    InteractionAnswered,
    KvResultArrived,
    RunRequested,
    UnknownUpload,
)
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import DB_NAME
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.editor import EditorClient, run_request
from cursord.testing.fake_providers import FakeProvider, Reply, chat_text, chat_tool_call, open_fake_provider
from tests.e2e.turn_scenario import MCP_TOOL, RULE_NAME, editor_answer, scripted_run

MODEL = "gpt-restart"
UPLOADS = (
    RunRequested,
    ActionRequested,
    ExecResultArrived,
    ExecControlArrived,
    InteractionAnswered,
    KvResultArrived,
    ClientHeartbeat,
    UnknownUpload,
)
QUEUED = agent.AgentClientMessage(
    conversation_action=agent.ConversationAction(
        user_message_action=agent.UserMessageAction(user_message=agent.UserMessage(text="and then the dishes"))
    )
)

EARLIER = [Reply.sse(chat_text("An earlier answer. " * 1500))]  # makes the scripted turn compact first
TURN = [
    Reply.sse(chat_text("Summary: the user asked an earlier question.")),
    Reply.sse(chat_tool_call("c1", FETCH_RULES_TOOL, json.dumps({"names": [RULE_NAME]}))),
    Reply.sse(chat_tool_call("c2", MCP_TOOL, json.dumps({"word": "felis"}))),
    Reply.sse(chat_text("Felis is a cat.")),
]
NEXT = [Reply.sse(chat_text("Dishes done."))]


def answers(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    """The editor's answers; the user sends a message while the MCP call runs."""
    replies = editor_answer(message)
    if message.exec_server_message.HasField("mcp_args"):
        replies = [QUEUED, *replies]
    if message.kv_server_message.HasField("set_blob_args"):
        kv = agent.KvClientMessage(id=message.kv_server_message.id, set_blob_result=agent.SetBlobResult())
        replies.append(agent.AgentClientMessage(kv_client_message=kv))
    return replies


@attrs.define
class Uploads:
    """What the editor sent for the turn (seqno = position, from 0 as the editor numbers), and how many of them
    the daemon had taken."""

    sent: list[bytes] = attrs.field(factory=list)
    taken: int = 0


@attrs.frozen
class CrashImage:
    path: Path
    effect: str  # the effect the daemon had just carried out
    sent: int  # uploads the editor had sent when the daemon died
    taken: int  # of those, the ones the daemon had finished taking


@attrs.frozen
class Outcome:
    messages: list[agent.AgentServerMessage]
    error: ConnectError | None
    requests: list[Any]  # the provider request bodies after the (re)start
    next_run: list[agent.AgentServerMessage]


@contextlib.contextmanager
def watched(uploads: Uploads, on_effect: Callable[[object], None]) -> Iterator[None]:
    """Count the uploads of request r1 the turn has taken, and call `on_effect` after each of its effects."""
    handle, after_end, execute = AgentTurn.handle, AgentTurn.after_end, AgentTurn._execute
    carry_out_now = AgentTurn._carry_out_now  # a Publish, from `_execute` or a delta taken at once

    async def counted_handle(self: AgentTurn, item: object) -> None:
        await handle(self, item)
        if self.stream.request_id == "r1" and isinstance(item, UPLOADS):
            uploads.taken += 1

    async def counted_after_end(self: AgentTurn, item: object) -> None:
        await after_end(self, item)
        if self.stream.request_id == "r1" and isinstance(item, UPLOADS):
            uploads.taken += 1

    async def imaged(self: AgentTurn, effect: Any, **options: Any) -> None:
        await execute(self, effect, **options)
        if self.stream.request_id == "r1" and type(effect) is not Publish:  # a Publish is imaged below
            on_effect(effect)

    def imaged_now(self: AgentTurn, effect: Any) -> None:
        carry_out_now(self, effect)
        if self.stream.request_id == "r1":
            on_effect(effect)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(AgentTurn, "handle", counted_handle)
        patch.setattr(AgentTurn, "after_end", counted_after_end)
        patch.setattr(AgentTurn, "_execute", imaged)
        patch.setattr(AgentTurn, "_carry_out_now", imaged_now)
        yield


async def send(editor: EditorClient, uploads: Uploads, message: agent.AgentClientMessage) -> None:
    uploads.sent.append(message.SerializeToString())
    await editor.append("r1", message, seqno=len(uploads.sent) - 1)


async def finish(
    editor: EditorClient,
    uploads: Uploads,
    already: set[bytes],
    fake: FakeProvider,
    first_request: int,
    messages: list[agent.AgentServerMessage],
) -> Outcome:
    """Read r1 to its end answering what was not answered yet, then run the next turn of the conversation."""
    async with editor.run_sse("r1") as reader:
        while (message := await reader.next_message()) is not None:
            messages.append(timeless(message))
            for reply in answers(message):
                if reply.SerializeToString() not in already:
                    await send(editor, uploads, reply)
    error = reader.error
    resume = agent.AgentClientMessage(
        run_request=agent.AgentRunRequest(
            conversation_id="conv-1",
            action=agent.ConversationAction(resume_action=agent.ResumeAction()),
            requested_model=agent.RequestedModel(model_id=MODEL),
        )
    )
    await editor.append("r2", resume)
    async with editor.run_sse("r2") as reader:
        next_run = [timeless(m) for m in await reader.read_to_end()]
    return Outcome(messages, error, [r.json for r in fake.requests[first_request:]], next_run)


def timeless(message: Message) -> Message:
    """`message` with its durations cleared: a step, a hook or thinking that spans the restart lasts longer."""
    copy = type(message)()
    copy.CopyFrom(message)
    stack = [copy]
    while stack:
        current = stack.pop()
        for field, value in current.ListFields():
            if field.name.endswith("duration_ms"):
                current.ClearField(field.name)
            elif field.message_type is not None and field.is_repeated:
                stack.extend(v for v in value if isinstance(v, Message))
            elif field.message_type is not None:
                stack.append(value)
    return copy


def kinds(messages: list[agent.AgentServerMessage]) -> list[str]:
    out = []
    for m in messages:
        which = m.WhichOneof("message") or ""
        inner = None
        if which in ("interaction_update", "exec_server_message", "kv_server_message"):
            inner = getattr(m, which).WhichOneof("message")
        out.append(f"{which}.{inner}" if inner else which)
    return out


def difference(expected: list[agent.AgentServerMessage], got: list[agent.AgentServerMessage]) -> str:
    at = next((i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b), min(len(expected), len(got)))
    return (
        f"from message {at} of {len(expected)} expected {kinds(expected[at : at + 3])} "
        f"{expected[at : at + 1]!s:.300}, got {kinds(got[at : at + 3])} {got[at : at + 1]!s:.300}"
    )


def image(data_dir: Path, target: Path) -> None:
    target.mkdir()
    with (
        contextlib.closing(sqlite3.connect(data_dir / DB_NAME)) as source,
        contextlib.closing(sqlite3.connect(target / DB_NAME)) as copy,
    ):
        source.backup(copy)


def passes_done(path: Path) -> int | None:
    """How many passes the image's turn record had finished (None: no record yet)."""
    with contextlib.closing(sqlite3.connect(path / DB_NAME)) as db:
        row = db.execute("SELECT state FROM journal_pending WHERE request_id = 'r1' AND kind = 'turn'").fetchone()
    if row is None:
        return None
    record, _ = restore.read(json.loads(row[0]), lambda model: None)
    return record.state.next_pass_id - 1


async def uninterrupted(tmp_path: Path) -> tuple[Outcome, Uploads, list[CrashImage]]:
    data_dir = tmp_path / "live"
    data_dir.mkdir()
    uploads = Uploads()
    images: list[CrashImage] = []

    def on_effect(effect: object) -> None:
        path = tmp_path / f"crash-{len(images)}"
        image(data_dir, path)
        images.append(CrashImage(path, type(effect).__name__, len(uploads.sent), uploads.taken))

    async with open_fake_provider(*EARLIER, *TURN, *NEXT) as fake:
        spec = spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL, context_window=8_000)
        async with agent_daemon(spec, data_dir=str(data_dir)) as (daemon, _), daemon.editor(http2=True) as editor:
            await editor.append("r0", run_request("an earlier question", model=MODEL))
            async with editor.run_sse("r0") as reader:
                await reader.read_to_end()
            with watched(uploads, on_effect):
                await send(editor, uploads, scripted_run("what is felis?", MODEL))
                outcome = await finish(editor, uploads, set(), fake, len(EARLIER), [])
    return outcome, uploads, images


async def restarted(
    crash: CrashImage, sent: list[bytes], tmp_path: Path, messages: list[agent.AgentServerMessage]
) -> tuple[int, Outcome] | None:
    """The turn after a restart from `crash`: (passes it had finished, what followed); None when the daemon
    died before the turn kept its first record. `messages` gets r1's messages as they come."""
    data_dir = tmp_path / f"{crash.path.name}-restart"
    shutil.copytree(crash.path, data_dir)
    done = passes_done(data_dir)
    if done is None:
        return None
    uploads = Uploads(sent[: crash.sent])
    async with open_fake_provider(*TURN[done:], *NEXT) as fake:
        spec = spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL, context_window=8_000)
        async with agent_daemon(spec, data_dir=str(data_dir)) as (daemon, _), daemon.editor(http2=True) as editor:
            for seqno in range(crash.taken, crash.sent):  # sent, never acknowledged: sent again
                message = agent.AgentClientMessage.FromString(sent[seqno])
                await editor.append("r1", message, seqno=seqno)
            return done, await finish(editor, uploads, set(sent[: crash.sent]), fake, 0, messages)


async def test_a_turn_killed_at_any_effect_boundary_goes_on_as_if_it_had_not(
    tmp_path: Path, autojump_clock: Any
) -> None:
    expected, uploads, images = await uninterrupted(tmp_path)
    assert expected.error is None and len(expected.requests) == len(TURN) + len(NEXT)
    assert "and then the dishes" in json.dumps(expected.requests[-1])
    assert len(images) > 30
    failures = []
    for crash in images:
        seen: list[agent.AgentServerMessage] = []
        with trio.move_on_after(600) as hung:
            result = await restarted(crash, uploads.sent, tmp_path, seen)
        if hung.cancelled_caught:
            failures.append(f"{crash.path.name} ({crash}): hung after {kinds(seen)}")
            continue
        if result is None:
            continue
        done, outcome = result
        problems = []
        if outcome.error is not None:
            problems.append(f"ended {outcome.error}")
        if outcome.messages != expected.messages:
            problems.append(f"the editor's messages differ: {difference(expected.messages, outcome.messages)}")
        if outcome.requests != expected.requests[done:]:
            problems.append("the provider requests differ")
        if outcome.next_run != expected.next_run:
            problems.append("the next run differs")
        if problems:
            failures.append(f"{crash.path.name} ({crash.effect}, after {done} passes): {'; '.join(problems)}")
    assert not failures, "\n".join(failures)
