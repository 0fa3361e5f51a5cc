"""Commit messages, branch names, Cmd+K and the terminal's AI, answered on this machine from the user's model.

Theory of operation. Each call is one provider pass through the router (recorded in the usage ledger like
any other), on `[local_ai] model`, else (Cmd+K) the model the editor's picker names when cursord serves it,
else the default model. The prompts and the shaping of the answers are sans-IO (`cursord.localai.git`,
`cursord.localai.cmdk`, `cursord.localai.frames`); this module reads the requests, runs the pass and writes
the answers. A provider failure is the call's Connect error (the provider's code, naming the provider and
the cause: `cursord.agent.errors.provider_failure`), and an answer the model stopped at its output cap is
`resource_exhausted` (a cut edit is never ended as whole); a streaming call that has begun ends with the
error. The request's own credentials (`api_key_credentials`, ...) are never read, and nothing is sent to
Cursor.

| RPC | answer |
|---|---|
| `AiService/WriteGitCommitMessage` | `commit_message`: the diffs, in the style of the repository's recent messages |
| `AiService/WriteGitBranchName` | `branch_name`: a name git accepts, for the diff |
| `CmdKService/StreamCmdK` | `edit_start`, `edit_stream`..., `edit_end` under one `edit_id` (chat mode: `chat`) |
| `CmdKService/StreamTerminalCmdK` | `terminal_command.partial_command` pieces (chat mode: `chat`) |
| `AiService/GetTerminalCompletion` | `command`: the whole completed command |
| `AiService/StreamTerminalAutocomplete` | `text`: what completes the typed command, then `done_stream` |
| `CmdKService/RerankCmdKContext`, `RerankTerminalCmdKContext` | no statuses: the editor keeps sending items whole |

The streams read like Cursor's: StreamCmdK's and StreamTerminalCmdK's frames are wrapped in
`real_response`; an item sent as a hash only gets `missing_context_items` (and nothing else), on which the
editor sends the request again with the item whole. The editor going away cancels the pass.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Final

import attrs
import trio
from google.protobuf.message import Message

from cursord.agent.errors import provider_failure
from cursord.agent.fallback import FallbackMove
from cursord.agent.pass_recorder import PassTag
from cursord.agent.router import PassListener, ProviderRouter, Route, TextCollector
from cursord.connect import (
    Code,
    ConnectError,
    Limits,
    encode_message,
)
from cursord.context import image_parts
from cursord.localai.cmdk import (
    CmdKRequestError,
    cached_hashes,
    cmd_k_ask,
    cmd_k_prompt,
    terminal_cmd_k_prompt,
    terminal_completion_prompt,
)
from cursord.localai.frames import CmdKFrames, TerminalFrames, completed_command
from cursord.localai.git import (
    branch_name_prompt,
    clean_branch_name,
    clean_commit_message,
    commit_message_prompt,
)
from cursord.localai.prompt import LocalPrompt
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.providers.errors import ProviderError
from cursord.providers.model import Delta, PassEnd, PassRequest, Role, StopReason, TextDelta, TextPart
from cursord.providers.model import Message as ModelMessage
from cursord.server import (
    AppParts,
    Receive,
    Scope,
    Send,
    UnaryMethod,
    read_stream_call,
    refuse_stream_call,
    watch_disconnect,
)

log = logging.getLogger(__name__)

__all__ = ["LOCAL_AI_PATHS", "LocalAi", "local_ai_parts"]

WRITE_COMMIT_MESSAGE_PATH: Final = "/aiserver.v1.AiService/WriteGitCommitMessage"
WRITE_BRANCH_NAME_PATH: Final = "/aiserver.v1.AiService/WriteGitBranchName"
TERMINAL_COMPLETION_PATH: Final = "/aiserver.v1.AiService/GetTerminalCompletion"
TERMINAL_AUTOCOMPLETE_PATH: Final = "/aiserver.v1.AiService/StreamTerminalAutocomplete"
STREAM_CMD_K_PATH: Final = "/aiserver.v1.CmdKService/StreamCmdK"
STREAM_TERMINAL_CMD_K_PATH: Final = "/aiserver.v1.CmdKService/StreamTerminalCmdK"
RERANK_CMD_K_PATH: Final = "/aiserver.v1.CmdKService/RerankCmdKContext"
RERANK_TERMINAL_CMD_K_PATH: Final = "/aiserver.v1.CmdKService/RerankTerminalCmdKContext"

LOCAL_AI_UNARY: Final[Mapping[str, type[Message]]] = {
    WRITE_COMMIT_MESSAGE_PATH: aiserver.WriteGitCommitMessageRequest,
    WRITE_BRANCH_NAME_PATH: aiserver.WriteGitBranchNameRequest,
    TERMINAL_COMPLETION_PATH: aiserver.GetTerminalCompletionRequest,
    RERANK_CMD_K_PATH: aiserver.RerankCmdKContextRequest,
    RERANK_TERMINAL_CMD_K_PATH: aiserver.RerankTerminalCmdKContextRequest,
}
LOCAL_AI_STREAMS: Final = frozenset({STREAM_CMD_K_PATH, STREAM_TERMINAL_CMD_K_PATH, TERMINAL_AUTOCOMPLETE_PATH})
#: every path this module answers: they carry the user's code, so the proxy never forwards them.
LOCAL_AI_PATHS: Final = frozenset({*LOCAL_AI_UNARY, *LOCAL_AI_STREAMS})

NO_MODEL: Final = "cursord has no model for commit messages, Cmd+K and the terminal: configure a provider"

Frames = list[Any]


@attrs.define
class _Streamed:
    """A `PassListener` that sends each text delta's frames as it comes (one `send` per delta)."""

    frames: Callable[[str], Frames]
    out: Callable[[Frames], Awaitable[None]]

    async def delta(self, delta: Delta) -> None:
        if isinstance(delta, TextDelta) and (frames := self.frames(delta.text)):
            await self.out(frames)

    def moved(self, move: FallbackMove) -> None:
        """Which key or fallback served the pass does not change the answer."""


@attrs.define
class _Watched:
    """A `PassListener` passing every delta on, and keeping whether the model stopped at its output cap."""

    listener: PassListener
    cut: bool = False

    async def delta(self, delta: Delta) -> None:
        if isinstance(delta, PassEnd):
            self.cut = delta.stop_reason is StopReason.MAX_TOKENS
        await self.listener.delta(delta)

    def moved(self, move: FallbackMove) -> None:
        self.listener.moved(move)


@attrs.frozen
class _Plan:
    """How one streaming call is answered: frames first, the pass (None: none), frames per text, at the end."""

    opening: Frames
    prompt: LocalPrompt | None = None
    named: str | None = None
    text: Callable[[str], Frames] = lambda text: []
    closing: Callable[[], Frames] = list


@attrs.define
class LocalAi:
    """The local-AI RPCs, on `router`'s models (`model`: `[local_ai] model`)."""

    router: ProviderRouter
    model: str | None = None
    limits: Limits = attrs.field(factory=Limits)

    # --- the model ----------------------------------------------------------------------------------

    def _route(self, named: str | None) -> Route:
        """`model`, else the editor's pick when cursord serves it, else the default model."""
        for choice in (self.model, named):
            route = self.router.route(choice) if choice else None
            if route is not None:
                return route
        route = self.router.choose(None)
        if route is None:
            raise ConnectError(Code.FAILED_PRECONDITION, NO_MODEL)
        return route

    async def _ask(self, prompt: LocalPrompt, listener: PassListener, route: Route) -> None:
        images = image_parts(prompt.images, {}, vision=route.vision)  # the agent's bounds; notes for the rest
        request = PassRequest(
            model=route.model,
            system=prompt.system,
            messages=(ModelMessage(Role.USER, (TextPart(prompt.user), *images)),),
            max_output_tokens=prompt.max_output_tokens,
        )
        call_id = f"local-ai-{uuid.uuid4().hex[:16]}"  # a pass of no stream: its own ids, as titles have
        watched = _Watched(listener)
        try:
            await self.router.run_pass(route, request, watched, PassTag(call_id, call_id))
        except ProviderError as error:
            log.info("local AI: %s", error)
            raise provider_failure(error) from None
        if watched.cut:  # a cut edit or command is worse than none: never given as a whole answer
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"{route.model} stopped at its output limit ({prompt.max_output_tokens} tokens): the answer is"
                " incomplete",
            )

    async def _text(self, prompt: LocalPrompt, named: str | None = None) -> str:
        collected = TextCollector()
        await self._ask(prompt, collected, self._route(named))
        return collected.text

    # --- the unary calls ----------------------------------------------------------------------------

    async def write_commit_message(
        self, request: aiserver.WriteGitCommitMessageRequest
    ) -> aiserver.WriteGitCommitMessageResponse:
        if not any(diff.strip() for diff in request.diffs):
            raise ConnectError(Code.INVALID_ARGUMENT, "WriteGitCommitMessage carries no diff")
        message = clean_commit_message(await self._text(commit_message_prompt(request)))
        if not message:
            raise ConnectError(Code.UNAVAILABLE, "the model wrote no commit message; try again")
        return aiserver.WriteGitCommitMessageResponse(commit_message=message)

    async def write_branch_name(
        self, request: aiserver.WriteGitBranchNameRequest
    ) -> aiserver.WriteGitBranchNameResponse:
        if not request.diffs.strip() and not request.context.strip():
            raise ConnectError(Code.INVALID_ARGUMENT, "WriteGitBranchName carries neither a diff nor a context")
        name = clean_branch_name(await self._text(branch_name_prompt(request)))
        if not name:
            raise ConnectError(Code.UNAVAILABLE, "the model wrote no usable branch name; try again")
        return aiserver.WriteGitBranchNameResponse(branch_name=name)

    async def terminal_completion(
        self, request: aiserver.GetTerminalCompletionRequest
    ) -> aiserver.GetTerminalCompletionResponse:
        return aiserver.GetTerminalCompletionResponse(command=await self._completion(request))

    async def _completion(
        self, request: aiserver.GetTerminalCompletionRequest | aiserver.StreamTerminalAutocompleteRequest
    ) -> str:
        _check_typed(request)
        return completed_command(await self._text(terminal_completion_prompt(request)))

    async def rerank_cmd_k(self, request: aiserver.RerankCmdKContextRequest) -> aiserver.RerankCmdKContextResponse:
        return aiserver.RerankCmdKContextResponse(did_call=False)

    async def rerank_terminal_cmd_k(
        self, request: aiserver.RerankTerminalCmdKContextRequest
    ) -> aiserver.RerankTerminalCmdKContextResponse:
        return aiserver.RerankTerminalCmdKContextResponse()

    def calls(self) -> dict[str, Callable[[Any], Awaitable[Message]]]:
        """Path -> handler, for every path in `LOCAL_AI_UNARY`."""
        return {
            WRITE_COMMIT_MESSAGE_PATH: self.write_commit_message,
            WRITE_BRANCH_NAME_PATH: self.write_branch_name,
            TERMINAL_COMPLETION_PATH: self.terminal_completion,
            RERANK_CMD_K_PATH: self.rerank_cmd_k,
            RERANK_TERMINAL_CMD_K_PATH: self.rerank_terminal_cmd_k,
        }

    # --- the streams --------------------------------------------------------------------------------

    def _cmd_k(self, request: aiserver.StreamCmdKRequest) -> _Plan:
        if missing := _missing(request.context_items):
            return _Plan([aiserver.StreamCmdKResponseContextWrapped(missing_context_items=missing)])
        ask = cmd_k_ask(request)
        frames = CmdKFrames(ask)
        named = request.cmd_k_options.model_details.model_name or None
        return _Plan(frames.opening(), cmd_k_prompt(ask), named, frames.text, frames.closing)

    def _terminal_cmd_k(self, request: aiserver.StreamTerminalCmdKRequest) -> _Plan:
        if missing := _missing(request.context_items):
            return _Plan([aiserver.StreamTerminalCmdKResponseContextWrapped(missing_context_items=missing)])
        frames = TerminalFrames(request.cmd_k_options.chat_mode)
        named = request.cmd_k_options.model_details.model_name or None
        return _Plan([], terminal_cmd_k_prompt(request), named, frames.text, frames.closing)

    def _autocomplete(self, request: aiserver.StreamTerminalAutocompleteRequest) -> _Plan:
        """The whole completion is needed to know what follows the typed command: sent at the end."""
        _check_typed(request)
        parts: list[str] = []

        def text(piece: str) -> Frames:
            parts.append(piece)
            return []

        def closing() -> Frames:
            command, typed = completed_command("".join(parts)), request.current_command
            rest = command[len(typed):] if command.startswith(typed) else ""
            Reply = aiserver.StreamTerminalAutocompleteResponse
            return [*([Reply(text=rest)] if rest else []), Reply(done_stream=True)]

        return _Plan([], terminal_completion_prompt(request), None, text, closing)

    async def serve_cmd_k(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._serve(scope, receive, send, aiserver.StreamCmdKRequest, self._cmd_k)

    async def serve_terminal_cmd_k(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._serve(scope, receive, send, aiserver.StreamTerminalCmdKRequest, self._terminal_cmd_k)

    async def serve_terminal_autocomplete(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._serve(scope, receive, send, aiserver.StreamTerminalAutocompleteRequest, self._autocomplete)

    async def _serve(
        self, scope: Scope, receive: Receive, send: Send, kind: type[Message], plan_for: Callable[[Any], _Plan]
    ) -> None:
        """One server-streaming call: refused whole (a Connect error, no frames) until its pass can start;
        then the opening frames, the pass's frames as they come, and the closing ones or the failure."""
        call = await read_stream_call(scope, receive, send, self.limits, kind)
        if call is None:
            return
        try:
            plan = plan_for(call.request)
            route = self._route(plan.named) if plan.prompt is not None else None
        except (ConnectError, CmdKRequestError) as refusal:
            error = refusal if isinstance(refusal, ConnectError) else ConnectError(Code.INVALID_ARGUMENT, str(refusal))
            await refuse_stream_call(scope, send, error)
            return
        encoder = call.encoder()
        start = encoder.start()
        await send({"type": "http.response.start", "status": start.status, "headers": start.headers})

        async def out(frames: Frames, *, end: bool = False, error: ConnectError | None = None) -> None:
            body = encoder.messages(encode_message(encoder.codec, f) for f in frames) if frames else b""
            if end:
                body += encoder.end(error)
            await send({"type": "http.response.body", "body": body, "more_body": not end})

        failure: ConnectError | None = None
        if plan.prompt is not None and route is not None:
            await out(plan.opening)
            with trio.CancelScope() as gone:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(watch_disconnect, receive, gone)
                    try:
                        await self._ask(plan.prompt, _Streamed(plan.text, out), route)
                    except ConnectError as error:
                        failure = error
                    except Exception as exc:  # our bug: logged, the stream ends `internal`, never a reset
                        log.exception("local AI: %s failed", scope.get("path"))
                        failure = ConnectError.internal(exc)
                    nursery.cancel_scope.cancel()
            if gone.cancelled_caught:
                return  # the editor went away: the pass is cancelled, nobody reads an end
            await out([] if failure is not None else plan.closing(), end=True, error=failure)
        else:
            await out(plan.opening, end=True)


def _missing(items: Iterable[aiserver.PotentiallyCachedContextItem]) -> aiserver.MissingContextItems | None:
    """The items to ask the editor for whole (it sent them as hashes), or None when every one came whole."""
    hashes = cached_hashes(items)
    return aiserver.MissingContextItems(missing_context_item_hashes=hashes) if hashes else None


def _check_typed(
    request: aiserver.GetTerminalCompletionRequest | aiserver.StreamTerminalAutocompleteRequest,
) -> None:
    if not request.current_command.strip():
        raise ConnectError(Code.INVALID_ARGUMENT, "the terminal completion carries no command")


def local_ai_parts(service: LocalAi) -> AppParts:
    """Every local-AI path, answered by `service`."""
    calls = service.calls()
    return AppParts(
        unary={path: UnaryMethod(kind, calls[path]) for path, kind in LOCAL_AI_UNARY.items()},
        routes={
            STREAM_CMD_K_PATH: service.serve_cmd_k,
            STREAM_TERMINAL_CMD_K_PATH: service.serve_terminal_cmd_k,
            TERMINAL_AUTOCOMPLETE_PATH: service.serve_terminal_autocomplete,
        },
    )
