"""`cursord record serve`, `record show` and `replay` as real processes: the daemon records the editor's calls on
its three listeners (its own port, the proxy, the agent listener), the capture holds no prompt or token, lists
and replays without a divergence; a capture cursord cannot read is a clear error."""

from __future__ import annotations

import re
import stat
import subprocess
from pathlib import Path

import trio

from cursord.capture import read_capture
from cursord.testing.editor import BIDI_APPEND, RUN_SSE, UNARY_HEADERS, run_request
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from cursord.testing.http_client import connect_tls, open_http
from cursord.testing.process import cursord_command, running_cursord, serve_fake
from cursord.testing.proxy import connect_via_proxy
from cursord.tls import CaPaths, client_context

PROMPT = "summarise the Osprey merger memo"
PROXY = re.compile(rb"editor proxy listening on 127\.0\.0\.1:(\d+)")
AGENT = re.compile(rb"https://127\.0\.0\.1:(\d+)")
SERVER_CONFIG = "/aiserver.v1.ServerConfigService/GetServerConfig"
MODELS = "/aiserver.v1.AiService/AvailableModels"


async def side_calls(data_dir: Path, seen: bytearray) -> None:
    """A call through the proxy (CONNECT, TLS with the daemon's CA) and one on the agent listener (TLS, HTTP/2)."""
    trust = client_context(CaPaths.in_data_dir(data_dir).cert)
    proxy, agent = PROXY.search(seen), AGENT.search(seen)
    assert proxy is not None and agent is not None, seen.decode()
    proxy_port, agent_port = int(proxy.group(1)), int(agent.group(1))
    tunnel = await connect_via_proxy(("127.0.0.1", proxy_port), "api2.cursor.sh", 443, ssl_context=trust)
    async with open_http(tunnel, False, authority="api2.cursor.sh") as connection:
        response = await connection.request("POST", SERVER_CONFIG, UNARY_HEADERS, b"")
        assert response.status == 200
        await response.read_all()
    h2_trust = client_context(CaPaths.in_data_dir(data_dir).cert, alpn=("h2",))
    secure = await connect_tls("127.0.0.1", agent_port, h2_trust)
    async with open_http(secure, True) as connection:
        response = await connection.request("POST", MODELS, UNARY_HEADERS, b"")
        assert response.status == 200
        await response.read_all()
TOKEN = b"Bearer user-session-token-0042"


async def test_record_serve_writes_a_redacted_capture_that_show_lists_and_replay_passes(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    async with open_fake_provider(Reply.sse(chat_text("Here is the summary."))) as fake:
        command, env = serve_fake(fake, data_dir)
        command[command.index("serve")] = "record"
        command.insert(command.index("record") + 1, "serve")
        headers = ((b"authorization", TOKEN), (b"x-cursor-client-version", b"3.18.9"))
        with trio.fail_after(60):
            async with running_cursord(command, env) as daemon:
                async with daemon.editor(headers=headers) as editor:
                    await editor.append("r1", run_request(PROMPT, model="m1"))
                    async with editor.run_sse("r1") as reader:
                        await reader.read_to_end()
                        assert reader.error is None
                await daemon.wait_for(PROXY)
                await side_calls(data_dir, daemon.log)
                assert await daemon.stop() == 0, daemon.log.decode()
    (capture,) = (data_dir / "captures").iterdir()
    assert stat.S_IMODE(capture.stat().st_mode) == 0o600
    assert str(capture).encode() in daemon.log  # it says where it records
    text = capture.read_text()
    assert PROMPT not in text and PROMPT.encode().hex() not in text and TOKEN.decode() not in text
    header, events = read_capture(capture)
    assert header.cursor_version == "3.18.9"
    listeners = {(event.get("listener"), event.get("path")) for event in events if event.ev == "request"}
    assert listeners == {("editor", BIDI_APPEND), ("editor", RUN_SSE), ("proxy", SERVER_CONFIG), ("agent", MODELS)}

    where = ("--data-dir", str(data_dir))
    listed = await trio.run_process(cursord_command("record", "show", *where), capture_stdout=True, cwd=tmp_path)
    assert listed.stdout.decode().startswith(f"captures in {data_dir / 'captures'} (show or replay one by its name):")
    assert f"\n  {capture.name}  ".encode() in listed.stdout

    # A name `record show` listed works from any directory, with or without its .jsonl.
    show = cursord_command("record", "show", *where, capture.stem)
    shown = await trio.run_process(show, capture_stdout=True, check=False, cwd=tmp_path)
    assert shown.returncode == 0
    assert b"run_request" in shown.stdout and b"interaction_update.turn_ended" in shown.stdout

    with trio.fail_after(120):
        replay = cursord_command("replay", "--timing", "asap", *where, capture.name)
        replayed = await trio.run_process(replay, capture_stdout=True, capture_stderr=True, check=False, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert b"no divergence" in replayed.stdout


def test_a_file_that_is_not_a_capture_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text('{"hello": 1}\n')
    for args in (("record", "show", str(path)), ("replay", str(path))):
        result = subprocess.run(cursord_command(*args), capture_output=True, text=True, check=False)
        assert result.returncode == 2
        assert f"{path}:1: not a cursord capture" in result.stderr
        assert "Traceback" not in result.stderr


def test_a_capture_name_found_nowhere_and_an_empty_captures_folder_say_so(tmp_path: Path) -> None:
    where = ("--data-dir", str(tmp_path))
    missing = subprocess.run(cursord_command("replay", *where, "capture-x"), capture_output=True, text=True,
                             check=False, cwd=tmp_path)
    assert missing.returncode == 2
    assert missing.stderr == (f"cursord: capture-x: no such capture here or in {tmp_path / 'captures'}"
                              " (`cursord record show` lists them)\n")
    listed = subprocess.run(cursord_command("record", "show", *where), capture_output=True, text=True, check=False)
    assert listed.returncode == 0
    assert listed.stdout == f"no captures in {tmp_path / 'captures'} (`cursord record serve` records one)\n"


def test_an_existing_capture_is_never_written_over(tmp_path: Path) -> None:
    existing = tmp_path / "mine.jsonl"
    existing.write_text("keep me\n")
    provider = "kind=openai-chat,name=fake,base_url=http://127.0.0.1:9/v1,models=m1"
    args = ("record", "serve", "--listen", "127.0.0.1:0", "--data-dir", str(tmp_path / "d"),
            "--provider", provider, "--capture", str(existing))
    result = subprocess.run(cursord_command(*args), capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 2
    assert f"{existing} exists; a capture is never written over" in result.stderr
    assert existing.read_text() == "keep me\n"
