"""Provider failures as the editor must see them: one Connect error with `aiserver.v1.ErrorDetails`.

The detail is always marked not retryable. A retryable error makes the editor replay the whole request,
which re-runs every tool call of the turn; cursord already retried what is safe to retry (rate limits and
overloads before the first delta) inside the provider layer.
"""

from __future__ import annotations

from cursord.connect import Code, ConnectError, detail_from_message
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.providers.errors import (
    AuthError,
    BudgetExceeded,
    ContextTooLong,
    Overloaded,
    ProviderError,
    ProviderTimeout,
    ProviderUnavailable,
    RateLimited,
    SpendLimitReached,
    StreamTruncated,
)

_Error = aiserver.ErrorDetails.Error

#: provider error type -> (ErrorDetails.Error, the title the editor shows)
_EDITOR_ERRORS: dict[type[ProviderError], tuple[int, str]] = {
    AuthError: (_Error.ERROR_BAD_USER_API_KEY, "The provider rejected your API key"),
    RateLimited: (_Error.ERROR_API_KEY_RATE_LIMIT, "The provider is rate-limiting your key"),
    SpendLimitReached: (_Error.ERROR_RESOURCE_EXHAUSTED, "Your provider account is out of credit"),
    Overloaded: (_Error.ERROR_PROVIDER_ERROR, "The provider is overloaded"),
    ContextTooLong: (_Error.ERROR_CONVERSATION_TOO_LONG, "The conversation is too long for this model"),
    StreamTruncated: (_Error.ERROR_NETWORK_ERROR, "The provider's reply was cut off"),
    ProviderTimeout: (_Error.ERROR_TIMEOUT, "The provider stopped answering"),
    ProviderUnavailable: (_Error.ERROR_NETWORK_ERROR, "The provider cannot be reached"),
    BudgetExceeded: (_Error.ERROR_RESOURCE_EXHAUSTED, "Your daily budget on the team gateway is spent"),
}


def error_details(kind: int, title: str, detail: str) -> aiserver.ErrorDetails:
    return aiserver.ErrorDetails(
        error=kind,  # type: ignore[arg-type]
        details=aiserver.CustomErrorDetails(title=title, detail=detail, is_retryable=False),
        is_expected=True,
    )


def editor_error(code: Code, kind: int, title: str, detail: str) -> ConnectError:
    """A Connect error carrying a not-retryable ErrorDetails with a human title and detail."""
    return ConnectError(code, detail, details=[detail_from_message(error_details(kind, title, detail))])


def provider_failure(error: ProviderError) -> ConnectError:
    """The end-stream error for a provider failure: names the provider and the cause."""
    kind, title = next(
        (entry for cls, entry in _EDITOR_ERRORS.items() if isinstance(error, cls)),
        (_Error.ERROR_PROVIDER_ERROR, "The provider failed"),
    )
    code = Code.from_string(error.connect_code) or Code.UNKNOWN
    return editor_error(code, kind, title, str(error))


def model_not_served(model_id: str | None, configured: list[str]) -> ConnectError:
    offered = ", ".join(configured) if configured else "none (start cursord with --provider)"
    asked = f"model {model_id!r}" if model_id else "a run with no model"
    return editor_error(
        Code.NOT_FOUND,
        _Error.ERROR_BAD_MODEL_NAME,
        "cursord does not serve this model",
        f"cursord has no provider for {asked}; configured models: {offered}",
    )
