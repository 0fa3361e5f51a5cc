"""Sweep's second prompt format (`mode = "sweep2"`, `cursord.tab.sweep_v2`): the prompt as Sweep's local
server writes it, a file block that stays put while the cursor moves, and a rewrite answered through the
daemon from a fake llama.cpp server; on the Trio clock."""

from __future__ import annotations

import trio

from cursord.config import TabBackend, TabMode
from cursord.config._tab import DEFAULT_WINDOWS
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.backend import FIM_FORMATS
from cursord.tab.next_edit import edit_window
from cursord.tab.sweep_v2 import FILE_CHUNK_LINES, sweep_v2_prompt
from cursord.testing.fake_fim import rewrite_server
from cursord.testing.fake_providers import open_fake_server
from tests.tab.test_tab_next_edit_service import request_at
from tests.tab.test_tab_service import read_frames, tab_daemon

SMALL = "def add(a, b):\n    return a\n\nprint(add(1, 2))\n"
DIFF = "--- a/src/add.py\n+++ b/src/add.py\n@@ -1 +1 @@\n-def add(a):\n+def add(a, b):\n"


def _prompt(request: aiserver.StreamCppRequest) -> str:
    above, below = DEFAULT_WINDOWS[TabMode.SWEEP2]
    window = edit_window(request, lines_above=above, lines_below=below)
    return sweep_v2_prompt(window, request.current_file.contents).text


def test_the_prompt_is_the_file_the_changes_and_the_named_window() -> None:
    current = aiserver.CurrentFileInfo(relative_workspace_path="src/add.py", contents=SMALL,
                                       cursor_position=aiserver.CursorPosition(line=1, column=12))
    request = aiserver.StreamCppRequest(current_file=current, diff_history=[DIFF])
    assert _prompt(request) == (
        "<|file_sep|>src/add.py\n" + SMALL
        + "\n<|file_sep|>src/add.py:1:1\noriginal:\ndef add(a):\nupdated:\ndef add(a, b):\n"
        "<|file_sep|>original/src/add.py:1:5\n" + SMALL
        + "\n<|file_sep|>current/src/add.py:1:5\ndef add(a, b):\n    return a<|cursor|>\n\nprint(add(1, 2))\n\n"
        "<|file_sep|>updated/src/add.py:1:5\n"
    )


def test_a_long_files_block_stays_put_while_the_cursor_moves() -> None:
    def file_part(line: int) -> str:
        text = _prompt(request_at(line))
        return text[: text.index("<|file_sep|>original/")]

    assert file_part(1000) == file_part(1100) != file_part(1200)  # chunks start every 150 lines
    block = file_part(1000).split("<|file_sep|>")[1].strip("\n")
    assert block.count("\n") == FILE_CHUNK_LINES  # its header and its lines
    assert "x900 = 900\n" in file_part(1000) and "x1149 = 1149\n" in file_part(1000)


async def test_the_models_rewrite_is_answered_as_the_edit(autojump_clock: trio.abc.Clock) -> None:
    # the window (2 above, 5 below) around line 1000, the cursor's line changed
    rewrite = "".join(f"x{i} = {i}{' * 2' if i == 1000 else ''}\n" for i in range(998, 1006))
    answer = rewrite_server(FIM_FORMATS[TabBackend.LLAMA_CPP], [rewrite, "<|file_sep|>"])
    async with (
        open_fake_server(answer) as fake,
        tab_daemon(fake, TabBackend.LLAMA_CPP, mode="sweep2") as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        frames, ending = await read_frames(editor, request_at(1000))
    assert ending is None
    prompt = fake.requests[0].json["prompt"]
    assert prompt.startswith("<|file_sep|>src/nums.py\nx900 = 900\n")
    assert prompt.endswith("<|file_sep|>updated/src/nums.py:999:1006\n")
    edit = next(f for f in frames if f.HasField("range_to_replace"))
    assert edit.range_to_replace == aiserver.LineRange(start_line_number=1001, end_line_number_inclusive=1001)
    assert "".join(f.text for f in frames) == "x1000 = 1000 * 2"
