"""The debug tap: events for a scripted turn over a real WebSocket, access rules, slow clients, the token file.

The daemon runs in memory under the autojump clock; the tap client is trio-websocket over the same
in-memory connections, so the WebSocket handshake and framing are Hypercorn's and wsproto's real code.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import AsyncIterator, Callable, MutableMapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
import trio
from trio_websocket import ConnectionClosed, ConnectionRejected, WebSocketConnection, wrap_client_stream

from cursord.connect.errors import Code, ConnectError
from cursord.core.intents import ExecResultArrived, RunRequested
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.streams.active import ActiveStream, StreamBehaviour, StreamTimings
from cursord.tap.events import (
    EventQueue,
    TapFilter,
    summarise_intent,
    summarise_server_message,
    touches_pending_work,
)
from cursord.tap.hub import (
    TAP_PATH,
    TapHub,
    TapTokenError,
    check_access,
    ensure_tap_token,
    read_tap_token,
    tap_parts,
    token_path,
)
from cursord.testing.editor import AppendFailed, exec_result, run_request
from cursord.testing.harness import RunningDaemon, running_daemon
from cursord.testing.http_client import open_http

TOKEN = "ab" * 32

# ---- a scripted behaviour ------------------------------------------------------------------------------


def text(value: str) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text=value))
    )


def step_started(step: int) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(step_started=agent.StepStartedUpdate(step_id=step))
    )


def shell_exec(seq: int, exec_id: str) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        exec_server_message=agent.ExecServerMessage(
            id=seq, exec_id=exec_id, shell_stream_args=agent.ShellArgs(command="ls")
        )
    )


def turn_ended() -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(turn_ended=agent.TurnEndedUpdate(input_tokens=3, output_tokens=2))
    )


@attrs.define
class Scripted(StreamBehaviour):
    """A run: pass start, step, two text deltas, a shell exec; the exec's result ends the turn.

    A user text "burst N" instead publishes N text deltas and ends at once.
    """

    stream: ActiveStream
    hub: TapHub
    phase: Phase = Phase.IDLE

    def publish(self, message: agent.AgentServerMessage) -> None:
        self.stream.publish(message)
        # Stands in for the hook in ActiveStream.publish_payload (reporting twice is harmless).
        self.hub.record_publish(self.stream, message.SerializeToString())

    async def handle(self, item: object) -> None:
        rid = self.stream.request_id
        if isinstance(item, RunRequested):
            self.stream.conversation_id = item.conversation_id
            self.stream.model_id = item.model_id
            words = item.request.action.user_message_action.user_message.text.split()
            self.phase = Phase.PROVIDER_RUNNING
            self.stream.refresh_phase()
            if words[0] == "burst":
                for i in range(int(words[1])):
                    self.publish(text(f"t{i}"))
                self.stream.end(None)
                return
            self.hub.record_provider(rid, "pass_start", {"pass": 1, "provider": "fake", "model": item.model_id})
            self.publish(step_started(1))
            self.hub.record_provider(rid, "first_byte", {"pass": 1})
            self.publish(text("hello "))
            self.publish(text("world"))
            self.publish(shell_exec(1, "e1"))
            self.phase = Phase.WAITING_EXTERNAL
            self.stream.refresh_phase()
        elif isinstance(item, ExecResultArrived):
            self.phase = Phase.PROVIDER_RUNNING
            self.stream.refresh_phase()
            self.publish(turn_ended())
            self.hub.record_provider(rid, "pass_end", {"pass": 1, "error": None})
            self.stream.end(None)

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


def shell_result(seq: int, exec_id: str) -> agent.AgentClientMessage:
    return exec_result(seq, exec_id, shell_result=agent.ShellResult())


@contextlib.asynccontextmanager
async def tap_daemon(hub: TapHub | None = None) -> AsyncIterator[tuple[RunningDaemon, TapHub]]:
    hub = hub or TapHub()

    def factory(stream: ActiveStream) -> Scripted:
        return Scripted(stream, hub)

    async with running_daemon(factory, parts=(tap_parts(TOKEN, hub),)) as daemon:
        yield daemon, hub


# ---- a tap client over the in-memory transport ---------------------------------------------------------


@contextlib.asynccontextmanager
async def open_tap(
    daemon: RunningDaemon,
    query: str = "",
    *,
    token: str | None = TOKEN,
    headers: Sequence[tuple[bytes, bytes]] = (),
    host: str = "127.0.0.1",
) -> AsyncIterator[WebSocketConnection]:
    extra = [(b"authorization", f"Bearer {token}".encode())] if token is not None else []
    extra += list(headers)
    stream = await daemon.connect()
    try:
        async with trio.open_nursery() as nursery:
            connection = await wrap_client_stream(
                nursery, cast(Any, stream), host, TAP_PATH + query, extra_headers=extra
            )
            try:
                yield connection
            finally:
                await connection.aclose()
    except BaseExceptionGroup as group:  # the reader task raises a rejection inside the nursery
        rejected, rest = group.split(ConnectionRejected)
        if rejected is not None and rest is None:
            raise _first(rejected) from None
        raise


def _first(group: BaseExceptionGroup[Any]) -> BaseException:
    first = group.exceptions[0]
    return _first(first) if isinstance(first, BaseExceptionGroup) else first


async def rejection(daemon: RunningDaemon, query: str = "", **kwargs: Any) -> ConnectionRejected:
    with pytest.raises(ConnectionRejected) as info:
        async with open_tap(daemon, query, **kwargs):
            pass
    return info.value


async def next_event(connection: WebSocketConnection) -> dict[str, Any]:
    message = await connection.get_message()
    event = json.loads(message)
    assert isinstance(event, dict)
    return event


async def events_until(
    connection: WebSocketConnection, done: Callable[[dict[str, Any]], bool]
) -> list[dict[str, Any]]:
    events = []
    while True:
        event = await next_event(connection)
        events.append(event)
        if done(event):
            return events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def retired(request_id: str) -> Callable[[dict[str, Any]], bool]:
    return lambda e: e["type"] == "stream.retired" and e["request_id"] == request_id


# ---- a whole turn --------------------------------------------------------------------------------------


async def test_tap_reports_a_scripted_turn_in_order(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, _), open_tap(daemon) as tap, daemon.editor(http2=False) as editor:
        snapshot = await next_event(tap)
        assert snapshot["type"] == "snapshot"
        assert snapshot["streams"] == []

        await editor.append("r1", run_request("go", model="m", conversation_id="conv-1"), wait=True)
        async with editor.run_sse("r1") as reader:
            first = [await reader.next_message() for _ in range(4)]
            assert first[3] is not None and first[3].exec_server_message.exec_id == "e1"
            await editor.append("r1", shell_result(1, "e1"), wait=True)
            rest = await reader.read_to_end()
        assert len(rest) == 1 and rest[0].interaction_update.HasField("turn_ended")

        events = await events_until(tap, retired("r1"))

    assert {e["request_id"] for e in events} == {"r1"}
    order = [e["type"] for e in events]
    assert order.index("intent") < order.index("stream.created") < order.index("stream.phase")
    assert order.index("stream.ended") > max(i for i, t in enumerate(order) if t == "message")
    assert order[-1] == "stream.retired"

    phases = [(e["previous"], e["phase"]) for e in of_type(events, "stream.phase")]
    assert phases == [
        ("idle", "provider_running"),
        ("provider_running", "waiting_external"),
        ("waiting_external", "provider_running"),
        ("provider_running", "completed"),
    ]

    messages = of_type(events, "message")
    assert [m["kind"] for m in messages] == [
        "interaction_update.step_started",
        "interaction_update.text_delta",
        "interaction_update.text_delta",
        "exec_server_message.shell_stream_args",
        "interaction_update.turn_ended",
    ]
    assert [m["seq"] for m in messages] == [0, 1, 2, 3, 4]
    assert messages[0]["step_id"] == 1
    assert messages[1]["chars"] == len("hello ")
    assert messages[1]["bytes"] == len(text("hello ").SerializeToString())
    assert (messages[3]["exec_seq"], messages[3]["exec_id"]) == (1, "e1")
    assert all(m["conversation_id"] == "conv-1" for m in messages)

    intents = of_type(events, "intent")
    assert [(i["kind"], i["seqno"]) for i in intents] == [
        ("run_request", 0),
        ("exec_client_message.shell_result", 1),
    ]
    assert intents[0]["model_id"] == "m" and intents[0]["conversation_id"] == "conv-1"
    assert intents[1]["exec_seq"] == 1 and intents[1]["exec_id"] == "e1"

    assert [e["subscribers"] for e in of_type(events, "stream.subscribers")] == [1, 0]
    (ended,) = of_type(events, "stream.ended")
    assert (ended["code"], ended["phase"]) == ("ok", "completed")

    provider = of_type(events, "provider")
    assert [p["event"] for p in provider] == ["pass_start", "first_byte", "pass_end"]
    assert provider[0]["model"] == "m" and "elapsed_ms" not in provider[0]
    assert provider[1]["elapsed_ms"] >= 0 and provider[2]["elapsed_ms"] >= provider[1]["elapsed_ms"]


async def test_tap_reports_a_turn_run_over_agent_service_run(autojump_clock: Any) -> None:
    """The same turn on one Run stream: its frames are the uploads, numbered in stream order."""
    async with tap_daemon() as (daemon, _), open_tap(daemon) as tap, daemon.editor(http2=True) as editor:
        assert (await next_event(tap))["type"] == "snapshot"
        async with editor.run("r1") as run:
            await run.send(run_request("go", model="m", conversation_id="conv-1"))
            reader = await run.reader()
            first = [await reader.next_message() for _ in range(4)]
            assert first[3] is not None and first[3].exec_server_message.exec_id == "e1"
            await run.send(shell_result(1, "e1"))
            assert len(await reader.read_to_end()) == 1
        events = await events_until(tap, retired("r1"))
    intents = of_type(events, "intent")
    assert [(i["kind"], i["seqno"]) for i in intents] == [
        ("run_request", 1),
        ("exec_client_message.shell_result", 2),
    ]
    assert [m["seq"] for m in of_type(events, "message")] == [0, 1, 2, 3, 4]
    assert [e["subscribers"] for e in of_type(events, "stream.subscribers")] == [1, 0]


async def test_snapshot_shows_running_streams_and_pending_execs(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, _), daemon.editor(http2=True) as editor:
        await editor.append("r1", run_request("go", model="m", conversation_id="conv-1"), wait=True)
        async with open_tap(daemon) as tap:
            snapshot = await next_event(tap)
        (row,) = snapshot["streams"]
        assert row["request_id"] == "r1"
        assert (row["conversation_id"], row["model_id"], row["phase"]) == ("conv-1", "m", "waiting_external")
        assert (row["subscribers"], row["backlog_frames"], row["ended"]) == (0, 4, None)
        assert row["backlog_bytes"] == daemon.core.broker.get("r1").backlog.byte_count  # type: ignore[union-attr]
        assert [(p["id"], p["kind"], p["exec_id"]) for p in row["pending_execs"]] == [(1, "shell_stream_args", "e1")]

        await editor.append("r1", shell_result(1, "e1"), wait=True)
        async with open_tap(daemon) as tap:
            snapshot = await next_event(tap)
        (row,) = snapshot["streams"]
        assert row["phase"] == "completed"
        assert row["ended"] == {"code": "ok", "message": None}
        assert row["pending_execs"] == []


async def test_filters_by_request_and_by_conversation(autojump_clock: Any) -> None:
    async with (
        tap_daemon() as (daemon, _),
        daemon.editor(http2=True) as editor,
        open_tap(daemon, "?request_id=r2") as by_request,
        open_tap(daemon, "?conversation_id=conv-a") as by_conversation,
    ):
        assert (await next_event(by_request))["filter"] == {"request_id": "r2", "conversation_id": None}
        await next_event(by_conversation)
        await editor.append("r1", run_request("burst 3", model="m", conversation_id="conv-a"))
        await editor.append("r2", run_request("burst 2", model="m", conversation_id="conv-b"))
        only_r2 = await events_until(by_request, retired("r2"))
        only_a = await events_until(by_conversation, lambda e: e["type"] == "stream.ended")
    assert {e["request_id"] for e in only_r2} == {"r2"}
    assert len(of_type(only_r2, "message")) == 2
    assert {e["conversation_id"] for e in only_a} == {"conv-a"}
    assert {e["request_id"] for e in only_a} == {"r1"}
    assert len(of_type(only_a, "message")) == 3


async def test_refused_uploads_are_reported(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, _), daemon.editor(http2=True) as editor, open_tap(daemon) as tap:
        await next_event(tap)
        with pytest.raises(AppendFailed):
            await editor.append("nobody", shell_result(4, "x"), wait=True)
        intent, refused = await next_event(tap), await next_event(tap)
    assert (intent["type"], intent["kind"]) == ("intent", "exec_client_message.shell_result")
    assert intent["request_id"] == "nobody"
    assert refused["type"] == "append.refused"
    assert refused["code"] == Code.NOT_FOUND.value and refused["seqno"] == 0


# ---- access --------------------------------------------------------------------------------------------


async def test_token_is_required(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, _):
        missing = await rejection(daemon, token=None)
        assert missing.status_code == 401
        assert b"token" in (missing.body or b"")
        wrong = await rejection(daemon, token="cd" * 32)
        assert wrong.status_code == 401
        async with open_tap(daemon, f"?token={TOKEN}", token=None) as tap:  # the query parameter works too
            assert (await next_event(tap))["type"] == "snapshot"


async def test_browser_origins_are_refused(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, _):
        refused = await rejection(daemon, headers=[(b"origin", b"https://evil.example")])
        assert refused.status_code == 403
        refused = await rejection(daemon, headers=[(b"origin", b"http://127.0.0.1:8765")])
        assert refused.status_code == 403
        refused = await rejection(daemon, headers=[(b"origin", b"null")])  # a sandboxed frame or a file: page
        assert refused.status_code == 403 and b"Origin: 'null'" in (refused.body or b"")


@pytest.mark.parametrize("origin", [b"null", b"https://evil.example", b"NULL"])
def test_check_access_refuses_every_origin_null_included(origin: bytes) -> None:
    headers = [(b"authorization", f"Bearer {TOKEN}".encode()), (b"origin", origin)]
    refusal = check_access(_scope("127.0.0.1", headers), TOKEN)
    assert refusal is not None and refusal.status == 403 and "browser origins" in refusal.message


async def test_a_rebound_host_name_is_refused_before_the_tap(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, _):
        refused = await rejection(daemon, host="attacker.example")
        assert refused.status_code == 403
        assert b"loopback host" in (refused.body or b"") and b"attacker.example" in (refused.body or b"")
        async with open_tap(daemon, host="localhost") as tap:
            assert (await next_event(tap))["type"] == "snapshot"


def _scope(host: str | None, headers: list[tuple[bytes, bytes]] | None = None, query: bytes = b"") -> dict[str, Any]:
    return {
        "type": "websocket",
        "path": TAP_PATH,
        "client": (host, 50000) if host is not None else None,
        "headers": headers if headers is not None else [(b"authorization", f"Bearer {TOKEN}".encode())],
        "query_string": query,
        "extensions": {"websocket.http.response": {}},
    }


@pytest.mark.parametrize(
    ("host", "allowed"),
    [("127.0.0.1", True), ("127.8.9.10", True), ("::1", True), ("::ffff:127.0.0.1", True),
     ("192.0.2.7", False), ("::ffff:192.0.2.7", False), ("2001:db8::1", False), (None, False), ("", False)],
)
def test_only_loopback_clients(host: str | None, allowed: bool) -> None:
    refusal = check_access(_scope(host), TOKEN)
    assert (refusal is None) is allowed
    if not allowed:
        assert refusal is not None and refusal.status == 403


async def test_non_loopback_client_is_refused_by_the_endpoint(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, hub):
        endpoint = daemon.core.app.extra_routes[TAP_PATH]
        sent: list[dict[str, Any]] = []

        async def receive() -> MutableMapping[str, Any]:
            return {"type": "websocket.connect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            sent.append(dict(message))

        await endpoint(_scope("198.51.100.4"), receive, send)
    assert sent[0]["type"] == "websocket.http.response.start" and sent[0]["status"] == 403
    assert b"loopback" in sent[1]["body"]
    assert not any(m["type"] == "websocket.accept" for m in sent)
    assert not hub.clients


async def test_plain_http_gets_426(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, _), open_http(await daemon.connect(), False) as conn:
        response = await conn.request("GET", TAP_PATH)
        assert response.status == 426
        await response.read_all()


async def test_close_ends_tap_connections_and_refuses_new_ones(autojump_clock: Any) -> None:
    async with tap_daemon() as (daemon, hub), open_tap(daemon) as tap:
        await next_event(tap)
        hub.close()
        assert (await next_event(tap))["type"] == "tap.closing"
        with pytest.raises(ConnectionClosed) as closed:
            await tap.get_message()
        assert closed.value.reason is not None and closed.value.reason.code == 1001
        assert (await rejection(daemon)).status_code == 503


# ---- slow clients --------------------------------------------------------------------------------------


async def test_a_stuck_tap_client_loses_old_events_and_never_slows_a_stream(autojump_clock: Any) -> None:
    hub = TapHub(client_buffer=8)
    async with tap_daemon(hub) as (daemon, _), daemon.editor(http2=True) as editor:
        # Everything the hub emits, kept apart from any socket.
        everything, _ = hub.subscribe(TapFilter())
        everything.queue = EventQueue(100_000)

        endpoint = daemon.core.app.extra_routes[TAP_PATH]
        gone = trio.Event()
        daemon.core.broker.observers.append(lambda stream, what: gone.set() if what == "retired" else None)
        release, delivered = trio.Event(), trio.Event()
        sent: list[dict[str, Any]] = []
        disconnect_send, disconnect_receive = trio.open_memory_channel[dict[str, Any]](1)
        incoming = [{"type": "websocket.connect"}]

        async def receive() -> MutableMapping[str, Any]:
            if incoming:
                return incoming.pop()
            return await disconnect_receive.receive()

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "websocket.send":
                await release.wait()  # the client reads nothing until released
            sent.append(dict(message))
            if sum(m["type"] == "websocket.send" for m in sent) == 1 + 1 + 8:  # snapshot, notice, 8 kept
                delivered.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(endpoint, _scope("127.0.0.1"), receive, send)
            await editor.append("r1", run_request("burst 40", model="m"))
            async with editor.run_sse("r1") as reader:
                messages = await reader.read_to_end()
                assert len(messages) == 40 and reader.error is None  # the stream never waited for the tap
            await gone.wait()

            total = [json.loads(t) for t in everything.queue.take()[1]]
            release.set()
            await delivered.wait()
            await disconnect_send.send({"type": "websocket.disconnect", "code": 1000})

    received = [json.loads(m["text"]) for m in sent if m["type"] == "websocket.send"]
    assert received[0]["type"] == "snapshot"
    notice, kept = received[1], received[2:]
    assert notice["type"] == "dropped"
    assert len(kept) == 8
    assert notice["count"] + len(kept) == len(total) > 40
    assert kept == total[-8:]
    assert kept[-1]["type"] == "stream.retired"
    assert hub.clients == {everything}


def test_event_queue_drops_the_oldest_and_counts() -> None:
    queue = EventQueue(3)
    for item in "abcde":
        queue.push(item)
    assert queue.take() == (2, ["c", "d", "e"])
    assert queue.take() == (0, [])
    queue.push("f")
    assert queue.take() == (0, ["f"])


async def test_a_publish_reported_twice_is_one_event(autojump_clock: Any) -> None:
    hub = TapHub()
    stream = ActiveStream(request_id="x", timings=StreamTimings(), behaviour_factory=lambda s: Scripted(s, hub))
    hub.observe(stream, "created")
    client, _ = hub.subscribe(TapFilter())
    for message in (text("a"), text("b")):
        stream.publish(message)
        hub.record_publish(stream, message.SerializeToString())
        hub.record_publish(stream, message.SerializeToString())  # the stream hook and a caller both reported it
    events = [json.loads(t) for t in client.queue.take()[1]]
    assert [(e["type"], e.get("seq")) for e in events] == [("message", 0), ("message", 1)]


async def test_text_is_decoded_only_while_a_client_is_attached(
    autojump_clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no tap client a text delta costs the hub a tag check, no decoding; pending work (an exec) is
    still decoded for `cursord status`; an attached client gets every message, and detaching stops it."""
    decoded: list[bytes] = []

    def counting(payload: bytes) -> Any:
        decoded.append(payload)
        return summarise_server_message(payload)

    monkeypatch.setattr("cursord.tap.hub.summarise_server_message", counting)
    hub = TapHub()
    stream = ActiveStream(request_id="x", timings=StreamTimings(), behaviour_factory=lambda s: Scripted(s, hub))
    hub.observe(stream, "created")

    def publish(message: agent.AgentServerMessage) -> bytes:
        stream.publish(message)
        payload = message.SerializeToString()
        hub.record_publish(stream, payload)
        return payload

    publish(text("unseen"))
    exec_payload = publish(shell_exec(1, "e1"))
    assert decoded == [exec_payload]
    assert hub.snapshot(TapFilter())["streams"][0]["pending_execs"]

    client, _ = hub.subscribe(TapFilter())
    seen = publish(text("seen"))
    assert decoded == [exec_payload, seen]
    events = [json.loads(t) for t in client.queue.take()[1]]
    assert [(e["type"], e["kind"], e["seq"]) for e in events] == [("message", "interaction_update.text_delta", 2)]

    hub.unsubscribe(client)
    publish(text("unseen again"))
    assert decoded == [exec_payload, seen]


# ---- summaries -----------------------------------------------------------------------------------------


def test_summaries_name_kinds_and_ids() -> None:
    abort = agent.AgentServerMessage(
        exec_server_control_message=agent.ExecServerControlMessage(abort=agent.ExecServerAbort(id=7))
    )
    summary = summarise_server_message(abort.SerializeToString())
    assert (summary.kind, summary.aborts_exec) == ("exec_server_control_message.abort", 7)
    query = agent.AgentServerMessage(interaction_query=agent.InteractionQuery(
        id=3, ask_question_interaction_query=agent.AskQuestionInteractionQuery()))
    summary = summarise_server_message(query.SerializeToString())
    assert (summary.kind, summary.fields["query_id"]) == ("interaction_query.ask_question_interaction_query", 3)
    assert summarise_server_message(b"\xff\xff").kind == "undecodable"

    text = agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text="hi"))
    )
    checkpoint = agent.AgentServerMessage(conversation_checkpoint_update=agent.ConversationStateStructure())
    exec_message = agent.AgentServerMessage(exec_server_message=agent.ExecServerMessage(id=1, exec_id="e1"))
    # Without a tap client only messages that may open or close pending work are decoded.
    assert not touches_pending_work(text.SerializeToString())
    assert not touches_pending_work(checkpoint.SerializeToString())
    assert all(touches_pending_work(m.SerializeToString()) for m in (abort, query, exec_message))

    stdout = ExecResultArrived(agent.ExecClientMessage(
        id=2, exec_id="x", shell_stream=agent.ShellStream(stdout=agent.ShellStreamStdout(data="hi"))))
    exit_ = ExecResultArrived(agent.ExecClientMessage(
        id=2, exec_id="x", shell_stream=agent.ShellStream(exit=agent.ShellStreamExit(code=0))))
    assert (summarise_intent(stdout).kind, summarise_intent(stdout).finishes_exec) == (
        "exec_client_message.shell_stream.stdout", None)
    assert (summarise_intent(exit_).kind, summarise_intent(exit_).finishes_exec) == (
        "exec_client_message.shell_stream.exit", 2)


# ---- the token file ------------------------------------------------------------------------------------


def test_token_file_is_created_private_and_reused(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    token = ensure_tap_token(data_dir)
    assert len(token) == 64 and int(token, 16) >= 0
    path = token_path(data_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert ensure_tap_token(data_dir) == token
    assert read_tap_token(data_dir) == token
    assert [p.name for p in data_dir.iterdir()] == ["tap-token"]  # no temporary file left behind

    os.chmod(path, 0o644)
    assert ensure_tap_token(data_dir) == token
    assert stat.S_IMODE(path.stat().st_mode) == 0o600

    path.write_text("not a token\n")
    replaced = ensure_tap_token(data_dir)
    assert replaced != token and read_tap_token(data_dir) == replaced
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_reading_a_missing_token_explains(tmp_path: Path) -> None:
    with pytest.raises(TapTokenError, match="is the daemon running"):
        read_tap_token(tmp_path)
    (tmp_path / "tap-token").write_text("junk")
    with pytest.raises(TapTokenError, match="does not hold a tap token"):
        read_tap_token(tmp_path)
