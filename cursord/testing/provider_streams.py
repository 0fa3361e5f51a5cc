"""Realistic provider stream bodies, as SSE bytes, for fake providers and decoder tests.

Each builder returns a list of SSE events (one `bytes` per event, blank line included), shaped
like the vendor's real streams: OpenAI Chat Completions chunks ending in a usage chunk and
`data: [DONE]`; Anthropic Messages named events from `message_start` to `message_stop` (with a
`ping`); OpenAI Responses typed events from `response.created` to `response.completed`.
Join them (`b"".join(...)`) for one body, or serve them one by one with delays in between.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

MODEL = "fake-model"


def sse(data: str | Mapping[str, Any], event: str | None = None) -> bytes:
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {text}\n\n".encode()


def pieces(text: str, size: int = 0) -> list[str]:
    """Split text the way models stream it: word by word (or `size` characters at a time)."""
    if size > 0:
        return [text[i : i + size] for i in range(0, len(text), size)] or [""]
    return re.findall(r"\s*\S+\s*|\s+", text) or [""]


# --- OpenAI Chat Completions ----------------------------------------------------------------


def chat_chunk(
    delta: Mapping[str, Any] | None,
    finish_reason: str | None = None,
    *,
    usage: Mapping[str, Any] | None = None,
    model: str = MODEL,
) -> bytes:
    choices = [] if delta is None else [{"index": 0, "delta": dict(delta), "finish_reason": finish_reason}]
    body: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": 1700000000,
        "model": model,
        "choices": choices,
    }
    if usage is not None:
        body["usage"] = dict(usage)
    return sse(body)


def chat_usage(prompt: int = 12, completion: int = 5, cached: int = 0) -> dict[str, Any]:
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": cached},
    }


def chat_text(
    text: str,
    *,
    reasoning: str | None = None,
    reasoning_field: str = "reasoning_content",
    finish_reason: str = "stop",
    usage: Mapping[str, Any] | None = None,
    done: bool = True,
) -> list[bytes]:
    """A streamed assistant reply; `reasoning` first if given (in `reasoning_field`, or with
    `reasoning_field="openrouter"` as both `reasoning` and `reasoning_details`)."""
    events = [chat_chunk({"role": "assistant", "content": ""})]
    if reasoning:
        for piece in pieces(reasoning):
            if reasoning_field == "openrouter":
                detail = {"type": "reasoning.text", "text": piece, "format": "unknown", "index": 0}
                events.append(chat_chunk({"content": "", "reasoning": piece, "reasoning_details": [detail]}))
            else:
                events.append(chat_chunk({"content": None, reasoning_field: piece}))
    events += [chat_chunk({"content": piece}) for piece in pieces(text)] if text else []
    events.append(chat_chunk({}, finish_reason))
    events.append(chat_chunk(None, usage=usage if usage is not None else chat_usage()))
    if done:
        events.append(sse("[DONE]"))
    return events


def chat_tool_calls(
    calls: Sequence[tuple[str, str, str]],
    *,
    text: str | None = None,
    reasoning: str | None = None,
    reasoning_field: str = "reasoning_content",
    reasoning_signature: str | None = None,
    signatures: Sequence[str | None] = (),
    fragment_size: int = 7,
    usage: Mapping[str, Any] | None = None,
) -> list[bytes]:
    """Tool calls `(id, name, arguments_json)`, arguments in fragments, parallel calls by index.

    `reasoning` streams first, in `reasoning_field` (DeepSeek and Kimi: `reasoning_content`; vLLM:
    `reasoning`; "openrouter": both `reasoning` and `reasoning_details`, the details closed by
    `reasoning_signature` as OpenRouter relays a signed Claude thinking block). `signatures[i]` goes on
    call i's first fragment as Gemini's OpenAI-compatible endpoint sends it
    (`extra_content.google.thought_signature`; Gemini signs the first call of a step).
    """
    events = [chat_chunk({"role": "assistant", "content": text or None})]
    if reasoning:
        events += _reasoning_chunks(reasoning, reasoning_field, reasoning_signature)
    for index, (call_id, name, arguments) in enumerate(calls):
        first: dict[str, Any] = {
            "index": index,
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": ""},
        }
        signature = signatures[index] if index < len(signatures) else None
        if signature:
            first["extra_content"] = {"google": {"thought_signature": signature}}
        events.append(chat_chunk({"tool_calls": [first]}))
        for piece in pieces(arguments, fragment_size):
            events.append(chat_chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
    events.append(chat_chunk({}, "tool_calls"))
    events.append(chat_chunk(None, usage=usage if usage is not None else chat_usage()))
    events.append(sse("[DONE]"))
    return events


def _reasoning_chunks(reasoning: str, field: str, signature: str | None = None) -> list[bytes]:
    if field != "openrouter":
        return [chat_chunk({"content": None, field: piece}) for piece in pieces(reasoning)]
    events = []
    for piece in pieces(reasoning):
        detail = {"type": "reasoning.text", "text": piece, "format": "anthropic-claude-v1", "index": 0}
        events.append(chat_chunk({"content": "", "reasoning": piece, "reasoning_details": [detail]}))
    if signature is not None:
        closing = {"type": "reasoning.text", "signature": signature, "format": "anthropic-claude-v1", "index": 0}
        events.append(chat_chunk({"content": "", "reasoning_details": [closing]}))
    return events


def chat_tool_call(call_id: str, name: str, arguments: str, **kw: Any) -> list[bytes]:
    return chat_tool_calls([(call_id, name, arguments)], **kw)


def chat_error(message: str, code: int | str = 502) -> bytes:
    """An error object mid-stream, as OpenRouter and vLLM send it."""
    return sse({"error": {"message": message, "code": code}})


# --- Anthropic Messages ---------------------------------------------------------------------


def anthropic_event(kind: str, **fields: Any) -> bytes:
    return sse({"type": kind, **fields}, event=kind)


def _message_start(input_tokens: int, cache_read: int, cache_write: int) -> bytes:
    usage = {
        "input_tokens": input_tokens,
        "cache_creation_input_tokens": cache_write,
        "cache_read_input_tokens": cache_read,
        "output_tokens": 1,
    }
    message: dict[str, Any] = {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage,
    }
    return anthropic_event("message_start", message=message)


def _message_end(stop_reason: str, output_tokens: int) -> list[bytes]:
    return [
        anthropic_event(
            "message_delta",
            delta={"stop_reason": stop_reason, "stop_sequence": None},
            usage={"output_tokens": output_tokens},
        ),
        anthropic_event("message_stop"),
    ]


def _text_block(index: int, text: str) -> list[bytes]:
    events = [anthropic_event("content_block_start", index=index, content_block={"type": "text", "text": ""})]
    for piece in pieces(text):
        events.append(anthropic_event("content_block_delta", index=index, delta={"type": "text_delta", "text": piece}))
    events.append(anthropic_event("content_block_stop", index=index))
    return events


def _thinking_block(index: int, thinking: str, signature: str | None) -> list[bytes]:
    """A thinking block; without `signature`, as some gateways stream it (no signature_delta)."""
    start = {"type": "thinking", "thinking": "", "signature": ""}
    events = [anthropic_event("content_block_start", index=index, content_block=start)]
    for piece in pieces(thinking):
        delta = {"type": "thinking_delta", "thinking": piece}
        events.append(anthropic_event("content_block_delta", index=index, delta=delta))
    if signature is not None:
        delta = {"type": "signature_delta", "signature": signature}
        events.append(anthropic_event("content_block_delta", index=index, delta=delta))
    events.append(anthropic_event("content_block_stop", index=index))
    return events


def _tool_block(index: int, tool_id: str, name: str, arguments: str, fragment_size: int) -> list[bytes]:
    start = {"type": "tool_use", "id": tool_id, "name": name, "input": {}}
    events = [anthropic_event("content_block_start", index=index, content_block=start)]
    events.append(
        anthropic_event("content_block_delta", index=index, delta={"type": "input_json_delta", "partial_json": ""})
    )
    for piece in pieces(arguments, fragment_size):
        delta = {"type": "input_json_delta", "partial_json": piece}
        events.append(anthropic_event("content_block_delta", index=index, delta=delta))
    events.append(anthropic_event("content_block_stop", index=index))
    return events


def anthropic_text(
    text: str, *, input_tokens: int = 20, output_tokens: int = 6, cache_read: int = 0, cache_write: int = 0
) -> list[bytes]:
    return [
        _message_start(input_tokens, cache_read, cache_write),
        *_text_block(0, text)[:1],
        anthropic_event("ping"),
        *_text_block(0, text)[1:],
        *_message_end("end_turn", output_tokens),
    ]


def anthropic_thinking_then_tool(
    thinking: str,
    signature: str | None,
    tool_id: str,
    name: str,
    arguments: str,
    *,
    text: str | None = None,
    redacted: str | None = None,
    extra_tools: Sequence[tuple[str, str, str]] = (),
    fragment_size: int = 9,
    input_tokens: int = 30,
    output_tokens: int = 40,
    cache_read: int = 0,
    cache_write: int = 0,
) -> list[bytes]:
    """thinking (+ optional redacted_thinking) (+ optional text) then tool_use block(s); a `signature` of
    None streams the thinking unsigned, as some gateways do."""
    events = [_message_start(input_tokens, cache_read, cache_write), anthropic_event("ping")]
    index = 0
    events += _thinking_block(index, thinking, signature)
    if redacted is not None:
        index += 1
        block = {"type": "redacted_thinking", "data": redacted}
        events.append(anthropic_event("content_block_start", index=index, content_block=block))
        events.append(anthropic_event("content_block_stop", index=index))
    if text:
        index += 1
        events += _text_block(index, text)
    for tool in ((tool_id, name, arguments), *extra_tools):
        index += 1
        events += _tool_block(index, *tool, fragment_size)
    events += _message_end("tool_use", output_tokens)
    return events


def anthropic_error_event(error_type: str = "overloaded_error", message: str = "Overloaded") -> bytes:
    return anthropic_event("error", error={"type": error_type, "message": message})


def anthropic_error_body(error_type: str, message: str, **details: Any) -> dict[str, Any]:
    error: dict[str, Any] = {"type": error_type, "message": message}
    if details:
        error["details"] = details
    return {"type": "error", "error": error, "request_id": "req_fake"}


# --- OpenAI Responses -----------------------------------------------------------------------


class _Seq:
    def __init__(self) -> None:
        self.n = 0

    def __call__(self, kind: str, **fields: Any) -> bytes:
        event = sse({"type": kind, "sequence_number": self.n, **fields}, event=kind)
        self.n += 1
        return event


def _response(status: str, output: list[dict[str, Any]], usage: Mapping[str, Any] | None) -> dict[str, Any]:
    return {
        "id": "resp_fake",
        "object": "response",
        "status": status,
        "model": MODEL,
        "output": output,
        "usage": usage,
    }


def responses_usage(input_tokens: int = 15, output_tokens: int = 7, cached: int = 0) -> dict[str, Any]:
    return {
        "input_tokens": input_tokens,
        "input_tokens_details": {"cached_tokens": cached},
        "output_tokens": output_tokens,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": input_tokens + output_tokens,
    }


def responses_stream(
    *,
    text: str | None = None,
    reasoning: Sequence[str] = (),
    encrypted: str | None = None,
    reasoning_id: str = "rs_fake",
    calls: Sequence[tuple[str, str, str]] = (),
    usage: Mapping[str, Any] | None = None,
    terminal: str = "response.completed",
    fragment_size: int = 8,
) -> list[bytes]:
    """reasoning summary parts (+ encrypted content), then a message, then function calls."""
    ev = _Seq()
    events = [
        ev("response.created", response=_response("in_progress", [], None)),
        ev("response.in_progress", response=_response("in_progress", [], None)),
    ]
    output: list[dict[str, Any]] = []
    index = 0
    if reasoning or encrypted:
        rid = reasoning_id
        events.append(
            ev(
                "response.output_item.added",
                output_index=index,
                item={"id": rid, "type": "reasoning", "summary": []},
            )
        )
        for si, part in enumerate(reasoning):
            part_added = {"item_id": rid, "output_index": index, "summary_index": si}
            events.append(
                ev(
                    "response.reasoning_summary_part.added",
                    **part_added,
                    part={"type": "summary_text", "text": ""},
                )
            )
            for piece in pieces(part):
                events.append(ev("response.reasoning_summary_text.delta", **part_added, delta=piece))
            events.append(ev("response.reasoning_summary_text.done", **part_added, text=part))
        item: dict[str, Any] = {
            "id": rid,
            "type": "reasoning",
            "summary": [{"type": "summary_text", "text": p} for p in reasoning],
        }
        if encrypted:
            item["encrypted_content"] = encrypted
        events.append(ev("response.output_item.done", output_index=index, item=item))
        output.append(item)
        index += 1
    if text is not None:
        mid = "msg_fake"
        added: dict[str, Any] = {
            "id": mid,
            "type": "message",
            "status": "in_progress",
            "role": "assistant",
            "content": [],
        }
        events.append(ev("response.output_item.added", output_index=index, item=added))
        where = {"item_id": mid, "output_index": index, "content_index": 0}
        empty_part = {"type": "output_text", "text": "", "annotations": []}
        events.append(ev("response.content_part.added", **where, part=empty_part))
        for piece in pieces(text):
            events.append(ev("response.output_text.delta", **where, delta=piece))
        events.append(ev("response.output_text.done", **where, text=text))
        done_part = {"type": "output_text", "text": text, "annotations": []}
        events.append(ev("response.content_part.done", **where, part=done_part))
        done = {**added, "status": "completed", "content": [done_part]}
        events.append(ev("response.output_item.done", output_index=index, item=done))
        output.append(done)
        index += 1
    for call_id, name, arguments in calls:
        fid = f"fc_{call_id}"
        added = {
            "id": fid,
            "type": "function_call",
            "status": "in_progress",
            "arguments": "",
            "call_id": call_id,
            "name": name,
        }
        events.append(ev("response.output_item.added", output_index=index, item=added))
        for piece in pieces(arguments, fragment_size):
            events.append(ev("response.function_call_arguments.delta", item_id=fid, output_index=index, delta=piece))
        events.append(ev("response.function_call_arguments.done", item_id=fid, output_index=index, arguments=arguments))
        done = {**added, "status": "completed", "arguments": arguments}
        events.append(ev("response.output_item.done", output_index=index, item=done))
        output.append(done)
        index += 1
    final_usage = usage if usage is not None else responses_usage()
    if terminal == "response.completed":
        events.append(ev("response.completed", response=_response("completed", output, final_usage)))
    elif terminal == "response.incomplete":
        response = _response("incomplete", output, final_usage)
        response["incomplete_details"] = {"reason": "max_output_tokens"}
        events.append(ev("response.incomplete", response=response))
    return events


def responses_text(text: str, **kw: Any) -> list[bytes]:
    return responses_stream(text=text, **kw)


def responses_tool_call(call_id: str, name: str, arguments: str, **kw: Any) -> list[bytes]:
    return responses_stream(calls=[(call_id, name, arguments)], **kw)


def responses_failed(code: str, message: str) -> bytes:
    response = _response("failed", [], None)
    response["error"] = {"code": code, "message": message}
    return sse({"type": "response.failed", "sequence_number": 99, "response": response}, event="response.failed")


def responses_error(code: str, message: str) -> bytes:
    return sse(
        {"type": "error", "code": code, "message": message, "param": None, "sequence_number": 99},
        event="error",
    )


# --- Gemini (native streamGenerateContent?alt=sse) ----------------------------------------------
# Shapes as documented at https://ai.google.dev/api/generate-content (GenerateContentResponse, one whole
# JSON object per event, "\r\n\r\n" between events) and https://ai.google.dev/gemini-api/docs/thought-signatures
# (the signature rides the first functionCall part of a step; parallel calls after it carry none).

GEMINI_MODEL = "gemini-fake"


def gemini_event(payload: Mapping[str, Any]) -> bytes:
    return f"data: {json.dumps(payload, separators=(',', ':'))}\r\n\r\n".encode()


def gemini_usage(prompt: int = 30, candidates: int = 8, thoughts: int = 0, cached: int = 0) -> dict[str, Any]:
    usage: dict[str, Any] = {
        "promptTokenCount": prompt,
        "candidatesTokenCount": candidates,
        "totalTokenCount": prompt + candidates + thoughts,
    }
    if thoughts:
        usage["thoughtsTokenCount"] = thoughts
    if cached:
        usage["cachedContentTokenCount"] = cached
    return usage


def gemini_chunk(
    parts: Sequence[Mapping[str, Any]],
    finish_reason: str | None = None,
    *,
    usage: Mapping[str, Any] | None = None,
    response_id: str = "resp-fake",
) -> bytes:
    candidate: dict[str, Any] = {"content": {"parts": [dict(p) for p in parts], "role": "model"}, "index": 0}
    if finish_reason:
        candidate["finishReason"] = finish_reason
    payload: dict[str, Any] = {"candidates": [candidate]}
    payload["usageMetadata"] = dict(usage) if usage is not None else gemini_usage(candidates=0)
    payload["modelVersion"] = GEMINI_MODEL
    payload["responseId"] = response_id
    return gemini_event(payload)


def gemini_text(
    text: str,
    *,
    thoughts: str | None = None,
    signature: str | None = None,
    usage: Mapping[str, Any] | None = None,
    finish_reason: str = "STOP",
) -> list[bytes]:
    """Thought summary pieces (if any), then the answer word by word; `signature` on the last text part."""
    events = [gemini_chunk([{"text": piece, "thought": True}]) for piece in pieces(thoughts)] if thoughts else []
    words = pieces(text)
    for piece in words[:-1]:
        events.append(gemini_chunk([{"text": piece}]))
    last: dict[str, Any] = {"text": words[-1]}
    if signature:
        last["thoughtSignature"] = signature
    events.append(gemini_chunk([last], finish_reason, usage=usage if usage is not None else gemini_usage()))
    return events


def gemini_calls(
    calls: Sequence[tuple[str, Mapping[str, Any]]],
    *,
    thoughts: str | None = None,
    signature: str | None = "sig-step",
    ids: Sequence[str] | None = None,
    usage: Mapping[str, Any] | None = None,
) -> list[bytes]:
    """Thought summary pieces, then the function calls `(name, args)` of one step, each a whole part in its
    own event, `signature` on the first one only (as Gemini 3 sends parallel calls)."""
    events = [gemini_chunk([{"text": piece, "thought": True}]) for piece in pieces(thoughts)] if thoughts else []
    for index, (name, args) in enumerate(calls):
        call: dict[str, Any] = {"name": name, "args": dict(args)}
        if ids is not None:
            call["id"] = ids[index]
        part: dict[str, Any] = {"functionCall": call}
        if index == 0 and signature:
            part["thoughtSignature"] = signature
        last = index == len(calls) - 1
        final_usage = usage if usage is not None else gemini_usage(thoughts=20)
        events.append(gemini_chunk([part], "STOP" if last else None, usage=final_usage if last else None))
    return events


def gemini_error_body(code: int, status: str, message: str, *details: Mapping[str, Any]) -> dict[str, Any]:
    """Gemini's error object (google.rpc.Status as JSON), as it answers a refused request."""
    error: dict[str, Any] = {"code": code, "message": message, "status": status}
    if details:
        error["details"] = [dict(d) for d in details]
    return {"error": error}


def gemini_retry_info(seconds: int) -> dict[str, Any]:
    return {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": f"{seconds}s"}
