"""The Working screen: Cancel (back to Ready) and what is running, a busy bar, the local read.

Cancel sits in the top left corner, beside the task: the screens that can follow this one
(Ready, Result, Error, the form, the watchlist alert) show only words there (a title, the
verdict banner), so a Cancel tap as the answer arrives lands on nothing. In the bottom row's
far-right cell it would land on New customer and wipe the result just shown
(``tests/gui/test_stable_layout.py`` measures it).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QVBoxLayout, QWidget

from kiosk_app.flow.models import LicenceSummary
from kiosk_app.ui.action_row import CELL_SPACING_PX
from kiosk_app.ui.geometry import SCREEN_MARGINS
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.widgets import (
    LicencePanel,
    big_button,
    is_language_change,
    label,
    set_button_text,
)

translate = QCoreApplication.translate


class WorkingScreen(QWidget):
    """Shown while a decode or a check runs; the GUI stays responsive."""

    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("WorkingScreen")
        self._task = ""
        self.task = label("", "ScreenTitle")
        self.detail = label("", "ScreenHint")
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.panel = LicencePanel()
        self.cancel_button = big_button("", "Danger")
        self.cancel_button.clicked.connect(self.cancel_requested)
        head = QHBoxLayout()
        head.setSpacing(CELL_SPACING_PX)
        head.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.task, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*SCREEN_MARGINS)
        layout.setSpacing(16)
        layout.addLayout(head)
        layout.addWidget(self.detail)
        layout.addWidget(self.progress)
        layout.addWidget(self.panel, 1)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the fixed texts in the interface language."""
        self.task.setText(
            translate_message(self._task) if self._task else translate("Working", "Working…")
        )
        self.detail.setText(
            translate("Working", "The kiosk stays usable; press Cancel to stop waiting.")
        )
        set_button_text(self.cancel_button, translate("Working", "Cancel"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def set_task(self, text: str) -> None:
        """What is running ("Verify signature…"), untranslated (a sentence or a Message)."""
        self._task = text
        self.task.setText(translate_message(text))

    def set_licence(self, licence: LicenceSummary | None) -> None:
        """The local parse, shown while the check runs."""
        self.panel.show_licence(licence)
