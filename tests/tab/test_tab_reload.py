"""A changed `[tab]` takes effect without a restart: in process (the service takes a new backend, or none,
while a request runs on the old one), and in a real `cursord serve` told SIGHUP, whose `status` and dashboard
show Tab's backend, mode and figures."""

from __future__ import annotations

import os
import re
import signal
from functools import partial
from pathlib import Path

import httpx
import pytest
import trio
import trio.testing

from cursord.config import TabBackend
from cursord.config._tab import build_tab
from cursord.connect.errors import Code, ConnectError
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.proxy import DEFAULT_OWNED_PATHS
from cursord.tab import TabOwnedPaths, TabService, tab_parts
from cursord.tab.backend import FIM_FORMATS
from cursord.testing.behaviours import Echo
from cursord.testing.fake_fim import fim_server, rewrite_server
from cursord.testing.fake_providers import open_fake_server
from cursord.testing.harness import running_daemon
from cursord.testing.process import cursord_command, running_cursord
from tests.tab.test_tab_service import STREAM_CPP, cpp_request, read_frames

OLLAMA = FIM_FORMATS[TabBackend.OLLAMA]


async def test_the_service_takes_a_new_backend_and_closes_the_old_once_its_request_ends(
    autojump_clock: trio.abc.Clock,
) -> None:
    service = TabService(None)
    owned = TabOwnedPaths(DEFAULT_OWNED_PATHS, service)
    async with (
        open_fake_server(fim_server(OLLAMA, [" a +\n", " b"], stall=True, models=("one", "two"))) as fake,
        running_daemon(Echo, parts=(tab_parts(service),)) as daemon,
        daemon.editor(http2=True) as editor,
    ):
        _, ending = await read_frames(editor, cpp_request())
        assert isinstance(ending, ConnectError) and ending.code is Code.UNIMPLEMENTED, ending
        assert STREAM_CPP not in owned and "/aiserver.v1.AiService/CppConfig" not in owned  # to Cursor

        first = build_tab({"backend": "ollama", "base_url": fake.url(), "model": "one"})
        assert service.reconfigure(first, {}) and not service.reconfigure(first, {})  # the same twice: no change
        assert STREAM_CPP in owned and service.status()["model"] == "one"
        old = service.backend
        assert old is not None and old.client is not None
        async with trio.open_nursery() as nursery:
            dropped: list[object] = []

            async def on_the_old_backend() -> None:
                dropped.append((await read_frames(editor, cpp_request(), stop_after=3))[1])

            nursery.start_soon(on_the_old_backend)
            await fake.wait_for_requests(1)
            service.reconfigure(build_tab({"backend": "ollama", "base_url": fake.url(), "model": "two"}), {})
            await service.close_retired()
            assert old.client is not None  # its request still runs on it
        assert dropped == ["dropped"]
        with trio.fail_after(5):  # the server's side of the request ends after the client's
            await fake.requests[0].disconnected.wait()
            await trio.testing.wait_all_tasks_blocked()
        assert old.client is None and not service._users  # closed once that request ended
        assert fake.requests[0].json["model"] == "one"

        new = service.backend
        assert new is not None and new.spec.model == "two"
        async with trio.open_nursery() as nursery:
            nursery.start_soon(partial(read_frames, editor, cpp_request(), stop_after=3))
            await fake.wait_for_requests(2)
        assert fake.requests[1].json["model"] == "two"
        with trio.fail_after(5):
            await fake.requests[1].disconnected.wait()
            await trio.testing.wait_all_tasks_blocked()

        assert service.reconfigure(None, {})
        await service.close_retired()
        assert new.client is None and STREAM_CPP not in owned
        _, ending = await read_frames(editor, cpp_request())
        assert isinstance(ending, ConnectError) and ending.code is Code.UNIMPLEMENTED
        assert service.status()["configured"] is False and service.status()["requests"] == 2


async def test_sighup_applies_a_changed_tab_and_status_and_the_dashboard_show_it(tmp_path: Path) -> None:
    rewrite = "x1 = 1 * 2\n"
    async with (
        open_fake_server(fim_server(OLLAMA, ["a + b"], models=("qwen",))) as fim,
        open_fake_server(rewrite_server(OLLAMA, [rewrite], models=("sweep",))) as next_edit,
    ):
        config_file = tmp_path / "cursord.toml"
        head = (f'listen = "127.0.0.1:0"\nproxy_listen = "127.0.0.1:0"\nagent_listen = "off"\n'
                f'data_dir = "{tmp_path / "data"}"\n[[providers]]\nkind = "openai-chat"\nname = "agent"\n'
                f'base_url = "{fim.url()}"\napi_key_env = "AGENT_KEY"\nmodels = ["m1"]\n')
        config_file.write_text(head)
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "AGENT_KEY": "sk-agent"}
        with trio.fail_after(60):
            async with running_cursord(cursord_command("serve", "--config", str(config_file)), env) as daemon:
                where = ["--data-dir", str(tmp_path / "data"), "--listen", daemon.listen]

                async def status() -> str:
                    done = await trio.run_process(cursord_command("status", *where), capture_stdout=True, env=env)
                    return done.stdout.decode()

                async def stream_cpp(request: aiserver.StreamCppRequest) -> list[aiserver.StreamCppResponse]:
                    async with daemon.editor() as editor:
                        frames, ending = await read_frames(editor, request)
                    assert ending is None, ending
                    return frames

                assert "tab: not configured" in await status()

                config_file.write_text(head + f'[tab]\nbackend = "ollama"\nbase_url = "{fim.url()}"\nmodel = "qwen"\n')
                daemon.process.send_signal(signal.SIGHUP)
                await daemon.wait_for(re.compile(rb"Tab: ollama at .* \(model qwen, mode fim\)"))
                frames = await stream_cpp(cpp_request())
                assert "".join(f.text for f in frames) == "    return a + b"
                shown = await status()
                assert re.search(r"tab: ollama qwen \(fim\) at http://127\.0\.0\.1:\d+: 1 requests, 1 completed, "
                                 r"0 superseded, 0 failed; last \d+ ms", shown), shown

                config_file.write_text(head + f'[tab]\nbackend = "ollama"\nbase_url = "{next_edit.url()}"\n'
                                       'model = "sweep"\nmode = "sweep"\nlines_above = 0\nlines_below = 0\n')
                daemon.process.send_signal(signal.SIGHUP)
                await daemon.wait_for(re.compile(rb"mode sweep\)"))
                lines = "x0 = 0\nx1 = 1\nx2 = 2\n"
                request = cpp_request()
                request.current_file.contents = lines
                request.current_file.cursor_position.column = 2
                frames = await stream_cpp(request)
                assert [f.text for f in frames if f.text] == ["x1 = 1 * 2"]
                assert frames[1].range_to_replace.start_line_number == 2
                assert next_edit.requests[0].json["raw"] is True

                login = cursord_command("ui", "--config", str(config_file), "--listen", daemon.listen)
                ui = await trio.run_process(login, capture_stdout=True, env=env)
                async with httpx.AsyncClient() as browser:
                    await browser.get(ui.stdout.decode().strip())
                    tab = (await browser.get(f"http://127.0.0.1:{daemon.port}/ui/api/overview")).json()["tab"]
                assert (tab["backend"], tab["model"], tab["mode"], tab["requests"], tab["completed"]) == (
                    "ollama", "sweep", "sweep", 2, 2
                )

                assert await daemon.stop() == 0, daemon.log.decode()
        seen = daemon.log
        assert b"a restart is needed" not in seen and b"Traceback" not in seen, seen.decode()


async def test_closing_the_service_while_a_request_runs_closes_its_backend(
    autojump_clock: trio.abc.Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """The daemon stops with a Tab request under way: the backend is closed, and the request's end finds
    its count gone without a KeyError."""
    service = TabService(None)
    async with (
        open_fake_server(fim_server(OLLAMA, [" a +\n", " b"], stall=True, models=("one",))) as fake,
        running_daemon(Echo, parts=(tab_parts(service),)) as daemon,
        daemon.editor(http2=True) as editor,
    ):
        service.reconfigure(build_tab({"backend": "ollama", "base_url": fake.url(), "model": "one"}), {})
        backend = service.backend
        assert backend is not None
        with trio.fail_after(30):
            async with trio.open_nursery() as nursery:
                nursery.start_soon(partial(read_frames, editor, cpp_request(), stop_after=3))
                await fake.wait_for_requests(1)
                await service.aclose()
                assert backend.client is None and service.backend is None
                nursery.cancel_scope.cancel()
            await trio.testing.wait_all_tasks_blocked()
    assert not service._users and "KeyError" not in caplog.text, caplog.text
