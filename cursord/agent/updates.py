"""Builders for the AgentServerMessages a turn publishes. Pure: values in, protobuf out."""

from __future__ import annotations

from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Usage


def _update(**field: object) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(interaction_update=agent.InteractionUpdate(**field))  # type: ignore[arg-type]


def text_delta(text: str) -> agent.AgentServerMessage:
    message = agent.AgentServerMessage()
    message.interaction_update.text_delta.text = text  # in place: the hot path, ~40% cheaper
    return message


def user_message_appended(message: agent.UserMessage) -> agent.AgentServerMessage:
    return _update(user_message_appended=agent.UserMessageAppendedUpdate(user_message=message))


def thinking_delta(text: str) -> agent.AgentServerMessage:
    return _update(thinking_delta=agent.ThinkingDeltaUpdate(text=text))


def thinking_completed(duration_ms: int) -> agent.AgentServerMessage:
    return _update(thinking_completed=agent.ThinkingCompletedUpdate(thinking_duration_ms=duration_ms))


def token_delta(tokens: int) -> agent.AgentServerMessage:
    return _update(token_delta=agent.TokenDeltaUpdate(tokens=tokens))


def step_started(step_id: int) -> agent.AgentServerMessage:
    return _update(step_started=agent.StepStartedUpdate(step_id=step_id))


def step_completed(step_id: int, duration_ms: int) -> agent.AgentServerMessage:
    return _update(step_completed=agent.StepCompletedUpdate(step_id=step_id, step_duration_ms=duration_ms))


def tool_call_started(call_id: str, tool_call: agent.ToolCall, model_call_id: str) -> agent.AgentServerMessage:
    return _update(
        tool_call_started=agent.ToolCallStartedUpdate(call_id=call_id, tool_call=tool_call, model_call_id=model_call_id)
    )


def partial_tool_call(
    call_id: str, tool_call: agent.ToolCall, args_text_delta: str, model_call_id: str
) -> agent.AgentServerMessage:
    return _update(
        partial_tool_call=agent.PartialToolCallUpdate(
            call_id=call_id, tool_call=tool_call, args_text_delta=args_text_delta, model_call_id=model_call_id
        )
    )


def tool_call_delta(call_id: str, delta: agent.ToolCallDelta, model_call_id: str) -> agent.AgentServerMessage:
    """`tool_call_delta`: an edit's content as the model streams it, a running shell's output."""
    return _update(
        tool_call_delta=agent.ToolCallDeltaUpdate(call_id=call_id, tool_call_delta=delta, model_call_id=model_call_id)
    )


def tool_call_completed(call_id: str, tool_call: agent.ToolCall, model_call_id: str) -> agent.AgentServerMessage:
    return _update(
        tool_call_completed=agent.ToolCallCompletedUpdate(
            call_id=call_id, tool_call=tool_call, model_call_id=model_call_id
        )
    )


def shell_output(event: agent.ShellOutputDeltaUpdate) -> agent.AgentServerMessage:
    return _update(shell_output_delta=event)


def summary_started() -> agent.AgentServerMessage:
    return _update(summary_started=agent.SummaryStartedUpdate())


def summary(text: str) -> agent.AgentServerMessage:
    return _update(summary=agent.SummaryUpdate(summary=text))


def summary_completed() -> agent.AgentServerMessage:
    return _update(summary_completed=agent.SummaryCompletedUpdate())


def turn_ended(usage: Usage) -> agent.AgentServerMessage:
    return _update(
        turn_ended=agent.TurnEndedUpdate(
            input_tokens=usage.input,
            output_tokens=usage.output,
            cache_read_tokens=usage.cache_read,
            cache_write_tokens=usage.cache_write,
        )
    )


def exec_request(message: agent.ExecServerMessage) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(exec_server_message=message)


def exec_abort(exec_seq: int) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        exec_server_control_message=agent.ExecServerControlMessage(abort=agent.ExecServerAbort(id=exec_seq))
    )


def interaction_query(query: agent.InteractionQuery) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(interaction_query=query)


def add_usage(total: Usage, more: Usage) -> Usage:
    return Usage(
        input=total.input + more.input,
        output=total.output + more.output,
        cache_read=total.cache_read + more.cache_read,
        cache_write=total.cache_write + more.cache_write,
    )


def set_blob(kv_id: int, blob_id: bytes, data: bytes) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        kv_server_message=agent.KvServerMessage(
            id=kv_id, set_blob_args=agent.SetBlobArgs(blob_id=blob_id, blob_data=data)
        )
    )


def get_blob(kv_id: int, blob_id: bytes) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        kv_server_message=agent.KvServerMessage(id=kv_id, get_blob_args=agent.GetBlobArgs(blob_id=blob_id))
    )


def checkpoint(state: agent.ConversationStateStructure) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(conversation_checkpoint_update=state)
