"""The recorder in front of an app: RPCs are recorded (a unary error as its code and redacted message, a method
the schema lacks untyped); other paths (the dashboard) are not; the app's answer is what it would be without it.
An end-stream's message is redacted too; a big message is redacted off the event loop."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from cursord.capture import Recorder, read_capture
from cursord.capture import recorder as recorder_module
from cursord.connect import Code, ConnectError
from cursord.connect.envelope import encode_envelope, end_stream_payload
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver

NAME_AGENT = "/aiserver.v1.AiService/NameAgent"


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    if scope["path"] == NAME_AGENT:
        name = aiserver.NameAgentRequest.FromString(body).user_message.upper()
        answer, status = aiserver.NameAgentResponse(name=name).SerializeToString(), 200
    else:
        answer, status = json.dumps({"code": "not_found", "message": "no such page"}).encode(), 404
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"application/proto")]})
    await send({"type": "http.response.body", "body": answer, "more_body": False})


async def call(recorded: Any, path: str, body: bytes) -> list[dict[str, Any]]:
    chunks = [{"type": "http.request", "body": body[:3], "more_body": True},
              {"type": "http.request", "body": body[3:], "more_body": False}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return chunks.pop(0)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "path": path, "method": "POST", "http_version": "1.1",
             "headers": [(b"content-type", b"application/proto"), (b"cookie", b"ui-session=abc")]}
    await recorded(scope, receive, send)
    return sent


async def test_rpcs_are_recorded_and_pages_are_not(tmp_path: Path) -> None:
    recorder = Recorder(tmp_path / "c.jsonl")
    recorded = recorder.wrap(app, "editor")
    request = aiserver.NameAgentRequest(user_message="private words").SerializeToString()
    sent = await call(recorded, NAME_AGENT, request)
    assert sent == await call(app, NAME_AGENT, request)  # the app's answer, untouched
    await call(recorded, "/ui/conversations", b"page=1")
    await call(recorded, "/aiserver.v1.AiService/NameTheMoon", b"")
    recorder.close()
    header, events = read_capture(tmp_path / "c.jsonl")
    assert header.redacted and header.cursor_version is None
    assert [(e.call, e.ev) for e in events] == [
        (1, "request"), (1, "up"), (1, "response"), (1, "down"), (1, "end"),
        (2, "request"), (2, "up"), (2, "response"), (2, "end"),
    ]
    error = events[-1].get("error")  # an error's message can quote the user: redacted like content
    assert error["code"] == "not_found" and error["message"] != "no such page" and len(error["message"]) == 12
    assert events[6].get("type") is None  # a method the schema does not know
    assert events[1].get("type") == "aiserver.v1.NameAgentRequest" and len(events[1].data) == len(request)
    assert b"private" not in events[1].data and b"PRIVATE" not in events[3].data
    assert dict(events[0].get("headers"))["cookie"] != "ui-session=abc"


RUN_SSE = "/agent.v1.AgentService/RunSSE"


async def streaming_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """A RunSSE that sends one big message, then ends with an error quoting the user."""
    await receive()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/connect+proto")]})
    big = agent_text_message("word " * 40_000)
    error = ConnectError(Code.INVALID_ARGUMENT, "cannot read 'my secret plan.txt'")
    body = encode_envelope(big) + encode_envelope(end_stream_payload(error), end_stream=True)
    await send({"type": "http.response.body", "body": body, "more_body": False})


def agent_text_message(text: str) -> bytes:
    update = agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text=text))
    return agent.AgentServerMessage(interaction_update=update).SerializeToString()


async def test_an_end_stream_message_is_redacted_and_a_big_message_is_redacted_off_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[tuple[int, bool]] = []
    redact = recorder_module.redact_payload

    def watched(type_name: str | None, payload: bytes, places: Any) -> bytes:
        threads.append((len(payload), threading.current_thread() is threading.main_thread()))
        return redact(type_name, payload, places)

    monkeypatch.setattr(recorder_module, "redact_payload", watched)
    recorder = Recorder(tmp_path / "c.jsonl")
    scope = {"type": "http", "path": RUN_SSE, "method": "POST", "http_version": "1.1",
             "headers": [(b"content-type", b"application/connect+proto")]}
    request = encode_envelope(b"\n\x02r1")
    chunks = [{"type": "http.request", "body": request, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return chunks.pop(0)

    async def send(message: dict[str, Any]) -> None:
        pass

    await recorder.wrap(streaming_app, "editor")(scope, receive, send)
    recorder.close()
    _, events = read_capture(tmp_path / "c.jsonl")
    assert [e.ev for e in events] == ["request", "up", "response", "down", "end"]
    error = events[-1].get("error")
    assert error["code"] == "invalid_argument" and "secret" not in error["message"]
    assert len(error["message"]) == len("cannot read 'my secret plan.txt'")
    assert threads == [(len(request) - 5, True), (len(events[3].data), False)]  # the small one on the loop
