"""Small helpers shared by the per-vendor stream decoders (no state of their own)."""

from __future__ import annotations

import json
from typing import Any

from .errors import MalformedResponse, StreamTruncated
from .sse import SSEEvent


def event_json(provider: str, event: SSEEvent) -> dict[str, Any]:
    """The event's data as a JSON object.

    Unparseable data in an event cut off at end of stream means the stream was truncated;
    anywhere else it means the provider broke its format.
    """
    try:
        value = json.loads(event.data)
    except ValueError:
        if not event.complete:
            raise StreamTruncated(provider, "stream ended inside an event") from None
        raise MalformedResponse(provider, f"event data is not JSON: {event.data[:200]!r}") from None
    if not isinstance(value, dict):
        raise MalformedResponse(provider, f"event data is not a JSON object: {event.data[:200]!r}")
    return value


def as_int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def as_str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def normalise_arguments(text: str) -> str:
    """Whole tool-call arguments; a call with no arguments gets "{}"."""
    return text if text.strip() else "{}"
