"""OpenAI Chat Completions (and compatible servers): request builder and stream decoder.

Theory of operation (decoder): each SSE `data:` is one `chat.completion.chunk` or `[DONE]`.
Only choice 0 is read.  Reasoning text arrives as `delta.reasoning_content` (DeepSeek),
`delta.reasoning` (vLLM, OpenRouter) or `delta.reasoning_details` (OpenRouter, which also sends
the same text as `reasoning`: details are used only by a stream that never sent the plain
fields).  Tool calls arrive as fragments keyed by `index` (a fragment without an index belongs
to the call with its `id`, or to the last call); a call is announced once its name is known and
its argument fragments are forwarded as they come.  `finish_reason` closes thinking and every
tool call; the usage chunk (`stream_options.include_usage`) may follow it, then `[DONE]`.
A tool call fragment's `extra_content.google.thought_signature` (Gemini's OpenAI-compatible endpoint)
is kept with its call (`ToolCallDone.signature`), and each thinking block remembers the field it came
in (`ThinkingDone.carrier`), so the builder can send both back where the server wants them. OpenRouter's
`reasoning_details` are merged by `index` (text and summaries joined, signatures and encrypted data
kept) and closed into the block's signature as JSON, to go back verbatim.
`PassEnd` goes out at `[DONE]`, or at `finish()` if the server closed after `finish_reason`
without `[DONE]`; a stream with neither is `StreamTruncated`.  A chunk holding `"error"` (sent
mid-stream by OpenRouter and vLLM) raises the classified error.  A chunk that only streams text (`_plain_text`:
nearly every chunk of a reply) skips the rest of these checks, with the same result.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import Any

import attrs

from ._decoding import as_dict, as_int, as_str, event_json, normalise_arguments
from .catalogue import catalogue
from .errors import StreamTruncated, classify_error_payload
from .gemini import FOREIGN_CALL_SIGNATURE
from .model import (
    Delta,
    Effort,
    ImagePart,
    Message,
    PassEnd,
    PassRequest,
    ProviderKind,
    ReasoningChoice,
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
from .reasoning import VENDOR_ECHOES_REASONING, Vendor, detect_vendor, gemini_version
from .schemas import sanitize_schema
from .sse import SSEEvent

ORIGIN = ProviderKind.OPENAI_CHAT.value
#: where the OpenAI-compatible servers that stream reasoning as text take it back.
_REASONING_FIELDS = ("reasoning_content", "reasoning")
#: OpenRouter's structured reasoning, sent back as it came (the carrier's signature holds it as JSON).
_DETAILS = "reasoning_details"


# --- request --------------------------------------------------------------------------------


@attrs.frozen
class ChatOptions:
    """How to speak to one OpenAI-compatible server (`cursord.providers.base.vendor_options` builds it
    from a provider spec).

    Reasoning goes back on every assistant message that carried some, in the field the server streamed
    it in (`ThinkingPart.carrier`), and each tool call's Gemini thought signature in its
    `extra_content`; `reasoning_echo=False` sends neither. `reasoning_echo_field` also sends reasoning
    that came from elsewhere (another vendor, before a fallback) in that field, and puts the field, empty
    if need be, on every assistant message with tool calls: DeepSeek's thinking mode answers 400 to
    one without it. For DeepSeek and Kimi it is `reasoning_content` unless set; OpenAI's own models are
    sent no reasoning (it can only be another vendor's). `vendor` picks the
    spelling of the reasoning knobs (`_reasoning_knobs`); `Vendor.OTHER` (a gateway or a local server)
    goes by each request's model name (`cursord.providers.reasoning.detect_vendor`).
    """

    # "max_completion_tokens" (OpenAI; required by reasoning models) or "max_tokens" (older servers).
    max_tokens_field: str = "max_completion_tokens"
    reasoning_echo: bool = True
    reasoning_echo_field: str | None = None
    vendor: Vendor = Vendor.OTHER
    schema_profile: str = "openai"  # see schemas.PROFILES; "openai_strict" also sets strict
    #: sign a step's unsigned first call with Gemini's validator-skipping value (set per request for Gemini 3:
    #: a call another vendor made, before a fallback, has no signature and Gemini 3 refuses it unsigned)
    sign_foreign_calls: bool = False
    send_cache_key: bool = True  # `prompt_cache_key` from PassRequest.cache_key (off: servers that reject it)
    extra_body: Mapping[str, Any] = attrs.field(factory=dict)


def build_request(req: PassRequest, options: ChatOptions | None = None) -> tuple[str, dict[str, Any], dict[str, str]]:
    """PassRequest -> (path, JSON body, non-secret headers) for POST {base_url}/chat/completions."""
    opts = options or ChatOptions()
    vendor = opts.vendor if opts.vendor is not Vendor.OTHER else detect_vendor(ProviderKind.OPENAI_CHAT, "", req.model)
    if opts.reasoning_echo and opts.reasoning_echo_field is None and vendor in VENDOR_ECHOES_REASONING:
        opts = attrs.evolve(opts, reasoning_echo_field="reasoning_content")
    elif vendor is Vendor.OPENAI:
        # OpenAI streams neither reasoning nor signatures and refuses fields it does not know: what the
        # history holds of them another vendor wrote, before the turn moved here (`cursord.agent.fallback`).
        opts = attrs.evolve(opts, reasoning_echo=False)
    if vendor is Vendor.GEMINI and opts.reasoning_echo and (gemini_version(req.model) or (3, 0)) >= (3, 0):
        opts = attrs.evolve(opts, sign_foreign_calls=True)  # models before 3 validate no signature
    messages: list[dict[str, Any]] = []
    if req.system:
        messages.append({"role": "system", "content": req.system})
    for message in req.messages:
        if message.role is Role.USER and message.images():
            messages.append({"role": "user", "content": _user_content(message)})
        elif message.role in (Role.SYSTEM, Role.USER):
            messages.append({"role": message.role.value, "content": message.text()})
        elif message.role is Role.ASSISTANT:
            messages.append(_assistant_message(message.parts, opts))
        else:
            for part in message.parts:
                assert isinstance(part, ToolResultPart)
                messages.append({"role": "tool", "tool_call_id": part.tool_call_id, "content": part.content})
    body: dict[str, Any] = {
        "model": req.model,
        "messages": messages,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    if req.tools:
        body["tools"] = catalogue(req.tools, _tools, opts.schema_profile)
    body.update(_reasoning_knobs(req.reasoning, vendor))
    if req.max_output_tokens is not None:
        body[opts.max_tokens_field] = req.max_output_tokens
    if req.cache_key is not None and opts.send_cache_key:
        body["prompt_cache_key"] = req.cache_key
    body.update(opts.extra_body)
    headers = {"content-type": "application/json", "accept": "text/event-stream"}
    return "/chat/completions", body, headers


def _tools(tools: tuple[ToolSpec, ...], profile: str) -> list[dict[str, Any]]:
    strict = profile == "openai_strict"
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": tool.description,
                "parameters": sanitize_schema(tool.json_schema, profile, canonical=tool.schema_key),
                **({"strict": True} if strict else {}),
            },
        }
        for tool in tools
    ]


def _reasoning_knobs(choice: ReasoningChoice, vendor: Vendor) -> dict[str, Any]:
    """The request fields that carry the user's reasoning choice, as `vendor` spells them: DeepSeek's
    `thinking: {type}` switch beside `reasoning_effort` (low, high or max; medium means high there),
    OpenRouter's `reasoning: {enabled, effort}`, `reasoning_effort` (low, medium, high) elsewhere,
    Gemini's endpoint included (it maps it to a thinking level). Nothing for the default choice, nor for
    a switch a vendor has no field for."""
    knobs: dict[str, Any] = {}
    if vendor is Vendor.OPENROUTER:  # its one `reasoning` object for every model behind it
        reasoning: dict[str, Any] = {}
        if choice.thinking is not None:
            reasoning["enabled"] = choice.thinking
        if choice.effort is not None and choice.thinking is not False:
            reasoning["effort"] = "xhigh" if choice.effort is Effort.MAX else choice.effort.value
        if reasoning:
            knobs["reasoning"] = reasoning
    elif vendor is Vendor.DEEPSEEK:
        if choice.thinking is not None:
            knobs["thinking"] = {"type": "enabled" if choice.thinking else "disabled"}
        if choice.effort is not None and choice.thinking is not False:
            knobs["reasoning_effort"] = choice.effort.value
    elif choice.effort is not None and choice.thinking is not False:
        knobs["reasoning_effort"] = Effort.HIGH.value if choice.effort is Effort.MAX else choice.effort.value
    return knobs


def _user_content(message: Message) -> list[dict[str, Any]]:
    """Text and images in the editor's order: `text` parts and `image_url` parts with data URLs."""
    content: list[dict[str, Any]] = []
    for part in message.parts:
        if isinstance(part, TextPart) and part.text:
            content.append({"type": "text", "text": part.text})
        elif isinstance(part, ImagePart):
            content.append({"type": "image_url", "image_url": {"url": part.data_url()}})
    return content


def _assistant_message(parts: tuple[Any, ...], opts: ChatOptions) -> dict[str, Any]:
    text = "".join(p.text for p in parts if isinstance(p, TextPart))
    calls = [p for p in parts if isinstance(p, ToolCallPart)]
    out: dict[str, Any] = {"role": "assistant", "content": text if text or not calls else None}
    if calls:
        out["tool_calls"] = [_tool_call(c, opts) for c in calls]
        if opts.sign_foreign_calls and not calls[0].signature:
            out["tool_calls"][0]["extra_content"] = {"google": {"thought_signature": FOREIGN_CALL_SIGNATURE}}
    if not opts.reasoning_echo:
        return out
    echoed: dict[str, list[str]] = {}
    details: list[Any] = []
    for part in parts:
        if not isinstance(part, ThinkingPart):
            continue
        if part.carrier == _DETAILS and part.origin == ORIGIN and part.signature:
            details += _parsed_details(part.signature)
        elif part.text:
            field = part.carrier if part.carrier in _REASONING_FIELDS else opts.reasoning_echo_field
            if field:
                echoed.setdefault(field, []).append(part.text)
    for field, texts in echoed.items():
        out[field] = "".join(texts)
    if details:
        out[_DETAILS] = details
    if calls and opts.reasoning_echo_field and opts.reasoning_echo_field not in out:
        out[opts.reasoning_echo_field] = ""
    return out


def _parsed_details(text: str) -> list[Any]:
    try:
        value = json.loads(text)
    except ValueError:
        return []
    return value if isinstance(value, list) else []


def _tool_call(call: ToolCallPart, opts: ChatOptions) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": call.id,
        "type": "function",
        "function": {"name": call.name, "arguments": call.arguments},
    }
    if call.signature and opts.reasoning_echo:
        out["extra_content"] = {"google": {"thought_signature": call.signature}}
    return out


# --- stream ---------------------------------------------------------------------------------


@attrs.define
class _Call:
    ordinal: int
    id: str = ""
    name: str = ""
    args: list[str] = attrs.field(factory=list)
    started: bool = False
    unsent: list[str] = attrs.field(factory=list)
    signature: str | None = None


_FINISH_TO_STOP = {
    "stop": StopReason.END_TURN,
    "tool_calls": StopReason.TOOL_USE,
    "function_call": StopReason.TOOL_USE,
    "length": StopReason.MAX_TOKENS,
}


@attrs.define
class ChatDecoder:
    provider: str = "openai"
    _thinking_open: bool = False
    _plain_reasoning_seen: bool = False
    _carrier: str | None = None  # the field this stream's reasoning comes in
    _details: dict[int, dict[str, Any]] = attrs.field(factory=dict)  # the open block's reasoning_details
    _calls: dict[int | str, _Call] = attrs.field(factory=dict)
    _by_id: dict[str, int | str] = attrs.field(factory=dict)
    _last_key: int | str | None = None
    _calls_closed: bool = False
    _finish_reason: str | None = None
    _usage: Usage | None = None
    _done: bool = False

    def feed(self, event: SSEEvent) -> list[Delta]:
        if self._done:
            return []
        if event.data.strip() == "[DONE]":
            return self._end()
        chunk = event_json(self.provider, event)
        if not self._thinking_open:
            text = _plain_text(chunk)
            if text is not None:
                return [TextDelta(text)] if text else []
        error = chunk.get("error")
        if error:
            raise classify_error_payload(self.provider, error)
        out: list[Delta] = []
        usage = chunk.get("usage")
        if isinstance(usage, dict):
            self._usage = _parse_usage(usage)
        choices = chunk.get("choices")
        if not isinstance(choices, list) or not choices:
            return out
        choice = next((c for c in choices if isinstance(c, dict) and c.get("index", 0) == 0), None)
        if choice is None:
            return out
        delta = as_dict(choice.get("delta"))
        reasoning = self._reasoning_text(delta)
        if self._take_details(delta.get("reasoning_details")):
            self._thinking_open = True
        if reasoning:
            self._thinking_open = True
            out.append(ThinkingDelta(reasoning))
        content = delta.get("content")
        if isinstance(content, str) and content:
            self._close_thinking(out)
            out.append(TextDelta(content))
        tool_calls = delta.get("tool_calls")
        if isinstance(tool_calls, list) and tool_calls:
            self._close_thinking(out)
            for fragment in tool_calls:
                if isinstance(fragment, dict):
                    self._tool_fragment(fragment, out)
        finish = choice.get("finish_reason")
        if isinstance(finish, str) and finish:
            self._finish_reason = finish
            self._close_thinking(out)
            self._close_calls(out)
        return out

    def finish(self) -> list[Delta]:
        if self._done:
            return []
        if self._finish_reason is None:
            raise StreamTruncated(self.provider, "chat stream ended without finish_reason or [DONE]")
        return self._end()

    # --- internals ------------------------------------------------------------------------

    def _reasoning_text(self, delta: dict[str, Any]) -> str:
        for key in _REASONING_FIELDS:
            value = delta.get(key)
            if isinstance(value, str) and value:
                self._plain_reasoning_seen = True
                self._carrier = key
                return value
        if self._plain_reasoning_seen or "reasoning" in delta or "reasoning_content" in delta:
            return ""
        details = delta.get("reasoning_details")
        if not isinstance(details, list):
            return ""
        pieces: list[str] = []
        for item in details:
            if not isinstance(item, dict):
                continue
            kind = item.get("type")
            if kind == "reasoning.text":
                pieces.append(as_str(item.get("text")))
            elif kind == "reasoning.summary":
                pieces.append(as_str(item.get("summary")))
        return "".join(pieces)

    def _take_details(self, details: object) -> bool:
        """Merge OpenRouter `reasoning_details` items into the open block's, by `index`; True if any came."""
        if not isinstance(details, list):
            return False
        for position, item in enumerate(details):
            if not isinstance(item, dict):
                continue
            index = item.get("index")
            merged = self._details.setdefault(index if isinstance(index, int) else position, {})
            for key, value in item.items():
                if key in ("text", "summary") and isinstance(value, str):
                    merged[key] = merged.get(key, "") + value
                elif value is not None:
                    merged[key] = value
        return bool(details)

    def _close_thinking(self, out: list[Delta]) -> None:
        if not self._thinking_open:
            return
        self._thinking_open = False
        if self._details:
            details = [self._details[index] for index in sorted(self._details)]
            self._details = {}
            signature = json.dumps(details, separators=(",", ":"), ensure_ascii=False)
            out.append(ThinkingDone(signature=signature, origin=ORIGIN, carrier=_DETAILS))
        else:
            out.append(ThinkingDone(origin=ORIGIN, carrier=self._carrier or "reasoning"))

    def _tool_fragment(self, fragment: dict[str, Any], out: list[Delta]) -> None:
        if self._calls_closed:
            return
        call_id = as_str(fragment.get("id"))
        index = fragment.get("index")
        key: int | str
        if isinstance(index, int) and not isinstance(index, bool):
            key = index
        elif call_id and call_id in self._by_id:
            key = self._by_id[call_id]
        elif call_id or self._last_key is None:
            key = f"id:{call_id or len(self._calls)}"
        else:
            key = self._last_key
        call = self._calls.get(key)
        if call is None:
            call = self._calls[key] = _Call(ordinal=len(self._calls))
        self._last_key = key
        if call_id and not call.id:
            call.id = call_id
            self._by_id[call_id] = key
        signature = as_str(as_dict(as_dict(fragment.get("extra_content")).get("google")).get("thought_signature"))
        if signature:
            call.signature = signature
        function = as_dict(fragment.get("function"))
        name = as_str(function.get("name"))
        if name and not call.name:
            call.name = name
        arguments = as_str(function.get("arguments"))
        if arguments:
            call.args.append(arguments)
            call.unsent.append(arguments)
        if not call.started and call.name:
            self._start(call, out)
        if call.started and call.unsent:
            out.extend(ToolCallArgsDelta(call.ordinal, piece) for piece in call.unsent)
            call.unsent.clear()

    def _start(self, call: _Call, out: list[Delta]) -> None:
        if not call.id:
            call.id = f"call_{uuid.uuid4().hex[:24]}"
        call.started = True
        out.append(ToolCallStart(call.ordinal, call.id, call.name))

    def _close_calls(self, out: list[Delta]) -> None:
        if self._calls_closed:
            return
        self._calls_closed = True
        for call in sorted(self._calls.values(), key=lambda c: c.ordinal):
            if not call.started:
                self._start(call, out)
                out.extend(ToolCallArgsDelta(call.ordinal, piece) for piece in call.unsent)
                call.unsent.clear()
            arguments = normalise_arguments("".join(call.args))
            out.append(ToolCallDone(call.ordinal, call.id, call.name, arguments, call.signature))

    def _end(self) -> list[Delta]:
        out: list[Delta] = []
        self._close_thinking(out)
        self._close_calls(out)
        if self._usage is not None:
            out.append(self._usage)
        stop = _FINISH_TO_STOP.get(self._finish_reason or "", StopReason.OTHER)
        if self._calls and stop is StopReason.END_TURN:
            stop = StopReason.TOOL_USE  # some servers say "stop" after tool calls
        if self._finish_reason is None:
            stop = StopReason.TOOL_USE if self._calls else StopReason.END_TURN
        out.append(PassEnd(stop))
        self._done = True
        return out


#: the fields of a chunk's delta that `ChatDecoder.feed` reads besides `content` (none of them does anything
#: when it is absent or empty)
_READ_BESIDE_CONTENT = (*_REASONING_FIELDS, _DETAILS, "tool_calls")


def _plain_text(chunk: dict[str, Any]) -> str | None:
    """The text of a chunk that only streams text (one choice, index 0, a delta with no more than `content`
    to read, no finish, usage or error), "" for one with none: nearly every chunk of a reply, which then
    costs no more than this (only while no thinking is open: the text would close it). None: any other
    chunk, which goes the general way."""
    choices = chunk.get("choices")
    if type(choices) is not list or len(choices) != 1 or chunk.get("usage") is not None or chunk.get("error"):
        return None
    choice = choices[0]
    if type(choice) is not dict or choice.get("index", 0) != 0 or choice.get("finish_reason"):
        return None
    delta = choice.get("delta")
    if type(delta) is not dict or any(map(delta.get, _READ_BESIDE_CONTENT)):
        return None
    content = delta.get("content")
    return content if type(content) is str else "" if content is None else None


def _parse_usage(usage: dict[str, Any]) -> Usage:
    details = as_dict(usage.get("prompt_tokens_details"))
    cache_read = as_int(details.get("cached_tokens")) or as_int(usage.get("prompt_cache_hit_tokens"))
    cache_write = as_int(details.get("cache_write_tokens"))
    completion = as_dict(usage.get("completion_tokens_details"))
    return Usage(
        input=as_int(usage.get("prompt_tokens")),
        output=as_int(usage.get("completion_tokens")),
        cache_read=cache_read,
        cache_write=cache_write,
        reasoning=as_int(completion.get("reasoning_tokens")),
    )
