"""Perspective rectification: the symbol's outline and the rectified read."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from kiosk_app.barcode import enhance
from kiosk_app.barcode.rectify import homography, symbol_quad
from kiosk_app.bench.synthetic import PAPER, render_pdf417, side_perspective
from tests.unit.barcode.images import LICENCE_PAYLOAD

# Where the symbol's corners go (top-left, top-right, bottom-right, bottom-left): the right
# side is shorter, as when the card's right edge is tipped away from the camera.
TARGET = [(150.0, 120.0), (650.0, 170.0), (650.0, 330.0), (150.0, 380.0)]


@pytest.fixture(scope="module")
def keystoned() -> np.ndarray:
    symbol = render_pdf417(LICENCE_PAYLOAD, 3, ec_level="4")
    width, height = symbol.size
    # zxing-cpp's writer adds a quiet zone of 2 modules around the symbol (here 6 px).
    quiet = 6.0
    corners = [(quiet, quiet), (width - quiet, quiet), (width - quiet, height - quiet),
               (quiet, height - quiet)]  # fmt: skip
    to_symbol = homography(TARGET, corners)
    coefficients = tuple(float(v) for v in to_symbol.flatten()[:8])
    picture = symbol.transform(
        (800, 500),
        Image.Transform.PERSPECTIVE,
        coefficients,
        Image.Resampling.BILINEAR,
        fillcolor=PAPER,
    )
    return np.asarray(picture)


def test_outline_of_a_keystoned_symbol(keystoned: np.ndarray) -> None:
    quad = symbol_quad(keystoned)
    assert quad is not None
    for found, expected in zip(quad, TARGET, strict=True):
        assert np.hypot(found[0] - expected[0], found[1] - expected[1]) < 12


# A card tipped 35 % with its top edge slanted: a third of the rows' first bar pixels lie on
# the top or bottom edge, not on the left or right side.
STRONG_TARGET = [(120.0, 150.0), (690.0, 60.0), (650.0, 300.0), (150.0, 400.0)]


def test_outline_of_a_strongly_keystoned_symbol_follows_its_sides() -> None:
    symbol = render_pdf417(LICENCE_PAYLOAD, 3, ec_level="4")
    width, height = symbol.size
    quiet = 6.0
    corners = [(quiet, quiet), (width - quiet, quiet), (width - quiet, height - quiet),
               (quiet, height - quiet)]  # fmt: skip
    coefficients = tuple(float(v) for v in homography(STRONG_TARGET, corners).flatten()[:8])
    picture = np.asarray(
        symbol.transform((800, 500), Image.Transform.PERSPECTIVE, coefficients, fillcolor=PAPER)
    )
    quad = symbol_quad(picture)
    assert quad is not None
    for found, expected in zip(quad, STRONG_TARGET, strict=True):
        assert np.hypot(found[0] - expected[0], found[1] - expected[1]) < 12


def test_rectified_view_reads_and_maps_corners_back(keystoned: np.ndarray) -> None:
    import zxingcpp

    assert not zxingcpp.read_barcodes(keystoned, formats=zxingcpp.BarcodeFormat.PDF417)  # type: ignore[arg-type]
    view = enhance.rectified(enhance.source_view(keystoned))
    assert view is not None
    [result] = zxingcpp.read_barcodes(view.pixels, formats=zxingcpp.BarcodeFormat.PDF417)  # type: ignore[arg-type]
    assert result.bytes == LICENCE_PAYLOAD
    top_left = view.map_point(result.position.top_left.x, result.position.top_left.y)
    assert np.hypot(top_left[0] - TARGET[0][0], top_left[1] - TARGET[0][1]) < 15


def test_quarter_turned_symbol_is_rectified_too(keystoned: np.ndarray) -> None:
    import zxingcpp

    turned = np.ascontiguousarray(np.rot90(keystoned))
    view = enhance.rectified(enhance.source_view(turned))
    assert view is not None
    results = zxingcpp.read_barcodes(view.pixels, formats=zxingcpp.BarcodeFormat.PDF417)  # type: ignore[arg-type]
    assert [r.bytes for r in results] == [LICENCE_PAYLOAD]


@pytest.mark.parametrize(
    "grey",
    [np.full((300, 400), 230, dtype=np.uint8), np.zeros((20, 20), dtype=np.uint8)],
    ids=["blank", "tiny"],
)
def test_no_outline_without_a_symbol(grey: np.ndarray) -> None:
    assert symbol_quad(grey) is None
    assert enhance.rectified(enhance.source_view(grey)) is None


def test_side_perspective_degradation_is_not_read_plainly_but_is_rectified() -> None:
    import zxingcpp

    from kiosk_app.bench.synthetic import card
    from tests.support.decoding import untimed_scanner

    picture = np.asarray(side_perspective(0.5)(card(LICENCE_PAYLOAD)))
    assert not zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.PDF417)  # type: ignore[arg-type]
    scanner = untimed_scanner()
    assert scanner.decode_frame(picture).payload == LICENCE_PAYLOAD
    # Rectified either from zxing-cpp's own corners of the symbol or from the bar outline.
    assert scanner.last_attempt in ("corners", "rectify")
