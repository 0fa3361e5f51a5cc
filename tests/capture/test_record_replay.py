"""Issue 29's done-when: a recorded session holds none of its secrets, replays against a fresh daemon without a
divergence, and the same capture with an unknown field or a mishandled seqno is reported, naming the message."""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
import trio.testing

from cursord.capture import CaptureEvent, Recorder, append_inner, calls_of, client_message_kind, decode, read_capture
from cursord.config import ProviderKind
from cursord.core import AppendSequencer, Duplicate, Reject, Rejection, RejectionKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.testing.agent import agent_daemon, drive, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, Send, chat_text, chat_tool_call, open_fake_provider, open_fake_server
from cursord.testing.fake_web import pages
from cursord.testing.replay import replay_fresh
from cursord.web import AddressPolicy, PageFetcher, WebAccess
from tests.capture.session import (
    COOKIE,
    FILE_CONTENT,
    MODEL,
    PATH,
    PROMPT,
    SECRETS,
    SHELL_OUTPUT,
    TOKEN,
    answer_tools,
    record_session,
)

DEADLINE = 600


def payloads(events: list[CaptureEvent]) -> list[bytes]:
    """Every message's bytes, and the AgentClientMessage inside each BidiAppend (it travels as hex)."""
    out = []
    for event in events:
        if event.ev in ("up", "down"):
            out.append(event.data)
            message = decode(event)
            if isinstance(message, aiserver.BidiAppendRequest):
                out.append(bytes.fromhex(message.data) if message.data else message.data_binary)
    return out


async def test_a_recorded_session_holds_no_secret_and_replays_without_divergence(
    autojump_clock: Any, tmp_path: Path
) -> None:
    capture = tmp_path / "capture.jsonl"
    with trio.fail_after(DEADLINE):
        await record_session(capture, tmp_path)
    text = capture.read_text()
    header, events = read_capture(capture)
    assert header.redacted and header.cursor_version == "3.18.9"
    blobs = payloads(events)
    for secret in SECRETS:
        assert secret not in text, secret
        assert not any(secret.encode() in blob for blob in blobs), secret
    calls = calls_of(events)
    listeners = {(call.listener, call.method) for call in calls}
    assert {("proxy", "BidiAppend"), ("proxy", "RunSSE"), ("proxy", "NameAgent"), ("agent", "Run")} <= listeners
    with trio.fail_after(DEADLINE):
        divergences = await replay_fresh(events)
    assert divergences == []


Change = Callable[[aiserver.BidiAppendRequest, agent.AgentClientMessage], bytes]


def rewrite_uploads(events: list[CaptureEvent], kind: str, change: Change) -> list[CaptureEvent]:
    """The capture with every BidiAppend carrying a `kind` upload (retries too) rewritten by `change`, which
    returns the new inner message bytes (and may change the request)."""
    out = []
    for event in events:
        message = decode(event)
        if isinstance(message, aiserver.BidiAppendRequest):
            inner = append_inner(message)
            if inner is not None and client_message_kind(inner) == kind:
                message.data = change(message, inner).hex()
                event = attrs.evolve(event, fields={**event.fields, "data": message.SerializeToString().hex()})
        out.append(event)
    return out


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> list[CaptureEvent]:
    tmp = tmp_path_factory.mktemp("session")

    async def record() -> None:
        with trio.fail_after(DEADLINE):
            await record_session(tmp / "capture.jsonl", tmp)

    trio.run(record, clock=trio.testing.MockClock(autojump_threshold=0))
    return read_capture(tmp / "capture.jsonl")[1]


async def test_a_field_the_schema_does_not_know_is_a_divergence_naming_the_upload(
    autojump_clock: Any, recorded: list[CaptureEvent]
) -> None:
    unknown_case = bytes([0xFA, 0xF0, 0x04, 0x02]) + b"hi"  # field 9999, length-delimited: a new oneof case

    def add_field(request: aiserver.BidiAppendRequest, inner: agent.AgentClientMessage) -> bytes:
        return inner.SerializeToString() + unknown_case

    events = rewrite_uploads(recorded, "run_request", add_field)
    with trio.fail_after(DEADLINE):
        divergences = await replay_fresh(events)
    assert [d.kind for d in divergences] == ["unknown field"] * 2  # the run_request was sent twice (a retry)
    assert "BidiAppend seqno 0 of r1 (run_request): agent.v1.AgentClientMessage field 9999" in divergences[0].message


async def test_a_seqno_the_daemon_refuses_is_a_divergence_naming_the_upload(
    autojump_clock: Any, recorded: list[CaptureEvent]
) -> None:
    """The shell's exit uploaded at the seqno of the read result (other bytes at a taken seqno): refused."""
    read_result = next(
        message.append_seqno
        for event in recorded
        if isinstance(message := decode(event), aiserver.BidiAppendRequest)
        and (inner := append_inner(message)) is not None
        and client_message_kind(inner) == "exec_client_message.read_result"
    )

    def renumber(request: aiserver.BidiAppendRequest, inner: agent.AgentClientMessage) -> bytes:
        request.append_seqno = read_result
        return inner.SerializeToString()

    events = rewrite_uploads(recorded, "exec_client_message.shell_stream.exit", renumber)
    with trio.fail_after(DEADLINE):
        divergences = await replay_fresh(events)
    first = divergences[0]
    assert first.kind == "refused upload", divergences
    assert f"BidiAppend seqno {read_result} of r1 (exec_client_message.shell_stream.exit)" in first.message
    assert "aborted" in first.message
    assert "hang" in [d.kind for d in divergences]  # the shell never exits: the turn waits for it


async def test_keep_content_keeps_what_the_user_wrote_but_never_a_token(autojump_clock: Any, tmp_path: Path) -> None:
    """The grep above can fail: with `keep_content` the prompt and the file are there; the token and the cookie
    are replaced all the same."""
    capture = tmp_path / "capture.jsonl"
    with trio.fail_after(DEADLINE):
        await record_session(capture, tmp_path, keep_content=True)
    header, events = read_capture(capture)
    assert not header.redacted
    blobs = payloads(events)
    for secret in (PROMPT, FILE_CONTENT, SHELL_OUTPUT, PATH):
        assert any(secret.encode() in blob for blob in blobs), secret
    text = capture.read_text()
    assert TOKEN not in text and COOKIE not in text



async def test_a_daemon_that_refuses_the_editors_retries_is_reported_naming_the_append(
    autojump_clock: Any, recorded: list[CaptureEvent], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The capture unchanged, the daemon broken: a sequencer that takes a retry (same seqno, same bytes) for a
    conflicting upload, as one that knew no retries would, mishandles the recorded order."""
    offer = AppendSequencer.offer

    def refusing_retries(self: AppendSequencer[Any], *args: Any, **kwargs: Any) -> Any:
        decision = offer(self, *args, **kwargs)
        if isinstance(decision, Duplicate):
            return Reject(Rejection(RejectionKind.CONFLICTING_RETRY, "seqno already taken"))
        return decision

    monkeypatch.setattr(AppendSequencer, "offer", refusing_retries)
    with trio.fail_after(DEADLINE):
        divergences = await replay_fresh(recorded)
    refused = [d for d in divergences if d.kind == "refused upload"]
    assert refused, divergences
    assert "BidiAppend seqno 0 of r1 (run_request): the editor got an answer, now aborted" in refused[0].message



async def test_a_question_to_the_user_replays(autojump_clock: Any, tmp_path: Path) -> None:
    """An interaction tool (AskQuestion) rebuilt from its recorded query: the replayed model asks it again and
    the recorded answer goes back."""
    question = {"questions": [{"id": "db", "prompt": "Which database?",
                               "options": [{"id": "pg", "label": "Postgres"}, {"id": "my", "label": "MySQL"}]}]}
    asked = chat_tool_call("c-ask", "AskQuestion", json.dumps(question))
    replies = [Reply.sse(asked), Reply.sse(chat_text("Postgres."))]

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if not message.HasField("interaction_query"):
            return []
        chosen = agent.AskQuestionSuccess.Answer(question_id="db", selected_option_ids=["pg"])
        result = agent.AskQuestionResult(success=agent.AskQuestionSuccess(answers=[chosen]))
        response = agent.InteractionResponse(
            id=message.interaction_query.id,
            ask_question_interaction_response=agent.AskQuestionInteractionResponse(result=result),
        )
        return [agent.AgentClientMessage(interaction_response=response)]

    recorder = Recorder(tmp_path / "capture.jsonl")
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(*replies) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), wrap=lambda app: recorder.wrap(app, "agent"))
            as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r-ask", run_request("pick a database", model=MODEL))
            async with editor.run_sse("r-ask") as reader:
                transcript = await drive(editor, "r-ask", reader, answer)
        assert transcript.text == "Postgres." and transcript.of("interaction_query")
        recorder.close()
        events = read_capture(tmp_path / "capture.jsonl")[1]
        divergences = await replay_fresh(events)
    assert divergences == []


async def test_a_model_that_thinks_replays(autojump_clock: Any, tmp_path: Path) -> None:
    """Thinking (reasoning_content) before a tool call and before the answer: the replayed model thinks again,
    so the editor sees its thinking end (`thinking_completed`) where it did."""
    replies = [
        Reply.sse(chat_tool_call("c-read", "Read", json.dumps({"path": "/w/a.txt"}), reasoning="Look first.")),
        Reply.sse(chat_text("Done.", reasoning="That is enough.")),
    ]
    recorder = Recorder(tmp_path / "capture.jsonl")
    with trio.fail_after(DEADLINE):
        async with (
            open_fake_provider(*replies) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), wrap=lambda app: recorder.wrap(app, "agent"))
            as (daemon, _),
            daemon.editor(http2=False) as editor,
        ):
            await editor.append("r-think", run_request("read it", model=MODEL))
            async with editor.run_sse("r-think") as reader:
                transcript = await drive(editor, "r-think", reader, answer_tools)
        assert transcript.text == "Done." and transcript.updates("thinking_completed")
        recorder.close()
        divergences = await replay_fresh(read_capture(tmp_path / "capture.jsonl")[1])
    assert divergences == []


@attrs.define
class OneName:
    """A resolver that knows one name (the page server's)."""

    name: str

    async def resolve(self, host: str, port: int) -> list[Any]:
        assert host == self.name
        return [ipaddress.ip_address("127.0.0.1")]


async def test_a_replay_reaches_no_network_even_for_a_fetch_the_capture_approved(
    autojump_clock: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replayed model asks for the same WebFetch and the capture approves it again: the replay's daemon
    resolves no name and fetches nothing (it used to build its web tools with default network access)."""
    page = Reply(200, (("content-type", "text/plain"),), (Send(b"the page"),))
    recorder = Recorder(tmp_path / "capture.jsonl", keep_content=True)  # the URL as the model wrote it
    async with open_fake_server(pages({"/page": page})) as site:
        url = f"http://pages.test:{site.port}/page"
        fetch = chat_tool_call("c-f", "WebFetch", json.dumps({"url": url}))
        loopback = AddressPolicy((ipaddress.ip_network("127.0.0.1/32"),))
        web = WebAccess(fetcher=PageFetcher(loopback, resolver=OneName("pages.test")))

        def approve(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
            if not message.HasField("interaction_query"):
                return []
            approved = agent.WebFetchRequestResponse(approved=agent.WebFetchRequestResponse.Approved())
            response = agent.InteractionResponse(id=message.interaction_query.id, web_fetch_request_response=approved)
            return [agent.AgentClientMessage(interaction_response=response)]

        async with (
            open_fake_provider(Reply.sse(fetch), Reply.sse(chat_text("Read it."))) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), web=web,
                         wrap=lambda app: recorder.wrap(app, "agent")) as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r-web", run_request("read the page", model=MODEL))
            async with editor.run_sse("r-web") as reader:
                transcript = await drive(editor, "r-web", reader, approve)
        recorder.close()
        assert transcript.text == "Read it." and len(site.requests) == 1
        asked: list[object] = []
        resolve = trio.socket.getaddrinfo

        async def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
            asked.append(host)  # the fake provider's own listener asks too: for 127.0.0.1
            return await resolve(host, *args, **kwargs)

        monkeypatch.setattr(trio.socket, "getaddrinfo", getaddrinfo)
        divergences = await replay_fresh(read_capture(tmp_path / "capture.jsonl")[1])
        assert "pages.test" not in asked and len(site.requests) == 1
    assert divergences == []  # the replayed fetch fails at once, where it succeeded: the same messages
