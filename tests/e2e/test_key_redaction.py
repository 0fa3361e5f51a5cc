"""A provider error that echoes the configured key, whatever its shape, leaves the daemon through no exit:
not the editor's end-stream error, a log line, a tap event, `cursord status --json` or the SQLite files.

A real `cursord serve` process against a fake provider that answers 401 quoting the key it was sent.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path
from typing import Any

import trio

from cursord.connect.errors import Code
from cursord.store.store import DB_NAME
from cursord.tap.client import open_tap, tap_target_from_args
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, open_fake_provider
from cursord.testing.process import cursord_command, running_cursord, serve_fake

#: not shaped like any vendor's key, so only the configured value itself can catch it
KEY = "org-7f3a9c1e5b2d4086-f00dfeed"
ECHO = {
    "error": {
        "message": f"Incorrect API key provided: {KEY}. You can find your API key in your dashboard.",
        "type": "invalid_request_error",
        "code": "invalid_api_key",
    }
}


def _all_bytes(directory: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(directory.rglob("*")) if path.is_file())


async def test_an_echoed_key_is_redacted_at_every_exit(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    async with open_fake_provider(Reply.json(401, ECHO)) as fake:
        command, env = serve_fake(fake, data_dir)
        env["FAKE_KEY"] = KEY
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                flags = argparse.Namespace(config=None, listen=daemon.listen, data_dir=str(data_dir))
                target = tap_target_from_args(flags, env)
                async with open_tap(target) as tap, daemon.editor() as editor:
                    assert json.loads(await tap.get_message())["type"] == "snapshot"
                    await editor.append("r1", run_request("hello", model="m1"))
                    async with editor.run_sse("r1") as reader:
                        await reader.read_to_end()
                    events: list[dict[str, Any]] = []
                    while not events or events[-1]["type"] != "stream.ended":
                        events.append(json.loads(await tap.get_message()))

                status = await trio.run_process(
                    cursord_command("status", "--json", "--listen", daemon.listen, "--data-dir", str(data_dir)),
                    env=env,
                    capture_stdout=True,
                    capture_stderr=True,
                )
                await daemon.stop()
    assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"  # the key really was sent

    # the editor's end-stream error (message and ErrorDetails)
    error = reader.error
    assert error is not None and error.code is Code.UNAUTHENTICATED
    assert "Incorrect API key provided: <redacted>." in error.message
    assert all(KEY.encode() not in detail.value for detail in error.details)
    # the tap
    ended = events[-1]
    assert ended["code"] == "unauthenticated" and "<redacted>" in ended["message"]
    assert KEY not in json.dumps(events)
    # cursord status --json
    assert KEY not in status.stdout.decode()
    (row,) = [row for row in json.loads(status.stdout)["streams"] if row["request_id"] == "r1"]
    assert "<redacted>" in row["ended"]["message"]
    # the log
    text = daemon.log.decode()
    assert KEY not in text
    assert "stream r1 ended: unauthenticated: fake: Incorrect API key provided: <redacted>" in text
    # SQLite (database, WAL and every other file in the data directory)
    assert KEY.encode() not in _all_bytes(data_dir)
    with sqlite3.connect(data_dir / DB_NAME) as db:
        errors = [row[0] for row in db.execute("SELECT error FROM turns") if row[0]]
    assert errors and all("<redacted>" in error for error in errors)
