"""The capture file: what is written reads back; a file that is not a capture, a newer format or a bad line is
an error naming the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cursord.capture import VERSION, CaptureError, CaptureEvent, CaptureHeader, dump_capture, read_capture


def test_a_capture_reads_back(tmp_path: Path) -> None:
    header = CaptureHeader(True, "0.1.0", "2026-12-04T00:00:00Z", {"cursor_version": "3.18.9"}, {"provenance": "x"})
    events = [
        CaptureEvent(0.0, 1, "request", {"listener": "proxy", "path": "/p", "http": "1.1", "headers": []}),
        CaptureEvent(0.5, 1, "up", {"type": "agent.v1.BidiRequestId", "data": "0a027231"}),
        CaptureEvent(1.0, 1, "end", {"error": None}),
    ]
    path = tmp_path / "c.jsonl"
    with path.open("w") as file:
        dump_capture(header, events, file)
    assert read_capture(path) == (header, events)
    assert events[1].data == b"\x0a\x02r1"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "empty file, not a cursord capture"),
        ('{"format": "other"}\n', ":1: not a cursord capture"),
        (f'{{"format": "cursord-capture", "version": {VERSION + 1}}}\n', f"version {VERSION + 1} is newer"),
        ('{"format": "cursord-capture", "version": 1}\n{"t": 0, "call": 1}\n', ':2: an event needs "t", "call"'),
        ('{"format": "cursord-capture", "version": 1}\n{"t": 0, "call": 1, "ev": "up", "data": "zz"}\n',
         ':2: "data" must be hex'),
        ('{"format": "cursord-capture", "version": 1}\n{"t": 0, "call": 1, "ev": "sideways"}\n',
         ":2: unknown event 'sideways'"),
        ('{"format": "cursord-capture", "version": 1}\nnot json\n', ":2: not JSON"),
    ],
)
def test_a_bad_file_is_an_error_naming_the_line(tmp_path: Path, text: str, error: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(CaptureError, match=None) as raised:
        read_capture(path)
    assert error in str(raised.value) and str(path) in str(raised.value)
