"""Reading through a glare band: the codewords under it as erasures, then a clean re-render.

A saturated stripe across every row of a symbol (a lamp's reflection on a laminated card)
wipes out one or two codeword columns: one lost codeword per row, more than zxing-cpp
corrects, as it takes every unreadable codeword for an error (each costs two error correction
codewords) and gives up past a few. Their positions are known, though: the band's columns.
So:

1. the band is found (:func:`kiosk_app.barcode.enhance.glare_band_columns`; no band, no
   work);
2. the codeword matrix is read with the band's columns unknown
   (:func:`kiosk_app.barcode.codewords.read_matrix`): codewords under the band are erasures,
   or guesses when the modules that were seen leave one value of the row's cluster;
3. Reed-Solomon over GF(929) corrects the erasures (and errors among the guesses) with
   syndromes to spare (:func:`kiosk_app.barcode.reed_solomon.correct`); when the band leaves
   more erasures than that allows (half over two codewords of each row), the values their
   seen modules allow are what checks an exact solution
   (:func:`kiosk_app.barcode.reed_solomon.correct_with_candidates`);
4. the corrected codewords are drawn as a clean symbol (``pdf417gen``'s renderer) for
   zxing-cpp to decode: its high-level decoder (text, byte and numeric compaction, macro
   blocks) turns them into the payload, and it checks the error correction once more.

The view returned is that clean symbol; it maps back onto the symbol's place in the picture.
"""

from __future__ import annotations

import numpy as np
from pdf417gen.encoding import encode_rows
from pdf417gen.rendering import render_image

from kiosk_app.barcode import enhance
from kiosk_app.barcode.codewords import CodewordMatrix, read_matrix
from kiosk_app.barcode.enhance import View
from kiosk_app.barcode.reed_solomon import (
    UncorrectableError,
    correct,
    correct_with_candidates,
)

__all__ = ["SPARE_EC", "corrected_codewords", "erasure_read"]

#: Error correction codewords left unused by a correction (erasures + 2 x errors may reach
#: the symbol's count less this): the syndromes they leave check the result, so a word too
#: damaged to correct is refused rather than turned into another codeword.
SPARE_EC = 2
#: Grey from which a pixel counts as clipped by the band: below the glare fill's
#: (:data:`~kiosk_app.barcode.enhance.SATURATED_GREY`), as noise of 4 grey levels on a
#: clipped highlight leaves over a tenth of its pixels under that, and a band this step does
#: not see is not read; paper stays darker.
BAND_GREY = 245
#: Pixels per module of the clean re-render, its rows' height in modules, and its quiet zone
#: (pixels).
RENDER_MODULE_PX = 2
RENDER_ROW_MODULES = 3
RENDER_QUIET_PX = 20


def corrected_codewords(matrix: CodewordMatrix) -> list[int] | None:
    """The symbol's codewords with the erasures (and errors) corrected, or ``None``.

    First the correction with :data:`SPARE_EC` error correction codewords to spare, the
    guesses erased too when the erasures leave room for them (nothing is assumed), else
    counted as read values (any wrong one an error); then, for more erasures, the exact
    solution the values listed for them must check."""
    erasures = matrix.erasures
    cautious = sorted({*erasures, *matrix.guesses})
    attempts = [cautious, erasures] if len(cautious) <= matrix.num_ec - SPARE_EC else [erasures]
    for erased in attempts:
        try:
            return correct(matrix.codewords, matrix.num_ec, erased, spare=SPARE_EC)
        except UncorrectableError:
            continue
    # Too many erasures for the correction with spare syndromes: solved exactly, checked by
    # the values the seen modules allow instead.
    listed: dict[int, tuple[int, ...] | None] = {i: None for i in erasures}
    listed.update(matrix.candidates)
    try:
        return correct_with_candidates(matrix.codewords, matrix.num_ec, listed)
    except UncorrectableError:
        return None


def erasure_read(view: View) -> View | None:
    """A clean render of the symbol in ``view`` (bars upright) read through a glare band;
    ``None`` without a band or when its codewords cannot be recovered."""
    band = enhance.glare_band_columns(view.pixels, BAND_GREY)
    if band is None:
        return None
    matrix = read_matrix(view.pixels, band)
    if matrix is None:
        return None
    codewords = corrected_codewords(matrix)
    if codewords is None:
        return None
    return view.then(_render(matrix, codewords), _render_to_view(matrix, view.pixels.shape))


def _render(matrix: CodewordMatrix, codewords: list[int]) -> np.ndarray:
    """The symbol drawn anew from its codewords (grey, black on white)."""
    rows = [
        codewords[row * matrix.columns : (row + 1) * matrix.columns] for row in range(matrix.rows)
    ]
    low_level = list(encode_rows(rows, matrix.columns, matrix.ec_level))
    image = render_image(
        low_level, scale=RENDER_MODULE_PX, ratio=RENDER_ROW_MODULES, padding=RENDER_QUIET_PX
    )
    return np.asarray(image.convert("L"))


def _render_to_view(matrix: CodewordMatrix, shape: tuple[int, ...]) -> np.ndarray:
    """The matrix taking the clean render's pixels to the symbol's place in the view read."""
    row_px = RENDER_MODULE_PX * RENDER_ROW_MODULES
    x_scale = matrix.module / RENDER_MODULE_PX
    y_scale = matrix.row_pitch / row_px
    to_read = np.array(
        [
            [x_scale, 0.0, matrix.left - RENDER_QUIET_PX * x_scale],
            [0.0, y_scale, matrix.top - matrix.row_pitch / 2 - RENDER_QUIET_PX * y_scale],
            [0.0, 0.0, 1.0],
        ]
    )
    if not matrix.upside_down:
        return to_read
    height, width = shape[0], shape[1]
    half_turn = np.array([[-1.0, 0.0, float(width)], [0.0, -1.0, float(height)], [0, 0, 1.0]])
    result: np.ndarray = half_turn @ to_read
    return result
