"""Round-trip property: any card the factory can write, in any version 01-10, for any
jurisdiction of the table, clean or with any tolerated damage, parses back to its own values.

The existing properties (``test_aamva_property.py``) prove that hostile bytes only raise the
typed errors; this one proves the parser is right on the whole space of valid cards, not just
on the named samples.
"""

from __future__ import annotations

from datetime import date

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva_strict
from kiosk_app.barcode.jurisdictions import CAN, JURISDICTIONS_BY_CODE
from kiosk_app.barcode.licence import _NONE_WORDS
from tests.aamva_factory import DAMAGES, CardSpec, build_payload, damaged

_SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Single words: version 03 joins given names with a space, so a space inside one is ambiguous.
# Words the standard uses for "no value" (NONE, NA, UNAVL...) are not names.
_WORD = st.from_regex(r"[A-Z][A-Z'\-]{0,14}[A-Z]", fullmatch=True).filter(
    lambda w: w not in _NONE_WORDS
)
_NUMBER = st.from_regex(r"[A-Z0-9]{4,18}", fullmatch=True)
_CITY = st.from_regex(r"[A-Z][A-Z ]{0,18}[A-Z]", fullmatch=True).filter(
    lambda c: "  " not in c and c not in _NONE_WORDS
)
# Wedge recovery splits at element ids, so a value may hide an id only when separators survive.
_SAFE_DAMAGES = sorted(set(DAMAGES) - {"wedge_no_controls"})


@st.composite
def card_specs(draw: st.DrawFn) -> CardSpec:
    """Any valid card: version, jurisdiction, type, names, number, dates, city, sex."""
    jurisdiction = draw(st.sampled_from(sorted(JURISDICTIONS_BY_CODE)))
    born = draw(st.dates(date(1920, 1, 1), date(2010, 12, 31)))
    issued = draw(st.dates(date(2000, 1, 1), date(2025, 12, 31)))
    canadian = JURISDICTIONS_BY_CODE[jurisdiction].country == CAN
    return CardSpec(
        version=draw(st.integers(1, 10)),
        jurisdiction=jurisdiction,
        document_type=draw(st.sampled_from(["DL", "ID"])),
        family_name=draw(_WORD),
        first_name=draw(_WORD),
        middle_name=draw(_WORD),
        date_of_birth=born,
        issue_date=issued,
        expiry_date=draw(st.dates(issued, date(2040, 12, 31))),
        licence_number=draw(_NUMBER),
        sex=draw(st.sampled_from(["M", "F"])),
        city=draw(_CITY),
        height_inches=draw(st.integers(48, 90)),
        height_cm=draw(st.integers(120, 230)),
        compliance_type="" if canadian else "F",
    )


def _assert_round_trip(payload: bytes, spec: CardSpec) -> None:
    assert looks_like_aamva(payload)
    record = parse_aamva_strict(payload)
    assert record.version == spec.version
    assert (record.jurisdiction, record.country) == (spec.jurisdiction, spec.country)
    assert record.document_type == spec.document_type
    assert (record.last_name, record.first_name, record.middle_name) == (
        spec.family_name,
        spec.first_name,
        spec.middle_name,
    )
    assert record.licence_number == spec.licence_number
    assert record.date_of_birth == spec.date_of_birth
    assert record.issue_date == spec.issue_date
    assert record.expiry_date == spec.expiry_date
    assert record.city == spec.city
    assert record.sex is not None and record.sex.value == spec.sex


@_SETTINGS
@given(card_specs())
def test_any_valid_card_parses_to_its_own_values(spec: CardSpec) -> None:
    _assert_round_trip(build_payload(spec), spec)


@_SETTINGS
@given(card_specs(), st.sampled_from(_SAFE_DAMAGES))
def test_any_valid_card_survives_any_tolerated_damage(spec: CardSpec, damage: str) -> None:
    payload = build_payload(spec)
    hurt = damaged(payload, damage)
    assume(hurt != payload)
    _assert_round_trip(hurt, spec)
