"""The hostile pictures of ``tests.fuzz.hostile_images`` through the kiosk's file path: bombs
and huge claimed sizes are refused before decoding, noise behind any image header is
"unreadable", odd-but-real pictures (CMYK, 16-bit, animated, EXIF-turned) are read."""

from __future__ import annotations

import struct
import zlib

import pytest

from kiosk_app.barcode.decode import Scanner
from kiosk_app.barcode.errors import (
    BarcodeError,
    NoBarcodeFoundError,
    UnreadableImageError,
    UnsupportedImageFormatError,
)
from tests.fuzz.hostile_images import hostile_images
from tests.unit.barcode.images import LICENCE_PAYLOAD

CASES = hostile_images()
# 49 MP of zeros under the 50 MP limit: ~10 s and ~700 MB to decode; measured by the figures
# script (python -m tests.fuzz.hostile_images), not run in the suite.
SLOW = {"png-bomb-7000x7000-rgb-under-limit"}
# Cost seconds of CPU or 1.5 GB in this process: tested through the limited child process
# (tests/unit/barcode/test_isolation.py), not here.
COSTLY = {"tiff-float-7000x7000-deflated", "jpeg-progressive-scan-flood-2000"}
# Noise behind the header of a format the kiosk refuses by name.
REFUSED_FORMAT = {"noise-after-ico-header", "noise-after-psd-header"}
REFUSED_AS_TOO_LARGE = {
    "png-bomb-30000x30000",
    "png-header-30000x30000",
    "gif-screen-65535x65535",
    "jpeg-sof-65500x65500",
    "tiff-tags-30000x30000",
}
READ = {
    "cmyk-jpeg-card",
    "sixteen-bit-png-card",
    "animated-gif-card-300-frames",
    "exif-rotated-jpeg-card",
}
NO_BARCODE = {"png-1x1", "jpeg-1x1"}


@pytest.mark.parametrize("name", sorted(set(CASES) - SLOW - COSTLY))
def test_hostile_picture_gives_a_typed_outcome(name: str) -> None:
    data = CASES[name]()
    if name in READ:
        assert Scanner().decode_bytes(data).payload == LICENCE_PAYLOAD
        return
    with pytest.raises(BarcodeError) as caught:
        Scanner().decode_bytes(data)
    if name in REFUSED_AS_TOO_LARGE:
        assert type(caught.value) is UnreadableImageError
        assert "too large" in caught.value.hint
    elif name in NO_BARCODE:
        assert type(caught.value) is NoBarcodeFoundError
    elif name in REFUSED_FORMAT:
        assert type(caught.value) is UnsupportedImageFormatError
    else:
        assert type(caught.value) is UnreadableImageError


def test_bomb_builders_do_not_allocate_the_picture() -> None:
    """The 30000 x 30000 bomb is a real, complete PNG of about 100 KB whose rows all inflate."""
    data = CASES["png-bomb-30000x30000"]()
    assert len(data) < 200_000
    assert struct.unpack(">II", data[16:24]) == (30000, 30000)
    inflate = zlib.decompressobj()
    size = 0
    body = data[33 + 8 : -12 - 4]  # IDAT payload between its length/type and its CRC
    for start in range(0, len(body), 4096):
        size += len(inflate.decompress(body[start : start + 4096], 1 << 20))
        while inflate.unconsumed_tail:
            size += len(inflate.decompress(inflate.unconsumed_tail, 1 << 20))
    assert size == 30000 * (1 + 30000 // 8)
