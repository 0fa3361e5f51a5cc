"""Anthropic Messages API: request builder and stream decoder.

Theory of operation (decoder): `message_start` carries the prompt's usage; content blocks then
stream by `index`: `content_block_start` opens a block (text, thinking, redacted_thinking or
tool_use), `content_block_delta` extends it (text_delta, thinking_delta, signature_delta,
input_json_delta), `content_block_stop` closes it -- a thinking block closes with its
accumulated signature (`ThinkingDone(signature=...)`), a redacted block with its data, a
tool_use block with `ToolCallDone`.  `message_delta` carries the stop reason and cumulative
usage; `message_stop` is the terminal marker: `Usage` then `PassEnd`.  `ping` is ignored; an
`error` event raises the classified error.  Without `message_stop`, `finish()` raises
`StreamTruncated`.

Builder: thinking and redacted_thinking blocks are sent back exactly as received (text and
signature unchanged: the API answers 400 otherwise). Thinking is asked for when the user picked it
(`ReasoningChoice.wants_thinking`): adaptive (`thinking: {type: "adaptive", display: "summarized"}`,
the effort in `output_config.effort`) for Claude 4.6 and later, which take nothing else or deprecate the rest, else
`budget_tokens` (`cursord.providers.reasoning.anthropic_adaptive`). With thinking on, the API wants the
assistant message of the tool round in progress to start with a signed thinking block; when it
cannot (a gateway streamed the thinking without a signature, or another vendor wrote the message) the
pass goes without thinking, as the API's error advises, instead of failing.  Prompt caching puts
`cache_control: ephemeral` on the last tool, the last system block and the last block of the
conversation so far (tools, system, earlier turns: the stable prefix).  The message breakpoint
moves forward every pass; the API finds the previous pass's prefix by looking back from it, so each
pass of a tool loop reads what the one before wrote (3 of the 4 breakpoints the API allows).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from ._decoding import as_dict, as_int, as_str, event_json, normalise_arguments
from .catalogue import catalogue
from .errors import StreamTruncated, classify_error_payload
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
from .reasoning import anthropic_adaptive
from .schemas import sanitize_schema
from .sse import SSEEvent

ORIGIN = ProviderKind.ANTHROPIC.value
ANTHROPIC_VERSION = "2023-06-01"
_EPHEMERAL = {"type": "ephemeral"}


# --- request --------------------------------------------------------------------------------


@attrs.frozen
class AnthropicOptions:
    default_max_tokens: int = 8192  # max_tokens is required by the API
    cache_system: bool = True
    cache_tools: bool = True
    cache_last_message: bool = True  # a third breakpoint on the conversation so far
    betas: tuple[str, ...] = ()  # anthropic-beta header values
    schema_profile: str = "anthropic"
    extra_body: Mapping[str, Any] = attrs.field(factory=dict)


def build_request(
    req: PassRequest, options: AnthropicOptions | None = None
) -> tuple[str, dict[str, Any], dict[str, str]]:
    """PassRequest -> (path, JSON body, non-secret headers) for POST {base_url}/v1/messages."""
    opts = options or AnthropicOptions()
    system_texts = [req.system] if req.system else []
    system_texts += [m.text() for m in req.messages if m.role is Role.SYSTEM and m.text()]
    messages = _messages([m for m in req.messages if m.role is not Role.SYSTEM])
    max_tokens = req.max_output_tokens or opts.default_max_tokens
    body: dict[str, Any] = {
        "model": req.model,
        "max_tokens": max_tokens,
        "messages": messages,
        "stream": True,
    }
    if system_texts:
        blocks: list[dict[str, Any]] = [{"type": "text", "text": t} for t in system_texts]
        if opts.cache_system:
            blocks[-1]["cache_control"] = dict(_EPHEMERAL)
        body["system"] = blocks
    if req.tools:
        body["tools"] = catalogue(req.tools, _tools, opts.schema_profile, opts.cache_tools)
    if req.reasoning.wants_thinking and _tool_round_can_think(messages):
        if anthropic_adaptive(req.model):
            # Opus 4.7 and later omit the thinking text unless asked: the editor would show none
            body["thinking"] = {"type": "adaptive", "display": "summarized"}
            if req.reasoning.effort is not None:
                body["output_config"] = {"effort": req.reasoning.effort.value}
        else:
            budget = req.reasoning.budget()
            body["thinking"] = {"type": "enabled", "budget_tokens": budget}
            if max_tokens <= budget:
                body["max_tokens"] = budget + opts.default_max_tokens
    if opts.cache_last_message and messages:
        for block in reversed(messages[-1]["content"]):
            if block["type"] not in ("thinking", "redacted_thinking"):
                block["cache_control"] = dict(_EPHEMERAL)
                break
    body.update(opts.extra_body)
    headers = {
        "content-type": "application/json",
        "accept": "text/event-stream",
        "anthropic-version": ANTHROPIC_VERSION,
    }
    if opts.betas:
        headers["anthropic-beta"] = ",".join(opts.betas)
    return "/v1/messages", body, headers


def _tools(tools: tuple[ToolSpec, ...], profile: str, cache: bool) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = [
        {
            "name": tool.name,
            "description": tool.description,
            "input_schema": sanitize_schema(tool.json_schema, profile, canonical=tool.schema_key),
        }
        for tool in tools
    ]
    if cache:
        entries[-1]["cache_control"] = dict(_EPHEMERAL)
    return entries


def _tool_round_can_think(messages: list[dict[str, Any]]) -> bool:
    """False when the conversation ends in a tool round (an assistant message with tool_use, then the
    results) whose assistant message does not start with a thinking block: with thinking on the API
    answers that with 400 ("a final `assistant` message must start with a thinking block")."""
    if len(messages) < 2 or messages[-1]["role"] != "user" or messages[-2]["role"] != "assistant":
        return True
    if not any(block["type"] == "tool_result" for block in messages[-1]["content"]):
        return True
    blocks = messages[-2]["content"]
    if not any(block["type"] == "tool_use" for block in blocks):
        return True
    return blocks[0]["type"] in ("thinking", "redacted_thinking")


def _messages(conversation: list[Message]) -> list[dict[str, Any]]:
    """Anthropic wants alternating user/assistant turns: tool results ride in user turns, and
    consecutive turns of one role are merged (all results of one tool round in one turn)."""
    out: list[dict[str, Any]] = []
    for message in conversation:
        role = "assistant" if message.role is Role.ASSISTANT else "user"
        blocks = [b for b in (_block(p) for p in message.parts) if b is not None]
        if not blocks:
            continue
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})
    return out


def _block(part: Any) -> dict[str, Any] | None:
    if isinstance(part, TextPart):
        return {"type": "text", "text": part.text} if part.text else None
    if isinstance(part, ImagePart):
        source = {"type": "base64", "media_type": part.media_type, "data": part.base64()}
        return {"type": "image", "source": source}
    if isinstance(part, ThinkingPart):
        if part.origin not in (None, ORIGIN):
            return None  # another vendor's signature means nothing here
        if part.redacted_data is not None:
            return {"type": "redacted_thinking", "data": part.redacted_data}
        if part.signature:
            return {"type": "thinking", "thinking": part.text, "signature": part.signature}
        return None  # unsigned thinking would be rejected
    if isinstance(part, ToolCallPart):
        try:
            parsed = json.loads(part.arguments) if part.arguments.strip() else {}
        except ValueError:
            parsed = {}
        return {
            "type": "tool_use",
            "id": part.id,
            "name": part.name,
            "input": parsed if isinstance(parsed, dict) else {},
        }
    if isinstance(part, ToolResultPart):
        block: dict[str, Any] = {
            "type": "tool_result",
            "tool_use_id": part.tool_call_id,
            "content": part.content,
        }
        if part.is_error:
            block["is_error"] = True
        return block
    raise TypeError(f"unknown part {part!r}")


# --- stream ---------------------------------------------------------------------------------


@attrs.define
class _Block:
    kind: str
    ordinal: int = -1
    id: str = ""
    name: str = ""
    args: list[str] = attrs.field(factory=list)
    start_input: str = ""
    signature: list[str] = attrs.field(factory=list)
    redacted: str = ""
    closed: bool = False


_STOP = {
    "end_turn": StopReason.END_TURN,
    "stop_sequence": StopReason.END_TURN,
    "tool_use": StopReason.TOOL_USE,
    "max_tokens": StopReason.MAX_TOKENS,
}


@attrs.define
class AnthropicDecoder:
    provider: str = "anthropic"
    _blocks: dict[int, _Block] = attrs.field(factory=dict)
    _tool_count: int = 0
    _usage: dict[str, int] = attrs.field(factory=dict)
    _stop_reason: str | None = None
    _done: bool = False

    def feed(self, event: SSEEvent) -> list[Delta]:
        if self._done:
            return []
        data = event_json(self.provider, event)
        kind = as_str(data.get("type")) or event.event
        out: list[Delta] = []
        if kind == "content_block_delta":
            self._delta(data, out)
        elif kind == "content_block_start":
            self._start(data, out)
        elif kind == "content_block_stop":
            block = self._blocks.get(as_int(data.get("index")))
            if block is not None:
                self._stop(block, out)
        elif kind == "message_start":
            self._take_usage(as_dict(as_dict(data.get("message")).get("usage")))
        elif kind == "message_delta":
            reason = as_dict(data.get("delta")).get("stop_reason")
            if isinstance(reason, str):
                self._stop_reason = reason
            self._take_usage(as_dict(data.get("usage")))
        elif kind == "message_stop":
            self._end(out)
        elif kind == "error":
            raise classify_error_payload(self.provider, data.get("error") or data)
        return out

    def finish(self) -> list[Delta]:
        if not self._done:
            raise StreamTruncated(self.provider, "messages stream ended without message_stop")
        return []

    # --- internals ------------------------------------------------------------------------

    def _start(self, data: dict[str, Any], out: list[Delta]) -> None:
        index = as_int(data.get("index"))
        content = as_dict(data.get("content_block"))
        kind = as_str(content.get("type"))
        block = self._blocks[index] = _Block(kind=kind)
        if kind == "text":
            text = as_str(content.get("text"))
            if text:
                out.append(TextDelta(text))
        elif kind == "thinking":
            text = as_str(content.get("thinking"))
            if text:
                out.append(ThinkingDelta(text))
            signature = as_str(content.get("signature"))
            if signature:
                block.signature.append(signature)
        elif kind == "redacted_thinking":
            block.redacted = as_str(content.get("data"))
        elif kind == "tool_use":
            block.ordinal = self._tool_count
            self._tool_count += 1
            block.id = as_str(content.get("id"))
            block.name = as_str(content.get("name"))
            start_input = content.get("input")
            if isinstance(start_input, dict) and start_input:
                block.start_input = json.dumps(start_input)
            out.append(ToolCallStart(block.ordinal, block.id, block.name))

    def _delta(self, data: dict[str, Any], out: list[Delta]) -> None:
        block = self._blocks.get(as_int(data.get("index")))
        if block is None or block.closed:
            return
        delta = as_dict(data.get("delta"))
        kind = delta.get("type")
        if kind == "text_delta":
            text = as_str(delta.get("text"))
            if text:
                out.append(TextDelta(text))
        elif kind == "thinking_delta":
            text = as_str(delta.get("thinking"))
            if text:
                out.append(ThinkingDelta(text))
        elif kind == "signature_delta":
            block.signature.append(as_str(delta.get("signature")))
        elif kind == "input_json_delta":
            fragment = as_str(delta.get("partial_json"))
            if fragment and block.kind == "tool_use":
                block.args.append(fragment)
                out.append(ToolCallArgsDelta(block.ordinal, fragment))

    def _stop(self, block: _Block, out: list[Delta]) -> None:
        if block.closed:
            return
        block.closed = True
        if block.kind == "thinking":
            out.append(ThinkingDone(signature="".join(block.signature) or None, origin=ORIGIN))
        elif block.kind == "redacted_thinking":
            out.append(ThinkingDone(redacted=block.redacted, origin=ORIGIN))
        elif block.kind == "tool_use":
            if not block.args and block.start_input:
                block.args.append(block.start_input)
                out.append(ToolCallArgsDelta(block.ordinal, block.start_input))
            out.append(ToolCallDone(block.ordinal, block.id, block.name, normalise_arguments("".join(block.args))))

    def _take_usage(self, usage: dict[str, Any]) -> None:
        for key in (
            "input_tokens",
            "output_tokens",
            "cache_read_input_tokens",
            "cache_creation_input_tokens",
        ):
            value = usage.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                # message_delta counts are cumulative; some proxies send 0 for fields they
                # do not repeat, so never let a later event lower a count.
                self._usage[key] = max(value, self._usage.get(key, 0))

    def _end(self, out: list[Delta]) -> None:
        for index in sorted(self._blocks):
            self._stop(self._blocks[index], out)
        if self._usage:
            cache_read = self._usage.get("cache_read_input_tokens", 0)
            cache_write = self._usage.get("cache_creation_input_tokens", 0)
            out.append(
                Usage(
                    input=self._usage.get("input_tokens", 0) + cache_read + cache_write,
                    output=self._usage.get("output_tokens", 0),
                    cache_read=cache_read,
                    cache_write=cache_write,
                )
            )
        stop = _STOP.get(self._stop_reason or "", StopReason.OTHER)
        if self._stop_reason is None and self._tool_count:
            stop = StopReason.TOOL_USE
        out.append(PassEnd(stop))
        self._done = True
