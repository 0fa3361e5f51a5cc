"""End to end through connect-es: what a current editor attaches reaches the fake provider.

The node client's `script` scenario uploads AgentClientMessages built here (protobuf JSON), reads each run's
RunSSE to the end and answers the execs and kv requests as the script says; the fake providers record what
cursord sent them. Real sockets, so the real clock, bounded by `fail_after`.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import trio
from google.protobuf import json_format
from google.protobuf.message import Message

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from cursord.testing.harness import RunningDaemon
from tests.agent_support import agent_daemon, spec_for
from tests.test_interop_connect_es import RUN_SECONDS, decoded, node_command, run_node

MODEL = "gpt-editor"


def as_json(message: Message) -> dict[str, Any]:
    data: dict[str, Any] = json_format.MessageToDict(message)
    return data


def run(request_id: str, *uploads: agent.AgentClientMessage, exec_answers: dict[str, Message] | None = None,
        blobs: dict[bytes, bytes] | None = None) -> dict[str, Any]:
    """One run of the script: its uploads, and the editor's answers by exec case (camelCase names)."""
    import base64

    return {
        "requestId": request_id,
        "uploads": [as_json(u) for u in uploads],
        "execAnswers": {case: as_json(answer) for case, answer in (exec_answers or {}).items()},
        "blobs": {base64.b64encode(k).decode(): base64.b64encode(v).decode() for k, v in (blobs or {}).items()},
    }


async def run_script(daemon: RunningDaemon, runs: Sequence[dict[str, Any]], http: str = "1.1") -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="cursord-script-") as folder:
        path = Path(folder) / "script.json"
        path.write_text(json.dumps({"runs": list(runs)}))
        results, _ = await run_node(daemon.address, http, "--model", MODEL, "--script", str(path), "script")
    outcome: list[dict[str, Any]] = results["script"]["runs"]
    return outcome


def run_request(action: agent.ConversationAction, *, model: str | None = MODEL,
                conversation_id: str = "conv-e2e") -> agent.AgentClientMessage:
    request = agent.AgentRunRequest(action=action, conversation_id=conversation_id)
    if model is not None:
        request.requested_model.model_id = model
    return agent.AgentClientMessage(run_request=request)


def user_action(message: agent.UserMessage, context: agent.RequestContext | None = None) -> agent.ConversationAction:
    action = agent.ConversationAction()
    action.user_message_action.user_message.CopyFrom(message)
    if context is not None:
        action.user_message_action.request_context.CopyFrom(context)
    return action


def text_of(result: dict[str, Any]) -> str:
    return "".join(m.interaction_update.text_delta.text for m in decoded(result["messages"]))


async def test_the_script_scenario_drives_a_plain_turn() -> None:
    node_command()
    with trio.fail_after(RUN_SECONDS):
        async with open_fake_provider(Reply.sse(chat_text("hi there"))) as fake:
            async with agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL), transport="tcp") as (daemon, _):
                (result,) = await run_script(daemon, [run("r1", run_request(user_action(agent.UserMessage(text="hi"))))])
    assert result["end"] is None, result
    assert text_of(result) == "hi there"
    assert fake.requests[0].json["messages"][-1] == {"role": "user", "content": "hi"}
