"""Auto-review: when the user picked it (`request_context.env.smart_mode_classifier_auto_mode_enabled`),
a reviewer pass on the run's own model decides each Shell, MCP and WebFetch call the model makes.

A call the reviewer allows goes to the editor with `skip_approval` and a `smart_mode_approval` naming the
reviewer's reason, so the editor runs it without asking; any other answer, a failed or slow reviewer
included, leaves the call as it was, and the editor asks the user as usual. The reviewer sees the call
only (its tool, its arguments, the workspace), never the conversation, and answers in one line.

`review_request` and `read_verdict` are pure; `review` runs the pass through the router (so the ledger and
a team gateway's budget count it like any other pass).
"""

from __future__ import annotations

import json

import attrs
import trio

from cursord.agent.ledger import PassTag
from cursord.agent.router import ProviderRouter, Route, TextCollector
from cursord.agent.tools import McpTool, ShellTool, Tool, WebFetchTool
from cursord.providers.errors import ProviderError
from cursord.providers.model import Message, PassRequest, ToolCallPart

#: how long one review may take; a slower reviewer leaves the call to the user
REVIEW_SECONDS = 30.0
MAX_REVIEW_CHARS = 8_000
REVIEWER_SYSTEM = """You review one action an AI coding agent wants to take on the user's machine, before it runs.
Allow it only if it is clearly safe: it reads, builds, tests, lists or searches; it changes files only inside the
workspace in ordinary ways; it fetches a public documentation page. Ask the user for anything that deletes or
overwrites outside the workspace, uses sudo, changes system or git remote state (push, force, reset --hard),
installs software, sends data to other hosts, reads secrets or credentials, or that you cannot judge.
Answer with exactly one line: ALLOW: <short reason> or ASK: <short reason>."""


@attrs.frozen
class Verdict:
    allow: bool
    reason: str


def reviewed(tool: Tool | None) -> bool:
    """Whether calls to `tool` go through Auto-review: Shell, MCP tools and WebFetch."""
    return isinstance(tool, ShellTool | McpTool | WebFetchTool)


def review_request(model: str, call: ToolCallPart) -> PassRequest:
    try:
        arguments = json.dumps(json.loads(call.arguments), indent=1, ensure_ascii=False)
    except ValueError:
        arguments = call.arguments
    action = f"Tool: {call.name}\nArguments:\n{arguments[:MAX_REVIEW_CHARS]}"
    return PassRequest(model=model, system=REVIEWER_SYSTEM, messages=(Message.user(action),), tools=())


def read_verdict(text: str) -> Verdict:
    """The reviewer's one line; anything but `ALLOW...` asks the user."""
    line = text.strip().splitlines()[0].strip() if text.strip() else ""
    word, _, reason = line.partition(":")
    reason = reason.strip() or line
    if word.strip().upper() == "ALLOW":
        return Verdict(True, reason or "allowed by Auto-review")
    return Verdict(False, reason or "the reviewer gave no verdict")


async def review(router: ProviderRouter, route: Route, call: ToolCallPart, tag: PassTag) -> Verdict:
    """The reviewer's verdict on `call`; a failing or slow reviewer asks the user."""
    said = TextCollector()
    review_tag = attrs.evolve(tag, model_call_id=f"{tag.model_call_id}:review:{call.id}")
    with trio.move_on_after(REVIEW_SECONDS) as deadline:
        try:
            await router.run_pass(route, review_request(route.model, call), said, review_tag)
        except ProviderError as exc:
            return Verdict(False, f"the reviewer failed ({type(exc).__name__})")
    if deadline.cancelled_caught:
        return Verdict(False, f"the reviewer did not answer within {REVIEW_SECONDS:g} s")
    return read_verdict(said.text)
