"""The user's recent edits, sans-IO: read from where the editor puts them (`file_diff_histories`, one edit per
entry as `N-|old` / `N+|new` lines), and written into each model's prompt in that model's own diff form.

The edits below are the recorded ones (shinnqy/reverse-cursor, traffic of 2025-03-18, `arkts_type_1`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cursord.config import TabMode
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.tab.edits import Hunk, RecentEdit, parse_edit, recent_edits, reverse_apply, unified
from cursord.tab.fim_formats import FimFormat, build_fim_request
from cursord.tab.next_edit import edit_window, next_edit_prompt
from cursord.tab.window import TabRequestError, fim_prompt
from cursord.testing.tab_editor import editor_edit, next_cursor_request, stream_cpp_request

PATH = "entry/src/main/ets/utils/basicType.ets"
#: two hunks: old lines 2-3 become new line 2, then old 6-7 (now 5-6) become new 5-8
RECORDED = (
    "2-|let str2: string = '456';\n3-|let str3: string = str1 + str2;\n2+|str1.split('');\n"
    "6-|let num2: number = 456;\n7-|let num3: number = num1 + num2;\n5+|num1.toString();\n6+|\n"
    "7+|let bool1: boolean = true;\n8+|bool1.toString();\n"
)
#: a pure insertion of six lines, then one line replaced further down (its old number 5, new 11)
RECORDED_INSERTION = (
    "4+|let str2: string = `Template string ${str1}`;\n5+|str2.split('');\n6+|\n"
    "7+|const str3 = \"Constant string\";\n8+|str3.toLocaleUpperCase();\n9+|\n5-|num1.toString();\n"
    "11+|num1.toFixed(2);\n"
)

FILE = "".join(f"line {i}\n" for i in range(1, 41))  # "line N" on one-based line N
#: the user's last edit: line 20 was "old 20"
EDIT = editor_edit([(20, "old 20")], [(20, "line 20")])
EARLIER = ("src/other.py", editor_edit([], [(3, "import os")]))


def test_the_editors_form_reads_as_hunks_numbered_before_and_after() -> None:
    edit = parse_edit(RECORDED, PATH)
    assert edit is not None and edit.path == PATH
    first, second = edit.hunks
    assert (first.old_start, first.new_start) == (2, 2)
    assert first.old == ("let str2: string = '456';", "let str3: string = str1 + str2;")
    assert first.new == ("str1.split('');",)
    assert (second.old_start, second.new_start, len(second.old), len(second.new)) == (6, 5, 2, 4)
    inserted = parse_edit(RECORDED_INSERTION, PATH)
    assert inserted is not None
    assert [(h.old_start, h.new_start, len(h.old), len(h.new)) for h in inserted.hunks] == [(4, 4, 0, 6), (5, 11, 1, 1)]


def test_an_edit_is_written_as_unified_hunks() -> None:
    edit = parse_edit(RECORDED, PATH)
    assert edit is not None
    assert unified(edit) == (
        "@@ -2,2 +2,1 @@\n-let str2: string = '456';\n-let str3: string = str1 + str2;\n+str1.split('');\n"
        "@@ -6,2 +5,4 @@\n-let num2: number = 456;\n-let num3: number = num1 + num2;\n+num1.toString();\n+\n"
        "+let bool1: boolean = true;\n+bool1.toString();\n"
    )


def test_a_unified_diff_reads_too_and_names_its_own_file() -> None:
    diff = "--- a/src/a.py\n+++ b/src/a.py\n@@ -3,2 +3,2 @@\n keep\n-old\n+new\n"
    assert parse_edit(diff, "src/current.py") == RecentEdit("src/a.py", (Hunk((" keep", "-old", "+new"), 3, 3),))
    assert parse_edit("2+|\n", PATH) == RecentEdit(PATH, (Hunk(("+",), 2, 2),))  # a blank line added
    assert parse_edit(" context only\n", PATH) is None


def test_the_edits_come_from_file_diff_histories_then_merged_then_field_2() -> None:
    request = stream_cpp_request("src/a.py", FILE, 20, 0, [EARLIER, EDIT])
    assert request.diff_history == [] and [e.path for e in recent_edits(request, 5)] == ["src/other.py", "src/a.py"]
    assert recent_edits(request, 1) == (RecentEdit("src/a.py", (Hunk(("-old 20", "+line 20"), 20, 20),)),)
    merged_only = aiserver.StreamCppRequest(current_file=request.current_file,
                                            merged_diff_histories=request.file_diff_histories)
    assert recent_edits(merged_only, 5) == recent_edits(request, 5)
    older = aiserver.StreamCppRequest(current_file=request.current_file, diff_history=["-a\n+b\n"])
    assert recent_edits(older, 5) == (RecentEdit("src/a.py", (Hunk(("-a", "+b")),)),)
    huge = stream_cpp_request("src/a.py", FILE, 20, 0, [editor_edit([], [(1, "x" * 3000)]), EDIT])
    assert len(recent_edits(huge, 5)) == 1  # a pasted file says little about intent


def test_the_latest_edit_is_taken_back_out_of_the_window() -> None:
    lines = tuple(f"line {i}" for i in range(15, 26))  # file lines 15..25, zero-based first line 14
    edit = parse_edit(EDIT, "src/a.py")
    assert edit is not None
    before = reverse_apply(lines, 14, edit)
    assert before is not None and before[5] == "old 20" and before[:5] == lines[:5] and before[6:] == lines[6:]
    inserted = parse_edit(editor_edit([(20, "line 20")], [(20, "line 20"), (21, "new 21")]), "src/a.py")
    assert inserted is not None and reverse_apply((*lines[:6], "new 21", *lines[6:]), 14, inserted) == lines
    assert reverse_apply(lines, 30, edit) == lines  # an edit outside the window changes nothing in it
    typed_on = parse_edit(editor_edit([(20, "old 20")], [(20, "line 2")]), "src/a.py")
    assert typed_on is not None and reverse_apply(lines, 14, typed_on) is None  # the line moved on since


@pytest.mark.parametrize("mode", [TabMode.SWEEP, TabMode.ZETA])
def test_edits_only_in_file_diff_histories_reach_every_next_edit_prompt_in_its_own_form(mode: TabMode) -> None:
    request = stream_cpp_request("src/a.py", FILE, 20, 2, [EARLIER, EDIT])
    prompt = next_edit_prompt(mode, edit_window(request, lines_above=3, lines_below=3)).text
    assert "|old" not in prompt and "20-|" not in prompt and "3+|" not in prompt  # never the editor's raw form
    if mode is TabMode.SWEEP:
        assert "<|file_sep|>src/other.py.diff\noriginal:\nupdated:\nimport os\n" in prompt
        assert "<|file_sep|>src/a.py.diff\noriginal:\nold 20\nupdated:\nline 20\n" in prompt
        # the window before the latest edit, then as it is now
        assert "<|file_sep|>original/src/a.py\nline 18\nline 19\nold 20\nline 21\n" in prompt
        assert "<|file_sep|>current/src/a.py\nline 18\nline 19\nline 20\nli<|cursor|>ne 21\n" in prompt
    else:
        assert 'User edited "src/other.py":\n```diff\n@@ -2,0 +3,1 @@\n+import os\n```\n\n' in prompt
        assert 'User edited "src/a.py":\n```diff\n@@ -20,1 +20,1 @@\n-old 20\n+line 20\n```\n\n' in prompt


def test_edits_only_in_file_diff_histories_reach_llama_cpps_input_extra() -> None:
    request = stream_cpp_request("src/a.py", FILE, 20, 2, [EARLIER, EDIT])
    _, body = build_fim_request(FimFormat.LLAMA_CPP, "", fim_prompt(request))
    assert body["input_extra"] == [
        {"filename": "src/other.py (recent edit)", "text": "@@ -2,0 +3,1 @@\n+import os\n"},
        {"filename": "src/a.py (recent edit)", "text": "@@ -20,1 +20,1 @@\n-old 20\n+line 20\n"},
    ]


def test_a_prediction_request_reads_its_edits_and_its_one_based_cursor() -> None:
    request = next_cursor_request("src/a.py", FILE, 21, 3, [EDIT])  # Monaco: line 21, column 3
    window = edit_window(request, lines_above=1, lines_below=1)
    assert window.lines == ("line 20", "line 21", "line 22") and (window.row, window.column) == (1, 2)
    assert window.original == ("old 20", "line 21", "line 22")
    with pytest.raises(TabRequestError, match=r"\(0, 0\) is outside .* one-based"):
        edit_window(next_cursor_request("src/a.py", FILE, 0, 0), lines_above=1, lines_below=1)


_EDIT_LINE = st.one_of(
    st.builds(lambda n, sign, text: f"{n}{sign}|{text}", st.integers(0, 60), st.sampled_from("-+"),
              st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\r\n"), max_size=8)),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=12),
)


@given(st.lists(st.lists(_EDIT_LINE, max_size=6).map(lambda lines: "\n".join(lines) + "\n"), max_size=4),
       st.integers(0, 39))
def test_any_edit_text_the_editor_may_send_makes_a_prompt(edits: list[str], line: int) -> None:
    """Whatever an entry holds (the editor's form, a unified diff, neither, numbers past the file), every
    format still gets its prompt and nothing raises."""
    request = stream_cpp_request("src/a.py", FILE, line, 0, edits)
    for mode in (TabMode.SWEEP, TabMode.ZETA):
        window = edit_window(request, lines_above=5, lines_below=5)
        assert next_edit_prompt(mode, window).text
    build_fim_request(FimFormat.LLAMA_CPP, "", fim_prompt(request))
