"""``python -m kiosk_app.bench best_frame``: what keeping the best frame of a failed camera
read costs, and how long a card the camera cannot read takes to fail.

The card: the demo's out-of-focus picture of a sample (nothing reads it; the simulator
"knows" it), filling a 1280-pixel-wide frame, or in the middle of a 1280x720 desk. Printed
figures, each the median of ``--repeats`` runs:

* the focus score of one frame in the symbol's box (what the decoding worker adds to a
  decode that fails with a symbol in view);
* one decode of the frame with the camera's scanner (frame budget, carried over);
* ``FAILED_READ_DECODES`` decodes one after the other: from the card held up to its frame
  handed over (the preview, the frame conversion and the last decode as a picture not
  counted).

Nothing is asserted; the figures go in docs/benchmarks.md with the commit measured.
"""

from __future__ import annotations

import argparse
import os
from functools import partial
from io import BytesIO

import numpy as np
from PIL import Image

from kiosk_app.app.capture.best_frame import FAILED_READ_DECODES, focus_score
from kiosk_app.barcode.decode import FRAME_BUDGET_S, Scanner
from kiosk_app.barcode.errors import NoBarcodeFoundError
from kiosk_app.bench.isolation import median_ms
from kiosk_app.simulator.known_pictures import defocused_png
from kiosk_app.simulator.samples import SAMPLES_BY_KEY

DESK_GREY = 90


def frames() -> dict[str, np.ndarray]:
    """The frames measured: the card filling the view, and the card on a desk."""
    with Image.open(
        BytesIO(defocused_png(SAMPLES_BY_KEY["dvs-parse"])), formats=("PNG",)
    ) as picture:
        card = picture.convert("L")
    filling = card.resize((1280, round(1280 * card.height / card.width)))
    desk = Image.new("L", (1280, 720), DESK_GREY)
    desk.paste(card, ((1280 - card.width) // 2, (720 - card.height) // 2))
    return {
        f"card filling a {filling.width}x{filling.height} frame": np.asarray(filling),
        "card on a 1280x720 desk": np.asarray(desk),
    }


def _failing_decode(scanner: Scanner, grey: np.ndarray) -> tuple[int, int, int, int]:
    """Decode ``grey``, which must fail with a symbol in view; the symbol's box."""
    try:
        scanner.decode_frame(grey)
    except NoBarcodeFoundError as exc:
        if exc.symbol_box is not None:
            return exc.symbol_box
    raise SystemExit("the out-of-focus card was read, or no symbol was seen in it")


def _until_failed(grey: np.ndarray) -> None:
    scanner = Scanner(budget_s=FRAME_BUDGET_S, carry_over=True)
    for _ in range(FAILED_READ_DECODES):
        focus_score(grey, _failing_decode(scanner, grey))


def main(argv: list[str]) -> int:
    """Print the figures of the module docstring."""
    parser = argparse.ArgumentParser(prog="python -m kiosk_app.bench best_frame")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median)")
    args = parser.parse_args(argv)
    repeats = max(1, args.repeats)
    print(f"load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "")
    for name, grey in frames().items():
        scanner = Scanner(budget_s=FRAME_BUDGET_S, carry_over=True)
        box = _failing_decode(scanner, grey)
        focus = median_ms(partial(focus_score, grey, box), repeats * 4)
        decode = median_ms(partial(_failing_decode, scanner, grey), repeats * 4)
        failed = median_ms(partial(_until_failed, grey), repeats) / 1000.0
        print(
            f"{name}: focus score {focus:.1f} ms, one decode {decode:.0f} ms, "
            f"{FAILED_READ_DECODES} decodes until the read fails {failed:.1f} s"
        )
    return 0
