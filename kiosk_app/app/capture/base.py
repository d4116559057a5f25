"""The one small input interface every capture source implements.

A source is a QObject that, once started, emits either

* ``payload_scanned(bytes)`` — the exact barcode payload (wedge, serial scanners), or
* ``repaired_payload_scanned(bytes)`` — a payload the source had to rebuild from damaged input
  (a keyboard wedge that dropped control characters or typed through the wrong keyboard
  layout): not the barcode's exact bytes, so the session never sends it to the signature
  check (``ScanData.byte_exact``), or
* ``image_captured(object)`` — a picture to decode: a ``pathlib.Path``, encoded image ``bytes``
  or a numpy frame (files, drag-and-drop, a watched folder, a camera);

and ``status_changed(object)`` with a short, clerk-readable status, untranslated: a marked
English sentence ("Listening") or a :class:`~kiosk_app.text.Message` ("Ready on {port}").
The session connects to these signals and nothing else, so a new source plugs in without
touching the flow. Sources never decode on the GUI thread and never log what they read.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from kiosk_app.text import QT_TRANSLATE_NOOP


class CaptureSource(QObject):
    """Base class of every input: start/stop plus the three signals above."""

    payload_scanned = Signal(bytes)
    repaired_payload_scanned = Signal(bytes)
    image_captured = Signal(object)
    status_changed = Signal(object)  # str | Message, translated by the UI

    # Short name shown on the Ready screen ("Barcode scanner", "Image files").
    display_name = QT_TRANSLATE_NOOP("messages", "Input")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._status = QT_TRANSLATE_NOOP("messages", "Stopped")

    @property
    def status(self) -> str:
        """The last status text emitted."""
        return self._status

    def set_status(self, text: str) -> None:
        """Record and announce a new status (only when it changes)."""
        if text != self._status:
            self._status = text
            self.status_changed.emit(text)

    def raw_detail(self) -> str:
        """How the last scan arrived, for the Diagnostics screen ("" when nothing to add)."""
        return ""

    def start(self) -> None:
        """Begin listening; subclasses extend."""
        self.set_status(QT_TRANSLATE_NOOP("messages", "Ready"))

    def stop(self) -> None:
        """Stop listening and release the device; subclasses extend."""
        self.set_status(QT_TRANSLATE_NOOP("messages", "Stopped"))


class DuplicateFilter:
    """Ignores the same payload seen again within ``window_s`` seconds (scanners re-read)."""

    def __init__(self, window_s: float = 2.0) -> None:
        self.window_s = window_s
        self._last: bytes | None = None
        self._last_at = float("-inf")

    def is_duplicate(self, payload: bytes, now_s: float, started_s: float | None = None) -> bool:
        """True when ``payload`` repeats the previous one inside the window; records it.

        ``started_s``: when the new read began (a keyboard wedge types for a second or two), so
        the window runs from the end of the previous read to the start of this one.
        """
        begun = now_s if started_s is None else started_s
        duplicate = payload == self._last and begun - self._last_at < self.window_s
        self._last, self._last_at = payload, now_s
        return duplicate

    def forget(self) -> None:
        """Drop the remembered payload (the idle wipe calls this)."""
        self._last, self._last_at = None, float("-inf")
