"""The demo samples: well-formed AAMVA payloads, consistent pre-fill, committed PNGs that decode."""

from __future__ import annotations

import re
from importlib import resources
from io import BytesIO

import pytest
import zxingcpp
from PIL import Image

from kiosk_app.simulator.aamva import CANADIAN_IINS, read_document
from kiosk_app.simulator.samples import (
    SAMPLES,
    SAMPLES_BY_KEY,
    SELFTEST_CANADA_REQUEST,
    SELFTEST_SAMPLE,
    Sample,
    render_sample_png,
)

WELL_FORMED = [s for s in SAMPLES if s.key != "signature-unreadable"]


def test_keys_are_unique_and_every_outcome_is_covered() -> None:
    assert len(SAMPLES_BY_KEY) == len(SAMPLES)
    assert {(s.check, s.expected_status) for s in SAMPLES} >= {
        ("signature", 1), ("signature", 0), ("signature", 3),
        ("canada", 0), ("canada", 1), ("canada", 2), ("canada", 3), ("canada", None),
        ("dvs-parse", None),
    }  # fmt: skip
    assert all(s.title and s.expected_note for s in SAMPLES)


@pytest.mark.parametrize("sample", WELL_FORMED, ids=lambda s: s.key)
def test_header_and_designators_are_exact(sample: Sample) -> None:
    payload = sample.payload
    match = re.match(rb"@\n\x1e\rANSI (\d{6})(\d\d)(\d\d)(\d\d)", payload)
    assert match is not None
    assert match.group(2) == b"09"
    count = int(match.group(4))
    for index in range(count):
        start = 21 + 10 * index
        kind = payload[start : start + 2]
        offset = int(payload[start + 2 : start + 6])
        length = int(payload[start + 6 : start + 10])
        assert payload[offset : offset + 2] == kind
        assert payload[offset + length - 1 : offset + length] == b"\r"
        if index == count - 1:
            assert offset + length == len(payload)
    document = read_document(payload)
    assert document is not None
    assert document.document_type == "DL"


@pytest.mark.parametrize("sample", [s for s in SAMPLES if s.check == "canada"], ids=lambda s: s.key)
def test_canadian_samples_prefill_what_the_barcode_says(sample: Sample) -> None:
    document = read_document(sample.payload)
    assert document is not None and sample.canada is not None
    assert document.iin in CANADIAN_IINS
    assert document.get("DCG") == "CAN"
    assert document.get("DAJ") == sample.canada.province
    assert document.get("DAQ") == sample.canada.licence_number
    assert document.get("DCA") == sample.canada.licence_class
    birth = sample.canada.date_of_birth
    assert document.get("DBB") == birth.replace("-", "")  # CCYYMMDD on Canadian cards
    assert document.date("DBB") is not None and document.date("DBB").isoformat() == birth


@pytest.mark.parametrize(
    "sample", [s for s in WELL_FORMED if s.check != "canada"], ids=lambda s: s.key
)
def test_us_samples_use_mmddccyy_dates(sample: Sample) -> None:
    document = read_document(sample.payload)
    assert document is not None
    assert document.get("DCG") == "USA"
    assert not document.is_canadian
    raw = document.get("DBB")
    assert document.date("DBB") is not None
    assert document.date("DBB").strftime("%m%d%Y") == raw


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.key)
def test_committed_png_decodes_to_the_payload(sample: Sample) -> None:
    png = resources.files("kiosk_app.resources").joinpath("samples", sample.image_name)
    with Image.open(BytesIO(png.read_bytes())) as image:
        result = zxingcpp.read_barcode(image, text_mode=zxingcpp.TextMode.Plain)
    assert result is not None
    assert result.format == zxingcpp.BarcodeFormat.PDF417
    assert bytes(result.bytes) == sample.payload


def test_render_sample_png_is_a_decodable_png() -> None:
    sample = SAMPLES_BY_KEY["dvs-parse"]
    png = render_sample_png(sample, scale=2)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(BytesIO(png)) as image:
        result = zxingcpp.read_barcode(image, text_mode=zxingcpp.TextMode.Plain)
    assert result is not None and bytes(result.bytes) == sample.payload


def test_selftest_hooks() -> None:
    assert SELFTEST_SAMPLE.expected_status == 1
    assert SELFTEST_SAMPLE.image_name == "signature-valid.png"
    assert SELFTEST_CANADA_REQUEST is not None
    assert (SELFTEST_CANADA_REQUEST.licence_number, SELFTEST_CANADA_REQUEST.province) == (
        "421450",
        "PE",
    )
