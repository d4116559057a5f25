"""One exception hierarchy for everything the service or the network can do wrong.

Every error carries ``user_message``: a sentence a clerk can act on. ``str(err)`` is the same
sentence. No error ever carries the API token.
"""

from __future__ import annotations

from kiosk_app.text import QT_TRANSLATE_NOOP


class KioskApiError(Exception):
    """Base of every API error; ``user_message`` is what the screen shows."""

    default_message = QT_TRANSLATE_NOOP("messages", "The verification service could not be used.")

    def __init__(self, user_message: str | None = None) -> None:
        self.user_message = user_message or self.default_message
        super().__init__(self.user_message)


class InputRejectedError(KioskApiError):
    """The request was refused before anything was sent (nothing was billed)."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "Some details are missing or wrong; nothing was sent."
    )

    def __init__(self, user_message: str | None = None, field: str | None = None) -> None:
        self.field = field
        super().__init__(user_message)


class ConfigurationError(KioskApiError):
    """The connection settings are unusable (for example a plain-http address off loopback)."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "The kiosk's service settings are invalid. Ask the administrator."
    )


class ApiConnectionError(KioskApiError):
    """The service could not be reached."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "The verification service cannot be reached. Check the network and try again."
    )


class ApiTimeoutError(ApiConnectionError):
    """The service did not answer in time."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "The verification service did not answer in time. Please try again."
    )


class TlsError(ApiConnectionError):
    """The service's certificate was refused (untrusted, expired or for another host).

    ``reason`` is ``"untrusted"``, ``"hostname"``, ``"expired"`` or ``"handshake"`` (any other
    failure to set up the secure connection).
    """

    default_message = QT_TRANSLATE_NOOP(
        "messages",
        "The service's security certificate was not accepted. The connection was stopped; "
        "ask the administrator.",
    )

    def __init__(self, user_message: str | None = None, *, reason: str = "handshake") -> None:
        self.reason = reason
        super().__init__(user_message)


class ApiStatusError(KioskApiError):
    """The service answered with an HTTP error status."""

    default_message = QT_TRANSLATE_NOOP("messages", "The verification service reported an error.")

    def __init__(
        self,
        user_message: str | None = None,
        *,
        status_code: int = 0,
        body_message: str | None = None,
        detail: str = "",
    ) -> None:
        self.status_code = status_code
        self.body_message = body_message
        # The sentence alone (a translation key) and the technical detail shown after it,
        # " (HTTP 500: ...)": ``user_message`` is both.
        self.sentence = user_message or self.default_message
        self.detail = detail
        super().__init__(self.sentence + detail)


class AuthenticationError(ApiStatusError):
    """401 or 403: the token or auth key was refused."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "The kiosk's access key was refused by the service. Ask the administrator."
    )


class ServerError(ApiStatusError):
    """5xx from the service."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "The verification service is having trouble. Please try again shortly."
    )


class BadReplyError(KioskApiError):
    """The reply was not what the interface describes: malformed, truncated, oversized or HTML."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "The verification service sent a reply the kiosk cannot read."
    )


class CaptivePortalError(BadReplyError):
    """A 2xx reply carrying a web page: typically a Wi-Fi sign-in ("captive portal") page."""

    default_message = QT_TRANSLATE_NOOP(
        "messages",
        "The network answered with a web page instead of the verification service, probably a "
        "Wi-Fi sign-in page. Sign in to the network (or ask the administrator), then try again.",
    )


class ReplyTooLargeError(BadReplyError):
    """The reply exceeded the size cap and was cut off."""

    default_message = QT_TRANSLATE_NOOP(
        "messages", "The verification service sent a reply that is far too large; it was ignored."
    )
