"""Redacting a capture: every private value replaced by a stable placeholder of the same type and length.

What goes. Every protobuf `string` and `bytes` field (prompts, file contents, paths, tool arguments and
results, shell output, blob data, rules, tokens) except the ids and model names in `KEPT_FIELDS`, which
say how messages tie together and hold nothing of the user's; the content of every field the schema does not
know (length-delimited: its bytes; numbers stay); the body of a call whose schema cursord does not know, whole;
every request header not in `KEPT_HEADERS` (``authorization``, ``cookie`` and any token among them).

Placeholders are stable within one capture (the same value always gets the same placeholder, so an exec id
an upload echoes still matches the one the daemon sent) and keep the shape: a string keeps its UTF-8 length,
each ASCII letter or digit becomes a letter or digit of the same case, punctuation and whitespace stay (so
a path still looks like a path and a JSON argument still parses as JSON of the same length); a non-ASCII
character becomes as many ``x`` as its UTF-8 bytes. They come from an HMAC under a key drawn for each
capture and never written, so a placeholder cannot be checked against a guess.

`BidiAppendRequest.data` carries an `AgentClientMessage` as hex: that message is redacted and re-encoded in
the same form, so an upload keeps its size. Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Final

import attrs
from google.protobuf import descriptor_pool, message_factory, unknown_fields
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import DecodeError, Message

from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = ["KEPT_FIELDS", "KEPT_HEADERS", "Placeholders", "message_class", "redact_headers", "redact_payload"]

#: string fields kept as they are: ids that tie messages together, model names. Nothing the user wrote.
KEPT_FIELDS: Final = frozenset(
    {"request_id", "conversation_id", "exec_id", "call_id", "tool_call_id", "model_call_id", "model_id",
     "parent_request_id", "subagent_id"}
)
#: request and response headers kept verbatim (lower case); any other header's value is replaced.
KEPT_HEADERS: Final = frozenset(
    {"content-type", "content-encoding", "accept-encoding", "connect-protocol-version", "connect-timeout-ms",
     "connect-content-encoding", "connect-accept-encoding", "te", "user-agent", "x-request-id",
     "x-parent-request-id", "x-parent-agent-tool-call-id", "x-cursor-client-version", "x-cursor-client-type",
     "x-cursor-streaming", "x-new-onboarding-completed", "x-ghost-mode", "content-length"}
)
#: header values never kept, whatever `KEPT_HEADERS` says
_SECRET_HEADERS: Final = frozenset({"authorization", "cookie", "set-cookie", "proxy-authorization", "x-api-key"})

_WIRE_VARINT, _WIRE_FIXED64, _WIRE_LENGTH, _WIRE_FIXED32 = 0, 1, 2, 5

_POOL = descriptor_pool.Default()
assert agent.DESCRIPTOR and aiserver.DESCRIPTOR  # both schemas are in the default pool


def message_class(full_name: str) -> type[Message] | None:
    """The generated class for a protobuf type name, or None if the schema does not know it."""
    try:
        return message_factory.GetMessageClass(_POOL.FindMessageTypeByName(full_name))
    except KeyError:
        return None


@attrs.define
class Placeholders:
    """Stable, shape-keeping stand-ins for private values, under a key that is never written."""

    key: bytes = attrs.field(factory=lambda: secrets.token_bytes(32), repr=False)

    def _stream(self, value: bytes, size: int) -> bytes:
        """`size` bytes of noise for `value`: one HMAC over the value seeds SHAKE-256, so the work grows with
        the value's length once (an HMAC over the whole value for every 32 bytes of noise grew with its square:
        a 1 MiB message took 30 s)."""
        seed = hmac.digest(self.key, value, "sha256")
        return hashlib.shake_256(seed).digest(size)

    def text(self, value: str) -> str:
        raw = value.encode("utf-8")
        return _shaped(raw, self._stream(b"s" + raw, len(raw))).decode("ascii")

    def data(self, value: bytes) -> bytes:
        """Bytes of the same length, printable (each byte from 0x80 up an ``x``)."""
        return _shaped(value, self._stream(b"s" + value, len(value)))


def _table(pick: Callable[[int], int]) -> bytes:
    return bytes(pick(byte) for byte in range(256))


def _is_letter(byte: int) -> bool:
    return 0x41 <= byte <= 0x5A or 0x61 <= byte <= 0x7A


def _is_digit(byte: int) -> bool:
    return 0x30 <= byte <= 0x39


#: `bytes.translate` tables: masks of what a byte is, and a noise byte as a lower-case letter or a digit
_LETTERS: Final = _table(lambda b: 0xFF if _is_letter(b) else 0)
_CASE: Final = _table(lambda b: 0xDF if 0x41 <= b <= 0x5A else 0xFF)  # clears 0x20: a letter made upper case
_DIGITS: Final = _table(lambda b: 0xFF if _is_digit(b) else 0)
_KEPT: Final = _table(lambda b: 0xFF if b < 0x80 and not _is_letter(b) and not _is_digit(b) else 0)
_WIDE: Final = _table(lambda b: ord("x") if b >= 0x80 else 0)
_AS_LETTER: Final = _table(lambda n: ord("a") + n % 26)
_AS_DIGIT: Final = _table(lambda n: ord("0") + n % 10)


def _shaped(raw: bytes, noise: bytes) -> bytes:
    """`raw` with each ASCII letter or digit replaced by its place's noise byte as a letter of the same case or
    a digit, other ASCII kept and every other byte an ``x`` (so a character keeps its UTF-8 length). Done on
    whole buffers (`bytes.translate`, then and/or of the buffers read as integers), not a character at a time:
    4 MiB take milliseconds."""

    def num(data: bytes) -> int:
        return int.from_bytes(data, "big")

    letters = num(noise.translate(_AS_LETTER)) & num(raw.translate(_LETTERS)) & num(raw.translate(_CASE))
    digits = num(noise.translate(_AS_DIGIT)) & num(raw.translate(_DIGITS))
    kept = num(raw) & num(raw.translate(_KEPT))
    return (letters | digits | kept | num(raw.translate(_WIDE))).to_bytes(len(raw), "big")


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        bits, value = value & 0x7F, value >> 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _unknown_tail(message: Message, places: Placeholders) -> bytes:
    """The message's unknown fields, re-encoded with every length-delimited content replaced."""
    tail = bytearray()
    fields = unknown_fields.UnknownFieldSet(message)
    for index in range(len(fields)):
        field = fields[index]
        number, wire_type, data = field.field_number, field.wire_type, field.data
        tag = _varint(number << 3 | wire_type)
        if wire_type == _WIRE_VARINT:
            tail += tag + _varint(data & 0xFFFF_FFFF_FFFF_FFFF)
        elif wire_type == _WIRE_FIXED64:
            tail += tag + int(data).to_bytes(8, "little")
        elif wire_type == _WIRE_FIXED32:
            tail += tag + int(data).to_bytes(4, "little")
        elif wire_type == _WIRE_LENGTH:
            content = places.data(bytes(data))
            tail += tag + _varint(len(content)) + content
        # groups (wire types 3/4) are not used by these schemas: dropped
    return bytes(tail)


def _redact_value(field: FieldDescriptor, value: object, places: Placeholders) -> object:
    if field.type == FieldDescriptor.TYPE_STRING:
        assert isinstance(value, str)
        return value if field.name in KEPT_FIELDS else places.text(value)
    if field.type == FieldDescriptor.TYPE_BYTES:
        assert isinstance(value, bytes)
        return value if field.name in KEPT_FIELDS else places.data(value)
    return value


def _redacted(message: Message, places: Placeholders) -> Message:
    """A copy of `message` with every private value replaced (see the module docstring)."""
    if isinstance(message, aiserver.BidiAppendRequest):
        return _redacted_append(message, places)
    copy = type(message)()
    for field, value in message.ListFields():
        target = getattr(copy, field.name)
        entry: Descriptor | None = field.message_type
        if entry is not None and entry.GetOptions().map_entry:
            value_field = entry.fields_by_name["value"]
            key_field = entry.fields_by_name["key"]
            for key, item in value.items():
                new_key = _redact_value(key_field, key, places)
                if value_field.message_type is not None:
                    target[new_key].CopyFrom(_redacted(item, places))
                else:
                    target[new_key] = _redact_value(value_field, item, places)
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.is_repeated:
                for item in value:
                    target.add().CopyFrom(_redacted(item, places))
            else:
                target.CopyFrom(_redacted(value, places))
        elif field.is_repeated:
            target.extend(_redact_value(field, item, places) for item in value)
        else:
            setattr(copy, field.name, _redact_value(field, value, places))
    tail = _unknown_tail(message, places)
    if tail:
        copy.MergeFromString(tail)
    return copy


def _redacted_append(request: aiserver.BidiAppendRequest, places: Placeholders) -> aiserver.BidiAppendRequest:
    out = aiserver.BidiAppendRequest()
    out.CopyFrom(request)
    if request.data:
        try:
            inner = bytes.fromhex(request.data)
        except ValueError:
            out.data = places.text(request.data)
        else:
            out.data = redact_inner(inner, places).hex()
    if request.data_binary:
        out.data_binary = redact_inner(request.data_binary, places)
    return out


def redact_inner(payload: bytes, places: Placeholders) -> bytes:
    """An upload's `AgentClientMessage` (or an editor side upload the schema cannot read: replaced whole)."""
    try:
        inner = agent.AgentClientMessage.FromString(payload)
    except DecodeError:
        return places.data(payload)
    return _redacted(inner, places).SerializeToString()


def redact_payload(type_name: str | None, payload: bytes, places: Placeholders) -> bytes:
    """`payload` (a message of type `type_name`) redacted; replaced whole if the type is unknown or it does not
    parse."""
    cls = message_class(type_name) if type_name else None
    if cls is None:
        return places.data(payload)
    try:
        message = cls.FromString(payload)
    except DecodeError:
        return places.data(payload)
    return _redacted(message, places).SerializeToString()


def redact_headers(headers: Iterable[tuple[bytes, bytes]], places: Placeholders | None) -> list[list[str]]:
    """Headers as ``[name, value]`` pairs, values outside `KEPT_HEADERS` replaced (none with `places` None,
    except that secrets are always replaced)."""
    out: list[list[str]] = []
    for raw_name, raw_value in headers:
        name = bytes(raw_name).decode("latin-1").lower()
        value = bytes(raw_value).decode("latin-1")
        if name in _SECRET_HEADERS or (places is not None and name not in KEPT_HEADERS):
            value = (places or Placeholders()).text(value)
        out.append([name, value])
    return out


def header_value(headers: Sequence[Sequence[str]], name: str) -> str | None:
    for key, value in headers:
        if key == name:
            return value
    return None
