"""The desk's minimum age and the expiry ahead (``kiosk_app.flow.age``), on injected dates."""

from __future__ import annotations

from datetime import date

import pytest

from kiosk_app.flow.age import (
    UnderAge,
    birthday,
    expires_within,
    parse_birth_date,
    reply_birth_dates,
    under_minimum,
)


@pytest.mark.parametrize(
    ("born", "years", "expected"),
    [
        (date(2006, 1, 9), 21, date(2027, 1, 9)),
        (date(2004, 2, 29), 21, date(2025, 3, 1)),  # no 29 February in 2025: 1 March
        (date(2004, 2, 29), 20, date(2024, 2, 29)),  # a leap year: the day itself
        (date(2000, 2, 29), 100, date(2100, 3, 1)),  # 2100 is not a leap year
        (date(2005, 12, 31), 18, date(2023, 12, 31)),
    ],
)
def test_the_birthday_a_minimum_is_reached(born: date, years: int, expected: date) -> None:
    assert birthday(born, years) == expected


def test_under_the_minimum_until_the_birthday_itself() -> None:
    born = date(2006, 1, 9)
    assert under_minimum([born], 21, date(2027, 1, 8)) == UnderAge(21, born, 20, date(2027, 1, 9))
    assert under_minimum([born], 21, date(2027, 1, 9)) is None
    assert under_minimum([born], 21, date(2030, 6, 1)) is None


def test_a_leap_day_birthday_is_under_on_28_february_and_of_age_on_1_march() -> None:
    born = date(2004, 2, 29)
    under = under_minimum([born], 21, date(2025, 2, 28))
    assert under is not None and under.age == 20 and under.turns_on == date(2025, 3, 1)
    assert under_minimum([born], 21, date(2025, 3, 1)) is None


def test_no_minimum_or_no_birth_date_is_never_under() -> None:
    today = date(2026, 11, 25)
    assert under_minimum([date(2010, 1, 1)], None, today) is None
    assert under_minimum([None, None], 21, today) is None
    assert under_minimum([], 21, today) is None
    assert under_minimum([date(2030, 1, 1)], 21, today) is None  # a date in the future: no fact


def test_the_youngest_of_the_sources_decides() -> None:
    today = date(2026, 11, 25)
    # The barcode says 30, the form (or the reply) says 19: under 21.
    under = under_minimum([date(1996, 1, 1), date(2007, 5, 3), None], 21, today)
    assert under is not None and under.born == date(2007, 5, 3) and under.age == 19
    assert under.turns_on == date(2028, 5, 3)


def test_zero_is_a_minimum_nobody_is_under() -> None:
    assert under_minimum([date(2026, 11, 1)], 0, date(2026, 11, 25)) is None


@pytest.mark.parametrize(
    ("expiry", "window", "expected"),
    [
        (date(2026, 12, 7), 30, 12),
        (date(2026, 11, 25), 30, 0),  # expires today: still valid today
        (date(2026, 12, 25), 30, 30),
        (date(2026, 12, 26), 30, None),  # beyond the window
        (date(2026, 11, 24), 30, None),  # expired: its own fact
        (date(2026, 12, 7), 0, None),  # window 0: off
        (None, 30, None),
    ],
)
def test_expiry_ahead_within_the_window(expiry: date | None, window: int, expected: int) -> None:
    assert expires_within(expiry, window, date(2026, 11, 25)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2007-01-09", date(2007, 1, 9)),
        ("01/09/2007", date(2007, 1, 9)),  # the registry's BirthDate row: MM/dd/yyyy
        (" 2004-02-29 ", date(2004, 2, 29)),
        ("2005-02-29", None),
        ("09.01.2007", None),
        ("", None),
        (None, None),
    ],
)
def test_birth_dates_as_the_form_and_the_services_write_them(
    text: str | None, expected: date | None
) -> None:
    assert parse_birth_date(text) == expected


def test_a_reply_gives_its_birth_dates_from_the_document_and_the_rows() -> None:
    found = reply_birth_dates({"dob": "2007-01-09", "city": "X"}, [("BirthDate", "03/11/1978")])
    assert found == [date(2007, 1, 9), date(1978, 3, 11)]
    assert reply_birth_dates({}, [("FirstName", "01/01/2000")]) == []
