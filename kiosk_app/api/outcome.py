"""What the GUI and the command line show for one check: the verdict and its per-field results.

Built from the parsed reply by the client (see ``kiosk_app.api.client``); nothing here touches
the network. An ``Outcome`` holds personal data (field values): never log it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import IntEnum

from kiosk_app.kinds import CheckKind, Verdict

# The status codes of the check services: which are billed, which each documents (the
# signature service does not use 2). Here, not in ``verdicts``, so the screens' verdict table
# reads them without loading the reply models.
BILLABLE_CODES: dict[CheckKind, frozenset[int]] = {
    CheckKind.CANADA: frozenset({0, 1, 2}),
    CheckKind.SIGNATURE: frozenset({0, 1}),
}
# Codes each check service documents (the signature service does not use 2).
KNOWN_CODES: dict[CheckKind, frozenset[int]] = {
    CheckKind.CANADA: frozenset({0, 1, 2, 3}),
    CheckKind.SIGNATURE: frozenset({0, 1, 3}),
}


class MatchCategory(IntEnum):
    """Per-field match result; the value is the documented ``matchStatusCode``."""

    NONE = 0
    NO_MATCH = 1
    PARTIAL_MATCH = 2
    MATCH = 3

    @property
    def label(self) -> str:
        """The documented ``matchStatusString``."""
        return _MATCH_LABELS[self]


_MATCH_LABELS = {
    MatchCategory.NONE: "None",
    MatchCategory.NO_MATCH: "No Match",
    MatchCategory.PARTIAL_MATCH: "Partial Match",
    MatchCategory.MATCH: "Match",
}


@dataclass(frozen=True)
class FieldOutcome:
    """One per-field row: what was compared and how it matched."""

    field_name: str
    caption: str
    value: str | None
    match: MatchCategory
    message: str | None = None


@dataclass(frozen=True)
class ErrorInfo:
    """A ``success: false`` element's error: message and trace id, shown selectable."""

    message: str
    trace_id: str | None = None


@dataclass(frozen=True)
class Outcome:
    """The result of one check, ready for display by the GUI or the CLI."""

    service: CheckKind
    verdict: Verdict
    status_code: int | None
    status_string: str
    billable: bool
    fields: tuple[FieldOutcome, ...] = ()
    request_log_id: int | None = None
    request_time: datetime | None = None
    error: ErrorInfo | None = None
    retry_after_seconds: int | None = None
    advice: str | None = None
    # Signature check: validity and revocation, shown first.
    signature_valid: bool | None = None
    revoked: bool | None = None
    # Canadian check: current licence classes and the licence verification message.
    licence_classes: str | None = None
    licence_message: str | None = None
    # Canadian check: ``LicenseClassVerificationStatus`` ("Class Match", "Class Mismatch").
    class_status: str | None = None
    # Parse-only checks: the parsed document members (interface names), for display.
    document: dict[str, str] = field(default_factory=dict)
    test_mode: bool = False
