"""Rebuilding a wedge payload: Enter's meaning, prefix/suffix, layouts and byte-exactness."""

from __future__ import annotations

import pytest

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.keyboard_layouts import (
    LAYOUTS,
    UNKNOWN_LAYOUT_ADVICE,
    garble,
    licence_likeness,
    repair_layout,
)
from kiosk_app.barcode.wedge_text import (
    REASON_ENTER,
    REASON_HEADER,
    REASON_LOST,
    REASON_NO_START,
    REASON_SUFFIX,
    Origin,
    Typed,
    assemble,
)
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.conftest import CORPUS_DIR

SIGNED = SAMPLES_BY_KEY["signature-valid"].payload.decode("latin-1")
GA = (CORPUS_DIR / "aamva" / "c0shea-IdParser" / "GA.txt").read_bytes().decode("latin-1")


def typed(
    text: str, lf: Origin = Origin.ENTER, cr: Origin = Origin.CTRL, rs: Origin = Origin.CTRL
) -> list[Typed]:
    origin = {"\n": lf, "\r": cr, "\x1e": rs}
    return [Typed(c, origin.get(c, Origin.TEXT)) for c in text]


ENTER = Typed("\n", Origin.ENTER)
F12 = Typed("", Origin.FUNCTION)


def test_intact_header_is_exact() -> None:
    result = assemble(typed(SIGNED))
    assert result.byte_exact and result.payload == SIGNED.encode("latin-1")


def test_enter_as_cr_is_told_by_the_header() -> None:
    result = assemble(typed(SIGNED, lf=Origin.CTRL, cr=Origin.ENTER))
    assert result.byte_exact and result.payload == SIGNED.encode("latin-1")


def test_enter_for_both_is_not_exact_and_the_header_is_made_canonical() -> None:
    result = assemble(typed(SIGNED, cr=Origin.ENTER))
    assert not result.byte_exact and result.reason == REASON_ENTER
    assert result.payload.startswith(b"@\n\x1e\rANSI ")
    assert parse_aamva(result.payload).licence_number


def test_dropped_record_separator_is_not_exact() -> None:
    result = assemble(typed(SIGNED.replace("\x1e", "")))
    assert not result.byte_exact and result.reason == REASON_HEADER


# Bursts that do not begin with the header's "@": one row each.
NO_START = {
    "rest after the header's first characters": typed(SIGNED[3:]),
    "rest from the middle of the data": typed(SIGNED[120:]),
    "rest with Enter for line feed": typed(SIGNED[120:], lf=Origin.ENTER),
    "not a licence": typed("0123456789" * 3),
}


@pytest.mark.parametrize("name", sorted(NO_START))
def test_a_burst_without_the_headers_start_says_so(name: str) -> None:
    """The rest of a scan cut in two is not a scanner dropping control characters."""
    result = assemble(NO_START[name])
    assert not result.byte_exact and result.reason == REASON_NO_START


@pytest.mark.parametrize(
    ("before", "after"),
    [([F12], [F12]), ([], [ENTER]), ([F12], [F12, ENTER]), ([Typed("\x02", Origin.CTRL)], [])],
)
def test_prefix_and_suffix_are_dropped_and_the_payload_stays_exact(
    before: list[Typed], after: list[Typed]
) -> None:
    result = assemble([*before, *typed(SIGNED), *after])
    assert result.byte_exact and result.payload == SIGNED.encode("latin-1")


def test_aim_symbology_identifier_prefix_is_dropped() -> None:
    aim = [Typed(c, Origin.TEXT) for c in "]L2"]
    assert assemble([*aim, *typed(SIGNED)]).payload == SIGNED.encode("latin-1")


def test_enter_suffix_the_header_does_not_account_for_is_not_exact() -> None:
    """The data does not end on CR and the header's lengths do not match: ambiguous."""
    body = SIGNED[:-1]  # no final segment terminator: one character short of the header's
    result = assemble([*typed(body), ENTER, ENTER])
    assert not result.byte_exact and result.reason == REASON_SUFFIX


def test_a_function_key_in_the_middle_is_a_lost_character() -> None:
    middle = typed(SIGNED)
    middle.insert(100, F12)
    result = assemble(middle)
    assert not result.byte_exact and result.reason == REASON_LOST


def test_layout_guess_for_a_control_key_is_not_exact() -> None:
    result = assemble(typed(SIGNED, rs=Origin.LAYOUT_GUESS))
    assert not result.byte_exact and result.reason == UNKNOWN_LAYOUT_ADVICE
    assert result.payload == SIGNED.encode("latin-1")


# --- the layout table: one test per row ---------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS, ids=[layout.key for layout in LAYOUTS])
def test_each_layout_row_is_a_one_to_one_map(layout: object) -> None:
    us_to_desk = layout.us_to_desk  # type: ignore[attr-defined]
    assert len(set(us_to_desk.values())) == len(us_to_desk)
    repair = layout.desk_to_us()  # type: ignore[attr-defined]
    assert all(garble(us, layout) == desk for desk, us in repair.items())  # type: ignore[arg-type]


@pytest.mark.parametrize("layout", LAYOUTS[:2], ids=[layout.key for layout in LAYOUTS[:2]])
def test_licence_typed_through_a_layout_is_recognised_and_repaired(layout: object) -> None:
    garbled = garble(GA, layout)  # type: ignore[arg-type]
    assert garbled != GA
    repair = repair_layout(garbled)
    assert repair is not None and repair.layout is layout and repair.text == GA
    result = assemble(typed(garbled))
    assert not result.byte_exact and result.layout == layout.key
    assert result.reason == layout.advice


def test_csa_keeps_what_an_aamva_payload_needs() -> None:
    """On CSA the header and element ids type as on US: nothing to repair, nothing repaired."""
    csa = next(layout for layout in LAYOUTS if layout.key == "ca-multix")
    assert garble(SIGNED[:60], csa) == SIGNED[:60]
    assert repair_layout(GA) is None


def test_plain_text_is_never_repaired() -> None:
    for text in ("Pat O'Brien, 123 Main St.", "2 rue de l'Église", "PRODUCT-0123456789"):
        assert repair_layout(text) is None
    assert licence_likeness(SIGNED) > licence_likeness("PRODUCT-0123456789")
