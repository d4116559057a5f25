"""The Canadian form by touch alone: taps on the Ready screen's check, on the fields, on the
on-screen keypad, on the date's step buttons and on the province buttons fill the form, and
a tap on Check licence runs the check against the simulator. No key is pressed anywhere.

The form is shown at 1024x600, the smallest desk screen, where every key, step button and
province button must still be a finger's size (``tests/support/touch.py``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.canada_form import CanadaFormScreen
from kiosk_app.ui.keypad import ERASE
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.theme import MIN_TOUCH_PX
from tests.support.gui import WindowFactory
from tests.support.qt import TIMEOUT_MS, settle, wait_stage
from tests.support.touch import step_button_rect, touch_targets

SMALL = (1024, 600)


def tap(qtbot: Any, widget: QWidget, at: QPoint | None = None) -> None:
    """A finger's tap: press and release, no key."""
    assert widget.isVisible() and widget.isEnabled(), widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at or widget.rect().center())


def tap_keys(qtbot: Any, window: MainWindow, text: str) -> None:
    keys = window.canada_form.keypad.keys
    for char in text:
        tap(qtbot, keys[char])


def open_form_by_touch(qtbot: Any, window: MainWindow) -> CanadaFormScreen:
    """The form opened by a tap on the Ready screen's registry check, at 1024x600."""
    window.resize(*SMALL)
    settle(window)
    tap(qtbot, window.ready.check_buttons[CheckKind.CANADA])
    wait_stage(qtbot, window, Stage.CANADA_FORM)
    settle(window)
    return window.canada_form


def test_the_form_is_filled_and_sent_by_taps_alone(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    sample = SAMPLES_BY_KEY["canada-passed"].canada
    assert sample is not None
    form = open_form_by_touch(qtbot, window)
    assert form.date_of_birth.text() == "" and form.province.currentData() == ""
    # The licence number: tap the field, then the keys (a wrong key, then Erase).
    tap(qtbot, form.licence_number)
    tap_keys(qtbot, window, sample.licence_number + "X")
    tap(qtbot, form.keypad.keys[ERASE])
    assert form.licence_number.text() == sample.licence_number
    # The date of birth: each part tapped, then typed on the keypad (letters are off there).
    year, month, day = sample.date_of_birth.split("-")
    for part, digits in zip(form.date_of_birth.parts, (year, month, day), strict=True):
        tap(qtbot, part)
        assert not form.keypad.keys["A"].isEnabled()
        tap_keys(qtbot, window, digits)
    assert form.date_of_birth.text() == sample.date_of_birth
    # The province: its button.
    province = form.province.buttons[form.province.codes.index(sample.province)]
    tap(qtbot, province)
    assert form.province.currentData() == sample.province and province.isChecked()
    assert sample.province in form.province.chosen_name.text()
    if sample.licence_class:
        tap(qtbot, form.licence_class)
        assert form.keypad.keys["A"].isEnabled()
        tap_keys(qtbot, window, sample.licence_class)
    assert form.data().licence_number == sample.licence_number
    tap(qtbot, form.submit_button)
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"


def test_the_date_steps_by_its_plus_and_minus_buttons(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    form = open_form_by_touch(qtbot, window)
    form.date_of_birth.setText("1989-12-24")
    day = form.date_of_birth.day
    plus, minus = step_button_rect(day, up=True), step_button_rect(day, up=False)
    assert min(plus.width(), plus.height(), minus.width(), minus.height()) >= MIN_TOUCH_PX
    tap(qtbot, day, plus.center())
    assert form.date_of_birth.text() == "1989-12-25"
    tap(qtbot, day, minus.center())
    tap(qtbot, day, minus.center())
    assert form.date_of_birth.text() == "1989-12-23"


def test_a_problem_shown_then_fixed_by_taps(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    form = open_form_by_touch(qtbot, window)
    tap(qtbot, form.submit_button)
    assert form.errors["province"].isVisibleTo(form)
    tap(qtbot, form.province.buttons[0])
    assert not form.errors["province"].isVisibleTo(form)  # a tap clears its message
    assert window.current_stage() is Stage.CANADA_FORM


def test_every_key_and_field_of_the_form_is_finger_sized_at_1024x600(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    form = open_form_by_touch(qtbot, window)
    targets = touch_targets(form)
    keys = [t for t in targets if t.name.startswith("QPushButton#Key")]
    assert len(keys) == len(form.keypad.keys) == 38  # 10 digits, 26 letters, hyphen, Erase
    provinces = [t for t in targets if t.name.startswith("QPushButton#ProvinceButton")]
    assert len(provinces) == 13
    steps = [t for t in targets if t.name.endswith((" +", " -"))]
    assert len(steps) == 6  # each part of the date: - and +
    assert not [str(t) for t in targets if t.smallest < MIN_TOUCH_PX]
    # The keys never take the focus: the field tapped keeps it.
    tap(qtbot, form.licence_class)
    tap(qtbot, form.keypad.keys["G"])
    assert QApplication.focusWidget() is form.licence_class
    assert all(
        key.focusPolicy() == Qt.FocusPolicy.NoFocus for key in form.keypad.findChildren(QPushButton)
    )
    qtbot.waitUntil(lambda: form.licence_class.text() == "G", timeout=TIMEOUT_MS)
