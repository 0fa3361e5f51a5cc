"""The overview's recent turns outlive a restart: the daemon reads them back from the store when it starts
(issue 39 #10: "recent turns vanish at a restart")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import trio

from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from cursord.testing.process import cursord_command, running_cursord, serve_fake
from cursord.testing.provider_streams import chat_usage


async def overview(data_dir: Path, listen: str, env: dict[str, str]) -> dict[str, Any]:
    """The dashboard's overview, read as a browser does after `cursord ui`'s login link."""
    login = cursord_command("ui", "--data-dir", str(data_dir), "--listen", listen)
    link = await trio.run_process(login, capture_stdout=True, env=env)
    async with httpx.AsyncClient() as browser:
        await browser.get(link.stdout.decode().strip())  # the login link sets the session cookie
        view: dict[str, Any] = (await browser.get(f"http://{listen}/ui/api/overview")).json()
    return view


async def test_the_turns_served_before_a_restart_are_still_listed_after_it(tmp_path: Path) -> None:
    usage = chat_usage(prompt=1200, completion=34, cached=1024)
    async with open_fake_provider(Reply.sse(chat_text("hello", usage=usage))) as fake:
        command, env = serve_fake(fake, tmp_path, "m1")
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                async with daemon.editor() as editor:
                    await editor.append("r1", run_request("go", model="m1", conversation_id="conv-1"))
                    async with editor.run_sse("r1") as reader:
                        await reader.read_to_end()
                    await editor.append("r2", run_request("go", model="no-such-model"))
                    async with editor.run_sse("r2") as reader:
                        await reader.read_to_end()
                (live,) = [t for t in (await overview(tmp_path, daemon.listen, env))["activity"]["recent_turns"]
                           if t["request_id"] == "r1"]
                assert await daemon.stop() == 0, daemon.log.decode()
            async with running_cursord(command, env) as daemon:
                restored = (await overview(tmp_path, daemon.listen, env))["activity"]["recent_turns"]
                assert await daemon.stop() == 0, daemon.log.decode()
    # The turn that reached the provider is listed again, as it was before, with what the store holds of it;
    # the refused one (no pass, no turn recorded) left nothing in the store to list.
    (turn,) = restored
    same = ("request_id", "conversation_id", "user", "model", "provider", "route", "outcome", "error", "passes",
            "input_tokens", "cache_read_tokens", "output_tokens", "cost_usd", "first_token_ms")
    assert {key: turn[key] for key in same} == {key: live[key] for key in same}
    assert (turn["conversation_id"], turn["route"], turn["outcome"]) == ("conv-1", "m1 (fake)", "ok")
    assert (turn["input_tokens"], turn["cache_read_tokens"], turn["output_tokens"]) == (1200, 1024, 34)
    assert isinstance(turn["duration_s"], float) and turn["ended_at"] >= turn["duration_s"]
