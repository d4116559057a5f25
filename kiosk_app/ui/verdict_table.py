"""The verdict table: what the banner shows (look, words, advice) for every answer and local fact.

A clerk reads the banner, not the rows beside it, so the banner must carry what matters: a
parse is not a verification (neutral look), a call that failed or a status the kiosk does not
know is "Could not verify", and a valid signature on an expired licence or an incomplete read
is not a plain green "Passed" (amber, with the fact in the words). The rules are data, tried in
order, first match wins; ``docs/user-guide.md`` prints the same table and
``tests/unit/ui/test_verdict_table.py`` tests every row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kiosk_app.api.outcome import Outcome
from kiosk_app.api.verdicts import KNOWN_CODES
from kiosk_app.flow.models import LicenceSummary
from kiosk_app.flow.text import QT_TRANSLATE_NOOP
from kiosk_app.kinds import CheckKind, Verdict


@dataclass(frozen=True)
class BannerFacts:
    """What the banner depends on: the check, the service's answer and the local read."""

    check: CheckKind
    verdict: Verdict
    failed_call: bool = False  # success: false (or a legacy parse's failure)
    unknown_code: bool = False  # a status code the service does not document
    expired: bool = False  # local read: the licence's expiry date is past
    incomplete: bool = False  # local read: name, birth date, expiry or number missing
    unusual: bool = False  # local read: the consistency checks flagged the barcode

    @property
    def parse_only(self) -> bool:
        """The check only reads the barcode; it verifies nothing."""
        return self.check is CheckKind.DVS_PARSE


@dataclass(frozen=True)
class BannerRule:
    """One row of the verdict table: when it applies, the look (style key) and the words."""

    name: str
    when: str  # the condition in words, for the documentation
    applies: Callable[[BannerFacts], bool]
    look: str  # a key of ``theme.BANNER_LOOKS``
    words: str  # English source, context "Verdict"; empty: the look's own words
    advice: str = ""  # English source, context "Verdict"; empty: the check's usual advice


def _passed_with(fact: str, check: CheckKind | None = None) -> Callable[[BannerFacts], bool]:
    def applies(facts: BannerFacts) -> bool:
        return (
            facts.verdict is Verdict.PASSED
            and getattr(facts, fact)
            and (check is None or facts.check is check)
        )

    return applies


VERDICT_RULES: tuple[BannerRule, ...] = (
    BannerRule(
        "failed-call",
        "the service answered success: false",
        lambda f: f.failed_call,
        "undefined",
        "",
    ),
    BannerRule(
        "unknown-code",
        "a status code the interface does not document",
        lambda f: f.unknown_code,
        "undefined",
        "",
    ),
    BannerRule(
        "parse-read",
        "Parse only: the service read the barcode",
        lambda f: f.parse_only and f.verdict is Verdict.PASSED,
        "parsed",
        "",
    ),
    BannerRule(
        "parse-unread",
        "Parse only: the service could not read the barcode",
        lambda f: f.parse_only,
        "undefined",
        QT_TRANSLATE_NOOP("Verdict", "Not read by the service"),
    ),
    BannerRule("failed", "status Failed", lambda f: f.verdict is Verdict.FAILED, "failed", ""),
    BannerRule(
        "undefined", "status Undefined", lambda f: f.verdict is Verdict.UNDEFINED, "undefined", ""
    ),
    BannerRule("flagged", "status Flagged", lambda f: f.verdict is Verdict.FLAGGED, "flagged", ""),
    BannerRule(
        "signature-expired",
        "signature Passed, the licence has expired",
        _passed_with("expired", CheckKind.SIGNATURE),
        "flagged",
        QT_TRANSLATE_NOOP("Verdict", "Signature valid — licence EXPIRED"),
        QT_TRANSLATE_NOOP(
            "Verdict",
            "The barcode is genuine, but the licence has expired. Do not accept it as a valid "
            "licence.",
        ),
    ),
    BannerRule(
        "passed-expired",
        "registry Passed, the licence has expired",
        _passed_with("expired"),
        "flagged",
        QT_TRANSLATE_NOOP("Verdict", "Passed — licence EXPIRED"),
        QT_TRANSLATE_NOOP(
            "Verdict",
            "The registry confirms the details, but the licence has expired. Do not accept it "
            "as a valid licence.",
        ),
    ),
    BannerRule(
        "signature-incomplete",
        "signature Passed, the local read is incomplete",
        _passed_with("incomplete", CheckKind.SIGNATURE),
        "flagged",
        QT_TRANSLATE_NOOP("Verdict", "Signature valid — read INCOMPLETE"),
        QT_TRANSLATE_NOOP(
            "Verdict",
            "The barcode lacks a name, birth date, expiry date or licence number. Check the card "
            "by hand.",
        ),
    ),
    BannerRule(
        "signature-unusual",
        "signature Passed, the barcode's consistency checks flagged something",
        _passed_with("unusual", CheckKind.SIGNATURE),
        "flagged",
        QT_TRANSLATE_NOOP("Verdict", "Signature valid — barcode UNUSUAL"),
        QT_TRANSLATE_NOOP(
            "Verdict", "Something in the barcode looks unusual. Check the card by hand."
        ),
    ),
    BannerRule(
        "passed-incomplete",
        "registry Passed, the local read is incomplete",
        _passed_with("incomplete"),
        "flagged",
        QT_TRANSLATE_NOOP("Verdict", "Passed — read INCOMPLETE"),
        QT_TRANSLATE_NOOP(
            "Verdict",
            "The barcode lacks a name, birth date, expiry date or licence number. Check the card "
            "by hand.",
        ),
    ),
    BannerRule(
        "passed-unusual",
        "registry Passed, the barcode's consistency checks flagged something",
        _passed_with("unusual"),
        "flagged",
        QT_TRANSLATE_NOOP("Verdict", "Passed — barcode UNUSUAL"),
        QT_TRANSLATE_NOOP(
            "Verdict", "Something in the barcode looks unusual. Check the card by hand."
        ),
    ),
    BannerRule("passed", "status Passed", lambda f: f.verdict is Verdict.PASSED, "passed", ""),
)


def facts_of(check: CheckKind, outcome: Outcome, licence: LicenceSummary | None) -> BannerFacts:
    """The facts of one finished check (``licence``: the local read, None when typed in)."""
    known = KNOWN_CODES.get(outcome.service)
    unknown = (
        known is not None
        and outcome.error is None
        and outcome.status_code is not None
        and outcome.status_code not in known
    )
    return BannerFacts(
        check=check,
        verdict=outcome.verdict,
        failed_call=outcome.error is not None,
        unknown_code=unknown,
        expired=bool(licence and licence.expired),
        incomplete=bool(licence and licence.incomplete),
        unusual=bool(licence and licence.unusual),
    )


def rule_for(facts: BannerFacts) -> BannerRule:
    """The first row of the table that applies (the last row, Passed, is reached only then)."""
    for rule in VERDICT_RULES:
        if rule.applies(facts):
            return rule
    raise ValueError(f"no verdict rule for {facts}")  # every verdict has a row: a bug
