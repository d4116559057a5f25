"""The Result screen: verdict banner, advice, per-field rows, the local parse, request details."""

from __future__ import annotations

from datetime import UTC

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.api.outcome import FieldOutcome, Outcome, Verdict
from kiosk_app.app.models import CHECK_TITLES, ResultView
from kiosk_app.config import CheckKind
from kiosk_app.ui.widgets import (
    LicencePanel,
    MatchRow,
    VerdictBanner,
    big_button,
    copy_to_clipboard,
    label,
)

ADVICE: dict[tuple[CheckKind, Verdict], str] = {
    (CheckKind.SIGNATURE, Verdict.PASSED): "The digital signature is valid and not revoked.",
    (CheckKind.SIGNATURE, Verdict.FAILED): (
        "The signature is not valid or the document is revoked. Do not accept it."
    ),
    (CheckKind.SIGNATURE, Verdict.UNDEFINED): (
        "The signature service could not decide. Check the request — was the whole barcode "
        "read? — and scan again."
    ),
    (CheckKind.CANADA, Verdict.PASSED): "The registry confirms the licence details.",
    (CheckKind.CANADA, Verdict.FAILED): "The registry does not confirm this licence.",
    (CheckKind.CANADA, Verdict.FLAGGED): (
        "Some details only partly match the registry. Check the card by hand."
    ),
    (CheckKind.CANADA, Verdict.UNDEFINED): (
        "The registry could not answer now. A retry is scheduled in 15 minutes (nothing is "
        "billed for this answer)."
    ),
    (CheckKind.DVS_PARSE, Verdict.PASSED): "The barcode was parsed; no verification was done.",
}
GENERIC_ADVICE = {
    Verdict.PASSED: "The check passed.",
    Verdict.FAILED: "The check failed. Do not accept the document without a manual check.",
    Verdict.FLAGGED: "Some details need a manual check.",
    Verdict.UNDEFINED: "The service could not decide. Try again.",
}
# Signature rows shown first, in this order.
SIGNATURE_FIRST = ("IDNumber", "RevocationStatus")


def advice_for(check: CheckKind, outcome: Outcome) -> str:
    """The documented advice for a verdict (the client's own advice wins when it has one)."""
    if outcome.advice:
        return outcome.advice
    return ADVICE.get((check, outcome.verdict), GENERIC_ADVICE[outcome.verdict])


def ordered_fields(check: CheckKind, fields: tuple[FieldOutcome, ...]) -> list[FieldOutcome]:
    """Field rows in display order: for the signature check validity and revocation first."""
    if check is not CheckKind.SIGNATURE:
        return list(fields)
    first = [f for name in SIGNATURE_FIRST for f in fields if f.field_name == name]
    return first + [f for f in fields if f not in first]


class ResultScreen(QWidget):
    """One finished check; New customer returns to Ready and wipes."""

    new_customer_requested = Signal()
    other_check_requested = Signal()
    retry_now_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ResultScreen")
        self.view: ResultView | None = None
        self.banner = VerdictBanner()
        self.check_title = label("", "SectionTitle")
        self.retry_box, self.countdown, self.retry_button = self._retry_box()
        self.error_box, self.error_text, self.trace_text = self._error_box()
        self.details = QWidget()
        self.details.setObjectName("Details")
        self.details_layout = QVBoxLayout(self.details)
        self.details_layout.setContentsMargins(0, 0, 8, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.details)
        self.panel = LicencePanel()
        self.request_info = label("", "Muted", selectable=True)
        self.other_button = big_button("Another check")
        self.other_button.clicked.connect(self.other_check_requested)
        self.home_button = big_button("New customer", "Home", icon="home")
        self.home_button.clicked.connect(self.new_customer_requested)

        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addWidget(self.panel, 2)
        footer = QHBoxLayout()
        footer.addWidget(self.request_info, 1)
        footer.addWidget(self.other_button)
        footer.addWidget(self.home_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.setSpacing(10)
        layout.addWidget(self.banner)
        layout.addWidget(self.retry_box)
        layout.addWidget(self.error_box)
        layout.addWidget(self.check_title)
        layout.addLayout(body, 1)
        layout.addLayout(footer)
        self.clear()

    def _retry_box(self) -> tuple[QFrame, QLabel, QWidget]:
        box = QFrame()
        box.setObjectName("RetryBox")
        countdown = label("", "Countdown", wrap=False)
        button = big_button("Retry now", icon="retry")
        button.clicked.connect(self.retry_now_requested)
        row = QHBoxLayout(box)
        row.addWidget(countdown, 1)
        row.addWidget(button)
        return box, countdown, button

    def _error_box(self) -> tuple[QFrame, QLabel, QLabel]:
        box = QFrame()
        box.setObjectName("ErrorBox")
        text = label("", selectable=True)
        trace = label("", selectable=True)
        copy = big_button("Copy", icon="copy")
        copy.clicked.connect(lambda: copy_to_clipboard(f"{text.text()}\n{trace.text()}"))
        col = QVBoxLayout()
        col.addWidget(text)
        col.addWidget(trace)
        row = QHBoxLayout(box)
        row.addLayout(col, 1)
        row.addWidget(copy, 0, Qt.AlignmentFlag.AlignTop)
        return box, text, trace

    def clear(self) -> None:
        """Drop the shown result (idle wipe, new customer)."""
        self.view = None
        self.banner.clear()
        self.check_title.clear()
        self.retry_box.hide()
        self.error_box.hide()
        self.error_text.clear()
        self.trace_text.clear()
        self.request_info.clear()
        self.panel.show_licence(None)
        self._clear_details()

    def show_result(self, view: ResultView) -> None:
        """Fill the screen from a finished check."""
        self.clear()
        self.view = view
        outcome = view.outcome
        self.banner.show_verdict(outcome.verdict, advice_for(view.check, outcome))
        self.check_title.setText(CHECK_TITLES[view.check])
        if outcome.error is not None:
            self.error_text.setText(f"Service message: {outcome.error.message}")
            self.trace_text.setText(f"Trace id: {outcome.error.trace_id or '—'}")
            self.error_box.show()
        self.set_countdown(view.retry_in_s or 0)
        self._fill_details(view.check, outcome)
        self.panel.show_licence(view.licence)
        self.request_info.setText(_request_text(outcome))

    def set_countdown(self, seconds: int) -> None:
        """Show the scheduled Canadian retry (0 hides it)."""
        if seconds <= 0:
            self.retry_box.hide()
            return
        minutes, secs = divmod(seconds, 60)
        self.countdown.setText(f"Automatic retry in {minutes:02d}:{secs:02d}")
        self.retry_box.show()

    def match_rows(self) -> list[MatchRow]:
        """The per-field rows on screen, in order (tests and screenshots use it)."""
        return self.details.findChildren(MatchRow)

    def _clear_details(self) -> None:
        while self.details_layout.count():
            item = self.details_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.setParent(None)

    def _fill_details(self, check: CheckKind, outcome: Outcome) -> None:
        add = self.details_layout.addWidget
        if check is CheckKind.SIGNATURE and outcome.verdict is not Verdict.UNDEFINED:
            add(label(_signature_summary(outcome), "SectionTitle"))
        if check is CheckKind.CANADA and (outcome.licence_classes or outcome.licence_message):
            add(label(f"Licence: {outcome.licence_message or '—'}", selectable=True))
            add(label(f"Current licence classes: {outcome.licence_classes or '—'}",
                      selectable=True))
        for result in ordered_fields(check, outcome.fields):
            add(MatchRow(result))
        if outcome.document:
            add(label("Parsed by the service", "SectionTitle"))
            for name, value in outcome.document.items():
                if value:
                    add(label(f"{name}: {value}", selectable=True))
        if not outcome.fields and not outcome.document:
            add(label("The service returned no field details.", "Muted"))
        self.details_layout.addStretch(1)


def _signature_summary(outcome: Outcome) -> str:
    valid = {True: "Signature VALID", False: "Signature NOT VALID", None: "Signature: unknown"}
    revoked = {True: "REVOKED", False: "not revoked", None: "revocation unknown"}
    return f"{valid[outcome.signature_valid]} · {revoked[outcome.revoked]}"


def _request_text(outcome: Outcome) -> str:
    parts = []
    if outcome.request_log_id is not None:
        parts.append(f"Request log id {outcome.request_log_id}")
    if outcome.request_time is not None:
        when = outcome.request_time
        if when.tzinfo is not None:
            when = when.astimezone(UTC)
        parts.append(when.strftime("%Y-%m-%d %H:%M:%S UTC"))
    parts.append("billable" if outcome.billable else "not billable")
    return " · ".join(parts)

