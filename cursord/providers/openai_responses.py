"""OpenAI Responses API: request builder and stream decoder.

Theory of operation (decoder): events are typed by their JSON `type` (the SSE `event:` name is
the same).  `response.output_item.added` opens an output item: a `function_call` item is
announced at once as `ToolCallStart` (tool ordinal counted per pass), a `reasoning` item opens
thinking.  Text comes in `response.output_text.delta` (and `response.refusal.delta`), thinking in
`response.reasoning_summary_text.delta` (summaries, "\\n\\n" between summary parts) or
`response.reasoning_text.delta` (raw reasoning, open-weight servers), arguments in
`response.function_call_arguments.delta`, addressed by `item_id` (or `output_index`).
`response.output_item.done` closes the item: `ToolCallDone` with the item's final arguments, or
`ThinkingDone` carrying the item's `encrypted_content` as its signature.  The stream's terminal
events are `response.completed` (usage, then `PassEnd`), `response.incomplete` (`PassEnd`
max_tokens or other) and `response.failed` / `error` (raise the classified error).  There is no
`[DONE]`; a stream without a terminal event is `StreamTruncated` at `finish()`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ._decoding import as_dict, as_int, as_str, event_json, normalise_arguments
from .catalogue import catalogue
from .errors import StreamTruncated, classify_error_payload
from .model import (
    Delta,
    Effort,
    ImagePart,
    Message,
    PassEnd,
    PassRequest,
    ProviderKind,
    Role,
    StopReason,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingDone,
    ThinkingPart,
    ToolCallArgsDelta,
    ToolCallDone,
    ToolCallPart,
    ToolCallStart,
    ToolResultPart,
    ToolSpec,
    Usage,
)
from .reasoning import openai_reasoning_model
from .schemas import sanitize_schema
from .sse import SSEEvent

ORIGIN = ProviderKind.OPENAI_RESPONSES.value


# --- request --------------------------------------------------------------------------------


@attrs.frozen
class ResponsesOptions:
    """How to speak to one Responses server.

    Stateless (`store=False`): every pass sends the whole conversation, so a reasoning model's reasoning
    only survives between passes as the encrypted reasoning items the server returns when asked
    (`include: ["reasoning.encrypted_content"]`), sent back in place before the calls they led to. They
    are asked for whenever the model reasons: an effort was picked, or the model is one of OpenAI's
    reasoning models (`cursord.providers.reasoning.openai_reasoning_model`); never for other models,
    which answer 400 to the include. `reasoning_echo=False` asks for none and sends none back.
    """

    store: bool = False  # stateless: every pass sends the whole conversation
    reasoning_echo: bool = True
    reasoning_summary: str | None = "auto"
    schema_profile: str = "openai"  # "openai_strict" also sends strict: true
    send_cache_key: bool = True  # `prompt_cache_key` from PassRequest.cache_key (off: servers that reject it)
    extra_body: Mapping[str, Any] = attrs.field(factory=dict)


def build_request(
    req: PassRequest, options: ResponsesOptions | None = None
) -> tuple[str, dict[str, Any], dict[str, str]]:
    """PassRequest -> (path, JSON body, non-secret headers) for POST {base_url}/responses."""
    opts = options or ResponsesOptions()
    items: list[dict[str, Any]] = []
    for message in req.messages:
        if message.role is Role.USER and message.images():
            items.append({"type": "message", "role": "user", "content": _user_content(message)})
        elif message.role in (Role.SYSTEM, Role.USER):
            items.append({"type": "message", "role": message.role.value, "content": message.text()})
        elif message.role is Role.ASSISTANT:
            items.extend(_assistant_items(message.parts, opts.reasoning_echo))
        else:
            for part in message.parts:
                assert isinstance(part, ToolResultPart)
                items.append({"type": "function_call_output", "call_id": part.tool_call_id, "output": part.content})
    body: dict[str, Any] = {"model": req.model, "input": items, "stream": True, "store": opts.store}
    if req.system:
        body["instructions"] = req.system
    if req.tools:
        body["tools"] = catalogue(req.tools, _tools, opts.schema_profile)
    choice = req.reasoning
    effort = choice.effort if choice.thinking is not False else None
    if effort is not None or openai_reasoning_model(req.model):
        reasoning: dict[str, Any] = {}
        if effort is not None:
            reasoning["effort"] = Effort.HIGH.value if effort is Effort.MAX else effort.value
        if opts.reasoning_summary:
            reasoning["summary"] = opts.reasoning_summary
        if reasoning:
            body["reasoning"] = reasoning
        if not opts.store and opts.reasoning_echo:
            body["include"] = ["reasoning.encrypted_content"]
    if req.max_output_tokens is not None:
        body["max_output_tokens"] = req.max_output_tokens
    if req.cache_key is not None and opts.send_cache_key:
        body["prompt_cache_key"] = req.cache_key
    body.update(opts.extra_body)
    headers = {"content-type": "application/json", "accept": "text/event-stream"}
    return "/responses", body, headers


def _tools(tools: tuple[ToolSpec, ...], profile: str) -> list[dict[str, Any]]:
    strict = profile == "openai_strict"
    return [
        {
            "type": "function",
            "name": tool.name,
            "description": tool.description,
            "parameters": sanitize_schema(tool.json_schema, profile, canonical=tool.schema_key),
            "strict": strict,  # the Responses API defaults to strict; arbitrary schemas need it off
        }
        for tool in tools
    ]


def _user_content(message: Message) -> list[dict[str, Any]]:
    """Text and images in the editor's order: `input_text` and `input_image` (a data URL) parts."""
    content: list[dict[str, Any]] = []
    for part in message.parts:
        if isinstance(part, TextPart) and part.text:
            content.append({"type": "input_text", "text": part.text})
        elif isinstance(part, ImagePart):
            content.append({"type": "input_image", "image_url": part.data_url(), "detail": "auto"})
    return content


def _assistant_items(parts: tuple[Any, ...], echo: bool) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    text: list[str] = []

    def flush_text() -> None:
        if text:
            items.append({"type": "message", "role": "assistant", "content": "".join(text)})
            text.clear()

    for part in parts:
        if isinstance(part, TextPart):
            text.append(part.text)
            continue
        flush_text()
        if isinstance(part, ThinkingPart):
            if echo and part.origin == ORIGIN and part.signature:
                summary = [{"type": "summary_text", "text": part.text}] if part.text else []
                items.append({"type": "reasoning", "summary": summary, "encrypted_content": part.signature})
        elif isinstance(part, ToolCallPart):
            items.append({"type": "function_call", "call_id": part.id, "name": part.name, "arguments": part.arguments})
    flush_text()
    return items


# --- stream ---------------------------------------------------------------------------------


@attrs.define
class _Item:
    kind: str
    ordinal: int = -1
    call_id: str = ""
    name: str = ""
    args: list[str] = attrs.field(factory=list)
    last_summary: int = -1
    had_text: bool = False
    closed: bool = False


@attrs.define
class ResponsesDecoder:
    provider: str = "openai"
    _items: dict[int, _Item] = attrs.field(factory=dict)
    _by_item_id: dict[str, int] = attrs.field(factory=dict)
    _tool_count: int = 0
    _thinking_open: bool = False
    _done: bool = False

    def feed(self, event: SSEEvent) -> list[Delta]:
        if self._done:
            return []
        data = event_json(self.provider, event)
        kind = as_str(data.get("type")) or event.event
        handler = _HANDLERS.get(kind)
        if handler is None:
            return []
        out: list[Delta] = []
        handler(self, data, out)
        return out

    def finish(self) -> list[Delta]:
        if not self._done:
            raise StreamTruncated(self.provider, "responses stream ended without response.completed")
        return []

    # --- event handlers -------------------------------------------------------------------

    def _item_added(self, data: dict[str, Any], out: list[Delta]) -> None:
        item = as_dict(data.get("item"))
        index = as_int(data.get("output_index"))
        kind = as_str(item.get("type"))
        state = self._items[index] = _Item(kind=kind)
        item_id = as_str(item.get("id"))
        if item_id:
            self._by_item_id[item_id] = index
        if kind == "function_call":
            self._close_thinking(out)
            self._start_call(state, item, out)

    def _start_call(self, state: _Item, item: dict[str, Any], out: list[Delta]) -> None:
        state.ordinal = self._tool_count
        self._tool_count += 1
        state.call_id = as_str(item.get("call_id")) or as_str(item.get("id"))
        state.name = as_str(item.get("name"))
        out.append(ToolCallStart(state.ordinal, state.call_id, state.name))

    def _find(self, data: dict[str, Any]) -> _Item | None:
        item_id = as_str(data.get("item_id"))
        if item_id in self._by_item_id:
            return self._items[self._by_item_id[item_id]]
        return self._items.get(as_int(data.get("output_index")))

    def _text_delta(self, data: dict[str, Any], out: list[Delta]) -> None:
        delta = as_str(data.get("delta"))
        if delta:
            self._close_thinking(out)
            out.append(TextDelta(delta))

    def _reasoning_delta(self, data: dict[str, Any], out: list[Delta]) -> None:
        delta = as_str(data.get("delta"))
        if not delta:
            return
        state = self._find(data)
        if state is not None:
            summary_index = as_int(data.get("summary_index"))
            if state.had_text and summary_index > state.last_summary >= 0:
                out.append(ThinkingDelta("\n\n"))
            state.last_summary = max(state.last_summary, summary_index)
            state.had_text = True
        self._thinking_open = True
        out.append(ThinkingDelta(delta))

    def _args_delta(self, data: dict[str, Any], out: list[Delta]) -> None:
        state = self._find(data)
        delta = as_str(data.get("delta"))
        if state is None or state.kind != "function_call" or state.closed or not delta:
            return
        state.args.append(delta)
        out.append(ToolCallArgsDelta(state.ordinal, delta))

    def _args_done(self, data: dict[str, Any], out: list[Delta]) -> None:
        state = self._find(data)
        arguments = data.get("arguments")
        if state is not None and isinstance(arguments, str):
            self._complete_args(state, arguments, out)

    def _complete_args(self, state: _Item, arguments: str, out: list[Delta]) -> None:
        sent = "".join(state.args)
        if arguments != sent and arguments.startswith(sent):
            rest = arguments[len(sent) :]
            state.args.append(rest)
            out.append(ToolCallArgsDelta(state.ordinal, rest))
        elif arguments != sent:
            state.args = [arguments]

    def _item_done(self, data: dict[str, Any], out: list[Delta]) -> None:
        item = as_dict(data.get("item"))
        index = as_int(data.get("output_index"))
        kind = as_str(item.get("type"))
        state = self._items.get(index)
        if state is None:
            state = self._items[index] = _Item(kind=kind)
            if kind == "function_call":
                self._close_thinking(out)
                self._start_call(state, item, out)
        if state.closed:
            return
        state.closed = True
        if kind == "function_call":
            arguments = item.get("arguments")
            if isinstance(arguments, str):
                self._complete_args(state, arguments, out)
            out.append(ToolCallDone(state.ordinal, state.call_id, state.name, normalise_arguments("".join(state.args))))
        elif kind == "reasoning":
            encrypted = item.get("encrypted_content")
            signature = encrypted if isinstance(encrypted, str) and encrypted else None
            if self._thinking_open or signature:
                self._thinking_open = False
                out.append(ThinkingDone(signature=signature, origin=ORIGIN))

    def _completed(self, data: dict[str, Any], out: list[Delta]) -> None:
        response = as_dict(data.get("response"))
        self._close_open(out)
        usage = response.get("usage")
        if isinstance(usage, dict):
            out.append(_parse_usage(usage))
        out.append(PassEnd(StopReason.TOOL_USE if self._tool_count else StopReason.END_TURN))
        self._done = True

    def _incomplete(self, data: dict[str, Any], out: list[Delta]) -> None:
        response = as_dict(data.get("response"))
        self._close_open(out)
        usage = response.get("usage")
        if isinstance(usage, dict):
            out.append(_parse_usage(usage))
        reason = as_str(as_dict(response.get("incomplete_details")).get("reason"))
        out.append(PassEnd(StopReason.MAX_TOKENS if reason == "max_output_tokens" else StopReason.OTHER))
        self._done = True

    def _failed(self, data: dict[str, Any], out: list[Delta]) -> None:
        error = as_dict(data.get("response")).get("error")
        raise classify_error_payload(self.provider, error or {"message": "response.failed"})

    def _error(self, data: dict[str, Any], out: list[Delta]) -> None:
        raise classify_error_payload(self.provider, {k: v for k, v in data.items() if k != "type"})

    # --- helpers --------------------------------------------------------------------------

    def _close_thinking(self, out: list[Delta]) -> None:
        if self._thinking_open:
            self._thinking_open = False
            out.append(ThinkingDone(origin=ORIGIN))

    def _close_open(self, out: list[Delta]) -> None:
        self._close_thinking(out)
        for state in sorted(self._items.values(), key=lambda s: s.ordinal):
            if state.kind == "function_call" and not state.closed:
                state.closed = True
                out.append(
                    ToolCallDone(state.ordinal, state.call_id, state.name, normalise_arguments("".join(state.args)))
                )


_HANDLERS = {
    "response.output_item.added": ResponsesDecoder._item_added,
    "response.output_item.done": ResponsesDecoder._item_done,
    "response.output_text.delta": ResponsesDecoder._text_delta,
    "response.refusal.delta": ResponsesDecoder._text_delta,
    "response.reasoning_summary_text.delta": ResponsesDecoder._reasoning_delta,
    "response.reasoning_text.delta": ResponsesDecoder._reasoning_delta,
    "response.function_call_arguments.delta": ResponsesDecoder._args_delta,
    "response.function_call_arguments.done": ResponsesDecoder._args_done,
    "response.completed": ResponsesDecoder._completed,
    "response.incomplete": ResponsesDecoder._incomplete,
    "response.failed": ResponsesDecoder._failed,
    "error": ResponsesDecoder._error,
}


def _parse_usage(usage: dict[str, Any]) -> Usage:
    details = as_dict(usage.get("input_tokens_details"))
    output_details = as_dict(usage.get("output_tokens_details"))
    return Usage(
        input=as_int(usage.get("input_tokens")),
        output=as_int(usage.get("output_tokens")),
        cache_read=as_int(details.get("cached_tokens")),
        reasoning=as_int(output_details.get("reasoning_tokens")),
    )
