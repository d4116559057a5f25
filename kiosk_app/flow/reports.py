"""What the Error screen shows for a failure: the typed errors' own sentences, never data."""

from __future__ import annotations

from kiosk_app.api.errors import ApiStatusError, KioskApiError
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.flow.models import ErrorKind, ErrorReport
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

SENTENCE_WITH_STATUS = QT_TRANSLATE_NOOP("messages", "{sentence} (HTTP {code})")
SENTENCE_WITH_SERVICE_WORDS = QT_TRANSLATE_NOOP(
    "messages", "{sentence} (HTTP {code}; the service's words: “{words}”)"
)


def report_for(error: BaseException) -> ErrorReport:
    """The Error screen's content for a failure; messages are the typed errors' own."""
    if isinstance(error, BarcodeError):
        return ErrorReport(
            ErrorKind.UNREADABLE,
            QT_TRANSLATE_NOOP("messages", "The licence could not be read"),
            error.hint,
        )
    if isinstance(error, KioskApiError):
        message: str = error.user_message
        if isinstance(error, ApiStatusError) and error.detail:
            # The sentence translated; the status code and the service's own words as sent,
            # marked as the service's.
            message = (
                Message(
                    SENTENCE_WITH_SERVICE_WORDS,
                    sentence=Message(error.sentence),
                    code=error.status_code,
                    words=error.body_message,
                )
                if error.body_message
                else Message(
                    SENTENCE_WITH_STATUS, sentence=Message(error.sentence), code=error.status_code
                )
            )
        return ErrorReport(
            ErrorKind.SERVICE,
            QT_TRANSLATE_NOOP("messages", "The check could not be completed"),
            message,
        )
    return ErrorReport(
        ErrorKind.INTERNAL,
        QT_TRANSLATE_NOOP("messages", "Something went wrong in the kiosk"),
        QT_TRANSLATE_NOOP("messages", "Please try again. If it happens again, call support."),
    )
