"""A JSONC scanner (VS Code settings: comments, trailing commas) and minimal edits that keep the rest of
the text byte for byte."""

from __future__ import annotations

import json
from typing import Any

import attrs

# --- the JSONC scanner -----------------------------------------------------------------------------------


class JsoncError(ValueError):
    def __init__(self, message: str, text: str, offset: int) -> None:
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        super().__init__(f"line {line}, column {column}: {message}")
        self.offset = offset


@attrs.frozen
class Member:
    key: str
    key_start: int  # the opening quote
    value_start: int
    value_end: int
    comma: int | None  # the comma after the value, if any


@attrs.frozen
class TopLevel:
    open_brace: int | None  # None: no object at all (empty, or only comments)
    close_brace: int | None
    members: tuple[Member, ...]

    def find(self, key: str) -> Member | None:
        """The member that counts for `key` (the last, as JSON parsers take the last duplicate)."""
        found = [member for member in self.members if member.key == key]
        return found[-1] if found else None


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, message: str, offset: int | None = None) -> JsoncError:
        return JsoncError(message, self.text, self.pos if offset is None else offset)

    def skip_space(self) -> None:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in " \t\r\n\ufeff":
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("unterminated /* comment")
                self.pos = end + 2
            else:
                return

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def string(self) -> str:
        start = self.pos
        self.pos += 1
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char == "\\":
                self.pos += 2
            elif char == '"':
                self.pos += 1
                try:
                    value: str = json.loads(text[start : self.pos])
                except json.JSONDecodeError as exc:
                    raise self.fail(f"bad string: {exc.msg}", start) from None
                return value
            elif char == "\n":
                break
            else:
                self.pos += 1
        raise self.fail("unterminated string", start)

    def value(self) -> None:
        """Skip one value (of any kind), leaving `pos` just after it."""
        char = self.peek()
        if char == '"':
            self.string()
        elif char in "{[":
            closer = {"{": "}", "[": "]"}
            stack = [closer[char]]
            self.pos += 1
            while stack:
                self.skip_space()
                char = self.peek()
                if not char:
                    raise self.fail(f"unterminated value: expected {stack[-1]!r}")
                if char == '"':
                    self.string()
                elif char in "{[":
                    stack.append(closer[char])
                    self.pos += 1
                elif char in "}]":
                    if char != stack.pop():
                        raise self.fail(f"unexpected {char!r}")
                    self.pos += 1
                else:
                    self.pos += 1
        else:
            start = self.pos
            while self.pos < len(self.text) and self.text[self.pos] not in ",}] \t\r\n/":
                self.pos += 1
            if self.pos == start:
                raise self.fail("expected a value")


def scan(text: str) -> TopLevel:
    """The top-level object's members. Raises JsoncError if the text is not a JSONC object (or nothing)."""
    scanner = _Scanner(text)
    scanner.skip_space()
    if not scanner.peek():
        return TopLevel(None, None, ())
    if scanner.peek() != "{":
        raise scanner.fail("settings.json must hold an object")
    open_brace = scanner.pos
    scanner.pos += 1
    members: list[Member] = []
    while True:
        scanner.skip_space()
        char = scanner.peek()
        if char == "}":
            close_brace = scanner.pos
            scanner.pos += 1
            break
        if char != '"':
            raise scanner.fail("expected a key or '}'")
        key_start = scanner.pos
        key = scanner.string()
        scanner.skip_space()
        if scanner.peek() != ":":
            raise scanner.fail("expected ':'")
        scanner.pos += 1
        scanner.skip_space()
        value_start = scanner.pos
        scanner.value()
        value_end = scanner.pos
        scanner.skip_space()
        comma = None
        if scanner.peek() == ",":
            comma = scanner.pos
            scanner.pos += 1
        elif scanner.peek() != "}":
            raise scanner.fail("expected ',' or '}'")
        members.append(Member(key, key_start, value_start, value_end, comma))
    scanner.skip_space()
    if scanner.peek():
        raise scanner.fail("unexpected text after the settings object")
    return TopLevel(open_brace, close_brace, tuple(members))


def strip_jsonc(text: str) -> str:
    """`text` as plain JSON: comments blanked, trailing commas dropped (strings untouched)."""
    out: list[str] = []
    scanner = _Scanner(text)
    pending_comma: int | None = None
    while scanner.pos < len(text):
        start = scanner.pos
        char = text[start]
        if char == '"':
            scanner.string()
            out.append(text[start : scanner.pos])
            pending_comma = None
            continue
        if text.startswith(("//", "/*"), start):
            scanner.skip_space()
            out.append(" ")
            continue
        scanner.pos += 1
        if char == ",":
            pending_comma = len(out)
        elif char in "}]" and pending_comma is not None:
            out[pending_comma] = " "
            pending_comma = None
        elif char not in " \t\r\n":
            pending_comma = None
        out.append(char)
    return "".join(out)


def parse_value(text: str) -> Any:
    return json.loads(strip_jsonc(text))


def _value_of(text: str, member: Member) -> Any:
    try:
        return parse_value(text[member.value_start : member.value_end])
    except (json.JSONDecodeError, JsoncError):
        return _Unreadable(text[member.value_start : member.value_end])


@attrs.frozen
class _Unreadable:
    raw: str


# --- minimal edits -----------------------------------------------------------------------------------------


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _indent(text: str, top: TopLevel) -> str:
    for member in reversed(top.members):
        start = _line_start(text, member.key_start)
        prefix = text[start : member.key_start]
        if prefix.strip() == "" and start > (top.open_brace or 0):
            return prefix
    return "\t" if "\n\t" in text else "    "


def _end_of_line_after(text: str, offset: int) -> int | None:
    """Skip blanks and same-line comments from `offset`; the line's end, or None if more text follows."""
    pos = offset
    while pos < len(text):
        if text[pos] in " \t":
            pos += 1
        elif text.startswith("//", pos):
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        elif text.startswith("/*", pos):
            end = text.find("*/", pos + 2)
            if end < 0 or "\n" in text[pos:end]:
                return None
            pos = end + 2
        elif text[pos] in "\r\n":
            return pos
        else:
            return None
    return pos


def set_value(text: str, key: str, value: Any) -> str:
    """`text` with `key` set to `value`: its value's text replaced, or a member added at the end."""
    top = scan(text)
    encoded = json.dumps(value, ensure_ascii=False)
    member = top.find(key)
    if member is not None:
        return text[: member.value_start] + encoded + text[member.value_end :]
    entry = f"{json.dumps(key, ensure_ascii=False)}: {encoded}"
    newline = _newline(text)
    if top.open_brace is None or top.close_brace is None:
        indent = "\t" if "\n\t" in text else "    "
        block = "{" + newline + indent + entry + newline + "}" + newline
        if not text.lstrip("\ufeff").strip():
            return ("\ufeff" if text.startswith("\ufeff") else "") + block
        return text + ("" if text.endswith("\n") else newline) + block
    indent = _indent(text, top)
    if not top.members:
        inner = text[top.open_brace + 1 : top.close_brace]
        if not inner.strip():
            return text[: top.open_brace + 1] + newline + indent + entry + newline + text[top.close_brace :]
        return text[: top.open_brace + 1] + newline + indent + entry + text[top.open_brace + 1 :]
    last = top.members[-1]
    # A file that ends its last member with a (trailing) comma gets ours with one too, so that removing
    # ours again (`remove_key`) gives back the file as it was, in either style.
    trailing = "," if last.comma is not None else ""
    after = last.comma + 1 if last.comma is not None else last.value_end
    line_end = _end_of_line_after(text, after)
    if line_end is None:  # more on the same line (a one-line object): add inline
        prefix = " " if last.comma is not None else ", "
        return text[:after] + prefix + entry + trailing + text[after:]
    comma = "," if last.comma is None else ""
    return (
        text[: last.value_end]
        + comma
        + text[last.value_end : line_end]
        + newline
        + indent
        + entry
        + trailing
        + text[line_end:]
    )


def remove_key(text: str, key: str) -> str:
    """`text` without the member `key` (and without the comma that separated it); unchanged if absent."""
    top = scan(text)
    member = top.find(key)
    if member is None:
        return text
    index = top.members.index(member)
    start, end = member.key_start, member.value_end
    cut_comma: int | None = None
    if member.comma is not None:
        end = member.comma + 1
    elif index > 0 and top.members[index - 1].comma is not None:
        cut_comma = top.members[index - 1].comma
    line_start = _line_start(text, start)
    if text[line_start:start].strip() == "":
        # The member starts its line: take the whole line, with a comment that follows it on that line.
        tail = _end_of_line_after(text, end)
        if tail is not None:
            start = line_start
            end = tail + (2 if text.startswith("\r\n", tail) else 1 if text.startswith("\n", tail) else 0)
    else:  # inline, after other text on its line: take the blanks before it too
        while start > line_start and text[start - 1] in " \t":
            start -= 1
    result = text[:start] + text[end:]
    if cut_comma is not None:
        result = result[:cut_comma] + result[cut_comma + 1 :]
    return result
