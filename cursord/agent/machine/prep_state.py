"""What a turn gathers while it prepares its first pass: the `Preparation` part of `TurnState`.

Theory of operation. From the run_request to its first pass a turn is in phase PREPARING, one sub-step
(`PrepStep`) at a time: each sub-step waits for the answer to one effect the actor carries out (the model's
route, what waits for the run in the action queue, the conversation from the store, a question to the
editor, blobs read back). The answers gathered so
far are kept here, frozen and encodable like the rest of the record (tests/agent/test_turn_record.py).
"""

from __future__ import annotations

import enum

import attrs

from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message


class PrepStep(enum.Enum):
    """What a preparing turn waits for."""

    CHOOSING_MODEL = "choosing_model"  # `ChooseModel` -> `ModelChosen`
    TAKING_QUEUED = "taking_queued"  # `TakeQueued` -> `QueuedTaken`
    LOADING = "loading"  # `LoadConversation` -> `ConversationLoaded`
    ASKING_CONTEXT = "asking_context"  # `AskEditor(request_context_args)` -> its `ExecResultArrived`
    ASKING_MCP = "asking_mcp"  # `AskEditor(mcp_state_exec_args)` -> its `ExecResultArrived`
    READING_BLOBS = "reading_blobs"  # `ReadBlobs` -> `BlobsRead`
    RUNNING_SHELL = "running_shell"  # the user's `shell_command_action`: `AskEditor(shell_args)`


@attrs.frozen
class RouteFacts:
    """What the turn needs to know of the route its model takes (the actor keeps the providers)."""

    model: str
    provider_name: str
    context_window: int
    vision: bool = True


@attrs.frozen
class Preparation:
    step: PrepStep
    #: conversation actions the run takes before its own (queued while an earlier turn ran, or sent first)
    queued: tuple[agent.ConversationAction, ...] = ()
    #: the run's model (None until `ModelChosen`)
    route: RouteFacts | None = None
    #: the conversation so far, and what a resumed turn had done (`resume_action`)
    history: tuple[Message, ...] = ()
    resumed: tuple[Message, ...] = ()
    #: the editor's request context (the run's own, or the editor's answer when asked)
    context: agent.RequestContext | None = None
    #: the editor's answer to `mcp_state_exec_args` (None: not asked, or no answer)
    mcp_state: agent.McpStateExecResult | None = None
    #: the exec id of the question the turn waits for (None: none)
    asked: int | None = None
    #: False once the editor left a question unanswered: it is not asked again in this stream
    editor_answers: bool = True
