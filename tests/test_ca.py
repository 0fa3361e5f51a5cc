"""The local CA: files and permissions, name constraints, leaf certificates, SNI, the `ca` commands."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import os
import ssl
import stat
from pathlib import Path

import pytest
import trio
import trio.testing
from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from cursord.proxy.ca import (
    CAError,
    CaPaths,
    CertificateAuthority,
    LeafCertificates,
    client_context,
    node_env_line,
)
from cursord.proxy.commands import add_ca_arguments, ca_command

NOW = dt.datetime(2025, 6, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def ca(tmp_path: Path) -> CertificateAuthority:
    return CertificateAuthority.create(CaPaths.in_data_dir(tmp_path), now=NOW)


def _verify(ca: CertificateAuthority, cert: x509.Certificate, host: str, at: dt.datetime = NOW) -> None:
    verifier = PolicyBuilder().store(Store([ca.certificate])).time(at).build_server_verifier(x509.DNSName(host))
    verifier.verify(cert, [])


def test_ca_files_and_permissions(ca: CertificateAuthority, tmp_path: Path) -> None:
    paths = CaPaths.in_data_dir(tmp_path)
    assert stat.S_IMODE(paths.directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(paths.key.stat().st_mode) == 0o600
    assert b"PRIVATE KEY" in paths.key.read_bytes() and b"PRIVATE KEY" not in paths.cert.read_bytes()
    cert = x509.load_pem_x509_certificate(paths.cert.read_bytes())
    assert cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert ca.subject == "O=cursord,CN=cursord local CA"
    assert ca.domains == ("cursor.sh",)
    assert len(ca.fingerprint.split(":")) == 32
    assert ca.not_after - ca.not_before > dt.timedelta(days=3000)


def test_the_key_is_never_in_the_description(ca: CertificateAuthority) -> None:
    key_text = ca.paths.key.read_text()
    body = "".join(key_text.splitlines()[1:-1])
    description = ca.describe()
    assert body[:20] not in description and "PRIVATE" not in description
    assert ca.fingerprint in description and str(ca.paths.cert) in description
    assert "EllipticCurvePrivateKey" not in repr(ca)
    assert "PRIVATE" not in repr(ca.issue_leaf("api2.cursor.sh"))


def test_create_refuses_to_overwrite_and_load_or_create_reuses(ca: CertificateAuthority) -> None:
    with pytest.raises(CAError):
        CertificateAuthority.create(ca.paths)
    again, created = CertificateAuthority.load_or_create(ca.paths)
    assert not created and again.fingerprint == ca.fingerprint


def test_load_checks_the_pair_and_narrows_key_permissions(ca: CertificateAuthority, tmp_path: Path) -> None:
    os.chmod(ca.paths.key, 0o644)
    loaded = CertificateAuthority.load(ca.paths)
    assert loaded.fingerprint == ca.fingerprint
    assert stat.S_IMODE(ca.paths.key.stat().st_mode) == 0o600
    other = CertificateAuthority.create(CaPaths.in_data_dir(tmp_path / "other"))
    ca.paths.key.write_bytes(other.paths.key.read_bytes())
    with pytest.raises(CAError, match="does not belong"):
        CertificateAuthority.load(ca.paths)


def test_load_without_a_ca_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(CAError, match="cursord ca init"):
        CertificateAuthority.load(CaPaths.in_data_dir(tmp_path))


def test_leaf_certificate(ca: CertificateAuthority) -> None:
    leaf = ca.issue_leaf("Agent.API5.cursor.sh.", now=NOW)
    cert = leaf.certificate
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.DNSName) == ["agent.api5.cursor.sh"]
    assert cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value == x509.ExtendedKeyUsage(
        [ExtendedKeyUsageOID.SERVER_AUTH]
    )
    assert not cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert cert.issuer == ca.certificate.subject
    assert cert.not_valid_after_utc == NOW + dt.timedelta(days=30)
    assert cert.not_valid_before_utc <= NOW
    _verify(ca, cert, "agent.api5.cursor.sh")
    with pytest.raises(VerificationError):
        _verify(ca, cert, "agent.api5.cursor.sh", at=NOW + dt.timedelta(days=31))
    with pytest.raises(VerificationError):
        _verify(ca, cert, "api2.cursor.sh")


def test_name_constraints_stop_leaves_for_other_sites(ca: CertificateAuthority) -> None:
    assert ca.covers("api2.cursor.sh") and ca.covers("cursor.sh")
    assert not ca.covers("example.com") and not ca.covers("notcursor.sh") and not ca.covers("127.0.0.1")
    forged = ca.issue_leaf("example.com", now=NOW)
    with pytest.raises(VerificationError):
        _verify(ca, forged.certificate, "example.com")


def test_leaves_never_outlive_the_ca(tmp_path: Path) -> None:
    short = CertificateAuthority.create(CaPaths.in_data_dir(tmp_path), now=NOW, validity=dt.timedelta(days=10))
    leaf = short.issue_leaf("api2.cursor.sh", now=NOW)
    assert leaf.not_after == short.not_after


def test_leaf_store_caches_and_renews(ca: CertificateAuthority) -> None:
    clock = [NOW]
    store = LeafCertificates(ca, clock=lambda: clock[0])
    first = store.leaf("api2.cursor.sh")
    assert store.leaf("API2.cursor.sh") is first
    assert store.context("api2.cursor.sh") is store.context("api2.cursor.sh")
    clock[0] = NOW + dt.timedelta(days=28, hours=23, minutes=59)
    assert store.leaf("api2.cursor.sh") is first
    clock[0] = NOW + dt.timedelta(days=29, minutes=1)  # within a day of expiry
    renewed = store.leaf("api2.cursor.sh")
    assert renewed is not first and renewed.not_after > first.not_after
    assert not [p for p in ca.paths.directory.iterdir() if p.name.startswith(".leaf-")]


async def _handshake(store: LeafCertificates, default_host: str, sni: str, trust: ssl.SSLContext) -> x509.Certificate:
    client_end, server_end = trio.testing.memory_stream_pair()
    server = trio.SSLStream(server_end, store.context(default_host), server_side=True)
    client = trio.SSLStream(client_end, trust, server_hostname=sni)
    failure: trio.BrokenResourceError | None = None

    async def serve() -> None:
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            await server.do_handshake()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve)
        try:
            await client.do_handshake()
        except trio.BrokenResourceError as exc:
            failure = exc
            await trio.aclose_forcefully(server)
    if failure is not None:
        raise failure
    assert client.selected_alpn_protocol() == "http/1.1"
    der = client.getpeercert(binary_form=True)
    assert der is not None
    return x509.load_der_x509_certificate(der)


async def test_sni_picks_the_leaf_for_the_name_asked(ca: CertificateAuthority) -> None:
    store = LeafCertificates(ca)
    trust = client_context(ca.paths.cert)
    cert = await _handshake(store, "api2.cursor.sh", "agentn.api5.cursor.sh", trust)
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.DNSName) == ["agentn.api5.cursor.sh"]


async def test_sni_for_a_refused_name_keeps_the_default_leaf(ca: CertificateAuthority) -> None:
    store = LeafCertificates(ca, accept=lambda host: host == "api2.cursor.sh")
    trust = client_context(ca.paths.cert)
    with pytest.raises(trio.BrokenResourceError):  # the client sees a certificate for another name
        await _handshake(store, "api2.cursor.sh", "other.cursor.sh", trust)
    assert len(store) == 1


def test_the_leaf_cache_is_bounded_least_recently_used_first(ca: CertificateAuthority) -> None:
    store = LeafCertificates(ca, max_entries=3)
    first = store.leaf("a.cursor.sh")
    store.leaf("b.cursor.sh")
    store.leaf("c.cursor.sh")
    assert store.leaf("a.cursor.sh") is first  # a hit makes "a" the most recent
    for k in range(20):  # any number of names below cursor.sh: the cache stays at its bound
        store.leaf(f"n{k}.cursor.sh")
        assert len(store) <= 3
    assert store.leaf("a.cursor.sh") is not first  # forgotten, minted again
    with pytest.raises(ValueError, match="max_entries"):
        LeafCertificates(ca, max_entries=0)


# --- the commands --------------------------------------------------------------------------------------------


def _run(tmp_path: Path, *argv: str) -> int:
    parser = argparse.ArgumentParser()
    add_ca_arguments(parser.add_subparsers(dest="command"))
    return ca_command(parser.parse_args(["ca", *argv, "--data-dir", str(tmp_path)]), {})


def test_ca_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, "show") == 1
    assert "cursord ca init" in capsys.readouterr().err
    assert _run(tmp_path, "init") == 0
    out = capsys.readouterr().out
    paths = CaPaths.in_data_dir(tmp_path)
    assert "created a new CA" in out and node_env_line(paths) in out and "PRIVATE" not in out
    assert _run(tmp_path, "init", "--print-env") == 0
    assert capsys.readouterr().out == f"NODE_EXTRA_CA_CERTS={paths.cert}\n"
    assert _run(tmp_path, "path") == 0
    assert capsys.readouterr().out == f"{paths.cert}\n"
    assert _run(tmp_path, "show") == 0
    assert CertificateAuthority.load(paths).fingerprint in capsys.readouterr().out


def test_print_env_quotes_paths_with_spaces(tmp_path: Path) -> None:
    paths = CaPaths.in_data_dir(tmp_path / "Application Support")
    assert node_env_line(paths) == f"NODE_EXTRA_CA_CERTS='{paths.cert}'"
