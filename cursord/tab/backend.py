"""FimBackend: the one seam between Tab and a FIM server, over httpx on trio.

`complete(prompt, on_text)` (FIM) and `rewrite(prompt, on_text)` (a next-edit model's bare prompt) post the
backend's request (`cursord.tab.fim_formats`), feeds the body's bytes
to the format's decoder and awaits `on_text` for each text delta; it returns the usage the server reported
(or None). Errors are translated here and nowhere else, into the providers' typed errors: a non-2xx answer
through `classify_http_error`, in-stream errors by the decoders, transport errors into
`ProviderUnavailable` (before the response) or `StreamTruncated` (after it), and a server silent past its
deadline into `ProviderTimeout`.

No retries: a Tab request is superseded by the next keystroke within a few hundred milliseconds, so a
retry would answer a question nobody asks any more. Cancellation is the caller's scope: cancelling it
closes the response, and httpx closes the connection mid-body, so the server stops generating.

The API key goes into one header and nowhere else.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import httpx
import trio

from cursord.config import TabBackend, TabSpec
from cursord.providers.errors import (
    ProviderError,
    ProviderTimeout,
    ProviderUnavailable,
    StreamTruncated,
    classify_http_error,
)
from cursord.tab.context_ring import ContextChunk
from cursord.tab.fim_formats import (
    FimFormat,
    FimUsage,
    build_fim_request,
    build_prewarm_request,
    build_rewrite_request,
    make_fim_decoder,
)
from cursord.tab.next_edit import NEXT_EDIT_MAX_TOKENS, NextEditPrompt
from cursord.tab.window import FimPrompt

__all__ = ["FIM_FORMATS", "FimBackend", "TextSink"]

TextSink = Callable[[str], Awaitable[None]]

FIM_FORMATS: Final[Mapping[TabBackend, FimFormat]] = {
    TabBackend.OPENAI: FimFormat.OPENAI,
    TabBackend.DEEPSEEK: FimFormat.OPENAI,
    TabBackend.CODESTRAL: FimFormat.CODESTRAL,
    TabBackend.OLLAMA: FimFormat.OLLAMA,
    TabBackend.LLAMA_CPP: FimFormat.LLAMA_CPP,
}
_ERROR_BODY_LIMIT: Final = 64 * 1024


@attrs.frozen
class TabTimeouts:
    connect: float = 5.0
    #: until the first body byte (a local model loading its weights takes a while the first time)
    first_byte: float = 30.0
    #: between body chunks
    idle: float = 10.0


@attrs.define(eq=False)
class FimBackend:
    spec: TabSpec
    api_key: str | None = attrs.field(default=None, repr=False)
    timeouts: TabTimeouts = TabTimeouts()
    client: httpx.AsyncClient | None = attrs.field(default=None, repr=False)

    @classmethod
    def from_spec(cls, spec: TabSpec, environ: Mapping[str, str] = os.environ) -> FimBackend:
        return cls(spec, environ.get(spec.api_key_env) if spec.api_key_env else None)

    @property
    def name(self) -> str:
        return f"tab:{self.spec.backend.value}"

    @property
    def format(self) -> FimFormat:
        return FIM_FORMATS[self.spec.backend]

    def _headers(self) -> dict[str, str]:
        headers = {"accept": "application/x-ndjson" if self.format is FimFormat.OLLAMA else "text/event-stream"}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        return headers

    @contextlib.asynccontextmanager
    async def _client(self) -> AsyncIterator[httpx.AsyncClient]:
        if self.client is not None:
            yield self.client
            return
        timeout = httpx.Timeout(self.timeouts.first_byte, connect=self.timeouts.connect)
        async with httpx.AsyncClient(timeout=timeout) as client:
            yield client

    def open(self) -> None:
        """Keep one client (and its connections) for every request from now on: a Tab request should not pay
        for a TCP or TLS handshake."""
        if self.client is None:
            timeout = httpx.Timeout(self.timeouts.first_byte, connect=self.timeouts.connect)
            self.client = httpx.AsyncClient(timeout=timeout, http2=False)

    async def aclose(self) -> None:
        if self.client is not None:
            client, self.client = self.client, None
            await client.aclose()

    async def complete(self, prompt: FimPrompt, on_text: TextSink) -> FimUsage | None:
        """Fill in at the cursor of `prompt` (a FIM request)."""
        return await self._stream(*build_fim_request(self.format, self.spec.model, prompt), on_text)

    async def prewarm(self, context: Sequence[ContextChunk]) -> FimUsage | None:
        """Give llama.cpp the context chunks with no token asked for, so that its prompt cache holds them."""

        async def ignore(text: str) -> None:
            return None

        return await self._stream(*build_prewarm_request(self.spec.model, context), ignore)

    async def rewrite(self, prompt: NextEditPrompt, on_text: TextSink) -> FimUsage | None:
        """Continue a next-edit model's bare prompt (`cursord.tab.next_edit`)."""
        path, body = build_rewrite_request(
            self.format, self.spec.model, prompt.text, prompt.stop, max_tokens=NEXT_EDIT_MAX_TOKENS
        )
        return await self._stream(path, body, on_text)

    async def _stream(self, path: str, body: dict[str, Any], on_text: TextSink) -> FimUsage | None:
        url = self.spec.base_url + path
        decoder = make_fim_decoder(self.format, self.name)
        got_response = False
        deadline = trio.current_time() + self.timeouts.first_byte
        try:
            async with self._client() as client:
                with trio.CancelScope(deadline=deadline) as scope:
                    async with client.stream("POST", url, json=body, headers=self._headers()) as response:
                        got_response = True
                        if response.status_code // 100 != 2:
                            raw = b""
                            async for chunk in response.aiter_bytes():
                                raw += chunk
                                if len(raw) >= _ERROR_BODY_LIMIT:
                                    break
                            raise classify_http_error(self.name, response.status_code, response.headers, raw)
                        async for chunk in response.aiter_bytes():
                            scope.deadline = trio.current_time() + self.timeouts.idle
                            for text in decoder.feed(chunk):
                                await on_text(text)
                        decoder.finish()
                if scope.cancelled_caught:
                    raise ProviderTimeout(self.name, "the FIM server went silent past its deadline")
        except ProviderError:
            raise
        except httpx.HTTPError as exc:
            if got_response:
                raise StreamTruncated(self.name, f"the completion stream broke: {exc!r}") from exc
            raise ProviderUnavailable(self.name, f"cannot reach {self.spec.base_url}: {exc!r}") from exc
        return decoder.usage
