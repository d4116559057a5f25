"""The IIN table covers every US state, DC, the territories and every Canadian jurisdiction."""

from __future__ import annotations

import re
from pathlib import Path

from kiosk_app.barcode import jurisdictions
from kiosk_app.barcode.jurisdictions import CAN, USA, by_code, by_iin

CANADIAN_CODES = jurisdictions.CANADIAN_CODES
JURISDICTIONS_BY_CODE = jurisdictions.JURISDICTIONS_BY_CODE
JURISDICTIONS_BY_IIN = jurisdictions.JURISDICTIONS_BY_IIN

_STATES = (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ "
    "NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
)
US_STATES = set(_STATES.split())
US_OTHER = {"DC", "AS", "GU", "MP", "PR", "VI"}
_CANADA = "AB BC MB NB NL NS NT NU ON PE QC SK YT"
CANADA = set(_CANADA.split())


def test_every_us_state_dc_and_territory_is_listed() -> None:
    assert len(US_STATES) == 50
    us = {j.code for j in JURISDICTIONS_BY_IIN.values() if j.country == USA}
    assert us == US_STATES | US_OTHER


def test_every_canadian_province_and_territory_is_listed() -> None:
    assert CANADIAN_CODES == CANADA
    assert all(by_code(code) is not None and by_code(code).country == CAN for code in CANADA)


def test_iins_and_codes_are_unique_and_well_formed() -> None:
    assert len(JURISDICTIONS_BY_IIN) == len(JURISDICTIONS_BY_CODE) == 50 + 6 + 13
    assert all(re.fullmatch(r"(604|636)\d{3}", iin) for iin in JURISDICTIONS_BY_IIN)


def test_lookups() -> None:
    ontario = by_iin("636012")
    assert ontario is not None and (ontario.code, ontario.country) == ("ON", CAN)
    assert by_code(" qc ") is not None and by_code("qc").iin == "604428"
    assert by_iin("999999") is None and by_iin(None) is None and by_code(None) is None


def test_corpus_issuers_agree_with_the_address_jurisdiction() -> None:
    corpus = Path(__file__).resolve().parents[2] / "data" / "corpus" / "aamva"
    checked = 0
    for path in corpus.glob("c0shea-IdParser/*.txt"):
        data = path.read_bytes()
        iin = re.search(rb"(?:ANSI ?|AAMVA)(\d{6})", data)
        state = re.search(rb"DAJ([A-Z]{2})", data)
        assert iin and state
        known = by_iin(iin.group(1).decode())
        assert known is not None and known.code == state.group(1).decode(), path.name
        checked += 1
    assert checked == 28
