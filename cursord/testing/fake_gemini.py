"""A fake Gemini server: the scripted `FakeProvider` with Gemini's request rules (`GeminiRules`) in front.

Each request is checked before its scripted reply is taken; a request that breaks a rule gets the
error Gemini documents for it (a google.rpc status body) and the script keeps its reply for the next
request.  The rules (`gemini_refusal`):

- the path is `/v1beta/models/{model}:streamGenerateContent?alt=sse` (else 404 NOT_FOUND), with an
  `x-goog-api-key` header (none: 403 PERMISSION_DENIED; not `api_key`: 400 API_KEY_INVALID);
- the body has only `GenerateContentRequest` fields, roles are `user`/`model`, no content is empty;
- every tool schema keeps to Gemini's Schema subset: known keywords only, `type` one name (no list),
  `enum` of strings (else 400 INVALID_ARGUMENT "Invalid JSON payload received. Unknown name ...");
- the thought-signature rule of Gemini 3 (ai.google.dev/gemini-api/docs/thought-signatures): in the
  current turn (the contents after the last user text), the first `functionCall` part of each model
  step carries a `thoughtSignature`, and every signature sent is one this server streamed (or the
  documented validator-skipping value); else 400 INVALID_ARGUMENT with Gemini's message (as public
  issue threads quote it, e.g. livekit/agents-js#920, block/goose#5792);
- a `thinkingConfig` the model takes: a level or a budget, not both; a level only from Gemini 3 on, and
  one the model has (Pro: low, high); a budget within the model's range, 0 only where thinking can stop
  (`_thinking_refusal`).

Use `async with open_fake_gemini(reply, ...) as fake:` and give cursord `fake.url("/v1beta")`.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import attrs

from cursord.providers.reasoning import gemini_version

from .fake_providers import FakeProvider, RecordedRequest, Reply, Send, open_fake_provider
from .provider_streams import gemini_error_body
from .vendor_rules import SKIP_VALIDATOR, gemini_missing_signature

API_VERSION = "/v1beta"
_PATH = re.compile(r"^/v1beta/models/(?P<model>[A-Za-z0-9._-]+):streamGenerateContent\?alt=sse$")
_REQUEST_FIELDS = frozenset(
    {"contents", "systemInstruction", "tools", "toolConfig", "generationConfig", "safetySettings", "cachedContent"}
)
_SCHEMA_FIELDS = frozenset(
    {
        "type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties",
        "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf",
        "propertyOrdering", "default", "items", "minimum", "maximum",
    }
)
_TYPES = frozenset({"string", "number", "integer", "boolean", "array", "object", "null"})
_SIGNATURE = re.compile(rb'"thoughtSignature"\s*:\s*"([^"]*)"')
_PRO_3_LEVELS = ("low", "high")
_FLASH_3_LEVELS = ("minimal", "low", "medium", "high")


def _bad(message: str) -> Reply:
    return Reply.json(400, gemini_error_body(400, "INVALID_ARGUMENT", message))


def _unknown_name(name: str, where: str) -> Reply:
    return _bad(f'Invalid JSON payload received. Unknown name "{name}" at \'{where}\': Cannot find field.')


def _schema_refusal(schema: Any, where: str) -> Reply | None:
    if not isinstance(schema, dict):
        return _bad(f"Invalid JSON payload received. Expected an object at '{where}'.")
    for key, value in schema.items():
        if key not in _SCHEMA_FIELDS:
            return _unknown_name(key, where)
        if key == "type" and (not isinstance(value, str) or value.lower() not in _TYPES):
            if isinstance(value, list):
                return _bad(f"Invalid JSON payload received. Proto field is not repeating, cannot start list. "
                            f"at '{where}.type'")
            return _bad(f"Invalid value at '{where}.type' (type.googleapis.com/google.ai.generativelanguage."
                        f"v1beta.Type), {json.dumps(value)}")
        if key == "enum" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return _bad(f"Invalid value at '{where}.enum': enum values must be strings")
    children: list[tuple[Any, str]] = []
    properties = schema.get("properties")
    if isinstance(properties, dict):
        children += [(sub, f"{where}.properties[{i}].value") for i, sub in enumerate(properties.values())]
    if "items" in schema:
        children.append((schema["items"], f"{where}.items"))
    for i, sub in enumerate(schema.get("anyOf") or ()):
        children.append((sub, f"{where}.any_of[{i}]"))
    for child, at in children:
        refusal = _schema_refusal(child, at)
        if refusal is not None:
            return refusal
    return None


def _current_turn(contents: list[Any]) -> list[Any]:
    """The contents after the last user content that holds text or data (not only function responses)."""
    for index in range(len(contents) - 1, -1, -1):
        content = contents[index]
        parts = content.get("parts") if isinstance(content, dict) else None
        if content.get("role") == "user" and any(
            isinstance(p, dict) and ("text" in p or "inlineData" in p) for p in parts or ()
        ):
            return contents[index + 1 :]
    return contents


def gemini_refusal(request: RecordedRequest, api_key: str | None, issued: set[str]) -> Reply | None:
    """The error Gemini answers `request` with, or None when Gemini would take it."""
    path = _PATH.match(request.path)
    if path is None:
        return Reply.json(404, gemini_error_body(404, "NOT_FOUND", f"Method not found: {request.path}"))
    key = request.headers.get("x-goog-api-key")
    if not key:
        message = "Method doesn't allow unregistered callers (callers without established identity)."
        return Reply.json(403, gemini_error_body(403, "PERMISSION_DENIED", message))
    if api_key is not None and key != api_key:
        info = {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                "domain": "googleapis.com"}
        body = gemini_error_body(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", info)
        return Reply.json(400, body)
    body = request.json
    if not isinstance(body, dict):
        return _bad("Invalid JSON payload received.")
    for name in body:
        if name not in _REQUEST_FIELDS:
            return _unknown_name(name, "")
    contents = body.get("contents")
    if not isinstance(contents, list) or not contents:
        return _bad("* GenerateContentRequest.contents: contents is not specified")
    for i, content in enumerate(contents):
        if not isinstance(content, dict) or content.get("role") not in ("user", "model"):
            return _bad(f"Please use a valid role: user, model. (contents[{i}])")
        if not content.get("parts"):
            return _bad(f"* GenerateContentRequest.contents[{i}].parts: contents.parts must not be empty.")
    for t, tool in enumerate(body.get("tools") or ()):
        for d, declaration in enumerate(tool.get("functionDeclarations") or ()):
            where = f"tools[{t}].function_declarations[{d}].parameters"
            refusal = _schema_refusal(declaration.get("parameters", {}), where)
            if refusal is not None:
                return refusal
    thinking = (body.get("generationConfig") or {}).get("thinkingConfig")
    if isinstance(thinking, dict):
        refusal = _thinking_refusal(path["model"], thinking)
        if refusal is not None:
            return refusal
    return _signature_refusal(contents, issued)


def _thinking_refusal(model: str, config: dict[str, Any]) -> Reply | None:
    """Gemini's answers to a `thinkingConfig` its model does not take (the messages as quoted in
    sterlp/eclipse-peon-ai#115, RooCodeInc/Roo-Code#10700, heyhuynhgiabuu/proxypal#170,
    snailyp/gemini-balance#206 and RooCodeInc/Roo-Code#4399; the levels and budget ranges per model
    from ai.google.dev/gemini-api/docs/thinking). A name without a version is taken as the newest."""
    level, budget = config.get("thinkingLevel"), config.get("thinkingBudget")
    if level is not None and budget is not None:
        return _bad("You can only set only one of thinking budget and thinking level.")
    version = gemini_version(model) or (99, 0)
    flash = "flash" in model
    if level is not None:
        if version < (3, 0):
            return _bad("Thinking level is not supported for this model.")
        if str(level).lower() not in (_FLASH_3_LEVELS if flash else _PRO_3_LEVELS):
            return _bad(f"Thinking level {str(level).upper()} is not supported for this model.")
    if budget is not None:
        if budget == 0 and not (flash and version < (3, 0)):
            return _bad("Budget 0 is invalid. This model only works in thinking mode.")
        low, high = (512 if "lite" in model else 1, 24_576) if flash else (128, 32_768)
        if budget not in (0, -1) and not low <= budget <= high:
            return _bad(f"The thinking budget ({budget}) is invalid.")
    return None


def _signature_refusal(contents: list[Any], issued: set[str]) -> Reply | None:
    for content in contents:
        for part in content.get("parts") or ():
            signature = part.get("thoughtSignature") if isinstance(part, dict) else None
            if signature is not None and signature not in issued and signature != SKIP_VALIDATOR:
                return _bad("Unable to submit request because Thought signature is not valid.")
    position = 0
    for content in _current_turn(contents):
        if content.get("role") != "model":
            continue
        calls = [p for p in content["parts"] if isinstance(p, dict) and "functionCall" in p]
        position += 1
        if calls and "thoughtSignature" not in calls[0]:
            return _bad(gemini_missing_signature(calls[0]["functionCall"].get("name", ""), position))
    return None


@attrs.define
class GeminiRules:
    """Gemini's rules as a `VendorRule` (see the module docstring): the signatures it may see come back are
    the ones the replies it served carried."""

    #: the key requests must carry (None: any non-empty key)
    api_key: str | None = None
    issued: set[str] = attrs.field(factory=set)

    def observe(self, request: RecordedRequest, reply: Reply) -> Reply:
        for step in reply.body:
            if isinstance(step, Send):
                self.issued.update(m.decode() for m in _SIGNATURE.findall(step.data))
        return reply

    def check(self, request: RecordedRequest) -> Reply | None:
        return gemini_refusal(request, self.api_key, self.issued)


@asynccontextmanager
async def open_fake_gemini(*replies: Reply, api_key: str | None = None) -> AsyncIterator[FakeProvider]:
    """Serve a fake Gemini with this script for the duration of the block."""
    async with open_fake_provider(*replies, rules=(GeminiRules(api_key),)) as fake:
        yield fake
