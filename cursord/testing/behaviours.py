"""Small scripted stream behaviours for testing the spine without a provider."""

from __future__ import annotations

import attrs

from cursord.connect import Code, ConnectError
from cursord.core import ActionKind, ActionRequested, ExecResultArrived, RunRequested
from cursord.proto import agent_v1_pb2 as agent
from cursord.streams import ActiveStream, StreamBehaviour


def text_update(text: str) -> agent.AgentServerMessage:
    return agent.AgentServerMessage(
        interaction_update=agent.InteractionUpdate(text_delta=agent.TextDeltaUpdate(text=text))
    )


@attrs.define
class Echo(StreamBehaviour):
    """Says the user's text back and "exec N" for each exec result; a user text "finish" or an exec result
    with exec_id "last" ends the stream, a cancel action ends it canceled."""

    stream: ActiveStream

    async def handle(self, item: object) -> None:
        if isinstance(item, RunRequested):
            text = item.request.action.user_message_action.user_message.text
            self.stream.publish(text_update(f"echo: {text}"))
            if text == "finish":
                self.stream.end(None)
        elif isinstance(item, ExecResultArrived):
            self.stream.publish(text_update(f"exec {item.exec_seq}"))
            if item.message.exec_id == "last":
                self.stream.end(None)
        elif isinstance(item, ActionRequested) and item.kind is ActionKind.CANCEL:
            self.stream.end(ConnectError(Code.CANCELED, item.action.cancel_action.reason))

    async def cancel(self, error: ConnectError) -> None:
        self.stream.end(error)
