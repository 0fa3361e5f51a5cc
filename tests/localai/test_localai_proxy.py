"""Commit messages, branch names, Cmd+K and the terminal's AI through the intercepting proxy, online (a fake
Cursor that would answer them all) and offline: the fake provider answers, it saw what the editor sent, and
nothing reaches Cursor; a provider failure is a precise Connect error.

Real sockets (proxy, fake Cursor, fake provider), so the real clock; every wait is bounded by fail_after.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
from google.protobuf.message import Message

from cursord.config import ProviderKind
from cursord.connect import Code, ConnectError, EnvelopeDecoder, encode_envelope, error_from_json, parse_end_stream
from cursord.localai.service import (
    RERANK_CMD_K_PATH,
    STREAM_CMD_K_PATH,
    STREAM_TERMINAL_CMD_K_PATH,
    TERMINAL_AUTOCOMPLETE_PATH,
    TERMINAL_COMPLETION_PATH,
    WRITE_BRANCH_NAME_PATH,
    WRITE_COMMIT_MESSAGE_PATH,
)
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy.runner import build_proxy
from cursord.proxy.server import ProxyConfig
from cursord.proxy.wire import LiveBody
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.editor import STREAM_HEADERS, UNARY_HEADERS
from cursord.testing.fake_providers import FakeProvider, Reply, open_fake_provider
from cursord.testing.http_client import open_http
from cursord.testing.provider_streams import chat_text
from cursord.testing.proxy import FakeOrigin, OriginRequest, Responder, connect_via_proxy, open_fake_origin
from cursord.tls.ca import CaPaths, client_context
from tests.localai.test_localai_prompts import DIFF, SECRET, cmd_k_request

HOST = "api2.cursor.sh"
PREVIOUS = ["billing: round rates up (they were truncated)", "ui: the invoice page shows the rate"]


async def _cursor_answers(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
    """What Cursor would answer: a commit message and a branch name of its own (any other path: empty)."""
    while await body.next_chunk() is not None:
        pass
    path = request.target.decode()
    reply: Message = aiserver.WriteGitCommitMessageResponse(commit_message="from Cursor")
    if path == WRITE_BRANCH_NAME_PATH:
        reply = aiserver.WriteGitBranchNameResponse(branch_name="from-cursor")
    await responder.whole(200, [(b"content-type", b"application/proto")], reply.SerializeToString())


@attrs.define
class Stack:
    provider: FakeProvider
    origin: FakeOrigin
    address: tuple[str, int]
    trust: Any

    async def call(self, path: str, request: Message) -> tuple[int, bytes]:
        async with open_http(
            await connect_via_proxy(self.address, HOST, 443, ssl_context=self.trust), False, authority=HOST
        ) as conn:
            response = await conn.request("POST", path, UNARY_HEADERS, request.SerializeToString())
            return response.status, await response.read_all()

    async def stream(self, path: str, request: Message, kind: type[Message]) -> tuple[list[Any], ConnectError | None]:
        """A server-streaming call: its messages, and its end-stream error (None: it ended well)."""
        async with open_http(
            await connect_via_proxy(self.address, HOST, 443, ssl_context=self.trust), False, authority=HOST
        ) as conn:
            response = await conn.request("POST", path, STREAM_HEADERS, encode_envelope(request.SerializeToString()))
            assert response.status == 200, await response.read_all()
            body = await response.read_all()
        messages, error, ended = [], None, False
        for envelope in EnvelopeDecoder(1 << 20).feed(body):
            if envelope.end_stream:
                error, ended = parse_end_stream(envelope.payload)[0], True
            else:
                messages.append(kind.FromString(envelope.payload))
        assert ended
        return messages, error

    def provider_saw(self, index: int = 0) -> str:
        return json.dumps(self.provider.requests[index].json)

    def cursor_saw(self) -> bytes:
        return b"".join(r.target + r.body for r in self.origin.requests)


@contextlib.asynccontextmanager
async def _stack(tmp_path: Path, replies: list[Reply], *, offline: bool) -> AsyncIterator[Stack]:
    async with (
        open_fake_provider(*replies) as provider,
        agent_daemon(spec_for(provider, ProviderKind.OPENAI_CHAT, "gpt-5"), local_ai="") as (daemon, services),
        open_fake_origin(tmp_path / "origin", dict.fromkeys(
            (WRITE_COMMIT_MESSAGE_PATH, WRITE_BRANCH_NAME_PATH, STREAM_CMD_K_PATH), _cursor_answers
        )) as origin,
    ):
        config = ProxyConfig(port=0, upstream_overrides={HOST: origin.address}, offline=offline)
        data_dir = tmp_path / "data"
        proxy = build_proxy(
            daemon.core.app, data_dir=data_dir, owns_model=services.router.catalog, config=config,
            upstream_ssl=origin.client_context(),
        )
        async with trio.open_nursery() as nursery:
            addresses = await nursery.start(proxy.serve)
            yield Stack(provider, origin, addresses[0], client_context(CaPaths.in_data_dir(data_dir).cert))
            nursery.cancel_scope.cancel()


ONLINE_AND_OFFLINE = pytest.mark.parametrize("offline", [False, True], ids=["cursor-up", "offline"])


@ONLINE_AND_OFFLINE
async def test_a_commit_message_comes_from_the_users_model(tmp_path: Path, offline: bool) -> None:
    message = "billing: double the rate\n\nThe old rate undercharged."
    request = aiserver.WriteGitCommitMessageRequest(diffs=[DIFF], previous_commit_messages=PREVIOUS)
    request.api_key_credentials.api_key = SECRET
    async with _stack(tmp_path, [Reply.sse(chat_text(message))], offline=offline) as stack:
        with trio.fail_after(20):
            status, body = await stack.call(WRITE_COMMIT_MESSAGE_PATH, request)
        assert status == 200, body
        assert aiserver.WriteGitCommitMessageResponse.FromString(body).commit_message == message
        seen = stack.provider_saw()
        assert "+rate = 2" in seen and PREVIOUS[0] in seen  # the diff, and the style to follow
        assert SECRET not in seen and SECRET not in str(stack.provider.requests[0].headers)  # the user's key only
        assert stack.origin.requests == []


@ONLINE_AND_OFFLINE
async def test_a_branch_name_comes_from_the_users_model(tmp_path: Path, offline: bool) -> None:
    request = aiserver.WriteGitBranchNameRequest(diffs=DIFF, context="the rate is too low")
    request.api_key_credentials.api_key = SECRET
    async with _stack(tmp_path, [Reply.sse(chat_text("Branch name: feat/Double Rate"))], offline=offline) as stack:
        with trio.fail_after(20):
            status, body = await stack.call(WRITE_BRANCH_NAME_PATH, request)
        assert status == 200, body
        assert aiserver.WriteGitBranchNameResponse.FromString(body).branch_name == "feat/double-rate"
        seen = stack.provider_saw()
        assert "+rate = 2" in seen and "the rate is too low" in seen and SECRET not in seen
        assert stack.origin.requests == []


@ONLINE_AND_OFFLINE
async def test_cmd_k_edits_the_selection_with_the_users_model(tmp_path: Path, offline: bool) -> None:
    request = cmd_k_request("double the rate", ["rate = 1", "tax = 0"], start=3)
    reply = Reply.sse(chat_text("```python\nrate = 2\ntax = 0\n```\n"))
    async with _stack(tmp_path, [reply], offline=offline) as stack:
        with trio.fail_after(20):
            frames, error = await stack.stream(STREAM_CMD_K_PATH, request, aiserver.StreamCmdKResponseContextWrapped)
        assert error is None
        real = [f.real_response for f in frames]
        kinds = [r.WhichOneof("response") for r in real]
        assert kinds[0] == "edit_start" and kinds[-1] == "edit_end" and set(kinds[1:-1]) == {"edit_stream"}
        assert real[0].edit_start.start_line_number == 3 and real[-1].edit_end.end_line_number_exclusive == 5
        ids = {real[0].edit_start.edit_id, real[-1].edit_end.edit_id, *(r.edit_stream.edit_id for r in real[1:-1])}
        assert len(ids) == 1
        assert "".join(r.edit_stream.text for r in real[1:-1]) == "rate = 2\ntax = 0"
        seen = stack.provider_saw()
        assert "double the rate" in seen and "rate = 1\\ntax = 0" in seen
        assert stack.origin.requests == []


async def test_a_hashed_item_is_asked_for_and_the_model_is_not_called(tmp_path: Path) -> None:
    request = cmd_k_request("double the rate", ["rate = 1"])
    request.context_items.append(aiserver.PotentiallyCachedContextItem(context_item_hash="h-7"))
    async with _stack(tmp_path, [], offline=False) as stack:
        with trio.fail_after(20):
            frames, error = await stack.stream(STREAM_CMD_K_PATH, request, aiserver.StreamCmdKResponseContextWrapped)
        assert error is None
        assert [list(f.missing_context_items.missing_context_item_hashes) for f in frames] == [["h-7"]]
        assert stack.provider.requests == [] and stack.origin.requests == []


async def test_the_terminal_gets_a_command_from_the_users_model(tmp_path: Path) -> None:
    Item = aiserver.ContextItem
    cmd_k = aiserver.StreamTerminalCmdKRequest(context_items=[
        aiserver.PotentiallyCachedContextItem(context_item=Item(
            terminal_cmd_k_query=Item.TerminalCmdKQuery(query="list big files"))),
    ])
    replies = [
        Reply.sse(chat_text("```bash\nfind . -size +10M\n```")),
        Reply.sse(chat_text("git checkout main")),
        Reply.sse(chat_text("`git status --short`")),
    ]
    async with _stack(tmp_path, replies, offline=True) as stack:
        with trio.fail_after(20):
            frames, error = await stack.stream(
                STREAM_TERMINAL_CMD_K_PATH, cmd_k, aiserver.StreamTerminalCmdKResponseContextWrapped
            )
            assert error is None
            command = "".join(f.real_response.terminal_command.partial_command for f in frames)
            assert command == "find . -size +10M" and "list big files" in stack.provider_saw(0)
            status, body = await stack.call(
                TERMINAL_COMPLETION_PATH, aiserver.GetTerminalCompletionRequest(current_command="git chec")
            )
            assert status == 200 and aiserver.GetTerminalCompletionResponse.FromString(body).command == (
                "git checkout main"
            )
            pieces, error = await stack.stream(
                TERMINAL_AUTOCOMPLETE_PATH, aiserver.StreamTerminalAutocompleteRequest(current_command="git st"),
                aiserver.StreamTerminalAutocompleteResponse,
            )
            assert error is None and [(p.text, p.done_stream) for p in pieces] == [("atus --short", False), ("", True)]
            status, body = await stack.call(RERANK_CMD_K_PATH, aiserver.RerankCmdKContextRequest())
            assert status == 200 and not aiserver.RerankCmdKContextResponse.FromString(body).HasField(
                "context_status_update"
            )


async def test_a_provider_failure_is_a_precise_error(tmp_path: Path) -> None:
    refused = Reply.json(401, {"error": {"message": "bad key", "type": "invalid_request_error"}})
    async with _stack(tmp_path, [refused, refused], offline=True) as stack:
        with trio.fail_after(20):
            status, body = await stack.call(
                WRITE_COMMIT_MESSAGE_PATH, aiserver.WriteGitCommitMessageRequest(diffs=[DIFF])
            )
            frames, error = await stack.stream(
                STREAM_CMD_K_PATH, cmd_k_request("double it", ["rate = 1"]), aiserver.StreamCmdKResponseContextWrapped
            )
        unary = error_from_json(body)
        assert status == 401 and unary.code is Code.UNAUTHENTICATED
        assert "openai-chat" in unary.message and "bad key" in unary.message
        assert error is not None and error.code is Code.UNAUTHENTICATED and "bad key" in error.message
        assert [f.real_response.WhichOneof("response") for f in frames] == ["edit_start"]  # and no edit_end


async def test_a_commit_message_without_a_diff_is_refused_before_any_model_call(tmp_path: Path) -> None:
    async with _stack(tmp_path, [], offline=True) as stack:
        with trio.fail_after(20):
            status, body = await stack.call(WRITE_COMMIT_MESSAGE_PATH, aiserver.WriteGitCommitMessageRequest())
        assert status == 400 and error_from_json(body).code is Code.INVALID_ARGUMENT
        assert stack.provider.requests == []
