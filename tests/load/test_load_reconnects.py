"""Load: RunSSE clients that disconnect and reconnect over and over while their turns stream.

Each turn streams one long reply from its own fake provider (an event a second, trio time). Two clients
follow it, one over HTTP/1.1 (a new connection per RunSSE, closed to disconnect) and one over HTTP/2 (one
connection; a disconnect is RST_STREAM CANCEL). Each cycle a client connects, reads a few messages (now
stopping inside the replay, now waiting for new ones), disconnects, and stays away for 0 to 29 s, within
the 30 s reconnect grace. Every read must be a prefix of what the stream published; the last read, from
the start to the end-stream, must equal it exactly, and the text must be the provider's, word for word.

Memory transport and the autojump clock: absences are exact, and a stream is canceled exactly when
nobody came back for 30 s (the control test), so passing means no reconnect came too late.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
import trio

from cursord.config import ProviderKind
from cursord.connect.errors import Code
from cursord.core.phases import Phase
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.agent import agent_daemon, spec_for
from cursord.testing.editor import EditorClient, run_request
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from cursord.testing.harness import RunningDaemon
from cursord.testing.load import open_fake_providers, published, sized, text_of

pytestmark = pytest.mark.load

RECONNECTS = sized(1000, floor=100)
CYCLES = 10  # reconnects per client
CLIENTS_PER_TURN = 2
TURNS = math.ceil(RECONNECTS / (CYCLES * CLIENTS_PER_TURN))
ABSENCES = (0.0, 0.5, 5.0, 29.0)  # seconds away between a disconnect and the next RunSSE
WORDS = CYCLES * 20  # one a second: the reply outlasts every client's cycles


def reply_text(turn: int) -> str:
    return " ".join(f"t{turn}w{k}" for k in range(WORDS))


class Client:
    def __init__(self, daemon: RunningDaemon, turn: int, http2: bool) -> None:
        self.daemon = daemon
        self.request_id = f"turn-{turn}"
        self.http2 = http2
        self.rng = random.Random(turn * 2 + http2)
        self.seen: list[agent.AgentServerMessage] = []  # the longest read so far
        self.reads: list[list[agent.AgentServerMessage]] = []
        self.active_at_disconnect: list[bool] = []
        self.final: list[agent.AgentServerMessage] = []
        self.published: list[agent.AgentServerMessage] = []

    async def run(self) -> None:
        async with self.daemon.editor(http2=self.http2) as editor:
            for cycle in range(CYCLES):
                await self.partial_read(editor)
                await trio.sleep(ABSENCES[(cycle + 2 * self.http2) % len(ABSENCES)])
            async with editor.run_sse(self.request_id) as reader:
                self.final = await reader.read_to_end()
                assert reader.error is None, reader.error
                stream = self.daemon.core.broker.get(self.request_id)
                assert stream is not None
                self.published = published(stream)

    async def partial_read(self, editor: EditorClient) -> None:
        wanted = self.rng.randint(1, len(self.seen) + 3)  # inside the replay, or up to 3 new messages
        async with editor.run_sse(self.request_id) as reader:
            read: list[agent.AgentServerMessage] = []
            while len(read) < wanted and (message := await reader.next_message()) is not None:
                read.append(message)
            stream = self.daemon.core.broker.get(self.request_id)
            self.active_at_disconnect.append(stream is not None and not stream.is_terminal)
        self.reads.append(read)
        if len(read) > len(self.seen):
            self.seen = read


async def test_reconnect_storm_during_active_turns_loses_nothing(autojump_clock: Any) -> None:
    scripts = [[Reply.sse(chat_text(reply_text(t)), gap=1.0)] for t in range(TURNS)]
    async with open_fake_providers(scripts) as fakes:
        specs = [spec_for(f, ProviderKind.OPENAI_CHAT, f"model-{t}", name=f"p{t}") for t, f in enumerate(fakes)]
        async with agent_daemon(*specs) as (daemon, _):
            clients = [Client(daemon, t, http2) for t in range(TURNS) for http2 in (False, True)]
            async with daemon.editor(http2=True) as uploader:
                for t in range(TURNS):
                    await uploader.append(f"turn-{t}", run_request("talk", model=f"model-{t}", conversation_id=None))
                async with trio.open_nursery() as nursery:
                    for client in clients:
                        nursery.start_soon(client.run)
            phases = {t: daemon.core.broker.get(f"turn-{t}").phase for t in range(TURNS)}  # type: ignore[union-attr]

    assert sum(len(c.reads) for c in clients) == TURNS * CLIENTS_PER_TURN * CYCLES >= RECONNECTS
    assert all(all(c.active_at_disconnect) for c in clients), "a reconnect came after its turn had ended"
    for client in clients:
        turn = int(client.request_id.removeprefix("turn-"))
        assert client.final == client.published, client.request_id
        assert text_of(client.final) == reply_text(turn)
        assert len([m for m in client.final if m.interaction_update.HasField("text_delta")]) == WORDS
        assert client.final[-1].interaction_update.HasField("turn_ended")
        for read in client.reads:
            assert read == client.final[: len(read)]
    assert set(phases.values()) == {Phase.COMPLETED}
    for fake in fakes:
        (request,) = fake.requests
        assert request.completed and not request.client_disconnected


@pytest.mark.parametrize(("away", "canceled"), [(29.0, False), (31.0, True)], ids=["29s-survives", "31s-canceled"])
async def test_reconnect_grace_is_the_edge(autojump_clock: Any, away: float, canceled: bool) -> None:
    """Control for the storm: the same reconnect after 29 s finds the turn running, after 31 s canceled."""
    async with (
        open_fake_provider(Reply.sse(chat_text(reply_text(0)), gap=1.0)) as fake,
        agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "m")) as (daemon, _),
        daemon.editor(http2=True) as editor,
    ):
        await editor.append("r", run_request("talk", model="m", conversation_id=None))
        async with editor.run_sse("r") as reader:
            assert await reader.next_message() is not None
        await trio.sleep(away)
        async with editor.run_sse("r") as reader:
            messages = await reader.read_to_end()
        if canceled:
            assert reader.error is not None and reader.error.code is Code.CANCELED
            assert "no RunSSE connection for 30 s" in reader.error.message
            assert fake.requests[0].client_disconnected
        else:
            assert reader.error is None and text_of(messages) == reply_text(0)
            assert fake.requests[0].completed
