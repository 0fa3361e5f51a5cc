"""Install and remove cursord as a launchd agent (macOS): the systemd unit's counterpart.

The agent runs `cursord serve --config ~/.config/cursord/cursord.toml`; launchd has no environment file,
so the keys come from `cursord.env` beside the config file, which `serve` reads itself
(`cursord.config._locations`). The key file, starter config and data directory are the systemd
service's (`cursord.cli.service.write_settings`), so the same documented steps hold on both systems.
`launchctl bootstrap` loads and starts the agent only once a provider has its key; `launchctl kill
SIGHUP` reloads providers and keys. Commands run through an injectable `Runner`.
"""

from __future__ import annotations

import os
import plistlib
import shlex
from pathlib import Path
from typing import Final

from cursord.cli.service import (
    Runner,
    ServicePaths,
    ServiceReport,
    missing_keys,
    run_command,
    run_reported,
    write_settings,
)

__all__ = ["LABEL", "install", "plist_path", "render_plist", "uninstall"]

LABEL: Final = "dev.cursord"


def plist_path(home: Path) -> Path:
    return home / "Library" / "LaunchAgents" / f"{LABEL}.plist"


def render_plist(executable: Path, home: Path) -> bytes:
    """The agent's property list for `executable` (an absolute path) and the user whose home is `home`."""
    paths = ServicePaths.for_home(home)
    log = str(home / "Library" / "Logs" / "cursord.log")
    return plistlib.dumps({
        "Label": LABEL,
        "ProgramArguments": [str(executable), "serve", "--config", str(paths.config_file)],
        "RunAtLoad": True,
        # Restarted when it fails, not after a clean stop (launchctl kill TERM, or a logout).
        "KeepAlive": {"SuccessfulExit": False},
        "ThrottleInterval": 5,
        "ProcessType": "Interactive",
        "Umask": 0o077,
        "EnvironmentVariables": {"PYTHONDONTWRITEBYTECODE": "1"},
        "StandardOutPath": log,
        "StandardErrorPath": log,
        "WorkingDirectory": str(home),
    })


def install(
    home: Path, executable: Path, run_launchctl: bool = True, runner: Runner = run_command, uid: int | None = None
) -> ServiceReport:
    """Write the agent and the settings, and load it with launchctl once a provider has its key."""
    if not executable.is_absolute() or not executable.is_file() or not os.access(executable, os.X_OK):
        return ServiceReport(False, (f"{executable} is not an executable file given by absolute path;"
                                     " nothing installed",))
    paths, plist = ServicePaths.for_home(home), plist_path(home)
    domain = f"gui/{os.getuid() if uid is None else uid}"
    messages: list[str] = []
    plist.parent.mkdir(parents=True, exist_ok=True)
    plist.write_bytes(render_plist(executable, home))
    messages.append(f"wrote launchd agent {plist} (runs {executable})")
    if not write_settings(paths, messages):
        return ServiceReport(False, tuple(messages))
    not_ready = missing_keys(paths, home)
    load = ["launchctl", "bootstrap", domain, str(plist)]
    ok = True
    if run_launchctl:
        # A loaded agent keeps its old definition until it is booted out; not loaded is fine.
        run_reported(runner, messages, ["launchctl", "bootout", f"{domain}/{LABEL}"], required=False)
        if not not_ready:
            ok = run_reported(runner, messages, load)
    elif not not_ready:
        messages.append(f"did not run launchctl; to start the agent run: {shlex.join(load)}")
    if not_ready:
        messages.append(f"NOT STARTED: {not_ready}; then: {shlex.join(load)}")
    if ok:
        messages.append(f"after editing cursord.env or the providers in cursord.toml: launchctl kill SIGHUP"
                        f" {domain}/{LABEL} (other settings: launchctl kickstart -k {domain}/{LABEL})")
        messages.append(f"logs: tail -f {home / 'Library' / 'Logs' / 'cursord.log'}")
    return ServiceReport(ok, tuple(messages))


def uninstall(
    home: Path, run_launchctl: bool = True, runner: Runner = run_command, uid: int | None = None
) -> ServiceReport:
    """Stop and unload the agent and remove its file. Settings, keys and data stay."""
    paths, plist = ServicePaths.for_home(home), plist_path(home)
    domain = f"gui/{os.getuid() if uid is None else uid}"
    messages: list[str] = []
    if run_launchctl:
        run_reported(runner, messages, ["launchctl", "bootout", f"{domain}/{LABEL}"], required=False)
    else:
        messages.append(f"did not run launchctl; run: launchctl bootout {domain}/{LABEL}")
    if plist.exists() or plist.is_symlink():
        plist.unlink()
        messages.append(f"removed {plist}")
    else:
        messages.append(f"no agent at {plist}")
    messages.append(f"kept {paths.config_dir} (settings and API keys) and {paths.data_dir} (data);"
                    " delete them yourself to remove everything")
    return ServiceReport(True, tuple(messages))
