"""The inputs and effects of a turn's preparation (phase PREPARING). Frozen values.

Each effect asks the actor for one thing the turn cannot know by itself; the actor does the I/O in a task
of the stream's work nursery and posts the answer into the mailbox as the matching input:

- `ChooseModel` -> `ModelChosen` (the route for the run's model, from the catalog and earlier turns);
- `TakeQueued` -> `QueuedTaken` (the conversation's actions queued for its next run);
- `LoadConversation` -> `ConversationLoaded` (history, and the conversation's last turn for a resume);
- `AskEditor` -> the editor's `ExecResultArrived` for that exec id, or `QueryTimedOut` once its time is up
  (`ForgetQuery` stops the timer when the answer came first);
- `ReadBlobs` -> `BlobsRead` (blobs from cursord's store, else read back from the editor's).
"""

from __future__ import annotations

import attrs

from cursord.agent.machine.prep_state import RouteFacts
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.model import Message

# ---- inputs -------------------------------------------------------------------------------------


@attrs.frozen
class RunStarted:
    """A run_request was taken (what waits for it comes with `QueuedTaken`)."""

    request: agent.AgentRunRequest
    conversation_id: str | None
    #: a subagent's run names its parent's request id
    parent_request_id: str | None = None


@attrs.frozen
class ModelChosen:
    """The route for the run (None: no configured provider serves its model), and the models served (and
    the aliases, for the error that lists them)."""

    route: RouteFacts | None
    served: tuple[str, ...] = ()


@attrs.frozen
class QueuedTaken:
    """The actions that waited for this run (held for its request id, queued for its conversation), oldest
    first."""

    actions: tuple[agent.ConversationAction, ...] = ()


@attrs.frozen
class LastTurn:
    """The conversation's last recorded turn: whether it completed, and its stored messages."""

    completed: bool
    messages: tuple[Message, ...] = ()


@attrs.frozen
class ConversationLoaded:
    history: tuple[Message, ...] = ()
    #: asked for by a resume (`LoadConversation.last_turn`); None: the conversation has no turn
    last_turn: LastTurn | None = None


@attrs.frozen
class QueryTimedOut:
    """The editor did not answer the question `exec_seq` in time."""

    exec_seq: int


@attrs.frozen
class BlobsRead:
    """The blobs `ReadBlobs` found (a blob neither store has is left out)."""

    blobs: tuple[tuple[bytes, bytes], ...] = ()


# ---- effects ------------------------------------------------------------------------------------


@attrs.frozen
class OpenRun:
    """The run is this turn's: the actor shows its requested model and opens the conversation's checkpoints
    (the request itself is the turn's state's, `TurnState.run_request`, which the actor reads)."""

    request: agent.AgentRunRequest
    conversation_id: str | None


@attrs.frozen
class ChooseModel:
    """Route the run: `model` is the one it asks for (a picker variant's model; None: the default), else
    the conversation's or the parent's."""

    conversation_id: str | None
    model: str | None
    #: a subagent's run inherits its parent's model (`x-parent-request-id`)
    parent_request_id: str | None = None
    #: a subagent's run names its type (`subagent_type_name`), on every path
    subagent_type: str | None = None

    @property
    def subagent(self) -> bool:
        return self.parent_request_id is not None or self.subagent_type is not None


@attrs.frozen
class TakeQueued:
    """Take what waits for this run: held for its request id, queued for its conversation (only once a
    model serves it: a run that ends at once leaves them for the next)."""

    conversation_id: str | None


@attrs.frozen
class LoadConversation:
    """Load the conversation's history (from cursord's store, else rebuilt from the editor's conversation
    state); with `checkpoints`, the state the turn's checkpoints build on too; with `last_turn`, its last
    turn."""

    conversation_id: str | None
    checkpoints: bool = True
    last_turn: bool = False


@attrs.frozen
class AskEditor:
    """Send the editor an exec it answers like a tool; the answer (or `QueryTimedOut` after `timeout`
    seconds) comes back as an input."""

    message: agent.ExecServerMessage
    timeout: float


@attrs.frozen
class ForgetQuery:
    """The question `exec_seq` is settled: its timer is stopped."""

    exec_seq: int


@attrs.frozen
class ReadBlobs:
    ids: tuple[bytes, ...]
