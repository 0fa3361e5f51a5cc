"""Recording the editor's traffic (`cursord record`) into a redacted capture, and reading one back.

- `format`: the capture file (JSON Lines, versioned): header, events, reading and writing;
- `redact`: stable, shape-keeping placeholders for every private value;
- `recorder`: `Recorder.wrap`, the ASGI layer each listener's app goes through while recording;
- `calls`: a capture as calls, and the names of its messages; `show`: `cursord record show`.

The replay (`cursord replay`) plays a capture's editor side with the test editor: `cursord.testing.replay`.
"""

from cursord.capture.calls import (
    RecordedCall,
    append_inner,
    calls_of,
    client_message_kind,
    decode,
    describe_up,
    message_kind,
)
from cursord.capture.format import (
    FORMAT,
    VERSION,
    CaptureError,
    CaptureEvent,
    CaptureHeader,
    dump_capture,
    read_capture,
)
from cursord.capture.recorder import CAPTURE_DIR, Recorder, capture_path, method_types
from cursord.capture.redact import (
    KEPT_FIELDS,
    KEPT_HEADERS,
    Placeholders,
    message_class,
    redact_headers,
    redact_payload,
)
from cursord.capture.show import show_lines

__all__ = [
    "CAPTURE_DIR",
    "FORMAT",
    "KEPT_FIELDS",
    "KEPT_HEADERS",
    "VERSION",
    "CaptureError",
    "CaptureEvent",
    "CaptureHeader",
    "Placeholders",
    "RecordedCall",
    "Recorder",
    "append_inner",
    "calls_of",
    "capture_path",
    "client_message_kind",
    "decode",
    "describe_up",
    "dump_capture",
    "message_class",
    "message_kind",
    "method_types",
    "read_capture",
    "redact_headers",
    "redact_payload",
    "show_lines",
]
