"""The turn's preparation (phase PREPARING, `cursord.agent.machine.turn_prep`), input by input: each I/O need
is an effect, its answer an input; every ending is an `End`. No daemon, no trio."""

from __future__ import annotations

from typing import Any

import pytest

from cursord.agent import updates
from cursord.agent.machine import (
    ASK_TIMEOUT,
    USER_SHELL_TIMEOUT,
    AbortExec,
    AskEditor,
    BlobsRead,
    Cancel,
    ChooseModel,
    ConversationLoaded,
    End,
    ForgetQuery,
    LastTurn,
    LoadConversation,
    ModelChosen,
    OpenRun,
    PrepStep,
    Publish,
    QueryTimedOut,
    QueuedTaken,
    ReadBlobs,
    RecordTurn,
    RouteFacts,
    RunStarted,
    StartPass,
    TakeQueued,
    TurnMachine,
    TurnOutcome,
    TurnPhase,
)
from cursord.agent.machine.turn_prep import PrepWent, TurnPrep
from cursord.connect import Code, ConnectError
from cursord.context import ContextLimits
from cursord.core import ExecResultArrived
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message, TextPart, ToolCallPart, ToolResultPart
from cursord.testing.editor import user_message_action as user_action
from tests.agent.test_turn_machine import machine, of

P = TurnPhase
ROUTE = RouteFacts("model-x", "fake", 100_000)
CANCEL = Cancel(ConnectError(Code.CANCELED, "stop"))
HISTORY = (Message.user("before"), Message.assistant(TextPart("yes")))


def run(action: agent.ConversationAction, *, context: bool = False, **request: Any) -> agent.AgentRunRequest:
    """A run request; with `context`, its message carries a (complete) request context."""
    if context:
        action.user_message_action.request_context.CopyFrom(agent.RequestContext())
    return agent.AgentRunRequest(action=action, **request)


def to_loading(request: agent.AgentRunRequest, queued: tuple[agent.ConversationAction, ...] = ()) -> TurnMachine:
    m = machine()
    assert m.handle(RunStarted(request, "conv-1")) == [OpenRun(request, "conv-1"), ChooseModel("conv-1", None)]
    assert m.handle(ModelChosen(ROUTE)) == [TakeQueued("conv-1")]
    m.handle(QueuedTaken(queued))
    return m


def answer(exec_seq: int, **result: Any) -> ExecResultArrived:
    return ExecResultArrived(agent.ExecClientMessage(id=exec_seq, **result))


def context_answer(exec_seq: int, context: agent.RequestContext) -> ExecResultArrived:
    result = agent.RequestContextResult(success=agent.RequestContextSuccess(request_context=context))
    return answer(exec_seq, request_context_result=result)


def test_a_message_run_loads_asks_for_its_context_then_starts_its_first_pass() -> None:
    m = to_loading(run(user_action("hello")))
    assert m.state.prep is not None and m.state.prep.step is PrepStep.LOADING
    effects = m.handle(ConversationLoaded(HISTORY))
    (ask,) = of(effects, AskEditor)
    assert ask.message.HasField("request_context_args") and ask.timeout == ASK_TIMEOUT
    assert ask.message.id == 1 and m.state.prep is not None and m.state.prep.asked == 1
    context = agent.RequestContext()
    effects = m.handle(context_answer(1, context))
    assert ForgetQuery(1) in effects and m.phase is P.PASS and m.state.prep is None
    (start,) = of(effects, StartPass)
    assert [msg.text() for msg in start.request.messages] == ["before", "yes", "hello"]
    assert m.state.next_exec_seq == 2  # one counter: the question took exec id 1, the tools go on from 2
    assert m.state.setup is not None and m.state.setup.model == "model-x"


@pytest.mark.parametrize("listener", [True, False])
def test_a_message_that_asks_for_it_is_announced_before_the_first_pass(listener: bool) -> None:
    """`send_to_interaction_listener`: each of the run's messages, prepended ones first, comes back as
    `user_message_appended` (Cursor's agent does so), before the model is called; otherwise none."""
    action = user_action("and now this")
    action.user_message_action.prepend_user_messages.add(text="queued first")
    action.user_message_action.prepend_user_messages.add()  # empty: not a message
    action.user_message_action.send_to_interaction_listener = listener
    m = to_loading(run(action, context=True))
    effects = m.handle(ConversationLoaded(HISTORY))
    echoed = [e.message.interaction_update.user_message_appended.user_message.text
              for e in of(effects, Publish) if e.message.interaction_update.HasField("user_message_appended")]
    assert echoed == (["queued first", "and now this"] if listener else [])
    assert isinstance(effects[-1], StartPass) and m.phase is P.PASS


def test_a_run_the_model_is_not_served_for_ends_before_taking_the_queue() -> None:
    m = machine()
    m.handle(RunStarted(run(user_action("hi"), requested_model=agent.RequestedModel(model_id="gpt-x")), "conv-1"))
    effects = m.handle(ModelChosen(None, ("model-x",)))
    (end,) = effects
    assert isinstance(end, End) and end.error is not None and end.error.code is Code.NOT_FOUND
    assert "gpt-x" in end.error.message and m.phase is P.ENDED


def test_a_picker_variant_asks_for_its_model() -> None:
    m = machine()
    request = run(user_action("hi"), requested_model=agent.RequestedModel(model_id="model-x?thinking=high"))
    (opened, choose) = m.handle(RunStarted(request, "conv-1", parent_request_id="parent"))
    assert opened == OpenRun(request, "conv-1") and choose == ChooseModel("conv-1", "model-x", "parent")


def test_a_run_naming_its_subagent_type_is_a_subagents_without_a_parent() -> None:
    """RunSSE names no parent: the run_request's own `subagent_type_name` makes it a subagent's run."""
    request = run(user_action("hi"), requested_model=agent.RequestedModel(model_id="composer-1"))
    request.subagent_type_name = "explore"
    (_, choose) = machine().handle(RunStarted(request, "conv-1"))
    assert choose == ChooseModel("conv-1", "composer-1", None, "explore") and choose.subagent
    (_, plain) = machine().handle(RunStarted(run(user_action("hi")), "conv-1"))
    assert isinstance(plain, ChooseModel) and not plain.subagent


def test_a_second_run_request_leaves_the_run_as_it_is() -> None:
    m = to_loading(run(user_action("first")))
    before = m.state
    assert m.handle(RunStarted(run(user_action("second")), "conv-2")) == [] and m.state == before


def test_queued_messages_come_first_in_the_user_turn() -> None:
    m = to_loading(run(user_action("second"), context=True), (user_action("first"),))
    effects = m.handle(ConversationLoaded())
    (start,) = of(effects, StartPass)
    text = start.request.messages[-1].text()
    assert text.index("first") < text.index("second")


def test_a_run_with_nothing_to_say_ends_with_turn_ended() -> None:
    m = to_loading(run(agent.ConversationAction()))
    assert m.phase is P.ENDED
    assert m.handle(CANCEL) == []  # ended: a late cancel changes nothing


def test_nothing_to_run_publishes_turn_ended_then_ends() -> None:
    m = machine()
    m.handle(RunStarted(run(agent.ConversationAction()), "conv-1"))
    m.handle(ModelChosen(ROUTE))
    effects = m.handle(QueuedTaken())
    assert effects == [Publish(updates.turn_ended(m.state.usage)), End(None)]


def resume_action() -> agent.ConversationAction:
    return agent.ConversationAction(resume_action=agent.ResumeAction())


@pytest.mark.parametrize(
    ("last", "error"),
    [
        (None, None),  # no turn: nothing to resume
        (LastTurn(True, HISTORY), None),  # it completed
        (LastTurn(False, (Message.assistant(ToolCallPart("c1", "Read", "{}")),)), Code.FAILED_PRECONDITION),
    ],
)
def test_a_resume_with_nothing_to_resume_ends(last: LastTurn | None, error: Code | None) -> None:
    m = to_loading(run(resume_action()))
    assert m.state.prep is not None and m.state.prep.step is PrepStep.LOADING
    effects = m.handle(ConversationLoaded(HISTORY, last))
    (end,) = of(effects, End)
    assert (end.error.code if end.error else None) is error and m.phase is P.ENDED


def test_a_resume_goes_on_with_what_the_last_turn_had_done() -> None:
    m = machine()
    m.handle(RunStarted(run(resume_action()), "conv-1"))
    m.handle(ModelChosen(ROUTE))
    assert of(m.handle(QueuedTaken()), LoadConversation) == [LoadConversation("conv-1", last_turn=True)]
    done = (
        Message.user("go"),
        Message.assistant(ToolCallPart("c1", "Read", "{}")),
        Message.tool_result("c1", "text"),
        Message.assistant(ToolCallPart("c2", "Read", "{}")),  # never answered: dropped
    )
    (ask,) = of(m.handle(ConversationLoaded(HISTORY, LastTurn(False, done))), AskEditor)
    (start,) = of(m.handle(context_answer(ask.message.id, agent.RequestContext())), StartPass)
    assert len(start.request.messages) == len(HISTORY) + 3
    assert isinstance(start.request.messages[-1].parts[0], ToolResultPart)


def test_a_summarize_with_nothing_to_summarize_ends_failed_precondition() -> None:
    m = machine()
    summarize = agent.ConversationAction(summarize_action=agent.SummarizeAction())
    m.handle(RunStarted(run(summarize), "conv-1"))
    m.handle(ModelChosen(ROUTE))
    assert m.handle(QueuedTaken()) == [LoadConversation("conv-1", checkpoints=False)]
    (end,) = m.handle(ConversationLoaded())
    assert isinstance(end, End) and end.error is not None and end.error.code is Code.FAILED_PRECONDITION
    m2 = machine()
    m2.handle(RunStarted(run(summarize), "conv-1"))
    m2.handle(ModelChosen(ROUTE))
    m2.handle(QueuedTaken())
    m2.handle(ConversationLoaded(HISTORY))
    assert m2.phase is P.PASS


def shell_run() -> agent.AgentRunRequest:
    shell = agent.ShellCommandAction(shell_command=agent.ShellCommand(command="ls"), exec_id="user-exec-7")
    return run(agent.ConversationAction(shell_command_action=shell))


def test_the_users_shell_command_runs_in_the_editor_and_is_recorded() -> None:
    m = machine()
    m.handle(RunStarted(shell_run(), "conv-1"))
    m.handle(ModelChosen(ROUTE))
    (ask,) = m.handle(QueuedTaken())
    assert isinstance(ask, AskEditor) and ask.timeout == USER_SHELL_TIMEOUT
    assert ask.message.exec_id == "user-exec-7" and ask.message.shell_args.command == "ls"
    success = agent.ShellSuccess(stdout="a.py", exit_code=0)
    effects = m.handle(answer(ask.message.id, shell_result=agent.ShellResult(success=success)))
    (record,) = of(effects, RecordTurn)
    assert record.status is TurnOutcome.COMPLETED and "a.py" in record.messages[0].text()
    assert effects[-1] == End(None) and m.phase is P.ENDED


def test_an_unanswered_question_times_out_and_the_editor_is_not_asked_again() -> None:
    """The run's own context marks its rules incomplete (so it is asked for) and lists an MCP server without
    schemas (so the MCP state would be asked next): once the first question timed out, the second is not
    asked, and the run goes on with what it has."""
    action = user_action("hi")
    carried = action.user_message_action.request_context
    carried.rules_info_complete = False
    descriptor = carried.mcp_file_system_options.mcp_descriptors.add(server_name="d", server_identifier="d1")
    descriptor.tools.add(tool_name="lookup")
    m = to_loading(run(action))
    (ask,) = of(m.handle(ConversationLoaded()), AskEditor)
    assert ask.message.HasField("request_context_args")
    assert m.handle(QueryTimedOut(ask.message.id + 5)) == []  # another question's timer: not this one
    effects = m.handle(QueryTimedOut(ask.message.id))
    assert of(effects, AskEditor) == [] and of(effects, ForgetQuery) == []
    assert of(effects, AbortExec) == []  # the editor may still answer; its late answer is ignored
    assert m.phase is P.PASS and of(effects, StartPass)  # the run goes on without


def test_the_mcp_state_is_not_asked_once_the_editor_left_a_question_unanswered() -> None:
    m = to_loading(run(user_action("hi")))
    (ask,) = of(m.handle(ConversationLoaded()), AskEditor)
    needs_mcp = agent.RequestContext()
    descriptor = needs_mcp.mcp_file_system_options.mcp_descriptors.add(server_name="d", server_identifier="d1")
    descriptor.tools.add(tool_name="lookup")  # no schema: the MCP state would be asked
    (mcp,) = of(m.handle(context_answer(ask.message.id, needs_mcp)), AskEditor)
    assert mcp.message.HasField("mcp_state_exec_args") and mcp.message.id == ask.message.id + 1
    effects = m.handle(QueryTimedOut(mcp.message.id))
    assert m.phase is P.PASS and of(effects, StartPass)


def test_a_stray_answer_while_preparing_is_ignored() -> None:
    m = to_loading(run(user_action("hi")))
    (ask,) = of(m.handle(ConversationLoaded()), AskEditor)
    before = m.state
    assert m.handle(context_answer(ask.message.id + 1, agent.RequestContext())) == []
    assert m.state == before


def test_blobs_the_message_needs_are_read_before_the_first_pass() -> None:
    action = user_action("")
    action.user_message_action.user_message.text_blob_id = b"blob-1"
    m = to_loading(run(action, context=True, pre_fetched_blobs=[agent.PreFetchedBlob(id=b"other", value=b"x")]))
    assert m.handle(ConversationLoaded()) == [ReadBlobs((b"blob-1",))]
    (start,) = of(m.handle(BlobsRead(((b"blob-1", b"the text from the blob"),))), StartPass)
    assert start.request.messages[-1].text() == "the text from the blob"


def cancel_at(step: PrepStep) -> TurnMachine:
    m = machine()
    request = shell_run()
    if step is not PrepStep.RUNNING_SHELL:
        request = run(user_action(""))
        request.action.user_message_action.user_message.text_blob_id = b"blob-1"
    m.handle(RunStarted(request, "conv-1"))
    if step is not PrepStep.CHOOSING_MODEL:
        m.handle(ModelChosen(ROUTE))
    if step not in (PrepStep.CHOOSING_MODEL, PrepStep.TAKING_QUEUED):
        m.handle(QueuedTaken())
    if step in (PrepStep.ASKING_CONTEXT, PrepStep.ASKING_MCP, PrepStep.READING_BLOBS):
        m.handle(ConversationLoaded())
    if step in (PrepStep.ASKING_MCP, PrepStep.READING_BLOBS):
        needs_mcp = agent.RequestContext()
        descriptor = needs_mcp.mcp_file_system_options.mcp_descriptors.add(server_name="d", server_identifier="d1")
        descriptor.tools.add(tool_name="lookup")
        m.handle(context_answer(1, needs_mcp))
    if step is PrepStep.READING_BLOBS:
        m.handle(answer(2, mcp_state_exec_result=agent.McpStateExecResult()))
    assert m.state.prep is not None and m.state.prep.step is step
    return m


@pytest.mark.parametrize("step", list(PrepStep), ids=lambda s: s.value)
def test_cancel_ends_the_turn_in_every_preparation_step(step: PrepStep) -> None:
    m = cancel_at(step)
    asked = m.state.prep.asked if m.state.prep is not None else None
    effects = m.handle(CANCEL)
    assert effects[-1] == End(CANCEL.error) and m.phase is P.ENDED and m.state.prep is None
    if asked is not None:  # the question in flight is aborted, its timer stopped
        assert AbortExec(asked) in effects and ForgetQuery(asked) in effects
    else:
        assert of(effects, AbortExec) == []
    # what the preparation's tasks post after that changes nothing
    for late in (ModelChosen(ROUTE), QueuedTaken(), ConversationLoaded(), BlobsRead(), QueryTimedOut(1)):
        assert m.handle(late) == []


# ---- the preparation alone (`TurnPrep`, the object the turn holds while it prepares) ------------------


def test_the_preparation_alone_reports_what_happened_and_never_the_phase() -> None:
    request = run(user_action("hi"))
    prep = TurnPrep("req-1", "conv-1", ContextLimits(), request)
    started = prep.start(RunStarted(request, "conv-1"), next_exec_seq=5)
    assert started.went is PrepWent.WAITING and started.next_exec_seq == 5
    assert started.effects == (OpenRun(request, "conv-1"), ChooseModel("conv-1", None))
    assert started.prep is not None and started.prep.step is PrepStep.CHOOSING_MODEL
    chosen = prep.handle(started.prep, ModelChosen(ROUTE), 5)
    assert chosen.went is PrepWent.WAITING and chosen.effects == (TakeQueued("conv-1"),)
    stopped = prep.handle(started.prep, ModelChosen(None, ("other",)), 5)
    assert stopped.went is PrepWent.STOPPED and stopped.prep is None
    (end,) = stopped.effects
    assert isinstance(end, End) and end.error is not None
    canceled = prep.handle(started.prep, CANCEL, 5)
    assert canceled.went is PrepWent.CANCELED and canceled.error == CANCEL.error and canceled.prep is None
