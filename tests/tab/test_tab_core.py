"""Tab's sans-IO core: the window around the cursor, the frames Cursor's server sends, and each FIM format's
stream decoder fed bytes split at every boundary."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.providers.errors import AuthError, StreamTruncated
from cursord.tab.edits import Hunk, RecentEdit
from cursord.tab.fim_formats import FimFormat, build_fim_request, make_fim_decoder
from cursord.tab.frames import SuggestionFrames
from cursord.tab.window import FimPrompt, TabRequestError, fim_prompt
from cursord.testing.fake_fim import _events

FILE = "import os\n\ndef area(r):\n    return 3.14 * r\n\nprint(area(2))\n"


def cpp_request(contents: str = FILE, line: int = 3, column: int = 13, **file: object) -> aiserver.StreamCppRequest:
    current = aiserver.CurrentFileInfo(
        relative_workspace_path="src/geo.py",
        contents=contents,
        cursor_position=aiserver.CursorPosition(line=line, column=column),
        language_id="python",
        **file,  # type: ignore[arg-type]
    )
    return aiserver.StreamCppRequest(current_file=current, diff_history=["-a\n+b\n"], workspace_id="ws")


# --- the window ------------------------------------------------------------------------------------------


def test_the_prompt_splits_the_file_at_the_cursor() -> None:
    prompt = fim_prompt(cpp_request())
    assert prompt.prefix == "import os\n\ndef area(r):\n    return 3."
    assert prompt.suffix == "14 * r\n\nprint(area(2))\n"
    assert (prompt.line_number, prompt.line_before, prompt.line_after) == (4, "    return 3.", "14 * r")
    # an edit in `diff_history` (field 2, an older shape), without `@@` headers
    assert prompt.recent_edits == (RecentEdit("src/geo.py", (Hunk(("-a", "+b")),)),)


def test_the_window_holds_only_the_lines_around_the_cursor() -> None:
    lines = [f"line {i}" for i in range(1000)]
    prompt = fim_prompt(cpp_request("\n".join(lines), line=500, column=4), lines_above=2, lines_below=1, align=1)
    assert prompt.prefix == "line 498\nline 499\nline"
    assert prompt.suffix == " 500\nline 501"


def test_the_window_starts_on_an_aligned_line_so_nearby_requests_share_their_prompt_start() -> None:
    """While the cursor moves within 16 lines, the prompt's start stays put: what a prompt cache reuses."""
    text = "\n".join(f"line {i}" for i in range(1000))
    starts = {fim_prompt(cpp_request(text, line=line, column=0), lines_above=2).prefix.split("\n")[0]
              for line in range(498, 514)}
    assert starts == {"line 496"}
    moved = fim_prompt(cpp_request(text, line=514, column=0), lines_above=2)
    assert moved.prefix.startswith("line 512\n")
    longest = max(len(fim_prompt(cpp_request(text, line=line, column=0), lines_above=2).prefix.split("\n"))
                  for line in range(500, 600))
    assert longest == 2 + 15 + 1  # never more than `align - 1` extra lines above


def test_the_cursor_column_counts_utf16_units() -> None:
    prompt = fim_prompt(cpp_request("x = '😀é'\n", line=0, column=8))  # the emoji is two UTF-16 units
    assert prompt.line_before == "x = '😀é"
    assert prompt.line_after == "'"


def test_contents_that_start_later_in_the_file_are_placed() -> None:
    prompt = fim_prompt(cpp_request("a\nb\nc\n", line=11, column=1, contents_start_at_line=10))
    assert (prompt.line_number, prompt.line_before, prompt.line_after) == (12, "b", "")


def test_crlf_files_answer_with_crlf() -> None:
    prompt = fim_prompt(cpp_request("a\r\nbc\r\nd", line=1, column=1))
    assert (prompt.prefix, prompt.suffix, prompt.eol) == ("a\nb", "c\nd", "\r\n")
    last = fim_prompt(cpp_request("a\r\nbc\r\nd", line=2, column=1))
    assert (last.prefix, last.suffix, last.line_before, last.eol) == ("a\nbc\nd", "", "d", "\r\n")
    below = fim_prompt(cpp_request("a\r\nbc\r\nd\r\n", line=0, column=1), lines_below=1)
    assert (below.suffix, below.line_after) == ("\nbc", "")


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (aiserver.StreamCppRequest(), "no current_file"),
        (cpp_request("", rely_on_filesync=True), "rely_on_filesync"),
        (cpp_request(line=40), "fewer lines"),
        (cpp_request(line=1, contents_start_at_line=5), "outside the contents"),
    ],
)
def test_unusable_requests_say_why(request_: aiserver.StreamCppRequest, message: str) -> None:
    with pytest.raises(TabRequestError, match=message):
        fim_prompt(request_)


# --- the frames ------------------------------------------------------------------------------------------

PROMPT = FimPrompt("a.py", "python", "def f(x):\n    return ", "\n", 2, "    return ", "")


def test_a_completion_streams_as_cursors_frames() -> None:
    frames = SuggestionFrames(PROMPT, "bind-1")
    assert frames.opening() == [aiserver.StreamCppResponse(
        model_info=aiserver.StreamCppResponse.ModelInfo(is_fused_cursor_prediction_model=True)
    )]
    assert frames.text("x +") == []  # a line goes out once it is whole
    sent = frames.text(" 1\ny") + frames.text(" = 2") + frames.closing()
    assert sent[0].range_to_replace == aiserver.LineRange(start_line_number=2, end_line_number_inclusive=2)
    assert sent[0].binding_id == "bind-1"
    assert [f.text for f in sent[1:3]] == ["    return x + 1", "\ny = 2"]
    assert sent[3:] == [aiserver.StreamCppResponse(done_edit=True), aiserver.StreamCppResponse(done_stream=True)]


def test_a_completion_cut_short_ends_at_its_last_whole_line() -> None:
    frames = SuggestionFrames(PROMPT, "b")
    sent = frames.text("x + 1\n") + frames.text("    y = x\n\n    z =") + frames.closing(cut=True)
    assert [f.text for f in sent if f.text] == ["    return x + 1", "\n    y = x"]  # the half line dropped
    assert sent[-2:] == [aiserver.StreamCppResponse(done_edit=True), aiserver.StreamCppResponse(done_stream=True)]
    half = SuggestionFrames(PROMPT, "b")
    assert half.text("x +") == [] and half.closing(cut=True) == [aiserver.StreamCppResponse(done_stream=True)]
    whole = SuggestionFrames(PROMPT, "b")
    assert [f.text for f in whole.text("x +") + whole.closing() if f.text] == ["    return x +"]


def test_the_rest_of_the_line_follows_the_completion() -> None:
    prompt = FimPrompt("a.py", "python", "print(", ")\n", 7, "print(", ")", eol="\r\n")
    frames = SuggestionFrames(prompt, "b")
    texts = [f.text for f in frames.text("a\n") + frames.text("b") + frames.closing() if f.text]
    assert "".join(texts) == "print(a\r\nb)"


def test_no_completion_sends_no_range() -> None:
    frames = SuggestionFrames(PROMPT, "b")
    assert frames.text("") + frames.text("\n\n") == []
    assert frames.closing() == [aiserver.StreamCppResponse(done_stream=True)]


def test_a_long_completion_is_cut_at_its_last_whole_line() -> None:
    frames = SuggestionFrames(PROMPT, "b", max_lines=3)
    frames.text("a\nb")
    assert not frames.full
    frames.text("\nc\nd\ne")
    assert frames.full and frames.inserted == "a\nb\nc"
    assert frames.text("more") == []


# --- the FIM formats -----------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", list(FimFormat))
def test_every_format_asks_for_the_window(fmt: FimFormat) -> None:
    path, body = build_fim_request(fmt, "m", fim_prompt(cpp_request()))
    assert body["stream"] is True
    text = json.dumps(body)
    assert "    return 3." in text and "14 * r" in text
    assert path.startswith("/")


@pytest.mark.parametrize("fmt", list(FimFormat))
def test_every_format_decodes_split_at_every_byte(fmt: FimFormat) -> None:
    chunks = ["x ", "+ 1 ", "ünï😀", "\n"]
    stream = b"".join(_events(fmt, chunks, (11, 4), include_usage=True))
    for cut in range(len(stream) + 1):
        decoder = make_fim_decoder(fmt, "p")
        texts = decoder.feed(stream[:cut]) + decoder.feed(stream[cut:])
        decoder.finish()
        assert "".join(texts) == "".join(chunks), cut
        assert decoder.usage is not None and (decoder.usage.input_tokens, decoder.usage.output_tokens) == (11, 4)


@pytest.mark.parametrize("fmt", list(FimFormat))
def test_a_stream_cut_before_its_end_is_truncated(fmt: FimFormat) -> None:
    events = _events(fmt, ["a", "b"], (1, 1), include_usage=False)
    decoder = make_fim_decoder(fmt, "p")
    decoder.feed(b"".join(events[:2]))
    with pytest.raises(StreamTruncated):
        decoder.finish()


@pytest.mark.parametrize(
    ("fmt", "payload", "cached"),
    [
        (FimFormat.OPENAI, {"choices": [], "usage": {"prompt_tokens": 900, "completion_tokens": 5,
                                                   "prompt_tokens_details": {"cached_tokens": 768}}}, 768),
        # DeepSeek: its automatic prefix cache reports hits and misses beside the totals
        (FimFormat.OPENAI, {"choices": [], "usage": {"prompt_tokens": 900, "completion_tokens": 5,
                                                   "prompt_cache_hit_tokens": 832, "prompt_cache_miss_tokens": 68}},
         832),
        (FimFormat.LLAMA_CPP, {"content": "", "stop": True, "tokens_evaluated": 900, "tokens_predicted": 5,
                               "tokens_cached": 896}, 896),
        (FimFormat.LLAMA_CPP, {"content": "", "stop": True, "tokens_evaluated": 900, "tokens_predicted": 5,
                               "timings": {"cache_n": 512}}, 512),
    ],
)
def test_cache_reads_are_read_where_the_server_reports_them(fmt: FimFormat, payload: object, cached: int) -> None:
    decoder = make_fim_decoder(fmt, "p")
    decoder.feed(b"data: " + json.dumps(payload).encode() + b"\n\ndata: [DONE]\n\n")
    assert decoder.usage is not None and (decoder.usage.input_tokens, decoder.usage.cache_read_tokens) == (900, cached)


def test_the_servers_with_a_prompt_cache_are_asked_to_keep_it() -> None:
    prompt = fim_prompt(cpp_request())
    assert build_fim_request(FimFormat.LLAMA_CPP, "", prompt)[1]["cache_prompt"] is True
    assert build_fim_request(FimFormat.OLLAMA, "m", prompt)[1]["keep_alive"] == "30m"


def test_an_error_in_the_stream_is_typed() -> None:
    decoder = make_fim_decoder(FimFormat.OLLAMA, "p")
    with pytest.raises(AuthError):
        decoder.feed(b'{"error": {"code": "invalid_api_key", "message": "no"}}\n')


# --- the ledger ------------------------------------------------------------------------------------------


def test_a_tab_request_is_its_own_ledger_row() -> None:
    from cursord.store.records import PassStatus
    from cursord.tab.pass_records import tab_pass_record
    from cursord.tab.service import TabUsage

    done = TabUsage("b1", "qwen", "ollama", 1.7e9, 80, 30, 100, 7, "completed")
    record = tab_pass_record(done)
    assert (record.request_id, record.provider, record.model, record.conversation_id) == (
        "tab:b1", "tab:ollama", "qwen", None
    )
    assert (record.status, record.usage.input, record.usage.output, record.first_token_ms) == (
        PassStatus.COMPLETED, 100, 7, 30
    )
    cached = tab_pass_record(TabUsage("b3", "ds", "deepseek", 1.7e9, 80, 30, 900, 5, "completed", None, 832))
    assert (cached.usage.input, cached.usage.cache_read) == (900, 832)
    dropped = tab_pass_record(TabUsage("b2", "", "llama.cpp", 1.7e9, 5, None, 0, 0, "superseded"))
    assert (dropped.status, dropped.model) == (PassStatus.CANCELED, "llama.cpp")


def test_a_tab_request_costs_its_price_nothing_on_this_machine_and_unknown_else() -> None:
    """Issue 39 #6: every Tab row was an unknown cost, so "Spent today" kept a `+` for good."""
    from cursord.providers.prices import Price
    from cursord.tab.pass_records import tab_pass_record
    from cursord.tab.service import TabUsage

    def cost(price: Price | None, local: bool, tokens: int = 1_000_000) -> float | None:
        usage = TabUsage("b", "codestral-latest", "codestral", 1.7e9, 80, 30, tokens, tokens, "completed",
                         price=price, local=local)
        return tab_pass_record(usage).cost_usd

    assert cost(Price(0.3, 0.9, 0.3, 0.3), local=False) == pytest.approx(1.2)
    assert cost(None, local=True) == 0.0  # a local model
    assert cost(None, local=False) is None  # a hosted model with no price: unknown, never $0
    assert cost(None, local=False, tokens=0) == 0.0  # nothing used


# --- properties ----------------------------------------------------------------------------------------

_CHARS = st.characters(exclude_categories=["Cs"], exclude_characters="\r\n")
_LINES = st.lists(st.text(_CHARS, max_size=12), min_size=1, max_size=30)


@given(_LINES, st.data(), st.booleans(), st.integers(0, 8), st.integers(0, 8), st.integers(1, 5))
def test_the_window_is_the_text_around_the_cursor(
    lines: list[str], data: st.DataObject, crlf: bool, above: int, below: int, align: int
) -> None:
    line = data.draw(st.integers(0, len(lines) - 1))
    column = data.draw(st.integers(0, len(lines[line].encode("utf-16-le")) // 2))
    text = ("\r\n" if crlf else "\n").join(lines)
    prompt = fim_prompt(
        cpp_request(text, line=line, column=column), lines_above=above, lines_below=below, align=align
    )
    first = max(0, (line - above) // align * align)
    window = "\n".join(lines[first : line + below + 1])
    assert prompt.prefix + prompt.suffix == window
    assert prompt.prefix.endswith(prompt.line_before) and prompt.suffix.startswith(prompt.line_after)
    assert prompt.line_before + prompt.line_after == lines[line]
    assert prompt.eol == ("\r\n" if crlf and len(lines) > 1 else "\n")


@given(st.text(max_size=60), st.lists(st.integers(0, 60), max_size=6))
def test_the_suggestion_does_not_depend_on_how_the_text_was_split(completion: str, cuts: list[int]) -> None:
    completion = completion.replace("\r", "")
    bounds = [0, *sorted(cuts), len(completion)]
    deltas = [completion[a:b] for a, b in itertools.pairwise(bounds)]
    whole, split = SuggestionFrames(PROMPT, "b"), SuggestionFrames(PROMPT, "b")
    one = whole.text(completion) + whole.closing()
    many = [f for d in deltas for f in split.text(d)] + split.closing()
    assert "".join(f.text for f in one) == "".join(f.text for f in many)
    assert [f.HasField("range_to_replace") for f in one].count(True) == [
        f.HasField("range_to_replace") for f in many
    ].count(True)


@given(st.text(st.sampled_from("ab\n"), max_size=40), st.integers(0, 45))
def test_the_cursor_line_is_found_as_splitting_would(text: str, line: int) -> None:
    from cursord.tab.window import _nth_line_start

    lines = text.split("\n")
    if line >= len(lines):
        with pytest.raises(TabRequestError):
            _nth_line_start(text, line)
    else:
        assert _nth_line_start(text, line) == sum(len(x) + 1 for x in lines[:line])
