"""Plain view models the session hands to the screens (no Qt, no network, no decoder).

They carry personal data for display only: never log them, never write them to disk.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from kiosk_app.api.outcome import Outcome
from kiosk_app.config import CheckKind

CHECK_TITLES: dict[CheckKind, str] = {
    CheckKind.SIGNATURE: "Verify signature",
    CheckKind.DVS_PARSE: "Parse only",
    CheckKind.CANADA: "Canadian registry check",
}

AGE_BADGES = (18, 19, 21)


@dataclass(frozen=True)
class LicenceSummary:
    """What the local parse of the barcode shows at once: name, birth date, age, expiry."""

    full_name: str
    date_of_birth: date | None
    age: int | None
    age_of_majority: int
    expiry_date: date | None
    expired: bool
    days_to_expiry: int | None
    licence_number: str = ""
    canadian: bool = False
    # Findings of the barcode's consistency checks (English templates), when there are any.
    consistency_notes: tuple[str, ...] = ()

    @property
    def incomplete(self) -> bool:
        """The read lacks the name, birth date, expiry date or licence number."""
        return not (
            self.full_name and self.date_of_birth and self.expiry_date and self.licence_number
        )

    @property
    def unusual(self) -> bool:
        """The consistency checks flagged something in the barcode."""
        return bool(self.consistency_notes)

    def is_over(self, years: int) -> bool | None:
        """True when the holder has reached ``years``; None when the age is unknown."""
        return None if self.age is None else self.age >= years

    @property
    def of_age(self) -> bool | None:
        """Reached the configured age of majority (None when the age is unknown)."""
        return self.is_over(self.age_of_majority)


@dataclass(frozen=True)
class CanadaFormData:
    """The Canadian registry form's values, as typed or pre-filled (all text)."""

    licence_number: str = ""
    date_of_birth: str = ""
    province: str = ""
    licence_class: str = ""


@dataclass(frozen=True)
class FieldProblem:
    """An inline validation message for one form field."""

    field: str
    message: str


class ErrorKind(StrEnum):
    """Why the flow ended on the Error screen."""

    UNREADABLE = "unreadable"
    SERVICE = "service"
    INTERNAL = "internal"


@dataclass(frozen=True)
class ErrorReport:
    """What the Error screen shows: a title, a sentence to act on, maybe a trace id."""

    kind: ErrorKind
    title: str
    message: str
    trace_id: str | None = None
    file_name: str | None = None  # the picture that could not be read (watched folder, Open)


@dataclass(frozen=True)
class ResultView:
    """One finished check with the local parse beside it."""

    check: CheckKind
    outcome: Outcome
    licence: LicenceSummary | None = None
    retry_in_s: int | None = None


@dataclass(frozen=True)
class DemoSample:
    """One demo sample licence offered by "Try a sample"."""

    key: str
    title: str
    check: CheckKind
    expected: str = ""
