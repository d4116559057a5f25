"""A desk camera's bad day: a glare band, defocus of a whole module, strong perspective turned
20 degrees, their combinations and the other conditions of
:func:`~kiosk_app.bench.synthetic.bad_day_degradations`. Real zxing-cpp decodes of generated
pictures; time is a fake clock moved by the reads, so no result depends on the machine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import zxingcpp
from PIL import Image

from kiosk_app.barcode import deblur, enhance, unbend
from kiosk_app.barcode.decode import FILE_BUDGET_S, GIVE_UP_S, MAX_OUTLINE_ATTEMPTS, Scanner
from kiosk_app.barcode.errors import NoBarcodeFoundError
from kiosk_app.bench import synthetic
from tests.support.clock import FakeClock
from tests.support.decoding import (
    NO_TIME_LIMIT_S,
    CountingReader,
    RenderedCases,
    untimed_scanner,
)
from tests.unit.barcode.images import LICENCE_PAYLOAD, bare_zxing_reads

# Budget large enough that every step runs, however loaded the machine is.
BAD_DAY_NAMES = [name for name, _kind, _degrade in synthetic.bad_day_degradations()]
# Beyond what one picture holds (docs/benchmarks.md): defocus of one module is past what a
# deconvolution restores.
KNOWN_LIMITS = {"defocus-1.0"}
# The glare bands hide a codeword column of this licence's symbol in every row, more
# codewords than zxing-cpp corrects (it takes no erasures): read as erasures.
GLARE_BANDS = ["glare-band", "glare-band-tilt20"]
# Strong perspective, also with defocus: zxing-cpp locates the symbol but its corners do not
# rectify it; the bars' own outline does.
STRONG_PERSPECTIVE = [
    "keystone-0.3-tilt20",
    "keystone-0.3-shear-tilt20",
    "keystone-0.3-defocus-0.5",
]
# Fake seconds each read takes (the clock only moves when zxing-cpp is called).
READ_S = 0.05


class TimedReader:
    """The real zxing-cpp reader; each call moves ``clock`` by :data:`READ_S` and is counted."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.calls = 0

    def __call__(self, image: Any, **options: Any) -> Sequence[Any]:
        self.calls += 1
        self.clock.advance(READ_S)
        return zxingcpp.read_barcodes(image, **options)


@pytest.mark.parametrize("name", BAD_DAY_NAMES)
def test_a_bad_day_picture_is_read_exactly_or_not_at_all(
    bad_day_cases: RenderedCases, name: str
) -> None:
    scanner = Scanner(budget_s=NO_TIME_LIMIT_S, give_up_s=NO_TIME_LIMIT_S)
    if name in KNOWN_LIMITS:
        with pytest.raises(NoBarcodeFoundError):
            scanner.decode_frame(bad_day_cases[name].pixels)
    else:
        assert scanner.decode_frame(bad_day_cases[name].pixels).payload == LICENCE_PAYLOAD


@pytest.mark.parametrize("name", STRONG_PERSPECTIVE)
def test_strong_perspective_is_rectified_from_the_bars_outline_right_after_the_corners(
    bad_day_cases: RenderedCases, name: str
) -> None:
    assert not bare_zxing_reads(bad_day_cases[name].pixels)
    clock = FakeClock()
    reader = TimedReader(clock)
    scanner = Scanner(reader=reader, budget_s=NO_TIME_LIMIT_S, clock=clock)
    assert scanner.decode_frame(bad_day_cases[name].pixels).payload == LICENCE_PAYLOAD
    assert scanner.last_attempt == "rectify"
    # Plain, deskew, the measured defocus, zxing-cpp's outlines, then the bars' outline: no
    # enlargement or motion length in between.
    assert reader.calls <= 3 + MAX_OUTLINE_ATTEMPTS + 1


def _reads_until_given_up(pixels: np.ndarray, give_up_s: float) -> int:
    """How many reads a picture scanner makes before answering "no barcode" for ``pixels``
    (each read moves the fake clock by :data:`READ_S`)."""
    clock = FakeClock()
    reader = TimedReader(clock)
    scanner = Scanner(reader=reader, budget_s=FILE_BUDGET_S, clock=clock, give_up_s=give_up_s)
    with pytest.raises(NoBarcodeFoundError):
        scanner.decode_frame(pixels)
    return reader.calls


def _lines_card() -> np.ndarray:
    """A card back with printed lines but no barcode: bar-like to the estimate, never a PDF417
    to zxing-cpp."""
    pixels = np.full((synthetic.CARD_SIZE[1], synthetic.CARD_SIZE[0]), synthetic.PAPER, np.uint8)
    for row in range(10):
        top = 40 + row * 50
        pixels[top : top + 14, 60 : 60 + 300 + 90 * (row % 5)] = 110
    return pixels


def test_an_unlocated_picture_starts_no_whole_picture_clean_up_ending_after_the_give_up_time() -> (
    None
):
    given_up = _reads_until_given_up(_lines_card(), GIVE_UP_S)
    assert given_up < _reads_until_given_up(_lines_card(), FILE_BUDGET_S)
    # Each clean-up (one read here) starts only when it ends by GIVE_UP_S.
    assert given_up * READ_S <= GIVE_UP_S + 1e-9


@pytest.mark.parametrize("frame", [False, True], ids=["card", "card in a 1080p desk frame"])
def test_a_defocus_beyond_recovery_is_given_up_after_the_plain_read(
    bad_day_cases: RenderedCases, frame: bool
) -> None:
    picture = bad_day_cases["defocus-1.0"].pixels
    if frame:
        desk = synthetic.in_large_photo(synthetic.FULL_HD)
        picture = np.asarray(desk(Image.fromarray(picture)))
    reader = CountingReader()
    with pytest.raises(NoBarcodeFoundError):
        untimed_scanner(reader).decode_frame(picture)
    assert reader.calls == 1  # the start pattern shows a defocus of a whole module


def test_a_diagonal_motion_is_undone_first_with_the_length_the_start_pattern_shows(
    camera_grade_cases: RenderedCases,
) -> None:
    # Measured on the edges, a 35-degree smear of 3 modules looks like a defocus of half a
    # module; its length across the bars took the 7th or 8th try.
    scanner = untimed_scanner()
    assert scanner.decode_frame(camera_grade_cases["motion-3-diag"].pixels).payload == (
        LICENCE_PAYLOAD
    )
    assert scanner.last_attempt == "motion-deblur-1"


def test_a_located_symbol_gets_the_whole_picture_clean_ups_after_the_give_up_time() -> None:
    # Bent this much (rows sagging 112 px), the card's symbol is located (start and stop
    # patterns) by the plain read but read by no step: the clean-ups at the ladder's end still
    # run for it after the give-up time, within the budget.
    bent = synthetic.chain(synthetic.bent(0.16 * synthetic.CARD_SIZE[1]), synthetic.camera_noise())
    picture = np.asarray(bent(synthetic.card(LICENCE_PAYLOAD)))
    clock = FakeClock()
    scanner = Scanner(reader=TimedReader(clock), budget_s=FILE_BUDGET_S, clock=clock)
    with pytest.raises(NoBarcodeFoundError):
        scanner.decode_frame(picture)
    assert clock.now - FakeClock().now > GIVE_UP_S


@pytest.mark.parametrize("name", GLARE_BANDS)
def test_a_glare_band_is_read_through_its_codewords_as_erasures(
    bad_day_cases: RenderedCases, name: str
) -> None:
    pixels = bad_day_cases[name].pixels
    assert not bare_zxing_reads(pixels)
    scanner = Scanner(budget_s=NO_TIME_LIMIT_S)
    decoded = scanner.decode_frame(pixels)
    assert decoded.payload == LICENCE_PAYLOAD
    assert scanner.last_attempt == "glare-erasures"


# Bands over other data columns of the symbol (which spans 0.24 to 0.76 of the card's width,
# its data columns 0.34 to 0.66), the card turned either way.
@pytest.mark.parametrize(("centre", "degrees"), [(0.38, -15.0), (0.52, 30.0), (0.62, -8.0)])
def test_glare_band_and_tilt_together_are_read(centre: float, degrees: float) -> None:
    degrade = synthetic.chain(
        synthetic.glare_band(centre=centre), synthetic.rotated(degrees), synthetic.camera_noise()
    )
    pixels = np.asarray(degrade(synthetic.card(LICENCE_PAYLOAD)))
    assert Scanner(budget_s=NO_TIME_LIMIT_S).decode_frame(pixels).payload == LICENCE_PAYLOAD


class BlindReader:
    """A reader that never finds anything; each call moves ``clock`` by :data:`READ_S`."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.heights: list[int] = []

    def __call__(self, image: Any, **options: Any) -> Sequence[Any]:
        self.heights.append(image.shape[0])
        self.clock.advance(READ_S)
        return []


def test_a_glare_band_neither_glare_step_reads_ends_the_ladder(
    bad_day_cases: RenderedCases,
) -> None:
    clock = FakeClock()
    reader = BlindReader(clock)
    scanner = Scanner(reader=reader, budget_s=FILE_BUDGET_S, clock=clock)
    with pytest.raises(NoBarcodeFoundError):
        scanner.decode_frame(bad_day_cases["glare-band"].pixels)
    # The plain read, the fill, the erasures' clean render (no deskew or deblur: the card is
    # upright and sharp), and nothing after.
    assert len(reader.heights) == 3


def _glare_card(centre: float) -> np.ndarray:
    degrade = synthetic.chain(synthetic.glare_band(centre=centre), synthetic.camera_noise())
    return np.asarray(degrade(synthetic.card(LICENCE_PAYLOAD)))


def test_a_glare_band_drawn_over_with_thin_bars_reads_where_it_hides_few_codewords() -> None:
    # At 40 % of the card the band's codewords are few enough for zxing-cpp to correct once
    # they are invalid; as a white band (a quiet zone to the row scanner) they are not.
    picture = _glare_card(0.40)
    assert not bare_zxing_reads(picture)
    filled = enhance.fill_glare(enhance.source_view(picture))
    assert filled is not None
    assert (filled.pixels >= enhance.SATURATED_GREY).mean(axis=0).max() < 0.5
    assert bare_zxing_reads(filled.pixels)
    scanner = Scanner(budget_s=NO_TIME_LIMIT_S)
    assert scanner.decode_frame(picture).payload == LICENCE_PAYLOAD
    assert scanner.last_attempt == "glare-fill"


def test_no_glare_band_no_fill() -> None:
    card = np.asarray(synthetic.card(LICENCE_PAYLOAD))
    assert enhance.fill_glare(enhance.source_view(card)) is None
    # Saturated columns beside the symbol (a turned view's bright canvas) are not a band.
    edges = card.copy()
    edges[:, :30] = 255
    edges[:, -30:] = 255
    assert enhance.fill_glare(enhance.source_view(edges)) is None
    overexposed = np.full((100, 200), 255, dtype=np.uint8)
    assert enhance.fill_glare(enhance.source_view(overexposed)) is None


@pytest.mark.parametrize(("sigma_modules", "reads"), [(0.8, True), (1.0, False)])
def test_defocus_is_undone_up_to_0_8_module_not_one_even_with_the_true_sigma(
    sigma_modules: float, reads: bool
) -> None:
    module = synthetic.CAMERA_MODULE_PX
    symbol = synthetic.render_pdf417(LICENCE_PAYLOAD, module)
    degrade = synthetic.chain(synthetic.defocus(sigma_modules * module), synthetic.camera_noise())
    blurred = np.asarray(degrade(symbol))
    restored = deblur.deconvolve_gaussian(blurred, sigma_modules * module)
    assert bare_zxing_reads(restored) is reads


def test_bad_day_pictures_are_the_same_every_time() -> None:
    first = next(synthetic.bad_day_cases(LICENCE_PAYLOAD))
    second = next(synthetic.bad_day_cases(LICENCE_PAYLOAD))
    assert first.name == second.name and np.array_equal(first.pixels, second.pixels)


def test_a_bent_card_is_read_straightened(bad_day_cases: RenderedCases) -> None:
    picture = bad_day_cases["bent-card"].pixels
    scanner = untimed_scanner()
    assert scanner.decode_frame(picture).payload == LICENCE_PAYLOAD
    assert scanner.last_attempt in {"plain", "unbend"}  # before any turn or rectification
    shift = unbend.sag(picture)
    assert shift is not None
    # The card's rows sag 42 sin(pi x / width) px: at 150 px from either edge, 24 px above
    # the middle.
    middle = synthetic.CARD_SIZE[1] * 0.06
    expected = middle * (1.0 - np.sin(np.pi * 150 / (synthetic.CARD_SIZE[0] - 1)))
    for column in (150, synthetic.CARD_SIZE[0] - 150):
        assert -float(shift[column]) == pytest.approx(expected, abs=5.0)


@pytest.mark.parametrize(
    "name", ["keystone-0.35-vertical", "keystone-0.35-shear", "small-1.3ppm-tilt12"]
)
def test_a_straight_symbol_is_not_bent(camera_grade_cases: RenderedCases, name: str) -> None:
    assert unbend.sag(camera_grade_cases[name].pixels) is None
    assert unbend.sag(np.asarray(synthetic.card(LICENCE_PAYLOAD))) is None
