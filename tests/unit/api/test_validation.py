"""Input checks: clerk-friendly messages naming the field, normalised values."""

from __future__ import annotations

from datetime import date

import pytest

from kiosk_app.api.errors import InputRejectedError
from kiosk_app.api.validation import (
    PROVINCES,
    CanadaCheckInput,
    validate_canada_input,
    validate_date_of_birth,
    validate_licence_class,
    validate_province,
)


def test_thirteen_provinces_and_territories() -> None:
    assert len(PROVINCES) == 13
    assert validate_province(" qc ") == "QC"


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ("", "date_of_birth"),
        ("1989-13-01", "date_of_birth"),
        ("1989-2-3", "date_of_birth"),
        ("2001-02-29", "date_of_birth"),
        ("2030-01-01", "date_of_birth"),
    ],
)
def test_bad_dates(value: str, field: str) -> None:
    with pytest.raises(InputRejectedError) as caught:
        validate_date_of_birth(value, today=date(2026, 1, 1))
    assert caught.value.field == field
    assert caught.value.user_message.endswith(".")


def test_leap_day_and_today_are_accepted() -> None:
    assert validate_date_of_birth("2000-02-29", today=date(2026, 1, 1)) == "2000-02-29"
    assert validate_date_of_birth("2026-01-01", today=date(2026, 1, 1)) == "2026-01-01"


@pytest.mark.parametrize("value", ["ABC", "1 ", "A-"])
def test_bad_class(value: str) -> None:
    if value.strip() == "1":
        assert validate_licence_class(value) == "1"
        return
    with pytest.raises(InputRejectedError) as caught:
        validate_licence_class(value)
    assert caught.value.field == "licence_class"


def test_whole_input_normalised() -> None:
    data = validate_canada_input(CanadaCheckInput(" 421450 ", "1989-12-24", "pe", " g1 "))
    assert data == CanadaCheckInput("421450", "1989-12-24", "PE", "G1")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (CanadaCheckInput("", "1989-12-24", "PE"), "licence_number"),
        (CanadaCheckInput("12\n34", "1989-12-24", "PE"), "licence_number"),
        (CanadaCheckInput("1234", "1989-12-24", "XX"), "province"),
        (CanadaCheckInput("1234", "1989-12-24", ""), "province"),
    ],
)
def test_first_bad_field_is_named(data: CanadaCheckInput, field: str) -> None:
    with pytest.raises(InputRejectedError) as caught:
        validate_canada_input(data)
    assert caught.value.field == field


def test_flooded_barcode_payload_is_refused_before_sending() -> None:
    from kiosk_app.api.validation import MAX_BARCODE_PAYLOAD_BYTES, validate_barcode_payload

    licence_sized = b"@\n\x1e\rANSI 636000090002DL" + b"D" * 3000
    assert validate_barcode_payload(licence_sized) == licence_sized
    for flood in (b"A" * (MAX_BARCODE_PAYLOAD_BYTES + 1), bytes(range(256)) * 4096):
        with pytest.raises(InputRejectedError) as caught:
            validate_barcode_payload(flood)
        assert caught.value.field == "barcode"
        assert "far too long" in caught.value.user_message
