"""The blur measured on a symbol's start pattern: module size, defocus or motion, and width in
modules, on generated cards (real PDF417 renders, real blur and sensor noise)."""

from __future__ import annotations

import numpy as np
import pytest

from kiosk_app.barcode import start_pattern
from kiosk_app.bench import synthetic
from tests.unit.barcode.images import LICENCE_PAYLOAD

MODULE = synthetic.CAMERA_MODULE_PX
# (degradation, module px, kind, width in modules) the fit must find; widths within
# WIDTH_TOLERANCE, module size within MODULE_TOLERANCE_PX. A motion at 35 degrees blurs
# across the bars by its length times cos 35.
FITS = [
    ("defocus 0.5 module", synthetic.defocus(0.5 * MODULE), MODULE, "defocus", 0.5),
    ("defocus 0.8 module", synthetic.defocus(0.8 * MODULE), MODULE, "defocus", 0.8),
    ("defocus 1 module", synthetic.defocus(1.0 * MODULE), MODULE, "defocus", 1.0),
    ("motion 3 modules", synthetic.motion_blur(3.0 * MODULE), MODULE, "motion", 3.0),
    (
        "motion 3 modules at 35 degrees",
        synthetic.motion_blur(3.0 * MODULE, 35.0),
        MODULE,
        "motion",
        3.0 * float(np.cos(np.radians(35.0))),
    ),
    ("defocus 0.8 module, 4 px a module", synthetic.defocus(0.8 * 4), 4, "defocus", 0.8),
    ("defocus 1 module, 2 px a module", synthetic.defocus(1.0 * 2), 2, "defocus", 1.0),
]
WIDTH_TOLERANCE = 0.1
MODULE_TOLERANCE_PX = 0.1


def _card(degrade: synthetic.Degrade, module_px: int) -> np.ndarray:
    size = (
        synthetic.CARD_SIZE[0] * module_px // MODULE,
        synthetic.CARD_SIZE[1] * module_px // MODULE,
    )
    base = synthetic.card(LICENCE_PAYLOAD, module_px, size)
    return np.asarray(synthetic.chain(degrade, synthetic.camera_noise())(base))


@pytest.mark.parametrize(
    ("degrade", "module_px", "kind", "width"),
    [row[1:] for row in FITS],
    ids=[row[0] for row in FITS],
)
def test_the_start_pattern_gives_the_blur_and_the_module_size(
    degrade: synthetic.Degrade, module_px: int, kind: str, width: float
) -> None:
    fit = start_pattern.measure(_card(degrade, module_px))
    assert fit is not None
    assert fit.kind == kind
    assert fit.width_modules == pytest.approx(width, abs=WIDTH_TOLERANCE)
    assert fit.module_px == pytest.approx(module_px, abs=MODULE_TOLERANCE_PX)


def test_a_defocus_of_a_whole_module_is_beyond_recovery_and_less_is_not() -> None:
    whole = start_pattern.measure(_card(synthetic.defocus(1.0 * MODULE), MODULE))
    most = start_pattern.measure(_card(synthetic.defocus(0.8 * MODULE), MODULE))
    assert whole is not None and whole.beyond_recovery
    assert most is not None and not most.beyond_recovery


def test_a_motion_blur_gives_its_length_and_is_never_beyond_recovery() -> None:
    fit = start_pattern.measure(_card(synthetic.motion_blur(3.0 * MODULE), MODULE))
    assert fit is not None and not fit.beyond_recovery
    assert fit.motion_px == pytest.approx(3.0 * MODULE, abs=WIDTH_TOLERANCE * MODULE)
    defocus = start_pattern.measure(_card(synthetic.defocus(0.8 * MODULE), MODULE))
    assert defocus is not None and defocus.motion_px is None


def test_no_symbol_no_fit() -> None:
    rng = np.random.default_rng(3)
    assert start_pattern.measure(rng.integers(0, 256, (400, 600), dtype=np.uint8)) is None
    assert start_pattern.measure(np.full((400, 600), 200, dtype=np.uint8)) is None
    assert start_pattern.measure(np.zeros((8, 600), dtype=np.uint8)) is None
