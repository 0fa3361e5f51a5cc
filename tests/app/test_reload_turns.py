"""A reload (SIGHUP) while turns run: a pass in flight finishes on the provider it started with, and the
turn's next pass takes the keys the reload brought (the old key may be revoked: that is why it changed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import trio

from cursord.app.reload import ConfigSource, ProviderReloader
from cursord.config import ProviderKind, ServeConfig
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import RecordedRequest, Reply, chat_text, chat_tool_call, open_fake_provider

MODEL = "m-reload"


class OnlyKey:
    """The vendor's rule: a request with any key but `valid` is refused 401."""

    def __init__(self, valid: str) -> None:
        self.valid = valid

    def check(self, request: RecordedRequest) -> Reply | None:
        if request.headers.get("authorization") == f"Bearer {self.valid}":
            return None
        return Reply.json(401, {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error",
                                          "code": "invalid_api_key"}})

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        return reply


async def test_a_reload_while_a_turn_runs_moves_its_next_pass_to_the_new_key(
    autojump_clock: Any, tmp_path: Path
) -> None:
    only = OnlyKey("key-old")
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/notes.txt"})), gap=1.0),
        Reply.sse(chat_text("It says: hello.")),
    ]
    with trio.fail_after(600):
        async with (
            open_fake_provider(*replies, rules=[only]) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), environ={"FAKE_KEY": "key-old"}) as (
                daemon, services),
            httpx.AsyncClient() as client,
            daemon.editor(http2=True) as editor,
        ):
            config = ServeConfig(data_dir=tmp_path, providers=(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL),))
            source = ConfigSource(environ=lambda: {"FAKE_KEY": "key-new"}, load=lambda environ: config)
            reloader = ProviderReloader(source, config, services.router, client)
            await editor.append("r1", run_request("what's in notes.txt?", model=MODEL))
            async with editor.run_sse("r1") as reader:
                await fake.wait_for_requests(1)
                assert reloader.reload()  # the first pass is still streaming its tool call
                only.valid = "key-new"  # and the old key is revoked

                def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
                    if not message.HasField("exec_server_message"):
                        return []
                    success = agent.ReadSuccess(path="/w/notes.txt", content="hello", total_lines=1)
                    return [exec_reply(message, read_result=agent.ReadResult(success=success))]

                done = await drive(editor, "r1", reader, answer)
    assert done.error is None, done.error
    assert done.text == "It says: hello."
    assert [r.headers["authorization"] for r in fake.requests] == ["Bearer key-old", "Bearer key-new"]
