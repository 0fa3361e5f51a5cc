"""The model's streamed text as Cmd+K's and the terminal's frames, sans-IO, fed split at every boundary."""

from __future__ import annotations

import pytest

from cursord.localai.cmdk import CmdKAsk
from cursord.localai.frames import EDIT_ID, CmdKFrames, CodeLines, TerminalFrames, completed_command


def _fed(text: str, cut: int) -> str:
    lines = CodeLines()
    return lines.feed(text[:cut]) + lines.feed(text[cut:]) + lines.finish()


@pytest.mark.parametrize(
    ("reply", "shown"),
    [
        ("rate = 2\ntax = 0\n", "rate = 2\ntax = 0"),
        ("rate = 2\ntax = 0", "rate = 2\ntax = 0"),
        ("```python\nrate = 2\ntax = 0\n```\n", "rate = 2\ntax = 0"),
        ("```\nrate = 2\n```\nThis doubles the rate.", "rate = 2"),
        ("```md\ntext\n```python\ncode\n```\n", "text\n```python\ncode"),
        ("  indented\n\n    more\n", "  indented\n\n    more"),
    ],
)
def test_code_lines_take_off_the_fence_wherever_the_text_is_cut(reply: str, shown: str) -> None:
    for cut in range(len(reply) + 1):
        assert _fed(reply, cut) == shown, cut


def test_whole_lines_are_shown_as_they_complete() -> None:
    lines = CodeLines()
    assert lines.feed("```py\nrate") == ""
    assert lines.feed(" = 2\ntax") == "rate = 2"
    assert lines.feed(" = 0\n") == "\ntax = 0"
    assert lines.feed("```") == ""
    assert lines.finish() == ""


ASK = CmdKAsk("double it", "src/billing.py", ("rate = 1", "tax = 0"), start_line=3)


def test_cmd_k_frames_are_one_edit_inside_real_response() -> None:
    frames = CmdKFrames(ASK)
    sent = [*frames.opening(), *frames.text("```\nrate = 2\n"), *frames.text("tax = 0\n```"), *frames.closing()]
    assert all(f.WhichOneof("response") == "real_response" for f in sent)
    real = [f.real_response for f in sent]
    assert [r.WhichOneof("response") for r in real] == ["edit_start", "edit_stream", "edit_stream", "edit_end"]
    start, end = real[0].edit_start, real[-1].edit_end
    assert (start.start_line_number, start.max_end_line_number_exclusive, start.file_path) == (3, 5, "src/billing.py")
    assert end.end_line_number_exclusive == 5
    assert {start.edit_id, end.edit_id, *(r.edit_stream.edit_id for r in real[1:-1])} == {EDIT_ID}
    assert "".join(r.edit_stream.text for r in real[1:-1]) == "rate = 2\ntax = 0"


def test_cmd_k_in_chat_mode_streams_chat_text_as_it_comes() -> None:
    frames = CmdKFrames(CmdKAsk("why?", "a.py", (), 1, chat_mode=True))
    sent = [*frames.opening(), *frames.text("It "), *frames.text("doubles."), *frames.closing()]
    assert [f.real_response.chat.text for f in sent] == ["It ", "doubles."]


def test_terminal_frames_give_the_command_in_pieces_or_the_chat_answer() -> None:
    frames = TerminalFrames(chat_mode=False)
    sent = [*frames.text("```bash\nfind . -size"), *frames.text(" +10M\n```"), *frames.closing()]
    assert "".join(f.real_response.terminal_command.partial_command for f in sent) == "find . -size +10M"
    chat = TerminalFrames(chat_mode=True)
    assert [f.real_response.chat.text for f in chat.text("Use find.")] == ["Use find."]


@pytest.mark.parametrize(
    ("reply", "command"),
    [("git checkout main", "git checkout main"), ("`git status`\nshows the tree", "git status"),
     ("```sh\n\nls -la\n```", "ls -la"), ("", "")],
)
def test_a_completed_command_is_the_first_line_of_the_answer(reply: str, command: str) -> None:
    assert completed_command(reply) == command
