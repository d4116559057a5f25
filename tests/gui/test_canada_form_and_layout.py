"""The Canadian form (validation, pre-fill, keyboard only) and layouts from 1024x768 to 1080p."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit, QWidget

from kiosk_app.flow.models import LicenceSummary
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.widgets import LicencePanel
from tests.support.clock import FakeClock
from tests.support.gui import WindowFactory
from tests.support.qt import send_key, type_text, wait_stage

HUMAN_GAP_S = 0.2


def test_empty_form_shows_every_problem_inline(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    window.session.open_canada_form()
    form = window.canada_form
    qtbot.mouseClick(form.submit_button, Qt.MouseButton.LeftButton)
    assert window.current_stage() is Stage.CANADA_FORM
    shown = {name for name, error in form.errors.items() if error.isVisibleTo(form)}
    assert shown == {"licence_number", "date_of_birth", "province"}
    assert form.errors["date_of_birth"].text() == "Enter the date of birth."
    assert form.licence_number.property("invalid") == "true"
    assert QApplication.focusWidget() is form.licence_number


@pytest.mark.parametrize(
    ("dob", "message"),
    [
        ("1989--24", "year-month-day"),  # the month left blank
        ("1989-02-30", "does not exist"),
    ],
)
def test_bad_date_of_birth_is_explained(
    qtbot: Any, make_window: WindowFactory, dob: str, message: str
) -> None:
    window = make_window()
    window.session.open_canada_form()
    form = window.canada_form
    form.licence_number.setText("A1234")
    form.date_of_birth.setText(dob)
    form.province.setCurrentIndex(form.province.findData("ON"))
    form.submit()
    assert message in form.errors["date_of_birth"].text()
    assert not form.errors["licence_number"].isVisibleTo(form)
    # Editing the field clears its message.
    form.date_of_birth.day.setFocus()
    qtbot.keyClick(form.date_of_birth.day, Qt.Key.Key_Up)
    assert not form.errors["date_of_birth"].isVisibleTo(form)


def test_a_date_of_birth_cannot_be_set_in_a_later_year(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    window.session.open_canada_form()
    year = window.canada_form.date_of_birth.year
    assert year.maximum() == date.today().year
    window.canada_form.date_of_birth.setText("2999-01-01")
    assert window.canada_form.date_of_birth.text() == ""  # not a date the form can hold


def test_class_is_limited_to_two_characters(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    window.session.open_canada_form()
    form = window.canada_form
    form.licence_class.setText("ABC")
    assert form.licence_class.text() == "AB"
    form.licence_class.setText("G!")
    form.submit()
    assert "at most 2 letters or digits" in form.errors["licence_class"].text()


def test_form_is_usable_by_keyboard_alone(
    qtbot: Any, make_window: WindowFactory, clock: FakeClock
) -> None:
    window = make_window()
    sample = SAMPLES_BY_KEY["canada-passed"].canada
    assert sample is not None
    window.session.open_canada_form()
    form = window.canada_form
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.licence_number, timeout=2000)
    type_text(sample.licence_number, clock, HUMAN_GAP_S)
    # In reading order: the class shares the number's line.
    send_key(form.licence_number, Qt.Key.Key_Tab, "\t")
    assert QApplication.focusWidget() is form.licence_class
    type_text(sample.licence_class or "", clock, HUMAN_GAP_S)
    qtbot.waitUntil(lambda: form.licence_class.text() == (sample.licence_class or ""), timeout=2000)
    clock.advance(1.0)
    send_key(form.licence_class, Qt.Key.Key_Tab, "\t")
    assert QApplication.focusWidget() is form.date_of_birth.year
    # Typed as written (1989-12-24): each full part hands on to the next, the day to the
    # province.
    type_text(sample.date_of_birth, clock, HUMAN_GAP_S)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.province, timeout=2000)
    assert form.date_of_birth.text() == sample.date_of_birth
    # Typing the code's letters picks the province, as in a list.
    type_text(sample.province, clock, HUMAN_GAP_S)
    qtbot.waitUntil(lambda: form.province.currentData() == sample.province, timeout=2000)
    clock.advance(1.0)
    send_key(form.province, Qt.Key.Key_Return, "\r")  # Enter sends the form
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"


def test_scanned_canadian_licence_prefills_the_form(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    window.session.submit_payload(SAMPLES_BY_KEY["canada-flagged"].payload)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=10_000)
    wait_stage(qtbot, window, Stage.READY)
    window.session.open_canada_form()
    form = window.canada_form
    canada = SAMPLES_BY_KEY["canada-flagged"].canada
    assert canada is not None
    assert form.data().licence_number == canada.licence_number
    assert form.data().date_of_birth == canada.date_of_birth
    assert form.data().province == canada.province
    assert form.data().licence_class == (canada.licence_class or "")
    assert QApplication.focusWidget() is form.submit_button


def test_escape_goes_back_to_ready(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    window.session.open_canada_form()
    qtbot.keyClick(window.canada_form, Qt.Key.Key_Escape)
    assert window.current_stage() is Stage.READY


def test_expired_licence_is_unmistakable(qtbot: Any) -> None:
    holder = QWidget()  # never shown: the panel stays a child, not a top-level window
    qtbot.addWidget(holder)
    panel = LicencePanel(holder)
    panel.show_licence(
        LicenceSummary(
            full_name="SAM PLE",
            date_of_birth=date(2008, 5, 1),
            age=17,
            age_of_majority=19,
            expiry_date=date(2024, 1, 1),
            expired=True,
            days_to_expiry=-300,
        )
    )
    assert panel.expired.isVisibleTo(holder) and panel.expired.text() == "EXPIRED"
    assert "expired 300 day(s) ago" in panel.expiry.text()
    assert panel.majority.text() == "UNDER 19" and panel.majority.property("state") == "no"
    assert [b.text() for b in panel.badges] == ["18+ ✗", "19+ ✗", "21+ ✗"]
    panel.show_licence(None)
    assert panel.name.text() == "" and not panel.isVisibleTo(holder)


def _visible_controls(root: QWidget) -> list[QWidget]:
    kinds = (QAbstractButton, QLineEdit)
    return [w for w in root.findChildren(QWidget) if isinstance(w, kinds) and w.isVisible()]


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_layout_fits_and_touch_targets_are_large(
    qtbot: Any, make_window: WindowFactory, size: tuple[int, int]
) -> None:
    window = make_window()
    window.resize(*size)
    screens = {
        "ready": lambda: None,
        "form": window.session.open_canada_form,
    }
    for name, show in screens.items():
        show()
        qtbot.wait(20)
        bounds = QRect(0, 0, window.width(), window.height())
        for control in _visible_controls(window):
            if control.parent() is not None and control.window() is window:
                top_left = control.mapTo(window, control.rect().topLeft())
                rect = QRect(top_left, control.size())
                assert bounds.contains(rect), f"{name}: {control.objectName()} off screen"
                assert control.height() >= 44, f"{name}: {control!r} is {control.height()} px"
    window.session.back_to_ready()
    window.session.try_sample("signature-valid")
    wait_stage(qtbot, window, Stage.RESULT)
    for button in (window.result.home_button, window.result.other_button):
        top_left = button.mapTo(window, button.rect().topLeft())
        assert QRect(0, 0, window.width(), window.height()).contains(QRect(top_left, button.size()))
        assert button.height() >= 44
    assert window.result.banner.title.font().pixelSize() >= 48 or (
        window.result.banner.title.fontInfo().pixelSize() >= 48
    )
