"""ContentStream: a string argument decoded from JSON fragments split anywhere."""

from __future__ import annotations

import itertools
import json

from hypothesis import given
from hypothesis import strategies as st

from cursord.agent.tools.arg_stream import ContentStream


def streamed(arguments: str, key: str, cuts: list[int]) -> str:
    stream = ContentStream(key)
    points = sorted({c % (len(arguments) + 1) for c in cuts} | {0, len(arguments)})
    return "".join(stream.feed(arguments[a:b]) for a, b in itertools.pairwise(points))


def test_only_the_named_top_level_argument_is_read() -> None:
    arguments = json.dumps(
        {"path": "/w/a.py", "nested": {"contents": "no"}, "contents": 'def f():\n    return "ü" + "😀"\n', "z": 1}
    )
    assert streamed(arguments, "contents", []) == 'def f():\n    return "ü" + "😀"\n'
    assert streamed(arguments, "path", [3, 9]) == "/w/a.py"
    assert streamed(arguments, "missing", []) == ""


@given(st.text(), st.text(), st.lists(st.integers(min_value=0), max_size=12), st.booleans())
def test_any_text_split_anywhere_comes_out_whole(contents: str, other: str, cuts: list[int], ascii_only: bool) -> None:
    arguments = json.dumps({"path": other, "contents": contents, "after": [other]}, ensure_ascii=ascii_only)
    assert streamed(arguments, "contents", cuts) == contents
