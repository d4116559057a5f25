"""The Error screen: what went wrong in a sentence, Copy details, Start again."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from kiosk_app.flow.models import ErrorKind, ErrorReport
from kiosk_app.ui.action_row import action_row
from kiosk_app.ui.geometry import SCREEN_MARGINS
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.plain_text import plain_value
from kiosk_app.ui.widgets import (
    big_button,
    copy_to_clipboard,
    icon_label,
    is_language_change,
    label,
    set_button_text,
)

translate = QCoreApplication.translate


class ErrorScreen(QWidget):
    """Shown when a decode or a check fails; the next scan works from here too."""

    start_again_requested = Signal()
    service_read_requested = Signal()  # the clerk lets the service read the picture (billed)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ErrorScreen")
        self.report: ErrorReport | None = None
        self.title = label("", "ScreenTitle")
        self.message = label("", "ScreenHint", selectable=True)
        self.next_step = label("", "Muted")
        self.copy_button = big_button("", icon="copy")
        self.copy_button.clicked.connect(self._copy)
        self.service_button = big_button("", "Primary")
        self.service_button.clicked.connect(self.service_read_requested)
        self.service_button.hide()
        self.home_button = big_button("", "Home", icon="home")
        self.home_button.clicked.connect(self.start_again_requested)
        head = QHBoxLayout()
        head.addWidget(icon_label("error", 72), 0, Qt.AlignmentFlag.AlignTop)
        words = QVBoxLayout()
        words.addWidget(self.title)
        words.addWidget(self.message)
        words.addWidget(self.next_step)
        head.addLayout(words, 1)
        buttons = action_row([self.copy_button], self.service_button, self.home_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*SCREEN_MARGINS)
        layout.addLayout(head)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the interface language (the error shown, too)."""
        set_button_text(self.copy_button, translate("Error", "Copy details"))
        set_button_text(self.home_button, translate("Error", "Start again"))
        set_button_text(
            self.service_button, translate("Error", "Let the service read the picture (billed)")
        )
        if self.report is not None:
            self.show_error(self.report)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def show_error(self, report: ErrorReport) -> None:
        """Fill the screen from an error report."""
        self.report = report
        self.title.setText(translate_message(report.title))
        file_line = (
            translate("Error", "File: {name}").format(name=plain_value(report.file_name)) + "\n"
            if report.file_name
            else ""
        )
        self.message.setText(file_line + translate_message(report.message))
        if report.service_read:
            next_step = translate(
                "Error",
                "Scan again, open another picture, or let the service read this one: it is "
                "billed, and the answer is what the service read, not a verification.",
            )
        elif report.kind is ErrorKind.UNREADABLE:
            next_step = translate("Error", "Scan again, or open another picture.")
        else:
            next_step = translate("Error", "Scan again to retry, or press Start again.")
        self.next_step.setText(next_step)
        self.service_button.setVisible(report.service_read)

    def spoken_text(self) -> str:
        """What a screen reader announces: the title, the message and what to do next."""
        if self.report is None:
            return ""
        texts = (self.title.text(), self.message.text(), self.next_step.text())
        return "\n".join(t for t in texts if t)

    def clear(self) -> None:
        """Forget the error (idle wipe)."""
        self.report = None
        for widget in (self.title, self.message, self.next_step):
            widget.clear()
        self.service_button.hide()

    def _copy(self) -> None:
        if self.report is not None:
            copy_to_clipboard(f"{self.title.text()}: {self.message.text()}")
