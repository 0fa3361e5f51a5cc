"""Fuzzing real agent turns with what the editor uploads: random messages, and answers with wrong ids.

Each Hypothesis example runs a daemon whose turns go to a fake provider (a real loopback HTTP server
speaking OpenAI chat), in memory under a `MockClock(autojump_threshold=0)`.

- `test_fuzz_agent_uploads`: batches of random AgentClientMessages (built from the descriptor; run
  requests are often runnable ones with random extra fields merged in) on a few request ids, next to a
  known-good turn that must come out right, and a second one after the batch.
- `test_fuzz_answers_with_wrong_ids`: a turn waits for one tool result (Read, Shell or AskQuestion); the
  editor first sends noise: exec results with other ids, control messages with random ids, answers to
  queries that do not exist, kv results, heartbeats, actions, a second run request. Then the right
  answer. The turn must finish with exactly that answer in the model's next request. Noise that does
  carry the right id (a wrong result kind, a close or a throw) may settle the call in its own way, but
  the turn must still finish cleanly.

Everywhere: no answer is `internal` or a bare 500, no stream ends `internal`, nothing is logged at ERROR
or with a traceback.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from typing import Any

import attrs
import pytest
import trio
import trio.testing
from google.protobuf.message import Message
from hypothesis import given
from hypothesis import strategies as st

from cursord.agent.turn import AgentServices
from cursord.config import ProviderKind
from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.providers.model import TextPart
from cursord.testing.agent import Transcript, agent_daemon, drive, exec_reply, shell_events, spec_for
from cursord.testing.editor import EditorClient, bidi_request, run_request
from cursord.testing.fake_providers import FakeProvider, Reply, chat_text, chat_tool_call, open_fake_provider
from cursord.testing.harness import RunningDaemon
from tests.fuzz.test_fuzz_strategies import (
    BIDI_APPEND,
    FUZZ_MODEL,
    FUZZ_REQUEST_IDS,
    GOOD_REQUEST_ID,
    STEERING,
    TALLY,
    Answer,
    LogWatch,
    Wire,
    check_unary_answer,
    client_messages,
    fuzz_report,  # noqa: F401 - the fixture, for pytestmark
    fuzz_settings,
    proto_messages,
)

pytestmark = pytest.mark.usefixtures("fuzz_report")

GOOD_TEXT = "All good here."
PROTO = [(b"content-type", b"application/proto")]


@attrs.frozen
class FuzzDaemon:
    daemon: RunningDaemon
    fake: FakeProvider
    services: AgentServices


@contextlib.asynccontextmanager
async def fuzz_daemon(*replies: Reply) -> AsyncIterator[FuzzDaemon]:
    async with (
        open_fake_provider(*replies) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, FUZZ_MODEL)) as (daemon, services),
    ):
        yield FuzzDaemon(daemon, fake, services)


def check_endings(daemon: RunningDaemon) -> None:
    for stream in daemon.core.broker:
        ending = stream.backlog.ending
        if ending is not None and ending.error is not None:
            assert ending.error.code is not Code.INTERNAL, (stream.request_id, ending.error)


async def good_turn(editor: EditorClient, request_id: str) -> None:
    """A plain text turn on its own request id: it must come out exactly right."""
    await editor.append(request_id, run_request("hello", model=FUZZ_MODEL, conversation_id=f"conv-{request_id}"))
    async with editor.run_sse(request_id) as reader:
        transcript = await drive(editor, request_id, reader)
    assert transcript.error is None, transcript.error
    assert transcript.text == GOOD_TEXT
    assert transcript.kinds()[-1] == "interaction_update.turn_ended"


def run_in_trio(fn: Any, *args: Any) -> None:
    async def main() -> None:
        with trio.fail_after(3600), LogWatch.watching() as logs:
            await fn(*args)
        logs.check()

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


# ---- random uploads to real turns ------------------------------------------------------------------------


def _runnable(extra: agent.AgentRunRequest, text: str) -> agent.AgentClientMessage:
    message = run_request(text or "go", model=FUZZ_MODEL, conversation_id=None)
    message.run_request.MergeFrom(extra)
    return message


runnable_runs = st.builds(
    _runnable, proto_messages(agent.AgentRunRequest, max_depth=4, max_fields=5, overrides=STEERING), st.text()
)


@attrs.frozen
class Upload:
    request_id: str
    message: agent.AgentClientMessage
    #: None: the next number in order for this request id
    seqno: int | None
    binary: bool


uploads = st.builds(
    Upload,
    st.sampled_from(FUZZ_REQUEST_IDS),
    st.one_of(runnable_runs, client_messages),
    st.one_of(st.none(), st.none(), st.integers(-1, 8)),
    st.booleans(),
)


async def send_uploads(wire: Wire, batch: Sequence[Upload], target: str) -> None:
    seqnos: dict[str, int] = {}
    for upload in batch:
        TALLY.tried(target)
        seqno = seqnos.get(upload.request_id, 0) + 1 if upload.seqno is None else upload.seqno
        body = bidi_request(upload.request_id, seqno, upload.message, binary=upload.binary)
        answer: Answer = await wire.post(BIDI_APPEND, PROTO, body)
        outcome = check_unary_answer(answer, aiserver.BidiAppendResponse)
        if outcome == "ok" and upload.seqno is None:
            seqnos[upload.request_id] = seqno
        TALLY.answered(target, f"{upload.message.WhichOneof('message')} {outcome}")


async def agent_batch(batch: Sequence[Upload], concurrent: bool) -> None:
    target = "agent: random uploads"
    replies = [Reply.sse(chat_text(GOOD_TEXT)) for _ in range(2 * len(batch) + 4)]
    async with fuzz_daemon(*replies) as fuzz:
        daemon = fuzz.daemon
        async with daemon.editor(http2=True) as editor, Wire.open(daemon, True) as wire:
            if concurrent:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(good_turn, editor, GOOD_REQUEST_ID)
                    nursery.start_soon(send_uploads, wire, batch, target)
            else:
                await send_uploads(wire, batch, target)
                await good_turn(editor, GOOD_REQUEST_ID)
            await trio.sleep(1)
            await good_turn(editor, GOOD_REQUEST_ID + "-after")
        check_endings(daemon)


@fuzz_settings(80)
@given(batch=st.lists(uploads, min_size=1, max_size=6), concurrent=st.booleans())
def test_fuzz_agent_uploads(batch: list[Upload], concurrent: bool) -> None:
    run_in_trio(agent_batch, batch, concurrent)


# ---- answers with wrong ids --------------------------------------------------------------------------

OPTIONS = [{"id": "a", "label": "Apples"}, {"id": "b", "label": "Pears"}]
QUESTION = {"questions": [{"id": "q1", "prompt": "Which?", "options": OPTIONS}]}
SCENARIOS: dict[str, tuple[str, dict[str, Any], str]] = {
    # tool, its arguments, a text that the right answer puts into the model's next request
    "read": ("Read", {"path": "/w/app.py"}, "print(1)"),
    "shell": ("Shell", {"command": "echo hi"}, "hi-from-shell"),
    "ask": ("AskQuestion", QUESTION, "Apples"),
}
#: the id the turn gives its first exec request and its first interaction query
FIRST_ID = 1
UINT32 = st.one_of(st.integers(0, 8), st.integers(0, 2**32 - 1))


def right_answer(scenario: str, request: agent.AgentServerMessage) -> list[agent.AgentClientMessage]:
    if scenario == "read":
        read = agent.ReadSuccess(path="/w/app.py", content="print(1)\n", total_lines=1)
        return [exec_reply(request, read_result=agent.ReadResult(success=read))]
    if scenario == "shell":
        return shell_events(request, "hi-from-shell\n")
    answered = agent.AskQuestionSuccess(
        answers=[agent.AskQuestionSuccess.Answer(question_id="q1", selected_option_ids=["a"])]
    )
    response = agent.InteractionResponse(
        id=request.interaction_query.id,
        ask_question_interaction_response=agent.AskQuestionInteractionResponse(
            result=agent.AskQuestionResult(success=answered)
        ),
    )
    return [agent.AgentClientMessage(interaction_response=response)]


@attrs.frozen
class Noise:
    message: agent.AgentClientMessage
    #: True when it carries the pending call's own id (so it may settle the call its own way)
    aimed: bool
    kind: str


def _with_id(message: Message, field: str, value: int) -> agent.AgentClientMessage:
    inner = getattr(message, field)
    if field == "exec_client_control_message":
        which = inner.WhichOneof("message") or "heartbeat"
        getattr(inner, which).id = value
    else:
        inner.id = value
    assert isinstance(message, agent.AgentClientMessage)
    return message


NOISE_KINDS = ["exec", "control", "interaction", "kv", "heartbeat", "action", "run", "prewarm", "unknown-kind"]


@st.composite
def noise(draw: st.DrawFn, scenario: str) -> Noise:
    """One message that is not the answer the turn waits for."""
    exec_call = scenario != "ask"
    kind = draw(st.sampled_from(NOISE_KINDS))
    if kind == "heartbeat":
        return Noise(agent.AgentClientMessage(client_heartbeat=agent.ClientHeartbeat()), False, kind)
    if kind == "unknown-kind":
        unknown = agent.AgentClientMessage()
        unknown.ParseFromString(b"\xf8\x06" + bytes((draw(st.integers(0, 127)),)))  # field 111, a newer kind
        return Noise(unknown, False, kind)
    if kind in ("run", "prewarm", "action"):
        field = {"run": "run_request", "prewarm": "prewarm_request", "action": "conversation_action"}[kind]
        message = draw(proto_messages(agent.AgentClientMessage, require=field, overrides=STEERING))
        if kind == "action" and message.conversation_action.HasField("cancel_action"):
            message.conversation_action.ClearField("cancel_action")  # a cancel would end the turn: not noise
        return Noise(message, False, kind)
    field = {
        "exec": "exec_client_message",
        "control": "exec_client_control_message",
        "interaction": "interaction_response",
        "kv": "kv_client_message",
    }[kind]
    message = draw(proto_messages(agent.AgentClientMessage, require=field, overrides=STEERING))
    if kind == "kv":
        return Noise(message, False, kind)
    pending_here = (kind == "interaction") == (not exec_call)  # the kind of id the pending call has
    aimed = pending_here and draw(st.integers(0, 3)) == 0
    value = FIRST_ID if aimed else draw(UINT32.filter(lambda i: i != FIRST_ID or not pending_here))
    message = _with_id(message, field, value)
    if aimed and kind == "control" and message.exec_client_control_message.HasField("heartbeat"):
        aimed = False  # a heartbeat for the call changes nothing
    if aimed and kind == "exec" and scenario == "shell":
        # for a shell only its own kinds count; any other result kind is ignored by the stream
        aimed = message.exec_client_message.WhichOneof("message") in ("shell_stream", "shell_result")
    if aimed and kind == "exec" and scenario == "read" and message.exec_client_message.HasField("read_result"):
        kind = "exec-right-kind"
    return Noise(message, aimed, kind)


def _tool_messages(fake: FakeProvider, index: int) -> list[dict[str, Any]]:
    return [m for m in fake.requests[index].json["messages"] if m["role"] == "tool"]


async def wrong_ids_turn(scenario: str, batch: Sequence[Noise]) -> None:
    target = "agent: answers with wrong ids"
    tool, arguments, expected = SCENARIOS[scenario]
    replies = [
        Reply.sse(chat_tool_call("call-1", tool, json.dumps(arguments))),
        Reply.sse(chat_text("Thanks, done.")),
        Reply.sse(chat_text(GOOD_TEXT)),
    ]
    async with fuzz_daemon(*replies) as fuzz, fuzz.daemon.editor(http2=True) as editor:
        daemon, fake = fuzz.daemon, fuzz.fake
        await editor.append("r1", run_request("use the tool", model=FUZZ_MODEL, conversation_id="conv-fuzz"))
        async with editor.run_sse("r1") as reader:
            messages = []
            while (message := await reader.next_message()) is not None:
                messages.append(message)
                if message.HasField("exec_server_message") or message.HasField("interaction_query"):
                    break
            assert message is not None, reader.error
            request = message
            for item in batch:
                TALLY.tried(target)
                await editor.append("r1", item.message)
                TALLY.answered(target, item.kind + (" aimed" if item.aimed else ""))
            stream = daemon.core.broker.get("r1")
            assert stream is not None
            if not any(item.aimed for item in batch):
                await trio.sleep(1)  # give a wrong answer every chance to be taken
                assert len(fake.requests) == 1, "noise settled the call"
                assert stream.backlog.ending is None, stream.backlog.ending
            for reply in right_answer(scenario, request):
                await editor.append("r1", reply)
            rest = Transcript(messages + await reader.read_to_end(), reader.error)
        assert rest.error is None, rest.error
        assert rest.kinds()[-1] == "interaction_update.turn_ended"
        assert len(fake.requests) == 2
        (tool_message,) = _tool_messages(fake, 1)
        assert tool_message["tool_call_id"] == "call-1"
        if not any(item.aimed for item in batch):
            assert expected in tool_message["content"], tool_message
        # the turn went into its own conversation's history, whatever else was uploaded meanwhile
        history = await fuzz.services.history.load("conv-fuzz")
        said = [part.text for message in history for part in message.parts if isinstance(part, TextPart)]
        assert "use the tool" in said and "Thanks, done." in said, said
        await good_turn(editor, GOOD_REQUEST_ID)
        check_endings(daemon)


@fuzz_settings(100)
@given(data=st.data(), scenario=st.sampled_from(sorted(SCENARIOS)))
def test_fuzz_answers_with_wrong_ids(data: st.DataObject, scenario: str) -> None:
    batch = data.draw(st.lists(noise(scenario), min_size=1, max_size=8), label="noise")
    run_in_trio(wrong_ids_turn, scenario, batch)


@pytest.mark.parametrize("conversation_id", ["conv-other", None], ids=["other-conversation", "no-conversation"])
def test_a_prewarm_during_a_turn_keeps_the_turn_in_its_conversation(conversation_id: str | None) -> None:
    """Found by the fuzzer (fixed): a `prewarm_request` that reached a running turn replaced the turn's
    conversation id (`AgentTurn.handle`), so the finished turn was recorded under the prewarm's
    conversation, or, for a prewarm without one, nowhere at all. A prewarm only prepares a stream that
    has not started a run."""
    prewarm = agent.PrewarmRequest()
    if conversation_id is not None:
        prewarm.conversation_id = conversation_id
    noise = Noise(agent.AgentClientMessage(prewarm_request=prewarm), False, "prewarm")
    run_in_trio(wrong_ids_turn, "read", [noise])
