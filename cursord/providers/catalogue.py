"""A request's tool catalogue, built and written as JSON once per tool set and wire format.

Theory of operation. Every run of a process offers the same tools (`ToolSpec`s built once and shared,
`cursord.agent.tools.ToolRegistry.specs`), and their catalogue is most of a provider request's body (12 of
12.5 KB for the built-in tools over OpenAI Chat): writing it as JSON was most of what building a request
cost. `catalogue` makes a builder's entries for a tool set once, keeps them with their JSON text (a
`Catalogue`: a list that carries `json`) and gives the same object to every request that offers the same
tools in the same format (the same builder, a wire format's module function, with the same options), so it
is shared and read-only, like the cleaned schemas in it. `encode_body`
writes the rest of the body and splices each catalogue's text in: the bytes are those `json.dumps` writes
of the whole body (no ASCII escapes, no NaN, no spaces).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from .model import ToolSpec

#: a builder of entries and the options it is given: (builder, *options) names a format
Format = tuple[Hashable, ...]
#: catalogues by (format, tools); oldest dropped past CACHE_SIZE
_cache: dict[tuple[Format, tuple[tuple[str, str, str], ...]], Catalogue] = {}
#: the same by (format, the ids of the `ToolSpec`s), each beside the specs so no id is reused while kept:
#: a registry's specs are shared by every run of its tool set, so most requests find theirs here
_by_specs: dict[tuple[Format, tuple[int, ...]], tuple[tuple[ToolSpec, ...], Catalogue]] = {}
CACHE_SIZE = 64

_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode


class Catalogue(list[Any]):
    """A JSON array kept with its text, `json` (`encode_body` writes that text instead of the items)."""

    __slots__ = ("json",)

    def __init__(self, items: Sequence[Any]) -> None:
        super().__init__(items)
        self.json: str = _encode(self)


def catalogue(
    tools: Sequence[ToolSpec], build: Callable[..., list[Any]], *options: Hashable
) -> list[Any]:
    """`build(tools, *options)` (the entries, in order), made once for every request that offers the same
    tools (by name, description and schema) to the same builder with the same options: the builder and its
    options are the key, so an option that shapes an entry cannot be left out of it. A tool set with a schema
    that is not JSON is built afresh each time, uncached."""
    key = (build, *options)
    by_specs = (key, tuple(map(id, tools)))
    found = _by_specs.get(by_specs)
    if found is not None:
        return found[1]
    specs: list[tuple[str, str, str]] = []
    for tool in tools:
        schema = tool.schema_key
        if schema is None:
            return build(tools, *options)
        specs.append((tool.name, tool.description, schema))
    cache_key = (key, tuple(specs))
    made = _cache.get(cache_key)
    if made is None:
        made = Catalogue(build(tools, *options))
        if len(_cache) >= CACHE_SIZE:
            del _cache[next(iter(_cache))]
        _cache[cache_key] = made
    if len(_by_specs) >= CACHE_SIZE:
        del _by_specs[next(iter(_by_specs))]
    _by_specs[by_specs] = (tuple(tools), made)
    return made


def encode_body(body: Mapping[str, Any]) -> bytes:
    """`body` as JSON bytes, exactly as `json.dumps(body, ensure_ascii=False, separators=(",", ":"),
    allow_nan=False)` writes it, with each top-level `Catalogue`'s text written once for all requests."""
    if not any(type(value) is Catalogue for value in body.values()):
        return _encode(body).encode()
    parts = [
        _encode(name) + ":" + (value.json if type(value) is Catalogue else _encode(value))
        for name, value in body.items()
    ]
    return ("{" + ",".join(parts) + "}").encode()
