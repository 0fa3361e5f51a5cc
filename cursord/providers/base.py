"""The one provider seam, and the per-kind dispatch to builders and decoders.

The agent talks to every LLM through `Provider.stream(request, on_delta)`: it awaits `on_delta`
for each `Delta` as it arrives (so back-pressure reaches the provider socket) and returns after
`PassEnd`, or raises a `ProviderError`.  There is no async iterator: a generator that yields
across the provider's cancel scopes and nursery would break trio's structured concurrency.  A
caller that wants a channel passes `send_channel.send` as `on_delta`.

Cancellation: cancelling the caller's scope cancels the stream and closes the provider connection.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeAlias

from . import anthropic, gemini, openai_chat, openai_responses
from .model import Delta, PassRequest, ProviderKind
from .reasoning import detect_vendor
from .sse import SSEEvent

DeltaSink: TypeAlias = Callable[[Delta], Awaitable[None]]
VendorOptions: TypeAlias = (
    openai_chat.ChatOptions | openai_responses.ResponsesOptions | anthropic.AnthropicOptions | gemini.GeminiOptions
)


class Provider(Protocol):
    """Anything that can run one model pass (HttpProvider, or a test double)."""

    @property
    def name(self) -> str: ...

    def serves(self, model: str) -> bool: ...

    async def stream(self, request: PassRequest, on_delta: DeltaSink) -> None:
        """Run one pass: await `on_delta` for every delta (the last is `PassEnd`).

        Raises a `ProviderError` subclass on any failure; retries, where allowed, happen inside
        and only before the first delta was delivered.
        """
        ...


class StreamDecoder(Protocol):
    def feed(self, event: SSEEvent) -> list[Delta]: ...

    def finish(self) -> list[Delta]: ...


def vendor_options(
    kind: ProviderKind, base_url: str, *, cache_key: bool = True, reasoning_echo: bool = True
) -> VendorOptions:
    """The wire-format options for a server: its vendor's spelling of the reasoning knobs and where
    its reasoning goes back (detected from `base_url`, `cursord.providers.reasoning`), and the spec's
    switches for servers that reject prompt-cache hints (`cache_key`) or echoed reasoning."""
    if kind is ProviderKind.OPENAI_CHAT:
        vendor = detect_vendor(kind, base_url)
        return openai_chat.ChatOptions(reasoning_echo=reasoning_echo, vendor=vendor, send_cache_key=cache_key)
    if kind is ProviderKind.OPENAI_RESPONSES:
        return openai_responses.ResponsesOptions(send_cache_key=cache_key, reasoning_echo=reasoning_echo)
    if kind is ProviderKind.GEMINI:  # Gemini caches implicitly: there is no hint to leave out
        return gemini.GeminiOptions(reasoning_echo=reasoning_echo)
    if cache_key:
        return anthropic.AnthropicOptions()
    return anthropic.AnthropicOptions(cache_system=False, cache_tools=False, cache_last_message=False)


def make_decoder(kind: ProviderKind, provider: str) -> StreamDecoder:
    if kind is ProviderKind.OPENAI_CHAT:
        return openai_chat.ChatDecoder(provider)
    if kind is ProviderKind.OPENAI_RESPONSES:
        return openai_responses.ResponsesDecoder(provider)
    if kind is ProviderKind.GEMINI:
        return gemini.GeminiDecoder(provider)
    return anthropic.AnthropicDecoder(provider)


def build_request(
    kind: ProviderKind, request: PassRequest, options: VendorOptions | None = None
) -> tuple[str, dict[str, Any], dict[str, str]]:
    """(path, JSON body, non-secret headers) for `request` in `kind`'s wire format."""
    if kind is ProviderKind.OPENAI_CHAT:
        assert options is None or isinstance(options, openai_chat.ChatOptions)
        return openai_chat.build_request(request, options)
    if kind is ProviderKind.OPENAI_RESPONSES:
        assert options is None or isinstance(options, openai_responses.ResponsesOptions)
        return openai_responses.build_request(request, options)
    if kind is ProviderKind.GEMINI:
        assert options is None or isinstance(options, gemini.GeminiOptions)
        return gemini.build_request(request, options)
    assert options is None or isinstance(options, anthropic.AnthropicOptions)
    return anthropic.build_request(request, options)


def auth_headers(kind: ProviderKind, api_key: str | None) -> dict[str, str]:
    if not api_key:
        return {}
    if kind is ProviderKind.ANTHROPIC:
        return {"x-api-key": api_key}
    if kind is ProviderKind.GEMINI:
        return {"x-goog-api-key": api_key}
    return {"authorization": f"Bearer {api_key}"}
