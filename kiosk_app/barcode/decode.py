"""PDF417 decoding with zxing-cpp: a fast path, then escalating clean-ups within a time budget.

Strategy (stops at the first read that ``accept`` approves, normally "looks like AAMVA"):

1. plain read of the picture (what a bare ``zxingcpp.read_barcodes`` does, PDF417 only);
2. deskew: estimate the symbol's tilt from its bar pattern
   (:func:`kiosk_app.barcode.deskew.estimate_symbol_angle`) and turn it upright —
   zxing-cpp only reads PDF417 within a few degrees of a quarter turn;
3. on the (deskewed) view: enlarge small pictures, even out lighting and glare, sharpen blur,
   smooth noise, and try zxing-cpp's other binarizers.

Steps 1 and 2 always run; step 3 only while the budget lasts. When several symbols are in the
picture, the PDF417 carrying AAMVA data wins; other formats are never asked for.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import zxingcpp

from kiosk_app.barcode import enhance
from kiosk_app.barcode.deskew import estimate_symbol, estimate_symbol_angle
from kiosk_app.barcode.enhance import View
from kiosk_app.barcode.errors import NoBarcodeFoundError, NotAamvaError
from kiosk_app.barcode.imaging import grey_from_bytes, grey_from_frame, read_image_file
from kiosk_app.barcode.symbol import DecodedBarcode, SymbolInfo

__all__ = [
    "FILE_BUDGET_S",
    "FRAME_BUDGET_S",
    "Scanner",
    "decode_frame",
    "decode_image",
    "estimate_symbol_angle",
]

# Time allowed for the escalating attempts on an image file (the fast path and the deskew
# attempt always run, even past it).
FILE_BUDGET_S = 1.5
# For live camera frames: the next frame is a better retry than a long clean-up.
FRAME_BUDGET_S = 0.15
# Tilts smaller than this are left to zxing-cpp (it copes with a few degrees).
MIN_DESKEW_DEG = 1.5

# Heavy clean-ups can produce misreads; only a plain or deskewed read of a non-licence
# PDF417 is taken as evidence that the wrong barcode (or card) was shown.
_TRUSTED_ATTEMPTS = frozenset({"plain", "deskew"})

Reader = Callable[..., Sequence[Any]]
Accept = Callable[[bytes], bool]

_HINT_NOT_FOUND = (
    "No licence barcode found — hold the card flatter, move closer and avoid glare, "
    "then try again."
)
_HINT_NOT_AAMVA = (
    "A barcode was read, but it is not from a driver's licence or ID card. "
    "Scan the large barcode on the back of the card."
)


def _default_accept(payload: bytes) -> bool:
    """AAMVA check from the parser module (imported late: it is developed alongside)."""
    from kiosk_app.barcode.aamva import looks_like_aamva

    return looks_like_aamva(payload)


@dataclass(frozen=True)
class _Attempt:
    """One read: a view of the picture and the reader options to use on it."""

    name: str
    view: View
    options: dict[str, Any]


class Scanner:
    """Decodes the licence PDF417 in pictures and camera frames.

    ``reader`` is the zxing-cpp entry point (``zxingcpp.read_barcodes`` or a fake with the same
    signature), ``accept`` decides which payloads count (AAMVA by default), ``budget_s`` bounds
    the escalating attempts.
    """

    def __init__(
        self,
        reader: Reader = zxingcpp.read_barcodes,
        accept: Accept = _default_accept,
        budget_s: float = FILE_BUDGET_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._reader = reader
        self._accept = accept
        self._budget_s = budget_s
        self._clock = clock
        self.last_attempt: str | None = None

    def decode_file(self, path: str | Path) -> DecodedBarcode:
        """Decode the licence barcode in an image file."""
        return self.decode_bytes(read_image_file(path))

    def decode_bytes(self, data: bytes) -> DecodedBarcode:
        """Decode the licence barcode in an encoded picture (PNG, JPEG, ...)."""
        return self.decode_grey(grey_from_bytes(data))

    def decode_frame(self, pixels: np.ndarray) -> DecodedBarcode:
        """Decode the licence barcode in a camera frame (HxW grey or HxWx3 RGB array)."""
        return self.decode_grey(grey_from_frame(pixels))

    def decode_grey(self, grey: np.ndarray) -> DecodedBarcode:
        """Decode the licence barcode in a uint8 grey array; the attempts of the module doc."""
        deadline = self._clock() + self._budget_s
        rejected = False
        for index, attempt in enumerate(_attempts(grey)):
            if index > 1 and self._clock() > deadline:
                break
            found, other = self._read(attempt)
            rejected = rejected or (other and attempt.name in _TRUSTED_ATTEMPTS)
            if found is not None:
                self.last_attempt = attempt.name
                return found
        self.last_attempt = None
        if rejected:
            raise NotAamvaError(_HINT_NOT_AAMVA)
        raise NoBarcodeFoundError(_HINT_NOT_FOUND)

    def _read(self, attempt: _Attempt) -> tuple[DecodedBarcode | None, bool]:
        """Run one attempt: (accepted barcode or None, whether a PDF417 was rejected)."""
        try:
            results = self._reader(
                attempt.view.pixels,
                formats=zxingcpp.BarcodeFormat.PDF417,
                text_mode=zxingcpp.TextMode.Plain,
                **attempt.options,
            )
        except Exception:  # zxing-cpp failures must not escape; the next attempt may work
            return None, False
        rejected = False
        for result in results:
            if not _is_pdf417(result):
                continue
            payload = bytes(result.bytes)
            if payload and self._accept(payload):
                return DecodedBarcode(payload, _symbol_info(result, attempt.view)), rejected
            rejected = rejected or bool(payload)
        return None, rejected


def _attempts(grey: np.ndarray) -> Iterator[_Attempt]:
    """The escalating attempts, cheapest and likeliest first (built lazily)."""
    source = enhance.source_view(grey)
    yield _Attempt("plain", source, {})
    work = _deskewed(source)
    if work is not source:
        yield _Attempt("deskew", work, {})
    enlarged = enhance.upscale_if_small(work)
    if enlarged is not None:
        yield _Attempt("upscale", enlarged, {})
    flat = enhance.flatten_lighting(work)
    yield _Attempt("lighting", flat, {})
    yield _Attempt("sharpen", enhance.sharpen(work), {})
    yield _Attempt("denoise", enhance.denoise(work), {})
    yield _Attempt("lighting-denoise", enhance.denoise(flat), {})
    global_histogram = {"binarizer": zxingcpp.Binarizer.GlobalHistogram}
    yield _Attempt("global-histogram", flat, global_histogram)
    yield _Attempt("median-global-histogram", enhance.median(work), global_histogram)
    if enlarged is not None:
        yield _Attempt("upscale-sharpen", enhance.sharpen(enlarged), {})
        yield _Attempt("upscale-denoise", enhance.denoise(enlarged), {})
    yield _Attempt("fixed-threshold", flat, {"binarizer": zxingcpp.Binarizer.FixedThreshold})


def _deskewed(source: View) -> View:
    """The picture turned so the symbol's bars are upright (``source`` when already so)."""
    estimate = estimate_symbol(source.pixels)
    if estimate is None or abs(estimate.angle) < MIN_DESKEW_DEG:
        return source
    return enhance.rotate(source, -estimate.angle)


def _is_pdf417(result: Any) -> bool:
    """Whether a reader result is a valid PDF417 (fakes may return other formats)."""
    return bool(getattr(result, "valid", True)) and result.format == zxingcpp.BarcodeFormat.PDF417


def _symbol_info(result: Any, view: View) -> SymbolInfo:
    """What zxing-cpp reports about the symbol, corners in the source picture's coordinates."""
    position = result.position
    points = (position.top_left, position.top_right, position.bottom_right, position.bottom_left)
    corners = tuple(view.map_point(point.x, point.y) for point in points)
    return SymbolInfo(
        format="PDF417",
        error_correction_level=str(result.ec_level) or None,
        orientation_degrees=_orientation(corners),
        corners=corners,
    )


def _orientation(corners: tuple[tuple[int, int], ...]) -> int:
    """Angle (degrees, counter-clockwise on screen, -180..180) of the symbol's top edge."""
    (x0, y0), (x1, y1) = corners[0], corners[1]
    return round(float(np.degrees(np.arctan2(-(y1 - y0), x1 - x0))))


_default_scanners: dict[str, Scanner] = {}


def _default_scanner(kind: str) -> Scanner:
    """The shared scanner for files (``FILE_BUDGET_S``) or frames (``FRAME_BUDGET_S``)."""
    if kind not in _default_scanners:
        budget = FILE_BUDGET_S if kind == "file" else FRAME_BUDGET_S
        _default_scanners[kind] = Scanner(budget_s=budget)
    return _default_scanners[kind]


def decode_image(source: str | Path | bytes) -> DecodedBarcode:
    """Decode the licence barcode in an image file (path) or encoded picture (bytes)."""
    scanner = _default_scanner("file")
    if isinstance(source, bytes):
        return scanner.decode_bytes(source)
    return scanner.decode_file(source)


def decode_frame(pixels: np.ndarray) -> DecodedBarcode:
    """Decode the licence barcode in a camera frame with the frame budget."""
    return _default_scanner("frame").decode_frame(pixels)
