"""Loaders for the real-shaped editor uploads in tests/fixtures/editor (see PROVENANCE.md there)."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from cursord.proto import agent_v1_pb2 as agent

FIXTURES = Path(__file__).parent / "fixtures" / "editor"


def _json(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def recorded_action() -> agent.ConversationAction:
    """The recorded first message of a session: seven skills, MCP descriptors, ide state."""
    return json_format.ParseDict(_json("user_message_action.json"), agent.ConversationAction())


def all_kinds_message() -> agent.UserMessage:
    """A user message that sets every SelectedContext field."""
    return json_format.ParseDict(_json("user_message_all_kinds.json"), agent.UserMessage())


def all_kinds_blobs() -> dict[bytes, bytes]:
    return {bytes.fromhex(k): bytes.fromhex(v) for k, v in _json("user_message_all_kinds.blobs.json").items()}


def available_models() -> list[dict[str, Any]]:
    models: list[dict[str, Any]] = _json("available_models.json")["models"]
    return models


def png(width: int = 1, height: int = 1) -> bytes:
    """A valid RGB PNG of the given size (black)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\x00\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"
GIF = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00"
    b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)
WEBP = b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00"
BMP = b"BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00"
