"""The admin PIN pad: touch-sized digits, usable from the keyboard, and first-start PIN set-up.

Two modes, chosen from the PIN store when the pad opens:

* **verify**: the admin types the PIN; it is checked in a worker (scrypt takes ~0.1 s). Five
  wrong PINs lock the pad for a growing delay (the logic is :class:`kiosk_app.storage.pin.
  PinStore`'s); the pad shows the time left and refuses input until it ends.
* **set-up** (no PIN stored yet): the admin chooses a PIN and types it again; it is stored in a
  worker. A damaged PIN file is never taken as "no PIN": the pad says so and stays shut. Nor is
  a PIN file deleted after a PIN was set on this desk (:meth:`PinStore.was_removed`).
* A wrong PIN that could not be recorded (read-only or full disk) locks the pad; it says why.

Keyboard: digits, Backspace, Enter (OK) and Esc (Cancel). ``unlocked`` is emitted once the
right PIN was typed (or a new one stored), then the pad closes.
"""

from __future__ import annotations

from enum import Enum

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QGridLayout, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from kiosk_app.app.admin import AdminServices
from kiosk_app.storage.pin import (
    MAX_PIN_LENGTH,
    MIN_PIN_LENGTH,
    PinCheck,
    PinError,
    PinFileError,
    PinFormatError,
    validate_new_pin,
)
from kiosk_app.ui import theme
from kiosk_app.ui.widgets import label

PAD_BUTTON_PX = 72  # well above the 44 px touch minimum
DOT = "●"
LOCK_REFRESH_MS = 1000


class PadMode(Enum):
    """What the pad is doing."""

    VERIFY = "verify"
    CHOOSE = "choose"  # set-up, first entry
    CONFIRM = "confirm"  # set-up, second entry
    BROKEN = "broken"  # the PIN file is damaged
    REMOVED = "removed"  # the PIN file is gone although a PIN was set here before


class PinPad(QDialog):
    """Asks for the admin PIN (or sets the first one); see the module docstring."""

    unlocked = Signal()

    def __init__(
        self,
        services: AdminServices,
        force_setup: bool = False,
        parent: QWidget | None = None,
        lock_refresh_ms: int = LOCK_REFRESH_MS,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("PinPad")
        self.setWindowTitle(self.tr("Administrator"))
        self.setModal(True)
        if parent is None:  # inside the kiosk the window's stylesheet cascades
            self.setStyleSheet(theme.stylesheet())
        self._services = services
        self._store = services.pin_store
        self._entry = ""
        self._first_choice = ""
        self._busy = False
        # When the lock-out ends, on the store's clock (read once; no file I/O per tick).
        self._locked_until = 0.0
        self._unrecorded = False  # the lock-out came from a failure that could not be written
        self.title = label("", "ScreenTitle")
        self.prompt = label("", "Muted")
        self.dots = label("", "PinDots", wrap=False)
        self.dots.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.dots.setMinimumHeight(48)
        self.message = label("", "FieldError")
        self.message.setAccessibleName(self.tr("PIN pad message"))
        self.digit_buttons: dict[str, QPushButton] = {}
        self._lock_timer = QTimer(self)
        self._lock_timer.setInterval(lock_refresh_ms)
        self._lock_timer.timeout.connect(self._refresh_lock)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(12)
        for widget in (self.title, self.prompt, self.dots, self.message):
            layout.addWidget(widget)
        layout.addLayout(self._pad())
        self.cancel_button = self._button(self.tr("Cancel"), self.reject)
        cancel_row = QHBoxLayout()
        cancel_row.addStretch(1)
        cancel_row.addWidget(self.cancel_button)
        layout.addLayout(cancel_row)
        self._start(force_setup)

    # --- building ----------------------------------------------------------------------------

    def _button(self, text: str, slot: object, name: str = "") -> QPushButton:
        button = QPushButton(text)
        if name:
            button.setObjectName(name)
        button.setMinimumSize(PAD_BUTTON_PX, PAD_BUTTON_PX)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the pad itself
        button.setAccessibleName(text)
        button.clicked.connect(slot)
        return button

    def _pad(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setSpacing(14)
        for index, digit in enumerate("123456789"):
            grid.addWidget(self._digit_button(digit), index // 3, index % 3)
        self.back_button = self._button(self.tr("Delete"), self.delete_digit)
        self.back_button.setAccessibleName(self.tr("Delete last digit"))
        self.ok_button = self._button(self.tr("OK"), self.submit, "Primary")
        grid.addWidget(self.back_button, 3, 0)
        grid.addWidget(self._digit_button("0"), 3, 1)
        grid.addWidget(self.ok_button, 3, 2)
        return grid

    def _digit_button(self, digit: str) -> QPushButton:
        button = self._button(digit, lambda _=False, d=digit: self.press_digit(d))
        self.digit_buttons[digit] = button
        return button

    # --- modes -------------------------------------------------------------------------------

    def _start(self, force_setup: bool) -> None:
        try:
            if force_setup:
                self._set_mode(PadMode.CHOOSE)
            elif self._store.is_set():
                self._set_mode(PadMode.VERIFY)
                self._locked_until = self._store.now() + self._store.lock_remaining_s()
                self._refresh_lock()
            elif self._store.was_removed():
                self._set_mode(PadMode.REMOVED)
            else:
                self._set_mode(PadMode.CHOOSE)
        except PinFileError:
            self._set_mode(PadMode.BROKEN)

    @property
    def mode(self) -> PadMode:
        """The pad's current mode."""
        return self._mode

    def _set_mode(self, mode: PadMode) -> None:
        self._mode = mode
        self._entry = ""
        self._show_entry()
        if mode is PadMode.VERIFY:
            self.title.setText(self.tr("Administrator PIN"))
            self.prompt.setText(self.tr("Enter the administrator PIN."))
        elif mode is PadMode.CHOOSE:
            self.title.setText(self.tr("Choose an administrator PIN"))
            self.prompt.setText(
                self.tr("No PIN is set yet. Choose one of %1 to %2 digits.")
                .replace("%1", str(MIN_PIN_LENGTH))
                .replace("%2", str(MAX_PIN_LENGTH))
            )
        elif mode is PadMode.CONFIRM:
            self.title.setText(self.tr("Choose an administrator PIN"))
            self.prompt.setText(self.tr("Enter the same PIN again."))
        elif mode is PadMode.REMOVED:
            self.title.setText(self.tr("Administrator PIN"))
            self.prompt.setText(
                self.tr(
                    "The PIN file is missing, but a PIN was set on this kiosk before. IT must "
                    "reset the PIN (see the README) so that a new one can be chosen."
                )
            )
        else:
            self.title.setText(self.tr("Administrator PIN"))
            self.prompt.setText(
                self.tr(
                    "The PIN file is damaged. IT must delete admin_pin.json "
                    "(see the README) so that a new PIN can be chosen."
                )
            )
        self._update_enabled()

    # --- input -------------------------------------------------------------------------------

    def press_digit(self, digit: str) -> None:
        """One digit typed or tapped."""
        if self._accepting_input() and len(self._entry) < MAX_PIN_LENGTH:
            self._entry += digit
            self._show_entry()

    def delete_digit(self) -> None:
        """Remove the last digit."""
        if self._accepting_input():
            self._entry = self._entry[:-1]
            self._show_entry()

    def submit(self) -> None:
        """OK: check the PIN, or move on in the set-up."""
        if not self._accepting_input() or not self._entry:
            return
        entry, self._entry = self._entry, ""
        self._show_entry()
        if self._mode is PadMode.VERIFY:
            self._set_busy(True)
            self._services.verify_pin(entry, self._on_checked, self._on_failed)
        elif self._mode is PadMode.CHOOSE:
            self._choose(entry)
        elif self._mode is PadMode.CONFIRM:
            self._confirm(entry)

    def _choose(self, entry: str) -> None:
        try:
            validate_new_pin(entry)
        except PinFormatError:
            self.message.setText(
                self.tr("The PIN must be %1 to %2 digits.")
                .replace("%1", str(MIN_PIN_LENGTH))
                .replace("%2", str(MAX_PIN_LENGTH))
            )
            return
        self._first_choice = entry
        self.message.setText("")
        self._set_mode(PadMode.CONFIRM)

    def _confirm(self, entry: str) -> None:
        first, self._first_choice = self._first_choice, ""
        if entry != first:
            self._set_mode(PadMode.CHOOSE)
            self.message.setText(self.tr("The two PINs were not the same. Start again."))
            return
        self._set_busy(True)
        self._services.set_pin(entry, self._on_pin_set, self._on_failed)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Digits, Backspace, Enter and Esc work like the buttons."""
        text = event.text()
        key = event.key()
        if len(text) == 1 and text.isascii() and text.isdigit():
            self.press_digit(text)
        elif key == Qt.Key.Key_Backspace:
            self.delete_digit()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
        else:
            super().keyPressEvent(event)  # Esc rejects

    # --- results -----------------------------------------------------------------------------

    def _closed(self) -> bool:
        """True once Esc or Cancel closed the pad: a check still running is not acted on (the
        admin walked away; the settings never open behind their back)."""
        return not shiboken6.isValid(self) or not self.isVisible()

    def _on_checked(self, result: object) -> None:
        if self._closed():
            return
        self._set_busy(False)
        if not isinstance(result, PinCheck):
            return
        if result.accepted:
            self.message.setText("")
            self.unlocked.emit()
            self.accept()
        elif result.locked_for_s > 0:
            self._locked_until = self._store.now() + result.locked_for_s
            self._unrecorded = result.unrecorded
            self._refresh_lock()
        else:
            self.message.setText(
                self.tr("Wrong PIN. %1 more tries before the pad locks.").replace(
                    "%1", str(result.attempts_left)
                )
            )

    def _on_pin_set(self, _result: object) -> None:
        if self._closed():
            return
        self._set_busy(False)
        self.unlocked.emit()
        self.accept()

    def _on_failed(self, error: BaseException) -> None:
        if self._closed():
            return
        self._set_busy(False)
        if isinstance(error, PinFileError):
            self._set_mode(PadMode.BROKEN)
        elif isinstance(error, PinError):
            self.message.setText(self.tr("The PIN could not be checked."))
        else:
            self.message.setText(self.tr("The PIN could not be saved or checked (disk error)."))

    # --- lock-out ----------------------------------------------------------------------------

    def lock_remaining_s(self) -> float:
        """Seconds until the pad accepts a PIN again (0 when not locked)."""
        if self._mode is not PadMode.VERIFY:
            return 0.0
        return max(self._locked_until - self._store.now(), 0.0)

    def _refresh_lock(self) -> None:
        remaining = self.lock_remaining_s()
        if remaining > 0:
            seconds = int(remaining + 0.999)
            text = (
                self.tr(
                    "The wrong PIN could not be recorded (the disk is read-only or full), so "
                    "the pad is locked. Try again in %1."
                )
                if self._unrecorded
                else self.tr("Too many wrong PINs. Try again in %1.")
            )
            self.message.setText(text.replace("%1", _duration(seconds)))
            if not self._lock_timer.isActive():
                self._lock_timer.start()
        else:
            if self._lock_timer.isActive():
                self._lock_timer.stop()
                self.message.setText("")
            self._unrecorded = False
        self._update_enabled()

    # --- display -----------------------------------------------------------------------------

    def _accepting_input(self) -> bool:
        return (
            not self._busy
            and self._mode not in (PadMode.BROKEN, PadMode.REMOVED)
            and not self._lock_timer.isActive()
        )

    def _set_busy(self, busy: bool) -> None:
        self._busy = busy
        self._update_enabled()

    def _update_enabled(self) -> None:
        enabled = self._accepting_input()
        for button in (*self.digit_buttons.values(), self.back_button, self.ok_button):
            button.setEnabled(enabled)

    def _show_entry(self) -> None:
        self.dots.setText(DOT * len(self._entry))
        self.dots.setAccessibleName(
            self.tr("%1 digits entered").replace("%1", str(len(self._entry)))
        )

    def done(self, result: int) -> None:
        """Closing forgets anything typed."""
        self._entry = ""
        self._first_choice = ""
        self._lock_timer.stop()
        super().done(result)


def _duration(seconds: int) -> str:
    minutes, secs = divmod(seconds, 60)
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"
