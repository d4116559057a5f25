"""Every screen state in French shows no English: the real window walked through the demo
samples (HTTP to the simulator, the screenshot driver's walk: Ready, Working, the Canadian form,
every result, the error screens), the folded result rows unfolded, the Canadian form's
validation, and the admin dialogs (PIN pad, settings on every tab, Diagnostics).

Two checks on every visible text: none holds a word from ``ENGLISH_WORDS`` (the service's
captions and sentences, and the interface's own English words), and none is
equal to an English source string of the ``.ts`` whose French differs (a string that missed
its translation). Names, codes and numbers are the data and are not checked: they are not
source strings, and the word list holds none."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QTabWidget,
    QWidget,
)

from kiosk_app.app.admin import AdminServices
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.app.watchlist_admin import WatchlistAdmin
from kiosk_app.flow.stages import Stage
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.pin import PinStore
from kiosk_app.ui.admin.diagnostics import DiagnosticsDialog
from kiosk_app.ui.admin.pin_pad import PinPad
from kiosk_app.ui.admin.settings_dialog import SettingsDialog
from kiosk_app.ui.admin.watchlist_dialog import WatchlistDialog
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.screenshots import SHOTS, ScreenshotDriver, simulator_faults
from tests.support.admin import FAST_SCRYPT
from tests.support.clock import FakeClock
from tests.support.gui import SERVICE_ENGLISH_WORDS, make_backend, make_settings
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS, wait_stage

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)

ROOT = Path(__file__).resolve().parents[2]
TS_FILE = ROOT / "resources" / "translations" / "kiosk_fr.ts"
# English a French clerk must never see: the service's words (captions and
# sentences, status words, the wedge status) and the interface's common English words.
ENGLISH_WORDS = (
    *SERVICE_ENGLISH_WORDS,
    "No match",
    "Partial match",
    "Not compared",
    "Listening",
    "Passed",
    "Failed",
    "Flagged",
    "Could not verify",
    "Scan",
    "Ready",
    "Cancel",
    "Close",
    "Retry",
    "New customer",
    "Another check",
    "Service message",
    "Service's words",
    "Trace id",
    "Fields not compared",
    "Status",
    "Licence",
    "License",
    "Settings",
    "the",
    "and",
    "is",
    "of",
    "with",
    "not",
)
_PATHS = re.compile(r"\S*/\S*")
_WORDS = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in ENGLISH_WORDS) + r")\b")


def _untranslated_sources() -> frozenset[str]:
    """English source strings whose French differs (seeing one means a missed translation)."""
    root = ET.parse(TS_FILE).getroot()
    return frozenset(
        source
        for message in root.iter("message")
        if (source := message.findtext("source") or "")
        and (message.findtext("translation") or source) != source
        and re.search(r"[A-Za-z]{3}", source)  # not a bare placeholder or symbol
    )


SOURCES = _untranslated_sources()


def visible_texts(root: QWidget) -> list[str]:
    """Every text ``root`` shows now: window title, labels, buttons, boxes, tab titles."""
    texts = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        if not (widget.isVisibleTo(root) or widget is root):
            continue
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit):
            texts += [widget.text(), widget.placeholderText()]
        elif isinstance(widget, QComboBox):
            texts.append(widget.currentText())
        elif isinstance(widget, QTabWidget):
            texts += [widget.tabText(i) for i in range(widget.count())]
    return [t for t in texts if t and t.strip()]


def english_in(texts: list[str], where: str) -> list[str]:
    """The texts that are English: a word of the list, or an English source left as is."""
    problems = []
    for text in texts:
        found = _WORDS.search(_PATHS.sub(" ", text))  # a file's path is data, not words
        if found:
            problems.append(f"{where}: {found.group(0)!r} in {text!r}")
        elif text.strip() in SOURCES:
            problems.append(f"{where}: untranslated {text!r}")
    return problems


def test_the_check_itself_finds_english() -> None:
    assert english_in(["Correspond", "Réussi", "DOE, JOHN", "G1234-56789", "1989-12-24"], "x") == []
    assert english_in(["Correspond", "Match"], "x") == ["x: 'Match' in 'Match'"]
    assert english_in(["Last Name"], "x") == ["x: 'Last Name' in 'Last Name'"]
    assert english_in(["Another check"], "x")  # a source string left untranslated
    assert english_in(["Parse only"], "x") == ["x: untranslated 'Parse only'"]


def test_every_window_state_in_french_shows_no_english(
    qtbot: Any, fresh_simulator: Any, tmp_path: Path, french: None
) -> None:
    settings = make_settings(fresh_simulator.base_url, language="fr")
    core = KioskCore(settings, make_backend(settings), samples=dict(SAMPLES_BY_KEY))
    window = MainWindow(core)
    qtbot.addWidget(window)
    problems: list[str] = []
    seen: list[str] = []

    def visit(name: str) -> None:
        seen.append(name)
        if window.result.filling:
            window.result.finish_filling()
        if window.current_stage() is Stage.RESULT:
            window.result.set_unfolded(True)  # the rows not compared, too
        problems.extend(english_in(visible_texts(window), name))

    try:
        ScreenshotDriver(
            window,
            simulator_faults(fresh_simulator),
            tmp_path,
            visit=visit,
            extra_states=True,
        ).run()
        # The Canadian form's own validation (sent empty), in French.
        window.session.open_canada_form()
        wait_stage(qtbot, window, Stage.CANADA_FORM)
        window.canada_form.submit()
        qtbot.waitUntil(
            lambda: window.canada_form.errors["licence_number"].isVisible(), timeout=TIMEOUT_MS
        )
        visit("canada-form-errors")
    finally:
        window.close()
    # The screenshots, Ready holding a licence (old enough, under age), the form's errors.
    assert sorted(seen) == sorted(
        [
            *SHOTS,
            "ready-licence.png",
            "ready-under-21.png",
            "ready-repaired.png",
            "canada-form-errors",
        ]
    )
    assert problems == [], "\n".join(problems)


def test_the_admin_dialogs_in_french_show_no_english(
    qtbot: Any, simulator: Any, french: None
) -> None:
    settings = make_settings(simulator.base_url)
    services = AdminServices(pin_store=PinStore(clock=FakeClock(), params=FAST_SCRYPT))
    problems: list[str] = []
    pad = PinPad(services, force_setup=True)
    settings_dialog = SettingsDialog(settings, services)
    core = KioskCore(settings, make_backend(settings))
    diagnostics = DiagnosticsDialog(core)
    watchlist = WatchlistDialog(WatchlistAdmin(core.watchlist, core.session, core.pool))
    dialogs: list[QDialog] = [pad, settings_dialog, diagnostics, watchlist]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
    try:
        problems += english_in(visible_texts(pad), "PIN pad")
        tabs = settings_dialog.tabs
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            problems += english_in(visible_texts(settings_dialog), f"settings tab {index}")
        qtbot.waitUntil(core.pool.is_idle, timeout=TIMEOUT_MS)
        problems += english_in(visible_texts(diagnostics), "Diagnostics")
        problems += english_in(visible_texts(watchlist), "Watchlist")
    finally:
        for dialog in dialogs:
            dialog.close()
        qtbot.waitUntil(core.pool.is_idle, timeout=TIMEOUT_MS)
        qtbot.waitUntil(services.pool.is_idle, timeout=TIMEOUT_MS)
    assert problems == [], "\n".join(problems)
