"""The verdict table (``kiosk_app.ui.verdict_table``): one test per row, on the real Result
screen, plus the exhaustive check that colour, icon and words agree for every answer the
services can send (every status code, unknown codes, ``success: false``) and every local fact."""

from __future__ import annotations

import itertools
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.api.outcome import ErrorInfo, Outcome
from kiosk_app.barcode.consistency import Finding
from kiosk_app.flow.age import UnderAge
from kiosk_app.flow.models import LicenceSummary, ResultView
from kiosk_app.flow.verdict_table import VERDICT_RULES, BannerFacts, facts_of, rule_for
from kiosk_app.kinds import CLERK_CHECKS, CheckKind, Verdict
from kiosk_app.ui import theme
from kiosk_app.ui.result_screen import ResultScreen

USER_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "user-guide.md"
CODE = {Verdict.FAILED: 0, Verdict.PASSED: 1, Verdict.FLAGGED: 2, Verdict.UNDEFINED: 3}
UNDER_21 = UnderAge(21, date(2007, 1, 9), 19, date(2028, 1, 9))
EXPIRES_IN = 12


def licence(*, expired: bool = False, incomplete: bool = False, unusual: bool = False) -> Any:
    return LicenceSummary(
        full_name="" if incomplete else "ALEX SAMPLE",
        date_of_birth=date(1990, 1, 5),
        age=36,
        age_of_majority=19,
        expiry_date=date(2020, 1, 5) if expired else date(2030, 1, 5),
        expired=expired,
        days_to_expiry=-2000 if expired else 1200,
        licence_number="D1234567",
        consistency_notes=(
            Finding("EXPIRY_BEFORE_ISSUE", "The expiry date is not after the issue date."),
        )
        if unusual
        else (),
    )


def outcome(
    check: CheckKind, verdict: Verdict, *, code: int | None = None, failed: bool = False
) -> Outcome:
    status = None if check is CheckKind.DVS_PARSE else (CODE[verdict] if code is None else code)
    return Outcome(
        check,
        verdict,
        status,
        verdict.value,
        billable=not failed,
        error=ErrorInfo("Service unavailable", "trace-1") if failed else None,
    )


# One case per row: (row name, check, verdict, status code, success:false, local facts).
INCOMPLETE = {"incomplete": True}
ROW_CASES: list[tuple[str, CheckKind, Verdict, int | None, bool, dict[str, bool]]] = [
    ("under-age", CheckKind.DVS_PARSE, Verdict.PASSED, None, False, {"under_age": True}),
    ("failed-call", CheckKind.SIGNATURE, Verdict.UNDEFINED, None, True, {}),
    ("unknown-code", CheckKind.CANADA, Verdict.UNDEFINED, 7, False, {}),
    ("parse-read", CheckKind.DVS_PARSE, Verdict.PASSED, None, False, {}),
    ("parse-unread", CheckKind.DVS_PARSE, Verdict.FAILED, None, False, {}),
    ("failed", CheckKind.SIGNATURE, Verdict.FAILED, None, False, {"expired": True}),
    ("undefined", CheckKind.CANADA, Verdict.UNDEFINED, None, False, {}),
    ("flagged", CheckKind.CANADA, Verdict.FLAGGED, None, False, {}),
    ("signature-expired", CheckKind.SIGNATURE, Verdict.PASSED, None, False, {"expired": True}),
    ("passed-expired", CheckKind.CANADA, Verdict.PASSED, None, False, {"expired": True}),
    ("signature-incomplete", CheckKind.SIGNATURE, Verdict.PASSED, None, False, INCOMPLETE),
    ("signature-unusual", CheckKind.SIGNATURE, Verdict.PASSED, None, False, {"unusual": True}),
    ("passed-incomplete", CheckKind.CANADA, Verdict.PASSED, None, False, {"incomplete": True}),
    ("passed-unusual", CheckKind.CANADA, Verdict.PASSED, None, False, {"unusual": True}),
    ("passed-expiring", CheckKind.CANADA, Verdict.PASSED, None, False, {"expiring": True}),
    ("passed", CheckKind.SIGNATURE, Verdict.PASSED, None, False, {}),
]  # fmt: skip


def view_of(check: CheckKind, result: Outcome, local: dict[str, bool]) -> ResultView:
    """A finished check with the local read and the desk's facts of ``local``."""
    read = {k: v for k, v in local.items() if k in ("expired", "incomplete", "unusual")}
    return ResultView(
        check,
        result,
        licence(**read),
        under_age=UNDER_21 if local.get("under_age") else None,
        expires_in_days=EXPIRES_IN if local.get("expiring") else None,
    )


def test_every_row_of_the_table_has_a_case() -> None:
    assert [case[0] for case in ROW_CASES] == [rule.name for rule in VERDICT_RULES]


@pytest.mark.parametrize(
    ("name", "check", "verdict", "code", "failed", "local"),
    ROW_CASES,
    ids=[c[0] for c in ROW_CASES],
)
def test_each_row_shows_its_look_icon_and_words(
    qtbot: Any,
    name: str,
    check: CheckKind,
    verdict: Verdict,
    code: int | None,
    failed: bool,
    local: dict[str, bool],
) -> None:
    screen = ResultScreen()
    qtbot.addWidget(screen)
    result = outcome(check, verdict, code=code, failed=failed)
    screen.show_result(view_of(check, result, local))
    rule = next(r for r in VERDICT_RULES if r.name == name)
    look = theme.BANNER_LOOKS[rule.look]
    assert screen.verdict_rule == name
    assert screen.banner.property("verdict") == look.key
    assert screen.banner.icon.objectName() == f"icon-{look.icon}"
    assert screen.banner.title.text() == (rule.words or look.words).format(age=21)
    if rule.advice:
        assert screen.banner.advice.text() == rule.advice


def test_the_user_guide_prints_every_row_in_order() -> None:
    text = USER_GUIDE.read_text(encoding="utf-8")
    table = text[text.index("<!-- verdict-table -->") : text.index("<!-- /verdict-table -->")]
    names = re.findall(r"^\s*\| `([a-z-]+)` \|", table, flags=re.MULTILINE)
    assert names == [rule.name for rule in VERDICT_RULES]
    for rule in VERDICT_RULES:
        look = theme.BANNER_LOOKS[rule.look]
        rows = [line.strip() for line in table.splitlines()]
        row = next(line for line in rows if line.startswith(f"| `{rule.name}` |"))
        assert (rule.words or look.words).format(age=21) in row, rule.name
        assert look.background in row, rule.name


@pytest.mark.parametrize("check", CLERK_CHECKS)
def test_colour_icon_and_words_agree_for_every_answer_and_local_fact(check: CheckKind) -> None:
    known = {CheckKind.SIGNATURE: (0, 1, 3), CheckKind.CANADA: (0, 1, 2, 3)}
    codes: list[int | None] = (
        [None] if check is CheckKind.DVS_PARSE else [*known[check], 2, 4, -1, 99]
    )
    flags = (False, True)
    for verdict, code, failed, expired, incomplete, unusual, young, expiring in itertools.product(
        Verdict, codes, flags, flags, flags, flags, flags, flags
    ):
        result = outcome(check, verdict, code=code, failed=failed)
        local = licence(expired=expired, incomplete=incomplete, unusual=unusual)
        under_age = UNDER_21 if young else None
        facts = facts_of(check, result, local, under_age, EXPIRES_IN if expiring else None)
        rule = rule_for(facts)
        look = theme.BANNER_LOOKS[rule.look]
        case = (check, verdict, code, failed, expired, incomplete, unusual, young, expiring)
        # Under the desk's minimum age: its own look, whatever the check and the answer.
        assert (look.key == "underage") == young, case
        # Green only for a verified pass with no local fact against it.
        if look.key == "passed":
            assert verdict is Verdict.PASSED and not failed and check is not CheckKind.DVS_PARSE
            assert not (expired or incomplete or unusual or young), case
            assert not facts.unknown_code, case
        # Red only when the service said Failed to a verification it understood.
        if look.key == "failed":
            assert verdict is Verdict.FAILED and not failed and not facts.unknown_code, case
            assert check is not CheckKind.DVS_PARSE, case
        # A failed call or an unknown code is never a verdict on the card.
        if (failed or facts.unknown_code) and not young:
            assert look.key == "undefined", case
        # Parse only is never green or red and never shows a tick or a cross.
        if check is CheckKind.DVS_PARSE:
            assert look.key in ("parsed", "undefined", "underage"), case
            assert look.icon not in ("pass", "fail"), case
        # A valid signature on an expired, incomplete or unusual read says so in the banner.
        if look.key == "flagged" and verdict is Verdict.PASSED:
            assert rule.words and "—" in rule.words, case
        # The icon is the look's: colour and icon never disagree.
        assert look.icon == theme.BANNER_LOOKS[look.key].icon


def test_facts_of_a_typed_in_check_have_no_local_read() -> None:
    facts = facts_of(CheckKind.CANADA, outcome(CheckKind.CANADA, Verdict.PASSED), None)
    assert facts == BannerFacts(CheckKind.CANADA, Verdict.PASSED)
    assert rule_for(facts).name == "passed"
