"""Native Gemini: the stream decoder (fed whole and split at every byte), the request builder, schema
cleaning, error classification, and HttpProvider against the fake Gemini server that enforces Gemini's rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from cursord.providers import errors, gemini
from cursord.providers.assemble import MessageAssembler
from cursord.providers.http import HttpProvider, RetryPolicy
from cursord.providers.model import (
    Delta,
    Effort,
    ImagePart,
    Message,
    PassEnd,
    PassRequest,
    ProviderKind,
    ReasoningChoice,
    StopReason,
    TextPart,
    ThinkingDone,
    ThinkingPart,
    ToolCallDone,
    ToolCallPart,
    ToolSpec,
    Usage,
)
from cursord.providers.schemas import sanitize_schema
from cursord.testing import provider_streams as ps
from cursord.testing.fake_gemini import gemini_refusal, open_fake_gemini
from cursord.testing.fake_providers import RecordedRequest, Reply
from tests.providers.test_provider_decoders import of_type, run, run_every_split, text_of, thinking_of

DATA = Path(__file__).parents[1] / "data"
GEMINI = ProviderKind.GEMINI
KEY = "gemini-test-key-0123456789"
READ = ToolSpec("read_file", "Read a file", {"type": "object", "properties": {"path": {"type": "string"}}})


# --- decoder --------------------------------------------------------------------------------


def test_recorded_stream_thinking_and_parallel_calls() -> None:
    deltas = run_every_split(GEMINI, (DATA / "gemini_thinking_tools.sse").read_bytes())
    assert thinking_of(deltas) == (
        "**Reading both files**\n\nThe user asks about «ä.py» and b.py; I will read them in parallel."
    )
    assert of_type(deltas, ThinkingDone) == [ThinkingDone(origin="gemini")]
    first, second = of_type(deltas, ToolCallDone)
    assert first == ToolCallDone(
        0,
        "call_x1ZJaYqFMuGWxN8P6b7q2Ag_0",
        "read_file",
        '{"path": "src/ä.py"}',
        "CiQBcsjafD2ViOKnxU0wn6yn2mqkJ5bxZR3w8tBZ3tCNnHkTkFgKYgFyyNp8mtqi3Bm0u9S2o0FCsW4PEv1C+nA9Q==",
    )
    assert second == ToolCallDone(1, "call_x1ZJaYqFMuGWxN8P6b7q2Ag_1", "read_file", '{"path": "b.py"}', None)
    assert deltas[-2:] == [
        Usage(input=4113, output=36 + 77, cache_read=3072, reasoning=77),
        PassEnd(StopReason.TOOL_USE),
    ]


def test_a_text_signature_closes_the_thinking_it_follows_and_is_dropped_after_text() -> None:
    thought = ps.gemini_chunk([{"text": "Checking.", "thought": True}])
    signed = ps.gemini_chunk([{"text": "All done.", "thoughtSignature": "sig-text"}], "STOP")
    deltas = run(GEMINI, [thought, signed])
    assert thinking_of(deltas) == "Checking." and text_of(deltas) == "All done."
    assert of_type(deltas, ThinkingDone) == [ThinkingDone(signature="sig-text", origin="gemini")]
    assert deltas[-1] == PassEnd(StopReason.END_TURN)
    # streamed text: the signature comes on the last chunk, after the thinking closed (never validated)
    deltas = run(GEMINI, ps.gemini_text("All done here.", thoughts="Checking.", signature="sig-text"))
    assert of_type(deltas, ThinkingDone) == [ThinkingDone(origin="gemini")]


def test_max_tokens_and_other_finish_reasons() -> None:
    assert run(GEMINI, ps.gemini_text("cut", finish_reason="MAX_TOKENS"))[-1] == PassEnd(StopReason.MAX_TOKENS)
    assert run(GEMINI, ps.gemini_text("no", finish_reason="SAFETY"))[-1] == PassEnd(StopReason.OTHER)


def test_a_stream_without_finish_reason_is_truncated() -> None:
    with pytest.raises(errors.StreamTruncated):
        run(GEMINI, ps.gemini_text("half of it")[:-1])


def test_an_error_object_in_the_stream_is_classified() -> None:
    event = ps.gemini_event(ps.gemini_error_body(503, "UNAVAILABLE", "The model is overloaded."))
    with pytest.raises(errors.Overloaded):
        run(GEMINI, [*ps.gemini_text("a b c")[:1], event])


def test_a_blocked_prompt_is_a_bad_request() -> None:
    event = ps.gemini_event({"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"}})
    with pytest.raises(errors.BadRequest, match="PROHIBITED_CONTENT"):
        run(GEMINI, [event])


# --- builder --------------------------------------------------------------------------------


def assembled(deltas: list[Delta]) -> Message:
    assembler = MessageAssembler()
    for delta in deltas:
        assembler.add(delta)
    return assembler.message()


def test_a_second_pass_sends_each_signature_back_on_its_part() -> None:
    reply = assembled(run(GEMINI, [(DATA / "gemini_thinking_tools.sse").read_bytes()]))
    request = PassRequest(
        "gemini-3-pro-preview",
        system="Be brief.",
        messages=[
            Message.user("read ä.py and b.py"),
            reply,
            Message.tool_result("call_x1ZJaYqFMuGWxN8P6b7q2Ag_0", "A"),
            Message.tool_result("call_x1ZJaYqFMuGWxN8P6b7q2Ag_1", "no such file", is_error=True),
        ],
        tools=[READ],
        reasoning=ReasoningChoice(effort=Effort.HIGH),
    )
    path, body, headers = gemini.build_request(request)
    assert path == "/models/gemini-3-pro-preview:streamGenerateContent?alt=sse"
    assert headers["accept"] == "text/event-stream"
    assert body["systemInstruction"] == {"parts": [{"text": "Be brief."}]}
    user, model, results = body["contents"]
    assert user == {"role": "user", "parts": [{"text": "read ä.py and b.py"}]}
    signature = "CiQBcsjafD2ViOKnxU0wn6yn2mqkJ5bxZR3w8tBZ3tCNnHkTkFgKYgFyyNp8mtqi3Bm0u9S2o0FCsW4PEv1C+nA9Q=="
    assert model == {
        "role": "model",
        "parts": [
            {
                "functionCall": {
                    "name": "read_file", "args": {"path": "src/ä.py"}, "id": "call_x1ZJaYqFMuGWxN8P6b7q2Ag_0"
                },
                "thoughtSignature": signature,
            },
            {"functionCall": {"name": "read_file", "args": {"path": "b.py"}, "id": "call_x1ZJaYqFMuGWxN8P6b7q2Ag_1"}},
        ],
    }
    assert results["role"] == "user" and [p["functionResponse"]["response"] for p in results["parts"]] == [
        {"output": "A"},
        {"error": "no such file"},
    ]
    assert {p["functionResponse"]["name"] for p in results["parts"]} == {"read_file"}
    assert body["generationConfig"] == {"thinkingConfig": {"includeThoughts": True, "thinkingLevel": "high"}}
    assert body["tools"] == [{"functionDeclarations": [{"name": "read_file", "description": "Read a file",
                                                        "parameters": READ.json_schema}]}]


def test_another_vendors_calls_in_the_current_turn_get_the_skip_value_and_lose_their_reasoning() -> None:
    earlier = Message.assistant(ToolCallPart("t0", "read_file", '{"path": "x"}'))
    foreign = Message.assistant(
        ThinkingPart("hmm", "anthropic-sig", origin="anthropic"),
        ToolCallPart("t1", "read_file", '{"path": "a"}'),
        ToolCallPart("t2", "read_file", '{"path": "b"}'),
    )
    messages = [
        Message.user("old question"), earlier, Message.tool_result("t0", "x"), Message.user("new question"),
        foreign, Message.tool_result("t1", "a"), Message.tool_result("t2", "b"),
    ]
    _, body, _ = gemini.build_request(PassRequest("gemini-3-pro-preview", messages=messages, tools=[READ]))
    old_call = body["contents"][1]["parts"][0]  # not validated, but rendered the same in every later turn
    assert old_call["thoughtSignature"] == gemini.FOREIGN_CALL_SIGNATURE
    first, second = body["contents"][3]["parts"]  # no thought part: Anthropic's signature means nothing here
    assert first["thoughtSignature"] == gemini.FOREIGN_CALL_SIGNATURE and "thoughtSignature" not in second
    _, body, _ = gemini.build_request(PassRequest("gemini-2.5-pro", messages=messages, tools=[READ]))
    assert "thoughtSignature" not in json.dumps(body)  # 2.5 validates no signature: none is made up


def test_reasoning_echo_off_sends_no_signature_and_no_thought() -> None:
    reply = assembled(run(GEMINI, [(DATA / "gemini_thinking_tools.sse").read_bytes()]))
    request = PassRequest("gemini-3-pro-preview", messages=[Message.user("q"), reply])
    _, body, _ = gemini.build_request(request, gemini.GeminiOptions(reasoning_echo=False))
    assert "thoughtSignature" not in json.dumps(body) and '"thought"' not in json.dumps(body)
    _, body, _ = gemini.build_request(request)
    assert '"thoughtSignature"' in json.dumps(body)


def test_images_go_as_inline_data_and_old_models_get_no_thinking_config() -> None:
    message = Message("user", (TextPart("what is this?"), ImagePart("image/png", b"\x89PNG")))
    on = ReasoningChoice(True, Effort.HIGH)
    for model in ("gemini-2.0-flash", "gemma-3-27b-it"):
        _, body, _ = gemini.build_request(PassRequest(model, messages=[message], reasoning=on))
        assert body["contents"][0]["parts"][1] == {"inlineData": {"mimeType": "image/png", "data": "iVBORw=="}}
        assert "generationConfig" not in body


def thinking_config(model: str, choice: ReasoningChoice) -> object:
    """The request's thinkingConfig, after the fake Gemini has taken the request as Gemini would."""
    path, body, _ = gemini.build_request(PassRequest(model, messages=[Message.user("q")], reasoning=choice))
    raw = json.dumps(body).encode()
    request = RecordedRequest("POST", "/v1beta" + path, {"x-goog-api-key": KEY}, raw, body)
    assert gemini_refusal(request, None, set()) is None
    return body.get("generationConfig", {}).get("thinkingConfig")


THOUGHTS = {"includeThoughts": True}
PRO_3, FLASH_3 = "gemini-3-pro-preview", "gemini-3-flash-preview"


@pytest.mark.parametrize(
    ("model", "choice", "config"),
    [
        # Gemini 3: a level for an effort (Pro takes low and high, Flash medium too), never a budget
        (PRO_3, ReasoningChoice(), THOUGHTS),
        (PRO_3, ReasoningChoice(True), THOUGHTS),
        (PRO_3, ReasoningChoice(effort=Effort.LOW), {**THOUGHTS, "thinkingLevel": "low"}),
        (PRO_3, ReasoningChoice(True, Effort.MEDIUM), {**THOUGHTS, "thinkingLevel": "high"}),
        (PRO_3, ReasoningChoice(effort=Effort.MAX), {**THOUGHTS, "thinkingLevel": "high"}),
        (FLASH_3, ReasoningChoice(effort=Effort.MEDIUM), {**THOUGHTS, "thinkingLevel": "medium"}),
        (PRO_3, ReasoningChoice(False, Effort.LOW), THOUGHTS),  # Gemini 3 cannot stop thinking
        # Gemini 2.5: a budget (within the model's), thinking off where the model can stop
        ("gemini-2.5-pro", ReasoningChoice(effort=Effort.LOW), {**THOUGHTS, "thinkingBudget": 2_048}),
        ("gemini-2.5-pro", ReasoningChoice(True), {**THOUGHTS, "thinkingBudget": 8_192}),
        ("gemini-2.5-pro", ReasoningChoice(effort=Effort.MAX), {**THOUGHTS, "thinkingBudget": 32_000}),
        ("gemini-2.5-flash", ReasoningChoice(effort=Effort.MAX), {**THOUGHTS, "thinkingBudget": 24_576}),
        ("gemini-2.5-pro", ReasoningChoice(False), THOUGHTS),  # 2.5 Pro cannot stop
        ("gemini-2.5-flash", ReasoningChoice(False, Effort.HIGH), {"thinkingBudget": 0}),
        ("models/gemini-2.5-flash-lite", ReasoningChoice(False), {"thinkingBudget": 0}),
    ],
)
def test_the_reasoning_choice_is_a_level_on_gemini_3_and_a_budget_on_2_5(
    model: str, choice: ReasoningChoice, config: dict[str, object]
) -> None:
    assert thinking_config(model, choice) == config


def test_the_prefix_is_the_same_on_every_pass() -> None:
    """Implicit caching hits only on a byte-identical prefix: a later pass extends the earlier body."""
    first = [Message.user("q")]
    second = [*first, Message.assistant(TextPart("a")), Message.user("q2")]
    one = json.dumps(gemini.build_request(PassRequest("gemini-2.5-pro", "sys", first, [READ]))[1])
    two = json.dumps(gemini.build_request(PassRequest("gemini-2.5-pro", "sys", second, [READ]))[1])
    assert two.startswith(one.split('"role": "user", "parts": [{"text": "q"}]}')[0])


# --- schemas --------------------------------------------------------------------------------


EDITOR_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "$defs": {"Edit": {"type": "object", "properties": {"old": {"type": "string"}}, "additionalProperties": False}},
    "properties": {
        "path": {"type": "string", "format": "uri", "examples": ["a.py"]},
        "edits": {"type": "array", "items": {"$ref": "#/$defs/Edit"}, "uniqueItems": True},
        "mode": {"const": "replace"},
        "limit": {"type": ["integer", "null"], "exclusiveMinimum": 0},
        "value": {"oneOf": [{"type": "string"}, {"type": "number"}]},
        "level": {"type": "integer", "enum": [1, 2]},
        "tree": {"$ref": "#/$defs/Tree"},
    },
    "required": ["path", "ghost"],
    "additionalProperties": False,
}


def test_schemas_are_cleaned_to_geminis_subset() -> None:
    cleaned = sanitize_schema(EDITOR_SCHEMA, "gemini")
    assert cleaned == {
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "edits": {"type": "array", "items": {"type": "object", "properties": {"old": {"type": "string"}}}},
            "mode": {"enum": ["replace"], "type": "string"},
            "limit": {"type": "integer", "nullable": True},
            "value": {"anyOf": [{"type": "string"}, {"type": "number"}]},
            "level": {"type": "integer"},
            "tree": {"type": "object"},
        },
        "required": ["path"],
    }
    request = fake_request({"tools": [{"functionDeclarations": [{"name": "x", "parameters": cleaned}]}]})
    assert gemini_refusal(request, None, set()) is None


def test_the_fake_refuses_what_gemini_refuses_in_a_schema() -> None:
    raw = fake_request({"tools": [{"functionDeclarations": [{"name": "x", "parameters": EDITOR_SCHEMA}]}]})
    refusal = gemini_refusal(raw, None, set())
    assert refusal is not None and refusal.status == 400
    assert b'Unknown name \\"$schema\\"' in b"".join(step.data for step in refusal.body)  # type: ignore[union-attr]
    listed = {"type": "object", "properties": {"n": {"type": ["integer", "null"]}}}
    refusal = gemini_refusal(fake_request({"tools": [{"functionDeclarations": [{"parameters": listed}]}]}), None, set())
    assert refusal is not None and b"cannot start list" in b"".join(s.data for s in refusal.body)  # type: ignore[union-attr]


def fake_request(extra: dict[str, Any], contents: list[Any] | None = None) -> RecordedRequest:
    body = {"contents": contents or [{"role": "user", "parts": [{"text": "hi"}]}], **extra}
    return RecordedRequest(
        "POST", "/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse",
        {"x-goog-api-key": KEY}, json.dumps(body).encode(), body,
    )


@pytest.mark.parametrize(
    ("model", "config", "message"),
    [
        ("gemini-2.5-flash", {"thinkingLevel": "low", "thinkingBudget": 100}, b"only one of thinking budget"),
        ("gemini-2.5-pro", {"thinkingLevel": "high"}, b"Thinking level is not supported"),
        ("gemini-3-pro-preview", {"thinkingLevel": "medium"}, b"Thinking level MEDIUM is not supported"),
        ("gemini-2.5-pro", {"thinkingBudget": 0}, b"Budget 0 is invalid"),
        ("gemini-3-flash-preview", {"thinkingBudget": 0}, b"Budget 0 is invalid"),
        ("gemini-2.5-flash", {"thinkingBudget": 32_000}, b"The thinking budget (32000) is invalid"),
        ("gemini-2.5-flash", {"thinkingBudget": 0}, None),
        ("gemini-3-flash-preview", {"thinkingLevel": "medium"}, None),
    ],
)
def test_the_fake_refuses_a_thinking_config_the_model_does_not_take(
    model: str, config: dict[str, Any], message: bytes | None
) -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], "generationConfig": {"thinkingConfig": config}}
    path = f"/v1beta/models/{model}:streamGenerateContent?alt=sse"
    refusal = gemini_refusal(RecordedRequest("POST", path, {"x-goog-api-key": KEY}, b"", body), None, set())
    if message is None:
        assert refusal is None
    else:
        assert refusal is not None and refusal.status == 400
        assert message in b"".join(step.data for step in refusal.body)  # type: ignore[union-attr]


def test_the_fake_enforces_the_signature_rule_only_in_the_current_turn() -> None:
    call = {"functionCall": {"name": "read_file", "args": {}}}
    answer = {"functionResponse": {"name": "read_file", "response": {"output": ""}}}
    turn = [{"role": "user", "parts": [{"text": "q"}]}, {"role": "model", "parts": [call]},
            {"role": "user", "parts": [answer]}]
    refusal = gemini_refusal(fake_request({}, turn), None, set())
    assert refusal is not None and b"missing a thought_signature" in b"".join(s.data for s in refusal.body)  # type: ignore[union-attr]
    assert gemini_refusal(fake_request({}, [*turn, {"role": "user", "parts": [{"text": "next"}]}]), None, set()) is None
    signed = [turn[0], {"role": "model", "parts": [{**call, "thoughtSignature": "made-up"}]}, turn[2]]
    refusal = gemini_refusal(fake_request({}, signed), None, set())
    assert refusal is not None and b"not valid" in b"".join(s.data for s in refusal.body)  # type: ignore[union-attr]
    assert gemini_refusal(fake_request({}, signed), None, {"made-up"}) is None


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "body", "expected"),
    [
        (400, ps.gemini_error_body(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.",
                                   {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"}),
         errors.AuthError),
        (400, ps.gemini_error_body(400, "INVALID_ARGUMENT", "The input token count (1200000) exceeds the maximum "
                                   "number of tokens allowed (1048576)."), errors.ContextTooLong),
        (400, ps.gemini_error_body(400, "INVALID_ARGUMENT", "Invalid JSON payload received."), errors.BadRequest),
        (403, ps.gemini_error_body(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers"),
         errors.AuthError),
        (404, ps.gemini_error_body(404, "NOT_FOUND", "models/gemini-9 is not found"), errors.BadRequest),
        (500, ps.gemini_error_body(500, "INTERNAL", "An internal error has occurred."), errors.Overloaded),
        (503, ps.gemini_error_body(503, "UNAVAILABLE", "The model is overloaded."), errors.Overloaded),
    ],
)
def test_gemini_error_answers_are_typed(status: int, body: dict[str, Any], expected: type) -> None:
    error = errors.classify_http_error("g", status, {}, json.dumps(body))
    assert type(error) is expected


def test_a_429_with_retry_info_is_a_rate_limit_with_its_delay() -> None:
    body = ps.gemini_error_body(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota, please check your plan "
                                "and billing details.", ps.gemini_retry_info(23))
    error = errors.classify_http_error("g", 429, {}, json.dumps(body))
    assert isinstance(error, errors.RateLimited) and error.retry_after == 23.0
    # the OpenAI-compatible endpoint puts the same error in a JSON list of one
    error = errors.classify_http_error("g", 429, {}, json.dumps([body]))
    assert isinstance(error, errors.RateLimited) and error.retry_after == 23.0 and error.moves_on
    quota = ps.gemini_error_body(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota.")
    assert isinstance(errors.classify_http_error("g", 429, {}, json.dumps(quota)), errors.SpendLimitReached)


# --- over HTTP, against the fake ------------------------------------------------------------


def provider(fake: Any, **kw: Any) -> HttpProvider:
    return HttpProvider(GEMINI, "gemini", fake.url("/v1beta"), KEY, ("gemini-3-pro-preview",), trust_env=False, **kw)


async def test_a_tool_loop_against_the_fake(autojump_clock: trio.testing.MockClock) -> None:
    replies = [
        Reply.sse(ps.gemini_calls([("read_file", {"path": "a"}), ("read_file", {"path": "b"})], thoughts="Look.")),
        Reply.sse(ps.gemini_text("Both read.", usage=ps.gemini_usage(prompt=90, candidates=3, cached=60))),
    ]
    async with open_fake_gemini(*replies, api_key=KEY) as fake:
        deltas: list[Delta] = []

        async def sink(delta: Delta) -> None:
            deltas.append(delta)

        first = PassRequest("gemini-3-pro-preview", messages=[Message.user("read a and b")], tools=[READ])
        await provider(fake).stream(first, sink)
        calls = [p for p in assembled(deltas).parts if isinstance(p, ToolCallPart)]
        assert [c.signature for c in calls] == ["sig-step", None]
        messages = [*first.messages, assembled(deltas), *(Message.tool_result(c.id, "x") for c in calls)]
        deltas.clear()
        await provider(fake).stream(PassRequest("gemini-3-pro-preview", messages=messages, tools=[READ]), sink)
    assert fake.refused == []
    assert fake.requests[0].headers["x-goog-api-key"] == KEY
    assert deltas[-2:] == [Usage(input=90, output=3, cache_read=60), PassEnd(StopReason.END_TURN)]


async def test_a_second_pass_without_the_signature_is_refused(autojump_clock: trio.testing.MockClock) -> None:
    call = Message.assistant(ToolCallPart("c1", "read_file", "{}", signature=None))
    messages = [Message.user("q"), call, Message.tool_result("c1", "x")]
    async with open_fake_gemini(api_key=KEY) as fake:
        # the builder signs a call without a signature; strip it as a broken encoder would
        broken = PassRequest("gemini-3-pro-preview", messages=messages)
        path, body, headers = gemini.build_request(broken)
        del body["contents"][1]["parts"][0]["thoughtSignature"]
        async with httpx.AsyncClient() as client:
            url = fake.url("/v1beta" + path)
            answer = await client.post(url, json=body, headers={**headers, "x-goog-api-key": KEY})
    assert answer.status_code == 400 and "missing a thought_signature" in answer.json()["error"]["message"]
    error = errors.classify_http_error("g", answer.status_code, answer.headers, answer.content)
    assert isinstance(error, errors.BadRequest)


async def test_a_wrong_key_is_an_auth_error_not_retried(autojump_clock: trio.testing.MockClock) -> None:
    async with open_fake_gemini(api_key="the-right-key") as fake:
        with pytest.raises(errors.AuthError):
            await provider(fake, retry=RetryPolicy(max_attempts=3)).stream(
                PassRequest("gemini-3-pro-preview", messages=[Message.user("q")]), _ignore
            )
    assert len(fake.requests) == 1


async def _ignore(delta: Delta) -> None:
    pass
