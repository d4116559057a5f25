"""The desk's minimum age and the expiry ahead: plain facts from dates, no Qt, no clock of its own.

Every function takes ``today`` from its caller (the session's injectable clock). A birthday on
29 February is reached on 1 March in a year without one (the common legal reading, and the one
:func:`kiosk_app.barcode.licence.age_on` uses).

The date of birth may come from three places: the barcode (the local read), the Canadian form
(typed or pre-filled) and the service's reply (the parse-only document, the legacy parse, the
registry's echoed birth date). The minimum applies when **any** of them is under it (the
cautious reading for an age check).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from kiosk_app.barcode.licence import age_on
from kiosk_app.kinds import AgeOutcome

FEBRUARY = 2
LEAP_DAY = 29
# Date forms the services use for a birth date: yyyy-MM-dd (DVS, legacy, the form) and
# MM/dd/yyyy (the registry's BirthDate row).
_ISO = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s*$")
_US = re.compile(r"^\s*(\d{2})/(\d{2})/(\d{4})\s*$")
# Where a reply carries the birth date: parse-only document members and registry field names.
REPLY_BIRTH_KEYS = ("dob", "Birthdate", "BirthDate", "DateOfBirth")


@dataclass(frozen=True)
class UnderAge:
    """The holder is under the desk's minimum age: born ``born``, reaches it on ``turns_on``."""

    minimum: int
    born: date
    age: int
    turns_on: date


def birthday(born: date, years: int) -> date:
    """The day someone born on ``born`` reaches ``years`` (29 February: 1 March if no leap day)."""
    year = born.year + years
    if (born.month, born.day) == (FEBRUARY, LEAP_DAY):
        try:
            return date(year, FEBRUARY, LEAP_DAY)
        except ValueError:
            return date(year, FEBRUARY + 1, 1)
    return born.replace(year=year)


def under_minimum(
    births: Iterable[date | None], minimum: int | None, today: date
) -> UnderAge | None:
    """The youngest known birth date when it is under ``minimum`` on ``today``; None when there
    is no minimum, no birth date, or every birth date has reached it."""
    if minimum is None:
        return None
    known = [born for born in births if born is not None and born <= today]
    if not known:
        return None
    youngest = max(known)
    turns_on = birthday(youngest, minimum)
    if today >= turns_on:
        return None
    return UnderAge(minimum, youngest, age_on(youngest, today), turns_on)


def age_outcome(births: Iterable[date | None], minimum: int | None, today: date) -> AgeOutcome:
    """Over, under or unknown: the desk's minimum against every birth date known (unknown with
    no minimum set or no birth date; under as soon as one of them is under it)."""
    known = [born for born in births if born is not None and born <= today]
    if minimum is None or not known:
        return AgeOutcome.UNKNOWN
    if under_minimum(known, minimum, today) is not None:
        return AgeOutcome.UNDER
    return AgeOutcome.OVER


def expires_within(expiry: date | None, window_days: int, today: date) -> int | None:
    """Days left when the licence expires within ``window_days`` (0: today); None otherwise,
    and for an expired licence (that is its own fact)."""
    if expiry is None or window_days <= 0:
        return None
    days = (expiry - today).days
    return days if 0 <= days <= window_days else None


def parse_birth_date(text: str | None) -> date | None:
    """A birth date as the form or a service writes it (yyyy-MM-dd or MM/dd/yyyy); None if not."""
    if not text:
        return None
    iso = _ISO.match(text)
    us = _US.match(text)
    try:
        if iso:
            return date(int(iso[1]), int(iso[2]), int(iso[3]))
        if us:
            return date(int(us[3]), int(us[1]), int(us[2]))
    except ValueError:
        return None
    return None


def reply_birth_dates(
    document: Mapping[str, str], fields: Iterable[tuple[str, str | None]]
) -> list[date]:
    """Birth dates a reply carries: the parsed document's members and the field rows
    (``(field name, value)``)."""
    found = [parse_birth_date(document.get(key)) for key in REPLY_BIRTH_KEYS]
    wanted = {key.lower() for key in REPLY_BIRTH_KEYS}
    found += [parse_birth_date(value) for name, value in fields if name.lower() in wanted]
    return [born for born in found if born is not None]
