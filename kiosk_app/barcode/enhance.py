"""Image clean-ups tried when the plain read fails, each paired with a map back to the original.

Every function takes a uint8 grey array and returns a :class:`View`: the processed array and
the 3x3 matrix (affine, or a homography after rectification) taking its pixel coordinates back
to the source picture, so the corners of a symbol found in a processed view can be reported in
the original picture's coordinates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageFilter

from kiosk_app.barcode.rectify import Quad, rectify_coefficients, symbol_quad

# Below this long side a view is enlarged (small symbols have too few pixels per module).
UPSCALE_BELOW_PX = 1600
# Radius (fraction of the long side) of the blur that estimates the lighting to divide out.
LIGHTING_RADIUS_FRACTION = 0.04
# Quiet zone (pixels, at least) around a symbol rectified from zxing-cpp's corners, whose
# corners sit on the outer bars.
QUAD_MARGIN_PX = 8
# A glare band: columns in which at least GLARE_ROW_FRACTION of the rows are at least
# SATURATED_GREY (a camera's clipped highlight; paper is darker), at most GLARE_MAX_FRACTION of
# the view wide (more is not a band but an overexposed picture).
SATURATED_GREY = 250
GLARE_ROW_FRACTION = 0.9
GLARE_MAX_FRACTION = 0.15
# The symbol's columns: ink (darker than halfway between ink and paper) in this part of the
# rows at least.
GLARE_INK_FRACTION = 0.1
# Side of the bars (pixels) drawn over a glare band: narrower than any module of a readable
# symbol, so every codeword under the band is invalid (a known-bad codeword, not a plausible
# wrong one built from the paper's white).
GLARE_FILL_BAR_PX = 2
# Pixels either side of a glare band's clipped columns that its soft edge washes out.
GLARE_EDGE_PX = 2


@dataclass(frozen=True)
class View:
    """A processed image and the matrix mapping its (x, y, 1) coordinates to the source's."""

    pixels: np.ndarray
    to_source: np.ndarray

    def then(self, pixels: np.ndarray, to_previous: np.ndarray) -> View:
        """A view derived from this one by a step whose own back-map is ``to_previous``."""
        return View(pixels, self.to_source @ to_previous)

    def map_point(self, x: float, y: float) -> tuple[int, int]:
        """A point of this view in source coordinates (rounded to pixels)."""
        sx, sy, sw = self.to_source @ np.array([x, y, 1.0])
        return round(float(sx / sw)), round(float(sy / sw))


def source_view(grey: np.ndarray) -> View:
    """The untouched picture."""
    return View(grey, np.eye(3))


def crop(view: View, box: tuple[int, int, int, int]) -> View:
    """The part of ``view`` inside ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    return view.then(view.pixels[top:bottom, left:right], _translation(left, top))


def rotate(view: View, angle: float) -> View:
    """``view`` turned ``angle`` degrees counter-clockwise (canvas enlarged, paper-white fill)."""
    height, width = view.pixels.shape
    fill = int(np.percentile(view.pixels[::4, ::4], 90))
    turned = Image.fromarray(view.pixels).rotate(
        angle, resample=Image.Resampling.BILINEAR, expand=True, fillcolor=fill
    )
    out = np.asarray(turned)
    rad = math.radians(angle)
    cos, sin = math.cos(rad), math.sin(rad)
    # Output point relative to the output centre -> input point relative to the input centre.
    unrotate = np.array([[cos, -sin, 0.0], [sin, cos, 0.0], [0.0, 0.0, 1.0]])
    to_input = (
        _translation(width / 2, height / 2)
        @ unrotate
        @ _translation(-out.shape[1] / 2, -out.shape[0] / 2)
    )
    return view.then(out, to_input)


def scale(view: View, factor: float) -> View:
    """``view`` resized by ``factor`` (bicubic up, box-filtered down)."""
    height, width = view.pixels.shape
    size = (max(1, round(width * factor)), max(1, round(height * factor)))
    method = Image.Resampling.BICUBIC if factor > 1 else Image.Resampling.BOX
    out = np.asarray(Image.fromarray(view.pixels).resize(size, method))
    back = np.diag([width / size[0], height / size[1], 1.0])
    return view.then(out, back)


def upscale_if_small(view: View) -> View | None:
    """``view`` doubled when it is small, else ``None`` (nothing to gain)."""
    if max(view.pixels.shape) >= UPSCALE_BELOW_PX:
        return None
    return scale(view, 2.0)


def flatten_lighting(view: View) -> View:
    """Uneven lighting, glare and low contrast evened out: divide by the blurred background,
    then stretch the result to the full 0..255 range."""
    pixels = view.pixels
    radius = max(4.0, LIGHTING_RADIUS_FRACTION * max(pixels.shape))
    background = Image.fromarray(pixels).filter(ImageFilter.GaussianBlur(radius))
    base = np.asarray(background, dtype=np.float32) + 1.0
    ratio = pixels.astype(np.float32) / base
    return view.then(_stretch(ratio), np.eye(3))


def sharpen(view: View) -> View:
    """Blurred bar edges steepened (unsharp mask), then contrast stretched."""
    image = Image.fromarray(view.pixels)
    sharp = image.filter(ImageFilter.UnsharpMask(radius=3, percent=200, threshold=0))
    return view.then(_stretch(np.asarray(sharp, dtype=np.float32)), np.eye(3))


def denoise(view: View) -> View:
    """Sensor noise and JPEG blocking smoothed (small Gaussian blur), then stretched."""
    smooth = Image.fromarray(view.pixels).filter(ImageFilter.GaussianBlur(1.2))
    return view.then(_stretch(np.asarray(smooth, dtype=np.float32)), np.eye(3))


def rectified(view: View) -> View | None:
    """The symbol's quadrilateral (a card seen in perspective) mapped onto an upright
    rectangle; ``None`` when no clear outline is found. Expects a deskewed view (bars within
    a few degrees of vertical or horizontal); horizontal bars are turned upright first."""
    if _bars_horizontal(view.pixels):
        view = rotate(view, 90.0)
    quad = symbol_quad(view.pixels)
    if quad is None:
        return None
    size, to_input = rectify_coefficients(quad)
    if min(size) < 8 or max(size) > 4 * max(view.pixels.shape):
        return None
    fill = int(np.percentile(view.pixels[::4, ::4], 90))
    coefficients = tuple(float(value) for value in to_input.flatten()[:8])
    out = Image.fromarray(view.pixels).transform(
        size,
        Image.Transform.PERSPECTIVE,
        coefficients,
        Image.Resampling.BILINEAR,
        fillcolor=fill,
    )
    return view.then(np.asarray(out), to_input)


def rectified_quad(view: View, quad: Quad) -> View | None:
    """The symbol whose corners (top-left, top-right, bottom-right, bottom-left, in the
    symbol's own reading direction) zxing-cpp located in ``view`` mapped onto an upright
    rectangle with a quiet zone; ``None`` for a degenerate outline."""
    if not _convex(quad):
        return None
    size, to_input = rectify_coefficients(quad, min_margin_px=QUAD_MARGIN_PX)
    if min(size) < 8 or max(size) > 4 * max(view.pixels.shape):
        return None
    fill = int(np.percentile(view.pixels[::4, ::4], 90))
    coefficients = tuple(float(value) for value in to_input.flatten()[:8])
    out = Image.fromarray(view.pixels).transform(
        size, Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC, fillcolor=fill
    )
    return view.then(np.asarray(out), to_input)


def _convex(quad: Quad) -> bool:
    """Whether the four corners make a convex quadrilateral of some area, in either turning
    direction (zxing-cpp can report three corners on a line for a damaged symbol)."""
    points = np.array(quad, dtype=float)
    edges = np.roll(points, -1, axis=0) - points
    turns = (
        edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1]
        - edges[:, 1] * np.roll(edges, -1, axis=0)[:, 0]
    )
    scale = float(np.abs(edges).max()) ** 2
    return scale > 0 and (bool(np.all(turns > 0.01 * scale)) or bool(np.all(turns < -0.01 * scale)))


def fill_glare(view: View) -> View | None:
    """``view`` (bars upright) with the columns a glare band saturates in every row drawn over
    with thin alternating bars; ``None`` when there is no such band. zxing-cpp corrects the
    codewords under the band as errors (it takes no erasures), which reads the symbol when the
    band hides few enough of them; the plain white band it sees otherwise also looks like a
    quiet zone splitting the rows."""
    pixels = view.pixels
    band = glare_band_columns(pixels)
    if band is None:
        return None
    dark = int(np.percentile(pixels[::4, ::4], 2))
    light = int(np.percentile(pixels[::4, ::4], 90))
    indices = np.nonzero(band)[0]
    stripes = np.where((indices // GLARE_FILL_BAR_PX) % 2 == 0, dark, light).astype(np.uint8)
    filled = pixels.copy()
    filled[:, indices] = stripes[None, :]
    return view.then(filled, np.eye(3))


def glare_band_columns(
    pixels: np.ndarray, saturated_grey: int = SATURATED_GREY
) -> np.ndarray | None:
    """The columns (bool, one per column) of a glare band saturating the symbol of ``pixels``
    (bars upright) in every row, with its soft edges; ``None`` when there is no such band.
    Pixels at ``saturated_grey`` or brighter count as saturated."""
    dark = int(np.percentile(pixels[::4, ::4], 2))
    light = int(np.percentile(pixels[::4, ::4], 90))
    # The symbol's rows and columns (its ink): a band is judged there, with ink on both sides
    # (not a turned view's bright canvas edge, nor the canvas above and below a turned card).
    ink = pixels < (dark + light) / 2
    inked_rows = np.nonzero(ink.mean(axis=1) >= GLARE_INK_FRACTION)[0]
    inked = np.nonzero(ink.mean(axis=0) >= GLARE_INK_FRACTION)[0]
    if len(inked_rows) == 0 or len(inked) == 0:
        return None
    rows = pixels[inked_rows[0] : inked_rows[-1] + 1]
    saturated = (rows >= saturated_grey).mean(axis=0) >= GLARE_ROW_FRACTION
    saturated[: inked[0]] = False
    saturated[inked[-1] :] = False
    if not saturated.any() or saturated.mean() > GLARE_MAX_FRACTION:
        return None
    columns = np.nonzero(saturated)[0]
    # The band's soft edges too: a few pixels either side of the clipped columns.
    band = np.zeros(pixels.shape[1], dtype=bool)
    for offset in range(-GLARE_EDGE_PX, GLARE_EDGE_PX + 1):
        band[np.clip(columns + offset, 0, pixels.shape[1] - 1)] = True
    return band


def _bars_horizontal(pixels: np.ndarray) -> bool:
    """Whether the picture's edges run mostly horizontally (a symbol turned a quarter)."""
    sample = pixels[::2, ::2].astype(np.float32)
    across = float(np.abs(np.diff(sample, axis=1)).sum())
    along = float(np.abs(np.diff(sample, axis=0)).sum())
    return along > across


def median(view: View) -> View:
    """Speckle noise removed (3x3 median keeps bar edges sharp), then stretched."""
    smooth = Image.fromarray(view.pixels).filter(ImageFilter.MedianFilter(3))
    return view.then(_stretch(np.asarray(smooth, dtype=np.float32)), np.eye(3))


def _stretch(values: np.ndarray) -> np.ndarray:
    """Linear stretch of the 1st..99th percentile onto 0..255 (uint8)."""
    sample = values[::4, ::4]
    low, high = np.percentile(sample, (1.0, 99.0))
    if high - low < 1e-6:
        result: np.ndarray = np.clip(values, 0, 255).astype(np.uint8)
        return result
    stretched = (values - low) * (255.0 / (high - low))
    result = np.clip(stretched, 0, 255).astype(np.uint8)
    return result


def _translation(dx: float, dy: float) -> np.ndarray:
    """The 3x3 matrix adding (dx, dy)."""
    return np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])
