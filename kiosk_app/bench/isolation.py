"""``python -m kiosk_app.bench isolation``: what decoding pictures in the limited child costs.

Printed figures (median of ``--repeats`` runs each):

* ``warm_up()`` on the calling thread (a worker of the window, 3 s after start): starting the
  process;
* the child's start: from ``warm_up()`` until it has read a first small picture (spawn,
  imports, limits), i.e. what the first picture would wait without the warm-up;
* per picture, a licence card PNG and a 12-megapixel JPEG photo with the card in it: the
  decode in this process (``Scanner``) and through the warm child (``IsolatedScanner``); the
  difference is the overhead of the process boundary (sending the bytes, the JSON reply).

Nothing is asserted; the figures go in docs/benchmarks.md with the commit measured.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from functools import partial

from PIL import Image

from kiosk_app.barcode.decode import Scanner
from kiosk_app.barcode.isolation import IsolatedScanner
from kiosk_app.bench.synthetic import card

LICENCE = (
    b"@\n\x1e\rANSI 636014080002DL00410278ZC03190024DLDAQD7654321\nDCSSAMPLE\nDACALEX\n"
    b"DADNONE\nDBB01311980\nDBA01312031\nDBC1\nDAYBRO\nDAU070 in\nDAG123 MAIN ST\nDAIANYTOWN\n"
    b"DAJCA\nDAK902230000\nDCFX\nDCGUSA\nDDEN\nDDFN\nDDGN\r"
)


def _encode(picture: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    picture.save(out, fmt)
    return out.getvalue()


def pictures() -> dict[str, bytes]:
    """The pictures measured: a card scan (PNG) and a 12 MP phone-style photo (JPEG)."""
    front = card(LICENCE).convert("RGB")
    photo = Image.new("RGB", (4000, 3000), (182, 171, 160))
    photo.paste(front.resize((front.width * 2, front.height * 2)), (900, 800))
    return {"card PNG": _encode(front, "PNG"), "12 MP JPEG photo": _encode(photo, "JPEG")}


def median_ms(run: Callable[[], object], repeats: int) -> float:
    """The median time of ``repeats`` calls of ``run``, in milliseconds."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000.0)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    """Measure and print; always 0 (figures, not a pass/fail)."""
    parser = argparse.ArgumentParser(prog="python -m kiosk_app.bench isolation")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median)")
    args = parser.parse_args(argv)
    samples = pictures()
    small = samples["card PNG"]

    starts, warm_ups = [], []
    for _ in range(args.repeats):
        scanner = IsolatedScanner()
        began = time.perf_counter()
        scanner.warm_up()
        warm_ups.append((time.perf_counter() - began) * 1000.0)
        scanner.decode_bytes(small)
        starts.append((time.perf_counter() - began) * 1000.0)
        scanner.close()
    print(f"warm_up() on the calling thread: {statistics.median(warm_ups):8.1f} ms")
    print(f"child start to first card read:  {statistics.median(starts):8.1f} ms")

    local = Scanner()
    isolated = IsolatedScanner()
    isolated.decode_bytes(small)  # started and warm
    try:
        for name, data in samples.items():
            in_process = median_ms(partial(local.decode_bytes, data), args.repeats)
            in_child = median_ms(partial(isolated.decode_bytes, data), args.repeats)
            print(
                f"{name:18} ({len(data) // 1024:5d} KB): in-process {in_process:7.1f} ms, "
                f"in the child {in_child:7.1f} ms, overhead {in_child - in_process:+7.1f} ms"
            )
    finally:
        isolated.close()
    return 0
