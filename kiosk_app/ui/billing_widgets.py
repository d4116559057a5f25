"""What the clerk sees of "never pay twice" and of check routing.

* :class:`ConfirmBilledDialog`: running again a check the card already had says it is billed
  again; the default button answers Enter, both buttons are touch-sized.
* :class:`CardRoutingPanel` (on the Ready screen): which check runs for the card just read
  and why, and a check an earlier customer's card had within the window, with
  "Check again (billed)".
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.kinds import CheckKind
from kiosk_app.ui import theme
from kiosk_app.ui.messages import check_title, shown_title, translate_message
from kiosk_app.ui.widgets import big_button, label, set_button_text, set_style_property

if TYPE_CHECKING:
    from kiosk_app.flow.billing import PriorCheck
    from kiosk_app.flow.customer import BilledAgain, CardRouting


translate = QCoreApplication.translate
EARLIER_ICON_PX = 32


def _plain(widget: QLabel) -> QLabel:
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def local_time(moment: datetime) -> str:
    """``14:05`` in the kiosk's local time."""
    return moment.astimezone().strftime("%H:%M")


def prior_text(prior: PriorCheck) -> str:
    """When the card was checked, what the check said, its request log id."""
    log_id = str(prior.request_log_id) if prior.request_log_id is not None else "—"
    template = (
        translate(
            "Billing", "{check} already ran for this card at {time}: {verdict} (request {id})."
        )
        if prior.same_customer
        else translate(
            "Billing",
            "This card was checked at {time} with {check}: {verdict} (request {id}).",
        )
    )
    return template.format(
        check=check_title(prior.check),
        time=local_time(prior.when),
        verdict=prior_verdict(prior),
        id=log_id,
    )


def prior_verdict(prior: PriorCheck) -> str:
    """The verdict as the banner showed it (never the service's raw status when known)."""
    if prior.shown is not None:
        return shown_title(prior.shown)
    from kiosk_app.ui.admin.usage_panel import verdict_title  # the admin's: not at start

    return verdict_title(prior.verdict)


def prior_look(prior: PriorCheck) -> theme.Look | None:
    """The colour and icon the banner showed for ``prior`` (None: not known)."""
    return theme.BANNER_LOOKS.get(prior.shown.look) if prior.shown is not None else None


class ConfirmBilledDialog(QDialog):
    """Ask before billing a check again; ``confirmed(CheckKind)`` on yes."""

    confirmed = Signal(CheckKind)
    kept = Signal(CheckKind)  # "Keep the result" (the stored result is shown again)

    def __init__(self, request: BilledAgain, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ConfirmBilledDialog")
        self.setModal(True)
        self.request = request
        self.setWindowTitle(translate("Billing", "Check again?"))
        self.text = _plain(label(prior_text(request.prior)))
        self.warning = _plain(
            label(translate("Billing", "Running it again is billed again."), "FieldError")
        )
        self.yes_button = big_button(translate("Billing", "Check again (billed)"), "Primary")
        self.no_button = big_button(translate("Billing", "Keep the result"))
        self.yes_button.setDefault(True)  # Enter answers yes: the clerk asked for it
        self.yes_button.setAutoDefault(True)
        self.no_button.setAutoDefault(False)
        self.yes_button.clicked.connect(self.accept)
        self.no_button.clicked.connect(self.reject)
        self.no_button.clicked.connect(lambda: self.kept.emit(self.request.check))
        self.accepted.connect(lambda: self.confirmed.emit(self.request.check))
        buttons = QHBoxLayout()
        buttons.addWidget(self.no_button)
        buttons.addWidget(self.yes_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(16)
        layout.addWidget(self.text)
        layout.addWidget(self.warning)
        layout.addLayout(buttons)
        self.yes_button.setFocus()


class CardRoutingPanel(QWidget):
    """The Ready screen's line about the card held: its check, and an earlier check of it."""

    check_again_requested = Signal(CheckKind)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CardRoutingPanel")
        self.routing: CardRouting | None = None
        self.route_line = _plain(label("", "ScreenHint"))
        self.route_line.setObjectName("RouteLine")
        self.earlier_box = QFrame()
        self.earlier_box.setObjectName("RetryBox")
        self.earlier_text = _plain(label("", selectable=True))
        # The earlier verdict's own icon and colour, as its banner showed them.
        self.earlier_icon = QLabel()
        self.earlier_icon.setFixedSize(EARLIER_ICON_PX, EARLIER_ICON_PX)
        self.again_button = big_button("", icon="retry")
        self.again_button.clicked.connect(self._again)
        row = QHBoxLayout(self.earlier_box)
        row.addWidget(self.earlier_icon)
        # The button a third of the row (its words wrap if need be), so a large text size
        # does not squeeze the sentence onto many lines.
        self.again_button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        row.addWidget(self.earlier_text, 2)
        row.addWidget(self.again_button, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.route_line)
        layout.addWidget(self.earlier_box)
        self.show_routing(None)

    def show_routing(self, routing: CardRouting | None) -> None:
        """Show the card's routing (None: no card held)."""
        self.routing = routing
        # Named even while hidden: a screen reader lists every button of the window.
        set_button_text(self.again_button, translate("Billing", "Check again (billed)"))
        self.route_line.setVisible(routing is not None)
        self.earlier_box.setVisible(routing is not None and routing.earlier is not None)
        if routing is None:
            self.route_line.clear()
            self.earlier_text.clear()
            return
        self.route_line.setText(route_text(routing))
        if routing.earlier is not None:
            self.earlier_text.setText(prior_text(routing.earlier))
            look = prior_look(routing.earlier)
            self.earlier_icon.setVisible(look is not None)
            if look is not None:
                self.earlier_icon.setPixmap(theme.pixmap(look.icon, EARLIER_ICON_PX))
                self.earlier_icon.setObjectName(f"icon-{look.icon}")
            set_style_property(self.earlier_text, "verdict", look.key if look else "")

    def retranslate(self) -> None:
        """Follow a change of language."""
        self.show_routing(self.routing)

    def _again(self) -> None:
        if self.routing is not None and self.routing.earlier is not None:
            self.check_again_requested.emit(self.routing.earlier.check)


def route_text(routing: CardRouting) -> str:
    """``Check for this card: <check> — <card>`` or why no check runs by itself."""
    route = routing.route
    if route.check is not None and route.automatic:
        return translate("Billing", "Check for this card: {check} — {why}").format(
            check=check_title(route.check), why=route.explain(translate_message)
        )
    return translate("Billing", "No check runs by itself for this card — {why}").format(
        why=route.explain(translate_message)
    )


def again_title(kind: CheckKind) -> str:
    """A check button's title once the card had that check: billed again."""
    return translate("Billing", "{check} again (billed)").format(check=check_title(kind))
