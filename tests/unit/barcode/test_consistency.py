"""Each consistency rule fires on a payload built to break it, and stays quiet on a good card.

The payloads come from ``tests/aamva_factory.py``; the real specimens are checked in
``test_consistency_corpus.py``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

import pytest

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.consistency import CHECKS, check_consistency
from kiosk_app.barcode.consistency_rules import JURISDICTION_RULES, RULES
from kiosk_app.barcode.jurisdictions import JURISDICTIONS_BY_CODE
from kiosk_app.barcode.licence import LicenceRecord
from tests.aamva_factory import CardSpec, build_payload, canadian_spec, quebec_spec, sample_specs

TODAY = date(2025, 6, 1)
NEW_YORK = CardSpec(jurisdiction="NY", postal_code="122010000")
CALIFORNIA = CardSpec()


def _record(payload: bytes) -> LicenceRecord:
    return parse_aamva(payload)


def _codes(payload: bytes, today: date = TODAY) -> list[str]:
    return check_consistency(_record(payload), today).codes()


def _spec_with(base: CardSpec = CALIFORNIA, **changes: object) -> bytes:
    return build_payload(replace(base, **changes))  # type: ignore[arg-type]


BROKEN: dict[str, bytes] = {
    "IIN_UNKNOWN": build_payload(CardSpec()).replace(b"ANSI 636014", b"ANSI 999999"),
    "IIN_JURISDICTION": build_payload(CardSpec()).replace(b"DAJCA", b"DAJNV"),
    "VERSION_FOR_ISSUE_DATE": _spec_with(
        issue_date=date(2015, 3, 1), expiry_date=date(2021, 1, 31)
    ),
    "MANDATORY_ELEMENTS": _spec_with(omit=("DCF", "DAY")),
    "HEADER_ENTRIES": build_payload(CardSpec()).replace(b"636014100002", b"636014100003"),
    "HEADER_FIRST_OFFSET": build_payload(CardSpec()).replace(b"DL0041", b"DL0045", 1),
    "SUBFILE_TYPE": build_payload(CardSpec())
    .replace(b"DL0041", b"EN0041")
    .replace(b"DLDCA", b"ENDCA"),
    "DATE_INVALID": build_payload(CardSpec()).replace(b"DBB01311980", b"DBB02301980"),
    "DATE_IMPLAUSIBLE": build_payload(CardSpec()).replace(b"DBB01311980", b"DBB01311114"),
    "HEIGHT_IMPLAUSIBLE": _spec_with(overrides=(("DAU", "5 IN"),)),
    "BIRTH_AFTER_ISSUE": _spec_with(date_of_birth=date(2024, 1, 1)),
    "ISSUE_IN_FUTURE": _spec_with(issue_date=date(2025, 7, 1), expiry_date=date(2030, 1, 31)),
    "EXPIRY_BEFORE_ISSUE": _spec_with(expiry_date=date(2023, 1, 31)),
    "VALIDITY_TOO_LONG": _spec_with(
        NEW_YORK, compliance_type="N", issue_date=date(2010, 1, 4), expiry_date=date(2030, 1, 31)
    ),
    "REAL_ID_VALIDITY": _spec_with(expiry_date=date(2032, 1, 31)),
    "AGE_AT_ISSUE": _spec_with(date_of_birth=date(2015, 1, 31)),
    "LICENCE_NUMBER_FORMAT": _spec_with(NEW_YORK, licence_number="12AB"),
    "POSTAL_CODE_FORMAT": _spec_with(postal_code="9022A"),
    "POSTAL_CODE_PROVINCE": build_payload(canadian_spec(postal_code="H2X1Y4")),
}


def _short_payload() -> bytes:
    """A single-subfile payload whose header declares 20 bytes more than are present; the data
    ends on its terminator, so every element is complete."""
    payload = build_payload(replace(CardSpec(), jurisdiction_elements=()))
    match = re.search(rb"DL(\d{4})(\d{4})", payload)
    assert match is not None
    longer = f"{int(match.group(2)) + 20:04d}".encode()
    return payload[: match.start(2)] + longer + payload[match.end(2) :]


BROKEN["HEADER_LENGTH"] = _short_payload()


def test_every_rule_has_a_check_a_source_and_a_broken_payload() -> None:
    assert [code for code, _ in CHECKS] == list(RULES)
    assert set(BROKEN) == set(RULES)
    for rule in RULES.values():
        assert re.fullmatch(r"[A-Z]+(?:_[A-Z]+)+", rule.code) and len(rule.code) <= 24
        assert rule.source and rule.message.endswith(".")


@pytest.mark.parametrize("code", sorted(BROKEN))
def test_rule_fires_on_a_card_built_to_break_it(code: str) -> None:
    codes = _codes(BROKEN[code])
    assert code in codes


@pytest.mark.parametrize(("name", "spec"), [pytest.param(n, s, id=n) for n, s in sample_specs()])
def test_well_formed_synthetic_cards_are_consistent(name: str, spec: CardSpec) -> None:
    report = check_consistency(_record(build_payload(spec)), TODAY)
    assert report.findings == (), (name, report.codes())
    assert report.checked >= 12


def test_a_broken_card_says_only_what_is_wrong() -> None:
    assert _codes(BROKEN["IIN_JURISDICTION"]) == ["IIN_JURISDICTION"]
    assert _codes(BROKEN["POSTAL_CODE_PROVINCE"]) == ["POSTAL_CODE_PROVINCE"]
    assert _codes(BROKEN["BIRTH_AFTER_ISSUE"]) == ["BIRTH_AFTER_ISSUE"]  # not AGE_AT_ISSUE too


def test_messages_are_sentences_without_personal_data() -> None:
    spec = replace(NEW_YORK, licence_number="12AB", date_of_birth=date(2015, 1, 31))
    report = check_consistency(_record(build_payload(spec)), TODAY)
    assert {"LICENCE_NUMBER_FORMAT", "AGE_AT_ISSUE"} <= set(report.codes())
    text = " ".join(finding.text() for finding in report.findings)
    for secret in ("12AB", "PUBLIC", "JOHN", "2015", "123 MAIN"):
        assert secret not in text
    assert "NY" in text and "8 years old" in text


def test_json_member_shape_and_translation_hook() -> None:
    report = check_consistency(_record(BROKEN["IIN_JURISDICTION"]), TODAY)
    french = {RULES["IIN_JURISDICTION"].message: "Émetteur {issuer}, adresse {address}."}
    document = report.to_json(lambda template: french.get(template, template))
    assert document["checked"] == report.checked >= 12
    assert document["warnings"] == [
        {"code": "IIN_JURISDICTION", "message": "Émetteur CA, adresse NV."}
    ]
    broken = report.to_json(lambda template: "Émetteur {unknown}.")
    assert broken["warnings"][0]["message"].startswith("The issuer number belongs to CA")


def test_rules_that_need_missing_data_are_not_counted() -> None:
    full = check_consistency(_record(build_payload(CardSpec())), TODAY)
    without_dates = check_consistency(_record(_spec_with(omit=("DBD", "DBA"))), TODAY)
    assert without_dates.checked < full.checked
    assert "EXPIRY_BEFORE_ISSUE" not in without_dates.applied


def test_issue_date_may_be_tomorrow() -> None:
    payload = _spec_with(issue_date=date(2025, 6, 2), expiry_date=date(2030, 1, 31))
    assert "ISSUE_IN_FUTURE" not in _codes(payload)


def test_identity_card_of_a_child_is_plausible_but_a_licence_is_not() -> None:
    child = dict(date_of_birth=date(2015, 1, 31), expiry_date=date(2027, 1, 31))
    assert "AGE_AT_ISSUE" not in _codes(_spec_with(document_type="ID", **child))  # type: ignore[arg-type]
    assert "AGE_AT_ISSUE" in _codes(_spec_with(**child))  # type: ignore[arg-type]


def test_a_version_is_accepted_from_the_year_before_its_edition() -> None:
    for issued in (date(2019, 3, 1), date(2020, 12, 1)):
        payload = _spec_with(issue_date=issued, expiry_date=date(2027, 1, 31))
        assert "VERSION_FOR_ISSUE_DATE" not in _codes(payload)
    payload = _spec_with(issue_date=date(2018, 12, 31), expiry_date=date(2026, 1, 31))
    assert "VERSION_FOR_ISSUE_DATE" in _codes(payload)


def test_validity_maximum_is_for_licences_only() -> None:
    long_id = dict(document_type="ID", compliance_type="N", issue_date=date(2010, 1, 4),
                   expiry_date=date(2030, 1, 31))  # fmt: skip
    assert "VALIDITY_TOO_LONG" not in _codes(_spec_with(NEW_YORK, **long_id))


def test_a_child_in_a_dl_subfile_without_vehicle_class_is_not_flagged() -> None:
    child = _spec_with(date_of_birth=date(2015, 1, 31), vehicle_class="NONE")
    assert "AGE_AT_ISSUE" not in _codes(child)


def test_header_size_follows_the_headers_own_layout() -> None:
    """A version-01 card written with the later header layout (jurisdiction version present)
    has its first subfile at 21 + 10 bytes per designator, which is right for that layout."""
    payload = build_payload(CardSpec(version=1))
    later_layout = _relabel_version(build_payload(CardSpec(version=2)), b"01")
    assert "HEADER_FIRST_OFFSET" not in _codes(payload)
    assert "HEADER_FIRST_OFFSET" not in _codes(later_layout)


def _relabel_version(payload: bytes, version: bytes) -> bytes:
    at = payload.index(b"ANSI ") + 11
    return payload[:at] + version + payload[at + 2 :]


def test_canadian_postal_code_forms() -> None:
    assert "POSTAL_CODE_FORMAT" in _codes(build_payload(canadian_spec(postal_code="12345")))
    assert _codes(build_payload(canadian_spec(postal_code="K1A0B10000"))) == []
    spaced = build_payload(canadian_spec(postal_code="K1A 0B1"))
    assert _codes(spaced) == []
    assert _codes(build_payload(quebec_spec(postal_code="J4B5E2"))) == []


def test_licence_numbers_with_hyphens_and_spaces_are_compared_without_them() -> None:
    ontario = build_payload(canadian_spec(licence_number="T7654-32109-87654"))
    assert _codes(ontario) == []
    assert "LICENCE_NUMBER_FORMAT" in _codes(
        build_payload(canadian_spec(licence_number="T7654-32109"))
    )


def test_every_jurisdiction_table_is_for_a_known_issuer_and_its_patterns_compile() -> None:
    assert set(JURISDICTION_RULES) <= set(JURISDICTIONS_BY_CODE)
    for code, table in JURISDICTION_RULES.items():
        for shape in table.licence_numbers:
            re.compile(shape)
        assert table.max_validity_years >= 8, code
        assert all(letter.isalpha() and letter.isupper() for letter in table.postal_letters)


def test_canadian_postal_letters_cover_every_province_and_territory() -> None:
    canadian = {c for c, j in JURISDICTIONS_BY_CODE.items() if j.country == "CAN"}
    assert {c for c, t in JURISDICTION_RULES.items() if t.postal_letters} == canadian
    letters = "".join(JURISDICTION_RULES[c].postal_letters for c in canadian)
    # Canada Post's 18 first letters (D, F, I, O, Q, U, W, Z are not used; X is shared).
    assert set(letters) == set("ABCEGHJKLMNPRSTVXY")
