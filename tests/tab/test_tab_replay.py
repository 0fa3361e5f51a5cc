"""Issue 36's point 7: a capture recorded with Tab on replays with no divergence, its Tab backend rebuilt from
the capture (`cursord.testing.tab_replay`), as `cursord record serve --offline --tab ...` then `cursord replay`
run by a user (real processes); and the model's deltas read back from an answer's frames, sans-IO."""

from __future__ import annotations

from pathlib import Path

import trio

from cursord.capture import calls_of, read_capture
from cursord.config import TabBackend
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab import FimFormat, SuggestionFrames
from cursord.tab.window import FimPrompt
from cursord.testing.fake_fim import fim_server
from cursord.testing.fake_providers import open_fake_provider, open_fake_server
from cursord.testing.process import cursord_command, running_cursord, serve_fake
from cursord.testing.tab_editor import stream_cpp_request
from cursord.testing.tab_replay import fim_deltas
from tests.tab.test_tab_service import EDIT, FILE, read_frames, unary

PROMPT = FimPrompt("a.py", "", "def f(x):\n    y = ", ")\n", 2, "    y = ", ")")


def test_the_models_deltas_are_read_back_from_the_frames_that_carried_them() -> None:
    """Fed back, the deltas make the same frames: each frame's lines, then the rest of the cursor's line."""
    for deltas, cut in ((["g(x", ",\n", "      1", "\n\n      2\n", "3"], False), (["a\n", "b\nc"], True)):
        frames = SuggestionFrames(PROMPT, "b")
        sent = [f for d in deltas for f in frames.text(d)] + frames.closing(cut=cut)
        again = SuggestionFrames(PROMPT, "b")
        rebuilt = [f for d in fim_deltas(PROMPT, sent) for f in again.text(d)] + again.closing()
        assert rebuilt == sent, (deltas, fim_deltas(PROMPT, sent))
    assert fim_deltas(PROMPT, [aiserver.StreamCppResponse(done_stream=True)]) == []


async def test_a_capture_recorded_with_tab_on_replays_with_no_divergence(tmp_path: Path) -> None:
    data_dir, capture = tmp_path / "data", tmp_path / "tab.jsonl"
    answer = fim_server(FimFormat.LLAMA_CPP, ["a + b\n", "    c = a * b\n", "    return c"], gap=0.05)
    async with open_fake_provider() as agent_provider, open_fake_server(answer) as fim:
        command, env = serve_fake(agent_provider, data_dir, "m1", "--offline", "--capture", str(capture),
                                  "--tab", f"{TabBackend.LLAMA_CPP.value},base_url={fim.url()}")
        command[command.index("serve")] = "record"
        command.insert(command.index("record") + 1, "serve")
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                async with daemon.editor(http2=True) as editor:
                    config = await unary(editor, "/aiserver.v1.AiService/CppConfig", aiserver.CppConfigRequest(),
                                         aiserver.CppConfigResponse)
                    assert config.is_fused_cursor_prediction_model
                    request = stream_cpp_request("src/add.py", FILE, 1, 11, [EDIT])
                    frames, ending = await read_frames(editor, request)
                    assert ending is None and len([f for f in frames if f.text]) == 3, frames
                    frames, ending = await read_frames(editor, stream_cpp_request("src/b.py", FILE, 3, 0, [EDIT]))
                    assert ending is None
                assert await daemon.stop() == 0, daemon.log.decode()
    _, events = read_capture(capture)
    assert [c.method for c in calls_of(events)] == ["CppConfig", "StreamCpp", "StreamCpp"]
    with trio.fail_after(120):
        replay = cursord_command("replay", "--timing", "asap", str(capture))
        replayed = await trio.run_process(replay, capture_stdout=True, capture_stderr=True, check=False)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert b"no divergence" in replayed.stdout
