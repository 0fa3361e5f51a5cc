"""Interop with a real Connect client: connect-es 2 (Node) against the real daemon on loopback TCP.

`tests/interop/connect_es_client.mjs` loads the wire schema from ``../shared/cursor-schema`` (or
``$CURSORD_SCHEMA_DIR``), runs the scenarios named on its command line over HTTP/2 (h2c) or HTTP/1.1 and
prints one JSON line of what connect-es saw; these tests assert on it. The node modules come from
``npm ci --prefix tests/interop``; without them the tests fail (not skip) and say so.

Real sockets, so the real clock: a generous `fail_after` bounds each run, and nothing waits on time.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
from google.protobuf import json_format

from cursord.connect.errors import Code, ConnectError
from cursord.intents import ActionKind, ActionRequested, ExecResultArrived, RunRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.streams.active import ActiveStream, BehaviourFactory
from cursord.testing.harness import running_daemon

REPO = Path(__file__).resolve().parents[1]
INTEROP = REPO / "tests" / "interop"
CLIENT = INTEROP / "connect_es_client.mjs"
FIXED_READ_CONTENT = "first line\nsecond line\n"  # what the node client answers every read with
RUN_SECONDS = 60

HTTP_VERSIONS = [pytest.param("2", id="http2"), pytest.param("1.1", id="http1")]


def schema_dir() -> Path:
    env = os.environ.get("CURSORD_SCHEMA_DIR")
    return Path(env) if env else REPO.parent / "shared" / "cursor-schema"


def node_command() -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: these tests need Node.js 20+ and `npm ci --prefix tests/interop`")
    for package in ("@connectrpc/connect", "@connectrpc/connect-node", "@bufbuild/protobuf"):
        if not (INTEROP / "node_modules" / package / "package.json").is_file():
            pytest.fail(f"{INTEROP / 'node_modules' / package} is missing: run `npm ci --prefix tests/interop`")
    if not any(schema_dir().glob("*.binpb")):
        pytest.fail(f"no wire schema (*.binpb) in {schema_dir()}: set CURSORD_SCHEMA_DIR")
    return [node, str(CLIENT)]


async def run_client(
    behaviour_factory: BehaviourFactory, http: str, *scenarios: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Start the daemon, run the node client's scenarios against it; (results by scenario, whole report)."""
    command = node_command()
    with trio.fail_after(RUN_SECONDS):
        async with running_daemon(behaviour_factory, transport="tcp") as daemon:
            assert daemon.address is not None
            host, port = daemon.address
            process = await trio.run_process(
                [
                    *command,
                    "--base-url",
                    f"http://{host}:{port}",
                    "--schema-dir",
                    str(schema_dir()),
                    "--http",
                    http,
                    *scenarios,
                ],
                capture_stdout=True,
                capture_stderr=True,
                check=False,
                stdin=subprocess.DEVNULL,
            )
    stdout, stderr = process.stdout.decode(), process.stderr.decode()
    assert process.returncode == 0, f"node exited {process.returncode}\nstdout: {stdout}\nstderr: {stderr}"
    report: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    assert report["http"] == http
    return report["results"], report


# ---- scripted behaviours --------------------------------------------------------------------------


@attrs.define
class Echo:
    """Says the user's text back; says "exec N" for each exec result; "finish" or exec_id "last" ends it."""

    stream: ActiveStream

    async def handle(self, item: object) -> None:
        if isinstance(item, RunRequested):
            text = item.request.action.user_message_action.user_message.text
            self.stream.publish(text_update(f"echo: {text}"))
            if text == "finish":
                self.stream.end(None)
        elif isinstance(item, ExecResultArrived):
            self.stream.publish(text_update(f"exec {item.exec_seq}"))
            if item.message.exec_id == "last":
                self.stream.end(None)
        elif isinstance(item, ActionRequested) and item.kind is ActionKind.CANCEL:
            self.stream.end(ConnectError(Code.CANCELED, item.action.cancel_action.reason))

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


@attrs.define
class ReadsAFile:
    """Asks the editor to read a file, then says what the file held, and ends."""

    stream: ActiveStream
    path: str = "/workspace/notes.txt"

    async def handle(self, item: object) -> None:
        if isinstance(item, RunRequested):
            self.stream.publish(
                agent.AgentServerMessage(
                    exec_server_message=agent.ExecServerMessage(
                        id=1, exec_id="read-1", read_args=agent.ReadArgs(path=self.path, tool_call_id="call-1")
                    )
                )
            )
        elif isinstance(item, ExecResultArrived):
            result = item.message.read_result
            if item.result_kind != "read_result" or result.WhichOneof("result") != "success":
                self.stream.end(ConnectError(Code.INVALID_ARGUMENT, f"expected a read success, got {item.message}"))
                return
            success = result.success
            self.stream.publish(
                text_update(
                    f"exec {item.exec_seq} {item.message.exec_id} {success.path} "
                    f"lines={success.total_lines} size={success.file_size}: {success.content}"
                )
            )
            self.stream.end(None)

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)


def text_update(text: str) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text=text))
    )


def decoded(messages: list[dict[str, Any]]) -> list[agent.AgentServerMessage]:
    """connect-es's JSON of each message, parsed strictly back into our classes; heartbeats left out."""
    parsed = [json_format.ParseDict(m, agent.AgentServerMessage()) for m in messages]
    return [m for m in parsed if not m.interaction_update.HasField("heartbeat")]


def texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m.interaction_update.text_delta.text for m in decoded(messages)]


# ---- tests ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("http", HTTP_VERSIONS)
async def test_connect_es_appends_streams_and_errors(http: str) -> None:
    results, report = await run_client(Echo, http, "echo", "cancel", "malformed", "stock-refuses")

    echo = results["echo"]
    assert echo["acks"] == [{"ack": {}, "bytes": 0}] * 3
    assert texts(echo["messages"]) == ["echo: hello", "exec 1", "exec 2"]
    assert echo["end"] is None

    cancel = results["cancel"]
    assert [a["ack"] for a in cancel["acks"]] == [{}, {}]
    assert texts(cancel["messages"]) == ["echo: work"]
    assert cancel["end"] == {"code": "Canceled", "message": "stop it", "name": "ConnectError"}

    malformed = results["malformed"]
    assert malformed["noRequestId"]["error"]["code"] == "InvalidArgument"
    assert "request_id" in malformed["noRequestId"]["error"]["message"]
    assert malformed["badHex"]["error"]["code"] == "InvalidArgument"
    assert "not valid hex" in malformed["badHex"]["error"]["message"]

    refused = results["stock-refuses"]
    assert refused["stock"]["messages"] == []
    assert refused["stock"]["end"] == {
        "code": "Unknown",
        "message": "unsupported content type text/event-stream",
        "name": "ConnectError",
    }
    # the same stream, replayed through the wrapped transport, decodes
    assert texts(refused["wrapped"]["messages"]) == ["echo: finish"]
    assert refused["wrapped"]["end"] is None

    if http == "2":  # every call went through the client's one HTTP/2 session manager (h2c)
        echo_streams, cancel_streams, malformed_streams, refused_streams = 3 + 1, 2 + 1, 2, 1 + 2
        assert report["h2Streams"] == echo_streams + cancel_streams + malformed_streams + refused_streams
    else:
        assert report["h2Streams"] is None


@pytest.mark.parametrize("http", HTTP_VERSIONS)
async def test_connect_es_answers_a_read_exec(http: str) -> None:
    results, _ = await run_client(ReadsAFile, http, "exec-read")
    turn = results["exec-read"]
    assert turn["ack"]["ack"] == {}
    exec_request, said = decoded(turn["messages"])
    assert exec_request.exec_server_message.read_args.path == "/workspace/notes.txt"
    assert turn["execs"] == [
        {"id": 1, "execId": "read-1", "kind": "readArgs", "answered": True, "replied": "readResult", "ack": {}}
    ]
    size = len(FIXED_READ_CONTENT.encode())
    assert said.interaction_update.text_delta.text == (
        f"exec 1 read-1 /workspace/notes.txt lines=2 size={size}: {FIXED_READ_CONTENT}"
    )
    assert turn["end"] is None
