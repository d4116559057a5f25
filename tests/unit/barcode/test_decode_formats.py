"""Picture formats and modes: EXIF rotation, CMYK, 16-bit, palette, transparency, animation."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from kiosk_app.barcode.decode import decode_image
from kiosk_app.bench.synthetic import card
from tests.unit.barcode.images import LICENCE_PAYLOAD, encode

EXIF_ORIENTATION = 0x0112


@pytest.fixture(scope="module")
def picture() -> Image.Image:
    return card(LICENCE_PAYLOAD)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "BMP", "TIFF", "WEBP", "GIF"])
def test_common_formats(picture: Image.Image, fmt: str) -> None:
    options = {"lossless": True} if fmt == "WEBP" else {}
    assert decode_image(encode(picture, fmt, **options)).payload == LICENCE_PAYLOAD


def test_exif_orientation_is_applied(picture: Image.Image) -> None:
    # Stored turned 90 degrees counter-clockwise with orientation 6 ("rotate 90 clockwise to
    # view"): the decoder must turn it upright, so the symbol is reported at 0, not 90.
    stored = picture.rotate(90, expand=True)
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = 6
    decoded = decode_image(encode(stored, "JPEG", quality=92, exif=exif.tobytes()))
    assert decoded.payload == LICENCE_PAYLOAD
    assert decoded.symbol.orientation_degrees == 0


def test_cmyk_jpeg(picture: Image.Image) -> None:
    cmyk = picture.convert("RGB").convert("CMYK")
    assert decode_image(encode(cmyk, "JPEG", quality=92)).payload == LICENCE_PAYLOAD


def test_sixteen_bit_png(picture: Image.Image) -> None:
    wide = (np.asarray(picture, dtype=np.uint16) * 257).astype(np.uint16)
    image = Image.fromarray(wide)
    assert image.mode.startswith("I;16")
    assert decode_image(encode(image, "PNG")).payload == LICENCE_PAYLOAD


def test_sixteen_bit_frame(picture: Image.Image) -> None:
    from kiosk_app.barcode.decode import decode_frame

    wide = np.asarray(picture, dtype=np.uint16) * 257
    assert decode_frame(wide).payload == LICENCE_PAYLOAD


def test_palette_png(picture: Image.Image) -> None:
    palette = picture.convert("P", palette=Image.Palette.ADAPTIVE, colors=16)
    assert decode_image(encode(palette, "PNG")).payload == LICENCE_PAYLOAD


def test_transparent_background_counts_as_white(picture: Image.Image) -> None:
    pixels = np.asarray(picture)
    alpha = np.where(pixels < 128, 255, 0).astype(np.uint8)  # only the ink is opaque
    rgba = np.dstack([pixels, pixels, pixels, alpha])
    image = Image.fromarray(rgba, "RGBA")
    assert decode_image(encode(image, "PNG")).payload == LICENCE_PAYLOAD


def test_animated_gif_uses_the_first_frame(picture: Image.Image) -> None:
    blank = Image.new("L", picture.size, 236)
    data = encode(picture, "GIF", save_all=True, append_images=[blank, blank], duration=100)
    assert decode_image(data).payload == LICENCE_PAYLOAD


def test_rgb_png(picture: Image.Image) -> None:
    assert decode_image(encode(picture.convert("RGB"), "PNG")).payload == LICENCE_PAYLOAD
