"""A tool catalogue built and written once per tool set and format, and the body written around it."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cursord.providers import anthropic, gemini, openai_chat, openai_responses
from cursord.providers.catalogue import Catalogue, catalogue, encode_body
from cursord.providers.model import Message, PassRequest, ToolSpec

SCHEMA = {"type": "object", "properties": {"path": {"type": "string", "description": "chemin, 路径"}}}
TOOLS = (ToolSpec("read_file", "Read a file ✓", SCHEMA), ToolSpec("ls", "List a directory", {}))


def dumps(body: Any) -> bytes:
    """What a request body was written as before catalogues."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


def request(tools: tuple[ToolSpec, ...] = TOOLS) -> PassRequest:
    return PassRequest(model="m", system="sys ✓", messages=(Message.user("héllo"),), tools=tools)


BUILDERS = {
    "openai_chat": lambda r: openai_chat.build_request(r)[1],
    "openai_responses": lambda r: openai_responses.build_request(r)[1],
    "anthropic": lambda r: anthropic.build_request(r)[1],
    "gemini": lambda r: gemini.build_request(r)[1],
}


@pytest.mark.parametrize("name", list(BUILDERS))
def test_every_request_offering_the_same_tools_shares_one_catalogue_and_is_written_as_json_dumps_writes_it(
    name: str,
) -> None:
    build = BUILDERS[name]
    first, second = (
        build(request()),
        build(request(tuple(ToolSpec(t.name, t.description, dict(t.json_schema)) for t in TOOLS))),
    )
    assert type(first["tools"]) is Catalogue
    assert second["tools"] is first["tools"]  # the same tools by value: built and written once
    assert encode_body(first) == dumps(first)
    assert json.loads(encode_body(first)) == json.loads(dumps(first))


def test_a_catalogue_is_per_format_and_per_what_shapes_an_entry() -> None:
    chat = openai_chat.build_request(request())[1]["tools"]
    strict = openai_chat.build_request(request(), openai_chat.ChatOptions(schema_profile="openai_strict"))[1]["tools"]
    cached = anthropic.build_request(request())[1]["tools"]
    uncached = anthropic.build_request(request(), anthropic.AnthropicOptions(cache_tools=False))[1]["tools"]
    assert strict is not chat and strict[0]["function"]["strict"] is True and "strict" not in chat[0]["function"]
    assert uncached is not cached and "cache_control" in cached[-1] and "cache_control" not in uncached[-1]
    other = openai_chat.build_request(request((TOOLS[0], ToolSpec("ls", "List a folder", {}))))[1]["tools"]
    assert other is not chat and other[1]["function"]["description"] == "List a folder"


def names(tools: tuple[ToolSpec, ...], tag: str) -> list[Any]:
    """A builder of entries, as a wire format's module has one."""
    return [{"name": tool.name, "tag": tag} for tool in tools]


def test_a_tool_set_with_a_schema_that_is_not_json_is_built_each_time() -> None:
    odd = (ToolSpec("odd", "not JSON", {"type": "object", "x": {1, 2}}),)
    made = catalogue(odd, names, "k")
    assert type(made) is list and made == [{"name": "odd", "tag": "k"}]
    assert catalogue(odd, names, "k") is not made


def test_the_builder_and_its_options_name_the_format() -> None:
    plain = catalogue(TOOLS, names, "plain")
    assert catalogue(TOOLS, names, "plain") is plain
    tagged = catalogue(TOOLS, names, "tagged")
    assert tagged is not plain and tagged[0]["tag"] == "tagged"


def test_nan_is_refused_in_a_catalogue_and_beside_it() -> None:
    with pytest.raises(ValueError):
        Catalogue([{"x": math.nan}])
    with pytest.raises(ValueError):
        encode_body({"tools": Catalogue([1]), "temperature": math.nan})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=12,
)


@given(st.dictionaries(st.text(), JSON, max_size=5), st.lists(JSON, max_size=3), st.text())
def test_a_body_with_a_catalogue_is_written_byte_for_byte_as_json_dumps_writes_it(
    body: dict[str, Any], entries: list[Any], key: str
) -> None:
    body[key] = Catalogue(entries)
    assert encode_body(body) == dumps(body)


def test_the_same_specs_find_their_catalogue_by_identity_and_new_specs_by_value() -> None:
    first = catalogue(TOOLS, names, "by-specs")
    assert catalogue(list(TOOLS), names, "by-specs") is first  # the same spec objects, another sequence
    rebuilt = tuple(ToolSpec(t.name, t.description, dict(t.json_schema)) for t in TOOLS)
    assert catalogue(rebuilt, names, "by-specs") is first  # equal specs: found by value
