"""The local CA: files and permissions, name constraints, leaf certificates, SNI, the `ca` commands."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import ipaddress
import logging
import os
import ssl
import stat
from pathlib import Path

import pytest
import trio
import trio.testing
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from cursord.cli.ca import add_ca_arguments, ca_command
from cursord.tls.ca import (
    CAError,
    CaPaths,
    CertificateAuthority,
    LeafCertificates,
    client_context,
    node_env_line,
)

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
    assert ca.covers("localhost") and ca.covers("127.0.0.1") and ca.covers("::1") and ca.permits_loopback
    for other in ("example.com", "notcursor.sh", "127.0.0.2", "10.0.0.1", "::2", "localhost.example.com"):
        assert not ca.covers(other), other
    forged = ca.issue_leaf("example.com", now=NOW)
    with pytest.raises(VerificationError):
        _verify(ca, forged.certificate, "example.com")
    for address in ("10.0.0.1", "127.0.0.2", "::2"):
        forged_ip = ca.issue_leaf(address, also=["localhost"], now=NOW)
        with pytest.raises(VerificationError):
            _verify_ip(ca, forged_ip.certificate, address)


def _verify_ip(ca: CertificateAuthority, cert: x509.Certificate, address: str, at: dt.datetime = NOW) -> None:
    subject = x509.IPAddress(ipaddress.ip_address(address))
    PolicyBuilder().store(Store([ca.certificate])).time(at).build_server_verifier(subject).verify(cert, [])


def test_the_loopback_leaf_verifies_for_every_loopback_name(ca: CertificateAuthority) -> None:
    leaf = ca.issue_loopback_leaf(now=NOW)
    san = leaf.certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.DNSName) == ["localhost"]
    assert [str(a) for a in san.get_values_for_type(x509.IPAddress)] == ["127.0.0.1", "::1"]
    _verify(ca, leaf.certificate, "localhost")
    _verify_ip(ca, leaf.certificate, "127.0.0.1")
    _verify_ip(ca, leaf.certificate, "::1")
    path = ca.write_loopback_leaf(now=NOW)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.parent == ca.paths.directory
    assert b"PRIVATE KEY" in path.read_bytes()


def _old_style_ca(paths: CaPaths) -> x509.Certificate:
    """A CA as versions before the loopback listener made it: cursor.sh only, every IP excluded."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "cursord local CA"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "cursord")])
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOW - dt.timedelta(hours=1)).not_valid_after(NOW + dt.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                          data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                          encipher_only=False, decipher_only=False),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(
            x509.NameConstraints(
                permitted_subtrees=[x509.DNSName("cursor.sh")],
                excluded_subtrees=[x509.IPAddress(ipaddress.ip_network("0.0.0.0/0")),
                                   x509.IPAddress(ipaddress.ip_network("::/0"))],
            ),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    paths.directory.mkdir(mode=0o700, parents=True)
    paths.key.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                            serialization.NoEncryption()))
    paths.key.chmod(0o600)
    paths.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert


def test_an_old_ca_is_reissued_once_with_loopback(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    paths = CaPaths.in_data_dir(tmp_path)
    old = _old_style_ca(paths)
    before = CertificateAuthority.load(paths)
    assert not before.permits_loopback and not before.covers("127.0.0.1") and before.domains == ("cursor.sh",)
    assert "loopback is added" in before.describe()

    with caplog.at_level(logging.INFO, logger="cursord.tls.ca"):
        upgraded, created = CertificateAuthority.load_or_create(paths)
    assert not created and upgraded.permits_loopback and upgraded.domains == ("cursor.sh",)
    (line,) = [r.getMessage() for r in caplog.records]
    assert "re-issued the local CA" in line and "127.0.0.1" in line and upgraded.fingerprint in line
    assert upgraded.fingerprint != before.fingerprint
    assert upgraded.subject == before.subject and upgraded.not_after == before.not_after
    assert upgraded.certificate.public_key() == old.public_key()  # the same key: nothing else to protect
    assert CertificateAuthority.load(paths).fingerprint == upgraded.fingerprint  # written to the same file
    assert "127.0.0.1" in upgraded.describe()

    # a copy of the old certificate trusted somewhere still verifies the new CA's cursor.sh leaves, and
    # still refuses loopback (the editor must read the new file for that)
    leaf = upgraded.issue_leaf("api2.cursor.sh", now=NOW)
    PolicyBuilder().store(Store([old])).time(NOW).build_server_verifier(x509.DNSName("api2.cursor.sh")).verify(
        leaf.certificate, []
    )
    loopback = upgraded.issue_loopback_leaf(now=NOW)
    with pytest.raises(VerificationError):
        PolicyBuilder().store(Store([old])).time(NOW).build_server_verifier(
            x509.IPAddress(ipaddress.ip_address("127.0.0.1"))
        ).verify(loopback.certificate, [])

    caplog.clear()
    with caplog.at_level(logging.INFO, logger="cursord.tls.ca"):
        again, _ = CertificateAuthority.load_or_create(paths)
    assert again.fingerprint == upgraded.fingerprint and not caplog.records


async def test_openssl_accepts_the_loopback_leaf_and_refuses_other_addresses(ca: CertificateAuthority) -> None:
    """What the editor's Node (OpenSSL) does: verify the IP SAN and the CA's IP name constraints."""
    trust = client_context(ca.paths.cert, alpn=("h2",))
    listener = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    listener.set_alpn_protocols(["h2"])
    listener.load_cert_chain(ca.write_loopback_leaf())
    for name in ("127.0.0.1", "::1", "localhost"):
        assert await _tls_handshake(listener, trust, name) == "h2"
    forged = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    forged_path = ca.paths.directory / "forged.pem"
    leaf = ca.issue_leaf("10.0.0.1", also=["localhost"])
    forged_path.write_bytes(leaf.chain_pem + leaf.key_pem)
    forged.load_cert_chain(forged_path)
    with pytest.raises(trio.BrokenResourceError):
        await _tls_handshake(forged, trust, "10.0.0.1")


async def _tls_handshake(server_context: ssl.SSLContext, trust: ssl.SSLContext, name: str) -> str | None:
    client_end, server_end = trio.testing.memory_stream_pair()
    server = trio.SSLStream(server_end, server_context, server_side=True)
    client = trio.SSLStream(client_end, trust, server_hostname=name)

    async def serve() -> None:
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            await server.do_handshake()

    failure: trio.BrokenResourceError | None = None
    async with trio.open_nursery() as nursery:
        nursery.start_soon(serve)
        try:
            await client.do_handshake()
        except trio.BrokenResourceError as exc:
            failure = exc
            await trio.aclose_forcefully(server)
    if failure is not None:
        raise failure
    return client.selected_alpn_protocol()


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
    shown = capsys.readouterr().out
    assert CertificateAuthority.load(paths).fingerprint in shown
    assert "cursor.sh and their subdomains; loopback: localhost, 127.0.0.1, ::1" in shown


def test_print_env_quotes_paths_with_spaces(tmp_path: Path) -> None:
    paths = CaPaths.in_data_dir(tmp_path / "Application Support")
    assert node_env_line(paths) == f"NODE_EXTRA_CA_CERTS='{paths.cert}'"
