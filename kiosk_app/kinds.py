"""The kinds every layer shares: which check, the verdict a check gave, the age outcome.

Bottom layer: imports nothing of ``kiosk_app``. The API client stamps them on an ``Outcome``,
the usage store counts them, the settings enable them, the flow routes and runs them, and the
screens show them; one enum each, so no layer converts another's through ``.value``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class CheckKind(StrEnum):
    """Which check: the three a clerk runs, and the legacy parse (command line only)."""

    SIGNATURE = "signature"
    DVS_PARSE = "dvs-parse"
    CANADA = "canada"
    LEGACY_PARSE = "legacy-parse"


CLERK_CHECKS: Final[tuple[CheckKind, ...]] = (
    CheckKind.SIGNATURE,
    CheckKind.DVS_PARSE,
    CheckKind.CANADA,
)
"""The checks a clerk can run (and an administrator enable), in display order."""


class Verdict(StrEnum):
    """Overall verdict, as the service's ``statusString`` spells it."""

    PASSED = "Passed"
    FAILED = "Failed"
    FLAGGED = "Flagged"
    UNDEFINED = "Undefined"


class AgeOutcome(StrEnum):
    """The desk's minimum age against every date of birth the check saw."""

    OVER = "over"  # a minimum is set and every date of birth known has reached it
    UNDER = "under"  # a date of birth is under the minimum
    UNKNOWN = "unknown"  # no minimum set, or no date of birth known
