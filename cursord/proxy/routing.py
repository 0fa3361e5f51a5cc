"""Which requests the proxy hands to cursord and which go to Cursor's backend: pure decisions, no I/O.

Theory of operation. Only CONNECT tunnels to the intercepted hosts (`*.cursor.sh` by default) are
decrypted; inside them every request is routed on its own, by path:

- a path cursord does not own goes upstream untouched;
- `RunSSE` and `BidiAppend` are cursord's unless their run is *relayed*: a BidiAppend whose
  `run_request` (or `prewarm_request`) names a model cursord does not serve marks its request_id
  relayed, and from then on that request_id's appends and RunSSE calls go upstream. A later
  run_request under the same request_id decides again (the editor reuses request ids). A run that names
  no model at all stays with cursord: a prompt is never sent to Cursor unless the user picked one of
  Cursor's models;
- the model-list RPCs are answered by both: cursord's list first, then the upstream's models that
  cursord does not list already (`merge_model_responses`); cursord's alone when upstream fails;
- every other owned path (GetServerConfig, GetDefaultModelForCli) is cursord's, and so are the calls that
  carry the user's text or code (chat titles, conversation metadata and blobs: `server.side_rpcs.PRIVATE_PATHS`),
  whoever runs the chat, and the editor's other AI features, answered from the user's model (commit
  messages, branch names, Cmd+K, the terminal's completions: `cursord.localai.LOCAL_AI_PATHS`);
- the control RPCs an editor needs to feel connected (`IsConnected`, `GetDefaultModel`,
  `GetDefaultModelNudgeData`) go upstream while Cursor answers, and are cursord's when it cannot be reached;
- the editor's non-agent bidi streams (the health probe, speech) go upstream with their BidiAppends (the stream
  call marks its request id relayed), and are cursord's when Cursor cannot be reached;
- offline (`ProxyConfig.offline`), nothing goes upstream: owned paths are cursord's and any other request is
  refused `unavailable` without a byte sent anywhere.

`RunTable` remembers the relay decisions, bounded (least recently used forgotten first). A request
that cannot be decoded is cursord's, which answers it with a precise Connect error.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Final

import attrs

from cursord.config import ModelCatalog
from cursord.connect import (
    DEFAULT_COMPRESSIONS,
    Codec,
    ConnectError,
    Headers,
    HttpRejection,
    HttpResponse,
    Limits,
    decode_message,
    decode_unary_body,
    encode_message,
    parse_stream_head,
    parse_unary_head,
    read_server_stream_request,
    render_unary_response,
)
from cursord.core import PrewarmRequested, RunRequested, request_id_problem, requested_model_id
from cursord.localai import LOCAL_AI_PATHS
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server import (
    AGENT_USABLE_MODELS_PATH,
    AISERVER_USABLE_MODELS_PATH,
    AVAILABLE_MODELS_PATH,
    BIDI_APPEND_PATH,
    CONTROL_PATHS,
    MODEL_RPC_PATHS,
    PRIVATE_PATHS,
    RUN_SSE_PATH,
    SIDE_STREAM_PATHS,
    parse_bidi_append,
)

__all__ = [
    "CONTROL_PATHS",
    "DEFAULT_INTERCEPT_HOSTS",
    "DEFAULT_OWNED_PATHS",
    "MODEL_LIST_PATHS",
    "SIDE_STREAM_PATHS",
    "BidiPeek",
    "OwnsModel",
    "RunTable",
    "Verdict",
    "catalog_owns",
    "host_matches",
    "merge_model_responses",
    "peek_bidi_append",
    "peek_run_sse",
    "split_target",
]

DEFAULT_INTERCEPT_HOSTS: Final = ("*.cursor.sh",)
DEFAULT_OWNED_PATHS: Final = frozenset(
    {
        RUN_SSE_PATH,
        BIDI_APPEND_PATH,
        *MODEL_RPC_PATHS,
        *PRIVATE_PATHS,
        *LOCAL_AI_PATHS,
        *CONTROL_PATHS,
        *SIDE_STREAM_PATHS,
    }
)
MODEL_LIST_PATHS: Final = frozenset({AVAILABLE_MODELS_PATH, AISERVER_USABLE_MODELS_PATH, AGENT_USABLE_MODELS_PATH})
#: how many request ids `RunTable` remembers.
RUN_TABLE_SIZE: Final = 4096

_PEEK_LIMITS: Final = Limits()

#: Whether cursord runs a model (the id as the editor sent it, or None when the run names none).
OwnsModel = Callable[[str | None], bool]

RawHeaders = Sequence[tuple[bytes, bytes]]


class Verdict(enum.Enum):
    LOCAL = "local"
    UPSTREAM = "upstream"
    MERGE_MODELS = "merge-models"


def host_matches(host: str, patterns: Iterable[str]) -> bool:
    """`host` against patterns like `api2.cursor.sh` (exact) or `*.cursor.sh` (any name below it)."""
    host = host.strip(".").lower()
    for pattern in patterns:
        pattern = pattern.strip(".").lower()
        if pattern.startswith("*."):
            if host.endswith(pattern[1:]):
                return True
        elif host == pattern:
            return True
    return False


def split_target(target: bytes) -> tuple[str, bytes]:
    """An origin-form request target as (path, query string)."""
    path, _, query = target.partition(b"?")
    return path.decode("latin-1"), query


def catalog_owns(catalog: ModelCatalog) -> OwnsModel:
    """cursord owns a run iff its catalog resolves the model, or the run names no model."""

    def owns(model_id: str | None) -> bool:
        return not model_id or catalog.resolve(model_id) is not None

    return owns


# --- looking inside the run RPCs ---------------------------------------------------------------------


@attrs.frozen
class BidiPeek:
    """What routing needs from a BidiAppend: its request id, and for a run or prewarm, the model."""

    request_id: str | None
    starts_run: bool = False
    model_id: str | None = None


def peek_bidi_append(method: str, headers: RawHeaders, body: bytes, limits: Limits = _PEEK_LIMITS) -> BidiPeek:
    """Decode a BidiAppend request as far as it decodes within `limits` (the size is checked before any
    decompression); never raises."""
    try:
        head = parse_unary_head(method, headers, limits)
        request = decode_message(head.codec, decode_unary_body(head, body, limits), aiserver.BidiAppendRequest)
    except (HttpRejection, ConnectError):
        return BidiPeek(None)
    request_id = request.request_id.request_id or None
    if request_id is not None and request_id_problem(request_id) is not None:
        return BidiPeek(None)  # cursord refuses it; never a key in the proxy's tables
    try:
        upload = parse_bidi_append(request)
    except ConnectError:
        return BidiPeek(request_id)
    intent = upload.intent
    if isinstance(intent, RunRequested | PrewarmRequested):
        model = requested_model_id(intent.request)
        if isinstance(intent, PrewarmRequested) and model is None:
            return BidiPeek(request_id)  # a prewarm without a model decides nothing; its run will
        return BidiPeek(request_id, starts_run=True, model_id=model)
    return BidiPeek(request_id)


def peek_run_sse(method: str, headers: RawHeaders, body: bytes, limits: Limits = _PEEK_LIMITS) -> str | None:
    """The request id a RunSSE call subscribes to, or None if the request does not decode within `limits`."""
    try:
        head = parse_stream_head(method, headers, limits, codecs=(Codec.PROTO,))
        payload = read_server_stream_request(head, body, limits)
        request = decode_message(Codec.PROTO, payload, agent.BidiRequestId)
    except (HttpRejection, ConnectError):
        return None
    if request_id_problem(request.request_id) is not None:
        return None  # cursord refuses it; never a key in the proxy's tables
    return request.request_id or None


class RunTable:
    """request_id -> relayed (True) or cursord's (False), for the `capacity` most recently used ids."""

    def __init__(self, capacity: int = RUN_TABLE_SIZE) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._relayed: OrderedDict[str, bool] = OrderedDict()

    def __len__(self) -> int:
        return len(self._relayed)

    def record(self, request_id: str, relayed: bool) -> None:
        self._relayed[request_id] = relayed
        self._relayed.move_to_end(request_id)
        while len(self._relayed) > self.capacity:
            self._relayed.popitem(last=False)

    def get(self, request_id: str) -> bool | None:
        """True: relayed; False: cursord's; None: no decision yet (or forgotten)."""
        relayed = self._relayed.get(request_id)
        if relayed is not None:
            self._relayed.move_to_end(request_id)
        return relayed


# --- model lists ---------------------------------------------------------------------------------------


def _decode_response(
    response: HttpResponse, codec: Codec, message_type: type[aiserver.AvailableModelsResponse]
    | type[agent.GetUsableModelsResponse],
) -> aiserver.AvailableModelsResponse | agent.GetUsableModelsResponse | None:
    if response.status != 200:
        return None
    view = Headers.coerce(response.headers)
    content_type = (view.get("content-type") or "").split(";")[0].strip().lower()
    if content_type != codec.unary_content_type:
        return None
    compression = DEFAULT_COMPRESSIONS.get(view.get("content-encoding"))
    if compression is None:
        return None
    try:
        raw = compression.decompress(response.body, _PEEK_LIMITS.max_message_bytes)
        return decode_message(codec, raw, message_type)
    except ConnectError:
        return None


def merge_model_responses(
    path: str, method: str, request_headers: RawHeaders, ours: HttpResponse, theirs: HttpResponse | None
) -> HttpResponse:
    """cursord's model-list answer with the upstream's models appended (those cursord does not list,
    compared case-insensitively). `ours` unchanged when either side did not answer a decodable list."""
    if theirs is None or path not in MODEL_LIST_PATHS:
        return ours
    try:
        head = parse_unary_head(method, request_headers, _PEEK_LIMITS)
    except (HttpRejection, ConnectError):
        return ours
    if path == AVAILABLE_MODELS_PATH:
        mine = _decode_response(ours, head.codec, aiserver.AvailableModelsResponse)
        other = _decode_response(theirs, head.codec, aiserver.AvailableModelsResponse)
        if not isinstance(mine, aiserver.AvailableModelsResponse) or not isinstance(
            other, aiserver.AvailableModelsResponse
        ):
            return ours
        seen = {model.name.casefold() for model in mine.models}
        for available in other.models:
            if available.name and available.name.casefold() not in seen:
                seen.add(available.name.casefold())
                mine.models.append(available)
        merged: aiserver.AvailableModelsResponse | agent.GetUsableModelsResponse = mine
    else:
        usable = _decode_response(ours, head.codec, agent.GetUsableModelsResponse)
        upstream = _decode_response(theirs, head.codec, agent.GetUsableModelsResponse)
        if not isinstance(usable, agent.GetUsableModelsResponse) or not isinstance(
            upstream, agent.GetUsableModelsResponse
        ):
            return ours
        seen = {model.model_id.casefold() for model in usable.models}
        for details in upstream.models:
            if details.model_id and details.model_id.casefold() not in seen:
                seen.add(details.model_id.casefold())
                usable.models.append(details)
        merged = usable
    try:
        return render_unary_response(head, encode_message(head.codec, merged))
    except ConnectError:
        return ours
