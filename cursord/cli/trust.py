"""`cursord ca trust` / `ca untrust`: make Cursor trust the local CA in one step (like `mkcert -install`).

Theory of operation. Cursor checks TLS two ways, and a Cursor started from the desktop inherits neither
from a shell: its Node side reads `NODE_EXTRA_CA_CERTS`, and with `http.experimental.systemCertificatesV2`
(`cursord editor setup` sets it) it also trusts the system store. `trust` does both:

- the system store: on Debian-like systems the certificate goes to `/usr/local/share/ca-certificates/`
  and `update-ca-certificates` runs; on Fedora-like systems `/etc/pki/ca-trust/source/anchors/` and
  `update-ca-trust extract`; on macOS `security add-trusted-cert` into the login keychain. The Linux
  steps need root: as another user they run through `sudo` (which asks for the password).
- the desktop environment: on Linux `~/.config/environment.d/cursord.conf` (read by systemd's user
  manager, so by every app of the next graphical login); on macOS `launchctl setenv` now, and a small
  launchd agent that sets it again at every login.

`untrust` undoes exactly that. Which steps apply is decided by `plan_trust` / `plan_untrust`, pure
functions of the system, the paths and whether we are root; `run_plan` carries them out through the
injectable runner the service commands use, so the macOS and Fedora plans are unit-tested here.
"""

from __future__ import annotations

import enum
import os
import plistlib
import socket
import ssl
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

import attrs
from cryptography.hazmat.primitives import hashes

from cursord.cli.service import Runner, ServiceReport, find_tool, run_command, run_reported
from cursord.tls import CertificateAuthority

__all__ = [
    "SystemStore",
    "TrustPlan",
    "detect_store",
    "env_agent_plist",
    "in_system_bundle",
    "plan_trust",
    "plan_untrust",
    "run_plan",
    "trust_command",
    "trust_lines",
]

#: the variable Cursor's Node side reads for extra CAs.
NODE_ENV: Final = "NODE_EXTRA_CA_CERTS"
ENV_AGENT_LABEL: Final = "dev.cursord.ca-env"


class SystemStore(enum.Enum):
    DEBIAN = "Debian-like (update-ca-certificates)"
    FEDORA = "Fedora-like (update-ca-trust)"
    MACOS = "macOS (login keychain)"


#: per Linux store: where extra CAs go, the suffix it wants, the refresh command, the bundle it builds.
_LINUX: Final = {
    SystemStore.DEBIAN: (Path("/usr/local/share/ca-certificates"), ".crt", ("update-ca-certificates", "--fresh"),
                         Path("/etc/ssl/certs/ca-certificates.crt")),
    SystemStore.FEDORA: (Path("/etc/pki/ca-trust/source/anchors"), ".pem", ("update-ca-trust", "extract"),
                         Path("/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem")),
}


def detect_store(
    platform: str = sys.platform,
    which: Callable[[str], str | None] = find_tool,
    is_dir: Callable[[Path], bool] = Path.is_dir,
) -> SystemStore | None:
    """The system's certificate store, or None when cursord does not know how to add to it. Its refresh tool
    is looked for in sbin too: a Debian user's PATH has none, so `ca trust` said it could not tell how."""
    if platform == "darwin":
        return SystemStore.MACOS
    for store, (anchors, _, refresh, _) in _LINUX.items():
        if which(refresh[0]) is not None and is_dir(anchors):
            return store
    return None


@attrs.frozen
class TrustPlan:
    """What `trust` or `untrust` does: commands to run, a file to write (path, text) or remove, and notes."""

    commands: tuple[tuple[str, ...], ...] = ()
    write: tuple[tuple[Path, bytes], ...] = ()
    remove: tuple[Path, ...] = ()
    notes: tuple[str, ...] = ()


def _anchor_name(ca: CertificateAuthority, suffix: str) -> str:
    return f"cursord-{ca.certificate.fingerprint(hashes.SHA256()).hex()[:16]}{suffix}"


def _keychain(home: Path) -> str:
    return str(home / "Library" / "Keychains" / "login.keychain-db")


def env_agent_plist(cert: Path) -> bytes:
    """The launchd agent that sets NODE_EXTRA_CA_CERTS for the GUI session at every login (macOS)."""
    return plistlib.dumps({
        "Label": ENV_AGENT_LABEL,
        "ProgramArguments": ["/bin/launchctl", "setenv", NODE_ENV, str(cert)],
        "RunAtLoad": True,
    })


def _env_files(home: Path, store: SystemStore) -> Path:
    if store is SystemStore.MACOS:
        return home / "Library" / "LaunchAgents" / f"{ENV_AGENT_LABEL}.plist"
    return home / ".config" / "environment.d" / "cursord.conf"


def plan_trust(store: SystemStore, ca: CertificateAuthority, home: Path, *, root: bool) -> TrustPlan:
    cert = ca.paths.cert
    env_file = _env_files(home, store)
    if store is SystemStore.MACOS:
        return TrustPlan(
            commands=(("security", "add-trusted-cert", "-r", "trustRoot", "-k", _keychain(home), str(cert)),
                      ("launchctl", "setenv", NODE_ENV, str(cert))),
            write=((env_file, env_agent_plist(cert)),),
            notes=(f"{NODE_ENV} is set for apps started from now on (and at every login, by {env_file}):"
                   " quit Cursor fully and start it again",),
        )
    anchors, suffix, refresh, _ = _LINUX[store]
    sudo = () if root else ("sudo",)
    return TrustPlan(
        commands=((*sudo, "install", "-m", "0644", str(cert), str(anchors / _anchor_name(ca, suffix))),
                  (*sudo, *refresh)),
        write=((env_file, f"{NODE_ENV}={cert}\n".encode()),),
        notes=(f"{env_file} sets {NODE_ENV} for the next graphical login: log out and in, then start Cursor"
               f" (from a shell now: export {NODE_ENV}={cert})",),
    )


def plan_untrust(store: SystemStore, ca: CertificateAuthority, home: Path, *, root: bool) -> TrustPlan:
    env_file = _env_files(home, store)
    if store is SystemStore.MACOS:
        sha1 = ca.certificate.fingerprint(hashes.SHA1()).hex().upper()
        return TrustPlan(
            commands=(("security", "delete-certificate", "-Z", sha1, _keychain(home)),
                      ("launchctl", "unsetenv", NODE_ENV)),
            remove=(env_file,),
        )
    anchors, suffix, refresh, _ = _LINUX[store]
    sudo = () if root else ("sudo",)
    return TrustPlan(
        commands=((*sudo, "rm", "-f", str(anchors / _anchor_name(ca, suffix))), (*sudo, *refresh)),
        remove=(env_file,),
    )


def run_plan(plan: TrustPlan, runner: Runner = run_command) -> ServiceReport:
    """Carry out `plan`: files first (the user's own), then the commands, stopping at the first that fails."""
    messages: list[str] = []
    for path, data in plan.write:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        messages.append(f"wrote {path}")
    for path in plan.remove:
        if path.exists():
            path.unlink()
            messages.append(f"removed {path}")
    for command in plan.commands:
        if not run_reported(runner, messages, command):
            return ServiceReport(False, tuple(messages))
    return ServiceReport(True, (*messages, *plan.notes))


def in_system_bundle(ca: CertificateAuthority, store: SystemStore | None) -> bool | None:
    """Whether the system's CA bundle holds the CA (None: not known on this system)."""
    if store is None or store is SystemStore.MACOS:
        return None
    bundle = _LINUX[store][3]
    try:
        text = bundle.read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    body = "".join(ca.paths.cert.read_text(encoding="ascii").split("-----")[2].split())
    return body in "".join(text.split())


def desktop_env_file(home: Path, store: SystemStore | None) -> Path | None:
    """The file `trust` writes for a Cursor started from the desktop, if it exists."""
    path = _env_files(home, store or SystemStore.DEBIAN)
    return path if path.is_file() else None


def agent_listener_answers(endpoint: str, cert: Path, timeout: float = 2.0) -> bool:
    """Whether `https://endpoint` completes a TLS handshake with a certificate the CA at `cert` signed."""
    host, _, port = endpoint.rpartition(":")
    host = host.strip("[]")
    try:
        context = ssl.create_default_context(cafile=str(cert))
        with socket.create_connection((host, int(port)), timeout=timeout) as raw, \
                context.wrap_socket(raw, server_hostname=host):
            return True
    except (OSError, ValueError):
        return False


def trust_lines(
    ca: CertificateAuthority, home: Path, agent_endpoint: str | None, environ: Mapping[str, str]
) -> tuple[bool, list[str]]:
    """For `editor status`: whether Cursor can trust the CA and reach the agent listener, and the lines that
    say so."""
    store = detect_store()
    in_store = in_system_bundle(ca, store)
    env_file = desktop_env_file(home, store)
    lines = [f"CA {ca.paths.cert}: " + {True: "trusted by the system store",
                                         False: "not in the system store (cursord ca trust)",
                                         None: "system store not checked on this system"}[in_store]]
    lines.append(f"{NODE_ENV} for a Cursor started from the desktop: "
                 + (f"set by {env_file}" if env_file else "not set (cursord ca trust)"))
    in_shell = environ.get(NODE_ENV) == str(ca.paths.cert)
    if in_shell:
        lines.append(f"{NODE_ENV} for a Cursor started from this shell: set")
    ok = bool(in_store) or env_file is not None or in_shell
    if agent_endpoint is not None:
        answers = agent_listener_answers(agent_endpoint, ca.paths.cert)
        lines.append(f"agent listener https://{agent_endpoint}: " + (
            "answers, with a certificate from the CA" if answers else "does not answer (is `cursord serve` running?)"))
        ok = ok and answers
    return ok, lines


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def trust_command(ca: CertificateAuthority, home: Path, *, untrust: bool, runner: Runner = run_command) -> int:
    store = detect_store()
    if store is None:
        print(f"cursord: cannot tell how to add a CA to this system's store; add {ca.paths.cert} yourself and"
              f" start Cursor with {NODE_ENV}={ca.paths.cert}", file=sys.stderr)
        return 1
    plan = (plan_untrust if untrust else plan_trust)(store, ca, home, root=is_root())
    report = run_plan(plan, runner)
    print(f"{'untrust' if untrust else 'trust'}: the {store.value} store and {NODE_ENV}")
    print(report, file=sys.stdout if report.ok else sys.stderr)
    return 0 if report.ok else 1
