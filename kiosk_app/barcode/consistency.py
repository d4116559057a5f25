"""Local consistency checks of a parsed licence barcode: free, offline advice, never a verdict.

:func:`check_consistency` runs every rule of :mod:`kiosk_app.barcode.consistency_rules` that
applies to the record (a rule whose inputs the card lacks is skipped, not counted) and returns
the findings as English templates with their parameters. Parameters are codes, numbers and
years, never names or numbers of the holder, so a finding may be shown or exported without
leaking personal data.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from kiosk_app.barcode import jurisdictions
from kiosk_app.barcode.consistency_rules import (
    CANADIAN_POSTAL_FORM,
    ISSUE_DATE_GRACE_DAYS,
    MAX_AGE_AT_ISSUE,
    MIN_DRIVING_AGE,
    REAL_ID_MAX_YEARS,
    RULES,
    US_POSTAL_FORM,
    VERSION_PUBLISHED,
    VERSION_YEAR_GRACE,
    mandatory_elements,
    missing_mandatory,
    rules_for,
)
from kiosk_app.barcode.licence import LicenceRecord, age_on, calendar_date

__all__ = ["ConsistencyReport", "Finding", "check_consistency"]

_DATE_ELEMENTS = (("DBB", "date_of_birth"), ("DBD", "issue_date"), ("DBA", "expiry_date"))
# Placeholder dates some issuers write for "none" (all zeros, all nines).
_NO_DATE = re.compile(r"0{8}|9{8}")
# The height elements: any unit (DAU), centimetres (DAV, version 01). Blank or "NONE" is no
# height given, not an implausible one.
_HEIGHT_ELEMENTS = ("DAU", "DAV")
_NO_HEIGHT = re.compile(r"\s*(?:NONE|N/A|UNK)?\s*", re.IGNORECASE)
# ZIP, ZIP+4, and the standard's 11-character field padded with zeros (some issuers pad less).
_US_POSTAL = re.compile(r"\d{5,11}")
# A1A 1A1, possibly padded to the field's 11 characters with zeros.
_CANADIAN_POSTAL = re.compile(r"[A-Z]\d[A-Z]\d[A-Z]\d0*")


@dataclass(frozen=True)
class Finding:
    """One thing that looks unusual: the rule's code, its English template, the parameters."""

    code: str
    message: str
    params: tuple[tuple[str, str], ...] = ()

    def text(self, translate: Callable[[str], str] | None = None) -> str:
        """The sentence, its template first passed through ``translate`` when given."""
        params = dict(self.params)
        template = translate(self.message) if translate else self.message
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):  # a translation that broke a placeholder
            return self.message.format(**params)

    def to_json(self, translate: Callable[[str], str] | None = None) -> dict[str, str]:
        """``{"code": ..., "message": ...}`` as ``parse --json`` prints it."""
        return {"code": self.code, "message": self.text(translate)}


@dataclass(frozen=True)
class ConsistencyReport:
    """How many rules applied to the card, and what looked unusual."""

    checked: int
    findings: tuple[Finding, ...]
    applied: tuple[str, ...] = ()

    def codes(self) -> list[str]:
        """The codes of the findings, in rule order."""
        return [finding.code for finding in self.findings]

    def to_json(self, translate: Callable[[str], str] | None = None) -> dict[str, Any]:
        """``{"checked": N, "warnings": [...]}``: the ``consistency`` member of the JSON."""
        return {
            "checked": self.checked,
            "warnings": [finding.to_json(translate) for finding in self.findings],
        }


def _finding(code: str, **params: object) -> Finding:
    return Finding(code, RULES[code].message, tuple((k, str(v)) for k, v in params.items()))


# A check returns None when it does not apply to the card, else its findings (maybe none).
Check = Callable[[LicenceRecord, date], list[Finding] | None]


def _issuer_address(record: LicenceRecord) -> str | None:
    return (record.address_jurisdiction or "").strip().upper() or None


def _iin_known(record: LicenceRecord, today: date) -> list[Finding] | None:
    if record.iin is None:
        return None
    if jurisdictions.by_iin(record.iin) is None:
        return [_finding("IIN_UNKNOWN", iin=record.iin)]
    return []


def _iin_jurisdiction(record: LicenceRecord, today: date) -> list[Finding] | None:
    issuer = jurisdictions.by_iin(record.iin)
    address = _issuer_address(record)
    if issuer is None or address is None or jurisdictions.by_code(address) is None:
        return None
    if issuer.code != address:
        return [_finding("IIN_JURISDICTION", issuer=issuer.code, address=address)]
    return []


def _version_for_issue_date(record: LicenceRecord, today: date) -> list[Finding] | None:
    published = VERSION_PUBLISHED.get(record.version)
    if published is None or record.issue_date is None:
        return None
    if record.issue_date.year < published - VERSION_YEAR_GRACE:
        return [
            _finding("VERSION_FOR_ISSUE_DATE", version=f"{record.version:02d}",
                     published=published, issued=record.issue_date.year)
        ]  # fmt: skip
    return []


def _mandatory(record: LicenceRecord, today: date) -> list[Finding] | None:
    if not mandatory_elements(record.version, record.document_type):
        return None
    missing = missing_mandatory(record.elements, record.version, record.document_type)
    if missing:
        return [_finding("MANDATORY_ELEMENTS", elements=", ".join(missing))]
    return []


def _header_entries(record: LicenceRecord, today: date) -> list[Finding] | None:
    facts = record.payload_facts
    if facts is None or not facts.designators:
        return None
    if facts.declared_entries != len(facts.designators):
        return [
            _finding("HEADER_ENTRIES", declared=facts.declared_entries,
                     found=len(facts.designators))
        ]  # fmt: skip
    return []


def _header_first_offset(record: LicenceRecord, today: date) -> list[Finding] | None:
    facts = record.payload_facts
    if facts is None or not facts.designators or facts.standard_first_offset is None:
        return None
    declared = facts.designators[0][1]
    if declared != facts.standard_first_offset:
        return [
            _finding("HEADER_FIRST_OFFSET", declared=declared,
                     expected=facts.standard_first_offset)
        ]  # fmt: skip
    return []


def _subfile_type(record: LicenceRecord, today: date) -> list[Finding] | None:
    facts = record.payload_facts
    if facts is None or not facts.designators:
        return None
    if facts.unusual_subfile_type is not None:
        return [_finding("SUBFILE_TYPE", kind=facts.unusual_subfile_type)]
    return []


def _header_length(record: LicenceRecord, today: date) -> list[Finding] | None:
    facts = record.payload_facts
    if facts is None or not facts.designators:
        return None
    if facts.short_by > 0:
        return [_finding("HEADER_LENGTH", missing=facts.short_by)]
    return []


def _unread_dates(record: LicenceRecord, in_calendar: bool) -> list[Finding] | None:
    """DATE_IMPLAUSIBLE (``in_calendar``: the date exists, in a year out of range) or
    DATE_INVALID (no such day) for each date element not read as a date; None when the card
    has no date element. A placeholder (all zeros, all nines) is neither."""
    present = [
        (element_id, field)
        for element_id, field in _DATE_ELEMENTS
        if (record.elements.get(element_id) or "").strip()
    ]
    if not present:
        return None
    code = "DATE_IMPLAUSIBLE" if in_calendar else "DATE_INVALID"
    findings = []
    for element_id, field in present:
        raw = record.elements[element_id]
        if getattr(record, field) is not None or _NO_DATE.fullmatch(re.sub(r"\D", "", raw)):
            continue
        if calendar_date(raw) is in_calendar:
            findings.append(_finding(code, element=element_id))
    return findings


def _dates_real(record: LicenceRecord, today: date) -> list[Finding] | None:
    return _unread_dates(record, in_calendar=False)


def _dates_plausible(record: LicenceRecord, today: date) -> list[Finding] | None:
    return _unread_dates(record, in_calendar=True)


def _height_plausible(record: LicenceRecord, today: date) -> list[Finding] | None:
    present = [
        element_id
        for element_id in _HEIGHT_ELEMENTS
        if not _NO_HEIGHT.fullmatch(record.elements.get(element_id) or "")
    ]
    if not present:
        return None
    if record.height_inches is None and record.height_cm is None:
        return [_finding("HEIGHT_IMPLAUSIBLE", element=", ".join(present))]
    return []


def _birth_before_issue(record: LicenceRecord, today: date) -> list[Finding] | None:
    if record.date_of_birth is None or record.issue_date is None:
        return None
    return [] if record.date_of_birth < record.issue_date else [_finding("BIRTH_AFTER_ISSUE")]


def _issue_not_future(record: LicenceRecord, today: date) -> list[Finding] | None:
    if record.issue_date is None:
        return None
    latest = today + timedelta(days=ISSUE_DATE_GRACE_DAYS)
    return [] if record.issue_date <= latest else [_finding("ISSUE_IN_FUTURE")]


def _expiry_after_issue(record: LicenceRecord, today: date) -> list[Finding] | None:
    if record.issue_date is None or record.expiry_date is None:
        return None
    return [] if record.issue_date < record.expiry_date else [_finding("EXPIRY_BEFORE_ISSUE")]


def _years_between(start: date, end: date) -> int:
    """Completed years from ``start`` to ``end``, rounded up when any days remain."""
    whole = age_on(start, end)
    try:
        anniversary = start.replace(year=start.year + whole)
    except ValueError:  # 29 February
        anniversary = date(start.year + whole, 3, 1)
    return whole + (1 if end > anniversary else 0)


def _exceeds(start: date, end: date, years: int) -> bool:
    try:
        limit = start.replace(year=start.year + years)
    except ValueError:
        limit = date(start.year + years, 3, 1)
    return end > limit


def _validity(record: LicenceRecord, today: date) -> list[Finding] | None:
    issued, expires = record.issue_date, record.expiry_date
    # Identity cards are left out: some issuers give seniors cards that hardly ever expire.
    if record.document_type != "DL" or issued is None or expires is None or expires <= issued:
        return None
    table = rules_for(record.jurisdiction)
    if _exceeds(issued, expires, table.max_validity_years):
        return [
            _finding("VALIDITY_TOO_LONG", years=_years_between(issued, expires),
                     jurisdiction=record.jurisdiction or "?",
                     maximum=table.max_validity_years)
        ]  # fmt: skip
    return []


def _real_id_validity(record: LicenceRecord, today: date) -> list[Finding] | None:
    issued, expires = record.issue_date, record.expiry_date
    if (record.compliance_type or "").upper() != "F" or issued is None or expires is None:
        return None
    if _exceeds(issued, expires, REAL_ID_MAX_YEARS):
        return [_finding("REAL_ID_VALIDITY", maximum=REAL_ID_MAX_YEARS)]
    return []


def _age_at_issue(record: LicenceRecord, today: date) -> list[Finding] | None:
    born, issued = record.date_of_birth, record.issue_date
    if born is None or issued is None or born >= issued:
        return None  # an impossible order is BIRTH_AFTER_ISSUE's finding
    age = age_on(born, issued)
    # A driving age applies to a licence with a vehicle class; some issuers put identity
    # cards in a DL subfile (their class is absent or NONE).
    driving = record.document_type == "DL" and record.vehicle_class is not None
    youngest = MIN_DRIVING_AGE if driving else 0
    if age < youngest or age > MAX_AGE_AT_ISSUE:
        return [_finding("AGE_AT_ISSUE", age=age)]
    return []


def _licence_number(record: LicenceRecord, today: date) -> list[Finding] | None:
    shapes = rules_for(record.jurisdiction).licence_numbers
    if not shapes or not record.licence_number:
        return None
    number = re.sub(r"[\s-]", "", record.licence_number).upper()
    if any(re.fullmatch(shape, number) for shape in shapes):
        return []
    return [_finding("LICENCE_NUMBER_FORMAT", jurisdiction=record.jurisdiction)]


def _postal_raw(record: LicenceRecord) -> str | None:
    for element_id in ("DAK", "DAP"):
        value = re.sub(r"[\s-]", "", record.elements.get(element_id) or "").upper()
        if value:
            return value
    return None


def _postal_format(record: LicenceRecord, today: date) -> list[Finding] | None:
    postal = _postal_raw(record)
    address = jurisdictions.by_code(_issuer_address(record))
    if postal is None or address is None:
        return None
    if address.country == jurisdictions.CAN:
        if _CANADIAN_POSTAL.fullmatch(postal):
            return []
        return [_finding("POSTAL_CODE_FORMAT", form=CANADIAN_POSTAL_FORM)]
    if _US_POSTAL.fullmatch(postal):
        return []
    return [_finding("POSTAL_CODE_FORMAT", form=US_POSTAL_FORM)]


def _postal_province(record: LicenceRecord, today: date) -> list[Finding] | None:
    postal = _postal_raw(record)
    address = _issuer_address(record)
    letters = rules_for(address).postal_letters
    if postal is None or not letters or not _CANADIAN_POSTAL.fullmatch(postal):
        return None
    if postal[0] in letters:
        return []
    return [_finding("POSTAL_CODE_PROVINCE", province=address)]


# Rule order is the order findings are shown in; each check emits only its own rule's code.
CHECKS: tuple[tuple[str, Check], ...] = (
    ("IIN_UNKNOWN", _iin_known),
    ("IIN_JURISDICTION", _iin_jurisdiction),
    ("VERSION_FOR_ISSUE_DATE", _version_for_issue_date),
    ("MANDATORY_ELEMENTS", _mandatory),
    ("HEADER_ENTRIES", _header_entries),
    ("HEADER_FIRST_OFFSET", _header_first_offset),
    ("SUBFILE_TYPE", _subfile_type),
    ("HEADER_LENGTH", _header_length),
    ("DATE_INVALID", _dates_real),
    ("DATE_IMPLAUSIBLE", _dates_plausible),
    ("HEIGHT_IMPLAUSIBLE", _height_plausible),
    ("BIRTH_AFTER_ISSUE", _birth_before_issue),
    ("ISSUE_IN_FUTURE", _issue_not_future),
    ("EXPIRY_BEFORE_ISSUE", _expiry_after_issue),
    ("VALIDITY_TOO_LONG", _validity),
    ("REAL_ID_VALIDITY", _real_id_validity),
    ("AGE_AT_ISSUE", _age_at_issue),
    ("LICENCE_NUMBER_FORMAT", _licence_number),
    ("POSTAL_CODE_FORMAT", _postal_format),
    ("POSTAL_CODE_PROVINCE", _postal_province),
)


def check_consistency(record: LicenceRecord, today: date | None = None) -> ConsistencyReport:
    """Run every applicable rule on ``record`` (dates judged as of ``today``)."""
    today = today or date.today()
    applied: list[str] = []
    findings: list[Finding] = []
    for code, check in CHECKS:
        result = check(record, today)
        if result is None:
            continue
        applied.append(code)
        findings.extend(result)
    return ConsistencyReport(len(applied), tuple(findings), tuple(applied))
