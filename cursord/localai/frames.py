"""The model's streamed text as the frames the editor reads: Cmd+K's edit, the terminal's command. Sans-IO.

Theory of operation. A `CodeLines` takes the model's text as it streams and gives back what may be shown
now: whole lines only, joined by newlines (no newline after the last one, which the editor would show as
an extra empty line), with a code fence the model put around its answer taken off (the opening fence line,
and the closing one with anything after it). A line is held until its newline arrives, a fence-looking
line until the next one shows whether it closed the answer.

`CmdKFrames` wraps those lines as StreamCmdK's answer: `edit_start` (the first selected line, the end
the edit may reach, the file), `edit_stream` frames of text, then `edit_end` (the end of the replaced
range), all under one `edit_id`, each inside `StreamCmdKResponseContextWrapped.real_response`; in chat
mode, `chat` frames of the text as it comes. `TerminalFrames` does the same for StreamTerminalCmdK:
`terminal_command.partial_command` pieces (the editor appends them), or `chat` frames.
"""

from __future__ import annotations

import re
from typing import Final

import attrs

from cursord.localai.cmdk import CmdKAsk
from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = ["EDIT_ID", "CmdKFrames", "CodeLines", "TerminalFrames", "completed_command"]

#: the one edit of a StreamCmdK answer.
EDIT_ID: Final = 1

_FENCE: Final = re.compile(r"^\s*```")

CmdK = aiserver.StreamCmdKResponse
Terminal = aiserver.StreamTerminalCmdKResponse


@attrs.define
class CodeLines:
    """The model's text as whole lines to show, without an enclosing code fence."""

    _partial: str = ""
    _lines_seen: int = 0
    _fenced: bool = False
    _held_fence: str | None = None
    _closed: bool = False
    _shown: int = 0

    def feed(self, text: str) -> str:
        """What of the text so far may be shown now."""
        self._partial += text
        *lines, self._partial = self._partial.split("\n")
        return "".join(self._line(line) for line in lines)

    def finish(self) -> str:
        """The rest, once the model has ended (a fence still held closes the answer)."""
        rest = self._line(self._partial) if self._partial else ""
        self._partial, self._held_fence = "", None
        return rest

    def _line(self, line: str) -> str:
        if self._closed:
            return ""
        self._lines_seen += 1
        if self._lines_seen == 1 and _FENCE.match(line):
            self._fenced = True
            return ""
        out = ""
        if self._held_fence is not None:  # a fence inside the answer after all
            out, self._held_fence = self._show(self._held_fence), None
        if self._fenced and _FENCE.match(line):
            if line.strip() == "```":
                self._closed = True  # the closing fence: what follows is talk about the code
                return out
            self._held_fence = line
            return out
        return out + self._show(line)

    def _show(self, line: str) -> str:
        self._shown += 1
        return line if self._shown == 1 else "\n" + line


def completed_command(reply: str) -> str:
    """A whole reply as one command line: its first line outside a code fence, without backticks."""
    lines = CodeLines()
    text = lines.feed(reply) + lines.finish()
    return next((line.strip().strip("`") for line in text.splitlines() if line.strip()), "")


def _wrap(response: CmdK) -> aiserver.StreamCmdKResponseContextWrapped:
    return aiserver.StreamCmdKResponseContextWrapped(real_response=response)


@attrs.define
class CmdKFrames:
    """StreamCmdK's frames for one ask (see the module docstring)."""

    ask: CmdKAsk
    lines: CodeLines = attrs.field(factory=CodeLines)

    def opening(self) -> list[aiserver.StreamCmdKResponseContextWrapped]:
        if self.ask.chat_mode:
            return []
        start = CmdK.EditStart(
            start_line_number=self.ask.start_line,
            edit_id=EDIT_ID,
            max_end_line_number_exclusive=self.ask.end_line_exclusive,
            file_path=self.ask.path,
        )
        return [_wrap(CmdK(edit_start=start))]

    def text(self, text: str) -> list[aiserver.StreamCmdKResponseContextWrapped]:
        if self.ask.chat_mode:
            return [_wrap(CmdK(chat=CmdK.Chat(text=text)))] if text else []
        return self._edit(self.lines.feed(text))

    def closing(self) -> list[aiserver.StreamCmdKResponseContextWrapped]:
        if self.ask.chat_mode:
            return []
        end = CmdK.EditEnd(
            end_line_number_exclusive=self.ask.end_line_exclusive, edit_id=EDIT_ID, file_path=self.ask.path
        )
        return [*self._edit(self.lines.finish()), _wrap(CmdK(edit_end=end))]

    def _edit(self, text: str) -> list[aiserver.StreamCmdKResponseContextWrapped]:
        if not text:
            return []
        return [_wrap(CmdK(edit_stream=CmdK.EditStream(text=text, edit_id=EDIT_ID, file_path=self.ask.path)))]


def _wrap_terminal(response: Terminal) -> aiserver.StreamTerminalCmdKResponseContextWrapped:
    return aiserver.StreamTerminalCmdKResponseContextWrapped(real_response=response)


@attrs.define
class TerminalFrames:
    """StreamTerminalCmdK's frames: the command in pieces, or the chat answer."""

    chat_mode: bool
    lines: CodeLines = attrs.field(factory=CodeLines)

    def text(self, text: str) -> list[aiserver.StreamTerminalCmdKResponseContextWrapped]:
        if self.chat_mode:
            return [_wrap_terminal(Terminal(chat=Terminal.Chat(text=text)))] if text else []
        return self._command(self.lines.feed(text))

    def closing(self) -> list[aiserver.StreamTerminalCmdKResponseContextWrapped]:
        return [] if self.chat_mode else self._command(self.lines.finish())

    def _command(self, text: str) -> list[aiserver.StreamTerminalCmdKResponseContextWrapped]:
        if not text:
            return []
        command = Terminal.TerminalCommand(partial_command=text)
        return [_wrap_terminal(Terminal(terminal_command=command))]
