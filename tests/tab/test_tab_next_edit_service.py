"""Next-edit mode end to end: the real app on Hypercorn, a fake server on loopback taking the model's bare
prompt on each server's route, scripted per test, on the Trio clock."""

from __future__ import annotations

from functools import partial

import pytest
import trio

from cursord.config import TabBackend
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, parse_end_stream
from cursord.connect.errors import Code, ConnectError
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab import TabUsage
from cursord.tab.backend import FIM_FORMATS
from cursord.testing.editor import STREAM_HEADERS, EditorClient
from cursord.testing.fake_fim import fim_server, rewrite_server
from cursord.testing.fake_providers import open_fake_server
from cursord.testing.tab_editor import editor_edit, next_cursor_request, stream_cpp_request
from tests.tab.test_tab_service import HTTP, assert_frames_agree, cpp_request, read_frames, tab_daemon, unary

NEXT_CURSOR = "/aiserver.v1.AiService/StreamNextCursorPrediction"
#: a file much longer than the window
FILE = "".join(f"x{i} = {i}\n" for i in range(2000))
#: the window (3 above, 3 below) around line 1000 as Sweep's model rewrites it: the cursor's line changed,
#: and two lines below it too
SWEEP_OUTPUT = "x1000 = 1000 * 2\nx1001 = 1001\nx1002 = 1002\nx1003 = 1003 * 2\n"


#: the user's last edit: line 1000 (x999) was `x999 = 0`
EDIT = editor_edit([(1000, "x999 = 0")], [(1000, "x999 = 999")])


def request_at(line: int = 1000, column: int = 3, contents: str = FILE) -> aiserver.StreamCppRequest:
    return stream_cpp_request("src/nums.py", contents, line, column, [EDIT])


async def ask_next_cursor(
    editor: EditorClient, request: aiserver.StreamCppRequest
) -> tuple[list[aiserver.StreamNextCursorPredictionResponse], ConnectError | None]:
    """The StreamNextCursorPrediction frames for `request`'s file and cursor (sent one-based, as the editor
    does), and the stream's end error."""
    current = request.current_file
    position = current.cursor_position
    prediction = next_cursor_request(
        current.relative_workspace_path, current.contents, position.line + 1, position.column + 1, [EDIT]
    )
    async with editor._connection() as conn:
        body = encode_envelope(prediction.SerializeToString())
        response = await conn.request("POST", NEXT_CURSOR, STREAM_HEADERS, body)
        envelopes = EnvelopeDecoder(1 << 20).feed(await response.read_all())
    assert envelopes[-1].end_stream
    frames = [aiserver.StreamNextCursorPredictionResponse.FromString(e.payload) for e in envelopes[:-1]]
    return frames, parse_end_stream(envelopes[-1].payload)[0]


async def ask_in(scope: trio.CancelScope, editor: EditorClient, request: aiserver.StreamCppRequest) -> None:
    """Ask for a prediction until `scope` is cancelled (the editor dropping the request)."""
    with scope:
        await ask_next_cursor(editor, request)


async def next_cursor(
    editor: EditorClient, request: aiserver.StreamCppRequest
) -> list[aiserver.StreamNextCursorPredictionResponse]:
    frames, ending = await ask_next_cursor(editor, request)
    assert ending is None, ending
    return frames


@pytest.mark.parametrize("backend", [TabBackend.OPENAI, TabBackend.OLLAMA, TabBackend.LLAMA_CPP])
@pytest.mark.parametrize("http2", HTTP)
async def test_the_edit_nearest_the_cursor_streams_back_with_the_cursor_jump(
    autojump_clock: trio.abc.Clock, http2: bool, backend: TabBackend
) -> None:
    usage: list[TabUsage] = []
    answer = rewrite_server(FIM_FORMATS[backend], [SWEEP_OUTPUT[:9], SWEEP_OUTPUT[9:30], SWEEP_OUTPUT[30:]], gap=0.01)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, backend, usage, mode="sweep", lines_above=3, lines_below=3) as (daemon, service),
        daemon.editor(http2=http2) as editor,
    ):
        frames, ending = await read_frames(editor, request_at())
        jumps = await next_cursor(editor, request_at())
        enabled = await unary(editor, "/aiserver.v1.AiService/IsCursorPredictionEnabled",
                              aiserver.IsCursorPredictionEnabledRequest(), aiserver.IsCursorPredictionEnabledResponse)
    assert ending is None, ending
    assert fake.refused == [] and len(fake.requests) == 2
    sent = fake.requests[0].json
    prompt = sent["prompt"]
    assert "suffix" not in sent and "input_prefix" not in sent
    assert prompt.count("\n") < 30 and "x990 " not in prompt and "x1004 " not in prompt  # the window only
    assert "<|file_sep|>current/src/nums.py\nx997 = 997\nx998 = 998\nx999 = 999\nx10<|cursor|>00 = 1000\n" in prompt
    assert prompt.endswith("<|file_sep|>updated/src/nums.py\nx997 = 997\nx998 = 998\nx999 = 999\n")
    if backend is TabBackend.OLLAMA:
        assert sent["raw"] is True and sent["keep_alive"]
        assert sent["options"]["stop"] == ["<|file_sep|>", "<|endoftext|>"]
    elif backend is TabBackend.LLAMA_CPP:
        assert sent["cache_prompt"] is True and sent["stop"] == ["<|file_sep|>", "<|endoftext|>"]
    else:
        assert sent["stop"] == ["<|file_sep|>", "<|endoftext|>"]
    assert frames[0].HasField("model_info")
    assert frames[1].range_to_replace == aiserver.LineRange(start_line_number=1001, end_line_number_inclusive=1001)
    assert frames[1].binding_id and frames[1].begin_edit
    assert [f.text for f in frames if f.text] == ["x1000 = 1000 * 2"]  # only the changed line
    target = next(f.cursor_prediction_target for f in frames if f.HasField("cursor_prediction_target"))
    assert (target.relative_path, target.line_number_one_indexed) == ("src/nums.py", 1004)
    assert target.expected_content == "x1003 = 1003" and target.should_retrigger_cpp
    assert frames[-1].done_stream and any(f.done_edit for f in frames)
    assert [j.WhichOneof("response") for j in jumps] == ["file_name", "line_number"]
    assert (jumps[0].file_name, jumps[1].line_number) == ("src/nums.py", 1004)
    # the prediction's one-based cursor (line 1001, column 4) is the StreamCpp's zero-based (1000, 3)
    assert fake.requests[1].json["prompt"] == prompt
    assert enabled.enabled
    assert [u.outcome for u in usage] == ["completed", "completed"]  # the edit, then the prediction
    assert (service.counters.requests, service.counters.completed, service.counters.predictions) == (1, 1, 1)
    if backend is TabBackend.LLAMA_CPP:
        assert usage[0].cache_read_tokens == 60  # the fake reports half the prompt cached


async def test_the_zeta_format_reads_the_rewritten_region(autojump_clock: trio.abc.Clock) -> None:
    region = ("```src/nums.py\n<|editable_region_start|>\nx999 = 999\nx1000 = 1000 + 1<|user_cursor_is_here|>\n"
              "x1001 = 1001\n<|editable_region_end|>\n```")
    async with (
        open_fake_server(rewrite_server(FIM_FORMATS[TabBackend.OLLAMA], [region[:40], region[40:]])) as fake,
        tab_daemon(fake, TabBackend.OLLAMA, mode="zeta", lines_above=1, lines_below=1) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        frames, ending = await read_frames(editor, request_at())
    assert ending is None, ending
    prompt = fake.requests[0].json["prompt"]
    assert "<|editable_region_start|>\nx999 = 999\nx10<|user_cursor_is_here|>00 = 1000\nx1001 = 1001\n" in prompt
    assert 'User edited "src/nums.py":\n```diff\n@@ -1000,1 +1000,1 @@\n-x999 = 0\n+x999 = 999\n```' in prompt
    assert "1000+|" not in prompt  # never the editor's own form
    assert frames[1].range_to_replace.start_line_number == 1001
    assert [f.text for f in frames if f.text] == ["x1000 = 1000 + 1"]
    assert not any(f.HasField("cursor_prediction_target") for f in frames)


async def test_a_rewrite_that_changes_nothing_is_no_suggestion_and_no_jump(autojump_clock: trio.abc.Clock) -> None:
    unchanged = "x1000 = 1000\nx1001 = 1001\n"
    async with (
        open_fake_server(rewrite_server(FIM_FORMATS[TabBackend.LLAMA_CPP], [unchanged])) as fake,
        tab_daemon(fake, TabBackend.LLAMA_CPP, mode="sweep", lines_above=1, lines_below=1) as (daemon, _),
        daemon.editor(http2=False) as editor,
    ):
        frames, ending = await read_frames(editor, request_at())
        jumps = await next_cursor(editor, request_at())
    assert ending is None and len(fake.requests) == 2
    assert [f.WhichOneof("_done_stream") for f in frames[1:]] == ["done_stream"]
    assert not any(f.HasField("range_to_replace") for f in frames)
    assert [j.is_not_in_range for j in jumps] == [True]


async def test_a_fim_mode_daemon_answers_no_jump_without_asking_the_model(autojump_clock: trio.abc.Clock) -> None:
    async with (
        open_fake_server(rewrite_server(FIM_FORMATS[TabBackend.OPENAI], ["x"])) as fake,
        tab_daemon(fake) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        jumps = await next_cursor(editor, request_at())
    assert [j.is_not_in_range for j in jumps] == [True] and fake.requests == []


@pytest.mark.parametrize("http2", HTTP)
async def test_a_dropped_prediction_cancels_its_upstream_call(autojump_clock: trio.abc.Clock, http2: bool) -> None:
    usage: list[TabUsage] = []
    answer = rewrite_server(FIM_FORMATS[TabBackend.LLAMA_CPP], [SWEEP_OUTPUT[:9]], stall=True)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.LLAMA_CPP, usage, mode="sweep", lines_above=3, lines_below=3) as (daemon, _),
        daemon.editor(http2=http2) as editor,
        trio.open_nursery() as nursery,
    ):
        asking = trio.CancelScope()
        nursery.start_soon(ask_in, asking, editor, request_at())
        await fake.wait_for_requests(1)
        asking.cancel()  # the editor drops the request
        with trio.fail_after(1):
            await fake.requests[0].disconnected.wait()
    assert fake.requests[0].client_disconnected and not fake.requests[0].completed
    assert [u.outcome for u in usage] == ["superseded"]


@pytest.mark.parametrize("http2", HTTP)
async def test_a_newer_prediction_for_the_file_supersedes_the_older(
    autojump_clock: trio.abc.Clock, http2: bool
) -> None:
    answer = rewrite_server(FIM_FORMATS[TabBackend.OLLAMA], [SWEEP_OUTPUT[:9]], stall=True)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.OLLAMA, mode="sweep", lines_above=3, lines_below=3) as (daemon, _),
        daemon.editor(http2=http2) as editor,
    ):
        endings: list[object] = []

        async def first() -> None:
            endings.append((await ask_next_cursor(editor, request_at()))[1])

        async with trio.open_nursery() as nursery:
            nursery.start_soon(first)
            await fake.wait_for_requests(1)
            later = trio.CancelScope()
            nursery.start_soon(partial(ask_in, later, editor, request_at(column=4)))
            with trio.fail_after(1):
                await fake.requests[0].disconnected.wait()
            await fake.wait_for_requests(2)
            later.cancel()
    assert fake.requests[0].client_disconnected and not fake.requests[0].completed
    assert isinstance(endings[0], ConnectError) and endings[0].code is Code.CANCELED, endings


ZETA_REGION = ("```src/nums.py\n<|editable_region_start|>\nx999 = 999\nx1000 = 1000 + 1<|user_cursor_is_here|>\n"
               "x1001 = 1001\n<|editable_region_end|>")


@pytest.mark.parametrize("backend", [TabBackend.OPENAI, TabBackend.OLLAMA, TabBackend.LLAMA_CPP])
async def test_the_model_is_stopped_as_soon_as_the_rewritten_region_ends(
    autojump_clock: trio.abc.Clock, backend: TabBackend
) -> None:
    # the region's end marker, then the model would go on (here: never ends): nothing after it is needed
    answer = rewrite_server(FIM_FORMATS[backend], [ZETA_REGION[:50], ZETA_REGION[50:], "\n```"], gap=0.01,
                            stall=True)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, backend, mode="zeta", lines_above=1, lines_below=1) as (daemon, service),
        daemon.editor(http2=True) as editor,
    ):
        with trio.fail_after(1):
            frames, ending = await read_frames(editor, request_at())
            await fake.requests[0].disconnected.wait()
    assert ending is None, ending
    assert [f.text for f in frames if f.text] == ["x1000 = 1000 + 1"]
    assert fake.requests[0].client_disconnected and not fake.requests[0].completed
    assert service.counters.completed == 1


async def test_a_prediction_is_no_jump_within_one_line_of_the_cursor(autojump_clock: trio.abc.Clock) -> None:
    # the line below the cursor's changes: the editor would drop a jump there
    below = "x1000 = 1000\nx1001 = 1001 * 2\nx1002 = 1002\nx1003 = 1003\n"
    async with (
        open_fake_server(rewrite_server(FIM_FORMATS[TabBackend.OPENAI], [below])) as fake,
        tab_daemon(fake, TabBackend.OPENAI, mode="sweep", lines_above=3, lines_below=3) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        jumps = await next_cursor(editor, request_at())
    assert len(fake.requests) == 1 and [j.is_not_in_range for j in jumps] == [True]


@pytest.mark.parametrize("http2", HTTP)
async def test_a_prediction_stops_the_model_as_soon_as_the_rewritten_region_ends(
    autojump_clock: trio.abc.Clock, http2: bool
) -> None:
    # only the line two above the cursor's changes: the cursor should go there
    region = ZETA_REGION.replace("x999 = 999", "x998 = 998 * 3\nx999 = 999").replace("1000 + 1", "1000")
    answer = rewrite_server(FIM_FORMATS[TabBackend.LLAMA_CPP], [region], stall=True)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.LLAMA_CPP, mode="zeta", lines_above=2, lines_below=1) as (daemon, _),
        daemon.editor(http2=http2) as editor,
    ):
        with trio.fail_after(1):
            jumps = await next_cursor(editor, request_at())
            await fake.requests[0].disconnected.wait()
    assert (jumps[0].file_name, jumps[1].line_number) == ("src/nums.py", 999)
    assert fake.requests[0].client_disconnected and not fake.requests[0].completed


async def test_a_runaway_rewrite_is_stopped_and_is_no_suggestion(autojump_clock: trio.abc.Clock) -> None:
    answer = rewrite_server(FIM_FORMATS[TabBackend.OPENAI], ["x = 0\n"] * 40, stall=True)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.OPENAI, mode="sweep", lines_above=1, lines_below=1) as (daemon, _),
        daemon.editor(http2=False) as editor,
    ):
        with trio.fail_after(1):
            frames, ending = await read_frames(editor, request_at())
            await fake.requests[0].disconnected.wait()
    assert ending is None, ending
    assert not any(f.HasField("range_to_replace") for f in frames) and frames[-1].done_stream


@pytest.mark.parametrize("mode", ["fim", "sweep"])
async def test_the_frames_are_what_cpp_config_declares(autojump_clock: trio.abc.Clock, mode: str) -> None:
    if mode == "fim":
        answer, request, fields = fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"]), cpp_request(), {}
    else:
        answer, request = rewrite_server(FIM_FORMATS[TabBackend.OPENAI], [SWEEP_OUTPUT]), request_at()
        fields = {"mode": "sweep", "lines_above": 3, "lines_below": 3}
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, **fields) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        config = await unary(editor, "/aiserver.v1.AiService/CppConfig", aiserver.CppConfigRequest(),
                             aiserver.CppConfigResponse)
        frames, ending = await read_frames(editor, request)
    assert ending is None, ending
    assert any(f.HasField("range_to_replace") for f in frames)
    assert any(f.HasField("cursor_prediction_target") for f in frames) is (mode == "sweep")
    assert_frames_agree(config, frames)


async def test_a_rewrite_cut_short_by_the_budget_is_answered_from_the_lines_it_has(
    autojump_clock: trio.abc.Clock,
) -> None:
    # the cursor's line and the next come at once, the rest 10 s later: the edit goes by 3.5 s, the jump
    # (not written yet) does not
    answer = rewrite_server(FIM_FORMATS[TabBackend.OPENAI], [SWEEP_OUTPUT[:30], SWEEP_OUTPUT[30:]], gap=10.0)
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.OPENAI, mode="sweep", lines_above=3, lines_below=3) as (daemon, service),
        daemon.editor(http2=True) as editor,
    ):
        began = trio.current_time()
        frames, ending = await read_frames(editor, request_at())
        took = trio.current_time() - began
    assert ending is None and took <= 3.5, (ending, took)
    assert frames[1].range_to_replace == aiserver.LineRange(start_line_number=1001, end_line_number_inclusive=1001)
    assert [f.text for f in frames if f.text] == ["x1000 = 1000 * 2"]
    assert not any(f.HasField("cursor_prediction_target") for f in frames) and frames[-1].done_stream
    assert service.counters.timeouts == 1
