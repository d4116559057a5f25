"""The admin Diagnostics screen: what support staff read out on the phone with a desk.

* every input with its **live** status and the **last raw scan** it delivered, control
  characters made visible (``<LF>``, ``<RS>``, ``<CR>``, ``<GS>``, ``<0x04>``...), so a
  scanner that drops or changes bytes shows at once. The scan is the customer's data: it is
  kept in memory only (:class:`kiosk_app.app.diagnostics.ScanRecorder`), shown only here,
  never logged, and gone after New customer or the idle wipe;
* the cameras and serial ports present now, marking the one in use or configured;
* the watched folder and whether the kiosk can read and clear it;
* **Test connection**: the admin settings' harmless request, with the running settings.

Open it with ``DiagnosticsDialog(core, parent)``; the admin settings have a Diagnostics button.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.app.admin import describe_error
from kiosk_app.app.capture.serial import available_serial_ports
from kiosk_app.app.capture.wedge import TRACE_CLEAR_CHARS
from kiosk_app.app.diagnostics import ScanRecord, check_folder, start_connection_test
from kiosk_app.app.kiosk import KioskCore
from kiosk_app.ui import theme
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.touch import name_scroll_bars, touch_scroll
from kiosk_app.ui.widgets import big_button, is_language_change, label, set_button_text

SCAN_BOX_LINES: Final = 6
KEYS_BOX_LINES: Final = 3


def scan_text(record: ScanRecord) -> str:
    """The raw scan as shown: visible control characters, a line break after each ``<LF>``."""
    return record.visible().replace("<LF>", "<LF>\n")


class InputRow:
    """One input's widgets: its name, live status and last raw scan."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.title = label("", "SectionTitle")
        self.status = label("", selectable=True)
        self.scan_note = label("", "Muted")
        self.scan = touch_scroll(QPlainTextEdit())
        self.scan.setReadOnly(True)
        self.scan.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        line = self.scan.fontMetrics().lineSpacing()
        self.scan.setFixedHeight(line * SCAN_BOX_LINES + 16)
        self.scan.hide()
        # A keyboard wedge's keys as they arrived (modifiers included, values masked).
        self.keys_note = label("", "Muted")
        self.keys = touch_scroll(QPlainTextEdit())
        self.keys.setReadOnly(True)
        self.keys.setFont(self.scan.font())
        self.keys.setFixedHeight(line * KEYS_BOX_LINES + 16)
        self.keys_note.hide()
        self.keys.hide()

    def show_keys(self, keys: str, note: str) -> None:
        """Show (or, with no keys, hide) the key sequence of the last scan."""
        self.keys.setPlainText(keys)
        self.keys_note.setText(note)
        self.keys.setVisible(bool(keys))
        self.keys_note.setVisible(bool(keys))


class DiagnosticsDialog(QDialog):
    """Inputs with live status and last raw scan, devices, folder, connection test."""

    def __init__(self, core: KioskCore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("DiagnosticsDialog")
        self.setModal(True)
        self.resize(1000, 760)
        if parent is None:  # inside the kiosk the window's stylesheet cascades
            self.setStyleSheet(theme.stylesheet())
        self.core = core
        self._folder_ticket: int | None = None
        self._test_ticket: int | None = None
        self.rows: dict[str, InputRow] = {}

        self.inputs_grid = QGridLayout()
        self.cameras = label("", selectable=True)
        self.serial_ports = label("", selectable=True)
        self.folder = label("", selectable=True)
        self.service = label("", selectable=True)
        self.connection_result = label("", "Muted", selectable=True)
        # The folder's and the connection test's last answers, drawn again in a new language.
        self._folder_text: Callable[[], str] | None = None
        self._connection_text: Callable[[], str] | None = None
        self.privacy_note = label("", "Muted")
        self.inputs_title = label("", "ScreenTitle")
        self.section_titles = [label("", "SectionTitle") for _ in range(4)]
        self.test_button = big_button("")
        self.test_button.clicked.connect(self.test_connection)
        self.refresh_button = big_button("")
        self.refresh_button.clicked.connect(self.refresh)
        self.close_button = big_button("")
        self.close_button.clicked.connect(self.reject)
        self._layout()
        self._retranslate_fixed()

        core.inputs_changed.connect(self._on_inputs_changed)
        core.scans.changed.connect(self._show_scans)
        self.refresh()

    # --- building ----------------------------------------------------------------------------

    def _layout(self) -> None:
        page = QWidget()
        body = QVBoxLayout(page)
        body.addWidget(self.inputs_title)
        body.addWidget(self.privacy_note)
        body.addLayout(self.inputs_grid)
        sections = (self.cameras, self.serial_ports, self.folder, self.service)
        for title, widget in zip(self.section_titles, sections, strict=True):
            body.addWidget(title)
            body.addWidget(widget)
        body.addWidget(self.connection_result)
        body.addStretch(1)
        self.page_scroll = scroll = touch_scroll(QScrollArea())
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        buttons = QHBoxLayout()
        buttons.addWidget(self.test_button)
        buttons.addWidget(self.refresh_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)

    def _retranslate_fixed(self) -> None:
        """The dialog's own words (titles, buttons, names) in the interface language."""
        self.setWindowTitle(self.tr("Diagnostics"))
        self.inputs_title.setText(self.tr("Inputs"))
        self.privacy_note.setText(
            self.tr(
                "The last scans are the customer's data: kept in memory only, shown only "
                "here, never logged, and cleared after New customer or the idle timeout."
            )
        )
        set_button_text(self.test_button, self.tr("Test connection"))
        set_button_text(self.refresh_button, self.tr("Refresh"))
        set_button_text(self.close_button, self.tr("Close"))
        titles = (
            self.tr("Cameras present"),
            self.tr("Serial ports present"),
            self.tr("Watched scan folder"),
            self.tr("Check service"),
        )
        sections = (self.cameras, self.serial_ports, self.folder, self.service)
        for title, text, widget in zip(self.section_titles, titles, sections, strict=True):
            title.setText(text)
            widget.setAccessibleName(text)
        self.connection_result.setAccessibleName(self.tr("Connection test result"))
        name_scroll_bars(self.page_scroll, self.tr("Scroll the diagnostics"))
        for row in self.rows.values():
            self._name_row(row)

    def retranslate(self) -> None:
        """Every text in the interface language: fixed words and the values shown (the
        folder's and the connection test's last answers too, without asking again)."""
        self._retranslate_fixed()
        self._show_statuses(self.core.input_statuses())
        self._show_scans()
        self._show_cameras()
        self._show_serial_ports()
        if self._folder_text is not None:
            self.folder.setText(self._folder_text())
        if self._connection_text is not None:
            self.connection_result.setText(self._connection_text())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a live change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def _name_row(self, row: InputRow) -> None:
        name = translate_message(row.name)
        row.title.setText(name)
        row.status.setAccessibleName(self.tr("Status of %1").replace("%1", name))
        row.scan.setAccessibleName(self.tr("Last raw scan from %1").replace("%1", name))
        row.keys.setAccessibleName(self.tr("Keys of the last scan from %1").replace("%1", name))
        name_scroll_bars(row.scan, self.tr("Scroll the last raw scan from %1").replace("%1", name))
        name_scroll_bars(
            row.keys, self.tr("Scroll the keys of the last scan from %1").replace("%1", name)
        )

    def _row(self, name: str) -> InputRow:
        row = self.rows.get(name)
        if row is None:
            row = InputRow(name)
            self._name_row(row)
            index = len(self.rows) * 5
            self.inputs_grid.addWidget(row.title, index, 0, 1, 2)
            self.inputs_grid.addWidget(row.status, index + 1, 0)
            self.inputs_grid.addWidget(row.scan_note, index + 1, 1)
            self.inputs_grid.addWidget(row.scan, index + 2, 0, 1, 2)
            self.inputs_grid.addWidget(row.keys_note, index + 3, 0, 1, 2)
            self.inputs_grid.addWidget(row.keys, index + 4, 0, 1, 2)
            self.rows[name] = row
        return row

    # --- showing -----------------------------------------------------------------------------

    @Slot()
    def refresh(self) -> None:
        """Read everything again: statuses, scans, devices, folder, service address."""
        self._show_statuses(self.core.input_statuses())
        self._show_scans()
        self._show_cameras()
        self._show_serial_ports()
        self._show_folder()
        self.service.setText(self.core.settings.base_url)

    @Slot(dict)
    def _on_inputs_changed(self, statuses: dict[str, str]) -> None:
        # A camera or serial scanner coming or going changes its input's status: list the
        # devices present again with it.
        self._show_statuses(statuses)
        self._show_cameras()
        self._show_serial_ports()

    def _show_statuses(self, statuses: dict[str, str]) -> None:
        for name, status in statuses.items():
            self._row(name).status.setText(
                self.tr("Status: %1").replace("%1", translate_message(status))
            )

    @Slot()
    def _show_scans(self) -> None:
        records = self.core.scans.records()
        for name in self.core.input_statuses():
            row = self._row(name)
            record = records.get(name)
            if record is None:
                row.scan_note.setText(self.tr("No scan since the last customer was cleared"))
                row.scan.clear()
                row.scan.hide()
                row.show_keys("", "")
                continue
            when = record.at.strftime("%H:%M:%S")
            if record.is_picture:
                row.scan_note.setText(
                    self.tr("Picture %1 (%2 bytes) at %3")
                    .replace("%1", record.file_name or self.tr("without a name"))
                    .replace("%2", str(record.size))
                    .replace("%3", when)
                )
                row.scan.clear()
                row.scan.hide()
            else:
                row.scan_note.setText(
                    self.tr("Last scan: %1 bytes at %2")
                    .replace("%1", str(record.size))
                    .replace("%2", when)
                )
                row.scan.setPlainText(scan_text(record))
                row.scan.show()
                row.show_keys(record.keys, self._keys_note(record))

    def _keys_note(self, record: ScanRecord) -> str:
        exact = (
            self.tr("exact bytes")
            if record.byte_exact
            else self.tr("repaired: not sent to the signature check")
        )
        return (
            self.tr("Keys the scanner sent (characters masked after the first %1; %2):")
            .replace("%1", str(TRACE_CLEAR_CHARS))
            .replace("%2", exact)
        )

    def _show_cameras(self) -> None:
        # The camera module (Qt Multimedia, the frame decoder) loads when the screen first
        # lists the cameras, not with the kiosk.
        from kiosk_app.app.capture.camera import CameraSource, available_cameras

        camera = next((s for s in self.core.sources if isinstance(s, CameraSource)), None)
        in_use = camera.current_camera if camera is not None else None
        lines = []
        for info in available_cameras():
            marks = []
            if info.is_default:
                marks.append(self.tr("default"))
            if in_use is not None and info.id == in_use.id:
                marks.append(self.tr("in use"))
            lines.append(info.description + (f" ({', '.join(marks)})" if marks else ""))
        self.cameras.setText("\n".join(lines) or self.tr("No camera found"))

    def _show_serial_ports(self) -> None:
        configured = self.core.settings.serial_port
        lines, seen = [], False
        for location, description in available_serial_ports():
            mark = ""
            if configured and location == configured:
                mark, seen = " " + self.tr("(configured)"), True
            lines.append(f"{location} — {description}{mark}")
        if configured and not seen:
            lines.append(self.tr("%1 (configured, not present)").replace("%1", configured))
        self.serial_ports.setText("\n".join(lines) or self.tr("No serial port found"))

    def _set_folder(self, text: Callable[[], str]) -> None:
        self._folder_text = text
        self.folder.setText(text())

    def _set_connection(self, text: Callable[[], str]) -> None:
        self._connection_text = text
        self.connection_result.setText(text())

    def _show_folder(self) -> None:
        folder = self.core.settings.watch_folder
        if not folder:
            self._set_folder(lambda: self.tr("No folder set in the admin settings"))
            return
        if self._folder_ticket is not None:
            return
        self._set_folder(lambda: self.tr("%1: checking…").replace("%1", folder))
        self._folder_ticket = check_folder(
            self.core.pool, Path(folder), self._folder_checked, self._folder_failed
        )

    def _folder_checked(self, state: str) -> None:
        self._folder_ticket = None
        folder = self.core.settings.watch_folder
        self._set_folder(
            lambda: (
                self.tr("%1: %2")
                .replace("%2", QCoreApplication.translate("Diagnostics", state))
                .replace("%1", folder)
            )
        )

    def _folder_failed(self, error: BaseException) -> None:
        self._folder_ticket = None
        folder = self.core.settings.watch_folder
        self._set_folder(
            lambda: (
                self.tr("%1: %2")
                .replace("%2", translate_message(describe_error(error)))
                .replace("%1", folder)
            )
        )

    # --- connection test ---------------------------------------------------------------------

    @Slot()
    def test_connection(self) -> None:
        """Run the harmless connection test with the running settings (in a worker)."""
        if self._test_ticket is not None:
            return
        self.test_button.setEnabled(False)
        self._set_connection(lambda: self.tr("Testing the connection…"))
        self._test_ticket = start_connection_test(
            self.core.pool, self.core.settings, self._tested, self._test_failed
        )

    def _tested(self, message: str) -> None:
        self._test_ticket = None
        self.test_button.setEnabled(True)
        self._set_connection(
            lambda: self.tr("Connection OK: %1").replace("%1", translate_message(message))
        )

    def _test_failed(self, error: BaseException) -> None:
        self._test_ticket = None
        self.test_button.setEnabled(True)
        self._set_connection(
            lambda: self.tr("Connection failed: %1").replace(
                "%1", translate_message(describe_error(error))
            )
        )

    # --- closing -----------------------------------------------------------------------------

    def done(self, result: int) -> None:
        """Closing drops the shown scans and abandons a running check of folder or service."""
        self.core.pool.cancel(self._folder_ticket)
        self.core.pool.cancel(self._test_ticket)
        self._folder_ticket = self._test_ticket = None
        for row in self.rows.values():
            row.scan.clear()
        super().done(result)
