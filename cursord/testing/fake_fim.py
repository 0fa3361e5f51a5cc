"""Fake FIM servers for Tab's tests, served by `open_fake_server` on loopback, one per wire format.

Each checks what its server checks and streams in its documented format, refusals included:

- OpenAI-style completions (platform.openai.com docs, "Completions" API; DeepSeek's FIM beta,
  api-docs.deepseek.com "FIM Completion (Beta)", takes the same body at `/beta/completions`): `POST
  /completions` with `Authorization: Bearer`; a bad key is 401 `{"error": {"message", "type":
  "invalid_request_error", "code": "invalid_api_key"}}`; a missing `prompt` is 400 in the same shape; the
  stream is SSE `data: {"choices": [{"text", "index": 0, "finish_reason"}]}` ending `data: [DONE]`, with a
  last `usage` chunk (`choices: []`) when `stream_options.include_usage` is set.
- Codestral (docs.mistral.ai, "FIM" endpoint `POST /v1/fim/completions`): Bearer key, 401 `{"message":
  "Unauthorized", "request_id"}`; SSE chunks `{"choices": [{"index": 0, "delta": {"content"}}]}` and a
  last one with `usage`, then `data: [DONE]`.
- Ollama (github.com/ollama/ollama/blob/main/docs/api.md, "Generate a completion"): `POST /api/generate`, keyless;
  an unknown model is 404 `{"error": "model \\"M\\" not found, try pulling it first"}`; NDJSON lines
  `{"model", "created_at", "response", "done": false}`, the last `done: true` with `prompt_eval_count` and
  `eval_count`.
- llama.cpp server (tools/server/README.md, `POST /infill`): keyless; SSE `data: {"content", "stop":
  false}`, the last `stop: true` with `tokens_evaluated`, `tokens_predicted` and `tokens_cached`; a body
  without `input_prefix` is 400 `{"error": {"code": 400, "message", "type": "invalid_request_error"}}`.

`rewrite_server` is the same servers taking a next-edit model's bare prompt: `/v1/completions` with a
`prompt` and no `suffix`, Ollama's `/api/generate`, llama.cpp's `POST /completion` (a body without
`prompt` is 400 there as `/infill` refuses one without `input_prefix`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from cursord.tab import FimFormat
from cursord.testing.fake_providers import RecordedRequest, Reply, Send, Stall

__all__ = ["FIM_KEY", "fim_reply", "fim_server", "rewrite_server"]

FIM_KEY = "sk-fim-test-0123456789"

_PATHS = {
    FimFormat.OPENAI: "/v1/completions",
    FimFormat.CODESTRAL: "/v1/fim/completions",
    FimFormat.OLLAMA: "/api/generate",
    FimFormat.LLAMA_CPP: "/infill",
}


def _sse(payload: Any) -> bytes:
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


def _openai_error(status: int, message: str, code: str) -> Reply:
    return Reply.json(status, {"error": {"message": message, "type": "invalid_request_error", "code": code}})


_REWRITE_PATHS = {**_PATHS, FimFormat.LLAMA_CPP: "/completion"}


def _check(
    fmt: FimFormat, request: RecordedRequest, key: str | None, models: Sequence[str], *, rewrite: bool = False
) -> Reply | None:
    body = request.json if isinstance(request.json, dict) else None
    if request.method != "POST" or request.path != (_REWRITE_PATHS if rewrite else _PATHS)[fmt]:
        return Reply.json(404, {"error": {"message": f"no route {request.method} {request.path}"}})
    if key is not None and request.headers.get("authorization") != f"Bearer {key}":
        if fmt is FimFormat.CODESTRAL:
            return Reply.json(401, {"message": "Unauthorized", "request_id": "fake"})
        return _openai_error(401, "Incorrect API key provided.", "invalid_api_key")
    if body is None:
        return Reply.json(400, {"error": {"message": "body is not JSON", "type": "invalid_request_error"}})
    if fmt is FimFormat.LLAMA_CPP:
        required = "prompt" if rewrite else "input_prefix"
        if not isinstance(body.get(required), str):
            return Reply.json(400, {"error": {"code": 400, "message": f"\"{required}\" is required",
                                              "type": "invalid_request_error"}})
        return None
    if fmt is FimFormat.OLLAMA and body.get("model") not in models:
        return Reply.json(404, {"error": f"model \"{body.get('model')}\" not found, try pulling it first"})
    if not isinstance(body.get("prompt"), str) or not (rewrite or isinstance(body.get("suffix"), str)):
        return _openai_error(400, "prompt and suffix are required", "invalid_value")
    if fmt is not FimFormat.OLLAMA and body.get("model") not in models:
        return _openai_error(404, f"The model `{body.get('model')}` does not exist", "model_not_found")
    return None


def _events(fmt: FimFormat, chunks: Sequence[str], usage: tuple[int, int], include_usage: bool) -> list[bytes]:
    prompt_tokens, completion_tokens = usage
    if fmt is FimFormat.OPENAI:
        events = [_sse({"object": "text_completion", "choices": [{"text": c, "index": 0, "finish_reason": None}]})
                  for c in chunks]
        events.append(_sse({"choices": [{"text": "", "index": 0, "finish_reason": "stop"}]}))
        if include_usage:
            events.append(_sse({"choices": [], "usage": {"prompt_tokens": prompt_tokens,
                                                         "completion_tokens": completion_tokens}}))
        return [*events, b"data: [DONE]\n\n"]
    if fmt is FimFormat.CODESTRAL:
        events = [_sse({"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": c}}]})
                  for c in chunks]
        events.append(_sse({"choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": "stop"}],
                            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}}))
        return [*events, b"data: [DONE]\n\n"]
    if fmt is FimFormat.OLLAMA:
        lines = [json.dumps({"model": "m", "created_at": "2026-01-01T00:00:00Z", "response": c, "done": False})
                 .encode() + b"\n" for c in chunks]
        last = {"model": "m", "response": "", "done": True, "done_reason": "stop",
                "prompt_eval_count": prompt_tokens, "eval_count": completion_tokens}
        return [*lines, json.dumps(last).encode() + b"\n"]
    events = [_sse({"content": c, "stop": False}) for c in chunks]
    events.append(_sse({"content": "", "stop": True, "tokens_evaluated": prompt_tokens,
                        "tokens_predicted": completion_tokens, "tokens_cached": prompt_tokens // 2}))
    return events


def fim_server(
    fmt: FimFormat,
    chunks: Sequence[str] | Callable[[dict[str, Any]], Sequence[str]],
    *,
    key: str | None = FIM_KEY,
    models: Sequence[str] = ("fim-model",),
    gap: float = 0.0,
    stall: bool = False,
    usage: tuple[int, int] = (120, 8),
    rewrite: bool = False,
) -> Any:
    """An answer for `open_fake_server`: every valid request gets `chunks` streamed `gap` seconds apart in
    `fmt`'s format (then, with `stall`, nothing more: the stream stays open). `chunks` may be a function of
    the request's JSON body (a model that answers what it is asked)."""
    if fmt in (FimFormat.OLLAMA, FimFormat.LLAMA_CPP):
        key = None

    def answer(request: RecordedRequest) -> Reply:
        refusal = _check(fmt, request, key, models, rewrite=rewrite)
        if refusal is not None:
            return refusal
        said = chunks(request.json) if callable(chunks) else chunks
        return fim_reply(fmt, request, said, gap=gap, stall=stall, usage=usage)

    return answer


def fim_reply(
    fmt: FimFormat,
    request: RecordedRequest,
    chunks: Sequence[str],
    *,
    gap: float = 0.0,
    stall: bool = False,
    usage: tuple[int, int] = (120, 8),
) -> Reply:
    """`chunks` streamed `gap` seconds apart in `fmt`'s format, as the answer to `request` (then, with
    `stall`, nothing more: the stream stays open)."""
    include_usage = bool((request.json.get("stream_options") or {}).get("include_usage"))
    events = _events(fmt, chunks, usage, include_usage)
    if stall:
        events = events[: len(chunks)]
    steps = tuple(Send(event, gap if i else 0.0) for i, event in enumerate(events))
    content_type = "application/x-ndjson" if fmt is FimFormat.OLLAMA else "text/event-stream"
    return Reply(200, (("content-type", content_type),), (*steps, Stall()) if stall else steps)


def rewrite_server(fmt: FimFormat, chunks: Sequence[str], **options: Any) -> Any:
    """`fim_server` on the bare-prompt routes a next-edit model is asked on."""
    return fim_server(fmt, chunks, rewrite=True, **options)
