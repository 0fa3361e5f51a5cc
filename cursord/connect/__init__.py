"""The Connect protocol (connectrpc.com/docs/protocol), sans-IO: bytes and headers in, values and bytes out.

No trio and no HTTP server here; the ASGI layer moves the bytes. Headers come in ASGI style, as
``(name, value)`` byte pairs; responses go out as `HttpResponse` (status, header pairs, body) or, for
streams, a `ResponseHead` followed by envelope bytes.

Unary RPC (e.g. BidiAppend)::

    try:
        head = parse_unary_head(method, headers, limits)    # 405/415 -> HttpRejection, else ConnectError
        ...read the body, calling limits.check_request_body(total_so_far)...
        req = UnaryRequest(head, decode_unary_body(head, body, limits))
    except HttpRejection as exc:
        resp = exc.response()
    except ConnectError as err:
        resp = render_unary_error(err)
    else:
        msg = decode_message(req.codec, req.message, RequestType)   # or any bytes codec of your own
        resp = render_unary_response(head, encode_message(req.codec, reply), headers=..., trailers=...)

``parse_unary_request(method, headers, body, limits)`` does head and body in one call.

Server-streaming RPC (e.g. RunSSE)::

    head = parse_stream_head(method, headers, limits)
    payload = read_server_stream_request(head, body, limits)        # exactly one enveloped message
    out = StreamResponseEncoder.for_request(head, content_type="text/event-stream")
    out.start(headers=...) -> ResponseHead(200, headers)
    out.message(bytes) / out.messages([bytes, ...]) -> envelope bytes
    out.end(error_or_None, trailers=...) -> end-stream envelope bytes
    # failure before the stream started: render_stream_error(err, codec=..., content_type=...)

Client streams / reading responses: `StreamReader` (``side=Side.SERVER`` for request streams,
``Side.CLIENT`` for response streams) yields `StreamMessage` and `StreamEnd` events; underneath,
`EnvelopeDecoder` / `encode_envelope` / `end_stream_payload` / `parse_end_stream` are usable on their own.

Errors: `ConnectError(code, message, details=[ErrorDetail], metadata={...})`, `Code` (wire string as value,
``.http_status``), `error_to_json` / `error_from_json` / `error_from_http_response`, `code_from_http_status`.
`LocalProtocolError` is our own misuse of the codec. Compression: `GZIP`, `IDENTITY`, `CompressionRegistry`
(`DEFAULT_COMPRESSIONS` = gzip), bounded decompression. Metadata: lowercase name -> values; ``-bin``
names carry base64 (`encode_binary_header`).
"""

from cursord.connect.compression import (
    DEFAULT_COMPRESSIONS,
    GZIP,
    IDENTITY,
    Compression,
    CompressionRegistry,
    GzipCompression,
    IdentityCompression,
    Negotiated,
    parse_accept_encoding,
)
from cursord.connect.envelope import (
    FLAG_COMPRESSED,
    FLAG_END_STREAM,
    Envelope,
    EnvelopeDecoder,
    encode_envelope,
    end_stream_payload,
    parse_end_stream,
)
from cursord.connect.errors import (
    Code,
    ConnectError,
    ErrorDetail,
    LocalProtocolError,
    code_from_http_status,
    error_from_http_response,
    error_from_json,
    error_from_wire,
    error_to_json,
    error_to_wire,
)
from cursord.connect.messages import decode_message, detail_from_message, encode_message
from cursord.connect.metadata import (
    Headers,
    Metadata,
    NormalizedMetadata,
    decode_binary_header,
    encode_binary_header,
)
from cursord.connect.request import (
    ALL_CODECS,
    COMPRESS_MIN_BYTES,
    DEFAULT_MAX_BYTES,
    Codec,
    HttpRejection,
    HttpResponse,
    Limits,
    RawHeaders,
    ResponseHead,
    parse_content_type,
    parse_timeout,
)
from cursord.connect.streaming import (
    Side,
    StreamEnd,
    StreamEvent,
    StreamMessage,
    StreamReader,
    StreamRequestHead,
    StreamResponseEncoder,
    StreamState,
    parse_stream_head,
    read_server_stream_request,
    render_stream_error,
)
from cursord.connect.unary import (
    UnaryRequest,
    UnaryRequestHead,
    decode_unary_body,
    parse_unary_head,
    parse_unary_request,
    render_unary_error,
    render_unary_response,
)

__all__ = [
    "ALL_CODECS",
    "COMPRESS_MIN_BYTES",
    "DEFAULT_COMPRESSIONS",
    "DEFAULT_MAX_BYTES",
    "FLAG_COMPRESSED",
    "FLAG_END_STREAM",
    "GZIP",
    "IDENTITY",
    "Code",
    "Codec",
    "Compression",
    "CompressionRegistry",
    "ConnectError",
    "Envelope",
    "EnvelopeDecoder",
    "ErrorDetail",
    "GzipCompression",
    "Headers",
    "HttpRejection",
    "HttpResponse",
    "IdentityCompression",
    "Limits",
    "LocalProtocolError",
    "Metadata",
    "Negotiated",
    "NormalizedMetadata",
    "RawHeaders",
    "ResponseHead",
    "Side",
    "StreamEnd",
    "StreamEvent",
    "StreamMessage",
    "StreamReader",
    "StreamRequestHead",
    "StreamResponseEncoder",
    "StreamState",
    "UnaryRequest",
    "UnaryRequestHead",
    "code_from_http_status",
    "decode_binary_header",
    "decode_message",
    "decode_unary_body",
    "detail_from_message",
    "encode_binary_header",
    "encode_envelope",
    "encode_message",
    "end_stream_payload",
    "error_from_http_response",
    "error_from_json",
    "error_from_wire",
    "error_to_json",
    "error_to_wire",
    "parse_accept_encoding",
    "parse_content_type",
    "parse_end_stream",
    "parse_stream_head",
    "parse_timeout",
    "parse_unary_head",
    "parse_unary_request",
    "read_server_stream_request",
    "render_stream_error",
    "render_unary_error",
    "render_unary_response",
]
