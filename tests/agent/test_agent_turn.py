"""The agent turn's actor alone, behind its port: `AgentTurn` driven through a fake `TurnPort` (a list of
published messages, a mailbox, a nursery for its tasks) and a scripted in-process provider, with no server
and no HTTP. A plain answer, a tool call's round trip, a cancel, a provider error, the durability rule (the
snapshot that expects an exec's answer is committed before the editor may see the exec) and Auto-review's
allow and ask, and a cancel while the review runs."""

from __future__ import annotations

import json
import math
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
from google.protobuf.message import Message as ProtoMessage

from cursord.agent import restore
from cursord.agent.auto_review import REVIEWER_SYSTEM
from cursord.agent.router import ProviderRouter
from cursord.agent.turn import AgentServices, AgentTurn
from cursord.config import ModelCatalog, ProviderKind, ProviderSpec
from cursord.connect import Code, ConnectError
from cursord.core import ActionRequested, AppendPosition, ExecResultArrived, RunRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.base import DeltaSink
from cursord.providers.errors import AuthError
from cursord.providers.model import PassEnd, PassRequest, StopReason, TextDelta, ToolCallDone, ToolCallStart
from cursord.store import Store, open_store
from cursord.testing.editor import cancel_action, run_request

MODEL = "model-x"
Step = Sequence[object] | Exception  # a pass's deltas, or the error it fails with


@attrs.define
class ScriptedProvider:
    """A provider in process: each pass takes the next step of `steps`; `reviewer` answers review passes."""

    steps: list[Step]
    reviewer: Callable[[str], str] = lambda shown: "ALLOW: fine"
    requests: list[PassRequest] = attrs.field(factory=list)

    @property
    def name(self) -> str:
        return "fake"

    def serves(self, model: str) -> bool:
        return True

    async def stream(self, request: PassRequest, on_delta: DeltaSink) -> None:
        self.requests.append(request)
        if request.system == REVIEWER_SYSTEM:
            step: Step = [TextDelta(self.reviewer(str(request.messages[-1].parts[0]))), PassEnd(StopReason.END_TURN)]
        else:
            step = self.steps.pop(0)
        if isinstance(step, Exception):
            raise step
        for delta in step:
            await on_delta(delta)  # type: ignore[arg-type]


def answer(text: str) -> list[object]:
    return [TextDelta(text), PassEnd(StopReason.END_TURN)]


def calls(*called: tuple[str, str, dict[str, object]]) -> list[object]:
    deltas: list[object] = []
    for index, (call_id, name, arguments) in enumerate(called):
        deltas += [ToolCallStart(index, call_id, name), ToolCallDone(index, call_id, name, json.dumps(arguments))]
    return [*deltas, PassEnd(StopReason.TOOL_USE)]


@attrs.define(eq=False)
class FakePort:
    """The turn's stream, faked: what it publishes (and whether the editor may see it yet), its mailbox,
    its tasks in a nursery, its ending; `events` is what happened, in order."""

    nursery: trio.Nursery
    request_id: str = "r1"
    model_id: str | None = None
    conversation_id: str | None = None
    taking: AppendPosition | None = None
    published: list[agent.AgentServerMessage] = attrs.field(factory=list)
    #: what the editor may see: `published` up to here (a held stream shows nothing new)
    shown: int = 0
    held: bool = False
    ended: bool = False
    error: ConnectError | None = None
    events: list[str] = attrs.field(factory=list)
    #: the names of the work tasks started
    tasks: list[str] = attrs.field(factory=list)
    mailbox: tuple[trio.MemorySendChannel[object], trio.MemoryReceiveChannel[object]] = attrs.field(
        factory=lambda: trio.open_memory_channel[object](math.inf)
    )

    @property
    def frames_published(self) -> int:
        return len(self.published)

    def publish(self, message: ProtoMessage) -> None:
        assert isinstance(message, agent.AgentServerMessage) and not self.ended
        self.published.append(message)
        self.events.append(f"publish {_kind(message)}")
        if not self.held:
            self.shown = len(self.published)

    def hold_delivery(self) -> None:
        self.held = True
        self.events.append("hold")

    def release_delivery(self) -> None:
        self.held = False
        self.shown = len(self.published)
        self.events.append("release")

    def refresh_phase(self) -> None:
        pass

    def end(self, error: ConnectError | None) -> None:
        if not self.ended:
            self.ended, self.error = True, error
            self.events.append("end")

    def start_task(self, fn: Callable[..., Any], *args: Any, name: str | None = None) -> None:
        assert not self.ended
        self.tasks.append(name or "")
        self.nursery.start_soon(fn, *args, name=name)

    def take_now(self, item: object) -> bool:
        return False  # every item goes through the mailbox, which the harness hands to the turn (`settle`)

    async def post(self, item: object) -> None:
        await self.mailbox[0].send(item)

    def execs(self, kind: str) -> list[agent.ExecServerMessage]:
        """The exec requests of `kind` the editor may see."""
        out = []
        for message in self.published[: self.shown]:
            if message.WhichOneof("message") == "exec_server_message":
                exec_ = message.exec_server_message
                if exec_.WhichOneof("message") == kind:
                    out.append(exec_)
        return out

    @property
    def text(self) -> str:
        return "".join(
            m.interaction_update.text_delta.text for m in self.published if m.HasField("interaction_update")
        )


def _kind(message: agent.AgentServerMessage) -> str:
    which = message.WhichOneof("message") or ""
    inner = getattr(message, which)
    case = inner.WhichOneof("message") if which in ("interaction_update", "exec_server_message") else None
    return f"{which}.{case}" if case else which


@attrs.define(eq=False)
class Harness:
    port: FakePort
    turn: AgentTurn
    provider: ScriptedProvider

    async def settle(self) -> None:
        """Hand the turn every mailbox item until none is left and its tasks wait (or it has ended)."""
        while True:
            await trio.testing.wait_all_tasks_blocked()
            try:
                item = self.port.mailbox[1].receive_nowait()
            except trio.WouldBlock:
                return
            await self.turn.handle(item)

    async def send(self, item: object) -> None:
        await self.turn.handle(item)
        await self.settle()


@asynccontextmanager
async def harness(
    provider: ScriptedProvider, store: Store | None = None, **services: Any
) -> AsyncIterator[Harness]:
    spec = ProviderSpec(kind=ProviderKind.OPENAI_CHAT, name="fake", base_url="http://127.0.0.1:1/v1",
                        api_key_env=None, models=(MODEL,))
    router = ProviderRouter(ModelCatalog((spec,)), {"fake": provider})
    async with trio.open_nursery() as nursery:
        port = FakePort(nursery)
        history: Any = store if store is not None else _NoHistory()
        turn = AgentTurn(port, AgentServices(router, history, store=store, **services))
        yield Harness(port, turn, provider)
        nursery.cancel_scope.cancel()


class _NoHistory:
    """A history with nothing in it that keeps nothing (a turn without a store); counts its reads of turns."""

    turns_read: int = 0

    async def load(self, conversation_id: str) -> list[Any]:
        return []

    async def turns(self, conversation_id: str) -> list[Any]:
        self.turns_read += 1
        return []

    async def record_turn(self, *args: Any, **kwargs: Any) -> None:
        return None


def start(text: str = "hello", *, auto_review: bool = False) -> RunRequested:
    upload = run_request(text, model=MODEL)
    context = upload.run_request.action.user_message_action.request_context
    context.env.smart_mode_classifier_auto_mode_enabled = auto_review
    return RunRequested(upload.run_request)


def read_ok(exec_: agent.ExecServerMessage) -> ExecResultArrived:
    success = agent.ReadSuccess(path=exec_.read_args.path, content="print(1)", total_lines=1)
    message = agent.ExecClientMessage(id=exec_.id, exec_id=exec_.exec_id, read_result=agent.ReadResult(success=success))
    return ExecResultArrived(message)


async def test_a_plain_answer_is_published_and_ends_the_stream(autojump_clock: Any) -> None:
    async with harness(ScriptedProvider([answer("Hi there.")])) as h:
        await h.send(start())
        assert h.port.ended and h.port.error is None
        assert h.port.text == "Hi there." and h.port.model_id == MODEL
        assert h.port.conversation_id == "conv-1"
        assert [m.role for m in h.provider.requests[0].messages][-1].value == "user"


async def test_a_run_naming_a_served_model_is_prepared_without_a_task_to_choose_it(autojump_clock: Any) -> None:
    """The model a run names is taken whatever its conversation ran on: its earlier turns are not read, and
    the answer is given at once (no work task); a run naming no model reads them, in a task."""
    async with harness(ScriptedProvider([answer("Hi there.")])) as h:
        await h.send(start())
        assert h.port.text == "Hi there." and h.port.model_id == MODEL
        assert "prep:choose-model" not in h.port.tasks and h.turn.services.history.turns_read == 0
        assert "prep:take-queued" not in h.port.tasks  # no store: nothing to take, answered at once
        assert "prep:load" in h.port.tasks  # the conversation's history is read in a task
    async with harness(ScriptedProvider([answer("Hi there.")])) as h:
        upload = run_request("hello", model=MODEL)
        upload.run_request.ClearField("model_details")
        upload.run_request.ClearField("requested_model")
        await h.send(RunRequested(upload.run_request))
        assert h.port.text == "Hi there." and h.port.model_id == MODEL  # the catalog's default
        assert "prep:choose-model" in h.port.tasks and h.turn.services.history.turns_read == 1
    async with harness(ScriptedProvider([answer("Hi there.")])) as h:
        await h.send(RunRequested(run_request("hello", model=MODEL, conversation_id=None).run_request))
        assert h.port.text == "Hi there." and h.port.ended and h.port.error is None
        assert not any(name.startswith("prep:") for name in h.port.tasks)  # no conversation: nothing to load


async def test_a_tool_call_goes_to_the_editor_and_its_result_to_the_next_pass(autojump_clock: Any) -> None:
    provider = ScriptedProvider([calls(("c1", "Read", {"path": "a.py"})), answer("It prints 1.")])
    async with harness(provider) as h:
        await h.send(start())
        (read,) = h.port.execs("read_args")
        assert read.read_args.path == "a.py" and not h.port.ended
        await h.send(read_ok(read))
        assert h.port.ended and h.port.error is None and h.port.text == "It prints 1."
        second = provider.requests[1].messages
        assert "print(1)" in str(second[-1])


async def test_a_cancel_stops_the_pass_and_aborts_the_open_exec(autojump_clock: Any) -> None:
    provider = ScriptedProvider([calls(("c1", "Read", {"path": "a.py"}))])
    async with harness(provider) as h:
        await h.send(start())
        (read,) = h.port.execs("read_args")
        await h.send(ActionRequested(cancel_action().conversation_action))
        assert h.port.ended and h.port.error is not None and h.port.error.code is Code.CANCELED
        aborted = [m.exec_server_control_message.abort.id for m in h.port.published
                   if m.HasField("exec_server_control_message")]
        assert aborted == [read.id]
        await h.send(read_ok(read))  # the editor answers late: nothing more is said
        assert len(provider.requests) == 1


async def test_a_provider_error_ends_the_stream_with_its_code(autojump_clock: Any) -> None:
    async with harness(ScriptedProvider([AuthError("fake", "bad key", status=401)])) as h:
        await h.send(start())
        assert h.port.ended and h.port.error is not None
        assert h.port.error.code is Code.UNAUTHENTICATED and "bad key" in h.port.error.message


async def test_an_exec_is_shown_only_once_the_snapshot_that_expects_its_answer_is_committed(
    autojump_clock: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The durability rule (issue 27 #14): the machine says to hold the exec and keep the snapshot durably;
    the actor holds the stream's frames, commits, then shows them."""
    save_now = restore.save_now

    async def committed(store: Store, request_id: str, record: Any) -> None:
        await save_now(store, request_id, record)
        h.port.events.append("committed")

    monkeypatch.setattr(restore, "save_now", committed)
    provider = ScriptedProvider([calls(("c1", "Read", {"path": "a.py"})), answer("Done.")])
    async with open_store(tmp_path, inline=True) as store, harness(provider, store) as h:
        await store.journal_open("r1", "conv-1", MODEL)  # as the stream journal opens it
        await h.send(start())
        events = h.port.events
        hold, publish, commit, release = (
            events.index("hold"),
            events.index("publish exec_server_message.read_args"),
            events.index("committed"),
            events.index("release"),
        )
        assert hold < publish < commit < release
        assert h.turn.hands.record is not None and h.turn.hands.record.state.pending  # the record expects it
        (read,) = h.port.execs("read_args")
        await h.send(read_ok(read))
        assert h.port.ended and h.port.error is None


@attrs.define
class ProviderTaps:
    """The tap's provider events, as the live tap hears them (`record_provider`)."""

    events: list[tuple[str, dict[str, object]]] = attrs.field(factory=list)

    def record_provider(self, request_id: str, event: str, timings: dict[str, object]) -> None:
        self.events.append((event, timings))


async def test_without_a_store_nothing_is_held(autojump_clock: Any) -> None:
    provider = ScriptedProvider([calls(("c1", "Read", {"path": "a.py"}))])
    async with harness(provider) as h:
        await h.send(start())
        assert "hold" not in h.port.events and h.port.execs("read_args")


@pytest.mark.parametrize(("verdict", "skipped"), [("ALLOW: lists the workspace", True), ("ASK: not sure", False)])
async def test_auto_review_allows_a_shell_call_or_leaves_it_to_the_user(
    autojump_clock: Any, verdict: str, skipped: bool
) -> None:
    """The Shell call's allowlist question goes to the editor first (not covered), then the reviewer's verdict
    marks the call: `skip_approval` when it allows, nothing when it asks."""
    shown: list[str] = []

    def reviewer(what: str) -> str:
        shown.append(what)
        return verdict

    provider = ScriptedProvider([calls(("c1", "Shell", {"command": "ls -la"}))], reviewer)
    tap = ProviderTaps()
    taps = tap.events

    async with harness(provider, tap=tap) as h:
        await h.send(start(auto_review=True))
        (question,) = h.port.execs("shell_allowlist_precheck_args")
        assert question.shell_allowlist_precheck_args.command == "ls -la" and not h.port.execs("shell_stream_args")
        result = agent.ShellAllowlistPrecheckResult(allowlisted=False)
        await h.send(ExecResultArrived(agent.ExecClientMessage(id=question.id, shell_allowlist_precheck_result=result)))
        (shell,) = h.port.execs("shell_stream_args")
        assert shell.shell_stream_args.command == "ls -la"
        assert shell.shell_stream_args.skip_approval is skipped
        assert len(shown) == 1 and "ls -la" in shown[0]
        assert [t["verdict"] for event, t in taps if event == "auto_review"] == [verdict.split(":")[0].lower()]


async def test_a_cancel_while_auto_review_runs_stops_the_review_and_sends_no_call(autojump_clock: Any) -> None:
    """The machine's `CancelReview` reaches the review task (here waiting for the editor's allowlist answer):
    it stops, gives up its question and reports nothing more; the Shell call never goes out."""
    provider = ScriptedProvider([calls(("c1", "Shell", {"command": "ls -la"}))])
    tap = ProviderTaps()
    taps = tap.events

    async with harness(provider, tap=tap) as h:
        await h.send(start(auto_review=True))
        (question,) = h.port.execs("shell_allowlist_precheck_args")
        assert h.turn.hands.reviews.allowlist_answers and h.turn.hands.reviews.scope is not None
        await h.send(ActionRequested(cancel_action().conversation_action))
        assert h.port.ended and h.port.error is not None and h.port.error.code is Code.CANCELED
        assert h.turn.hands.reviews.allowlist_answers == {} and h.turn.hands.reviews.scope is None
        result = agent.ShellAllowlistPrecheckResult(allowlisted=True)
        await h.send(ExecResultArrived(agent.ExecClientMessage(id=question.id, shell_allowlist_precheck_result=result)))
        assert not h.port.execs("shell_stream_args") and len(provider.requests) == 1  # no reviewer pass ran
        assert ("pass_end", {"pass": 1, "error": "canceled"}) in taps
        assert not [event for event, _ in taps if event == "auto_review"]
