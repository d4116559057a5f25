"""Degraded pictures of a rendered licence symbol, read with the real zxing-cpp."""

from __future__ import annotations

import numpy as np
import pytest

from kiosk_app.bench.synthetic import degradations, twelve_mp_case
from tests.support.decoding import CountingReader, RenderedCases, untimed_scanner
from tests.unit.barcode.images import LICENCE_PAYLOAD, OTHER_LICENCE_PAYLOAD, encode

CASE_NAMES = [name for name, _kind, _degrade in degradations()]
# Expected symbol orientation (degrees, counter-clockwise) for the turned and tilted cases.
ORIENTATION = {
    "turn-90": 90,
    "turn-180": 180,
    "turn-270": -90,
    "tilt-40": -40,
    "tilt-30": -30,
    "tilt-20": -20,
    "tilt-12": -12,
    "tilt+12": 12,
    "tilt+20": 20,
    "tilt+30": 30,
    "tilt+40": 40,
    "tilt+20-turn90": 110,
    "tilt-15-turn180": 165,
}


def _angle_error(measured: int | None, expected: int) -> int:
    assert measured is not None
    return abs((measured - expected + 180) % 360 - 180)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_degraded_picture_reads_exactly(degraded_cases: RenderedCases, name: str) -> None:
    decoded = untimed_scanner().decode_frame(degraded_cases[name].pixels)
    assert decoded.payload == LICENCE_PAYLOAD
    if name in ORIENTATION:
        assert _angle_error(decoded.symbol.orientation_degrees, ORIENTATION[name]) <= 3


@pytest.mark.parametrize("name", ["tilt+20", "tilt-30", "tilt+20-turn90", "jpeg-tilt-q20"])
def test_tilted_picture_needs_one_deskew_not_a_rotation_sweep(
    degraded_cases: RenderedCases, name: str
) -> None:
    reader = CountingReader()
    untimed_scanner(reader=reader).decode_frame(degraded_cases[name].pixels)
    assert reader.calls == 2  # the plain read, then one read of the deskewed picture


def test_corners_are_reported_in_the_original_picture(degraded_cases: RenderedCases) -> None:
    straight = untimed_scanner().decode_frame(degraded_cases["turn-0"].pixels).symbol.corners
    tilted = untimed_scanner().decode_frame(degraded_cases["tilt+20"].pixels).symbol.corners
    height, width = degraded_cases["tilt+20"].pixels.shape
    assert all(0 <= x <= width and 0 <= y <= height for x, y in tilted)
    # The symbol's top edge keeps its length (in pixels) after the deskew maps back.
    straight_top = np.hypot(*np.subtract(straight[1], straight[0]))
    tilted_top = np.hypot(*np.subtract(tilted[1], tilted[0]))
    assert tilted_top == pytest.approx(straight_top, rel=0.05)


def test_jpeg_and_png_files_of_a_tilted_card_read_the_same(degraded_cases: RenderedCases) -> None:
    pixels = degraded_cases["tilt-12"].pixels
    scanner = untimed_scanner()
    assert scanner.decode_bytes(encode(pixels, "PNG")).payload == LICENCE_PAYLOAD
    assert scanner.decode_bytes(encode(pixels, "JPEG", quality=70)).payload == LICENCE_PAYLOAD


def test_rgb_frame_reads_like_a_grey_one(degraded_cases: RenderedCases) -> None:
    grey = degraded_cases["tilt+7"].pixels
    rgb = np.dstack([grey, grey, grey])
    assert untimed_scanner().decode_frame(rgb).payload == LICENCE_PAYLOAD


def test_twelve_megapixel_photo_of_a_tilted_card() -> None:
    case = twelve_mp_case(LICENCE_PAYLOAD)
    assert case.pixels.shape == (3000, 4000)
    assert untimed_scanner().decode_frame(case.pixels).payload == LICENCE_PAYLOAD


def test_the_licence_symbol_wins_over_a_non_licence_pdf417() -> None:
    from kiosk_app.bench.synthetic import card, render_pdf417
    from tests.unit.barcode.images import NOT_LICENCE_PAYLOAD

    picture = card(LICENCE_PAYLOAD)
    picture.paste(render_pdf417(NOT_LICENCE_PAYLOAD, 2), (60, 200))
    assert untimed_scanner().decode_frame(np.asarray(picture)).payload == LICENCE_PAYLOAD


def test_accept_decides_between_two_licence_symbols() -> None:
    from kiosk_app.bench.synthetic import card, render_pdf417

    picture = card(LICENCE_PAYLOAD)
    picture.paste(render_pdf417(OTHER_LICENCE_PAYLOAD, 2), (60, 200))
    scanner = untimed_scanner(accept=lambda payload: b"D1111111" in payload)
    assert scanner.decode_frame(np.asarray(picture)).payload == OTHER_LICENCE_PAYLOAD


@pytest.mark.parametrize("tilt", [0.0, 10.0])
def test_distant_card_in_a_full_hd_frame(tilt: float) -> None:
    # About 1.35 pixels per module: the symbol's region is cut out and enlarged.
    from PIL import Image

    from kiosk_app.bench.synthetic import card, chain, rotated, scaled

    small = chain(rotated(tilt), scaled(0.45))(card(LICENCE_PAYLOAD))
    frame = Image.new("L", (1920, 1080), 80)
    frame.paste(small, (700, 400))
    assert untimed_scanner().decode_frame(np.asarray(frame)).payload == LICENCE_PAYLOAD
