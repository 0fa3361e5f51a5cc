"""Checkpoints and blobs: the editor is asked to store every blob a checkpoint names, content-addressed,
acknowledged by id; a refused blob is retried and, failing that, offered again next turn."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from cursord.config import ProviderKind
from cursord.proto import agent_v1_pb2 as agent
from cursord.store.store import open_store
from cursord.testing.agent import Transcript, agent_daemon, drive, exec_reply, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_tool_call, open_fake_provider

MODEL = "gpt-test"


async def turn(fake: Any, data_dir: Path, request_id: str, text: str, **drive_options: Any) -> Transcript:
    spec = spec_for(fake, ProviderKind.OPENAI_CHAT, MODEL, context_window=100_000)

    def answer(message: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
        if message.exec_server_message.HasField("read_args"):
            success = agent.ReadSuccess(path="/a", content="alpha", total_lines=1)
            return [exec_reply(message, read_result=agent.ReadResult(success=success))]
        return []

    async with agent_daemon(spec, data_dir=str(data_dir)) as (daemon, _), daemon.editor(http2=True) as editor:
        await editor.append(request_id, run_request(text, model=MODEL))
        async with editor.run_sse(request_id) as reader:
            return await drive(editor, request_id, reader, answer, **drive_options)


def blobs_of(transcript: Transcript) -> dict[bytes, bytes]:
    return {
        m.kv_server_message.set_blob_args.blob_id: m.kv_server_message.set_blob_args.blob_data
        for m in transcript.of("kv_server_message")
    }


async def test_checkpoints_name_blobs_the_editor_was_asked_to_store(tmp_path: Path, autojump_clock: Any) -> None:
    replies = [Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/a"}))), Reply.sse(chat_text("Alpha."))]
    async with open_fake_provider(*replies) as fake:
        transcript = await turn(fake, tmp_path, "t1", "read a")
    assert transcript.error is None
    checkpoints = [m.conversation_checkpoint_update for m in transcript.of("conversation_checkpoint_update")]
    assert len(checkpoints) == 2  # after the tool step, and at the end of the turn
    final = checkpoints[-1]
    blobs = blobs_of(transcript)
    for blob_id, data in blobs.items():
        assert blob_id == hashlib.sha256(data).digest()
    (turn_id,) = final.turns
    structure = agent.ConversationTurnStructure.FromString(blobs[turn_id]).agent_conversation_turn
    assert agent.UserMessage.FromString(blobs[structure.user_message]).text == "read a"
    steps = [agent.ConversationStep.FromString(blobs[step]) for step in structure.steps]
    assert steps[0].tool_call.HasField("read_tool_call")
    assert steps[-1].assistant_message.text == "Alpha."
    assert final.token_details.max_tokens == 100_000 and final.token_details.used_tokens > 0
    # every set_blob was acknowledged by id, so the store has nothing left unstored
    kinds = transcript.kinds()
    assert kinds.index("conversation_checkpoint_update") > kinds.index("kv_server_message")
    async with open_store(tmp_path, inline=True) as store:
        assert await store.unstored_blobs("conv-1") == []


async def test_the_next_turn_extends_the_checkpoint(tmp_path: Path, autojump_clock: Any) -> None:
    async with open_fake_provider(Reply.sse(chat_text("One.")), Reply.sse(chat_text("Two."))) as fake:
        first = await turn(fake, tmp_path, "t1", "first")
        second = await turn(fake, tmp_path, "t2", "second")
    first_turns = list(first.of("conversation_checkpoint_update")[-1].conversation_checkpoint_update.turns)
    second_turns = list(second.of("conversation_checkpoint_update")[-1].conversation_checkpoint_update.turns)
    assert len(first_turns) == 1 and len(second_turns) == 2
    assert second_turns[0] == first_turns[0]
    assert first_turns[0] not in blobs_of(second)  # stored already: not sent again


async def test_a_refused_blob_is_recorded_then_offered_again_next_turn(tmp_path: Path, autojump_clock: Any) -> None:
    refused: list[bytes] = []

    def full_disk(args: agent.SetBlobArgs) -> str | None:
        refused.append(args.blob_id)
        return "disk full"

    async with open_fake_provider(Reply.sse(chat_text("One.")), Reply.sse(chat_text("Two."))) as fake:
        await turn(fake, tmp_path, "t1", "first", store_blob=full_disk)
        first_turn_blobs = set(refused)
        # refused after the stream ended (the final checkpoint): not retried there, but recorded
        async with open_store(tmp_path, inline=True) as store:
            assert set(await store.unstored_blobs("conv-1")) == first_turn_blobs
            status = await store.blob_status(refused[0])
            assert status is not None and not status.stored_by_editor and status.last_error == "disk full"
        second = await turn(fake, tmp_path, "t2", "second")
    assert first_turn_blobs <= set(blobs_of(second))  # offered again, and stored this time
    async with open_store(tmp_path, inline=True) as store:
        assert await store.unstored_blobs("conv-1") == []
