"""Every capture under tests/fixtures/captures replays against a fresh daemon without a divergence: a capture a
user attaches to a bug report becomes a regression test by being copied there (with its metadata)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from cursord.capture import read_capture
from cursord.testing.replay import replay_fresh

FIXTURES = Path(__file__).parent.parent / "fixtures" / "captures"
CAPTURES = sorted(FIXTURES.glob("*.jsonl"))


def test_there_are_fixtures() -> None:
    assert len(CAPTURES) >= 2


@pytest.mark.parametrize("path", CAPTURES, ids=[p.name for p in CAPTURES])
async def test_the_capture_replays_without_divergence(autojump_clock: Any, path: Path) -> None:
    header, events = read_capture(path)
    assert header.redacted
    assert header.meta.get("provenance"), f"{path.name}: say where its shape comes from (meta.provenance)"
    assert isinstance(header.meta.get("known_broken", []), list)
    with trio.fail_after(600):
        divergences = await replay_fresh(events)
    assert [str(d) for d in divergences] == []
