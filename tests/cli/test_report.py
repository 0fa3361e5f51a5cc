"""`cursord report` (issue 39 #9): one file with versions, the config, doctor's checks, the log and the newest
capture, and no secret the daemon or its files hold, whatever its shape. Run as the user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cursord.capture import CAPTURE_DIR, CaptureHeader, dump_capture
from cursord.tap import ensure_tap_token
from cursord.tls import CaPaths, CertificateAuthority

# Shapes no pattern knows: only the values themselves can mask them.
KEY = "myorg-key-4f9a2c71e0d3"
POOL_KEY = "myorg-key-second-88aa17"
UNUSED_KEY = "anthropic-like-3c3c3c3c3c"
GATEWAY_TOKEN = "gw-token-5e5e5e5e5e5e5e"


def bundle(tmp_path: Path, *extra: str, journal: str | None = None) -> tuple[str, dict[str, str]]:
    """Run `cursord report` over a setup holding every kind of secret; the bundle's text and the secrets."""
    config_dir, data_dir, bin_dir = tmp_path / "config", tmp_path / "data", tmp_path / "bin"
    for directory in (config_dir, data_dir, bin_dir):
        directory.mkdir()
    (config_dir / "gateway-token").write_text(GATEWAY_TOKEN + "\n")
    (config_dir / "cursord.env").write_text(f"FAKE_KEY={KEY}\nFAKE_KEY_2={POOL_KEY}\nANTHROPIC_API_KEY={UNUSED_KEY}\n")
    (config_dir / "cursord.toml").write_text(
        f'data_dir = "{data_dir}"\n'
        f'gateway = "http://127.0.0.1:9"\ngateway_token_file = "{config_dir / "gateway-token"}"\n'
        '[[providers]]\nkind = "openai-chat"\nname = "fake"\nbase_url = "http://127.0.0.1:9/v1"\n'
        'api_key_env = "FAKE_KEY"\nkey_pool = ["FAKE_KEY_2"]\nmodels = ["m1"]\n'
    )
    tap_token = ensure_tap_token(data_dir)
    ca = CaPaths.in_data_dir(data_dir)
    CertificateAuthority.create(ca)
    ca_key = ca.key.read_text()
    secrets = {"key": KEY, "pool key": POOL_KEY, "unused key": UNUSED_KEY, "gateway token": GATEWAY_TOKEN,
               "tap token": tap_token, "CA key": ca_key.splitlines()[1]}
    captures = data_dir / CAPTURE_DIR
    captures.mkdir()
    header = CaptureHeader(redacted=False, cursord="0", started="2026-12-06T06:00:00Z",
                           editor={"cursor_version": "3.18.9"}, meta={"note": f"Bearer {tap_token} {KEY}"})
    with (captures / "capture-20261206T060000Z.jsonl").open("w") as file:
        dump_capture(header, [], file)
    # The journal as a leaky daemon could have left it: every secret, the CA key whole.
    lines = journal if journal is not None else "\n".join((*secrets.values(), ca_key, "cursord: serving"))
    (tmp_path / "journal.txt").write_text(lines)
    journalctl = bin_dir / "journalctl"
    journalctl.write_text(f"#!/bin/sh\ncat '{tmp_path / 'journal.txt'}'\n")
    journalctl.chmod(0o755)
    output = tmp_path / "bundle.txt"
    env = {**os.environ, "HOME": str(tmp_path), "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    env.pop("CURSORD_CONFIG", None)
    result = subprocess.run(
        [sys.executable, "-m", "cursord", "report", "--config", str(config_dir / "cursord.toml"),
         "--output", str(output), *extra],
        env=env, capture_output=True, text=True, check=False, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert f"wrote {output}" in result.stdout
    assert output.stat().st_mode & 0o077 == 0
    return output.read_text(), secrets


def test_the_bundle_holds_each_part_and_no_secret(tmp_path: Path) -> None:
    text, secrets = bundle(tmp_path, "--capture")
    for name, value in secrets.items():
        assert value not in text, f"the {name} is in the bundle"
    assert "PRIVATE KEY" not in text.replace("<redacted private key>", "")
    assert "## versions\ncursord " in text and f"Python {sys.version.split()[0]}" in text
    assert "editor Cursor 3.18.9 (in capture-20261206T060000Z.jsonl)" in text
    assert 'name = "fake"' in text and "key_present" in text
    # offline: the probe that cannot reach the provider is a line of the report, not its end
    assert "## doctor\n" in text and "providers have problems" in text
    assert "## log (the last 200 lines of journalctl --user -u cursord.service)" in text
    assert "cursord: serving" in text and "<redacted private key>" in text
    assert "## capture (" in text and '"cursor_version":"3.18.9"' in text


def test_the_capture_only_when_asked_and_a_log_file_instead_of_the_journal(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    log.write_text("".join(f"line {n}\n" for n in range(10)))
    text, _ = bundle(tmp_path, "--log", str(log), "--lines", "3")
    assert f"## log (the last 3 lines of {log})\nline 7\nline 8\nline 9\n" in text
    assert "## capture" not in text
