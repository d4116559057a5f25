"""Checks run before anything is sent, with messages a clerk understands.

The GUI form reuses these functions for its inline messages; each error names its ``field``
(``licence_number``, ``date_of_birth``, ``province``, ``licence_class``, ``barcode``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from kiosk_app.api.errors import InputRejectedError
from kiosk_app.text import QT_TRANSLATE_NOOP

# The 13 provinces and territories (Canada Post codes).
PROVINCES: dict[str, str] = {
    "AB": QT_TRANSLATE_NOOP("messages", "Alberta"),
    "BC": QT_TRANSLATE_NOOP("messages", "British Columbia"),
    "MB": QT_TRANSLATE_NOOP("messages", "Manitoba"),
    "NB": QT_TRANSLATE_NOOP("messages", "New Brunswick"),
    "NL": QT_TRANSLATE_NOOP("messages", "Newfoundland and Labrador"),
    "NS": QT_TRANSLATE_NOOP("messages", "Nova Scotia"),
    "NT": QT_TRANSLATE_NOOP("messages", "Northwest Territories"),
    "NU": QT_TRANSLATE_NOOP("messages", "Nunavut"),
    "ON": QT_TRANSLATE_NOOP("messages", "Ontario"),
    "PE": QT_TRANSLATE_NOOP("messages", "Prince Edward Island"),
    "QC": QT_TRANSLATE_NOOP("messages", "Quebec"),
    "SK": QT_TRANSLATE_NOOP("messages", "Saskatchewan"),
    "YT": QT_TRANSLATE_NOOP("messages", "Yukon"),
}

MAX_LICENCE_NUMBER_CHARS = 40
MAX_CLASS_CHARS = 2
# A PDF417 symbol holds at most about 1.1 KB of bytes and a licence payload well under 3 KB;
# anything far longer is a flooding scanner or the wrong file, and is never sent (billed).
MAX_BARCODE_PAYLOAD_BYTES = 16 * 1024
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class CanadaCheckInput:
    """What the clerk typed for a Canadian registry check (before validation)."""

    licence_number: str
    date_of_birth: str
    province: str
    licence_class: str | None = None
    metadata: dict[str, Any] | None = None


def validate_licence_number(value: str) -> str:
    """The licence number, trimmed; refused when empty, too long or multi-line."""
    text = (value or "").strip()
    if not text:
        raise InputRejectedError(
            QT_TRANSLATE_NOOP("messages", "Enter the licence number."), field="licence_number"
        )
    if len(text) > MAX_LICENCE_NUMBER_CHARS or not text.isprintable():
        raise InputRejectedError(
            QT_TRANSLATE_NOOP(
                "messages",
                "The licence number does not look right; type it as printed on the card.",
            ),
            field="licence_number",
        )
    return text


def validate_date_of_birth(value: str, today: date | None = None) -> str:
    """The date of birth as yyyy-MM-dd: a real calendar date, not in the future."""
    text = (value or "").strip()
    if not text:
        raise InputRejectedError(
            QT_TRANSLATE_NOOP("messages", "Enter the date of birth."), field="date_of_birth"
        )
    if not _ISO_DATE.match(text):
        raise InputRejectedError(
            QT_TRANSLATE_NOOP(
                "messages", "Enter the date of birth as year-month-day, for example 1989-12-24."
            ),
            field="date_of_birth",
        )
    try:
        born = date.fromisoformat(text)
    except ValueError:
        raise InputRejectedError(
            QT_TRANSLATE_NOOP(
                "messages", "That date of birth does not exist; check the day and month."
            ),
            field="date_of_birth",
        ) from None
    if born > (today or date.today()):
        raise InputRejectedError(
            QT_TRANSLATE_NOOP("messages", "The date of birth is in the future; check the year."),
            field="date_of_birth",
        )
    return text


def validate_province(value: str) -> str:
    """The two-letter province or territory code, upper-cased."""
    code = (value or "").strip().upper()
    if not code:
        raise InputRejectedError(
            QT_TRANSLATE_NOOP("messages", "Choose the province or territory."), field="province"
        )
    if code not in PROVINCES:
        raise InputRejectedError(
            QT_TRANSLATE_NOOP(
                "messages",
                "Choose a Canadian province or territory (two letters, for example ON or BC).",
            ),
            field="province",
        )
    return code


def validate_licence_class(value: str | None) -> str | None:
    """The optional licence class (at most 2 characters, one class); empty means none."""
    text = (value or "").strip()
    if not text:
        return None
    if len(text) > MAX_CLASS_CHARS or not text.isalnum():
        raise InputRejectedError(
            QT_TRANSLATE_NOOP(
                "messages",
                "Enter one licence class of at most 2 letters or digits, for example G or 5.",
            ),
            field="licence_class",
        )
    return text.upper()


def validate_canada_input(data: CanadaCheckInput, today: date | None = None) -> CanadaCheckInput:
    """The input with every field checked and normalised; raises ``InputRejectedError``."""
    return CanadaCheckInput(
        licence_number=validate_licence_number(data.licence_number),
        date_of_birth=validate_date_of_birth(data.date_of_birth, today),
        province=validate_province(data.province),
        licence_class=validate_licence_class(data.licence_class),
        metadata=data.metadata,
    )


def validate_barcode_payload(payload: bytes) -> bytes:
    """The raw barcode payload, refused when empty, only whitespace, or far too long."""
    if not payload or not payload.strip():
        raise InputRejectedError(
            QT_TRANSLATE_NOOP(
                "messages", "No barcode data was read; scan the back of the card again."
            ),
            field="barcode",
        )
    if len(payload) > MAX_BARCODE_PAYLOAD_BYTES:
        raise InputRejectedError(
            QT_TRANSLATE_NOOP(
                "messages",
                "The scanned data is far too long to be a licence barcode; nothing was sent. "
                "Scan the back of the card again.",
            ),
            field="barcode",
        )
    return payload


def validate_image(image: bytes) -> bytes:
    """An image of the back of the card, refused when empty."""
    if not image:
        raise InputRejectedError(
            QT_TRANSLATE_NOOP("messages", "The image of the back of the card is empty."),
            field="image",
        )
    return image
