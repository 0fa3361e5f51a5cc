"""The proxy's pure routing decisions: host patterns, peeking into run RPCs, the run table, model-list merging."""

from __future__ import annotations

import binascii
import gzip
import json

import pytest

from cursord.config import ModelCatalog, ProviderKind, ProviderSpec
from cursord.connect.envelope import encode_envelope
from cursord.connect.request import HttpResponse, Limits
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy.routing import (
    DEFAULT_OWNED_PATHS,
    BidiPeek,
    RunTable,
    catalog_owns,
    host_matches,
    merge_model_responses,
    peek_bidi_append,
    peek_run_sse,
)
from cursord.server.models_rpc import (
    AGENT_USABLE_MODELS_PATH,
    AVAILABLE_MODELS_PATH,
    available_models,
    usable_models_agent,
)
from cursord.testing.editor import bidi_request, heartbeat, run_request

PROTO = [(b"content-type", b"application/proto"), (b"connect-protocol-version", b"1")]
JSON = [(b"content-type", b"application/json")]
STREAM = [(b"content-type", b"application/connect+proto")]
CATALOG = ModelCatalog(
    [
        ProviderSpec(
            kind=ProviderKind.OPENAI_CHAT, name="router", base_url="http://127.0.0.1:1/v1", api_key_env=None,
            models=("gpt-5", "anthropic/claude-opus-4-1"),
        )
    ]
)


@pytest.mark.parametrize(
    ("host", "matches"),
    [
        ("api2.cursor.sh", True),
        ("agent.api5.cursor.sh", True),
        ("API2.Cursor.SH.", True),
        ("cursor.sh", False),
        ("evilcursor.sh", False),
        ("cursor.sh.example.com", False),
        ("marketplace.cursorapi.com", False),
    ],
)
def test_host_patterns(host: str, matches: bool) -> None:
    assert host_matches(host, ["*.cursor.sh"]) is matches


def test_exact_host_patterns() -> None:
    assert host_matches("api2.cursor.sh", ["api2.cursor.sh"])
    assert not host_matches("api3.cursor.sh", ["api2.cursor.sh"])


def test_owned_paths_are_the_run_model_and_side_rpcs() -> None:
    assert "/agent.v1.AgentService/RunSSE" in DEFAULT_OWNED_PATHS
    assert "/aiserver.v1.ServerConfigService/GetServerConfig" in DEFAULT_OWNED_PATHS
    assert "/aiserver.v1.AiService/NameTab" in DEFAULT_OWNED_PATHS  # carries the user's text: never forwarded
    assert "/aiserver.v1.HealthService/StreamBidiSSE" in DEFAULT_OWNED_PATHS  # routed per request id
    assert "/aiserver.v1.AiService/WriteGitCommitMessage" in DEFAULT_OWNED_PATHS  # carries a diff: cursord's
    assert "/aiserver.v1.CmdKService/StreamCmdK" in DEFAULT_OWNED_PATHS
    assert "/aiserver.v1.DashboardService/GetTeams" not in DEFAULT_OWNED_PATHS
    assert len(DEFAULT_OWNED_PATHS) == 27


@pytest.mark.parametrize("binary", [False, True])
def test_peek_finds_the_model_of_a_run(binary: bool) -> None:
    body = bidi_request("r1", 1, run_request("hi", model="claude-4-sonnet"), binary=binary)
    peek = peek_bidi_append("POST", PROTO, body)
    assert (peek.request_id, peek.starts_run, peek.model_id) == ("r1", True, "claude-4-sonnet")


def test_peek_json_codec() -> None:
    message = run_request("hi", model="gpt-5").SerializeToString()
    upload = {"requestId": {"requestId": "rj"}, "appendSeqno": "1", "data": binascii.hexlify(message).decode()}
    body = json.dumps(upload).encode()
    peek = peek_bidi_append("POST", JSON, body)
    assert (peek.request_id, peek.starts_run, peek.model_id) == ("rj", True, "gpt-5")


def test_peek_other_uploads_and_garbage() -> None:
    beat = peek_bidi_append("POST", PROTO, bidi_request("r2", 2, heartbeat()))
    assert (beat.request_id, beat.starts_run) == ("r2", False)
    assert peek_bidi_append("POST", PROTO, b"\xff\xfe").request_id is None
    assert peek_bidi_append("GET", PROTO, b"").request_id is None
    prewarm = agent.AgentClientMessage(prewarm_request=agent.PrewarmRequest())
    assert not peek_bidi_append("POST", PROTO, bidi_request("r3", 1, prewarm)).starts_run


def test_peek_run_sse() -> None:
    body = encode_envelope(agent.BidiRequestId(request_id="r9").SerializeToString())
    assert peek_run_sse("POST", STREAM, body) == "r9"
    assert peek_run_sse("POST", STREAM, body[:3]) is None
    assert peek_run_sse("POST", PROTO, body) is None


def test_peeks_ignore_request_ids_cursord_refuses_and_bodies_over_their_limit() -> None:
    """Nothing cursord would refuse becomes a key in the proxy's tables, and nothing over the limit is decoded."""
    long_id = "x" * 129
    assert peek_bidi_append("POST", PROTO, bidi_request(long_id, 1, run_request("hi", model="m"))) == BidiPeek(None)
    body = encode_envelope(agent.BidiRequestId(request_id=long_id).SerializeToString())
    assert peek_run_sse("POST", STREAM, body) is None
    run = bidi_request("r1", 1, run_request("hi", model="claude-4-sonnet"))
    gzipped = gzip.compress(run)
    assert peek_bidi_append("POST", [*PROTO, (b"content-encoding", b"gzip")], gzipped).starts_run
    small = Limits(max_request_bytes=len(gzipped) - 1, max_message_bytes=1 << 20)
    assert peek_bidi_append("POST", [*PROTO, (b"content-encoding", b"gzip")], gzipped, small) == BidiPeek(None)


def test_catalog_owns() -> None:
    owns = catalog_owns(CATALOG)
    assert owns("gpt-5") and owns("GPT-5") and owns("router/gpt-5") and owns("anthropic/claude-opus-4-1")
    assert not owns("claude-4-sonnet") and not owns("cursor-small")
    assert owns(None) and owns("")  # a run naming no model stays with cursord


def test_run_table_forgets_least_recently_used() -> None:
    table = RunTable(capacity=2)
    table.record("a", True)
    table.record("b", False)
    assert table.get("a") is True  # refreshes a
    table.record("c", True)
    assert table.get("b") is None and table.get("a") is True and table.get("c") is True
    table.record("a", False)
    assert table.get("a") is False and len(table) == 2


# --- model lists ---------------------------------------------------------------------------------------------


def _ours(path: str) -> HttpResponse:
    if path == AVAILABLE_MODELS_PATH:
        body = available_models(CATALOG, aiserver.AvailableModelsRequest()).SerializeToString()
    else:
        body = usable_models_agent(CATALOG, agent.GetUsableModelsRequest()).SerializeToString()
    return HttpResponse(200, [(b"content-type", b"application/proto")], body)


def test_usable_models_merge_ours_first_without_duplicates() -> None:
    upstream = agent.GetUsableModelsResponse(
        models=[agent.ModelDetails(model_id="cursor-small"), agent.ModelDetails(model_id="GPT-5")]
    )
    theirs = HttpResponse(200, [(b"content-type", b"application/proto")], upstream.SerializeToString())
    merged = merge_model_responses(AGENT_USABLE_MODELS_PATH, "POST", PROTO, _ours(AGENT_USABLE_MODELS_PATH), theirs)
    models = agent.GetUsableModelsResponse.FromString(merged.body).models
    assert [m.model_id for m in models] == ["gpt-5", "anthropic/claude-opus-4-1", "cursor-small"]
    assert (b"content-length", str(len(merged.body)).encode()) in merged.headers


def test_available_models_merge_gzip_upstream() -> None:
    upstream = aiserver.AvailableModelsResponse(
        models=[aiserver.AvailableModelsResponse.AvailableModel(name="claude-4-sonnet", default_on=True)]
    )
    theirs = HttpResponse(
        200,
        [(b"content-type", b"application/proto"), (b"content-encoding", b"gzip")],
        gzip.compress(upstream.SerializeToString()),
    )
    merged = merge_model_responses(AVAILABLE_MODELS_PATH, "POST", PROTO, _ours(AVAILABLE_MODELS_PATH), theirs)
    response = aiserver.AvailableModelsResponse.FromString(merged.body)
    assert [m.name for m in response.models] == ["gpt-5", "anthropic/claude-opus-4-1", "claude-4-sonnet"]
    assert response.composer_model_config.default_model == "gpt-5"  # our defaults stay


@pytest.mark.parametrize(
    "theirs",
    [
        None,
        HttpResponse(401, [(b"content-type", b"application/json")], b'{"code":"unauthenticated"}'),
        HttpResponse(200, [(b"content-type", b"application/json")], b"{}"),  # not the codec asked for
        HttpResponse(200, [(b"content-type", b"application/proto")], b"\xff\xff\xff"),
        HttpResponse(200, [(b"content-type", b"application/proto"), (b"content-encoding", b"br")], b"x"),
    ],
)
def test_merge_falls_back_to_ours(theirs: HttpResponse | None) -> None:
    ours = _ours(AGENT_USABLE_MODELS_PATH)
    assert merge_model_responses(AGENT_USABLE_MODELS_PATH, "POST", PROTO, ours, theirs) is ours


def test_merge_in_json() -> None:
    ours = HttpResponse(200, JSON, b'{"models": [{"modelId": "gpt-5"}]}')
    theirs = HttpResponse(200, JSON, b'{"models": [{"modelId": "cursor-small", "unknownField": 1}]}')
    merged = merge_model_responses(AGENT_USABLE_MODELS_PATH, "POST", JSON, ours, theirs)
    assert b'"cursor-small"' in merged.body and merged.body.index(b"gpt-5") < merged.body.index(b"cursor-small")
