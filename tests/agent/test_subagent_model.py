"""A subagent runs on its parent's model unless the editor names another; `composer-*` ids follow the
aliases first. The rule (`choose_model`), then the daemon: a Run with `x-parent-request-id` over HTTP/2
reaches the provider with its parent's model."""

from __future__ import annotations

from typing import Any

import trio

from cursord.agent.model_choice import choose_model
from cursord.config import ModelCatalog, ProviderKind, parse_provider_spec
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider

OPENAI = parse_provider_spec("openai,models=gpt-5|gpt-5-mini")
CATALOG = ModelCatalog([OPENAI], {"composer-2": "gpt-5-mini"})


def _model(requested: str | None, parent: str | None) -> str | None:
    entry = choose_model(CATALOG, requested, conversation_models=("gpt-5",), parent_model=parent).entry
    return entry.model_id if entry is not None else None


def test_a_subagent_inherits_unless_it_names_a_configured_model() -> None:
    assert _model("composer-1", "gpt-5-mini") == "gpt-5-mini"  # Cursor's id: the parent's model
    assert _model(None, "gpt-5-mini") == "gpt-5-mini"  # none named: the parent's, not the conversation's
    assert _model("gpt-5", "gpt-5-mini") == "gpt-5"  # the editor named another
    assert _model("composer-2", "gpt-5") == "gpt-5-mini"  # an alias wins over inheriting
    assert _model("gpt-9", "gpt-5") is None  # an unknown model is still refused
    assert _model("composer-1", None) == "gpt-5"  # no parent known: Cursor's id gets the default


async def test_a_subagent_run_reaches_the_provider_on_its_parents_model(autojump_clock: Any) -> None:
    replies = [Reply.sse(chat_text(text)) for text in ("Parent.", "Child.", "Orphan.")]
    async with open_fake_provider(*replies) as fake:
        spec = spec_for(fake, ProviderKind.OPENAI_CHAT, "model-default", "model-parent")
        async with agent_daemon(spec) as (daemon, _), daemon.editor(http2=True) as editor:
            for request_id, model, headers in (
                ("parent-1", "model-parent", []),
                ("child-1", "composer-1", [(b"x-parent-request-id", b"parent-1"),
                                           (b"x-parent-agent-tool-call-id", b"call-task")]),
                ("orphan-1", "composer-1", []),
            ):
                async with editor.run(request_id, headers=headers) as call:
                    await call.send(run_request("go", model=model, conversation_id=f"conv-{request_id}"))
                    reader = await call.reader()
                    with trio.fail_after(30):
                        await reader.read_to_end()
                    assert reader.error is None
    assert [r.json["model"] for r in fake.requests] == ["model-parent", "model-parent", "model-default"]
