"""A throw-away PKI for the TLS tests: a test CA and leaf certificates it signs (cryptography)."""

from __future__ import annotations

import ssl
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from ipaddress import ip_address
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


@dataclass
class TestPki:
    """A CA written to ``directory/ca.pem``; :meth:`server_context` issues leaves from it."""

    directory: Path
    ca_name: str = "Kiosk Test Root CA"
    _key: ec.EllipticCurvePrivateKey = field(init=False)
    _cert: x509.Certificate = field(init=False)

    __test__ = False  # not a pytest test class

    def __post_init__(self) -> None:
        self._key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.now(UTC)
        self._cert = (
            x509.CertificateBuilder()
            .subject_name(_name(self.ca_name))
            .issuer_name(_name(self.ca_name))
            .public_key(self._key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(days=1))
            .not_valid_after(now + timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=True,
                    key_cert_sign=True,
                    crl_sign=True,
                    content_commitment=False,
                    key_encipherment=False,
                    data_encipherment=False,
                    key_agreement=False,
                    encipher_only=False,
                    decipher_only=False,
                ),
                critical=True,
            )
            .add_extension(
                x509.SubjectKeyIdentifier.from_public_key(self._key.public_key()), critical=False
            )
            .sign(self._key, hashes.SHA256())
        )
        self.ca_path.write_bytes(self._cert.public_bytes(serialization.Encoding.PEM))

    @property
    def ca_path(self) -> Path:
        """The CA certificate (PEM): what an administrator would configure as ``ca_bundle``."""
        return self.directory / "ca.pem"

    def server_context(
        self,
        names: tuple[str, ...] = (),
        ips: tuple[str, ...] = ("127.0.0.1",),
        *,
        expired: bool = False,
        label: str = "leaf",
    ) -> ssl.SSLContext:
        """A server TLS context presenting a leaf for ``names``/``ips`` signed by the CA."""
        key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.now(UTC)
        start, end = (
            (now - timedelta(days=10), now - timedelta(days=1))
            if expired
            else (now - timedelta(hours=1), now + timedelta(days=7))
        )
        alt_names: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
        alt_names += [x509.IPAddress(ip_address(i)) for i in ips]
        cert = (
            x509.CertificateBuilder()
            .subject_name(_name(names[0] if names else ips[0]))
            .issuer_name(self._cert.subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(start)
            .not_valid_after(end)
            .add_extension(x509.SubjectAlternativeName(alt_names), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(
                x509.AuthorityKeyIdentifier.from_issuer_public_key(self._key.public_key()),
                critical=False,
            )
            .sign(self._key, hashes.SHA256())
        )
        cert_path = self.directory / f"{label}.pem"
        key_path = self.directory / f"{label}.key"
        cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        key_path.write_bytes(_pem_key(key))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert_path, key_path)
        return context
