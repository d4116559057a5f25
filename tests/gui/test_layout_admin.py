"""The admin screens on the smallest desk screen: the PIN pad, the settings and Diagnostics
opened over a 1024x600 window, in English and French, nothing outside the screen or cut."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from kiosk_app.ui.i18n import install_language, remove_language
from tests.support.admin import KioskFactory
from tests.support.layout_check import layout_problems
from tests.support.qt import OFFSCREEN_DIALOG_NOTE, TIMEOUT_MS

pytestmark = pytest.mark.qt_log_ignore(OFFSCREEN_DIALOG_NOTE)
SMALL = (1024, 600)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_admin_screens_fit_the_smallest_screen(
    qtbot: Any,
    qapp: QApplication,
    make_kiosk: KioskFactory,
    language: str,
) -> None:
    install_language(language, qapp)
    try:
        window, kiosk = make_kiosk(enabled=False, pin="2468")
        window.resize(*SMALL)
        kiosk.open_admin()
        qtbot.waitUntil(lambda: kiosk.pin_pad is not None, timeout=TIMEOUT_MS)
        problems = []
        for name, dialog in (("pin pad", kiosk.pin_pad),):
            assert dialog is not None
            dialog.resize(dialog.size().boundedTo(window.size()))
            qtbot.wait(50)
            problems += [f"{name}: {p}" for p in layout_problems(dialog)]
            assert dialog.width() <= SMALL[0] and dialog.height() <= SMALL[1], name
        kiosk.open_settings()
        settings = kiosk.settings_dialog
        assert settings is not None
        settings.resize(settings.size().boundedTo(window.size()))
        qtbot.wait(50)
        problems += [f"settings: {p}" for p in layout_problems(settings)]
        assert settings.width() <= SMALL[0] and settings.height() <= SMALL[1]
        kiosk.admin.open_diagnostics()
        diagnostics = kiosk.diagnostics
        assert diagnostics is not None
        diagnostics.resize(diagnostics.size().boundedTo(window.size()))
        qtbot.wait(50)
        problems += [f"diagnostics: {p}" for p in layout_problems(diagnostics)]
        assert diagnostics.width() <= SMALL[0] and diagnostics.height() <= SMALL[1]
        kiosk.close_admin_screens()
        assert not problems, "\n".join(problems)
    finally:
        remove_language(qapp)
