"""TurnPort: the one seam between the agent turn's actor and the stream it runs in.

`AgentTurn` reaches its stream only through this Protocol: `cursord.streams.ActiveStream` implements it,
and the actor's unit tests drive a turn through a fake that records what it publishes and runs its tasks
(tests/agent/test_agent_turn.py), with no server and no HTTP, as httpcore tests a connection over a mock
network backend.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from google.protobuf.message import Message

from cursord.connect import ConnectError
from cursord.core import AppendPosition


class TurnPort(Protocol):
    """What the turn needs of its stream: who it is, publishing, its mailbox, its work tasks, its ending."""

    @property
    def request_id(self) -> str: ...

    #: shown on the status page: the run's model and conversation, once the turn knows them
    model_id: str | None
    conversation_id: str | None

    @property
    def taking(self) -> AppendPosition | None:
        """Where the upload being handled stands in its BidiAppend sequence (None: not a BidiAppend's)."""

    @property
    def frames_published(self) -> int:
        """How many messages the stream has published so far (a turn's record keeps the count)."""

    def publish(self, message: Message) -> None:
        """Say `message` to the editor (every RunSSE reading the stream)."""

    def hold_delivery(self) -> None:
        """Publish, but show the editor nothing new until `release_delivery`."""

    def release_delivery(self) -> None: ...

    def refresh_phase(self) -> None:
        """The turn's state changed: observers hear of the stream's phase if it did too."""

    def end(self, error: ConnectError | None) -> None:
        """End the stream (the first ending wins); its work tasks are canceled."""

    def start_task(self, fn: Callable[..., Awaitable[Any]], *args: Any, name: str | None = None) -> None:
        """Run `fn(*args)` as a work task of the stream, canceled when it ends."""

    def take_now(self, item: object) -> bool:
        """Have the turn take `item` at once if the stream is between inputs and the turn can (a provider's
        delta); False: `post` it."""

    async def post(self, item: object) -> None:
        """Put `item` into the stream's mailbox: the turn handles it as its next input."""
