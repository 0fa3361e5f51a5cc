"""`cursord users` and `cursord teams` over a real store, and `cursord usage --by user|team`."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
import trio

from cursord.cli.main import build_parser
from cursord.cli.people import run_people
from cursord.cli.usage import run_usage
from cursord.providers.model import Usage
from cursord.store import DB_NAME, Budget, PassRecord, Scope, SqlPeopleStore, open_store
from cursord.store.people import token_hash
from cursord.testing.editor import run_request
from cursord.testing.fake_providers import Reply, chat_text, open_fake_provider
from cursord.testing.process import cursord_command, running_cursord, serve_fake


async def people(data_dir: Path, *argv: str) -> tuple[int, str]:
    args = build_parser().parse_args([*argv, "--data-dir", str(data_dir)])
    out = io.StringIO()
    code = await run_people(args, {"HOME": str(data_dir)}, out)
    return code, out.getvalue()


@pytest.fixture
def store_flag(store_url: str | None) -> list[str]:
    """`--store URL` for the commands: none (SQLite in the data dir), or a fresh PostgreSQL database."""
    return [] if store_url is None else ["--store", store_url]


async def test_users_add_list_budget_remove(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], store_flag: list[str]
) -> None:
    url = store_flag[1] if store_flag else None

    async def cmd(*argv: str) -> tuple[int, str]:
        return await people(tmp_path, *argv, *store_flag)

    code, token = await cmd("users", "add", "alice", "--team", "core")
    assert code == 0 and token.startswith("cdu_") and "shown only now" in capsys.readouterr().err
    token = token.strip()
    assert (await cmd("users", "add", "bob"))[0] == 0
    code, _ = await cmd("users", "add", "alice")
    assert code == 1 and "exists already" in capsys.readouterr().err
    assert await cmd("users", "budget", "alice", "--tokens-per-day", "5000") == (
        0, "user alice: 5,000 tokens/day\n")
    assert await cmd("users", "budget", "alice", "--cost-per-day", "1.5") == (
        0, "user alice: 5,000 tokens/day, $1.50/day\n")  # one limit at a time: the other stays
    assert await cmd("teams", "budget", "core", "--cost-per-day", "20") == (0, "team core: $20.00/day\n")
    code, listing = await cmd("users", "list")
    lines = listing.splitlines()
    assert lines[0].split() == ["USER", "TEAM", "BUDGET", "USED", "TODAY", "(UTC)", "CREATED"]
    assert lines[1].startswith("alice") and "core" in lines[1] and "5,000 tokens/day, $1.50/day" in lines[1]
    assert lines[2].startswith("bob") and "no budget" in lines[2]
    code, teams = await cmd("teams", "list")
    assert teams.splitlines()[1].split() == ["core", "alice", "$20.00/day", "-"]
    async with open_store(tmp_path, url=url) as store:
        found = await SqlPeopleStore(store).authenticate(token)
        assert found is not None and (found.name, found.team) == ("alice", "core")
        if url is None:
            raw = (tmp_path / DB_NAME).read_bytes()
            assert token.encode() not in raw and token_hash(token) in raw  # only the hash is kept
        else:
            with psycopg.connect(url) as conn:
                hashes = conn.execute("SELECT token_hash FROM users WHERE name = 'alice'").fetchall()
            assert hashes == [(token_hash(token),)]  # only the hash is kept
        assert await SqlPeopleStore(store).budget(Scope.USER, "alice") == Budget(Scope.USER, "alice", 5000, 1.5)
    assert await cmd("users", "remove", "alice") == (0, "user alice removed\n")
    code, _ = await cmd("users", "budget", "alice", "--tokens-per-day", "1")
    assert code == 1 and "no user 'alice'" in capsys.readouterr().err
    async with open_store(tmp_path, url=url) as store:
        assert await SqlPeopleStore(store).authenticate(token) is None
        assert await SqlPeopleStore(store).budget(Scope.USER, "alice") is None


async def test_bad_names_and_limits_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = await people(tmp_path, "users", "add", "no spaces")
    assert code == 1 and "use 1-64 letters" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["users", "budget", "x", "--tokens-per-day", "-3"])
    assert "is negative" in capsys.readouterr().err


async def test_usage_by_user_and_team(tmp_path: Path, store_flag: list[str]) -> None:
    now = time.time()
    async with open_store(tmp_path, url=store_flag[1] if store_flag else None) as store:
        for n, (user, team) in enumerate([("alice", "core"), ("alice", "core"), ("bob", None), (None, None)]):
            await store.record_pass(PassRecord(
                model_call_id=f"r{n}:1", request_id=f"r{n}", conversation_id="c", model="m", status="completed",
                started_at=now - 60, duration_ms=100, usage=Usage(100, 10), cost_usd=0.01, user=user, team=team))
    args = build_parser().parse_args(["usage", "--by", "user", "--data-dir", str(tmp_path), *store_flag])
    out = io.StringIO()
    assert await run_usage(args, {"HOME": str(tmp_path)}, out) == 0
    rows = {line.split()[0]: line.split()[1] for line in out.getvalue().splitlines()[1:]}
    assert rows == {"alice": "2", "bob": "1", "(none)": "1", "TOTAL": "4"}
    args = build_parser().parse_args(["usage", "--by", "team", "--json", "--data-dir", str(tmp_path), *store_flag])
    out = io.StringIO()
    assert await run_usage(args, {"HOME": str(tmp_path)}, out) == 0
    assert '"team": "core", "passes": 2' in out.getvalue()



def test_users_and_teams_list_say_what_each_used_today(tmp_path: Path, store_flag: list[str]) -> None:
    """`users list` and `teams list` show beside each budget what was used today (UTC), as the budget counts
    it: a pass of yesterday leaves it, one of unknown cost marks it `+`, and no pass is `-` (issue 39 #10)."""

    async def record() -> None:
        now = time.time()
        async with open_store(tmp_path, url=store_flag[1] if store_flag else None) as store:
            people = SqlPeopleStore(store)
            await people.add_user("alice", "core")
            await people.add_user("bob", None)
            for n, (started, cost) in enumerate([(now - 1, 0.0125), (now - 1, None), (now - 2 * 86400, 5.0)]):
                await store.record_pass(PassRecord(
                    model_call_id=f"r{n}:1", request_id=f"r{n}", conversation_id="c", model="m", status="completed",
                    started_at=started, duration_ms=100, usage=Usage(1000, 234), cost_usd=cost, user="alice",
                    team="core"))

    trio.run(record)

    def listing(what: str) -> list[str]:
        done = subprocess.run([*cursord_command(what, "list", "--data-dir", str(tmp_path), *store_flag)],
                              capture_output=True, text=True, check=False, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    users = listing("users")
    assert "USED TODAY (UTC)" in users[0]
    assert "2,468 tokens, $0.0125+" in users[1] and users[1].startswith("alice")
    assert users[2].split()[:5] == ["bob", "-", "no", "budget", "-"]
    assert listing("teams")[1].split() == ["core", "alice", "no", "budget", "2,468", "tokens,", "$0.0125+"]


def test_users_is_a_cursord_command() -> None:
    done = subprocess.run([sys.executable, "-m", "cursord", "users", "--help"], capture_output=True, text=True)
    assert done.returncode == 0
    assert all(f"    {action} " in done.stdout for action in ("add", "list", "remove", "budget"))


async def test_two_real_daemons_a_developers_cursord_in_front_of_a_team_gateway(tmp_path: Path) -> None:
    """`cursord serve --team-gateway` and `cursord serve --gateway URL --gateway-token-file PATH` as real
    processes: a whole turn from the editor's side of the developer's daemon, recorded as the user's."""
    gateway_dir, local_dir = tmp_path / "gateway", tmp_path / "local"
    added = await trio.run_process(
        cursord_command("users", "add", "dev", "--team", "core", "--data-dir", str(gateway_dir)), capture_stdout=True
    )
    token_file = tmp_path / "token"
    token_file.write_bytes(added.stdout)
    token_file.chmod(0o600)
    async with open_fake_provider(Reply.sse(chat_text("Served by the team."))) as fake:
        command, env = serve_fake(fake, gateway_dir, "m1", "--team-gateway")
        with trio.fail_after(60):
            async with running_cursord(command, env) as gateway:
                local_command = cursord_command(
                    "serve", "--listen", "127.0.0.1:0", "--proxy-listen", "127.0.0.1:0", "--agent-listen", "off",
                    "--data-dir", str(local_dir), "--gateway", f"http://{gateway.listen}",
                    "--gateway-token-file", str(token_file),
                )
                async with running_cursord(local_command, env) as local:
                    async with local.editor(http2=False) as editor:
                        await editor.append("r1", run_request("hello team", model="m1"))
                        async with editor.run_sse("r1") as reader:
                            messages = await reader.read_to_end()
                            assert reader.error is None
                    assert await local.stop() == 0, local.log.decode()
                text = "".join(m.interaction_update.text_delta.text for m in messages)
                assert text == "Served by the team."
                assert await gateway.stop() == 0, gateway.log.decode()
    usage = await trio.run_process(
        cursord_command("usage", "--by", "user", "--json", "--data-dir", str(gateway_dir)), capture_stdout=True
    )
    assert b'"user": "dev", "passes": 1' in usage.stdout
