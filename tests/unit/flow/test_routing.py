"""The routing table, row by row, on real payloads: every Canadian province and territory and a
sample of US jurisdictions, licence and ID card; then the rules around the table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from kiosk_app.barcode.issuer import Issuer, IssuerSource
from kiosk_app.barcode.jurisdictions import CANADIAN_CODES
from kiosk_app.config import Settings
from kiosk_app.flow import routing
from kiosk_app.flow.planning import card_of, route_for
from kiosk_app.flow.routing import Route, route_card
from kiosk_app.kinds import CheckKind
from tests.aamva_factory import CardSpec, build_payload, canadian_spec

SIG, PARSE, CAN = CheckKind.SIGNATURE, CheckKind.DVS_PARSE, CheckKind.CANADA
US_SAMPLE = ("CA", "NY", "TX", "WA", "FL", "CO", "DC", "PR", "AK", "VI")
DEFAULTS = Settings()

# (jurisdiction, document type) → (check, offered, automatic) with the default settings.
EXPECTED: dict[tuple[str, str], tuple[CheckKind | None, tuple[CheckKind, ...], bool]] = {
    **{(code, "DL"): (CAN, (CAN, PARSE), True) for code in CANADIAN_CODES},
    **{(code, "ID"): (None, (PARSE,), False) for code in CANADIAN_CODES},
    **{(code, "DL"): (SIG, (SIG, PARSE), True) for code in US_SAMPLE},
    **{(code, "ID"): (SIG, (SIG, PARSE), True) for code in US_SAMPLE},
}


def _route_of(spec: CardSpec, settings: Settings = DEFAULTS, byte_exact: bool = True) -> Route:
    scan = replace(card_of(build_payload(spec)), byte_exact=byte_exact)
    return route_for(scan, settings)


def _spec(code: str, document_type: str) -> CardSpec:
    base = canadian_spec() if code in CANADIAN_CODES else CardSpec()
    return replace(base, jurisdiction=code, document_type=document_type)


def test_every_province_and_territory_is_a_row() -> None:
    assert len(CANADIAN_CODES) == 13
    assert {code for code, _kind in EXPECTED} >= CANADIAN_CODES


@pytest.mark.parametrize(("code", "document_type"), sorted(EXPECTED))
def test_routing_row(code: str, document_type: str) -> None:
    check, offered, automatic = EXPECTED[(code, document_type)]
    route = _route_of(_spec(code, document_type))
    assert (route.check, route.offered, route.automatic) == (check, offered, automatic)
    assert route.jurisdiction == code
    assert code in route.document_text()
    if check is None:
        assert route.reason == "the registry check is for driver's licences only"


@pytest.mark.parametrize(
    ("us_cards", "canadian", "us_check", "canada_check"),
    [
        ("signature", "registry", SIG, CAN),
        ("parse", "parse", PARSE, PARSE),
        ("none", "none", None, None),
        ("signature", "parse", SIG, PARSE),
    ],
)
def test_the_per_country_settings_pick_the_check(
    us_cards: str, canadian: str, us_check: Any, canada_check: Any
) -> None:
    settings = Settings(us_cards=us_cards, canadian_licences=canadian)
    us_route = _route_of(CardSpec(), settings)
    canada_route = _route_of(canadian_spec(), settings)
    assert us_route.check is us_check and canada_route.check is canada_check
    assert CAN not in us_route.offered and SIG not in canada_route.offered
    if us_check is None:
        assert us_route.reason == routing.NONE_SET and not us_route.automatic


def test_a_repaired_payload_is_never_offered_the_signature_check() -> None:
    route = _route_of(CardSpec(), byte_exact=False)
    assert route.check is None and route.offered == (PARSE,)
    assert route.reason == routing.REPAIRED


def test_a_check_turned_off_is_not_offered() -> None:
    settings = Settings(enabled_checks=["signature", "canada"])
    assert _route_of(CardSpec(), settings).offered == (SIG,)
    assert _route_of(canadian_spec(document_type="ID"), settings).offered == ()


def test_a_canadian_licence_without_its_number_needs_the_form() -> None:
    route = _route_of(canadian_spec(licence_number="NONE"))
    assert route.check is CAN and route.needs_form and route.reason == routing.NEEDS_FORM


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        (IssuerSource.DISPUTED, routing.DISPUTED),
        (IssuerSource.ADDRESS_ONLY, routing.ADDRESS_ONLY),
        (IssuerSource.UNKNOWN, routing.UNKNOWN),
    ],
)
def test_an_unsure_issuer_gets_no_automatic_check_and_no_signature(
    source: IssuerSource, reason: str
) -> None:
    issuer = Issuer("CAN" if source is IssuerSource.ADDRESS_ONLY else None, None, "DL", source)
    route = route_card(issuer, DEFAULTS, prefill_complete=True)
    assert route.check is None and not route.automatic
    assert route.offered == (PARSE, CAN) and route.reason == reason


def test_an_unparsed_payload_is_routed_like_an_unknown_card() -> None:
    route = route_card(None, DEFAULTS, prefill_complete=False)
    assert route.check is None and SIG not in route.offered


def test_explain_names_the_card_and_the_reason() -> None:
    route = _route_of(canadian_spec(jurisdiction="ON"))
    assert route.explain() == "Canadian driver's licence (ON): the check set for these cards"
