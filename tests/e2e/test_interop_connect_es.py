"""Interop with a real Connect client: connect-es 2 (Node) against the real daemon on loopback TCP.

`tests/interop/connect_es_client.mjs` loads the wire schema from ``proto/reference/``, runs the scenarios
named on its command line over HTTP/2 (h2c) or HTTP/1.1 and prints one JSON line of what connect-es saw; these
tests assert on it. Most tests script the daemon's behaviour; the agent-turn test runs the real agent turn
against a fake OpenAI-chat provider on loopback. The node modules come from ``npm ci --prefix tests/interop``;
without them the tests fail (not skip) and say so.

Real sockets, so the real clock: a generous `fail_after` bounds each run, and nothing waits on time.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
from google.protobuf import json_format

from cursord.config import ProviderKind
from cursord.connect.errors import Code, ConnectError
from cursord.core.intents import ExecResultArrived, RunRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.streams.active import ActiveStream, BehaviourFactory, StreamBehaviour
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.behaviours import Echo, text_update
from cursord.testing.fake_gemini import open_fake_gemini
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider
from cursord.testing.harness import running_daemon
from cursord.testing.provider_streams import chat_usage, gemini_calls, gemini_text, gemini_usage
from tests.proto.reference_schema import schema_dir

REPO = Path(__file__).resolve().parents[2]
INTEROP = REPO / "tests" / "interop"
CLIENT = INTEROP / "connect_es_client.mjs"
FIXED_READ_CONTENT = "first line\nsecond line\n"  # what the node client answers every read with, by default
EXEC_READ_TEXT = "read the file"  # what the node client's exec-read scenario asks
RUN_SECONDS = 60

HTTP_VERSIONS = [pytest.param("2", id="http2"), pytest.param("1.1", id="http1")]


def node_command() -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: these tests need Node.js 20+ and `npm ci --prefix tests/interop`")
    for package in ("@connectrpc/connect", "@connectrpc/connect-node", "@bufbuild/protobuf"):
        if not (INTEROP / "node_modules" / package / "package.json").is_file():
            pytest.fail(f"{INTEROP / 'node_modules' / package} is missing: run `npm ci --prefix tests/interop`")
    if not any(schema_dir().glob("*.binpb")):
        pytest.fail(f"no wire schema (*.binpb) in {schema_dir()}")
    return [node, str(CLIENT)]


async def run_node(
    address: tuple[str, int] | None, http: str, *args: str, base_url: str | None = None, ca: Path | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One node process against the daemon at `address` (or `base_url`, trusting `ca` for https);
    `args` are options then scenario names. Returns (results by scenario, whole report)."""
    if base_url is None:
        assert address is not None
        host, port = address
        base_url = f"http://{host}:{port}"
    options = ["--base-url", base_url, "--schema-dir", str(schema_dir()), "--http", http]
    if ca is not None:
        options += ["--ca", str(ca)]
    process = await trio.run_process(
        [*node_command(), *options, *args],
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


async def run_client(
    behaviour_factory: BehaviourFactory, http: str, *scenarios: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Start the daemon with a scripted behaviour, run the node client's scenarios against it."""
    node_command()  # fail fast, before any daemon starts, if node or its modules are missing
    with trio.fail_after(RUN_SECONDS):
        async with running_daemon(behaviour_factory, transport="tcp") as daemon:
            return await run_node(daemon.address, http, *scenarios)


# ---- scripted behaviours --------------------------------------------------------------------------


@attrs.define
class ReadsAFile(StreamBehaviour):
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
        streams = echo_streams + cancel_streams + malformed_streams + refused_streams
        assert report["h2Streams"] == streams + report["retries"]  # a retried append is one stream more
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


# ---- the real agent turn --------------------------------------------------------------------------

AGENT_MODEL = "gpt-interop"
EDITOR_FILE = "hello from the editor"
FINAL_TEXT = "The notes say: hello from the editor. Nothing else is in the file."


def update_kinds(messages: list[agent.AgentServerMessage]) -> list[str]:
    kinds = []
    for m in messages:
        which = m.WhichOneof("message") or ""
        if which == "interaction_update":
            which = m.interaction_update.WhichOneof("message") or ""
        kinds.append(which)
    return kinds


@pytest.mark.parametrize("http", HTTP_VERSIONS)
async def test_connect_es_drives_a_whole_agent_turn(http: str) -> None:
    """connect-es <-> cursord's agent turn <-> a fake OpenAI-chat provider: a Read round trip, then text."""
    node_command()  # fail fast if node or its modules are missing
    replies = [
        Reply.sse(chat_tool_call("call-read", "Read", json.dumps({"path": "/w/notes.txt"}))),  # usage 12 + 5
        Reply.sse(chat_text(FINAL_TEXT, usage=chat_usage(prompt=40, completion=9))),
    ]
    with trio.fail_after(RUN_SECONDS):
        async with open_fake_provider(*replies) as fake:
            spec = spec_for(fake, ProviderKind.OPENAI_CHAT, AGENT_MODEL)
            async with agent_daemon(spec, transport="tcp") as (daemon, _):
                results, report = await run_node(
                    daemon.address, http, "--model", AGENT_MODEL, "--read-content", EDITOR_FILE, "exec-read"
                )

    turn = results["exec-read"]
    assert turn["ack"]["ack"] == {}
    messages = decoded(turn["messages"])
    kinds = update_kinds(messages)
    assert "".join(m.interaction_update.text_delta.text for m in messages) == FINAL_TEXT
    updates = [m.interaction_update for m in messages]
    (started,) = [u.tool_call_started for u in updates if u.HasField("tool_call_started")]
    (completed,) = [u.tool_call_completed for u in updates if u.HasField("tool_call_completed")]
    (exec_request,) = [m.exec_server_message for m in messages if m.HasField("exec_server_message")]
    assert exec_request.read_args.path == started.tool_call.read_tool_call.args.path == "/w/notes.txt"
    assert started.call_id == completed.call_id != ""
    read_shown = completed.tool_call.read_tool_call.result.success
    assert (read_shown.path, read_shown.content, read_shown.total_lines) == ("/w/notes.txt", EDITOR_FILE, 1)
    assert kinds.index("tool_call_started") < kinds.index("exec_server_message") < kinds.index("tool_call_completed")
    assert kinds.index("tool_call_completed") < kinds.index("text_delta")
    assert [e["kind"] for e in turn["execs"]] == ["readArgs"]
    assert turn["execs"][0]["answered"] and turn["execs"][0]["ack"] == {}
    assert kinds[-1] == "turn_ended"
    ended = messages[-1].interaction_update.turn_ended
    assert (ended.input_tokens, ended.output_tokens) == (12 + 40, 5 + 9)  # summed over both provider passes
    assert turn["end"] is None

    # the provider saw the user's text, then the editor's file in the tool message of its second request
    first, second = fake.requests
    assert first.json["model"] == AGENT_MODEL
    assert first.json["messages"][-1] == {"role": "user", "content": EXEC_READ_TEXT}
    (tool_message,) = [m for m in second.json["messages"] if m["role"] == "tool"]
    assert tool_message["tool_call_id"] == "call-read"
    assert EDITOR_FILE in tool_message["content"]
    if http == "2":  # run request and exec reply (BidiAppend) and the RunSSE, all on one h2c connection
        assert report["h2Streams"] == 3 + report["retries"]


# ---- Run: the HTTP/2 agent path, over TLS as the editor's node:http2 transport takes it -------------------


async def run_client_tls(behaviour_factory: BehaviourFactory, *scenarios: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The daemon on loopback TLS (ALPN h2, a leaf from a fresh cursord CA); node trusts only that CA."""
    node_command()
    with trio.fail_after(RUN_SECONDS):
        async with running_daemon(behaviour_factory, transport="tls") as daemon:
            assert daemon.base_url.startswith("https://127.0.0.1:")
            return await run_node(None, "2", *scenarios, base_url=daemon.base_url, ca=daemon.ca_cert)


async def test_connect_es_runs_a_tool_turn_on_one_run_stream_over_tls() -> None:
    results, report = await run_client_tls(ReadsAFile, "run-exec-read")
    turn = results["run-exec-read"]
    exec_request, said = decoded(turn["messages"])
    assert exec_request.exec_server_message.read_args.path == "/workspace/notes.txt"
    assert turn["execs"] == [
        {"id": 1, "execId": "read-1", "kind": "readArgs", "answered": True, "replied": "readResult"}
    ]
    size = len(FIXED_READ_CONTENT.encode())
    assert said.interaction_update.text_delta.text == (
        f"exec 1 read-1 /workspace/notes.txt lines=2 size={size}: {FIXED_READ_CONTENT}"
    )
    assert turn["end"] is None
    assert report["h2Streams"] == 1  # the whole turn, the exec answer included, on one Run stream


async def test_connect_es_cancels_a_run_and_shares_it_with_runsse_over_tls() -> None:
    results, report = await run_client_tls(Echo, "run-cancel-action", "run-cancel-end", "run-with-runsse")

    by_action = results["run-cancel-action"]
    assert texts(by_action["messages"]) == ["echo: work"]
    assert by_action["end"] == {"code": "Canceled", "message": "stop it", "name": "ConnectError"}

    by_ending = results["run-cancel-end"]
    assert texts(by_ending["messages"]) == ["echo: work"]
    assert by_ending["end"]["code"] == "Canceled"
    assert "ended its Run request stream" in by_ending["end"]["message"]

    shared = results["run-with-runsse"]
    assert texts(shared["sse"]["messages"]) == ["echo: hello", "exec 1", "exec 2"]
    assert decoded(shared["run"]["messages"]) == decoded(shared["sse"]["messages"])
    assert shared["run"]["end"] is None and shared["sse"]["end"] is None
    assert report["h2Streams"] == 1 + 1 + 2  # a Run each, and the shared run's RunSSE beside its Run


async def test_connect_es_drives_a_whole_agent_turn_over_run() -> None:
    """connect-es over TLS h2 <-> cursord's agent turn <-> a fake provider, all on one Run stream."""
    node_command()
    replies = [
        Reply.sse(chat_tool_call("call-read", "Read", json.dumps({"path": "/w/notes.txt"}))),
        Reply.sse(chat_text(FINAL_TEXT, usage=chat_usage(prompt=40, completion=9))),
    ]
    with trio.fail_after(RUN_SECONDS):
        async with open_fake_provider(*replies) as fake:
            spec = spec_for(fake, ProviderKind.OPENAI_CHAT, AGENT_MODEL)
            async with agent_daemon(spec, transport="tls") as (daemon, _):
                results, report = await run_node(
                    None, "2", "--model", AGENT_MODEL, "--read-content", EDITOR_FILE, "run-exec-read",
                    base_url=daemon.base_url, ca=daemon.ca_cert,
                )
    turn = results["run-exec-read"]
    messages = decoded(turn["messages"])
    kinds = update_kinds(messages)
    assert "".join(m.interaction_update.text_delta.text for m in messages) == FINAL_TEXT
    (exec_request,) = [m.exec_server_message for m in messages if m.HasField("exec_server_message")]
    assert exec_request.read_args.path == "/w/notes.txt"
    assert kinds.index("tool_call_started") < kinds.index("exec_server_message") < kinds.index("tool_call_completed")
    assert kinds[-1] == "turn_ended" and turn["end"] is None
    assert [e["kind"] for e in turn["execs"]] == ["readArgs"]
    (tool_message,) = [m for m in fake.requests[1].json["messages"] if m["role"] == "tool"]
    assert EDITOR_FILE in tool_message["content"]
    assert report["h2Streams"] == 1


@pytest.mark.parametrize("http", HTTP_VERSIONS)
async def test_connect_es_drives_a_gemini_thinking_turn_with_two_tool_calls(http: str) -> None:
    """connect-es <-> cursord <-> the fake native Gemini, which refuses a second pass that lost the first
    call's thought signature: thinking, two parallel Reads, then the answer."""
    node_command()
    calls = [("Read", {"path": "/w/notes.txt"}), ("Read", {"path": "/w/todo.txt"})]
    replies = [
        Reply.sse(gemini_calls(calls, thoughts="Both files, in parallel.", signature="sig-interop")),
        Reply.sse(gemini_text(FINAL_TEXT, usage=gemini_usage(prompt=40, candidates=9))),
    ]
    with trio.fail_after(RUN_SECONDS):
        async with open_fake_gemini(*replies) as fake:
            spec = spec_for(fake, ProviderKind.GEMINI, "gemini-3-pro-preview", prefix="/v1beta")
            async with agent_daemon(spec, transport="tcp") as (daemon, _):
                results, _ = await run_node(
                    daemon.address, http, "--model", "gemini-3-pro-preview", "--read-content", EDITOR_FILE,
                    "exec-read",
                )
    turn = results["exec-read"]
    messages = decoded(turn["messages"])
    assert fake.refused == []
    assert "".join(m.interaction_update.thinking_delta.text for m in messages) == "Both files, in parallel."
    assert "".join(m.interaction_update.text_delta.text for m in messages) == FINAL_TEXT
    assert [e["kind"] for e in turn["execs"]] == ["readArgs", "readArgs"]
    assert all(e["answered"] for e in turn["execs"])
    assert update_kinds(messages)[-1] == "turn_ended" and turn["end"] is None
    model_turn, results_turn = fake.requests[1].json["contents"][-2:]
    assert model_turn["parts"][0]["thoughtSignature"] == "sig-interop"
    assert [EDITOR_FILE in json.dumps(part) for part in results_turn["parts"]] == [True, True]
