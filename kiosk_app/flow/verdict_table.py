"""The verdict table: what the banner shows (look, words, advice) for every answer and local fact.

A clerk reads the banner, not the rows beside it, so the banner must carry what matters: a
customer under the desk's minimum age is "Under 21" whatever the check said (every check, Parse
only and the registry included), a parse is not a verification (neutral look), a call that
failed or a status the kiosk does not know is "Could not verify", and a valid signature on an
expired licence or an incomplete read is not a plain green "Passed" (amber, with the fact in
the words). The rules are data, tried in order, first match wins; ``docs/user-guide.md`` prints
the same table and ``tests/gui/test_verdict_table.py`` tests every row.

No Qt: the session records what the banner showed (:class:`ShownVerdict`) so a repeat of the
card quotes it, and the UI translates the words (context ``Verdict``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from kiosk_app.api.outcome import KNOWN_CODES, Outcome
from kiosk_app.flow.age import (
    UnderAge,
    age_outcome,
    expires_within,
    parse_birth_date,
    reply_birth_dates,
    under_minimum,
)
from kiosk_app.flow.models import CanadaFormData, LicenceSummary, ResultView
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

if TYPE_CHECKING:
    from kiosk_app.config import Settings


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
    under_age: UnderAge | None = None  # a date of birth under the desk's minimum age
    expires_in_days: int | None = None  # the licence expires within the admin's window

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


UNDER_AGE_WORDS = QT_TRANSLATE_NOOP("Verdict", "Under {age}")

VERDICT_RULES: tuple[BannerRule, ...] = (
    BannerRule(
        "under-age",
        "a date of birth is under the desk's minimum age (any check, any answer)",
        lambda f: f.under_age is not None,
        "underage",
        UNDER_AGE_WORDS,
        QT_TRANSLATE_NOOP(
            "Verdict", "Do not accept: the customer is under this desk's minimum age."
        ),
    ),
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
    BannerRule(
        "passed-expiring",
        "status Passed, the licence expires within the admin's window",
        lambda f: f.verdict is Verdict.PASSED and f.expires_in_days is not None,
        "passed",
        "",
    ),
    BannerRule("passed", "status Passed", lambda f: f.verdict is Verdict.PASSED, "passed", ""),
)


def facts_of(
    check: CheckKind,
    outcome: Outcome,
    licence: LicenceSummary | None,
    under_age: UnderAge | None = None,
    expires_in_days: int | None = None,
) -> BannerFacts:
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
        under_age=under_age,
        expires_in_days=expires_in_days,
    )


def rule_for(facts: BannerFacts) -> BannerRule:
    """The first row of the table that applies (the last row, Passed, is reached only then)."""
    for rule in VERDICT_RULES:
        if rule.applies(facts):
            return rule
    raise ValueError(f"no verdict rule for {facts}")  # every verdict has a row: a bug


def words_params(facts: BannerFacts) -> dict[str, str | int]:
    """The values of the banner words' placeholders (``Under {age}``)."""
    return {"age": facts.under_age.minimum} if facts.under_age is not None else {}


@dataclass(frozen=True)
class ShownVerdict:
    """What the banner showed, to quote it later (a repeat of the card, "Keep the result").

    ``look`` is the style key (``theme.BANNER_LOOKS``: colour and icon); ``words`` the English
    source of the title (context ``Verdict``; empty: the look's own words) with its ``params``
    (the minimum age only: no personal data). The reason, which may hold a date, is not kept here.
    """

    rule: str
    look: str
    words: str = ""
    params: Mapping[str, str | int] = field(default_factory=dict)


def view_facts(view: ResultView) -> BannerFacts:
    """The facts of a finished check as the session built it."""
    return facts_of(view.check, view.outcome, view.licence, view.under_age, view.expires_in_days)


def shown_verdict(view: ResultView) -> ShownVerdict:
    """What the banner shows for ``view``."""
    facts = view_facts(view)
    rule = rule_for(facts)
    return ShownVerdict(rule.name, rule.look, rule.words, words_params(facts))


def ready_verdict(licence: LicenceSummary | None) -> ShownVerdict | None:
    """The banner the Ready screen shows before any check: the minimum age only."""
    if licence is None or licence.under_age is None:
        return None
    rule = VERDICT_RULES[0]
    return ShownVerdict(rule.name, rule.look, rule.words, {"age": licence.under_age.minimum})


def under_age_reason(under_age: UnderAge) -> Message:
    """The second line of the under-age banner: ``turns 21 on 2027-01-09``."""
    return Message(TURNS_ON, age=under_age.minimum, date=under_age.turns_on.isoformat())


TURNS_ON = QT_TRANSLATE_NOOP("messages", "turns {age} on {date}")


def result_view(
    check: CheckKind,
    outcome: Outcome,
    licence: LicenceSummary | None,
    retry_in_s: int | None,
    *,
    form: CanadaFormData | None,
    settings: Settings,
    today: date,
) -> ResultView:
    """A finished check with the desk's facts beside it: the minimum age (by the barcode's, the
    form's or the reply's date of birth), the expiry ahead, what was sent to the registry."""
    canadian = check is CheckKind.CANADA and form is not None
    births = [
        licence.date_of_birth if licence else None,
        parse_birth_date(form.date_of_birth) if canadian and form else None,
        *reply_birth_dates(outcome.document, [(f.field_name, f.value) for f in outcome.fields]),
    ]
    expires_in = None
    if licence is not None and not licence.expired:
        expires_in = expires_within(licence.expiry_date, settings.expiry_warning_days, today)
    return ResultView(
        check,
        outcome,
        licence,
        retry_in_s,
        under_age=under_minimum(births, settings.minimum_age, today),
        age_outcome=age_outcome(births, settings.minimum_age, today),
        expires_in_days=expires_in,
        sent_class=(form.licence_class.strip() if canadian and form else ""),
        sent_birth_date=(form.date_of_birth.strip() if canadian and form else ""),
    )
