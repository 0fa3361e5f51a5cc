"""event_json: the fast decoder gives what `json.loads` gives, and `json.loads` decides what it refuses."""

from __future__ import annotations

import json
import math

import pytest

from cursord.providers._decoding import event_json
from cursord.providers.errors import MalformedResponse, StreamTruncated
from cursord.providers.sse import SSEEvent

SAME_AS_JSON_LOADS = [
    '{"choices":[{"index":0,"delta":{"content":"hi \\u2028 there"},"finish_reason":null}]}',
    '{"a":123456789012345678901234567890,"b":-18446744073709551616}',
    '{"a":1,"a":2}',
    '{"a":-0.0,"b":1E5,"c":1.0000000000000002}',
    '{"a":"\\ud800"}',  # a lone surrogate: the fast decoder refuses it, json.loads keeps it
    '{"a":1e400}',  # an out-of-range float: json.loads makes it inf
    ' {"a":[true,false,null]} ',
]


@pytest.mark.parametrize("data", SAME_AS_JSON_LOADS)
def test_values_are_json_loads_values(data: str) -> None:
    assert event_json("p", SSEEvent(data=data)) == json.loads(data)


def test_nan_is_taken_as_json_loads_takes_it() -> None:
    assert math.isnan(event_json("p", SSEEvent(data='{"a":NaN}'))["a"])


def test_broken_json_is_a_protocol_error_or_a_truncation() -> None:
    with pytest.raises(MalformedResponse, match="not JSON"):
        event_json("p", SSEEvent(data='{"a":'))
    with pytest.raises(StreamTruncated):
        event_json("p", SSEEvent(data='{"a":', complete=False))
    with pytest.raises(MalformedResponse, match="not a JSON object"):
        event_json("p", SSEEvent(data="[1]"))
