"""The consistency rules as data: what each rule says, where it comes from, per-issuer tables.

Every rule has a short upper-snake ``code``, the English sentence shown to the clerk (a template
with ``{name}`` placeholders; the UI translates it in the ``messages`` context) and its source.
``JURISDICTION_RULES`` holds one table per issuer (US states, DC, territories, Canadian
provinces and territories): accepted licence number shapes, the longest validity it issues,
the first letters of its postal codes. A missing entry means "no rule for this issuer": the
check is skipped rather than guessed. Every value here must let every real specimen of the
shared corpus pass (``tests/unit/barcode/test_consistency_corpus.py``); where public sources
disagree the looser reading is kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk_app.text import QT_TRANSLATE_NOOP

# AAMVA DL/ID Card Design Standard: the year each barcode version was published (Annex D,
# "AAMVA version number" of the header: 01 = 2000 ... 10 = 2020).
VERSION_PUBLISHED: dict[int, int] = {
    1: 2000, 2: 2003, 3: 2005, 4: 2009, 5: 2010, 6: 2011, 7: 2012, 8: 2013, 9: 2016, 10: 2020,
}  # fmt: skip

# A version is accepted on cards issued from the year before its edition: editions are
# published late in their year, after the drafts issuers implement.
VERSION_YEAR_GRACE = 1
# REAL ID: 6 CFR 37.5(a), a compliant card is valid for at most eight years.
REAL_ID_MAX_YEARS = 8
# No issuer in the table issues cards for longer than this unless its table says otherwise
# (most states: 4 to 8 years; Canada: 5 years). Kept loose on purpose.
DEFAULT_MAX_VALIDITY_YEARS = 12
# Earliest age at issue of a driving document (learner permits at 14 in several states).
MIN_DRIVING_AGE = 14
MAX_AGE_AT_ISSUE = 120
# The issue date may be "tomorrow" for a card printed across midnight or time zones.
ISSUE_DATE_GRACE_DAYS = 1


@dataclass(frozen=True)
class Rule:
    """One consistency rule: its id, the English advice sentence (marked for translation where
    it is written, below), its public source."""

    code: str
    message: str
    source: str


RULES: dict[str, Rule] = {
    rule.code: rule
    for rule in (
        Rule("IIN_UNKNOWN",
             QT_TRANSLATE_NOOP("messages",
                               "The issuer number {iin} is not that of a US or Canadian licence "
                               "issuer."),
             "AAMVA IIN list (aamva.org, 'IIN and RID'); LEADTOOLS AAMVAJurisdiction table"),
        Rule("IIN_JURISDICTION",
             QT_TRANSLATE_NOOP("messages",
                               "The issuer number belongs to {issuer}, but the address is in "
                               "{address}."),
             "AAMVA DL/ID Card Design Standard, Annex D header (IIN) and element DAJ"),
        Rule("VERSION_FOR_ISSUE_DATE",
             QT_TRANSLATE_NOOP("messages",
                               "The barcode follows AAMVA version {version} ({published}), "
                               "yet the card says it was issued in {issued}."),
             "AAMVA DL/ID Card Design Standard, Annex D: version number and edition year"),
        Rule("MANDATORY_ELEMENTS",
             QT_TRANSLATE_NOOP("messages",
                               "The barcode lacks elements its AAMVA version requires: "
                               "{elements}."),
             "AAMVA DL/ID Card Design Standard, Annex D table of mandatory elements"),
        Rule("HEADER_ENTRIES",
             QT_TRANSLATE_NOOP("messages",
                               "The barcode header announces {declared} subfiles but lists "
                               "{found}."),
             "AAMVA DL/ID Card Design Standard, Annex D header: number of entries"),
        Rule("HEADER_FIRST_OFFSET",
             QT_TRANSLATE_NOOP("messages",
                               "The barcode header places its first subfile at byte {declared} "
                               "instead of byte {expected}."),
             "AAMVA DL/ID Card Design Standard, Annex D header and subfile designator sizes"),
        Rule("SUBFILE_TYPE",
             QT_TRANSLATE_NOOP("messages",
                               "The licence data is in a subfile of type {kind}, not DL or ID."),
             "AAMVA DL/ID Card Design Standard, Annex D subfile designator: subfile type"),
        Rule("HEADER_LENGTH",
             QT_TRANSLATE_NOOP("messages",
                               "The barcode data is {missing} bytes shorter than its header "
                               "declares."),
             "AAMVA DL/ID Card Design Standard, Annex D subfile designator (offset, length)"),
        Rule("DATE_INVALID",
             QT_TRANSLATE_NOOP("messages", "A date in the barcode ({element}) is not a real date."),
             "AAMVA DL/ID Card Design Standard, Annex D date format (MMDDCCYY / CCYYMMDD)"),
        Rule("DATE_IMPLAUSIBLE",
             QT_TRANSLATE_NOOP("messages",
                               "A date in the barcode ({element}) is an implausible date."),
             "a calendar date outside the plausible years (licence.PLAUSIBLE_YEARS)"),
        Rule("HEIGHT_IMPLAUSIBLE",
             QT_TRANSLATE_NOOP("messages",
                               "The height in the barcode ({element}) is not a plausible height; "
                               "it is left out."),
             "AAMVA DL/ID Card Design Standard, Annex D elements DAU (in / cm) and DAV (cm); "
             "plausible ranges in licence.HEIGHT_RANGES"),
        Rule("BIRTH_AFTER_ISSUE",
             QT_TRANSLATE_NOOP("messages", "The date of birth is not before the issue date."),
             "common sense; AAMVA elements DBB and DBD"),
        Rule("ISSUE_IN_FUTURE",
             QT_TRANSLATE_NOOP("messages", "The issue date is in the future."),
             "common sense; AAMVA element DBD"),
        Rule("EXPIRY_BEFORE_ISSUE",
             QT_TRANSLATE_NOOP("messages", "The expiry date is not after the issue date."),
             "common sense; AAMVA elements DBD and DBA"),
        Rule("VALIDITY_TOO_LONG",
             QT_TRANSLATE_NOOP("messages",
                               "The card is valid for {years} years; {jurisdiction} issues cards "
                               "for at most {maximum} years."),
             "issuer tables below (DMV renewal periods), loosened"),
        Rule("REAL_ID_VALIDITY",
             QT_TRANSLATE_NOOP("messages",
                               "The card is marked REAL ID compliant but is valid for more than "
                               "{maximum} years."),
             "6 CFR 37.5(a); AAMVA element DDA (compliance type F)"),
        Rule("AGE_AT_ISSUE",
             QT_TRANSLATE_NOOP("messages",
                               "The holder was {age} years old at issue, which is unusual for this"
                               " document."),
             "state learner permit ages (14 and over); AAMVA elements DBB and DBD"),
        Rule("LICENCE_NUMBER_FORMAT",
             QT_TRANSLATE_NOOP("messages",
                               "The licence number does not have the form {jurisdiction} uses."),
             "NTSI driver's licence formats (ntsi.com/drivers-license-format), loosened"),
        Rule("POSTAL_CODE_FORMAT",
             QT_TRANSLATE_NOOP("messages", "The postal code does not have the form {form}."),
             "USPS ZIP / ZIP+4; Canada Post postal code format A1A 1A1"),
        Rule("POSTAL_CODE_PROVINCE",
             QT_TRANSLATE_NOOP("messages",
                               "The postal code's first letter is not used in {province}."),
             "Canada Post: first letter of the postal code by province or territory"),
    )
}  # fmt: skip

US_POSTAL_FORM = "12345 / 12345-6789"
CANADIAN_POSTAL_FORM = "A1A 1A1"

# The elements every card of a version must carry (Annex D, "mandatory"), reduced to those
# every real specimen of the corpus carries: eye colour (DAY) is left out of version 01 (two
# real 2000-style cards omit it); the middle name (DAD, "NONE" when there is none) is left out
# because issuers drop the element when there is no middle name. Vehicle class, restrictions
# and endorsements are required of driver licences only. The family and first name may come
# as one DAA element in version 01.
MANDATORY_BY_VERSION: dict[int, tuple[str, ...]] = {
    1: ("DAQ", "DAG", "DAI", "DAJ", "DAK", "DBA", "DBB", "DBC", "DBD", "DAU"),
    2: ("DBA", "DCS", "DCT", "DBD", "DBB", "DBC", "DAY", "DAU", "DAG", "DAI", "DAJ", "DAK",
        "DAQ", "DCF", "DCG"),
    4: ("DBA", "DCS", "DAC", "DBD", "DBB", "DBC", "DAY", "DAU", "DAG", "DAI", "DAJ",
        "DAK", "DAQ", "DCF", "DCG", "DDE", "DDF", "DDG"),
}  # fmt: skip
MANDATORY_FOR_LICENCES: dict[int, tuple[str, ...]] = {
    1: ("DAR", "DAS", "DAT"),
    2: ("DCA", "DCB", "DCD"),
}
# Alternatives the standard's own versions use for the same fact.
MANDATORY_ALTERNATIVES: dict[str, tuple[str, ...]] = {
    "DCT": ("DAC",),  # some version 02-03 cards already split the given names
    "DCS": ("DAB", "DAA"),
    "DAC": ("DCT",),
    "DAU": ("DAV",),  # version 01: height in centimetres has its own element
}


def missing_mandatory(elements: dict[str, str], version: int, document_type: str) -> list[str]:
    """The mandatory elements of ``version`` that ``elements`` lacks, alternatives counted (an
    element present with an empty value is present: ``DCD`` with no endorsement)."""
    return [
        element_id
        for element_id in mandatory_elements(version, document_type)
        if not any(
            candidate in elements
            for candidate in (element_id, *MANDATORY_ALTERNATIVES.get(element_id, ()))
        )
    ]


def mandatory_elements(version: int, document_type: str) -> tuple[str, ...]:
    """The mandatory element ids of ``version`` for a ``DL`` or ``ID`` document."""
    base = max((v for v in MANDATORY_BY_VERSION if v <= version), default=0)
    if not base:
        return ()
    ids = MANDATORY_BY_VERSION[base]
    if document_type == "DL":
        extra = max(v for v in MANDATORY_FOR_LICENCES if v <= version)
        ids = (*ids, *MANDATORY_FOR_LICENCES[extra])
    return ids


@dataclass(frozen=True)
class JurisdictionRules:
    """One issuer's table: licence number shapes (regular expressions matched in full against
    the number without spaces or hyphens), the longest validity in years, postal code letters
    (Canada). An empty ``licence_numbers`` means no number rule for this issuer."""

    licence_numbers: tuple[str, ...] = ()
    max_validity_years: int = DEFAULT_MAX_VALIDITY_YEARS
    postal_letters: str = ""


def _j(
    *numbers: str, years: int = DEFAULT_MAX_VALIDITY_YEARS, postal: str = ""
) -> JurisdictionRules:
    return JurisdictionRules(numbers, years, postal)


# Licence number shapes after NTSI's table, each widened where a real specimen or another
# public table differs (noted). "L" = letter, "D" = digit in the comments.
JURISDICTION_RULES: dict[str, JurisdictionRules] = {
    "AL": _j(r"\d{1,8}"),
    "AK": _j(r"\d{1,7}"),
    # Arizona licences were valid until the holder's 65th birthday.
    "AZ": _j(r"[A-Z]\d{1,9}", r"[A-Z]{2}\d{2,5}", r"\d{9}", years=52),
    "AR": _j(r"\d{4,10}"),  # NTSI says 4-9 D; the real AR specimen has 10
    # California: left out. The DMV specimen pads the number field ("D1234562 XYXY...").
    "CO": _j(r"\d{9}", r"[A-Z]\d{3,6}", r"[A-Z]{2}\d{2,5}"),
    "CT": _j(r"\d{9}"),
    "DE": _j(r"\d{1,7}"),
    "DC": _j(r"\d{7}", r"\d{9}"),
    "FL": _j(r"[A-Z]\d{12}"),
    "GA": _j(r"\d{7,9}"),
    "HI": _j(r"[A-Z]\d{8}", r"\d{9}"),
    "ID": _j(r"[A-Z]{2}\d{6}[A-Z]", r"\d{9}"),
    "IL": _j(r"[A-Z]\d{11,12}"),
    "IN": _j(r"[A-Z]\d{9}", r"\d{9,10}"),
    "IA": _j(r"\d{9}", r"\d{3}[A-Z]{2}\d{4}"),
    "KS": _j(r"[A-Z]\d[A-Z]\d[A-Z]", r"[A-Z]\d{8}", r"\d{9}"),
    "KY": _j(r"[A-Z]\d{8,9}", r"\d{9}"),
    "LA": _j(r"\d{1,9}"),
    "ME": _j(r"\d{7,8}", r"\d{7}[A-Z]"),
    "MD": _j(r"[A-Z]\d{12}"),
    "MA": _j(r"[A-Z]\d{8}", r"[A-Z]{2}\d{7}", r"\d{9}"),
    "MI": _j(r"[A-Z]\d{10}", r"[A-Z]\d{12}"),
    "MN": _j(r"[A-Z]\d{12}"),
    "MS": _j(r"\d{9}"),
    "MO": _j(r"[A-Z]\d{5,9}", r"[A-Z]\d{6}R", r"\d{8}[A-Z]{2}", r"\d{9}[A-Z]?", r"\d{3}[A-Z]\d{6}"),
    "MT": _j(r"[A-Z]\d{8}", r"\d{9}", r"\d{13,14}"),
    "NE": _j(r"\d{1,7}", r"[A-Z]\d{6,8}"),
    "NV": _j(r"\d{9,10}", r"\d{12}", r"X\d{8}"),
    "NH": _j(r"\d{2}[A-Z]{3}\d{5}", r"[A-Z]{3}\d{8}"),
    "NJ": _j(r"[A-Z]\d{14}"),
    "NM": _j(r"\d{8,9}"),
    "NY": _j(r"[A-Z]\d{7}", r"[A-Z]\d{18}", r"\d{8,9}", r"\d{16}", r"[A-Z]{8}"),
    "NC": _j(r"\d{1,12}"),
    "ND": _j(r"[A-Z]{3}\d{6}", r"\d{9}"),
    "OH": _j(r"[A-Z]\d{4,8}", r"[A-Z]{2}\d{3,7}", r"\d{8}"),
    "OK": _j(r"[A-Z]\d{9}", r"\d{9}"),
    "OR": _j(r"\d{1,9}", r"[A-Z]\d{6}"),
    "PA": _j(r"\d{8}"),
    "RI": _j(r"\d{7,8}", r"[A-Z]\d{6}"),
    "SC": _j(r"\d{5,11}"),
    "SD": _j(r"\d{6,10}", r"\d{12}"),
    "TN": _j(r"\d{7,9}"),
    "TX": _j(r"\d{7,8}"),
    "UT": _j(r"\d{4,10}"),
    "VT": _j(r"\d{8}", r"\d{7}A"),
    "VA": _j(r"[A-Z]\d{8,11}", r"\d{9}"),
    # Washington: 12 characters, letters first (older: name-derived with '*'; 2018+: WDL...).
    "WA": _j(r"(?=.{12}$)[A-Z]{1,7}[A-Z0-9*]{4,11}"),
    "WV": _j(r"\d{7}", r"[A-Z]{1,2}\d{5,6}"),
    "WI": _j(r"[A-Z]\d{13}"),
    "WY": _j(r"\d{9,10}"),
    # Canada: postal code first letters after Canada Post; licence numbers only where the
    # provincial format is well documented (Ontario L####-#####-#####, Quebec L####-######-##).
    "AB": _j(postal="T"),
    "BC": _j(postal="V"),
    "MB": _j(postal="R"),
    "NB": _j(postal="E"),
    "NL": _j(postal="A"),
    "NS": _j(postal="B"),
    "NT": _j(postal="X"),
    "NU": _j(postal="X"),
    "ON": _j(r"[A-Z]\d{14}", postal="KLMNP"),
    "PE": _j(postal="C"),
    "QC": _j(r"[A-Z]\d{12}", postal="GHJ"),
    "SK": _j(postal="S"),
    "YT": _j(postal="Y"),
}


def rules_for(jurisdiction: str | None) -> JurisdictionRules:
    """The table of ``jurisdiction``; the defaults (no number rule) when it has none."""
    return JURISDICTION_RULES.get(jurisdiction or "", JurisdictionRules())
