"""HTTP error classification and the one traits table."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cursord.providers import errors
from cursord.providers.errors import ERROR_TRAITS, classify_http_error, parse_retry_after


def body(payload: Any) -> bytes:
    return json.dumps(payload).encode()


def anthropic_body(kind: str, message: str, **details: Any) -> bytes:
    error: dict[str, Any] = {"type": kind, "message": message}
    if details:
        error["details"] = details
    return body({"type": "error", "error": error, "request_id": "req_1"})


def openai_body(message: str, kind: str, code: str | None) -> bytes:
    return body({"error": {"message": message, "type": kind, "param": None, "code": code}})


CASES = [
    (
        401,
        openai_body("Incorrect API key provided: sk-abc.", "invalid_request_error", "invalid_api_key"),
        errors.AuthError,
    ),
    (403, anthropic_body("permission_error", "Your API key does not have permission"), errors.AuthError),
    (
        429,
        anthropic_body("rate_limit_error", "Number of request tokens has exceeded your rate limit"),
        errors.RateLimited,
    ),
    (
        429,
        anthropic_body(
            "rate_limit_error",
            "You have reached your API usage limits",
            error_code="enforced_spend_limit_reached",
        ),
        errors.SpendLimitReached,
    ),
    (
        429,
        openai_body(
            "You exceeded your current quota, please check your plan", "insufficient_quota", "insufficient_quota"
        ),
        errors.SpendLimitReached,
    ),
    (
        400,
        anthropic_body("invalid_request_error", "You have reached your specified API usage limits."),
        errors.SpendLimitReached,
    ),
    (402, anthropic_body("billing_error", "Your credit balance is too low"), errors.SpendLimitReached),
    (529, anthropic_body("overloaded_error", "Overloaded"), errors.Overloaded),
    (503, b"<html>Service Unavailable</html>", errors.Overloaded),
    (502, b"Bad gateway", errors.Overloaded),
    (500, openai_body("The server had an error", "server_error", None), errors.Overloaded),
    (
        400,
        openai_body(
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
            "invalid_request_error",
            "context_length_exceeded",
        ),
        errors.ContextTooLong,
    ),
    (
        400,
        anthropic_body("invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum"),
        errors.ContextTooLong,
    ),
    (
        413,
        anthropic_body("request_too_large", "Request exceeds the maximum allowed number of bytes."),
        errors.ContextTooLong,
    ),
    (
        400,
        anthropic_body("invalid_request_error", "messages.1.content.0: thinking block signature invalid"),
        errors.BadRequest,
    ),
    (404, anthropic_body("not_found_error", "model: claude-nope"), errors.BadRequest),
    (418, b"", errors.BadRequest),
]


@pytest.mark.parametrize(("status", "raw", "expected"), CASES)
def test_classify_http_error(status: int, raw: bytes, expected: type) -> None:
    error = classify_http_error("prov", status, {}, raw)
    assert type(error) is expected
    assert error.provider == "prov" and error.status == status
    assert error.connect_code == ERROR_TRAITS[expected].connect_code
    assert error.retryable == ERROR_TRAITS[expected].retryable


def test_message_is_the_vendors() -> None:
    error = classify_http_error("anthropic", 529, {}, anthropic_body("overloaded_error", "Overloaded"))
    assert error.message == "Overloaded" and str(error) == "anthropic: Overloaded"


def test_rate_limited_carries_retry_after() -> None:
    error = classify_http_error("p", 429, {"Retry-After": "7"}, b"{}")
    assert isinstance(error, errors.RateLimited) and error.retry_after == 7.0
    error = classify_http_error("p", 429, {"retry-after-ms": "1500", "retry-after": "9"}, b"{}")
    assert isinstance(error, errors.RateLimited) and error.retry_after == 1.5
    error = classify_http_error("p", 429, {}, b"{}")
    assert isinstance(error, errors.RateLimited) and error.retry_after is None


def test_parse_retry_after_http_date() -> None:
    now = 1_700_000_000.0
    assert parse_retry_after({"retry-after": "Tue, 14 Nov 2023 22:13:40 GMT"}, now=now) == pytest.approx(20.0)
    assert parse_retry_after({"retry-after": "garbage"}, now=now) is None
    assert parse_retry_after({"retry-after": "-3"}) == 0.0


def test_traits_table_policy() -> None:
    never = [errors.SpendLimitReached, errors.AuthError, errors.ContextTooLong, errors.BadRequest]
    assert not any(ERROR_TRAITS[cls].retryable for cls in never)
    assert ERROR_TRAITS[errors.RateLimited].retryable and ERROR_TRAITS[errors.Overloaded].retryable
    assert ERROR_TRAITS[errors.AuthError].connect_code == "unauthenticated"
    assert ERROR_TRAITS[errors.ProviderTimeout].connect_code == "deadline_exceeded"
    assert ERROR_TRAITS[errors.SpendLimitReached].connect_code == "resource_exhausted"

    # every error class there is has a row
    def subclasses(cls: type[Exception]) -> set[type]:
        found: set[type] = {cls}
        for sub in cls.__subclasses__():  # type: list[type[Exception]]
            found |= subclasses(sub)
        return found

    assert subclasses(errors.ProviderError) == set(ERROR_TRAITS)


def test_classify_error_payload_for_stream_errors() -> None:
    payload = {"type": "overloaded_error", "message": "Overloaded"}
    assert isinstance(errors.classify_error_payload("p", payload), errors.Overloaded)
    assert isinstance(errors.classify_error_payload("p", {"code": 429, "message": "slow"}), errors.RateLimited)
    unknown = errors.classify_error_payload("p", {"message": "weird"})
    assert type(unknown) is errors.ProviderError and unknown.connect_code == "unknown"


def test_key_shapes_in_vendor_messages_are_redacted() -> None:
    raw = openai_body("Incorrect API key provided: sk-proj-abcdefghijklmnop1234.", "invalid_request_error", None)
    error = classify_http_error("openai", 401, {}, raw)
    assert "sk-proj-abcdefghijklmnop1234" not in str(error) and "<redacted>" in error.message
