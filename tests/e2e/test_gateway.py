"""A team gateway on one node: tokens, owners, budgets, usage per user, and a developer's cursord in front of it.

The gateway is the whole daemon (real app, real Hypercorn) with its people tables in a real store (the token,
owner and budget tests run on SQLite and on PostgreSQL);
the providers are fake HTTP servers on loopback. The forwarding tests run two daemons on loopback TCP on the
real clock (the relay's sockets are real); the others run in memory under the autojump clock.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import trio

from cursord.agent.turn import AgentServices
from cursord.config import ProviderKind
from cursord.connect import Code, ConnectError, encode_envelope
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server import open_gateway_client
from cursord.store import Budget, Scope, SqlPeopleStore, SqlStore, UsageGroup
from cursord.testing.agent import Transcript, agent_daemon, drive, spec_for
from cursord.testing.behaviours import Echo
from cursord.testing.editor import AppendFailed, EditorClient, cancel_action, heartbeat, run_request
from cursord.testing.fake_providers import FakeProvider, Reply, chat_text, open_fake_provider
from cursord.testing.harness import RunningDaemon, running_daemon

CHAT = ProviderKind.OPENAI_CHAT
MODEL = "gpt-test"
NOTIFY_CLONE = "/agent.v1.AgentService/NotifyConversationClone"
UPLOAD_BLOBS = "/agent.v1.AgentService/UploadConversationBlobs"
HEALTH = "/aiserver.v1.HealthService/StreamBidiSSE"
STREAM = [(b"content-type", b"application/connect+proto"), (b"connect-protocol-version", b"1")]
UNARY = [(b"content-type", b"application/proto"), (b"connect-protocol-version", b"1")]


def bearer(token: str) -> tuple[tuple[bytes, bytes], ...]:
    return ((b"authorization", f"Bearer {token}".encode()),)


@contextlib.asynccontextmanager
async def gateway(
    fake: FakeProvider, *, transport: Any = "memory", store_url: str | None = None
) -> AsyncIterator[tuple[RunningDaemon, SqlPeopleStore, SqlStore]]:
    spec = spec_for(fake, CHAT, MODEL)
    async with agent_daemon(spec, transport=transport, team_gateway=True, store_url=store_url) as (daemon, services):
        store = _store(services)
        yield daemon, SqlPeopleStore(store), store


def _store(services: AgentServices) -> SqlStore:
    assert isinstance(services.store, SqlStore)
    return services.store


async def turn(editor: EditorClient, request_id: str, text: str, conversation_id: str = "conv-1") -> Transcript:
    await editor.append(request_id, run_request(text, model=MODEL, conversation_id=conversation_id))
    async with editor.run_sse(request_id) as reader:
        return await drive(editor, request_id, reader)


async def refused_append(editor: EditorClient, request_id: str, message: agent.AgentClientMessage) -> ConnectError:
    with pytest.raises(AppendFailed) as failed:
        await editor.append(request_id, message, wait=True)
    return failed.value.error


async def sse_error(editor: EditorClient, request_id: str) -> tuple[ConnectError | None, list[Any]]:
    async with editor.run_sse(request_id) as reader:
        messages = await reader.read_to_end()
        return reader.error, messages


# ---- tokens ------------------------------------------------------------------------------------------


async def test_every_agent_rpc_needs_a_users_token(autojump_clock: Any, store_url: str | None) -> None:
    async with (
        open_fake_provider(Reply.sse(chat_text("Hi alice."))) as fake,
        gateway(fake, store_url=store_url) as (daemon, people, _),
    ):
        token = await people.add_user("alice", None)
        assert token.startswith("cdu_") and len(token) == 4 + 43
        for headers, why in (((), "Authorization"), (bearer("cdu_" + "x" * 43), "not a user's token"),
                             (((b"authorization", token.encode()),), "Bearer")):
            async with daemon.editor(http2=True, headers=headers) as editor:
                error = await refused_append(editor, "r1", run_request("hi", model=MODEL))
                assert error.code is Code.UNAUTHENTICATED and why in error.message
                sse, messages = await sse_error(editor, "r1")
                assert sse is not None and sse.code is Code.UNAUTHENTICATED and messages == []
                async with editor.run("r1") as call:
                    await call.send(run_request("hi", model=MODEL))
                    reader = await call.reader()
                    assert await reader.read_to_end() == []
                    assert reader.error is not None and reader.error.code is Code.UNAUTHENTICATED
                status, _ = await editor.post(NOTIFY_CLONE, agent.NotifyConversationCloneRequest(
                    conversation_id="c9").SerializeToString(), UNARY)
                assert status == 401
        assert fake.requests == []  # nothing reached the provider
        async with daemon.editor(http2=True, headers=bearer(token)) as editor:
            transcript = await turn(editor, "r1", "hi")
        assert transcript.error is None and transcript.text == "Hi alice."
        assert await people.remove_user("alice")
        async with daemon.editor(http2=True, headers=bearer(token)) as editor:
            error = await refused_append(editor, "r2", run_request("again", model=MODEL))
        assert error.code is Code.UNAUTHENTICATED  # a removed user's token stops working at once


# ---- owners ------------------------------------------------------------------------------------------


async def test_a_user_never_reaches_another_users_run_or_conversation(
    autojump_clock: Any, store_url: str | None
) -> None:
    replies = [Reply.sse(chat_text("Secret answer.")), Reply.sse(chat_text("Bob's answer."))]
    async with open_fake_provider(*replies) as fake, gateway(fake, store_url=store_url) as (daemon, people, _):
        alice = bearer(await people.add_user("alice", None))
        bob = bearer(await people.add_user("bob", None))
        async with daemon.editor(http2=True, headers=alice) as editor:
            transcript = await turn(editor, "r-a1", "my secret")
            await editor.append("h-a1", heartbeat(), seqno=0)  # a touch claims an id
        assert transcript.text == "Secret answer."
        async with daemon.editor(http2=True, headers=bob) as editor:
            # alice's request id: no replay of her events by RunSSE or Run, no upload into it
            error, messages = await sse_error(editor, "r-a1")
            assert error is not None and error.code is Code.PERMISSION_DENIED and messages == []
            assert "alice" not in error.message
            async with editor.run("r-a1") as call:
                await call.end()
                reader = await call.reader()
                assert await reader.read_to_end() == []
                assert reader.error is not None and reader.error.code is Code.PERMISSION_DENIED
            error = await refused_append(editor, "r-a1", cancel_action())
            assert error.code is Code.PERMISSION_DENIED
            # alice's conversation under a request id of bob's own: neither a new turn nor a resume
            error = await refused_append(editor, "r-bob", run_request("show me", model=MODEL, conversation_id="conv-1"))
            assert error.code is Code.PERMISSION_DENIED and "conversation conv-1" in error.message
            async with editor.run("r-bob-2") as call:
                await call.send(run_request("show me", model=MODEL, conversation_id="conv-1"))
                reader = await call.reader()
                assert await reader.read_to_end() == []
                assert reader.error is not None and reader.error.code is Code.PERMISSION_DENIED
            # nor a clone of it
            clone = agent.NotifyConversationCloneRequest(conversation_id="conv-b", source_conversation_id="conv-1")
            status, _ = await editor.post(NOTIFY_CLONE, clone.SerializeToString(), UNARY)
            assert status == 403
            # nor blobs into it
            blobs = agent.UploadConversationBlobsRequest(conversation_id="conv-1")
            status, _ = await editor.post(UPLOAD_BLOBS, blobs.SerializeToString(), UNARY)
            assert status == 403
            # nor a side stream under an id of hers
            status, body = await editor.post(HEALTH, encode_envelope(
                agent.BidiRequestId(request_id="h-a1").SerializeToString()), STREAM)
            assert status == 200 and b"permission_denied" in body
            # bob's own conversation works
            bob_turn = await turn(editor, "r-bob-3", "mine", conversation_id="conv-bob")
            assert bob_turn.error is None
        assert len(fake.requests) == 2  # alice's turn and bob's own: his refused runs never reached a provider
        assert "my secret" not in str(fake.requests[1].json)
        async with daemon.editor(http2=True, headers=bob) as editor:
            error = await refused_append(editor, "r-bob-4", cancel_action())  # an unclaimed id: not found, as ever
            assert error.code is Code.NOT_FOUND
        async with daemon.editor(http2=True, headers=alice) as editor:
            error = await refused_append(editor, "r-bob-4", run_request("x", model=MODEL))  # bob touched it first
            assert error.code is Code.PERMISSION_DENIED


# ---- budgets and usage -------------------------------------------------------------------------------


async def test_budgets_refuse_the_pass_and_keep_history_clean(autojump_clock: Any, store_url: str | None) -> None:
    replies = [Reply.sse(chat_text(f"Answer {i}.")) for i in range(4)]
    async with open_fake_provider(*replies) as fake, gateway(fake, store_url=store_url) as (daemon, people, store):
        alice = bearer(await people.add_user("alice", None))
        bob = bearer(await people.add_user("bob", "core"))
        carol = bearer(await people.add_user("carol", "core"))
        await people.set_budget(Budget(Scope.USER, "alice", tokens_per_day=10))
        await people.set_budget(Budget(Scope.TEAM, "core", tokens_per_day=20))
        async with daemon.editor(http2=True, headers=alice) as editor:
            first = await turn(editor, "a1", "one")
            assert first.error is None  # 0 of 10 used: the pass runs (12 + 5 tokens)
            history = await store.load("conv-1")
            second = await turn(editor, "a2", "two")
        assert second.error is not None and second.error.code is Code.RESOURCE_EXHAUSTED
        message = second.error.message
        assert "user alice" in message and "limit 10 tokens" in message and "used 17 today" in message
        (detail,) = second.error.details
        details = aiserver.ErrorDetails.FromString(detail.value)
        assert details.details.is_retryable is False and details.error == aiserver.ErrorDetails.ERROR_RESOURCE_EXHAUSTED
        assert second.text == ""
        assert await store.load("conv-1") == history  # the refused turn added nothing to the history
        assert [t.status.value for t in await store.turns("conv-1")] == ["completed", "failed"]
        async with daemon.editor(http2=True, headers=bob) as editor:
            assert (await turn(editor, "b1", "hi", conversation_id="conv-b")).error is None  # team: 0 of 20
        async with daemon.editor(http2=True, headers=carol) as editor:
            assert (await turn(editor, "c1", "hi", conversation_id="conv-c")).error is None  # team: 17 of 20
            refused = await turn(editor, "c2", "again", conversation_id="conv-c")  # team: 34 of 20
        assert refused.error is not None and refused.error.code is Code.RESOURCE_EXHAUSTED
        assert "team core" in refused.error.message and "limit 20 tokens" in refused.error.message
        assert len(fake.requests) == 3  # the refused passes were never sent
        await people.set_budget(Budget(Scope.USER, "alice", tokens_per_day=None, cost_per_day_usd=None))
        async with daemon.editor(http2=True, headers=alice) as editor:
            assert (await turn(editor, "a3", "three")).error is None  # the budget lifted, she runs again
        rows = {row.key: row for row in await store.usage(UsageGroup.USER)}
        assert {k: (r.passes, r.input_tokens, r.output_tokens) for k, r in rows.items()} == {
            "alice": (2, 24, 10), "bob": (1, 12, 5), "carol": (1, 12, 5)}
        teams = {row.key: row.passes for row in await store.usage(UsageGroup.TEAM)}
        assert teams == {"core": 2, None: 2}


# ---- a developer's cursord in front of the gateway ------------------------------------------------------


@contextlib.asynccontextmanager
async def developer_daemon(gateway_url: str, token: str, ca_file: Path | None = None) -> AsyncIterator[RunningDaemon]:
    """A local cursord with no providers, sending the agent RPCs to the gateway (its own behaviour would
    echo: a run that stayed here would show it)."""
    async with (
        open_gateway_client(gateway_url, token, ca_file) as parts,
        running_daemon(Echo, transport="tcp", parts=(parts,)) as local,
    ):
        yield local


async def test_a_local_cursord_forwards_whole_turns_to_the_gateway_with_its_token() -> None:
    replies = [Reply.sse(chat_text("Through the gateway.")), Reply.sse(chat_text("Over Run too."))]
    with trio.fail_after(30):
        async with (
            open_fake_provider(*replies) as fake,
            gateway(fake, transport="tcp") as (remote, people, store),
        ):
            token = await people.add_user("dev", "core")
            async with developer_daemon(remote.base_url, token) as local:
                # the editor, set up as today: no token of its own (its Cursor session header is replaced)
                cursor_session = ((b"authorization", b"Bearer cursor-session-token"),)
                async with local.editor(http2=False, headers=cursor_session) as editor:
                    transcript = await turn(editor, "r1", "hello")
                assert transcript.error is None and transcript.text == "Through the gateway."
                async with local.editor(http2=True) as editor, editor.run("r2") as call:
                    await call.send(run_request("and Run", model=MODEL, conversation_id="conv-2"))
                    reader = await call.reader()
                    messages = await reader.read_to_end()
                assert reader.error is None
                assert "".join(m.interaction_update.text_delta.text for m in messages) == "Over Run too."
            ((row_user, passes),) = [(r.key, r.passes) for r in await store.usage(UsageGroup.USER)]
            assert (row_user, passes) == ("dev", 2)
            assert all(request.headers["authorization"] != "Bearer cursor-session-token" for request in fake.requests)


async def test_a_bad_token_in_the_local_cursord_reaches_the_editor_unauthenticated() -> None:
    with trio.fail_after(30):
        async with (
            open_fake_provider() as fake,
            gateway(fake, transport="tcp") as (remote, _, _),
            developer_daemon(remote.base_url, "cdu_" + "n" * 43) as local,
            local.editor(http2=False) as editor,
        ):
            error = await refused_append(editor, "r1", run_request("hello", model=MODEL))
            assert error.code is Code.UNAUTHENTICATED
            sse, messages = await sse_error(editor, "r1")
            assert sse is not None and sse.code is Code.UNAUTHENTICATED and messages == []


async def test_a_gateway_that_cannot_be_reached_is_unavailable() -> None:
    with trio.fail_after(30):
        listener = trio.socket.socket()
        await listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        listener.close()  # nothing listens there now
        async with (
            developer_daemon(f"http://127.0.0.1:{port}", "cdu_x") as local,
            local.editor(http2=False) as editor,
        ):
            error = await refused_append(editor, "r1", run_request("hello", model=MODEL))
        assert error.code is Code.UNAVAILABLE and "127.0.0.1" in error.message



async def test_an_https_gateway_is_verified_against_its_ca() -> None:
    with trio.fail_after(30):
        async with (
            open_fake_provider(Reply.sse(chat_text("Over TLS."))) as fake,
            gateway(fake, transport="tls") as (remote, people, _),
        ):
            token = await people.add_user("dev", None)
            assert remote.base_url.startswith("https://") and remote.ca_cert is not None
            async with developer_daemon(remote.base_url, token, remote.ca_cert) as local, local.editor(
                http2=False
            ) as editor:
                transcript = await turn(editor, "r1", "hello")
            assert transcript.error is None and transcript.text == "Over TLS."
            # the system's trust store does not know the gateway's CA: refused before a byte of the call is sent
            async with developer_daemon(remote.base_url, token) as local, local.editor(http2=False) as editor:
                error = await refused_append(editor, "r2", run_request("hello", model=MODEL))
            assert error.code is Code.UNAVAILABLE and "CERTIFICATE_VERIFY_FAILED" in error.message
            assert len(fake.requests) == 1
