"""The proxy's ledger on its own: how a path is named, what a call counts, what `private` refuses."""

from __future__ import annotations

import pytest

from cursord.connect import Code
from cursord.proxy.forwarded_calls import ForwardedCalls, method_name, refusal
from cursord.proxy.observe import RequestHead
from cursord.store import ForwardedRow

HEAD = RequestHead("api2.cursor.sh", "POST", b"/x", "1.1", [])


@pytest.mark.parametrize(("path", "name"), [
    ("/aiserver.v1.AiService/StreamBugBot", "aiserver.v1.AiService/StreamBugBot"),
    ("/agent.v1.AgentService/Run", "agent.v1.AgentService/Run"),
    ("/auth/poll", "/auth/..."),  # not an RPC: only its first segment, so ids cannot grow the tables
    ("/updates/u-1234/latest.json", "/updates/..."),
    ("/", "/"),
    ("/" + "a" * 300, "/" + "a" * 64),
])
def test_a_path_is_named_as_its_rpc_or_its_first_segment(path: str, name: str) -> None:
    assert method_name(path) == name


def test_a_call_counts_its_bodies_once_and_failed_unless_its_answer_came_whole() -> None:
    rows: list[ForwardedRow] = []
    ledger = ForwardedCalls(on_call=rows.append, clock=lambda: 0.0)
    ledger.seed([ForwardedRow("1970-01-01", "aiserver.v1.AiService/StreamBugBot", True, 3, 1, 30, 60)])
    whole = ledger.call("/aiserver.v1.AiService/StreamBugBot")
    observer = whole.observing(None)(HEAD)
    observer.request_body(b"12345", end=False)
    observer.request_body(b"", end=True)
    observer.response_head(200, [])
    observer.response_body(b"abc", end=False)
    observer.response_body(b"", end=True)
    whole.finish()
    whole.finish()  # once only
    cut = ledger.call("/aiserver.v1.AiService/StreamBugBot")
    observer = cut.observing(None)(HEAD)
    observer.request_body(b"12", end=False)
    observer.ended_early()
    cut.finish()
    never = ledger.call("/auth/poll")  # Cursor unreachable: nothing observed at all
    never.finish()
    assert [(r.method, r.calls, r.failed, r.bytes_up, r.bytes_down, r.carries_code) for r in rows] == [
        ("aiserver.v1.AiService/StreamBugBot", 1, 0, 5, 3, True),
        ("aiserver.v1.AiService/StreamBugBot", 1, 1, 2, 0, True),
        ("/auth/...", 1, 1, 0, 0, None),
    ]
    assert ledger.snapshot() == [
        {"method": "aiserver.v1.AiService/StreamBugBot", "count": 5, "failed": 2, "bytes_up": 37, "bytes_down": 63,
         "carries_code": True},
        {"method": "/auth/...", "count": 1, "failed": 1, "bytes_up": 0, "bytes_down": 0, "carries_code": None},
    ]


def test_private_refuses_code_and_unknown_rpcs_and_lets_the_rest_pass() -> None:
    code = refusal("/aiserver.v1.ReviewService/StreamBugBotLinter")
    assert code is not None and code.code is Code.PERMISSION_DENIED
    assert code.message.startswith("private = true (--private): aiserver.v1.ReviewService/StreamBugBotLinter carries")
    unknown = refusal("/aiserver.v1.AiService/Tomorrow")
    assert unknown is not None and "not in the wire schema" in unknown.message
    assert refusal("/aiserver.v1.DashboardService/GetTeams") is None
    assert refusal("/auth/poll") is None  # sign-in pages are not RPCs
