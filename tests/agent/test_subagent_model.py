"""A subagent runs on its parent's model unless the editor names another; `composer-*` ids follow the
aliases first. The rule (`choose_model`), then the daemon: a Run with `x-parent-request-id` over HTTP/2
reaches the provider with its parent's model; on RunSSE, which names no parent, a run naming
`subagent_type_name` runs on the model its parent's run_request picked for its type."""

from __future__ import annotations

import json
from typing import Any

import trio

from cursord.agent.model_choice import ANY_SUBAGENT, choose_model, picked_for, subagent_picks
from cursord.config import ModelCatalog, ProviderKind, parse_provider_spec
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import SqlPeopleStore, SqlStore
from cursord.testing.agent import agent_daemon, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider

OPENAI = parse_provider_spec("openai,models=gpt-5|gpt-5-mini")
CATALOG = ModelCatalog([OPENAI], {"composer-2": "gpt-5-mini"})


def _model(
    requested: str | None, parent: str | None, *, subagent: bool = False, pick: str | None = None,
    conversation: tuple[str, ...] = ("gpt-5",),
) -> str | None:
    entry = choose_model(
        CATALOG, requested, conversation_models=conversation, parent_model=parent, subagent=subagent,
        subagent_pick=pick,
    ).entry
    return entry.model_id if entry is not None else None


def test_a_subagent_inherits_unless_it_names_a_configured_model() -> None:
    assert _model("composer-1", "gpt-5-mini") == "gpt-5-mini"  # Cursor's id: the parent's model
    assert _model(None, "gpt-5-mini") == "gpt-5-mini"  # none named: the parent's, not the conversation's
    assert _model("gpt-5", "gpt-5-mini") == "gpt-5"  # the editor named another
    assert _model("composer-2", "gpt-5") == "gpt-5-mini"  # an alias wins over inheriting
    assert _model("gpt-9", "gpt-5") is None  # an unknown model is still refused
    assert _model("composer-1", None) == "gpt-5"  # no parent known: Cursor's id gets the default


def test_a_subagent_without_a_known_parent_runs_on_the_model_picked_for_its_type() -> None:
    assert _model("composer-1", None, subagent=True, pick="gpt-5-mini") == "gpt-5-mini"
    assert _model(None, None, subagent=True, pick="gpt-5-mini") == "gpt-5-mini"
    assert _model("composer-1", "gpt-5", subagent=True, pick="gpt-5-mini") == "gpt-5"  # a known parent first
    assert _model("gpt-5", None, subagent=True, pick="gpt-5-mini") == "gpt-5"  # a configured model named wins
    # nothing picked, or a pick cursord does not serve: the conversation's model, not Auto's default
    assert _model("composer-1", None, subagent=True, pick="composer-1", conversation=("gpt-5-mini",)) == "gpt-5-mini"
    assert _model("default", None, subagent=True, conversation=("gpt-5-mini",)) == "gpt-5-mini"
    assert _model("composer-1", None, subagent=True, conversation=()) == "gpt-5"  # else the default


def test_a_run_request_picks_its_subagents_models_by_type() -> None:
    request = agent.AgentRunRequest(
        selected_subagent_models=[agent.RequestedModel(model_id="gpt-5-mini?effort=low")],
        subagent_model_overrides=[
            agent.SubagentModelOverride(subagent_type="Explore", model=agent.RequestedModel(model_id="gpt-5")),
            agent.SubagentModelOverride(subagent_type="shell", inherit=True),
            agent.SubagentModelOverride(subagent_type="debug", disabled=True),
        ],
    )
    picks = subagent_picks(request)
    assert picks == {ANY_SUBAGENT: "gpt-5-mini", "explore": "gpt-5", "shell": None}
    remembered = {key: model or "parent-model" for key, model in picks.items()}
    assert picked_for(remembered, " explore ") == "gpt-5"
    assert picked_for(remembered, "shell") == "parent-model"
    assert picked_for(remembered, "generalPurpose") == "gpt-5-mini"
    details = agent.AgentRunRequest(selected_subagent_model_details=[agent.ModelDetails(model_id="gpt-5")])
    assert subagent_picks(details) == {ANY_SUBAGENT: "gpt-5"}
    assert subagent_picks(agent.AgentRunRequest()) == {}


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


def _subagent_run(text: str, subagent_type: str, model: str) -> agent.AgentClientMessage:
    message = run_request(text, model=model, conversation_id=f"conv-{text}")
    message.run_request.subagent_type_name = subagent_type
    return message


async def test_subagents_on_run_sse_run_on_the_models_their_parent_picked(autojump_clock: Any) -> None:
    """RunSSE + BidiAppend carry no parent headers: the subagent's own `subagent_type_name` says what it is,
    and the parent's `subagent_model_overrides` / `selected_subagent_models` say which model it runs on,
    in the parent's Task call too."""
    parent = run_request("parent", model="model-parent", conversation_id="conv-parent")
    parent.run_request.selected_subagent_models.append(agent.RequestedModel(model_id="model-any"))
    parent.run_request.subagent_model_overrides.extend([
        agent.SubagentModelOverride(subagent_type="explore", model=agent.RequestedModel(model_id="model-explore")),
        agent.SubagentModelOverride(subagent_type="shell", inherit=True),
        agent.SubagentModelOverride(subagent_type="debug", model=agent.RequestedModel(model_id="composer-1")),
    ])
    subagents = [
        ("explore-1", _subagent_run("explore", "explore", "composer-1")),
        ("shell-1", _subagent_run("shell", "shell", "default")),
        ("general-1", _subagent_run("general", "generalPurpose", "composer-1")),
        ("debug-1", _subagent_run("debug", "debug", "composer-1")),
        ("named-1", _subagent_run("named", "explore", "model-parent")),
        ("plain-1", run_request("plain", model="composer-1", conversation_id="conv-plain")),
    ]
    task = json.dumps({"description": "Explore auth", "prompt": "Find the login flow.", "subagent_type": "explore"})
    replies = [
        Reply.sse(chat_tool_call("call-task", "Task", task)),
        *(Reply.sse(chat_text(f"Done {request_id}.")) for request_id, _ in subagents),
        Reply.sse(chat_text("Parent done.")),
    ]
    async with open_fake_provider(*replies) as fake:
        models = ("model-default", "model-parent", "model-explore", "model-any")
        spec = spec_for(fake, ProviderKind.OPENAI_CHAT, *models)
        async with agent_daemon(spec) as (daemon, _), daemon.editor(http2=False) as editor:
            await editor.append("parent-1", parent, wait=True)
            async with editor.run_sse("parent-1") as parent_reader:
                with trio.fail_after(30):
                    message = await parent_reader.next_message()
                    while message is not None and not message.exec_server_message.HasField("subagent_args"):
                        message = await parent_reader.next_message()
                assert message is not None
                assert message.exec_server_message.subagent_args.model_id == "model-explore"
                for request_id, run in subagents:
                    await editor.append(request_id, run, wait=True)
                    async with editor.run_sse(request_id) as reader:
                        with trio.fail_after(30):
                            await reader.read_to_end()
                        assert reader.error is None
                success = agent.SubagentSuccess(final_message="Found it.")
                await editor.append("parent-1", exec_reply(message, subagent_result=agent.SubagentResult(
                    success=success)))
                with trio.fail_after(30):
                    await parent_reader.read_to_end()
                assert parent_reader.error is None
    assert [r.json["model"] for r in fake.requests] == [
        "model-parent",  # the parent, which calls Task
        "model-explore",  # its override for explore
        "model-parent",  # shell inherits the parent's model
        "model-any",  # any other type: the selected subagent model
        "model-parent",  # debug's pick is Cursor's own model, which cursord does not serve: the parent's
        "model-parent",  # a subagent naming a configured model runs on it
        "model-default",  # not a subagent: Cursor's id gets the default
        "model-parent",  # the parent goes on
    ]


async def test_on_a_team_gateway_a_subagent_follows_its_own_users_picks(autojump_clock: Any) -> None:
    """Alice's and Bob's editors pick different models for `explore`; Bob's run picks last, yet Alice's
    subagent (on RunSSE, naming no parent) runs on hers."""
    def parent(user: str, model: str) -> agent.AgentClientMessage:
        message = run_request(user, model="model-default", conversation_id=f"conv-{user}")
        override = agent.SubagentModelOverride(subagent_type="explore", model=agent.RequestedModel(model_id=model))
        message.run_request.subagent_model_overrides.append(override)
        return message

    replies = [Reply.sse(chat_text(f"Done {n}.")) for n in range(3)]
    async with open_fake_provider(*replies) as fake:
        spec = spec_for(fake, ProviderKind.OPENAI_CHAT, "model-default", "model-alice", "model-bob")
        async with agent_daemon(spec, team_gateway=True) as (daemon, services):
            assert isinstance(services.store, SqlStore)
            people = SqlPeopleStore(services.store)
            tokens = {user: await people.add_user(user, None) for user in ("alice", "bob")}
            for request_id, user, message in (
                ("alice-1", "alice", parent("alice", "model-alice")),
                ("bob-1", "bob", parent("bob", "model-bob")),
                ("alice-sub", "alice", _subagent_run("alice-sub", "explore", "composer-1")),
            ):
                headers = [(b"authorization", f"Bearer {tokens[user]}".encode())]
                async with daemon.editor(http2=False, headers=headers) as editor:
                    await editor.append(request_id, message, wait=True)
                    async with editor.run_sse(request_id) as reader:
                        with trio.fail_after(30):
                            await reader.read_to_end()
                        assert reader.error is None
    assert [r.json["model"] for r in fake.requests] == ["model-default", "model-default", "model-alice"]
