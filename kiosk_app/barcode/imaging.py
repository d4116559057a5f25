"""Opening pictures safely and turning them (or camera frames) into 8-bit grey arrays.

Every failure of Pillow or numpy here becomes :class:`UnreadableImageError`; nothing else
escapes. Images are decoded in memory only (never written anywhere).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from kiosk_app.barcode.errors import (
    PictureTooCostlyError,
    UnreadableImageError,
    UnsupportedImageFormatError,
)
from kiosk_app.barcode.picture_limits import MAX_FILE_BYTES, MAX_IMAGE_PIXELS, OPENED_FORMATS
from kiosk_app.files import NotRegularFileError, read_regular_file
from kiosk_app.text import QT_TRANSLATE_NOOP

# Start-of-file signatures of picture formats the kiosk refuses by name (a clearer message
# than "not a picture"): (signature, offset). Recognised here, never decoded.
REFUSED_SIGNATURES: tuple[tuple[bytes, int], ...] = (
    (b"%!PS", 0),  # PostScript / EPS
    (b"\xc5\xd0\xd3\xc6", 0),  # DOS EPS binary header
    (b"%PDF", 0),  # PDF
    (b"\x00\x00\x00\x0cjP  \r\n\x87\n", 0),  # JPEG 2000 (JP2 box)
    (b"\xff\x4f\xff\x51", 0),  # JPEG 2000 code stream
    (b"8BPS", 0),  # Photoshop
    (b"\x00\x00\x01\x00", 0),  # Windows icon
    (b"\x00\x00\x02\x00", 0),  # Windows cursor
    (b"ftypheic", 4),  # HEIC (iPhone)
    (b"ftypheix", 4),
    (b"ftypmif1", 4),
    (b"ftypavif", 4),  # AVIF
    (b"qoif", 0),  # QOI
    (b"DDS ", 0),  # DirectDraw surface
    (b"icns", 0),  # Apple icon
    (b"SIMPLE  =", 0),  # FITS
    (b"\x01\xda", 0),  # SGI
    (b"\x59\xa6\x6a\x95", 0),  # Sun raster
    (b"<svg", 0),  # SVG
)

_HINT_NOT_IMAGE = QT_TRANSLATE_NOOP(
    "messages", "That file is not a picture the kiosk can open. Try another photo or scan."
)
_HINT_TRUNCATED = "The picture is incomplete or damaged. Take the photo or scan again."
_HINT_TOO_LARGE = "The picture is too large to open safely. Use a smaller photo or scan."
_HINT_MISSING = "The picture file could not be opened. Check that it still exists."
_HINT_BAD_FRAME = "The camera delivered a frame the kiosk cannot use."


def read_image_file(path: str | Path) -> bytes:
    """The bytes of an image file, refusing missing, unreadable or oversized files.

    Only a regular file is read: a FIFO would block the reading thread for good (opened
    without blocking, then refused), a device such as ``/dev/zero`` never ends.
    """
    try:
        data = read_regular_file(path, MAX_FILE_BYTES)
    except NotRegularFileError as exc:
        raise UnreadableImageError(_HINT_NOT_IMAGE) from exc
    except OSError as exc:
        raise UnreadableImageError(_HINT_MISSING) from exc
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableImageError(_HINT_TOO_LARGE)
    return data


def grey_from_bytes(data: bytes) -> np.ndarray:
    """Decode an encoded picture (PNG, JPEG, BMP, TIFF, WEBP, ...) into an upright grey array.

    EXIF orientation is applied; CMYK, 16-bit, palette and transparent images are handled;
    of an animated image only the first frame is used.
    """
    if not data:
        raise UnreadableImageError(_HINT_NOT_IMAGE)
    # Our pixel limit is below Pillow's own bomb limit, so the size is refused before any
    # pixel is decoded. Pillow's DecompressionBombWarning/Error (pictures beyond its limit)
    # are caught as well; no warnings filter is changed (that is not thread-safe).
    try:
        with Image.open(io.BytesIO(data), formats=OPENED_FORMATS) as image:
            _check_size(image.size)
            image.seek(0)
            if image.format == "JPEG":
                # Let libjpeg decode straight to grey: a third of the memory and no colour
                # conversion for big phone photos; the size (and so every corner) is unchanged.
                image.draft("L", image.size)
            image.load()
            return _to_grey(image)
    except UnreadableImageError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise UnreadableImageError(_HINT_TOO_LARGE) from exc
    except UnidentifiedImageError as exc:
        if is_refused_format(data):
            raise UnsupportedImageFormatError() from exc
        raise UnreadableImageError(_HINT_NOT_IMAGE) from exc
    except MemoryError as exc:  # past the decoding process's address-space limit
        raise PictureTooCostlyError() from exc
    except (OSError, SyntaxError, EOFError) as exc:
        raise UnreadableImageError(_HINT_TRUNCATED) from exc
    except Exception as exc:  # any other decoder failure on hostile bytes
        raise UnreadableImageError(_HINT_NOT_IMAGE) from exc


def is_refused_format(data: bytes) -> bool:
    """True when ``data`` starts like a picture format the kiosk does not open."""
    return any(data[at : at + len(sig)] == sig for sig, at in REFUSED_SIGNATURES)


def grey_from_frame(pixels: object) -> np.ndarray:
    """A camera frame (HxW grey, HxWx3 RGB or HxWx4 RGBA array) as a contiguous uint8 grey array."""
    if not isinstance(pixels, np.ndarray) or pixels.size == 0:
        raise UnreadableImageError(_HINT_BAD_FRAME)
    if pixels.dtype.kind not in "uif" or pixels.ndim not in (2, 3):
        raise UnreadableImageError(_HINT_BAD_FRAME)
    _check_size((pixels.shape[1], pixels.shape[0]))
    frame = _as_uint8(pixels)
    if frame.ndim == 3 and frame.shape[2] in (3, 4):
        frame = _luma(frame[:, :, :3])
    elif frame.ndim == 3 and frame.shape[2] == 1:
        frame = frame[:, :, 0]
    if frame.ndim != 2:
        raise UnreadableImageError(_HINT_BAD_FRAME)
    return np.ascontiguousarray(frame)


def _check_size(size: tuple[int, int]) -> None:
    """Refuse pictures above :data:`MAX_IMAGE_PIXELS` before decoding them."""
    width, height = size
    if width * height > MAX_IMAGE_PIXELS:
        raise UnreadableImageError(_HINT_TOO_LARGE)


def _to_grey(image: Image.Image) -> np.ndarray:
    """An opened Pillow image as an upright uint8 grey array."""
    upright = ImageOps.exif_transpose(image) or image
    mode = upright.mode
    if mode in ("I", "F") or mode.startswith("I;16"):
        return np.ascontiguousarray(_stretch(np.asarray(upright, dtype=np.float64)))
    if "A" in mode or (mode == "P" and "transparency" in upright.info):
        # Transparent areas count as white paper, not black.
        rgba = upright.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        upright = Image.alpha_composite(background, rgba)
    if upright.mode in ("L", "1", "RGB", "RGBA", "P"):
        grey = upright.convert("L")  # one conversion: no full-size RGB copy
    else:  # CMYK, YCbCr, LAB, HSV, ...: through RGB
        grey = upright.convert("RGB").convert("L")
    return np.ascontiguousarray(np.asarray(grey, dtype=np.uint8))


def _luma(rgb: np.ndarray) -> np.ndarray:
    """ITU-R 601 luma of a uint8 RGB array, as uint8."""
    weights = np.array([0.299, 0.587, 0.114], dtype=np.float32)
    result: np.ndarray = np.clip(rgb.astype(np.float32) @ weights + 0.5, 0, 255).astype(np.uint8)
    return result


def _as_uint8(values: np.ndarray) -> np.ndarray:
    """``values`` as uint8: 8-bit input kept, wider integer or float input rescaled."""
    if values.dtype == np.uint8:
        return values
    if np.issubdtype(values.dtype, np.integer) and values.dtype.itemsize == 2:
        return (values >> 8).astype(np.uint8) if values.max() > 255 else values.astype(np.uint8)
    if np.issubdtype(values.dtype, np.floating) and float(np.nanmax(values)) <= 1.0:
        result: np.ndarray = np.clip(np.nan_to_num(values) * 255.0, 0, 255).astype(np.uint8)
        return result
    return np.clip(np.nan_to_num(values.astype(np.float64)), 0, 255).astype(np.uint8)


def _stretch(values: np.ndarray) -> np.ndarray:
    """Map a wide-range (16-bit, 32-bit or float) grey image onto 0..255."""
    values = np.nan_to_num(values)
    low, high = float(values.min()), float(values.max())
    if high <= low:
        return np.full(values.shape, 255, dtype=np.uint8)
    return ((values - low) * (255.0 / (high - low))).astype(np.uint8)
