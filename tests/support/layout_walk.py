"""One walk of every screen state per configuration (desk size, text size, theme), measured
for all the layout sweeps at once and kept for the rest of the session.

The sweeps (``test_layout_sizes``, ``test_stable_layout``, ``test_touch_targets``) make
different checks on the same states of the same configurations. :func:`walked` walks a
configuration through the screenshots' flow (:func:`tests.support.gui.walk_screens`) the
first time a test asks for it, in whatever order the tests run, and measures in each state
everything the sweeps check: in English as the state comes, the controls and the touch
targets; then in each language, the window's size, the cut or misplaced controls, what a
finger can tap, Cancel, the vertical scroll bars, and the cut notice once one is shown over
the screen. Each test then makes its own checks on that record.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QLineEdit,
    QWidget,
)

from kiosk_app.flow.customer import BUSY_NOTICE
from kiosk_app.flow.stages import Stage
from kiosk_app.ui.main_window import MainWindow
from tests.support.gui import check_kiosk_geometry, walk_screens
from tests.support.layout_check import layout_problems, vertical_scroll_bars
from tests.support.qt import settle
from tests.support.touch import Target, areas_without_drag, too_small, touch_targets

LANGUAGES = ("en", "fr")
# The states of the walk that are admin screens (opened with the PIN, never after a tap).
ADMIN_STATES = ("admin-",)
# Button styles that mark a screen's primary action.
PRIMARY_STYLES = frozenset({"Primary", "Home", "Danger"})
CONTROLS = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox)
# Anything a finger can press or drag: the controls and the scroll bars.
TAPPABLE = (*CONTROLS, QAbstractSlider)
# The ways back to Ready, by what they do to the card held: Cancel (the check stops) and Back
# (the form is left) keep it; New customer and Start again forget it.
KEEPS_CARD = "back to Ready, card kept"
FORGETS_CARD = "back to Ready, card forgotten"


@dataclass(frozen=True)
class Action:
    """A control on screen: what it does (``kind``), where (window pixels), whether primary."""

    name: str
    kind: str
    rect: QRect
    primary: bool


def _leave_kinds(window: MainWindow) -> dict[QWidget, str]:
    return {
        window.working.cancel_button: KEEPS_CARD,
        window.canada_form.back_button: KEEPS_CARD,
        window.result.home_button: FORGETS_CARD,
        window.error.home_button: FORGETS_CARD,
        window.listed.home_button: FORGETS_CARD,
    }


def _window_rect(widget: QWidget, window: QWidget) -> QRect:
    """Where ``widget`` is, in window pixels (also for a widget of a dialog over it)."""
    return QRect(window.mapFromGlobal(widget.mapToGlobal(QPoint(0, 0))), widget.size())


def visible_rect(widget: QWidget, window: QWidget) -> QRect:
    """The part of ``widget`` shown in the window (clipped by the scroll area it is in)."""
    rect = _window_rect(widget, window)
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea):
            rect = rect.intersected(_window_rect(parent.viewport(), window))
        parent = parent.parentWidget()
    return rect


def tappable_rects(window: MainWindow, kind: str = "") -> list[tuple[str, QRect]]:
    """Everything a finger can press or drag on the screen showing and in a dialog open over
    the window (window pixels), enabled or not: (name, where). ``kind``: the ways back of that
    kind are left out (a tap meant for one does what it would have done)."""
    dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog)]
    same = {widget for widget, its in _leave_kinds(window).items() if kind and its == kind}
    found = []
    for top in (window.stack.currentWidget(), *(d for d in dialogs if d.isVisible())):
        for widget in top.findChildren(QWidget):
            if isinstance(widget, TAPPABLE) and widget.isVisible() and widget not in same:
                rect = visible_rect(widget, window)
                if not rect.isEmpty():
                    name = getattr(widget, "text", lambda: "")()
                    found.append((f"{type(widget).__name__} {name!r}", rect))
    return found


def screen_actions(window: MainWindow) -> list[Action]:
    """The controls the clerk can tap on the screen showing."""
    screen = window.stack.currentWidget()
    leave = _leave_kinds(window)
    checks = set(window.ready.check_buttons.values())
    actions = []
    for widget in screen.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or not widget.isVisible() or not widget.isEnabled():
            continue
        rect = visible_rect(widget, window)
        if rect.isEmpty():
            continue
        name = f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r}"
        kind = leave.get(widget, f"{id(widget)}")
        primary = widget.objectName() in PRIMARY_STYLES or widget in checks
        actions.append(Action(name, kind, rect, primary))
    return actions


@dataclass
class Shown:
    """A state in one language."""

    size: tuple[int, int]
    # The controls outside the window, scrolled sideways or cut (``layout_problems``).
    problems: list[str]
    # The same with the longest notice of the flow shown over the screen.
    with_notice: list[str]
    scroll_bars: list[str]
    # What a finger can tap, the ways back that keep the card left out (``tappable_rects``).
    tappable: list[tuple[str, QRect]]
    # Where Cancel of the Working screen is shown, on that screen.
    cancel: QRect | None


@dataclass
class State:
    """One state of the walk, as it came (English), and in each language."""

    name: str
    stage: Stage
    size: tuple[int, int]
    actions: list[Action]
    targets: list[Target]
    small: list[Target]
    undraggable: list[str]
    languages: dict[str, Shown] = field(default_factory=dict)

    @property
    def admin(self) -> bool:
        """An admin screen (opened with the PIN, never after a tap)."""
        return self.name.startswith(ADMIN_STATES)


Walks = dict[tuple[tuple[int, int], int, bool], list[State]]


@pytest.fixture(scope="session")
def layout_walks() -> Iterator[Walks]:
    """The walks made in this session, by configuration."""
    yield {}


def _shown(window: MainWindow, stage: Stage) -> Shown:
    size = (window.width(), window.height())
    problems = layout_problems(window)
    tappable = tappable_rects(window, KEEPS_CARD)
    cancel = visible_rect(window.working.cancel_button, window) if stage is Stage.WORKING else None
    bars = vertical_scroll_bars(window)
    window.show_notice(BUSY_NOTICE)
    settle(window)
    with_notice = layout_problems(window)
    window.notice.hide()
    return Shown(size, problems, with_notice, bars, tappable, cancel)


def walked(
    request: pytest.FixtureRequest,
    size: tuple[int, int],
    text_size: int = 100,
    high_contrast: bool = False,
) -> list[State]:
    """Every state of the walk at ``size``, ``text_size`` and ``high_contrast``, walked now
    (with the test's ``qtbot``, a simulator of its own and its ``tmp_path``) unless a test of
    the session walked it already."""
    walks: Walks = request.getfixturevalue("layout_walks")
    key = (size, text_size, high_contrast)
    if key in walks:
        return walks[key]
    states: list[State] = []

    def visit(window: MainWindow, name: str) -> None:
        settle(window)
        check_kiosk_geometry(window, size)
        stage = window.current_stage()
        state = State(
            name,
            stage,
            (window.width(), window.height()),
            screen_actions(window),
            touch_targets(window),
            too_small(window),
            areas_without_drag(window),
        )
        for language in LANGUAGES:
            window.switch_language(language)
            settle(window)
            state.languages[language] = _shown(window, stage)
        window.switch_language("en")
        states.append(state)

    qtbot: Any = request.getfixturevalue("qtbot")
    simulator = request.getfixturevalue("fresh_simulator")
    tmp_path = request.getfixturevalue("tmp_path")
    walk_screens(
        qtbot, simulator, size, tmp_path, visit, text_size=text_size, high_contrast=high_contrast
    )
    walks[key] = states
    return states
