"""The Canadian registry form: licence number, date of birth, province, optional class.

Pre-filled from a scanned Canadian licence; inline messages beside each field; usable by keyboard
alone (Tab order top to bottom, Enter submits, Esc goes back) and by touch (large fields).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.api.validation import MAX_CLASS_CHARS, PROVINCES
from kiosk_app.flow.models import CanadaFormData, FieldProblem
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.touch import touch_combo
from kiosk_app.ui.widgets import (
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
        self.date_of_birth = QLineEdit()
        self.date_of_birth.setInputMethodHints(Qt.InputMethodHint.ImhDate)
        self.province = touch_combo(QComboBox())
        self.province.addItem("", "")
        for code in PROVINCES:
            self.province.addItem(code, code)
        self.licence_class = QLineEdit()
        self.licence_class.setMaxLength(MAX_CLASS_CHARS)

        self.inputs: dict[str, QWidget] = {
            "licence_number": self.licence_number,
            "date_of_birth": self.date_of_birth,
            "province": self.province,
            "licence_class": self.licence_class,
        }
        self.captions: dict[str, QLabel] = {}
        self.errors: dict[str, QLabel] = {}
        grid = QGridLayout()
        grid.setVerticalSpacing(4)
        grid.setHorizontalSpacing(16)
        for row, (name, widget) in enumerate(self.inputs.items()):
            caption = label("", wrap=False)
            caption.setBuddy(widget)
            self.captions[name] = caption
            error = label("", "FieldError")
            error.hide()
            self.errors[name] = error
            grid.addWidget(caption, row * 2, 0)
            grid.addWidget(widget, row * 2, 1)
            grid.addWidget(error, row * 2 + 1, 1)
        grid.setColumnStretch(1, 1)
        for edit in (self.licence_number, self.date_of_birth, self.licence_class):
            edit.returnPressed.connect(self.submit)
            edit.textEdited.connect(lambda _t, e=edit: self._clear_problem_of(e))
        self.province.currentIndexChanged.connect(lambda _i: self._clear_problem_of(self.province))
        self.back_button = big_button("", "Home", icon="home")
        self.back_button.clicked.connect(self.back_requested)
        self.submit_button = big_button("", "Primary")
        self.submit_button.clicked.connect(self.submit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addStretch(1)
        buttons.addWidget(self.submit_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 24)
        layout.setSpacing(12)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addLayout(grid)
        layout.addStretch(1)
        layout.addLayout(buttons)
        QWidget.setTabOrder(self.licence_number, self.date_of_birth)
        QWidget.setTabOrder(self.date_of_birth, self.province)
        QWidget.setTabOrder(self.province, self.licence_class)
        QWidget.setTabOrder(self.licence_class, self.submit_button)
        QWidget.setTabOrder(self.submit_button, self.back_button)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every fixed text in the interface language."""
        self.title.setText(translate("CanadaForm", "Canadian registry check"))
        self.hint.setText(
            translate(
                "CanadaForm",
                "Filled in from the scanned licence when "
                "possible. Check, then press Check licence.",
            )
        )
        self.licence_number.setPlaceholderText(translate("CanadaForm", "as printed on the card"))
        self.date_of_birth.setPlaceholderText(
            translate("CanadaForm", "YYYY-MM-DD, e.g. 1989-12-24")
        )
        self.licence_class.setPlaceholderText(translate("CanadaForm", "optional, e.g. G"))
        self.province.setItemText(0, translate("CanadaForm", "Choose…"))
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
        (empty[0] if empty else self.submit_button).setFocus()

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
            self.inputs[problems[0].field].setFocus()

    def clear_problems(self) -> None:
        """Hide every inline message."""
        for name in self.inputs:
            self._clear_problem(name)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Esc goes back to Ready."""
        if event.key() == Qt.Key.Key_Escape:
            self.back_requested.emit()
            return
        super().keyPressEvent(event)

    def _has_value(self, name: str) -> bool:
        widget = self.inputs[name]
        if isinstance(widget, QComboBox):
            return bool(widget.currentData())
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
