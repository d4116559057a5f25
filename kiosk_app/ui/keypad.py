"""An on-screen keypad for a form worked by a finger: digits, letters, hyphen, erase.

The keys never take the focus: each press goes to the field that had it last (the keypad's
``target``), as a hardware key would. A line edit takes the character as typed text (its
length limit and validator apply); any other field (the date of birth's parts) gets the key
as a key event, so it behaves exactly as with a keyboard.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QLineEdit, QPushButton, QSizePolicy, QWidget

from kiosk_app.ui.widgets import big_button, is_language_change, set_button_text

translate = QCoreApplication.translate

ROWS: Final = ("1234567890", "ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-")
COLUMNS: Final = 10
ERASE: Final = "\b"
KEY_SPACING_PX: Final = 4


class Keypad(QWidget):
    """Keys in a grid; ``pressed(str)`` for each (``ERASE`` for the erase key)."""

    pressed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Keypad")
        self.target: QWidget | None = None
        self.keys: dict[str, QPushButton] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(KEY_SPACING_PX)
        for row, keys in enumerate(ROWS):
            for column, key in enumerate(keys):
                grid.addWidget(self._key(key, key), row, column)
        last = len(ROWS) - 1
        grid.addWidget(self._key(ERASE, "⌫"), last, len(ROWS[last]), 1, COLUMNS - len(ROWS[last]))
        self.retranslate()

    def _key(self, key: str, text: str) -> QPushButton:
        button = big_button(text, wrap=False)
        button.setObjectName("Key")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the field keeps the focus
        button.setAutoRepeat(key == ERASE)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        button.clicked.connect(lambda _=False, k=key: self.press(k))
        self.keys[key] = button
        return button

    def retranslate(self) -> None:
        """The erase key's name, for a screen reader, in the interface language."""
        self.keys[ERASE].setText("⌫")
        self.keys[ERASE].setAccessibleName(translate("Keypad", "Erase"))
        self.setAccessibleName(translate("Keypad", "Keypad"))
        for key, button in self.keys.items():
            if key != ERASE:
                set_button_text(button, key)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def set_letters_enabled(self, enabled: bool) -> None:
        """Letters and the hyphen on (a licence number) or off (a date's digits)."""
        for key, button in self.keys.items():
            if not key.isdigit() and key != ERASE:
                button.setEnabled(enabled)

    def press(self, key: str) -> None:
        """Type ``key`` into the target field (``ERASE``: the character before the cursor)."""
        self.pressed.emit(key)
        target = self.target
        if target is None or not target.isEnabled():
            return
        if isinstance(target, QLineEdit):
            if key == ERASE:
                target.backspace()
            else:
                target.insert(key)
            target.textEdited.emit(target.text())
            return
        code = Qt.Key.Key_Backspace if key == ERASE else Qt.Key(ord(key))
        text = "" if key == ERASE else key
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QCoreApplication.sendEvent(
                target, QKeyEvent(kind, code, Qt.KeyboardModifier.NoModifier, text)
            )
