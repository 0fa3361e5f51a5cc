"""Shared pieces of the load and fault tests (`tests/load/test_*.py`, marked `load`); holds no tests.

Sizes come from `CURSORD_LOAD_SCALE`: 1.0 is the full size a scenario names (500 conversations, 1,000
reconnects, ...), the default 0.1 is CI's short version. `sized(full, floor)` is what a test runs:
`max(floor, round(full * scale))`. Bench runs them all with `CURSORD_LOAD_SCALE=1 pytest -m load`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Callable, Sequence

import trio

from cursord.agent.turn import AgentServices
from cursord.config import ProviderSpec
from cursord.connect import EnvelopeDecoder
from cursord.proto import agent_v1_pb2 as agent
from cursord.providers.http import HttpProvider
from cursord.server import Core
from cursord.streams import ActiveStream
from cursord.testing.agent import agent_daemon
from cursord.testing.fake_providers import FakeProvider, Reply, open_fake_provider
from cursord.testing.harness import RunningDaemon, Transport

SCALE_ENV = "CURSORD_LOAD_SCALE"
DEFAULT_SCALE = 0.1


def load_scale() -> float:
    raw = os.environ.get(SCALE_ENV, "").strip()
    if not raw:
        return DEFAULT_SCALE
    scale = float(raw)
    if scale <= 0:
        raise ValueError(f"{SCALE_ENV} must be positive, got {raw!r}")
    return scale


def sized(full: int, floor: int = 1) -> int:
    """How many of something a test runs: `full` scaled by CURSORD_LOAD_SCALE, at least `floor`."""
    return max(floor, round(full * load_scale()))


@contextlib.asynccontextmanager
async def open_fake_providers(scripts: Sequence[Sequence[Reply]]) -> AsyncIterator[list[FakeProvider]]:
    """One loopback fake provider per script, all serving for the life of the block."""
    async with contextlib.AsyncExitStack() as stack:
        fakes = [await stack.enter_async_context(open_fake_provider(*script)) for script in scripts]
        yield fakes


def published(stream: ActiveStream) -> list[agent.AgentServerMessage]:
    """Everything the stream has published, decoded from its backlog (the one source of truth)."""
    decoder = EnvelopeDecoder(1 << 26)
    envelopes = decoder.feed(b"".join(stream.backlog.frames))
    decoder.finish()
    return [agent.AgentServerMessage.FromString(envelope.payload) for envelope in envelopes]


class StreamWatch:
    """Waits for a condition on the daemon's streams without polling: the broker tells its observers
    of every change (created, phase, subscribers, retired), and each change re-checks the conditions."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self._pending: list[tuple[Callable[[], bool], trio.Event]] = []
        core.broker.observers.append(self._on_change)

    def _on_change(self, stream: ActiveStream, what: str) -> None:
        still = []
        for predicate, event in self._pending:
            if predicate():
                event.set()
            else:
                still.append((predicate, event))
        self._pending = still

    async def until(self, predicate: Callable[[], bool]) -> None:
        if predicate():
            await trio.lowlevel.checkpoint()
            return
        event = trio.Event()
        self._pending.append((predicate, event))
        await event.wait()

    def stream(self, request_id: str) -> ActiveStream:
        stream = self.core.broker.get(request_id)
        assert stream is not None, f"no stream {request_id}"
        return stream

    async def ended(self, request_id: str) -> ActiveStream:
        await self.until(lambda: (s := self.core.broker.get(request_id)) is not None and s.is_terminal)
        return self.stream(request_id)


def text_of(messages: Sequence[agent.AgentServerMessage]) -> str:
    return "".join(
        m.interaction_update.text_delta.text for m in messages if m.interaction_update.HasField("text_delta")
    )


@contextlib.asynccontextmanager
async def served_daemon(
    *specs: ProviderSpec, transport: Transport = "memory"
) -> AsyncIterator[tuple[RunningDaemon, AgentServices]]:
    """`agent_daemon`, whose providers share one httpx client sized as `cursord serve` sizes it
    (`cursord.app.runtime.provider_pool_limits`): that client's connection pool is part of the load."""
    async with agent_daemon(*specs, transport=transport) as running:
        for provider in running[1].router.providers.values():
            assert isinstance(provider, HttpProvider) and provider.client is not None
        yield running
