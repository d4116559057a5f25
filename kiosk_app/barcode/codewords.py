"""A PDF417's codeword matrix read from an upright picture of it, with unknown modules allowed.

zxing-cpp decodes a symbol or gives up; it never says which codewords it could not read. This
reader samples the codewords itself, for a symbol whose bars are upright in the picture (a
deskewed view) and some of whose columns of pixels are unknown (a saturated glare band):

1. every pixel row through ink is scanned for the start pattern (from the left) and the stop
   pattern (from the right), which give the row's module width (sub-pixel edges); columns
   near the unknown ones that keep some contrast (a glare band's soft edge) are stretched
   back to the symbol's contrast first. When the start pattern is hidden, a row is measured
   from its stop pattern and the codeword boundaries left of it, with the column count its
   right row indicator gives;
2. the row's left and right row indicators are looked up in the three cluster tables
   (``pdf417gen``'s encoding table, inverted): the cluster and the indicator's value give the
   symbol row the pixel row belongs to, and the indicators together the symbol's row count,
   column count and error correction level;
3. each data codeword's 17 modules are sampled at their centres; a lookup in the row's
   cluster gives its value, and each symbol row takes the value most of its pixel rows agree
   on. A codeword with modules under the unknown columns takes the one value of its cluster
   that matches the modules that are known, when exactly one does (a *guess*); else, as
   any codeword no value is agreed for, it is an *erasure*, with the few values of its
   cluster its known modules allow listed when there are few.

What is read here is only a proposal: the Reed-Solomon correction
(:mod:`kiosk_app.barcode.reed_solomon`) decides, with spare syndromes, whether it is the
symbol's codeword sequence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache

import numpy as np
from pdf417gen.codes import CODES

__all__ = ["CodewordMatrix", "cluster_lookup", "matching_codewords", "read_matrix"]

#: Modules of a codeword.
CODEWORD_MODULES = 17
#: Element widths (modules) of the start and stop patterns, bar first.
START_PATTERN = (8, 1, 1, 1, 1, 1, 1, 3)
STOP_PATTERN = (7, 1, 1, 3, 1, 1, 1, 2, 1)
#: A measured element may differ from its ideal width by this many modules (and this part of
#: its width) before a pattern is rejected.
PATTERN_TOLERANCE_MODULES = 0.6
PATTERN_TOLERANCE_FRACTION = 0.2
#: A symbol's columns of data codewords (ISO/IEC 15438) and rows.
MAX_COLUMNS = 30
MIN_ROWS, MAX_ROWS = 3, 90
#: Codewords per row besides the data: the start pattern, two row indicators, the stop pattern
#: (the stop pattern's extra module is added separately).
FRAME_CODEWORDS = 4
#: Pixel rows that must agree on a symbol row's codeword before it counts as read (and how
#: many times more than any other value it must be seen).
MIN_VOTES = 2
MAJORITY = 2
#: A module under no unknown column but measured on fewer than this many pixel rows of its
#: symbol row is unknown too; a known module's bar or space is what this share agrees on.
MIN_MODULE_SAMPLES = 2
MODULE_AGREEMENT = 0.75
#: Modules at least this wide (pixels): every other pixel row is scanned.
SPARSE_SCAN_MODULE_PX = 2.5
#: The fewest pixel rows with both patterns found for the matrix to be read at all.
MIN_SCANLINES = 6
#: The least difference (grey levels) between the symbol's ink and paper.
MIN_CONTRAST = 16
#: A column of a glare band keeping at least this part of the symbol's contrast is read after
#: a stretch, one with less is unknown.
BAND_MIN_CONTRAST = 0.2
#: A pixel row of the symbol has at least this part of its pixels darker than halfway.
SYMBOL_INK = 0.1
#: Columns this close to the band (pixels) are stretched too: its soft edge dims the ink.
BAND_EDGE_PX = 8
#: An erasure whose seen modules allow at most this many values lists them.
MAX_CANDIDATES = 16
#: Tries at a codeword's sampling positions: shifted by these fractions of a module.
SAMPLE_SHIFTS = (0.0, -0.25, 0.25)


@cache
def cluster_lookup() -> dict[int, tuple[int, int]]:
    """Every codeword's bar pattern (17 bits, the first module the highest) to its cluster
    (0, 1, 2: the row number modulo 3) and value."""
    return {
        pattern: (cluster, value)
        for cluster, table in enumerate(CODES)
        for value, pattern in enumerate(table)
    }


@cache
def _cluster_patterns(cluster: int) -> np.ndarray:
    """The cluster's patterns as a (929, 17) bool array, first module first."""
    table = np.array(CODES[cluster], dtype=np.int64)
    shifts = np.arange(CODEWORD_MODULES - 1, -1, -1)
    return ((table[:, None] >> shifts[None, :]) & 1).astype(bool)


def matching_codewords(cluster: int, bars: np.ndarray, known: np.ndarray) -> np.ndarray:
    """The values of ``cluster`` whose modules equal ``bars`` wherever ``known``."""
    patterns = _cluster_patterns(cluster)
    agree = (patterns == bars[None, :]) | ~known[None, :]
    return np.nonzero(agree.all(axis=1))[0]


@dataclass(frozen=True)
class CodewordMatrix:
    """The symbol's codewords in reading order (row by row, data columns only).

    ``erasures`` are the indices no value was read for (their value is 0), ``guesses`` those
    whose value is the only one of its cluster matching the modules that were seen."""

    rows: int
    columns: int
    ec_level: int
    codewords: list[int]
    erasures: list[int]
    guesses: list[int]
    # For some erasures, the few values the modules seen of them allow.
    candidates: dict[int, tuple[int, ...]]
    # Where the symbol lies in the picture read: the start pattern's left edge, the module
    # width, the first row's centre and the row pitch (pixels).
    left: float = 0.0
    module: float = 1.0
    top: float = 0.0
    row_pitch: float = 1.0
    # Read from the picture turned half a turn (the positions above are in the turned one).
    upside_down: bool = False

    @property
    def num_ec(self) -> int:
        """Error correction codewords at the symbol's level."""
        return int(2 ** (self.ec_level + 1))


@dataclass
class _Scanline:
    """One pixel row across the symbol: its patterns' positions and its samples."""

    y: int
    left: float
    module: float
    columns: int


@dataclass(frozen=True)
class _Sight:
    """One pixel row's samples of a symbol row's data codewords: patterns at each sampling
    shift (shifts x columns), unknown modules and bars (columns x 17)."""

    scan: _Scanline
    row: int
    patterns: np.ndarray
    hidden: np.ndarray
    bars: np.ndarray


@dataclass
class _Cell:
    """What the pixel rows of one symbol row saw of one data codeword."""

    votes: Counter[int] = field(default_factory=Counter)
    bar_counts: np.ndarray = field(default_factory=lambda: np.zeros(CODEWORD_MODULES))
    seen_counts: np.ndarray = field(default_factory=lambda: np.zeros(CODEWORD_MODULES))


def read_matrix(pixels: np.ndarray, unknown_columns: np.ndarray) -> CodewordMatrix | None:
    """The codeword matrix of the upright PDF417 in ``pixels`` (uint8 grey), with the pixel
    columns flagged in ``unknown_columns`` (bool, one per column) taken as unseen; ``None``
    when the symbol's frame (patterns, row indicators) cannot be read. A symbol upside down
    is read turned."""
    matrix = _read(pixels, unknown_columns)
    if matrix is None:
        turned = _read(pixels[::-1, ::-1], unknown_columns[::-1])
        if turned is not None:
            matrix = replace(turned, upside_down=True)
    return matrix


def _read(pixels: np.ndarray, unknown_columns: np.ndarray) -> CodewordMatrix | None:
    known_pixels = pixels[:, ~unknown_columns]
    if known_pixels.size == 0:
        return None
    dark, light = (float(v) for v in np.percentile(known_pixels[::2, ::2], (2.0, 90.0)))
    threshold = (dark + light) / 2.0
    if light - dark < MIN_CONTRAST:
        return None
    # The pixel rows through the symbol have ink (a quiet row between printed lines has none).
    ink = (known_pixels < threshold).mean(axis=1) >= SYMBOL_INK
    inked = np.nonzero(ink)[0]
    values_all, unknown = _evened_band(pixels[inked], unknown_columns, dark, light)
    lookup = cluster_lookup()
    rows_through = list(zip(inked, values_all, strict=True))

    def from_patterns(y: int, values: np.ndarray) -> _Scanline | None:
        return _scanline(y, values, threshold)

    sights, frame_votes = _sights(rows_through, threshold, unknown, lookup, from_patterns)
    if len(sights) < MIN_SCANLINES:
        # The start pattern hidden (a band over the symbol's left edge): each row is measured
        # from its stop pattern and the codeword boundaries left of it.
        counted = _columns_from_right_indicators(rows_through, threshold, unknown, lookup)
        if counted is None:
            return None
        columns_seen: int = counted

        def from_stop(y: int, values: np.ndarray) -> _Scanline | None:
            return _scanline_from_stop(y, values, threshold, columns_seen, unknown)

        sights, frame_votes = _sights(rows_through, threshold, unknown, lookup, from_stop)
    if len(sights) < MIN_SCANLINES:
        return None
    frame = _frame(frame_votes)
    if frame is None:
        return None
    rows, columns, ec_level = frame
    codewords: list[int] = []
    erasures: list[int] = []
    guesses: list[int] = []
    candidates: dict[int, tuple[int, ...]] = {}
    same = [sight for sight in sights if sight.scan.columns == columns and sight.row < rows]
    cells = _cells(same, lookup)
    for row in range(rows):
        for column in range(columns):
            value, allowed = _resolve(cells.get((row, column)), row % 3)
            if value is None:
                if allowed is not None and 0 < len(allowed) <= MAX_CANDIDATES:
                    candidates[len(codewords)] = tuple(int(v) for v in allowed)
                erasures.append(len(codewords))
                value = 0
            elif allowed is not None:
                guesses.append(len(codewords))
            codewords.append(value)
    rows_seen: dict[int, list[int]] = {}
    for sight in same:
        rows_seen.setdefault(sight.row, []).append(sight.scan.y)
    centres = sorted((row, float(np.mean(ys))) for row, ys in rows_seen.items())
    pitch, top = _row_geometry(centres)
    return CodewordMatrix(
        rows=rows,
        columns=columns,
        ec_level=ec_level,
        codewords=codewords,
        erasures=erasures,
        guesses=guesses,
        candidates=candidates,
        left=float(np.median([sight.scan.left for sight in same])) if same else 0.0,
        module=float(np.median([sight.scan.module for sight in same])) if same else 1.0,
        top=top,
        row_pitch=pitch,
    )


def _sights(
    rows_through: list[tuple[np.intp, np.ndarray]],
    threshold: float,
    unknown: np.ndarray,
    lookup: dict[int, tuple[int, int]],
    measure: Callable[[int, np.ndarray], _Scanline | None],
) -> tuple[list[_Sight], Counter[tuple[int, int]]]:
    """Each pixel row's sight of its symbol row (rows ``measure`` finds the symbol's frame in
    and whose row indicators name the row), and the votes of the indicators' facts."""
    sights: list[_Sight] = []
    frame_votes: Counter[tuple[int, int]] = Counter()
    stride = 1
    for index, (y, values) in enumerate(rows_through):
        if index % stride:
            continue
        scan = measure(int(y), values)
        if scan is None:
            continue
        patterns, hidden, bars = _sample_row(values, threshold, scan, unknown)
        indicators = [
            None if hidden[column].any() else _first_found(patterns[:, column], lookup)
            for column in (0, -1)
        ]
        row = _row_number(indicators)
        if row is None:
            continue
        # Rows are at least 3 modules high: with modules of several pixels, every other
        # pixel row still gives each symbol row several sights.
        stride = 2 if scan.module >= SPARSE_SCAN_MODULE_PX else 1
        frame_votes.update(_frame_facts(row, indicators, scan.columns))
        sights.append(_Sight(scan, row, patterns[:, 1:-1], hidden[1:-1], bars[1:-1]))
    return sights, frame_votes


def _columns_from_right_indicators(
    rows_through: list[tuple[np.intp, np.ndarray]],
    threshold: float,
    unknown: np.ndarray,
    lookup: dict[int, tuple[int, int]],
) -> int | None:
    """The data column count the right row indicators of cluster 0 agree on (they carry it),
    each read just left of its row's stop pattern."""
    votes: Counter[int] = Counter()
    for _y, values in rows_through:
        stop = _stop_pattern(values, threshold)
        if stop is None:
            continue
        module = (stop[1] - stop[0]) / sum(STOP_PATTERN)
        scan = _Scanline(0, stop[0] - 3 * CODEWORD_MODULES * module, module, 0)
        patterns, hidden, _bars = _sample_row(values, threshold, scan, unknown)
        found = None if hidden[-1].any() else _first_found(patterns[:, -1], lookup)
        if found is not None and found[0] == 0:
            votes[found[1] % 30 + 1] += 1
    ranked = votes.most_common(2)
    if not ranked or ranked[0][1] < MIN_SCANLINES:
        return None
    if len(ranked) > 1 and ranked[0][1] < MAJORITY * ranked[1][1]:
        return None
    return ranked[0][0] if ranked[0][0] <= MAX_COLUMNS else None


def _stop_pattern(values: np.ndarray, threshold: float) -> tuple[float, float] | None:
    """(left, right) edges of the row's rightmost stop pattern."""
    edges = _edges(values, threshold)
    return _find_pattern(edges, STOP_PATTERN, bool(values[0] >= threshold), from_left=False)


def _scanline_from_stop(
    y: int, values: np.ndarray, threshold: float, columns: int, unknown: np.ndarray
) -> _Scanline | None:
    """The row measured from its stop pattern alone: walking left, each codeword boundary (a
    space to bar edge) is snapped to where the module width so far puts it, the width refitted
    on every boundary found; boundaries in unknown columns are passed over."""
    edges = _edges(values, threshold)
    enters_bar_first = bool(values[0] >= threshold)
    stop = _find_pattern(edges, STOP_PATTERN, enters_bar_first, from_left=False)
    if stop is None:
        return None
    into_bars = edges[(np.arange(len(edges)) % 2 == 0) == enters_bar_first]
    module = (stop[1] - stop[0]) / sum(STOP_PATTERN)
    found = [(0, stop[0])]
    boundary = stop[0]
    for step in range(1, columns + 3):
        expected = boundary - CODEWORD_MODULES * module
        nearest = into_bars[np.argmin(np.abs(into_bars - expected))] if len(into_bars) else None
        pixel = int(np.clip(expected, 0, len(unknown) - 1))
        if nearest is None or abs(nearest - expected) > module / 2 or unknown[pixel]:
            boundary = expected
            continue
        boundary = float(nearest)
        found.append((step, boundary))
        steps = np.array([k for k, _x in found], dtype=np.float64)
        places = np.array([x for _k, x in found])
        if len(found) >= 2:
            module = -float(np.polyfit(steps, places, 1)[0]) / CODEWORD_MODULES
    if len(found) < 3:
        return None
    modules = (columns + FRAME_CODEWORDS) * CODEWORD_MODULES + 1
    return _Scanline(y, stop[1] - modules * module, module, columns)


def _cells(
    sights: list[_Sight], lookup: dict[int, tuple[int, int]]
) -> dict[tuple[int, int], _Cell]:
    """What the pixel rows of each symbol row saw of each of its data codewords."""
    cells: dict[tuple[int, int], _Cell] = {}
    for sight in sights:
        cluster = sight.row % 3
        seen = ~sight.hidden
        clear: np.ndarray = ~np.any(sight.hidden, axis=1)
        for column in range(sight.scan.columns):
            cell = cells.setdefault((sight.row, column), _Cell())
            if clear[column]:
                found = _first_found(sight.patterns[:, column], lookup, cluster)
                if found is not None:
                    cell.votes[found[1]] += 1
            cell.bar_counts += sight.bars[column] & seen[column]
            cell.seen_counts += seen[column]
    return cells


def _row_geometry(centres: list[tuple[int, float]]) -> tuple[float, float]:
    """(pitch, first row's centre) of the symbol rows from their measured centres."""
    if len(centres) < 2:
        return 1.0, centres[0][1] if centres else 0.0
    rows = np.array([row for row, _y in centres], dtype=np.float64)
    ys = np.array([y for _row, y in centres], dtype=np.float64)
    pitch, top = np.polyfit(rows, ys, 1)
    return float(pitch), float(top)


def _edges(values: np.ndarray, threshold: float) -> np.ndarray:
    """Sub-pixel positions where ``values`` cross ``threshold`` (pixel centres at i + 0.5)."""
    below = values < threshold
    crossings = np.nonzero(below[1:] != below[:-1])[0]
    before, after = values[crossings], values[crossings + 1]
    fraction = (threshold - before) / (after - before)
    positions: np.ndarray = crossings + 0.5 + fraction
    return positions


def _scanline(y: int, values: np.ndarray, threshold: float) -> _Scanline | None:
    """The row's start and stop patterns, module width and column count, if both are found."""
    edges = _edges(values, threshold)
    if len(edges) < len(START_PATTERN) + len(STOP_PATTERN) + 2:
        return None
    enters_bar_first = bool(values[0] >= threshold)
    start = _find_pattern(edges, START_PATTERN, enters_bar_first, from_left=True)
    stop = _find_pattern(edges, STOP_PATTERN, enters_bar_first, from_left=False)
    if start is None or stop is None or stop[1] <= start[0]:
        return None
    module_guess = (start[1] - start[0]) / sum(START_PATTERN)
    span = stop[1] - start[0]
    columns = round((span / module_guess - FRAME_CODEWORDS * CODEWORD_MODULES - 1) / 17)
    if not 1 <= columns <= MAX_COLUMNS:
        return None
    modules = (columns + FRAME_CODEWORDS) * CODEWORD_MODULES + 1
    module = span / modules
    if abs(module - module_guess) > PATTERN_TOLERANCE_FRACTION * module:
        return None
    return _Scanline(y, start[0], module, columns)


def _find_pattern(
    edges: np.ndarray, pattern: tuple[int, ...], enters_bar_first: bool, from_left: bool
) -> tuple[float, float] | None:
    """(left, right) edges of the first ``pattern`` (bar first) from the given side."""
    count = len(pattern)
    if len(edges) <= count:
        return None
    widths = np.diff(edges)
    module = (edges[count:] - edges[:-count]) / sum(pattern)
    # Both patterns begin with their widest bar: only windows that do are measured whole.
    shortest_first = pattern[0] * (1 - PATTERN_TOLERANCE_FRACTION) - PATTERN_TOLERANCE_MODULES
    starts = widths[: len(module)] >= shortest_first * module
    # Edge i enters a bar when i is even and the row starts light.
    starts &= (np.arange(len(module)) % 2 == 0) == enters_bar_first
    candidates = np.nonzero(starts)[0]
    if len(candidates) == 0:
        return None
    windows = widths[candidates[:, None] + np.arange(count)[None, :]]
    ideal = np.array(pattern, dtype=np.float64)[None, :] * module[candidates][:, None]
    tolerance = PATTERN_TOLERANCE_MODULES * module[candidates][:, None]
    tolerance = tolerance + PATTERN_TOLERANCE_FRACTION * ideal
    found = candidates[np.all(np.abs(windows - ideal) <= tolerance, axis=1)]
    if len(found) == 0:
        return None
    i = int(found[0] if from_left else found[-1])
    return float(edges[i]), float(edges[i + count])


def _first_found(
    patterns: np.ndarray, lookup: dict[int, tuple[int, int]], cluster: int | None = None
) -> tuple[int, int] | None:
    """(cluster, value) of the first of a codeword's samplings (one per shift) that is a
    codeword (of ``cluster`` when given)."""
    for pattern in patterns:
        found = lookup.get(int(pattern))
        if found is not None and (cluster is None or found[0] == cluster):
            return found
    return None


def _sample_row(
    values: np.ndarray, threshold: float, scan: _Scanline, unknown: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One pixel row's codewords, the row indicators included (index 0 and -1): their
    patterns at each of :data:`SAMPLE_SHIFTS` (shifts x codewords), which modules lie on
    unknown pixels and the modules' bars unshifted (codewords x 17 each)."""
    count = scan.columns + 2
    offsets = (
        CODEWORD_MODULES * (1 + np.arange(count))[:, None]
        + np.arange(CODEWORD_MODULES)[None, :]
        + 0.5
    )
    shifts = np.array(SAMPLE_SHIFTS)[:, None, None]
    centres = scan.left + (offsets[None, :, :] + shifts) * scan.module
    samples = np.interp(centres - 0.5, np.arange(len(values)), values)
    bars = samples < threshold
    weights = 1 << np.arange(CODEWORD_MODULES - 1, -1, -1)
    patterns = (bars.astype(np.int64) * weights).sum(axis=2)
    # A module is unknown when any pixel it covers is (pixel i spans i .. i + 1).
    last = len(values) - 1
    first_px = np.clip(np.floor(centres[0] - scan.module / 2).astype(np.intp), 0, last)
    last_px = np.clip(np.floor(centres[0] + scan.module / 2).astype(np.intp), 0, last)
    unknown_before = np.concatenate(([0], np.cumsum(unknown)))
    hidden = unknown_before[last_px + 1] - unknown_before[first_px] > 0
    return patterns, hidden, bars[0]


def _evened_band(
    pixels: np.ndarray, unknown_columns: np.ndarray, dark: float, light: float
) -> tuple[np.ndarray, np.ndarray]:
    """The pixels (the symbol's rows) as floats, the columns of the band stretched back to the
    symbol's contrast where some is left (a glare band's soft edge washes bars out without
    clipping them), and the columns left unknown (too little contrast)."""
    values = pixels.astype(np.float64)
    unknown = unknown_columns.copy()
    marked = np.nonzero(unknown_columns)[0]
    if len(marked) == 0:
        return values, unknown
    near = np.zeros_like(unknown_columns)
    for offset in range(-BAND_EDGE_PX, BAND_EDGE_PX + 1):
        near[np.clip(marked + offset, 0, len(near) - 1)] = True
    band = np.nonzero(near)[0]
    if len(values) == 0:
        return values, near
    column_dark, column_light = np.percentile(values[:, band], (2.0, 90.0), axis=0)
    spread = column_light - column_dark
    readable = spread >= BAND_MIN_CONTRAST * (light - dark)
    for index, column in enumerate(band):
        if readable[index]:
            stretch = (light - dark) / spread[index]
            values[:, column] = dark + (values[:, column] - column_dark[index]) * stretch
            unknown[column] = False
        else:
            unknown[column] = True
    return values, unknown


def _row_number(indicators: list[tuple[int, int] | None]) -> int | None:
    """The symbol row of a pixel row from its row indicators (both, when both were read,
    must agree on the cluster and the row group)."""
    known = [indicator for indicator in indicators if indicator is not None]
    if not known:
        return None
    rows = {3 * (value // 30) + cluster for cluster, value in known}
    if len(rows) != 1:
        return None
    return rows.pop()


def _frame_facts(
    row: int, indicators: list[tuple[int, int] | None], columns: int
) -> Iterator[tuple[int, int]]:
    """What the row indicators say: (kind, value) facts as (0, rows-1 // 3), (1, level*3 +
    rows-1 % 3), (2, columns-1); and (3, columns measured) from the patterns' spacing."""
    left, right = indicators
    cluster = row % 3
    # The left indicator carries (rows, level, columns) in clusters 0, 1, 2; the right one
    # (columns, rows, level).
    if left is not None:
        yield cluster, left[1] % 30
    if right is not None:
        yield (cluster + 2) % 3, right[1] % 30
    yield 3, columns


def _frame(votes: Counter[tuple[int, int]]) -> tuple[int, int, int] | None:
    """(rows, columns, error correction level) agreed by the indicators, or ``None``."""
    best: dict[int, int] = {}
    for kind in range(4):
        counts = [(count, value) for (k, value), count in votes.items() if k == kind]
        if not counts:
            return None
        counts.sort(reverse=True)
        if len(counts) > 1 and counts[0][0] < MAJORITY * counts[1][0]:
            return None
        best[kind] = counts[0][1]
    rows = 3 * best[0] + best[1] % 3 + 1
    ec_level = best[1] // 3
    columns = best[2] + 1
    if columns != best[3] or not MIN_ROWS <= rows <= MAX_ROWS or ec_level > 8:
        return None
    return rows, columns, ec_level


def _resolve(cell: _Cell | None, cluster: int) -> tuple[int | None, np.ndarray | None]:
    """A symbol row's codeword from its pixel rows' sights: (value, None) when read, else
    (None, the values of the cluster its agreed modules allow), (None, None) when nothing
    was agreed (any value). A single allowed value is a guess: (value, that one value)."""
    if cell is None:
        return None, None
    ranked = cell.votes.most_common(2)
    clear = len(ranked) == 1 or (len(ranked) == 2 and ranked[0][1] >= MAJORITY * ranked[1][1])
    if ranked and ranked[0][1] >= MIN_VOTES and clear:
        return ranked[0][0], None
    seen = cell.seen_counts >= MIN_MODULE_SAMPLES
    share = np.divide(cell.bar_counts, cell.seen_counts, out=np.zeros(CODEWORD_MODULES), where=seen)
    bars = share >= 0.5
    agreed = seen & ((share >= MODULE_AGREEMENT) | (share <= 1.0 - MODULE_AGREEMENT))
    if ranked and agreed.all():
        return None, None  # fully seen, yet the pixel rows disagree: not a guess either
    if not agreed.any():
        return None, None
    allowed = matching_codewords(cluster, bars, agreed)
    if len(allowed) == 1:
        return int(allowed[0]), allowed
    return None, allowed
