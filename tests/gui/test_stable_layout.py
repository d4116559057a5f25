"""A stable layout, measured on the real window at the desk sizes:

* each check has its own slot on the Ready screen, the same for a US and a Canadian card (a
  check the card is not offered leaves its slot empty), and the recommended one has the
  primary style and the focus;
* a notice ("Same card — already read") lies over the screen: nothing the clerk can tap moves
  when it comes, and it covers no control;
* no screen's primary action sits over a different action of a screen that can follow it
  (``kiosk_app.flow.stages.TRANSITIONS``; Ready follows every screen, at the idle wipe): a
  double tap, or a tap after the screen changed, never does something else — New customer
  on Result is not where the language button is on Ready. The ways back to Ready count as
  two actions: those keeping the card (Cancel, Back) and those forgetting it (New customer,
  Start again);
* Cancel, on the Working screen, lies over nothing a finger can press or drag on any screen
  that can follow it (every Ready, Result and Error state walked, the form, the watchlist
  alert and the billed-again question), at each text size and theme, in both languages: a
  Cancel tap as the answer arrives never wipes the result, never runs a billed action (only
  the form's Back, which keeps the card as Cancel does, may lie there); and the "press
  Cancel" notice leaves it uncovered. No way back that keeps the card sits where one that
  forgets it is on another screen.

Each configuration (desk size, text size, theme) is walked once in a session, for all the
checks made on it (``tests.support.layout_walk``).
``test_stable_layout_x11.py`` runs these checks again on real X windows (Cancel's at the
standard text size and theme).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

from kiosk_app.flow.customer import BUSY_NOTICE, SAME_CARD_READ
from kiosk_app.flow.stages import TRANSITIONS, Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.theme import MIN_TOUCH_PX, TEXT_SIZES
from tests.support.gui import (
    DESK_SIZES,
    WindowFactory,
    open_billed_again_question,
    place_as_kiosk,
    window_at,
)
from tests.support.layout_walk import (
    CONTROLS,
    FORGETS_CARD,
    KEEPS_CARD,
    LANGUAGES,
    Action,
    State,
    tappable_rects,
    visible_rect,
    walked,
)
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, settle, wait_stage

# The moves the check leaves out, and why: the Error screen has no control that opens the
# form (the form follows an error only when the Ready screen's registry check is run from
# elsewhere), so no tap meant for an Error control can land on the form; and the watchlist's
# alert follows a screen other than Working only when the admin listed the card on screen
# and it is scanned again, never after a tap.
UNCHECKED_MOVES = frozenset(
    {
        (Stage.ERROR, Stage.CANADA_FORM),
        *((stage, Stage.LISTED) for stage in Stage if stage is not Stage.WORKING),
    }
)
SCREENS = (Stage.READY, Stage.WORKING, Stage.RESULT, Stage.CANADA_FORM, Stage.ERROR)
# The screens that can follow the Working screen, each walked in every state it has.
AFTER_WORKING = frozenset(target for source, target in TRANSITIONS if source is Stage.WORKING)
# The kiosk's panel and the most common laptop screen, at each text size and theme (as
# test_layout_sizes.py walks them).
KIOSK_SIZES = DESK_SIZES[:2]


def _overlaps(first: list[Action], second: list[Action]) -> list[tuple[str, set[str]]]:
    """(what sits over what, the two kinds) for each primary action of ``first`` over a
    different action of ``second``."""
    return [
        (f"{p.name} at {p.rect.getRect()} over {q.name} at {q.rect.getRect()}", {p.kind, q.kind})
        for p in first
        if p.primary
        for q in second
        if q.kind != p.kind and p.rect.intersects(q.rect)
    ]


def _moves(states: list[State]) -> list[tuple[str, set[str]]]:
    """Every primary action over a different action of a screen that can follow, walked."""
    by_stage: dict[Stage, dict[str, list[Action]]] = defaultdict(dict)
    for state in states:
        by_stage[state.stage][state.name] = state.actions
    assert set(by_stage) >= set(SCREENS)  # every screen was measured
    problems = []
    for source, target in TRANSITIONS:
        if (source, target) in UNCHECKED_MOVES:
            continue
        for first_name, first in by_stage[source].items():
            for second_name, second in by_stage[target].items():
                problems += [
                    (f"{first_name} -> {second_name}: {overlap}", kinds)
                    for overlap, kinds in _overlaps(first, second)
                ]
    return problems


def test_no_primary_action_sits_over_a_different_action_of_the_next_screen(
    request: pytest.FixtureRequest, desk_size: tuple[int, int]
) -> None:
    problems = [
        text
        for text, kinds in _moves(walked(request, desk_size))
        if kinds != {KEEPS_CARD, FORGETS_CARD}  # the back cell's, checked below
    ]
    assert not problems, "\n".join(problems)


def test_no_way_back_that_keeps_the_card_sits_where_one_forgets_it(
    request: pytest.FixtureRequest,
) -> None:
    states = walked(request, DESK_SIZES[0])
    problems = [text for text, kinds in _moves(states) if kinds == {KEEPS_CARD, FORGETS_CARD}]
    assert not problems, "\n".join(problems)


def _billed_again_question(
    qtbot: Any, make_window: WindowFactory, size: tuple[int, int], **settings: Any
) -> dict[tuple[str, str], list[tuple[str, QRect]]]:
    """What a finger can tap while the billed-again question is open (it may come just after
    the Working screen: the same card read again), by language."""
    window = make_window(**settings)
    place_as_kiosk(window, size)
    dialog = open_billed_again_question(qtbot, window)
    shown = {}
    for language in LANGUAGES:
        window.switch_language(language)
        settle(window)
        shown["billed-again question", language] = tappable_rects(window)
    window.switch_language("en")
    dialog.reject()
    return shown


@pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
@pytest.mark.parametrize("high_contrast", [False, True], ids=["standard", "high-contrast"])
@pytest.mark.parametrize("text_size", TEXT_SIZES, ids=[f"text-{t}" for t in TEXT_SIZES])
@pytest.mark.parametrize("size", KIOSK_SIZES, ids=[f"{w}x{h}" for w, h in KIOSK_SIZES])
def test_cancel_lies_over_nothing_a_following_screen_can_tap(
    request: pytest.FixtureRequest,
    qtbot: Any,
    make_window: WindowFactory,
    size: tuple[int, int],
    text_size: int,
    high_contrast: bool,
) -> None:
    states = [s for s in walked(request, size, text_size, high_contrast) if not s.admin]
    cancel = {
        language: shown.cancel
        for state in states
        for language, shown in state.languages.items()
        if shown.cancel is not None
    }
    # What a finger can tap on the screens that can follow (the form's Back lies there too:
    # it keeps the card, as Cancel does), and on the billed-again question.
    after = {
        (state.name, language): shown.tappable
        for state in states
        if state.stage in AFTER_WORKING
        for language, shown in state.languages.items()
    }
    settings = {"text_size": text_size, "high_contrast": high_contrast}
    after |= _billed_again_question(qtbot, make_window, size, **settings)
    assert {state.stage for state in states} >= AFTER_WORKING  # every one was walked
    assert set(cancel) == set(LANGUAGES)
    window_rect = QRect(0, 0, *size)
    for rect in cancel.values():
        assert rect.width() >= MIN_TOUCH_PX and rect.height() >= MIN_TOUCH_PX, rect
        assert window_rect.contains(rect), rect
    problems = [
        f"Cancel at {cancel[language].getRect()} over {name} at {rect.getRect()}: {state} "
        f"[{language}]"
        for (state, language), tappable in after.items()
        for name, rect in tappable
        if rect.intersects(cancel[language])
    ]
    assert not problems, "\n".join(problems)


def test_the_busy_notice_leaves_cancel_uncovered(
    qtbot: Any, make_window: WindowFactory, desk_size: tuple[int, int]
) -> None:
    """A scan while a check runs says "press Cancel": the notice lies beside Cancel, also
    when it was shown before the Working screen came."""
    window = make_window()
    window.working.set_task("")  # the screens after Ready made and laid out now
    place_as_kiosk(window, desk_size)
    cancel = window.working.cancel_button
    window.show_notice(SAME_CARD_READ)  # shown on Ready, still up when the read starts
    try:
        # All in this turn of the event loop: the read cannot end in between.
        assert window.session.try_sample("signature-valid")
        assert window.current_stage() is Stage.WORKING and window.notice.isVisible()
        assert not visible_rect(window.notice, window).intersects(visible_rect(cancel, window))
        assert not window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
        assert window.notice.text() == BUSY_NOTICE and window.notice.isVisible()
        notice = visible_rect(window.notice, window)
        assert not notice.intersects(visible_rect(cancel, window))
        assert QRect(0, 0, *desk_size).contains(notice)
        assert notice.height() >= window.notice.heightForWidth(notice.width())  # words fit
    finally:
        window.session.cancel()
        qtbot.waitUntil(window.core.pool.is_idle, timeout=TIMEOUT_MS)


def test_new_customer_is_not_where_the_language_button_is(
    qtbot: Any, make_window: WindowFactory, desk_size: tuple[int, int]
) -> None:
    window = window_at(make_window, desk_size)
    language = visible_rect(window.ready.language_button, window)
    home = window.result.home_button
    window.stack.setCurrentWidget(window.result)  # laid out as it shows
    settle(window)
    assert not visible_rect(home, window).intersects(language)
    window.stack.setCurrentWidget(window.ready)


def _check_slots(window: MainWindow) -> dict[CheckKind, QRect]:
    return {
        kind: QRect(button.mapTo(window, QPoint(0, 0)), button.size())
        for kind, button in window.ready.check_buttons.items()
    }


def _read(qtbot: Any, window: MainWindow, key: str) -> None:
    window.session.submit_payload(SAMPLES_BY_KEY[key].payload)
    qtbot.waitUntil(lambda: window.ready.routing is not None, timeout=TIMEOUT_MS)
    wait_stage(qtbot, window, Stage.READY)
    settle(window)


def test_each_check_keeps_its_slot_and_the_recommended_one_is_primary(
    qtbot: Any, make_window: WindowFactory, desk_size: tuple[int, int]
) -> None:
    window = window_at(make_window, desk_size)
    buttons = window.ready.check_buttons
    assert list(buttons) == [CheckKind.SIGNATURE, CheckKind.DVS_PARSE, CheckKind.CANADA]
    empty = _check_slots(window)
    assert not any(b.objectName() == "Primary" for b in buttons.values())  # no card, no advice
    _read(qtbot, window, "signature-valid")
    us = _check_slots(window)
    offered_us = {k for k, b in buttons.items() if b.isVisible()}
    assert buttons[CheckKind.SIGNATURE].objectName() == "Primary"
    assert QApplication.focusWidget() is buttons[CheckKind.SIGNATURE]
    window.session.wipe()
    _read(qtbot, window, "canada-passed")
    canadian = _check_slots(window)
    offered_canadian = {k for k, b in buttons.items() if b.isVisible()}
    assert offered_us != offered_canadian  # the cards are offered different checks
    assert CheckKind.CANADA in offered_canadian and CheckKind.SIGNATURE in offered_us
    assert buttons[CheckKind.CANADA].objectName() == "Primary"
    assert buttons[CheckKind.SIGNATURE].objectName() == ""
    assert QApplication.focusWidget() is buttons[CheckKind.CANADA]
    assert us == canadian == empty  # every check in its own slot, whatever the card
    lefts = [rect.left() for rect in us.values()]
    assert lefts == sorted(lefts)  # in the same order


def _all_controls(window: MainWindow) -> dict[str, QRect]:
    return {
        f"{type(w).__name__}:{id(w)}": QRect(w.mapTo(window, QPoint(0, 0)), w.size())
        for w in window.findChildren(QWidget)
        if isinstance(w, CONTROLS) and w.isVisible()
    }


def test_the_same_card_notice_moves_nothing_and_covers_no_control(
    qtbot: Any, make_window: WindowFactory, desk_size: tuple[int, int]
) -> None:
    window = window_at(make_window, desk_size)
    _read(qtbot, window, "signature-valid")
    before = _all_controls(window)
    assert window.notice.isHidden()
    window.session.submit_payload(SAMPLES_BY_KEY["signature-valid"].payload)
    qtbot.waitUntil(window.notice.isVisible, timeout=TIMEOUT_MS)
    assert window.notice.text() == SAME_CARD_READ
    settle(window)
    assert _all_controls(window) == before
    notice = QRect(window.notice.mapTo(window, QPoint(0, 0)), window.notice.size())
    assert notice.height() >= window.notice.fontMetrics().height()  # the words fit
    covered = [name for name, rect in before.items() if rect.intersects(notice)]
    assert not covered
