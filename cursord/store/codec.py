"""Lossless JSON for the provider-neutral conversation types (pure; no I/O).

A message is stored as its role (a column) and its parts as a JSON array; each part is an object
whose `"t"` names its type:

    {"t": "text", "text": ...}
    {"t": "image", "media_type": ..., "data": BASE64}
    {"t": "thinking", "text": ..., "signature": ... | null, "redacted": ... | null, "origin": ... | null
     [, "carrier": ...]}
    {"t": "tool_call", "id": ..., "name": ..., "arguments": ... [, "signature": ...]}
    {"t": "tool_result", "tool_call_id": ..., "content": ..., "is_error": bool}

Every field is written, null included, so decoding never guesses; the two added later (a thinking
part's `carrier`, a tool call's `signature`) only when set, so what was written before them, which
lacks them, reads and writes back the same. Thinking signatures, redacted
thinking data and tool-call argument text are kept byte for byte: they are strings we never parse.
Text that cannot be UTF-8 encoded (a lone surrogate from a broken decoder) is written with
`\\u` escapes instead of failing, and decodes to the same string.
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from cursord.providers.model import (
    ImagePart,
    Message,
    Part,
    Role,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    Usage,
)
from cursord.store.errors import CorruptRecord


def _part_to_json(part: Part) -> dict[str, Any]:
    match part:
        case TextPart(text=text):
            return {"t": "text", "text": text}
        case ImagePart():
            return {"t": "image", "media_type": part.media_type, "data": part.base64()}
        case ThinkingPart():
            thinking: dict[str, Any] = {
                "t": "thinking",
                "text": part.text,
                "signature": part.signature,
                "redacted": part.redacted_data,
                "origin": part.origin,
            }
            if part.carrier is not None:
                thinking["carrier"] = part.carrier
            return thinking
        case ToolCallPart():
            call: dict[str, Any] = {"t": "tool_call", "id": part.id, "name": part.name, "arguments": part.arguments}
            if part.signature is not None:
                call["signature"] = part.signature
            return call
        case ToolResultPart():
            return {
                "t": "tool_result",
                "tool_call_id": part.tool_call_id,
                "content": part.content,
                "is_error": part.is_error,
            }
    raise TypeError(f"not a message part: {part!r}")  # pragma: no cover - the Part union is closed


def encode_parts(parts: tuple[Part, ...]) -> str:
    """The parts of one message as JSON text that SQLite can store (always valid UTF-8)."""
    items = [_part_to_json(p) for p in parts]
    text = json.dumps(items, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: escape them, json.loads restores them exactly
        text = json.dumps(items, ensure_ascii=True, separators=(",", ":"))
    return text


def _str(item: dict[str, Any], key: str) -> str:
    value = item.get(key)
    if not isinstance(value, str):
        raise CorruptRecord(f"message part field {key!r} should be a string, got {value!r}")
    return value


def _opt_str(item: dict[str, Any], key: str) -> str | None:
    value = item.get(key)
    if value is not None and not isinstance(value, str):
        raise CorruptRecord(f"message part field {key!r} should be a string or null, got {value!r}")
    return value


def _part_from_json(item: object) -> Part:
    if not isinstance(item, dict):
        raise CorruptRecord(f"message part should be an object, got {item!r}")
    match item.get("t"):
        case "text":
            return TextPart(_str(item, "text"))
        case "image":
            try:
                data = base64.b64decode(_str(item, "data"), validate=True)
            except binascii.Error as exc:
                raise CorruptRecord(f"image part data is not base64: {exc}") from None
            return ImagePart(_str(item, "media_type"), data)
        case "thinking":
            return ThinkingPart(
                text=_str(item, "text"),
                signature=_opt_str(item, "signature"),
                redacted_data=_opt_str(item, "redacted"),
                origin=_opt_str(item, "origin"),
                carrier=_opt_str(item, "carrier"),
            )
        case "tool_call":
            return ToolCallPart(
                _str(item, "id"), _str(item, "name"), _str(item, "arguments"), _opt_str(item, "signature")
            )
        case "tool_result":
            is_error = item.get("is_error")
            if not isinstance(is_error, bool):
                raise CorruptRecord(f"tool_result is_error should be a boolean, got {is_error!r}")
            return ToolResultPart(_str(item, "tool_call_id"), _str(item, "content"), is_error)
        case other:
            raise CorruptRecord(f"unknown message part type {other!r}")


def decode_message(role: str, parts_json: str) -> Message:
    try:
        items = json.loads(parts_json)
    except ValueError as exc:
        raise CorruptRecord(f"message parts are not JSON: {exc}") from exc
    if not isinstance(items, list):
        raise CorruptRecord("message parts should be a JSON array")
    try:
        return Message(Role(role), tuple(_part_from_json(i) for i in items))
    except ValueError as exc:  # an unknown role, or a part the role cannot hold
        raise CorruptRecord(f"stored message does not decode: {exc}") from exc


def usage_columns(usage: Usage) -> tuple[int, int, int, int]:
    return (usage.input, usage.output, usage.cache_read, usage.cache_write)


def usage_from_columns(input_tokens: int, output: int, cache_read: int, cache_write: int) -> Usage:
    return Usage(input=input_tokens, output=output, cache_read=cache_read, cache_write=cache_write)


def check_json(text: str, what: str) -> str:
    """Refuse text that is not JSON, so JSON columns always hold JSON."""
    try:
        json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{what} must be JSON text: {exc}") from exc
    return text
