"""Human labels for the services' document fields, dates in the desk's format, and the
comparison of the service's read with the kiosk's own read of the barcode.

One table for every field name a service sends (the check services' ``fieldName`` rows, the
DVS parse's camelCase ``document`` members, the legacy parse's PascalCase ``DriverLicense``
members), translated in the "Fields" context and used on every screen: a clerk never sees
``abbr3Country``, ``dob`` or the service's English caption. Extend ``FIELD_LABELS`` (and the
French translation) when a service adds a field; an unknown name is shown spelled out in words
("PostalBox" -> "Postal box") and logged once (its name only, never its value).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from PySide6.QtCore import QCoreApplication

from kiosk_app.flow.models import LicenceSummary
from kiosk_app.text import QT_TRANSLATE_NOOP

translate = QCoreApplication.translate
logger = logging.getLogger(__name__)

# Field name (as the service spells it) -> English label (context "Fields").
FIELD_LABELS: dict[str, str] = {
    # Check services (section 2.4, 2.5): the Canadian and signature rows' fieldName. The
    # Canadian IDNumber row holds the licence number; the signature one, the document's number
    # (its match is the signature's validity).
    "BirthDate": QT_TRANSLATE_NOOP("Fields", "Date of birth"),
    "IDNumber": QT_TRANSLATE_NOOP("Fields", "Licence or ID number"),
    "CurrentLicenseClasses": QT_TRANSLATE_NOOP("Fields", "Current licence classes"),
    "RevocationStatus": QT_TRANSLATE_NOOP("Fields", "Revocation status"),
    "State": QT_TRANSLATE_NOOP("Fields", "State or province"),
    "Address": QT_TRANSLATE_NOOP("Fields", "Street address"),
    # DVS parse: document members.
    "abbr3Country": QT_TRANSLATE_NOOP("Fields", "Country code"),
    "abbrCountry": QT_TRANSLATE_NOOP("Fields", "Country code (2 letters)"),
    "address": QT_TRANSLATE_NOOP("Fields", "Street address"),
    "city": QT_TRANSLATE_NOOP("Fields", "City"),
    "class": QT_TRANSLATE_NOOP("Fields", "Licence class"),
    "country": QT_TRANSLATE_NOOP("Fields", "Country"),
    "dob": QT_TRANSLATE_NOOP("Fields", "Date of birth"),
    "expires": QT_TRANSLATE_NOOP("Fields", "Expiry date"),
    "eyes": QT_TRANSLATE_NOOP("Fields", "Eye colour"),
    "familyName": QT_TRANSLATE_NOOP("Fields", "Family name"),
    "firstName": QT_TRANSLATE_NOOP("Fields", "First name"),
    "fullName": QT_TRANSLATE_NOOP("Fields", "Full name"),
    "gender": QT_TRANSLATE_NOOP("Fields", "Sex"),
    "hair": QT_TRANSLATE_NOOP("Fields", "Hair colour"),
    "height": QT_TRANSLATE_NOOP("Fields", "Height"),
    "id": QT_TRANSLATE_NOOP("Fields", "Licence number"),
    "idType": QT_TRANSLATE_NOOP("Fields", "Document type"),
    "issued": QT_TRANSLATE_NOOP("Fields", "Issue date"),
    "middleName": QT_TRANSLATE_NOOP("Fields", "Middle name"),
    "postalBox": QT_TRANSLATE_NOOP("Fields", "Postal box"),
    "state": QT_TRANSLATE_NOOP("Fields", "State or province"),
    "issuedBy": QT_TRANSLATE_NOOP("Fields", "Issued by"),
    "weight": QT_TRANSLATE_NOOP("Fields", "Weight"),
    "zip": QT_TRANSLATE_NOOP("Fields", "Postal code"),
    "ssn": QT_TRANSLATE_NOOP("Fields", "Social security number"),
    # Legacy parse: DriverLicense members.
    "Address1": QT_TRANSLATE_NOOP("Fields", "Street address"),
    "Address2": QT_TRANSLATE_NOOP("Fields", "Street address, line 2"),
    "Birthdate": QT_TRANSLATE_NOOP("Fields", "Date of birth"),
    "CardRevisionDate": QT_TRANSLATE_NOOP("Fields", "Card design date"),
    "City": QT_TRANSLATE_NOOP("Fields", "City"),
    "ClassificationCode": QT_TRANSLATE_NOOP("Fields", "Standard vehicle class"),
    "ComplianceType": QT_TRANSLATE_NOOP("Fields", "REAL ID compliance"),
    "Country": QT_TRANSLATE_NOOP("Fields", "Country"),
    "CountryCode": QT_TRANSLATE_NOOP("Fields", "Country code"),
    "DocumentType": QT_TRANSLATE_NOOP("Fields", "Document type"),
    "EndorsementCodeDescription": QT_TRANSLATE_NOOP("Fields", "Endorsements"),
    "EndorsementsCode": QT_TRANSLATE_NOOP("Fields", "Endorsement codes"),
    "ExpirationDate": QT_TRANSLATE_NOOP("Fields", "Expiry date"),
    "EyeColor": QT_TRANSLATE_NOOP("Fields", "Eye colour"),
    "FirstName": QT_TRANSLATE_NOOP("Fields", "First name"),
    "FullName": QT_TRANSLATE_NOOP("Fields", "Full name"),
    "Gender": QT_TRANSLATE_NOOP("Fields", "Sex"),
    "HAZMATExpDate": QT_TRANSLATE_NOOP("Fields", "Hazardous materials endorsement expiry"),
    "HairColor": QT_TRANSLATE_NOOP("Fields", "Hair colour"),
    "Height": QT_TRANSLATE_NOOP("Fields", "Height"),
    "IIN": QT_TRANSLATE_NOOP("Fields", "Issuer number (IIN)"),
    "IssueDate": QT_TRANSLATE_NOOP("Fields", "Issue date"),
    "IssuedBy": QT_TRANSLATE_NOOP("Fields", "Issued by"),
    "JurisdictionCode": QT_TRANSLATE_NOOP("Fields", "State or province of the address"),
    "LastName": QT_TRANSLATE_NOOP("Fields", "Family name"),
    "LicenseNumber": QT_TRANSLATE_NOOP("Fields", "Licence number"),
    "LimitedDurationDocument": QT_TRANSLATE_NOOP("Fields", "Limited-duration document"),
    "MiddleName": QT_TRANSLATE_NOOP("Fields", "Middle name"),
    "NamePrefix": QT_TRANSLATE_NOOP("Fields", "Name prefix"),
    "NameSuffix": QT_TRANSLATE_NOOP("Fields", "Name suffix"),
    "OrganDonor": QT_TRANSLATE_NOOP("Fields", "Organ donor"),
    "PostalBox": QT_TRANSLATE_NOOP("Fields", "Postal box"),
    "PostalCode": QT_TRANSLATE_NOOP("Fields", "Postal code"),
    "Race": QT_TRANSLATE_NOOP("Fields", "Race or ethnicity"),
    "RestrictionCode": QT_TRANSLATE_NOOP("Fields", "Restriction codes"),
    "RestrictionCodeDescription": QT_TRANSLATE_NOOP("Fields", "Restrictions"),
    "VehicleClassCode": QT_TRANSLATE_NOOP("Fields", "Vehicle class"),
    "VehicleClassCodeDescription": QT_TRANSLATE_NOOP("Fields", "Vehicle class, in words"),
    "Veteran": QT_TRANSLATE_NOOP("Fields", "Veteran"),
    "WeightKG": QT_TRANSLATE_NOOP("Fields", "Weight (kg)"),
    "WeightLBS": QT_TRANSLATE_NOOP("Fields", "Weight (lb)"),
}
# Fields holding a date: shown in the desk's format.
DATE_FIELDS = frozenset(
    {"dob", "expires", "issued", "Birthdate", "BirthDate", "ExpirationDate", "IssueDate"}
    | {"CardRevisionDate", "HAZMATExpDate"}
)
# Date spellings the services use (ISO first; AAMVA's US and Canadian orders after).
SERVICE_DATE_FORMATS = ("%Y-%m-%d", "%Y%m%d", "%m%d%Y", "%m/%d/%Y", "%Y/%m/%d")
DESK_DATE_FORMAT = "%Y-%m-%d"  # the desk's format: the licence panel's and the Canadian form's


# Unknown field names already logged (each once per run; a name is not personal data).
_LOGGED_UNKNOWN: set[str] = set()
# Longest unknown name written to the log (a hostile service could send megabytes).
MAX_LOGGED_NAME_CHARS = 60
# Word boundaries in a field name: lower-to-upper ("postalBox"), an acronym's end ("IDNumber"),
# letters-to-digits, and underscores, dashes and dots.
_WORD_BREAK = re.compile(
    r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)|[_\-.]"
)


def field_label(name: str) -> str:
    """The field's human label in the interface language (unknown names spelled out)."""
    english = FIELD_LABELS.get(name)
    if english is not None:
        return translate("Fields", english)
    if name and name not in _LOGGED_UNKNOWN:
        _LOGGED_UNKNOWN.add(name)
        logger.warning("Unknown field name from the service: %r", name[:MAX_LOGGED_NAME_CHARS])
    return spelled_out(name)


def spelled_out(name: str) -> str:
    """A field name in words: "PostalBox" -> "Postal box", "IDNumber" -> "ID number"."""
    words = [w for w in _WORD_BREAK.sub(" ", name).split() if w]
    if not words:
        return "—"
    shown = [w if w.isupper() and len(w) > 1 else w.lower() for w in words]
    return shown[0][:1].upper() + shown[0][1:] + "".join(f" {w}" for w in shown[1:])


def desk_date(value: date | None) -> str:
    """A date in the desk's format (``unknown`` for None)."""
    return value.strftime(DESK_DATE_FORMAT) if value else translate("Fields", "unknown")


def service_date(text: str) -> date | None:
    """A date as a service spells it, or None when it is not one of the known spellings."""
    cleaned = text.strip()
    for spelling in SERVICE_DATE_FORMATS:
        try:
            return datetime.strptime(cleaned, spelling).date()
        except ValueError:
            continue
    return None


def field_value(name: str, value: str) -> str:
    """The value as shown: dates in the desk's format, the rest as the service sent it."""
    if name in DATE_FIELDS:
        parsed = service_date(value)
        if parsed is not None:
            return desk_date(parsed)
    return value


class Comparison(StrEnum):
    """How the service's read of one field compares with the kiosk's own read."""

    DIFFERS = "differs"
    SAME = "same"
    NOT_COMPARED = "none"


def _words(text: str) -> list[str]:
    return sorted(w for w in re.split(r"[\s,]+", text.upper()) if w)


def _same_text(service: str, local: str) -> bool:
    return _words(service) == _words(local)


def _same_date(service: str, local: date | None) -> bool:
    return service_date(service) == local


# Field name -> (the local read's value, how to compare). Only what the local read holds.
LOCAL_FIELDS: dict[str, tuple[Callable[[LicenceSummary], object], Callable[..., bool]]] = {
    "fullName": (lambda lic: lic.full_name, _same_text),
    "FullName": (lambda lic: lic.full_name, _same_text),
    "dob": (lambda lic: lic.date_of_birth, _same_date),
    "Birthdate": (lambda lic: lic.date_of_birth, _same_date),
    "expires": (lambda lic: lic.expiry_date, _same_date),
    "ExpirationDate": (lambda lic: lic.expiry_date, _same_date),
    "id": (lambda lic: lic.licence_number, _same_text),
    "LicenseNumber": (lambda lic: lic.licence_number, _same_text),
}


@dataclass(frozen=True)
class DocumentLine:
    """One field of a parse, ready to show: label, value, and the comparison with the local
    read (``local``: the local value as shown, when it differs)."""

    name: str
    label: str
    value: str
    comparison: Comparison
    local: str = ""


def _shown(value: object) -> str:
    return desk_date(value) if isinstance(value, date) else str(value)


COMPARISON_ORDER = {Comparison.DIFFERS: 0, Comparison.SAME: 1, Comparison.NOT_COMPARED: 2}


def document_lines(document: dict[str, str], licence: LicenceSummary | None) -> list[DocumentLine]:
    """The parsed fields in display order: differences first, then agreements, then the rest
    (each group in the service's order)."""
    lines = []
    for name, value in document.items():
        if not value:
            continue
        comparison, local = Comparison.NOT_COMPARED, ""
        if licence is not None and name in LOCAL_FIELDS:
            read, same = LOCAL_FIELDS[name]
            local_value = read(licence)
            if local_value:
                comparison = Comparison.SAME if same(value, local_value) else Comparison.DIFFERS
                local = _shown(local_value)
        lines.append(
            DocumentLine(name, field_label(name), field_value(name, value), comparison, local)
        )
    return sorted(lines, key=lambda line: COMPARISON_ORDER[line.comparison])
