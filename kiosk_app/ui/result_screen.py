"""The Result screen: verdict banner, advice, per-field rows, the local parse, request details."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.api.outcome import ErrorInfo, FieldOutcome, MatchCategory, Outcome
from kiosk_app.flow.models import ResultView
from kiosk_app.flow.reasons import Reason, reason_for
from kiosk_app.flow.verdict_table import rule_for, view_facts, words_params
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.text import QT_TRANSLATE_NOOP
from kiosk_app.ui import theme
from kiosk_app.ui.accessibility import OUTER_RING_PX
from kiosk_app.ui.action_row import BUTTON_ROWS_SPACING_PX, ButtonHeight, action_row
from kiosk_app.ui.document_rows import DocumentRow
from kiosk_app.ui.field_labels import FIELD_LABELS, document_lines
from kiosk_app.ui.geometry import SCREEN_MARGINS
from kiosk_app.ui.messages import check_title, translate_message, verdict_words
from kiosk_app.ui.plain_text import plain_value
from kiosk_app.ui.service_text import is_known_sentence, service_sentence
from kiosk_app.ui.touch import name_scroll_bars, touch_scroll
from kiosk_app.ui.widgets import (
    LicencePanel,
    MatchRow,
    VerdictBanner,
    WrappingScroll,
    big_button,
    copy_to_clipboard,
    is_language_change,
    label,
    set_button_text,
)

translate = QCoreApplication.translate

ADVICE: dict[tuple[CheckKind, Verdict], str] = {
    (CheckKind.SIGNATURE, Verdict.PASSED): QT_TRANSLATE_NOOP(
        "Result", "The digital signature is valid and not revoked."
    ),
    (CheckKind.SIGNATURE, Verdict.FAILED): QT_TRANSLATE_NOOP(
        "Result", "The signature is not valid or the document is revoked. Do not accept it."
    ),
    (CheckKind.SIGNATURE, Verdict.UNDEFINED): QT_TRANSLATE_NOOP(
        "Result",
        "The signature service could not decide. Check the request — was the whole barcode "
        "read? — and scan again.",
    ),
    (CheckKind.CANADA, Verdict.PASSED): QT_TRANSLATE_NOOP(
        "Result", "The registry confirms the licence details."
    ),
    (CheckKind.CANADA, Verdict.FAILED): QT_TRANSLATE_NOOP(
        "Result", "The registry does not confirm this licence."
    ),
    (CheckKind.CANADA, Verdict.FLAGGED): QT_TRANSLATE_NOOP(
        "Result", "Some details only partly match the registry. Check the card by hand."
    ),
    (CheckKind.CANADA, Verdict.UNDEFINED): QT_TRANSLATE_NOOP(
        "Result",
        "The registry could not answer now. A retry is scheduled in 15 minutes (nothing is "
        "billed for this answer).",
    ),
    (CheckKind.DVS_PARSE, Verdict.PASSED): QT_TRANSLATE_NOOP(
        "Result", "The barcode was parsed; no verification was done."
    ),
}
GENERIC_ADVICE = {
    Verdict.PASSED: QT_TRANSLATE_NOOP("Result", "The check passed."),
    Verdict.FAILED: QT_TRANSLATE_NOOP(
        "Result", "The check failed. Do not accept the document without a manual check."
    ),
    Verdict.FLAGGED: QT_TRANSLATE_NOOP("Result", "Some details need a manual check."),
    Verdict.UNDEFINED: QT_TRANSLATE_NOOP("Result", "The service could not decide. Try again."),
}
RESULT_TOP_MARGIN_PX = 16
# Rows and document lines built up front (more are added when a reply has more).
PREBUILT_ROWS = 12
PREBUILT_DOC_LINES = 26
# Delay between showing the verdict and filling in the field rows.
FILL_STEP_MS = 1
# A hostile or broken service can send thousands of rows, or megabytes of message, inside the
# reply budget (9,000 rows took 11 s and 584 MB of widgets): the screen shows at most this
# many, counting the rest in a note, and cuts the service's texts to these lengths.
MAX_RESULT_ROWS = 40
MAX_DOCUMENT_LINES = 40
MAX_SERVICE_MESSAGE_CHARS = 500
# Signature rows shown first, in this order.
SIGNATURE_FIRST = ("IDNumber", "RevocationStatus")
# Rows that need the clerk come first; rows the service did not compare are folded.
MATCH_ORDER = {
    MatchCategory.NO_MATCH: 0,
    MatchCategory.PARTIAL_MATCH: 1,
    MatchCategory.MATCH: 2,
    MatchCategory.NONE: 3,
}


def advice_for(check: CheckKind, outcome: Outcome) -> str:
    """The documented advice for a verdict (the client's own advice wins when it has one)."""
    if outcome.advice:
        return translate_message(outcome.advice)
    return translate(
        "Result", ADVICE.get((check, outcome.verdict), GENERIC_ADVICE[outcome.verdict])
    )


def _is_decisive(result: FieldOutcome, decisive: tuple[str, ...]) -> bool:
    return result.field_name.lower() in {name.lower() for name in decisive}


def ordered_fields(
    check: CheckKind, fields: tuple[FieldOutcome, ...], decisive: tuple[str, ...] = ()
) -> list[FieldOutcome]:
    """Field rows in display order: the rows that decided the banner (``decisive``, field
    names of the reason) first, then what needs the clerk (no match, then partial match), then
    matches, then the rows not compared; within each, for the signature check validity and
    revocation first, otherwise the service's order."""

    def key(item: tuple[int, FieldOutcome]) -> tuple[int, int, int, int]:
        index, result = item
        first = (
            SIGNATURE_FIRST.index(result.field_name)
            if result.field_name in SIGNATURE_FIRST
            else len(SIGNATURE_FIRST)
        )
        return (
            0 if _is_decisive(result, decisive) else 1,
            MATCH_ORDER[result.match],
            first if check is CheckKind.SIGNATURE else 0,
            index,
        )

    return [result for _index, result in sorted(enumerate(fields), key=key)]


def split_folded(
    fields: list[FieldOutcome], decisive: tuple[str, ...] = ()
) -> tuple[list[FieldOutcome], list[FieldOutcome]]:
    """(rows shown, rows folded into "N fields not compared"): a row the service did not
    compare is folded unless it decided the banner."""
    shown = [f for f in fields if f.match is not MatchCategory.NONE or _is_decisive(f, decisive)]
    folded = [f for f in fields if f.match is MatchCategory.NONE and not _is_decisive(f, decisive)]
    return shown, folded


class ResultScreen(QWidget):
    """One finished check; New customer returns to Ready and wipes."""

    new_customer_requested = Signal()
    other_check_requested = Signal()
    retry_now_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ResultScreen")
        self.view: ResultView | None = None
        self.verdict_rule = ""  # the verdict table's row shown (kiosk_app.flow.verdict_table)
        self.reason: Reason | None = None  # the banner's second line (kiosk_app.flow.reasons)
        self._pending: ResultView | None = None
        # A timer of 1 ms, not a zero one: a zero timer's slot runs in the same pass of the
        # event loop as the slot that showed the verdict, before the verdict is painted.
        self._fill_timer = QTimer(self)
        self._fill_timer.setSingleShot(True)
        self._fill_timer.setInterval(FILL_STEP_MS)
        self._fill_timer.timeout.connect(self.finish_filling)
        self.banner = VerdictBanner()
        self.check_title = label("", "SectionTitle")
        self.retry_box, self.countdown, self.retry_button = self._retry_box()
        self.error_box, self.error_text, self.trace_text = self._error_box()
        self.details = QWidget()
        self.details.setObjectName("Details")
        self._build_details()
        self.details_scroll = scroll = touch_scroll(QScrollArea())
        scroll.setObjectName("DetailsScroll")
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.details)
        self.panel = LicencePanel()
        self.request_info = label("", "Muted", selectable=True)
        self.other_button = big_button("")
        self.other_button.clicked.connect(self.other_check_requested)
        self.home_button = big_button("", "Home", icon="home")
        self.home_button.clicked.connect(self.new_customer_requested)

        # The local read scrolls too: on a small screen neither column squeezes the banner, and
        # a large text size scrolls its lines rather than cutting them.
        self.panel_scroll = panel_scroll = WrappingScroll(self.panel, "PanelScroll")
        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addWidget(panel_scroll, 2)
        footer = action_row([self.other_button], back=self.home_button)
        # The request's details on a band a button high above the buttons, as far above them
        # as the Ready screen's check buttons are above Open: the rows (and their fold button)
        # end above the band of the check buttons.
        info_band = QHBoxLayout()
        info_band.addWidget(self.check_title)
        info_band.addWidget(self.request_info, 1)
        info_band.addWidget(ButtonHeight(self.other_button))
        bottom = QVBoxLayout()
        bottom.setSpacing(BUTTON_ROWS_SPACING_PX)
        bottom.addLayout(info_band)
        bottom.addWidget(footer)
        layout = QVBoxLayout(self)
        # Less above the banner than the other screens (the bottom, where buttons are, is the
        # same): the verdict and the rows get the room on a 600-px screen.
        left, _top, right, bottom_margin = SCREEN_MARGINS
        layout.setContentsMargins(left, RESULT_TOP_MARGIN_PX, right, bottom_margin)
        layout.setSpacing(10)
        layout.addWidget(self.banner)
        layout.addWidget(self.retry_box)
        layout.addWidget(self.error_box)
        layout.addLayout(body, 1)
        layout.addLayout(bottom)
        self.clear()
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the interface language (the result shown, too)."""
        set_button_text(self.other_button, translate("Result", "Another check"))
        set_button_text(self.home_button, translate("Result", "New customer"))
        set_button_text(self.retry_button, translate("Result", "Retry now"))
        set_button_text(self.copy_button, translate("Result", "Copy"))
        self.doc_title.setText(translate("Result", "Parsed by the service"))
        self.empty_note.setText(translate("Result", "The service returned no field details."))
        name_scroll_bars(self.details_scroll, translate("Result", "Scroll the field results"))
        name_scroll_bars(self.panel_scroll, translate("Result", "Scroll the licence details"))
        self._update_fold_text()
        if self.view is not None:
            self.show_result(self.view)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def _retry_box(self) -> tuple[QFrame, QLabel, QPushButton]:
        box = QFrame()
        box.setObjectName("RetryBox")
        countdown = label("", "Countdown", wrap=False)
        button = big_button("", icon="retry")
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
        copy = big_button("", icon="copy")
        self.copy_button = copy
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
        self.reason = None
        self._pending = None
        self._fill_timer.stop()
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
        facts = view_facts(view)
        rule = rule_for(facts)
        self.reason = reason_for(view, rule)
        self.banner.show_verdict(
            outcome.verdict,
            translate("Verdict", rule.advice) if rule.advice else advice_for(view.check, outcome),
            theme.BANNER_LOOKS[rule.look],
            verdict_words(rule.words, words_params(facts)),
            translate_message(self.reason.text) if self.reason else "",
        )
        self.verdict_rule = rule.name
        self.check_title.setText(check_title(view.check))
        if outcome.error is not None:
            self.error_text.setText(_error_text(outcome.error.message))
            self.trace_text.setText(
                translate("Result", "Trace id: {trace}").format(
                    trace=plain_value(outcome.error.trace_id or "—")
                )
            )
            self.error_box.show()
        self.set_countdown(view.retry_in_s or 0)
        self.request_info.setText(_request_text(outcome))
        # The local parse is shown before the rows: it narrows the details column, which would
        # make every word-wrapped row wrap again.
        self.panel.show_licence(view.licence)
        self.panel_scroll.setVisible(view.licence is not None)  # typed in: rows take the width
        # The verdict goes on screen in this turn of the event loop; the field rows follow in a
        # later turn (see ``_fill_timer``), so neither turn is long.
        self._pending = view
        self._fill_timer.start()

    @property
    def filling(self) -> bool:
        """True between the verdict being shown and the field rows being filled in."""
        return self._pending is not None

    @Slot()
    def finish_filling(self) -> None:
        """Fill in the field rows of the result being shown (now, if they are not yet)."""
        self._fill_timer.stop()
        view, self._pending = self._pending, None
        if view is None or view is not self.view:
            return
        # Showing a child of a visible widget makes Qt lay out every visible ancestor at once,
        # before the child appears: with twenty-odd word-wrapped rows and lines that was one
        # relayout per row. Filled while hidden, the column is laid out once, when shown
        # again. Nothing is painted in between, and an empty column looks like a hidden one.
        self.details.hide()
        try:
            self._fill_details(view)
        finally:
            self.details.show()

    def set_countdown(self, seconds: int) -> None:
        """Show the scheduled Canadian retry (0 hides it)."""
        if seconds <= 0:
            self.retry_box.hide()
            return
        minutes, secs = divmod(seconds, 60)
        self.countdown.setText(
            translate("Result", "Automatic retry in {time}").format(
                time=f"{minutes:02d}:{secs:02d}"
            )
        )
        self.retry_box.show()

    def match_rows(self) -> list[MatchRow]:
        """The per-field rows on screen, in order (folded rows only once unfolded)."""
        rows = [row for row in self._rows if not row.isHidden()]
        return rows + [row for row in self._folded if not row.isHidden()]

    def folded_rows(self) -> list[MatchRow]:
        """The rows folded into "N fields not compared" (shown or not)."""
        return self._folded[: self._folded_count]

    def document_lines(self) -> list[str]:
        """The parsed document lines on screen, ``label: value`` (parse-only check)."""
        return [line.text() for line in self._doc_lines if not line.isHidden()]

    def document_rows(self) -> list[DocumentRow]:
        """The parsed document rows on screen, in order."""
        return [line for line in self._doc_lines if not line.isHidden()]

    def set_unfolded(self, unfolded: bool) -> None:
        """Show or hide the rows the service did not compare."""
        self._unfolded = unfolded
        for row in self._folded[: self._folded_count]:
            row.setVisible(unfolded)
        self._update_fold_text()

    def _update_fold_text(self) -> None:
        count = self._folded_count
        text = (
            translate("Result", "Fields not compared: {count} — hide")
            if self._unfolded
            else translate("Result", "Fields not compared: {count} — show")
        )
        set_button_text(self.fold_button, text.format(count=count))

    # Widgets of the details column are built once and reused: creating and polishing
    # widgets is what costs the GUI thread time when a result arrives.
    def _build_details(self) -> None:
        layout = QVBoxLayout(self.details)
        # Room for the focus ring of a control at the column's edge (the viewport clips it).
        layout.setContentsMargins(OUTER_RING_PX, OUTER_RING_PX, 8, OUTER_RING_PX)
        self.summary = label("", "SectionTitle")
        self.licence_line = label("", "Headline", selectable=True)
        self.classes_line = label("", selectable=True)
        self.doc_title = label("", "SectionTitle")
        self.empty_note = label("", "Muted")
        self.fold_button = big_button("")
        self.fold_button.setObjectName("FoldButton")
        self.fold_button.clicked.connect(lambda: self.set_unfolded(not self._unfolded))
        self.more_note = label("", "Muted")
        self._rows_layout = QVBoxLayout()
        self._folded_layout = QVBoxLayout()
        self._doc_layout = QVBoxLayout()
        self._rows: list[MatchRow] = []
        self._folded: list[MatchRow] = []
        self._folded_count = 0
        self._unfolded = False
        self._doc_lines: list[DocumentRow] = []
        for widget in (self.licence_line, self.summary, self.classes_line):
            layout.addWidget(widget)
        layout.addLayout(self._rows_layout)
        layout.addWidget(self.doc_title)
        layout.addLayout(self._doc_layout)
        layout.addWidget(self.fold_button)
        layout.addLayout(self._folded_layout)
        layout.addWidget(self.empty_note)
        layout.addWidget(self.more_note)
        layout.addStretch(1)
        self._row(PREBUILT_ROWS - 1)
        self._folded_row(PREBUILT_ROWS - 1)
        self._doc_line(PREBUILT_DOC_LINES - 1)

    def _row(self, index: int) -> MatchRow:
        return _pooled(self._rows, self._rows_layout, index, MatchRow)

    def _folded_row(self, index: int) -> MatchRow:
        return _pooled(self._folded, self._folded_layout, index, MatchRow)

    def _doc_line(self, index: int) -> DocumentRow:
        return _pooled(self._doc_lines, self._doc_layout, index, DocumentRow)

    def _clear_details(self) -> None:
        for widget in (
            self.summary,
            self.licence_line,
            self.classes_line,
            self.doc_title,
            self.empty_note,
            self.fold_button,
            self.more_note,
        ):
            widget.hide()
        for text in (self.summary, self.licence_line, self.classes_line, self.more_note):
            text.clear()
        for row in (*self._rows, *self._folded):
            row.clear()
            row.hide()
        for line in self._doc_lines:
            line.clear()
            line.hide()
        self._folded_count = 0
        self._unfolded = False

    def _fill_details(self, view: ResultView) -> None:
        check, outcome = view.check, view.outcome
        if check is CheckKind.SIGNATURE and outcome.verdict is not Verdict.UNDEFINED:
            self.summary.setText(_signature_summary(outcome))
            self.summary.show()
        if check is CheckKind.CANADA and (outcome.licence_classes or outcome.licence_message):
            # The licence status sentence (e.g. suspended) is the headline of the list.
            self.licence_line.setText(
                translate("Result", "Licence: {message}").format(
                    message=service_sentence(outcome.licence_message or "") or "—"
                )
            )
            self.classes_line.setText(
                translate("Result", "Current licence classes: {classes}").format(
                    classes=plain_value(outcome.licence_classes or "—")
                )
            )
            self.licence_line.show()
            self.classes_line.show()
        decisive = self.reason.decisive if self.reason else ()
        fields = ordered_fields(check, outcome.fields, decisive)
        # What needs the clerk first; the rows that decided the banner are never folded.
        shown, folded = split_folded(fields[:MAX_RESULT_ROWS], decisive)
        for index, result in enumerate(shown):
            row = self._row(index)
            row.set_result(result)
            row.show()
        for index, result in enumerate(folded):
            self._folded_row(index).set_result(result)
        self._folded_count = len(folded)
        self.fold_button.setVisible(bool(folded))
        self.set_unfolded(False)
        # The kiosk's own read, to compare with; none when the panel is the service's read.
        own = view.licence if view.licence and not view.licence.read_by_service else None
        lines = document_lines(outcome.document, own)
        self.doc_title.setVisible(bool(lines))
        for index, line in enumerate(lines[:MAX_DOCUMENT_LINES]):
            doc_row = self._doc_line(index)
            doc_row.set_line(line)
            doc_row.show()
        self.empty_note.setVisible(not outcome.fields and not lines)
        hidden = max(len(fields) - MAX_RESULT_ROWS, 0) + max(len(lines) - MAX_DOCUMENT_LINES, 0)
        self.more_note.setText(
            translate("Result", "{count} more rows from the service are not shown.").format(
                count=hidden
            )
        )
        self.more_note.setVisible(hidden > 0)


Pooled = TypeVar("Pooled", bound=QWidget)


def _pooled(
    pool: list[Pooled], layout: QVBoxLayout, index: int, make: Callable[[], Pooled]
) -> Pooled:
    """Row ``index`` of a pool of reusable rows, built (hidden) when the pool is too short."""
    while len(pool) <= index:
        row = make()
        row.hide()
        pool.append(row)
        layout.addWidget(row)
    return pool[index]


def rehearsal_view() -> ResultView:
    """A made-up result with every kind of row (no real data), to warm the screen up."""
    # Known field names only: an unknown one would be logged as the service's.
    names = list(FIELD_LABELS)
    fields = tuple(
        FieldOutcome(names[i], names[i], "—", match, "—")
        for i, match in enumerate(list(MatchCategory) * 3)
    )
    document = {name: "—" for name in names[:PREBUILT_DOC_LINES]}
    outcome = Outcome(
        CheckKind.CANADA,
        Verdict.UNDEFINED,
        3,
        "Undefined",
        False,
        fields,
        error=ErrorInfo("—", "—"),
        licence_classes="—",
        licence_message="—",
        document=document,
    )
    return ResultView(CheckKind.CANADA, outcome, None, 60)


def _error_text(message: str) -> str:
    """A failed check's message: a known service sentence translated under "Service message",
    anything else quoted as the service's words."""
    if is_known_sentence(message):
        return translate("Result", "Service message: {message}").format(
            message=service_sentence(message)
        )
    return service_sentence(plain_value(message, MAX_SERVICE_MESSAGE_CHARS)) or "—"


def _signature_summary(outcome: Outcome) -> str:
    valid = {
        True: translate("Result", "Signature VALID"),
        False: translate("Result", "Signature NOT VALID"),
        None: translate("Result", "Signature: unknown"),
    }
    revoked = {
        True: translate("Result", "REVOKED"),
        False: translate("Result", "not revoked"),
        None: translate("Result", "revocation unknown"),
    }
    return f"{valid[outcome.signature_valid]} · {revoked[outcome.revoked]}"


def _request_text(outcome: Outcome) -> str:
    parts = []
    if outcome.request_log_id is not None:
        parts.append(translate("Result", "Request log id {id}").format(id=outcome.request_log_id))
    if outcome.request_time is not None:
        when = outcome.request_time
        if when.tzinfo is not None:
            when = when.astimezone(UTC)
        parts.append(when.strftime("%Y-%m-%d %H:%M:%S UTC"))
    parts.append(
        translate("Result", "billable") if outcome.billable else translate("Result", "not billable")
    )
    return " · ".join(parts)
