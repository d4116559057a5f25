"""The serial scanner source against a real pseudo-terminal pair (``os.openpty``).

QSerialPort opens the pty's slave side like any tty; the test writes the "scanner" bytes to
the master side. The configured port is a symlink to the slave, so the port can vanish (the
master closed, the link removed) and come back (a new pty behind the same name), as a USB
scanner's ``/dev/ttyACM0`` does.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtSerialPort import QSerialPort
from pytestqt.qtbot import QtBot

from kiosk_app.app.capture.serial import SerialConfig, SerialScannerSource
from tests.support.capture import FakeScanner, aamva_payload

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs POSIX ptys")


@pytest.fixture
def scanner(tmp_path: Path) -> Iterator[FakeScanner]:
    fake = FakeScanner(tmp_path / "ttyFAKE0")
    fake.plug()
    yield fake
    fake.close_all()


def make_source(
    qtbot: QtBot, link: Path, terminator: bytes = b"", idle_gap_ms: int = 250
) -> tuple[SerialScannerSource, list[bytes], QSerialPort]:
    port = QSerialPort()
    config = SerialConfig(
        port=str(link), baud=115200, terminator=terminator, idle_gap_ms=idle_gap_ms
    )
    source = SerialScannerSource(config, port=port, retry_ms=50)
    scans: list[bytes] = []
    source.payload_scanned.connect(scans.append)
    return source, scans, port


def test_scan_split_across_several_reads_arrives_whole_and_exact(
    qtbot: QtBot, scanner: FakeScanner
) -> None:
    source, scans, port = make_source(qtbot, scanner.link, terminator=b"\x03", idle_gap_ms=3000)
    reads: list[int] = []
    port.readyRead.connect(lambda: reads.append(1))
    source.start()
    assert source.is_open
    payload = aamva_payload(7) + b"\x00\x7f\xff"
    for start in range(0, len(payload), 60):
        before = len(reads)
        scanner.send(payload[start : start + 60])
        qtbot.waitUntil(lambda: len(reads) > before)  # noqa: B023 - evaluated at once
    scanner.send(b"\x03")
    qtbot.waitUntil(lambda: len(scans) == 1)
    assert scans == [payload]
    assert len(reads) >= 4
    source.stop()


def test_idle_gap_ends_a_scan_without_terminator(qtbot: QtBot, scanner: FakeScanner) -> None:
    source, scans, _ = make_source(qtbot, scanner.link, idle_gap_ms=200)
    source.start()
    payload = aamva_payload(8)
    scanner.send(payload[:50])
    qtbot.wait(20)
    scanner.send(payload[50:])
    qtbot.waitUntil(lambda: len(scans) == 1)
    assert scans == [payload]
    source.stop()


def test_two_scans_back_to_back(qtbot: QtBot, scanner: FakeScanner) -> None:
    source, scans, _ = make_source(qtbot, scanner.link, terminator=b"\r\n\x04")
    source.start()
    one, two = aamva_payload(1), aamva_payload(2)
    scanner.send(one + b"\r\n\x04" + two + b"\r\n\x04")
    qtbot.waitUntil(lambda: len(scans) == 2)
    assert scans == [one, two]
    source.stop()


def test_garbage_is_passed_on_as_its_own_scan_and_the_next_scan_is_intact(
    qtbot: QtBot, scanner: FakeScanner
) -> None:
    source, scans, _ = make_source(qtbot, scanner.link, idle_gap_ms=150)
    source.start()
    garbage = b"\xff\xfe\x00\x1b[junk\x80"
    scanner.send(garbage)
    qtbot.waitUntil(lambda: len(scans) == 1)
    payload = aamva_payload(3)
    scanner.send(payload)
    qtbot.waitUntil(lambda: len(scans) == 2)
    assert scans == [garbage, payload]  # the session rejects the garbage, not the port
    source.stop()


def test_a_megabyte_of_noise_is_cut_off_with_a_message(qtbot: QtBot, scanner: FakeScanner) -> None:
    source, scans, _ = make_source(qtbot, scanner.link, terminator=b"\x03", idle_gap_ms=3000)
    statuses: list[str] = []
    source.status_changed.connect(statuses.append)
    source.start()
    writer = scanner.send_in_thread(b"\x55" * (1024 * 1024) + b"\x03")
    qtbot.waitUntil(lambda: not writer.is_alive(), timeout=20_000)
    payload = aamva_payload(4)
    scanner.send(payload + b"\x03")
    qtbot.waitUntil(lambda: len(scans) == 1, timeout=10_000)
    assert scans == [payload]
    assert any("discarded" in s for s in statuses)
    source.stop()


def test_port_vanishing_and_coming_back(qtbot: QtBot, scanner: FakeScanner) -> None:
    source, scans, _ = make_source(qtbot, scanner.link, terminator=b"\x03")
    source.start()
    assert source.is_open
    scanner.send(b"partial scan, then the cable is pulled")
    qtbot.wait(30)
    scanner.unplug()
    qtbot.waitUntil(lambda: "Disconnected" in source.status)
    assert not source.is_open
    qtbot.wait(150)  # retries fail while the port is gone
    assert "Not connected" in source.status or "cannot be opened" in source.status
    scanner.plug()
    qtbot.waitUntil(lambda: source.is_open)
    assert source.status == f"Ready on {scanner.link}"
    payload = aamva_payload(5)
    scanner.send(payload + b"\x03")
    qtbot.waitUntil(lambda: len(scans) == 1)
    assert scans == [payload]  # the partial scan before the loss was dropped
    source.stop()
    assert not source.is_open


def test_port_missing_at_start_is_picked_up_when_it_appears(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeScanner(tmp_path / "ttyLATE0")
    source, scans, _ = make_source(qtbot, fake.link, terminator=b"\x03")
    try:
        source.start()
        assert not source.is_open
        assert "Not connected" in source.status
        fake.plug()
        qtbot.waitUntil(lambda: source.is_open)
        fake.send(b"@scan\x03")
        qtbot.waitUntil(lambda: scans == [b"@scan"])
    finally:
        source.stop()
        fake.close_all()


def test_no_port_configured_says_so(qtbot: QtBot) -> None:
    source = SerialScannerSource(SerialConfig(port=""))
    source.start()
    assert source.status == "No port set in the admin settings"
    source.stop()


def test_same_scan_repeated_within_two_seconds_is_ignored(
    qtbot: QtBot, scanner: FakeScanner
) -> None:
    now = [100.0]
    config = SerialConfig(port=str(scanner.link), terminator=b"\x03", idle_gap_ms=3000)
    source = SerialScannerSource(config, retry_ms=50, clock=lambda: now[0])
    scans: list[bytes] = []
    source.payload_scanned.connect(scans.append)
    source.start()
    payload = aamva_payload(9)
    scanner.send(payload + b"\x03" + payload + b"\x03")  # a presentation-mode double read
    qtbot.waitUntil(lambda: len(scans) == 1)
    qtbot.wait(100)
    now[0] += 2.5
    scanner.send(payload + b"\x03")  # the same card again, later: a new scan
    qtbot.waitUntil(lambda: len(scans) == 2)
    assert scans == [payload, payload]
    source.stop()
