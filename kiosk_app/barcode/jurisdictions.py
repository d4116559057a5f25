"""Issuer identification numbers (IIN) of AAMVA members: US states, DC, territories, Canada.

The IIN is the six-digit number in the AAMVA header; it names the issuing jurisdiction, which
in turn fixes the country (and with it the date format of the payload).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk_app.text import QT_TRANSLATE_NOOP

USA = "USA"
CAN = "CAN"


@dataclass(frozen=True)
class Jurisdiction:
    """An issuing jurisdiction: postal code (``ON``), name, country (``USA``/``CAN``), IIN."""

    code: str
    name: str
    country: str
    iin: str


_TABLE: tuple[tuple[str, str, str, str], ...] = (
    # United States: the 50 states and the District of Columbia
    ("636033", "AL", "Alabama", USA),
    ("636059", "AK", "Alaska", USA),
    ("636026", "AZ", "Arizona", USA),
    ("636021", "AR", "Arkansas", USA),
    ("636014", "CA", "California", USA),
    ("636020", "CO", "Colorado", USA),
    ("636006", "CT", "Connecticut", USA),
    ("636011", "DE", "Delaware", USA),
    ("636043", "DC", "District of Columbia", USA),
    ("636010", "FL", "Florida", USA),
    ("636055", "GA", "Georgia", USA),
    ("636047", "HI", "Hawaii", USA),
    ("636050", "ID", "Idaho", USA),
    ("636035", "IL", "Illinois", USA),
    ("636037", "IN", "Indiana", USA),
    ("636018", "IA", "Iowa", USA),
    ("636022", "KS", "Kansas", USA),
    ("636046", "KY", "Kentucky", USA),
    ("636007", "LA", "Louisiana", USA),
    ("636041", "ME", "Maine", USA),
    ("636003", "MD", "Maryland", USA),
    ("636002", "MA", "Massachusetts", USA),
    ("636032", "MI", "Michigan", USA),
    ("636038", "MN", "Minnesota", USA),
    ("636051", "MS", "Mississippi", USA),
    ("636030", "MO", "Missouri", USA),
    ("636008", "MT", "Montana", USA),
    ("636054", "NE", "Nebraska", USA),
    ("636049", "NV", "Nevada", USA),
    ("636039", "NH", "New Hampshire", USA),
    ("636036", "NJ", "New Jersey", USA),
    ("636009", "NM", "New Mexico", USA),
    ("636001", "NY", "New York", USA),
    ("636004", "NC", "North Carolina", USA),
    ("636034", "ND", "North Dakota", USA),
    ("636023", "OH", "Ohio", USA),
    ("636058", "OK", "Oklahoma", USA),
    ("636029", "OR", "Oregon", USA),
    ("636025", "PA", "Pennsylvania", USA),
    ("636052", "RI", "Rhode Island", USA),
    ("636005", "SC", "South Carolina", USA),
    ("636042", "SD", "South Dakota", USA),
    ("636053", "TN", "Tennessee", USA),
    ("636015", "TX", "Texas", USA),
    ("636040", "UT", "Utah", USA),
    ("636024", "VT", "Vermont", USA),
    ("636000", "VA", "Virginia", USA),
    ("636045", "WA", "Washington", USA),
    ("636061", "WV", "West Virginia", USA),
    ("636031", "WI", "Wisconsin", USA),
    ("636060", "WY", "Wyoming", USA),
    # United States territories
    ("604427", "AS", "American Samoa", USA),
    ("636019", "GU", "Guam", USA),
    ("604430", "MP", "Northern Mariana Islands", USA),
    ("604431", "PR", "Puerto Rico", USA),
    ("636062", "VI", "US Virgin Islands", USA),
    # Canada: the ten provinces and three territories
    ("604432", "AB", QT_TRANSLATE_NOOP("messages", "Alberta"), CAN),
    ("636028", "BC", QT_TRANSLATE_NOOP("messages", "British Columbia"), CAN),
    ("636048", "MB", QT_TRANSLATE_NOOP("messages", "Manitoba"), CAN),
    ("636017", "NB", QT_TRANSLATE_NOOP("messages", "New Brunswick"), CAN),
    ("636016", "NL", QT_TRANSLATE_NOOP("messages", "Newfoundland and Labrador"), CAN),
    ("636013", "NS", QT_TRANSLATE_NOOP("messages", "Nova Scotia"), CAN),
    ("636012", "ON", QT_TRANSLATE_NOOP("messages", "Ontario"), CAN),
    ("604426", "PE", QT_TRANSLATE_NOOP("messages", "Prince Edward Island"), CAN),
    ("604428", "QC", QT_TRANSLATE_NOOP("messages", "Quebec"), CAN),
    ("636044", "SK", QT_TRANSLATE_NOOP("messages", "Saskatchewan"), CAN),
    ("604434", "NT", QT_TRANSLATE_NOOP("messages", "Northwest Territories"), CAN),
    ("604433", "NU", QT_TRANSLATE_NOOP("messages", "Nunavut"), CAN),
    ("604429", "YT", QT_TRANSLATE_NOOP("messages", "Yukon"), CAN),
)

JURISDICTIONS_BY_IIN: dict[str, Jurisdiction] = {
    iin: Jurisdiction(code=code, name=name, country=country, iin=iin)
    for iin, code, name, country in _TABLE
}
JURISDICTIONS_BY_CODE: dict[str, Jurisdiction] = {j.code: j for j in JURISDICTIONS_BY_IIN.values()}
CANADIAN_CODES: frozenset[str] = frozenset(
    j.code for j in JURISDICTIONS_BY_IIN.values() if j.country == CAN
)


def by_iin(iin: str | None) -> Jurisdiction | None:
    """The jurisdiction with this IIN, or None when it is unknown."""
    return JURISDICTIONS_BY_IIN.get(iin or "")


def by_code(code: str | None) -> Jurisdiction | None:
    """The jurisdiction with this two-letter code (``"ON"``), or None."""
    return JURISDICTIONS_BY_CODE.get((code or "").strip().upper())
