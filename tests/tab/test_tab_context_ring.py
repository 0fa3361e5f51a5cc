"""The context ring (`cursord.tab.context_ring`): sans-IO, then its chunks in llama.cpp's `input_extra` and
sent ahead with `n_predict: 0`, through the daemon with a fake llama.cpp server; on the Trio clock."""

from __future__ import annotations

import attrs
import trio

from cursord.config import TabBackend, TabMode
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.backend import FIM_FORMATS
from cursord.tab.context_ring import CHUNK_LINES, ContextChunk, ContextRing, chunks_of
from cursord.tab.next_edit import edit_window, next_edit_prompt
from cursord.testing.fake_fim import fim_server
from cursord.testing.fake_providers import open_fake_server
from tests.tab.test_tab_service import cpp_request, read_frames, tab_daemon, unary

HELPERS = "def mul(a, b):\n    return a * b\n"


def _file(path: str, text: str, first_line: int = 1) -> aiserver.AdditionalFile:
    return aiserver.AdditionalFile(relative_workspace_path=path, is_open=True, visible_range_content=[text],
                                   start_line_number_one_indexed=[first_line])


def test_a_visible_range_is_cut_into_chunks_of_64_lines() -> None:
    text = "\n".join(f"x{i} = {i}" for i in range(150))
    chunks = chunks_of("src/x.py", 10, text)
    assert [(c.first_line, c.last_line) for c in chunks] == [(10, 73), (74, 137), (138, 159)]
    assert chunks_of("src/x.py", 0, "\n\n  \n") == []


def test_the_ring_keeps_the_newest_16_and_drops_what_a_newer_chunk_covers() -> None:
    ring = ContextRing()
    for i in range(20):
        ring.add(ContextChunk(f"f{i}.py", 0, "x = 1"))
    assert len(ring) == 16 and ring.context("", 0, 0)[0].path == "f4.py"
    ring.add(ContextChunk("big.py", 0, "\n".join("y" for _ in range(CHUNK_LINES))))
    ring.add(ContextChunk("big.py", 2, "\n".join("y" for _ in range(CHUNK_LINES))))  # scrolled two lines
    assert [c.first_line for c in ring.context("", 0, 0) if c.path == "big.py"] == [2]


def test_a_prompt_gets_every_chunk_but_those_of_its_own_window() -> None:
    ring = ContextRing()
    ring.add_files([_file("src/helpers.py", HELPERS), _file("src/add.py", "import os", first_line=40)])
    ring.add(ContextChunk("src/add.py", 0, "def add(a, b):"))
    assert [c.path for c in ring.context("src/add.py", 0, 20)] == ["src/helpers.py", "src/add.py"]
    assert ring.changed and len(ring.sent()) == 3 and not ring.changed


def test_sweep_shows_the_chunks_as_file_blocks() -> None:
    window = edit_window(cpp_request(), lines_above=10, lines_below=10)
    chunk = ContextChunk("src/helpers.py", 0, HELPERS.rstrip("\n"))
    prompt = next_edit_prompt(TabMode.SWEEP, attrs.evolve(window, context=(chunk,)))
    assert prompt.text.startswith("<|file_sep|>src/helpers.py\ndef mul(a, b):\n    return a * b\n<|file_sep|>")


async def test_what_the_editor_shows_reaches_llama_cpp_ahead_and_with_the_request(
    autojump_clock: trio.abc.Clock,
) -> None:
    async with (
        open_fake_server(fim_server(FIM_FORMATS[TabBackend.LLAMA_CPP], ["a + b"])) as fake,
        tab_daemon(fake, TabBackend.LLAMA_CPP) as (daemon, service),
        trio.open_nursery() as nursery,
        daemon.editor(http2=True) as editor,
    ):
        await nursery.start(service.run)
        refresh = aiserver.RefreshTabContextRequest(additional_files=[_file("src/helpers.py", HELPERS)])
        await unary(editor, "/aiserver.v1.AiService/RefreshTabContext", refresh, aiserver.RefreshTabContextResponse)
        await fake.wait_for_requests(1)
        await read_frames(editor, cpp_request())
        nursery.cancel_scope.cancel()
    prewarm, completion = (r.json for r in fake.requests[:2])
    chunk = {"filename": "src/helpers.py", "text": HELPERS}
    assert prewarm["n_predict"] == 0 and prewarm["input_extra"] == [chunk] and prewarm["cache_prompt"]
    assert completion["input_extra"][0] == chunk and completion["n_predict"] > 0
