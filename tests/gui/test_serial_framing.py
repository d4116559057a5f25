"""Splitting a serial byte stream into scans (pure logic) and reading the framing settings."""

from __future__ import annotations

import pytest

from kiosk_app.app.capture.serial import ScanAssembler, SerialConfig, parse_terminator
from kiosk_app.config import Settings
from tests.support.capture import aamva_payload


def test_terminator_split_across_feeds_gives_one_exact_scan() -> None:
    payload = aamva_payload(1)
    assembler = ScanAssembler(terminator=b"\r\n")
    stream = payload + b"\r\n"
    scans: list[bytes] = []
    for start in range(0, len(stream), 7):
        scans += assembler.feed(stream[start : start + 7]).scans
    assert scans == [payload]
    assert assembler.pending == 0


def test_terminator_itself_split_between_two_reads() -> None:
    assembler = ScanAssembler(terminator=b"\x03\x04")
    assert assembler.feed(b"abc\x03").scans == []
    assert assembler.feed(b"\x04def").scans == [b"abc"]
    assert assembler.flush() == b"def"


def test_two_scans_in_one_read() -> None:
    assembler = ScanAssembler(terminator=b"\x03")
    one, two = aamva_payload(1), aamva_payload(2)
    assert assembler.feed(one + b"\x03" + two + b"\x03").scans == [one, two]


def test_idle_gap_flush_keeps_every_control_character() -> None:
    assembler = ScanAssembler()
    raw = b"@\n\x1e\rANSI \x00\x7f\xff\r\n"
    assembler.feed(raw[:5])
    assembler.feed(raw[5:])
    assert assembler.flush() == raw
    assert assembler.flush() is None


def test_noise_over_the_cap_is_cut_off_until_the_next_break() -> None:
    assembler = ScanAssembler(terminator=b"\x03", max_bytes=1024)
    flags = [assembler.feed(b"\xaa" * 300).overflowed for _ in range(3500)]
    assert flags.count(True) == 1  # reported once per noisy frame
    assert assembler.pending <= 1024
    result = assembler.feed(b"tail of noise\x03good scan\x03")
    assert result.scans == [b"good scan"]


def test_noise_over_the_cap_ended_by_idle_gap_gives_nothing() -> None:
    assembler = ScanAssembler(max_bytes=100)
    assert assembler.feed(b"x" * 500).overflowed
    assert assembler.flush() is None
    assembler.feed(b"next")
    assert assembler.flush() == b"next"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", b""),
        (r"\r\n", b"\r\n"),
        (r"\x03", b"\x03"),
        ("<ETX>", b"\x03"),
        ("<cr><LF>", b"\r\n"),
        ("#", b"#"),
    ],
)
def test_parse_terminator(text: str, expected: bytes) -> None:
    assert parse_terminator(text) == expected


@pytest.mark.parametrize("text", [r"\q", "<BOGUS>"])
def test_parse_terminator_rejects_unknown_notation(text: str) -> None:
    with pytest.raises(ValueError, match="serial terminator"):
        parse_terminator(text)


def test_config_from_settings() -> None:
    settings = Settings(
        serial_port="/dev/ttyACM0",
        serial_baud=115200,
        serial_data_bits=7,
        serial_parity="even",
        serial_stop_bits="2",
        serial_terminator="<ETX>",
        serial_idle_gap_ms=80,
    )
    config = SerialConfig.from_settings(settings)
    assert config == SerialConfig(
        port="/dev/ttyACM0",
        baud=115200,
        data_bits=7,
        parity="even",
        stop_bits="2",
        terminator=b"\x03",
        idle_gap_ms=80,
    )


def test_unreadable_terminator_setting_falls_back_to_the_idle_gap() -> None:
    config = SerialConfig.from_settings(Settings(serial_port="COM3", serial_terminator="<NOPE>"))
    assert config.terminator == b""
    assert "not understood" in config.problem
