"""The completion cache (`cursord.tab.cache`): sans-IO, then through the daemon with a fake FIM server that
counts the requests it gets; on the Trio clock."""

from __future__ import annotations

import trio
import trio.testing

from cursord.cli.status import format_tab_status
from cursord.config import TabBackend
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.backend import FIM_FORMATS
from cursord.tab.cache import CompletionCache, speculated
from cursord.tab.window import FimPrompt, fim_prompt
from cursord.testing.fake_fim import fim_server
from cursord.testing.fake_providers import open_fake_server
from tests.tab.test_tab_service import FILE, cpp_request, read_frames, tab_daemon


def _prompt(prefix: str, suffix: str = "\n\nprint(add(1, 2))\n") -> FimPrompt:
    return FimPrompt("src/add.py", "python", prefix, suffix, 2, prefix.rsplit("\n", 1)[-1], "")


def test_a_kept_completion_answers_its_prompt_and_the_prompts_typed_along_it() -> None:
    cache = CompletionCache()
    cache.store(_prompt("def add(a, b):\n    return "), "a + b")
    assert cache.lookup(_prompt("def add(a, b):\n    return ")) == "a + b"
    assert cache.lookup(_prompt("def add(a, b):\n    return a +")) == " b"
    assert cache.lookup(_prompt("def add(a, b):\n    return a + b")) is None  # typed out whole: ask again
    assert cache.lookup(_prompt("def add(a, b):\n    return a - ")) is None  # typed something else
    assert cache.lookup(_prompt("def add(a, b):\n    return ", suffix="\n")) is None  # the rest of the file moved
    assert (cache.hits, cache.typed_ahead) == (2, 1)


def test_the_least_recently_used_completion_goes_first() -> None:
    cache = CompletionCache(size=2)
    for prefix in ("a", "b"):
        cache.store(_prompt(prefix), prefix.upper())
    assert cache.lookup(_prompt("a")) == "A"  # "a" is now the most recent
    cache.store(_prompt("c"), "C")
    assert (cache.lookup(_prompt("b")), cache.lookup(_prompt("a")), len(cache)) == (None, "A", 2)


def test_the_speculated_prompt_is_the_one_the_accepted_file_gives() -> None:
    request = cpp_request()
    first = fim_prompt(request)
    accepted = aiserver.StreamCppRequest()
    accepted.CopyFrom(request)
    accepted.current_file.contents = FILE.replace("return \n", "return a + b\n    c = 1\n")
    accepted.current_file.cursor_position.CopyFrom(aiserver.CursorPosition(line=2, column=9))
    assert speculated(first, "a + b\n    c = 1") == fim_prompt(accepted)


def _with_clock(request: aiserver.StreamCppRequest, seconds: float) -> aiserver.StreamCppRequest:
    again = aiserver.StreamCppRequest()
    again.CopyFrom(request)
    again.time_since_request_start = seconds
    again.time_at_request_send = 1.7e12 + seconds * 1000
    again.client_time = 1.7e12 + seconds * 1000
    return again


def _typed(request: aiserver.StreamCppRequest, typed: str) -> aiserver.StreamCppRequest:
    """`request` after the user typed `typed` at its cursor (on one line)."""
    later = aiserver.StreamCppRequest()
    later.CopyFrom(request)
    current = later.current_file
    lines = current.contents.split("\n")
    line, column = current.cursor_position.line, current.cursor_position.column
    lines[line] = lines[line][:column] + typed + lines[line][column:]
    current.contents = "\n".join(lines)
    current.cursor_position.column = column + len(typed)
    return later


async def test_a_repeat_and_a_typed_ahead_request_are_answered_without_the_model(
    autojump_clock: trio.abc.Clock,
) -> None:
    async with (
        open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"])) as fake,
        tab_daemon(fake) as (daemon, service),
        daemon.editor(http2=True) as editor,
    ):
        first, _ = await read_frames(editor, cpp_request())
        repeated, ending = await read_frames(editor, _with_clock(cpp_request(), 9.0))
        typed, typed_ending = await read_frames(editor, _typed(cpp_request(), "a +"))
    assert len(fake.requests) == 1
    assert ending is None and typed_ending is None
    assert "".join(f.text for f in repeated) == "".join(f.text for f in first) == "    return a + b"
    assert "".join(f.text for f in typed) == "    return a + b"
    assert typed[1].range_to_replace == aiserver.LineRange(start_line_number=2, end_line_number_inclusive=2)
    assert typed[-1].done_stream and service.cache.hits == 2
    assert ", 2 from the cache" in format_tab_status({"tab": service.status()})


async def test_a_shown_suggestion_is_followed_by_the_request_its_accept_brings(
    autojump_clock: trio.abc.Clock,
) -> None:
    async with (
        open_fake_server(fim_server(FIM_FORMATS[TabBackend.OPENAI], ["a + b"])) as fake,
        tab_daemon(fake) as (daemon, service),
        trio.open_nursery() as nursery,
        daemon.editor(http2=False) as editor,
    ):
        await nursery.start(service.run)
        await read_frames(editor, cpp_request())
        await fake.wait_for_requests(2)  # the speculative request, as if "a + b" were taken
        assert fake.requests[1].json["prompt"].endswith("    return a + b")
        await trio.testing.wait_all_tasks_blocked()  # its answer is kept
        assert len(service.cache) == 2
        accepted, _ = await read_frames(editor, _typed(cpp_request(), "a + b"))
        nursery.cancel_scope.cancel()
    assert len(fake.requests) == 2 and service.cache.hits == 1
    assert "".join(f.text for f in accepted) == "    return a + ba + b"  # the fake answers alike every time
