"""Perspective rectification of an (already deskewed) PDF417 symbol.

A card held at an angle shows its symbol as a quadrilateral: when the top edge is tipped away
the bars converge; when a side is tipped away the rows do. zxing-cpp follows the rows and the
start/stop patterns and gives up when either converges much. Here the symbol's outline is
found from where the picture has strong, coherent, near-vertical bar edges (a per-pixel
structure tensor); a straight line is fitted to each of its four sides (the line through most
of the outline's points with none beyond it: under strong perspective many of a side's
points lie on the next side), and the quadrilateral
they make is mapped onto an upright rectangle. Expects a view in which the bars are roughly
vertical (after :mod:`kiosk_app.barcode.deskew`).
"""

from __future__ import annotations

import numpy as np
from PIL import Image

# The outline is found on a copy reduced to about this long side (it only needs a few
# pixels of precision, fitted over hundreds of rows and columns).
ANALYSIS_MAX_SIDE = 600
# Half-size (pixels) of the window the per-pixel structure tensor is averaged over.
WINDOW_PX = 5
# A pixel belongs to the symbol when its orientation is this coherent ...
MIN_COHERENCE = 0.45
# ... its energy reaches this fraction of the strong pixels' energy ...
MIN_ENERGY_FRACTION = 0.05
# ... and its gradient is within this many degrees of horizontal (bars near vertical).
MAX_BAR_TILT_DEG = 50.0
# Rows/columns with less than this fraction of the fullest one's symbol pixels are ignored.
MIN_LINE_FILL = 0.3
# Quiet-zone margin added around the rectified symbol, as a fraction of its size.
MARGIN_FRACTION = 0.08
# Candidate lines (through pairs of edge points) tried per side, and how far (analysis
# pixels) an edge point may lie from a line and still count as on it.
LINE_CANDIDATES = 200
LINE_TOLERANCE_PX = 2.5
# Each edge point beyond a candidate side counts this many points against it.
OUTSIDE_PENALTY = 2
# Seed of the candidate pairs: the same picture always gives the same outline.
LINE_SEED = 15

Point = tuple[float, float]
#: Corners: top-left, top-right, bottom-right, bottom-left.
Quad = tuple[Point, Point, Point, Point]


def symbol_quad(grey: np.ndarray) -> tuple[Point, Point, Point, Point] | None:
    """Corners (top-left, top-right, bottom-right, bottom-left) of the bar region, or None."""
    if grey.ndim != 2 or min(grey.shape) < 8 * WINDOW_PX:
        return None
    factor = max(1, round(max(grey.shape) / ANALYSIS_MAX_SIDE))
    small = np.asarray(Image.fromarray(grey).reduce(factor)) if factor > 1 else grey
    mask = _bar_mask(small.astype(np.float32))
    if mask is None:
        return None
    sides = _fit_sides(mask)
    if sides is None:
        return None
    top, bottom, left, right = sides
    corners = (
        _cross(top, left), _cross(top, right), _cross(bottom, right), _cross(bottom, left),
    )  # fmt: skip
    if any(corner is None for corner in corners):
        return None
    quad = tuple((x * factor, y * factor) for x, y in (c for c in corners if c is not None))
    return (quad[0], quad[1], quad[2], quad[3])


def rectify_coefficients(
    quad: tuple[Point, Point, Point, Point], min_margin_px: float = 0.0
) -> tuple[tuple[int, int], np.ndarray]:
    """Output size and the 3x3 homography from output pixels to input pixels, for a
    rectangle (with a quiet-zone margin of at least ``min_margin_px``) onto which ``quad`` is
    mapped."""
    tl, tr, br, bl = (np.array(point, dtype=float) for point in quad)
    width = float(max(np.linalg.norm(tr - tl), np.linalg.norm(br - bl)))
    height = float(max(np.linalg.norm(bl - tl), np.linalg.norm(br - tr)))
    margin_x = max(min_margin_px, MARGIN_FRACTION * width)
    margin_y = max(min_margin_px, MARGIN_FRACTION * height)
    size = (round(width + 2 * margin_x), round(height + 2 * margin_y))
    target = [
        (margin_x, margin_y),
        (margin_x + width, margin_y),
        (margin_x + width, margin_y + height),
        (margin_x, margin_y + height),
    ]
    return size, homography(target, list(quad))


def homography(source: list[Point], target: list[Point]) -> np.ndarray:
    """The 3x3 matrix H (H[2,2] = 1) with H @ (x, y, 1) ~ target point for each source point."""
    rows = []
    rhs = []
    for (x, y), (u, v) in zip(source, target, strict=True):
        rows.append([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y])
        rows.append([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y])
        rhs.extend([u, v])
    solution = np.linalg.solve(np.array(rows), np.array(rhs))
    return np.append(solution, 1.0).reshape(3, 3)


def _bar_mask(image: np.ndarray) -> np.ndarray | None:
    """Pixels with strong, coherent, near-horizontal gradients (the symbol's bars)."""
    # Scharr gradients, scaled down by 16 to keep the float32 running sums precise.
    across = 0.1875 * image[:-2] + 0.625 * image[1:-1] + 0.1875 * image[2:]
    gx = across[:, 2:] - across[:, :-2]
    down = 0.1875 * image[:, :-2] + 0.625 * image[:, 1:-1] + 0.1875 * image[:, 2:]
    gy = down[2:] - down[:-2]
    jxx = _box(gx * gx)
    jyy = _box(gy * gy)
    jxy = _box(gx * gy)
    energy = jxx + jyy
    strong = float(np.percentile(energy[::4, ::4], 99))
    if strong <= 0:
        return None
    spread = np.hypot(jxx - jyy, 2.0 * jxy)
    coherence = np.divide(spread, energy, out=np.zeros_like(energy), where=energy > 0)
    tilt = np.degrees(0.5 * np.abs(np.arctan2(2.0 * jxy, jxx - jyy)))
    mask = (
        (coherence >= MIN_COHERENCE)
        & (energy >= MIN_ENERGY_FRACTION * strong)
        & (tilt <= MAX_BAR_TILT_DEG)
    )
    # Close the small gaps between bars (wide spaces) so rows and columns fill up.
    closed = _box(mask.astype(np.float32)) > 0.3
    return np.pad(closed, 1)


def _box(values: np.ndarray) -> np.ndarray:
    """Mean over a (2 * WINDOW_PX + 1)-square window: separable running sums (float32)."""
    size = 2 * WINDOW_PX + 1
    out = values.astype(np.float32)
    for axis in (0, 1):
        padded = np.pad(out, _pad_spec(axis), "edge")
        running = padded.cumsum(axis=axis, dtype=np.float32)
        if axis == 0:
            out = running[size:] - running[:-size]
        else:
            out = running[:, size:] - running[:, :-size]
    return out / float(size * size)


def _pad_spec(axis: int) -> list[tuple[int, int]]:
    """Padding so a window sum exists for every pixel along ``axis``."""
    spec = [(0, 0), (0, 0)]
    spec[axis] = (WINDOW_PX + 1, WINDOW_PX)
    return spec


def _fit_sides(mask: np.ndarray) -> tuple[np.ndarray, ...] | None:
    """Lines (as a, b, c with a x + b y + c = 0) of the top, bottom, left and right sides."""
    column_fill = mask.sum(axis=0)
    row_fill = mask.sum(axis=1)
    if column_fill.max() == 0:
        return None
    columns = np.nonzero(column_fill >= MIN_LINE_FILL * column_fill.max())[0]
    rows = np.nonzero(row_fill >= MIN_LINE_FILL * row_fill.max())[0]
    if len(columns) < 8 or len(rows) < 4:
        return None
    height, width = mask.shape
    tops = np.argmax(mask[:, columns], axis=0).astype(float)
    bottoms = (height - 1 - np.argmax(mask[::-1, columns], axis=0)).astype(float)
    lefts = np.argmax(mask[rows], axis=1).astype(float)
    rights = (width - 1 - np.argmax(mask[rows, ::-1], axis=1)).astype(float)
    top = _robust_line(columns.astype(float), tops, horizontal=True, outward=-1.0)
    bottom = _robust_line(columns.astype(float), bottoms, horizontal=True, outward=1.0)
    left = _robust_line(rows.astype(float), lefts, horizontal=False, outward=-1.0)
    right = _robust_line(rows.astype(float), rights, horizontal=False, outward=1.0)
    return top, bottom, left, right


def _robust_line(
    along: np.ndarray, offset: np.ndarray, horizontal: bool, outward: float
) -> np.ndarray:
    """The outline's side through the points (along, offset), the outside being where the
    offset grows in the sign of ``outward``: of the candidate lines through pairs of points,
    the one with the most points within :data:`LINE_TOLERANCE_PX` and the fewest beyond it
    (a side is an envelope: a ragged edge's inner points must not pull it in), refitted by
    least squares on its points. Under strong perspective a third of the rows' first symbol
    pixels lie on the slanted top or bottom edge, not on the side: a least-squares fit, even
    trimmed, follows them."""
    count = len(along)
    first, second = np.random.default_rng(LINE_SEED).integers(0, count, (2, LINE_CANDIDATES))
    apart = along[first] != along[second]
    first, second = first[apart], second[apart]
    if len(first) == 0:
        return _as_line(np.polyfit(along, offset, 1), horizontal)
    slopes = (offset[second] - offset[first]) / (along[second] - along[first])
    intercepts = offset[first] - slopes * along[first]
    beyond = outward * (offset[None, :] - (slopes[:, None] * along[None, :] + intercepts[:, None]))
    inliers = np.abs(beyond) <= LINE_TOLERANCE_PX
    outside = beyond > LINE_TOLERANCE_PX
    score = inliers.sum(axis=1) - OUTSIDE_PENALTY * outside.sum(axis=1)
    best = inliers[int(np.argmax(score))]
    if best.sum() < 4:
        best = np.ones(count, dtype=bool)
    return _as_line(np.polyfit(along[best], offset[best], 1), horizontal)


def _as_line(fit: np.ndarray, horizontal: bool) -> np.ndarray:
    """The line offset = slope * along + intercept (``fit`` = slope, intercept) as (a, b, c)
    with a x + b y + c = 0."""
    slope, intercept = float(fit[0]), float(fit[1])
    if horizontal:  # y = slope * x + intercept
        return np.array([slope, -1.0, intercept])
    return np.array([-1.0, slope, intercept])  # x = slope * y + intercept


def _cross(first: np.ndarray, second: np.ndarray) -> Point | None:
    """Intersection of two lines in (a, b, c) form, or None when parallel."""
    point = np.cross(first, second)
    if abs(point[2]) < 1e-9:
        return None
    return float(point[0] / point[2]), float(point[1] / point[2])
