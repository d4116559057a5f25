"""The Working screen: what is running, a busy bar, and Cancel (back to Ready)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Signal
from PySide6.QtWidgets import QProgressBar, QVBoxLayout, QWidget

from kiosk_app.flow.models import LicenceSummary
from kiosk_app.ui.action_row import action_row
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
        buttons = action_row(back=self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*SCREEN_MARGINS)
        layout.setSpacing(16)
        layout.addWidget(self.task)
        layout.addWidget(self.detail)
        layout.addWidget(self.progress)
        layout.addWidget(self.panel, 1)
        layout.addStretch(1)
        layout.addWidget(buttons)
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
