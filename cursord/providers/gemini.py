"""Gemini's native API (`streamGenerateContent` over SSE): request builder and stream decoder.

Theory of operation (decoder): every SSE event is one whole `GenerateContentResponse` JSON object.
Its first candidate's `content.parts` come in order: a part with `thought: true` is reasoning (a
thought summary, with `includeThoughts`); a `text` part is answer text; a `functionCall` part is one
whole tool call (name and `args` object at once: no argument fragments), announced as
`ToolCallStart`, its arguments as one `ToolCallArgsDelta`, then `ToolCallDone`.  A part may carry a
`thoughtSignature`, which must go back on the part it came on:

    on a functionCall part          ToolCallDone(signature=...) -> ToolCallPart.signature
    on a thought part               the thinking block closes with ThinkingDone(signature=...)
    on a text part, thinking open   the thinking block closes with it (the next pass gets it on
                                    the thought part: text signatures are never validated)
    on a later text part            dropped (Gemini "recommends", never checks, those; a streamed
                                    answer's signature comes on its last chunk, after the text)

A thinking block stays open over several thought parts and closes (`ThinkingDone`) when anything
else comes.  `usageMetadata` is taken from the last event that has it.  A candidate's
`finishReason` is the terminal marker: `Usage` then `PassEnd`.  An `error` object raises the
classified error; a prompt blocked by `promptFeedback.blockReason` is a `BadRequest`.  Without a
`finishReason`, `finish()` raises `StreamTruncated`.

Builder: `systemInstruction` holds the system text, `contents` alternate `user`/`model` (tool results
are `functionResponse` parts of a `user` content; consecutive contents of one role are merged, so all
results of one step go back together), tools are one `functionDeclarations` list with schemas
cleaned to Gemini's subset (`schemas.sanitize_schema(..., "gemini")`), the run's `ReasoningChoice` is a
`thinkingConfig` as the model takes it (`_thinking_config`).  Signatures go back exactly on
the parts they came on.  Gemini 3 answers 400 when a function call of the *current turn* (everything
after the last user text) comes back without its signature; a call made by another vendor (a turn
that fell back to Gemini mid-way) has none, so on Gemini 3 and later the first call of each step
without one gets the validator-skipping value the Gemini docs give for histories from other models
(older models validate none, and get none) -- in every turn, not
only the current one, so a message renders the same bytes in every later pass and turn (the cache
prefix stays stable).  Implicit caching needs a stable prefix: the body puts the
system instruction, tools and the conversation in the same order every pass and nothing that changes
between passes (no ids, no times) before the newest message.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote

import attrs

from ._decoding import as_dict, as_int, as_str, event_json, normalise_arguments
from .catalogue import catalogue
from .errors import BadRequest, StreamTruncated, classify_error_payload
from .model import (
    Delta,
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
from .reasoning import gemini_thinking, gemini_version
from .schemas import sanitize_schema
from .sse import SSEEvent

ORIGIN = ProviderKind.GEMINI.value
#: the documented `thoughtSignature` for function calls Gemini did not make (ai.google.dev/gemini-api/docs/
#: thought-signatures, "history from other models").
FOREIGN_CALL_SIGNATURE = "skip_thought_signature_validator"


# --- request --------------------------------------------------------------------------------


@attrs.frozen
class GeminiOptions:
    #: ask for thought summaries (`thinkingConfig.includeThoughts`) on models that think
    include_thoughts: bool = True
    #: send thought signatures back (False: none at all, for a gateway that rejects the field)
    reasoning_echo: bool = True
    schema_profile: str = "gemini"
    extra_body: Mapping[str, Any] = attrs.field(factory=dict)


def model_path(model: str) -> str:
    """The streaming path for `model` under a `.../v1beta` base URL (`models/` prefix optional)."""
    name = model.removeprefix("models/")
    return f"/models/{quote(name, safe='-._~')}:streamGenerateContent?alt=sse"


def build_request(
    req: PassRequest, options: GeminiOptions | None = None
) -> tuple[str, dict[str, Any], dict[str, str]]:
    """PassRequest -> (path, JSON body, non-secret headers) for POST {base_url}/models/M:streamGenerateContent."""
    opts = options or GeminiOptions()
    system_texts = [req.system] if req.system else []
    system_texts += [m.text() for m in req.messages if m.role is Role.SYSTEM and m.text()]
    body: dict[str, Any] = {}
    if system_texts:
        body["systemInstruction"] = {"parts": [{"text": text} for text in system_texts]}
    if req.tools:
        body["tools"] = catalogue(req.tools, _tools, opts.schema_profile)
        body["toolConfig"] = {"functionCallingConfig": {"mode": "AUTO"}}
    conversation = [m for m in req.messages if m.role is not Role.SYSTEM]
    # models before 3 validate no function-call signature, so get no validator-skipping value
    validated = (gemini_version(req.model) or (3, 0)) >= (3, 0)
    body["contents"] = contents(conversation, signed=opts.reasoning_echo, skip_foreign=validated)
    generation: dict[str, Any] = {}
    if req.max_output_tokens:
        generation["maxOutputTokens"] = req.max_output_tokens
    thinking = _thinking_config(req, opts)
    if thinking:
        generation["thinkingConfig"] = thinking
    if generation:
        body["generationConfig"] = generation
    body.update(opts.extra_body)
    headers = {"content-type": "application/json", "accept": "text/event-stream"}
    return model_path(req.model), body, headers


def _tools(tools: tuple[ToolSpec, ...], profile: str) -> list[dict[str, Any]]:
    declarations = [
        {
            "name": tool.name,
            "description": tool.description,
            "parameters": sanitize_schema(tool.json_schema, profile, canonical=tool.schema_key),
        }
        for tool in tools
    ]
    return [{"functionDeclarations": declarations}]


def _thinking_config(req: PassRequest, opts: GeminiOptions) -> dict[str, Any]:
    """The run's `ReasoningChoice` as the model takes it (`reasoning.gemini_thinking`): Gemini 3 a
    `thinkingLevel` for an effort, Gemini 2.5 a `thinkingBudget` (never both: Gemini refuses the pair);
    thinking off is `thinkingBudget: 0` where the model can stop, the model's default where it cannot;
    models before 2.5 get nothing (they answer 400 to a `thinkingConfig`)."""
    thinking = gemini_thinking(req.model.removeprefix("models/"))
    if thinking is None:
        return {}
    choice = req.reasoning
    if choice.thinking is False and thinking.can_stop:
        return {"thinkingBudget": 0}
    config: dict[str, Any] = {"includeThoughts": True} if opts.include_thoughts else {}
    if thinking.by_level:
        if choice.effort is not None and choice.thinking is not False:
            config["thinkingLevel"] = thinking.level(choice.effort)
    elif choice.wants_thinking:
        config["thinkingBudget"] = thinking.budget(choice)
    return config


def contents(conversation: list[Message], *, signed: bool = True, skip_foreign: bool = True) -> list[dict[str, Any]]:
    """The `contents` list: roles `user` and `model`, one content per run of messages of one role
    (`signed=False`: without any thought signature or thought part; `skip_foreign=False`: a step's
    unsigned first call goes without the validator-skipping value)."""
    names = {p.id: p.name for m in conversation for p in m.parts if isinstance(p, ToolCallPart)}
    out: list[dict[str, Any]] = []
    for message in conversation:
        role = "model" if message.role is Role.ASSISTANT else "user"
        if message.role is Role.ASSISTANT:
            parts = _model_parts(message.parts, signed=signed, skip_foreign=skip_foreign)
        else:
            parts = [p for p in (_user_part(part, names) for part in message.parts) if p is not None]
        if not parts:
            continue
        if out and out[-1]["role"] == role:
            out[-1]["parts"].extend(parts)
        else:
            out.append({"role": role, "parts": parts})
    return out


def _model_parts(parts: Iterable[Any], *, signed: bool, skip_foreign: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    step_signed = not (signed and skip_foreign)  # the step's first call is signed (or none needs to be)
    for part in parts:
        if isinstance(part, TextPart):
            if part.text:
                out.append({"text": part.text})
        elif isinstance(part, ThinkingPart):
            if signed and part.origin == ORIGIN and part.signature:
                out.append({"text": part.text, "thought": True, "thoughtSignature": part.signature})
            # thinking without a Gemini signature (summaries, other vendors' reasoning) is not sent back
        elif isinstance(part, ToolCallPart):
            call: dict[str, Any] = {"name": part.name, "args": _arguments(part.arguments)}
            if part.id:
                call["id"] = part.id
            entry: dict[str, Any] = {"functionCall": call}
            if signed and part.signature:
                entry["thoughtSignature"] = part.signature
                step_signed = True
            elif not step_signed:
                entry["thoughtSignature"] = FOREIGN_CALL_SIGNATURE
                step_signed = True
            out.append(entry)
        else:
            raise TypeError(f"unknown part {part!r}")
    return out


def _user_part(part: Any, names: Mapping[str, str]) -> dict[str, Any] | None:
    if isinstance(part, TextPart):
        return {"text": part.text} if part.text else None
    if isinstance(part, ImagePart):
        return {"inlineData": {"mimeType": part.media_type, "data": part.base64()}}
    if isinstance(part, ToolResultPart):
        response = {"error" if part.is_error else "output": part.content}
        reply: dict[str, Any] = {"name": names.get(part.tool_call_id, ""), "response": response}
        if part.tool_call_id:
            reply["id"] = part.tool_call_id
        return {"functionResponse": reply}
    raise TypeError(f"unknown part {part!r}")


def _arguments(text: str) -> dict[str, Any]:
    try:
        parsed = json.loads(text) if text.strip() else {}
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


# --- stream ---------------------------------------------------------------------------------

_STOP = {
    "STOP": StopReason.END_TURN,
    "MAX_TOKENS": StopReason.MAX_TOKENS,
}


@attrs.define
class GeminiDecoder:
    provider: str = "gemini"
    _thinking_open: bool = False
    _tool_count: int = 0
    _usage: Usage | None = None
    _response_id: str = ""
    _done: bool = False

    def feed(self, event: SSEEvent) -> list[Delta]:
        if self._done:
            return []
        data = event_json(self.provider, event)
        if "error" in data:
            raise classify_error_payload(self.provider, data["error"])
        self._response_id = self._response_id or as_str(data.get("responseId"))
        out: list[Delta] = []
        usage = data.get("usageMetadata")
        if isinstance(usage, dict):
            self._usage = _usage(usage)
        candidates = data.get("candidates")
        candidate = as_dict(candidates[0]) if isinstance(candidates, list) and candidates else {}
        if not candidate:
            block = as_str(as_dict(data.get("promptFeedback")).get("blockReason"))
            if block:
                raise BadRequest(self.provider, f"Gemini blocked the prompt ({block})")
        for part in as_dict(candidate.get("content")).get("parts") or ():
            if isinstance(part, dict):
                self._part(part, out)
        reason = candidate.get("finishReason")
        if isinstance(reason, str) and reason:
            self._end(reason, out)
        return out

    def finish(self) -> list[Delta]:
        if not self._done:
            raise StreamTruncated(self.provider, "generateContent stream ended without a finishReason")
        return []

    # --- internals ------------------------------------------------------------------------

    def _part(self, part: dict[str, Any], out: list[Delta]) -> None:
        signature = as_str(part.get("thoughtSignature")) or None
        call = part.get("functionCall")
        if isinstance(call, dict):
            self._close_thinking(out, None)
            self._call(call, signature, out)
            return
        text = as_str(part.get("text"))
        if part.get("thought") is True:
            if text:
                out.append(ThinkingDelta(text))
            self._thinking_open = True
            if signature:
                self._close_thinking(out, signature)
            return
        self._close_thinking(out, signature)
        if text:
            out.append(TextDelta(text))

    def _close_thinking(self, out: list[Delta], signature: str | None) -> None:
        if self._thinking_open:
            out.append(ThinkingDone(signature=signature, origin=ORIGIN))
            self._thinking_open = False

    def _call(self, call: dict[str, Any], signature: str | None, out: list[Delta]) -> None:
        ordinal = self._tool_count
        self._tool_count += 1
        call_id = as_str(call.get("id")) or f"call_{self._response_id or 'gemini'}_{ordinal}"
        name = as_str(call.get("name"))
        args = call.get("args")
        arguments = json.dumps(args, ensure_ascii=False) if isinstance(args, dict) and args else ""
        out.append(ToolCallStart(ordinal, call_id, name))
        if arguments:
            out.append(ToolCallArgsDelta(ordinal, arguments))
        out.append(ToolCallDone(ordinal, call_id, name, normalise_arguments(arguments), signature))

    def _end(self, reason: str, out: list[Delta]) -> None:
        self._close_thinking(out, None)
        if self._usage is not None:
            out.append(self._usage)
        stop = _STOP.get(reason, StopReason.OTHER)
        if stop is StopReason.END_TURN and self._tool_count:
            stop = StopReason.TOOL_USE  # Gemini says STOP after function calls too
        out.append(PassEnd(stop))
        self._done = True


def _usage(metadata: dict[str, Any]) -> Usage:
    """`promptTokenCount` includes the cached part; thoughts are billed as output but counted apart."""
    thoughts = as_int(metadata.get("thoughtsTokenCount"))
    return Usage(
        input=as_int(metadata.get("promptTokenCount")) + as_int(metadata.get("toolUsePromptTokenCount")),
        output=as_int(metadata.get("candidatesTokenCount")) + thoughts,
        cache_read=as_int(metadata.get("cachedContentTokenCount")),
        reasoning=thoughts,
    )
