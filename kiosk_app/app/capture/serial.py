"""Serial 2D scanners (USB-CDC or RS-232) through Qt Serial Port.

Port, baud rate and framing come from the settings (``serial_*``). A scanner sends each
barcode as a burst of bytes, usually followed by a configurable suffix; a **scan** is

* the bytes up to the configured terminator (the terminator itself is scanner framing and is
  removed), or, when no terminator is set or the scanner sends none,
* the bytes received before an idle gap of ``serial_idle_gap_ms``.

Everything else is passed through exactly: AAMVA payloads carry LF, RS and CR inside them, so
nothing is translated or stripped (CR or LF alone make poor terminators: docs/user-guide.md).
A burst longer than :data:`MAX_SCAN_BYTES` without a break is line noise or a wrong baud rate:
it is discarded up to the next break and the status says so. When the port disappears (cable
pulled, scanner rebooted) the source closes it and tries again every ``retry_ms`` until the
port is back. Nothing read is ever logged.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer
from PySide6.QtSerialPort import QSerialPort, QSerialPortInfo

from kiosk_app.app.capture.base import CaptureSource, DuplicateFilter
from kiosk_app.app.capture.statuses import (
    NO_PORT,
    SERIAL_BUSY,
    SERIAL_CANNOT_OPEN,
    SERIAL_DISCONNECTED,
    SERIAL_NOT_CONNECTED,
    SERIAL_OVERFLOW,
    SERIAL_READY,
    SERIAL_READY_NOTE,
    TERMINATOR_NOT_UNDERSTOOD,
)
from kiosk_app.config import Settings
from kiosk_app.text import QT_TRANSLATE_NOOP, Message

log = logging.getLogger(__name__)

# Longest scan accepted (a licence PDF417 holds at most a few kilobytes).
MAX_SCAN_BYTES = 16 * 1024
# How often a missing or vanished port is tried again.
RETRY_MS = 2000

_PARITY = {
    "none": QSerialPort.Parity.NoParity,
    "even": QSerialPort.Parity.EvenParity,
    "odd": QSerialPort.Parity.OddParity,
    "space": QSerialPort.Parity.SpaceParity,
    "mark": QSerialPort.Parity.MarkParity,
}
_STOP_BITS = {
    "1": QSerialPort.StopBits.OneStop,
    "1.5": QSerialPort.StopBits.OneAndHalfStop,
    "2": QSerialPort.StopBits.TwoStop,
}
_DATA_BITS = {
    5: QSerialPort.DataBits.Data5,
    6: QSerialPort.DataBits.Data6,
    7: QSerialPort.DataBits.Data7,
    8: QSerialPort.DataBits.Data8,
}
_NAMED_CONTROLS = {
    "NUL": 0x00,
    "STX": 0x02,
    "ETX": 0x03,
    "EOT": 0x04,
    "TAB": 0x09,
    "HT": 0x09,
    "LF": 0x0A,
    "CR": 0x0D,
    "GS": 0x1D,
    "RS": 0x1E,
    "US": 0x1F,
    "ESC": 0x1B,
}
_ESCAPES = {"r": 0x0D, "n": 0x0A, "t": 0x09, "0": 0x00, "\\": 0x5C}
_TOKEN = re.compile(r"\\x([0-9A-Fa-f]{2})|\\(.)|<([A-Za-z]+)>|(.)", re.DOTALL)


def parse_terminator(text: str) -> bytes:
    r"""The terminator bytes written in the settings, e.g. ``\r\n``, ``\x03`` or ``<ETX>``.

    Raises ValueError for an escape or control name it does not know.
    """
    out = bytearray()
    for match in _TOKEN.finditer(text):
        hex_code, escape, name, literal = match.groups()
        if hex_code is not None:
            out.append(int(hex_code, 16))
        elif escape is not None:
            if escape not in _ESCAPES:
                raise ValueError(f"unknown escape \\{escape} in the serial terminator")
            out.append(_ESCAPES[escape])
        elif name is not None:
            if name.upper() not in _NAMED_CONTROLS:
                raise ValueError(f"unknown control name <{name}> in the serial terminator")
            out.append(_NAMED_CONTROLS[name.upper()])
        else:
            out.extend(literal.encode("latin-1"))
    return bytes(out)


def available_serial_ports() -> list[tuple[str, str]]:
    """(system location, description) of each serial port present, for the admin screens."""
    return [
        (info.systemLocation(), info.description() or info.manufacturer() or info.portName())
        for info in QSerialPortInfo.availablePorts()
    ]


@dataclass
class FeedResult:
    """What one chunk of bytes produced: complete scans, and whether noise was cut off."""

    scans: list[bytes] = field(default_factory=list)
    overflowed: bool = False


class ScanAssembler:
    """Splits a serial byte stream into scans (pure logic, no Qt, no clock).

    ``feed`` returns scans completed by the terminator; ``flush`` (called at an idle gap)
    returns whatever is pending. A frame that grows past ``max_bytes`` is dropped, and so is
    the rest of it up to the next terminator or idle gap.
    """

    def __init__(self, terminator: bytes = b"", max_bytes: int = MAX_SCAN_BYTES) -> None:
        self.terminator = terminator
        self.max_bytes = max_bytes
        self._buffer = bytearray()
        self._discarding = False

    @property
    def pending(self) -> int:
        """Bytes held for the scan being received."""
        return len(self._buffer)

    def feed(self, data: bytes) -> FeedResult:
        """Add received bytes; return the scans they complete."""
        result = FeedResult()
        self._buffer.extend(data)
        while True:
            end = self._buffer.find(self.terminator) if self.terminator else -1
            if end < 0:
                break
            frame = bytes(self._buffer[:end])
            del self._buffer[: end + len(self.terminator)]
            if self._discarding:
                self._discarding = False
            elif frame:
                result.scans.append(frame)
        if len(self._buffer) > self.max_bytes:
            result.overflowed = not self._discarding
            self._discarding = True
            # Keep just enough to spot a terminator split across reads.
            keep = max(len(self.terminator) - 1, 0)
            del self._buffer[: len(self._buffer) - keep]
        return result

    def flush(self) -> bytes | None:
        """End the frame at an idle gap: the pending bytes as a scan (None if none or noise)."""
        frame = bytes(self._buffer)
        discarding = self._discarding
        self.reset()
        return None if discarding or not frame else frame

    def reset(self) -> None:
        """Forget any partial frame (the port closed)."""
        self._buffer.clear()
        self._discarding = False


@dataclass(frozen=True)
class SerialConfig:
    """Port and framing of a serial scanner (from :class:`Settings`)."""

    port: str
    baud: int = 9600
    data_bits: int = 8
    parity: str = "none"
    stop_bits: str = "1"
    terminator: bytes = b""
    idle_gap_ms: int = 150
    max_scan_bytes: int = MAX_SCAN_BYTES
    # A settings problem the status should mention (the terminator could not be read).
    problem: str = ""

    @classmethod
    def from_settings(cls, settings: Settings) -> SerialConfig:
        """The serial settings as one value; a terminator it cannot read means "idle gap"."""
        try:
            terminator, problem = parse_terminator(settings.serial_terminator), ""
        except ValueError:
            terminator, problem = b"", Message(TERMINATOR_NOT_UNDERSTOOD)
        return cls(
            port=settings.serial_port,
            baud=settings.serial_baud,
            data_bits=settings.serial_data_bits,
            parity=settings.serial_parity,
            stop_bits=settings.serial_stop_bits,
            terminator=terminator,
            idle_gap_ms=settings.serial_idle_gap_ms,
            problem=problem,
        )


class SerialScannerSource(CaptureSource):
    """Emits ``payload_scanned(bytes)`` for each scan a serial scanner sends."""

    display_name = QT_TRANSLATE_NOOP("messages", "Serial barcode scanner")

    def __init__(
        self,
        config: SerialConfig,
        port: QSerialPort | None = None,
        retry_ms: int = RETRY_MS,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.config = config
        self._port = port or QSerialPort(self)
        self._port.setParent(self)
        self._assembler = ScanAssembler(config.terminator, config.max_scan_bytes)
        self._duplicates = DuplicateFilter()
        self._clock = clock
        self._running = False
        self._idle = QTimer(self, singleShot=True, interval=config.idle_gap_ms)
        self._idle.timeout.connect(self._on_idle_gap)
        self._retry = QTimer(self, interval=retry_ms)
        self._retry.timeout.connect(self._try_open)
        self._port.readyRead.connect(self._on_ready_read)
        self._port.errorOccurred.connect(self._on_error)

    @property
    def is_open(self) -> bool:
        """Whether the port is open and being read."""
        return bool(self._port.isOpen())

    def start(self) -> None:
        """Open the port (or keep trying until it appears)."""
        self._running = True
        if not self.config.port:
            self.set_status(NO_PORT)
            return
        self._try_open()

    def stop(self) -> None:
        """Close the port and stop retrying."""
        self._running = False
        self._retry.stop()
        self._idle.stop()
        self._close()
        super().stop()

    def _try_open(self) -> None:
        if not self._running or self._port.isOpen():
            self._retry.stop()
            return
        self._configure()
        if self._port.open(QSerialPort.OpenModeFlag.ReadOnly):
            self._port.clear(QSerialPort.Direction.Input)
            self._retry.stop()
            self.set_status(self._ready_text())
            return
        self.set_status(self._open_failure_text(self._port.error()))
        self._port.clearError()
        if not self._retry.isActive():
            self._retry.start()

    def _configure(self) -> None:
        port, cfg = self._port, self.config
        port.setPortName(cfg.port)
        port.setBaudRate(cfg.baud)
        port.setDataBits(_DATA_BITS[cfg.data_bits])
        port.setParity(_PARITY[cfg.parity])
        port.setStopBits(_STOP_BITS[cfg.stop_bits])
        port.setFlowControl(QSerialPort.FlowControl.NoFlowControl)

    def _ready_text(self) -> str:
        if self.config.problem:
            return Message(SERIAL_READY_NOTE, port=self.config.port, problem=self.config.problem)
        return Message(SERIAL_READY, port=self.config.port)

    def _open_failure_text(self, error: QSerialPort.SerialPortError) -> str:
        name = self.config.port
        if error == QSerialPort.SerialPortError.PermissionError:
            return Message(SERIAL_BUSY, port=name)
        if error == QSerialPort.SerialPortError.DeviceNotFoundError:
            return Message(SERIAL_NOT_CONNECTED, port=name)
        return Message(SERIAL_CANNOT_OPEN, port=name)

    def _on_ready_read(self) -> None:
        data = bytes(self._port.readAll().data())
        if not data:
            return
        result = self._assembler.feed(data)
        if result.overflowed:
            self.set_status(Message(SERIAL_OVERFLOW, size=self.config.max_scan_bytes // 1024))
        for scan in result.scans:
            self._deliver(scan)
        if self._assembler.pending:
            self._idle.start()
        else:
            self._idle.stop()

    def _on_idle_gap(self) -> None:
        scan = self._assembler.flush()
        if scan is not None:
            self._deliver(scan)

    def _deliver(self, scan: bytes) -> None:
        if self._duplicates.is_duplicate(scan, self._clock()):
            return
        self.set_status(self._ready_text())
        self.payload_scanned.emit(scan)

    def _on_error(self, error: QSerialPort.SerialPortError) -> None:
        if error in (QSerialPort.SerialPortError.NoError, QSerialPort.SerialPortError.TimeoutError):
            return
        if not self._port.isOpen():
            return  # an open failure: _try_open reports it
        log.info("serial scanner: port error %s, reconnecting", error.name)
        # Closing inside Qt's read notification is not safe: do it on the next loop turn.
        QTimer.singleShot(0, self, self._lost)

    def _lost(self) -> None:
        if not self._port.isOpen():
            return
        self._close()
        if self._running:
            self.set_status(Message(SERIAL_DISCONNECTED, port=self.config.port))
            self._retry.start()

    def _close(self) -> None:
        self._idle.stop()
        self._assembler.reset()
        if self._port.isOpen():
            self._port.close()
        self._port.clearError()
