"""The recorder in front of an app: RPCs are recorded (a unary error as its code and message, a method the
schema lacks untyped); other paths (the dashboard) are not; the app's answer is what it would be without it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cursord.capture import Recorder, read_capture
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
    assert events[-1].get("error") == {"code": "not_found", "message": "no such page"}
    assert events[6].get("type") is None  # a method the schema does not know
    assert events[1].get("type") == "aiserver.v1.NameAgentRequest" and len(events[1].data) == len(request)
    assert b"private" not in events[1].data and b"PRIVATE" not in events[3].data
    assert dict(events[0].get("headers"))["cookie"] != "ui-session=abc"
