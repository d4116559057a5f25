"""Camera-grade figures for ``python -m kiosk_app.bench decode``.

* **Sets per degradation and strength** (:func:`kiosk_app.bench.synthetic.camera_degradations`:
  defocus, motion blur, perspective, small symbols) on the cards of several licence payloads
  from the public corpus, read by the pipeline and by bare zxing-cpp.
* **Wrong or no barcode:** how long the pipeline takes to say "not a licence" (a boarding-pass
  PDF417) and "no barcode" (a blank card, a card with text only, a 12 MP desk).
* **Giving up at 1080p:** how long the pipeline takes to give up on 1920x1080 pictures it
  cannot read (a blank desk, sensor noise, a desk photo with a card but no barcode, licence
  cards defocused by a whole module), each picture and the median and worst.
* **Live stream:** a simulated camera (30 frames/s of degraded frames of a held card, each
  with its own sensor noise, 1280x720 like the live path hands the decoder) through the
  frame scanner, latest frame wins, and the live path's auto-capture rule
  (:class:`ConsecutiveReads`); the figure is the time from the first frame showing the card
  to the capture. Decode times are real; only the camera's clock is simulated, so the
  figure is what the product would see on this machine.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from kiosk_app.barcode.decode import FILE_BUDGET_S, FRAME_BUDGET_S, Scanner
from kiosk_app.barcode.errors import BarcodeError, NoBarcodeFoundError, NotAamvaError
from kiosk_app.barcode.picture_limits import MAX_FILE_BYTES
from kiosk_app.bench import synthetic
from kiosk_app.files import read_regular_file

CORPUS_AAMVA = Path(__file__).resolve().parents[2] / "tests" / "data" / "corpus" / "aamva"
# Licences used for the sets (nine, as the targets were set on).
DEFAULT_LICENCES = 9
# A PDF417 that is not licence data (a boarding pass).
BOARDING_PASS = b"M1DOE/JANE            EABC123 YULYYZAC 0123 123Y012A0001 100"

# The simulated camera.
CAMERA_FPS = 30.0
LIVE_FRAME = (1280, 720)
DESK_GREY = 96
# Distinct noisy versions of each degraded frame (the stream cycles through them).
LIVE_VARIANTS = 6
# A stream that has not captured after this long counts as a miss.
LIVE_TIMEOUT_S = 6.0
# The live cases: each degradation at its hardest strength in the target table.
LIVE_CASES = (
    "defocus-0.8",
    "motion-3",
    "motion-3-diag",
    "keystone-0.35-shear",
    "keystone-0.35-vertical",
    "small-1.3ppm-tilt12",
    "defocus-0.7-keystone-0.2",
)


@dataclass(frozen=True)
class SetSample:
    """One camera-grade picture: set name, kind, encoded PNG and expected payload."""

    name: str
    kind: str
    data: bytes
    expected: bytes


def licence_payloads(count: int) -> list[bytes]:
    """``count`` licence payloads from the public corpus (not written by this project)."""
    from kiosk_app.barcode.aamva import looks_like_aamva

    payloads = []
    for path in sorted(CORPUS_AAMVA.rglob("*.txt")):
        data = read_regular_file(path, MAX_FILE_BYTES)
        if looks_like_aamva(data) and data not in payloads:
            payloads.append(data)
        if len(payloads) == count:
            break
    return payloads or [synthetic.SAMPLE_PAYLOAD]


def set_samples(licences: int, earlier: bool = True, bad_day: bool = True) -> Iterator[SetSample]:
    """Every camera-grade degradation of every licence's card (PNG, lossless): the earlier
    sets (:func:`~kiosk_app.bench.synthetic.camera_cases`) and the bad-day ones
    (:func:`~kiosk_app.bench.synthetic.bad_day_cases`, kind prefixed ``bad-day-``)."""
    for payload in licence_payloads(licences):
        if earlier:
            for case in synthetic.camera_cases(payload):
                yield SetSample(case.name, case.kind, _png(case.pixels), payload)
        if bad_day:
            for case in synthetic.bad_day_cases(payload):
                yield SetSample(case.name, f"bad-day-{case.kind}", _png(case.pixels), payload)


@dataclass(frozen=True)
class Refusal:
    """How one wrong-or-no-barcode picture ended: the error's name, the seconds taken and the
    thread's CPU seconds (what the time would be on an idle core)."""

    name: str
    outcome: str
    seconds: float
    cpu_seconds: float


def refusal_figures(
    budget: float = FILE_BUDGET_S, clock: Callable[[], float] = time.perf_counter
) -> list[Refusal]:
    """Time to "not a licence" and to "no barcode" on a few pictures of each kind."""
    pictures = {
        "not-licence clean": synthetic.card(BOARDING_PASS),
        "not-licence tilt+20": synthetic.rotated(20.0)(synthetic.card(BOARDING_PASS)),
        "not-licence defocus-0.5": synthetic.defocus(1.5)(synthetic.card(BOARDING_PASS)),
        "no barcode: blank card": Image.new("L", synthetic.CARD_SIZE, synthetic.PAPER),
        "no barcode: text only": _text_only_card(),
        "no barcode: 12 MP desk": synthetic.in_large_photo()(_text_only_card()),
    }
    return _outcomes(pictures, budget, clock)


def give_up_figures(
    budget: float = FILE_BUDGET_S,
    clock: Callable[[], float] = time.perf_counter,
    licences: int = 3,
) -> list[Refusal]:
    """Time to give up on unreadable 1080p pictures (see the module doc): the target is
    :data:`~kiosk_app.barcode.decode.GIVE_UP_S`."""
    pictures = {
        "blank desk": Image.new("L", synthetic.FULL_HD, DESK_GREY),
        "noise": _noise_frame(synthetic.FULL_HD),
        "noise, other seed": _noise_frame(synthetic.FULL_HD, seed=6),
        "desk photo, card without barcode": synthetic.in_large_photo(synthetic.FULL_HD)(
            _text_only_card()
        ),
    }
    for index, payload in enumerate(licence_payloads(licences)):
        pictures[f"defocus 1 module, licence {index + 1}"] = _defocused_frame(payload)
    return _outcomes(pictures, budget, clock)


def _outcomes(
    pictures: dict[str, Image.Image], budget: float, clock: Callable[[], float]
) -> list[Refusal]:
    """How each picture's decode ended, and how long it took (opening the PNG included) on
    ``clock``, which the scanner's budget runs on too, and on the thread's CPU time."""
    figures = []
    for name, image in pictures.items():
        data = _png(np.asarray(image))
        scanner = Scanner(budget_s=budget, clock=clock)
        started, cpu_started = clock(), time.thread_time()
        try:
            scanner.decode_bytes(data)
            outcome = "read"
        except NotAamvaError:
            outcome = "not a licence"
        except NoBarcodeFoundError:
            outcome = "no barcode"
        except BarcodeError as exc:
            outcome = type(exc).__name__
        took, cpu = clock() - started, time.thread_time() - cpu_started
        figures.append(Refusal(name, outcome, took, cpu))
    return figures


# The defocus sweep: module sizes (pixels) and Gaussian sigmas (in modules) it reads.
SWEEP_MODULE_PX = (2, 3, 4)
SWEEP_SIGMA_MODULES = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, 1.1)
# A module size's sweep stops after this many sigmas in a row with no read.
SWEEP_STOP_AFTER_MISSES = 2


@dataclass(frozen=True)
class SweepCell:
    """One sigma of the defocus sweep at one module size: pictures read right, read wrong,
    and pictures tried."""

    module_px: int
    sigma_modules: float
    read: int
    wrong: int
    total: int


def defocus_sweep(
    licences: int, budget: float = FILE_BUDGET_S, clock: Callable[[], float] = time.perf_counter
) -> list[SweepCell]:
    """Where reading a defocused card stops: each licence's card at each module size of
    :data:`SWEEP_MODULE_PX` (the card scaled with it), defocused by each sigma of
    :data:`SWEEP_SIGMA_MODULES` (in modules) with sensor noise, read by the kiosk's scanner;
    a module size stops after :data:`SWEEP_STOP_AFTER_MISSES` sigmas without a read."""
    payloads = licence_payloads(licences)
    cells = []
    for module_px in SWEEP_MODULE_PX:
        size = (
            synthetic.CARD_SIZE[0] * module_px // synthetic.CAMERA_MODULE_PX,
            synthetic.CARD_SIZE[1] * module_px // synthetic.CAMERA_MODULE_PX,
        )
        cards = [synthetic.card(payload, module_px, size) for payload in payloads]
        misses = 0
        for sigma in SWEEP_SIGMA_MODULES:
            degrade = synthetic.chain(
                synthetic.defocus(sigma * module_px), synthetic.camera_noise()
            )
            read = wrong = 0
            for payload, base in zip(payloads, cards, strict=True):
                try:
                    scanner = Scanner(budget_s=budget, clock=clock)
                    got = scanner.decode_grey(np.asarray(degrade(base))).payload
                except BarcodeError:
                    continue
                read += got == payload
                wrong += got != payload
            cells.append(SweepCell(module_px, sigma, read, wrong, len(payloads)))
            misses = 0 if read else misses + 1
            if misses >= SWEEP_STOP_AFTER_MISSES:
                break
    return cells


@dataclass(frozen=True)
class LiveFigure:
    """One simulated stream: seconds from the first card frame to the capture (None: none
    within :data:`LIVE_TIMEOUT_S`), decodes run, and the median decode time."""

    name: str
    capture_s: float | None
    decodes: int
    median_decode_ms: float


def live_figures(payload: bytes, names: tuple[str, ...] = LIVE_CASES) -> list[LiveFigure]:
    """The simulated live stream for each named degradation (see the module doc)."""
    base = synthetic.card(payload, synthetic.CAMERA_MODULE_PX)
    variants = [
        {name: degrade for name, _kind, degrade in synthetic.camera_degradations(seed=100 + seed)}
        for seed in range(LIVE_VARIANTS)
    ]
    figures = []
    for name in names:
        frames = [live_frame(degradations[name], base) for degradations in variants]
        figures.append(_stream(name, frames, payload))
    return figures


def _stream(name: str, frames: list[np.ndarray], payload: bytes) -> LiveFigure:
    """Latest-wins decoding of a camera showing ``frames`` in turn from time 0."""
    from kiosk_app.app.capture.live_decode import ConsecutiveReads

    scanner = Scanner(budget_s=FRAME_BUDGET_S, carry_over=True)
    reads = ConsecutiveReads()
    clock = 0.0  # simulated seconds since the first card frame
    durations = []
    while clock < LIVE_TIMEOUT_S:
        frame = frames[int(clock * CAMERA_FPS) % len(frames)]  # the newest frame
        started = time.perf_counter()
        try:
            read: bytes | None = scanner.decode_frame(frame).payload
        except BarcodeError:
            read = None
        took = time.perf_counter() - started
        durations.append(took)
        clock += took
        if reads.update(read) == payload:
            return LiveFigure(name, clock, len(durations), _median_ms(durations))
        clock = max(clock, (int(clock * CAMERA_FPS) + 1) / CAMERA_FPS)  # wait for a frame
    return LiveFigure(name, None, len(durations), _median_ms(durations))


def live_frame(degrade: synthetic.Degrade, base: Image.Image) -> np.ndarray:
    """The card on a desk, the whole scene degraded (the desk is blurred or seen at an
    angle too), then cut or padded to 1280x720 around its centre."""
    scene = Image.new("L", (base.width + 80, base.height + 40), DESK_GREY)
    scene.paste(base, (40, 20))
    seen = degrade(scene)
    frame = Image.new("L", LIVE_FRAME, DESK_GREY)
    frame.paste(seen, ((LIVE_FRAME[0] - seen.width) // 2, (LIVE_FRAME[1] - seen.height) // 2))
    return np.asarray(frame)


def _text_only_card() -> Image.Image:
    """A card back with printed lines but no barcode."""
    canvas = Image.new("L", synthetic.CARD_SIZE, synthetic.PAPER)
    pixels = np.asarray(canvas).copy()
    for row in range(10):
        top = 40 + row * 50
        pixels[top : top + 14, 60 : 60 + 300 + 90 * (row % 5)] = 110
    return Image.fromarray(pixels)


def _defocused_frame(payload: bytes) -> Image.Image:
    """A licence's card defocused by one module (beyond recovery, docs/benchmarks.md) on a
    desk in a 1080p frame: a picture that holds a symbol no step can read."""
    degrade = synthetic.chain(
        synthetic.defocus(1.0 * synthetic.CAMERA_MODULE_PX),
        synthetic.camera_noise(),
        synthetic.in_large_photo(synthetic.FULL_HD),
    )
    return degrade(synthetic.card(payload))


def _noise_frame(size: tuple[int, int], seed: int = 5) -> Image.Image:
    """Random grey noise (a camera pointed at nothing in particular)."""
    rng = np.random.default_rng(seed)
    return Image.fromarray(rng.integers(0, 256, (size[1], size[0]), dtype=np.uint8))


def _median_ms(seconds: list[float]) -> float:
    return round(float(np.median(seconds)) * 1000.0, 1) if seconds else 0.0


def _png(pixels: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "PNG")
    return buffer.getvalue()
