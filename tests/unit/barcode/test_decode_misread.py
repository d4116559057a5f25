"""A heavy clean-up's misread is not taken for the licence: the structural AAMVA check.

``small-1.3ppm-tilt12-nudge-clockwise.bin`` is the payload the scanner of e436218~1 returned
for the 1.3 px/module card tilted 12 deg in a 1280x720 frame
(``camera_degradations(seed=300)``, the unit tests' licence), read by its ``nudge-clockwise``
step: 238 bytes for the licence's 210, garbage from the third byte on (no ``ANSI`` header,
control characters inside values), yet it begins with ``@`` and holds ``DLDAQ``, so
``looks_like_aamva`` accepted it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
import zxingcpp

from kiosk_app.barcode.aamva import looks_like_aamva, well_formed_aamva
from kiosk_app.barcode.decode import Scanner
from kiosk_app.bench.synthetic import SAMPLE_PAYLOAD, card
from tests.unit.barcode.images import LICENCE_PAYLOAD
from tests.unit.barcode.test_consistency_corpus import REAL, SYNTHETIC

MISREAD = (
    Path(__file__).resolve().parents[2]
    / "data"
    / "misreads"
    / "small-1.3ppm-tilt12-nudge-clockwise.bin"
).read_bytes()


def _result(payload: bytes) -> Any:
    """A reader result as zxing-cpp reports a decoded PDF417."""
    corner = SimpleNamespace(x=10, y=10)
    position = SimpleNamespace(
        top_left=corner, top_right=corner, bottom_right=corner, bottom_left=corner
    )
    return SimpleNamespace(
        format=zxingcpp.BarcodeFormat.PDF417,
        valid=True,
        bytes=payload,
        position=position,
        ec_level="",
    )


class MisreadingReader:
    """Nothing on the plain and deskewed reads, the misread on the next, then the licence."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, image: Any, **options: Any) -> Sequence[Any]:
        self.calls += 1
        if self.calls <= 2:
            return []
        return [_result(MISREAD if self.calls == 3 else LICENCE_PAYLOAD)]


def test_the_misread_looks_like_aamva_but_is_not_well_formed() -> None:
    assert len(MISREAD) == 238 and len(LICENCE_PAYLOAD) == 210
    assert looks_like_aamva(MISREAD)
    assert not well_formed_aamva(MISREAD)


def test_a_clean_up_steps_misread_is_passed_over_for_the_next_steps_read() -> None:
    tilted = np.asarray(card(LICENCE_PAYLOAD).rotate(20, expand=True, fillcolor=236))
    reader = MisreadingReader()
    scanner = Scanner(reader=reader, budget_s=60.0, give_up_s=60.0)
    assert scanner.decode_frame(tilted).payload == LICENCE_PAYLOAD
    assert reader.calls == 4


def test_a_plain_read_is_not_held_to_the_structural_check() -> None:
    # A header-less licence (a bare DL subfile) read cleanly is still the card's own data.
    bare = b"@\n\x1e\rDLDAQD7654321\nDCSMARTIN\nDACRENE\n"
    assert looks_like_aamva(bare) and not well_formed_aamva(bare)
    reader = SimpleNamespace(calls=0)

    def plain(image: Any, **options: Any) -> Sequence[Any]:
        reader.calls += 1
        return [_result(bare)]

    upright = np.asarray(card(LICENCE_PAYLOAD))
    assert Scanner(reader=plain).decode_frame(upright).payload == bare
    assert reader.calls == 1


@pytest.mark.parametrize(
    "path", [*REAL, *SYNTHETIC], ids=lambda path: f"{path.parent.name[:6]}/{path.name}"
)
def test_every_corpus_specimen_is_well_formed(path: Path) -> None:
    assert well_formed_aamva(path.read_bytes())


def test_the_test_and_bench_licences_are_well_formed() -> None:
    assert well_formed_aamva(LICENCE_PAYLOAD)
    assert well_formed_aamva(SAMPLE_PAYLOAD)
