"""A sans-IO decoder for server-sent events (the WHATWG `text/event-stream` format).

Theory of operation: bytes go through an incremental UTF-8 decoder (so a character split across
`feed` calls is never mangled; invalid bytes become U+FFFD), then are cut into lines on CR, LF
or CRLF only -- never on U+2028/U+2029 or other Unicode breaks, which `str.splitlines` and
httpx's `aiter_lines()` would split on, corrupting JSON that contains them.  A CR that ends one
chunk is remembered, so a CRLF split across two feeds is one line break.  A partial line waits
in `_line`.  Complete lines update the pending event (event name, data lines, id, retry); a blank
line dispatches it.  A leading BOM is dropped.  `finish()` ends the stream: the trailing partial
line is processed, and an event that never got its blank line is returned with `complete=False`
(servers often omit the last blank line; callers decide whether that counts).  A read that is exactly one
`data:` line and its blank line, the decoder between events with nothing pending (nearly every read of a
streaming provider), is decoded in C and cut in one slice (`_lone_data_event`), with the same result.

Bounds: a line may hold at most `max_line_chars` characters and one event's data lines together at most
`max_event_chars`; past either, `feed` raises `MalformedResponse` (a provider protocol error), so a
provider that never sends a line break cannot grow the buffers without end.
"""

from __future__ import annotations

import codecs

import attrs

from .errors import MalformedResponse

DEFAULT_MAX_LINE_CHARS = 4 * 1024 * 1024
"""Characters one SSE line may have (a JSON delta is a few hundred; a whole reply in one line fits)."""
DEFAULT_MAX_EVENT_CHARS = 16 * 1024 * 1024
"""Characters the data lines of one event may have together."""


@attrs.frozen
class SSEEvent:
    event: str = "message"
    data: str = ""
    id: str | None = None  # the last event id seen so far in the stream (it persists, per spec)
    retry: int | None = None  # a `retry:` field given in this event's block, in milliseconds
    complete: bool = True  # False only for an event cut off at end of stream


@attrs.define
class SSEDecoder:
    #: named in the errors raised when a bound is passed.
    provider: str = "provider"
    max_line_chars: int = DEFAULT_MAX_LINE_CHARS
    max_event_chars: int = DEFAULT_MAX_EVENT_CHARS
    _decoder: codecs.IncrementalDecoder = attrs.field(
        factory=lambda: codecs.getincrementaldecoder("utf-8")(errors="replace")
    )
    _line: list[str] = attrs.field(factory=list)
    _line_chars: int = 0
    _pending_cr: bool = False
    _at_start: bool = True
    _event: str = ""
    _data: list[str] = attrs.field(factory=list)
    _data_chars: int = 0
    _has_fields: bool = False
    _last_id: str | None = None
    _retry: int | None = None
    _finished: bool = False

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        if self._finished:
            raise RuntimeError("feed() after finish()")
        if self._decoder.buffer:  # type: ignore[attr-defined]  # a character split across reads waits
            return self._feed_text(self._decoder.decode(chunk))
        try:  # nothing waits in the incremental decoder: valid UTF-8 decodes alike, in C
            text = chunk.decode()
        except UnicodeDecodeError:  # a split character or an invalid byte: the incremental decoder's way
            return self._feed_text(self._decoder.decode(chunk))
        event = self._lone_data_event(text)
        return [event] if event is not None else self._feed_text(text)

    def finish(self) -> list[SSEEvent]:
        if self._finished:
            return []
        events = self._feed_text(self._decoder.decode(b"", final=True))
        self._finished = True
        if self._line:
            self._process_line("".join(self._line), events)
            self._line.clear()
        if self._data:
            events.append(self._build(complete=False))
        return events

    @property
    def last_event_id(self) -> str | None:
        return self._last_id

    # --- internals ------------------------------------------------------------------------

    def _lone_data_event(self, text: str) -> SSEEvent | None:
        """The event of a read that is exactly one `data: ...` line and its blank line, the decoder between
        events (nearly every read of a streaming provider); None: anything else, for `_feed_text`. The
        same event, and the same state after it, as the line by line way."""
        if (
            self._line
            or self._has_fields
            or self._pending_cr
            or self._at_start
            or not text.startswith("data: ")
            or text.find("\n") != len(text) - 2
            or not text.endswith("\n\n")
            or "\r" in text
            or len(text) - 2 > self.max_line_chars
            or len(text) - 7 > self.max_event_chars
        ):
            return None
        return SSEEvent("message", text[6:-2], self._last_id)

    def _feed_text(self, text: str) -> list[SSEEvent]:
        if not text:
            return []
        if self._at_start:
            self._at_start = False
            if text.startswith("\ufeff"):
                text = text[1:]
        if self._pending_cr:
            self._pending_cr = False
            if text.startswith("\n"):
                text = text[1:]
        if "\r" in text:
            # CRLF and a lone CR are line breaks as LF is; a CR at the end may be the first half of a CRLF.
            self._pending_cr = text.endswith("\r")
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        # Split in C, not one find() per line: a chunk of a fast stream carries hundreds of lines.
        lines = text.split("\n")
        partial = lines.pop()
        events: list[SSEEvent] = []
        if lines:
            if self._line:
                self._append_to_line(lines[0])
                lines[0] = "".join(self._line)
                self._line.clear()
                self._line_chars = 0
            for line in lines:
                if len(line) > self.max_line_chars:
                    self._line_too_long()
                self._process_line(line, events)
        if partial:
            self._append_to_line(partial)
        return events

    def _append_to_line(self, part: str) -> None:
        self._line_chars += len(part)
        if self._line_chars > self.max_line_chars:
            self._line_too_long()
        self._line.append(part)

    def _line_too_long(self) -> None:
        raise MalformedResponse(
            self.provider,
            f"an event-stream line is longer than {self.max_line_chars} characters (the limit)",
        )

    def _process_line(self, line: str, events: list[SSEEvent]) -> None:
        if not line:
            if not self._has_fields:
                return
            if not self._data:
                # A block without data dispatches nothing, but resets the event name.
                self._event = ""
                self._has_fields = False
                self._retry = None
                return
            events.append(self._build(complete=True))
            return
        if line[0] == ":":
            return
        field, sep, value = line.partition(":")
        if sep and value.startswith(" "):
            value = value[1:]
        if field == "data":
            self._data_chars += len(value) + 1
            if self._data_chars > self.max_event_chars:
                raise MalformedResponse(
                    self.provider,
                    f"an event's data is longer than {self.max_event_chars} characters (the limit)",
                )
            self._data.append(value)
        elif field == "event":
            self._event = value
        elif field == "id":
            if "\x00" not in value:
                self._last_id = value
        elif field == "retry":
            if value.isascii() and value.isdigit():
                self._retry = int(value)
        else:
            return
        self._has_fields = True

    def _build(self, *, complete: bool) -> SSEEvent:
        event = SSEEvent(
            event=self._event or "message",
            data="\n".join(self._data),
            id=self._last_id,
            retry=self._retry,
            complete=complete,
        )
        self._event = ""
        self._data = []
        self._data_chars = 0
        self._has_fields = False
        self._retry = None
        return event
