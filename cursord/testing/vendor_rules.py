"""The vendors' second-pass rules, enforced by the fake providers (`cursord.testing.fake_providers.VendorRule`).

A tool turn is several passes, and reasoning models want their reasoning back on the later ones. Each
rule here watches what its fake streamed (`observe`: it may also reshape the reply as the vendor
would, given the request) and checks every later request against it (`check`: the vendor's documented
error reply, or None). `FakeProvider(rules=...)` applies them: a request a rule refuses gets the
rule's reply, and the scripted reply waits for the next request. So a regression that loses reasoning
between passes fails a test with the error the user would have seen.

Provenance of each rule and error body is in its docstring: the vendor's documentation where it
states the rule, and the error text as public issue threads quote the vendor's API answering it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import attrs

from .fake_providers import RecordedRequest, Reply, Send
from .provider_streams import anthropic_error_body, gemini_error_body, sse

#: what Gemini 3 takes in place of a thought signature on a call it did not make (the docs' "history from other
#: models"), natively and through its OpenAI-compatible endpoint
SKIP_VALIDATOR = "skip_thought_signature_validator"

# --- reading and rewriting scripted streams ----------------------------------------------------


def _events(reply: Reply) -> Iterator[tuple[int, str | None, Any]]:
    """(step index, SSE event name, parsed JSON data) of each event a reply's steps hold."""
    for step_index, step in enumerate(reply.body):
        if not isinstance(step, Send):
            continue
        for block in step.data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n\n"):
            name: str | None = None
            data: list[str] = []
            for line in block.split("\n"):
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip(" "))
            if not data:
                continue
            try:
                yield step_index, name, json.loads("\n".join(data))
            except ValueError:
                continue  # [DONE]


def _messages(request: RecordedRequest, key: str = "messages") -> list[Any]:
    body = request.json if isinstance(request.json, dict) else {}
    value = body.get(key)
    return value if isinstance(value, list) else []


def _current_turn_start(items: list[Any]) -> int:
    """Index just after the last user message: where the turn in progress starts."""
    for index in range(len(items) - 1, -1, -1):
        item = items[index]
        if isinstance(item, dict) and item.get("role") == "user" and item.get("type", "message") == "message":
            return index + 1
    return 0


def _openai_error(status: int, message: str, *, param: str | None = None, code: str | None = None) -> Reply:
    return Reply.json(
        status, {"error": {"message": message, "type": "invalid_request_error", "param": param, "code": code}}
    )


# --- DeepSeek thinking mode (and Kimi) ----------------------------------------------------------


KIMI_MESSAGE = "thinking is enabled but {field} is missing in assistant tool call message at index {index}"


@attrs.define
class ChatReasoningRequired:
    """DeepSeek's thinking mode: an assistant message with `tool_calls` must carry its reasoning back.

    api-docs.deepseek.com/guides/thinking_mode ("Tool calls"): "For turns that do perform tool calls,
    the reasoning_content must be fully passed back to the API in all subsequent requests. If your code
    does not correctly pass back reasoning_content, the API will return a 400 error." Thinking mode is
    on by default and off with `thinking: {"type": "disabled"}`. The error body is the one DeepSeek
    answers (quoted in anomalyco/opencode#24083 and crewAIInc/crewAI#5878). Moonshot documents the same
    for Kimi's thinking models (`reasoning_content` kept in the context of a tool loop): same rule, with
    Kimi's text (`KIMI_MESSAGE`, as OpenRouter relayed it in iOfficeAI/AionUi#2746). `field` is where the
    server wants it (a vLLM-style server: `reasoning`).
    """

    field: str = "reasoning_content"
    message: str = "The {field} in the thinking mode must be passed back to the API."

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        return reply

    def check(self, request: RecordedRequest) -> Reply | None:
        body = request.json if isinstance(request.json, dict) else {}
        thinking = body.get("thinking")
        if isinstance(thinking, dict) and thinking.get("type") == "disabled":
            return None
        for index, message in enumerate(_messages(request)):
            if not isinstance(message, dict) or message.get("role") != "assistant" or not message.get("tool_calls"):
                continue
            if not isinstance(message.get(self.field), str):
                text = self.message.format(field=self.field, index=index)
                return _openai_error(400, text, code="invalid_request_error")
        return None


# --- OpenAI's own chat completions (and other strict servers) ---------------------------------------

_ASSISTANT_KEYS = frozenset({"role", "content", "name", "refusal", "audio", "tool_calls", "function_call"})
_TOOL_CALL_KEYS = frozenset({"id", "type", "function"})


@attrs.define
class ChatStrictMessages:
    """A server that validates messages against OpenAI's schema: no field it does not know.

    platform.openai.com/docs/api-reference/chat/create lists an assistant message's fields (role,
    content, name, refusal, audio, tool_calls) and a tool call's (id, type, function); OpenAI answers
    others with 400 "Additional properties are not allowed ('id' was unexpected) - 'messages.0'"
    (quoted in transitive-bullshit/agentic#531 and openai/openai-node#1161), Cerebras likewise
    (Kilo-Org/kilocode#10375, for `reasoning_content`). So reasoning is never echoed to a server that
    never streamed any.
    """

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        return reply

    def check(self, request: RecordedRequest) -> Reply | None:
        for index, message in enumerate(_messages(request)):
            if not isinstance(message, dict) or message.get("role") != "assistant":
                continue
            extra = sorted(set(message) - _ASSISTANT_KEYS)
            for call in message.get("tool_calls") or []:
                extra += sorted(set(call) - _TOOL_CALL_KEYS)
            if extra:
                unexpected = ", ".join(f"'{key}'" for key in extra)
                verb = "was" if len(extra) == 1 else "were"
                message_text = f"Additional properties are not allowed ({unexpected} {verb} unexpected)"
                return _openai_error(400, f"{message_text} - 'messages.{index}'")
        return None


# --- OpenRouter relaying a model that signs its reasoning (Claude) ------------------------------------


@attrs.define
class OpenRouterReasoningDetails:
    """OpenRouter in front of Claude: a tool call's signed reasoning must come back as `reasoning_details`.

    openrouter.ai/docs/use-cases/reasoning-tokens ("Preserving reasoning blocks"): pass the
    `reasoning_details` of an assistant message back unmodified, in particular in a tool loop, so the
    upstream model gets its signed thinking. Otherwise the upstream's 400 comes back wrapped in
    OpenRouter's error ("Provider returned error", the raw body in `metadata.raw`): here Anthropic's
    "a final `assistant` message must start with a thinking block", as OpenRouterTeam/ai-sdk-provider#162
    reports it.
    """

    issued: dict[str, set[str]] = attrs.field(factory=dict)  # call id -> signatures streamed with it

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        signatures: set[str] = set()
        calls: list[str] = []
        for _, _, data in _events(reply):
            for choice in data.get("choices") or [] if isinstance(data, dict) else []:
                delta = choice.get("delta") or {}
                for detail in delta.get("reasoning_details") or []:
                    if detail.get("signature") or detail.get("data"):
                        signatures.add(detail.get("signature") or detail.get("data"))
                calls += [call["id"] for call in delta.get("tool_calls") or [] if call.get("id")]
        for call_id in calls:
            if signatures:
                self.issued[call_id] = signatures
        return reply

    def check(self, request: RecordedRequest) -> Reply | None:
        for index, message in enumerate(_messages(request)):
            if not isinstance(message, dict) or message.get("role") != "assistant":
                continue
            calls = message.get("tool_calls") or []
            needed = set().union(*(self.issued.get(call.get("id"), set()) for call in calls))
            sent = {d.get("signature") or d.get("data") for d in message.get("reasoning_details") or []}
            if needed - sent:
                upstream = _FINAL_THINKING.format(index=index, found="tool_use")
                raw = json.dumps(anthropic_error_body("invalid_request_error", upstream))
                error = {"message": "Provider returned error", "code": 400, "metadata": {"raw": raw}}
                error["metadata"] = {"raw": raw, "provider_name": "Anthropic"}
                return Reply.json(400, {"error": error})
        return None


# --- Gemini 3 through its OpenAI-compatible endpoint ------------------------------------------------


@attrs.define
class GeminiThoughtSignatures:
    """Gemini 3: every function call step of the current turn must come back signed.

    ai.google.dev/gemini-api/docs/thought-signatures: signatures are "strictly validated" for function
    calling in the current turn (since the last user message); the first function call of each step
    carries one, and through the OpenAI-compatible endpoint it travels as
    `tool_calls[].extra_content.google.thought_signature`. A step Gemini did not make (another vendor's,
    before a fallback) must carry the documented `skip_thought_signature_validator` instead; any other
    value is refused as corrupted. A missing one is a 400 whose body, a JSON list, is quoted in
    niki914/zafiro#100 and manthanabc/paws#103 (the "position" is where the call sits in Gemini's own
    contents; here, the message index). Earlier turns are not checked.
    """

    issued: dict[str, str] = attrs.field(factory=dict)  # call id -> the signature streamed with it

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        for _, _, data in _events(reply):
            for choice in data.get("choices") or [] if isinstance(data, dict) else []:
                for call in (choice.get("delta") or {}).get("tool_calls") or []:
                    google = (call.get("extra_content") or {}).get("google") or {}
                    if call.get("id") and google.get("thought_signature"):
                        self.issued[call["id"]] = google["thought_signature"]
        return reply

    def check(self, request: RecordedRequest) -> Reply | None:
        messages = _messages(request)
        for index in range(_current_turn_start(messages), len(messages)):
            message = messages[index]
            if not isinstance(message, dict) or message.get("role") != "assistant":
                continue
            calls = message.get("tool_calls") or []
            if not calls:
                continue
            first = calls[0]
            sent = ((first.get("extra_content") or {}).get("google") or {}).get("thought_signature")
            if sent == self.issued.get(first.get("id"), SKIP_VALIDATOR):
                continue
            name = (first.get("function") or {}).get("name", "")
            text = gemini_missing_signature(name, index) if sent is None else "Corrupted thought signature."
            return Reply.json(400, [gemini_error_body(400, "INVALID_ARGUMENT", text)])
        return None


def gemini_missing_signature(name: str, position: int) -> str:
    """Gemini 3's message for a current-turn function call `name` sent back without its thought signature
    (natively and through the OpenAI-compatible endpoint alike; quoted in the threads cited above)."""
    return (
        "Function call is missing a thought_signature in functionCall parts. This is required for tools to "
        "work correctly, and missing thought_signature may lead to degraded model performance. Additional "
        f"data, function call `default_api:{name}` , position {position}. Please refer to "
        "https://ai.google.dev/gemini-api/docs/thought-signatures for more details."
    )


# --- Anthropic extended and adaptive thinking -----------------------------------------------------

_FINAL_THINKING = (
    "messages.{index}.content.0.type: Expected `thinking` or `redacted_thinking`, but found `{found}`. "
    "When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding "
    "the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks "
    "from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation "
    "at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
)
_ADAPTIVE_ONLY = (
    '"thinking.type.enabled" is not supported for this model. '
    'Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'
)


@attrs.define
class AnthropicThinking:
    """Anthropic's thinking rules for a tool loop, and adaptive-only models.

    docs.claude.com/en/docs/build-with-claude/extended-thinking ("Preserving thinking blocks"): with
    thinking on, the thinking blocks of the assistant turn in a tool loop must be passed back unchanged,
    signature included; the final assistant message must start with a thinking block. The 400 texts are
    the API's, quoted in anomalyco/opencode#3077 and OpenRouterTeam/ai-sdk-provider#162 (final message),
    and in freecodexyz/free-code#32 (`adaptive_only`: Claude Opus 4.7 and later, whose docs on Amazon
    Bedrock's "Adaptive thinking" page say `thinking.type: "enabled"` "will return a 400 error").
    A thinking block whose signature is not one this fake issued for that text is refused as the API
    refuses an altered one; one without a signature as a missing field.
    """

    adaptive_only: bool = False
    issued: dict[str, str] = attrs.field(factory=dict)  # signature -> the thinking text it signs

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        texts: dict[int, list[str]] = {}
        for _, _, data in _events(reply):
            if not isinstance(data, dict):
                continue
            index = int(data.get("index") or 0)
            delta = data.get("delta") or {}
            block = data.get("content_block") or {}
            if data.get("type") == "content_block_start" and block.get("type") == "thinking":
                texts[index] = []
            elif delta.get("type") == "thinking_delta" and index in texts:
                texts[index].append(delta.get("thinking", ""))
            elif delta.get("type") == "signature_delta" and index in texts:
                self.issued[delta.get("signature", "")] = "".join(texts[index])
        return reply

    def check(self, request: RecordedRequest) -> Reply | None:
        body = request.json if isinstance(request.json, dict) else {}
        thinking: dict[str, Any] = body["thinking"] if isinstance(body.get("thinking"), dict) else {}
        kind = thinking.get("type")
        if kind == "enabled" and self.adaptive_only:
            return _anthropic_400(_ADAPTIVE_ONLY)
        if kind == "enabled" and thinking.get("budget_tokens", 0) >= body.get("max_tokens", 0):
            return _anthropic_400("`max_tokens` must be greater than `thinking.budget_tokens`")
        messages = _messages(request)
        for i, message in enumerate(messages):
            for j, block in enumerate(message.get("content") or [] if isinstance(message, dict) else []):
                if not isinstance(block, dict) or block.get("type") != "thinking":
                    continue
                signature = block.get("signature")
                if not isinstance(signature, str):
                    return _anthropic_400(f"messages.{i}.content.{j}.thinking.signature: Field required")
                if self.issued.get(signature) != block.get("thinking"):
                    return _anthropic_400(f"messages.{i}.content.{j}: Invalid `signature` in `thinking` block")
        if kind in ("enabled", "adaptive") and len(messages) >= 2:
            last, reply = messages[-1], messages[-2]
            results = [b for b in last.get("content") or [] if isinstance(b, dict) and b.get("type") == "tool_result"]
            blocks = reply.get("content") or []
            if results and reply.get("role") == "assistant" and blocks:
                first = blocks[0].get("type")
                if first not in ("thinking", "redacted_thinking"):
                    return _anthropic_400(_FINAL_THINKING.format(index=len(messages) - 2, found=first))
        return None


def _anthropic_400(message: str) -> Reply:
    return Reply.json(400, anthropic_error_body("invalid_request_error", message))


# --- OpenAI Responses, stateless ----------------------------------------------------------------


@attrs.define
class ResponsesReasoningItems:
    """OpenAI Responses with `store: false`: a reasoning model's reasoning items go back with the calls.

    platform.openai.com/docs/guides/reasoning ("Keeping reasoning items in context", "Encrypted
    reasoning items"): in a function-calling loop the reasoning items of the response must be passed
    back with its function calls; with `store: false` only their `encrypted_content` can carry them,
    and the API returns it only when asked (`include: ["reasoning.encrypted_content"]`): `observe`
    strips it otherwise (from the item and from the completed response), as the API does. A function
    call of the current turn sent back without the reasoning item that preceded it is refused with the
    API's 400 for an unpaired item (the body quoted in mastra-ai/mastra#8738 and
    continuedev/continue#10018); the API itself pairs items by id, which a stateless client does not
    send, so this fake is stricter than the API here: losing the reasoning fails a test instead of
    silently degrading the model. A reasoning item sent by id without content is the 404 the API
    answers (maximhq/bifrost#5410). `reasoning_model=False` stands for a model that does not reason:
    it refuses `reasoning` and the include ("Encrypted content is not supported with this model.").
    """

    reasoning_model: bool = True
    #: call id -> (reasoning item id, the encrypted content streamed with it, or None if stripped)
    required: dict[str, tuple[str, str | None]] = attrs.field(factory=dict)

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        body = request.json if isinstance(request.json, dict) else {}
        wants = "reasoning.encrypted_content" in (body.get("include") or [])
        steps = list(reply.body)
        reasoning: tuple[str, str | None] | None = None
        for step_index, name, data in list(_events(reply)):
            if not isinstance(data, dict):
                continue
            if data.get("type") == "response.completed" and not wants:
                response = data.get("response") or {}
                output = [_without_encrypted(item) for item in response.get("output") or []]
                stripped = {**data, "response": {**response, "output": output}}
                steps[step_index] = Send(sse(stripped, event=name), _delay(steps[step_index]))
            if data.get("type") != "response.output_item.done":
                continue
            item = data.get("item") or {}
            if item.get("type") == "reasoning":
                encrypted = item.get("encrypted_content") if wants else None
                reasoning = (item.get("id", ""), encrypted)
                if not wants:
                    stripped = {**data, "item": _without_encrypted(item)}
                    steps[step_index] = Send(sse(stripped, event=name), _delay(steps[step_index]))
            elif item.get("type") == "function_call" and reasoning is not None:
                self.required[item.get("call_id", "")] = reasoning
        return attrs.evolve(reply, body=tuple(steps))

    def check(self, request: RecordedRequest) -> Reply | None:
        body = request.json if isinstance(request.json, dict) else {}
        if not self.reasoning_model:
            if "reasoning.encrypted_content" in (body.get("include") or []):
                return _openai_error(400, "Encrypted content is not supported with this model.", param="include")
            if "reasoning" in body:
                unsupported = "Unsupported parameter: 'reasoning.effort' is not supported with this model."
                return _openai_error(400, unsupported, param="reasoning.effort")
            return None
        if body.get("store", True):
            return None
        items = _messages(request, "input")
        carried: set[str] = set()
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            if item.get("type") == "reasoning":
                if item.get("id") and not item.get("encrypted_content"):
                    return Reply.json(
                        404,
                        {
                            "error": {
                                "message": f"Item with id '{item['id']}' not found. Items are not persisted when "
                                "`store` is set to false. Try again with `store` set to true, or remove this "
                                "item from your input.",
                                "type": "invalid_request_error",
                                "param": "input",
                                "code": None,
                            }
                        },
                    )
                if item.get("encrypted_content"):
                    carried.add(item["encrypted_content"])
            elif item.get("type") == "function_call" and index >= _current_turn_start(items):
                needed = self.required.get(item.get("call_id", ""))
                if needed is not None and (needed[1] is None or needed[1] not in carried):
                    return _openai_error(
                        400,
                        f"Item 'fc_{item.get('call_id')}' of type 'function_call' was provided without its "
                        f"required 'reasoning' item: '{needed[0]}'.",
                        param="input",
                    )
        return None


def _without_encrypted(item: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in item.items() if key != "encrypted_content"}


def _delay(step: object) -> float:
    return step.delay if isinstance(step, Send) else 0.0
