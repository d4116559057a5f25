"""The symbol-angle estimator that replaces a sweep of rotations."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from kiosk_app.barcode.decode import estimate_symbol_angle
from kiosk_app.barcode.deskew import estimate_symbol
from kiosk_app.bench.synthetic import PAPER, card, perspective
from tests.unit.barcode.images import LICENCE_PAYLOAD


@pytest.fixture(scope="module")
def straight() -> Image.Image:
    return card(LICENCE_PAYLOAD)


def _turned(image: Image.Image, degrees: float) -> np.ndarray:
    return np.asarray(
        image.rotate(degrees, resample=Image.Resampling.BILINEAR, expand=True, fillcolor=PAPER)
    )


@pytest.mark.parametrize("degrees", [0.0, 3.0, -8.0, 14.5, -22.0, 31.0, -38.0, 44.0])
def test_tilt_is_measured_within_a_degree(straight: Image.Image, degrees: float) -> None:
    angle = estimate_symbol_angle(_turned(straight, degrees))
    assert angle is not None
    assert angle == pytest.approx(degrees, abs=1.0)


@pytest.mark.parametrize(
    ("degrees", "offset"),
    [(90.0, 0.0), (110.0, 20.0), (197.0, 17.0), (250.0, -20.0), (-100.0, -10.0)],
)
def test_angle_is_relative_to_the_nearest_quarter_turn(
    straight: Image.Image, degrees: float, offset: float
) -> None:
    angle = estimate_symbol_angle(_turned(straight, degrees))
    assert angle == pytest.approx(offset, abs=1.0)


def test_box_covers_the_symbol(straight: Image.Image) -> None:
    estimate = estimate_symbol(np.asarray(straight))
    assert estimate is not None
    left, _top, right, bottom = estimate.box
    # card(): the symbol sits centred in the lower part of the 1100x700 card.
    assert left < 300 and right > 800 and bottom > 600


def test_perspective_still_gives_the_mean_direction(straight: Image.Image) -> None:
    tipped = perspective(0.3)(straight).rotate(12, expand=True, fillcolor=PAPER)
    angle = estimate_symbol_angle(np.asarray(tipped))
    assert angle == pytest.approx(12.0, abs=2.5)


@pytest.mark.parametrize(
    "grey",
    [
        np.full((400, 600), 200, dtype=np.uint8),
        np.zeros((10, 10), dtype=np.uint8),
        np.random.default_rng(5).integers(0, 256, size=(300, 300), dtype=np.uint8),
    ],
    ids=["blank", "tiny", "noise"],
)
def test_no_estimate_without_bars(grey: np.ndarray) -> None:
    assert estimate_symbol_angle(grey) is None


def test_large_pictures_are_estimated_on_a_reduced_copy(straight: Image.Image) -> None:
    big = straight.resize((straight.width * 3, straight.height * 3)).rotate(
        -17, expand=True, fillcolor=PAPER
    )
    assert estimate_symbol_angle(np.asarray(big)) == pytest.approx(-17.0, abs=1.0)
