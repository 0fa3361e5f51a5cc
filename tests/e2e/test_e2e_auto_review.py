"""Auto-review end to end: with `env.smart_mode_classifier_auto_mode_enabled`, a reviewer pass on the run's own
model (the fake provider) decides each Shell call; the safe one goes to the editor with `skip_approval` and the
reviewer's reason, the risky one without (the editor asks the user); every verdict reaches the tap.

Without the setting no review pass runs and no call skips approval."""

from __future__ import annotations

import json
from typing import Any

from cursord.agent.auto_review import REVIEWER_SYSTEM
from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, drive, shell_events, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_calls, open_fake_provider

MODEL = "gpt-review"
SMALL = "gpt-small"
CALLS = [("c-ls", "Shell", json.dumps({"command": "ls -la"})), ("c-rm", "Shell", json.dumps({"command": "rm -rf ~"}))]


class TapRecorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, object]]] = []

    def record_provider(self, request_id: str, event: str, timings: dict[str, object]) -> None:
        self.events.append((event, dict(timings)))


async def shell_turn(
    auto_review: bool, *replies: Reply, review_model: str | None = None
) -> tuple[list[agent.ShellArgs], Any, TapRecorder]:
    sent: list[agent.ShellArgs] = []

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if message.exec_server_message.WhichOneof("message") == "shell_stream_args":
            sent.append(message.exec_server_message.shell_stream_args)
            return shell_events(message, "ok\n")
        return []

    tap = TapRecorder()
    upload = run_request("tidy up", model=MODEL)
    upload.run_request.action.user_message_action.request_context.env.smart_mode_classifier_auto_mode_enabled = (
        auto_review
    )
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL, SMALL)) as (daemon, services),
        daemon.editor(http2=True) as editor,
    ):
        services.tap = tap
        services.review_model = review_model
        await editor.append("r1", upload)
        async with editor.run_sse("r1") as reader:
            transcript = await drive(editor, "r1", reader, answer)
    assert transcript.error is None, transcript.error
    return sent, fake, tap


async def test_a_safe_shell_call_runs_without_asking_and_a_risky_one_is_asked(autojump_clock: Any) -> None:
    sent, fake, tap = await shell_turn(
        True,
        Reply.sse(chat_tool_calls(CALLS)),
        Reply.sse(chat_text("ALLOW: lists the workspace")),
        Reply.sse(chat_text("ASK: deletes the home directory")),
        Reply.sse(chat_text("Done.")),
    )
    ls, rm = sent
    assert (ls.command, ls.skip_approval, ls.smart_mode_approval.reason) == ("ls -la", True, "lists the workspace")
    assert ls.smart_mode_approval.request_id == "c-ls"
    assert (rm.command, rm.skip_approval, rm.HasField("smart_mode_approval")) == ("rm -rf ~", False, False)
    _, review_ls, review_rm, _ = fake.requests
    assert review_ls.json["messages"][0] == {"role": "system", "content": REVIEWER_SYSTEM}
    assert "ls -la" in review_ls.json["messages"][-1]["content"] and "tools" not in review_ls.json
    assert "rm -rf ~" in review_rm.json["messages"][-1]["content"]
    verdicts = [(t["call"], t["verdict"], t["reason"]) for event, t in tap.events if event == "auto_review"]
    assert verdicts == [("c-ls", "allow", "lists the workspace"), ("c-rm", "ask", "deletes the home directory")]


async def test_without_auto_review_no_call_is_reviewed(autojump_clock: Any) -> None:
    sent, fake, tap = await shell_turn(False, Reply.sse(chat_tool_calls(CALLS)), Reply.sse(chat_text("Done.")))
    assert [s.skip_approval for s in sent] == [False, False]
    assert len(fake.requests) == 2 and not [e for e, _ in tap.events if e == "auto_review"]


async def test_a_configured_review_model_gives_the_verdicts(autojump_clock: Any) -> None:
    sent, fake, _ = await shell_turn(
        True,
        Reply.sse(chat_tool_calls(CALLS[:1])),
        Reply.sse(chat_text("ALLOW: lists files")),
        Reply.sse(chat_text("Done.")),
        review_model=SMALL,
    )
    assert [r.json["model"] for r in fake.requests] == [MODEL, SMALL, MODEL]
    assert sent[0].skip_approval
