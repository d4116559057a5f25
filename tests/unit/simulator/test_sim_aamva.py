"""The simulator's small AAMVA reader and writer."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kiosk_app.simulator.aamva import build_payload, parse_aamva_date, read_document, subfile


def test_round_trip_with_two_subfiles() -> None:
    dl = subfile("DL", [("DAQ", "X1"), ("DCS", "DOE"), ("DAD", "NONE")])
    zx = subfile("ZX", [("ZXA", "local")])
    payload = build_payload("636000", 10, 1, [("DL", dl), ("ZX", zx)])
    assert payload.startswith(b"@\n\x1e\rANSI 636000100102DL0041")
    document = read_document(payload)
    assert document is not None
    assert (document.iin, document.version, document.jurisdiction_version) == ("636000", 10, 1)
    assert document.get("DAQ") == "X1" and document.get("DCS") == "DOE"
    assert document.get("DAD") == ""  # "NONE" means no middle name
    assert document.subfiles["ZX"] == {"ZXA": "local"}


def test_wrong_offsets_are_tolerated() -> None:
    dl = subfile("DL", [("DAQ", "X1"), ("DCS", "DOE")])
    payload = bytearray(build_payload("636000", 9, 0, [("DL", dl)]))
    payload[25:29] = b"0099"
    document = read_document(bytes(payload))
    assert document is not None and document.get("DCS") == "DOE"


@pytest.mark.parametrize(
    ("raw", "canadian", "expected"),
    [
        ("04171991", False, date(1991, 4, 17)),
        ("19911704", False, None),
        ("19910417", True, date(1991, 4, 17)),
        ("19910417", False, date(1991, 4, 17)),  # not a valid MMDDCCYY: read the other way
        ("0417199", False, None),
    ],
)
def test_dates(raw: str, canadian: bool, expected: date | None) -> None:
    assert parse_aamva_date(raw, canadian=canadian) == expected


def test_reads_most_of_the_public_corpus(corpus_dir: Path) -> None:
    files = sorted((corpus_dir / "aamva").rglob("*.txt"))
    read = [f for f in files if (d := read_document(f.read_bytes())) and d.get("DAQ")]
    assert len(files) >= 40
    assert len(read) >= len(files) - 5


def test_not_aamva() -> None:
    assert read_document(b"just text") is None
    assert read_document(b"@\n\x1e\rANSI 6360200900") is None
