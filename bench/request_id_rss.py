"""Daemon RSS under the request-id and held-append reproductions of issue 17 #2.

1. 250 heartbeat uploads, each under its own 3.9 MB request id (the issue: RSS 65 MB -> 1.03 GB).
2. 4 request ids x 256 early appends (seqno 2..257, never filled) of 1 MB each (the issue: 3.19 GB).

The daemon runs in its own process (`bench/daemon_proc.py`), so the client's buffers are not counted.
Run: `.venv/bin/python -m bench.request_id_rss`. Prints the daemon's RSS after each step and its peak.
"""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import trio

from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.editor import AppendFailed, EditorClient, heartbeat
from cursord.testing.http_client import HTTPClientError, connect_tcp

ROOT = Path(__file__).resolve().parent.parent


class Daemon:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "daemon_proc.py"), "http://127.0.0.1:9"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.port = int(json.loads(self.process.stdout.readline())["port"])

    def ask(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"cmd": command}) + "\n")
        self.process.stdin.flush()
        return dict(json.loads(self.process.stdout.readline()))

    def rss(self) -> str:
        usage = self.ask("usage")
        return f"RSS {usage['rss'] / 2**20:.0f} MB (peak {usage['maxrss'] / 2**20:.0f} MB)"

    def quit(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
        self.process.stdin.flush()
        self.process.wait(10)


async def upload(
    port: int,
    rid: str,
    seqno: int,
    message: agent.AgentClientMessage,
    answers: collections.Counter[str],
    limiter: trio.CapacityLimiter,
) -> None:
    async with limiter:
        editor = EditorClient(lambda: connect_tcp("127.0.0.1", port), False)
        try:
            await editor.append(rid, message, seqno=seqno, binary=True)
            answers["ok"] += 1
        except AppendFailed as failed:
            answers[failed.error.code.value] += 1
        except HTTPClientError:
            answers["connection lost"] += 1


async def main() -> None:
    daemon = Daemon()
    try:
        print(f"daemon up: {daemon.rss()}")
        answers: collections.Counter[str] = collections.Counter()
        limiter = trio.CapacityLimiter(25)
        async with trio.open_nursery() as nursery:
            for k in range(250):
                nursery.start_soon(upload, daemon.port, f"{k}-" + "x" * 3_900_000, 1, heartbeat(), answers, limiter)
        print(f"250 heartbeats under 3.9 MB ids: {dict(answers)}; {daemon.rss()}; after gc: ", end="")
        daemon.ask("gc")
        print(daemon.rss())
        answers.clear()
        big = agent.AgentClientMessage(run_request=agent.AgentRunRequest(conversation_id="c" * (1 << 20)))
        limiter = trio.CapacityLimiter(100)
        async with trio.open_nursery() as nursery:
            for rid in range(4):
                for seqno in range(2, 258):
                    nursery.start_soon(upload, daemon.port, f"held-{rid}", seqno, big, answers, limiter)
            for second in range(1, 41):  # the held ones are answered failed_precondition 30 s after arriving
                await trio.sleep(1)
                if second % 5 == 0 or sum(answers.values()) == 4 * 256:
                    print(f"4 ids x 256 x 1 MB early appends, {second} s: answered {dict(answers)}; {daemon.rss()}")
                if sum(answers.values()) == 4 * 256:
                    break
            nursery.cancel_scope.cancel()
    finally:
        daemon.quit()


if __name__ == "__main__":
    trio.run(main)
