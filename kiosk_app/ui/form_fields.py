"""The Canadian form's touch fields: the date of birth in three large spin fields, the province
as a grid of large buttons.

Both keep a small text-like interface (``text``/``setText`` for the date, the combo box's
``currentData``/``findData``/``setCurrentIndex``/``itemText`` for the province) so the form
reads and fills them as it did the text field and the drop-down list they replace.
"""

from __future__ import annotations

from datetime import date
from typing import Final

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QButtonGroup,
    QGridLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from kiosk_app.ui import theme
from kiosk_app.ui.touch import MIN_FIELD_PX
from kiosk_app.ui.widgets import big_button, label, set_button_text

translate = QCoreApplication.translate

EARLIEST_YEAR: Final = 1900
# Keys that end a part early and move to the next one (as typed in "1989-12-24").
SEPARATORS: Final = frozenset({Qt.Key.Key_Minus, Qt.Key.Key_Slash, Qt.Key.Key_Period})
PROVINCE_COLUMNS: Final = 7
# The fewest columns of provinces on a narrow column (large text beside the keypad).
PROVINCE_COLUMNS_NARROW: Final = 4
PROVINCE_SPACING_PX: Final = 5
# Room for one digit of a date part (the stylesheet's field text).
DIGIT_PX: Final = 16
DATE_PART_SPACING_PX: Final = 8
# The parts' shares of the width on one line (year, month, day).
DATE_PART_STRETCH: Final = (4, 3, 3)


class DatePart(QSpinBox):
    """One part of the date (year, month or day): blank until set, typed or stepped; full
    after ``digits`` digits, when it hands the focus on (``filled``)."""

    filled = Signal()

    def __init__(self, lowest: int, highest: int, digits: int) -> None:
        super().__init__()
        self.digits = digits
        # One below the range means "not set", shown blank.
        self.setRange(lowest - 1, highest)
        self.setSpecialValueText(" ")
        self.setValue(lowest - 1)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.PlusMinus)
        self.setMinimumHeight(MIN_FIELD_PX)
        # Its two step buttons and the digits, no more: three fit beside the keypad on a
        # 1024-px screen (Qt would ask room for a margin around the widest number too).
        self.setMinimumWidth(2 * theme.MIN_TOUCH_PX + digits * DIGIT_PX)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    @property
    def is_set(self) -> bool:
        """True once a value is chosen."""
        return self.value() > self.minimum()

    def clear_value(self) -> None:
        """Back to blank."""
        self.setValue(self.minimum())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Digits as in any spin box; a separator or a full part moves on to the next part."""
        if event.key() in SEPARATORS:
            if self.is_set:
                self.filled.emit()
            return
        blank = self.lineEdit().text() == self.specialValueText()
        if blank and event.text().isdigit():
            self.lineEdit().clear()  # the blank is a space: type over it
        super().keyPressEvent(event)
        typed = self.lineEdit().text().strip()
        if event.text().isdigit() and len(typed) >= self.digits and self.is_set:
            self.filled.emit()


class DateOfBirthField(QWidget):
    """Year, month and day side by side; ``text()`` is ``YYYY-MM-DD`` (parts left blank are
    empty, so an incomplete date reads as one: the form's check says how to fix it)."""

    edited = Signal()
    completed = Signal()  # the day was typed in full: the next field may take the focus

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("DateOfBirth")
        self.year = DatePart(EARLIEST_YEAR, date.today().year, 4)
        self.month = DatePart(1, 12, 2)
        self.day = DatePart(1, 31, 2)
        self.parts = (self.year, self.month, self.day)
        self.captions: list[QLabel] = []
        # On one line, or on two where the form is narrow (set_one_line).
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(DATE_PART_SPACING_PX)
        self._one_line: bool | None = None
        self.set_one_line(True)
        for part in self.parts:
            part.valueChanged.connect(lambda _v: self.edited.emit())
        self.year.filled.connect(lambda: self.month.setFocus(Qt.FocusReason.TabFocusReason))
        self.month.filled.connect(lambda: self.day.setFocus(Qt.FocusReason.TabFocusReason))
        self.day.filled.connect(self.completed)
        self.setFocusProxy(self.year)
        self.retranslate()

    def one_line_width(self) -> int:
        """The least width of the three parts side by side."""
        return sum(part.minimumWidth() for part in self.parts) + 2 * DATE_PART_SPACING_PX

    def set_one_line(self, one_line: bool) -> None:
        """Year, month and day on one line, or the year above the month and the day."""
        if one_line == self._one_line:
            return
        self._one_line = one_line
        grid = self._grid
        for part in self.parts:
            grid.removeWidget(part)
        if one_line:
            for column, (part, stretch) in enumerate(
                zip(self.parts, DATE_PART_STRETCH, strict=True)
            ):
                grid.addWidget(part, 0, column)
                grid.setColumnStretch(column, stretch)
        else:
            grid.addWidget(self.year, 0, 0, 1, 2)
            grid.addWidget(self.month, 1, 0)
            grid.addWidget(self.day, 1, 1)
            for column, stretch in enumerate((1, 1, 0)):
                grid.setColumnStretch(column, stretch)
        self.updateGeometry()  # the form measures the new arrangement at once

    def retranslate(self) -> None:
        """The parts' names (prefix and screen-reader name) in the interface language."""
        names = (
            translate("CanadaForm", "Year"),
            translate("CanadaForm", "Month"),
            translate("CanadaForm", "Day"),
        )
        for part, name in zip(self.parts, names, strict=True):
            part.setAccessibleName(name)
            part.setToolTip(name)

    def text(self) -> str:
        """``YYYY-MM-DD``; "" when no part is set."""
        if not any(part.is_set for part in self.parts):
            return ""
        year, month, day = (
            f"{part.value():0{part.digits}d}" if part.is_set else "" for part in self.parts
        )
        return f"{year}-{month}-{day}"

    def setText(self, text: str) -> None:  # noqa: N802 - the text field's name, kept
        """Fill from ``YYYY-MM-DD``; anything else (or "") leaves the parts blank."""
        pieces = text.strip().split("-")
        values = [int(p) if p.isdigit() else None for p in pieces] if len(pieces) == 3 else []
        fits = len(values) == len(self.parts) and all(
            value is None or part.minimum() < value <= part.maximum()
            for part, value in zip(self.parts, values, strict=True)
        )
        for index, part in enumerate(self.parts):
            value = values[index] if fits else None
            if value is None:
                part.clear_value()
            else:
                part.setValue(value)


class ProvincePicker(QWidget):
    """The provinces and territories as large buttons (codes; the full name below), one
    chosen at a time. Keyboard: typing a code's letters chooses it, as in a drop-down list."""

    currentIndexChanged = Signal(int)  # noqa: N815 - the drop-down list's name, kept

    def __init__(self, provinces: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ProvincePicker")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.codes = list(provinces)
        self.names = provinces
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: list[QPushButton] = []
        self.chosen_name = label("", "Muted")
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(PROVINCE_SPACING_PX)
        for index, code in enumerate(self.codes):
            button = big_button(code, wrap=False)
            button.setObjectName("ProvinceButton")
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # one Tab stop: the picker
            # Columns of one width, as wide as the field is (never under a finger's width).
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(theme.MIN_TOUCH_PX)
            self.group.addButton(button, index + 1)
            self.buttons.append(button)
        self.group.idClicked.connect(self.setCurrentIndex)
        column = QGridLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self._grid, 0, 0)
        column.addWidget(self.chosen_name, 1, 0)
        # Fewer columns where the form is narrow (set_columns).
        self._columns = 0
        self.set_columns(PROVINCE_COLUMNS)
        self._index = 0
        self._typed = ""
        self.item_texts = ["", *self.codes]

    def columns_fitting(self, width: int) -> int:
        """How many columns of buttons fit in ``width`` (``PROVINCE_COLUMNS_NARROW`` at
        least, ``PROVINCE_COLUMNS`` at most)."""
        button = max(b.minimumWidth() for b in self.buttons)
        fitting = [
            n
            for n in range(PROVINCE_COLUMNS_NARROW, PROVINCE_COLUMNS + 1)
            if n * button + (n - 1) * PROVINCE_SPACING_PX <= width
        ]
        return max(fitting, default=PROVINCE_COLUMNS_NARROW)

    def set_columns(self, columns: int) -> None:
        """The buttons in ``columns`` columns of one width."""
        if columns == self._columns:
            return
        self._columns = columns
        for button in self.buttons:
            self._grid.removeWidget(button)
        for index, button in enumerate(self.buttons):
            self._grid.addWidget(button, index // columns, index % columns)
        for column in range(PROVINCE_COLUMNS):
            self._grid.setColumnStretch(column, 1 if column < columns else 0)
        outer = self.layout()
        if outer is not None:
            outer.invalidate()
        self.updateGeometry()  # the form measures the new arrangement at once

    def count(self) -> int:
        """Entries, the blank "none chosen" one first (as the drop-down list had)."""
        return len(self.codes) + 1

    def findData(self, code: str) -> int:  # noqa: N802 - the drop-down list's name, kept
        """The index of ``code`` (-1: none)."""
        return self.codes.index(code) + 1 if code in self.codes else -1

    def currentData(self) -> str:  # noqa: N802 - the drop-down list's name, kept
        """The chosen code ("" when none)."""
        return self.codes[self._index - 1] if self._index > 0 else ""

    def currentIndex(self) -> int:  # noqa: N802 - the drop-down list's name, kept
        """0 when none is chosen, else 1 + the code's place."""
        return self._index

    def setCurrentIndex(self, index: int) -> None:  # noqa: N802 - the drop-down list's name
        """Choose the entry ``index`` (0: none)."""
        index = index if 0 <= index <= len(self.codes) else 0
        changed = index != self._index
        self._index = index
        self.group.setExclusive(False)
        for place, button in enumerate(self.buttons, start=1):
            button.setChecked(place == index)
        self.group.setExclusive(True)
        self.chosen_name.setText(self.item_texts[index] if index else "")
        if changed:
            self.currentIndexChanged.emit(index)

    def itemText(self, index: int) -> str:  # noqa: N802 - the drop-down list's name, kept
        """The entry's words ("ON — Ontario")."""
        return self.item_texts[index]

    def setItemText(self, index: int, text: str) -> None:  # noqa: N802 - the list's name
        """Words of an entry: the full name, for the line below and a screen reader."""
        self.item_texts[index] = text
        if index > 0:
            button = self.buttons[index - 1]
            button.setAccessibleName(text)
            button.setToolTip(text)
            set_button_text(button, self.codes[index - 1])
            button.setAccessibleName(text)
        if index == self._index:
            self.chosen_name.setText(text if index else "")

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Letters choose the code they start; arrows move along the grid."""
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.setCurrentIndex(min(self._index + 1, len(self.codes)))
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.setCurrentIndex(max(self._index - 1, 1))
            return
        text = event.text().upper()
        if text.isalpha() and len(text) == 1:
            typed = self._typed + text
            match = next((c for c in self.codes if c.startswith(typed)), None)
            if match is None:
                typed = text
                match = next((c for c in self.codes if c.startswith(typed)), None)
            self._typed = typed if match and len(typed) < len(match) else ""
            if match is not None:
                self.setCurrentIndex(self.findData(match))
            return
        super().keyPressEvent(event)
