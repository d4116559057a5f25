"""Who issued a card, and how sure the barcode is about it: the input of check routing.

Three places in an AAMVA payload name a country or a jurisdiction, and a damaged or unusual
barcode can make them disagree:

* the **IIN** in the header (six digits, checked against the AAMVA table): the issuer itself;
* ``DCG``, the "country of issuance" element (``USA``/``CAN``, versions 02 and later);
* ``DAJ`` (``DAO`` in version 01), the jurisdiction of the holder's **address**, which is not
  the issuer (people move, soldiers are stationed abroad).

The rule, in order (each step tested on its own in tests/unit/barcode/test_issuer.py):

1. IIN and ``DCG`` both readable and naming different countries → **disputed**: no country,
   so no automatic (billed) check; the clerk chooses.
2. A known IIN → its country and jurisdiction (``DCG`` agreeing or absent; the address may
   differ).
3. No known IIN, ``DCG`` readable → that country; the jurisdiction from the address only when
   the address is in that country.
4. Only the address → its country, marked **address only**: offered, never run by itself.
5. Nothing → unknown.

The document type is the subfile the licence data came from: ``DL`` a driver's licence,
``ID`` an identification card (a licence has a vehicle class, ``DCA``/``DAR``, an ID card none;
the subfile type is what the issuer declared, so it decides).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from kiosk_app.barcode import jurisdictions

if TYPE_CHECKING:
    from kiosk_app.barcode.licence import LicenceRecord

COUNTRIES = frozenset({jurisdictions.USA, jurisdictions.CAN})
# The header's file type and IIN, and the first subfile designator, near the start of a payload.
_HEADER_IIN = re.compile(rb"(?:ANSI |AAMVA)(\d{6})")
_DESIGNATOR = re.compile(rb"(DL|ID)\d{8}")
HEADER_SPAN = 64  # bytes searched for them


class IssuerSource(StrEnum):
    """Where the country was read, i.e. how far it can be trusted."""

    IIN = "iin"
    COUNTRY_ELEMENT = "dcg"
    ADDRESS_ONLY = "address"
    DISPUTED = "disputed"
    UNKNOWN = "unknown"


CONFIDENT_SOURCES = frozenset({IssuerSource.IIN, IssuerSource.COUNTRY_ELEMENT})


@dataclass(frozen=True)
class Issuer:
    """The issuing country and jurisdiction a card's barcode gives, and their source."""

    country: str | None  # "USA", "CAN" or None
    jurisdiction: str | None  # two-letter code, or None
    document_type: str  # "DL" or "ID"
    source: IssuerSource

    @property
    def confident(self) -> bool:
        """True when the issuer itself said so (IIN or DCG, not contradicted)."""
        return self.source in CONFIDENT_SOURCES

    @property
    def is_licence(self) -> bool:
        """A driver's licence (``DL`` subfile), not an identification card."""
        return self.document_type == "DL"


def _element(elements: dict[str, str], *ids: str) -> str:
    for element_id in ids:
        value = (elements.get(element_id) or "").strip().upper()
        if value:
            return value
    return ""


def decide_issuer(iin: str | None, document_type: str, elements: dict[str, str]) -> Issuer:
    """The rule of the module docstring."""
    by_iin = jurisdictions.by_iin(iin)
    dcg = _element(elements, "DCG")
    dcg_country = dcg if dcg in COUNTRIES else None
    address = jurisdictions.by_code(_element(elements, "DAJ", "DAO"))
    kind = "ID" if document_type == "ID" else "DL"
    if by_iin is not None and dcg_country is not None and by_iin.country != dcg_country:
        return Issuer(None, None, kind, IssuerSource.DISPUTED)
    if by_iin is not None:
        return Issuer(by_iin.country, by_iin.code, kind, IssuerSource.IIN)
    if dcg_country is not None:
        code = address.code if address is not None and address.country == dcg_country else None
        return Issuer(dcg_country, code, kind, IssuerSource.COUNTRY_ELEMENT)
    if address is not None:
        return Issuer(address.country, address.code, kind, IssuerSource.ADDRESS_ONLY)
    return Issuer(None, None, kind, IssuerSource.UNKNOWN)


def issuer_of(record: LicenceRecord) -> Issuer:
    """:func:`decide_issuer` for a parsed ``LicenceRecord``."""
    return decide_issuer(record.iin, record.document_type, record.elements)


def issuer_from_header(payload: bytes) -> Issuer | None:
    """For a payload the parser could not finish (cut short): the issuer from the header's IIN
    alone (step 2 of the rule), or None when the header does not name a known one."""
    head = payload[:HEADER_SPAN]
    match = _HEADER_IIN.search(head)
    known = jurisdictions.by_iin(match.group(1).decode("ascii")) if match else None
    if known is None:
        return None
    designator = _DESIGNATOR.search(head)
    kind = designator.group(1).decode("ascii") if designator else "DL"
    return Issuer(known.country, known.code, kind, IssuerSource.IIN)
