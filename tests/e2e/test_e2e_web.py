"""The probes of issue 35 #1, end to end: an approved WebFetch of a URL as the model writes it
(`.../wiki/München`, a non-ASCII host), and one whose page redirects to raw non-UTF-8 bytes (`/caf\\xe9`),
used to raise TypeError out of the stream's work and end the daemon, with every other user's stream.
Now both pages are fetched and read, while a heartbeat client on another stream is served throughout.

The daemon runs in memory under the autojump clock; the pages come from a real loopback server (its
name resolved by the test's resolver, its address opened by `web_fetch_allow`), as text so no extraction
worker runs.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Sequence
from typing import Any

import attrs
import trio

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import Transcript, agent_daemon, drive, spec_for
from cursord.testing.editor import EditorClient, run_request
from cursord.testing.fake_providers import Reply, Send, chat_text, chat_tool_call, open_fake_provider, open_fake_server
from cursord.testing.fake_web import pages, redirect
from cursord.testing.harness import wait_until
from cursord.web import AddressPolicy, PageFetcher, WebAccess
from cursord.web.addresses import Address

MODEL = "gpt-web"


@attrs.frozen
class Names:
    async def resolve(self, host: str, port: int) -> Sequence[Address]:
        assert host == "xn--mnchen-3ya.test", host  # the IDNA name is what is resolved
        return [ipaddress.ip_address("127.0.0.1")]


def approve(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    if not message.HasField("interaction_query"):
        return []
    approved = agent.WebFetchRequestResponse(approved=agent.WebFetchRequestResponse.Approved())
    response = agent.InteractionResponse(id=message.interaction_query.id, web_fetch_request_response=approved)
    return [agent.AgentClientMessage(interaction_response=response)]


def fetched(transcript: Transcript) -> list[agent.WebFetchToolCall]:
    return [
        update.tool_call_completed.tool_call.web_fetch_tool_call
        for update in transcript.updates("tool_call_completed")
    ]


async def heartbeat_client(editor: EditorClient, done: list[Transcript]) -> None:
    await editor.append("hb", run_request("take your time", model=MODEL, conversation_id="conv-hb"))
    async with editor.run_sse("hb") as reader:
        done.append(await drive(editor, "hb", reader))


async def test_a_non_ascii_url_and_a_raw_byte_redirect_are_fetched_and_the_daemon_goes_on(
    autojump_clock: Any,
) -> None:
    text = Reply(200, (("content-type", "text/plain; charset=utf-8"),), (Send(b"Stadt an der Isar"),))
    site_pages = pages({"/wiki/M%C3%BCnchen": text, "/menu": redirect("/caf\xe9"), "/caf%E9": text})
    async with open_fake_server(site_pages) as site:
        first = f"http://München.test:{site.port}/wiki/München"
        second = f"http://127.0.0.1:{site.port}/menu"
        replies = [
            Reply.sse(chat_text("still here"), gap=15.0),  # the heartbeat client's slow pass
            Reply.sse(chat_tool_call("c-1", "WebFetch", json.dumps({"url": first}))),
            Reply.sse(chat_tool_call("c-2", "WebFetch", json.dumps({"url": second}))),
            Reply.sse(chat_text("Read both.")),
        ]
        allow = AddressPolicy((ipaddress.ip_network("127.0.0.1/32"),))
        web = WebAccess(fetcher=PageFetcher(allow, resolver=Names()))
        async with (
            open_fake_provider(*replies) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), web=web) as (daemon, _),
            daemon.editor(http2=True) as editor,
            trio.open_nursery() as nursery,
        ):
            heartbeat: list[Transcript] = []
            nursery.start_soon(heartbeat_client, editor, heartbeat)
            await wait_until(lambda: len(fake.requests) == 1)  # the heartbeat client's pass has begun
            await editor.append("web", run_request("read about München", model=MODEL, conversation_id="conv-web"))
            async with editor.run_sse("web") as reader:
                transcript = await drive(editor, "web", reader, approve)
    assert transcript.error is None and transcript.text == "Read both."
    one, two = fetched(transcript)
    assert one.result.success.url == f"http://xn--mnchen-3ya.test:{site.port}/wiki/M%C3%BCnchen"
    assert two.result.success.url == f"http://127.0.0.1:{site.port}/caf%E9"
    assert one.result.success.markdown == two.result.success.markdown == "Stadt an der Isar"
    assert [r.path for r in site.requests] == ["/wiki/M%C3%BCnchen", "/menu", "/caf%E9"]
    (hb,) = heartbeat
    assert hb.error is None and hb.text == "still here"
