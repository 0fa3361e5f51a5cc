"""FimBackend: the one seam between Tab and a FIM server, over HTTP on trio (h11, or httpx behind a proxy).

`complete(prompt, on_text)` (FIM) and `rewrite(prompt, on_text)` (a next-edit model's bare prompt) post the
backend's request (`cursord.tab.fim_formats`), feeds the body's bytes
to the format's decoder and awaits `on_text` for each text delta; it returns the usage the server reported
(or None). The request is one `stream_post` (`cursord.providers.streaming_http`, the seam under the
providers too): it holds the first-byte and idle deadlines (`TabTimeouts`) and maps a non-2xx answer and
transport errors into the providers' typed errors; in-stream errors are the decoders'. The body goes to a
`FimReader`, which feeds the format's decoder and awaits `on_text` for each text delta.

No retries: a Tab request is superseded by the next keystroke within a few hundred milliseconds, so a
retry would answer a question nobody asks any more. Cancellation is the caller's scope: cancelling it
closes the response, and the transport closes the connection mid-body, so the server stops generating.

The API key goes into one header and nowhere else.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import httpx

from cursord.config import TabBackend, TabSpec
from cursord.providers.h11_transport import stream_transport
from cursord.providers.streaming_http import Deadlines, Post, StreamTransport, stream_post
from cursord.tab.context_ring import ContextChunk
from cursord.tab.fim_formats import (
    FimDecoder,
    FimFormat,
    FimUsage,
    build_fim_request,
    build_prewarm_request,
    build_rewrite_request,
    make_fim_decoder,
)
from cursord.tab.next_edit import NEXT_EDIT_MAX_TOKENS, NextEditPrompt
from cursord.tab.window import FimPrompt

__all__ = ["FIM_FORMATS", "FimBackend", "FimReader", "TextSink"]

TextSink = Callable[[str], Awaitable[None]]

FIM_FORMATS: Final[Mapping[TabBackend, FimFormat]] = {
    TabBackend.OPENAI: FimFormat.OPENAI,
    TabBackend.DEEPSEEK: FimFormat.OPENAI,
    TabBackend.CODESTRAL: FimFormat.CODESTRAL,
    TabBackend.OLLAMA: FimFormat.OLLAMA,
    TabBackend.LLAMA_CPP: FimFormat.LLAMA_CPP,
}


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
    #: the I/O under every request (a test gives a fake); None: `stream_transport`'s choice for `client`
    transport: StreamTransport | None = attrs.field(default=None, repr=False)

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
        return await self._stream(*build_prewarm_request(self.spec.model, context), _discard)

    async def rewrite(self, prompt: NextEditPrompt, on_text: TextSink) -> FimUsage | None:
        """Continue a next-edit model's bare prompt (`cursord.tab.next_edit`)."""
        path, body = build_rewrite_request(
            self.format, self.spec.model, prompt.text, prompt.stop, max_tokens=NEXT_EDIT_MAX_TOKENS
        )
        return await self._stream(path, body, on_text)

    async def _stream(self, path: str, body: dict[str, Any], on_text: TextSink) -> FimUsage | None:
        content = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()
        headers = {**self._headers(), "content-type": "application/json"}
        post = Post(self.name, self.spec.base_url + path, headers, content, noun="the FIM server", expect_stream=False)
        reader = FimReader(make_fim_decoder(self.format, self.name), on_text)
        await stream_post(self._transport(), post, self._deadlines(), reader)
        return reader.decoder.usage

    def _transport(self) -> StreamTransport:
        if self.transport is not None:
            return self.transport
        # a client of its own per request until `open()`; reads are timed by `stream_post`'s deadlines
        timeout = httpx.Timeout(self.timeouts.first_byte, connect=self.timeouts.connect, read=None)
        return stream_transport(self.client, self.spec.base_url, timeout)

    def _deadlines(self) -> Deadlines:
        return Deadlines(first_byte=self.timeouts.first_byte, idle=self.timeouts.idle)


async def _discard(text: str) -> None:
    """A prewarm's text: none is asked for, and any that comes is not used."""


@attrs.define(eq=False)
class FimReader:
    """The `BodyListener` of one Tab request: the body's bytes through the format's decoder, each text delta
    awaited into `on_text` (`cursord.tab.service`'s `TextFeed.text`)."""

    decoder: FimDecoder
    on_text: TextSink

    async def chunk(self, data: bytes) -> bool:
        for text in self.decoder.feed(data):
            await self.on_text(text)
        return False

    async def end(self) -> None:
        self.decoder.finish()
