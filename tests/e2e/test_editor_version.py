"""The editor's version, as the daemon saw it on the editor's calls, is in `cursord status` while the daemon
runs and in `cursord report` after it stopped (issue 39 #9: "the editor's version as last seen"), with no
capture made: a real `cursord serve` process, a turn whose calls carry `x-cursor-client-version`."""

from __future__ import annotations

from pathlib import Path

import trio

from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from cursord.testing.process import cursord_command, running_cursord, serve_fake

VERSION = "3.18.9"


async def test_report_and_status_name_the_editor_version_the_daemon_last_saw(tmp_path: Path) -> None:
    data_dir, home = tmp_path / "data", tmp_path / "home"
    home.mkdir()
    (tmp_path / "daemon.log").write_text("cursord: serving\n")
    async with open_fake_provider(Reply.sse(chat_text("hello"))) as fake:
        command, env = serve_fake(fake, data_dir)
        env |= {"HOME": str(home)}
        env.pop("CURSORD_CONFIG", None)
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                async with daemon.editor(headers=((b"x-cursor-client-version", VERSION.encode()),)) as editor:
                    await editor.append("r1", run_request("hello", model="m1"))
                    async with editor.run_sse("r1") as reader:
                        await reader.read_to_end()
                        assert reader.error is None
                status = await trio.run_process(
                    cursord_command("status", "--listen", daemon.listen, "--data-dir", str(data_dir)),
                    env=env, capture_stdout=True, capture_stderr=True,
                )
                assert await daemon.stop() == 0, daemon.log.decode()
            report = tmp_path / "report.txt"
            provider = command[command.index("--provider") + 1]
            await trio.run_process(
                cursord_command("report", "--data-dir", str(data_dir), "--provider", provider,
                                "--log", str(tmp_path / "daemon.log"), "--output", str(report)),
                env=env, capture_stdout=True, capture_stderr=True,
            )
    assert f"editor: Cursor {VERSION} (last seen " in status.stdout.decode(), status.stdout.decode()
    versions = report.read_text().split("## versions\n")[1].split("\n## ")[0]
    assert f"editor Cursor {VERSION} (last seen " in versions, versions
