"""Why the banner is not a plain pass: the reasons table (the banner's second line).

Every banner but a plain "Passed" says why in one short line under its title, and the rows that
decided it come first on the Result screen and are never folded. The rules are data, tried in
order, first match wins; each gives an untranslated :class:`Message` (context ``messages``;
only the UI translates) and the field rows that decided it. ``docs/user-guide.md`` prints the
table and ``tests/gui/test_reasons.py`` tests every row, in English and French.

No Qt, no network: the facts are the finished check (:class:`ResultView`) and the verdict
table's row (:mod:`kiosk_app.flow.verdict_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from kiosk_app.api.outcome import FieldOutcome, MatchCategory
from kiosk_app.flow.age import parse_birth_date
from kiosk_app.flow.models import KEY_FIELD_LABELS, ResultView
from kiosk_app.flow.verdict_table import TURNS_ON, BannerRule
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

# Field names of the rows each kind of reason rests on (the services' names).
BIRTH_ROWS = ("BirthDate", "dob", "Birthdate")
CLASS_ROWS = ("CurrentLicenseClasses",)
SIGNATURE_ROW = ("IDNumber",)
REVOCATION_ROW = ("RevocationStatus",)
CLASS_MISMATCH = "class mismatch"
# A field named in a "no match" / "partial match" reason, in the clerk's words.
FIELD_NAMES: dict[str, str] = {
    "IDNumber": QT_TRANSLATE_NOOP("messages", "licence number"),
    "BirthDate": QT_TRANSLATE_NOOP("messages", "date of birth"),
    "IssuedBy": QT_TRANSLATE_NOOP("messages", "province"),
    "State": QT_TRANSLATE_NOOP("messages", "province"),
    "FirstName": QT_TRANSLATE_NOOP("messages", "first name"),
    "LastName": QT_TRANSLATE_NOOP("messages", "last name"),
    "MiddleName": QT_TRANSLATE_NOOP("messages", "middle name"),
    "FullName": QT_TRANSLATE_NOOP("messages", "full name"),
    "Address": QT_TRANSLATE_NOOP("messages", "address"),
    "RevocationStatus": QT_TRANSLATE_NOOP("messages", "revocation"),
}
# The registry's licence status sentences (the IDNumber row's message), as a reason.
LICENCE_STATUS: dict[str, str] = {
    "driver's license is suspended": QT_TRANSLATE_NOOP("messages", "licence suspended"),
    "driver's license is expired": QT_TRANSLATE_NOOP("messages", "licence expired (registry)"),
    "driver's license is cancelled": QT_TRANSLATE_NOOP("messages", "licence cancelled"),
    "driver's license was not found": QT_TRANSLATE_NOOP(
        "messages", "licence not found in the registry"
    ),
}

REVOKED = QT_TRANSLATE_NOOP("messages", "revoked")
CLASS_NOT_HELD = QT_TRANSLATE_NOOP(
    "messages", "Class {card} on the card is not held — registry: {registry}"
)
BIRTH_PART_DIFFERS = {
    "year": QT_TRANSLATE_NOOP("messages", "date of birth: the year differs ({sent} sent)"),
    "month": QT_TRANSLATE_NOOP("messages", "date of birth: the month differs ({sent} sent)"),
    "day": QT_TRANSLATE_NOOP("messages", "date of birth: the day differs ({sent} sent)"),
    "swapped": QT_TRANSLATE_NOOP("messages", "date of birth: month and day swapped ({sent} sent)"),
    "unknown": QT_TRANSLATE_NOOP(
        "messages", "date of birth only partly matches ({sent} sent): check year, month and day"
    ),
}


@dataclass(frozen=True)
class Reason:
    """The banner's second line and the field rows that decided it (shown first, never folded)."""

    rule: str
    text: Message
    decisive: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReasonRule:
    """One row of the reasons table."""

    name: str
    when: str  # the condition in words, for the documentation
    applies: Callable[[ResultView, BannerRule], bool]
    text: Callable[[ResultView], Message]
    decisive: tuple[str, ...] = ()


def _row(view: ResultView, names: tuple[str, ...]) -> FieldOutcome | None:
    wanted = {name.lower() for name in names}
    return next((f for f in view.outcome.fields if f.field_name.lower() in wanted), None)


def _first(view: ResultView, match: MatchCategory) -> FieldOutcome | None:
    return next((f for f in view.outcome.fields if f.match is match), None)


def _field_name(row: FieldOutcome | None) -> Message | str:
    if row is None:
        return "—"
    marked = FIELD_NAMES.get(row.field_name)
    return Message(marked) if marked else row.field_name


def _not_pass(rule: BannerRule) -> bool:
    return rule.look != "passed"


def _licence_status(view: ResultView) -> str | None:
    """The reason for the registry's licence status sentence, when it is a known one."""
    message = (view.outcome.licence_message or "").strip().lower()
    if view.check is not CheckKind.CANADA:
        return None
    return LICENCE_STATUS.get(message)


def _class_mismatch(view: ResultView) -> bool:
    status = (view.outcome.class_status or "").strip().lower()
    return view.check is CheckKind.CANADA and status == CLASS_MISMATCH


def _class_text(view: ResultView) -> Message:
    return Message(
        CLASS_NOT_HELD,
        card=view.sent_class or "—",
        registry=view.outcome.licence_classes or "—",
    )


def birth_part(sent: date | None, card: date | None) -> str:
    """Which part of the date sent differs from the card's own (``unknown``: the same date, or
    a date missing: the registry does not say which part of its record differs)."""
    if sent is None or card is None or sent == card:
        return "unknown"
    if (sent.year, sent.month, sent.day) == (card.year, card.day, card.month):
        return "swapped"
    differs = [
        part
        for part, same in (
            ("year", sent.year == card.year),
            ("month", sent.month == card.month),
            ("day", sent.day == card.day),
        )
        if not same
    ]
    return differs[0] if len(differs) == 1 else "unknown"


def _birth_partial_text(view: ResultView) -> Message:
    sent = parse_birth_date(view.sent_birth_date)
    card = view.licence.date_of_birth if view.licence else None
    part = birth_part(sent, card)
    return Message(BIRTH_PART_DIFFERS[part], sent=view.sent_birth_date or "—")


def _expired_text(view: ResultView) -> Message:
    licence = view.licence
    expiry = licence.expiry_date.isoformat() if licence and licence.expiry_date else "—"
    return Message(QT_TRANSLATE_NOOP("messages", "expired on {date}"), date=expiry)


def _missing_text(view: ResultView) -> Message:
    missing = view.licence.missing_fields if view.licence else ()
    if not missing:
        return Message(QT_TRANSLATE_NOOP("messages", "a key field is missing from the barcode"))
    return Message(
        QT_TRANSLATE_NOOP("messages", "missing from the barcode: {field}"),
        field=Message(KEY_FIELD_LABELS.get(missing[0], missing[0])),
    )


def _unusual_text(view: ResultView) -> Message:
    notes = view.licence.consistency_notes if view.licence else ()
    if not notes:
        return Message(QT_TRANSLATE_NOOP("messages", "the barcode looks unusual"))
    first = notes[0]
    return Message(first.message, **dict(first.params))


def _row_is(names: tuple[str, ...], match: MatchCategory) -> Callable[[ResultView], bool]:
    def applies(view: ResultView) -> bool:
        row = _row(view, names)
        return row is not None and row.match is match

    return applies


_birth_no_match = _row_is(BIRTH_ROWS, MatchCategory.NO_MATCH)
_birth_partial = _row_is(BIRTH_ROWS, MatchCategory.PARTIAL_MATCH)


REASON_RULES: tuple[ReasonRule, ...] = (
    ReasonRule(
        "under-age",
        "a date of birth under the desk's minimum age",
        lambda v, _r: v.under_age is not None,
        lambda v: Message(
            TURNS_ON,
            age=v.under_age.minimum if v.under_age else 0,
            date=v.under_age.turns_on.isoformat() if v.under_age else "—",
        ),
        BIRTH_ROWS,
    ),
    ReasonRule(
        "failed-call",
        "the service answered success: false",
        lambda v, _r: v.outcome.error is not None,
        lambda _v: Message(QT_TRANSLATE_NOOP("messages", "the service reported an error")),
    ),
    ReasonRule(
        "unknown-code",
        "a status code the interface does not document",
        lambda _v, r: r.name == "unknown-code",
        lambda v: Message(
            QT_TRANSLATE_NOOP("messages", "unknown status {code} from the service"),
            code=v.outcome.status_code if v.outcome.status_code is not None else "—",
        ),
    ),
    ReasonRule(
        "revoked",
        "the signature service says the document is revoked",
        lambda v, r: _not_pass(r) and v.outcome.revoked is True,
        lambda _v: Message(REVOKED),
        REVOCATION_ROW,
    ),
    ReasonRule(
        "signature-invalid",
        "the signature does not match the barcode",
        lambda v, r: _not_pass(r) and v.outcome.signature_valid is False,
        lambda _v: Message(QT_TRANSLATE_NOOP("messages", "signature not valid for this barcode")),
        SIGNATURE_ROW,
    ),
    ReasonRule(
        "licence-status",
        "the registry's licence status sentence: suspended, expired, cancelled, not found",
        lambda v, r: _not_pass(r) and _licence_status(v) is not None,
        lambda v: Message(_licence_status(v) or ""),
        SIGNATURE_ROW,
    ),
    ReasonRule(
        "birth-no-match",
        "the date of birth does not match the registry",
        lambda v, r: _not_pass(r) and _birth_no_match(v),
        lambda _v: Message(
            QT_TRANSLATE_NOOP("messages", "date of birth does not match the registry")
        ),
        BIRTH_ROWS,
    ),
    ReasonRule(
        "class-mismatch",
        "LicenseClassVerificationStatus is Class Mismatch: the class sent is not held",
        lambda v, r: _not_pass(r) and _class_mismatch(v),
        _class_text,
        CLASS_ROWS,
    ),
    ReasonRule(
        "birth-partial",
        "the date of birth only partly matches: which part differs from the card's",
        lambda v, r: _not_pass(r) and _birth_partial(v),
        _birth_partial_text,
        BIRTH_ROWS,
    ),
    ReasonRule(
        "field-no-match",
        "another row does not match",
        lambda v, r: _not_pass(r) and _first(v, MatchCategory.NO_MATCH) is not None,
        lambda v: Message(
            QT_TRANSLATE_NOOP("messages", "{field}: no match"),
            field=_field_name(_first(v, MatchCategory.NO_MATCH)),
        ),
    ),
    ReasonRule(
        "field-partial",
        "another row only partly matches",
        lambda v, r: _not_pass(r) and _first(v, MatchCategory.PARTIAL_MATCH) is not None,
        lambda v: Message(
            QT_TRANSLATE_NOOP("messages", "{field}: partial match"),
            field=_field_name(_first(v, MatchCategory.PARTIAL_MATCH)),
        ),
    ),
    ReasonRule(
        "expired",
        "the licence has expired (local read)",
        lambda v, r: _not_pass(r) and bool(v.licence and v.licence.expired),
        _expired_text,
    ),
    ReasonRule(
        "incomplete",
        "the local read lacks a key field: the first one",
        lambda v, r: _not_pass(r) and bool(v.licence and v.licence.incomplete),
        _missing_text,
    ),
    ReasonRule(
        "unusual",
        "the consistency checks flagged the barcode: the first warning",
        lambda v, r: _not_pass(r) and bool(v.licence and v.licence.unusual),
        _unusual_text,
    ),
    ReasonRule(
        "parse-only",
        "Parse only: nothing was verified",
        lambda v, r: _not_pass(r) and v.check is CheckKind.DVS_PARSE,
        lambda v: Message(
            QT_TRANSLATE_NOOP("messages", "a parse reads the barcode; it verifies nothing")
            if v.outcome.verdict is Verdict.PASSED
            else QT_TRANSLATE_NOOP("messages", "the service could not read the barcode")
        ),
    ),
    ReasonRule(
        "undefined",
        "status Undefined",
        lambda v, r: _not_pass(r) and v.outcome.verdict is Verdict.UNDEFINED,
        lambda _v: Message(QT_TRANSLATE_NOOP("messages", "the service could not decide")),
    ),
    ReasonRule(
        "not-confirmed",
        "status Failed or Flagged with no row or fact to name",
        lambda _v, r: _not_pass(r),
        lambda v: Message(
            QT_TRANSLATE_NOOP("messages", "the service did not confirm the card")
            if v.outcome.verdict is Verdict.FAILED
            else QT_TRANSLATE_NOOP("messages", "some details need a manual check")
        ),
    ),
    ReasonRule(
        "expiring",
        "Passed, the licence expires within the admin's window",
        lambda v, _r: v.expires_in_days is not None,
        lambda v: Message(
            QT_TRANSLATE_NOOP("messages", "expires in {days} days"), days=v.expires_in_days or 0
        ),
    ),
)


def reason_for(view: ResultView, rule: BannerRule) -> Reason | None:
    """The banner's second line for ``view`` shown under ``rule`` (None: a plain pass)."""
    for reason in REASON_RULES:
        if reason.applies(view, rule):
            return Reason(reason.name, reason.text(view), reason.decisive)
    return None
