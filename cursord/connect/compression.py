"""Message compression: identity and gzip, a registry, and negotiation.

Where the names travel (Connect spec):

=========  ===========================  =======================================
RPC type   what the sender used         what the receiver accepts
=========  ===========================  =======================================
unary      ``content-encoding``         ``accept-encoding``
streaming  ``connect-content-encoding``  ``connect-accept-encoding``
=========  ===========================  =======================================

A request compressed with an encoding we do not support fails with ``unimplemented``, naming the supported
ones; the response then carries our ``accept-encoding`` (or ``connect-accept-encoding``).

Decompression is always bounded: `Compression.decompress` takes the largest output it may produce and raises
``resource_exhausted`` as soon as the output would pass it, so a gzip bomb costs at most ``max_bytes + 1``
bytes of memory. Its CPU time is linear in the input and bounded too: input goes to zlib in small slices
and a message may have at most `DEFAULT_MAX_GZIP_MEMBERS` gzip members. Corrupt or truncated input raises
``invalid_argument``.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from typing import Protocol

import attrs

from cursord.connect.errors import Code, ConnectError

__all__ = [
    "DEFAULT_COMPRESSIONS",
    "DEFAULT_MAX_GZIP_MEMBERS",
    "GZIP",
    "IDENTITY",
    "Compression",
    "CompressionRegistry",
    "GzipCompression",
    "IdentityCompression",
    "Negotiated",
    "parse_accept_encoding",
]

_GZIP_WBITS = 16 + zlib.MAX_WBITS  # gzip container only (no raw deflate, no zlib header)
_FEED_BYTES = 16 * 1024  # input handed to zlib per call (see GzipCompression.decompress)
DEFAULT_MAX_GZIP_MEMBERS = 64
"""gzip members accepted in one message. Senders write one; Go and Node accept several, so a few are allowed."""


class Compression(Protocol):
    """A named message compression."""

    @property
    def name(self) -> str: ...

    def compress(self, data: bytes) -> bytes: ...

    def decompress(self, data: bytes, max_bytes: int) -> bytes:
        """Decompress ``data``; raise ConnectError(resource_exhausted) if the result exceeds ``max_bytes``."""
        ...


def _too_large(max_bytes: int) -> ConnectError:
    return ConnectError(
        Code.RESOURCE_EXHAUSTED, f"decompressed message exceeds the limit of {max_bytes} bytes"
    )


@attrs.frozen
class IdentityCompression:
    """No compression."""

    @property
    def name(self) -> str:
        return "identity"

    def compress(self, data: bytes) -> bytes:
        return bytes(data)

    def decompress(self, data: bytes, max_bytes: int) -> bytes:
        if len(data) > max_bytes:
            raise _too_large(max_bytes)
        return bytes(data)


@attrs.frozen
class GzipCompression:
    """gzip (RFC 1952). Output is deterministic (mtime 0). Multi-member input is accepted, as in Go/Node."""

    level: int = attrs.field(default=6, validator=[attrs.validators.ge(0), attrs.validators.le(9)])
    #: members one message may have (each costs a fresh decompressor); more is ``resource_exhausted``.
    max_members: int = attrs.field(default=DEFAULT_MAX_GZIP_MEMBERS, validator=attrs.validators.ge(1))

    @property
    def name(self) -> str:
        return "gzip"

    def compress(self, data: bytes) -> bytes:
        compressor = zlib.compressobj(self.level, zlib.DEFLATED, _GZIP_WBITS)
        return compressor.compress(data) + compressor.flush()

    def decompress(self, data: bytes, max_bytes: int) -> bytes:
        """Decode member by member, feeding at most `_FEED_BYTES` of input per call.

        zlib copies whatever input it did not use (``unused_data``, ``unconsumed_tail``) on every call, so
        handing it the whole body makes each member cost a copy of the rest: quadratic in the member count
        (200,000 tiny members in 4 MB took about 10 s). Fed in small slices the copies stay small, the work
        is linear in the input and bounded by ``max_bytes`` of output, and ``max_members`` bounds the
        per-member overhead.
        """
        view = memoryview(data).cast("B")
        if not view:
            raise ConnectError(Code.INVALID_ARGUMENT, "invalid gzip data: empty input")
        out = bytearray()
        position = 0
        members = 0
        while position < len(view):  # one iteration per gzip member
            members += 1
            if members > self.max_members:
                raise ConnectError(
                    Code.RESOURCE_EXHAUSTED,
                    f"gzip data has more than {self.max_members} members (the limit per message)",
                )
            decompressor = zlib.decompressobj(_GZIP_WBITS)
            tail: bytes | memoryview = b""
            while not decompressor.eof:
                if not tail:
                    if position >= len(view):
                        raise ConnectError(Code.INVALID_ARGUMENT, "invalid gzip data: truncated stream")
                    tail = view[position : position + _FEED_BYTES]
                    position += len(tail)
                # max_length bounds what one call may allocate; + 1 so that "exactly max_bytes" still fits.
                try:
                    chunk = decompressor.decompress(tail, max_bytes + 1 - len(out))
                except zlib.error as exc:
                    raise ConnectError(Code.INVALID_ARGUMENT, f"invalid gzip data: {exc}") from None
                out += chunk
                if len(out) > max_bytes:
                    raise _too_large(max_bytes)
                tail = decompressor.unconsumed_tail
            position -= len(decompressor.unused_data)  # the next member starts there
        return bytes(out)


IDENTITY: Compression = IdentityCompression()
GZIP: Compression = GzipCompression()


def parse_accept_encoding(value: str | None) -> list[str]:
    """Encodings a peer accepts, most preferred first (q-values honoured, ``q=0`` dropped), lowercased."""
    if not value:
        return []
    weighted: list[tuple[float, int, str]] = []
    for index, item in enumerate(value.split(",")):
        name, _, params = item.partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, raw = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(raw.strip())
                except ValueError:
                    q = 0.0
        if q > 0:
            weighted.append((-q, index, name))
    return [name for _, _, name in sorted(weighted)]


@attrs.frozen
class Negotiated:
    """Outcome of negotiation: how the request is compressed, and how we may compress the response."""

    request: Compression
    response: Compression


class CompressionRegistry:
    """The compressions a server supports (identity is always supported and never listed)."""

    __slots__ = ("_by_name", "names")

    def __init__(self, compressions: Iterable[Compression]) -> None:
        by_name: dict[str, Compression] = {}
        for compression in compressions:
            if compression.name == "identity":
                continue
            if compression.name in by_name:
                raise ValueError(f"duplicate compression {compression.name!r}")
            by_name[compression.name] = compression
        self._by_name = by_name
        #: Supported names in preference order, as advertised in ``accept-encoding``.
        self.names: tuple[str, ...] = tuple(by_name)

    def get(self, name: str | None) -> Compression | None:
        """The compression called ``name`` (None/""/"identity" give identity); None if unsupported."""
        if name is None:
            return IDENTITY
        name = name.strip().lower()
        if name in ("", "identity"):
            return IDENTITY
        return self._by_name.get(name)

    @property
    def accept_header(self) -> str:
        """Value for our ``accept-encoding``/``connect-accept-encoding`` response header."""
        return ",".join(self.names) if self.names else "identity"

    def negotiate(self, sent: str | None, accept: str | None) -> Negotiated:
        """Pick request and response compression from the peer's content/accept encoding headers.

        Raises ConnectError(unimplemented) if ``sent`` names an encoding we do not support. The response
        uses the request's encoding if it was compressed (as connect-go does), else the peer's most
        preferred encoding that we support, else identity.
        """
        request = self.get(sent)
        if request is None:
            supported = ", ".join((*self.names, "identity"))
            raise ConnectError(
                Code.UNIMPLEMENTED, f'unknown compression "{sent}": supported encodings are {supported}'
            )
        if request.name != "identity":
            return Negotiated(request, request)
        for name in parse_accept_encoding(accept):
            if name == "*" and self.names:
                return Negotiated(request, self._by_name[self.names[0]])
            found = self._by_name.get(name)
            if found is not None:
                return Negotiated(request, found)
        return Negotiated(request, IDENTITY)


DEFAULT_COMPRESSIONS = CompressionRegistry([GZIP])
