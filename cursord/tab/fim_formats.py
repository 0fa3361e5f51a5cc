"""The FIM wire formats: each server's request body for a `FimPrompt`, and a sans-IO decoder of its stream.

`openai` is any OpenAI-style `/v1/completions` server, and DeepSeek's FIM beta (base URL
`https://api.deepseek.com/beta`).

| format | path (under the base URL) | body | stream |
|---|---|---|---|
| `openai` | `/completions` | `prompt`, `suffix` | SSE, `choices[0].text`, `data: [DONE]` |
| `codestral` (Mistral) | `/fim/completions` | `prompt`, `suffix` | SSE, `choices[0].delta.content`, `data: [DONE]` |
| `ollama` | `/api/generate` | `prompt`, `suffix` (its FIM template) | NDJSON, `response`, last line `done: true` |
| `llama.cpp` | `/infill` | `input_prefix`, `input_suffix`, `input_extra` | SSE, `content`, last event `stop: true` |

Every decoder has `feed(bytes) -> list[str]` (the text deltas those bytes complete) and `finish()`, which
raises `StreamTruncated` when the stream ended before its terminal marker. An error object inside the stream
becomes the typed `ProviderError` (`cursord.providers.errors.classify_error_payload`). Usage, where the
server reports it, is kept in `usage` (input and output tokens). Bytes may be split anywhere: SSE goes
through `SSEDecoder`; NDJSON is cut on LF bytes before UTF-8 decoding (a multi-byte character never holds
byte 0x0A, and JSON escapes raw newlines).

Recent edits go to the model only where the server has a field for extra context (llama.cpp's
`input_extra`); the others get the window alone: a FIM model continues whatever precedes the cursor, and
a diff prepended to the prefix would be continued too.
"""

from __future__ import annotations

import enum
import json
from typing import Any, Final, Protocol

import attrs

from cursord.providers.errors import MalformedResponse, StreamTruncated, classify_error_payload
from cursord.providers.sse import SSEDecoder
from cursord.tab.window import FimPrompt

__all__ = ["FimDecoder", "FimFormat", "FimUsage", "build_fim_request", "make_fim_decoder"]

#: tokens asked for at most: a suggestion is a few lines (`cursord.tab.frames.MAX_SUGGESTION_LINES`).
MAX_TOKENS: Final = 256


class FimFormat(enum.Enum):
    OPENAI = "openai"
    CODESTRAL = "codestral"
    OLLAMA = "ollama"
    LLAMA_CPP = "llama.cpp"


@attrs.frozen
class FimUsage:
    input_tokens: int = 0
    output_tokens: int = 0


FIM_PATHS: Final = {
    FimFormat.OPENAI: "/completions",
    FimFormat.CODESTRAL: "/fim/completions",
    FimFormat.OLLAMA: "/api/generate",
    FimFormat.LLAMA_CPP: "/infill",
}


def build_fim_request(
    fmt: FimFormat, model: str, prompt: FimPrompt, *, max_tokens: int = MAX_TOKENS
) -> tuple[str, dict[str, Any]]:
    """(path, JSON body) asking `model` to fill between `prompt.prefix` and `prompt.suffix`, streamed."""
    if fmt is FimFormat.OPENAI:
        body: dict[str, Any] = {
            "model": model,
            "prompt": prompt.prefix,
            "suffix": prompt.suffix,
            "max_tokens": max_tokens,
            "temperature": 0,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
    elif fmt is FimFormat.CODESTRAL:
        body = {
            "model": model,
            "prompt": prompt.prefix,
            "suffix": prompt.suffix,
            "max_tokens": max_tokens,
            "temperature": 0,
            "stream": True,
        }
    elif fmt is FimFormat.OLLAMA:
        body = {
            "model": model,
            "prompt": prompt.prefix,
            "suffix": prompt.suffix,
            "stream": True,
            "options": {"num_predict": max_tokens, "temperature": 0},
        }
    else:
        body = {
            "input_prefix": prompt.prefix,
            "input_suffix": prompt.suffix,
            "input_extra": [{"filename": f"{prompt.path} (recent edit)", "text": d} for d in prompt.recent_diffs],
            "n_predict": max_tokens,
            "temperature": 0,
            "stream": True,
            "cache_prompt": True,
        }
        if model:
            body["model"] = model
    return FIM_PATHS[fmt], body


class FimDecoder(Protocol):
    usage: FimUsage | None

    def feed(self, data: bytes) -> list[str]: ...

    def finish(self) -> None: ...


def _json(provider: str, text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise MalformedResponse(provider, f"a stream event is not JSON: {text[:200]!r}") from exc


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@attrs.define
class _SseFimDecoder:
    """OpenAI completions, Codestral and llama.cpp: JSON in SSE `data:` lines."""

    provider: str
    fmt: FimFormat
    usage: FimUsage | None = None
    _sse: SSEDecoder = attrs.field(init=False)
    _done: bool = False

    def __attrs_post_init__(self) -> None:
        self._sse = SSEDecoder(self.provider)

    def feed(self, data: bytes) -> list[str]:
        texts: list[str] = []
        for event in self._sse.feed(data):
            if self._done or not event.data:
                continue
            if event.data.strip() == "[DONE]":
                self._done = True
                continue
            texts.extend(self._payload(_json(self.provider, event.data)))
        return texts

    def _payload(self, payload: Any) -> list[str]:
        if not isinstance(payload, dict):
            raise MalformedResponse(self.provider, "a stream event is not a JSON object")
        if "error" in payload:
            raise classify_error_payload(self.provider, payload)
        if self.fmt is FimFormat.LLAMA_CPP:
            if payload.get("stop") is True:
                self._done = True
                self.usage = FimUsage(_int(payload.get("tokens_evaluated")), _int(payload.get("tokens_predicted")))
            content = payload.get("content")
            return [content] if isinstance(content, str) and content else []
        usage = payload.get("usage")
        if isinstance(usage, dict):
            self.usage = FimUsage(_int(usage.get("prompt_tokens")), _int(usage.get("completion_tokens")))
        texts: list[str] = []
        for choice in payload.get("choices") or ():
            if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                continue
            if self.fmt is FimFormat.OPENAI:
                text = choice.get("text")
            else:
                delta = choice.get("delta")
                text = delta.get("content") if isinstance(delta, dict) else None
            if isinstance(text, str) and text:
                texts.append(text)
        return texts

    def finish(self) -> None:
        for event in self._sse.finish():
            if event.data and event.data.strip() == "[DONE]":
                self._done = True
            elif event.data and not self._done:
                self._payload(_json(self.provider, event.data))
        if not self._done:
            raise StreamTruncated(self.provider, "the completion stream ended before its end marker")


@attrs.define
class _OllamaDecoder:
    """Ollama's `/api/generate`: one JSON object per line, the last with `done: true`."""

    provider: str
    usage: FimUsage | None = None
    _partial: bytearray = attrs.field(factory=bytearray)
    _done: bool = False

    def feed(self, data: bytes) -> list[str]:
        self._partial += data
        *lines, rest = self._partial.split(b"\n")
        self._partial = bytearray(rest)
        texts: list[str] = []
        for line in lines:
            texts.extend(self._line(bytes(line)))
        return texts

    def _line(self, raw: bytes) -> list[str]:
        line = raw.decode("utf-8", "replace").strip()
        if not line or self._done:
            return []
        payload = _json(self.provider, line)
        if not isinstance(payload, dict):
            raise MalformedResponse(self.provider, "a stream line is not a JSON object")
        if "error" in payload:
            raise classify_error_payload(self.provider, payload)
        if payload.get("done") is True:
            self._done = True
            self.usage = FimUsage(_int(payload.get("prompt_eval_count")), _int(payload.get("eval_count")))
        text = payload.get("response")
        return [text] if isinstance(text, str) and text else []

    def finish(self) -> None:
        self._line(bytes(self._partial))
        self._partial.clear()
        if not self._done:
            raise StreamTruncated(self.provider, "the generate stream ended before its `done` line")


def make_fim_decoder(fmt: FimFormat, provider: str) -> FimDecoder:
    if fmt is FimFormat.OLLAMA:
        return _OllamaDecoder(provider)
    return _SseFimDecoder(provider, fmt)
