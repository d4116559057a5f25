"""Real zxing-cpp decodes of real pictures: the DMV specimen and zxing-cpp's PDF417 samples."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from kiosk_app.barcode.decode import Scanner, decode_image
from kiosk_app.barcode.errors import NotAamvaError
from tests.unit.barcode.images import encode

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus" / "images"
SPECIMEN = CORPUS / "ca-dmv-specimen" / "reverse_side_sample.jpg"
SPECIMEN_PAYLOAD = CORPUS / "ca-dmv-specimen" / "reverse_side_sample.expected-pdf417.txt"
# Structured append (pdf417-4: one message over several symbols) has no per-picture answer;
# 12-mixed-ecis switches character sets, so its .txt is the text, not the symbol's bytes.
SKIPPED = {"12-mixed-ecis"}


def _zxing_samples() -> list[tuple[Path, Path]]:
    pairs = []
    for folder in ("pdf417-1", "pdf417-2", "pdf417-3"):
        for image in sorted((CORPUS / "zxing-cpp-pdf417" / folder).iterdir()):
            if image.suffix in (".txt", ".bin") or image.stem in SKIPPED:
                continue
            candidates = (image.with_suffix(ext) for ext in (".bin", ".txt"))
            expected = next(path for path in candidates if path.exists())
            pairs.append((image, expected))
    return pairs


def test_specimen_decodes_to_the_exact_payload_despite_the_code128_beside_it() -> None:
    expected = SPECIMEN_PAYLOAD.read_bytes()
    decoded = decode_image(SPECIMEN)
    assert len(expected) == 607
    assert decoded.payload == expected
    assert decoded.symbol.format == "PDF417"
    assert decoded.symbol.error_correction_level
    assert decoded.symbol.orientation_degrees == 0
    assert len(decoded.symbol.corners) == 4


def test_specimen_from_bytes_matches_the_file_path() -> None:
    assert decode_image(SPECIMEN.read_bytes()).payload == SPECIMEN_PAYLOAD.read_bytes()


def test_payload_keeps_control_characters() -> None:
    payload = decode_image(SPECIMEN).payload
    # The specimen really starts with a space before "@" (a known real-world quirk).
    assert payload.startswith(b" @\n\x1e\rANSI 636014")
    assert payload.count(b"\n") > 10


def _sample_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize(("image", "expected"), _zxing_samples(), ids=_sample_id)
def test_zxing_sample_reads_exactly(image: Path, expected: Path) -> None:
    scanner = Scanner(accept=lambda payload: True)
    assert scanner.decode_file(image).payload == expected.read_bytes()


def test_generic_pdf417_is_refused_as_not_aamva_by_default() -> None:
    sample = CORPUS / "zxing-cpp-pdf417" / "pdf417-1" / "01.png"
    with pytest.raises(NotAamvaError) as caught:
        Scanner().decode_file(sample)
    assert "licence" in caught.value.hint or "ID card" in caught.value.hint


@pytest.mark.parametrize("degrees", [-22.0, 12.0, 200.0])
def test_tilted_zxing_photo_reads_exactly(degrees: float) -> None:
    # A real photo taken off-axis (its bars and rows are not square): estimated turn, then a
    # fine turn or a 2-degree nudge.
    image = CORPUS / "zxing-cpp-pdf417" / "pdf417-2" / "14.webp"
    with Image.open(image) as opened:
        turned = opened.convert("RGB").rotate(
            degrees, resample=Image.Resampling.BILINEAR, expand=True, fillcolor="white"
        )
    scanner = Scanner(accept=lambda payload: True)
    decoded = scanner.decode_bytes(encode(turned, "PNG"))
    assert decoded.payload == image.with_suffix(".txt").read_bytes()
