"""Connect streaming envelopes and the end-stream message.

An envelope is a 5-byte prefix and a payload::

    flags (u8) | length (u32, big-endian) | payload (length bytes)

Flag 0x01 marks a compressed payload, 0x02 the end-stream message (server to client only, always last, JSON
``{"error": {...}, "metadata": {"name": ["value", ...]}}`` with empty parts omitted). Any other bit set is a
protocol error.

Theory of operation (`EnvelopeDecoder`): the decoder buffers at most one incomplete envelope. `feed` appends
the new bytes and cuts off every complete envelope; as soon as an envelope's 5-byte prefix is known its flags
and length are checked, so an oversize length is refused before its body is waited for or kept. After an
end-stream envelope any further byte is a protocol error. The first error poisons the decoder: every later
call raises it again. `finish` is called at the end of the body and raises if an envelope was cut short.
"""

from __future__ import annotations

import json
import struct

import attrs

from cursord.connect.errors import Code, ConnectError, error_from_wire, error_to_wire
from cursord.connect.metadata import (
    Metadata,
    NormalizedMetadata,
    filter_peer_metadata,
    merge_metadata,
    normalize_metadata,
)

__all__ = [
    "FLAG_COMPRESSED",
    "FLAG_END_STREAM",
    "MAX_ENVELOPE_PAYLOAD",
    "PREFIX_BYTES",
    "Envelope",
    "EnvelopeDecoder",
    "encode_envelope",
    "end_stream_payload",
    "parse_end_stream",
]

FLAG_COMPRESSED = 0x01
FLAG_END_STREAM = 0x02
_KNOWN_FLAGS = FLAG_COMPRESSED | FLAG_END_STREAM
PREFIX_BYTES = 5
MAX_ENVELOPE_PAYLOAD = 0xFFFF_FFFF


def _check_flags(_instance: object, _attribute: object, value: int) -> None:
    if not 0 <= value <= 0xFF:
        raise ValueError(f"envelope flags must fit in a byte, got {value}")


@attrs.frozen
class Envelope:
    """One decoded envelope: its flag byte and its payload (still compressed if `compressed`)."""

    flags: int = attrs.field(validator=[attrs.validators.instance_of(int), _check_flags])
    payload: bytes = attrs.field(
        validator=attrs.validators.instance_of(bytes), repr=lambda p: f"<{len(p)} bytes>"
    )

    @property
    def compressed(self) -> bool:
        return bool(self.flags & FLAG_COMPRESSED)

    @property
    def end_stream(self) -> bool:
        return bool(self.flags & FLAG_END_STREAM)


#: an envelope's five bytes before its payload: the flags, then the payload's length (big-endian)
_PREFIX = struct.Struct(">BI")


def encode_envelope(payload: bytes, *, compressed: bool = False, end_stream: bool = False) -> bytes:
    """Frame ``payload`` (already compressed by the caller if ``compressed``)."""
    if len(payload) > MAX_ENVELOPE_PAYLOAD:
        raise ValueError(f"payload of {len(payload)} bytes does not fit in an envelope")
    flags = (FLAG_COMPRESSED if compressed else 0) | (FLAG_END_STREAM if end_stream else 0)
    return _PREFIX.pack(flags, len(payload)) + payload


class EnvelopeDecoder:
    """Incremental envelope parser: bytes in, complete `Envelope` values out.

    ``max_message_bytes`` bounds each payload as sent (before decompression). ``protocol_error_code`` is the
    code for malformed framing: ``invalid_argument`` when a server reads a client's request (the default),
    ``internal`` when a client reads a server's response (Connect's convention for protocol errors).
    """

    __slots__ = ("_buffer", "_ended", "_error", "max_message_bytes", "protocol_error_code")

    def __init__(self, max_message_bytes: int, *, protocol_error_code: Code = Code.INVALID_ARGUMENT) -> None:
        if max_message_bytes < 0:
            raise ValueError("max_message_bytes must be >= 0")
        self.max_message_bytes = max_message_bytes
        self.protocol_error_code = protocol_error_code
        self._buffer = bytearray()
        self._ended = False
        self._error: ConnectError | None = None

    @property
    def buffered(self) -> int:
        """Bytes held for an incomplete envelope."""
        return len(self._buffer)

    @property
    def ended(self) -> bool:
        """True once an end-stream envelope has been decoded."""
        return self._ended

    def _fail(self, error: ConnectError) -> ConnectError:
        self._error = error
        self._buffer = bytearray()
        return error

    def feed(self, data: bytes | bytearray | memoryview) -> list[Envelope]:
        """Add ``data``; return the envelopes it completes, in order. Raises ConnectError on bad framing."""
        if self._error is not None:
            raise self._error
        if not data:
            return []
        if self._buffer:
            self._buffer += data
            view = memoryview(self._buffer)
        else:
            view = memoryview(data)  # common case: no copy of the whole chunk
        out: list[Envelope] = []
        pos, size = 0, len(view)
        with view:
            while not self._ended and size - pos >= PREFIX_BYTES:
                flags = view[pos]
                length = int.from_bytes(view[pos + 1 : pos + PREFIX_BYTES], "big")
                self._check_prefix(flags, length)
                end = pos + PREFIX_BYTES + length
                if end > size:
                    break
                out.append(Envelope(flags, bytes(view[pos + PREFIX_BYTES : end])))
                self._ended = bool(flags & FLAG_END_STREAM)
                pos = end
            if self._ended and pos < size:
                raise self._protocol_error("protocol error: data after end-stream")
            rest = bytearray(view[pos:])
        self._buffer = rest
        return out

    def _protocol_error(self, message: str) -> ConnectError:
        return self._fail(ConnectError(self.protocol_error_code, message))

    def _check_prefix(self, flags: int, length: int) -> None:
        if reserved := flags & ~_KNOWN_FLAGS:
            raise self._protocol_error(
                f"protocol error: envelope flags 0x{flags:02x} set reserved bits 0x{reserved:02x}"
            )
        if length > self.max_message_bytes:
            raise self._fail(
                ConnectError(
                    Code.RESOURCE_EXHAUSTED,
                    f"message of {length} bytes exceeds the limit of {self.max_message_bytes} bytes",
                )
            )

    def finish(self) -> None:
        """The body ended. Raises ConnectError if an envelope was cut short."""
        if self._error is not None:
            raise self._error
        got = len(self._buffer)
        if not got:
            return
        wanted = PREFIX_BYTES
        if got >= PREFIX_BYTES:
            wanted += int.from_bytes(self._buffer[1:PREFIX_BYTES], "big")
        raise self._protocol_error(f"stream ended mid-envelope: got {got} of {wanted} bytes")


# --- end-stream message ------------------------------------------------------------------------------------


def end_stream_payload(error: ConnectError | None = None, trailers: Metadata | None = None) -> bytes:
    """JSON payload of the end-stream envelope (not framed: pass it to ``encode_envelope(end_stream=True)``).

    The error's own metadata is merged into the trailers after ``trailers``. ASCII JSON, compact.
    """
    metadata = normalize_metadata(trailers)
    body: dict[str, object] = {}
    if error is not None:
        body["error"] = error_to_wire(error)
        metadata = merge_metadata(metadata, dict(error.metadata))
    if metadata:
        body["metadata"] = {name: list(values) for name, values in metadata.items()}
    return json.dumps(body, separators=(",", ":")).encode("ascii")


def parse_end_stream(payload: bytes) -> tuple[ConnectError | None, NormalizedMetadata]:
    """Parse an end-stream payload into (error or None, trailers).

    The error, if any, carries the trailers as its metadata. A malformed payload raises
    ConnectError(internal): only servers send end-stream messages, so this is the client reading them.
    """
    try:
        obj = json.loads(payload)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConnectError(Code.INTERNAL, f"protocol error: end-stream message is not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise ConnectError(Code.INTERNAL, "protocol error: end-stream message is not a JSON object")
    raw_metadata = obj.get("metadata")
    if raw_metadata is not None and not isinstance(raw_metadata, dict):
        raise ConnectError(Code.INTERNAL, "protocol error: end-stream metadata is not a JSON object")
    metadata = filter_peer_metadata(raw_metadata)
    raw_error = obj.get("error")
    if raw_error is None:
        return None, metadata
    try:
        return error_from_wire(raw_error, metadata=metadata), metadata
    except ValueError as exc:
        raise ConnectError(Code.INTERNAL, f"protocol error: invalid end-stream error: {exc}") from None
