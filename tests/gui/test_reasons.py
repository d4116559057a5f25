"""The reasons table (``kiosk_app.flow.reasons``): one test per row on the real Result screen, in
English and in French; the rows that decided come first and are never folded; every non-pass
of the verdict table says why; the user guide prints the table."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.api.outcome import (
    ErrorInfo,
    FieldOutcome,
    MatchCategory,
    Outcome,
)
from kiosk_app.barcode.consistency import Finding
from kiosk_app.flow.age import UnderAge
from kiosk_app.flow.models import LicenceSummary, ResultView
from kiosk_app.flow.reasons import REASON_RULES, birth_part, reason_for
from kiosk_app.flow.verdict_table import facts_of, rule_for
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.ui.result_screen import ResultScreen

M = MatchCategory
V = Verdict
USER_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "user-guide.md"
BORN = date(1978, 11, 3)


def _licence(**changes: Any) -> LicenceSummary:
    base = LicenceSummary(
        full_name="PRIYA DHALIWAL",
        date_of_birth=BORN,
        age=48,
        age_of_majority=19,
        expiry_date=date(2028, 11, 3),
        expired=False,
        days_to_expiry=700,
        licence_number="183456-002",
    )
    return replace(base, **changes)


def _row(name: str, match: MatchCategory, value: str = "", message: str | None = None) -> Any:
    return FieldOutcome(name, name, value, match, message)


def _canada(verdict: V, *rows: FieldOutcome, **extras: Any) -> Outcome:
    code = {V.FAILED: 0, V.PASSED: 1, V.FLAGGED: 2, V.UNDEFINED: 3}[verdict]
    return Outcome(CheckKind.CANADA, verdict, code, verdict.value, True, rows, **extras)


def _signature(verdict: V, valid: bool, revoked: bool) -> Outcome:
    rows = (
        _row("IDNumber", M.MATCH if valid else M.NO_MATCH),
        _row("RevocationStatus", M.NO_MATCH if revoked else M.MATCH),
    )
    return Outcome(
        CheckKind.SIGNATURE,
        verdict,
        1 if verdict is V.PASSED else 0,
        verdict.value,
        True,
        rows,
        signature_valid=valid,
        revoked=revoked,
    )


CLASSES = _row("CurrentLicenseClasses", M.NONE, "5")
ID_OK = _row("IDNumber", M.MATCH, "183456-002", "Driver's license is valid")
UNDER_21 = UnderAge(21, date(2007, 1, 9), 19, date(2028, 1, 9))
FINDING = Finding(
    "iin-address",
    "The issuer number belongs to {issuer}, but the address is in {address}.",
    (("issuer", "AZ"), ("address", "CA")),
)

# One case per row: (row, view, English second line, French second line, first row shown).
ROW_CASES: list[tuple[str, ResultView, str, str, str | None]] = [
    (
        "under-age",
        ResultView(CheckKind.DVS_PARSE, Outcome(CheckKind.DVS_PARSE, V.PASSED, None, "Passed",
                   True, document={"dob": "2007-01-09"}), _licence(), under_age=UNDER_21),
        "turns 21 on 2028-01-09",
        "aura 21 ans le 2028-01-09",
        None,
    ),
    (
        "failed-call",
        ResultView(CheckKind.SIGNATURE, Outcome(CheckKind.SIGNATURE, V.UNDEFINED, 3,
                   "Undefined", False, error=ErrorInfo("Service unavailable", "t-1")), _licence()),
        "the service reported an error",
        "le service a signalé une erreur",
        None,
    ),
    (
        "unknown-code",
        ResultView(CheckKind.CANADA, Outcome(CheckKind.CANADA, V.UNDEFINED, 7, "Seven", True),
                   _licence()),
        "unknown status 7 from the service",
        "statut 7 inconnu du service",
        None,
    ),
    (
        "revoked",
        ResultView(CheckKind.SIGNATURE, _signature(V.FAILED, True, True), _licence()),
        "revoked",
        "révoqué",
        "Revocation status",
    ),
    (
        "signature-invalid",
        ResultView(CheckKind.SIGNATURE, _signature(V.FAILED, False, False), _licence()),
        "signature not valid for this barcode",
        "signature non valide pour ce code-barres",
        "Licence or ID number",
    ),
    (
        "licence-status",
        ResultView(CheckKind.CANADA, _canada(V.FAILED, _row("IDNumber", M.MATCH, "S4",
                   "Driver's license is suspended"), licence_message="Driver's license is "
                   "suspended"), _licence()),
        "licence suspended",
        "permis suspendu",
        "Licence or ID number",
    ),
    (
        "birth-no-match",
        ResultView(CheckKind.CANADA, _canada(V.FAILED, ID_OK, _row("BirthDate", M.NO_MATCH)),
                   _licence()),
        "date of birth does not match the registry",
        "la date de naissance ne correspond pas au registre",
        "Date of birth",
    ),
    (
        "class-mismatch",
        ResultView(CheckKind.CANADA, _canada(V.FLAGGED, ID_OK, CLASSES, licence_classes="5",
                   class_status="Class Mismatch"), _licence(), sent_class="3"),
        "Class 3 on the card is not held — registry: 5",
        "Classe 3 de la carte non détenue — registre\u202f: 5",
        "Current licence classes",
    ),
    (
        "birth-partial",
        ResultView(CheckKind.CANADA, _canada(V.FLAGGED, ID_OK, _row("BirthDate",
                   M.PARTIAL_MATCH)), _licence(), sent_birth_date="1978-11-30"),
        "date of birth: the day differs (1978-11-30 sent)",
        "date de naissance\u202f: le jour diffère (1978-11-30 envoyée)",
        "Date of birth",
    ),
    (
        "field-no-match",
        ResultView(CheckKind.CANADA, _canada(V.FAILED, _row("IssuedBy", M.NO_MATCH)),
                   _licence()),
        "province: no match",
        "province\u202f: aucune correspondance",
        None,
    ),
    (
        "field-partial",
        ResultView(CheckKind.CANADA, _canada(V.FLAGGED, _row("LastName", M.PARTIAL_MATCH)),
                   _licence()),
        "last name: partial match",
        "nom de famille\u202f: correspondance partielle",
        None,
    ),
    (
        "expired",
        ResultView(CheckKind.SIGNATURE, _signature(V.PASSED, True, False),
                   _licence(expired=True, expiry_date=date(2024, 3, 1), days_to_expiry=-900)),
        "expired on 2024-03-01",
        "expiré le 2024-03-01",
        None,
    ),
    (
        "incomplete",
        ResultView(CheckKind.SIGNATURE, _signature(V.PASSED, True, False),
                   _licence(full_name="", missing_fields=("name",))),
        "missing from the barcode: name",
        "absent du code-barres\u202f: nom",
        None,
    ),
    (
        "unusual",
        ResultView(CheckKind.SIGNATURE, _signature(V.PASSED, True, False),
                   _licence(consistency_checked=5, consistency_notes=(FINDING,))),
        "The issuer number belongs to AZ, but the address is in CA.",
        "Le numéro d'émetteur appartient à AZ, mais l'adresse est dans CA.",
        None,
    ),
    (
        "parse-only",
        ResultView(CheckKind.DVS_PARSE, Outcome(CheckKind.DVS_PARSE, V.PASSED, None, "Passed",
                   True), _licence()),
        "a parse reads the barcode; it verifies nothing",
        "une lecture lit le code-barres\u202f; elle ne vérifie rien",
        None,
    ),
    (
        "undefined",
        ResultView(CheckKind.CANADA, _canada(V.UNDEFINED), _licence()),
        "the service could not decide",
        "le service n’a pas pu décider",
        None,
    ),
    (
        "not-confirmed",
        ResultView(CheckKind.CANADA, _canada(V.FLAGGED, ID_OK), _licence()),
        "some details need a manual check",
        "certains détails demandent une vérification manuelle",
        None,
    ),
    (
        "expiring",
        ResultView(CheckKind.SIGNATURE, _signature(V.PASSED, True, False), _licence(),
                   expires_in_days=12),
        "expires in 12 days",
        "expire dans 12 jours",
        None,
    ),
]  # fmt: skip


def test_every_row_of_the_reasons_table_has_a_case() -> None:
    assert [case[0] for case in ROW_CASES] == [rule.name for rule in REASON_RULES]


def _shown(qtbot: Any, view: ResultView) -> ResultScreen:
    screen = ResultScreen()
    qtbot.addWidget(screen)
    screen.show_result(view)
    screen.finish_filling()
    return screen


@pytest.mark.parametrize(
    ("name", "view", "english", "french_text", "first_row"),
    ROW_CASES,
    ids=[case[0] for case in ROW_CASES],
)
def test_each_reason_is_the_banners_second_line_and_its_rows_come_first(
    qtbot: Any,
    name: str,
    view: ResultView,
    english: str,
    french_text: str,
    first_row: str | None,
) -> None:
    screen = _shown(qtbot, view)
    assert screen.reason is not None and screen.reason.rule == name
    assert screen.banner.reason.text() == english
    assert not screen.banner.reason.isHidden()
    assert english in screen.banner.accessibleName()
    if first_row is not None:
        rows = screen.match_rows()
        assert rows and rows[0].caption.text() == first_row
        folded = [row.caption.text() for row in screen.folded_rows()]
        assert first_row not in folded


@pytest.mark.usefixtures("in_french")
def test_each_reason_in_french(qtbot: Any) -> None:
    for name, view, _english, french_text, _first in ROW_CASES:
        screen = _shown(qtbot, view)
        assert screen.reason is not None and screen.reason.rule == name
        assert screen.banner.reason.text() == french_text, name


def test_a_plain_pass_has_no_second_line(qtbot: Any) -> None:
    screen = _shown(qtbot, ResultView(CheckKind.SIGNATURE, _signature(V.PASSED, True, False)))
    assert screen.reason is None
    assert screen.banner.reason.isHidden() and screen.banner.title.text() == "Passed"


@pytest.mark.parametrize("check", list(CheckKind))
def test_every_non_pass_of_the_verdict_table_says_why(check: CheckKind) -> None:
    service = check
    flags = (False, True)
    for verdict, failed, expired, incomplete, unusual, young in itertools.product(
        V, flags, flags, flags, flags, flags
    ):
        code = None if check is CheckKind.DVS_PARSE else 1
        outcome = Outcome(
            service,
            verdict,
            code,
            verdict.value,
            True,
            error=ErrorInfo("x") if failed else None,
        )
        licence = _licence(
            expired=expired,
            full_name="" if incomplete else "A B",
            consistency_notes=(FINDING,) if unusual else (),
        )
        view = ResultView(check, outcome, licence, under_age=UNDER_21 if young else None)
        rule = rule_for(facts_of(check, outcome, licence, view.under_age))
        reason = reason_for(view, rule)
        case = (check, verdict, failed, expired, incomplete, unusual, young)
        if rule.look != "passed":
            assert reason is not None and str(reason.text), case
        else:
            assert reason is None, case


@pytest.mark.parametrize(
    ("sent", "card", "part"),
    [
        (date(1978, 11, 30), BORN, "day"),
        (date(1978, 12, 3), BORN, "month"),
        (date(1979, 11, 3), BORN, "year"),
        (date(1978, 3, 11), BORN, "swapped"),
        (BORN, BORN, "unknown"),  # the same date: the registry's record differs, not said where
        (date(1980, 1, 1), BORN, "unknown"),
        (None, BORN, "unknown"),
    ],
)
def test_which_part_of_the_date_of_birth_differs(
    sent: date | None, card: date | None, part: str
) -> None:
    assert birth_part(sent, card) == part


def test_the_user_guide_prints_every_reason_in_order() -> None:
    text = USER_GUIDE.read_text(encoding="utf-8")
    table = text[text.index("<!-- reasons-table -->") : text.index("<!-- /reasons-table -->")]
    names = re.findall(r"^\s*\| `([a-z-]+)` \|", table, flags=re.MULTILINE)
    assert names == [rule.name for rule in REASON_RULES]
    for name, _view, english, french_text, _first in ROW_CASES:
        row = next(line for line in table.splitlines() if line.strip().startswith(f"| `{name}`"))
        assert english in row and french_text in row, name
