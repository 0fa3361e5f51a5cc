"""Durable conversations end to end: history across turns and restarts, summaries and compaction."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import trio

from cursord.config import ProviderKind
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.store.conversations import SUMMARY_PREFIX
from cursord.testing.agent import Transcript, agent_daemon, drive, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import FakeProvider, Reply, chat_text, open_fake_provider

CHAT = ProviderKind.OPENAI_CHAT
MODEL = "gpt-test"


async def one_turn(
    fake: FakeProvider,
    data_dir: Path,
    request_id: str,
    message: agent.AgentClientMessage,
    context_window: int | None = None,
) -> Transcript:
    spec = spec_for(fake, CHAT, MODEL, context_window=context_window)
    async with agent_daemon(spec, data_dir=str(data_dir)) as (daemon, _), daemon.editor(http2=True) as editor:
        await editor.append(request_id, message)
        async with editor.run_sse(request_id) as reader:
            return await drive(editor, request_id, reader)


def said(request_json: dict[str, Any]) -> list[tuple[str, str]]:
    return [(m["role"], m["content"]) for m in request_json["messages"] if m["role"] in ("user", "assistant")]


async def test_history_survives_a_daemon_restart(tmp_path: Path, autojump_clock: Any) -> None:
    async with open_fake_provider(Reply.sse(chat_text("Paris.")), Reply.sse(chat_text("About 2.1 million."))) as fake:
        first = await one_turn(fake, tmp_path, "t1", run_request("Capital of France?", model=MODEL))
        # a new daemon process on the same data dir: nothing held in memory survives
        second = await one_turn(fake, tmp_path, "t2", run_request("Its population?", model=MODEL))
    assert first.error is None and second.error is None
    assert said(fake.requests[1].json) == [
        ("user", "Capital of France?"),
        ("assistant", "Paris."),
        ("user", "Its population?"),
    ]


def summarize_request() -> agent.AgentClientMessage:
    request = agent.AgentRunRequest(
        action=agent.ConversationAction(summarize_action=agent.SummarizeAction()),
        requested_model=agent.RequestedModel(model_id=MODEL),
        conversation_id="conv-1",
    )
    return agent.AgentClientMessage(run_request=request)


def summary_updates(transcript: Transcript) -> list[str]:
    return [k for k in transcript.kinds() if k.startswith("interaction_update.summary")]


async def test_summarize_action_emits_three_updates_and_shortens_the_next_pass(
    tmp_path: Path, autojump_clock: Any
) -> None:
    long_answer = "The plan, in detail: " + "step " * 400
    replies = [
        Reply.sse(chat_text(long_answer)),
        Reply.sse(chat_text("SUMMARY: user wants a plan.")),
        Reply.sse(chat_text("Next.")),
    ]
    async with open_fake_provider(*replies) as fake:
        await one_turn(fake, tmp_path, "t1", run_request("Make a plan", model=MODEL))
        summarized = await one_turn(fake, tmp_path, "t2", summarize_request())
        after = await one_turn(fake, tmp_path, "t3", run_request("Go on", model=MODEL))
    assert summarized.error is None
    assert summary_updates(summarized) == [
        "interaction_update.summary_started",
        "interaction_update.summary",
        "interaction_update.summary_completed",
    ]
    (summary,) = summarized.updates("summary")
    assert summary.summary.summary == "SUMMARY: user wants a plan."
    assert "Make a plan" in fake.requests[1].json["messages"][-1]["content"]  # the summarised transcript
    assert after.error is None
    third = said(fake.requests[2].json)
    assert third == [("user", SUMMARY_PREFIX + "SUMMARY: user wants a plan."), ("user", "Go on")]
    assert len(str(fake.requests[2].json["messages"])) < len(long_answer)


async def test_summarize_with_no_history_is_a_clear_error(tmp_path: Path, autojump_clock: Any) -> None:
    async with open_fake_provider() as fake:
        transcript = await one_turn(fake, tmp_path, "t1", summarize_request())
    assert transcript.error is not None and transcript.error.code is Code.FAILED_PRECONDITION
    assert fake.requests == []


async def test_compaction_only_when_the_prompt_would_not_fit(tmp_path: Path, autojump_clock: Any) -> None:
    long_answer = "word " * 2_000  # about 2,500 tokens by the estimate
    replies = [
        Reply.sse(chat_text(long_answer)),  # turn 1
        Reply.sse(chat_text("short reply")),  # turn 2: fits in 16k, no compaction
        Reply.sse(chat_text("SUMMARY OF EARLIER")),  # turn 3 on a 4k window: compaction pass...
        Reply.sse(chat_text("compacted reply")),  # ...then the step itself
    ]
    async with open_fake_provider(*replies) as fake:
        await one_turn(fake, tmp_path, "t1", run_request("write a lot", model=MODEL), context_window=16_000)
        roomy = await one_turn(fake, tmp_path, "t2", run_request("and now?", model=MODEL), context_window=16_000)
        tight = await one_turn(fake, tmp_path, "t3", run_request("once more", model=MODEL), context_window=4_000)
    assert summary_updates(roomy) == []
    assert len(fake.requests[1].json["messages"]) == 4  # system, turn 1 in full, the new user message
    assert summary_updates(tight) == [
        "interaction_update.summary_started",
        "interaction_update.summary",
        "interaction_update.summary_completed",
    ]
    assert tight.error is None and tight.text == "compacted reply"
    step = said(fake.requests[3].json)
    assert step == [("user", SUMMARY_PREFIX + "SUMMARY OF EARLIER"), ("user", "once more")]
    assert len(str(fake.requests[3].json["messages"])) < len(str(fake.requests[1].json["messages"])) / 2


def resume_request() -> agent.AgentClientMessage:
    request = agent.AgentRunRequest(
        action=agent.ConversationAction(resume_action=agent.ResumeAction()),
        requested_model=agent.RequestedModel(model_id=MODEL),
        conversation_id="conv-1",
    )
    return agent.AgentClientMessage(run_request=request)


async def test_resume_continues_a_turn_whose_pass_failed(tmp_path: Path, autojump_clock: Any) -> None:
    broken = Reply.json(500, {"error": {"message": "upstream exploded"}})
    replies = [broken, broken, broken, Reply.sse(chat_text("Recovered answer."))]
    async with open_fake_provider(*replies) as fake:
        failed = await one_turn(fake, tmp_path, "t1", run_request("Explain monads", model=MODEL))
        resumed = await one_turn(fake, tmp_path, "t2", resume_request())
        nothing = await one_turn(fake, tmp_path, "t3", resume_request())
    assert failed.error is not None and failed.error.code is Code.UNAVAILABLE
    assert resumed.error is None and resumed.text == "Recovered answer."
    assert said(fake.requests[3].json) == [("user", "Explain monads")]
    assert nothing.error is None and nothing.text == "" and len(fake.requests) == 4  # nothing left to resume


async def test_history_from_the_editors_state_when_cursord_has_none(tmp_path: Path, autojump_clock: Any) -> None:
    from cursord.agent.checkpoints import turn_blobs
    from cursord.providers.model import Message, TextPart

    blobs = turn_blobs("What is 2+2?", [Message.assistant(TextPart("4."))], {}, "old-request")
    state = agent.ConversationStateStructure(turns=[blobs.turn_id])
    message = run_request("And 3+3?", model=MODEL)
    message.run_request.conversation_state.CopyFrom(state)
    message.run_request.pre_fetched_blobs.extend(agent.PreFetchedBlob(id=b.id, value=b.data) for b in blobs.blobs)
    async with open_fake_provider(Reply.sse(chat_text("6."))) as fake:
        transcript = await one_turn(fake, tmp_path, "t1", message)
    assert transcript.error is None
    assert said(fake.requests[0].json) == [("user", "What is 2+2?"), ("assistant", "4."), ("user", "And 3+3?")]


async def test_history_read_back_from_the_editor_with_get_blob(tmp_path: Path, autojump_clock: Any) -> None:
    from cursord.agent.checkpoints import turn_blobs
    from cursord.providers.model import Message, TextPart

    blobs = turn_blobs("Name a prime.", [Message.assistant(TextPart("7."))], {}, "old-request")
    editor_store = {b.id: b.data for b in blobs.blobs}
    message = run_request("Another one?", model=MODEL)
    message.run_request.conversation_state.CopyFrom(agent.ConversationStateStructure(turns=[blobs.turn_id]))
    asked: list[bytes] = []

    def answer(server_message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        kv = server_message.kv_server_message
        if not kv.HasField("get_blob_args"):
            return []
        asked.append(kv.get_blob_args.blob_id)
        result = agent.GetBlobResult(blob_data=editor_store[kv.get_blob_args.blob_id])
        return [agent.AgentClientMessage(kv_client_message=agent.KvClientMessage(id=kv.id, get_blob_result=result))]

    async with open_fake_provider(Reply.sse(chat_text("11."))) as fake:
        spec = spec_for(fake, CHAT, MODEL)
        async with agent_daemon(spec, data_dir=str(tmp_path)) as (daemon, _), daemon.editor(http2=True) as editor:
            await editor.append("t1", message)
            async with editor.run_sse("t1") as reader:
                transcript = await drive(editor, "t1", reader, answer)
    assert transcript.error is None
    assert set(asked) == {b.id for b in blobs.blobs}  # the turn, then its user message and step
    assert said(fake.requests[0].json) == [("user", "Name a prime."), ("assistant", "7."), ("user", "Another one?")]


async def test_an_editor_that_does_not_answer_get_blob_does_not_hold_the_turn(
    tmp_path: Path, autojump_clock: Any
) -> None:
    message = run_request("Hello?", model=MODEL)
    message.run_request.conversation_state.CopyFrom(agent.ConversationStateStructure(turns=[b"\x01" * 32]))
    async with open_fake_provider(Reply.sse(chat_text("Hi."))) as fake:
        start = trio.current_time()
        transcript = await one_turn(fake, tmp_path, "t1", message)
    assert transcript.error is None and transcript.text == "Hi."
    assert trio.current_time() - start < 10  # one unanswered get_blob waits 5 s, then the turn goes on
    assert len(transcript.of("kv_server_message")) >= 1
    assert said(fake.requests[0].json) == [("user", "Hello?")]
