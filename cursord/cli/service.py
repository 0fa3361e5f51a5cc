"""Install and remove cursord as a user service: systemd on Linux, a launchd agent on macOS.

`install` writes the unit (with the real path of the `cursord` executable), creates the key file
`~/.config/cursord/cursord.env` (mode 0600, never overwritten; a too-open mode is fixed, with a
warning), a starter `~/.config/cursord/cursord.toml` and the data directory (the unit's only writable
path), then runs `systemctl --user daemon-reload` and `enable --now`, or only `enable` while no
configured provider has its key yet (the service would start only to fail every run: the report says
to fill in the key file and start it). `uninstall` disables and stops the service and removes the unit,
keeping settings, keys and data. Both return a `ServiceReport` of what they did, for the CLI to print;
neither raises for an expected failure. Without systemd (no `systemctl`) `install` says so and writes
nothing, and so it does when `systemctl --user` has no user manager to reach (a container, WSL, root, SSH
without lingering); on macOS `cursord.cli.launchd` does the same job with `launchctl`.

Paths are fixed under `~/.config` and `~/.local/share` (not `$XDG_*`) because the unit names them
with `%h`, and the unit and the files must agree; every command reads the same config file and key file
when no flag says otherwise (`cursord.config._locations`). Commands run through an injectable `Runner`.
"""

from __future__ import annotations

import os
import shlex
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import attrs

from cursord.config import ConfigError, load_config_file, read_env_file

__all__ = [
    "ENV_TEMPLATE",
    "STARTER_CONFIG",
    "UNIT_NAME",
    "UNIT_TEMPLATE",
    "RunResult",
    "Runner",
    "ServicePaths",
    "ServiceReport",
    "default_executable",
    "find_tool",
    "install",
    "missing_keys",
    "render_unit",
    "run_command",
    "run_reported",
    "uninstall",
    "write_settings",
]

UNIT_NAME: Final = "cursord.service"

# `@EXECUTABLE@` is replaced by the quoted path of the cursord executable. systemd/cursord.service in the
# repository is this template rendered with `%h/.local/bin/cursord` (a test keeps the two equal).
UNIT_TEMPLATE: Final = """\
# cursord, a local stand-in for Cursor's agent backend, as a systemd user service.
# Written by `cursord service install`. Change settings in ~/.config/cursord/cursord.toml, keys in
# ~/.config/cursord/cursord.env, then `systemctl --user reload cursord` (providers and keys) or
# `restart` (anything else); for unit overrides use `systemctl --user edit cursord`.

[Unit]
Description=cursord: the Cursor agent backend on your own LLM keys
StartLimitIntervalSec=60
StartLimitBurst=5

[Service]
Type=notify
ExecStart=@EXECUTABLE@ serve --config %h/.config/cursord/cursord.toml
# `systemctl --user reload cursord`: providers and keys again from cursord.toml and cursord.env.
ExecReload=/bin/kill -HUP $MAINPID
EnvironmentFile=-%h/.config/cursord/cursord.env
Environment=PYTHONDONTWRITEBYTECODE=1
Restart=on-failure
RestartSec=2
TimeoutStopSec=15
WatchdogSec=30
# Every editor connection, provider request and SQLite handle is a file descriptor; the default soft
# limit of 1024 is reached by a few hundred streams plus a burst of idle connections.
LimitNOFILE=65536
UMask=0077

# Sandbox. The home directory is read-only except the data directory: if you move data_dir, add it to
# ReadWritePaths with `systemctl --user edit cursord`. The file-system options need unprivileged user
# namespaces (on by default on most distributions); if the service fails with status 226/NAMESPACE,
# turn off ProtectSystem, ProtectHome and PrivateTmp in an override.
NoNewPrivileges=yes
PrivateTmp=yes
ProtectSystem=strict
ProtectHome=read-only
ReadWritePaths=%h/.local/share/cursord
LockPersonality=yes
MemoryDenyWriteExecute=yes
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
SystemCallArchitectures=native

[Install]
WantedBy=default.target
"""

ENV_TEMPLATE: Final = """\
# API keys for cursord, read by the systemd unit (EnvironmentFile=) and by every cursord command.
# Keep this file mode 0600. One VAR=value per line; a provider's api_key_env names the variable it uses.
# After editing: systemctl --user reload cursord (or start it, the first time).
OPENAI_API_KEY=
ANTHROPIC_API_KEY=
"""

STARTER_CONFIG: Final = """\
# cursord settings, read by the service and by every cursord command. Flags override these;
# `cursord config check` shows the result. API keys are not kept here: each provider names the
# environment variable holding its key, set in cursord.env next to this file. After editing the
# providers: systemctl --user reload cursord; anything else: systemctl --user restart cursord.

listen = "127.0.0.1:8765"
# agent_listen = "127.0.0.1:8767"   # the editor's HTTP/2 agent path (TLS); "off" keeps it on HTTP/1.1
log_level = "info"
# data_dir = "~/.local/share/cursord"   # if you change it, allow it in the unit's ReadWritePaths

# [limits]
# max_streams = 1000
# heartbeat_seconds = 5

# A preset fills in kind, name, base_url, api_key_env and models; any of them can be overridden.
[[providers]]
preset = "openai"

[[providers]]
preset = "anthropic"

# Any OpenAI-compatible server, e.g. a local Ollama (no key):
# [[providers]]
# kind = "openai-chat"
# name = "ollama"
# base_url = "http://127.0.0.1:11434/v1"
# models = ["qwen2.5-coder:7b"]
# context_window = 32768
"""


@attrs.frozen
class RunResult:
    returncode: int
    output: str


Runner = Callable[[Sequence[str]], RunResult]


#: where system tools live that a user's PATH often leaves out (Debian gives users no sbin directory)
_SYSTEM_BIN: Final = os.pathsep.join(("/usr/local/sbin", "/usr/sbin", "/sbin"))


def find_tool(name: str) -> str | None:
    """The path of the program `name`: on PATH, else in the sbin directories (`update-ca-certificates` is in
    /usr/sbin, which a Debian user's PATH lacks, yet `sudo` runs it from there)."""
    return shutil.which(name) or shutil.which(name, path=_SYSTEM_BIN)


def run_command(args: Sequence[str]) -> RunResult:
    """Run a command, capturing its output; a missing program is exit status 127, not an exception. A bare
    program name is looked up as `find_tool` does."""
    program = args[0] if os.sep in args[0] else find_tool(args[0]) or args[0]
    try:
        done = subprocess.run([program, *args[1:]], capture_output=True, text=True, timeout=60, check=False)
    except FileNotFoundError:
        return RunResult(127, f"{args[0]}: command not found")
    except subprocess.TimeoutExpired:
        return RunResult(124, f"{shlex.join(args)}: timed out after 60 s")
    return RunResult(done.returncode, (done.stdout + done.stderr).strip())


@attrs.frozen
class ServicePaths:
    unit_file: Path
    config_dir: Path
    env_file: Path
    config_file: Path
    data_dir: Path

    @classmethod
    def for_home(cls, home: Path) -> ServicePaths:
        config_dir = home / ".config" / "cursord"
        return cls(
            unit_file=home / ".config" / "systemd" / "user" / UNIT_NAME,
            config_dir=config_dir,
            env_file=config_dir / "cursord.env",
            config_file=config_dir / "cursord.toml",
            data_dir=home / ".local" / "share" / "cursord",
        )


@attrs.frozen
class ServiceReport:
    ok: bool
    messages: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.messages)


def _systemd_word(arg: str) -> str:
    """Quote one ExecStart word: escape specifiers (%) and variables ($), quote if needed."""
    escaped = arg.replace("%", "%%").replace("$", "$$")
    if escaped and all(c.isalnum() or c in "/._-+:@%$,=" for c in escaped):
        return escaped
    return '"' + escaped.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_unit(executable: Path) -> str:
    """The unit file text for `executable` (an absolute path)."""
    return UNIT_TEMPLATE.replace("@EXECUTABLE@", _systemd_word(str(executable)))


def default_executable(argv0: str | None = None) -> Path | None:
    """The `cursord` executable to put in the unit: argv[0] if it is one, else `cursord` on PATH.

    The path is made absolute but symlinks are kept (`~/.local/bin/cursord` from pipx is a link that
    survives upgrades; its target need not).
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    if Path(argv0).name == "cursord" and Path(argv0).is_file():
        return Path(os.path.abspath(argv0))
    found = shutil.which("cursord")
    return Path(os.path.abspath(found)) if found else None


def _write_atomic(path: Path, text: str, mode: int) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _create_exclusive(path: Path, text: str, mode: int) -> bool:
    """Create `path` with `mode` unless something (even a dangling symlink) is already there."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    return True


def _systemctl(runner: Runner, messages: list[str], *args: str, required: bool = True) -> bool:
    return run_reported(runner, messages, ["systemctl", "--user", *args], required=required)


def run_reported(runner: Runner, messages: list[str], command: Sequence[str], *, required: bool = True) -> bool:
    """Run `command`, saying in `messages` that it ran or how it failed; False if it failed and is `required`."""
    result = runner(command)
    if result.returncode == 0:
        messages.append(f"ran: {shlex.join(command)}")
        return True
    detail = f": {result.output}" if result.output else ""
    label = "FAILED" if required else "note"
    messages.append(f"{label}: {shlex.join(command)} exited with {result.returncode}{detail}")
    return not required


def write_settings(paths: ServicePaths, messages: list[str]) -> bool:
    """Create the key file (0600), the starter config and the data directory if missing; False (with the
    reason in `messages`) if the key file's path is unusable."""
    paths.config_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    if _create_exclusive(paths.env_file, ENV_TEMPLATE, 0o600):
        messages.append(f"created {paths.env_file} (mode 0600): put your API keys there")
    else:
        try:
            st = os.stat(paths.env_file)
        except FileNotFoundError:
            messages.append(f"FAILED: {paths.env_file} is a symlink to a missing file")
            return False
        if not stat.S_ISREG(st.st_mode):
            messages.append(f"FAILED: {paths.env_file} is not a regular file")
            return False
        if st.st_mode & 0o077:
            os.chmod(paths.env_file, 0o600)
            messages.append(f"WARNING: {paths.env_file} was readable by others"
                            f" (mode {stat.S_IMODE(st.st_mode):04o}); changed it to 0600."
                            " If it held keys, consider rotating them.")
        messages.append(f"kept existing {paths.env_file}")
    if _create_exclusive(paths.config_file, STARTER_CONFIG, 0o644):
        messages.append(f"created {paths.config_file} (providers: openai, anthropic)")
    else:
        messages.append(f"kept existing {paths.config_file}")
    if not paths.data_dir.is_dir():
        paths.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        messages.append(f"created data directory {paths.data_dir}")
    return True


def missing_keys(paths: ServicePaths, home: Path) -> str | None:
    """Why the service cannot serve yet: its config does not load, or no configured provider has its key in
    the key file (a provider without `api_key_env`, such as a local Ollama, needs none); None when it can."""
    try:
        keys = read_env_file(paths.env_file)
        config = load_config_file(paths.config_file, {**keys, "HOME": str(home)})
    except ConfigError as error:
        return f"its configuration does not load: {error}"
    if any(not spec.api_key_env or spec.key_present(keys) for spec in config.providers):
        return None
    wanted = ", ".join(sorted({spec.api_key_env for spec in config.providers if spec.api_key_env}))
    return f"no provider has its key yet: set {wanted} (one is enough) in {paths.env_file}"


def install(
    home: Path,
    executable: Path,
    run_systemctl: bool = True,
    runner: Runner = run_command,
    which: Callable[[str], str | None] = shutil.which,
) -> ServiceReport:
    """Install the user service for `executable` under `home`. Safe to run again (it only refreshes
    the unit and never touches an existing key file or config)."""
    paths = ServicePaths.for_home(home)
    if not executable.is_absolute() or not executable.is_file() or not os.access(executable, os.X_OK):
        return ServiceReport(False, (f"{executable} is not an executable file given by absolute path;"
                                     " nothing installed",))
    if run_systemctl and which("systemctl") is None:
        return ServiceReport(False, (
            "systemd is not available here (no systemctl): nothing installed. Run `cursord serve` under your"
            " own supervisor (it reads ~/.config/cursord/cursord.toml and cursord.env like the service would),"
            " or write the files anyway with --no-systemctl",
        ))
    if run_systemctl and (no_session := _no_user_session(runner)) is not None:
        return ServiceReport(False, (no_session,))
    messages: list[str] = []

    unit = render_unit(executable)
    old_unit = paths.unit_file.read_text(encoding="utf-8") if paths.unit_file.is_file() else None
    paths.unit_file.parent.mkdir(parents=True, exist_ok=True)
    if old_unit == unit:
        messages.append(f"unit {paths.unit_file} is up to date")
    else:
        _write_atomic(paths.unit_file, unit, 0o644)
        messages.append(f"{'updated' if old_unit is not None else 'wrote'} unit {paths.unit_file}"
                        f" (runs {executable})")
    if not write_settings(paths, messages):
        return ServiceReport(False, tuple(messages))

    not_ready = missing_keys(paths, home)
    commands = ["daemon-reload", f"enable {UNIT_NAME}" if not_ready else f"enable --now {UNIT_NAME}"]
    if old_unit is not None and old_unit != unit and not not_ready:
        commands.append(f"try-restart {UNIT_NAME}")
    ok = True
    if run_systemctl:
        for command in commands:
            if not _systemctl(runner, messages, *command.split()):
                ok = False
                break
    else:
        messages.append("did not run systemctl; to start the service run: "
                        + " && ".join(f"systemctl --user {c}" for c in commands))
    if not_ready:
        messages.append(f"NOT STARTED: {not_ready}; then: systemctl --user start {UNIT_NAME}")
    if ok:
        messages.append("after editing cursord.env or the providers in cursord.toml: systemctl --user reload"
                        " cursord (other settings: restart)")
        messages.append(f"logs: journalctl --user -u {UNIT_NAME} -f")
        messages.append("to keep it running while you are logged out: loginctl enable-linger $USER")
    return ServiceReport(ok, tuple(messages))


def _no_user_session(runner: Runner) -> str | None:
    """Why `systemctl --user` cannot work here (no user manager to talk to: a container, WSL, root, SSH
    without lingering), asked before anything is written; None when it can."""
    result = runner(["systemctl", "--user", "show-environment"])
    if result.returncode == 0:
        return None
    cause = result.output.splitlines()[0] if result.output else f"exited with {result.returncode}"
    return (f"systemd has no user session here (systemctl --user: {cause}): nothing installed. Either give"
            " yourself one (`loginctl enable-linger $USER`, or log in on a console or desktop) and run this"
            " again, or write the files with --no-systemctl and run `cursord serve` yourself")


def uninstall(home: Path, run_systemctl: bool = True, runner: Runner = run_command) -> ServiceReport:
    """Disable and stop the service and remove its unit. Settings, keys and data stay."""
    paths = ServicePaths.for_home(home)
    messages: list[str] = []
    ok = True
    if run_systemctl:
        # Not required: the unit may be unknown to systemd already; removing the file is what matters.
        _systemctl(runner, messages, "disable", "--now", UNIT_NAME, required=False)
    if paths.unit_file.exists() or paths.unit_file.is_symlink():
        paths.unit_file.unlink()
        messages.append(f"removed {paths.unit_file}")
    else:
        messages.append(f"no unit at {paths.unit_file}")
    if run_systemctl:
        ok = _systemctl(runner, messages, "daemon-reload")
        _systemctl(runner, messages, "reset-failed", UNIT_NAME, required=False)
    else:
        messages.append(f"did not run systemctl; run: systemctl --user disable --now {UNIT_NAME}"
                        " && systemctl --user daemon-reload")
    dropins = paths.unit_file.with_name(UNIT_NAME + ".d")
    if dropins.is_dir():
        messages.append(f"kept your overrides in {dropins}")
    messages.append(f"kept {paths.config_dir} (settings and API keys) and {paths.data_dir} (data);"
                    " delete them yourself to remove everything")
    return ServiceReport(ok, tuple(messages))
