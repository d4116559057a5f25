"""The Canadian registry form: licence number, date of birth, province, optional class.

Pre-filled from a scanned Canadian licence; inline messages under each field; usable by keyboard
alone (Tab order top to bottom, Enter submits, Esc goes back) and by touch alone: an on-screen
keypad (letters and digits) types into the field tapped last, the date of birth is three large
spin fields (year, month, day), the province a grid of large buttons. The fields scroll (by
dragging) on a small screen; the keypad stays in view beside them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from kiosk_app.api.validation import MAX_CLASS_CHARS, PROVINCES
from kiosk_app.flow.models import CanadaFormData, FieldProblem
from kiosk_app.ui.action_row import (
    BUTTON_ROWS_SPACING_PX,
    CELL_SPACING_PX,
    ButtonHeight,
    action_row,
)
from kiosk_app.ui.form_fields import DateOfBirthField, ProvincePicker
from kiosk_app.ui.geometry import SCREEN_MARGINS
from kiosk_app.ui.keypad import Keypad
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.touch import name_scroll_bars
from kiosk_app.ui.widgets import (
    WrappingScroll,
    big_button,
    is_language_change,
    label,
    set_button_text,
    set_style_property,
)

translate = QCoreApplication.translate


class CanadaFormScreen(QWidget):
    """Collects the four fields; ``submitted`` carries them, the session validates."""

    submitted = Signal(CanadaFormData)
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CanadaFormScreen")
        self.title = label("", "ScreenTitle")
        self.hint = label("", "ScreenHint")
        self.licence_number = QLineEdit()
        self.date_of_birth = DateOfBirthField()
        self.province = ProvincePicker(PROVINCES)
        self.licence_class = QLineEdit()
        self.licence_class.setMaxLength(MAX_CLASS_CHARS)
        self.keypad = Keypad()
        self.keypad.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.keypad.target = self.licence_number
        self.keypad.setFocusProxy(self.licence_number)
        # Typed parts: the keypad follows the field tapped (or tabbed to) last.
        self._typed_fields: tuple[QWidget, ...] = (
            self.licence_number,
            *self.date_of_birth.parts,
            self.licence_class,
        )
        self._fitted: tuple[QWidget, ...] = ()  # the fields' scroll area and column
        for field in self._typed_fields:
            field.installEventFilter(self)

        self.inputs: dict[str, QWidget] = {
            "licence_number": self.licence_number,
            "date_of_birth": self.date_of_birth,
            "province": self.province,
            "licence_class": self.licence_class,
        }
        self.captions: dict[str, QLabel] = {}
        self.errors: dict[str, QLabel] = {}
        # Captions above their fields: the column stays narrow beside the keypad.
        fields = QWidget()
        fields.setObjectName("FormFields")
        # The number and the class share a line (the class is two characters at most).
        grid = QGridLayout(fields)
        grid.setContentsMargins(0, 0, 8, 0)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        places = {
            "licence_number": (0, 0, 1),
            "licence_class": (0, 1, 1),
            "date_of_birth": (3, 0, 2),
            "province": (6, 0, 2),
        }
        for name, widget in self.inputs.items():
            caption = label("", wrap=name == "licence_class")
            caption.setBuddy(widget)
            self.captions[name] = caption
            error = label("", "FieldError")
            error.hide()
            self.errors[name] = error
            row, column, span = places[name]
            grid.addWidget(caption, row, column, 1, span)
            grid.addWidget(widget, row + 1, column, 1, span)
            grid.addWidget(error, row + 2, column, 1, span)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(9, 1)
        self.fields_scroll = WrappingScroll(fields, "FormScroll")
        # The date and the provinces take fewer columns where the column is narrow.
        self._fitted = (self.fields_scroll, fields)
        for widget in self._fitted:
            widget.installEventFilter(self)
        # Not a Tab stop itself: Tab goes through its fields, and it scrolls to the one focused.
        self.fields_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for edit in (self.licence_number, self.licence_class):
            edit.returnPressed.connect(self.submit)
            edit.textEdited.connect(lambda _t, e=edit: self._clear_problem_of(e))
        self.date_of_birth.edited.connect(lambda: self._clear_problem_of(self.date_of_birth))
        self.date_of_birth.completed.connect(self._after_date)
        self.province.currentIndexChanged.connect(lambda _i: self._clear_problem_of(self.province))
        self.back_button = big_button("", "Home", icon="home")
        self.back_button.clicked.connect(self.back_requested)
        self.submit_button = big_button("", "Primary")
        self.submit_button.clicked.connect(self.submit)
        # Back in the top left corner, beside the title, as Working's Cancel (both keep the
        # card): at the far right it would sit where Result's New customer forgets it, a tap
        # away when the registry check is chosen after a result. Check licence in the forward
        # cell, where Ready, Working and Result have nothing to tap.
        buttons = action_row(forward=self.submit_button)
        head = QHBoxLayout()
        head.setSpacing(CELL_SPACING_PX)
        head.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.title, 1)
        body = QHBoxLayout()
        body.setSpacing(24)
        body.addWidget(self.fields_scroll, 1)
        body.addWidget(self.keypad, 0, Qt.AlignmentFlag.AlignTop)
        # The hint on a band a button high above the buttons (as the Result screen's request
        # details): no field lies where the Ready screen's check buttons are.
        hint_band = QHBoxLayout()
        hint_band.addWidget(self.hint, 1)
        hint_band.addWidget(ButtonHeight(self.submit_button))
        bottom = QVBoxLayout()
        bottom.setSpacing(BUTTON_ROWS_SPACING_PX)
        bottom.addLayout(hint_band)
        bottom.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*SCREEN_MARGINS)
        layout.setSpacing(12)
        layout.addLayout(head)
        layout.addLayout(body, 1)
        layout.addLayout(bottom)
        # In reading order: the number and the class share the first line.
        QWidget.setTabOrder(self.licence_number, self.licence_class)
        QWidget.setTabOrder(self.licence_class, self.date_of_birth.year)
        QWidget.setTabOrder(self.date_of_birth.year, self.date_of_birth.month)
        QWidget.setTabOrder(self.date_of_birth.month, self.date_of_birth.day)
        QWidget.setTabOrder(self.date_of_birth.day, self.province)
        QWidget.setTabOrder(self.province, self.submit_button)
        QWidget.setTabOrder(self.submit_button, self.back_button)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every fixed text in the interface language."""
        self.title.setText(translate("CanadaForm", "Canadian registry check"))
        self.hint.setText(
            translate(
                "CanadaForm",
                "Filled in from the scanned licence when possible. Tap a field and type with "
                "the keys; check, then press Check licence.",
            )
        )
        self.licence_number.setPlaceholderText(translate("CanadaForm", "as printed on the card"))
        self.date_of_birth.retranslate()
        self.licence_class.setPlaceholderText(translate("CanadaForm", "optional, e.g. G"))
        self.province.setItemText(0, "")
        for index, (code, name) in enumerate(PROVINCES.items(), start=1):
            self.province.setItemText(index, f"{code} — {translate_message(name)}")
        captions = {
            "licence_number": translate("CanadaForm", "Licence number"),
            "date_of_birth": translate("CanadaForm", "Date of birth"),
            "province": translate("CanadaForm", "Province or territory"),
            "licence_class": translate("CanadaForm", "Licence class (optional)"),
        }
        for name, caption in self.captions.items():
            caption.setText(captions[name])
            self.inputs[name].setAccessibleName(captions[name])
        name_scroll_bars(self.fields_scroll, translate("CanadaForm", "Scroll the form fields"))
        set_button_text(self.back_button, translate("CanadaForm", "Back"))
        set_button_text(self.submit_button, translate("CanadaForm", "Check licence"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def data(self) -> CanadaFormData:
        """The form's current values."""
        return CanadaFormData(
            licence_number=self.licence_number.text(),
            date_of_birth=self.date_of_birth.text(),
            province=str(self.province.currentData() or ""),
            licence_class=self.licence_class.text(),
        )

    def prefill(self, data: CanadaFormData) -> None:
        """Fill every field (empty strings clear) and focus the first empty one."""
        self.clear_problems()
        self.licence_number.setText(data.licence_number)
        self.date_of_birth.setText(data.date_of_birth)
        index = self.province.findData(data.province.strip().upper())
        self.province.setCurrentIndex(max(index, 0))
        self.licence_class.setText(data.licence_class)
        empty = [
            w for n, w in self.inputs.items() if n != "licence_class" and not self._has_value(n)
        ]
        first = empty[0] if empty else self.submit_button
        first.setFocus()
        self._follow(self.licence_number if first is self.submit_button else first)

    def clear(self) -> None:
        """Empty the form (idle wipe)."""
        self.prefill(CanadaFormData())

    def submit(self) -> None:
        """Ask the session to validate and run the check."""
        self.submitted.emit(self.data())

    def show_problems(self, problems: list[FieldProblem]) -> None:
        """Inline messages beside the offending fields; focus the first."""
        self.clear_problems()
        for problem in problems:
            error = self.errors.get(problem.field)
            if error is None:
                continue
            error.setText(translate_message(problem.message))
            error.show()
            set_style_property(self.inputs[problem.field], "invalid", "true")
        if problems and problems[0].field in self.inputs:
            first = self.inputs[problems[0].field]
            first.setFocus()
            self._follow(first)

    def clear_problems(self) -> None:
        """Hide every inline message."""
        for name in self.inputs:
            self._clear_problem(name)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Esc goes back to Ready; Enter in the date or the province (a line edit has its own)
        sends the form."""
        if event.key() == Qt.Key.Key_Escape:
            self.back_requested.emit()
            return
        typed_in = (*self.date_of_birth.parts, self.province)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.focusWidget() in typed_in:
            self.submit()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A typed field taking the focus becomes the keypad's target; the fields' column
        resized or laid out again: the date and the provinces fit its width."""
        if event.type() == QEvent.Type.FocusIn and isinstance(watched, QWidget):
            self._follow(watched)
        elif watched in self._fitted and event.type() in (
            QEvent.Type.Resize,
            QEvent.Type.LayoutRequest,
            QEvent.Type.StyleChange,
        ):
            self.fit_fields()
        return super().eventFilter(watched, event)

    def fit_fields(self) -> None:
        """The date on one line and the provinces in as many columns as the column's width
        allows: the whole width when the fields then fit without scrolling, else the width
        left beside the scroll bar (so a column that scrolls never scrolls sideways)."""
        area = self.fields_scroll
        column = area.widget()
        layout = column.layout() if column is not None else None
        if column is None or layout is None:
            return
        margins = layout.contentsMargins()
        whole = area.width() - area.frameWidth() * 2
        bar = area.verticalScrollBar().sizeHint().width()
        for width in (whole, whole - bar):
            inner = width - margins.left() - margins.right()
            self.date_of_birth.set_one_line(self.date_of_birth.one_line_width() <= inner)
            self.province.set_columns(self.province.columns_fitting(inner))
            needed = layout.totalMinimumSize().height()
            if layout.hasHeightForWidth():
                needed = max(needed, layout.totalHeightForWidth(width))
            if width != whole or needed <= area.height():
                return

    def _follow(self, field: QWidget) -> None:
        """The keypad types into ``field`` (the date's year for the date); letters only where
        a field takes them."""
        if isinstance(field, DateOfBirthField):
            field = field.year
        if field not in self._typed_fields:
            return
        self.keypad.target = field
        # A tap on a key gives the focus to the keypad, which hands it to the field.
        self.keypad.setFocusProxy(field)
        self.keypad.set_letters_enabled(isinstance(field, QLineEdit))

    def _after_date(self) -> None:
        # The day typed in full: on to the province when none is chosen yet.
        if not self.province.currentData():
            self.province.setFocus(Qt.FocusReason.TabFocusReason)

    def _has_value(self, name: str) -> bool:
        widget = self.inputs[name]
        if isinstance(widget, ProvincePicker):
            return bool(widget.currentData())
        if isinstance(widget, DateOfBirthField):
            return bool(widget.text())
        return isinstance(widget, QLineEdit) and bool(widget.text().strip())

    def _clear_problem_of(self, widget: QWidget) -> None:
        for name, candidate in self.inputs.items():
            if candidate is widget:
                self._clear_problem(name)

    def _clear_problem(self, name: str) -> None:
        self.errors[name].clear()
        self.errors[name].hide()
        if self.inputs[name].property("invalid") == "true":
            set_style_property(self.inputs[name], "invalid", "false")
