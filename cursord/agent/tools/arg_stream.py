"""ContentStream: the text of one string argument, decoded as the model streams a call's JSON arguments.

The editor shows a Write or StrReplace growing while the model writes it (`tool_call_delta` with an
`edit_tool_call_delta`), so the new file content must be read out of arguments that are still arriving
as JSON fragments. Sans-IO: `feed(fragment)` returns the characters of the named top-level string
argument that this fragment completed (escapes decoded, `\\uXXXX` surrogate pairs joined), and nothing
for the rest of the object. A fragment may end anywhere, inside an escape included.
"""

from __future__ import annotations

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class ContentStream:
    def __init__(self, key: str) -> None:
        self.key = key
        self._depth = 0
        self._in_string = False
        self._escape: str | None = None  # "\\" after a backslash, "\\uXX.." while reading hex digits
        self._high_surrogate: int | None = None
        self._expect_key = False
        self._string_is_key = False
        self._capturing = False
        self._buffer: list[str] = []  # the key being read
        self._last_key: str | None = None

    def feed(self, fragment: str) -> str:
        out: list[str] = []
        for ch in fragment:
            if self._in_string:
                self._string_char(ch, out)
            elif ch == '"':
                self._in_string = True
                self._string_is_key = self._depth == 1 and self._expect_key
                self._capturing = self._depth == 1 and not self._expect_key and self._last_key == self.key
                self._buffer = []
            elif ch in "{[":
                self._depth += 1
                self._expect_key = ch == "{" and self._depth == 1
            elif ch in "}]":
                self._depth -= 1
            elif self._depth == 1 and ch == ":":
                self._expect_key = False
            elif self._depth == 1 and ch == ",":
                self._expect_key = True
        return "".join(out)

    def _emit(self, text: str, out: list[str]) -> None:
        if self._capturing:
            out.append(text)
        elif self._string_is_key:
            self._buffer.append(text)

    def _string_char(self, ch: str, out: list[str]) -> None:
        escape = self._escape
        if escape is None:
            if ch == "\\":
                self._escape = "\\"
            elif ch == '"':
                self._in_string = False
                if self._string_is_key:
                    self._last_key = "".join(self._buffer)
                self._capturing = False
            else:
                self._emit(ch, out)
            return
        if escape == "\\":
            if ch == "u":
                self._escape = "\\u"
            else:
                self._escape = None
                self._emit(_ESCAPES.get(ch, ch), out)
            return
        escape += ch
        if len(escape) < 6:
            self._escape = escape
            return
        self._escape = None
        try:
            code = int(escape[2:], 16)
        except ValueError:
            return  # not valid JSON; the call's arguments will be refused when complete
        if 0xD800 <= code < 0xDC00:
            self._high_surrogate = code
            return
        if 0xDC00 <= code < 0xE000 and self._high_surrogate is not None:
            code = 0x10000 + ((self._high_surrogate - 0xD800) << 10) + (code - 0xDC00)
        self._high_surrogate = None
        self._emit(chr(code), out)
