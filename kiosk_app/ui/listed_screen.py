"""The watchlist banner: the card read is on the organisation's list, shown before any check.

A full-width banner in a look of its own (deep blue with a yellow border: no verdict has it),
the list's words ("On your list: banned — reason, added 2026-11-02"), what the clerk does next,
and two buttons: Continue with the check (the check that was about to run runs then) and New
customer (nothing runs, nothing is billed).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from kiosk_app.flow.watchlist import WatchAlert
from kiosk_app.ui.action_row import action_row
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.widgets import (
    big_button,
    icon_label,
    is_language_change,
    label,
    set_button_text,
)

translate = QCoreApplication.translate
BANNER_ICON_PX = 96


class ListedScreen(QWidget):
    """Shown instead of any check when the card read is on the watchlist."""

    continue_requested = Signal()
    new_customer_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ListedScreen")
        self.alert: WatchAlert | None = None
        self.banner = QFrame()
        self.banner.setObjectName("ListedBanner")
        self.title = label("", "ListedTitle")
        self.next_step = label("", "ListedStep")
        self.detail = label("", "ListedDetail", selectable=True)
        self.more = label("", "ListedDetail")
        words = QVBoxLayout()
        for widget in (self.title, self.next_step, self.detail, self.more):
            words.addWidget(widget)
        inner = QHBoxLayout(self.banner)
        inner.setContentsMargins(28, 24, 28, 24)
        inner.addWidget(icon_label("flag", BANNER_ICON_PX), 0, Qt.AlignmentFlag.AlignTop)
        inner.addLayout(words, 1)
        self.hint = label("", "Muted")
        self.continue_button = big_button("", "Primary")
        self.continue_button.clicked.connect(self.continue_requested)
        self.home_button = big_button("", "Home", icon="home")
        self.home_button.clicked.connect(self.new_customer_requested)
        # The bottom row every screen shares: New customer where every screen's way back is.
        buttons = action_row(forward=self.continue_button, back=self.home_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.addWidget(self.banner)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the interface language (the alert shown, too)."""
        set_button_text(self.continue_button, translate("Listed", "Continue with the check"))
        set_button_text(self.home_button, translate("Listed", "New customer"))
        self.hint.setText(
            translate(
                "Listed",
                "Nothing was sent to the service and nothing is billed. No check runs unless "
                "you choose to continue.",
            )
        )
        if self.alert is not None:
            self.show_alert(self.alert)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def show_alert(self, alert: WatchAlert) -> None:
        """Fill the banner from the flow's alert."""
        self.alert = alert
        self.banner.setProperty("reason", alert.reason.value)
        self.title.setText(translate_message(alert.title))
        self.next_step.setText(translate_message(alert.next_step))
        self.detail.setText(translate_message(alert.detail))
        more = (
            translate("Listed", "Further entries for this customer: %1").replace(
                "%1", str(alert.more)
            )
            if alert.more
            else ""
        )
        self.more.setText(more)
        self.more.setVisible(bool(more))

    def clear(self) -> None:
        """Forget the alert (the wipe)."""
        self.alert = None
        for widget in (self.title, self.next_step, self.detail, self.more):
            widget.clear()
