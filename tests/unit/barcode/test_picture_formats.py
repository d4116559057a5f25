"""Only the picture formats a scanner or camera writes are opened.

Every other format Pillow knows is refused before any decoder runs: EPS would be handed to
Ghostscript, JPEG 2000 to OpenJPEG, and so on. Formats with a known signature get a message
naming the formats the kiosk opens.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from PIL import Image

from kiosk_app.barcode.errors import UnreadableImageError, UnsupportedImageFormatError
from kiosk_app.barcode.imaging import REFUSED_SIGNATURES, is_refused_format, read_image_file
from kiosk_app.barcode.picture_limits import OPENED_FORMATS
from tests.fuzz.hostile_images import refused_format_pictures
from tests.support.decoding import untimed_scanner
from tests.unit.barcode.images import LICENCE_PAYLOAD, card, encode

REFUSED = refused_format_pictures()
# Pillow reads these without a signature the kiosk can name: refused with the general message.
NO_SIGNATURE = {"card.tga", "card.pcx"}


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "TIFF", "BMP", "GIF", "WEBP", "PPM"])
def test_scanner_and_camera_formats_are_read(fmt: str) -> None:
    picture = card(LICENCE_PAYLOAD).convert("L" if fmt in ("GIF", "PPM") else "RGB")
    options = {"lossless": True} if fmt == "WEBP" else {}
    assert (
        untimed_scanner().decode_bytes(encode(picture, fmt, **options)).payload == LICENCE_PAYLOAD
    )


def test_the_opened_formats_are_exactly_the_documented_ones() -> None:
    assert set(OPENED_FORMATS) == {"PNG", "JPEG", "TIFF", "BMP", "GIF", "WEBP", "PPM"}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_other_formats_are_refused_before_decoding(name: str) -> None:
    data = REFUSED[name]
    with pytest.raises(UnreadableImageError) as caught:
        untimed_scanner().decode_bytes(data)
    if name in NO_SIGNATURE:
        assert type(caught.value) is UnreadableImageError
    else:
        assert type(caught.value) is UnsupportedImageFormatError
        assert "PNG, JPEG, TIFF, BMP, GIF, WebP and PNM" in caught.value.hint


def test_a_real_eps_with_a_barcode_is_not_read() -> None:
    """Pillow would read it through Ghostscript (where installed); the kiosk never does."""
    eps = encode(card(LICENCE_PAYLOAD).convert("RGB"), "EPS")
    with pytest.raises(UnsupportedImageFormatError):
        untimed_scanner().decode_bytes(eps)


@pytest.mark.parametrize(("signature", "offset"), REFUSED_SIGNATURES)
def test_each_refused_signature_is_recognised(signature: bytes, offset: int) -> None:
    data = b"\x00" * offset + signature + bytes(64)
    assert is_refused_format(data)
    with pytest.raises(UnsupportedImageFormatError):
        untimed_scanner().decode_bytes(data)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "TIFF", "BMP", "GIF", "WEBP", "PPM"])
def test_opened_formats_are_not_taken_for_refused_ones(fmt: str) -> None:
    picture = Image.new("RGB" if fmt != "GIF" else "L", (32, 32), 255)
    assert not is_refused_format(encode(picture, fmt))


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_only_regular_files_are_read(kind: str, tmp_path: Path) -> None:
    """A FIFO (nobody writing) would block the reading thread for good; /dev/zero never ends."""
    if kind == "fifo":
        path = tmp_path / "scan.png"
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            read_image_file(path)
        except BaseException as exc:
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive() and kind == "fifo":
        with open(path, "wb"):  # release the blocked reader before failing
            pass
    assert not reader.is_alive()
    assert len(outcome) == 1
    assert type(outcome[0]) is UnreadableImageError
    assert "not a picture" in str(outcome[0])
