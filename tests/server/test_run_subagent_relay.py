"""A subagent's Run on a model cursord does not serve stays with cursord when cursord holds its parent's run
(it runs on the parent's model); with a parent cursord does not hold, it goes to Cursor as before."""

from __future__ import annotations

from pathlib import Path

import trio

from cursord.testing.editor import exec_result, run_request
from tests.server.test_run_relay import CURSORS, OURS, SECONDS, editor, relaying_daemon, texts


async def test_a_subagent_of_a_held_run_is_not_relayed(tmp_path: Path) -> None:
    with trio.fail_after(SECONDS):
        async with relaying_daemon(tmp_path) as setup, editor(setup) as client:
            async with client.run("p1") as parent:
                await parent.send(run_request("parent", model=OURS))
                await parent.send(exec_result(1, "last"))
                assert texts(await (await parent.reader()).read_to_end()) == ["echo: parent", "exec 1"]
            child_headers = [(b"x-parent-request-id", b"p1"), (b"x-parent-agent-tool-call-id", b"call-task")]
            async with client.run("c1", headers=child_headers) as child:
                await child.send(run_request("child", model=CURSORS))
                await child.send(exec_result(1, "last"))
                reader = await child.reader()
                assert reader.response.header(b"x-upstream") is None  # cursord's own answer
                assert texts(await reader.read_to_end()) == ["echo: child", "exec 1"]
            async with client.run("c2", headers=[(b"x-parent-request-id", b"not-ours")]) as orphan:
                await orphan.send(run_request("orphan", model=CURSORS))
                reader = await orphan.reader()
                assert reader.response.header(b"x-upstream") == b"1"  # relayed to Cursor
                await orphan.end()
                await reader.read_to_end()
    assert [run["headers"][b"x-request-id"] for run in setup.host.runs] == [b"c2"]
