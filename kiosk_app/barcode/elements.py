"""AAMVA data element identifiers and their names, versions 01 (2000) to 10 (2020).

``ELEMENTS`` maps each three-letter id to its name and the first/last standard version that
defines it. The parser accepts any known id in any version (issuers mix them); the version
range documents the standard and lets tests check coverage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LATEST_VERSION = 10


@dataclass(frozen=True)
class ElementDef:
    """One data element of the standard: id, name and the versions that define it."""

    element_id: str
    name: str
    since: int = 1
    until: int = LATEST_VERSION


def _defs(rows: tuple[tuple[str, str, int, int], ...]) -> dict[str, ElementDef]:
    return {eid: ElementDef(eid, name, since, until) for eid, name, since, until in rows}


ELEMENTS: dict[str, ElementDef] = _defs(
    (
        # Version 01 (AAMVA DL/ID-2000); several ids were reused with a new meaning later.
        ("DAA", "Full name", 1, 1),
        ("DAB", "Family name", 1, 1),
        ("DAE", "Name suffix", 1, 1),
        ("DAF", "Name prefix", 1, 1),
        ("DAL", "Residence street address 1", 1, 1),
        ("DAM", "Residence street address 2", 1, 1),
        ("DAN", "Residence city", 1, 1),
        ("DAO", "Residence jurisdiction code", 1, 1),
        ("DAP", "Residence postal code", 1, 1),
        ("DAR", "Licence classification code", 1, 1),
        ("DAS", "Licence restriction code", 1, 1),
        ("DAT", "Licence endorsements code", 1, 1),
        ("DAV", "Height (cm)", 1, 1),
        ("DBE", "Issue timestamp", 1, 1),
        ("DBF", "Number of duplicates", 1, 1),
        ("DBH", "Organ donor", 1, 1),
        ("DBI", "Non-resident indicator", 1, 1),
        ("DBJ", "Unique customer identifier", 1, 1),
        ("DBK", "Social security number", 1, 1),
        ("DBL", "Date of birth (alias)", 1, 1),
        ("DBM", "Social security number (alias)", 1, 1),
        ("DBO", "Alias family name", 1, 1),
        ("DBP", "Alias first name", 1, 1),
        ("DBQ", "Alias middle name", 1, 1),
        ("DBR", "Alias name suffix", 1, 1),
        # Common to every version
        ("DAC", "First name", 1, LATEST_VERSION),
        ("DAD", "Middle name(s)", 1, LATEST_VERSION),
        ("DAG", "Address - street 1", 1, LATEST_VERSION),
        ("DAH", "Address - street 2", 1, LATEST_VERSION),
        ("DAI", "Address - city", 1, LATEST_VERSION),
        ("DAJ", "Address - jurisdiction code", 1, LATEST_VERSION),
        ("DAK", "Address - postal code", 1, LATEST_VERSION),
        ("DAQ", "Customer ID number (licence number)", 1, LATEST_VERSION),
        ("DAU", "Height", 1, LATEST_VERSION),
        ("DAW", "Weight (pounds)", 1, LATEST_VERSION),
        ("DAX", "Weight (kilograms)", 1, LATEST_VERSION),
        ("DAY", "Eye colour", 1, LATEST_VERSION),
        ("DAZ", "Hair colour", 1, LATEST_VERSION),
        ("DBA", "Document expiration date", 1, LATEST_VERSION),
        ("DBB", "Date of birth", 1, LATEST_VERSION),
        ("DBC", "Sex", 1, LATEST_VERSION),
        ("DBD", "Document issue date", 1, LATEST_VERSION),
        ("DBG", "Alias given name", 1, LATEST_VERSION),
        ("DBN", "Alias family name", 1, LATEST_VERSION),
        ("DBS", "Alias suffix name", 1, LATEST_VERSION),
        # Version 02 (2003) onwards
        ("DCA", "Jurisdiction-specific vehicle class", 2, LATEST_VERSION),
        ("DCB", "Jurisdiction-specific restriction codes", 2, LATEST_VERSION),
        ("DCD", "Jurisdiction-specific endorsement codes", 2, LATEST_VERSION),
        ("DCE", "Weight range", 2, LATEST_VERSION),
        ("DCF", "Document discriminator", 2, LATEST_VERSION),
        ("DCG", "Country identification", 2, LATEST_VERSION),
        ("DCH", "Federal commercial vehicle codes", 2, 3),
        ("DCI", "Place of birth", 2, LATEST_VERSION),
        ("DCJ", "Audit information", 2, LATEST_VERSION),
        ("DCK", "Inventory control number", 2, LATEST_VERSION),
        ("DCL", "Race / ethnicity", 2, LATEST_VERSION),
        ("DCM", "Standard vehicle classification", 2, LATEST_VERSION),
        ("DCN", "Standard endorsement code", 2, LATEST_VERSION),
        ("DCO", "Standard restriction code", 2, LATEST_VERSION),
        ("DCP", "Vehicle classification description", 2, LATEST_VERSION),
        ("DCQ", "Endorsement code description", 2, LATEST_VERSION),
        ("DCR", "Restriction code description", 2, LATEST_VERSION),
        ("DCS", "Family name", 2, LATEST_VERSION),
        ("DCT", "Given names", 2, 3),
        ("DCU", "Name suffix", 2, LATEST_VERSION),
        # Version 04 (2009) onwards
        ("DDA", "Compliance type", 4, LATEST_VERSION),
        ("DDB", "Card revision date", 4, LATEST_VERSION),
        ("DDC", "HAZMAT endorsement expiration date", 4, LATEST_VERSION),
        ("DDD", "Limited duration document indicator", 4, LATEST_VERSION),
        ("DDE", "Family name truncation", 4, LATEST_VERSION),
        ("DDF", "First name truncation", 4, LATEST_VERSION),
        ("DDG", "Middle name truncation", 4, LATEST_VERSION),
        ("DDH", "Under 18 until", 4, LATEST_VERSION),
        ("DDI", "Under 19 until", 4, LATEST_VERSION),
        ("DDJ", "Under 21 until", 4, LATEST_VERSION),
        ("DDK", "Organ donor indicator", 4, LATEST_VERSION),
        ("DDL", "Veteran indicator", 4, LATEST_VERSION),
    )
)

# Elements holding dates (MMDDCCYY in the US, CCYYMMDD in Canada and in version 01).
DATE_ELEMENTS: frozenset[str] = frozenset(
    {"DBA", "DBB", "DBD", "DBL", "DDB", "DDC", "DDH", "DDI", "DDJ"}
)

_JURISDICTION_ELEMENT = re.compile(r"Z[A-Z][A-Z0-9]")


def element_name(element_id: str) -> str:
    """A readable name for an element id; jurisdiction-specific ``Z..`` ids get a generic one."""
    known = ELEMENTS.get(element_id)
    if known is not None:
        return known.name
    if _JURISDICTION_ELEMENT.fullmatch(element_id):
        return "Jurisdiction-specific element"
    return "Unknown element"


def is_known_element(element_id: str) -> bool:
    """Whether ``element_id`` is a standard DL/ID element of any version."""
    return element_id in ELEMENTS


def elements_of_version(version: int) -> frozenset[str]:
    """The standard ids defined by AAMVA version ``version`` (1-10)."""
    return frozenset(e.element_id for e in ELEMENTS.values() if e.since <= version <= e.until)
