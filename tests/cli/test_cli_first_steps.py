"""The first commands a new user runs, as processes: `ca init` on a fresh machine, `ui` with no daemon,
and every command finding the daemon's configuration without flags."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

from cursord.tap import ensure_tap_token


def cursord(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cursord", *args],
        env=dict(os.environ) if env is None else env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def test_ca_init_creates_the_data_dir_private(tmp_path: Path) -> None:
    data_dir = tmp_path / "fresh" / "cursord"
    result = cursord("ca", "init", "--data-dir", str(data_dir))
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE((data_dir / "ca").stat().st_mode) == 0o700


def test_a_file_given_as_the_data_dir_is_named_as_such_by_every_command(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a directory\n")
    for command in (("serve", "--provider", "openai"), ("status",), ("ca", "init"), ("editor", "status")):
        result = cursord(*command, "--data-dir", str(a_file))
        assert result.returncode in (1, 2), (command, result.stderr)
        assert result.stderr == f"cursord: --data-dir: {str(a_file)!r} is a file, not a directory; give a directory" \
                                " (it is made if missing)\n", command
    assert a_file.read_text() == "not a directory\n"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_ui_without_a_daemon_says_so_and_prints_no_link(tmp_path: Path) -> None:
    ensure_tap_token(tmp_path)
    result = cursord("ui", "--data-dir", str(tmp_path), "--listen", f"127.0.0.1:{closed_port()}")
    assert result.returncode == 1
    assert "no daemon is listening" in result.stderr
    assert "/ui/login" not in result.stdout + result.stderr


def test_ui_with_a_daemon_listening_prints_the_link(tmp_path: Path) -> None:
    ensure_tap_token(tmp_path)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        result = cursord("ui", "--data-dir", str(tmp_path), "--listen", f"127.0.0.1:{port}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"http://127.0.0.1:{port}/ui/login?code=")



def test_ui_open_without_a_browser_prints_the_link_before_saying_so(tmp_path: Path) -> None:
    """`ui --open` with no browser to open says "open the link above yourself": on a terminal, or one log of both
    streams, the link was printed after that line (stdout, buffered, came out at the exit)."""
    ensure_tap_token(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PYTHONUNBUFFERED")}
    env["BROWSER"] = "false"  # webbrowser runs it, and it fails
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "cursord", "ui", "--open", "--data-dir", str(tmp_path),
                               "--listen", f"127.0.0.1:{port}"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stdout
    link, complaint = done.stdout.splitlines()
    assert link.startswith(f"http://127.0.0.1:{port}/ui/login?code=")
    assert complaint == "cursord: could not open a browser; open the link above yourself"



def test_config_check_warns_of_a_plain_http_gateway_only_off_this_machine(tmp_path: Path) -> None:
    """A gateway on loopback (a tunnel, a test) is not reached over a network: no plain-HTTP warning for it
    (issue 39 #10), while one across the network keeps it."""
    token = tmp_path / "token"
    token.write_text("t\n")
    env = {**os.environ, "CURSORD_CONFIG": "", "OPENAI_API_KEY": "k"}

    def check(gateway: str) -> str:
        done = cursord("config", "check", "--provider", "openai", "--data-dir", str(tmp_path / "data"),
                       "--gateway", gateway, "--gateway-token-file", str(token), env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout + done.stderr

    assert "plain HTTP" not in check("http://127.0.0.1:9000")
    assert "plain HTTP" not in check("http://localhost:9000")
    assert "warning: gateway http://10.0.0.5:9000 is plain HTTP" in check("http://10.0.0.5:9000")


def home_env(home: Path) -> dict[str, str]:
    """A user whose home is `home`, with no key in the process environment and the default config file."""
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "CURSORD_CONFIG")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"), XDG_CONFIG_HOME=str(home / ".config"))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def test_after_service_install_every_command_reads_the_services_config_and_keys(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = home_env(home)
    installed = cursord("service", "install", "--no-systemctl", env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    config_dir = home / ".config" / "cursord"
    env_file = config_dir / "cursord.env"
    env_file.write_text(env_file.read_text().replace("OPENAI_API_KEY=\n", "OPENAI_API_KEY=sk-from-the-env-file\n"))
    config_file = config_dir / "cursord.toml"
    config_file.write_text(config_file.read_text().replace('listen = "127.0.0.1:8765"', 'listen = "127.0.0.1:9876"'))

    checked = cursord("config", "check", env=env)
    assert checked.returncode == 0, checked.stderr
    assert 'listen = "127.0.0.1:9876"' in checked.stdout
    assert f"DEBUG cursord: config file: {config_file}; key file: {env_file}\n" not in checked.stderr
    verbose = cursord("-v", "config", "check", env=env)  # which files a command read, when asked
    assert f"DEBUG cursord: config file: {config_file}; key file: {env_file}\n" in verbose.stderr, verbose.stderr
    assert "api.openai.com" in checked.stdout
    assert "OPENAI_API_KEY is not set" not in checked.stderr  # read from cursord.env
    assert "ANTHROPIC_API_KEY is not set" in checked.stderr  # left empty there
    assert "sk-from-the-env-file" not in checked.stdout + checked.stderr

    # The commands that find the daemon look where the config file says it listens.
    ensure_tap_token(home / ".local" / "share" / "cursord")
    ui = cursord("ui", env=env)
    assert "127.0.0.1:9876" in ui.stderr, ui.stderr
    # And `--config` elsewhere reads the key file beside that file.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "cursord.toml").write_text('[[providers]]\npreset = "openai"\n')
    (elsewhere / "cursord.env").write_text("# keys\nexport OPENAI_API_KEY='sk-beside'\n")
    beside = cursord("config", "check", "--config", str(elsewhere / "cursord.toml"), env=env)
    assert beside.returncode == 0 and "is not set" not in beside.stderr, beside.stderr
    unread = cursord("--verbose", "config", "check", "--config", str(elsewhere / "cursord.toml"), env={
        **env, "HOME": str(tmp_path / "nobody")})
    assert f"key file: {elsewhere / 'cursord.env'}\n" in unread.stderr, unread.stderr
    (elsewhere / "cursord.env").unlink()
    absent = cursord("-v", "usage", "--data-dir", str(tmp_path / "d"), env={**env, "HOME": str(tmp_path / "nobody")})
    missing = tmp_path / "nobody" / ".config" / "cursord" / "cursord.env"
    said = f"DEBUG cursord: config file: none (flags and defaults); key file: none ({missing} is absent)\n"
    assert said in absent.stderr, absent.stderr


def test_ca_and_editor_use_the_config_files_data_dir(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".config" / "cursord").mkdir(parents=True)
    data_dir = tmp_path / "elsewhere-data"
    (home / ".config" / "cursord" / "cursord.toml").write_text(f'data_dir = "{data_dir}"\n')
    result = cursord("ca", "init", env=home_env(home))
    assert result.returncode == 0, result.stderr
    assert (data_dir / "ca" / "cursord-ca.pem").is_file()
