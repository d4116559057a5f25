"""The best frame of a camera read that fails: its focus score on real rendered symbols, and
the rules of one attempt (which frame is kept, when it is handed over, when the next attempt
may start), one test per row."""

from __future__ import annotations

import gc
import weakref
from io import BytesIO

import numpy as np
import pytest
from PIL import Image, ImageFilter

from kiosk_app.app.capture.best_frame import FailedReads, focus_score
from kiosk_app.barcode.deskew import estimate_symbol
from kiosk_app.simulator.samples import SAMPLES_BY_KEY, render_sample_png

FRAME = (1280, 720)


def _held_card(blur_px: float, contrast: float = 1.0, noise: float = 0.0) -> np.ndarray:
    """The sample licence's symbol on a card on a darker desk, as a camera frame, out of focus
    by ``blur_px`` (Gaussian), at ``contrast`` (1: white card, black bars), with pixel noise."""
    with Image.open(BytesIO(render_sample_png(SAMPLES_BY_KEY["dvs-parse"]))) as symbol:
        grey = symbol.convert("L")
    card = Image.new("L", (grey.width + 120, grey.height + 120), 255)
    card.paste(grey, (60, 60))
    desk = Image.new("L", FRAME, 90)
    desk.paste(card, ((FRAME[0] - card.width) // 2, (FRAME[1] - card.height) // 2))
    if blur_px:
        desk = desk.filter(ImageFilter.GaussianBlur(blur_px))
    pixels = np.asarray(desk, dtype=np.float32)
    pixels = 128 + (pixels - 128) * contrast
    if noise:
        pixels += np.random.default_rng(7).normal(0.0, noise, pixels.shape)
    return np.clip(pixels + 0.5, 0, 255).astype(np.uint8)


def _score(grey: np.ndarray) -> float:
    estimate = estimate_symbol(grey)
    assert estimate is not None, "the symbol is in view"
    return focus_score(grey, estimate.symbol_box)


def test_the_focus_score_falls_as_the_card_goes_out_of_focus() -> None:
    scores = [_score(_held_card(blur)) for blur in (0.0, 0.5, 1.0, 2.0, 3.0, 4.0)]
    assert scores == sorted(scores, reverse=True)
    assert scores[0] > 3 * scores[3]


def test_the_focus_score_does_not_follow_the_light_and_barely_the_noise() -> None:
    for blur in (1.0, 2.0):
        plain = _score(_held_card(blur))
        assert _score(_held_card(blur, contrast=0.4)) == pytest.approx(plain, rel=0.05)
        assert _score(_held_card(blur, noise=4.0)) == pytest.approx(plain, rel=0.1)
    # The ranking of two focus errors survives a dim frame against a bright one.
    assert _score(_held_card(1.0, contrast=0.4)) > _score(_held_card(2.0))


@pytest.mark.parametrize(
    "box", [(0, 0, 0, 0), (10, 10, 12, 12), (0, 0, 200, 100)], ids=["empty", "tiny", "flat"]
)
def test_the_focus_of_nothing_is_zero(box: tuple[int, int, int, int]) -> None:
    assert focus_score(np.full((100, 200), 200, np.uint8), box) == 0.0


# One attempt, decode by decode (give_up_after 3, release_after 2): "seen S" a symbol seen,
# not read, focus S, with its frame; "seen S -" the same without the frame (the worker found
# it no sharper than the kept one); "read"; "clear" (nothing in view); "forget" (a new
# customer); "hold-off" (the Canadian form is open). The frames handed over, by the number of
# the decode that saw them.
ATTEMPTS = [
    ("the sharpest of three is handed over", ["seen 1", "seen 3", "seen 2"], [1]),
    ("a read ends the attempt", ["seen 1", "seen 2", "read", "seen 1", "seen 1"], []),
    (
        "a failed card in view fails once",
        ["seen 1", "seen 1", "seen 1", "seen 2", "seen 2", "seen 2", "seen 2"],
        [0],
    ),
    (
        "the view clear, the next card is an attempt of its own",
        ["seen 2", "seen 1", "seen 1", "clear", "clear", "seen 1", "seen 3", "seen 1"],
        [0, 6],
    ),
    (
        "one empty frame does not clear the view",
        ["seen 1", "seen 1", "seen 1", "clear", "seen 1", "seen 1", "seen 1"],
        [0],
    ),
    (
        "frames not sent by the worker are never kept",
        ["seen 1 -", "seen 2 -", "seen 3 -", "seen 1"],
        [3],
    ),
    ("a new customer counts afresh", ["seen 1", "seen 2", "forget", "seen 1", "seen 1"], []),
    (
        "held off until the view clears",
        ["hold-off", "seen 1", "seen 1", "seen 1", "clear", "clear", "seen 1", "seen 2", "seen 1"],
        [7],
    ),
]


@pytest.mark.parametrize(
    ("steps", "handed"), [row[1:] for row in ATTEMPTS], ids=[row[0] for row in ATTEMPTS]
)
def test_one_attempt(steps: list[str], handed: list[int]) -> None:
    reads = FailedReads(give_up_after=3, release_after=2)
    out: list[int] = []
    for number, step in enumerate(steps):
        word, *rest = step.split()
        if word == "forget":
            reads.forget()
        elif word == "hold-off":
            reads.hold_off()
        elif word == "read":
            assert reads.update(b"payload", None, None) is None
        elif word == "clear":
            assert reads.update(None, None, None) is None
        else:
            picture = None if rest[1:] == ["-"] else np.full((4, 4), number, np.uint8)
            failed = reads.update(None, float(rest[0]), picture)
            if failed is not None:
                out.append(int(failed[0, 0]))
                assert not reads.holding  # handed over, no longer kept
    assert out == handed


def test_what_the_worker_must_beat() -> None:
    reads = FailedReads(give_up_after=2)
    assert reads.keep_above == 0.0
    reads.update(None, 0.5, np.zeros((2, 2), np.uint8))
    assert reads.keep_above == 0.5 and reads.holding
    assert reads.update(None, 0.2, None) is not None  # failed: the frame of 0.5
    assert reads.keep_above == float("inf")  # nothing more of this card
    reads.enabled = False
    assert reads.keep_above is None  # switched off: nothing measured
    assert reads.update(None, 0.9, np.zeros((2, 2), np.uint8)) is None
    assert not reads.holding


def test_one_frame_is_kept_at_most() -> None:
    reads = FailedReads(give_up_after=100)
    offered = []
    for number in range(10):
        frame = np.full((64, 64), number, np.uint8)
        offered.append(weakref.ref(frame))
        reads.update(None, float(number), frame)
        del frame
    gc.collect()
    alive = [number for number, ref in enumerate(offered) if ref() is not None]
    assert alive == [9]  # the sharpest; the others are gone
    reads.forget()
    gc.collect()
    assert offered[9]() is None
