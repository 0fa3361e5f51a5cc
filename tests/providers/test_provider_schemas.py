"""Tool schema sanitising, per vendor profile."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cursord.providers.model import ToolSpec
from cursord.providers.schemas import PROFILES, sanitize_schema

MCP_STYLE: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "urn:tool",
    "type": "object",
    "properties": {
        "url": {"type": "string", "format": "uri", "description": "Where"},
        "when": {"type": "string", "format": "date-time"},
        "tags": {"type": "array", "uniqueItems": True},
        "mode": {"type": "string", "enum": ["a", "b"], "default": "a"},
        "opts": {
            "type": "object",
            "properties": {"depth": {"type": "integer", "minimum": 0}},
            "patternProperties": {"^x-": {"type": "string"}},
        },
        "any": {"anyOf": [{"type": "string"}, {"type": "number"}]},
    },
    "required": ["url", "missing"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_common_rules(profile: str) -> None:
    before = copy.deepcopy(MCP_STYLE)
    out = sanitize_schema(MCP_STYLE, profile)
    assert before == MCP_STYLE  # input untouched
    assert out["type"] == "object" and isinstance(out["properties"], dict)
    assert "$schema" not in out and "$id" not in out
    assert "missing" not in out["required"] and "url" in out["required"]


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("schema", [None, {}, {"type": "string"}, {"properties": {"a": {"type": "string"}}}])
def test_top_level_always_object_with_properties(profile: str, schema: Any) -> None:
    out = sanitize_schema(schema, profile)
    assert out["type"] == "object" and isinstance(out["properties"], dict)


def test_nullable_top_level_type() -> None:
    assert sanitize_schema({"type": ["object", "null"], "properties": {}}, "anthropic")["type"] == "object"


def test_top_level_anyof_of_objects_is_merged() -> None:
    schema = {
        "anyOf": [
            {
                "type": "object",
                "properties": {"a": {"type": "string"}, "c": {"type": "string"}},
                "required": ["a", "c"],
            },
            {"type": "object", "properties": {"b": {"type": "integer"}, "c": {"type": "string"}}, "required": ["c"]},
        ]
    }
    out = sanitize_schema(schema, "anthropic")
    assert "anyOf" not in out
    assert set(out["properties"]) == {"a", "b", "c"}
    assert out["required"] == ["c"]  # only what every branch requires


def test_top_level_allof_requires_union() -> None:
    schema = {
        "allOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
            {"properties": {"b": {"type": "string"}}, "required": ["b"]},
        ]
    }
    out = sanitize_schema(schema, "openai")
    assert out["required"] == ["a", "b"]


def test_top_level_combinator_of_non_objects_becomes_empty_object() -> None:
    out = sanitize_schema({"description": "d", "oneOf": [{"type": "string"}, {"type": "integer"}]}, "openai")
    assert out == {"type": "object", "properties": {}, "description": "d"}


def test_anthropic_keeps_formats_and_keywords() -> None:
    out = sanitize_schema(MCP_STYLE, "anthropic")
    props = out["properties"]
    assert props["url"]["format"] == "uri" and props["mode"]["default"] == "a"
    assert props["tags"] == {"type": "array", "uniqueItems": True}  # no items added for Anthropic
    assert "patternProperties" in props["opts"]


def test_openai_adds_items_and_properties() -> None:
    schema = {"type": "object", "properties": {"xs": {"type": "array"}, "o": {"type": "object"}}}
    out = sanitize_schema(schema, "openai")
    assert out["properties"]["xs"]["items"] == {}
    assert out["properties"]["o"]["properties"] == {}
    # nested arrays inside items too
    deep = sanitize_schema({"type": "object", "properties": {"m": {"type": "array", "items": {"type": "array"}}}})
    assert deep["properties"]["m"]["items"]["items"] == {}


def test_openai_strict() -> None:
    out = sanitize_schema(MCP_STYLE, "openai_strict")
    props = out["properties"]
    assert out["additionalProperties"] is False
    assert out["required"] == list(props)  # every property required
    assert props["url"] == {"type": "string", "description": "Where"}  # "uri" format unsupported: dropped
    assert props["when"]["format"] == "date-time"
    assert props["tags"]["type"] == ["array", "null"] and "uniqueItems" not in props["tags"]
    assert props["mode"] == {"type": ["string", "null"], "enum": ["a", "b", None]}  # default dropped
    opts = props["opts"]
    assert opts["additionalProperties"] is False and "patternProperties" not in opts
    assert opts["required"] == ["depth"] and opts["properties"]["depth"]["type"] == ["integer", "null"]
    assert props["any"] == {"anyOf": [{"anyOf": [{"type": "string"}, {"type": "number"}]}, {"type": "null"}]}


def test_strict_reaches_defs() -> None:
    schema = {
        "type": "object",
        "properties": {"p": {"$ref": "#/$defs/P"}},
        "required": ["p"],
        "$defs": {"P": {"type": "object", "properties": {"x": {"type": "string"}}}},
    }
    out = sanitize_schema(schema, "openai_strict")
    assert out["$defs"]["P"]["additionalProperties"] is False
    assert out["$defs"]["P"]["required"] == ["x"]
    assert out["properties"]["p"] == {"$ref": "#/$defs/P"}


def test_property_named_like_a_keyword_survives() -> None:
    schema = {"type": "object", "properties": {"format": {"type": "string"}, "default": {"type": "string"}}}
    out = sanitize_schema(schema, "openai_strict")
    assert set(out["properties"]) == {"format", "default"}


def test_cleaned_schemas_are_shared_between_requests_with_the_same_tools() -> None:
    first = sanitize_schema(copy.deepcopy(MCP_STYLE), "openai")
    assert sanitize_schema(copy.deepcopy(MCP_STYLE), "openai") is first  # cached by content
    assert sanitize_schema(copy.deepcopy(MCP_STYLE), "anthropic") is not first
    other = {**MCP_STYLE, "required": ["url"]}
    assert sanitize_schema(other, "openai") is not first


def test_a_tool_spec_writes_its_schema_once_and_its_cleaned_copy_is_the_cached_one() -> None:
    spec = ToolSpec("fetch", "Fetch a URL", copy.deepcopy(MCP_STYLE))
    assert spec.schema_json == json.dumps(MCP_STYLE)
    assert spec.schema_key == json.dumps(MCP_STYLE, sort_keys=True, separators=(",", ":"))
    assert spec.schema_json is spec.schema_json  # written once, on first use
    assert spec == ToolSpec("fetch", "Fetch a URL", copy.deepcopy(MCP_STYLE))  # what it derived is not compared
    cleaned = sanitize_schema(spec.json_schema, "openai", canonical=spec.schema_key)
    assert cleaned is sanitize_schema(copy.deepcopy(MCP_STYLE), "openai")


def test_a_tool_spec_whose_schema_is_not_json() -> None:
    spec = ToolSpec("odd", "", {"type": "object", "properties": {"x": {"default": {1, 2}}}})
    assert spec.schema_key is None
    with pytest.raises(TypeError):
        spec.schema_json  # noqa: B018 (as json.dumps refuses it)
    assert sanitize_schema(spec.json_schema, "openai", canonical=spec.schema_key)["properties"]["x"] == {
        "default": {1, 2}
    }
