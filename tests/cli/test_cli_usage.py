"""`cursord usage` over a real store: rows per model, day, conversation and provider, `--since`, `--json`;
and as a real process reading the passes a real turn recorded."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import trio

from cursord.cli.main import build_parser
from cursord.cli.usage import parse_since, quick_usage, run_usage
from cursord.config import ProviderKind
from cursord.providers.model import Usage
from cursord.store.records import PassRecord
from cursord.store.store import open_store
from cursord.testing.agent import agent_daemon, drive, spec_for
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, chat_usage, open_fake_provider

NOW = time.time()
DAY = 86400.0


def record(n: int, model: str, provider: str, conversation: str, ago: float, usage: Usage, **kw: Any) -> PassRecord:
    return PassRecord(
        model_call_id=f"r{n}:1",
        request_id=f"r{n}",
        conversation_id=conversation,
        model=model,
        status=kw.pop("status", "completed"),
        started_at=NOW - ago,
        duration_ms=kw.pop("duration_ms", 1000),
        usage=usage,
        provider=provider,
        **kw,
    )


PASSES = [
    record(1, "gpt-5", "openai", "conv-a", 3600, Usage(1000, 100, 800, 0, 40), first_token_ms=400, cost_usd=0.002),
    record(2, "gpt-5", "openai", "conv-a", 1800, Usage(1200, 50, 1000, 0), first_token_ms=600, cost_usd=0.001),
    record(3, "claude-sonnet-4-5", "anthropic", "conv-b", 600, Usage(5000, 300, 0, 4000), cost_usd=0.02),
    record(4, "local", "ollama", "conv-b", 300, Usage(), status="failed", error="ProviderTimeout: x"),
    record(5, "gpt-5", "openai", "conv-old", 10 * DAY, Usage(9999, 9999), cost_usd=1.0),  # outside 7d
]


async def usage(data_dir: Path, *argv: str) -> tuple[int, str]:
    """`cursord usage ARGV` through the store, checked against the command's quick read of the same file
    (`quick_usage`, no trio: what the command runs for a SQLite store of this build's schema)."""
    args = build_parser().parse_args(["usage", "--data-dir", str(data_dir), *argv])
    environ = {"HOME": str(data_dir)}
    out, quick_out = io.StringIO(), io.StringIO()
    code = await run_usage(args, environ, out)
    quick_code = await trio.to_thread.run_sync(quick_usage, args, environ, quick_out)
    assert (quick_code, quick_out.getvalue()) == (code, out.getvalue())
    return code, out.getvalue()


@pytest.fixture
async def data_dir(tmp_path: Path) -> Path:
    async with open_store(tmp_path) as store:
        for p in PASSES:
            await store.record_pass(p)
    return tmp_path


async def test_json_rows_per_model_for_the_last_seven_days(data_dir: Path) -> None:
    code, out = await usage(data_dir, "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [r["model"] for r in rows] == ["claude-sonnet-4-5", "gpt-5", "local"]  # dearest first
    claude, gpt5, local = rows
    assert gpt5["passes"] == 2 and gpt5["input_tokens"] == 2200 and gpt5["cache_read_tokens"] == 1800
    assert gpt5["reasoning_tokens"] == 40 and gpt5["first_token_ms"] == 500 and gpt5["duration_ms"] == 2000
    assert gpt5["cost_usd"] == pytest.approx(0.003) and gpt5["cache_hit_rate"] == pytest.approx(1800 / 2200)
    assert claude["cache_write_tokens"] == 4000
    assert (local["failed"], local["cost_usd"], local["unpriced_passes"]) == (1, None, 1)  # unknown, not $0


async def test_since_and_the_other_groupings(data_dir: Path) -> None:
    _, out = await usage(data_dir, "--json", "--since", "all", "--by", "conversation")
    by_conversation = {r["conversation"]: r for r in map(json.loads, out.splitlines())}
    assert set(by_conversation) == {"conv-a", "conv-b", "conv-old"}
    assert by_conversation["conv-b"]["cost_usd"] == pytest.approx(0.02)
    assert by_conversation["conv-b"]["unpriced_passes"] == 1
    _, out = await usage(data_dir, "--json", "--since", "45m", "--by", "provider")
    assert [json.loads(line)["provider"] for line in out.splitlines()] == ["anthropic", "openai", "ollama"]
    _, out = await usage(data_dir, "--json", "--since", "all", "--by", "day")
    days = [json.loads(line)["day"] for line in out.splitlines()]
    expected = sorted({time.strftime("%Y-%m-%d", time.localtime(p.started_at)) for p in PASSES})
    assert days == expected


async def test_the_table_has_a_total_and_marks_a_partial_cost(data_dir: Path) -> None:
    code, out = await usage(data_dir)
    header, *rows, total, note = out.splitlines()
    assert code == 0
    assert header.split() == [
        "MODEL", "PASSES", "FAILED", "INPUT", "CACHED", "HIT", "WRITTEN", "OUTPUT", "REASONING", "TTFT", "TIME", "COST"
    ]
    assert [r.split()[0] for r in rows] == ["claude-sonnet-4-5", "gpt-5", "local"]
    assert rows[1].split()[1:6] == ["2", "0", "2200", "1800", "82%"]
    assert rows[2].split()[-1] == "unknown"
    assert total.split()[0] == "TOTAL" and total.split()[-1] == "$0.0230+"
    assert note.startswith("+ 1 pass has no known cost")


async def test_no_store_yet_and_bad_since(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert await usage(tmp_path / "empty") == (0, "no provider passes recorded in this period\n")
    assert "does not exist" in capsys.readouterr().err
    assert not (tmp_path / "empty").exists()  # reading creates nothing
    assert (await usage(tmp_path, "--since", "yesterday"))[0] == 2
    assert "'yesterday' is not a time span" in capsys.readouterr().err


def test_parse_since() -> None:
    assert parse_since("7d", 1_000_000.0) == 1_000_000.0 - 7 * DAY
    assert parse_since("90m", 10_000.0) == 10_000.0 - 5400
    assert parse_since("all", 0.0) is None
    with pytest.raises(argparse.ArgumentTypeError):
        parse_since("7 days", 0.0)


async def test_a_real_turn_then_cursord_usage_as_a_process(tmp_path: Path) -> None:
    """The passes a turn recorded, read back by `python -m cursord usage` (a separate process, as a user runs it)."""
    with trio.fail_after(30):
        reply = Reply.sse(chat_text("Hello.", usage=chat_usage(prompt=2000, completion=10, cached=1536)))
        async with (
            open_fake_provider(reply) as fake,
            agent_daemon(spec_for(fake, ProviderKind.OPENAI_CHAT, "gpt-5"), data_dir=str(tmp_path)) as (daemon, _),
            daemon.editor(http2=True) as editor,
        ):
            await editor.append("r1", run_request("hi", model="gpt-5", conversation_id="conv-9"))
            async with editor.run_sse("r1") as reader:
                assert (await drive(editor, "r1", reader)).error is None
        command = [sys.executable, "-m", "cursord", "usage", "--data-dir", str(tmp_path), "--json"]
        command += ["--by", "conversation"]
        done = await trio.run_process(command, capture_stdout=True, capture_stderr=True, env={**os.environ})
    (row,) = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert row["conversation"] == "conv-9" and row["passes"] == 1
    assert (row["input_tokens"], row["cache_read_tokens"], row["output_tokens"]) == (2000, 1536, 10)
    assert row["cost_usd"] == pytest.approx((464 * 1.25 + 1536 * 0.125 + 10 * 10.0) / 1e6)  # gpt-5, built-in
    assert done.returncode == 0 and done.stderr == b""


def test_usage_is_a_cursord_command() -> None:
    done = subprocess.run([sys.executable, "-m", "cursord", "usage", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "--by {model,day,conversation,provider,user,team}" in done.stdout
