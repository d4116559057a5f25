"""The typed licence record built from AAMVA elements, its section 2.8 view and derived facts.

Values are personal data: ``repr`` of a record shows only the issuer and version, never names,
numbers or dates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from kiosk_app.barcode import jurisdictions
from kiosk_app.barcode.errors import NotAamvaError, TruncatedPayloadError
from kiosk_app.text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from kiosk_app.barcode.driver_license import DriverLicense

_NONE_WORDS = frozenset({"", "NONE", "N/A", "NA", "UNAVL", "UNAVAILABLE"})
# Spaces and separators some issuers leave around names and street lines ("TESTER,").
_EDGE_SEPARATORS = re.compile(r"^[\s,;]+|[\s,;]+$")
# Name quirks, decided on the standard's text (docs/architecture.md, "Quirks of public
# fixtures"): a full stop ending a name element is an abbreviation mark ("Q."), not a letter of
# the name; middle names are separated by commas (versions 04 on: "multiple middle names ...
# separated by a comma"), shown with spaces; a version 01 full name (DAA) may be delimited by
# "@" or "$" instead of commas.
_TRAILING_FULL_STOP = re.compile(r"(?<=[^\W\d_])\.$")
_FULL_NAME_DELIMITERS = re.compile(r"\s*[@$]\s*")
# Generational and other name suffixes, recognised at the end of any name layout. A bare "V"
# counts only as the last word of a full name (elsewhere it is far more often an initial).
_SUFFIXES = frozenset(
    {"JR", "SR", "II", "III", "IV", "VI", "VII", "VIII", "IX", "ESQ", "1ST", "2ND", "3RD", "4TH",
     "5TH"}
)  # fmt: skip
# Heights: the plausible range of each unit, as data. A value outside is no height (never made
# up); the consistency check HEIGHT_IMPLAUSIBLE then says the card's height was left out.
HEIGHT_RANGES: dict[str, range] = {"in": range(12, 109), "cm": range(30, 276)}
# Dates: the years a date element may fall in. A date that exists in the calendar outside them
# (a mock date in 1111) is no date here; the consistency check calls it implausible.
PLAUSIBLE_YEARS = range(1900, 2200)
_FEET_INCHES = re.compile(r"\s*([3-8])\s*(?:'\s*-?|-)\s*(\d{1,2})\s*(?:\"|'')?\s*$")
_COUNTRY_NAMES = {jurisdictions.USA: "United States", jurisdictions.CAN: "Canada"}
_COLOUR_WORDS = {
    "BLACK": "BLK", "BLUE": "BLU", "BROWN": "BRO", "GRAY": "GRY", "GREY": "GRY",
    "GREEN": "GRN", "HAZEL": "HAZ", "MAROON": "MAR", "PINK": "PNK", "DICHROMATIC": "DIC",
    "UNKNOWN": "UNK", "BALD": "BAL", "BLOND": "BLN", "BLONDE": "BLN", "RED": "RED",
    "SANDY": "SDY", "WHITE": "WHI", "BR": "BRO", "BN": "BRO", "BK": "BLK",
}  # fmt: skip


class Sex(StrEnum):
    """Sex as encoded (``DBC``): 1/M male, 2/F female, 9/X not specified."""

    MALE = "M"
    FEMALE = "F"
    UNSPECIFIED = "X"


@dataclass(frozen=True)
class Derived:
    """Facts derived from the dates as of ``as_of``; None where the card lacks the date."""

    as_of: date
    age: int | None
    expired: bool | None
    days_to_expiry: int | None
    under_18: bool | None
    under_19: bool | None
    under_21: bool | None

    def to_json(self) -> dict[str, Any]:
        """The ``derived`` member of ``parse --json``."""
        return {
            "asOf": self.as_of.isoformat(),
            "age": self.age,
            "expired": self.expired,
            "daysToExpiry": self.days_to_expiry,
            "under18": self.under_18,
            "under19": self.under_19,
            "under21": self.under_21,
        }


@dataclass(frozen=True)
class PayloadFacts:
    """What the header declared, for the consistency checks: entries, designators
    ``(type, offset, length)``, the first offset the standard sets for this header, how many
    bytes short of its declared length the data was accepted (0 when not short), and the type
    of the subfile read as the licence subfile when it is neither DL nor ID."""

    declared_entries: int
    designators: tuple[tuple[str, int, int], ...]
    standard_first_offset: int | None
    short_by: int = 0
    unusual_subfile_type: str | None = None


# The key fields a read must give for the clerk to rely on it (``incomplete`` names the missing).
KEY_FIELDS = ("name", "dateOfBirth", "licenceNumber", "expiryDate")


@dataclass(frozen=True)
class CanadaPrefill:
    """What the Canadian registry form needs: number, date of birth, province, class."""

    licence_number: str | None
    date_of_birth: str | None
    province: str
    licence_class: str | None

    def __repr__(self) -> str:
        return f"CanadaPrefill(province={self.province!r}, ...)"


def age_on(birth: date, today: date) -> int:
    """Completed years from ``birth`` to ``today`` (29 February birthdays count on 1 March)."""
    return today.year - birth.year - ((today.month, today.day) < (birth.month, birth.day))


def _under(years: int, age: int | None, until: date | None, today: date) -> bool | None:
    """Under ``years``: by the date of birth, or while the issuer's "under ... until" date runs.

    Either source suffices (the cautious reading for an age check); None when the card has
    neither.
    """
    by_age = age < years if age is not None else None
    by_card = today < until if until is not None else None
    if by_age is None and by_card is None:
        return None
    return bool(by_age) or bool(by_card)


def _optional(value: str | None) -> str | None:
    """The value without surrounding spaces and separators (``TESTER,``); None for "none"."""
    if value is None:
        return None
    value = _EDGE_SEPARATORS.sub("", value)
    return None if value.upper() in _NONE_WORDS else value


def parse_date(value: str | None, prefer_year_first: bool) -> date | None:
    """An 8-digit AAMVA date; the preferred order first, the other when it is not a date."""
    digits = re.sub(r"\D", "", value or "")
    if len(digits) != 8:
        return None
    year_first = (int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    month_first = (int(digits[4:]), int(digits[:2]), int(digits[2:4]))
    orders = (year_first, month_first) if prefer_year_first else (month_first, year_first)
    for year, month, day in orders:
        if year in PLAUSIBLE_YEARS:
            try:
                return date(year, month, day)
            except ValueError:
                continue
    return None


def calendar_date(value: str | None) -> bool:
    """Whether an 8-digit date exists in the calendar in either order, whatever its year."""
    digits = re.sub(r"\D", "", value or "")
    if len(digits) != 8:
        return False
    for year, month, day in (
        (int(digits[:4]), int(digits[4:6]), int(digits[6:])),
        (int(digits[4:]), int(digits[:2]), int(digits[2:4])),
    ):
        try:
            date(year, month, day)
        except ValueError:
            continue
        return True
    return False


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None


def _flag(value: str | None) -> bool | None:
    """Y/1 → True, anything else present → False, absent → None."""
    if value is None:
        return None
    return value.strip().upper() in {"1", "Y", "YES", "T"}


def _yes_no(value: bool | None) -> str | None:
    return None if value is None else ("Y" if value else "N")


def _truncation(value: str | None) -> bool | None:
    code = (value or "").strip().upper()
    return True if code == "T" else (False if code == "N" else None)


def _sex(value: str | None) -> Sex | None:
    code = (value or "").strip().upper()[:1]
    if code in {"1", "M"}:
        return Sex.MALE
    if code in {"2", "F"}:
        return Sex.FEMALE
    if code in {"9", "X", "U"}:
        return Sex.UNSPECIFIED
    return None


def _colour(value: str | None) -> str | None:
    text = _optional(value)
    if text is None:
        return None
    text = text.upper()
    return _COLOUR_WORDS.get(text, text)


def _int(value: str | None) -> int | None:
    digits = re.match(r"\s*(\d+)", value or "")
    return int(digits.group(1)) if digits else None


def _height(value: str | None, *, unitless_cm: bool) -> tuple[int | None, int | None]:
    """(inches, centimetres) from a height element: ``070 IN``, ``175 CM``, ``5-10``, ``5'-04"``,
    ``5'10"``, ``510``. A unitless number is in centimetres when ``unitless_cm`` (Canadian cards;
    the centimetre element ``DAV``) or when it is over 100, else in inches; three digits that
    read as feet and inches (``510``) are feet and inches (300 cm and more is no height).
    (None, None) when the text gives no height in :data:`HEIGHT_RANGES`."""
    text = (value or "").strip().upper()
    feet_inches = _FEET_INCHES.match(text)
    if feet_inches:
        feet, inches = int(feet_inches.group(1)), int(feet_inches.group(2))
        return (feet * 12 + inches, None) if inches < 12 else (None, None)
    match = re.fullmatch(r"(\d{1,3})\s*(IN|CM|INCHES|\")?\.?", text)
    if not match:
        return None, None
    number, unit = int(match.group(1)), match.group(2) or ""
    if unit == "CM":
        return (None, number) if number in HEIGHT_RANGES["cm"] else (None, None)
    if unit:
        return (number, None) if number in HEIGHT_RANGES["in"] else (None, None)
    digits = match.group(1)
    if len(digits) == 3 and digits[0] in "34567" and int(digits[1:]) < 12:
        return number // 100 * 12 + number % 100, None  # 510 = 5 ft 10 in, never 510 cm
    if unitless_cm or number > 100:
        return (None, number) if number in HEIGHT_RANGES["cm"] else (None, None)
    return (number, None) if number in HEIGHT_RANGES["in"] else (None, None)


def _postal_code(value: str | None, country: str | None) -> str | None:
    text = _optional(value)
    if text is None:
        return None
    compact = re.sub(r"[\s-]", "", text).upper()
    if re.fullmatch(r"\d{9}", compact) and compact.endswith("0000"):
        return compact[:5]
    if country == jurisdictions.CAN and re.fullmatch(r"[A-Z]\d[A-Z]\d[A-Z]\d", compact):
        return f"{compact[:3]} {compact[3:]}"
    return compact


@dataclass(frozen=True)
class PersonName:
    """Name parts as encoded, with the issuer's truncation flags."""

    first: str | None = None
    middle: str | None = None
    last: str | None = None
    suffix: str | None = None
    prefix: str | None = None


def _split_given(given: str | None) -> tuple[str | None, str | None]:
    text = _optional(given)
    if text is None:
        return None, None
    parts = [p.strip() for p in text.split(",")] if "," in text else text.split(None, 1)
    parts = [p for p in parts if p]
    if not parts:
        return None, None
    return parts[0], _optional(" ".join(parts[1:])) if len(parts) > 1 else None


def _suffix_of(word: str, *, bare_v: bool = False) -> str | None:
    """``word`` as a name suffix (``JR``, ``III``...), without its dot; None when it is not."""
    bare = word.strip(" .,").upper()
    return bare if bare in _SUFFIXES or (bare_v and bare == "V") else None


def _split_suffix(text: str | None, *, bare_v: bool = False) -> tuple[str | None, str | None]:
    """(``text`` without a trailing suffix word, the suffix); only when a name word remains."""
    value = _optional(text)
    if value is None:
        return None, None
    words = value.split()
    suffix = _suffix_of(words[-1], bare_v=bare_v) if len(words) >= 2 else None
    if suffix is None:
        return value, None
    return _optional(" ".join(words[:-1])), suffix


def _split_full_name(full: str) -> PersonName:
    """``DAA`` of version 01: ``LAST,FIRST,MIDDLE,SUFFIX`` or ``FIRST MIDDLE LAST SUFFIX``.

    A suffix is recognised wherever issuers put it: its own comma part, the end of the given
    names (``DOE,JOHN CHESTER JR``), the end of the family part (``DOE JR,JOHN``), or the last
    word of a space-separated name (``JOHN CHESTER DOE JR``).
    """
    full = _FULL_NAME_DELIMITERS.sub(",", full)
    if "," in full:
        parts = [p.strip() for p in full.split(",")]
        last, suffix = _split_suffix(parts[0])
        if len(parts) == 2:
            given, given_suffix = _split_suffix(parts[1])
            first, middle = _split_given(given)
            return PersonName(first=first, middle=middle, last=last, suffix=suffix or given_suffix)
        rest = [*parts[1:], "", "", ""]
        first, middle, own = _optional(rest[0]), _optional(rest[1]), _optional(rest[2])
        if own is None and suffix is None:
            if middle is not None:
                middle, suffix = _split_suffix(middle)
            elif first is not None:
                first, suffix = _split_suffix(first)
        return PersonName(first=first, middle=middle, last=last, suffix=own or suffix)
    words = full.split()
    suffix = _suffix_of(words[-1], bare_v=True) if len(words) >= 3 else None
    if suffix is not None:
        words = words[:-1]
    if len(words) == 1:
        return PersonName(last=words[0], suffix=suffix)
    return PersonName(
        first=words[0], middle=_optional(" ".join(words[1:-1])), last=words[-1], suffix=suffix
    )


def _name(elements: dict[str, str]) -> PersonName:
    family = _optional(elements.get("DCS")) or _optional(elements.get("DAB"))
    first = _optional(elements.get("DAC"))
    middle = _optional(elements.get("DAD"))
    if first is None and "DCT" in elements:
        first, middle_from_given = _split_given(elements["DCT"])
        middle = middle or middle_from_given
    base = PersonName()
    if family is None and first is None and _optional(elements.get("DAA")):
        base = _split_full_name(elements["DAA"].strip())
    suffix = _optional(elements.get("DCU")) or _optional(elements.get("DAE")) or base.suffix
    if suffix is None:
        # No suffix element: issuers then append it to the middle, first or family name.
        if middle is not None:
            middle, suffix = _split_suffix(middle)
        elif first is not None:
            first, suffix = _split_suffix(first)
        if suffix is None and family is not None:
            family, suffix = _split_suffix(family)
    return PersonName(
        first=_name_part(first or base.first),
        middle=_name_part(re.sub(r"\s*,\s*", " ", middle or base.middle or "")),
        last=_name_part(family or base.last),
        suffix=suffix,
        prefix=_optional(elements.get("DAF")),
    )


def _name_part(value: str | None) -> str | None:
    """A first, middle or family name without a full stop ending it (``Q.`` → ``Q``)."""
    text = _optional(value)
    return None if text is None else _optional(_TRAILING_FULL_STOP.sub("", text))


def _first_of(elements: dict[str, str], *ids: str) -> str | None:
    for element_id in ids:
        value = _optional(elements.get(element_id))
        if value is not None:
            return value
    return None


@dataclass(frozen=True, repr=False)
class LicenceRecord:
    """A parsed AAMVA licence or ID card: every element, plus typed fields derived from them."""

    version: int
    jurisdiction_version: int | None
    iin: str | None
    jurisdiction: str | None
    country: str | None
    document_type: str
    elements: dict[str, str] = field(default_factory=dict)
    jurisdiction_subfiles: dict[str, bytes] = field(default_factory=dict)
    first_name: str | None = None
    middle_name: str | None = None
    last_name: str | None = None
    suffix: str | None = None
    prefix: str | None = None
    first_name_truncated: bool | None = None
    middle_name_truncated: bool | None = None
    last_name_truncated: bool | None = None
    licence_number: str | None = None
    date_of_birth: date | None = None
    issue_date: date | None = None
    expiry_date: date | None = None
    card_revision_date: date | None = None
    hazmat_expiry_date: date | None = None
    under_18_until: date | None = None
    under_19_until: date | None = None
    under_21_until: date | None = None
    sex: Sex | None = None
    eye_colour: str | None = None
    hair_colour: str | None = None
    height_inches: int | None = None
    height_cm: int | None = None
    weight_lbs: int | None = None
    weight_kg: int | None = None
    weight_range: int | None = None
    address1: str | None = None
    address2: str | None = None
    city: str | None = None
    address_jurisdiction: str | None = None
    postal_code: str | None = None
    vehicle_class: str | None = None
    restrictions: str | None = None
    endorsements: str | None = None
    standard_vehicle_class: str | None = None
    compliance_type: str | None = None
    organ_donor: bool | None = None
    veteran: bool | None = None
    limited_duration: bool | None = None
    document_discriminator: str | None = None
    inventory_control_number: str | None = None
    audit_information: str | None = None
    place_of_birth: str | None = None
    race: str | None = None
    payload_facts: PayloadFacts | None = None

    def __repr__(self) -> str:
        return (
            f"LicenceRecord(version={self.version}, jurisdiction={self.jurisdiction!r}, "
            f"document_type={self.document_type!r}, elements={len(self.elements)})"
        )

    @property
    def full_name(self) -> str | None:
        """First, middle and family names and suffix, space-separated."""
        parts = [self.first_name, self.middle_name, self.last_name, self.suffix]
        text = " ".join(p for p in parts if p)
        return text or None

    @property
    def missing_key_fields(self) -> list[str]:
        """The :data:`KEY_FIELDS` this read lacks (empty when it is complete)."""
        present = {
            "name": bool(self.last_name),
            "dateOfBirth": self.date_of_birth is not None,
            "licenceNumber": bool(self.licence_number),
            "expiryDate": self.expiry_date is not None,
        }
        return [key for key in KEY_FIELDS if not present[key]]

    @property
    def is_canadian(self) -> bool:
        """Whether a Canadian province or territory issued the card."""
        return self.country == jurisdictions.CAN

    def height_text(self) -> str | None:
        """Height with its unit as encoded: ``"69 in"`` or ``"175 cm"``."""
        if self.height_inches is not None:
            return f"{self.height_inches} in"
        if self.height_cm is not None:
            return f"{self.height_cm} cm"
        return None

    def derived(self, today: date | None = None) -> Derived:
        """Age, expiry and age-threshold facts as of ``today`` (the local date by default)."""
        today = today or date.today()
        birth = self.date_of_birth
        age = age_on(birth, today) if birth else None
        expiry = self.expiry_date
        return Derived(
            as_of=today,
            age=age,
            expired=(today > expiry) if expiry else None,
            days_to_expiry=(expiry - today).days if expiry else None,
            under_18=_under(18, age, self.under_18_until, today),
            under_19=_under(19, age, self.under_19_until, today),
            under_21=_under(21, age, self.under_21_until, today),
        )

    def driver_license(self) -> DriverLicense:
        """The section 2.8 ``DriverLicense`` view (dates yyyy-MM-dd)."""
        # A pydantic model: loaded when a record is first shown this way, not with the parser.
        from kiosk_app.barcode.driver_license import DriverLicense

        e = self.elements
        return DriverLicense(
            Address1=self.address1, Address2=self.address2, Birthdate=_iso(self.date_of_birth),
            CardRevisionDate=_iso(self.card_revision_date), City=self.city,
            ClassificationCode=self.standard_vehicle_class, ComplianceType=self.compliance_type,
            Country=_COUNTRY_NAMES.get(self.country or ""), CountryCode=self.country,
            DocumentType=self.document_type,
            EndorsementCodeDescription=_optional(e.get("DCQ")),
            EndorsementsCode=self.endorsements, ExpirationDate=_iso(self.expiry_date),
            EyeColor=self.eye_colour, FirstName=self.first_name, FullName=self.full_name,
            Gender=self.sex.value if self.sex else None,
            HAZMATExpDate=_iso(self.hazmat_expiry_date), HairColor=self.hair_colour,
            Height=self.height_text(), IIN=self.iin, IssueDate=_iso(self.issue_date),
            IssuedBy=self.jurisdiction, JurisdictionCode=self.address_jurisdiction,
            LastName=self.last_name, LicenseNumber=self.licence_number,
            LimitedDurationDocument=_yes_no(self.limited_duration),
            MiddleName=self.middle_name, NamePrefix=self.prefix, NameSuffix=self.suffix,
            OrganDonor=_yes_no(self.organ_donor), PostalBox=None, PostalCode=self.postal_code,
            Race=self.race, RestrictionCode=self.restrictions,
            RestrictionCodeDescription=_optional(e.get("DCR")),
            VehicleClassCode=self.vehicle_class,
            VehicleClassCodeDescription=_optional(e.get("DCP")),
            Veteran=_yes_no(self.veteran),
            WeightKG=str(self.weight_kg) if self.weight_kg is not None else None,
            WeightLBS=str(self.weight_lbs) if self.weight_lbs is not None else None,
        )  # fmt: skip

    def canada_prefill(self) -> CanadaPrefill | None:
        """Fields for the Canadian registry form; None for a card not issued in Canada."""
        if not self.is_canadian or not self.jurisdiction:
            return None
        number = re.sub(r"\s", "", self.licence_number) if self.licence_number else None
        licence_class = self.vehicle_class
        if licence_class is not None and len(licence_class) > 2:
            licence_class = None
        return CanadaPrefill(
            licence_number=number or None,
            date_of_birth=_iso(self.date_of_birth),
            province=self.jurisdiction,
            licence_class=licence_class,
        )

    def to_json(self, today: date | None = None) -> dict[str, Any]:
        """``{"driverLicense": {...2.8 names...}, "derived": {...}, "elements": {...}}``."""
        return {
            "driverLicense": self.driver_license().model_dump(by_alias=True),
            "derived": self.derived(today).to_json(),
            "elements": dict(self.elements),
        }


def _issuer(iin: str | None, elements: dict[str, str]) -> tuple[str | None, str | None]:
    """(jurisdiction code, country) from the IIN, else from the country and address elements."""
    known = jurisdictions.by_iin(iin)
    if known is not None:
        return known.code, known.country
    address = jurisdictions.by_code(_first_of(elements, "DAJ", "DAO"))
    country_element = (_optional(elements.get("DCG")) or "").upper()
    country = country_element if country_element in _COUNTRY_NAMES else None
    if address is not None:
        return address.code, country or address.country
    return None, country


def build_record(
    *,
    iin: str | None,
    version: int,
    jurisdiction_version: int | None,
    document_type: str,
    elements: dict[str, str],
    jurisdiction_subfiles: dict[str, bytes],
    payload_facts: PayloadFacts | None = None,
) -> LicenceRecord:
    """Turn parsed elements into a :class:`LicenceRecord`; typed errors when data is missing."""
    if not any(eid.startswith("D") for eid in elements):
        raise NotAamvaError(
            QT_TRANSLATE_NOOP("messages", "The licence subfile holds no data elements.")
        )
    if "DAQ" not in elements and "DBB" not in elements:
        raise TruncatedPayloadError(
            QT_TRANSLATE_NOOP(
                "messages",
                "The licence barcode data is cut off: no licence number and no date of birth.",
            )
        )
    jurisdiction, country = _issuer(iin, elements)
    year_first = country == jurisdictions.CAN or version == 1

    def when(element_id: str) -> date | None:
        return parse_date(elements.get(element_id), year_first)

    name = _name(elements)
    inches, cm = _height(elements.get("DAU"), unitless_cm=country == jurisdictions.CAN)
    if cm is None and inches is None:
        # Version 01's centimetre element; some issuers wrote feet and inches there (5-10).
        inches, cm = _height(elements.get("DAV"), unitless_cm=True)
    return LicenceRecord(
        version=version, jurisdiction_version=jurisdiction_version, iin=iin,
        jurisdiction=jurisdiction, country=country, document_type=document_type,
        elements=dict(elements), jurisdiction_subfiles=dict(jurisdiction_subfiles),
        first_name=name.first, middle_name=name.middle, last_name=name.last,
        suffix=name.suffix, prefix=name.prefix,
        first_name_truncated=_truncation(elements.get("DDF")),
        middle_name_truncated=_truncation(elements.get("DDG")),
        last_name_truncated=_truncation(elements.get("DDE")),
        licence_number=_optional(elements.get("DAQ")),
        date_of_birth=when("DBB"), issue_date=when("DBD"), expiry_date=when("DBA"),
        card_revision_date=when("DDB"), hazmat_expiry_date=when("DDC"),
        under_18_until=when("DDH"), under_19_until=when("DDI"), under_21_until=when("DDJ"),
        sex=_sex(elements.get("DBC")),
        eye_colour=_colour(elements.get("DAY")), hair_colour=_colour(elements.get("DAZ")),
        height_inches=inches, height_cm=cm,
        weight_lbs=_int(elements.get("DAW")), weight_kg=_int(elements.get("DAX")),
        weight_range=_int(elements.get("DCE")),
        address1=_first_of(elements, "DAG", "DAL"), address2=_first_of(elements, "DAH", "DAM"),
        city=_first_of(elements, "DAI", "DAN"),
        address_jurisdiction=_first_of(elements, "DAJ", "DAO"),
        postal_code=_postal_code(_first_of(elements, "DAK", "DAP"), country),
        vehicle_class=_first_of(elements, "DCA", "DAR"),
        restrictions=_first_of(elements, "DCB", "DAS"),
        endorsements=_first_of(elements, "DCD", "DAT"),
        standard_vehicle_class=_optional(elements.get("DCM")),
        compliance_type=_optional(elements.get("DDA")),
        organ_donor=_flag(elements.get("DDK", elements.get("DBH"))),
        veteran=_flag(elements.get("DDL")),
        limited_duration=_flag(elements.get("DDD")),
        document_discriminator=_optional(elements.get("DCF")),
        inventory_control_number=_optional(elements.get("DCK")),
        audit_information=_optional(elements.get("DCJ")),
        place_of_birth=_optional(elements.get("DCI")),
        race=_optional(elements.get("DCL")), payload_facts=payload_facts,
    )  # fmt: skip
