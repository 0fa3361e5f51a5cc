"""The sessions behind tests/fixtures/captures: each drives the test editor in a shape a public decoding of
Cursor's traffic shows, records it (redacted, as `cursord record` does) and stamps the capture's metadata.

    .venv/bin/python -m tests.capture.fixture_sessions      # rewrites every fixture

Each fixture's ``meta.provenance`` names its source (the same sources as tests/fixtures/editor/PROVENANCE.md and
the measured facts the sequencing tests use); ``meta.known_broken`` lists what is known not to work with that
editor version (none so far). The suite replays every capture in the directory (`test_fixtures.py`), and the
docs/recording.md's table of Cursor versions is made from this metadata (`scripts/capture_versions.py`).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

import trio
import trio.testing

from cursord.capture import CaptureHeader, Placeholders, Recorder, dump_capture, read_capture
from cursord.config import ProviderKind
from cursord.connect import EnvelopeDecoder, encode_envelope
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.testing.agent import agent_daemon, drive, spec_for
from cursord.testing.editor import (
    BIDI_APPEND,
    EDITOR,
    STREAM_HEADERS,
    Connect,
    EditorClient,
    heartbeat,
    run_request,
)
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider
from cursord.testing.http_client import open_http
from tests.capture.session import MODEL, answer_tools, proxy_tunnel
from tests.editor_fixtures import recorded_action

FIXTURES = Path(__file__).parent.parent / "fixtures" / "captures"
HEALTH_STREAM = "/aiserver.v1.HealthService/StreamBidiSSE"
#: fixtures hold no wall-clock time and use a fixed redaction key (their content is public anyway; a user's
#: capture gets a random key that is never written), so making them again changes only the interleaving of
#: events that happened at the same instant
STARTED = "2026-12-04T00:00:00Z"
FIXTURE_KEY = b"cursord capture fixtures"


def version_headers(version: str | None) -> tuple[tuple[bytes, bytes], ...]:
    return ((b"x-cursor-client-version", version.encode()),) if version else ()


async def health_probe(tunnel: Connect, editor: EditorClient) -> None:
    """The editor's session start: `HealthService/StreamBidiSSE` and, at the same time, its BidiAppend
    `data=0a03666f6f` (a `HealthRequest{payload: "foo"}`, not an agent message); it leaves once answered."""
    body = encode_envelope(aiserver.BidiRequestId(request_id="health-1").SerializeToString())
    payloads: list[str] = []

    async def read_stream() -> None:
        async with open_http(await tunnel(), False) as connection:
            response = await connection.request("POST", HEALTH_STREAM, STREAM_HEADERS, body)
            decoder = EnvelopeDecoder(1 << 20)
            while not payloads and (chunk := await response.read_chunk()) is not None:
                payloads.extend(aiserver.HealthResponse.FromString(e.payload).payload for e in decoder.feed(chunk))
            await response.aclose()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(read_stream)
        append = aiserver.BidiAppendRequest(
            request_id=aiserver.BidiRequestId(request_id="health-1"), append_seqno=0, data="0a03666f6f"
        )
        status, _ = await editor.post(BIDI_APPEND, append.SerializeToString())
        assert status == 200
    assert payloads == ["foo"]


async def agent_host_appends(tmp: Path, recorder: Recorder) -> None:
    """Cursor 3.18.9's agent host through the proxy: the health probe of a session start, then five heartbeats
    numbered first, the run_request at append_seqno 5, up to 32 appends in flight overtaking each other, some
    retried; a Shell tool turn (start, stdout, exit) and the checkpoint blobs it answers."""
    replies = [Reply.sse(chat_tool_call("call-1", "Shell", json.dumps({"command": "make test"}))),
               Reply.sse(chat_text("The tests pass."))]
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL)) as (daemon, _),
        proxy_tunnel(recorder.wrap(daemon.core.app, "proxy"), tmp / "data") as tunnel,
        EditorClient.open(tunnel, False, version_headers("3.18.9"), EDITOR) as editor,
    ):
        await health_probe(tunnel, editor)
        for _ in range(5):
            await editor.append("req-3189", heartbeat())
        await editor.append("req-3189", run_request("run the tests", model=MODEL, conversation_id="conv-3189"))
        async with editor.run_sse("req-3189") as reader:
            transcript = await drive(editor, "req-3189", reader, answer_tools)
        assert transcript.error is None and transcript.text == "The tests pass.", transcript.error


async def recorded_first_message(tmp: Path, recorder: Recorder) -> None:
    """The first message of a recorded session (rexqin/cursor-tap's decoding: seven agent-fetched skills, two
    with `disable-model-invocation: true`, MCP descriptors without schemas, the IDE state) sent as the
    run_request of an HTTP/2 `AgentService/Run` on the agent listener, the request id in `x-request-id`."""
    del tmp
    async with (
        open_fake_provider(Reply.sse(chat_text("Hello from the model."))) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), wrap=lambda app: recorder.wrap(app, "agent"))
        as (daemon, _),
        daemon.editor(http2=True) as editor,
        editor.run("req-tap") as call,
    ):
        request = agent.AgentRunRequest(
            conversation_id="conv-tap", action=recorded_action(),
            requested_model=agent.RequestedModel(model_id=MODEL),
        )
        await call.send(agent.AgentClientMessage(run_request=request))
        reader = await call.reader()
        messages = await reader.read_to_end()
        assert reader.error is None, reader.error
        assert "".join(m.interaction_update.text_delta.text for m in messages) == "Hello from the model."


Session = Callable[[Path, Recorder], Awaitable[None]]

SESSIONS: dict[str, tuple[Session, dict[str, object]]] = {
    "cursor-3.18.9-agent-host-appends.jsonl": (
        agent_host_appends,
        {
            "provenance": "Cursor 3.18.9's agent host append transport as read and published by 786153747/CCursor "
            "(BLOB-RUNTIME-BOUNDARIES.md, 'Startup and append semantics'): appends numbered from 0, up to 32 "
            "in flight, retried with the same seqno and payload, a run_request recorded at seqno 5. Driven by "
            "cursord's test editor (AppendPattern EDITOR) through the proxy over HTTP/1.1, after the health probe "
            "every session starts with (HealthService/StreamBidiSSE and a BidiAppend of HealthRequest{payload: "
            "'foo'}, data=0a03666f6f, as rexqin/cursor-tap decoded it). Recorded redacted.",
            "known_broken": [],
        },
    ),
    "cursor-tap-first-message.jsonl": (
        recorded_first_message,
        {
            "provenance": "rexqin/cursor-tap docs/cursor-reverse-notes-1.md (commit "
            "9a88cbf1544d9c4289eeac1737dc96289b3d2295), the first user message of a recorded session "
            "(tests/fixtures/editor/user_message_action.json), sent as a Run on the agent listener (HTTP/2, "
            "x-request-id), the transport leookun/cursor-byok serves; the decoding does not "
            "state the editor version. Recorded redacted.",
            "known_broken": [],
        },
    ),
}


async def record_fixture(name: str, tmp: Path) -> Path:
    session, meta = SESSIONS[name]
    path = tmp / name
    recorder = Recorder(path, places=Placeholders(FIXTURE_KEY))
    await session(tmp, recorder)
    recorder.close()
    header, events = read_capture(path)
    header = CaptureHeader(header.redacted, header.cursord, STARTED, header.editor, meta)
    with path.open("w", encoding="utf-8") as file:
        dump_capture(header, events, file)
    return path


def main() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name in SESSIONS:
        with tempfile.TemporaryDirectory(prefix="cursord-fixture-") as tmp:
            path = trio.run(record_fixture, name, Path(tmp), clock=trio.testing.MockClock(autojump_threshold=0))
            path.replace(FIXTURES / name)
        print(f"wrote {FIXTURES / name}")


if __name__ == "__main__":
    main()
