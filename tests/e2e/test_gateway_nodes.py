"""A team gateway of several nodes on one PostgreSQL store, as real `cursord serve` processes: a turn whose
calls reach different nodes, a node killed mid tool loop whose turn completes on another, and a node that
drains on SIGTERM while a peer takes its new work."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
from pathlib import Path

import psycopg
import trio

from cursord.connect import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.store import Budget, Scope, open_store
from cursord.testing.agent import exec_reply
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import (
    FakeProvider,
    Reply,
    chat_text,
    chat_tool_call,
    chat_usage,
    open_fake_provider,
)
from cursord.testing.process import CursordProcess, cursord_command, running_cursord, serve_fake
from tests.e2e.test_restart import FIRST_EXEC_JOURNALLED, MODEL, journalled, kinds, until_exec

LEASE = 1.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def node(
    fake: FakeProvider, data_dir: Path, store: str, *extra: str
) -> contextlib.AbstractAsyncContextManager[CursordProcess]:
    """One gateway node: its own data dir, the shared store, leases of `LEASE` seconds."""
    port = free_port()
    address = ("--node-address", f"http://127.0.0.1:{port}", "--limit", f"lease_seconds={LEASE}")
    command, env = serve_fake(fake, data_dir, MODEL, "--store", store, *address, *extra)
    command[command.index("127.0.0.1:0")] = f"127.0.0.1:{port}"  # --listen: the node's address must be known
    return running_cursord(command, env)


def lease_holders(store: str) -> dict[str, str]:
    """request id -> the address of the node holding it."""
    with psycopg.connect(store) as conn:
        rows = conn.execute("SELECT l.request_id, n.address FROM leases l JOIN nodes n USING (node_id)").fetchall()
    return {request_id: address for request_id, address in rows}


def bearer(token: str) -> tuple[tuple[bytes, bytes], ...]:
    return ((b"authorization", f"Bearer {token}".encode()),)


def read_ok(message: agent.AgentServerMessage, content: str) -> agent.AgentClientMessage:
    success = agent.ReadSuccess(path=message.exec_server_message.read_args.path, content=content, total_lines=1)
    return exec_reply(message, read_result=agent.ReadResult(success=success))


async def test_an_append_on_one_node_and_the_stream_read_on_another(tmp_path: Path, postgres_url: str) -> None:
    replies = (Reply.sse(chat_text("Served by whichever node holds it.")), Reply.sse(chat_text("Over one Run.")))
    with trio.fail_after(60):
        async with (
            open_fake_provider(*replies) as fake,
            node(fake, tmp_path / "a", postgres_url) as a,
            node(fake, tmp_path / "b", postgres_url) as b,
            a.editor() as on_a,
            b.editor() as on_b,
        ):
            await on_a.append("r1", run_request("hello", model=MODEL), wait=True)
            async with on_b.run_sse("r1") as reader:
                messages = await reader.read_to_end()
                assert reader.error is None
            # the HTTP/2 path: a holds r2 (its RunSSE waits for an upload), and the run comes on a Run to b
            async with on_a.run_sse("r2") as watcher, on_b.run("r2") as run:
                await run.send(run_request("again", model=MODEL))
                run_reader = await run.reader()
                over_run = await run_reader.read_to_end()
                assert run_reader.error is None
                watched = await watcher.read_to_end()
            holder = f"http://{a.listen}"
            assert lease_holders(postgres_url) == {"r1": holder, "r2": holder}
    assert "".join(m.interaction_update.text_delta.text for m in messages) == "Served by whichever node holds it."
    assert "".join(m.interaction_update.text_delta.text for m in over_run) == "Over one Run."
    assert watched == over_run  # one stream, on a, seen through both paths
    assert len(fake.requests) == 2


async def test_the_holder_killed_mid_tool_loop_the_turn_completes_on_another_node(
    tmp_path: Path, postgres_url: str
) -> None:
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/todo.txt"}))),
        Reply.sse(chat_text("The file says: buy milk.")),
    ]
    with trio.fail_after(90):
        async with (
            open_fake_provider(*replies) as fake,
            node(fake, tmp_path / "b", postgres_url) as b,
            b.editor() as on_b,
        ):
            async with node(fake, tmp_path / "a", postgres_url) as a, a.editor() as on_a:
                await on_a.append("r1", run_request("what's in todo.txt?", model=MODEL))
                async with on_b.run_sse("r1") as reader:  # forwarded by b to a, the holder
                    seen = await until_exec(reader)
                await journalled(tmp_path, FIRST_EXEC_JOURNALLED, postgres_url)
                await a.stop(signal.SIGKILL)
            # b cannot reach a: it waits out a's lease, takes the request over and restores the stream
            await on_b.append("r1", read_ok(seen[-1], "buy milk"), seqno=1)
            async with on_b.run_sse("r1") as reader:
                replayed = [await reader.next_message() for _ in seen]
                rest = await reader.read_to_end()
                assert reader.error is None
            assert lease_holders(postgres_url) == {"r1": f"http://{b.listen}"}
    assert replayed == seen  # nothing of what the editor had seen is lost or changed
    assert "".join(m.interaction_update.text_delta.text for m in rest) == "The file says: buy milk."
    assert kinds(rest)[-1] == "turn_ended"
    assert len(fake.requests) == 2
    tool_message = next(m for m in fake.requests[1].json["messages"] if m["role"] == "tool")
    assert "buy milk" in tool_message["content"]
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT status FROM turns").fetchall() == [("completed",)]


async def test_a_node_told_to_stop_finishes_its_turn_while_a_peer_takes_new_work(
    tmp_path: Path, postgres_url: str
) -> None:
    replies = [
        Reply.sse(chat_tool_call("c1", "Read", json.dumps({"path": "/w/todo.txt"}))),  # r1, on a
        Reply.sse(chat_text("New work, on b.")),  # r2: a is draining, b claims it
        Reply.sse(chat_text("Finished on a.")),  # r1 again, after the editor's answer
    ]
    with trio.fail_after(90):
        async with (
            open_fake_provider(*replies) as fake,
            node(fake, tmp_path / "b", postgres_url) as b,
        ):
            async with node(fake, tmp_path / "a", postgres_url) as a, a.editor() as on_a:
                await on_a.append("r1", run_request("what's in todo.txt?", model=MODEL))
                async with on_a.run_sse("r1") as reader:
                    message = await reader.next_message()
                    while message is not None and not message.HasField("exec_server_message"):
                        message = await reader.next_message()
                assert message is not None
                a.process.send_signal(signal.SIGTERM)
                await journalled(tmp_path, "SELECT count(*) FROM nodes WHERE draining = 1", postgres_url)

                await on_a.append("r2", run_request("something new", model=MODEL))  # handed to b
                async with on_a.run_sse("r2") as second:
                    new_work = await second.read_to_end()
                assert lease_holders(postgres_url)["r2"] == f"http://{b.listen}"

                await on_a.append("r1", read_ok(message, "buy milk"))  # a still serves its own turn
                async with on_a.run_sse("r1") as reader:
                    finished = await reader.read_to_end()
                    assert reader.error is None
                with trio.fail_after(30):
                    exited = await a.exited()  # its last stream ended: the drain is over, the node stops
                assert exited == 0 and b"Traceback" not in a.log, a.log.decode()
            status = await trio.run_process(
                cursord_command("gateway", "status", "--json", "--store", postgres_url), capture_stdout=True
            )
    assert "".join(m.interaction_update.text_delta.text for m in new_work) == "New work, on b."
    assert "".join(m.interaction_update.text_delta.text for m in finished).endswith("Finished on a.")
    assert kinds(finished)[-1] == "turn_ended"
    (only,) = json.loads(status.stdout.decode())["nodes"]  # a left the cluster as it stopped
    assert (only["address"], only["state"]) == (f"http://{b.listen}", "up")


async def test_budgets_and_owners_hold_across_the_nodes(tmp_path: Path, postgres_url: str) -> None:
    """Alice spends on node a; node b refuses her next pass on the same day's budget, and refuses bob her run."""
    async with open_store(tmp_path / "admin", url=postgres_url) as store:
        people = store.people()
        alice, bob = await people.add_user("alice", "core"), await people.add_user("bob", None)
        await people.set_budget(Budget(Scope.USER, "alice", tokens_per_day=1000))
    spent = Reply.sse(chat_text("That was expensive.", usage=chat_usage(prompt=3000, completion=20, cached=0)))
    with trio.fail_after(60):
        async with (
            open_fake_provider(spent) as fake,
            node(fake, tmp_path / "a", postgres_url, "--team-gateway") as a,
            node(fake, tmp_path / "b", postgres_url, "--team-gateway") as b,
            a.editor(headers=bearer(alice)) as alice_on_a,
            b.editor(headers=bearer(alice)) as alice_on_b,
            b.editor(headers=bearer(bob)) as bob_on_b,
        ):
            await alice_on_a.append("r1", run_request("spend", model=MODEL, conversation_id="alice-1"))
            async with alice_on_a.run_sse("r1") as reader:
                await reader.read_to_end()
                assert reader.error is None
            await alice_on_b.append("r2", run_request("more", model=MODEL, conversation_id="alice-2"))
            async with alice_on_b.run_sse("r2") as refused:
                await refused.read_to_end()
            async with bob_on_b.run_sse("r1") as snooping:  # b forwards it to a, which holds r1
                await snooping.read_to_end()
    assert refused.error is not None and refused.error.code is Code.RESOURCE_EXHAUSTED
    assert "alice" in refused.error.message
    assert snooping.error is not None and snooping.error.code is Code.PERMISSION_DENIED
    assert len(fake.requests) == 1  # the refused pass never reached the provider
