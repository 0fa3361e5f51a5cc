"""Typed provider errors, translated once at the seam.

Every failure that comes out of the provider layer is a `ProviderError` subclass.  HTTP status
answers go through `classify_http_error`; error objects that arrive *inside* a stream (Anthropic's
`error` event, Responses' `error` / `response.failed`, a chat chunk holding `"error"`) go through
`classify_error_payload`.  What each kind means to the rest of cursord -- its Connect code, whether
the provider layer retries it, whether a pass moves on to a fallback -- lives in the one table
`ERROR_TRAITS`.
"""

from __future__ import annotations

import email.utils
import json
import re
import time
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from cursord.core import redact_secrets


class ProviderError(Exception):
    """A provider (or the way to it) failed.  Remote failure, never our bug."""

    connect_code: ClassVar[str]
    retryable: ClassVar[bool]
    moves_on: ClassVar[bool]

    def __init__(self, provider: str, message: str, *, status: int | None = None) -> None:
        # Vendors echo (parts of) keys in auth errors; messages travel to the editor and logs.
        message = redact_secrets(message)
        super().__init__(f"{provider}: {message}")
        self.provider = provider
        self.message = message
        self.status = status

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"{name}(provider={self.provider!r}, message={self.message!r}, status={self.status})"


class AuthError(ProviderError):
    """401/403: the key is wrong, revoked, or not allowed this model."""


class RateLimited(ProviderError):
    """429: slow down; `retry_after` seconds when the provider said."""

    def __init__(
        self, provider: str, message: str, *, status: int | None = None, retry_after: float | None = None
    ) -> None:
        super().__init__(provider, message, status=status)
        self.retry_after = retry_after


class SpendLimitReached(ProviderError):
    """The account is out of money or over its spend cap.  Retrying cannot help."""


class Overloaded(ProviderError):
    """The provider is overloaded or failing internally (529/503/502/500/504)."""


class ContextTooLong(ProviderError):
    """The prompt does not fit the model's context window (or the request is too large)."""


class BadRequest(ProviderError):
    """The provider rejected the request (400/404/422 ...).  Usually our request's fault."""


class MalformedResponse(ProviderError):
    """The provider sent something that is not its documented wire format."""


class StreamTruncated(ProviderError):
    """The stream ended (or the connection broke) before the vendor's terminal marker."""


class ProviderTimeout(ProviderError):
    """No first byte, or no byte for too long, from the provider."""


class ProviderUnavailable(ProviderError):
    """The provider could not be reached: connection refused, reset before an answer, DNS."""


class BudgetExceeded(ProviderError):
    """A team gateway's daily budget (a user's or a team's) is spent: the pass was never sent."""


@attrs.frozen
class ErrorTraits:
    connect_code: str
    retryable: bool
    #: a pass that failed so before sending anything moves to the model's next key or fallback
    #: (`cursord.agent.fallback`): the fault is the key's or the vendor's, another may serve it.
    moves_on: bool = False


# The one table: what each error means upstream, whether HttpProvider retries it (only ever before
# the first delta reached the caller), and whether a pass moves on to a fallback.
ERROR_TRAITS: Mapping[type[ProviderError], ErrorTraits] = {
    ProviderError: ErrorTraits("unknown", False),
    AuthError: ErrorTraits("unauthenticated", False, moves_on=True),
    RateLimited: ErrorTraits("resource_exhausted", True, moves_on=True),
    SpendLimitReached: ErrorTraits("resource_exhausted", False, moves_on=True),
    Overloaded: ErrorTraits("unavailable", True, moves_on=True),
    ContextTooLong: ErrorTraits("invalid_argument", False, moves_on=True),
    BadRequest: ErrorTraits("invalid_argument", False),
    MalformedResponse: ErrorTraits("internal", False),
    StreamTruncated: ErrorTraits("unavailable", False),
    ProviderTimeout: ErrorTraits("deadline_exceeded", False, moves_on=True),
    ProviderUnavailable: ErrorTraits("unavailable", True, moves_on=True),
    BudgetExceeded: ErrorTraits("resource_exhausted", False),
}

for _cls, _traits in ERROR_TRAITS.items():
    _cls.connect_code = _traits.connect_code
    _cls.retryable = _traits.retryable
    _cls.moves_on = _traits.moves_on
del _cls, _traits


# --- classification -------------------------------------------------------------------------

_CONTEXT_PATTERNS = re.compile(
    r"context[_ ]length|maximum context|context window|prompt is too long|input is too long"
    r"|too many tokens|reduce the length|exceeds the context|input tokens exceed"
    r"|exceeds the maximum number of tokens",
    re.IGNORECASE,
)
_SPEND_PATTERNS = re.compile(
    r"insufficient_quota|enforced_spend_limit_reached|spend limit|credit balance is too low"
    r"|reached your specified (workspace )?api usage limits|exceeded your current quota",
    re.IGNORECASE,
)
_SPEND_CODES = frozenset({"insufficient_quota", "enforced_spend_limit_reached", "billing_error"})
_CONTEXT_CODES = frozenset({"context_length_exceeded", "request_too_large", "string_above_max_length"})
# Gemini answers with google.rpc statuses (`RESOURCE_EXHAUSTED`, ...) and an `ErrorInfo.reason` in `details`.
_AUTH_CODES = frozenset(
    {"authentication_error", "permission_error", "invalid_api_key", "PERMISSION_DENIED", "UNAUTHENTICATED",
     "API_KEY_INVALID"}
)
_RATE_CODES = frozenset({"rate_limit_error", "rate_limit_exceeded", "RESOURCE_EXHAUSTED"})
_OVERLOAD_CODES = frozenset(
    {"overloaded_error", "api_error", "server_error", "service_unavailable", "UNAVAILABLE", "INTERNAL"}
)
_BAD_REQUEST_CODES = frozenset(
    {"invalid_request_error", "not_found_error", "invalid_prompt", "INVALID_ARGUMENT", "NOT_FOUND",
     "FAILED_PRECONDITION"}
)


def parse_retry_after(headers: Mapping[str, str], *, now: float | None = None) -> float | None:
    """Seconds to wait, from `retry-after-ms` (OpenAI), or `retry-after` (seconds or HTTP date)."""
    lowered = {k.lower(): v for k, v in headers.items()}
    ms = lowered.get("retry-after-ms")
    if ms is not None:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)


def _error_object(payload: Any) -> Any:
    """The error object itself: out of its `{"error": ...}` wrapper, and out of the JSON list of one
    that Google's endpoints put it in."""
    if isinstance(payload, list) and len(payload) == 1:
        payload = payload[0]
    if isinstance(payload, Mapping) and isinstance(payload.get("error"), Mapping):
        payload = payload["error"]
    return payload


def _error_fields(payload: Any) -> tuple[str, str]:
    """(codes joined, message) out of any vendor's error object."""
    payload = _error_object(payload)
    if not isinstance(payload, Mapping):
        return "", str(payload) if payload is not None else ""
    codes: list[str] = []
    for key in ("type", "code", "status"):
        value = payload.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool):
            codes.append(str(value))
    details = payload.get("details")
    if isinstance(details, Mapping) and isinstance(details.get("error_code"), str):
        codes.append(details["error_code"])
    if isinstance(details, list):  # google.rpc details: ErrorInfo's reason (API_KEY_INVALID, ...)
        codes += [d["reason"] for d in details if isinstance(d, Mapping) and isinstance(d.get("reason"), str)]
    message = payload.get("message")
    text = message if isinstance(message, str) else json.dumps(payload)
    metadata = payload.get("metadata")
    if isinstance(metadata, Mapping) and isinstance(metadata.get("raw"), str):
        # OpenRouter wraps the upstream's own error ("Provider returned error"): say what it was
        upstream = metadata.get("provider_name")
        text += f" ({upstream + ': ' if isinstance(upstream, str) else ''}{metadata['raw'][:1000]})"
    return " ".join(codes), text


_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)s\s*$")


def _retry_delay(payload: Any) -> float | None:
    """Seconds from a google.rpc `RetryInfo` detail (`"retryDelay": "23s"`), as Gemini sends with a 429."""
    payload = _error_object(payload)
    details = payload.get("details") if isinstance(payload, Mapping) else None
    for detail in details if isinstance(details, list) else ():
        delay = detail.get("retryDelay") if isinstance(detail, Mapping) else None
        match = _DURATION.match(delay) if isinstance(delay, str) else None
        if match:
            return float(match.group(1))
    return None


def classify_error_payload(provider: str, payload: Any, *, status: int | None = None) -> ProviderError:
    """An error object (parsed JSON) -> typed error.  Used for in-stream errors and HTTP bodies."""
    codes_text, message = _error_fields(payload)
    codes = set(codes_text.split())
    haystack = f"{codes_text} {message}"
    if codes & _SPEND_CODES or _SPEND_PATTERNS.search(haystack):
        return SpendLimitReached(provider, message, status=status)
    if codes & _CONTEXT_CODES or _CONTEXT_PATTERNS.search(message):
        return ContextTooLong(provider, message, status=status)
    if codes & _AUTH_CODES:
        return AuthError(provider, message, status=status)
    if codes & _RATE_CODES or "429" in codes:
        return RateLimited(provider, message, status=status, retry_after=_retry_delay(payload))
    if codes & _OVERLOAD_CODES or codes & {"500", "502", "503", "504", "529"}:
        return Overloaded(provider, message, status=status)
    if codes & _BAD_REQUEST_CODES or codes & {"400", "404", "422"}:
        return BadRequest(provider, message, status=status)
    return ProviderError(provider, message or codes_text or "unknown error", status=status)


def classify_http_error(provider: str, status: int, headers: Mapping[str, str], body: bytes | str) -> ProviderError:
    """A non-2xx HTTP answer -> typed error.  `body` is the (possibly partial) response body."""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    try:
        payload: Any = json.loads(text)
    except ValueError:
        payload = {"message": text.strip()[:2000] or f"HTTP {status}"}
    codes_text, message = _error_fields(payload)
    codes = set(codes_text.split())
    haystack = f"{codes_text} {message}"
    retry_delay = _retry_delay(payload)
    if status == 429 and retry_delay is not None:
        # Gemini's per-minute quotas say "exceeded your current quota" too, with a RetryInfo: a rate limit.
        return RateLimited(provider, message, status=status, retry_after=parse_retry_after(headers) or retry_delay)
    if status == 402 or codes & _SPEND_CODES or (status in (400, 403, 429) and _SPEND_PATTERNS.search(haystack)):
        return SpendLimitReached(provider, message, status=status)
    if status in (401, 403) or codes & {"API_KEY_INVALID"}:
        return AuthError(provider, message, status=status)
    if status == 429:
        return RateLimited(provider, message, status=status, retry_after=parse_retry_after(headers))
    if status == 413 or (status in (400, 422) and (codes & _CONTEXT_CODES or _CONTEXT_PATTERNS.search(message))):
        return ContextTooLong(provider, message, status=status)
    if status in (500, 502, 503, 504, 529) or codes & {"overloaded_error"}:
        return Overloaded(provider, message, status=status)
    if 400 <= status < 500:
        return BadRequest(provider, message, status=status)
    return ProviderError(provider, message or f"HTTP {status}", status=status)
