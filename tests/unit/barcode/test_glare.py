"""Reading through a glare band: the band found, its codewords erased and corrected, a clean
symbol re-rendered for zxing-cpp; and never a wrong payload. Real zxing-cpp decodes of
generated pictures."""

from __future__ import annotations

import numpy as np
import pytest
import zxingcpp

from kiosk_app.barcode import enhance, glare
from kiosk_app.barcode.codewords import read_matrix
from kiosk_app.barcode.decode import Scanner
from kiosk_app.barcode.errors import NoBarcodeFoundError
from kiosk_app.bench import synthetic
from kiosk_app.bench.camera_grade import licence_payloads
from tests.support.decoding import NO_TIME_LIMIT_S
from tests.unit.barcode.images import LICENCE_PAYLOAD


def _banded(
    centre: float, degrees: float = 0.0, fraction: float = synthetic.GLARE_BAND_FRACTION
) -> np.ndarray:
    """The licence card with a glare band around ``centre``, turned ``degrees``."""
    band = synthetic.glare_band(fraction, centre=centre)
    degrade = synthetic.chain(band, synthetic.rotated(degrees), synthetic.camera_noise())
    return np.asarray(degrade(synthetic.card(LICENCE_PAYLOAD)))


def test_the_band_s_columns_are_found_with_its_soft_edges() -> None:
    pixels = _banded(0.5)
    band = enhance.glare_band_columns(pixels)
    assert band is not None
    columns = np.nonzero(band)[0]
    width = pixels.shape[1]
    # Saturated where the band's soft 6 px edge has not begun (synthetic.glare_band).
    half = synthetic.GLARE_BAND_FRACTION * width / 2 - 3
    assert columns[0] <= 0.5 * width - half and columns[-1] >= 0.5 * width + half
    assert len(columns) < 2 * half + 12
    assert enhance.glare_band_columns(np.asarray(synthetic.card(LICENCE_PAYLOAD))) is None


@pytest.mark.parametrize("centre", [0.38, 0.44, 0.5, 0.56, 0.62])
def test_a_band_over_the_data_is_read_from_its_erased_codewords(centre: float) -> None:
    pixels = _banded(centre)
    view = glare.erasure_read(enhance.source_view(pixels))
    assert view is not None
    results = zxingcpp.read_barcodes(view.pixels)
    assert [result.bytes for result in results] == [LICENCE_PAYLOAD]
    # The clean render's first bar maps back onto the card's (zxing-cpp's symbol is drawn
    # with a quiet zone of 2 modules).
    card = synthetic.card(LICENCE_PAYLOAD)
    symbol = synthetic.render_pdf417(LICENCE_PAYLOAD)
    quiet = 2 * synthetic.CAMERA_MODULE_PX
    first_bar = ((card.width - symbol.width) // 2 + quiet, card.height - symbol.height - 60 + quiet)
    mapped = view.map_point(glare.RENDER_QUIET_PX, glare.RENDER_QUIET_PX)
    assert abs(mapped[0] - first_bar[0]) <= 2 and abs(mapped[1] - first_bar[1]) <= 2


def test_no_band_no_erasure_read() -> None:
    plain = synthetic.chain(synthetic.camera_noise())(synthetic.card(LICENCE_PAYLOAD))
    assert glare.erasure_read(enhance.source_view(np.asarray(plain))) is None


def test_a_band_hiding_more_than_the_error_correction_is_refused() -> None:
    pixels = _banded(0.5, fraction=3.2 * synthetic.GLARE_BAND_FRACTION)
    band = enhance.glare_band_columns(pixels)
    assert band is not None
    matrix = read_matrix(pixels, band)
    assert matrix is not None and len(matrix.erasures) > matrix.num_ec
    assert glare.corrected_codewords(matrix) is None
    assert glare.erasure_read(enhance.source_view(pixels)) is None


# Bands across the whole symbol and turns up to 40 degrees: read exactly, or not at all.
@pytest.mark.parametrize(
    ("centre", "degrees"),
    [(0.25, 0.0), (0.3, 12.0), (0.42, -40.0), (0.62, -40.0), (0.5, 25.0), (0.7, -20.0)],
)
def test_a_glare_band_anywhere_is_read_exactly_or_not_at_all(centre: float, degrees: float) -> None:
    scanner = Scanner(budget_s=NO_TIME_LIMIT_S)
    try:
        decoded = scanner.decode_frame(_banded(centre, degrees))
    except NoBarcodeFoundError:
        return
    assert decoded.payload == LICENCE_PAYLOAD


# Corpus licences whose glare bands leave the most unknowns: more than the spare syndromes
# allow (solved checked by the listed values), and more than the EC codewords (combinations).
@pytest.mark.parametrize(("licence", "name"), [(3, "glare-band"), (6, "glare-band-tilt20")])
def test_the_corpus_licences_hardest_glare_bands_are_read(licence: int, name: str) -> None:
    payload = licence_payloads(licence + 1)[licence]
    degrade = next(d for n, _kind, d in synthetic.bad_day_degradations() if n == name)
    pixels = np.asarray(degrade(synthetic.card(payload)))
    scanner = Scanner(budget_s=NO_TIME_LIMIT_S)
    assert scanner.decode_frame(pixels).payload == payload
    assert scanner.last_attempt == "glare-erasures"


# Over the start pattern or the left row indicator (the symbol's bars begin at 0.244 of the
# card): each row is measured from its stop pattern.
@pytest.mark.parametrize(("centre", "degrees"), [(0.28, 0.0), (0.32, -12.0), (0.3, 20.0)])
def test_a_band_over_the_symbol_s_left_edge_is_read_from_the_stop_patterns(
    centre: float, degrees: float
) -> None:
    scanner = Scanner(budget_s=NO_TIME_LIMIT_S)
    assert scanner.decode_frame(_banded(centre, degrees)).payload == LICENCE_PAYLOAD
    assert scanner.last_attempt == "glare-erasures"


@pytest.mark.parametrize("seed", [0, 1])
def test_a_noisier_band_is_still_found_and_read(seed: int) -> None:
    # Twice the sensor noise: over a tenth of the band's pixels fall below the glare fill's
    # saturated grey, so the fill sees no band; the erasure step does.
    degrade = synthetic.chain(
        synthetic.glare_band(centre=0.44), synthetic.camera_noise(), synthetic.camera_noise(seed)
    )
    pixels = np.asarray(degrade(synthetic.card(LICENCE_PAYLOAD)))
    assert enhance.fill_glare(enhance.source_view(pixels)) is None
    scanner = Scanner(budget_s=NO_TIME_LIMIT_S)
    assert scanner.decode_frame(pixels).payload == LICENCE_PAYLOAD
    assert scanner.last_attempt == "glare-erasures"
