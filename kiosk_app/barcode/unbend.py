"""A bent card's symbol straightened: rows that sag in the middle are shifted back column by
column.

A card bowed along its length shows its symbol's rows as curves: the middle columns lie lower
than the ends (by 30 px, three rows, on a card whose rows sag 42 px). zxing-cpp follows rows
as straight lines, so it reads such a symbol only after a small turn happens to line up
enough of it. The symbol's top and bottom edges show the bend: per block of columns, the
longest run of rows holding ink is the symbol's height there; a parabola through the runs'
middles gives each column's sag, and shifting every column up by it straightens the rows.
A symbol whose middles lie on a line (upright, tilted, or in perspective) is not bent.
"""

from __future__ import annotations

import numpy as np

from kiosk_app.barcode.enhance import View

# Columns per block whose rows are judged together.
BLOCK_PX = 16
# A row of a block holds ink when at least this part of its pixels is dark (a block of a
# symbol always crosses a bar: no space is wider than 6 modules).
INK_FRACTION = 0.1
# Blocks whose longest inked run of rows is at least this part of the longest are the
# symbol's (beside it: a printed line, or nothing).
SYMBOL_RUN_FRACTION = 0.7
# At least this many blocks of the symbol, else no estimate.
MIN_BLOCKS = 8
# A block's middle farther than this from the fitted curve is left out of the fit.
OUTLIER_PX = 4.0
# Below this sag (pixels between the symbol's middle and its ends) the symbol is not bent.
MIN_SAG_PX = 4.0


def sag(grey: np.ndarray) -> np.ndarray | None:
    """Per column, how far (pixels) the symbol's rows lie below where they lie in the middle
    column, from the parabola through its blocks' middles; ``None`` when the symbol is not
    bent (or no symbol is found)."""
    if grey.ndim != 2 or grey.shape[1] < MIN_BLOCKS * BLOCK_PX or grey.shape[0] < 16:
        return None
    low, high = np.percentile(grey[::2, ::2], (2.0, 98.0))
    if high - low < 16:
        return None
    dark = grey < 0.5 * (float(low) + float(high))
    blocks = grey.shape[1] // BLOCK_PX
    ink = dark[:, : blocks * BLOCK_PX].reshape(grey.shape[0], blocks, BLOCK_PX).mean(axis=2)
    runs = [_longest_run(ink[:, block] >= INK_FRACTION) for block in range(blocks)]
    lengths = np.array([end - start for start, end in runs], dtype=float)
    symbol = lengths >= SYMBOL_RUN_FRACTION * lengths.max()
    if int(symbol.sum()) < MIN_BLOCKS:
        return None
    xs = (np.flatnonzero(symbol) + 0.5) * BLOCK_PX
    middles = np.array([0.5 * (runs[b][0] + runs[b][1]) for b in np.flatnonzero(symbol)])
    keep = np.ones(xs.size, dtype=bool)
    for _ in range(2):
        if int(keep.sum()) < MIN_BLOCKS:
            return None
        curve = np.polyfit(xs[keep], middles[keep], 2)
        keep = np.abs(np.polyval(curve, xs) - middles) <= OUTLIER_PX
    centre = 0.5 * (xs[keep].min() + xs[keep].max())
    half = 0.5 * (xs[keep].max() - xs[keep].min())
    if abs(float(curve[0])) * half * half < MIN_SAG_PX:
        return None
    columns = np.arange(grey.shape[1], dtype=float)
    # Only the bend: the parabola's square term about the symbol's middle column.
    result: np.ndarray = float(curve[0]) * (columns - centre) ** 2
    return result


def unbent(view: View) -> View | None:
    """``view`` with each column shifted up by its :func:`sag` (rows straightened), ``None``
    when the symbol is not bent. The back-map is the view's own: corners are reported within
    the sag of where they lie."""
    shift = sag(view.pixels)
    if shift is None:
        return None
    height = view.pixels.shape[0]
    rows = np.clip(np.arange(height, dtype=float)[:, None] + shift[None, :], 0, height - 1)
    top = np.floor(rows).astype(np.intp)
    bottom = np.minimum(top + 1, height - 1)
    weight = rows - top
    columns = np.arange(view.pixels.shape[1])[None, :]
    values = view.pixels[top, columns] * (1.0 - weight) + view.pixels[bottom, columns] * weight
    return view.then(np.clip(values + 0.5, 0, 255).astype(np.uint8), np.eye(3))


def _longest_run(flags: np.ndarray) -> tuple[int, int]:
    """The (start, end) rows of the longest run of True in ``flags`` ((0, 0) when none)."""
    padded = np.concatenate(([False], flags, [False]))
    changes = np.flatnonzero(padded[1:] != padded[:-1])
    if changes.size == 0:
        return 0, 0
    starts, ends = changes[::2], changes[1::2]
    best = int(np.argmax(ends - starts))
    return int(starts[best]), int(ends[best])
