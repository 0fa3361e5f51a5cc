"""What left the machine, and `--private`, on the whole program: `cursord serve` as a child process whose only
way to Cursor is `HTTPS_PROXY` (a recording CONNECT proxy in front of a fake Cursor that trusts nothing but
its own CA, given to the child as `SSL_CERT_FILE`), and an editor reaching it through the daemon's proxy.

- `cursord forwarded --json` lists the RPC that went to the fake Cursor with its counts, and neither the
  agent's run nor Tab's call (cursord answered those);
- under `--private`, `AiService/StreamBugBot` and `ReviewService/StreamBugBotLinter` are refused
  `permission_denied` naming the setting, and nothing is dialled: the upstream proxy sees no CONNECT (until a
  call that carries no code goes through, which shows that it would have seen one).

Real sockets and processes, so the real clock; every wait is bounded by fail_after.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import attrs
import trio
from google.protobuf.message_factory import GetMessageClass

from cursord.connect import Code, ConnectError, EnvelopeDecoder, encode_envelope, parse_end_stream
from cursord.proxy.wire import LiveBody
from cursord.testing.agent import drive
from cursord.testing.editor import STREAM_HEADERS, EditorClient, run_request
from cursord.testing.fake_providers import FakeProvider, Reply, open_fake_provider
from cursord.testing.process import CursordProcess, cursord_command, running_cursord, serve_fake
from cursord.testing.provider_streams import chat_text
from cursord.testing.proxy import FakeOrigin, OriginRequest, Responder, connect_via_proxy, open_fake_origin
from cursord.tls.ca import CaPaths, client_context
from tests.proto.reference_schema import load_reference
from tests.proxy.test_upstream_proxy import CorporateProxy

WALL_LIMIT = 60.0
HOST = "api2.cursor.sh"
PROXY_LISTENING = re.compile(rb"editor proxy listening on 127\.0\.0\.1:(\d+)")
GET_TEAMS = "/aiserver.v1.DashboardService/GetTeams"
TEAMS_REQUEST = b"\x08\x01"  # some request bytes (the proxy forwards them unread)
TEAMS_ANSWER = b"\x0a\x04\x08\x07\x12\x00"  # what the fake Cursor answers (any bytes: the proxy does not read them)


async def _cursor_teams(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
    while await body.next_chunk() is not None:
        pass
    await responder.whole(200, [(b"content-type", b"application/proto")], TEAMS_ANSWER)


def stream_error(body: bytes) -> ConnectError | None:
    """The error a Connect stream's body ends with (None: it ended well)."""
    ends = [e for e in EnvelopeDecoder(1 << 20).feed(body) if e.end_stream]
    assert len(ends) == 1, body
    return parse_end_stream(ends[0].payload)[0]


@attrs.define
class Machine:
    daemon: CursordProcess
    proxy_port: int
    data_dir: Path
    corporate: CorporateProxy
    origin: FakeOrigin

    async def tunnel(self) -> trio.abc.Stream:
        trust = client_context(CaPaths.in_data_dir(self.data_dir).cert)
        return await connect_via_proxy(("127.0.0.1", self.proxy_port), HOST, 443, ssl_context=trust)

    async def cursord(self, *args: str) -> str:
        result = await trio.run_process(
            cursord_command(*args, "--listen", self.daemon.listen, "--data-dir", str(self.data_dir)),
            capture_stdout=True, capture_stderr=True, check=False,
        )
        assert result.returncode == 0, result.stderr.decode()
        return result.stdout.decode()


@asynccontextmanager
async def machine(tmp_path: Path, fake: FakeProvider, *flags: str) -> AsyncIterator[Machine]:
    async with open_fake_origin(tmp_path / "origin", {GET_TEAMS: _cursor_teams}) as origin, \
            trio.open_nursery() as nursery:
        corporate = CorporateProxy(origin.address)
        await nursery.start(corporate.serve)
        data_dir = tmp_path / "data"
        command, env = serve_fake(fake, data_dir, "m1", *flags)
        env = {key: value for key, value in env.items() if key.lower() not in ("no_proxy", "http_proxy", "all_proxy")}
        env.update(HTTPS_PROXY=f"http://127.0.0.1:{corporate.port}", SSL_CERT_FILE=str(origin.ca.paths.cert))
        async with running_cursord(command, env) as daemon:
            port = int((await daemon.wait_for(PROXY_LISTENING)).group(1))
            yield Machine(daemon, port, data_dir, corporate, origin)
            assert await daemon.stop() == 0, daemon.log.decode()
        nursery.cancel_scope.cancel()


async def test_forwarded_lists_what_went_to_cursor_and_not_the_agent_or_tab(tmp_path: Path) -> None:
    with trio.fail_after(WALL_LIMIT):
        async with open_fake_provider(Reply.sse(chat_text("four"))) as fake, \
                machine(tmp_path, fake, "--tab", "ollama,base_url=http://127.0.0.1:9,model=fim") as box:
            async with EditorClient.open(box.tunnel, False) as editor:
                await editor.append("r-agent", run_request("what is 2+2?", model="m1"))
                async with editor.run_sse("r-agent") as reader:
                    transcript = await drive(editor, "r-agent", reader)
                assert "four" in transcript.text
                status, _ = await editor.post("/aiserver.v1.AiService/CppConfig", b"")
                assert status == 200  # Tab's, answered by cursord
                status, answer = await editor.post(GET_TEAMS, TEAMS_REQUEST)
                assert (status, answer) == (200, TEAMS_ANSWER)
            rows = json.loads(await box.cursord("forwarded", "--json"))
            assert rows == [{
                "method": "aiserver.v1.DashboardService/GetTeams", "count": 1, "failed": 0,
                "bytes_up": len(TEAMS_REQUEST), "bytes_down": len(TEAMS_ANSWER), "carries_code": False,
            }]
            assert [request.target for request in box.origin.requests] == [GET_TEAMS.encode()]
            assert "forwarded to Cursor: 1 calls (0 carrying code or text)" in await box.cursord("status")
            table = await box.cursord("forwarded")
            assert re.search(r"aiserver\.v1\.DashboardService/GetTeams\s+1\s+0\s+2B\s+6B\s+no", table), table


async def test_private_refuses_bug_finding_without_dialling_cursor(tmp_path: Path) -> None:
    pool, _ = load_reference()
    calls = {}
    for path, type_name in (("/aiserver.v1.AiService/StreamBugBot", "StreamBugBotRequest"),
                            ("/aiserver.v1.ReviewService/StreamBugBotLinter", "StreamBugBotLinterRequest")):
        request = GetMessageClass(pool.FindMessageTypeByName(f"aiserver.v1.{type_name}"))()
        request.git_diff.diffs.add().chunks.add().content = "+SECRET line of the user's code"
        calls[path] = request
    with trio.fail_after(WALL_LIMIT):
        async with open_fake_provider() as fake, machine(tmp_path, fake, "--private") as box:
            async with EditorClient.open(box.tunnel, False) as editor:
                for path, request in calls.items():
                    status, body = await editor.post(path, encode_envelope(request.SerializeToString()),
                                                     list(STREAM_HEADERS))
                    assert status == 200, body
                    error = stream_error(body)
                    assert error is not None and error.code is Code.PERMISSION_DENIED, body
                    assert "private" in error.message and path.lstrip("/") in error.message
                assert box.corporate.heads == []  # nothing was dialled
                assert await editor.post(GET_TEAMS, TEAMS_REQUEST) == (200, TEAMS_ANSWER)
                assert box.corporate.heads[0].startswith(f"CONNECT {HOST}:443 ")
            assert box.origin.requests[0].target == GET_TEAMS.encode() and len(box.origin.requests) == 1
