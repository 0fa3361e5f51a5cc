"""Load: more concurrent turns than the provider connection pool of `cursord serve` holds.

`cursord.app.runtime.run_service` gives every provider one shared `httpx.AsyncClient(timeout=None)`, whose
pool has httpx's default limit of 100 connections, while the daemon admits up to `max_streams` (1,000)
streams. `HttpProvider` waits `Timeouts.connect` (10 s) for a pool slot, so while 100 replies stream,
turn 101 fails after 10 s with `deadline_exceeded` "The provider stopped answering" ("PoolTimeout"),
although its provider was never asked. The daemon runs in memory under the autojump clock, wired the
way `cursord serve` wires it (`served_daemon`).
"""

from __future__ import annotations

from typing import Any

import pytest
import trio

from cursord.config import ProviderKind
from cursord.testing.agent import Transcript, drive, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text
from cursord.testing.harness import RunningDaemon
from cursord.testing.load import open_fake_providers, served_daemon, sized

pytestmark = pytest.mark.load

HTTPX_DEFAULT_POOL = 100
TURNS = max(HTTPX_DEFAULT_POOL + 1, sized(200))
WORDS = " ".join(f"word{k}" for k in range(20))  # 20 events 1 s apart: each reply outlasts the 10 s wait


async def turn(daemon: RunningDaemon, i: int, out: dict[int, Transcript]) -> None:
    async with daemon.editor(http2=False) as editor:
        await editor.append(f"r{i}", run_request("go", model=f"model-{i}", conversation_id=None))
        async with editor.run_sse(f"r{i}") as reader:
            out[i] = await drive(editor, f"r{i}", reader)


async def test_more_concurrent_turns_than_the_provider_pool_all_complete(autojump_clock: Any) -> None:
    async with open_fake_providers([[Reply.sse(chat_text(WORDS), gap=1.0)] for _ in range(TURNS)]) as fakes:
        specs = [spec_for(f, ProviderKind.OPENAI_CHAT, f"model-{i}", name=f"p{i}") for i, f in enumerate(fakes)]
        transcripts: dict[int, Transcript] = {}
        async with served_daemon(*specs) as (daemon, _), trio.open_nursery() as nursery:
            for i in range(TURNS):
                nursery.start_soon(turn, daemon, i, transcripts)
    failed = {i: t.error for i, t in transcripts.items() if t.error is not None}
    assert failed == {}, f"{len(failed)} of {TURNS} turns failed, e.g. {next(iter(failed.values()))}"
    assert all(t.text == WORDS for t in transcripts.values())
    assert all(len(fake.requests) == 1 for fake in fakes)
