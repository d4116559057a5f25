"""Element ids and names per AAMVA version; the parser's handling of a bare subfile."""

from __future__ import annotations

import pytest

from kiosk_app.barcode.aamva import parse_aamva, split_payload
from kiosk_app.barcode.elements import (
    DATE_ELEMENTS,
    ELEMENTS,
    element_name,
    elements_of_version,
    is_known_element,
)
from tests.aamva_factory import CardSpec, dl_elements


@pytest.mark.parametrize("version", range(1, 11))
def test_every_element_a_standard_card_carries_is_defined_for_its_version(version: int) -> None:
    defined = elements_of_version(version)
    used = {element_id for element_id, _ in dl_elements(CardSpec(version=version))}
    assert used <= defined, sorted(used - defined)


def test_version_specific_name_elements() -> None:
    assert "DAA" in elements_of_version(1) and "DAA" not in elements_of_version(4)
    assert "DCT" in elements_of_version(3) and "DCT" not in elements_of_version(4)
    assert {"DAC", "DAD", "DCS", "DDE", "DDF", "DDG"} <= elements_of_version(10)
    assert {"DDA", "DDB", "DDK", "DDL"}.isdisjoint(elements_of_version(3))


def test_names() -> None:
    assert element_name("DAQ") == "Customer ID number (licence number)"
    assert element_name("ZVA") == "Jurisdiction-specific element"
    assert element_name("QQQ") == "Unknown element"
    assert is_known_element("DBB") and not is_known_element("ZVA")
    assert DATE_ELEMENTS.issubset(ELEMENTS)
    assert all(e.since <= e.until for e in ELEMENTS.values())


def test_bare_licence_subfile_without_header_parses_as_version_0() -> None:
    raw = split_payload(b"DLDAQ12345\nDCSSMITH\nDACJANE\nDBB01311990\nDAJNY\n")
    assert raw.header.version == 0 and raw.header.iin is None
    record = parse_aamva(b"DLDAQ12345\nDCSSMITH\nDACJANE\nDBB01311990\nDAJNY\n")
    assert (record.jurisdiction, record.country, record.last_name) == ("NY", "USA", "SMITH")
    assert record.date_of_birth is not None and record.date_of_birth.year == 1990
