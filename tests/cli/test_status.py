"""`cursord status` and `cursord tap` against a daemon on real loopback TCP (real clock, no sleeps)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TextIO

import attrs
import pytest
import trio

from cursord.cli.main import build_parser
from cursord.cli.status import add_status_arguments, format_status, run_status, status_command
from cursord.cli.tap import BriefTap, add_tap_arguments, format_event, format_snapshot_lines, run_tap
from cursord.connect.errors import ConnectError
from cursord.core.intents import ExecResultArrived, RunRequested
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.streams.active import ActiveStream, StreamBehaviour
from cursord.tap.hub import TapHub, ensure_tap_token, tap_parts
from cursord.testing.editor import BIDI_APPEND, RUN_SSE, exec_result, run_request
from cursord.testing.harness import RunningDaemon, running_daemon, wait_until

WALL_LIMIT = 20.0


async def status(args: argparse.Namespace, out: TextIO) -> int:
    """`cursord status` as the command runs it: a blocking read of the tap, here in a thread beside the daemon."""
    return await trio.to_thread.run_sync(run_status, args, {}, out)


@attrs.define
class Waits(StreamBehaviour):
    """Publishes a text and a shell exec, waits in `waiting_external`; the exec's result ends the turn."""

    stream: ActiveStream
    hub: TapHub
    phase: Phase = Phase.IDLE

    def publish(self, message: agent.AgentServerMessage) -> None:
        self.stream.publish(message)
        self.hub.record_publish(self.stream, message.SerializeToString())

    async def handle(self, item: object) -> None:
        if isinstance(item, RunRequested):
            self.stream.conversation_id = item.conversation_id
            self.stream.model_id = item.model_id
            self.phase = Phase.PROVIDER_RUNNING
            self.stream.refresh_phase()
            self.publish(agent.AgentServerMessage(
                interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text="hi"))))
            self.publish(agent.AgentServerMessage(exec_server_message=agent.ExecServerMessage(
                id=1, exec_id="e1", shell_stream_args=agent.ShellArgs(command="ls"))))
            self.phase = Phase.WAITING_EXTERNAL
            self.stream.refresh_phase()
        elif isinstance(item, ExecResultArrived):
            self.stream.end(None)

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


@contextlib.asynccontextmanager
async def tcp_daemon(data_dir: Path) -> AsyncIterator[tuple[RunningDaemon, TapHub]]:
    hub = TapHub()
    token = ensure_tap_token(data_dir)

    def factory(stream: ActiveStream) -> Waits:
        return Waits(stream, hub)

    async with running_daemon(factory, transport="tcp", parts=(tap_parts(token, hub),)) as daemon:
        yield daemon, hub


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cursord")
    commands = parser.add_subparsers(dest="command", required=True)
    add_status_arguments(commands)
    add_tap_arguments(commands)
    return parser.parse_args(list(argv))


def address_flags(daemon: RunningDaemon, data_dir: Path) -> list[str]:
    assert daemon.address is not None
    host, port = daemon.address
    return ["--listen", f"{host}:{port}", "--data-dir", str(data_dir)]


async def test_status_prints_the_streams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with tcp_daemon(tmp_path) as (daemon, _), daemon.editor(http2=False) as editor:
            await editor.append("req-1", run_request("go", model="model-x", conversation_id="conv-9"), wait=True)
            assert daemon.address is not None
            # The address from a config file (no providers in it: status needs none).
            config = tmp_path / "cursord.toml"
            config.write_text(f'listen = "127.0.0.1:{daemon.address[1]}"\ndata_dir = "{tmp_path}"\n')
            code = await trio.to_thread.run_sync(status_command, parse("status", "--config", str(config)), {})
    out = capsys.readouterr().out
    assert code == 0
    header, row, *rest = out.splitlines()[1:]
    assert header.split() == ["REQUEST", "CONVERSATION", "TITLE", "MODEL", "PHASE", "OUTPUT", "SUBS", "BACKLOG",
                              "PENDING", "AGE"]
    cells = row.split()
    assert cells[:7] == ["req-1", "conv-9", "-", "model-x", "waiting_external", "0", "0"]
    assert cells[7] == "2" and cells[8].startswith("(") and cells[8].endswith("B)")
    assert cells[9:11] == ["1", "(shell_stream#1)"]
    assert cells[11].endswith("s")
    assert rest == ["1 stream, 1 running", "clients gone mid-request: 0, stalled readers cut: 0"]


async def test_status_json_and_the_ended_stream(tmp_path: Path) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with tcp_daemon(tmp_path) as (daemon, _), daemon.editor(http2=False) as editor:
            await editor.append("r1", run_request("go", model="m"), wait=True)
            await editor.append("r1", exec_result(1, "e1", shell_result=agent.ShellResult()), wait=True)
            out = io.StringIO()
            assert await status(parse("status", "--json", *address_flags(daemon, tmp_path)), out) == 0
    snapshot = json.loads(out.getvalue())
    (row,) = snapshot["streams"]
    assert (row["request_id"], row["phase"], row["ended"]["code"]) == ("r1", "completed", "ok")
    assert row["pending_execs"] == []


async def test_status_explains_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with trio.fail_after(WALL_LIMIT):
        empty = tmp_path / "empty"
        empty.mkdir()
        assert await status(parse("status", "--data-dir", str(empty)), io.StringIO()) == 1
        assert "no tap token" in capsys.readouterr().err

        with socket.socket() as probe:  # a port nobody listens on
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        ensure_tap_token(empty)
        args = parse("status", "--listen", f"127.0.0.1:{port}", "--data-dir", str(empty))
        assert await status(args, io.StringIO()) == 1
        assert "cannot reach cursord" in capsys.readouterr().err

        async with tcp_daemon(tmp_path) as (daemon, _):
            assert await status(parse("status", *address_flags(daemon, empty)), io.StringIO()) == 1
        assert "refused the tap token" in capsys.readouterr().err


class Lines(io.StringIO):
    """An output that wakes a waiter once some line matches."""

    def __init__(self) -> None:
        super().__init__()
        self._waiting: list[tuple[Callable[[str], bool], trio.Event]] = []

    def write(self, text: str) -> int:
        written = super().write(text)
        for predicate, event in self._waiting:
            if any(predicate(line) for line in self.getvalue().splitlines()):
                event.set()
        return written

    async def wait_for(self, predicate: Callable[[str], bool]) -> None:
        event = trio.Event()
        self._waiting.append((predicate, event))
        if any(predicate(line) for line in self.getvalue().splitlines()):
            event.set()
        await event.wait()


async def test_tap_follows_one_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = Lines()
    codes: list[int] = []
    with trio.fail_after(WALL_LIMIT):
        async with tcp_daemon(tmp_path) as (daemon, hub), daemon.editor(http2=False) as editor:

            async def follow() -> None:
                codes.append(await run_tap(parse("tap", "r2", *address_flags(daemon, tmp_path)), {}, out))

            async with trio.open_nursery() as nursery:
                nursery.start_soon(follow)
                await out.wait_for(lambda line: "snapshot: 0 streams" in line)
                await editor.append("r1", run_request("go", model="m"), wait=True)
                await editor.append("r2", run_request("go", model="m"), wait=True)
                await editor.append("r2", exec_result(1, "e1", shell_result=agent.ShellResult()), wait=True)
                await out.wait_for(lambda line: " r2 ended ok" in line)
                hub.close()
    assert codes == [0]
    lines = out.getvalue().splitlines()
    assert not any(" r1 " in line for line in lines)
    described = [line.split(" ", 2)[2] for line in lines[1:]]  # drop the clock and request_id
    assert described[0].startswith("<- run_request seqno=0 model_id=m")
    assert "phase idle -> provider_running" in described
    assert any(d.startswith("-> exec_server_message.shell_stream_args") and "exec_seq=1" in d for d in described)
    assert any(d.startswith("<- exec_client_message.shell_result seqno=1") for d in described)
    assert described.index("phase waiting_external -> completed") < described.index("ended ok")
    assert lines[-1].endswith("-- cursord is shutting down --")
    assert "the tap closed (1001" in capsys.readouterr().err


def test_formatting_without_a_daemon() -> None:
    assert format_status({"streams": []}) == "no streams"
    table = format_status({"streams": [{
        "request_id": "r", "conversation_id": None, "model_id": None, "phase": "failed", "subscribers": 2,
        "backlog_frames": 3, "backlog_bytes": 4096, "pending_execs": None, "age_s": 3725.0,
        "ended": {"code": "unavailable", "message": "down"},
    }]})
    row = table.splitlines()[1].split()
    assert row == ["r", "-", "-", "-", "failed(unavailable)", "-", "2", "3", "(4.0KiB)", "-", "1h02m"]
    named = format_status({"streams": [{"request_id": "r", "conversation_id": "c", "title": "Fix the login",
                                        "phase": "provider_running", "output_tokens": 120, "output_estimated": True}]})
    assert named.splitlines()[1].split()[:7] == ["r", "c", "Fix", "the", "login", "-", "provider_running"]
    assert "~120" in named
    assert table.splitlines()[-1] == "1 stream, 0 running"

    line = format_event({"type": "message", "ts": 0.0, "request_id": "r", "kind": "interaction_update.text_delta",
                         "bytes": 9, "seq": 4, "chars": 5, "conversation_id": "c"})
    assert line.split(" ", 1)[1] == "r -> interaction_update.text_delta 9B #4 chars=5"
    assert "dropped 12 events" in format_event({"type": "dropped", "ts": 0.0, "count": 12})
    line = format_event({"type": "stream.ended", "ts": 0.0, "request_id": "r", "code": "canceled", "message": "bye"})
    assert line.endswith("r ended canceled: bye")
    line = format_event({"type": "stream.ended", "ts": 0.0, "request_id": "r", "code": "ok", "title": "Fix it"})
    assert line.endswith("r ended ok ('Fix it')")


def test_the_tap_snapshot_names_each_stream_cell_by_what_it_holds() -> None:
    """`cursord tap` opens with the streams the daemon holds, one line each: the phase after the request, each
    value after its own name (the line read the status table's cells by position, and shifted when it gained
    TITLE and OUTPUT: `gpt-5 model=- subscribers=completed`)."""
    lines = format_snapshot_lines({"ts": 0.0, "streams": [{
        "request_id": "r1", "conversation_id": "c1", "title": "Fix it", "model_id": "gpt-5", "phase": "completed",
        "output_tokens": 5, "subscribers": 0, "backlog_frames": 9, "backlog_bytes": 408, "pending_execs": [],
        "age_s": 3.7}]})
    assert [line.split(" ", 1)[1] for line in lines] == [
        "snapshot: 1 stream",
        "r1 completed model=gpt-5 conversation=c1 title=Fix it output=5 subscribers=0 backlog=9 (408B) pending=0"
        " age=3.7s",
    ]


def test_tap_brief_makes_a_run_of_messages_of_one_kind_one_line() -> None:
    brief = BriefTap()

    def delta(request: str, seq: int) -> dict[str, object]:
        return {"type": "message", "ts": 0.0, "request_id": request, "kind": "interaction_update.text_delta",
                "bytes": 1000, "seq": seq}

    lines = [line.split(" ", 1)[1] for event in (
        {"type": "stream.phase", "ts": 0.0, "request_id": "r", "previous": "idle", "phase": "provider_running"},
        *(delta("r", seq) for seq in range(120)),
        delta("other", 0),  # another request's message ends the run
        {"type": "message", "ts": 0.0, "request_id": "r", "kind": "interaction_update.turn_ended", "bytes": 9,
         "seq": 120},
        {"type": "stream.ended", "ts": 0.0, "request_id": "r", "code": "ok"},
    ) for line in brief.feed(event)]
    assert lines == [
        "r phase idle -> provider_running",
        "r -> interaction_update.text_delta x120 (120,000 B)",
        "other -> interaction_update.text_delta 1000B #0",
        "r -> interaction_update.turn_ended 9B #120",
        "r ended ok",
    ]
    assert brief.flush() == []
    brief.feed(delta("r", 121))
    brief.feed(delta("r", 122))
    assert [line.split(" ", 1)[1] for line in brief.flush()] == ["r -> interaction_update.text_delta x2 (2,000 B)"]
    assert build_parser("tap").parse_args(["tap", "--brief"]).brief



async def test_a_client_gone_mid_body_is_counted_not_logged_as_an_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 17 #10: each such request logged a traceback at ERROR (62,700 lines in 33 s)."""
    caplog.set_level(logging.DEBUG, logger="cursord")
    with trio.fail_after(WALL_LIMIT):
        async with tcp_daemon(tmp_path) as (daemon, _):
            assert daemon.address is not None
            for path, content_type in ((BIDI_APPEND, "proto"), (RUN_SSE, "connect+proto")):
                sock = await trio.open_tcp_stream(*daemon.address)
                await sock.send_all(
                    f"POST {path} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/{content_type}\r\n"
                    "connect-protocol-version: 1\r\ncontent-length: 1000\r\n\r\nabc".encode()
                )
                await sock.aclose()
            await wait_until(lambda: daemon.core.app.counters.client_disconnects == 2)
            out = io.StringIO()
            assert await status(parse("status", "--json", *address_flags(daemon, tmp_path)), out) == 0
    assert json.loads(out.getvalue())["counters"]["client_disconnects"] == 2
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert sum("went away" in r.getMessage() for r in caplog.records) == 2
