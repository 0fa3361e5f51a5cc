"""`cursord ca trust` / `untrust`: the plans for each system (unit), this machine's own store (for real, and
undone), and `editor status` reporting trust and the agent listener."""

from __future__ import annotations

import os
import plistlib
import ssl
import subprocess
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import pytest
import trio

from cursord.cli.service import RunResult
from cursord.cli.trust import SystemStore, detect_store, plan_trust, plan_untrust, run_plan
from cursord.tls import CaPaths, CertificateAuthority


class Recorder:
    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, args: Sequence[str]) -> RunResult:
        self.calls.append(list(args))
        return RunResult(0, "")


@pytest.fixture
def ca(tmp_path: Path) -> CertificateAuthority:
    return CertificateAuthority.create(CaPaths.in_data_dir(tmp_path / "data"))


def test_which_store(tmp_path: Path) -> None:
    assert detect_store("darwin") is SystemStore.MACOS
    only = {"update-ca-trust"}
    assert detect_store("linux", lambda name: name if name in only else None, lambda p: True) is SystemStore.FEDORA
    assert detect_store("linux", lambda name: name, lambda p: "ca-certificates" in str(p)) is SystemStore.DEBIAN
    assert detect_store("linux", lambda name: None, lambda p: True) is None



@pytest.mark.skipif(not Path("/usr/sbin/update-ca-certificates").is_file()
                    or not Path("/usr/local/share/ca-certificates").is_dir(), reason="needs a Debian-like system")
def test_a_debian_users_path_without_sbin_still_finds_the_store(tmp_path: Path) -> None:
    """A Debian user's PATH has no /usr/sbin, where `update-ca-certificates` is: `ca trust` said it could not
    tell how to add a CA and `editor status` that the store was not checked."""
    data_dir = tmp_path / "data"
    CertificateAuthority.create(CaPaths.in_data_dir(data_dir))
    env = {"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "cursord", "editor", "status", "--data-dir", str(data_dir),
                           "--settings", str(tmp_path / "s.json")], env=env, capture_output=True, text=True,
                          check=False, timeout=120)
    text = done.stdout + done.stderr
    assert "system store not checked" not in text
    assert f"CA {data_dir / 'ca' / 'cursord-ca.pem'}: " in text


def test_macos_trusts_in_the_login_keychain_and_sets_the_variable_at_every_login(
    ca: CertificateAuthority, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    runner = Recorder()
    report = run_plan(plan_trust(SystemStore.MACOS, ca, home, root=False), runner)
    cert = str(ca.paths.cert)
    keychain = str(home / "Library/Keychains/login.keychain-db")
    assert runner.calls == [
        ["security", "add-trusted-cert", "-r", "trustRoot", "-k", keychain, cert],
        ["launchctl", "setenv", "NODE_EXTRA_CA_CERTS", cert],
    ]
    agent = plistlib.loads((home / "Library/LaunchAgents/dev.cursord.ca-env.plist").read_bytes())
    assert agent["ProgramArguments"] == ["/bin/launchctl", "setenv", "NODE_EXTRA_CA_CERTS", cert]
    assert agent["RunAtLoad"] is True
    assert report.ok and "quit Cursor fully" in str(report)

    runner = Recorder()
    run_plan(plan_untrust(SystemStore.MACOS, ca, home, root=False), runner)
    sha1 = runner.calls[0][3]
    assert runner.calls == [["security", "delete-certificate", "-Z", sha1, keychain],
                            ["launchctl", "unsetenv", "NODE_EXTRA_CA_CERTS"]]
    assert len(sha1) == 40 and not (home / "Library/LaunchAgents/dev.cursord.ca-env.plist").exists()


def test_fedora_as_a_user_goes_through_sudo(ca: CertificateAuthority, tmp_path: Path) -> None:
    runner = Recorder()
    run_plan(plan_trust(SystemStore.FEDORA, ca, tmp_path, root=False), runner)
    install, refresh = runner.calls
    assert install[:5] == ["sudo", "install", "-m", "0644", str(ca.paths.cert)]
    assert install[5].startswith("/etc/pki/ca-trust/source/anchors/cursord-") and install[5].endswith(".pem")
    assert refresh == ["sudo", "update-ca-trust", "extract"]
    assert (tmp_path / ".config/environment.d/cursord.conf").read_text() == f"NODE_EXTRA_CA_CERTS={ca.paths.cert}\n"
    runner = Recorder()
    run_plan(plan_untrust(SystemStore.FEDORA, ca, tmp_path, root=True), runner)
    assert runner.calls == [["rm", "-f", install[5]], ["update-ca-trust", "extract"]]
    assert not (tmp_path / ".config/environment.d/cursord.conf").exists()


def cursord(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cursord", *args], env={**os.environ, "HOME": str(home)},
                          capture_output=True, text=True, check=False, timeout=120)


def _bundle_body(cert: Path) -> str:
    return "".join(cert.read_text().split("-----")[2].split())


@pytest.mark.skipif(detect_store() is not SystemStore.DEBIAN or os.geteuid() != 0,
                    reason="changes this machine's store: needs a Debian-like system and root")
def test_trust_and_untrust_this_machines_store(tmp_path: Path) -> None:
    data_dir, home = tmp_path / "data", tmp_path / "home"
    bundle = Path("/etc/ssl/certs/ca-certificates.crt")
    try:
        trusted = cursord("ca", "trust", "--data-dir", str(data_dir), home=home)
        assert trusted.returncode == 0, trusted.stdout + trusted.stderr
        cert = data_dir / "ca" / "cursord-ca.pem"
        anchors = list(Path("/usr/local/share/ca-certificates").glob("cursord-*.crt"))
        assert any(a.read_bytes() == cert.read_bytes() for a in anchors)
        assert _bundle_body(cert) in "".join(bundle.read_text().split())
        assert (home / ".config/environment.d/cursord.conf").read_text() == f"NODE_EXTRA_CA_CERTS={cert}\n"
        status = cursord("editor", "status", "--data-dir", str(data_dir), "--settings", str(tmp_path / "s.json"),
                         home=home)
        assert f"CA {cert}: trusted by the system store" in status.stdout + status.stderr
        assert "NODE_EXTRA_CA_CERTS for a Cursor started from the desktop: set by" in status.stdout + status.stderr
    finally:
        untrusted = cursord("ca", "untrust", "--data-dir", str(data_dir), home=home)
    assert untrusted.returncode == 0, untrusted.stdout + untrusted.stderr
    assert not any(a.read_bytes() == cert.read_bytes()
                   for a in Path("/usr/local/share/ca-certificates").glob("cursord-*.crt"))
    assert _bundle_body(cert) not in "".join(bundle.read_text().split())
    assert not (home / ".config/environment.d/cursord.conf").exists()


async def test_editor_status_says_whether_the_agent_listener_answers(tmp_path: Path) -> None:
    data_dir, home = tmp_path / "data", tmp_path / "home"
    ca = CertificateAuthority.create(CaPaths.in_data_dir(data_dir))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(ca.write_loopback_leaf())

    async def handshake(stream: trio.SSLStream[trio.SocketStream]) -> None:
        try:
            await stream.do_handshake()
        finally:
            await stream.aclose()

    async with trio.open_nursery() as nursery:
        listeners = await nursery.start(partial(trio.serve_ssl_over_tcp, handshake, 0, context, host="127.0.0.1"))
        port = listeners[0].transport_listener.socket.getsockname()[1]
        args = [sys.executable, "-m", "cursord", "editor", "status", "--data-dir", str(data_dir),
                "--settings", str(tmp_path / "s.json"), "--agent-listen", f"127.0.0.1:{port}"]
        done = await trio.run_process(args, env={**os.environ, "HOME": str(home)}, capture_stdout=True,
                                      capture_stderr=True, check=False)
        nursery.cancel_scope.cancel()
    text = (done.stdout + done.stderr).decode()
    assert f"agent listener https://127.0.0.1:{port}: answers, with a certificate from the CA" in text
    closed = cursord("editor", "status", "--data-dir", str(data_dir), "--settings", str(tmp_path / "s.json"),
                     "--agent-listen", f"127.0.0.1:{port}", home=home)
    assert f"agent listener https://127.0.0.1:{port}: does not answer" in closed.stdout + closed.stderr
    assert closed.returncode == 1
    shell = await trio.run_process(
        [sys.executable, "-m", "cursord", "editor", "status", "--data-dir", str(data_dir), "--settings",
         str(tmp_path / "s.json"), "--agent-listen", "off"],
        env={**os.environ, "HOME": str(home), "NODE_EXTRA_CA_CERTS": str(ca.paths.cert)},
        capture_stdout=True, capture_stderr=True, check=False,
    )
    assert b"NODE_EXTRA_CA_CERTS for a Cursor started from this shell: set" in shell.stdout + shell.stderr
