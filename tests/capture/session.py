"""The recorded session of the issue's done-when: the test editor through the proxy (HTTP/1.1, Cursor's sender:
appends overtaking and retried) and the agent listener (HTTP/2 `Run`), a tool turn with checkpoint blobs (the
kv exchange), a side RPC; every private value is one of `SECRETS`."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import trio
import trio.testing

from cursord.capture import Recorder
from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy import ProxyConfig, build_proxy
from cursord.testing.agent import agent_daemon, drive, exec_reply, shell_events, spec_for
from cursord.testing.editor import AppendPattern, Connect, EditorClient, RunCall, run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_calls, open_fake_provider
from cursord.testing.proxy import connect_via_proxy
from cursord.tls import CaPaths, UpstreamError, client_context

MODEL = "gpt-test"
HOST = "api2.cursor.sh"
NAME_AGENT = "/aiserver.v1.AiService/NameAgent"
TOKEN = "eyJhbGciOiJIUzI1NiJ9.secret-session-token-4242"
COOKIE = "WorkosCursorSessionToken=cookie-secret-9f8e7d"
PROMPT = "Please refactor the billing module of Project Nightjar"
SECOND_PROMPT = "What does the Kestrel flag do?"
PATH = "/home/alice/nightjar/billing.py"
FILE_CONTENT = "def charge(card): return STRIPE_LIVE_KEY_31337"
COMMAND = "grep -rn nightjar_internal_api ."
SHELL_OUTPUT = "billing.py:3: nightjar_internal_api()"
REPLY = "I refactored Nightjar billing for you."
SECOND_REPLY = "The Kestrel flag turns on dry runs."
SECRETS = (TOKEN, COOKIE, PROMPT, SECOND_PROMPT, PATH, FILE_CONTENT, COMMAND, SHELL_OUTPUT, REPLY, SECOND_REPLY)
EDITOR_HEADERS = (
    (b"authorization", f"Bearer {TOKEN}".encode()),
    (b"cookie", COOKIE.encode()),
    (b"x-cursor-client-version", b"3.18.9"),
)


def provider_replies() -> list[Reply]:
    calls = [("c-read", "Read", json.dumps({"path": PATH})), ("c-shell", "Shell", json.dumps({"command": COMMAND}))]
    return [Reply.sse(chat_tool_calls(calls)), Reply.sse(chat_text(REPLY)), Reply.sse(chat_text(SECOND_REPLY))]


def answer_tools(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    request = message.exec_server_message
    if request.HasField("read_args"):
        success = agent.ReadSuccess(path=request.read_args.path, content=FILE_CONTENT, total_lines=1)
        return [exec_reply(message, read_result=agent.ReadResult(success=success))]
    if request.HasField("shell_stream_args"):
        return shell_events(message, SHELL_OUTPUT)
    return []


async def _unreachable(host: str, port: int, tls: bool) -> trio.abc.Stream:
    await trio.lowlevel.checkpoint()
    raise UpstreamError(f"cannot reach {host}:{port}: the test has no upstream")


@asynccontextmanager
async def proxy_tunnel(app: Any, data_dir: Path) -> AsyncIterator[Connect]:
    """cursord's proxy over `app`, offline, reached in memory: the tunnel speaks TLS with HTTP/1.1 to HOST."""
    proxy = build_proxy(
        app,
        data_dir=data_dir, owns_model=lambda model: True, config=ProxyConfig(port=0, offline=True, http2=False),
        connector=_unreachable, h2_connector=partial(_unreachable, tls=True),
    )
    trust = client_context(CaPaths.in_data_dir(data_dir).cert)
    async with trio.open_nursery() as nursery:

        async def open_stream() -> trio.abc.Stream:
            await trio.lowlevel.checkpoint()
            client_end, server_end = trio.testing.memory_stream_pair()
            nursery.start_soon(proxy.handle, server_end)
            return client_end

        async def tunnel() -> trio.abc.Stream:
            return await connect_via_proxy(open_stream, HOST, 443, ssl_context=trust)

        yield tunnel
        nursery.cancel_scope.cancel()


async def run_over_agent_listener(call: RunCall) -> list[agent.AgentServerMessage]:
    await call.send(run_request(SECOND_PROMPT, model=MODEL, conversation_id="conv-2"))
    reader = await call.reader()
    messages = await reader.read_to_end()
    assert reader.error is None, reader.error
    return messages


async def record_session(capture: Path, tmp: Path, *, keep_content: bool = False) -> None:
    """Drive the session with a recorder on both listeners; the capture ends up at `capture`."""
    recorder = Recorder(capture, keep_content=keep_content)
    async with (
        open_fake_provider(*provider_replies()) as fake,
        agent_daemon(
            spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL),
            side_rpcs=True,
            wrap=lambda app: recorder.wrap(app, "agent"),
        ) as (daemon, _),
        proxy_tunnel(recorder.wrap(daemon.core.app, "proxy"), tmp / "data") as tunnel,
    ):
        pattern = AppendPattern(seed=3, retry_rate=0.5)
        async with EditorClient.open(tunnel, False, EDITOR_HEADERS, pattern) as editor:
            name = aiserver.NameAgentRequest(user_message=PROMPT).SerializeToString()
            status, _ = await editor.post(NAME_AGENT, name)
            assert status == 200
            await editor.append("r1", run_request(PROMPT, model=MODEL))
            async with editor.run_sse("r1") as reader:
                transcript = await drive(editor, "r1", reader, answer_tools)
            assert transcript.error is None, transcript.error
            assert transcript.text == REPLY
            assert transcript.of("kv_server_message"), "no checkpoint blob went out"
        async with (
            daemon.editor(http2=True, headers=EDITOR_HEADERS) as editor,
            editor.run("r2") as call,
        ):
            messages = await run_over_agent_listener(call)
            assert "".join(m.interaction_update.text_delta.text for m in messages) == SECOND_REPLY
    recorder.close()
