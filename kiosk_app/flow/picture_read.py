"""The service reads a picture the kiosk could not (the admin's ``picture_fallback``): which
check that is, and the licence panel filled from what the service read.

What comes back is the service's parse of the barcode, neutral like Parse only: never a
verification, and never a signature check (there are no barcode bytes to sign).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Final

from kiosk_app.barcode.licence import age_on
from kiosk_app.flow.age import expires_within, parse_birth_date, under_minimum
from kiosk_app.flow.models import CanadaFormData, LicenceSummary
from kiosk_app.kinds import CheckKind
from kiosk_app.text import QT_TRANSLATE_NOOP

# The admin's choice and the check it runs (``off``: not offered).
SERVICE_READS: Final[Mapping[str, CheckKind]] = {
    "document-verification": CheckKind.DVS_PARSE,
    "legacy-parse-image": CheckKind.LEGACY_PARSE,
}
# Where each service writes the fields of the licence panel (DVS ``document``, legacy
# ``DriverLicense``): full name, first name, last name, date of birth, expiry, number, country.
_NAMES: Final = ("fullName", "FullName")
_FIRST: Final = ("firstName", "FirstName")
_LAST: Final = ("familyName", "LastName")
_BIRTH: Final = ("dob", "Birthdate")
_EXPIRY: Final = ("expires", "ExpirationDate")
_NUMBER: Final = ("id", "LicenseNumber")
_COUNTRY: Final = ("abbr3Country", "CountryCode")
_PROVINCE: Final = ("state", "JurisdictionCode")
_CLASS: Final = ("class", "VehicleClassCode")

READING_BY_SERVICE = QT_TRANSLATE_NOOP("messages", "The service is reading the picture…")
ALREADY_READ = QT_TRANSLATE_NOOP(
    "messages", "This picture was read by the service already: its answer again, not billed."
)

# The service could not read the picture either: the Error screen's title (the service's own
# words follow), and the advice on a result without the fields (ParseImage's Success false).
NOT_READ_TITLE = QT_TRANSLATE_NOOP("messages", "The service could not read the picture either")
NOT_READ_ADVICE = QT_TRANSLATE_NOOP(
    "messages",
    "The service could not read the picture either: scan the card again, take a sharper "
    "picture of its back, or check the card by eye.",
)


def _first(document: Mapping[str, str], keys: tuple[str, ...]) -> str:
    return next((document[k].strip() for k in keys if document.get(k, "").strip()), "")


def licence_from_reply(
    document: Mapping[str, str],
    *,
    age_of_majority: int,
    minimum_age: int | None,
    expiry_warning_days: int,
    today: date,
) -> LicenceSummary | None:
    """The licence panel from the service's parsed fields (None when it read nothing)."""
    if not document:
        return None
    name = _first(document, _NAMES) or " ".join(
        p for p in (_first(document, _FIRST), _first(document, _LAST)) if p
    )
    born = parse_birth_date(_first(document, _BIRTH))
    expiry = parse_birth_date(_first(document, _EXPIRY))
    expired = expiry is not None and expiry < today
    return LicenceSummary(
        full_name=name,
        date_of_birth=born,
        age=age_on(born, today) if born is not None else None,
        age_of_majority=age_of_majority,
        expiry_date=expiry,
        expired=expired,
        days_to_expiry=(expiry - today).days if expiry is not None else None,
        licence_number=_first(document, _NUMBER),
        canadian=_first(document, _COUNTRY) == "CAN",
        under_age=under_minimum([born] if born else [], minimum_age, today),
        expires_in_days=None if expired else expires_within(expiry, expiry_warning_days, today),
        read_by_service=True,
    )


def prefill_from_reply(document: Mapping[str, str]) -> CanadaFormData | None:
    """The registry form pre-filled from what the service read of a Canadian licence (None
    for any other card): the registry check can follow without the barcode."""
    if _first(document, _COUNTRY) != "CAN":
        return None
    born = parse_birth_date(_first(document, _BIRTH))
    return CanadaFormData(
        licence_number=_first(document, _NUMBER),
        date_of_birth=born.isoformat() if born else "",
        province=_first(document, _PROVINCE),
        licence_class=_first(document, _CLASS),
    )
