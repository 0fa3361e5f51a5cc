"""A provider error that echoes a configured key, whatever its shape and whichever key of a pool it is,
leaves the daemon through no exit: not the editor's end-stream error, a log line, a tap event,
`cursord status` (table and JSON), a dashboard page, `cursord doctor`, `cursord config check` or the files
of the data directory.

A real `cursord serve` process against a fake provider that answers 401 quoting the key it was sent: the
first key of the pool is refused, the pass moves to the second (`key_pool`), which is refused too.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import trio

from cursord.connect.errors import Code
from cursord.store import DB_NAME
from cursord.tap import open_tap, tap_target_from_args
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, open_fake_server
from cursord.testing.process import CursordProcess, cursord_command, running_cursord, serve_fake

#: not shaped like any vendor's key, so only the configured values themselves can catch them
FIRST_KEY = "org-7f3a9c1e5b2d4086-f00dfeed"
SECOND_KEY = "acct-2c61e0b94d7f-5a38-cafe0b0e"
TAB_KEY = "fim-93d0b7e2a4c1-77f2-deadbeef"
KEYS = (FIRST_KEY.encode(), SECOND_KEY.encode(), TAB_KEY.encode())
#: every dashboard API page (`cursord.ui.dashboard`) but the live stream; the providers pages ask the provider
DASHBOARD = ("overview", "streams", "usage", "conversations", "conversation?id=conv-1", "config", "providers")


def refused(key: str) -> Reply:
    """OpenAI's answer to a wrong key, which quotes it."""
    message = f"Incorrect API key provided: {key}. You can find your API key in your dashboard."
    return Reply.json(401, {"error": {"message": message, "type": "invalid_request_error", "code": "invalid_api_key"}})


def _all_bytes(directory: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(directory.rglob("*")) if path.is_file())


async def dashboard_pages(daemon: CursordProcess, data_dir: Path, env: dict[str, str]) -> dict[str, bytes]:
    """Every API page of the dashboard as `cursord ui`'s login link opens it; and the probe (a POST)."""
    login = cursord_command("ui", "--listen", daemon.listen, "--data-dir", str(data_dir))
    link = (await trio.run_process(login, capture_stdout=True, env=env)).stdout.decode().strip()
    pages = {}
    async with httpx.AsyncClient(base_url=f"http://{daemon.listen}") as browser:
        assert (await browser.get(link)).status_code == 303  # the login link sets the session cookie
        for page in DASHBOARD:
            response = await browser.get(f"/ui/api/{page}")
            assert response.status_code == 200, (page, response.text)
            pages[page] = response.content
        pages["probe"] = (await browser.post("/ui/api/probe")).content
    return pages


async def test_an_echoed_key_of_a_key_pool_is_redacted_at_every_exit(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    # the turn on each key, the dashboard's providers page and probe and `cursord doctor` on each key (and
    # Tab's): every refusal quotes the key it was sent
    async with open_fake_server(lambda request: refused(request.headers["authorization"].removeprefix("Bearer "))) \
            as fake:
        command, env = serve_fake(fake, data_dir, key_pool=("SECOND_KEY",))
        env |= {"FAKE_KEY": FIRST_KEY, "SECOND_KEY": SECOND_KEY, "TAB_KEY": TAB_KEY}
        where = ("--listen", "127.0.0.1:0", "--data-dir", str(data_dir))
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                flags = argparse.Namespace(config=None, listen=daemon.listen, data_dir=str(data_dir))
                async with open_tap(tap_target_from_args(flags, env)) as tap, daemon.editor() as editor:
                    assert json.loads(await tap.get_message())["type"] == "snapshot"
                    await editor.append("r1", run_request("hello", model="m1"))
                    async with editor.run_sse("r1") as reader:
                        await reader.read_to_end()
                    events: list[dict[str, Any]] = []
                    while not events or events[-1]["type"] != "stream.ended":
                        events.append(json.loads(await tap.get_message()))
                shown = {}
                for name, args in {"status --json": ("--json",), "status": ()}.items():
                    status = ("status", *args, "--listen", daemon.listen, "--data-dir", str(data_dir))
                    ran = await trio.run_process(cursord_command(*status), env=env, capture_stdout=True,
                                                 capture_stderr=True)
                    shown[name] = ran.stdout + ran.stderr
                pages = await dashboard_pages(daemon, data_dir, env)
                assert await daemon.stop() == 0, daemon.log.decode()
            backends = ("--provider", command[command.index("--provider") + 1],
                        "--tab", f"openai,base_url={fake.base_url},api_key_env=TAB_KEY,model=fim")
            for name in ("doctor", "config check"):
                ran = await trio.run_process(cursord_command(*name.split(), *backends, *where), env=env,
                                             capture_stdout=True, capture_stderr=True, check=False)
                shown[name] = ran.stdout + ran.stderr
    # each key really was sent, and its refusal quoted it
    assert [r.headers["authorization"] for r in fake.requests[:2]] == [f"Bearer {FIRST_KEY}", f"Bearer {SECOND_KEY}"]
    sent = [r.headers["authorization"] for r in fake.requests]
    assert {f"Bearer {key.decode()}" for key in KEYS} <= set(sent) and not fake.unexpected

    # the editor's end-stream error (message and ErrorDetails), from the pool's last key
    error = reader.error
    assert error is not None and error.code is Code.UNAUTHENTICATED
    assert "Incorrect API key provided: <redacted>." in error.message
    assert all(key not in detail.value for detail in error.details for key in KEYS)
    # the tap: the move to the second key, and the end
    (move,) = [event for event in events if event.get("event") == "fallback"]
    assert "Incorrect API key provided: <redacted>." in move["error"]
    ended = events[-1]
    assert ended["code"] == "unauthenticated" and "<redacted>" in ended["message"]
    # `cursord status`, the dashboard, `cursord doctor` and `config check`
    (row,) = [row for row in json.loads(shown["status --json"])["streams"] if row["request_id"] == "r1"]
    assert "<redacted>" in row["ended"]["message"]
    # each key of the pool and Tab's
    assert shown["doctor"].count(b"Incorrect API key provided: <redacted>") == 3, shown["doctor"]
    assert b"Incorrect API key provided: <redacted>" in pages["probe"]
    # the log
    assert b"stream r1 ended: unauthenticated: fake#2: Incorrect API key provided: <redacted>" in daemon.log
    # SQLite: the turn's error and each pass's
    with sqlite3.connect(data_dir / DB_NAME) as db:
        errors = [row[0] for row in db.execute("SELECT error FROM turns UNION ALL SELECT error FROM passes")]
    assert len(errors) == 3 and all("<redacted>" in error for error in errors)
    # and no key anywhere: everything the daemon printed and served, and every file it wrote
    exits = {
        "the editor's error": error.message.encode(), "the tap": json.dumps(events).encode(), "the log": daemon.log,
        **shown, **{f"/ui/api/{page}": body for page, body in pages.items()},
        "the data directory": _all_bytes(data_dir),
    }
    for name, said in exits.items():
        assert not any(key in said for key in KEYS), name
