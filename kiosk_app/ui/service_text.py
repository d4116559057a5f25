"""The service's own sentences in the clerk's language: one table of every fixed sentence the
interface documents and the simulator sends, and the service's words marked as such otherwise.

A check reply carries English sentences: a field's ``message`` ("Document is Valid"), the
Canadian licence status ("Driver's license is valid"), a failed element's ``error.message``,
the revocation row's value ("Revoked"). A known one is shown translated (context "Service");
an unknown one is shown as sent, as plain text, inside quotation marks after "Service's words:",
so the clerk knows the kiosk did not write it. Add a sentence here (and its French) when a
service is seen sending a new fixed one.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from kiosk_app.text import QT_TRANSLATE_NOOP
from kiosk_app.ui.plain_text import plain_value

CONTEXT = "Service"
# Longest service sentence shown (the rest is cut, marked with an ellipsis).
MAX_SERVICE_SENTENCE_CHARS = 500

# Sentences of the interface spec (verification-interface.md, section 2.4 and 2.5).
DOCUMENTED_SENTENCES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("Service", "Driver's license is valid"),
    QT_TRANSLATE_NOOP("Service", "Document is Valid"),
    QT_TRANSLATE_NOOP("Service", "Document is Not Valid"),
    QT_TRANSLATE_NOOP("Service", "Document is Not Revoked"),
    QT_TRANSLATE_NOOP("Service", "Document is Revoked"),
    QT_TRANSLATE_NOOP("Service", "Revoked"),
    QT_TRANSLATE_NOOP("Service", "Not Revoked"),
    QT_TRANSLATE_NOOP("Service", "Valid"),
    QT_TRANSLATE_NOOP("Service", "Class Match"),
)
# Sentences the embedded simulator sends besides (kiosk_app/simulator), and the client's own
# stand-in for a failure without a message (kiosk_app/api/verdicts.py).
SIMULATOR_SENTENCES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("Service", "Driver's license is suspended"),
    QT_TRANSLATE_NOOP("Service", "Driver's license is expired"),
    QT_TRANSLATE_NOOP("Service", "Driver's license is cancelled"),
    QT_TRANSLATE_NOOP("Service", "Driver's license was not found"),
    QT_TRANSLATE_NOOP(
        "Service", "The jurisdiction could not complete the verification; retry after 15 minutes"
    ),
    QT_TRANSLATE_NOOP("Service", "The jurisdiction's service returned an error (simulated)"),
    QT_TRANSLATE_NOOP("Service", "The trackString is not an AAMVA driver licence or ID barcode"),
    QT_TRANSLATE_NOOP("Service", "Required field TrackString is empty"),
    QT_TRANSLATE_NOOP("Service", "Field TrackString must be a string"),
    QT_TRANSLATE_NOOP("Service", "Required field DriverLicenseNumber is empty"),
    QT_TRANSLATE_NOOP("Service", "Required field DateOfBirths is empty"),
    QT_TRANSLATE_NOOP("Service", "Field DateOfBirths must be a date in yyyy-MM-dd format"),
    QT_TRANSLATE_NOOP("Service", "Required field IssuedBy is empty"),
    QT_TRANSLATE_NOOP("Service", "Field IssuedBy must be a Canadian province or territory code"),
    QT_TRANSLATE_NOOP("Service", "Field DriverLicenseClass must be at most 2 characters"),
    QT_TRANSLATE_NOOP("Service", "Field DriverLicenseNumber must be a string"),
    QT_TRANSLATE_NOOP("Service", "Field DateOfBirths must be a string"),
    QT_TRANSLATE_NOOP("Service", "Field IssuedBy must be a string"),
    QT_TRANSLATE_NOOP("Service", "Field DriverLicenseClass must be a string"),
    QT_TRANSLATE_NOOP("Service", "Field Metadata must be an object"),
    QT_TRANSLATE_NOOP(
        "Service", "The simulator requires exactly one service identifier in services"
    ),
    QT_TRANSLATE_NOOP("Service", "services must contain exactly one service identifier"),
    QT_TRANSLATE_NOOP("Service", "Unknown service identifier"),
    QT_TRANSLATE_NOOP("Service", "The service reported a failure."),
)
SERVICE_SENTENCES = frozenset(DOCUMENTED_SENTENCES + SIMULATOR_SENTENCES)
# Fields whose value is one of the service's fixed words, not the holder's data.
WORDED_VALUE_FIELDS = frozenset({"RevocationStatus"})


def is_known_sentence(text: str) -> bool:
    """True when ``text`` is one of the service's fixed sentences this kiosk translates."""
    return text.strip() in SERVICE_SENTENCES


def service_value(field_name: str, value: str) -> str:
    """A field's value as shown: the service's fixed words translated (the revocation row's
    "Revoked"), anything else, the holder's data, as sent."""
    if field_name in WORDED_VALUE_FIELDS and is_known_sentence(value):
        return QCoreApplication.translate(CONTEXT, value.strip())
    return value


def service_sentence(text: str) -> str:
    """A sentence the service sent, in the interface language: translated when known, else
    marked as the service's own words (plain, one line, bounded)."""
    sentence = text.strip()
    if not sentence:
        return ""
    if is_known_sentence(sentence):
        return QCoreApplication.translate(CONTEXT, sentence)
    return QCoreApplication.translate("Service", "Service's words: “{text}”").format(
        text=plain_value(sentence, MAX_SERVICE_SENTENCE_CHARS)
    )
