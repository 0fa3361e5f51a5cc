"""Tab end to end: the real app on the real Hypercorn stack (in memory, HTTP/2 and HTTP/1.1), a fake FIM
server on loopback speaking each format, on the Trio clock.

The recorded CppConfig answer (`tests/data/tab/CppConfig.json`) is Cursor's own, published by
rexqin/cursor-tap (`assets/CppConfig.json`); the StreamCpp requests are built from the wire schema.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import TypeVar

import pytest
import trio
import trio.testing
from google.protobuf import json_format
from google.protobuf.message import Message

from cursord.cli.status import format_tab_status
from cursord.config import TabBackend
from cursord.config._tab import build_tab
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, parse_end_stream
from cursord.connect.errors import Code, ConnectError
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server import AppParts, EditorActivity
from cursord.store import PassStatus
from cursord.tab import FimBackend, TabService, TabUsage, tab_parts
from cursord.tab.admission import TabStreamSlots
from cursord.tab.backend import FIM_FORMATS
from cursord.tab.pass_records import tab_pass_record
from cursord.testing.behaviours import Echo
from cursord.testing.editor import STREAM_HEADERS, EditorClient
from cursord.testing.fake_fim import FIM_KEY, fim_server
from cursord.testing.fake_providers import FakeProvider, open_fake_server
from cursord.testing.harness import RunningDaemon, running_daemon
from cursord.testing.tab_editor import editor_edit, stream_cpp_request

M = TypeVar("M", bound=Message)
HTTP = [pytest.param(True, id="http2"), pytest.param(False, id="http1")]
RECORDED_CONFIG = Path(__file__).parents[1] / "data" / "tab" / "CppConfig.json"
STREAM_CPP = "/aiserver.v1.AiService/StreamCpp"
FILE = "def add(a, b):\n    return \n\nprint(add(1, 2))\n"
#: CppConfig fields cursord answers differently from Cursor, on purpose (`cursord.tab.service.cpp_config`)
CHANGED = {
    "enable_rvf_tracking",
    "import_prediction_config",
    "check_filesync_hash_percent",
    "allows_tab_chunks",
}
BASE_PATHS = {TabBackend.OPENAI: "/v1", TabBackend.DEEPSEEK: "/v1", TabBackend.CODESTRAL: "/v1"}


#: the user's last edit before asking: the signature's second parameter added
EDIT = editor_edit([(1, "def add(a):")], [(1, "def add(a, b):")])


def cpp_request(path: str = "src/add.py", line: int = 1, column: int = 11) -> aiserver.StreamCppRequest:
    return stream_cpp_request(path, FILE, line, column, [EDIT])


@asynccontextmanager
async def tab_daemon(
    fake: FakeProvider,
    backend: TabBackend = TabBackend.OPENAI,
    usage: list[TabUsage] | None = None,
    parts: tuple[AppParts, ...] = (),
    **fields: object,
) -> AsyncIterator[tuple[RunningDaemon, TabService]]:
    spec = build_tab(
        {"backend": backend.value, "base_url": fake.url(BASE_PATHS.get(backend, "")), "model": "fim-model", **fields}
    )
    fim = FimBackend(spec, api_key=FIM_KEY)
    service = TabService(fim, on_usage=usage.append if usage is not None else None)
    async with running_daemon(Echo, parts=(tab_parts(service), *parts)) as daemon:
        yield daemon, service


async def read_frames(
    editor: EditorClient, request: aiserver.StreamCppRequest, *, stop_after: int | None = None
) -> tuple[list[aiserver.StreamCppResponse], ConnectError | str | None]:
    """The StreamCpp frames and how the stream ended (an error, None for success, "dropped" when this
    client went away after `stop_after` frames)."""
    frames: list[aiserver.StreamCppResponse] = []
    async with editor._connection() as conn:
        response = await conn.request("POST", STREAM_CPP, STREAM_HEADERS, encode_envelope(request.SerializeToString()))
        assert response.status == 200
        decoder = EnvelopeDecoder(1 << 20)
        while (chunk := await response.read_chunk()) is not None:
            for envelope in decoder.feed(chunk):
                if envelope.end_stream:
                    return frames, parse_end_stream(envelope.payload)[0]
                frames.append(aiserver.StreamCppResponse.FromString(envelope.payload))
                if stop_after is not None and len(frames) >= stop_after:
                    await response.aclose()
                    return frames, "dropped"
    raise AssertionError("the stream ended without its end-stream envelope")


async def unary(editor: EditorClient, path: str, request: Message, reply_type: type[M]) -> M:
    status, body = await editor.post(path, request.SerializeToString())
    assert status == 200, body
    return reply_type.FromString(body)


@pytest.mark.parametrize("http2", HTTP)
async def test_cpp_config_has_the_recorded_shape(autojump_clock: trio.abc.Clock, http2: bool) -> None:
    recorded = json_format.Parse(RECORDED_CONFIG.read_text(), aiserver.CppConfigResponse())
    async with (
        open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["x"])) as fake,
        tab_daemon(fake) as (daemon, _),
        daemon.editor(http2=http2) as editor,
    ):
        ours = await unary(editor, "/aiserver.v1.AiService/CppConfig", aiserver.CppConfigRequest(model="x"),
                           aiserver.CppConfigResponse)
    assert isinstance(ours, aiserver.CppConfigResponse)
    for field, value in recorded.ListFields():
        if field.name not in CHANGED:
            assert getattr(ours, field.name) == value, field.name
    assert ours.is_fused_cursor_prediction_model and ours.check_filesync_hash_percent == 0
    assert ours.import_prediction_config.is_disabled_by_backend


async def test_the_side_rpcs_answer_locally(autojump_clock: trio.abc.Clock) -> None:
    async with (
        open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["x"])) as fake,
        tab_daemon(fake) as (daemon, service),
        daemon.editor(http2=True) as editor,
    ):
        models = await unary(editor, "/aiserver.v1.CppService/AvailableModels",
                             aiserver.AvailableCppModelsRequest(), aiserver.AvailableCppModelsResponse)
        assert models == aiserver.AvailableCppModelsResponse(models=["fim-model"], default_model="fim-model")
        status = await unary(editor, "/aiserver.v1.AiService/CppEditHistoryStatus",
                             aiserver.CppEditHistoryStatusRequest(), aiserver.CppEditHistoryStatusResponse)
        assert status == aiserver.CppEditHistoryStatusResponse(on=False)
        fate = aiserver.RecordCppFateRequest(request_id="r1", fate=aiserver.CPP_FATE_ACCEPT)
        await unary(editor, "/aiserver.v1.CppService/RecordCppFate", fate, aiserver.RecordCppFateResponse)
        fs = await unary(editor, "/aiserver.v1.FileSyncService/FSIsEnabledForUser",
                         aiserver.FSIsEnabledForUserRequest(uuid="u"), aiserver.FSIsEnabledForUserResponse)
        assert fs == aiserver.FSIsEnabledForUserResponse(enabled=False)
        async with editor._connection() as conn:
            body = encode_envelope(aiserver.StreamNextCursorPredictionRequest().SerializeToString())
            response = await conn.request(
                "POST", "/aiserver.v1.AiService/StreamNextCursorPrediction", STREAM_HEADERS, body
            )
            envelopes = EnvelopeDecoder(1 << 20).feed(await response.read_all())
    assert service.counters.fates == {"CPP_FATE_ACCEPT": 1}
    assert aiserver.StreamNextCursorPredictionResponse.FromString(envelopes[0].payload).is_not_in_range
    assert envelopes[1].end_stream and parse_end_stream(envelopes[1].payload)[0] is None
    assert fake.requests == []  # none of them reached the FIM server


@pytest.mark.parametrize("backend", [TabBackend.OPENAI, TabBackend.CODESTRAL, TabBackend.OLLAMA, TabBackend.LLAMA_CPP])
@pytest.mark.parametrize("http2", HTTP)
async def test_a_suggestion_for_the_cursor_line_streams_back(
    autojump_clock: trio.abc.Clock, http2: bool, backend: TabBackend
) -> None:
    usage: list[TabUsage] = []
    answer = fim_server(FIM_FORMATS[backend], ["a +", " b", "\n"], gap=0.01)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, backend, usage) as (daemon, service),
        daemon.editor(http2=http2) as editor,
    ):
        frames, ending = await read_frames(editor, cpp_request())
    assert ending is None, ending
    assert fake.refused == [] and len(fake.requests) == 1
    sent = fake.requests[0].json
    assert "    return " in str(sent) and "print(add(1, 2))" in str(sent)  # the window, both sides
    if backend is TabBackend.LLAMA_CPP:  # the edit the editor sent in file_diff_histories, as a hunk
        assert sent["input_extra"] == [{"filename": "src/add.py (recent edit)",
                                        "text": "@@ -1,1 +1,1 @@\n-def add(a):\n+def add(a, b):\n"}]
    assert frames[0].HasField("model_info")
    assert frames[1].range_to_replace == aiserver.LineRange(start_line_number=2, end_line_number_inclusive=2)
    assert frames[1].binding_id
    assert "".join(f.text for f in frames) == "    return a + b"
    assert [f.done_edit for f in frames[-2:]] == [True, False] and frames[-1].done_stream
    [spent] = usage
    assert (spent.model, spent.backend, spent.outcome) == ("fim-model", backend.value, "completed")
    assert (spent.input_tokens, spent.output_tokens, spent.error) == (120, 8, None)
    assert spent.first_text_ms is not None and spent.duration_ms >= spent.first_text_ms
    assert spent.local and spent.price is None  # the fake is on loopback: priced as a local model
    assert service.counters.completed == 1


async def test_tab_alone_counts_as_the_editor_using_cursord(autojump_clock: trio.abc.Clock) -> None:
    """Issue 39 #4: the overview said "not yet: no request from the editor" while cursord answered Tab."""
    activity = EditorActivity(clock=trio.current_time)
    seen = AppParts(request_observers=(activity.call,))
    async with (
        open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a"])) as fake,
        tab_daemon(fake, parts=(seen,)) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        assert activity.last_request_at is None
        _, ending = await read_frames(editor, cpp_request())
    assert ending is None and activity.as_dict()["last_request"] == STREAM_CPP
    assert activity.as_dict()["last_request_ago_s"] is not None


@pytest.mark.parametrize("http2", HTTP)
async def test_a_dropped_request_cancels_its_upstream_call(autojump_clock: trio.abc.Clock, http2: bool) -> None:
    answer = fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a\n", " +"], stall=True)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake) as (daemon, service),
        daemon.editor(http2=http2) as editor,
    ):
        frames, ending = await read_frames(editor, cpp_request(), stop_after=3)  # model info, range, text
        assert ending == "dropped" and frames[2].text == "    return a"
        with trio.fail_after(5):
            await fake.requests[0].disconnected.wait()
    assert fake.requests[0].client_disconnected and not fake.requests[0].completed
    assert service.counters.superseded == 1


async def test_a_newer_request_for_the_file_supersedes_the_older(autojump_clock: trio.abc.Clock) -> None:
    answer = fim_server(FIM_FORMATS[TabBackend.OLLAMA], ["a"], stall=True)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.OLLAMA) as (daemon, service),
        daemon.editor(http2=True) as editor,
    ):
        endings: list[object] = []

        async def first() -> None:
            endings.append((await read_frames(editor, cpp_request()))[1])

        async with trio.open_nursery() as nursery:
            nursery.start_soon(first)
            await fake.wait_for_requests(1)
            nursery.start_soon(partial(read_frames, editor, cpp_request(column=4), stop_after=3))
            with trio.fail_after(5):
                await fake.requests[0].disconnected.wait()
    assert isinstance(endings[0], ConnectError) and endings[0].code is Code.CANCELED
    assert service.counters.superseded >= 1


async def test_a_refused_key_ends_the_stream_with_the_providers_error(autojump_clock: trio.abc.Clock) -> None:
    answer = fim_server(FIM_FORMATS[TabBackend.CODESTRAL], ["a"], key="another-key")
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.CODESTRAL) as (daemon, service),
        daemon.editor(http2=True) as editor,
    ):
        _, ending = await read_frames(editor, cpp_request())
    assert isinstance(ending, ConnectError) and ending.code is Code.UNAUTHENTICATED, ending
    assert service.counters.failed == 1


async def test_a_request_without_a_file_is_invalid(autojump_clock: trio.abc.Clock) -> None:
    async with (
        open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a"])) as fake,
        tab_daemon(fake) as (daemon, _),
        daemon.editor(http2=False) as editor,
    ):
        frames, ending = await read_frames(editor, aiserver.StreamCppRequest())
    assert frames == [] and isinstance(ending, ConnectError) and ending.code is Code.INVALID_ARGUMENT
    assert fake.requests == []


async def held_stream(editor: EditorClient, request: aiserver.StreamCppRequest, release: trio.Event) -> None:
    """A StreamCpp the client keeps open until `release`, then drops."""
    async with editor._connection() as conn:
        response = await conn.request("POST", STREAM_CPP, STREAM_HEADERS, encode_envelope(request.SerializeToString()))
        await release.wait()
        await response.aclose()


async def test_tab_streams_are_capped_per_connection_and_in_total(autojump_clock: trio.abc.Clock) -> None:
    """Held streams beyond the caps are refused `resource_exhausted` before their body is read; the slots
    come back as the streams end."""
    answer = fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a\n"], stall=True)
    release = trio.Event()
    async with open_fake_server(answer) as fake:
        spec = build_tab({"backend": "openai", "base_url": fake.url("/v1"), "model": "fim-model"})
        slots = TabStreamSlots(max_total=3, max_per_connection=2)
        service = TabService(FimBackend(spec, api_key=FIM_KEY), slots=slots)
        async with (
            running_daemon(Echo, parts=(tab_parts(service),)) as daemon,
            daemon.editor(http2=True) as one,
            daemon.editor(http2=True) as other,
            trio.open_nursery() as held,
        ):
            for n in range(2):
                held.start_soon(held_stream, one, cpp_request(f"src/one{n}.py"), release)
            await fake.wait_for_requests(2)
            _, refused = await read_frames(one, cpp_request("src/one2.py"))
            assert isinstance(refused, ConnectError) and refused.code is Code.RESOURCE_EXHAUSTED
            assert "this connection has 2 Tab streams running" in refused.message
            held.start_soon(held_stream, other, cpp_request("src/other0.py"), release)
            await fake.wait_for_requests(3)
            _, refused = await read_frames(other, cpp_request("src/other1.py"))
            assert isinstance(refused, ConnectError) and refused.code is Code.RESOURCE_EXHAUSTED
            assert "3 Tab streams are running, the most cursord runs at once" in refused.message
            assert slots.running == 3 and len(fake.requests) == 3  # the refused ones never went upstream
            release.set()
            for request in fake.requests:
                await request.disconnected.wait()
            await trio.testing.wait_all_tasks_blocked()
            assert slots.running == 0
            frames, ending = await read_frames(one, cpp_request("src/one3.py"), stop_after=3)
            assert ending == "dropped" and frames[2].text


def assert_frames_agree(config: aiserver.CppConfigResponse, frames: list[aiserver.StreamCppResponse]) -> None:
    """The frames are what the editor's reader for `config` takes: declared fused in CppConfig and in the
    model info alike; not fused, nothing but the range and text before `done_stream` (its reader throws on
    the rest, and `done_edit` or a jump set even to false is sent); fused, the edit ends with `done_edit`
    and any jump comes after it."""
    fused = config.is_fused_cursor_prediction_model
    assert [f.model_info.is_fused_cursor_prediction_model for f in frames if f.HasField("model_info")] == [fused]
    assert frames[-1].done_stream and not any(f.HasField("done_stream") for f in frames[:-1])
    cases = [f.WhichOneof(name) for f in frames for name in ("_done_edit", "_cursor_prediction_target")]
    if not fused:
        assert cases == [None] * len(cases)
        return
    edit = [i for i, f in enumerate(frames) if f.text or f.HasField("range_to_replace")]
    done = [i for i, f in enumerate(frames) if f.HasField("done_edit")]
    jumps = [i for i, f in enumerate(frames) if f.HasField("cursor_prediction_target")]
    assert (done == [max(edit) + 1]) if edit else done == []
    assert all(done and i > done[0] for i in jumps)



@pytest.mark.parametrize("http2", HTTP)
async def test_a_backend_that_stalls_still_gets_its_answer_ended_within_the_budget(
    autojump_clock: trio.abc.Clock, http2: bool
) -> None:
    """The editor drops a Tab stream older than 4 s: a FIM server that takes 10 s for its second line still
    has the answer end by 3.5 s, at its last whole line, counted as a timeout."""
    usage: list[TabUsage] = []
    answer = fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b\n", "    c = 1\n"], gap=10.0)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, usage=usage) as (daemon, service),
        daemon.editor(http2=http2) as editor,
    ):
        began = trio.current_time()
        frames, ending = await read_frames(editor, cpp_request())
        took = trio.current_time() - began
        with trio.fail_after(1):
            await fake.requests[0].disconnected.wait()  # the upstream call is cut
    assert ending is None and took <= 3.5, (ending, took)
    assert "".join(f.text for f in frames) == "    return a + b"
    assert [f.HasField("done_edit") for f in frames[-2:]] == [True, False] and frames[-1].done_stream
    assert (service.counters.timeouts, service.counters.completed) == (1, 0)
    assert "1 cut at the time limit" in format_tab_status({"tab": service.status()})
    [spent] = usage
    assert spent.outcome == "timeout"
    assert (tab_pass_record(spent).status, tab_pass_record(spent).stop_reason) == (PassStatus.COMPLETED, "timeout")


async def test_a_silent_backend_gets_done_stream_alone_within_the_budget(autojump_clock: trio.abc.Clock) -> None:
    answer = fim_server(FIM_FORMATS[TabBackend.LLAMA_CPP], [], stall=True)  # headers, then nothing
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.LLAMA_CPP) as (daemon, service),
        daemon.editor(http2=True) as editor,
    ):
        began = trio.current_time()
        frames, ending = await read_frames(editor, cpp_request())
        took = trio.current_time() - began
    assert ending is None and took <= 3.5, (ending, took)
    assert [f.WhichOneof("_done_stream") for f in frames[1:]] == ["done_stream"]
    assert service.counters.timeouts == 1
