"""A parsed document field on the Result screen: label, value and the comparison with the
kiosk's own read of the barcode (a difference is marked in words and colour)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QWidget

from kiosk_app.text import QT_TRANSLATE_NOOP
from kiosk_app.ui.field_labels import Comparison, DocumentLine
from kiosk_app.ui.plain_text import plain_value
from kiosk_app.ui.widgets import label, set_style_property

translate = QCoreApplication.translate

COMPARISON_WORDS = {
    Comparison.DIFFERS: QT_TRANSLATE_NOOP("Result", "≠ Differs from the kiosk's read"),
    Comparison.SAME: QT_TRANSLATE_NOOP("Result", "= Same as the kiosk's read"),
    Comparison.NOT_COMPARED: "",
}


class DocumentRow(QFrame):
    """One parsed field (reused from one result to the next, like the match rows)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("DocRow")
        self.caption = label("", "DocCaption")
        self.value = label("", selectable=True)
        self.words = label("", "DocWords")
        self.local = label("", "Muted", selectable=True)
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 4, 12, 4)
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.caption, 0, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.value, 0, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.words, 1, 0, 1, 2)
        grid.addWidget(self.local, 2, 0, 1, 2)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 3)
        self.line: DocumentLine | None = None

    def set_line(self, line: DocumentLine) -> None:
        """Show one field."""
        self.line = line
        if set_style_property(self, "compare", line.comparison.value):
            self.words.style().unpolish(self.words)  # its colour follows the row's property
            self.words.style().polish(self.words)
        # The label of an unknown field is the service's name spelled out: outside text too.
        self.caption.setText(plain_value(line.label))
        self.value.setText(plain_value(line.value))
        words = COMPARISON_WORDS[line.comparison]
        self.words.setText(translate("Result", words) if words else "")
        self.words.setVisible(bool(words))
        differs = line.comparison is Comparison.DIFFERS
        self.local.setText(
            translate("Result", "Kiosk's read: {value}").format(value=plain_value(line.local))
            if differs
            else ""
        )
        self.local.setVisible(differs)
        self.setAccessibleName(f"{self.caption.text()}: {self.value.text()}")

    def text(self) -> str:
        """``label: value`` (tests and screen readers)."""
        return f"{self.caption.text()}: {self.value.text()}"

    def clear(self) -> None:
        """Drop the shown values (the row stays for reuse)."""
        self.line = None
        for widget in (self.caption, self.value, self.words, self.local):
            widget.clear()
        self.setAccessibleName("")
