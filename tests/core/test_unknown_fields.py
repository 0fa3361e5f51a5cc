"""Fields newer than the schema survive every round trip and are logged once each."""

from __future__ import annotations

import logging

import pytest

from cursord.core.intents import RunRequested, parse_client_message
from cursord.core.unknown_fields import UnknownFieldLog, unknown_numbers
from cursord.proto import agent_v1_pb2 as agent

# A field number our schema does not have, as a newer editor would send it inside the request context
# (shaped like `SandboxPolicy.blockGitWrites`: a bool, varint 1).
NEW_FIELD = 4242


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _run_with_unknown_field() -> bytes:
    context = agent.RequestContext()
    context.ParseFromString(context.SerializeToString() + _varint(NEW_FIELD << 3) + b"\x01")
    run = agent.AgentRunRequest()
    run.action.user_message_action.user_message.text = "hi"
    run.action.user_message_action.request_context.CopyFrom(context)
    return agent.AgentClientMessage(run_request=run).SerializeToString()


def test_an_unknown_field_survives_decoding_and_reencoding() -> None:
    raw = _run_with_unknown_field()
    intent = parse_client_message(raw)
    assert isinstance(intent, RunRequested)
    assert agent.AgentClientMessage(run_request=intent.request).SerializeToString() == raw
    copy = agent.AgentRunRequest()
    copy.CopyFrom(intent.request)  # what a snapshot or a stored request context does
    assert copy.SerializeToString() == intent.request.SerializeToString()


def test_each_unknown_field_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    message = agent.AgentClientMessage.FromString(_run_with_unknown_field())
    assert list(unknown_numbers(message)) == [("agent.v1.RequestContext", NEW_FIELD)]
    notes = UnknownFieldLog()
    with caplog.at_level(logging.INFO, logger="cursord.core.unknown_fields"):
        assert notes.note(message) == [("agent.v1.RequestContext", NEW_FIELD)]
        assert notes.note(message) == []
    assert [r.getMessage() for r in caplog.records] == [
        f"the editor sends agent.v1.RequestContext field {NEW_FIELD}, which cursord's schema does not know; kept as is"
    ]


def test_a_message_without_unknown_fields_reports_none() -> None:
    message = agent.AgentClientMessage(client_heartbeat=agent.ClientHeartbeat())
    assert list(unknown_numbers(message)) == []
