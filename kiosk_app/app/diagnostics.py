"""Support data for the admin Diagnostics screen: the last raw scan of each input, the devices
present, the watched folder's state and the connection test. No widgets here.

The last raw scan is the exact bytes a source delivered (a licence payload: personal data). It
is kept **in memory only**, one per input, shown only on the admin Diagnostics screen, never
logged, and dropped by the session's wipe (New customer, the idle timeout). Pictures are not
kept: only their file name (watched folder) and size are recorded.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, Signal, Slot

from kiosk_app.app.capture.base import CaptureSource
from kiosk_app.app.capture.folder import picture_name
from kiosk_app.app.workers import ErrorCallback, WorkerPool
from kiosk_app.text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from kiosk_app.app.session import Session
    from kiosk_app.config import Settings

#: Control characters shown by name; every other byte below 0x20 (and 0x7F, and bytes of
#: 0x80 and above, which licence data never holds) is shown as ``<0xNN>``.
CONTROL_NAMES: Final = {0x0A: "<LF>", 0x0D: "<CR>", 0x1D: "<GS>", 0x1E: "<RS>"}

FOLDER_MISSING = QT_TRANSLATE_NOOP("Diagnostics", "Not found")
FOLDER_NOT_A_FOLDER = QT_TRANSLATE_NOOP("Diagnostics", "Not a folder")
FOLDER_UNREADABLE = QT_TRANSLATE_NOOP("Diagnostics", "Cannot be read by the kiosk")
FOLDER_READ_ONLY = QT_TRANSLATE_NOOP(
    "Diagnostics", "Readable, but the kiosk cannot delete or move files in it"
)
FOLDER_OK = QT_TRANSLATE_NOOP("Diagnostics", "Readable and writable")


def visible_controls(data: bytes) -> str:
    """``data`` as text with its control characters made visible (``<LF>``, ``<0x04>``...)."""
    out: list[str] = []
    for byte in data:
        if byte in CONTROL_NAMES:
            out.append(CONTROL_NAMES[byte])
        elif byte < 0x20 or byte >= 0x7F:
            out.append(f"<0x{byte:02X}>")
        else:
            out.append(chr(byte))
    return "".join(out)


@dataclass(frozen=True)
class ScanRecord:
    """The last thing one input delivered (in memory only; see the module docstring)."""

    source: str  # the input's display name
    at: datetime
    size: int  # bytes
    payload: bytes | None = None  # the raw barcode payload (payload inputs)
    file_name: str | None = None  # a picture's file name (watched folder)
    keys: str = ""  # how it arrived: a wedge's key sequence, values masked
    byte_exact: bool = True  # False: rebuilt from damaged input (ScanData.byte_exact)

    @property
    def is_picture(self) -> bool:
        """True when the input delivered a picture (not kept) rather than a payload."""
        return self.payload is None

    def visible(self) -> str:
        """The payload with control characters made visible ("" for a picture)."""
        return visible_controls(self.payload) if self.payload is not None else ""


class ScanRecorder(QObject):
    """Remembers the last raw scan of each watched input until the session's wipe.

    ``changed()`` is emitted after every new scan and after :meth:`clear`.
    """

    changed = Signal()

    def __init__(
        self, clock: Callable[[], datetime] = datetime.now, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._clock = clock
        self._records: dict[str, ScanRecord] = {}

    def watch(self, source: CaptureSource) -> None:
        """Record what ``source`` delivers from now on."""
        source.payload_scanned.connect(self._on_payload)
        source.repaired_payload_scanned.connect(self._on_repaired_payload)
        source.image_captured.connect(self._on_image)

    def follow(self, session: Session) -> None:
        """Forget every record when the session wipes the customer."""
        session.wiped.connect(self.clear)

    def records(self) -> dict[str, ScanRecord]:
        """The last record of each input that delivered something, by display name."""
        return dict(self._records)

    @Slot()
    def clear(self) -> None:
        """Drop every record (the idle wipe, New customer)."""
        had = bool(self._records)
        self._records.clear()
        if had:
            self.changed.emit()

    @Slot(bytes)
    def _on_payload(self, payload: bytes) -> None:
        self._store_payload(payload, byte_exact=True)

    @Slot(bytes)
    def _on_repaired_payload(self, payload: bytes) -> None:
        self._store_payload(payload, byte_exact=False)

    def _store_payload(self, payload: bytes, byte_exact: bool) -> None:
        source = self.sender()
        keys = source.raw_detail() if isinstance(source, CaptureSource) else ""
        record = ScanRecord(
            self._source_name(), self._clock(), len(payload), bytes(payload), None, keys, byte_exact
        )
        self._store(record)

    @Slot(object)
    def _on_image(self, picture: object) -> None:
        size = len(picture) if isinstance(picture, (bytes, bytearray)) else 0
        name = picture_name(picture)
        self._store(ScanRecord(self._source_name(), self._clock(), size, None, name))

    def _source_name(self) -> str:
        source = self.sender()
        return source.display_name if isinstance(source, CaptureSource) else "Input"

    def _store(self, record: ScanRecord) -> None:
        self._records[record.source] = record
        self.changed.emit()


def folder_state(folder: Path) -> str:
    """The watched folder as the kiosk sees it (English source text; worker side)."""
    if not folder.exists():
        return FOLDER_MISSING
    if not folder.is_dir():
        return FOLDER_NOT_A_FOLDER
    if not os.access(folder, os.R_OK | os.X_OK):
        return FOLDER_UNREADABLE
    if not os.access(folder, os.W_OK):
        return FOLDER_READ_ONLY
    return FOLDER_OK


def check_folder(
    pool: WorkerPool, folder: Path, on_result: Callable[[str], None], on_error: ErrorCallback
) -> int:
    """Look at the watched folder in a worker (a network share may be slow to answer)."""
    return pool.submit(
        partial(folder_state, folder), on_result, on_error, name="diagnostics: folder"
    )


def start_connection_test(
    pool: WorkerPool,
    settings: Settings,
    on_result: Callable[[str], None],
    on_error: ErrorCallback,
) -> int:
    """The admin settings' harmless connection test, with the running settings, in a worker."""
    from kiosk_app.app.admin import run_connection_test  # the admin's services: not at start

    return pool.submit(
        partial(run_connection_test, settings),
        on_result,
        on_error,
        name="diagnostics: test connection",
    )
