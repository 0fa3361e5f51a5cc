"""cursord's local certificate authority, and the per-host leaf certificates the proxy presents.

Theory of operation. The CA is an ECDSA P-256 key and a self-signed certificate in `<data_dir>/ca/`
(`cursord-ca.pem`, `cursord-ca-key.pem`): the directory is 0700, the key 0600, and the key's bytes are
never logged or printed. `CertificateAuthority.create` makes them once (the key file is created with
O_EXCL, so two processes racing to initialise cannot overwrite each other's key); `load` reads them
back and checks that the key belongs to the certificate.

By default the CA is *name-constrained* (RFC 5280) to `cursor.sh` and every name under it, plus the
loopback names of the editor's HTTP/2 agent listener: `localhost`, `127.0.0.1/32` and `::1/128`. Once a
name type has permitted subtrees every name of that type must fall inside one, so no other IP address
and no other DNS name can be signed for: even a stolen CA key cannot impersonate any other site (or any
other machine) to a client that trusts it. The editor (Node, i.e. OpenSSL) enforces name constraints.

CAs made by earlier versions were constrained to `cursor.sh` and excluded every IP address.
`load_or_create` re-issues such a CA once, with the same key and subject (so a copy of the old
certificate still trusted somewhere keeps verifying the `cursor.sh` leaves), a new serial, the same
expiry and the loopback names added, and logs one line saying so. Why one CA and not a second one for
loopback: the editor takes one `NODE_EXTRA_CA_CERTS` file, the set of names it trusts is the same either
way (Cursor's hosts plus loopback), and one key to keep private is better than two.

`LeafCertificates` is the proxy's certificate store: the first time a host is needed it mints a leaf
(SAN = the host, serverAuth, ~30 days, signed by the CA, never beyond the CA's own expiry) and keeps
it, with a ready server `ssl.SSLContext`, in memory; a leaf within `renew_before` of expiry is minted
again. Every context has an SNI callback that switches to the leaf for the name the client asked for
(if `accept` allows that name), so one listener can serve many hosts. Python's ssl loads certificates
only from files, so a new leaf's PEM goes through a 0600 temporary file inside the 0700 CA directory
that is removed as soon as it is loaded.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import ipaddress
import logging
import os
import shlex
import ssl
import stat
import tempfile
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import attrs
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

log = logging.getLogger(__name__)

__all__ = [
    "CA_CERT_NAME",
    "CA_KEY_NAME",
    "DEFAULT_CA_DOMAINS",
    "LOOPBACK_NAMES",
    "CAError",
    "CaPaths",
    "CertificateAuthority",
    "LeafCertificate",
    "LeafCertificates",
    "client_context",
    "node_env_line",
]

CA_CERT_NAME: Final = "cursord-ca.pem"
CA_KEY_NAME: Final = "cursord-ca-key.pem"
#: The DNS subtrees a new CA may sign for (RFC 5280 name constraints), besides loopback.
DEFAULT_CA_DOMAINS: Final = ("cursor.sh",)
#: The loopback names every constrained CA also permits, for the editor's HTTP/2 agent listener.
LOOPBACK_DOMAINS: Final = ("localhost",)
LOOPBACK_NETWORKS: Final = (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("::1/128"))
#: The names a leaf for the loopback listener carries (its SANs).
LOOPBACK_NAMES: Final = ("localhost", "127.0.0.1", "::1")
CA_VALIDITY: Final = dt.timedelta(days=3650)
LEAF_VALIDITY: Final = dt.timedelta(days=30)
#: the loopback listener's leaf is minted at every start and cannot be renewed while it serves.
LOOPBACK_LEAF_VALIDITY: Final = dt.timedelta(days=365)
#: where the loopback listener's chain and key are written (in the CA directory, mode 600).
LOOPBACK_LEAF_NAME: Final = "agent-listener.pem"
#: a leaf this close to expiry is minted again.
LEAF_RENEW_BEFORE: Final = dt.timedelta(days=1)
#: leaf certificates `LeafCertificates` keeps in memory (the editor uses a handful of cursor.sh names).
DEFAULT_MAX_LEAVES: Final = 256
#: leaves and the CA start this long before "now", for clients whose clock is a little behind.
BACKDATE: Final = dt.timedelta(hours=1)

Clock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class CAError(Exception):
    """The CA files are missing, unreadable, or do not belong together."""


@attrs.frozen
class CaPaths:
    directory: Path
    cert: Path
    key: Path

    @classmethod
    def in_data_dir(cls, data_dir: Path) -> CaPaths:
        directory = data_dir / "ca"
        return cls(directory, directory / CA_CERT_NAME, directory / CA_KEY_NAME)

    def exists(self) -> bool:
        return self.cert.exists() or self.key.exists()


def node_env_line(paths: CaPaths) -> str:
    """`NODE_EXTRA_CA_CERTS=<path>`: what the editor's environment needs to trust the CA."""
    return f"NODE_EXTRA_CA_CERTS={shlex.quote(str(paths.cert))}"


def new_ca_advice(paths: CaPaths) -> str:
    """What a daemon that just made the CA tells its user: the two commands that hook Cursor up to it."""
    return ("created a new local CA; run `cursord ca trust` and `cursord editor setup` so that Cursor trusts it and"
            f" comes through cursord (or give Cursor {node_env_line(paths)} yourself)")


def _fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def _private_dir(directory: Path) -> None:
    """`directory` with mode 0700; its parent, the data directory, is created 0700 too if it is missing."""
    directory.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    directory.mkdir(exist_ok=True, mode=0o700)
    if stat.S_IMODE(directory.stat().st_mode) != 0o700:
        os.chmod(directory, 0o700)


def _write_new(path: Path, data: bytes, mode: int) -> None:
    """Write `data` to `path`, which must not exist yet (O_EXCL), with permissions `mode`."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)  # exactly `mode`, whatever the umask
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def _name_constraints(domains: Sequence[str]) -> x509.NameConstraints:
    """`domains` and loopback permitted; every other DNS name and IP address is then outside them."""
    dns = [*(domain.strip(".").lower() for domain in domains), *LOOPBACK_DOMAINS]
    permitted: list[x509.GeneralName] = [x509.DNSName(name) for name in dict.fromkeys(dns)]
    permitted += [x509.IPAddress(network) for network in LOOPBACK_NETWORKS]
    return x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None)


def _sign_ca(
    key: ec.EllipticCurvePrivateKey,
    name: x509.Name,
    *,
    not_before: dt.datetime,
    not_after: dt.datetime,
    domains: Sequence[str] | None,
) -> x509.Certificate:
    builder = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    )
    if domains is not None:
        builder = builder.add_extension(_name_constraints(domains), critical=True)
    return builder.sign(key, hashes.SHA256())


def _replace_file(path: Path, data: bytes, mode: int) -> None:
    """Write `data` to `path` atomically (a temporary file in the same directory, then rename)."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


@attrs.frozen(eq=False)
class LeafCertificate:
    """One minted server certificate: its chain (leaf then CA) and key as PEM."""

    host: str
    certificate: x509.Certificate
    chain_pem: bytes
    key_pem: bytes = attrs.field(repr=False)

    @property
    def not_after(self) -> dt.datetime:
        return self.certificate.not_valid_after_utc


@attrs.frozen(eq=False)
class CertificateAuthority:
    paths: CaPaths
    certificate: x509.Certificate
    key: ec.EllipticCurvePrivateKey = attrs.field(repr=False)

    # --- files ---------------------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        paths: CaPaths,
        *,
        domains: Sequence[str] | None = DEFAULT_CA_DOMAINS,
        common_name: str = "cursord local CA",
        now: dt.datetime | None = None,
        validity: dt.timedelta = CA_VALIDITY,
    ) -> CertificateAuthority:
        """A new CA written to `paths`. `domains=None` makes an unconstrained CA (tests' fake origins).

        Raises CAError if either file already exists."""
        if paths.exists():
            raise CAError(f"a CA already exists in {paths.directory}")
        now = now or utc_now()
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name(
            [
                x509.NameAttribute(NameOID.COMMON_NAME, common_name),
                x509.NameAttribute(NameOID.ORGANIZATION_NAME, "cursord"),
            ]
        )
        cert = _sign_ca(key, name, not_before=now - BACKDATE, not_after=now + validity, domains=domains)
        _private_dir(paths.directory)
        key_pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        try:
            _write_new(paths.key, key_pem, 0o600)
        except FileExistsError:
            raise CAError(f"a CA key already exists at {paths.key}") from None
        _write_new(paths.cert, cert.public_bytes(serialization.Encoding.PEM), 0o644)
        log.info("created a local CA in %s (SHA-256 %s)", paths.directory, _fingerprint(cert))
        return cls(paths, cert, key)

    @classmethod
    def load(cls, paths: CaPaths) -> CertificateAuthority:
        """The CA in `paths`. Raises CAError if it is missing, unreadable, or the pair does not match.

        A key file readable by group or others is narrowed to 0600 (with a warning)."""
        if not paths.cert.exists() or not paths.key.exists():
            missing = paths.cert if not paths.cert.exists() else paths.key
            raise CAError(f"no CA at {paths.directory} ({missing.name} is missing); run `cursord ca init`")
        try:
            mode = stat.S_IMODE(paths.key.stat().st_mode)
            if mode & 0o077:
                log.warning("CA key %s had mode %o; narrowing it to 600", paths.key, mode)
                os.chmod(paths.key, 0o600)
            cert = x509.load_pem_x509_certificate(paths.cert.read_bytes())
            key = serialization.load_pem_private_key(paths.key.read_bytes(), password=None)
        except (OSError, ValueError, TypeError) as exc:
            raise CAError(f"cannot read the CA in {paths.directory}: {exc}") from None
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise CAError(f"{paths.key} is not an EC private key")
        if key.public_key().public_numbers() != cert.public_key().public_numbers():  # type: ignore[union-attr]
            raise CAError(f"{paths.key} does not belong to {paths.cert}")
        return cls(paths, cert, key)

    @classmethod
    def load_or_create(
        cls, paths: CaPaths, *, domains: Sequence[str] | None = DEFAULT_CA_DOMAINS
    ) -> tuple[CertificateAuthority, bool]:
        """The CA in `paths`, created first if there is none; the flag says whether it was created.

        A CA from an earlier version (constrained, without the loopback names) is re-issued first."""
        if paths.exists():
            return cls.load(paths).with_loopback(), False
        try:
            return cls.create(paths, domains=domains), True
        except CAError:
            return cls.load(paths).with_loopback(), False  # another process won the race

    def with_loopback(self, *, now: dt.datetime | None = None) -> CertificateAuthority:
        """This CA, re-issued (same key, subject and expiry; new serial) if its constraints lack loopback.

        Unconstrained CAs and CAs that already permit loopback are returned as they are."""
        domains = self.domains
        if domains is None or self.permits_loopback:
            return self
        now = now or utc_now()
        cert = _sign_ca(
            self.key,
            self.certificate.subject,
            not_before=min(self.not_before, now - BACKDATE),
            not_after=self.not_after,
            domains=domains,
        )
        _replace_file(self.paths.cert, cert.public_bytes(serialization.Encoding.PEM), 0o644)
        log.warning(
            "re-issued the local CA %s to also permit loopback (%s) for the editor's HTTP/2 agent listener: "
            "same key, fingerprint SHA-256 %s (was %s); restart the editor so it reads the new certificate",
            self.paths.cert, ", ".join(LOOPBACK_NAMES), _fingerprint(cert), self.fingerprint,
        )
        return attrs.evolve(self, certificate=cert)

    # --- facts ---------------------------------------------------------------------------------------

    @property
    def fingerprint(self) -> str:
        """SHA-256 of the certificate, colon-separated hex."""
        return _fingerprint(self.certificate)

    @property
    def subject(self) -> str:
        return self.certificate.subject.rfc4514_string()

    @property
    def not_before(self) -> dt.datetime:
        return self.certificate.not_valid_before_utc

    @property
    def not_after(self) -> dt.datetime:
        return self.certificate.not_valid_after_utc

    def _constraints(self) -> x509.NameConstraints | None:
        try:
            return self.certificate.extensions.get_extension_for_class(x509.NameConstraints).value
        except x509.ExtensionNotFound:
            return None

    @property
    def domains(self) -> tuple[str, ...] | None:
        """The DNS names the CA may sign for, besides `localhost` (and their subdomains); None if
        unconstrained."""
        constraints = self._constraints()
        if constraints is None:
            return None
        return tuple(
            str(tree.value)
            for tree in constraints.permitted_subtrees or ()
            if isinstance(tree, x509.DNSName) and tree.value not in LOOPBACK_DOMAINS
        )

    @property
    def networks(self) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] | None:
        """The IP networks the CA may sign for (empty: none); None if unconstrained."""
        constraints = self._constraints()
        if constraints is None:
            return None
        return tuple(
            tree.value
            for tree in constraints.permitted_subtrees or ()
            if isinstance(tree, x509.IPAddress)
            and isinstance(tree.value, ipaddress.IPv4Network | ipaddress.IPv6Network)
        )

    @property
    def permits_loopback(self) -> bool:
        """Whether a leaf for the loopback listener (`LOOPBACK_NAMES`) verifies under this CA."""
        return all(self.covers(name) for name in LOOPBACK_NAMES)

    def covers(self, host: str) -> bool:
        """Whether a leaf for `host` would verify under this CA's name constraints."""
        constraints = self._constraints()
        if constraints is None:
            return True
        host = host.strip(".").lower()
        if _is_ip(host):
            address = ipaddress.ip_address(host)
            return any(address in network for network in self.networks or ())
        dns = [str(tree.value) for tree in constraints.permitted_subtrees or () if isinstance(tree, x509.DNSName)]
        return any(host == domain or host.endswith("." + domain) for domain in dns)

    def describe(self) -> str:
        domains, networks = self.domains, self.networks
        if domains is None:
            signs_for = "any name"
        else:
            signs_for = ", ".join(domains) + " and their subdomains" if domains else "no public name"
            if self.permits_loopback:
                signs_for += f"; loopback: {', '.join(LOOPBACK_NAMES)}"
            elif networks:
                signs_for += f"; {', '.join(str(n) for n in networks)}"
            else:
                signs_for += "; no IP address (loopback is added at the next `cursord serve` or `ca init`)"
        lines = [
            f"subject:      {self.subject}",
            f"fingerprint:  SHA-256 {self.fingerprint}",
            f"valid:        {self.not_before:%Y-%m-%d %H:%M} UTC to {self.not_after:%Y-%m-%d %H:%M} UTC",
            f"signs for:    {signs_for}",
            f"certificate:  {self.paths.cert}",
            f"key:          {self.paths.key} (mode 600; keep it private)",
        ]
        return "\n".join(lines)

    # --- leaves --------------------------------------------------------------------------------------

    def issue_leaf(
        self,
        host: str,
        *,
        also: Sequence[str] = (),
        now: dt.datetime | None = None,
        validity: dt.timedelta = LEAF_VALIDITY,
    ) -> LeafCertificate:
        """A server certificate for `host` (a DNS name or an IP address), and for the names in `also`,
        signed by this CA. `host` is the subject's common name."""
        host = host.strip(".").lower()
        if not host:
            raise ValueError("a leaf certificate needs a host name")
        now = now or utc_now()
        key = ec.generate_private_key(ec.SECP256R1())
        names = dict.fromkeys([host, *(name.strip(".").lower() for name in also)])
        sans: list[x509.GeneralName] = [
            x509.IPAddress(ipaddress.ip_address(name)) if _is_ip(name) else x509.DNSName(name) for name in names
        ]
        ca_ski = self.certificate.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
        cert = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host[:64])]))
            .issuer_name(self.certificate.subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(max(now - BACKDATE, self.not_before))
            .not_valid_after(min(now + validity, self.not_after))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=True, content_commitment=False, key_encipherment=False,
                    data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                    encipher_only=False, decipher_only=False,
                ),
                critical=True,
            )
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectAlternativeName(sans), critical=False)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False)
            .sign(self.key, hashes.SHA256())
        )
        chain = cert.public_bytes(serialization.Encoding.PEM) + self.certificate.public_bytes(
            serialization.Encoding.PEM
        )
        key_pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return LeafCertificate(host, cert, chain, key_pem)

    def issue_loopback_leaf(self, *, now: dt.datetime | None = None) -> LeafCertificate:
        """The agent listener's certificate: `localhost`, `127.0.0.1` and `::1` (a DNS name first, so
        OpenSSL never checks the common name against the DNS constraints)."""
        first, *rest = LOOPBACK_NAMES
        return self.issue_leaf(first, also=rest, now=now, validity=LOOPBACK_LEAF_VALIDITY)

    def write_loopback_leaf(self, *, now: dt.datetime | None = None) -> Path:
        """A fresh loopback leaf, its chain and key in one PEM file (mode 600) in the CA directory, for a
        TLS server that loads certificates from files (Hypercorn). Returns the file's path."""
        leaf = self.issue_loopback_leaf(now=now)
        _private_dir(self.paths.directory)
        path = self.paths.directory / LOOPBACK_LEAF_NAME
        _replace_file(path, leaf.chain_pem + leaf.key_pem, 0o600)
        return path


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


@attrs.frozen(eq=False)
class _Entry:
    leaf: LeafCertificate
    context: ssl.SSLContext


class LeafCertificates:
    """Per-host leaves and server contexts, minted on first use and kept in memory.

    `alpn` is what the contexts offer (the proxy offers h2 and http/1.1 inside the tunnel; offer "h2" only
    from a server that speaks it). `accept(name)` decides whether an SNI name gets
    its own leaf; a name it refuses is answered with the context's own host. At most `max_entries` leaves
    are kept (`*.cursor.sh` accepts any number of names): the least recently used is forgotten first, and
    minted again if its name comes back.
    """

    def __init__(
        self,
        ca: CertificateAuthority,
        *,
        alpn: Sequence[str] = ("http/1.1",),
        validity: dt.timedelta = LEAF_VALIDITY,
        renew_before: dt.timedelta = LEAF_RENEW_BEFORE,
        accept: Callable[[str], bool] | None = None,
        clock: Clock = utc_now,
        max_entries: int = DEFAULT_MAX_LEAVES,
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.ca = ca
        self.max_entries = max_entries
        self.alpn = tuple(alpn)
        self.validity = validity
        self.renew_before = renew_before
        self.accept = accept or ca.covers
        self.clock = clock
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def leaf(self, host: str) -> LeafCertificate:
        return self._entry(host).leaf

    def context(self, host: str) -> ssl.SSLContext:
        """A server context presenting `host`'s leaf, switching by SNI to other accepted names."""
        return self._entry(host).context

    def _entry(self, host: str) -> _Entry:
        host = host.strip(".").lower()
        now = self.clock()
        entry = self._entries.get(host)
        if entry is not None and entry.leaf.not_after - self.renew_before > now:
            self._entries.move_to_end(host)
            return entry
        leaf = self.ca.issue_leaf(host, now=now, validity=self.validity)
        entry = _Entry(leaf, self._server_context(leaf))
        self._entries[host] = entry
        self._entries.move_to_end(host)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)
        log.debug("minted a leaf certificate for %s (valid to %s)", host, leaf.not_after)
        return entry

    def _server_context(self, leaf: LeafCertificate) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.set_alpn_protocols(list(self.alpn))
        _load_chain(context, leaf, self.ca.paths.directory)
        context.sni_callback = self._on_sni
        return context

    def _on_sni(self, ssl_object: ssl.SSLObject, server_name: str | None, context: ssl.SSLContext) -> None:
        if not server_name:
            return
        name = server_name.strip(".").lower()
        current = self._entries.get(name)
        if current is not None and current.context is context:
            return
        if not self.accept(name):
            return
        try:
            ssl_object.context = self._entry(name).context
        except Exception:  # a failure here must not kill the handshake machinery; keep the default leaf
            log.exception("could not mint a leaf certificate for SNI name %r", name)


def _load_chain(context: ssl.SSLContext, leaf: LeafCertificate, directory: Path) -> None:
    _private_dir(directory)
    fd, name = tempfile.mkstemp(prefix=".leaf-", suffix=".pem", dir=directory)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(leaf.chain_pem + leaf.key_pem)
        context.load_cert_chain(name)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


def client_context(cafile: Path | None = None, *, alpn: Sequence[str] = ("http/1.1",)) -> ssl.SSLContext:
    """A verifying client context (the system store, or only `cafile`), offering `alpn`."""
    context = ssl.create_default_context(cafile=str(cafile) if cafile is not None else None)
    context.set_alpn_protocols(list(alpn))
    return context
