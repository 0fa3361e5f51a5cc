"""TurnMachine table tests: every listed transition, and every unlisted pair rejected. No daemon, no trio."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

from cursord.agent import hooks, updates
from cursord.agent.hooks import HookSteps
from cursord.agent.machine import (
    IGNORED_IN,
    LATE_START_IN,
    MOVES,
    TRANSITIONS,
    AbortExec,
    AbortSubagent,
    AllowlistAsked,
    AskUser,
    BlobsRead,
    CallStage,
    Cancel,
    CancelPass,
    Checkpoint,
    ConversationLoaded,
    End,
    ForceBackground,
    ModelChosen,
    PassDelta,
    PassEnded,
    PassFailed,
    PassPurpose,
    Publish,
    QueryTimedOut,
    QueuedTaken,
    RecordTurn,
    Resume,
    ReviewAnswered,
    ReviewOutcome,
    RouteFacts,
    RunStarted,
    SendExec,
    ShowToolCall,
    Snapshot,
    StartPass,
    StoreSummary,
    TurnMachine,
    TurnOutcome,
    TurnPhase,
    TurnProtocolError,
    TurnSetup,
    TurnState,
    WebToolDone,
    Went,
)
from cursord.agent.machine.turn_events import Effect
from cursord.agent.machine.turn_prep import Prepared
from cursord.agent.tools import ToolOutcome, ToolRegistry
from cursord.connect.errors import Code, ConnectError
from cursord.core.intents import (
    ActionRequested,
    ExecControlArrived,
    ExecControlKind,
    ExecResultArrived,
    InteractionAnswered,
    PrewarmRequested,
)
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.errors import MalformedResponse
from cursord.providers.model import Message, TextDelta, TextPart, ToolCallDone, ToolResultPart, Usage
from cursord.testing.editor import user_message_action as user_action

P = TurnPhase
INPUT_TYPES: tuple[type, ...] = (
    ActionRequested,
    PrewarmRequested,
    RunStarted,
    ModelChosen,
    QueuedTaken,
    ConversationLoaded,
    QueryTimedOut,
    BlobsRead,
    Resume,
    PassDelta,
    PassEnded,
    PassFailed,
    ExecResultArrived,
    ExecControlArrived,
    InteractionAnswered,
    AbortSubagent,
    ForceBackground,
    Cancel,
    WebToolDone,
    ReviewAnswered,
    AllowlistAsked,
)
QUESTION = {
    "questions": [{"id": "a", "prompt": "?", "options": [{"id": "1", "label": "x"}, {"id": "2", "label": "y"}]}]
}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def setup(*, tools: bool = True, window: int = 100_000, hook_steps: HookSteps | None = None) -> TurnSetup:
    return TurnSetup(
        model="model-x",
        provider_name="fake",
        context_window=window,
        tools=ToolRegistry.build("agent", ()) if tools else None,
        system="be brief",
        hook_steps=hook_steps or HookSteps(),
    )


def machine(state: TurnState | None = None, *, max_passes: int = 50) -> TurnMachine:
    return TurnMachine(
        "req-1",
        summary_message=lambda text: Message.user("SUMMARY: " + text),
        max_passes=max_passes,
        clock=Clock(),
        state=state,
    )


def prepared(m: TurnMachine, **changes: Any) -> list[Effect]:
    """The end of a preparation, with the setup, history and user messages a test needs (the preparation
    itself is driven input by input in tests/agent/test_turn_prep.py): the first pass starts."""
    m.state = attrs.evolve(m.state, phase=P.PREPARING, conversation_id="conv-1")
    m._out = []
    m._begin(
        Prepared(
            changes.get("setup") or setup(),
            changes.get("history", ()),
            changes.get("user", (Message.user("hello"),)),
            summarize=changes.get("summarize", False),
        )
    )
    effects, m._out = m._out, []
    return effects


def current_pass(m: TurnMachine) -> int:
    assert m.state.current is not None
    return m.state.current.pass_id


def of(effects: list[Any], kind: type) -> list[Any]:
    return [e for e in effects if isinstance(e, kind)]


def read_call(call_id: str = "call-1", path: str = "a.py") -> ToolCallDone:
    return ToolCallDone(index=0, id=call_id, name="Read", arguments=json.dumps({"path": path}))


def read_ok(exec_seq: int, content: str = "print(1)") -> ExecResultArrived:
    success = agent.ReadSuccess(path="a.py", content=content, total_lines=1)
    return ExecResultArrived(agent.ExecClientMessage(id=exec_seq, read_result=agent.ReadResult(success=success)))


def in_step(**changes: Any) -> TurnMachine:
    m = machine()
    prepared(m, **changes)
    assert m.phase is P.PASS and m.state.current is not None and m.state.current.purpose is PassPurpose.STEP
    return m


def in_summary() -> TurnMachine:
    m = machine()
    history = (Message.user("old"), Message.assistant(TextPart("ok")))
    prepared(m, setup=setup(tools=False), history=history, summarize=True)
    assert m.phase is P.PASS and m.state.current is not None and m.state.current.purpose is PassPurpose.SUMMARY
    return m


def pass_ended_with(m: TurnMachine, calls: Sequence[ToolCallDone]) -> TurnMachine:
    """The current pass streams `calls` and ends."""
    pass_id = current_pass(m)
    for call in calls:
        m.handle(PassDelta(pass_id, call))
    m.handle(PassEnded(pass_id))
    return m


def in_tools(*calls: ToolCallDone, **changes: Any) -> TurnMachine:
    m = pass_ended_with(in_step(**changes), calls or (read_call(),))
    assert m.phase is P.TOOLS
    return m


def shell_call(call_id: str = "call-1", command: str = "make") -> ToolCallDone:
    return ToolCallDone(index=0, id=call_id, name="Shell", arguments=json.dumps({"command": command}))


def in_review(*calls: ToolCallDone) -> TurnMachine:
    """A step's pass has ended with calls Auto-review decides (by default one Shell call, `call-1`)."""
    m = pass_ended_with(in_step(setup=attrs.evolve(setup(), auto_review=True)), calls or (shell_call(),))
    assert m.phase is P.REVIEW
    return m


def restored() -> TurnMachine:
    state = TurnState(phase=P.RESTORED, setup=setup(), conversation_id="conv-1", messages=(Message.user("hi"),))
    return machine(state)


def ended() -> TurnMachine:
    m = in_step()
    m.handle(PassEnded(current_pass(m)))
    assert m.phase is P.ENDED
    return m


def preparing() -> TurnMachine:
    """A run that waits for its model's route."""
    m = machine()
    m.handle(RunStarted(agent.AgentRunRequest(action=user_action("hi")), "conv-1"))
    assert m.phase is P.PREPARING
    return m



#: the situations the table tests start from: the phase each is in, and how to build it (PASS twice: a
#: step's pass and a summary's, whose rows lead to different phases)
SITUATIONS: dict[str, tuple[TurnPhase, Callable[[], TurnMachine]]] = {
    "idle": (P.IDLE, machine),
    "preparing": (P.PREPARING, preparing),
    "restored": (P.RESTORED, restored),
    "step": (P.PASS, in_step),
    "summary": (P.PASS, in_summary),
    "review": (P.REVIEW, in_review),
    "tools": (P.TOOLS, in_tools),
    "ended": (P.ENDED, ended),
}


def sample(kind: type, m: TurnMachine) -> object:
    """An input of `kind` that fits the machine (the current pass, the first open exec)."""
    pass_id = m.state.current.pass_id if m.state.current is not None else 1
    exec_seq = next((p.exec_seq for p in m.state.open_calls if p.exec_seq is not None), 1)
    samples: dict[type, object] = {
        ActionRequested: ActionRequested(user_action("and then")),  # kept for a later run: the phase stays
        PrewarmRequested: PrewarmRequested(agent.PrewarmRequest(conversation_id="conv-2")),
        RunStarted: RunStarted(agent.AgentRunRequest(action=user_action("hi")), "conv-1"),
        ModelChosen: ModelChosen(RouteFacts("model-x", "fake", 100_000)),
        QueuedTaken: QueuedTaken(),
        ConversationLoaded: ConversationLoaded(),
        QueryTimedOut: QueryTimedOut(exec_seq),
        BlobsRead: BlobsRead(),
        Resume: Resume(),
        PassDelta: PassDelta(pass_id, TextDelta("more")),
        PassEnded: PassEnded(pass_id),
        PassFailed: PassFailed(pass_id, MalformedResponse("fake", "boom")),
        ExecResultArrived: read_ok(exec_seq),
        ExecControlArrived: ExecControlArrived(
            ExecControlKind.THROW, exec_seq, agent.ExecClientControlMessage(throw=agent.ExecClientThrow(error="no"))
        ),
        InteractionAnswered: InteractionAnswered(agent.InteractionResponse(id=77)),
        AbortSubagent: AbortSubagent("task-1"),
        ForceBackground: ForceBackground("background_shell_action", "call-1", shell=True),
        Cancel: Cancel(ConnectError(Code.CANCELED, "stop")),
        WebToolDone: WebToolDone("call-1", ToolOutcome("found"), agent.WebSearchResult()),
        ReviewAnswered: ReviewAnswered(pass_id, "call-1", ReviewOutcome.ALLOW, reason="builds"),
        AllowlistAsked: AllowlistAsked(pass_id, "call-1", "make", ""),
    }
    return samples[kind]


#: the phase each listed transition leads to from the situations above (rows marked "ignore" keep it).
EXPECTED: dict[tuple[str, type], TurnPhase] = {
    ("idle", PrewarmRequested): P.IDLE,
    ("idle", RunStarted): P.PREPARING,
    ("idle", Cancel): P.ENDED,
    # from the first sub-step (choosing the model): an answer to a later one is not taken there
    ("preparing", ModelChosen): P.PREPARING,
    ("preparing", QueuedTaken): P.PREPARING,
    ("preparing", ConversationLoaded): P.PREPARING,
    ("preparing", ExecResultArrived): P.PREPARING,  # no question asked yet: a stray answer
    ("preparing", QueryTimedOut): P.PREPARING,
    ("preparing", BlobsRead): P.PREPARING,
    ("preparing", Cancel): P.ENDED,
    ("restored", Resume): P.PASS,
    ("restored", Cancel): P.ENDED,
    ("step", PassDelta): P.PASS,
    ("step", PassEnded): P.ENDED,  # no tool calls: the turn completes
    ("step", PassFailed): P.ENDED,
    ("step", ExecResultArrived): P.PASS,  # no allowlist question of ours: stray
    ("step", Cancel): P.ENDED,
    ("step", AbortSubagent): P.PASS,
    ("step", ForceBackground): P.PASS,
    ("summary", PassDelta): P.PASS,
    ("summary", PassEnded): P.ENDED,  # the user's summary ends the turn (here: empty, so failed)
    ("summary", PassFailed): P.ENDED,
    ("summary", ExecResultArrived): P.PASS,
    ("summary", Cancel): P.ENDED,
    ("summary", AbortSubagent): P.PASS,
    ("summary", ForceBackground): P.PASS,
    ("review", ReviewAnswered): P.TOOLS,  # the one call has its verdict: it goes out
    ("review", AllowlistAsked): P.REVIEW,  # the editor is asked
    ("review", ExecResultArrived): P.REVIEW,  # no allowlist question of ours: stray
    ("review", Cancel): P.ENDED,
    ("review", AbortSubagent): P.REVIEW,
    ("review", ForceBackground): P.REVIEW,
    ("tools", ExecResultArrived): P.PASS,  # the one call has its result: the next pass
    ("tools", ExecControlArrived): P.PASS,  # a throw settles the call too
    ("tools", InteractionAnswered): P.TOOLS,  # an answer to no question of ours
    ("tools", Cancel): P.ENDED,
    ("tools", AbortSubagent): P.TOOLS,
    ("tools", ForceBackground): P.TOOLS,
    ("tools", WebToolDone): P.TOOLS,  # for a call that is no web call (here: a Read)
    ("ended", Resume): P.ENDED,  # a recorded turn restored: only its end is left
    # in any phase an action is kept for a later run (the phase stays)
    **{(where, ActionRequested): phase for where, (phase, _) in SITUATIONS.items()},
}


def test_every_row_that_acts_is_tested_here() -> None:
    assert {(SITUATIONS[where][0], kind) for where, kind in EXPECTED} == set(TRANSITIONS)
    for (where, _kind), then in EXPECTED.items():  # the phase stays, or an outcome's row leads there
        phase = SITUATIONS[where][0]
        assert then is phase or then in {target for (row_phase, _), target in MOVES.items() if row_phase is phase}
    # a PASS row acts for both kinds of pass
    assert {kind for where, kind in EXPECTED if where == "step"} == {k for w, k in EXPECTED if w == "summary"}


def test_every_outcome_leads_somewhere_and_no_input_is_both_taken_and_ignored() -> None:
    assert {went for _, went in MOVES} == set(Went)
    for phase in P:
        assert not IGNORED_IN[phase] & LATE_START_IN[phase]
        assert not {kind for row_phase, kind in TRANSITIONS if row_phase is phase} & (
            IGNORED_IN[phase] | LATE_START_IN[phase]
        )


def test_an_outcome_a_phase_does_not_list_is_a_protocol_error(monkeypatch: Any) -> None:
    """What a handler reports is checked on every input: without the row that takes a completed step's
    pass to ENDED, the turn's completion is refused."""
    monkeypatch.delitem(MOVES, (P.PASS, Went.COMPLETED))
    m = in_step()
    with pytest.raises(TurnProtocolError, match="completed in phase pass leads nowhere"):
        m.handle(PassEnded(current_pass(m)))


def test_a_pass_ends_by_the_purpose_of_the_pass(monkeypatch: Any) -> None:
    """A summary never leads to TOOLS (its tool calls, if a model made any, are not dispatched), and the
    user's summary ends the turn by an outcome of its own: without the step's completion row, a step's end
    is refused while the summary still ends."""
    summary = in_summary()
    pass_id = current_pass(summary)
    summary.handle(PassDelta(pass_id, TextDelta("the gist")))
    summary.handle(PassDelta(pass_id, read_call()))
    summary.handle(PassEnded(pass_id))
    assert summary.phase is P.ENDED and summary.state.pending == ()
    monkeypatch.delitem(MOVES, (P.PASS, Went.COMPLETED))
    m = in_step()
    with pytest.raises(TurnProtocolError, match="completed in phase pass"):
        m.handle(PassEnded(current_pass(m)))
    summary = in_summary()
    summary.handle(PassEnded(current_pass(summary)))
    assert summary.phase is P.ENDED


@pytest.mark.parametrize("pair", sorted(EXPECTED, key=lambda p: (p[0], p[1].__name__)), ids=str)
def test_every_listed_transition(pair: tuple[str, type]) -> None:
    where, kind = pair
    phase, build = SITUATIONS[where]
    m = build()
    assert m.phase is phase
    m.handle(sample(kind, m))
    assert m.phase is EXPECTED[pair]


IGNORED = sorted(
    ((where, kind) for where, (phase, _) in SITUATIONS.items() for kind in IGNORED_IN[phase]),
    key=lambda p: (p[0], p[1].__name__),
)


@pytest.mark.parametrize("pair", IGNORED, ids=str)
def test_ignored_inputs_change_nothing(pair: tuple[str, type]) -> None:
    where, kind = pair
    m = SITUATIONS[where][1]()
    before = m.state
    item = sample(kind, m)
    if isinstance(item, PassDelta | PassEnded | PassFailed) and m.phase is P.PASS:
        pytest.fail("a pass's own output is never ignored")
    assert m.handle(item) == []
    assert m.state == before


LATE_STARTS = sorted(
    ((where, kind) for where, (phase, _) in SITUATIONS.items() for kind in LATE_START_IN[phase]),
    key=lambda p: (p[0], p[1].__name__),
)


@pytest.mark.parametrize("pair", LATE_STARTS, ids=str)
def test_a_late_start_changes_nothing(pair: tuple[str, type]) -> None:
    """Once the run has started a second run_request or a prewarm changes nothing: the run goes on."""
    where, kind = pair
    m = SITUATIONS[where][1]()
    before = m.state
    assert m.handle(sample(kind, m)) == []
    assert m.state == before


def test_late_starts_are_every_phase_but_idle() -> None:
    starts = {RunStarted, PrewarmRequested}
    assert {where for where, kind in LATE_STARTS if kind is RunStarted} == set(SITUATIONS) - {"idle"}
    assert {kind for _, kind in LATE_STARTS} == starts


UNLISTED = [
    (where, kind)
    for where, (phase, _) in SITUATIONS.items()
    for kind in INPUT_TYPES
    if (phase, kind) not in TRANSITIONS and kind not in IGNORED_IN[phase] | LATE_START_IN[phase]
]


@pytest.mark.parametrize("pair", UNLISTED, ids=str)
def test_unlisted_pairs_are_protocol_errors(pair: tuple[str, type]) -> None:
    where, kind = pair
    m = SITUATIONS[where][1]()
    before = m.state
    with pytest.raises(TurnProtocolError, match=kind.__name__):
        m.handle(sample(kind, m))
    assert m.state == before


def test_unlisted_pairs_include_the_obvious_bugs() -> None:
    unlisted = {(SITUATIONS[where][0], kind) for where, kind in UNLISTED}
    assert {phase for phase, _ in SITUATIONS.values()} == set(P)
    obvious = [(P.PASS, ModelChosen), (P.TOOLS, ModelChosen), (P.IDLE, PassEnded), (P.PASS, Resume)]
    for pair in [*obvious, (P.IDLE, Resume), (P.PREPARING, PassDelta)]:
        assert pair in unlisted


# ---- what the transitions do -----------------------------------------------------------------------


def test_a_prepared_run_snapshots_then_starts_the_first_pass() -> None:
    m = machine()
    effects = prepared(m, history=(Message.user("before"), Message.assistant(TextPart("yes"))))
    kinds = [type(e) for e in effects]
    assert kinds == [Snapshot, Publish, type(effects[2]), StartPass]
    assert m.state.stream_phase is Phase.PROVIDER_RUNNING
    (snapshot,) = of(effects, Snapshot)
    assert snapshot.state.next_pass_id == 1  # taken before the pass got its id
    (start,) = of(effects, StartPass)
    assert start.pass_id == 1 and start.model_call_id == "req-1:1"
    assert start.request.cache_key == "conv-1"  # one prompt cache per conversation
    assert [msg.text() for msg in start.request.messages] == ["before", "yes", "hello"]
    assert m.state.turn_start == 2 and m.state.turn_messages == (Message.user("hello"),)


def test_text_is_published_as_it_arrives_and_the_reply_completes_the_turn() -> None:
    m = in_step()
    pass_id = current_pass(m)
    assert m.handle(PassDelta(pass_id, TextDelta("hi "))) == [Publish(updates.text_delta("hi "))]
    m.handle(PassDelta(pass_id, Usage(input=10, output=3)))
    effects = m.handle(PassEnded(pass_id))
    assert m.state.stream_phase is Phase.CHECKPOINTING  # the stream ends once its effects are carried out
    (checkpoint,) = of(effects, Checkpoint)
    assert checkpoint.final and checkpoint.mode == agent.AGENT_MODE_AGENT
    (record,) = of(effects, RecordTurn)
    assert record.status is TurnOutcome.COMPLETED and record.usage == Usage(input=10, output=3)
    assert [msg.text() for msg in record.messages] == ["hello", "hi "]
    assert effects[-1] == End(None)
    assert m.state.turn_messages == ()  # recorded once


def test_deltas_of_an_earlier_pass_are_dropped() -> None:
    m = in_step()
    assert m.handle(PassDelta(current_pass(m) + 5, TextDelta("stale"))) == []
    assert m.handle(PassEnded(current_pass(m) + 5)) == []
    assert m.phase is P.PASS


def test_tool_calls_become_execs_and_their_results_the_next_pass() -> None:
    m = in_step()
    pass_id = current_pass(m)
    m.handle(PassDelta(pass_id, read_call("c1", "a.py")))
    m.handle(PassDelta(pass_id, read_call("c2", "b.py")))
    effects = m.handle(PassEnded(pass_id))
    sends = of(effects, SendExec)
    assert [s.message.id for s in sends] == [1, 2]
    assert [s.message.exec_id for s in sends] == ["req-1:1:c1", "req-1:1:c2"]
    assert [e.call_id for e in of(effects, ShowToolCall)] == ["c1", "c2"]
    assert m.state.stream_phase is Phase.WAITING_EXTERNAL and of(effects, Snapshot)
    assert m.handle(read_ok(2, "second")) and m.phase is P.TOOLS  # one of two: still waiting
    assert [e.completed for e in of(m.handle(read_ok(99)), ShowToolCall)] == []  # not ours
    effects = m.handle(read_ok(1, "first"))
    assert m.phase is P.PASS
    (start,) = of(effects, StartPass)
    results = [p for msg in start.request.messages for p in msg.parts if isinstance(p, ToolResultPart)]
    assert [r.tool_call_id for r in results] == ["c1", "c2"]  # in call order, whatever order they came
    assert "first" in results[0].content and "second" in results[1].content
    (checkpoint,) = of(effects, Checkpoint)
    assert not checkpoint.final


def test_an_unknown_tool_or_bad_arguments_fail_at_once_without_an_exec() -> None:
    m = in_step()
    pass_id = current_pass(m)
    m.handle(PassDelta(pass_id, ToolCallDone(index=0, id="c1", name="NoSuchTool", arguments="{}")))
    m.handle(PassDelta(pass_id, ToolCallDone(index=1, id="c2", name="Read", arguments="not json")))
    effects = m.handle(PassEnded(pass_id))
    assert of(effects, SendExec) == []
    assert m.phase is P.PASS  # both settled: the model hears of it in the next pass
    (start,) = of(effects, StartPass)
    results = [p for msg in start.request.messages for p in msg.parts if isinstance(p, ToolResultPart)]
    assert all(r.is_error for r in results) and len(results) == 2


def test_questions_wait_for_the_user() -> None:
    call = ToolCallDone(index=0, id="q1", name="AskQuestion", arguments=json.dumps(QUESTION))
    m = in_step()
    pass_id = current_pass(m)
    m.handle(PassDelta(pass_id, call))
    effects = m.handle(PassEnded(pass_id))
    (ask,) = of(effects, AskUser)
    assert ask.query.id == 1 and m.state.stream_phase is Phase.AWAITING_USER
    answer = agent.InteractionResponse(
        id=1,
        ask_question_interaction_response=agent.AskQuestionInteractionResponse(
            result=agent.AskQuestionResult(success=agent.AskQuestionSuccess())
        ),
    )
    effects = m.handle(InteractionAnswered(answer))
    assert m.phase is P.PASS and of(effects, StartPass)


def test_cancel_cancels_the_pass_or_aborts_every_open_exec() -> None:
    m = in_step()
    stop = ConnectError(Code.CANCELED, "stop")
    effects = m.handle(Cancel(stop))
    assert effects[0] == CancelPass() and End(stop) in effects
    (record,) = of(effects, RecordTurn)
    assert record.status is TurnOutcome.CANCELED and record.error == "stop"

    m = in_tools(read_call("c1"), read_call("c2", "b.py"))
    m.handle(read_ok(1))
    effects = m.handle(Cancel(ConnectError(Code.DEADLINE_EXCEEDED, "gone")))
    assert of(effects, AbortExec) == [AbortExec(2)] and of(effects, CancelPass) == []
    assert of(effects, RecordTurn)[0].status is TurnOutcome.FAILED


def test_a_provider_error_fails_the_turn() -> None:
    m = in_step()
    effects = m.handle(PassFailed(current_pass(m), MalformedResponse("fake", "garbage")))
    (end,) = of(effects, End)
    assert end.error is not None and end.error.code is not Code.CANCELED
    assert of(effects, RecordTurn)[0].status is TurnOutcome.FAILED


def test_the_pass_limit_stops_the_turn() -> None:
    m = machine(max_passes=1)
    prepared(m)
    m.handle(PassDelta(1, read_call()))
    m.handle(PassEnded(1))
    effects = m.handle(read_ok(1))
    (end,) = of(effects, End)
    assert end.error is not None and end.error.code is Code.RESOURCE_EXHAUSTED
    assert of(effects, StartPass) == [] and m.phase is P.ENDED


def test_a_prompt_too_large_compacts_earlier_turns_first() -> None:
    history = (Message.user("x" * 40_000), Message.assistant(TextPart("ok")))
    m = machine()
    effects = prepared(m, setup=setup(window=12_000), history=history)
    assert m.phase is P.PASS and m.state.stream_phase is Phase.COMPACTING
    pass_id = current_pass(m)
    assert of(m.handle(PassDelta(pass_id, TextDelta("they talked"))), Publish) == []  # not shown as text
    effects = m.handle(PassEnded(pass_id))
    assert StoreSummary("they talked") in effects and m.phase is P.PASS
    (start,) = of(effects, StartPass)
    assert [msg.text() for msg in start.request.messages] == ["SUMMARY: they talked", "hello"]
    assert m.state.compacted and m.state.summary_text == "they talked"


def test_a_failed_compaction_goes_on_uncompacted() -> None:
    history = (Message.user("x" * 40_000), Message.assistant(TextPart("ok")))
    m = machine()
    prepared(m, setup=setup(window=12_000), history=history)
    effects = m.handle(PassFailed(current_pass(m), MalformedResponse("fake", "no")))
    (start,) = of(effects, StartPass)
    assert len(start.request.messages) == 3 and m.phase is P.PASS and of(effects, End) == []


def test_the_users_summary_ends_the_turn() -> None:
    m = in_summary()
    m.handle(PassDelta(current_pass(m), TextDelta("gist")))
    effects = m.handle(PassEnded(current_pass(m)))
    assert StoreSummary("gist") in effects and effects[-1] == End(None) and of(effects, Snapshot) == []


def test_pre_and_post_tool_use_hooks_wrap_an_exec() -> None:
    steps = HookSteps(frozenset({hooks.PRE_TOOL_USE, hooks.POST_TOOL_USE}))
    m = in_step(setup=setup(hook_steps=steps))
    m.handle(PassDelta(1, read_call()))
    (pre,) = of(m.handle(PassEnded(1)), SendExec)
    assert pre.message.WhichOneof("message") == "execute_hook_args" and pre.message.exec_id.endswith(":pre")
    (tool,) = of(m.handle(ExecResultArrived(agent.ExecClientMessage(id=pre.message.id))), SendExec)
    assert tool.message.WhichOneof("message") == "read_args"
    (post,) = of(m.handle(read_ok(tool.message.id)), SendExec)
    assert post.message.exec_id.endswith(":post") and m.phase is P.TOOLS
    effects = m.handle(ExecResultArrived(agent.ExecClientMessage(id=post.message.id)))
    assert m.phase is P.PASS and of(effects, StartPass)


def test_steering_a_running_turn() -> None:
    m = in_step()
    (send,) = m.handle(ForceBackground("background_shell_action", "call-9", shell=True))
    assert isinstance(send, SendExec) and send.message.force_background_shell_args.tool_call_id == "call-9"
    assert send.message.exec_id == "background_shell_action:call-9"
    assert m.handle(AbortSubagent("task-1")) == []  # no subagent runs


def test_a_restored_turn_waits_for_open_calls_or_runs_the_pass_again() -> None:
    m = in_tools(read_call("c1"), read_call("c2", "b.py"))
    m.handle(read_ok(1))
    saved = attrs.evolve(m.state, phase=P.RESTORED)
    again = machine(saved)
    effects = again.handle(Resume())
    assert effects == [] and again.phase is P.TOOLS and again.state.stream_phase is Phase.WAITING_EXTERNAL
    effects = again.handle(read_ok(2))
    assert again.phase is P.PASS and of(effects, StartPass)[0].pass_id == 2

    fresh = restored()
    (start,) = of(fresh.handle(Resume()), StartPass)
    assert start.pass_id == 1


def test_the_state_is_frozen() -> None:
    m = in_step()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        m.state.usage = Usage(input=1)  # type: ignore[misc]


def test_a_completed_turn_is_recorded_with_its_ended_state_and_a_restart_only_ends_it() -> None:
    m = in_step()
    effects = m.handle(PassEnded(current_pass(m)))
    (record,) = of(effects, RecordTurn)
    assert record.recorded == m.state and record.recorded.phase is P.ENDED and record.recorded.turn_messages == ()
    assert not of(effects, Snapshot)  # the ended state goes with the record, in its transaction
    restarted = machine(record.recorded)
    assert restarted.handle(Resume()) == [Publish(updates.turn_ended(m.state.usage)), End(None)]


def test_a_hook_request_is_a_step_boundary() -> None:
    """The state is journalled once the tool's own exec follows the preToolUse answer, and once the
    postToolUse request holds the outcome: a restart then waits for the right answer."""
    m = in_tools(setup=setup(hook_steps=HookSteps(frozenset({hooks.PRE_TOOL_USE, hooks.POST_TOOL_USE}))))
    (pending,) = m.state.pending
    assert pending.stage is CallStage.PRE_HOOK
    allow = agent.ExecuteHookResult(response=agent.ExecuteHookResponse(pre_tool_use=agent.PreToolUseRequestResponse()))
    effects = m.handle(ExecResultArrived(agent.ExecClientMessage(id=pending.exec_seq, execute_hook_result=allow)))
    assert isinstance(effects[-1], Snapshot) and effects[-1].state.pending[0].stage is CallStage.EXEC
    effects = m.handle(read_ok(m.state.pending[0].exec_seq or 0))
    assert isinstance(effects[-1], Snapshot) and effects[-1].state.pending[0].stage is CallStage.POST_HOOK


def asking() -> TurnMachine:
    return in_tools(read_call("c1"), ToolCallDone(index=1, id="q1", name="AskQuestion", arguments=json.dumps(QUESTION)))


@pytest.mark.parametrize(
    ("build", "phase"),
    [
        (machine, Phase.IDLE),  # preparing the run
        (restored, Phase.IDLE),  # not yet going on
        (in_step, Phase.PROVIDER_RUNNING),
        (in_summary, Phase.COMPACTING),
        (in_tools, Phase.WAITING_EXTERNAL),
        (asking, Phase.AWAITING_USER),  # one call waits on the user, whatever the others wait on
        (ended, Phase.CHECKPOINTING),  # until the stream's own ending says how it ended
    ],
    ids=lambda v: getattr(v, "__name__", str(v)),
)
def test_the_streams_phase_is_read_off_the_state(build: Callable[[], TurnMachine], phase: Phase) -> None:
    assert build().state.stream_phase is phase
