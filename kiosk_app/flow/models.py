"""Plain view models the session hands to the screens (no Qt, no network, no decoder).

They carry personal data for display only: never log them, never write them to disk.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from kiosk_app.kinds import AgeOutcome, CheckKind
from kiosk_app.text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    # Named in annotations only: the Ready screen shows these models before the first window,
    # which then loads neither the parser nor the service's types (cli/test_startup_imports).
    from kiosk_app.api.outcome import Outcome
    from kiosk_app.barcode.consistency import Finding
    from kiosk_app.barcode.issuer import Issuer
    from kiosk_app.barcode.symbol import SymbolInfo
    from kiosk_app.flow.age import UnderAge
    from kiosk_app.storage.watchlist import CardIdentity, Screening

CHECK_TITLES: dict[CheckKind, str] = {
    CheckKind.SIGNATURE: QT_TRANSLATE_NOOP("messages", "Verify signature"),
    CheckKind.DVS_PARSE: QT_TRANSLATE_NOOP("messages", "Parse only"),
    CheckKind.CANADA: QT_TRANSLATE_NOOP("messages", "Canadian registry check"),
    # Never a clerk's button: the legacy service reading a picture the kiosk could not.
    CheckKind.LEGACY_PARSE: QT_TRANSLATE_NOOP("messages", "Parse only (legacy service)"),
}

AGE_BADGES = (18, 19, 21)


# What the clerk reads for each missing key field of an incomplete read (``incomplete`` ids).
KEY_FIELD_LABELS: dict[str, str] = {
    "name": QT_TRANSLATE_NOOP("messages", "name"),
    "dateOfBirth": QT_TRANSLATE_NOOP("messages", "date of birth"),
    "licenceNumber": QT_TRANSLATE_NOOP("messages", "licence number"),
    "expiryDate": QT_TRANSLATE_NOOP("messages", "expiry date"),
}


@dataclass(frozen=True)
class LicenceSummary:
    """What the local parse of the barcode shows at once: name, birth date, age, expiry.

    ``missing_fields`` names the key fields the read lacks (``incomplete`` is then true).
    ``consistency_checked`` counts the local consistency rules that applied;
    ``consistency_notes`` holds what looked unusual (``unusual``): each finding has a ``code``,
    an English ``message`` template to translate and its ``params``
    (``finding.text(translate)`` gives the sentence).
    """

    full_name: str
    date_of_birth: date | None
    age: int | None
    age_of_majority: int
    expiry_date: date | None
    expired: bool
    days_to_expiry: int | None
    licence_number: str = ""
    canadian: bool = False
    # Key fields the read lacks (ids of ``KEY_FIELD_LABELS``; empty when complete).
    missing_fields: tuple[str, ...] = ()
    # How many local consistency rules applied, and what they found (advice, not a verdict).
    consistency_checked: int = 0
    consistency_notes: tuple[Finding, ...] = ()
    # Under the desk's minimum age (``Settings.minimum_age``) by the barcode's date of birth.
    under_age: UnderAge | None = None
    # Days left when the licence expires within the admin's window (``expiry_warning_days``).
    expires_in_days: int | None = None
    # What the service read of a picture the kiosk could not read (not the kiosk's own read).
    read_by_service: bool = False

    @property
    def incomplete(self) -> bool:
        """The read lacks the name, birth date, expiry date or licence number."""
        return bool(self.missing_fields) or not (
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
    """What the Error screen shows: a title and a sentence to act on (maybe a file name)."""

    kind: ErrorKind
    title: str
    message: str
    file_name: str | None = None  # the picture that could not be read (watched folder, Open)
    service_read: bool = False  # the service may be asked to read the picture (billed)


@dataclass(frozen=True)
class ScanData:
    """One customer's scan, kept in memory only: payload, symbol, optional image, local parse.

    ``byte_exact`` is the payload's provenance. True: these are the barcode's own bytes (camera,
    picture, serial scanner, or a keyboard-wedge scan whose AAMVA header arrived intact with its
    control characters). False: the payload was rebuilt from damaged wedge input (control
    characters dropped or changed, a keyboard layout repaired); it still parses, but a signature
    can never verify on it, so the signature check is refused locally (never sent).
    """

    payload: bytes
    symbol: SymbolInfo | None
    back_image: bytes | None
    licence: LicenceSummary | None
    prefill: CanadaFormData | None
    parse_hint: str = ""
    byte_exact: bool = True
    # Every element value of the payload (names, numbers, dates, address...), split in the
    # worker, so the session can register them with the log redaction without parsing again.
    element_values: tuple[str, ...] = ()
    issuer: Issuer | None = None  # who issued the card, for check routing (None: not parsed)
    # What the organisation's watchlist is made of (memory only), and what it said of the card.
    identity: CardIdentity | None = None
    watch: Screening | None = None


@dataclass(frozen=True)
class ResultView:
    """One finished check with the local parse beside it."""

    check: CheckKind
    outcome: Outcome
    licence: LicenceSummary | None = None
    retry_in_s: int | None = None
    # Under the desk's minimum age by any date of birth (barcode, form, the service's reply).
    under_age: UnderAge | None = None
    # The licence expires within the admin's window (days left).
    expires_in_days: int | None = None
    # The desk's minimum age against every date of birth: over, under or unknown.
    age_outcome: AgeOutcome = AgeOutcome.UNKNOWN
    # The Canadian check's class as sent (the card's class), for the class-mismatch reason.
    sent_class: str = ""
    # The date of birth as sent to the registry (yyyy-MM-dd), for the partial-match reason.
    sent_birth_date: str = ""


class CanadaSampleLike(Protocol):
    """What a Canadian demo sample pre-fills (``kiosk_app.simulator.samples.CanadaSample``)."""

    @property
    def licence_number(self) -> str: ...

    @property
    def date_of_birth(self) -> str: ...

    @property
    def province(self) -> str: ...

    @property
    def licence_class(self) -> str | None: ...


class SampleLike(Protocol):
    """A demo sample licence (``kiosk_app.simulator.samples.Sample``)."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def check(self) -> str: ...

    @property
    def payload(self) -> bytes: ...

    @property
    def canada(self) -> CanadaSampleLike | None: ...

    @property
    def expected_status(self) -> int | None: ...

    @property
    def picture(self) -> bytes | None: ...


@dataclass(frozen=True)
class DemoSample:
    """One demo sample licence offered by "Try a sample"."""

    key: str
    title: str
    check: CheckKind
    expected: str = ""
