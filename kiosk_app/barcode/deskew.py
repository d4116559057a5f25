"""Where a PDF417 symbol lies in a picture and how far it is tilted.

zxing-cpp reads PDF417 only within a few degrees of a quarter turn, so a tilted card has to be
turned upright before decoding. A PDF417 symbol is a block of parallel bars, which gives it a
strong, coherent local gradient direction; text, photos and plain background do not. The
estimator splits a grey image into tiles, computes each tile's structure tensor (gradient
energy, dominant direction, coherence), keeps the energetic and coherent tiles, and takes the
dominant direction of those tiles (a weighted histogram, then a weighted circular mean around
its peak). The tiles that agree with that direction also give a bounding box, so a large photo
can be cropped before the slower attempts; the symbol's own box (where blur is measured) is
the most energetic compact block of tiles, which leaves out a card's edges and printed lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image

# Longest side (pixels) the estimator works on; bigger images are reduced first.
ESTIMATE_MAX_SIDE = 2000
TILE_PX = 16
# A tile counts as "bar-like" when its orientation is this coherent (0..1) ...
MIN_COHERENCE = 0.55
# ... and its gradient energy reaches this fraction of the strong tiles' energy.
MIN_ENERGY_FRACTION = 0.08
# Symbol tiles hold many bar edges each, a card's edge or a printed line's end only one: the
# symbol's own box takes the tiles with at least this fraction of the strong tiles' energy.
DENSE_ENERGY_FRACTION = 0.3
# Fewer agreeing tiles than this: no estimate (too little evidence of a symbol).
MIN_SYMBOL_TILES = 6
# Tiles within this many degrees of the peak belong to the symbol (wide enough for the
# converging bars of a card seen in perspective).
AGREEMENT_DEG = 15.0
# The bounding box takes tiles within this many degrees (the outer bars of a card in strong
# perspective converge by more than the angle window allows).
BOX_AGREEMENT_DEG = 35.0
# The symbol is a compact block of edges; a card's edge or a printed line is a line of tiles
# one or two wide, however sharp. Tile energy averaged over a square of this many tiles keeps
# the block and dilutes the lines ...
BLOCK_TILES = 5
# ... and the tiles whose averaged energy reaches this fraction of the highest make blocks.
BLOCK_ENERGY_FRACTION = 0.3
# When the symbol's block covers less than this part of the picture, its tilt can be measured
# again on the block alone (:func:`block_angle`): in the whole picture a card's edges and
# printed lines weigh in, and the weak, aliased bars of a 1.3 px/module symbol barely count (a
# card tilted 12 deg in a 1280x720 frame measured 8-10 deg, which zxing-cpp cannot read; on
# the block 12.1-12.7).
REFINE_BELOW_FRACTION = 0.5


@dataclass(frozen=True)
class SymbolEstimate:
    """Estimated tilt (degrees, -45..45, counter-clockwise positive) and box of a symbol.

    ``box`` is (left, top, right, bottom) in the pixel coordinates of the analysed image.
    """

    angle: float
    box: tuple[int, int, int, int]
    tiles: int
    core_box: tuple[int, int, int, int] | None = None

    @property
    def symbol_box(self) -> tuple[int, int, int, int]:
        """The box of the symbol itself: the most energetic compact block of edges, without
        a card's or desk's straight edges or printed lines (``box`` when there is none)."""
        return self.core_box or self.box


def estimate_symbol_angle(grey: np.ndarray) -> float | None:
    """The tilt of the dominant bar pattern in degrees from the nearest quarter turn.

    Positive means the symbol is turned counter-clockwise as seen on screen; rotating the
    image by ``angle`` clockwise (``PIL.Image.rotate(-angle)``) makes it upright.
    ``None`` when the image shows no bar-like region.
    """
    estimate = estimate_symbol(grey)
    return None if estimate is None else estimate.angle


def estimate_symbol(grey: np.ndarray) -> SymbolEstimate | None:
    """Tilt and bounding box of the most prominent bar-coded region, or ``None``."""
    if grey.ndim != 2 or min(grey.shape) < 2 * TILE_PX:
        return None
    if grey.dtype != np.uint8:
        grey = np.clip(grey, 0, 255).astype(np.uint8)
    factor = max(1, int(np.ceil(max(grey.shape) / ESTIMATE_MAX_SIDE)))
    small = _reduce(grey, factor)
    energy, direction, coherence = _tile_tensors(small)
    strong = np.percentile(energy, 98)
    if strong <= 0:
        return None
    candidate = (coherence >= MIN_COHERENCE) & (energy >= MIN_ENERGY_FRACTION * strong)
    if int(candidate.sum()) < MIN_SYMBOL_TILES:
        return None
    weights = energy * coherence
    peak = _histogram_peak(direction[candidate], weights[candidate])
    agree = candidate & (_angular_distance(direction, peak) <= AGREEMENT_DEG)
    if int(agree.sum()) < MIN_SYMBOL_TILES:
        return None
    refined = _circular_mean(direction[agree], weights[agree])
    near = candidate & (_angular_distance(direction, peak) <= BOX_AGREEMENT_DEG)
    box = _tile_box(near, factor, grey.shape)
    block = _energy_block(energy)
    if block is None:
        dense = agree & (energy >= DENSE_ENERGY_FRACTION * strong)
        block = dense if int(dense.sum()) >= MIN_SYMBOL_TILES else None
    core = None if block is None else _tile_box(block, factor, grey.shape)
    return SymbolEstimate(_to_quarter_turn(refined), box, int(agree.sum()), core)


def block_angle(grey: np.ndarray, estimate: SymbolEstimate) -> float:
    """The tilt of ``estimate``'s symbol measured on its own block of ``grey`` when that block
    is a small part of the picture (see :data:`REFINE_BELOW_FRACTION`), else its tilt."""
    if estimate.core_box is None:
        return estimate.angle
    left, top, right, bottom = estimate.core_box
    if (right - left) * (bottom - top) >= REFINE_BELOW_FRACTION * grey.shape[0] * grey.shape[1]:
        return estimate.angle
    inner = estimate_symbol(grey[top:bottom, left:right])
    return estimate.angle if inner is None else inner.angle


def _energy_block(energy: np.ndarray) -> np.ndarray | None:
    """The tiles of the most energetic compact block (the symbol, see :data:`BLOCK_TILES`):
    of the connected regions of high block-averaged energy, the one holding the most tile
    energy; ``None`` when it is smaller than :data:`MIN_SYMBOL_TILES` tiles."""
    averaged = _box_mean(energy, BLOCK_TILES)
    top = float(averaged.max())
    if top <= 0:
        return None
    labels, count = _components(averaged >= BLOCK_ENERGY_FRACTION * top)
    if count == 0:
        return None
    totals = np.bincount(labels.ravel(), weights=energy.ravel(), minlength=count + 1)
    totals[0] = 0.0
    block: np.ndarray = labels == int(np.argmax(totals))
    return block if int(block.sum()) >= MIN_SYMBOL_TILES else None


def _box_mean(values: np.ndarray, size: int) -> np.ndarray:
    """Mean over a ``size`` x ``size`` square around each element (zero outside)."""
    half = size // 2
    padded = np.pad(values, ((half + 1, half), (half + 1, half)))
    sums = padded.cumsum(axis=0).cumsum(axis=1)
    result: np.ndarray = (
        sums[size:, size:] - sums[:-size, size:] - sums[size:, :-size] + sums[:-size, :-size]
    ) / (size * size)
    return result


def _components(mask: np.ndarray) -> tuple[np.ndarray, int]:
    """4-connected regions of ``mask``: a label per element (0: outside) and their count."""
    labels = np.zeros(mask.shape, dtype=np.int32)
    count = 0
    rows, cols = mask.shape
    for start in zip(*np.nonzero(mask), strict=True):
        if labels[start]:
            continue
        count += 1
        labels[start] = count
        stack = [start]
        while stack:
            row, col = stack.pop()
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                if 0 <= r < rows and 0 <= c < cols and mask[r, c] and not labels[r, c]:
                    labels[r, c] = count
                    stack.append((r, c))
    return labels, count


def _reduce(grey: np.ndarray, factor: int) -> np.ndarray:
    """Box-average ``grey`` by an integer factor (float32 result; Pillow's C reduce is fast)."""
    if factor > 1:
        grey = np.asarray(Image.fromarray(grey).reduce(factor))
    return grey.astype(np.float32)


def _tile_tensors(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per tile: gradient energy, dominant gradient direction (degrees, 0..180), coherence."""
    gx, gy = _scharr(image)
    rows = gx.shape[0] // TILE_PX
    cols = gx.shape[1] // TILE_PX

    def tile_sum(values: np.ndarray) -> np.ndarray:
        cut = values[: rows * TILE_PX, : cols * TILE_PX]
        result: np.ndarray = cut.reshape(rows, TILE_PX, cols, TILE_PX).sum(axis=(1, 3))
        return result

    jxx = tile_sum(gx * gx)
    jyy = tile_sum(gy * gy)
    jxy = tile_sum(gx * gy)
    energy = jxx + jyy
    spread = np.hypot(jxx - jyy, 2.0 * jxy)
    coherence = np.divide(spread, energy, out=np.zeros_like(energy), where=energy > 0)
    # Image rows grow downwards; negate y so the angle is counter-clockwise on screen.
    direction = np.degrees(0.5 * np.arctan2(-2.0 * jxy, jxx - jyy)) % 180.0
    return energy, direction, coherence


def _scharr(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Scharr gradients (valid region, 2 px smaller each way): nearly rotation-invariant,
    unlike a plain central difference, which biases fine bar patterns towards the diagonals.
    Separable: smooth across, then difference along (few full-size temporaries)."""
    across = 3.0 * image[:-2] + 10.0 * image[1:-1] + 3.0 * image[2:]
    gx = across[:, 2:] - across[:, :-2]
    down = 3.0 * image[:, :-2] + 10.0 * image[:, 1:-1] + 3.0 * image[:, 2:]
    gy = down[2:] - down[:-2]
    return gx, gy


def _histogram_peak(directions: np.ndarray, weights: np.ndarray) -> float:
    """The most supported direction (1-degree bins, circularly smoothed over 180 degrees)."""
    hist, _ = np.histogram(directions, bins=180, range=(0.0, 180.0), weights=weights)
    kernel = np.array([1.0, 2.0, 3.0, 2.0, 1.0])
    padded = np.concatenate([hist[-2:], hist, hist[:2]])
    smooth = np.convolve(padded, kernel, mode="valid")
    return float(np.argmax(smooth)) + 0.5


def _angular_distance(directions: np.ndarray, reference: float) -> np.ndarray:
    """Distance in degrees between axial directions (period 180)."""
    diff = np.abs((directions - reference) % 180.0)
    return np.minimum(diff, 180.0 - diff)


def _circular_mean(directions: np.ndarray, weights: np.ndarray) -> float:
    """Weighted mean of axial directions (doubled-angle average), degrees in 0..180."""
    doubled = np.radians(directions * 2.0)
    mean = np.arctan2((weights * np.sin(doubled)).sum(), (weights * np.cos(doubled)).sum())
    return float(np.degrees(mean) / 2.0) % 180.0


def _to_quarter_turn(direction: float) -> float:
    """A direction in 0..180 as the offset (-45..45) from the nearest quarter turn."""
    offset = direction % 90.0
    return offset - 90.0 if offset > 45.0 else offset


def _tile_box(mask: np.ndarray, factor: int, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Bounding box (full-resolution pixels) of the marked tiles, with a margin of two tiles
    or a tenth of the box, whichever is larger (quiet zone and edge tiles)."""
    rows = np.nonzero(mask.any(axis=1))[0]
    cols = np.nonzero(mask.any(axis=0))[0]
    step = TILE_PX * factor
    left, right = int(cols[0]) * step, (int(cols[-1]) + 1) * step
    top, bottom = int(rows[0]) * step, (int(rows[-1]) + 1) * step
    margin = max(2 * step, (max(right - left, bottom - top)) // 10)
    return (
        max(0, left - margin),
        max(0, top - margin),
        min(int(shape[1]), right + margin),
        min(int(shape[0]), bottom + margin),
    )
