"""Demo sample licences: fictional people in well-formed AAMVA payloads, one per outcome.

Payloads are built here, deterministically (the signature scheme uses RFC 6979 nonces), from
the data below; ``resources/samples/<key>.png`` holds each one's PDF417 symbol, rendered by
:func:`render_sample_png` and written by ``python -m kiosk_app.simulator.samples DIR``.
Every name, number and address is invented.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from io import BytesIO
from pathlib import Path
from typing import Literal

import numpy as np
import zxingcpp
from PIL import Image

from kiosk_app.simulator.aamva import build_payload, subfile
from kiosk_app.simulator.signature import sign_document

SampleCheck = Literal["signature", "dvs-parse", "canada"]  # kiosk_app.kinds.CheckKind values
AAMVA_VERSION = 9
JURISDICTION_VERSION = 0
PNG_SCALE = 3
PDF417_EC_LEVEL = "5"


@dataclass(frozen=True)
class CanadaSample:
    """What a Canadian sample pre-fills in the registry check form."""

    licence_number: str
    date_of_birth: str  # yyyy-MM-dd
    province: str
    licence_class: str | None


@dataclass(frozen=True)
class Sample:
    """One demo licence: its payload, the check it is meant for and the result it produces.

    ``expected_status`` is the ``serviceVerificationResult.statusCode`` of a Check with the test
    token; None when the check has no status (DVS parse) or answers ``success: false``.
    """

    key: str
    title: str
    check: SampleCheck
    payload: bytes
    canada: CanadaSample | None
    expected_status: int | None
    expected_note: str
    # A photograph of the card to read instead of the payload (None: the payload is scanned).
    picture: bytes | None = None

    @property
    def image_name(self) -> str:
        """File name of its PDF417 image under ``resources/samples``."""
        return f"{self.key}.png"


@dataclass(frozen=True)
class _Person:
    number: str
    first: str
    middle: str
    last: str
    birth: date
    sex: str  # AAMVA DBC: 1 male, 2 female
    street: str
    city: str
    jurisdiction: str
    postal: str
    licence_class: str
    issued: date
    expires: date


def _us_date(value: date) -> str:
    return value.strftime("%m%d%Y")


def _ca_date(value: date) -> str:
    return value.strftime("%Y%m%d")


def _elements(person: _Person, *, canadian: bool) -> list[tuple[str, str]]:
    fmt = _ca_date if canadian else _us_date
    return [
        ("DAQ", person.number),
        ("DCA", person.licence_class),
        ("DCB", "NONE"),
        ("DCD", "NONE"),
        ("DBA", fmt(person.expires)),
        ("DCS", person.last),
        ("DAC", person.first),
        ("DAD", person.middle or "NONE"),
        ("DBD", fmt(person.issued)),
        ("DBB", fmt(person.birth)),
        ("DBC", person.sex),
        ("DAY", "BRO"),
        ("DAU", "170 cm" if canadian else "067 IN"),
        ("DAG", person.street),
        ("DAI", person.city),
        ("DAJ", person.jurisdiction),
        ("DAK", person.postal),
        ("DCF", f"SIM{person.number.replace('-', '')[-6:]}DEMO"),
        ("DCG", "CAN" if canadian else "USA"),
        ("DDE", "N"),
        ("DDF", "N"),
        ("DDG", "N"),
        ("DAZ", "BLK"),
        ("DDA", "F"),
    ]


def _unsigned(iin: str, person: _Person, *, canadian: bool) -> bytes:
    dl = subfile("DL", _elements(person, canadian=canadian))
    return build_payload(iin, AAMVA_VERSION, JURISDICTION_VERSION, [("DL", dl)])


def _signed(iin: str, person: _Person) -> bytes:
    dl = subfile("DL", _elements(person, canadian=False))
    return sign_document(iin, AAMVA_VERSION, JURISDICTION_VERSION, ("DL", dl))


def _tampered(payload: bytes, old: bytes, new: bytes) -> bytes:
    """``payload`` with one field changed after signing (same length, signature untouched)."""
    if payload.count(old) != 1 or len(old) != len(new):
        raise ValueError("the tampered field must occur once and keep its length")
    return payload.replace(old, new)


_VALID_US = _Person(
    "983416027", "JORDAN", "ALEXIS", "RIVERS", date(1991, 4, 17), "2", "1450 LARIMER ST",
    "DENVER", "CO", "802020000", "C", date(2023, 5, 2), date(2028, 4, 17),
)  # fmt: skip
_REVOKED_US = _Person(
    "40918273", "SAMUEL", "", "OKAFOR", date(1984, 8, 2), "1", "2210 RIVERSIDE DR", "AUSTIN",
    "TX", "787410000", "C", date(2022, 9, 12), date(2030, 8, 2),
)  # fmt: skip
_PARSE_US = _Person(
    "WDL4XK92P1ZB", "MEI", "LIN", "TAN", date(1996, 2, 29), "2", "800 PINE ST APT 12",
    "SEATTLE", "WA", "981010000", "D", date(2024, 1, 15), date(2031, 2, 28),
)  # fmt: skip
# A validly signed licence that has expired, and one of a customer under 21 (born 2007-01-09:
# under 21 until 2028-01-09; tests that need "under 21 today" sign their own with
# :func:`signed_us_licence`).
_EXPIRED_US = _Person(
    "WD527188K", "DANA", "", "WHITFIELD", date(1988, 9, 30), "2", "77 ELM ST", "BOISE", "ID",
    "837020000", "D", date(2019, 3, 1), date(2024, 3, 1),
)  # fmt: skip
_YOUNG_US = _Person(
    "D71120459", "CASEY", "JO", "MORENO", date(2007, 1, 9), "1", "310 ASH AVE", "PHOENIX", "AZ",
    "850040000", "D", date(2025, 1, 9), date(2030, 1, 9),
)  # fmt: skip
_CANADIANS = {
    "canada-passed": ("604426", _Person(
        "421450", "ROBIN", "", "GALLANT", date(1989, 12, 24), "2", "12 QUEEN ST",
        "CHARLOTTETOWN", "PE", "C1A 4A1", "1", date(2022, 12, 24), date(2027, 12, 24),
    )),
    "canada-failed": ("636012", _Person(
        "S4102-38475-60915", "OWEN", "", "SINCLAIR", date(1990, 3, 15), "1", "88 KING ST W",
        "TORONTO", "ON", "M5H 1A1", "G", date(2021, 3, 15), date(2026, 3, 15),
    )),
    "canada-flagged": ("604432", _Person(
        "183456-002", "PRIYA", "", "DHALIWAL", date(1978, 11, 3), "2", "415 8 AVE SW",
        "CALGARY", "AB", "T2P 1E5", "3", date(2023, 11, 3), date(2028, 11, 3),
    )),
    "canada-undefined": ("636013", _Person(
        "LEBLA150380412", "CHLOE", "", "LEBLANC", date(1980, 3, 15), "2", "1600 BARRINGTON ST",
        "HALIFAX", "NS", "B3J 1Z8", "5", date(2022, 3, 15), date(2027, 3, 15),
    )),
    "canada-error": ("636044", _Person(
        "30418257", "MARCUS", "", "HALVORSEN", date(1975, 6, 20), "1", "2101 SCARTH ST",
        "REGINA", "SK", "S4P 2H9", "5", date(2021, 6, 20), date(2026, 6, 20),
    )),
}  # fmt: skip
_CANADA_TEXT = {
    "canada-passed": ("Canadian licence (PE) — valid", 1, "Passed: licence valid, class held"),
    "canada-failed": ("Canadian licence (ON) — suspended", 0, "Failed: licence suspended"),
    "canada-flagged": (
        "Canadian licence (AB) — class differs",
        2,
        "Flagged: the class on the card (3) is not held (registry: 5)",
    ),
    "canada-undefined": (
        "Canadian licence (NS) — registry unavailable",
        3,
        "Undefined: the jurisdiction did not complete; retry after 15 minutes (not billed)",
    ),
    "canada-error": (
        "Canadian licence (SK) — service error",
        None,
        "success: false — the service reports an error with a trace id (not billed)",
    ),
}


def _canada_sample(key: str) -> Sample:
    iin, person = _CANADIANS[key]
    title, status, note = _CANADA_TEXT[key]
    prefill = CanadaSample(
        person.number, person.birth.isoformat(), person.jurisdiction, person.licence_class
    )
    payload = _unsigned(iin, person, canadian=True)
    return Sample(key, title, "canada", payload, prefill, status, note)


def _build_samples() -> tuple[Sample, ...]:
    valid = _signed("636020", _VALID_US)
    tampered = _tampered(valid, b"DBB04171991", b"DBB04171981")
    signature = (
        Sample("signature-valid", "US licence — valid signature", "signature", valid, None, 1,
               "Passed: Document is Valid, Document is Not Revoked"),
        Sample("signature-tampered", "US licence — altered after signing", "signature",
               tampered, None, 0, "Failed: Document is Not Valid (date of birth changed)"),
        Sample("signature-revoked", "US licence — revoked", "signature",
               _signed("636015", _REVOKED_US), None, 0,
               "Failed: Document is Valid but Revoked"),
        Sample("signature-unreadable", "US licence — barcode cut short", "signature",
               valid[:30], None, 3,
               "Undefined: not a readable AAMVA barcode; check the request (not billed)"),
        Sample("signature-expired", "US licence — valid signature, expired", "signature",
               _signed("636050", _EXPIRED_US), None, 1,
               "Passed by the service; the licence expired on 2024-03-01 (amber on the kiosk)"),
        Sample("signature-young", "US licence — valid signature, born 2007-01-09", "signature",
               _signed("636026", _YOUNG_US), None, 1,
               "Passed by the service; under 21 until 2028-01-09 (with minimum_age 21)"),
    )  # fmt: skip
    canada = tuple(_canada_sample(key) for key in _CANADIANS)
    parse = Sample(
        "dvs-parse", "US licence — barcode parse", "dvs-parse",
        _unsigned("636045", _PARSE_US, canadian=False), None, None,
        "Parsed: the document fields read from the barcode",
    )  # fmt: skip
    return (*signature, *canada, parse)


def signed_us_licence(birth: date, expires: date, issued: date | None = None) -> bytes:
    """A validly signed US licence of a fictional person born ``birth`` (demo scheme)."""
    person = _YOUNG_US
    fields = {"birth": birth, "expires": expires, "issued": issued or person.issued}
    return _signed("636026", _Person(**{**vars(person), **fields}))


SAMPLES: tuple[Sample, ...] = _build_samples()
SAMPLES_BY_KEY = {sample.key: sample for sample in SAMPLES}
# Used by the self-test (kiosk_app.cli.selftest_checks): a signed sample that checks Passed,
# and the vendor's own example.
SELFTEST_SAMPLE = SAMPLES_BY_KEY["signature-valid"]
SELFTEST_CANADA_REQUEST = SAMPLES_BY_KEY["canada-passed"].canada


def render_sample_png(sample: Sample, scale: int = PNG_SCALE) -> bytes:
    """A PNG of the sample's PDF417 symbol (byte mode, error correction level 5, quiet zone)."""
    barcode = zxingcpp.create_barcode(
        sample.payload, zxingcpp.BarcodeFormat.PDF417, ec_level=PDF417_EC_LEVEL
    )
    pixels = np.asarray(zxingcpp.write_barcode_to_image(barcode, scale=scale))
    out = BytesIO()
    Image.fromarray(pixels).save(out, format="PNG", optimize=True)
    return out.getvalue()


def write_sample_pngs(directory: Path) -> list[Path]:
    """Write every sample's PNG into ``directory``; returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for sample in SAMPLES:
        path = directory / sample.image_name
        path.write_bytes(render_sample_png(sample))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m kiosk_app.simulator.samples DIR``: (re)write the sample PNGs into DIR."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m kiosk_app.simulator.samples DIR", file=sys.stderr)
        return 2
    for path in write_sample_pngs(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
