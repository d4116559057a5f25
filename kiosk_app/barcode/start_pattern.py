"""The blur of a symbol measured on its start pattern: Gaussian (defocus) or a box (motion), and
how wide in modules.

Every row of a PDF417 symbol begins with the same start pattern: a bar of 8 modules, then
alternating spaces and bars of 1 module, a space of 3 and the first codeword's bar, after a
quiet zone of at least 2 modules. Seen through a blur, its left edge is an isolated edge (the
blur's step response) and the pattern as a whole gives the module size, even when its
1-module bars have blurred away. Averaged over the symbol's rows (each aligned on its own
start-bar edge, so a slight slant or perspective does not smear it), the profile is nearly
free of sensor noise, and fitting the blurred pattern to it gives the module size, the blur's
kind and its width. The edge width of :func:`kiosk_app.barcode.deblur.estimate_blur` does not
tell a defocus from a motion, and is in pixels, not modules.

The fit is used where it is unambiguous only: a symbol whose pattern fits a Gaussian better
than a box, and whose defocus is wider than :data:`RECOVERABLE_SIGMA_MODULES`, is beyond what
a deconvolution of one picture recovers (docs/benchmarks.md, "Defocus: where reading stops").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

# The start pattern's elements in modules (bar, space, bar, ...), then the first codeword's
# bar (at least one module; what follows it is unknown and modelled as half ink).
START_PATTERN = (8, 1, 1, 1, 1, 1, 1, 3, 1)
# The quiet zone the fit relies on left of the start bar (the specification's minimum).
QUIET_MODULES = 2
# A defocus (Gaussian sigma) wider than this, in modules, is not read: the defocus sweep
# (`python -m kiosk_app.bench decode --defocus-sweep`) reads up to 0.75-0.85 at 2-4 px a module,
# none at 0.9; the fit's sigma is within about 0.04 of the true one on the benchmark sets.
RECOVERABLE_SIGMA_MODULES = 0.92
# Module sizes (pixels) and blur widths (in modules: Gaussian sigma, or a box's length over
# three so that both grids cover the same widths) searched, coarse then fine.
MODULE_PX_RANGE = (1.2, 8.0)
COARSE_MODULE_STEP = 0.1
FINE_MODULE_STEP = 0.02
BLUR_MODULES_RANGE = (0.05, 1.6)
COARSE_BLUR_STEP = 0.05
FINE_BLUR_STEP = 0.01
# A box of length L has the standard deviation L / sqrt(12).
BOX_PER_SIGMA = float(np.sqrt(12.0))
# Rows used at most (evenly spread over the symbol's rows): plenty to average out the noise.
MAX_ROWS = 160
# Rows of the symbol: those with at least this fraction of the most light/dark changes.
SYMBOL_ROW_CROSSINGS = 0.5
MIN_ROW_CROSSINGS = 12
# A change counts between dark and light beyond this fraction of the contrast either side of
# the middle grey.
HYSTERESIS_FRACTION = 0.15
# A row's start-bar edge must lie within this many pixels of the line fitted through all of
# them, and at least this fraction of the rows must (else it is not one symbol's left edge).
EDGE_TOLERANCE_PX = 2.0
MIN_AGREEING_FRACTION = 0.5
MIN_AGREEING_ROWS = 12
# The fitted pattern must explain the profile to within this fraction of its contrast (root
# mean square); a worse fit (a perspective, a card's edge taken for the start bar) is no fit.
MAX_RESIDUAL_FRACTION = 0.08
# The kind of blur is taken as known when its fit's residual is at most this fraction of the
# other kind's (on the benchmark sets: a defocus of a module 0.6-0.8, a motion of 3 modules
# 0.55-0.7; below half a module both fit alike).
CLEAR_FIT_RATIO = 0.85
# Profile samples per pixel.
SAMPLES_PER_PX = 2


@dataclass(frozen=True)
class PatternBlur:
    """The blur fitted on the start pattern: module size (pixels), blur kind ("defocus" or
    "motion"), its width in modules (a Gaussian's sigma, or a motion's length), the fit's
    residual as a fraction of the contrast, and the other kind's best residual."""

    module_px: float
    kind: str
    width_modules: float
    residual: float
    other_residual: float = float("inf")

    @property
    def clear(self) -> bool:
        """Whether the kind is clear (see :data:`CLEAR_FIT_RATIO`)."""
        return self.residual <= CLEAR_FIT_RATIO * self.other_residual

    @property
    def beyond_recovery(self) -> bool:
        """A defocus wider than :data:`RECOVERABLE_SIGMA_MODULES`, clearly a defocus."""
        return (
            self.kind == "defocus" and self.width_modules > RECOVERABLE_SIGMA_MODULES and self.clear
        )

    @property
    def motion_px(self) -> float | None:
        """The length (pixels, across the bars) of a clear motion blur, else ``None``."""
        if self.kind != "motion" or not self.clear:
            return None
        return self.width_modules * self.module_px


def measure(grey: np.ndarray) -> PatternBlur | None:
    """The blur of the upright symbol in ``grey`` (bars vertical, start pattern on the left),
    or ``None`` when no start pattern is found or none fits well."""
    if grey.ndim != 2 or min(grey.shape) < 16:
        return None
    values = grey.astype(np.float32)
    profile = _aligned_profile(values)
    if profile is None:
        return None
    defocus = _fit(profile, gaussian=True)
    motion = _fit(profile, gaussian=False)
    best, other = sorted((defocus, motion), key=lambda fit: fit.residual)
    if best.residual > MAX_RESIDUAL_FRACTION:
        return None
    return replace(best, other_residual=other.residual)


def _aligned_profile(values: np.ndarray) -> np.ndarray | None:
    """The symbol rows' mean profile, each row shifted so its start bar's left edge is at 0
    (samples at 1 / :data:`SAMPLES_PER_PX` pixel from -:data:`_PROFILE_BEFORE_PX`)."""
    low, high = np.percentile(values[::2, ::2], (2.0, 98.0))
    if high - low < 16.0:
        return None
    middle = 0.5 * float(low + high)
    smooth = (values[:, :-2] + values[:, 1:-1] + values[:, 2:]) / 3.0
    dark = smooth < middle
    changes = _changes(smooth, middle, HYSTERESIS_FRACTION * float(high - low))
    if int(changes.max()) < MIN_ROW_CROSSINGS:
        return None
    rows = np.flatnonzero(changes >= SYMBOL_ROW_CROSSINGS * changes.max())
    if rows.size > MAX_ROWS:
        rows = rows[np.linspace(0, rows.size - 1, MAX_ROWS).astype(np.intp)]
    edges = []
    for row in rows:
        edge = _start_edge(smooth[row], dark[row], middle)
        if edge is not None:
            edges.append((float(row), edge))
    if len(edges) < MIN_AGREEING_ROWS:
        return None
    found = np.array(edges)
    line = _robust_line(found[:, 0], found[:, 1])
    if line is None:
        return None
    keep = np.abs(np.polyval(line, found[:, 0]) - found[:, 1]) <= EDGE_TOLERANCE_PX
    if keep.sum() < max(MIN_AGREEING_ROWS, MIN_AGREEING_FRACTION * len(rows)):
        return None
    kept_rows = found[keep, 0].astype(np.intp)
    # smooth[:, i] is centred on pixel i + 1
    offsets = np.arange(-_PROFILE_BEFORE_PX * SAMPLES_PER_PX, _PROFILE_AFTER_PX * SAMPLES_PER_PX)
    positions = np.polyval(line, kept_rows)[:, None] + 1.0 + offsets[None, :] / SAMPLES_PER_PX
    width = values.shape[1]
    if positions.min() < 0 or positions.max() > width - 1:
        positions = np.clip(positions, 0, width - 1)
    left = np.floor(positions).astype(np.intp)
    right = np.minimum(left + 1, width - 1)
    fraction = positions - left
    picked = values[kept_rows[:, None], left] * (1.0 - fraction)
    picked += values[kept_rows[:, None], right] * fraction
    profile: np.ndarray = picked.mean(axis=0)
    return profile


# Profile extent around the start bar's edge (pixels): the quiet zone of the largest module
# before it, the start pattern and its first codeword bar after it.
_PROFILE_BEFORE_PX = int(np.ceil(QUIET_MODULES * MODULE_PX_RANGE[1]))
_PROFILE_AFTER_PX = int(np.ceil((sum(START_PATTERN) + 1) * MODULE_PX_RANGE[1]))


def _changes(smooth: np.ndarray, middle: float, margin: float) -> np.ndarray:
    """Per row, how often it changes between dark (below ``middle - margin``) and light
    (above ``middle + margin``): the edge of a printed line, whose rows sit at the middle
    grey, does not count its noise as changes."""
    state = np.where(smooth < middle - margin, -1, np.where(smooth > middle + margin, 1, 0))
    columns = np.arange(state.shape[1])[None, :]
    last = np.maximum.accumulate(np.where(state != 0, columns, 0), axis=1)
    held = np.take_along_axis(state, last, axis=1)
    result: np.ndarray = np.count_nonzero(
        (held[:, 1:] != held[:, :-1]) & (held[:, :-1] != 0), axis=1
    )
    return result


def _start_edge(smooth: np.ndarray, dark: np.ndarray, middle: float) -> float | None:
    """The sub-pixel position (in ``smooth``'s columns) of the first dark run's left edge
    that starts and ends inside the row, when that run is at least 4 px wide (the start bar
    is 8 modules)."""
    starts = np.flatnonzero(dark[1:] & ~dark[:-1]) + 1
    ends = np.flatnonzero(~dark[1:] & dark[:-1]) + 1
    if starts.size == 0:
        return None
    start = int(starts[0])
    after = ends[ends > start]
    if after.size == 0 or int(after[0]) - start < 4:
        return None
    before, at = float(smooth[start - 1]), float(smooth[start])
    return start - 1 + (before - middle) / max(before - at, 1e-6)


def _robust_line(rows: np.ndarray, edges: np.ndarray) -> np.ndarray | None:
    """Edge position against row: a line fitted to the median-consistent points, twice."""
    keep = np.abs(edges - np.median(edges)) <= 4.0 * EDGE_TOLERANCE_PX + 0.05 * np.ptp(rows)
    for _ in range(2):
        if keep.sum() < 2:
            return None
        line = np.polyfit(rows[keep], edges[keep], 1)
        keep = np.abs(np.polyval(line, rows) - edges) <= EDGE_TOLERANCE_PX
    if keep.sum() < 2:
        return None
    result: np.ndarray = np.polyfit(rows[keep], edges[keep], 1)
    return result


def _fit(profile: np.ndarray, gaussian: bool) -> PatternBlur:
    """The best module size and blur width for one blur kind, coarse grid then fine."""
    modules = np.arange(*MODULE_PX_RANGE, COARSE_MODULE_STEP)
    module, blur, _ = _grid(profile, modules, _templates(gaussian, fine=False))
    modules = np.arange(module - COARSE_MODULE_STEP, module + COARSE_MODULE_STEP, FINE_MODULE_STEP)
    module, blur, residual = _grid(profile, modules, _templates(gaussian, fine=True))
    width = blur if gaussian else blur * BOX_PER_SIGMA
    return PatternBlur(module, "defocus" if gaussian else "motion", width, residual)


def _grid(
    profile: np.ndarray, modules: np.ndarray, templates: tuple[np.ndarray, np.ndarray]
) -> tuple[float, float, float]:
    """The (module px, blur in modules as a sigma, residual fraction) of the best fit: the
    profile resampled in modules for each module size, and each blurred pattern's ink scaled
    and offset onto it by least squares, over the quiet zone, the pattern and its first
    codeword bar."""
    blurs, inks = templates
    positions = (_MODULE_GRID[None, :] * modules[:, None] + _PROFILE_BEFORE_PX) * SAMPLES_PER_PX
    observed = np.interp(positions.ravel(), np.arange(profile.size), profile).reshape(
        positions.shape
    )
    observed -= observed.mean(axis=1, keepdims=True)
    centred = inks - inks.mean(axis=1, keepdims=True)
    var_ink = (centred * centred).sum(axis=1)
    cov = observed @ centred.T  # (modules, blurs)
    var_obs = (observed * observed).sum(axis=1)[:, None]
    residual = np.maximum(var_obs - cov * cov / np.maximum(var_ink, 1e-9)[None, :], 0.0)
    residual = np.where(cov < 0, residual / _MODULE_GRID.size, np.inf)  # ink is darker
    best = np.unravel_index(int(np.argmin(residual)), residual.shape)
    contrast = max(float(np.ptp(profile)), 1e-6)
    return (
        float(modules[best[0]]),
        float(blurs[best[1]]),
        float(np.sqrt(residual[best])) / contrast,
    )


# Where the fit compares pattern and profile, in modules from the start bar's edge.
_MODULE_GRID = np.arange(-QUIET_MODULES, sum(START_PATTERN) + 1, 1.0 / 8.0)
_TEMPLATES: dict[tuple[bool, bool], tuple[np.ndarray, np.ndarray]] = {}


def _templates(gaussian: bool, fine: bool) -> tuple[np.ndarray, np.ndarray]:
    """The blur widths (a sigma in modules) of the coarse or fine grid and the blurred
    pattern's ink on :data:`_MODULE_GRID` for each (computed once)."""
    key = (gaussian, fine)
    if key not in _TEMPLATES:
        step = FINE_BLUR_STEP if fine else COARSE_BLUR_STEP
        blurs = np.arange(*BLUR_MODULES_RANGE, step)
        inks = _pattern_ink(_MODULE_GRID[None, :], blurs[:, None], gaussian)
        _TEMPLATES[key] = (blurs, inks)
    return _TEMPLATES[key]


def _pattern_ink(v: np.ndarray, sigma: np.ndarray, gaussian: bool) -> np.ndarray:
    """Ink fraction (0..1) at ``v`` modules from the start bar's edge of the start pattern
    blurred by a Gaussian of ``sigma`` modules or a box of the same standard deviation."""
    bounds = np.cumsum((0, *START_PATTERN))
    ink = np.zeros(np.broadcast_shapes(v.shape, sigma.shape))
    for index in range(0, len(START_PATTERN), 2):
        ink += _blurred_step(v - bounds[index], sigma, gaussian)
        ink -= _blurred_step(v - bounds[index + 1], sigma, gaussian)
    ink += 0.5 * _blurred_step(v - bounds[-1], sigma, gaussian)
    return ink


def _blurred_step(x: np.ndarray, sigma: np.ndarray, gaussian: bool) -> np.ndarray:
    """A unit step at 0 blurred by a Gaussian of ``sigma`` or a box of the same deviation."""
    if gaussian:
        return 0.5 * (1.0 + _erf(x / (np.sqrt(2.0) * sigma)))
    half = 0.5 * BOX_PER_SIGMA * sigma
    result: np.ndarray = np.clip((x + half) / (2.0 * half), 0.0, 1.0)
    return result


def _erf(x: np.ndarray) -> np.ndarray:
    """The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7)."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    result: np.ndarray = sign * (1.0 - poly * np.exp(-a * a))
    return result
