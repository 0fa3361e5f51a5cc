"""Make a tool's JSON schema acceptable to the vendor it is sent to.

Tool schemas come from everywhere (built-in tools, MCP servers written by anyone) and vendors
validate them: a schema that a JSON Schema validator accepts can still get the whole request a
400.  `sanitize_schema(schema, profile)` returns a cleaned copy (cached by content and shared between
requests: read-only); the input is never changed.

What every profile does (known rejections, all vendors):

- The top level becomes `{"type": "object", "properties": {...}}`: a missing or non-object
  top level gets an empty object schema; `type: ["object", "null"]` becomes `"object"`; a
  top-level `anyOf`/`oneOf`/`allOf` of object schemas is merged into one object (Anthropic
  rejects top-level combinators; OpenAI requires `type: object` there).
- `$schema`, `$id` and `$comment` are removed everywhere.
- `required` loses names that are not in `properties`.

Per profile (`PROFILES`):

- `anthropic`: the common rules only.  Anthropic accepts draft 2020-12 keywords and formats.
- `openai` (function calling, `strict` off): also every `type: array` gets `items` (OpenAI
  rejects "array schema missing items"), and every object gets `properties`.
- `openai_strict` (Structured Outputs, `strict: true`): also every object gets
  `additionalProperties: false` and lists every property in `required`; a property that was
  optional becomes nullable instead; `default` is removed (strict mode forbids it); `format` is
  kept only for the formats strict mode supports; keywords strict mode rejects are removed
  (see `_STRICT_UNSUPPORTED`).
- `gemini` (native `functionDeclarations[].parameters`): Gemini takes a subset of OpenAPI 3.0's Schema
  object and answers 400 ("Unknown name ...") for any other keyword. After the common rules, `$ref`s are
  inlined from `$defs`/`definitions` (a recursive one becomes a bare object), `type: [T, "null"]` becomes
  `type: T, nullable: true` (several types become `anyOf`), `oneOf` becomes `anyOf`, `const` a one-value
  `enum`, an `enum` of non-strings is dropped (Gemini's enums are strings), an untyped schema becomes a
  string (an object if it has properties: Gemini wants a type everywhere), `format` is kept only where
  Gemini knows it, and every keyword outside `GEMINI_KEYWORDS` is removed (`additionalProperties`,
  `$defs`, `exclusiveMinimum`, `examples`, `not`, ...).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from typing import Any

import attrs


@attrs.frozen
class SchemaProfile:
    name: str
    drop_keywords: frozenset[str]
    allowed_formats: frozenset[str] | None  # None keeps every format
    array_items_required: bool
    object_properties_required: bool
    strict: bool
    openapi_subset: bool = False  # Gemini: see the module docstring


_ALWAYS_DROP = frozenset({"$schema", "$id", "$comment"})
_STRICT_UNSUPPORTED = frozenset(
    {
        "default",
        "not",
        "if",
        "then",
        "else",
        "dependentRequired",
        "dependentSchemas",
        "patternProperties",
        "unevaluatedProperties",
        "propertyNames",
        "minProperties",
        "maxProperties",
        "unevaluatedItems",
        "contains",
        "minContains",
        "maxContains",
        "uniqueItems",
    }
)
_STRICT_FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})

PROFILES: Mapping[str, SchemaProfile] = {
    "anthropic": SchemaProfile("anthropic", _ALWAYS_DROP, None, False, False, False),
    "openai": SchemaProfile("openai", _ALWAYS_DROP, None, True, True, False),
    "openai_strict": SchemaProfile(
        "openai_strict", _ALWAYS_DROP | _STRICT_UNSUPPORTED, _STRICT_FORMATS, True, True, True
    ),
    "gemini": SchemaProfile("gemini", _ALWAYS_DROP, None, True, False, False, openapi_subset=True),
}

#: the Schema keywords Gemini's function declarations accept (ai.google.dev/api/caching#Schema).
GEMINI_KEYWORDS = frozenset(
    {
        "type",
        "format",
        "title",
        "description",
        "nullable",
        "enum",
        "maxItems",
        "minItems",
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
        "pattern",
        "example",
        "anyOf",
        "propertyOrdering",
        "default",
        "items",
        "minimum",
        "maximum",
    }
)
GEMINI_TYPES = frozenset({"string", "number", "integer", "boolean", "array", "object"})
#: formats Gemini knows, by type; others are dropped.
GEMINI_FORMATS = {"string": frozenset({"enum", "date-time"}), "number": frozenset({"float", "double"}),
                  "integer": frozenset({"int32", "int64"})}
_REF_DEPTH = 8

# Keywords whose value is a map of name -> subschema, one subschema, or a list of subschemas.
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_ONE = (
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
)
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_COMBINATORS = ("anyOf", "oneOf", "allOf")


#: cleaned schemas by (profile, the input schema as canonical JSON); oldest dropped past CACHE_SIZE.
_cache: dict[tuple[str, str], dict[str, Any]] = {}
CACHE_SIZE = 1024


def sanitize_schema(
    schema: Mapping[str, Any] | None, profile: str = "openai", *, canonical: str | None = None
) -> dict[str, Any]:
    """A cleaned copy of `schema` that the profile's vendor accepts as tool parameters.

    Every run offers the same tools, so the cleaned schema is cached by the input's content and shared:
    treat it as read-only (it goes into a request body that is serialised, never changed). The input is
    never changed either. `canonical`: the schema as canonical JSON if the caller has it already (a tool's
    `ToolSpec.schema_key`, written once per spec), so a run's request does not write every schema again."""
    if canonical is None:
        try:
            canonical = json.dumps(schema, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):  # not JSON (a caller's bug): clean it without caching
            return _sanitize(schema, profile)
    key = (profile, canonical)
    cleaned = _cache.get(key)
    if cleaned is None:
        cleaned = _sanitize(schema, profile)
        if len(_cache) >= CACHE_SIZE:
            del _cache[next(iter(_cache))]
        _cache[key] = cleaned
    return cleaned


def _sanitize(schema: Mapping[str, Any] | None, profile: str) -> dict[str, Any]:
    prof = PROFILES[profile]
    root: dict[str, Any] = copy.deepcopy(dict(schema)) if isinstance(schema, Mapping) else {}
    root = _object_top_level(root)
    _clean(root, prof)
    if prof.openapi_subset:
        root = _openapi_subset(root, _definitions(root), 0)
        root["type"] = "object"
    if "properties" not in root or not isinstance(root["properties"], dict):
        root["properties"] = {}
    return root


def _object_top_level(root: dict[str, Any]) -> dict[str, Any]:
    kind = root.get("type")
    if isinstance(kind, list):
        root["type"] = "object" if "object" in kind else kind
        kind = root["type"]
    combinator = next((k for k in _COMBINATORS if isinstance(root.get(k), list)), None)
    if combinator is not None and "properties" not in root:
        branches = [b for b in root[combinator] if isinstance(b, dict)]
        if branches and all(_is_object_schema(b) for b in branches):
            del root[combinator]
            merged: dict[str, Any] = {}
            required_sets: list[set[str]] = []
            for branch in branches:
                props = branch.get("properties")
                if isinstance(props, dict):
                    for name, sub in props.items():
                        merged.setdefault(name, sub)
                req = branch.get("required")
                required_sets.append({r for r in req if isinstance(r, str)} if isinstance(req, list) else set())
            if combinator == "allOf":
                required = set().union(*required_sets)
            else:
                required = set.intersection(*required_sets) if required_sets else set()
            root["properties"] = merged
            if required:
                root["required"] = sorted(required)
            kind = "object"
    if kind != "object" and (kind is not None or combinator is not None):
        # Not an object at all (or a combinator we cannot merge): replace, keep the description.
        description = root.get("description")
        root = {"type": "object", "properties": {}}
        if isinstance(description, str):
            root["description"] = description
    root["type"] = "object"
    for key in _COMBINATORS:
        root.pop(key, None)
    return root


def _is_object_schema(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    return kind == "object" or (kind is None and isinstance(schema.get("properties"), dict))


def _types(schema: dict[str, Any]) -> set[str]:
    kind = schema.get("type")
    if isinstance(kind, str):
        return {kind}
    if isinstance(kind, list):
        return {k for k in kind if isinstance(k, str)}
    return set()


def _sub_schemas(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every schema nested one level inside `node` (property maps, single sub-schemas, lists, `items`)."""
    for key in _SCHEMA_MAPS:
        sub = node.get(key)
        if isinstance(sub, dict):
            yield from (child for child in sub.values() if isinstance(child, dict))
    for key in _SCHEMA_ONE:
        sub = node.get(key)
        if isinstance(sub, dict):
            yield sub
    for key in (*_SCHEMA_LISTS, "items"):
        sub = node.get(key)
        if isinstance(sub, list):
            yield from (child for child in sub if isinstance(child, dict))
        elif key == "items" and isinstance(sub, dict):
            yield sub


def _clean(node: dict[str, Any], prof: SchemaProfile) -> None:
    for key in [k for k in node if k in prof.drop_keywords]:
        del node[key]
    fmt = node.get("format")
    if fmt is not None and prof.allowed_formats is not None and fmt not in prof.allowed_formats:
        del node["format"]
    # Recurse first, so nullable wrapping below sees cleaned children.
    for child in _sub_schemas(node):
        _clean(child, prof)
    types = _types(node)
    if "array" in types and prof.array_items_required and "items" not in node:
        node["items"] = {}
    if "object" in types or (not types and isinstance(node.get("properties"), dict)):
        _clean_object(node, prof)


def _clean_object(node: dict[str, Any], prof: SchemaProfile) -> None:
    props = node.get("properties")
    if not isinstance(props, dict):
        if prof.object_properties_required or prof.strict:
            props = node["properties"] = {}
        else:
            props = {}
    required = node.get("required")
    if isinstance(required, list):
        kept = [r for r in required if isinstance(r, str) and r in props]
        if kept:
            node["required"] = kept
        else:
            del node["required"]
    if prof.strict:
        originally_required = set(node.get("required", ()))
        for name, child in props.items():
            if name not in originally_required and isinstance(child, dict):
                props[name] = _nullable(child)
        node["required"] = list(props)
        node["additionalProperties"] = False


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    enum = schema.get("enum")
    if isinstance(enum, list) and None not in enum:
        schema["enum"] = [*enum, None]
    kind = schema.get("type")
    if isinstance(kind, str):
        if kind != "null":
            schema["type"] = [kind, "null"]
        return schema
    if isinstance(kind, list):
        if "null" not in kind:
            schema["type"] = [*kind, "null"]
        return schema
    return {"anyOf": [schema, {"type": "null"}]}


# --- Gemini's OpenAPI subset -------------------------------------------------------------------------


def _definitions(root: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key in ("definitions", "$defs"):
        defs = root.get(key)
        if isinstance(defs, dict):
            found.update({f"#/{key}/{name}": sub for name, sub in defs.items() if isinstance(sub, dict)})
    return found


def _one_type(node: dict[str, Any]) -> dict[str, Any]:
    """A copy of `node` with Gemini's spelling of alternatives: `anyOf` for `oneOf`, `enum` for `const`, and a
    list of types split into `anyOf` branches."""
    node = dict(node)
    if "oneOf" in node and "anyOf" not in node:
        node["anyOf"] = node.pop("oneOf")
    if "const" in node and "enum" not in node:
        node["enum"] = [node["const"]]
    types = [t for t in _types(node) if t in GEMINI_TYPES]
    if len(types) > 1:
        branches = [{**{k: v for k, v in node.items() if k != "type"}, "type": t} for t in types]
        node = {"anyOf": branches}
        if isinstance(branches[0].get("description"), str):
            node["description"] = branches[0]["description"]
    elif types:
        node["type"] = types[0]
    else:
        node.pop("type", None)
    return node


_MISSING = object()


def _subset_value(key: str, value: Any, node: dict[str, Any], defs: dict[str, Any], depth: int) -> Any:
    """One keyword's value as Gemini takes it, or `_MISSING` to leave the keyword out."""
    if key == "properties" and isinstance(value, dict):
        return {name: _openapi_subset(sub, defs, depth) for name, sub in value.items() if isinstance(sub, dict)}
    if key == "items" and isinstance(value, dict):
        return _openapi_subset(value, defs, depth)
    if key == "items" and isinstance(value, list):  # a tuple form: Gemini takes one item schema
        return _openapi_subset(next((v for v in value if isinstance(v, dict)), {}), defs, depth)
    if key == "anyOf" and isinstance(value, list):
        return [_openapi_subset(sub, defs, depth) for sub in value if isinstance(sub, dict)]
    if key == "enum":
        keep = isinstance(value, list) and value and all(isinstance(v, str) for v in value)
        return value if keep else _MISSING
    if key == "format":
        keep = isinstance(value, str) and value in GEMINI_FORMATS.get(str(node.get("type")), ())
        return value if keep else _MISSING
    if key == "required":
        return [r for r in value if isinstance(r, str)] if isinstance(value, list) else _MISSING
    return value


def _openapi_subset(node: dict[str, Any], defs: dict[str, Any], depth: int) -> dict[str, Any]:
    """`node` rewritten into the Schema keywords Gemini takes (a new dict; `defs` resolves `$ref`)."""
    ref = node.get("$ref")
    if isinstance(ref, str):
        target = defs.get(ref)
        if target is None or depth >= _REF_DEPTH:
            out: dict[str, Any] = {"type": "object"}
            if isinstance(node.get("description"), str):
                out["description"] = node["description"]
            return out
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return _openapi_subset(merged, defs, depth + 1)
    nullable = "null" in _types(node) or node.get("nullable") is True
    node = _one_type(node)
    out = {}
    for key, value in node.items():
        if key in GEMINI_KEYWORDS and (kept := _subset_value(key, value, node, defs, depth)) is not _MISSING:
            out[key] = kept
    if "anyOf" in out:
        out.pop("type", None)
    elif "type" not in out:  # Gemini wants every schema typed ("type: must be specified")
        out["type"] = "object" if "properties" in out else "string"
    if out.get("type") == "array" and "items" not in out:
        out["items"] = {}
    if out.get("type") != "string":
        out.pop("enum", None)
    if nullable:
        out["nullable"] = True
    return out
