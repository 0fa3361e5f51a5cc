"""cursord.cli.service and systemd/: install/uninstall into a temp HOME, file modes, the unit's validity."""

from __future__ import annotations

import os
import plistlib
import shutil
import stat
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from cursord.cli import launchd
from cursord.cli.main import build_parser, service_command
from cursord.cli.service import (
    ENV_TEMPLATE,
    STARTER_CONFIG,
    UNIT_TEMPLATE,
    RunResult,
    ServicePaths,
    default_executable,
    install,
    render_unit,
    run_command,
    uninstall,
)
from cursord.config import LogLevel, load_config_file

REPO = Path(__file__).resolve().parents[2]


#: what `install` asks first (a user manager to talk to); the fake answers it apart from the recorded calls
SESSION_CHECK = ["systemctl", "--user", "show-environment"]


class FakeSystemctl:
    def __init__(self, fail_on: str | None = None) -> None:
        self.calls: list[list[str]] = []
        self.fail_on = fail_on

    def __call__(self, args: Sequence[str]) -> RunResult:
        if list(args) == SESSION_CHECK:
            return RunResult(0, "HOME=/home/me")
        self.calls.append(list(args))
        if self.fail_on is not None and self.fail_on in args:
            return RunResult(1, f"Failed to {self.fail_on}: Unit cursord.service not found.")
        return RunResult(0, "")


def fake_executable(directory: Path, name: str = "cursord") -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    exe = directory / name
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    return exe


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def give_key(home: Path, line: str = "OPENAI_API_KEY=sk-mine\n") -> None:
    """The key file as a user leaves it after filling in a key (before or after a first install)."""
    paths = ServicePaths.for_home(home)
    paths.config_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    paths.env_file.write_text(line)
    paths.env_file.chmod(0o600)


def test_install_writes_everything_and_runs_systemctl(home: Path, tmp_path: Path) -> None:
    exe = fake_executable(tmp_path / "bin")
    runner = FakeSystemctl()
    report = install(home, exe, run_systemctl=True, runner=runner)
    assert report.ok, str(report)
    paths = ServicePaths.for_home(home)
    assert paths.unit_file == home / ".config/systemd/user/cursord.service"
    unit = paths.unit_file.read_text()
    assert unit == render_unit(exe)
    assert f"ExecStart={exe} serve --config %h/.config/cursord/cursord.toml\n" in unit
    assert paths.env_file.read_text() == ENV_TEMPLATE
    assert mode(paths.env_file) == 0o600
    assert mode(paths.config_dir) == 0o700
    assert paths.config_file.read_text() == STARTER_CONFIG
    assert paths.data_dir.is_dir()  # the unit's ReadWritePaths must exist or the start fails
    # No key yet: enabled, not started (it would only fail every run).
    assert runner.calls == [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "cursord.service"],
    ]
    text = str(report)
    assert f"wrote unit {paths.unit_file}" in text
    assert f"created {paths.env_file} (mode 0600)" in text
    assert (f"NOT STARTED: no provider has its key yet: set ANTHROPIC_API_KEY, OPENAI_API_KEY (one is enough) in"
            f" {paths.env_file}; then: systemctl --user start cursord.service") in text
    assert "systemctl --user reload cursord" in text
    assert "journalctl --user -u cursord.service" in text


def test_install_is_idempotent_and_never_overwrites_keys_or_config(home: Path, tmp_path: Path) -> None:
    exe = fake_executable(tmp_path / "bin")
    install(home, exe, runner=FakeSystemctl())
    paths = ServicePaths.for_home(home)
    paths.env_file.write_text("OPENAI_API_KEY=sk-mine\n")
    config = 'log_level = "debug"\n[[providers]]\npreset = "openai"\n'
    paths.config_file.write_text(config)
    runner = FakeSystemctl()
    report = install(home, exe, runner=runner)
    assert report.ok
    assert paths.env_file.read_text() == "OPENAI_API_KEY=sk-mine\n"
    assert paths.config_file.read_text() == config
    assert mode(paths.env_file) == 0o600
    text = str(report)
    assert "is up to date" in text
    assert f"kept existing {paths.env_file}" in text
    assert f"kept existing {paths.config_file}" in text
    assert "WARNING" not in text
    assert runner.calls == [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", "cursord.service"],
    ]


def test_reinstall_with_a_new_executable_updates_and_restarts(home: Path, tmp_path: Path) -> None:
    give_key(home)
    install(home, fake_executable(tmp_path / "old"), runner=FakeSystemctl())
    new = fake_executable(tmp_path / "new")
    runner = FakeSystemctl()
    report = install(home, new, runner=runner)
    assert "updated unit" in str(report)
    assert ServicePaths.for_home(home).unit_file.read_text() == render_unit(new)
    assert runner.calls[-1] == ["systemctl", "--user", "try-restart", "cursord.service"]


def test_install_fixes_an_open_key_file(home: Path, tmp_path: Path) -> None:
    paths = ServicePaths.for_home(home)
    paths.config_dir.mkdir(parents=True)
    paths.env_file.write_text("ANTHROPIC_API_KEY=sk-ant\n")
    paths.env_file.chmod(0o644)
    report = install(home, fake_executable(tmp_path / "bin"), runner=FakeSystemctl())
    assert report.ok
    assert mode(paths.env_file) == 0o600
    assert paths.env_file.read_text() == "ANTHROPIC_API_KEY=sk-ant\n"
    assert "WARNING" in str(report) and "(mode 0644); changed it to 0600" in str(report)


def test_install_refuses_a_non_file_key_path(home: Path, tmp_path: Path) -> None:
    ServicePaths.for_home(home).env_file.mkdir(parents=True)
    report = install(home, fake_executable(tmp_path / "bin"), runner=FakeSystemctl())
    assert not report.ok
    assert "is not a regular file" in str(report)


def test_install_does_not_follow_a_dangling_key_symlink(home: Path, tmp_path: Path) -> None:
    paths = ServicePaths.for_home(home)
    paths.config_dir.mkdir(parents=True)
    target = tmp_path / "elsewhere.env"
    paths.env_file.symlink_to(target)
    report = install(home, fake_executable(tmp_path / "bin"), runner=FakeSystemctl())
    assert not report.ok
    assert "is a symlink to a missing file" in str(report)
    assert not target.exists()  # no file created through the link


@pytest.mark.parametrize("bad", ["relative/cursord", "/nonexistent/cursord", "not-executable"])
def test_install_rejects_bad_executables(home: Path, tmp_path: Path, bad: str) -> None:
    if bad == "not-executable":
        exe = tmp_path / "cursord"
        exe.write_text("")
        exe.chmod(0o644)
    else:
        exe = Path(bad)
    runner = FakeSystemctl()
    report = install(home, exe, runner=runner)
    assert not report.ok
    assert "nothing installed" in str(report)
    assert runner.calls == []
    assert not (home / ".config").exists()


def test_systemctl_failure_stops_and_reports(home: Path, tmp_path: Path) -> None:
    give_key(home)
    runner = FakeSystemctl(fail_on="enable")
    report = install(home, fake_executable(tmp_path / "bin"), runner=runner)
    assert not report.ok
    assert "FAILED: systemctl --user enable --now cursord.service exited with 1: Failed to enable" in str(report)
    assert len(runner.calls) == 2


def test_install_without_systemctl_prints_the_commands(home: Path, tmp_path: Path) -> None:
    give_key(home)
    runner = FakeSystemctl()
    report = install(home, fake_executable(tmp_path / "bin"), run_systemctl=False, runner=runner)
    assert report.ok
    assert runner.calls == []
    assert ("systemctl --user daemon-reload && systemctl --user enable --now cursord.service") in str(report)


def test_exec_start_quotes_awkward_paths(home: Path, tmp_path: Path) -> None:
    exe = fake_executable(tmp_path / "my tools 100%", "cursord")
    unit = render_unit(exe)
    quoted = '"' + str(exe).replace("%", "%%") + '"'
    assert f"ExecStart={quoted} serve --config" in unit


def test_uninstall_keeps_config_and_data(home: Path, tmp_path: Path) -> None:
    install(home, fake_executable(tmp_path / "bin"), runner=FakeSystemctl())
    paths = ServicePaths.for_home(home)
    runner = FakeSystemctl()
    report = uninstall(home, runner=runner)
    assert report.ok
    assert not paths.unit_file.exists()
    assert paths.env_file.exists() and paths.config_file.exists() and paths.data_dir.is_dir()
    assert runner.calls == [
        ["systemctl", "--user", "disable", "--now", "cursord.service"],
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "reset-failed", "cursord.service"],
    ]
    assert f"removed {paths.unit_file}" in str(report)
    assert f"kept {paths.config_dir} (settings and API keys) and {paths.data_dir} (data)" in str(report)


def test_uninstall_when_not_installed(home: Path) -> None:
    runner = FakeSystemctl(fail_on="disable")
    report = uninstall(home, runner=runner)
    assert report.ok  # nothing to disable is fine
    assert "no unit at" in str(report)
    assert "note: systemctl --user disable --now cursord.service exited with 1" in str(report)


def test_uninstall_without_systemctl(home: Path, tmp_path: Path) -> None:
    install(home, fake_executable(tmp_path / "bin"), run_systemctl=False)
    runner = FakeSystemctl()
    report = uninstall(home, run_systemctl=False, runner=runner)
    assert runner.calls == []
    assert not ServicePaths.for_home(home).unit_file.exists()
    assert "systemctl --user disable --now cursord.service" in str(report)


def test_starter_config_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "cursord.toml"
    path.write_text(STARTER_CONFIG)
    config = load_config_file(path, {"HOME": str(tmp_path)})
    assert [p.name for p in config.providers] == ["openai", "anthropic"]
    assert config.log_level is LogLevel.INFO
    assert str(config.listen) == "127.0.0.1:8765"


def test_repository_files_match_what_install_writes(home: Path) -> None:
    """The repository's unit is the one `service install` writes for a pipx-style `~/.local/bin/cursord`, but
    for the executable's path: install writes the absolute path of the one it found, the repository's copy
    `%h/.local/bin/cursord`."""
    exe = fake_executable(home / ".local" / "bin")
    assert install(home, exe, run_systemctl=False).ok
    written = ServicePaths.for_home(home).unit_file.read_text()
    repository = (REPO / "systemd/cursord.service").read_text()
    assert written == repository.replace("ExecStart=%h/.local/bin/cursord ", f"ExecStart={exe} ")
    assert ServicePaths.for_home(home).env_file.read_text() == (REPO / "systemd/cursord.env.example").read_text()


def test_run_command(tmp_path: Path) -> None:
    assert run_command(["/nonexistent/systemctl", "--user"]) == RunResult(
        127, "/nonexistent/systemctl: command not found"
    )
    done = run_command([sys.executable, "-c", "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"])
    assert done == RunResult(3, "out\nerr")


def test_default_executable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exe = fake_executable(tmp_path / "bin")
    assert default_executable(str(exe)) == exe
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert default_executable("/usr/bin/python3") == exe
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert default_executable("python3") is None


# --- is the unit valid? ------------------------------------------------------------------------------

# Directive names systemd 252+ accepts, per section (a subset, broad enough to catch typos).
KNOWN_KEYS = {
    "Unit": {
        "Description", "Documentation", "Wants", "Requires", "After", "Before", "BindsTo", "PartOf",
        "Conflicts", "ConditionPathExists", "AssertPathExists", "StartLimitIntervalSec", "StartLimitBurst",
        "StartLimitAction", "OnFailure", "DefaultDependencies",
    },
    "Service": {
        "Type", "ExecStart", "ExecStartPre", "ExecStartPost", "ExecReload", "ExecStop", "ExecStopPost",
        "Restart", "RestartSec", "TimeoutStartSec", "TimeoutStopSec", "TimeoutSec", "WatchdogSec",
        "NotifyAccess", "KillMode", "KillSignal", "SuccessExitStatus", "RestartPreventExitStatus",
        "Environment", "EnvironmentFile", "WorkingDirectory", "UMask", "NoNewPrivileges", "PrivateTmp",
        "PrivateDevices", "PrivateUsers", "PrivateNetwork", "ProtectSystem", "ProtectHome", "ReadWritePaths",
        "ReadOnlyPaths", "InaccessiblePaths", "LockPersonality", "MemoryDenyWriteExecute",
        "RestrictAddressFamilies", "RestrictNamespaces", "RestrictRealtime", "RestrictSUIDSGID",
        "SystemCallArchitectures", "SystemCallFilter", "ProtectKernelTunables", "ProtectKernelModules",
        "ProtectControlGroups", "ProtectClock", "ProtectHostname", "CapabilityBoundingSet", "StandardOutput",
        "StandardError", "SyslogIdentifier", "LimitNOFILE", "MemoryMax", "TasksMax", "Nice",
    },
    "Install": {"WantedBy", "RequiredBy", "Alias", "Also", "DefaultInstance"},
}


def parse_unit(text: str) -> dict[str, list[tuple[str, str]]]:
    """systemd's unit syntax, loosely: sections, `Key=value`, comments; repeated keys allowed."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        key, eq, value = line.partition("=")
        assert eq and current is not None, f"line {number}: {raw!r} is not Key=value inside a section"
        assert not raw.endswith("\\"), f"line {number}: no continuation lines expected"
        current.append((key.strip(), value.strip()))
    return sections


def test_unit_keys_are_known_and_values_as_designed() -> None:
    sections = parse_unit(render_unit(Path("/usr/local/bin/cursord")))
    assert set(sections) == {"Unit", "Service", "Install"}
    for section, items in sections.items():
        unknown = [key for key, _ in items if key not in KNOWN_KEYS[section]]
        assert unknown == [], f"[{section}] has unknown keys {unknown}"
    service = dict(sections["Service"])
    assert service["Type"] == "notify"
    assert service["ExecStart"] == "/usr/local/bin/cursord serve --config %h/.config/cursord/cursord.toml"
    assert service["EnvironmentFile"] == "-%h/.config/cursord/cursord.env"
    assert (service["Restart"], service["RestartSec"], service["WatchdogSec"], service["TimeoutStopSec"]) == (
        "on-failure", "2", "30", "15"
    )
    assert service["ProtectSystem"] == "strict"
    assert service["ProtectHome"] == "read-only"
    assert service["ReadWritePaths"] == "%h/.local/share/cursord"
    assert service["RestrictAddressFamilies"].split() == ["AF_UNIX", "AF_INET", "AF_INET6"]
    for flag in ("NoNewPrivileges", "PrivateTmp", "LockPersonality", "MemoryDenyWriteExecute"):
        assert service[flag] == "yes", flag
    assert dict(sections["Install"])["WantedBy"] == "default.target"


def test_unit_parser_catches_a_typo() -> None:
    sections = parse_unit(render_unit(Path("/x")).replace("WatchdogSec=", "WatchDogSec="))
    assert [k for k, _ in sections["Service"] if k not in KNOWN_KEYS["Service"]] == ["WatchDogSec"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_analyze_verify(home: Path, tmp_path: Path) -> None:
    exe = fake_executable(tmp_path / "bin")
    unit = tmp_path / "cursord.service"
    unit.write_text(render_unit(exe))
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    # --user needs a runtime directory; HOME resolves %h.
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "HOME": str(home), "SYSTEMD_LOG_COLOR": "0"}
    done = subprocess.run(["systemd-analyze", "verify", "--user", str(unit)], capture_output=True, text=True,
                          env=env, timeout=60, check=False)
    complaints = [line for line in (done.stdout + done.stderr).splitlines() if "cursord.service" in line]
    assert done.returncode == 0, done.stderr
    assert complaints == []  # unknown keys are only warnings, so look at the output too


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_analyze_verify_would_catch_a_bad_key(home: Path, tmp_path: Path) -> None:
    unit = tmp_path / "cursord.service"
    unit.write_text(render_unit(fake_executable(tmp_path / "bin")).replace("WatchdogSec=", "WatchDogSec="))
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "HOME": str(home), "SYSTEMD_LOG_COLOR": "0"}
    done = subprocess.run(["systemd-analyze", "verify", "--user", str(unit)], capture_output=True, text=True,
                          env=env, timeout=60, check=False)
    assert "Unknown key 'WatchDogSec'" in done.stdout + done.stderr


def test_unit_raises_the_file_descriptor_limit() -> None:
    # Issue 17 #4: the default soft limit of 1024 descriptors was exhausted by idle connections.
    assert "\nLimitNOFILE=65536\n" in UNIT_TEMPLATE


def test_a_provider_without_a_key_variable_is_ready_at_once(home: Path, tmp_path: Path) -> None:
    paths = ServicePaths.for_home(home)
    paths.config_dir.mkdir(parents=True)
    paths.config_file.write_text('[[providers]]\nkind = "openai-chat"\nname = "ollama"\n'
                                 'base_url = "http://127.0.0.1:11434/v1"\nmodels = ["qwen"]\n')
    runner = FakeSystemctl()
    report = install(home, fake_executable(tmp_path / "bin"), runner=runner)
    assert ["systemctl", "--user", "enable", "--now", "cursord.service"] in runner.calls
    assert "NOT STARTED" not in str(report)


def test_a_config_that_does_not_load_is_not_started_and_says_why(home: Path, tmp_path: Path) -> None:
    give_key(home)
    ServicePaths.for_home(home).config_file.write_text("listen = 'nowhere'\n")
    report = install(home, fake_executable(tmp_path / "bin"), runner=FakeSystemctl())
    assert "NOT STARTED: its configuration does not load:" in str(report) and "listen" in str(report)


def test_install_without_systemd_says_so_and_writes_nothing(home: Path, tmp_path: Path) -> None:
    runner = FakeSystemctl()
    report = install(home, fake_executable(tmp_path / "bin"), runner=runner, which=lambda name: None)
    assert not report.ok and runner.calls == []
    assert "systemd is not available here (no systemctl): nothing installed" in str(report)
    assert not (home / ".config").exists()


def test_install_without_a_user_session_says_why_and_writes_nothing(home: Path, tmp_path: Path) -> None:
    calls: list[list[str]] = []

    def no_bus(args: Sequence[str]) -> RunResult:
        calls.append(list(args))
        return RunResult(1, "Failed to connect to bus: No medium found")

    report = install(home, fake_executable(tmp_path / "bin"), runner=no_bus, which=lambda name: "/usr/bin/" + name)
    assert not report.ok and calls == [SESSION_CHECK]
    assert len(report.messages) == 1
    assert "systemd has no user session here (systemctl --user: Failed to connect to bus: No medium found)" in str(
        report)
    assert "loginctl enable-linger $USER" in str(report) and "--no-systemctl" in str(report)
    assert not (home / ".config").exists() and not (home / ".local").exists()


def test_service_install_without_a_user_bus_is_one_sentence_and_writes_nothing(home: Path, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "cursord").symlink_to(Path(sys.executable).parent / "cursord")
    systemctl = bin_dir / "systemctl"  # as in a container: the program is there, the user manager is not
    systemctl.write_text("#!/bin/sh\necho 'Failed to connect to bus: No medium found' >&2\nexit 1\n")
    systemctl.chmod(0o755)
    env = {**os.environ, "HOME": str(home), "PATH": str(bin_dir)}
    result = subprocess.run([str(bin_dir / "cursord"), "service", "install"], env=env, capture_output=True,
                            text=True, check=False, timeout=60)
    assert result.returncode == 1
    assert result.stdout.count("\n") == 1 and "systemd has no user session here" in result.stdout
    assert "Traceback" not in result.stderr
    assert list(home.iterdir()) == []


def test_service_install_without_systemctl_on_path_is_one_clear_message(home: Path, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "cursord").symlink_to(Path(sys.executable).parent / "cursord")
    env = {**os.environ, "HOME": str(home), "PATH": str(bin_dir)}
    result = subprocess.run([str(bin_dir / "cursord"), "service", "install"], env=env, capture_output=True,
                            text=True, check=False, timeout=60)
    assert result.returncode == 1
    assert "systemd is not available here" in result.stdout and "command not found" not in result.stdout
    assert "Traceback" not in result.stderr


def test_the_unit_reloads_with_sighup() -> None:
    service = dict(parse_unit(render_unit(Path("/usr/local/bin/cursord")))["Service"])
    assert service["ExecReload"] == "/bin/kill -HUP $MAINPID"


# ---- launchd (macOS) ---------------------------------------------------------------------------------


def test_the_launchd_agent_runs_serve_with_the_shared_config(home: Path, tmp_path: Path) -> None:
    exe = fake_executable(tmp_path / "bin")
    agent = plistlib.loads(launchd.render_plist(exe, home))
    assert agent["Label"] == "dev.cursord"
    assert agent["ProgramArguments"] == [str(exe), "serve", "--config", str(home / ".config/cursord/cursord.toml")]
    assert agent["RunAtLoad"] is True and agent["KeepAlive"] == {"SuccessfulExit": False}
    assert agent["StandardErrorPath"] == str(home / "Library/Logs/cursord.log")
    assert agent["Umask"] == 0o077


def test_launchd_install_loads_the_agent_only_once_a_key_is_set(home: Path, tmp_path: Path) -> None:
    exe = fake_executable(tmp_path / "bin")
    runner = FakeSystemctl()
    report = launchd.install(home, exe, runner=runner, uid=501)
    plist = home / "Library/LaunchAgents/dev.cursord.plist"
    assert plistlib.loads(plist.read_bytes())["Label"] == "dev.cursord"
    assert mode(ServicePaths.for_home(home).env_file) == 0o600
    assert runner.calls == [["launchctl", "bootout", "gui/501/dev.cursord"]]
    assert "NOT STARTED: no provider has its key yet" in str(report)
    assert f"then: launchctl bootstrap gui/501 {plist}" in str(report)

    give_key(home)
    runner = FakeSystemctl(fail_on="bootout")  # not loaded yet: fine
    report = launchd.install(home, exe, runner=runner, uid=501)
    assert report.ok, str(report)
    assert runner.calls[-1] == ["launchctl", "bootstrap", "gui/501", str(plist)]
    assert "launchctl kill SIGHUP gui/501/dev.cursord" in str(report)

    runner = FakeSystemctl()
    report = launchd.uninstall(home, runner=runner, uid=501)
    assert runner.calls == [["launchctl", "bootout", "gui/501/dev.cursord"]]
    assert not plist.exists() and ServicePaths.for_home(home).env_file.exists()


def test_service_install_on_macos_writes_a_launchd_agent(home: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    give_key(home)
    monkeypatch.setattr("cursord.cli.service.default_executable", lambda: fake_executable(tmp_path / "bin"))
    args = build_parser().parse_args(["service", "install", "--no-systemctl"])
    assert service_command(args, {"HOME": str(home)}, platform="darwin") == 0
    assert (home / "Library/LaunchAgents/dev.cursord.plist").is_file()
    assert not ServicePaths.for_home(home).unit_file.exists()
