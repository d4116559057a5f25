"""The kiosk by keyboard alone: Tab walks every screen's controls in reading order and only
visible ones, the focus ring follows, Enter presses the focused button, Esc goes back only
where that is safe, and each verdict and error is announced to a screen reader.

Keys are delivered as the keyboard delivers them: to the window's ``QWindow`` (through the
wedge filter), which hands them to the focused widget.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.accessibility import OUTER_RING_PX, is_tab_stop
from kiosk_app.ui.main_window import MainWindow
from tests.support.admin import KioskFactory, open_pad, type_pin
from tests.support.gui import WindowFactory
from tests.support.qt import (
    OFFSCREEN_DIALOG_NOTE,
    TIMEOUT_MS,
    run_sample,
    send_key,
    wait_stage,
)

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

# More Tab presses than any screen has controls: the walk must come round before this.
MAX_TAB_STOPS = 40


def press(window: QWidget, key: Qt.Key) -> None:
    """One key press as the keyboard sends it, to whatever has the focus."""
    send_key(QApplication.focusWidget() or window, key)


def _rect(widget: QWidget) -> QRect:
    return QRect(widget.mapTo(widget.window(), widget.rect().topLeft()), widget.size())


def reads_before(a: QWidget, b: QWidget, rows_only: bool = False) -> bool:
    """True when ``a`` comes before ``b`` in reading order: above it, or level with it and
    to its left (``rows_only``: only above it)."""
    ra, rb = _rect(a), _rect(b)
    if ra.bottom() < rb.top():
        return True
    level = ra.top() <= rb.bottom() and rb.top() <= ra.bottom()
    return level and ra.left() < rb.left() and not rows_only


def screen_tab_stops(screen: QWidget) -> set[QWidget]:
    """Every control of ``screen`` that Tab should reach."""
    return {w for w in screen.findChildren(QWidget) if is_tab_stop(w)}


def walk_tab(window: MainWindow) -> tuple[list[QWidget], list[str]]:
    """Press Tab until the focus comes back round: every control it visited, in order from
    the one that reads first, and the controls the focus ring was not drawn around."""
    visited: list[QWidget] = []
    unringed: list[str] = []
    for _ in range(MAX_TAB_STOPS):
        press(window, Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        assert focused is not None
        if visited and focused is visited[0]:
            first = min(
                range(len(visited)),
                key=lambda i: sum(reads_before(other, visited[i]) for other in visited),
            )
            return visited[first:] + visited[:first], unringed
        visited.append(focused)
        if window.focus_ring.shown_on() is not focused:
            unringed.append(_describe(focused))
    raise AssertionError(f"Tab never came round: {[_describe(w) for w in visited]}")


def _describe(widget: QWidget) -> str:
    text = getattr(widget, "text", lambda: "")()
    return f"{type(widget).__name__}#{widget.objectName()} {text!r}"


def check_tab_walk(window: MainWindow) -> list[str]:
    """Walk Tab on the screen showing; what is wrong with the walk (empty: nothing)."""
    screen = window.screens[window.current_stage()]
    problems = []
    start = QApplication.focusWidget()
    if start is None or not start.isVisible():
        problems.append(f"the focus starts on a hidden {_describe(start) if start else None}")
    visited, unringed = walk_tab(window)
    problems.extend(f"the focus ring is not on {name}" for name in unringed)
    bounds = window.rect()
    for widget in visited:
        if not screen.isAncestorOf(widget):
            problems.append(f"{_describe(widget)} is not on the screen showing")
        if not is_tab_stop(widget) or widget.width() <= 0 or widget.height() <= 0:
            problems.append(f"{_describe(widget)} is not a visible control")
        if not bounds.contains(_rect(widget)):
            problems.append(f"{_describe(widget)} at {_rect(widget)} is outside the window")
    for i, later in enumerate(visited):
        for earlier in visited[:i]:
            # In one row the primary action may come first (a form's Check licence straight
            # after its last field, before Back).
            primary_first = earlier.objectName() == "Primary" and not reads_before(
                later, earlier, rows_only=True
            )
            if reads_before(later, earlier) and not primary_first:
                problems.append(f"{_describe(later)} comes after {_describe(earlier)}")
    missed = screen_tab_stops(screen) - set(visited)
    problems.extend(f"Tab never reaches {_describe(w)}" for w in missed)
    return problems


def ring_follows(window: MainWindow) -> bool:
    """True when the focus ring surrounds the focused control."""
    focused = QApplication.focusWidget()
    return window.focus_ring.shown_on() is focused


# --- Tab -------------------------------------------------------------------------------------


def _ready(qtbot: Any, window: MainWindow) -> None:
    wait_stage(qtbot, window, Stage.READY)


def _ready_with_licence(qtbot: Any, window: MainWindow) -> None:
    assert window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    qtbot.waitUntil(lambda: window.session.has_scan, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)


def _result(qtbot: Any, window: MainWindow) -> None:
    run_sample(qtbot, window, "signature-valid")


def _result_canada_retry(qtbot: Any, window: MainWindow) -> None:
    run_sample(qtbot, window, "canada-undefined")


def _form(qtbot: Any, window: MainWindow) -> None:
    assert window.session.try_sample("canada-flagged")
    wait_stage(qtbot, window, Stage.CANADA_FORM)


def _error(qtbot: Any, window: MainWindow) -> None:
    window.core.files.image_captured.emit(b"not a picture")
    wait_stage(qtbot, window, Stage.ERROR)


SCREENS: dict[str, Callable[[Any, MainWindow], None]] = {
    "ready": _ready,
    "ready-with-licence": _ready_with_licence,
    "result": _result,
    "result-with-retry": _result_canada_retry,
    "canada-form": _form,
    "error": _error,
}


@pytest.mark.parametrize("state", list(SCREENS))
def test_tab_walks_every_visible_control_in_reading_order(
    qtbot: Any, make_window: WindowFactory, state: str
) -> None:
    window = make_window()
    SCREENS[state](qtbot, window)
    assert check_tab_walk(window) == []


def test_the_walk_finds_a_control_out_of_reading_order(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    _result(qtbot, window)
    # New customer before Another check: a Tab order against the reading order.
    QWidget.setTabOrder(window.result.home_button, window.result.other_button)
    problems = check_tab_walk(window)
    assert any("comes after" in p for p in problems), problems


def test_after_each_screen_change_the_focus_is_on_the_new_screen(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    for state in ("canada-form", "result", "error"):
        window.session.wipe()
        wait_stage(qtbot, window, Stage.READY)
        focused = QApplication.focusWidget()
        assert focused is not None and focused.isVisible(), state
        SCREENS[state](qtbot, window)
        focused = QApplication.focusWidget()
        screen = window.stack.currentWidget()
        assert focused is not None and focused.isVisible(), state
        assert focused is screen or screen.isAncestorOf(focused), state


def test_the_focus_ring_follows_the_keyboard_focus(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    _result(qtbot, window)
    assert window.focus_ring.shown_on() is None  # the screen itself holds the focus: no ring
    for _ in range(3):
        press(window, Qt.Key.Key_Tab)
        assert ring_follows(window)
        ring = window.focus_ring.ring
        focused = QApplication.focusWidget()
        assert focused is not None
        # The ring surrounds the control, just outside its edge.
        outside = _rect(ring)
        assert outside.contains(_rect(focused))
        assert outside.width() == focused.width() + 2 * OUTER_RING_PX
        assert ring.isVisible()


# --- Enter -----------------------------------------------------------------------------------


def _focus(widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    assert QApplication.focusWidget() is widget


def enter_on(window: MainWindow, widget: QWidget) -> None:
    _focus(widget)
    press(window, Qt.Key.Key_Return)


def test_enter_on_the_language_button_switches_the_language(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    enter_on(window, window.ready.language_button)
    qtbot.waitUntil(lambda: window.ready.language_button.text() == "English", timeout=TIMEOUT_MS)
    enter_on(window, window.ready.language_button)
    qtbot.waitUntil(lambda: window.ready.language_button.text() == "Français", timeout=TIMEOUT_MS)


def test_enter_on_a_check_button_runs_the_check(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    _ready_with_licence(qtbot, window)
    enter_on(window, window.ready.check_buttons[CheckKind.SIGNATURE])
    wait_stage(qtbot, window, Stage.RESULT)
    assert window.result.banner.title.text() == "Passed"


def test_enter_on_another_check_goes_back_with_the_card(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    _result(qtbot, window)
    enter_on(window, window.result.other_button)
    wait_stage(qtbot, window, Stage.READY)
    assert window.session.has_scan  # the card stays for another check


def test_enter_on_new_customer_wipes(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    _result(qtbot, window)
    enter_on(window, window.result.home_button)
    wait_stage(qtbot, window, Stage.READY)
    assert not window.session.has_scan
    # A second Enter lands on the Ready screen itself: it presses nothing (no language switch).
    press(window, Qt.Key.Key_Return)
    assert window.ready.language_button.text() == "Français"
    assert window.current_stage() is Stage.READY


def test_enter_on_cancel_stops_waiting(
    qtbot: Any, make_window: WindowFactory, fresh_simulator: Any
) -> None:
    fresh_simulator.set_faults(Faults(latency_s=0.8))
    window = make_window(base_url=fresh_simulator.base_url)
    assert window.session.try_sample("signature-valid")
    qtbot.waitUntil(lambda: window.current_stage() is Stage.WORKING, timeout=TIMEOUT_MS)
    enter_on(window, window.working.cancel_button)
    assert window.current_stage() is Stage.READY
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


def test_enter_on_the_form_buttons(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    _form(qtbot, window)
    enter_on(window, window.canada_form.back_button)
    wait_stage(qtbot, window, Stage.READY)
    _form(qtbot, window)
    enter_on(window, window.canada_form.submit_button)
    wait_stage(qtbot, window, Stage.RESULT)


def test_enter_on_start_again_wipes(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    _error(qtbot, window)
    enter_on(window, window.error.home_button)
    wait_stage(qtbot, window, Stage.READY)


def test_enter_presses_the_focused_button_of_the_settings(
    qtbot: Any, make_kiosk: KioskFactory
) -> None:
    window, kiosk = make_kiosk(enabled=False, pin="2468")
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=TIMEOUT_MS)
    _focus(dialog.diagnostics_button)
    send_key(dialog.diagnostics_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: kiosk.diagnostics is not None, timeout=TIMEOUT_MS)
    assert kiosk.settings_dialog is dialog  # Enter pressed Diagnostics, not Save or Close
    kiosk.close_admin_screens()
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


# --- Esc -------------------------------------------------------------------------------------

# Where Esc leads from each screen: the stage afterwards, and whether the customer's card is
# still held (None: as the screen's own Back leaves it).
ESCAPE_ROWS: dict[str, tuple[Stage, bool | None]] = {
    "ready-with-licence": (Stage.READY, True),  # nothing: Ready has no "back"
    "result": (Stage.READY, False),  # the next customer (the wipe)
    "result-with-retry": (Stage.READY, False),
    "canada-form": (Stage.READY, None),  # Back
    "error": (Stage.READY, False),
}


@pytest.mark.parametrize("state", list(ESCAPE_ROWS))
def test_escape_goes_back_where_that_is_safe(
    qtbot: Any, make_window: WindowFactory, state: str
) -> None:
    window = make_window()
    SCREENS[state](qtbot, window)
    press(window, Qt.Key.Key_Escape)
    stage, holds_card = ESCAPE_ROWS[state]
    wait_stage(qtbot, window, stage)
    if holds_card is not None:
        assert window.session.has_scan is holds_card
    assert window.result.view is None


def test_escape_never_stops_a_running_check(
    qtbot: Any, make_window: WindowFactory, fresh_simulator: Any
) -> None:
    fresh_simulator.set_faults(Faults(latency_s=0.8))
    window = make_window(base_url=fresh_simulator.base_url)
    assert window.session.try_sample("signature-valid")
    qtbot.waitUntil(lambda: window.current_stage() is Stage.WORKING, timeout=TIMEOUT_MS)
    _focus(window.working.cancel_button)
    press(window, Qt.Key.Key_Escape)
    assert window.current_stage() is Stage.WORKING
    wait_stage(qtbot, window, Stage.RESULT)  # the answer the desk may be billed for is shown
    assert window.result.banner.title.text() == "Passed"


def test_escape_from_the_pin_pad_never_reaches_the_settings(
    qtbot: Any, make_kiosk: KioskFactory
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin="2468")
    pad = open_pad(qtbot, window, kiosk)
    for digit in "24":  # half a PIN typed, then Esc
        send_key(pad, ord(digit), digit)
    window.core.wedge.flush()
    send_key(pad, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: kiosk.pin_pad is None, timeout=TIMEOUT_MS)
    qtbot.wait(50)
    assert kiosk.settings_dialog is None
    assert kiosk.enabled  # still locked down
    # Esc again, on the kiosk itself: nothing opens.
    press(window, Qt.Key.Key_Escape)
    qtbot.wait(50)
    assert kiosk.pin_pad is None and kiosk.settings_dialog is None


def test_escape_closes_the_settings_back_to_the_kiosk(qtbot: Any, make_kiosk: KioskFactory) -> None:
    window, kiosk = make_kiosk(enabled=False, pin="2468")
    kiosk.open_settings()
    dialog = kiosk.settings_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    send_key(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: kiosk.settings_dialog is None, timeout=TIMEOUT_MS)
    assert window.current_stage() is Stage.READY
    qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


# --- announcements ---------------------------------------------------------------------------

# A sample for each look of the banner, and the words its announcement starts with.
ANNOUNCED: dict[str, str] = {
    "signature-valid": "Verdict: Passed",
    "signature-revoked": "Verdict: Failed",
    "signature-unreadable": "Verdict: Could not verify",
    "canada-flagged": "Verdict: Flagged",
    "dvs-parse": "Verdict: Read by the service — not verified",
}


@pytest.mark.parametrize("sample", list(ANNOUNCED))
def test_every_verdict_is_announced_with_the_banner_text(
    qtbot: Any, make_window: WindowFactory, sample: str
) -> None:
    window = make_window()
    spoken: list[str] = []
    window.announced.connect(spoken.append)
    run_sample(qtbot, window, sample)
    banner = window.result.banner
    assert len(spoken) == 1
    assert spoken[0].startswith(ANNOUNCED[sample])
    assert banner.title.text() in spoken[0]
    assert banner.advice.text() and banner.advice.text() in spoken[0]
    if banner.reason.text():
        assert banner.reason.text() in spoken[0]


def test_an_error_is_announced(qtbot: Any, make_window: WindowFactory) -> None:
    window = make_window()
    spoken: list[str] = []
    window.announced.connect(spoken.append)
    _error(qtbot, window)
    assert spoken == [window.error.spoken_text()]
    assert window.error.title.text() in spoken[0]


def test_escape_while_the_pin_is_checked_never_opens_the_settings(
    qtbot: Any, make_kiosk: KioskFactory
) -> None:
    window, kiosk = make_kiosk(enabled=True, pin="2468")
    pad = open_pad(qtbot, window, kiosk)
    type_pin(pad, "2468")  # the right PIN, and Enter: the check runs in a worker
    send_key(pad, Qt.Key.Key_Escape)  # gone before the answer
    qtbot.waitUntil(kiosk.services.pool.is_idle, timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: kiosk.admin.pin_pad is None, timeout=TIMEOUT_MS)
    qtbot.wait(50)
    assert kiosk.settings_dialog is None


def test_the_window_opens_with_the_focus_on_ready_itself(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window()
    assert QApplication.focusWidget() is window.ready
    press(window, Qt.Key.Key_Return)  # presses nothing
    assert window.current_stage() is Stage.READY
    assert window.ready.language_button.text() == "Français"
