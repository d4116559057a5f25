"""Hostile and unusual inputs: typed errors only, never a Pillow, numpy or zxing exception."""

from __future__ import annotations

import random
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFilter

from kiosk_app.barcode.decode import Scanner, decode_frame, decode_image
from kiosk_app.barcode.errors import (
    BarcodeError,
    NoBarcodeFoundError,
    NotAamvaError,
    UnreadableImageError,
)
from kiosk_app.bench.synthetic import card, render_pdf417
from tests.unit.barcode.images import LICENCE_PAYLOAD, NOT_LICENCE_PAYLOAD, card_png, encode


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` with (almost) no pixel data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00" * 64)
    signature = b"\x89PNG\r\n\x1a\n"
    return signature + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def _noise(size: int) -> bytes:
    """Seeded random bytes (the same every run)."""
    return random.Random(size).randbytes(size)


HOSTILE = {
    "empty": b"",
    "text": b"DAQD1234567 this is not a picture\n",
    "png-magic-then-noise": b"\x89PNG\r\n\x1a\n" + _noise(2000),
    "jpeg-magic-then-noise": b"\xff\xd8\xff\xe0" + _noise(2000),
    "gif-magic-then-noise": b"GIF89a" + _noise(500),
    "bmp-magic-then-noise": b"BM" + _noise(500),
    "tiff-magic-then-noise": b"II*\x00" + _noise(500),
    "webp-magic-then-noise": b"RIFF\x00\x10\x00\x00WEBPVP8 " + _noise(500),
    "decompression-bomb": _png_header_only(60_000, 60_000),
    "bomb-just-above-limit": _png_header_only(8_000, 7_000),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_bytes_give_unreadable_image(name: str) -> None:
    with pytest.raises(UnreadableImageError) as caught:
        decode_image(HOSTILE[name])
    assert caught.value.hint


def test_truncated_jpeg_is_unreadable() -> None:
    whole = encode(card(LICENCE_PAYLOAD), "JPEG", quality=90)
    with pytest.raises(UnreadableImageError) as caught:
        decode_image(whole[: len(whole) // 2])
    assert "incomplete" in caught.value.hint


def test_truncated_png_is_unreadable() -> None:
    whole = card_png()
    with pytest.raises(UnreadableImageError):
        decode_image(whole[: len(whole) * 2 // 3])


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(UnreadableImageError) as caught:
        decode_image(tmp_path / "nowhere.png")
    assert "nowhere" not in caught.value.hint  # file names are not echoed in hints


def test_directory_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(UnreadableImageError):
        decode_image(tmp_path)


def test_one_pixel_picture_has_no_barcode() -> None:
    with pytest.raises(NoBarcodeFoundError) as caught:
        decode_image(encode(Image.new("L", (1, 1), 255), "PNG"))
    assert "closer" in caught.value.hint


def test_blank_card_has_no_barcode_with_an_actionable_hint() -> None:
    with pytest.raises(NoBarcodeFoundError) as caught:
        decode_image(encode(Image.new("L", (800, 500), 230), "PNG"))
    assert "glare" in caught.value.hint


def test_a_symbol_seen_but_not_read_says_where_it_is() -> None:
    """A licence photographed far out of focus: nothing reads it, but the bars are seen (the
    camera keeps the sharpest such frame for the picture fallback); a blank card has none."""
    symbol = card(LICENCE_PAYLOAD)
    blurred = np.asarray(symbol.filter(ImageFilter.GaussianBlur(6)))
    with pytest.raises(NoBarcodeFoundError) as caught:
        decode_frame(blurred)
    box = caught.value.symbol_box
    assert box is not None
    left, top, right, bottom = box
    assert 0 <= left < right <= blurred.shape[1] and 0 <= top < bottom <= blurred.shape[0]
    assert bottom > blurred.shape[0] // 2  # the symbol is in the card's lower half
    with pytest.raises(NoBarcodeFoundError) as blank:
        decode_frame(np.full((500, 800), 230, np.uint8))
    assert blank.value.symbol_box is None


def test_non_licence_pdf417_is_not_aamva() -> None:
    picture = Image.new("L", (700, 400), 255)
    picture.paste(render_pdf417(NOT_LICENCE_PAYLOAD, 3), (50, 100))
    with pytest.raises(NotAamvaError):
        decode_image(encode(picture, "PNG"))


@pytest.mark.parametrize(
    "frame",
    [
        np.zeros((0, 0), dtype=np.uint8),
        np.zeros((10, 10, 2), dtype=np.uint8),
        np.zeros((4, 4, 4, 4), dtype=np.uint8),
        np.array([["a", "b"]]),
        "not an array",
    ],
    ids=["empty", "two-channels", "4d", "strings", "str"],
)
def test_bad_frames_are_unreadable(frame: Any) -> None:
    with pytest.raises(UnreadableImageError):
        decode_frame(frame)


def test_black_frame_has_no_barcode() -> None:
    with pytest.raises(NoBarcodeFoundError):
        decode_frame(np.zeros((480, 640, 3), dtype=np.uint8))


def test_a_failing_reader_does_not_escape() -> None:
    def broken(image: Any, **options: Any) -> Sequence[Any]:
        raise RuntimeError("zxing exploded")

    with pytest.raises(NoBarcodeFoundError):
        Scanner(reader=broken).decode_bytes(card_png())


def test_random_noise_frames_never_raise_anything_but_barcode_errors() -> None:
    rng = np.random.default_rng(3)
    for shape in [(1, 1), (3, 500), (300, 400), (200, 300, 3)]:
        with pytest.raises(BarcodeError):
            decode_frame(rng.integers(0, 256, size=shape, dtype=np.uint8))


def test_budget_bounds_the_escalation_but_plain_and_deskew_always_run() -> None:
    calls: list[int] = []

    def empty(image: Any, **options: Any) -> Sequence[Any]:
        calls.append(1)
        return []

    tilted = np.asarray(card(LICENCE_PAYLOAD).rotate(20, expand=True, fillcolor=236))
    with pytest.raises(NoBarcodeFoundError):
        Scanner(reader=empty, budget_s=0.0).decode_frame(tilted)
    assert len(calls) == 2
    calls.clear()
    with pytest.raises(NoBarcodeFoundError):
        Scanner(reader=empty, budget_s=60.0, give_up_s=60.0).decode_frame(tilted)
    assert len(calls) > 5


def test_bomb_beyond_pillows_own_limit_is_unreadable_even_when_warnings_are_errors() -> None:
    # 10000 x 9500 = 95 MP: above Pillow's warning limit (89 MP), below its error limit.
    with pytest.raises(UnreadableImageError) as caught:
        decode_image(_png_header_only(10_000, 9_500))
    assert "too large" in caught.value.hint


MAGIC = [b"", b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0", b"GIF89a", b"BM", b"II*\x00", b"MM\x00*",
         b"RIFF\x00\x10\x00\x00WEBPVP8 ", b"P5\n4 4\n255\n"]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(prefix=st.sampled_from(MAGIC), body=st.binary(max_size=3000))
def test_any_bytes_give_only_typed_errors(prefix: bytes, body: bytes) -> None:
    with pytest.raises(BarcodeError):
        decode_image(prefix + body)
