"""Serializing protobuf messages for a `Codec`, with Connect's error codes on failure.

The codec core deals only in bytes; this is the one place that knows about protobuf, and it takes the
message class from the caller (no generated module is imported here). JSON follows the protobuf JSON mapping
(lowerCamelCase names on output; unknown fields ignored on input, as connect-go and connect-es do).
"""

from __future__ import annotations

from typing import TypeVar

from google.protobuf import json_format
from google.protobuf.message import DecodeError, EncodeError, Message

from cursord.connect.errors import Code, ConnectError, ErrorDetail
from cursord.connect.request import Codec

__all__ = ["decode_message", "detail_from_message", "encode_message"]

M = TypeVar("M", bound=Message)


def decode_message(codec: Codec, data: bytes, message_type: type[M]) -> M:
    """Parse ``data`` as a ``message_type``. Raises ConnectError(invalid_argument) if it does not parse."""
    message = message_type()
    try:
        if codec is Codec.PROTO:
            message.ParseFromString(data)
        else:
            json_format.Parse(data.decode("utf-8"), message, ignore_unknown_fields=True)
    except (DecodeError, json_format.ParseError, UnicodeDecodeError, RecursionError) as exc:
        name = message_type.DESCRIPTOR.full_name
        raise ConnectError(Code.INVALID_ARGUMENT, f"unmarshal into {name}: {exc}") from None
    return message


def encode_message(codec: Codec, message: Message) -> bytes:
    """Serialize ``message``. Raises ConnectError(internal) if it cannot be (e.g. missing required fields)."""
    try:
        if codec is Codec.PROTO:
            return message.SerializeToString()
        return json_format.MessageToJson(message, indent=None).encode("utf-8")
    except (EncodeError, json_format.SerializeToJsonError) as exc:
        name = message.DESCRIPTOR.full_name
        raise ConnectError(Code.INTERNAL, f"marshal {name}: {exc}") from None


def detail_from_message(message: Message) -> ErrorDetail:
    """An error detail carrying ``message`` (like packing it in a google.protobuf.Any)."""
    return ErrorDetail(message.DESCRIPTOR.full_name, message.SerializeToString())
