"""Tab served on this machine: the editor's code-completion RPCs answered from the user's own FIM server.

Theory of operation. With a Tab backend configured (`[tab]`, `--tab`), every RPC of the editor's Tab surface
is cursord's; without one, none is (and through the proxy they go to Cursor as before).

| RPC | answer |
|---|---|
| `AiService/StreamCpp` | the model's answer as Cursor's frames (`cursord.tab.frames`): see below |
| `AiService/CppConfig` | the recorded shape of Cursor's answer, with FileSync off (the editor sends whole files) |
| `CppService/AvailableModels` | the configured FIM model |
| `AiService/CppEditHistoryStatus` | off: the editor need not upload its edit history |
| `AiService/CppAppend`, `CppEditHistoryAppend` | success; nothing kept (the diff history rides StreamCpp) |
| `AiService/RefreshTabContext` | no code results; its files go into the context ring (`cursord.tab.context_ring`) |
| `CppService/RecordCppFate` | counted (accepted, rejected, ...), nothing sent anywhere |
| `AiService/GetCppEditClassification` | no opinion (no scored edits, no noop) |
| `AiService/StreamNextCursorPrediction` | next-edit mode: `file_name`, `line_number` (below); else not in range |
| `AiService/IsCursorPredictionEnabled` | enabled in next-edit mode |
| `FileSyncService/FSIsEnabledForUser` | disabled |
| `FileSyncService/FSConfig` | no hash checks |
| `CppService/StreamHoldCpp` | an empty stream (no text: the file goes nowhere) |
| the eval marks, the editor's turn-off report, cursor-prediction config, onboarding | `cursord.tab.local_rpcs` |

The answer depends on `mode`: a FIM model's completion at the cursor (`cursord.tab.window`), or a next-edit
model's rewrite of a window, whose change nearest the cursor is the edit and whose next change the cursor
jump (`cursord.tab.next_edit`). StreamNextCursorPrediction asks the next-edit model too and answers the
nearest change the cursor is not on (a one-based `line_number`), or `is_not_in_range` when there is none.

One StreamCpp call: decode the request, build the window, answer the stream's head, then run the backend in a
nursery that also watches for the editor going away. The editor aborts a request the moment the user types on
(each keystroke supersedes the last); the disconnect cancels the nursery and with it the upstream HTTP call,
so the FIM server stops generating. A newer request for the same file supersedes an older one still running
here even if the abort never arrives (a proxy may keep an HTTP/1.1 connection open): the older one's scope is
cancelled and its stream ends `canceled`. A completion that has all its lines stops the backend too, and
so does a next-edit rewrite once it is whole (`RewriteReader`: its end marker came, or it ran away).

Every StreamCpp ends within `STREAM_CPP_BUDGET` (3.5 s) of its arrival, however slow the backend: the editor
drops a Tab stream older than 4 s. When the time runs out the backend call is cancelled and the answer goes
with what came (`closing(cut=True)`: a completion at its last whole line, a next-edit rewrite from the lines
rewritten so far, or `done_stream` alone); it counts as a `timeout` (`TabCounters.timeouts`, the ledger's
stop reason).

StreamNextCursorPrediction asks the model the same way and is cut off the same way: the editor dropping it
cancels the upstream call, and a newer prediction for the same file supersedes an older one (`canceled`).
Each RPC supersedes only its own kind: a prediction and a StreamCpp for one file run side by side.

Every frame a backend read yields goes out in one `send` (HTTP/1.1 costs one write per send). The text's path
from the FIM server to the frames is a chain of named listeners (`cursord.tab.answer_feeds`).

A FIM answer is kept in the completion cache (`cursord.tab.cache`): a later request with the same window,
or one whose user typed the start of a kept suggestion, is answered from it at once, without the model.
Once a FIM answer is complete, a speculative request asks for what comes after it, as if the editor had
taken it, and keeps that too (`_speculate`, in the nursery `run` owns; a newer request for the file that
asks the model supersedes it as it does any other, one answered from the cache does not): the request an
accept brings is then answered from the cache.

A reload hands the service a new backend, or none (`reconfigure`): each request holds the backend it started
with (`_using`), and a replaced one is closed once the last of them has ended. `TabOwnedPaths` tells the
proxy, request by request, whether Tab's paths are cursord's (a backend is configured) or Cursor's.
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Container, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs
import trio
from google.protobuf.message import Message

from cursord.agent.errors import provider_failure
from cursord.config import TabMode, TabSpec
from cursord.connect import (
    Code,
    ConnectError,
    Limits,
    StreamResponseEncoder,
    encode_message,
)
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.providers.errors import ProviderError
from cursord.providers.prices import Price
from cursord.server import (
    AppParts,
    Receive,
    Route,
    Scope,
    Send,
    UnaryMethod,
    drain_body,
    read_stream_call,
    refuse_stream_call,
    watch_disconnect,
)
from cursord.tab.admission import TabStreamSlots
from cursord.tab.answer_feeds import (
    BackendAsk,
    FrameSender,
    PredictionFeed,
    SpeculationFeed,
    TextFeed,
    ask_until_enough,
)
from cursord.tab.backend import FimBackend
from cursord.tab.cache import CompletionCache, speculated
from cursord.tab.context_ring import ContextChunk, ContextRing
from cursord.tab.fim_formats import FimFormat, FimUsage
from cursord.tab.frames import FUSED, RewriteFrames, Suggestion, SuggestionFrames
from cursord.tab.local_rpcs import HOLD_CPP_PATH, LOCAL_UNARY_PATHS, LocalTabRpcs
from cursord.tab.next_edit import (
    EditWindow,
    NextEditPrompt,
    RewriteReader,
    edit_window,
    next_cursor,
    next_edit_prompt,
)
from cursord.tab.sweep_v2 import sweep_v2_prompt
from cursord.tab.window import FIM_ALIGN, FimPrompt, TabRequest, TabRequestError, fim_prompt

log = logging.getLogger(__name__)

__all__ = [
    "TAB_STREAM_PATHS",
    "TAB_UNARY_PATHS",
    "TabCounters",
    "TabOwnedPaths",
    "TabService",
    "TabUsage",
    "tab_parts",
]

STREAM_CPP_PATH: Final = "/aiserver.v1.AiService/StreamCpp"
NEXT_CURSOR_PATH: Final = "/aiserver.v1.AiService/StreamNextCursorPrediction"
CPP_CONFIG_PATH: Final = "/aiserver.v1.AiService/CppConfig"
CPP_MODELS_PATH: Final = "/aiserver.v1.CppService/AvailableModels"
EDIT_HISTORY_STATUS_PATH: Final = "/aiserver.v1.AiService/CppEditHistoryStatus"
CPP_APPEND_PATH: Final = "/aiserver.v1.AiService/CppAppend"
EDIT_HISTORY_APPEND_PATH: Final = "/aiserver.v1.AiService/CppEditHistoryAppend"
REFRESH_CONTEXT_PATH: Final = "/aiserver.v1.AiService/RefreshTabContext"
RECORD_FATE_PATH: Final = "/aiserver.v1.CppService/RecordCppFate"
CLASSIFICATION_PATH: Final = "/aiserver.v1.AiService/GetCppEditClassification"
PREDICTION_ENABLED_PATH: Final = "/aiserver.v1.AiService/IsCursorPredictionEnabled"
FS_ENABLED_PATH: Final = "/aiserver.v1.FileSyncService/FSIsEnabledForUser"
FS_CONFIG_PATH: Final = "/aiserver.v1.FileSyncService/FSConfig"

TAB_UNARY_PATHS: Final[Mapping[str, type[Message]]] = {
    CPP_CONFIG_PATH: aiserver.CppConfigRequest,
    CPP_MODELS_PATH: aiserver.AvailableCppModelsRequest,
    EDIT_HISTORY_STATUS_PATH: aiserver.CppEditHistoryStatusRequest,
    CPP_APPEND_PATH: aiserver.CppAppendRequest,
    EDIT_HISTORY_APPEND_PATH: aiserver.EditHistoryAppendChangesRequest,
    REFRESH_CONTEXT_PATH: aiserver.RefreshTabContextRequest,
    RECORD_FATE_PATH: aiserver.RecordCppFateRequest,
    CLASSIFICATION_PATH: aiserver.GetCppEditClassificationRequest,
    PREDICTION_ENABLED_PATH: aiserver.IsCursorPredictionEnabledRequest,
    FS_ENABLED_PATH: aiserver.FSIsEnabledForUserRequest,
    FS_CONFIG_PATH: aiserver.FSConfigRequest,
    **LOCAL_UNARY_PATHS,
}
TAB_STREAM_PATHS: Final = frozenset({STREAM_CPP_PATH, NEXT_CURSOR_PATH, HOLD_CPP_PATH})
TAB_PATHS: Final = frozenset({*TAB_UNARY_PATHS, *TAB_STREAM_PATHS})

_H = aiserver.CppConfigResponse.Heuristic


#: the `cpp_url` of Cursor's recorded CppConfig answer: the editor reads no such field (only
#: `geo_cpp_backend_url`, from elsewhere), so it is sent as recorded
RECORDED_CPP_URL: Final = "https://api3.cursor.sh"


def cpp_config() -> aiserver.CppConfigResponse:
    """Cursor's recorded CppConfig answer, changed where cursord serves Tab differently: FileSync off (no hash
    checks, no debounce skipping), no import prediction, no recently-viewed-files tracking (their text would be
    sent nowhere), and each suggestion in one piece (no Tab chunks). A fused cursor-prediction model, as
    Cursor's own server declares: every StreamCpp answer ends its edit with `done_edit` and may carry the
    cursor jump, and `StreamCppResponse.model_info` says the same (`cursord.tab.frames`)."""
    return aiserver.CppConfigResponse(
        above_radius=1,
        below_radius=2,
        is_on=True,
        is_ghost_text=True,
        should_let_user_enable_cpp_even_if_not_pro=True,
        heuristics=[
            _H.HEURISTIC_REVERTING_USER_CHANGE,
            _H.HEURISTIC_OUTPUT_EXTENDS_BEYOND_RANGE_AND_IS_REPEATED,
            _H.HEURISTIC_SUGGESTING_RECENTLY_REJECTED_EDIT,
            _H.HEURISTIC_DUPLICATING_LINE_AFTER_SUGGESTION,
        ],
        exclude_recently_viewed_files_patterns=[
            ".env", ".production", ".pem", ".cursor-retrieval.", ".cursor-always-local.", ".svg", ".lock",
            ".jsonl", ".csv", ".tsv", "Copilot++",
        ],
        enable_rvf_tracking=False,
        global_debounce_duration_millis=70,
        client_debounce_duration_millis=50,
        cpp_url=RECORDED_CPP_URL,
        use_whitespace_diff_history=True,
        import_prediction_config=aiserver.CppConfigResponse.ImportPredictionConfig(
            is_disabled_by_backend=True, should_turn_on_automatically=False
        ),
        enable_filesync_debounce_skipping=False,
        check_filesync_hash_percent=0.0,
        recently_rejected_edit_thresholds=aiserver.CppConfigResponse.RecentlyRejectedEditThresholds(
            hard_reject_threshold=2, soft_reject_threshold=5
        ),
        is_fused_cursor_prediction_model=FUSED,
        include_unchanged_lines=False,
        should_fetch_rvf_text=False,
        max_number_of_cleared_suggestions_since_last_accept=20,
        suggestion_hint_config=aiserver.CppConfigResponse.SuggestionHintConfig(
            important_lsp_extensions=[
                "vscode.typescript-language-features", "ms-python.python", "rust-lang.rust-analyzer", "golang.go",
            ],
            enabled_for_path_extensions=[".ts", ".tsx", ".py", ".js", ".go", ".rs"],
        ),
        allows_tab_chunks=False,
        tab_context_refresh_debounce_ms=1000,
        tab_context_refresh_editor_change_debounce_ms=1000,
    )


@attrs.frozen
class TabUsage:
    """One Tab request as it ended, for the ledger."""

    binding_id: str
    model: str
    backend: str
    #: epoch seconds when the request arrived, and how long it ran
    started_at: float
    duration_ms: int
    #: milliseconds until the first text went to the editor (None: none did)
    first_text_ms: int | None
    input_tokens: int
    output_tokens: int
    #: how it ended: "completed", "timeout" (answered with what came within `STREAM_CPP_BUDGET`),
    #: "superseded" (the editor moved on), "failed"
    outcome: str
    error: str | None = None
    cache_read_tokens: int = 0
    #: the spec's price for its model, and whether its server is on this machine (what the ledger costs it at)
    price: Price | None = None
    local: bool = False


@attrs.define
class TabCounters:
    requests: int = 0
    completed: int = 0
    #: StreamCpp answers cut short at `STREAM_CPP_BUDGET`
    timeouts: int = 0
    superseded: int = 0
    failed: int = 0
    refused: int = 0
    #: StreamNextCursorPrediction calls answered by a next-edit model
    predictions: int = 0
    #: milliseconds until the first text of the last completed request (its whole time when none came, and
    #: a prediction's, whose answer comes whole)
    last_latency_ms: int | None = None
    last_error: str | None = None
    #: speculative calls made (those answered from the completion cache are `CompletionCache.hits`)
    speculative: int = 0
    #: RecordCppFate: fate name -> count
    fates: dict[str, int] = attrs.field(factory=dict)


def _file_key(rpc: str, workspace_id: str, request: TabRequest) -> str:
    return f"{rpc}\x00{workspace_id}\x00{request.current_file.relative_workspace_path}"


_SUPERSEDED: Final = ConnectError(Code.CANCELED, "superseded by a newer Tab request")

#: how long a StreamCpp answer may take from its arrival: the editor drops a Tab stream older than 4 s
#: ("stream took too long"), so it ends by then with what the model wrote (`closing(cut=True)`)
STREAM_CPP_BUDGET: Final = 3.5
#: each StreamCpp outcome's counter in `TabCounters`
_COUNTERS: Final = {"completed": "completed", "timeout": "timeouts", "superseded": "superseded", "failed": "failed"}

#: the answer to every Tab RPC while no Tab backend is configured (the editor's listener; through the proxy
#: they go to Cursor then, `TabOwnedPaths`)
NOT_CONFIGURED: Final = "Tab is not configured in cursord ([tab] in the config file, or --tab)"


@attrs.define
class TabService:
    """The Tab RPCs, on whichever backend is configured now (None: none is; `reconfigure` swaps it)."""

    backend: FimBackend | None
    limits: Limits = attrs.field(factory=Limits)
    #: told of each request's usage as it ends (the ledger's Tab rows)
    on_usage: Callable[[TabUsage], None] | None = None
    counters: TabCounters = attrs.field(factory=TabCounters)
    #: the streams running at once, in total and per connection
    slots: TabStreamSlots = attrs.field(factory=TabStreamSlots)
    #: file key (`_file_key`) -> the scope of the newest request for it still running
    _running: dict[str, trio.CancelScope] = attrs.field(factory=dict)
    #: backend -> the requests using it now; a replaced backend is closed when its last one ends
    _users: dict[FimBackend, int] = attrs.field(factory=dict)
    _retired: list[FimBackend] = attrs.field(factory=list)
    local: LocalTabRpcs = attrs.field(init=False)
    #: FIM answers kept for the keystrokes that follow; emptied when the backend changes
    cache: CompletionCache = attrs.field(factory=CompletionCache)
    #: chunks of the files the user has been looking at, for the prompts' extra context
    ring: ContextRing = attrs.field(factory=ContextRing)
    #: where speculative requests run (`run`); None: none are made
    _background: trio.Nursery | None = None

    @local.default
    def _local(self) -> LocalTabRpcs:
        return LocalTabRpcs(lambda: self._configured().spec)

    # --- the configuration ----------------------------------------------------------------------------

    def _configured(self) -> FimBackend:
        if self.backend is None:
            raise ConnectError(Code.UNIMPLEMENTED, NOT_CONFIGURED)
        return self.backend

    def reconfigure(self, spec: TabSpec | None, environ: Mapping[str, str]) -> bool:
        """Serve `spec` from now on (a reload); False when nothing changed. Requests under way finish on the
        backend they started with, which is closed once they have (`close_retired`)."""
        old = self.backend
        key = environ.get(spec.api_key_env) if spec is not None and spec.api_key_env else None
        if old is not None and spec == old.spec and key == old.api_key:
            return False
        if old is None and spec is None:
            return False
        fresh = FimBackend.from_spec(spec, environ) if spec is not None else None
        if fresh is not None:
            fresh.open()
        self.backend = fresh
        self.cache.clear()
        self.ring.clear()
        if old is not None:
            self._retired.append(old)
        if spec is None:
            log.info("Tab: no backend any more; Tab's RPCs go to Cursor through the proxy")
        else:
            log.info("Tab: %s at %s (model %s, mode %s)", spec.backend.value, spec.base_url,
                     spec.model or "the server's", spec.mode.value)
        return True

    async def close_retired(self) -> None:
        """Close the replaced backends no request uses any more."""
        for backend in [b for b in self._retired if not self._users.get(b)]:
            self._retired.remove(backend)
            with trio.CancelScope(shield=True):
                await backend.aclose()

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Own the speculative requests until cancelled (the daemon stops), then close every backend."""
        try:
            async with trio.open_nursery() as nursery:
                self._background = nursery
                task_status.started()
                await trio.sleep_forever()
        finally:
            self._background = None
            await self.aclose()

    async def aclose(self) -> None:
        """Close every backend, in use or not: the daemon stops, and its requests are canceled with it."""
        if self.backend is not None:
            self._retired.append(self.backend)
            self.backend = None
        retired, self._retired = self._retired, []
        with trio.CancelScope(shield=True):
            for backend in retired:
                await backend.aclose()

    @contextlib.asynccontextmanager
    async def _using(self, backend: FimBackend) -> AsyncIterator[FimBackend]:
        self._users[backend] = self._users.get(backend, 0) + 1
        try:
            yield backend
        finally:
            users = self._users.pop(backend) - 1
            if users:
                self._users[backend] = users
            elif backend in self._retired:
                await self.close_retired()

    def status(self) -> dict[str, Any]:
        """Tab as `cursord status` and the dashboard show it."""
        backend = self.backend
        counters = self.counters
        shown: dict[str, Any] = {"configured": backend is not None}
        if backend is not None:
            spec = backend.spec
            shown |= {"backend": spec.backend.value, "base_url": spec.base_url, "model": spec.model,
                      "mode": spec.mode.value}
        return shown | {
            "requests": counters.requests, "completed": counters.completed, "timeouts": counters.timeouts,
            "superseded": counters.superseded,
            "failed": counters.failed, "refused": counters.refused, "predictions": counters.predictions,
            "last_latency_ms": counters.last_latency_ms, "last_error": counters.last_error,
            "cached": self.cache.hits, "speculative": counters.speculative, "fates": dict(counters.fates),
        }

    # --- the unary side RPCs ----------------------------------------------------------------------------

    async def config(self, request: aiserver.CppConfigRequest) -> aiserver.CppConfigResponse:
        return cpp_config()

    async def models(self, request: aiserver.AvailableCppModelsRequest) -> aiserver.AvailableCppModelsResponse:
        spec = self._configured().spec
        model = spec.model or spec.backend.value
        return aiserver.AvailableCppModelsResponse(models=[model], default_model=model)

    async def edit_history_status(
        self, request: aiserver.CppEditHistoryStatusRequest
    ) -> aiserver.CppEditHistoryStatusResponse:
        return aiserver.CppEditHistoryStatusResponse(on=False, only_if_explicit=False)

    async def cpp_append(self, request: aiserver.CppAppendRequest) -> aiserver.CppAppendResponse:
        return aiserver.CppAppendResponse(success=True)

    async def edit_history_append(
        self, request: aiserver.EditHistoryAppendChangesRequest
    ) -> aiserver.EditHistoryAppendChangesResponse:
        return aiserver.EditHistoryAppendChangesResponse(success=True)

    async def refresh_context(self, request: aiserver.RefreshTabContextRequest) -> aiserver.RefreshTabContextResponse:
        """What the editor shows goes into the context ring (no code results: cursord runs no retrieval)."""
        backend = self._configured()  # not configured: nothing of the editor's code is kept
        self.ring.add_files(request.additional_files)
        self.ring.add_around_cursor(request.current_file)
        self._prewarm(backend)
        return aiserver.RefreshTabContextResponse()

    def _prewarm(self, backend: FimBackend) -> None:
        """Send llama.cpp the ring's new chunks while no StreamCpp runs (its one slot is the user's then)."""
        if (backend.format is FimFormat.LLAMA_CPP and not backend.spec.mode.next_edit and self.ring.changed
                and not self._running and self._background is not None):
            self._background.start_soon(self._send_prewarm, backend, self.ring.sent())

    async def _send_prewarm(self, backend: FimBackend, chunks: tuple[ContextChunk, ...]) -> None:
        async with self._using(backend):
            try:
                await backend.prewarm(chunks)
            except ProviderError as error:
                log.info("Tab: pre-warming the context failed: %s", error)
            except Exception:  # our bug: logged, never taken down with the daemon's nursery
                log.exception("Tab: pre-warming the context failed")

    async def record_fate(self, request: aiserver.RecordCppFateRequest) -> aiserver.RecordCppFateResponse:
        fate = aiserver.CppFate.Name(request.fate) if request.fate in aiserver.CppFate.values() else str(request.fate)
        self.counters.fates[fate] = self.counters.fates.get(fate, 0) + 1
        return aiserver.RecordCppFateResponse()

    async def classification(
        self, request: aiserver.GetCppEditClassificationRequest
    ) -> aiserver.GetCppEditClassificationResponse:
        return aiserver.GetCppEditClassificationResponse()

    async def prediction_enabled(
        self, request: aiserver.IsCursorPredictionEnabledRequest
    ) -> aiserver.IsCursorPredictionEnabledResponse:
        return aiserver.IsCursorPredictionEnabledResponse(enabled=self._configured().spec.mode.next_edit)

    async def filesync_enabled(
        self, request: aiserver.FSIsEnabledForUserRequest
    ) -> aiserver.FSIsEnabledForUserResponse:
        return aiserver.FSIsEnabledForUserResponse(enabled=False)

    async def filesync_config(self, request: aiserver.FSConfigRequest) -> aiserver.FSConfigResponse:
        return aiserver.FSConfigResponse(check_filesync_hash_percent=0.0)

    def calls(self) -> dict[str, Callable[[Any], Awaitable[Message]]]:
        """Every unary RPC, each answering `unimplemented` while no backend is configured."""
        return {path: self._when_configured(call) for path, call in self._unary_calls().items()}

    def _when_configured(self, call: Callable[[Any], Awaitable[Message]]) -> Callable[[Any], Awaitable[Message]]:
        async def answer(request: Any) -> Message:
            self._configured()
            return await call(request)

        return answer

    def _unary_calls(self) -> dict[str, Callable[[Any], Awaitable[Message]]]:
        return {
            CPP_CONFIG_PATH: self.config,
            CPP_MODELS_PATH: self.models,
            EDIT_HISTORY_STATUS_PATH: self.edit_history_status,
            CPP_APPEND_PATH: self.cpp_append,
            EDIT_HISTORY_APPEND_PATH: self.edit_history_append,
            REFRESH_CONTEXT_PATH: self.refresh_context,
            RECORD_FATE_PATH: self.record_fate,
            CLASSIFICATION_PATH: self.classification,
            PREDICTION_ENABLED_PATH: self.prediction_enabled,
            FS_ENABLED_PATH: self.filesync_enabled,
            FS_CONFIG_PATH: self.filesync_config,
            **self.local.calls(),
        }

    # --- the streams --------------------------------------------------------------------------------------

    def admitted(self, serve: Route) -> Route:
        """`serve` once the stream has a slot (`TabStreamSlots`); refused `resource_exhausted` otherwise, its
        body drained unread."""

        async def admitted_stream(scope: Scope, receive: Receive, send: Send) -> None:
            try:
                slot = self.slots.take(scope)
            except ConnectError as refused:
                self.counters.refused += 1
                await drain_body(receive, self.limits.max_request_bytes)
                await refuse_stream_call(scope, send, refused)
                return
            try:
                await serve(scope, receive, send)
            finally:
                self.slots.give_back(slot)

        return admitted_stream

    async def _read_request(
        self, scope: Scope, receive: Receive, send: Send, message_type: type[Message]
    ) -> tuple[StreamResponseEncoder, Any, FimBackend] | None:
        """The stream's request, its response encoder and the backend to answer it, or None when it was
        refused (answered here: a bad request, or no backend configured)."""
        call = await read_stream_call(scope, receive, send, self.limits, message_type)
        if call is None:
            return None
        try:
            backend = self._configured()
        except ConnectError as error:
            await refuse_stream_call(scope, send, error)
            return None
        return call.encoder(), call.request, backend

    async def serve_hold_cpp(self, scope: Scope, receive: Receive, send: Send) -> None:
        """StreamHoldCpp: read (so a bad request is refused as any other) and answered with no text."""
        read = await self._read_request(scope, receive, send, aiserver.StreamHoldCppRequest)
        if read is None:
            return
        await _send_whole(read[0], [], send)

    async def serve_next_cursor_prediction(self, scope: Scope, receive: Receive, send: Send) -> None:
        read = await self._read_request(scope, receive, send, aiserver.StreamNextCursorPredictionRequest)
        if read is None:
            return
        encoder, request, backend = read
        Prediction = aiserver.StreamNextCursorPredictionResponse
        frames = [Prediction(is_not_in_range=True)]
        if backend.spec.mode.next_edit:
            self.counters.predictions += 1
            try:
                window = edit_window(
                    request, lines_above=backend.spec.lines_above, lines_below=backend.spec.lines_below
                )
            except TabRequestError as exc:
                await refuse_stream_call(scope, send, ConnectError(Code.INVALID_ARGUMENT, str(exc)))
                return
            reader = RewriteReader(backend.spec.mode, window, _rewrite_prompt(backend.spec.mode, window, request))
            began, started_at = trio.current_time(), time.time()
            # the request names no workspace: one file path across workspaces is one key
            with self._newest(_file_key(NEXT_CURSOR_PATH, "", request)) as newest:
                async with self._using(backend):
                    ran = await _watched(BackendAsk(backend, reader.prompt), PredictionFeed(reader), receive, newest)
            outcome = self._outcome(ran, stream_cpp=False)
            self._record(backend, uuid.uuid4().hex, started_at, began, None, ran, outcome)
            if ran.gone:
                return
            if ran.cancelled:
                await refuse_stream_call(scope, send, _SUPERSEDED)
                return
            if ran.failure is not None:
                await refuse_stream_call(scope, send, ran.failure)
                return
            rewrite = reader.rewrite()
            jump = next_cursor(window, rewrite) if rewrite is not None else None
            if jump is not None:
                frames = [Prediction(file_name=jump.path), Prediction(line_number=jump.line)]
        await _send_whole(encoder, frames, send)

    def _suggestion(
        self, backend: FimBackend, request: aiserver.StreamCppRequest
    ) -> tuple[Suggestion, BackendAsk]:
        """What answers `request` in the configured mode, and the backend call that feeds it."""
        spec, binding_id = backend.spec, uuid.uuid4().hex
        self.ring.add_files(request.additional_files)
        if spec.mode.next_edit:
            window = edit_window(request, lines_above=spec.lines_above, lines_below=spec.lines_below)
            context = self.ring.context(window.path, window.first_line, window.first_line + len(window.lines) - 1)
            window = attrs.evolve(window, context=context)
            prompt = _rewrite_prompt(spec.mode, window, request)
            return RewriteFrames(spec.mode, window, prompt, binding_id), BackendAsk(backend, prompt)
        fim = fim_prompt(request, lines_above=spec.lines_above, lines_below=spec.lines_below)
        line = fim.line_number - 1
        fim = attrs.evolve(fim, context=self.ring.context(fim.path, line - spec.lines_above - FIM_ALIGN,
                                                          line + spec.lines_below))
        return SuggestionFrames(fim, binding_id=binding_id), BackendAsk(backend, fim)

    async def serve_stream_cpp(self, scope: Scope, receive: Receive, send: Send) -> None:
        arrived = trio.current_time()
        read = await self._read_request(scope, receive, send, aiserver.StreamCppRequest)
        if read is None:
            return
        encoder, request, backend = read
        self.counters.requests += 1
        try:
            suggestion, ask = self._suggestion(backend, request)
        except TabRequestError as exc:
            self.counters.refused += 1
            await refuse_stream_call(scope, send, ConnectError(Code.INVALID_ARGUMENT, str(exc)))
            return
        key = _file_key(STREAM_CPP_PATH, request.workspace_id, request)
        if isinstance(suggestion, SuggestionFrames):
            cached = self.cache.lookup(suggestion.prompt)
            if cached is not None:
                await _send_whole(encoder, [*suggestion.opening(), *suggestion.text(cached), *suggestion.closing()],
                                  send)
                return
        with self._newest(key) as newest:
            async with self._using(backend):
                outcome = await self._stream(backend, suggestion, ask, encoder, newest, receive, send, arrived)
        if outcome == "completed" and isinstance(suggestion, SuggestionFrames):
            self.cache.store(suggestion.prompt, suggestion.inserted)
            if suggestion.inserted and self._background is not None:
                self._background.start_soon(self._speculate, backend, key,
                                            speculated(suggestion.prompt, suggestion.inserted))

    async def _speculate(self, backend: FimBackend, key: str, prompt: FimPrompt) -> None:
        """Ask for the completion after the one just shown, as if the editor had taken it, into the cache (the
        request the accept brings is then answered at once). The file's next request supersedes it."""
        if key in self._running:
            return  # the editor's next request for the file came first: it is never cancelled for a guess
        self.counters.speculative += 1
        frames = SuggestionFrames(prompt, binding_id=uuid.uuid4().hex)
        started_at, began = time.time(), trio.current_time()
        ran = _Ran()
        with self._newest(key) as scope:
            async with self._using(backend):
                try:
                    ran.usage = await ask_until_enough(BackendAsk(backend, prompt), SpeculationFeed(frames))
                except ProviderError as error:
                    ran.failure = provider_failure(error)
                except Exception as exc:  # our bug: logged, never taken down with the daemon's nursery
                    log.exception("Tab: a speculative request failed")
                    ran.failure = ConnectError.internal(exc)
        ran.cancelled = scope.cancelled_caught
        outcome = "superseded" if ran.cancelled else "failed" if ran.failure is not None else "completed"
        self._record(backend, frames.binding_id, started_at, began, None, ran, outcome, speculative=True)
        if outcome == "completed":
            frames.closing()  # the text that would go out last is the suggestion's too
            self.cache.store(prompt, frames.inserted)

    @contextlib.contextmanager
    def _newest(self, key: str) -> Iterator[trio.CancelScope]:
        """The scope of a request that supersedes the one still running for `key`, which is cancelled."""
        scope = trio.CancelScope()
        earlier = self._running.get(key)
        if earlier is not None:
            earlier.cancel()
        self._running[key] = scope
        try:
            yield scope
        finally:
            if self._running.get(key) is scope:
                del self._running[key]

    async def _stream(
        self,
        backend: FimBackend,
        suggestion: Suggestion,
        ask: BackendAsk,
        encoder: StreamResponseEncoder,
        scope: trio.CancelScope,
        receive: Receive,
        send: Send,
        arrived: float,
    ) -> str:
        """Answer one StreamCpp from `ask`; its outcome."""
        started_at, began = time.time(), arrived
        start = encoder.start()
        await send({"type": "http.response.start", "status": start.status, "headers": start.headers})
        sender = FrameSender(suggestion, encoder, send)
        await sender.out(suggestion.opening())
        budget = trio.CancelScope(deadline=arrived + STREAM_CPP_BUDGET)  # out of time: the answer goes with what came
        ran = await _watched(ask, sender, receive, scope, budget)
        ran.timed_out = budget.cancelled_caught
        outcome = self._outcome(ran)
        closing = suggestion.closing(cut=ran.timed_out) if outcome in ("completed", "timeout") else []
        sender.saw(closing)
        # Recorded before the last send: the editor may close the connection as soon as it has the end,
        # and the cancellation would land in that send.
        self._record(backend, suggestion.binding_id, started_at, began, sender.first_text, ran, outcome)
        if outcome == "superseded":
            if not ran.gone:  # a newer request replaced this one, but the editor still listens
                with trio.CancelScope(shield=True):
                    await sender.out([], end=True, error=_SUPERSEDED)
        elif ran.failure is not None:
            await sender.out([], end=True, error=ran.failure)
        else:
            await sender.out(closing, end=True)
        return outcome

    def _outcome(self, ran: _Ran, *, stream_cpp: bool = True) -> str:
        """How the request ended; StreamCpp's are counted (a prediction counts in `predictions` only, refused
        ones included)."""
        if ran.cancelled or ran.gone:
            outcome = "superseded"
        elif ran.failure is not None:
            outcome = "failed"
            self.counters.last_error = ran.failure.message
        else:
            outcome = "timeout" if ran.timed_out else "completed"
        if stream_cpp:
            counter = _COUNTERS[outcome]
            setattr(self.counters, counter, getattr(self.counters, counter) + 1)
        return outcome

    def _record(
        self,
        backend: FimBackend,
        binding_id: str,
        started_at: float,
        began: float,
        first_text: float | None,
        ran: _Ran,
        outcome: str,
        *,
        speculative: bool = False,
    ) -> None:
        ended = trio.current_time()
        duration_ms = round((ended - began) * 1000)
        first_text_ms = None if first_text is None else round((first_text - began) * 1000)
        if outcome in ("completed", "timeout") and not speculative:
            self.counters.last_latency_ms = first_text_ms if first_text_ms is not None else duration_ms
        if self.on_usage is None:
            return
        spent = ran.usage or FimUsage()
        spec = backend.spec
        self.on_usage(
            TabUsage(
                binding_id=binding_id,
                model=spec.model,
                backend=spec.backend.value,
                started_at=started_at,
                duration_ms=duration_ms,
                first_text_ms=first_text_ms,
                input_tokens=spent.input_tokens,
                output_tokens=spent.output_tokens,
                outcome=outcome,
                error=ran.failure.message if ran.failure is not None else None,
                cache_read_tokens=spent.cache_read_tokens,
                price=spec.price,
                local=spec.is_local,
            )
        )


def _rewrite_prompt(mode: TabMode, window: EditWindow, request: TabRequest) -> NextEditPrompt:
    if mode is TabMode.SWEEP2:
        current = request.current_file
        return sweep_v2_prompt(window, current.contents, current.contents_start_at_line)
    return next_edit_prompt(mode, window)


@attrs.define
class _Ran:
    """How one backend call under `_watched` went."""

    usage: FimUsage | None = None
    failure: ConnectError | None = None
    #: the editor went away (its request was dropped)
    gone: bool = False
    #: the call's scope was cancelled (a newer request for the same file superseded it)
    cancelled: bool = False
    #: the answer's time ran out (`STREAM_CPP_BUDGET`): it went with what had come
    timed_out: bool = False


async def _watched(
    ask: BackendAsk, feed: TextFeed, receive: Receive, scope: trio.CancelScope, budget: trio.CancelScope | None = None
) -> _Ran:
    """Run `ask` into `feed` (`ask_until_enough`) in `scope` while watching for the editor going away (which
    cancels it); provider errors become their Connect errors, our bugs `internal` (logged)."""
    ran = _Ran()
    with scope:
        async with trio.open_nursery() as nursery:
            disconnect = trio.CancelScope()
            nursery.start_soon(_watch_disconnect, receive, scope, disconnect, ran)
            try:
                ran.usage = await ask_until_enough(ask, feed, budget)
            except ProviderError as error:
                log.info("Tab: %s", error)
                ran.failure = provider_failure(error)
            except Exception as exc:  # our bug: logged, answered `internal`, never a reset connection
                log.exception("Tab: a request failed")
                ran.failure = ConnectError.internal(exc)
            disconnect.cancel()
    ran.cancelled = scope.cancelled_caught
    return ran


async def _watch_disconnect(receive: Receive, scope: trio.CancelScope, disconnect: trio.CancelScope, ran: _Ran) -> None:
    """Cancel `scope` when the editor goes away (`ran.gone`); `disconnect` ends the watch."""
    with disconnect:
        await watch_disconnect(receive, scope)
        ran.gone = True


async def _send_whole(encoder: StreamResponseEncoder, frames: Sequence[Message], send: Send) -> None:
    """A stream answered at once: its head, `frames` and its end in one body."""
    start = encoder.start()
    await send({"type": "http.response.start", "status": start.status, "headers": start.headers})
    body = encoder.messages(encode_message(encoder.codec, f) for f in frames) + encoder.end()
    await send({"type": "http.response.body", "body": body, "more_body": False})


def tab_parts(service: TabService) -> AppParts:
    """Every Tab path, answered by `service`."""
    calls = service.calls()
    return AppParts(
        unary={path: UnaryMethod(kind, calls[path]) for path, kind in TAB_UNARY_PATHS.items()},
        routes={
            STREAM_CPP_PATH: service.admitted(service.serve_stream_cpp),
            NEXT_CURSOR_PATH: service.admitted(service.serve_next_cursor_prediction),
            HOLD_CPP_PATH: service.serve_hold_cpp,
        },
    )


@attrs.frozen(eq=False)
class TabOwnedPaths(Container[str]):
    """The paths the proxy answers itself: `base`, and Tab's while a Tab backend is configured (the rest go
    to Cursor), read on every request so that a reload that adds or removes `[tab]` takes effect at once."""

    base: frozenset[str]
    service: TabService

    def __contains__(self, path: object) -> bool:
        return path in self.base or (self.service.backend is not None and path in TAB_PATHS)
