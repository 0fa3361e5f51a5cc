"""Next-edit mode, sans-IO: the window, each format's prompt, the rewrite read back, and the diff of the
rewrite against the window mapped onto Cursor's replace range and cursor jump."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cursord.config import TabMode
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.frames import RewriteFrames, edit_frames
from cursord.tab.next_edit import (
    CursorJump,
    EditPlan,
    EditWindow,
    RewriteReader,
    edit_window,
    next_cursor,
    next_edit_prompt,
    parse_rewrite,
    plan_edit,
)

FILE = "import os\n\ndef area(r):\n    return 3.14 * r\n\nprint(area(2))\n"
DIFF = "--- a/src/geo.py\n+++ b/src/geo.py\n@@ -3 +3 @@\n-def area():\n+def area(r):\n"


def cpp_request(contents: str = FILE, line: int = 3, column: int = 4, **file: object) -> aiserver.StreamCppRequest:
    current = aiserver.CurrentFileInfo(
        relative_workspace_path="src/geo.py",
        contents=contents,
        cursor_position=aiserver.CursorPosition(line=line, column=column),
        **file,  # type: ignore[arg-type]
    )
    return aiserver.StreamCppRequest(current_file=current, diff_history=[DIFF])


def window_of(lines: list[str], row: int, first_line: int = 0) -> EditWindow:
    return EditWindow("src/geo.py", tuple(lines), first_line, row, 0)


def test_the_window_is_the_lines_around_the_cursor_and_does_not_grow_with_the_file() -> None:
    big = "\n".join(f"line {i}" for i in range(100_000))
    window = edit_window(cpp_request(big, line=50_000, column=2), lines_above=3, lines_below=2)
    assert window.lines == tuple(f"line {i}" for i in range(49_997, 50_003))
    assert (window.first_line, window.row, window.column, window.starts_file) == (49_997, 3, 2, False)
    top = edit_window(cpp_request(line=1, column=0), lines_above=3, lines_below=1)
    assert (top.lines, top.row, top.starts_file) == (("import os", "", "def area(r):"), 1, True)


def test_a_crlf_file_is_windowed_on_lf_and_answered_in_crlf() -> None:
    window = edit_window(cpp_request("a\r\nb\r\nc\r\n", line=1, column=1), lines_above=1, lines_below=1)
    assert (window.lines, window.eol) == (("a", "b", "c"), "\r\n")
    plan = plan_edit(window, ("a", "B", "B2", "c"))
    assert plan == EditPlan(2, 2, "B\r\nB2")


def test_the_sweep_prompt_has_the_diff_the_window_twice_and_the_prefilled_update() -> None:
    window = edit_window(cpp_request(), lines_above=1, lines_below=1)
    prompt = next_edit_prompt(TabMode.SWEEP, window)
    assert prompt.text == (
        "<|file_sep|>src/geo.py.diff\noriginal:\ndef area():\nupdated:\ndef area(r):\n"
        "<|file_sep|>original/src/geo.py\ndef area():\n    return 3.14 * r\n\n"  # the latest edit taken out
        "<|file_sep|>current/src/geo.py\ndef area(r):\n    <|cursor|>return 3.14 * r\n\n"
        "<|file_sep|>updated/src/geo.py\ndef area(r):\n"
    )
    assert prompt.prefill == "def area(r):\n"
    assert prompt.stop == ("<|file_sep|>", "<|endoftext|>")
    assert parse_rewrite(TabMode.SWEEP, window, prompt, "    return 3.14 * r * r\n\n<|endoftext|>") == (
        "def area(r):", "    return 3.14 * r * r", ""
    )


def test_the_zeta_prompt_marks_the_editable_region_and_the_cursor() -> None:
    window = edit_window(cpp_request(line=1, column=0), lines_above=1, lines_below=1)
    prompt = next_edit_prompt(TabMode.ZETA, window)
    diff = "@@ -3,1 +3,1 @@\n-def area():\n+def area(r):\n"
    assert "### User Edits:\n\nUser edited \"src/geo.py\":\n```diff\n" + diff + "```\n\n" in prompt.text
    assert prompt.text.endswith(
        "### User Excerpt:\n\n```src/geo.py\n<|start_of_file|>\n<|editable_region_start|>\nimport os\n"
        "<|user_cursor_is_here|>\ndef area(r):\n<|editable_region_end|>\n```\n\n### Response:\n\n"
    )
    answer = "```src/geo.py\n<|editable_region_start|>\nimport os\nimport math<|user_cursor_is_here|>\n" \
             "def area(r):\n<|editable_region_end|>\n```"
    assert parse_rewrite(TabMode.ZETA, window, prompt, answer) == ("import os", "import math", "def area(r):")
    assert parse_rewrite(TabMode.ZETA, window, prompt, "import os\nimport math\n") is None  # no markers


def test_a_runaway_rewrite_is_no_suggestion() -> None:
    window = window_of(["a", "b"], 0)
    prompt = next_edit_prompt(TabMode.SWEEP, window)
    assert parse_rewrite(TabMode.SWEEP, window, prompt, "x\n" * 40) is None


def reader_of(mode: TabMode, lines: list[str], row: int) -> RewriteReader:
    window = window_of(lines, row)
    return RewriteReader(mode, window, next_edit_prompt(mode, window))


@pytest.mark.parametrize("mode", [TabMode.SWEEP, TabMode.ZETA])
def test_a_rewrite_cut_short_keeps_its_whole_lines_up_to_the_last_one_of_the_window(mode: TabMode) -> None:
    reader = reader_of(mode, ["a", "b", "c", "d"], 1)
    # nothing written yet: Sweep's prefilled lines are the window's own, Zeta's region has not begun
    assert reader.rewrite_so_far() == (("a", "b", "c", "d") if mode is TabMode.SWEEP else None)
    start = "```src/geo.py\n<|editable_region_start|>\na\n" if mode is TabMode.ZETA else ""
    reader.feed(start + "B\nc\nD")  # "D" is not a whole line yet: it may become anything
    assert reader.rewrite_so_far() == ("a", "B", "c", "d")
    assert plan_edit(reader.window, ("a", "B", "c", "d")) == EditPlan(2, 2, "B")


def test_a_zeta_rewrite_is_whole_at_the_region_end_even_split_across_deltas() -> None:
    reader = reader_of(TabMode.ZETA, ["a", "b"], 0)
    for delta in ["```src/geo.py\n<|editable_region_", "start|>\nA\nb\n<|editable_reg"]:
        reader.feed(delta)
        assert not reader.whole
    reader.feed("ion_end|>\n")
    assert reader.whole and reader.rewrite() == ("A", "b")
    reader.feed("```\n<|editable_region_start|>\nignored")  # past the end: nothing changes any more
    assert reader.output.endswith("_end|>\n") and reader.rewrite() == ("A", "b")


def test_a_region_end_before_the_region_start_is_not_the_end() -> None:
    reader = reader_of(TabMode.ZETA, ["a"], 0)
    reader.feed("<|editable_region_end|>\n<|editable_region_start|>\nA\n")
    assert not reader.whole


def test_a_sweep_rewrite_is_whole_at_a_stop_string_the_server_wrote_out() -> None:
    reader = reader_of(TabMode.SWEEP, ["a", "b", "c"], 1)
    reader.feed("B\nc\n<|file")
    assert not reader.whole
    reader.feed("_sep|>updated/src/other.py\n")
    assert reader.whole and reader.rewrite() == ("a", "B", "c")


@pytest.mark.parametrize("mode", [TabMode.SWEEP, TabMode.ZETA])
def test_a_runaway_rewrite_is_whole_once_it_has_more_lines_than_a_rewrite_may_have(mode: TabMode) -> None:
    reader = reader_of(mode, ["a", "b"], 0)
    reader.feed("```src/geo.py\n\n\n<|editable_region_start|>\n" if mode is TabMode.ZETA else "")
    for _ in range(14):
        reader.feed("x\n")
    assert not reader.whole  # 14 lines: a rewrite of 2 may have 14
    for blank in ["\n", "\n", "\r\n"]:
        reader.feed(blank)
    assert not reader.whole  # blank lines at the end may yet be dropped
    reader.feed("x")
    assert reader.whole and reader.rewrite() is None


_MARKERS = ["<|editable_region_start|>", "<|editable_region_end|>", "<|user_cursor_is_here|>", "<|file_sep|>",
            "<|endoftext|>", "<|cursor|>", "<|editable_", "region_end|>"]
#: mostly text and line breaks, so that runaway rewrites come up as well as end markers
_PIECE = st.sampled_from(["a", "b", " ", "\n", "\n", "\n", "\n\n", "\r\n", "\r"] * 8 + _MARKERS)


@settings(max_examples=400)
@given(st.sampled_from([TabMode.SWEEP, TabMode.ZETA]), st.lists(_PIECE, max_size=100), st.lists(_PIECE, max_size=8),
       st.integers(0, 3))
# a line of only a cursor marker, past the bound if counted as text: blank to the parser until text follows
@example(TabMode.SWEEP, ["\n"] * 12 + ["\n\n", "<|cursor|>"], ["a"], 2)
@example(TabMode.SWEEP, ["\n"] * 14 + ["<|file_"], ["sep|>"], 2)
def test_nothing_after_the_point_the_reader_calls_whole_changes_the_rewrite(
    mode: TabMode, deltas: list[str], after: list[str], row: int
) -> None:
    """The cut is safe: once `whole`, whatever the model would have written next, the rewrite is the same."""
    reader = reader_of(mode, ["a", "b", "", "a b"], row)
    for delta in deltas:
        reader.feed(delta)
    if not reader.whole:
        assert reader.rewrite() == parse_rewrite(mode, reader.window, reader.prompt, "".join(deltas))
        return
    assert parse_rewrite(mode, reader.window, reader.prompt, reader.output + "".join(after)) == reader.rewrite()


def test_only_the_changed_lines_are_replaced() -> None:
    window = window_of(["a", "b", "c", "d", "e"], 2, first_line=10)
    assert plan_edit(window, ("a", "b", "C", "d", "e")) == EditPlan(13, 13, "C")
    assert plan_edit(window, ("a", "b", "c", "d", "e")) is None


def test_an_insertion_or_a_deletion_takes_a_neighbouring_line_so_the_range_holds_whole_lines() -> None:
    window = window_of(["a", "b", "c"], 1)
    assert plan_edit(window, ("a", "b", "new", "c")) == EditPlan(2, 2, "b\nnew")
    assert plan_edit(window, ("a", "c")) == EditPlan(1, 2, "a")
    assert plan_edit(window_of(["a", "b"], 0), ("new", "a", "b")) == EditPlan(1, 1, "new\na")


def test_the_edit_nearest_the_cursor_is_shown_and_the_next_one_is_the_jump() -> None:
    window = window_of(["a", "b", "c", "d", "e", "f"], 1, first_line=100)
    plan = plan_edit(window, ("a", "B", "B2", "c", "d", "E", "f"))
    # b -> B, B2 (one line becomes two); e stays numbered as it is now (105): the editor moves a jump below
    # the cursor by the lines its suggestion adds
    assert plan == EditPlan(102, 102, "B\nB2", CursorJump("src/geo.py", 105, "e"))
    above = plan_edit(window_of(["a", "b", "c", "d"], 3), ("A", "b", "c", "D"))
    assert above == EditPlan(4, 4, "D", CursorJump("src/geo.py", 1, "a"))


def test_the_next_cursor_is_the_nearest_change_away_from_the_cursor() -> None:
    window = window_of(["a", "b", "c", "d", "e"], 1, first_line=9)
    assert next_cursor(window, ("a", "B", "c", "d", "E")) == CursorJump("src/geo.py", 14, "e")
    assert next_cursor(window, ("a", "B", "c", "d", "e")) is None  # only the cursor's own line changes
    # the editor drops a jump within one line of the cursor: the lines just above and below are no jump
    assert next_cursor(window, ("A", "b", "C", "d", "e")) is None
    assert next_cursor(window, ("A", "b", "C", "D", "e")) == CursorJump("src/geo.py", 13, "d")
    assert next_cursor(window, ("a", "b", "c", "d", "e")) is None


def test_the_frames_are_cursors_own_range_text_and_jump() -> None:
    frames = edit_frames(EditPlan(3, 4, "x\ny", CursorJump("p.py", 9, "z")), "bind")
    assert frames[0].range_to_replace == aiserver.LineRange(start_line_number=3, end_line_number_inclusive=4)
    assert (frames[0].binding_id, frames[0].begin_edit) == ("bind", True)
    assert (frames[1].text, frames[2].done_edit) == ("x\ny", True)
    target = frames[3].cursor_prediction_target
    assert (target.relative_path, target.line_number_one_indexed, target.expected_content) == ("p.py", 9, "z")
    assert target.should_retrigger_cpp and frames[4].done_stream
    assert [f.WhichOneof("_done_stream") for f in edit_frames(None, "b")] == ["done_stream"]


def test_rewrite_frames_answer_once_the_rewrite_is_whole() -> None:
    window = window_of(["a", "b", "c"], 1)
    frames = RewriteFrames(TabMode.SWEEP, window, next_edit_prompt(TabMode.SWEEP, window), "bind")
    assert frames.text("B\n") == [] and frames.text("c\n") == []
    closing = frames.closing()
    assert closing[0].range_to_replace.start_line_number == 2 and closing[1].text == "B"


_LINE = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\r\n"), max_size=6)


@given(st.lists(_LINE, min_size=1, max_size=12), st.lists(_LINE, max_size=4), st.data())
def test_one_changed_region_applied_gives_the_rewrite(
    old: list[str], replacement: list[str], data: st.DataObject
) -> None:
    """Whatever region the model rewrote and wherever the cursor is: when the diff finds one edit (no jump),
    replacing the planned lines with the planned text gives exactly the rewrite."""
    i = data.draw(st.integers(0, len(old)))
    j = data.draw(st.integers(i, len(old)))
    new = old[:i] + replacement + old[j:]
    row = data.draw(st.integers(0, len(old) - 1))
    plan = plan_edit(window_of(old, row), tuple(new))
    if new == old:
        assert plan is None
        return
    if plan is None:  # only an empty window rewritten as nothing has no line to hold the edit
        assert not new
        return
    assert 1 <= plan.first_line <= plan.last_line <= len(old)
    applied = old[: plan.first_line - 1] + plan.text.split("\n") + old[plan.last_line :]
    if plan.jump is None:
        assert applied == new


@pytest.mark.parametrize("mode", [TabMode.SWEEP, TabMode.ZETA])
def test_a_rewrite_of_the_window_unchanged_is_no_suggestion(mode: TabMode) -> None:
    window = edit_window(cpp_request(), lines_above=2, lines_below=2)
    prompt = next_edit_prompt(mode, window)
    if mode is TabMode.SWEEP:
        output = "\n".join(window.lines[window.row :]) + "\n"
    else:
        output = "<|editable_region_start|>\n" + "\n".join(window.lines) + "\n<|editable_region_end|>"
    rewrite = parse_rewrite(mode, window, prompt, output)
    assert rewrite == window.lines and plan_edit(window, rewrite) is None
