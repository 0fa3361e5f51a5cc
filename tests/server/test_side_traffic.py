"""The editor's side traffic answered by cursord itself: the health probe and speech streams that ride
BidiAppend, chat titles, conversation metadata and blobs, and the control RPCs of an offline editor.

The real app on the real Hypercorn stack in memory, over HTTP/2 and HTTP/1.1, on the Trio clock.
"""

from __future__ import annotations

import json

import httpx
import pytest
import trio

from cursord.agent.pass_recorder import PassRecorder
from cursord.agent.router import ProviderRouter
from cursord.agent.title_model import model_titler
from cursord.config import Limits, ModelCatalog, ProviderKind, ProviderSpec
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, parse_end_stream
from cursord.connect.errors import Code, ConnectError
from cursord.core.title_text import FALLBACK_TITLE, MAX_TITLE_CHARS, clean_model_title, title_from_text
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server.side_rpcs import (
    AGENT_NAME_AGENT_PATH,
    AISERVER_NAME_AGENT_PATH,
    DEFAULT_MODEL_NUDGE_PATH,
    DEFAULT_MODEL_PATH,
    IS_CONNECTED_PATH,
    NAME_TAB_PATH,
    NOTIFY_CLONE_PATH,
    UPDATE_METADATA_PATH,
    UPLOAD_BLOBS_PATH,
    SideRpcs,
    side_rpc_parts,
)
from cursord.server.side_streams import HEALTH_STREAM_PATH, SPEECH_STREAM_PATH, strict_health_request
from cursord.store.records import PassRecord
from cursord.testing.agent import ENVIRON, spec_for
from cursord.testing.behaviours import Echo
from cursord.testing.editor import BIDI_APPEND, STREAM_HEADERS, EditorClient, error_from_json
from cursord.testing.fake_providers import Reply, open_fake_provider
from cursord.testing.harness import running_daemon
from cursord.testing.provider_streams import chat_text

HTTP = [pytest.param(True, id="http2"), pytest.param(False, id="http1")]
PROBE_HEX = "0a03666f6f"  # aiserver.v1.HealthRequest{payload: "foo"}, as the editor sends it at session start
CATALOG = ModelCatalog(
    [
        ProviderSpec(
            kind=ProviderKind.OPENAI_CHAT,
            name="local",
            base_url="http://127.0.0.1:1/v1",
            api_key_env=None,
            models=("qwen3",),
        )
    ]
)


class Blobs:
    def __init__(self) -> None:
        self.stored: dict[bytes, tuple[bytes, str | None]] = {}

    async def put_blob(self, blob_id: bytes, data: bytes, *, conversation_id: str | None = None) -> bool:
        self.stored[blob_id] = (data, conversation_id)
        return True


def _append(request_id: str, data_hex: str, seqno: int = 1) -> bytes:
    request = aiserver.BidiAppendRequest(data=data_hex, append_seqno=seqno)
    request.request_id.request_id = request_id
    return request.SerializeToString()


async def _post_append(editor: EditorClient, request_id: str, data_hex: str) -> tuple[int, bytes]:
    return await editor.post(BIDI_APPEND, _append(request_id, data_hex))


async def _read_side_stream(
    editor: EditorClient, path: str, request_id: str, want: int, into: list[str], ending: list[object]
) -> None:
    """Open a side stream and collect `want` HealthResponse payloads, then close it."""
    body = encode_envelope(aiserver.BidiRequestId(request_id=request_id).SerializeToString())
    async with editor._connection() as conn:
        response = await conn.request("POST", path, STREAM_HEADERS, body)
        decoder = EnvelopeDecoder(1 << 20)
        while (chunk := await response.read_chunk()) is not None:
            for envelope in decoder.feed(chunk):
                if envelope.end_stream:
                    ending.append(parse_end_stream(envelope.payload)[0])
                    return
                into.append(aiserver.HealthResponse.FromString(envelope.payload).payload)
                if len(into) == want:
                    await response.aclose()
                    return


@pytest.mark.parametrize("http2", HTTP)
async def test_the_health_probe_is_answered_on_its_stream(autojump_clock: trio.abc.Clock, http2: bool) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=http2) as editor:
        payloads: list[str] = []
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_read_side_stream, editor, HEALTH_STREAM_PATH, "health-1", 2, payloads, [])
            await trio.sleep(0.1)
            assert await _post_append(editor, "health-1", PROBE_HEX) == (200, b"")
            second = aiserver.HealthRequest(payload="bar").SerializeToString().hex()
            assert await _post_append(editor, "health-1", second) == (200, b"")
        assert payloads == ["foo", "bar"]
        assert daemon.core.broker.get("health-1") is None  # never an agent stream


@pytest.mark.parametrize("http2", HTTP)
async def test_a_probe_before_its_stream_waits_for_it(autojump_clock: trio.abc.Clock, http2: bool) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=http2) as editor:
        assert await _post_append(editor, "health-2", PROBE_HEX) == (200, b"")
        payloads: list[str] = []
        await _read_side_stream(editor, HEALTH_STREAM_PATH, "health-2", 1, payloads, [])
        assert payloads == ["foo"]


async def test_junk_for_an_unknown_request_is_still_invalid_argument(autojump_clock: trio.abc.Clock) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        status, body = await _post_append(editor, "junk", "ffff")
        assert status == 400
        assert error_from_json(body).code is Code.INVALID_ARGUMENT


async def test_a_simulated_error_ends_the_health_stream(autojump_clock: trio.abc.Clock) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        ending: list[object] = []
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_read_side_stream, editor, HEALTH_STREAM_PATH, "health-3", 5, [], ending)
            await trio.sleep(0.1)
            failing = aiserver.HealthRequest(payload="x", simulate_error=True).SerializeToString().hex()
            assert (await _post_append(editor, "health-3", failing))[0] == 200
        assert len(ending) == 1 and isinstance(ending[0], ConnectError) and ending[0].code is Code.INTERNAL


async def test_speech_ends_unimplemented_and_its_uploads_are_not_refused_as_agent_messages(
    autojump_clock: trio.abc.Clock,
) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        ending: list[object] = []
        await _read_side_stream(editor, SPEECH_STREAM_PATH, "stt-1", 1, [], ending)
        assert len(ending) == 1 and isinstance(ending[0], ConnectError) and ending[0].code is Code.UNIMPLEMENTED
        assert "speech-to-text" in ending[0].message


async def test_an_idle_health_stream_ends_cleanly(autojump_clock: trio.abc.Clock) -> None:
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        ending: list[object] = []
        await _read_side_stream(editor, HEALTH_STREAM_PATH, "health-idle", 1, [], ending)
        assert ending == [None]


def test_strict_health_request_takes_only_a_clean_probe() -> None:
    assert strict_health_request(bytes.fromhex(PROBE_HEX)) == aiserver.HealthRequest(payload="foo")
    run = agent.AgentClientMessage(client_heartbeat=agent.ClientHeartbeat()).SerializeToString()
    assert strict_health_request(run) is None
    assert strict_health_request(b"") is None
    assert strict_health_request(b"\xff\xff") is None


# --- titles, metadata, blobs, control RPCs ---------------------------------------------------------------


@pytest.mark.parametrize("http2", HTTP)
async def test_titles_and_metadata_are_answered_here(autojump_clock: trio.abc.Clock, http2: bool) -> None:
    blobs = Blobs()
    side = SideRpcs(CATALOG, blobs=blobs)
    async with (
        running_daemon(Echo, limits=Limits(), parts=(side_rpc_parts(side),)) as daemon,
        daemon.editor(http2=http2) as editor,
    ):
        name_tab = aiserver.NameTabRequest(
            messages=[aiserver.ConversationMessage(text="Fix the flaky login test\nit fails on CI", type=1)]
        )
        status, body = await editor.post(NAME_TAB_PATH, name_tab.SerializeToString())
        assert status == 200 and aiserver.NameTabResponse.FromString(body).name == "Fix the flaky login test"
        request = aiserver.NameAgentRequest(user_message="@src/app.py why is this slow?")
        status, body = await editor.post(AISERVER_NAME_AGENT_PATH, request.SerializeToString())
        assert aiserver.NameAgentResponse.FromString(body).name == "why is this slow?"
        status, body = await editor.post(
            AGENT_NAME_AGENT_PATH, agent.NameAgentRequest(user_message="Refactor the parser").SerializeToString()
        )
        assert agent.NameAgentResponse.FromString(body).name == "Refactor the parser"

        meta = agent.UpdateConversationMetadataRequest(conversation_id="c1", name="Parser work")
        assert (await editor.post(UPDATE_METADATA_PATH, meta.SerializeToString()))[0] == 200
        assert side.names == {"c1": "Parser work"}
        upload = agent.UploadConversationBlobsRequest(
            conversation_id="c1", blobs=[agent.BlobEntry(id=b"\x01" * 32, value=b"big @-context")]
        )
        assert (await editor.post(UPLOAD_BLOBS_PATH, upload.SerializeToString()))[0] == 200
        assert blobs.stored == {b"\x01" * 32: (b"big @-context", "c1")}
        clone = agent.NotifyConversationCloneRequest(conversation_id="c2", source_conversation_id="c1")
        assert (await editor.post(NOTIFY_CLONE_PATH, clone.SerializeToString()))[0] == 200

        assert await editor.post(IS_CONNECTED_PATH, b"") == (200, b"")
        status, body = await editor.post(DEFAULT_MODEL_PATH, b"")
        assert aiserver.GetDefaultModelResponse.FromString(body).model == "qwen3"
        status, body = await editor.post(DEFAULT_MODEL_NUDGE_PATH, b"")
        nudge = aiserver.GetDefaultModelNudgeDataResponse.FromString(body)
        assert nudge.initial_model.model_id == "qwen3" and not nudge.should_default_switch_on_new_chat


async def test_the_title_model_names_the_chat_and_its_failure_falls_back(autojump_clock: trio.abc.Clock) -> None:
    seen: list[str] = []

    async def titler(text: str) -> str | None:
        seen.append(text)
        if "boom" in text:
            raise RuntimeError("provider down")
        return clean_model_title('Title: "Login test repair"')

    side = SideRpcs(CATALOG, titler=titler)
    assert await side.title("please fix the login test") == "Login test repair"
    assert await side.title("boom goes the provider") == "boom goes the provider"
    assert seen == ["please fix the login test", "boom goes the provider"]


async def test_a_slow_title_model_is_not_waited_for(autojump_clock: trio.abc.Clock) -> None:
    async def slow(text: str) -> str | None:
        await trio.sleep(3600)
        return "never"

    assert await SideRpcs(CATALOG, titler=slow).title("a slow one") == "a slow one"


def test_titles_from_text() -> None:
    assert title_from_text("") == FALLBACK_TITLE
    assert title_from_text("\n\n   \n# Add dark mode\nmore") == "Add dark mode"
    long = "word " * 40
    title = title_from_text(long)
    assert title.endswith("…") and len(title) <= MAX_TITLE_CHARS + 1 and " " not in title[-2:]
    assert clean_model_title("\n  \n") is None


async def test_the_title_model_is_asked_through_its_provider() -> None:
    reply = Reply.sse(chat_text('Title: "Login test repair"'))
    async with open_fake_provider(reply) as fake, httpx.AsyncClient(timeout=None) as client:
        catalog = ModelCatalog([spec_for(fake, ProviderKind.OPENAI_CHAT, "small-model")])
        recorded: list[PassRecord] = []
        router = ProviderRouter.from_catalog(catalog, ENVIRON, client, PassRecorder(recorded.append))
        with trio.fail_after(30):
            title = await model_titler(router, "small-model")("please fix the flaky login test")
    assert title == "Login test repair"
    (title_pass,) = recorded  # a title costs tokens too: it is in the usage ledger
    assert (title_pass.model, title_pass.status, title_pass.usage.input) == ("small-model", "completed", 12)
    assert title_pass.request_id.startswith("title-")
    sent = json.loads(fake.requests[0].body)
    assert sent["model"] == "small-model"
    assert "please fix the flaky login test" in json.dumps(sent["messages"])
    with pytest.raises(ValueError, match="not a configured model"):
        model_titler(router, "nope")
