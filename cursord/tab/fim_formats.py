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

A next-edit prompt (`cursord.tab.next_edit`) is a bare prompt with stop strings, posted where each server
takes one (`build_rewrite_request`): `/completions` without `suffix`, Ollama's `/api/generate` with `raw`
(no template around it), llama.cpp's `/completion`; the streams are the same.

Prompt caching, where the server has it (the window's start is aligned so that nearby requests share
their prompt's start, `cursord.tab.window.window_bounds`):

- `llama.cpp`: `cache_prompt: true` (reuse the slot's matching prompt prefix); reads `tokens_cached` (or
  `timings.cache_n`) back.
- `ollama`: `keep_alive` (`OLLAMA_KEEP_ALIVE`: the model and its context stay loaded between keystrokes);
  Ollama reports no cache reads.
- `openai`: nothing to send (OpenAI caches long prompts itself; vLLM's prefix caching is a server flag);
  reads `usage.prompt_tokens_details.cached_tokens`, or DeepSeek's `usage.prompt_cache_hit_tokens` (its
  cache is automatic, by prefix).
- `codestral`: nothing (Mistral documents no prompt cache for FIM).

Recent edits and the chunks of other files the user has been looking at (`cursord.tab.context_ring`) go
to the model only where the server has a field for extra context (llama.cpp's `input_extra`, each edit as
`@@` hunks, `cursord.tab.edits.unified`); the others get the window alone: a FIM model continues whatever
precedes the cursor, and a diff prepended to the prefix would be continued too. `build_prewarm_request`
sends llama.cpp those chunks ahead of time.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from typing import Any, Final, Protocol

import attrs

from cursord.providers.errors import MalformedResponse, StreamTruncated, classify_error_payload
from cursord.providers.sse import SSEDecoder
from cursord.tab.context_ring import ContextChunk
from cursord.tab.edits import unified
from cursord.tab.window import FimPrompt

__all__ = [
    "FimDecoder",
    "FimFormat",
    "FimUsage",
    "build_fim_request",
    "build_prewarm_request",
    "build_rewrite_request",
    "make_fim_decoder",
]

#: tokens asked for at most: a suggestion is a few lines (`cursord.tab.frames.MAX_SUGGESTION_LINES`).
MAX_TOKENS: Final = 256
#: how long Ollama keeps the model loaded after a request (its default, 5 minutes, would unload a Tab model
#: during a pause in typing, and the next keystroke would wait for the weights to load again)
OLLAMA_KEEP_ALIVE: Final = "30m"


class FimFormat(enum.Enum):
    OPENAI = "openai"
    CODESTRAL = "codestral"
    OLLAMA = "ollama"
    LLAMA_CPP = "llama.cpp"


@attrs.frozen
class FimUsage:
    input_tokens: int = 0
    output_tokens: int = 0
    #: prompt tokens the server took from its cache (where it says)
    cache_read_tokens: int = 0


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
            "keep_alive": OLLAMA_KEEP_ALIVE,
            "options": {"num_predict": max_tokens, "temperature": 0},
        }
    else:
        body = {
            "input_prefix": prompt.prefix,
            "input_suffix": prompt.suffix,
            "input_extra": [
                *({"filename": c.path, "text": c.text} for c in prompt.context),
                *({"filename": f"{edit.path} (recent edit)", "text": unified(edit)} for edit in prompt.recent_edits),
            ],
            "n_predict": max_tokens,
            "temperature": 0,
            "stream": True,
            "cache_prompt": True,
        }
        if model:
            body["model"] = model
    return FIM_PATHS[fmt], body


def build_prewarm_request(model: str, context: Sequence[ContextChunk]) -> tuple[str, dict[str, Any]]:
    """(path, JSON body) giving llama.cpp's `/infill` the context chunks and asking for no token: the server
    evaluates them into its prompt cache, and the next completion that carries them starts from there."""
    body: dict[str, Any] = {
        "input_prefix": "",
        "input_suffix": "",
        "input_extra": [{"filename": c.path, "text": c.text} for c in context],
        "n_predict": 0,
        "stream": True,
        "cache_prompt": True,
    }
    if model:
        body["model"] = model
    return FIM_PATHS[FimFormat.LLAMA_CPP], body


REWRITE_PATHS: Final = {
    FimFormat.OPENAI: "/completions",
    FimFormat.OLLAMA: "/api/generate",
    FimFormat.LLAMA_CPP: "/completion",
}


def build_rewrite_request(
    fmt: FimFormat, model: str, prompt: str, stop: Sequence[str], *, max_tokens: int
) -> tuple[str, dict[str, Any]]:
    """(path, JSON body) asking `model` to continue the bare `prompt` until one of `stop`, streamed."""
    if fmt is FimFormat.OPENAI:
        body: dict[str, Any] = {
            "model": model,
            "prompt": prompt,
            "max_tokens": max_tokens,
            "temperature": 0,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if stop:
            body["stop"] = list(stop)
    elif fmt is FimFormat.OLLAMA:
        options: dict[str, Any] = {"num_predict": max_tokens, "temperature": 0}
        if stop:
            options["stop"] = list(stop)
        body = {"model": model, "prompt": prompt, "raw": True, "stream": True, "keep_alive": OLLAMA_KEEP_ALIVE,
                "options": options}
    elif fmt is FimFormat.LLAMA_CPP:
        body = {"prompt": prompt, "n_predict": max_tokens, "temperature": 0, "stream": True, "cache_prompt": True}
        if stop:
            body["stop"] = list(stop)
        if model:
            body["model"] = model
    else:
        raise ValueError(f"{fmt.value} takes no bare prompt")
    return REWRITE_PATHS[fmt], body


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
                timings = payload.get("timings")
                cached = payload.get("tokens_cached", timings.get("cache_n") if isinstance(timings, dict) else 0)
                self.usage = FimUsage(
                    _int(payload.get("tokens_evaluated")), _int(payload.get("tokens_predicted")), _int(cached)
                )
            content = payload.get("content")
            return [content] if isinstance(content, str) and content else []
        usage = payload.get("usage")
        if isinstance(usage, dict):
            details = usage.get("prompt_tokens_details")
            cached = usage.get("prompt_cache_hit_tokens")  # DeepSeek
            if cached is None and isinstance(details, dict):
                cached = details.get("cached_tokens")  # OpenAI
            self.usage = FimUsage(
                _int(usage.get("prompt_tokens")), _int(usage.get("completion_tokens")), _int(cached)
            )
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
