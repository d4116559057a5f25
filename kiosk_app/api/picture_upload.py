"""The picture sent for the service to read: re-encoded as JPEG, bounded in size, nothing but
pixels (no EXIF, no ICC profile, no comment: a fresh image is encoded, never the original file).

The picture arrives as encoded bytes (a file, a scanner's picture) or as a camera frame (a
numpy array), and is opened as the kiosk's decoder opens it (``kiosk_app.barcode.imaging``: the
same formats and size limits, upright by its EXIF orientation, grey). It is shrunk to at most
``MAX_UPLOAD_SIDE_PX`` on its long side, and encoded at falling JPEG qualities, then at smaller
sizes, until it fits in ``MAX_UPLOAD_BYTES``.
"""

from __future__ import annotations

from io import BytesIO
from typing import Final

import numpy as np
from PIL import Image

from kiosk_app.api.errors import InputRejectedError
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.barcode.imaging import grey_from_bytes, grey_from_frame
from kiosk_app.text import QT_TRANSLATE_NOOP

# The longest side sent: a licence's barcode stays several pixels per module at this size.
MAX_UPLOAD_SIDE_PX: Final = 2000
# The most bytes a picture sent may have (a JPEG of a whole card back is far smaller).
MAX_UPLOAD_BYTES: Final = 1_000_000
# The JPEG qualities tried in turn, and how much smaller each further try is when none fits.
JPEG_QUALITIES: Final = (90, 80, 70, 60)
SHRINK_STEP: Final = 0.75
# Never smaller than this on the long side: the barcode would be lost.
MIN_UPLOAD_SIDE_PX: Final = 400

NOT_A_PICTURE = QT_TRANSLATE_NOOP("messages", "The picture could not be prepared for sending.")


def upload_jpeg(picture: bytes | np.ndarray) -> bytes:
    """The JPEG to send for ``picture``; raises ``InputRejectedError`` for what is not one."""
    pixels = _pixels(picture)
    side = min(max(pixels.size), MAX_UPLOAD_SIDE_PX)
    while True:
        scaled = _scaled(pixels, side)
        for quality in JPEG_QUALITIES:
            encoded = _jpeg(scaled, quality)
            if len(encoded) <= MAX_UPLOAD_BYTES:
                return encoded
        if side <= MIN_UPLOAD_SIDE_PX:
            raise InputRejectedError(NOT_A_PICTURE, field="image")
        side = max(int(side * SHRINK_STEP), MIN_UPLOAD_SIDE_PX)


def _pixels(picture: bytes | np.ndarray) -> Image.Image:
    """A fresh grey image of the picture's pixels only, upright (the barcode needs no colour)."""
    try:
        if isinstance(picture, np.ndarray):
            grey = grey_from_frame(picture)
        else:
            grey = grey_from_bytes(picture)
    except BarcodeError as exc:
        raise InputRejectedError(NOT_A_PICTURE, field="image") from exc
    return Image.fromarray(np.ascontiguousarray(grey), "L")


def _scaled(image: Image.Image, side: int) -> Image.Image:
    if max(image.size) <= side:
        return image
    scale = side / max(image.size)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS)


def _jpeg(image: Image.Image, quality: int) -> bytes:
    out = BytesIO()
    image.save(out, format="JPEG", quality=quality, optimize=True)
    return out.getvalue()
