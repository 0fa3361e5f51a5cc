"""`cursord serve` as a real process: it listens, serves, and on SIGTERM/SIGINT ends open streams with
`unavailable` and exits 0. Also `config check` and bad flags."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import stat
import subprocess
from pathlib import Path

import httpx
import pytest
import trio

from cursord.connect.errors import Code
from cursord.proto import agent_v1_pb2 as agent
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, Stall, chat_text, open_fake_provider
from cursord.testing.process import cursord_command, running_cursord, serve_fake
from cursord.testing.provider_streams import chat_usage


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_serve_ends_open_streams_unavailable_on_signal(tmp_path: Path, signum: int) -> None:
    stalled = Reply.sse(chat_text("thinking about it", done=False)[:2], then=Stall())
    async with open_fake_provider(stalled) as fake:
        with trio.fail_after(60):
            async with running_cursord(*serve_fake(fake, tmp_path)) as daemon:
                async with daemon.editor() as editor:
                    await editor.append("r1", run_request("go", model="m1"))
                    async with editor.run_sse("r1") as reader:
                        message = await reader.next_message()
                        while message is not None and not message.interaction_update.HasField("text_delta"):
                            message = await reader.next_message()
                        daemon.process.send_signal(signum)
                        await reader.read_to_end()
                        assert reader.error is not None and reader.error.code is Code.UNAVAILABLE
                assert await daemon.exited() == 0, daemon.log.decode()
        assert b"Traceback" not in daemon.log


async def test_a_second_daemon_on_the_same_data_dir_refuses_to_start(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"  # created by the first daemon
    async with open_fake_provider() as fake:
        command, env = serve_fake(fake, data_dir)
        with trio.fail_after(60):
            async with running_cursord(command, env) as first:
                assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700

                second = await trio.run_process(command, env=env, capture_stderr=True, check=False)
                assert second.returncode == 1
                message = second.stderr.decode()
                assert f"another cursord (pid {first.process.pid}) is already serving from {data_dir}" in message
                assert "listening on" not in message and "Traceback" not in message

                assert await first.stop() == 0, first.log.decode()


async def test_the_first_serve_says_how_to_hook_up_cursor_and_the_next_does_not(tmp_path: Path) -> None:
    async with open_fake_provider() as fake:
        command, env = serve_fake(fake, tmp_path)
        with trio.fail_after(60):
            async with running_cursord(command, env) as first:
                await first.wait_for(re.compile(rb"listening on"))
                assert await first.stop() == 0, first.log.decode()
            async with running_cursord(command, env) as second:
                await second.wait_for(re.compile(rb"listening on"))
                assert await second.stop() == 0, second.log.decode()
    hint = b"created a new local CA; run `cursord ca trust` and `cursord editor setup`"
    assert hint in first.log, first.log.decode()
    assert hint not in second.log
    assert re.search(rb"INFO cursord: config file: .*; key file: ", first.log)  # which files it read, once
    assert first.log.count(b"config file: ") == 1


def test_config_check_prints_the_effective_config_without_keys(tmp_path: Path) -> None:
    env = {**os.environ, "OPENAI_API_KEY": "sk-secret-value-123"}
    result = subprocess.run(
        cursord_command("config", "check", "--provider", "openai", "--data-dir", str(tmp_path)),
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "api.openai.com" in result.stdout and "OPENAI_API_KEY" in result.stdout
    assert "sk-secret-value-123" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["serve"], "provider"),
        (["serve", "--provider", "kind=nope,name=x,base_url=http://h,models=a"], "unknown kind 'nope'"),
        (["serve", "--provider", "openai", "--listen", "nowhere"], "listen"),
    ],
)
def test_bad_configuration_is_a_clear_error_not_a_traceback(args: list[str], expected: str, tmp_path: Path) -> None:
    result = subprocess.run(
        cursord_command(*args, "--data-dir", str(tmp_path)), capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert expected in result.stderr
    assert "Traceback" not in result.stderr


def serve_once(data_dir: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`cursord serve` with the openai preset on loopback port 0 and `flags` (which win), run to its end."""
    defaults = {"--listen": "127.0.0.1:0", "--proxy-listen": "127.0.0.1:0", "--agent-listen": "127.0.0.1:0"}
    given = dict(zip(flags[::2], flags[1::2], strict=True))
    argv = [word for flag, value in {**defaults, **given}.items() for word in (flag, value)]
    return subprocess.run(
        cursord_command("serve", "--data-dir", str(data_dir), "--provider", "openai", *argv),
        env={**os.environ, "OPENAI_API_KEY": "sk-x"},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def assert_one_error_line(result: subprocess.CompletedProcess[str], *expected: str) -> str:
    """`result` failed with exactly one ERROR line holding each of `expected`, no traceback, no "listening"."""
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stderr.splitlines() if " ERROR " in line]
    assert len(errors) == 1, result.stderr
    assert "Traceback" not in result.stderr and "sub-exception" not in result.stderr
    for success in ("listening", "Running on", "listener (HTTP/2"):  # nothing that reads like success first
        assert success not in result.stderr, result.stderr
    for text in expected:
        assert text in errors[0], errors[0]
    return errors[0]


@pytest.mark.parametrize("flag", ["--listen", "--proxy-listen"])
def test_a_port_in_use_is_one_line_naming_the_port_and_the_flag(tmp_path: Path, flag: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve_once(tmp_path, flag, f"127.0.0.1:{port}")
    assert_one_error_line(result, "cannot start", f"127.0.0.1:{port}", "in use", f"{flag} HOST:PORT")


def test_a_data_dir_that_cannot_be_made_is_one_line_naming_the_setting(tmp_path: Path) -> None:
    tmp_path.joinpath("a-file").write_text("")
    result = serve_once(tmp_path / "a-file" / "data")
    assert_one_error_line(result, f"data directory {tmp_path / 'a-file' / 'data'}: Not a directory", "--data-dir")


def test_a_corrupt_sqlite_store_is_one_line(tmp_path: Path) -> None:
    tmp_path.joinpath("cursord.sqlite3").write_bytes(b"this is not a database" * 400)
    result = serve_once(tmp_path)
    assert_one_error_line(result, "cannot start", str(tmp_path / "cursord.sqlite3"), "not a database")


def test_an_unreachable_postgresql_store_is_one_line_without_its_password(tmp_path: Path) -> None:
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    result = serve_once(tmp_path, "--store", f"postgresql://bob:hunter2@127.0.0.1:{port}/cursord")
    line = assert_one_error_line(result, "cannot start", f"postgresql://bob:<redacted>@127.0.0.1:{port}/cursord")
    assert "hunter2" not in result.stderr, line


async def test_sighup_reloads_providers_and_keys_from_the_config_and_key_files(tmp_path: Path) -> None:
    async with open_fake_provider(Reply.sse(chat_text("hello from m2"))) as fake:
        config_file, env_file = tmp_path / "cursord.toml", tmp_path / "cursord.env"

        def write_config(models: str) -> None:
            config_file.write_text(
                'listen = "127.0.0.1:0"\nproxy_listen = "127.0.0.1:0"\nagent_listen = "off"\n'
                f'data_dir = "{tmp_path / "data"}"\n[[providers]]\nkind = "openai-chat"\nname = "fake"\n'
                f'base_url = "{fake.base_url}"\napi_key_env = "FAKE_KEY"\nmodels = {models}\n'
            )

        write_config('["m1"]')
        env_file.write_text("FAKE_KEY=sk-the-old-key\n")
        env = {k: v for k, v in os.environ.items() if k != "FAKE_KEY"} | {"PYTHONUNBUFFERED": "1"}
        command = cursord_command("serve", "--config", str(config_file))
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                write_config('["m1", "m2"]')
                env_file.write_text("FAKE_KEY=sk-the-new-key\n")
                daemon.process.send_signal(signal.SIGHUP)
                await daemon.wait_for(re.compile(rb"reloaded the providers and keys; models: m1, m2"))

                async with daemon.editor() as editor:
                    await editor.append("r1", run_request("go", model="m2"))
                    async with editor.run_sse("r1") as reader:
                        await reader.read_to_end()
                        assert reader.error is None
                assert fake.requests[0].json["model"] == "m2"
                assert fake.requests[0].headers["authorization"] == "Bearer sk-the-new-key"

                # The dashboard's configuration shows the reloaded providers.
                login = cursord_command("ui", "--config", str(config_file), "--listen", daemon.listen)
                ui = await trio.run_process(login, capture_stdout=True, env=env)
                async with httpx.AsyncClient() as browser:
                    await browser.get(ui.stdout.decode().strip())  # the login link sets the session cookie
                    shown = (await browser.get(f"http://{daemon.listen}/ui/api/config")).json()["config"]
                assert shown["providers"][0]["models"] == ["m1", "m2"]

                write_config('["m1", "m2"')  # broken: refused, the running configuration stays
                daemon.process.send_signal(signal.SIGHUP)
                await daemon.wait_for(re.compile(rb"reload refused, the running configuration stays"))

                assert await daemon.stop() == 0, daemon.log.decode()
        assert b"sk-the-new-key" not in daemon.log and b"Traceback" not in daemon.log


async def test_one_log_line_per_turn_a_failed_one_a_warning_none_per_provider_request_titles_shown(
    tmp_path: Path,
) -> None:
    usage = chat_usage(prompt=1200, completion=34, cached=1024)
    async with open_fake_provider(Reply.sse(chat_text("hello", usage=usage))) as fake:
        command, env = serve_fake(fake, tmp_path, "m1", "--alias", "fast=m1")
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                async with daemon.editor() as editor:
                    metadata = agent.UpdateConversationMetadataRequest(conversation_id="conv-1", name="Fix the login")
                    status, _ = await editor.post(
                        "/agent.v1.AgentService/UpdateConversationMetadata", metadata.SerializeToString(),
                        [(b"content-type", b"application/proto")],
                    )
                    assert status == 200
                    await editor.append("r1", run_request("go", model="m1"))
                    async with editor.run_sse("r1") as reader:
                        await reader.read_to_end()
                    line = await daemon.wait_for(re.compile(rb"INFO cursord\.turns: (turn .*)\n"))
                    await editor.append("r2", run_request("go", model="no-such-model"))
                    async with editor.run_sse("r2") as reader:
                        await reader.read_to_end()
                    failed = await daemon.wait_for(re.compile(rb"(\w+) cursord\.turns: turn not_found"))
                where = ["--data-dir", str(tmp_path), "--listen", daemon.listen]
                status = await trio.run_process(cursord_command("status", *where), capture_stdout=True, env=env)
                await daemon.stop()
    # The editor's name for the conversation is shown wherever the conversation is: status, usage, the log.
    assert re.search(r"conv-1 +Fix the login +m1 ", status.stdout.decode()), status.stdout.decode()
    usage = await trio.run_process(cursord_command("usage", "--data-dir", str(tmp_path), "--by", "conversation"),
                                   capture_stdout=True)
    assert re.search(r"^conv-1 Fix the login +1 ", usage.stdout.decode(), re.MULTILINE), usage.stdout.decode()
    text = line.group(1).decode()
    assert text.startswith("turn ok: conversation conv-1 'Fix the login', m1 (fake), 1 pass, 1,200 in (1,024 cached)"
                           " / 34 out, $0.0000, first token "), text  # m1 on the loopback fake: a local model
    assert failed.group(1) == b"WARNING"  # a failed turn stands out in the log
    # the error names what the run could have asked for: the models and the aliases
    assert b"no provider for model 'no-such-model'; configured models: m1, fast (= m1))" in daemon.log
    assert daemon.log.count(b"cursord.turns") == 2
    assert b"HTTP Request:" not in daemon.log  # httpx's line per provider request


async def test_status_counts_output_tokens_while_the_pass_still_runs(tmp_path: Path) -> None:
    text = "Here is a long answer that keeps on streaming. " * 20
    async with open_fake_provider(Reply.sse(chat_text(text, done=False)[:-3], then=Stall())) as fake:
        command, env = serve_fake(fake, tmp_path)
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon, daemon.editor() as editor:
                await editor.append("r1", run_request("go", model="m1"))
                async with editor.run_sse("r1") as reader:
                    received = 0
                    while received < len(text) - 200:  # most of the text is out; the pass has not ended
                        message = await reader.next_message()
                        assert message is not None
                        received += len(message.interaction_update.text_delta.text)
                    where = ["--data-dir", str(tmp_path), "--listen", daemon.listen]
                    done = await trio.run_process(cursord_command("status", "--json", *where),
                                                  capture_stdout=True, env=env)
                    table = await trio.run_process(cursord_command("status", *where), capture_stdout=True, env=env)
    (row,) = json.loads(done.stdout)["streams"]
    assert row["passes"] == 0 and row["output_estimated"] is True
    assert len(text) // 8 < row["output_tokens"] < len(text)  # about a token per four bytes, so far
    assert f"~{row['output_tokens']}" in table.stdout.decode()

