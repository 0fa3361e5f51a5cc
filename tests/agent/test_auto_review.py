"""Auto-review's pure parts: the reviewer's verdict line, which calls are reviewed, and how the turn machine
puts an allowed verdict on the call (Shell, MCP, WebFetch) and leaves every other call to the user."""

from __future__ import annotations

import json

import pytest

from cursord.agent.auto_review import read_verdict, review_request, reviewed
from cursord.agent.machine import AskUser, PassDelta, PassEnded, ReviewVerdict, SendExec
from cursord.agent.tools import ToolRegistry
from cursord.providers.model import ToolCallDone, ToolCallPart
from tests.agent.test_turn_machine import current_pass, in_step, of


@pytest.mark.parametrize(
    ("said", "allow", "reason"),
    [
        ("ALLOW: only lists files", True, "only lists files"),
        ("allow: reads", True, "reads"),
        ("ASK: force-pushes", False, "force-pushes"),
        ("I think this is fine", False, "I think this is fine"),
        ("", False, "the reviewer gave no verdict"),
        ("ALLOWED: sneaky", False, "sneaky"),
    ],
)
def test_only_an_explicit_allow_allows(said: str, allow: bool, reason: str) -> None:
    verdict = read_verdict(said)
    assert (verdict.allow, verdict.reason) == (allow, reason)


def test_shell_mcp_and_webfetch_are_reviewed_reads_are_not() -> None:
    tools = ToolRegistry.build("agent", ())
    assert [name for name in ("Shell", "WebFetch", "Read", "Write", "WebSearch") if reviewed(tools.get(name))] == [
        "Shell", "WebFetch",
    ]
    request = review_request("m", ToolCallPart("c1", "Shell", json.dumps({"command": "ls"})))
    assert request.tools == () and '"command": "ls"' in str(request.messages[0].parts[0])


def test_an_allowed_webfetch_query_skips_approval_and_an_unreviewed_call_does_not() -> None:
    m = in_step()
    pass_id = current_pass(m)
    m.handle(PassDelta(pass_id, ToolCallDone(0, "c-f", "WebFetch", json.dumps({"url": "https://docs.example/"}))))
    m.handle(PassDelta(pass_id, ToolCallDone(1, "c-s", "Shell", json.dumps({"command": "make"}))))
    m.handle(ReviewVerdict(pass_id, "c-f", allow=True, reason="public docs"))
    m.handle(ReviewVerdict(pass_id, "c-s", allow=False, reason="runs a build"))
    effects = m.handle(PassEnded(pass_id))
    (ask,) = of(effects, AskUser)
    fetch = ask.query.web_fetch_request_query
    assert (fetch.skip_approval, fetch.smart_mode_approval.reason) == (True, "public docs")
    (shell,) = of(effects, SendExec)
    assert not shell.message.shell_stream_args.skip_approval
    assert not shell.message.shell_stream_args.HasField("smart_mode_approval")
