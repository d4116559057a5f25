"""Where the settings and the service client meet: a client configured from ``Settings``.

``kiosk_app.api`` knows nothing of the kiosk's settings (it sits below ``kiosk_app.config``
in the layers): the client takes plain arguments, and this module reads them off the
settings for the GUI, the admin screens and the command line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import requests

    from kiosk_app.api.client import VerificationClient
    from kiosk_app.config import Settings


@dataclass(frozen=True)
class Credentials:
    """The Bearer token and the legacy auth key."""

    token: str
    auth_key: str


def resolve_credentials(settings: Settings) -> Credentials:
    """The one place the client's secrets are read: from ``settings``, which already hold the
    flag, the environment variable or the keyring's value (``kiosk_app.config``)."""
    return Credentials(
        token=settings.api_token.get_secret_value(),
        auth_key=settings.auth_key.get_secret_value(),
    )


def client_from_settings(
    settings: Settings, session: requests.Session | None = None
) -> VerificationClient:
    """A client configured from ``settings`` (secrets via :func:`resolve_credentials`).

    The client module (and ``requests``) is imported here, on first use, not when the kiosk
    starts.
    """
    from kiosk_app.api.client import VerificationClient

    credentials = resolve_credentials(settings)
    return VerificationClient(
        base_url=settings.base_url,
        dvs_url=settings.dvs_url,
        parse_url=settings.parse_url,
        ca_bundle=settings.ca_bundle or None,
        token=credentials.token,
        auth_key=credentials.auth_key,
        proxy=settings.proxy_url or None,
        connect_timeout=settings.connect_timeout_s,
        read_timeout=settings.read_timeout_s,
        session=session,
    )
