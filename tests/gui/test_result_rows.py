"""The Result screen's lists lead with what matters: mismatches and partial matches, then
matches; rows not compared fold into one line; the Canadian licence status is the headline;
Parse only shows human labels, dates in the desk's format and the comparison with the local
read, differences first."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from kiosk_app.api.outcome import FieldOutcome, MatchCategory, Outcome
from kiosk_app.flow.models import LicenceSummary, ResultView
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.ui.field_labels import FIELD_LABELS, field_label, field_value, service_date
from kiosk_app.ui.i18n import install_language, remove_language
from kiosk_app.ui.result_screen import MATCH_ORDER, ResultScreen, ordered_fields, split_folded
from tests.support.gui import WindowFactory
from tests.support.qt import run_sample

M = MatchCategory


def _field(name: str, match: MatchCategory) -> FieldOutcome:
    return FieldOutcome(name, name, "x", match)


def test_rows_are_ordered_no_match_partial_match_none_signature_first_within() -> None:
    fields = (
        _field("A", M.MATCH),
        _field("B", M.NONE),
        _field("C", M.PARTIAL_MATCH),
        _field("IDNumber", M.MATCH),
        _field("D", M.NO_MATCH),
        _field("RevocationStatus", M.MATCH),
    )
    names = [f.field_name for f in ordered_fields(CheckKind.SIGNATURE, fields)]
    assert names == ["D", "C", "IDNumber", "RevocationStatus", "A", "B"]
    names = [f.field_name for f in ordered_fields(CheckKind.CANADA, fields)]
    assert names == ["D", "C", "A", "IDNumber", "RevocationStatus", "B"]


def test_the_rows_that_decided_come_first_and_are_never_folded() -> None:
    fields = (
        _field("A", M.MATCH),
        _field("CurrentLicenseClasses", M.NONE),
        _field("C", M.PARTIAL_MATCH),
        _field("B", M.NONE),
    )
    ordered = ordered_fields(CheckKind.CANADA, fields, ("CurrentLicenseClasses",))
    assert [f.field_name for f in ordered] == ["CurrentLicenseClasses", "C", "A", "B"]
    shown, folded = split_folded(ordered, ("CurrentLicenseClasses",))
    assert [f.field_name for f in shown] == ["CurrentLicenseClasses", "C", "A"]
    assert [f.field_name for f in folded] == ["B"]


def test_a_real_flagged_result_leads_with_the_deciding_row_and_folds_the_rest(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "canada-flagged")
    result = window.result
    assert result.view is not None
    assert result.reason is not None and result.reason.rule == "class-mismatch"
    fields = result.view.outcome.fields
    not_compared = sum(1 for f in fields if f.match is M.NONE) - 1  # less the class row
    assert not_compared > 0
    rows = result.match_rows()
    # The registry's classes decided the banner: first, shown though not compared.
    assert rows[0].caption.text() == "Current licence classes"
    order = [MATCH_ORDER[M(_category(row))] for row in rows[1:]]
    assert order == sorted(order) and M.NONE.value not in [_category(r) for r in rows[1:]]
    fold = result.fold_button
    assert len(result.folded_rows()) == not_compared
    assert fold.isVisible()
    assert fold.text() == f"Fields not compared: {not_compared} — show"
    qtbot.mouseClick(fold, Qt.MouseButton.LeftButton)
    unfolded = result.match_rows()
    assert len(unfolded) == len(rows) + not_compared
    assert all(_category(r) is M.NONE for r in unfolded[len(rows) :])
    assert fold.text() == f"Fields not compared: {not_compared} — hide"
    qtbot.mouseClick(fold, Qt.MouseButton.LeftButton)
    assert len(result.match_rows()) == len(rows)


def _category(row: Any) -> MatchCategory:
    keys = {"match": M.MATCH, "partial": M.PARTIAL_MATCH, "nomatch": M.NO_MATCH, "none": M.NONE}
    return keys[row.property("match")]


@pytest.mark.parametrize("key", ["canada-flagged", "canada-failed", "canada-passed"])
def test_the_canadian_licence_status_is_the_headline(
    qtbot: Any, make_window: WindowFactory, key: str
) -> None:
    window = make_window()
    run_sample(qtbot, window, key)
    headline = window.result.licence_line
    assert headline.isVisible() and headline.objectName() == "Headline"
    visible = [
        w for w in window.result.details.findChildren(type(headline)) if w.isVisible() and w.text()
    ]
    top = min(visible, key=lambda w: w.mapTo(window.result.details, w.rect().topLeft()).y())
    assert top is headline


def test_parse_only_shows_human_labels_desk_dates_and_agreement_with_the_local_read(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    run_sample(qtbot, window, "dvs-parse")
    result = window.result
    assert result.view is not None
    document = result.view.outcome.document
    rows = result.document_rows()
    assert len(rows) == len([v for v in document.values() if v])
    raw_keys = set(document)
    for row in rows:
        assert row.caption.text() not in raw_keys, row.caption.text()
    by_label = {row.caption.text(): row for row in rows}
    born = by_label["Date of birth"]
    assert born.value.text() == field_value("dob", document["dob"])
    assert len(born.value.text()) == 10 and born.value.text()[4] == "-"
    # The service and the kiosk read the same barcode: the compared fields agree.
    compared = [r for r in rows if r.property("compare") != "none"]
    assert {r.caption.text() for r in compared} >= {"Date of birth", "Expiry date"}
    assert all(r.property("compare") == "same" for r in compared)
    assert compared == rows[: len(compared)]  # compared fields come first


def test_a_difference_from_the_local_read_is_marked_and_comes_first(qtbot: Any) -> None:
    screen = ResultScreen()
    qtbot.addWidget(screen)
    outcome = Outcome(
        CheckKind.DVS_PARSE,
        Verdict.PASSED,
        None,
        "Passed",
        True,
        document={"familyName": "SAMPLE", "fullName": "ALEX SAMPLE", "dob": "1990-01-06"},
    )
    licence = LicenceSummary(
        full_name="Alex  Sample",
        date_of_birth=date(1990, 1, 5),
        age=36,
        age_of_majority=19,
        expiry_date=date(2030, 1, 5),
        expired=False,
        days_to_expiry=1200,
        licence_number="D1",
    )
    screen.show_result(ResultView(CheckKind.DVS_PARSE, outcome, licence))
    screen.finish_filling()
    rows = screen.document_rows()
    assert [r.property("compare") for r in rows] == ["differs", "same", "none"]
    differs = rows[0]
    assert differs.caption.text() == "Date of birth"
    assert differs.words.text() == "≠ Differs from the kiosk's read"
    assert differs.local.text() == "Kiosk's read: 1990-01-05"
    assert rows[1].caption.text() == "Full name"  # case and spacing do not make a difference
    assert rows[2].caption.text() == "Family name" and rows[2].words.isHidden()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1990-01-05", date(1990, 1, 5)),
        ("19900105", date(1990, 1, 5)),
        ("01051990", date(1990, 1, 5)),
        ("01/05/1990", date(1990, 1, 5)),
        ("not a date", None),
    ],
)
def test_service_dates_are_understood_in_each_spelling(text: str, expected: date | None) -> None:
    assert service_date(text) == expected


def test_unknown_field_names_are_spelled_out_not_shown_raw() -> None:
    assert field_label("newFieldName") == "New field name"
    assert field_label("dob") == "Date of birth"


def test_every_field_label_has_a_french_translation(qapp: QApplication) -> None:
    assert install_language("fr", qapp)
    try:
        untranslated = [k for k, english in FIELD_LABELS.items() if field_label(k) == english]
        assert untranslated == ["RestrictionCodeDescription"]  # "Restrictions" in both
        assert field_label("dob") == "Date de naissance"
    finally:
        remove_language(qapp)
